// SPDX-License-Identifier: GPL-2.0
/*
 * swapshare: anonymous pages that a process and its fork()ed child share,
 * for the tests of what zswap keeps once a page is read back, and of what
 * a task gets when a page cannot be read back.
 *
 * The parent fills --size MiB, forks a child that only keeps the pages
 * mapped (so each swapped-out page has two references and its swap slot
 * outlives the parent's fault), says it is ready and waits for SIGUSR1.
 * With --private there is no child. The test swaps the pages out meanwhile
 * (memory.reclaim). On SIGUSR1 the parent reads every page back and checks
 * it, says so, and waits for a second SIGUSR1 with the pages resident, so
 * the test can read what zswap still stores; then it ends the child and
 * exits.
 *
 * A read that gets SIGBUS (a page the kernel could not read back) is
 * counted and tried once more: a page that gets SIGBUS twice is lost, one
 * that reads the second time is checked like the others. Only the data
 * can go to swap: everything else of the process is locked in memory, so
 * that a decompression failure injected into this task (--make-it-fail,
 * the fault-injection task filter) can only meet a data page.
 *
 * Lines on standard output:
 *   swapshare: ready pid=N child=N pages=N
 *   swapshare: read pages=N mismatches=N sigbus=N lost=N
 *
 * Page contents: with --zero every page is zero-filled; otherwise a 64-byte
 * block from a hash of (seed, page) repeated over the page, which every
 * compressor shrinks and which is not same-filled.
 *
 * Exit status: 0 every page matched, 1 a mismatch, 2 usage or system error.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <inttypes.h>
#include <setjmp.h>
#include <signal.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include "mix64.h"

#define PAGE_SIZE 4096UL
#define WORDS_PER_PAGE (PAGE_SIZE / sizeof(uint64_t))
#define BLOCK_WORDS 8

static uint64_t expected_word(uint64_t seed, size_t page, size_t word, bool zero)
{
	if (zero)
		return 0;
	return mix64(seed ^ mix64(page * BLOCK_WORDS + word % BLOCK_WORDS));
}

static void fill(uint64_t *mem, size_t pages, uint64_t seed, bool zero)
{
	size_t p, w;

	for (p = 0; p < pages; p++)
		for (w = 0; w < WORDS_PER_PAGE; w++)
			mem[p * WORDS_PER_PAGE + w] = expected_word(seed, p, w, zero);
}

struct tally {
	size_t mismatches;
	size_t sigbus;
	size_t lost;
};

static sigjmp_buf sigbus_jmp;

static void on_sigbus(int sig)
{
	(void)sig;
	siglongjmp(sigbus_jmp, 1);
}

/* Whether page @p reads as written; false when it differs or got SIGBUS */
static bool page_matches(const volatile uint64_t *page, size_t p, uint64_t seed,
			 bool zero, bool *sigbus)
{
	size_t w;

	*sigbus = false;
	if (sigsetjmp(sigbus_jmp, 1)) {
		*sigbus = true;
		return false;
	}
	for (w = 0; w < WORDS_PER_PAGE; w++) {
		if (page[w] != expected_word(seed, p, w, zero)) {
			fprintf(stderr, "swapshare: page %zu word %zu differs\n", p, w);
			return false;
		}
	}
	return true;
}

static void verify(const uint64_t *mem, size_t pages, uint64_t seed, bool zero,
		   struct tally *t)
{
	bool sigbus;
	size_t p;

	for (p = 0; p < pages; p++) {
		const uint64_t *page = mem + p * WORDS_PER_PAGE;

		if (page_matches(page, p, seed, zero, &sigbus))
			continue;
		if (!sigbus) {
			t->mismatches++;
			continue;
		}
		t->sigbus++;
		fprintf(stderr, "swapshare: page %zu: SIGBUS\n", p);
		if (page_matches(page, p, seed, zero, &sigbus))
			continue;
		if (sigbus) {
			t->sigbus++;
			t->lost++;
			fprintf(stderr, "swapshare: page %zu: SIGBUS again, lost\n", p);
		} else {
			t->mismatches++;
		}
	}
}

/* Decompression faults injected with task-filter=Y meet this task only */
static int make_it_fail(void)
{
	int fd = open("/proc/self/make-it-fail", O_WRONLY);

	if (fd < 0 || write(fd, "1", 1) != 1) {
		perror("swapshare: /proc/self/make-it-fail");
		return -1;
	}
	close(fd);
	return 0;
}

