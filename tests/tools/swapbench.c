// SPDX-License-Identifier: GPL-2.0
/*
 * swapbench: fill memory with one kind of page, wait while the caller
 * pushes it out to swap, then time reading it back.
 *
 *   swapbench --size MIB --kind zero|same|compressible|random
 *
 * It first writes one word of every page of the fresh mapping, timed: each
 * write is a first-touch anonymous fault, the kernel allocating and clearing
 * a page, which is the cheapest a zero page can ever come back and so the
 * floor of a zero page's swap-in. Then it fills the pages, prints
 * "swapbench: filled pid=N touch_ns=N", waits for SIGUSR1 (the caller
 * reclaims the memory meanwhile), reads one word of every page, and prints
 *
 *   swapbench: kind=K pages=N readback_ns=N
 *
 * The content is checked as it is read: a wrong word is reported and exits 1,
 * so a benchmark never times a broken kernel.
 */
#define _GNU_SOURCE
#include <getopt.h>
#include <inttypes.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

#include "mix64.h"

#define PAGE_SIZE 4096UL
#define WORDS_PER_PAGE (PAGE_SIZE / sizeof(uint64_t))

enum kind { KIND_ZERO, KIND_SAME, KIND_COMPRESSIBLE, KIND_RANDOM };

static const char *const kind_names[] = { "zero", "same", "compressible", "random" };

static volatile sig_atomic_t go;

static void on_go(int sig)
{
	(void)sig;
	go = 1;
}


/* The first word of page @i, which the read-back checks. */
static uint64_t first_word(enum kind kind, size_t i)
{
	switch (kind) {
	case KIND_ZERO:
		return 0;
	case KIND_SAME:
		return 0x5a5a5a5a5a5a5a5aULL;
	case KIND_COMPRESSIBLE:
		return i;
	default:
		return mix64(i);
	}
}

static void fill(uint64_t *p, enum kind kind, size_t i)
{
	size_t w;

	switch (kind) {
	case KIND_ZERO:
		memset(p, 0, PAGE_SIZE);
		break;
	case KIND_SAME:
		for (w = 0; w < WORDS_PER_PAGE; w++)
			p[w] = first_word(kind, i);
		break;
	case KIND_COMPRESSIBLE:
		for (w = 0; w < WORDS_PER_PAGE; w++)
			p[w] = w % 8 == 0 ? i : 0x0123456789abcdefULL + w % 8;
		break;
	default:
		for (w = 0; w < WORDS_PER_PAGE; w++)
			p[w] = mix64(i * WORDS_PER_PAGE + w);
		break;
	}
}

static uint64_t now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ULL + ts.tv_nsec;
}

int main(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "size", required_argument, NULL, 's' },
		{ "kind", required_argument, NULL, 'k' },
		{ NULL, 0, NULL, 0 },
	};
	unsigned long size_mib = 64;
	enum kind kind = KIND_ZERO;
	sigset_t block, old;
	uint64_t *mem, t0, t1, touch_ns;
	size_t pages, i;
	int c, k;

	while ((c = getopt_long(argc, argv, "s:k:", longopts, NULL)) != -1) {
		switch (c) {
		case 's':
			size_mib = strtoul(optarg, NULL, 10);
			break;
		case 'k':
			for (k = 0; k < 4; k++)
				if (!strcmp(optarg, kind_names[k]))
					break;
			if (k == 4) {
				fprintf(stderr, "swapbench: unknown kind '%s'\n", optarg);
				return 2;
			}
			kind = k;
			break;
		default:
			fprintf(stderr, "usage: swapbench --size MIB --kind zero|same|compressible|random\n");
			return 2;
		}
	}
	if (!size_mib || optind != argc) {
		fprintf(stderr, "usage: swapbench --size MIB --kind zero|same|compressible|random\n");
		return 2;
	}

	pages = size_mib * (1024 * 1024 / PAGE_SIZE);
	mem = mmap(NULL, pages * PAGE_SIZE, PROT_READ | PROT_WRITE,
		   MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (mem == MAP_FAILED) {
		perror("swapbench: mmap");
		return 2;
	}
	/* The same loop shape as the read-back below: one word a page. */
	t0 = now_ns();
	for (i = 0; i < pages; i++)
		*(volatile uint64_t *)(mem + i * WORDS_PER_PAGE) = first_word(kind, i);
	touch_ns = now_ns() - t0;
	for (i = 0; i < pages; i++)
		fill(mem + i * WORDS_PER_PAGE, kind, i);

	sigemptyset(&block);
	sigaddset(&block, SIGUSR1);
	sigprocmask(SIG_BLOCK, &block, &old);
	signal(SIGUSR1, on_go);
	printf("swapbench: filled pid=%d touch_ns=%" PRIu64 "\n", getpid(), touch_ns);
	fflush(stdout);
	while (!go)
		sigsuspend(&old);

	t0 = now_ns();
	for (i = 0; i < pages; i++) {
		uint64_t got = *(volatile uint64_t *)(mem + i * WORDS_PER_PAGE);

		if (got != first_word(kind, i)) {
			fprintf(stderr, "swapbench: page %zu reads %016" PRIx64 "\n", i, got);
			return 1;
		}
	}
	t1 = now_ns();
	printf("swapbench: kind=%s pages=%zu readback_ns=%" PRIu64 "\n", kind_names[kind], pages,
	       t1 - t0);
	return 0;
}