/* SIGUSR1 is blocked from the start, so none sent early is lost */
static void wait_for_usr1(const sigset_t *set)
{
	int sig;

	while (sigwait(set, &sig) != 0 || sig != SIGUSR1)
		;
}

static void usage(FILE *f)
{
	fprintf(f,
		"usage: swapshare [options]\n"
		"  -s, --size MIB  memory shared with the child (default 32)\n"
		"      --private   no child: the pages are the process's own\n"
		"      --zero      zero-filled pages instead of compressible ones\n"
		"      --seed N    seed of the page contents (default 1)\n"
		"      --make-it-fail  opt into injected faults before reading back\n"
		"  -h, --help\n"
		"Exit: 0 every page matched, 1 a mismatch, 2 usage or system error.\n");
}

int main(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "size", required_argument, NULL, 's' },
		{ "zero", no_argument, NULL, 'z' },
		{ "private", no_argument, NULL, 'p' },
		{ "make-it-fail", no_argument, NULL, 'f' },
		{ "seed", required_argument, NULL, 'S' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	unsigned long mib = 32;
	uint64_t seed = 1;
	bool zero = false, private = false, fail = false;
	struct tally tally = { 0 };
	struct sigaction sa = { .sa_handler = on_sigbus };
	size_t pages;
	uint64_t *mem;
	sigset_t set;
	pid_t child = 0;
	char *end;
	int c;

	while ((c = getopt_long(argc, argv, "s:h", opts, NULL)) != -1) {
		switch (c) {
		case 's':
			errno = 0;
			mib = strtoul(optarg, &end, 10);
			if (errno || *end || !mib || mib > 65536) {
				fprintf(stderr, "swapshare: --size takes 1 to 65536 MiB, not '%s'\n",
					optarg);
				return 2;
			}
			break;
		case 'z':
			zero = true;
			break;
		case 'p':
			private = true;
			break;
		case 'f':
			fail = true;
			break;
		case 'S':
			errno = 0;
			seed = strtoull(optarg, &end, 0);
			if (errno || *end || !*optarg) {
				fprintf(stderr, "swapshare: --seed takes a number, not '%s'\n", optarg);
				return 2;
			}
			break;
		case 'h':
			usage(stdout);
			return 0;
		default:
			usage(stderr);
			return 2;
		}
	}
	if (optind != argc) {
		usage(stderr);
		return 2;
	}

	sigemptyset(&set);
	sigaddset(&set, SIGUSR1);
	if (sigprocmask(SIG_BLOCK, &set, NULL) || sigaction(SIGBUS, &sa, NULL)) {
		perror("swapshare: signals");
		return 2;
	}
	/* Everything but the data stays in memory: see the top of the file */
	if (mlockall(MCL_CURRENT)) {
		perror("swapshare: mlockall");
		return 2;
	}

	pages = mib * 1024 * 1024 / PAGE_SIZE;
	mem = mmap(NULL, pages * PAGE_SIZE, PROT_READ | PROT_WRITE,
		   MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (mem == MAP_FAILED) {
		perror("swapshare: mmap");
		return 2;
	}
	/*
	 * No THP: zswap stores base pages, so a huge page would be split on
	 * its way out. Its failure is ignored: a kernel without THP or without
	 * madvise() (the guest's) has no huge page to keep apart.
	 */
	(void)madvise(mem, pages * PAGE_SIZE, MADV_NOHUGEPAGE);
	fill(mem, pages, seed, zero);

	child = private ? 0 : fork();
	if (child < 0) {
		perror("swapshare: fork");
		return 2;
	}
	if (!private && child == 0) {
		/* Keep the pages mapped, untouched, until the parent ends */
		prctl(PR_SET_PDEATHSIG, SIGKILL);
		if (getppid() == 1)
			_exit(0);
		for (;;)
			pause();
	}

	printf("swapshare: ready pid=%d child=%d pages=%zu\n", getpid(), child, pages);
	fflush(stdout);
	wait_for_usr1(&set);

	if (fail && make_it_fail())
		return 2;
	verify(mem, pages, seed, zero, &tally);
	printf("swapshare: read pages=%zu mismatches=%zu sigbus=%zu lost=%zu\n", pages,
	       tally.mismatches, tally.sigbus, tally.lost);
	fflush(stdout);
	wait_for_usr1(&set);

	if (child > 0) {
		kill(child, SIGKILL);
		waitpid(child, NULL, 0);
	}
	return tally.mismatches ? 1 : 0;
}
