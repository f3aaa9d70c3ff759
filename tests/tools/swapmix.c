// SPDX-License-Identifier: GPL-2.0
/*
 * swapmix: a store phase and a random store/load phase over many swapped
 * pages, timed, for the benchmarks (tests/bench/).
 *
 *   swapmix --size MIB --ops N [--procs N] [--write-percent P] [--passes N]
 *           [--seed N]
 *
 * Each of --procs processes maps --size MiB of its own and, started
 * together at a barrier:
 *   store  writes every page once with compressible content; in a cgroup
 *          smaller than the mapping this pushes most pages out to swap;
 *   mix    does --ops accesses to random pages, each verifying the whole
 *          page, and rewriting it with its next generation in
 *          --write-percent of them, so the kernel loads and stores pages
 *          at random places of a large tree;
 *   passes does --passes sequential sweeps over the whole mapping, each
 *          verifying every page and rewriting it with its next generation:
 *          the anonymous-memory throughput of vm-scalability's usemem, whose
 *          every page is loaded and stored again once per sweep.
 * The phases are timed from the first process entering them to the last
 * leaving them, and /proc/vmstat is read at each boundary, so the caller
 * gets pages/s from the kernel's own counters. One JSON object on stdout:
 *
 *   {"procs":2,"pages":N,"store_ns":N,"store_zswpout":N,"store_pswpout":N,
 *    "mix_ops":N,"mix_ns":N,"mix_zswpin":N,"mix_zswpout":N,"mix_pswpin":N,
 *    "pass_pages":N,"pass_ns":N,"pass_zswpin":N,"pass_zswpout":N,
 *    "pass_pswpin":N,"pass_pswpout":N,"mismatches":0}
 *
 * A page that comes back wrong is reported and the exit status is 1: a
 * benchmark must never time a kernel that loses data. 2 is a usage or
 * system error.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <getopt.h>
#include <inttypes.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "mix64.h"

#define PAGE_SIZE 4096UL
#define WORDS_PER_PAGE (PAGE_SIZE / sizeof(uint64_t))
/* A block this long repeats through the page: compressible, not same-filled */
#define BLOCK_WORDS 16
#define MAX_PROCS 64

enum { COUNTER_ZSWPIN, COUNTER_ZSWPOUT, COUNTER_PSWPIN, COUNTER_PSWPOUT, NR_COUNTERS };

static const char *const counter_names[NR_COUNTERS] = {
	"zswpin", "zswpout", "pswpin", "pswpout",
};

struct options {
	size_t pages;
	uint64_t ops;
	unsigned int procs;
	unsigned int write_percent;
	unsigned int passes;
	uint64_t seed;
};

/* Shared by all processes: the barrier and what each one found. */
struct shared {
	pthread_barrier_t barrier;
	uint64_t mismatches;
	uint64_t pass_pages;	/* verified and rewritten by the sweeps */
};

static uint64_t now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

static int read_counters(uint64_t counters[NR_COUNTERS])
{
	char name[64];
	unsigned long long value;
	FILE *f = fopen("/proc/vmstat", "r");
	int i;

	if (!f)
		return -errno;
	memset(counters, 0, NR_COUNTERS * sizeof(*counters));
	while (fscanf(f, "%63s %llu", name, &value) == 2) {
		for (i = 0; i < NR_COUNTERS; i++)
			if (!strcmp(name, counter_names[i]))
				counters[i] = value;
	}
	fclose(f);
	return 0;
}

static uint64_t word_at(uint64_t seed, size_t page, uint8_t gen, size_t w)
{
	uint64_t base = mix64(seed ^ ((uint64_t)page << 8) ^ gen);
	size_t k = w % BLOCK_WORDS;

	return k ? mix64(base + k) : base;
}

static void fill_page(uint64_t *p, uint64_t seed, size_t page, uint8_t gen)
{
	size_t w;

	for (w = 0; w < BLOCK_WORDS; w++)
		p[w] = word_at(seed, page, gen, w);
	for (; w < WORDS_PER_PAGE; w += BLOCK_WORDS)
		memcpy(p + w, p, BLOCK_WORDS * sizeof(*p));
}

static bool page_matches(const uint64_t *p, uint64_t seed, size_t page, uint8_t gen)
{
	size_t w;

	for (w = 0; w < WORDS_PER_PAGE; w++)
		if (p[w] != word_at(seed, page, gen, w))
			return false;
	return true;
}

/* Whether the page came back as last written; the first mismatch is said. */
static bool page_verified(const uint64_t *p, uint64_t seed, size_t page, uint8_t gen,
			  unsigned int id, uint64_t *mismatches)
{
	if (page_matches(p, seed, page, gen))
		return true;
	if (!(*mismatches)++)
		fprintf(stderr, "swapmix: proc %u page %zu gen %u came back wrong\n", id, page,
			gen);
	return false;
}

/* One process's run; the phase boundaries are barriers of all of them. */
static void run_worker(const struct options *o, struct shared *sh, unsigned int id)
{
	uint64_t seed = mix64(o->seed + id), rng = seed, mismatches = 0, swept = 0, op;
	uint8_t *gen = calloc(o->pages, 1);
	uint64_t *mem;
	unsigned int pass;
	size_t i;

	mem = mmap(NULL, o->pages * PAGE_SIZE, PROT_READ | PROT_WRITE,
		   MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (mem == MAP_FAILED || !gen) {
		fprintf(stderr, "swapmix: cannot map %zu pages\n", o->pages);
		_exit(2);
	}

	pthread_barrier_wait(&sh->barrier);	/* store starts */
	for (i = 0; i < o->pages; i++)
		fill_page(mem + i * WORDS_PER_PAGE, seed, i, 0);
	pthread_barrier_wait(&sh->barrier);	/* store ends */

	pthread_barrier_wait(&sh->barrier);	/* mix starts */
	for (op = 0; op < o->ops; op++) {
		uint64_t r = mix64(rng++);
		size_t page = r % o->pages;
		uint64_t *p = mem + page * WORDS_PER_PAGE;

		if (!page_verified(p, seed, page, gen[page], id, &mismatches))
			continue;
		if ((r >> 32) % 100 < o->write_percent)
			fill_page(p, seed, page, ++gen[page]);
	}
	pthread_barrier_wait(&sh->barrier);	/* mix ends */

	pthread_barrier_wait(&sh->barrier);	/* passes start */
	for (pass = 0; pass < o->passes; pass++) {
		for (i = 0; i < o->pages; i++) {
			uint64_t *p = mem + i * WORDS_PER_PAGE;

			if (!page_verified(p, seed, i, gen[i], id, &mismatches))
				continue;
			fill_page(p, seed, i, ++gen[i]);
			swept++;
		}
	}
	pthread_barrier_wait(&sh->barrier);	/* passes end */
	__atomic_add_fetch(&sh->pass_pages, swept, __ATOMIC_RELAXED);

	__atomic_add_fetch(&sh->mismatches, mismatches, __ATOMIC_RELAXED);
	_exit(0);
}

/* The parent times the phases between the barriers it shares with workers. */
static int run(const struct options *o)
{
	uint64_t c0[NR_COUNTERS], c1[NR_COUNTERS], c2[NR_COUNTERS], c3[NR_COUNTERS];
	uint64_t c4[NR_COUNTERS], c5[NR_COUNTERS];
	uint64_t t0, t1, t2, t3, t4, t5;
	pthread_barrierattr_t attr;
	struct shared *sh;
	unsigned int i;
	int status, failed = 0;

	sh = mmap(NULL, sizeof(*sh), PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (sh == MAP_FAILED)
		return 2;
	pthread_barrierattr_init(&attr);
	pthread_barrierattr_setpshared(&attr, PTHREAD_PROCESS_SHARED);
	pthread_barrier_init(&sh->barrier, &attr, o->procs + 1);

	for (i = 0; i < o->procs; i++) {
		pid_t pid = fork();

		if (pid < 0) {
			perror("swapmix: fork");
			return 2;
		}
		if (!pid)
			run_worker(o, sh, i);
	}

	if (read_counters(c0))
		return 2;
	pthread_barrier_wait(&sh->barrier);
	t0 = now_ns();
	pthread_barrier_wait(&sh->barrier);
	t1 = now_ns();
	read_counters(c1);
	read_counters(c2);
	pthread_barrier_wait(&sh->barrier);
	t2 = now_ns();
	pthread_barrier_wait(&sh->barrier);
	t3 = now_ns();
	read_counters(c3);
	read_counters(c4);
	pthread_barrier_wait(&sh->barrier);
	t4 = now_ns();
	pthread_barrier_wait(&sh->barrier);
	t5 = now_ns();
	read_counters(c5);

	while (wait(&status) > 0)
		if (!WIFEXITED(status) || WEXITSTATUS(status))
			failed = 1;
	if (failed) {
		fprintf(stderr, "swapmix: a worker failed\n");
		return 2;
	}

	printf("{\"procs\":%u,\"pages\":%zu,\"store_ns\":%" PRIu64
	       ",\"store_zswpout\":%" PRIu64 ",\"store_pswpout\":%" PRIu64
	       ",\"mix_ops\":%" PRIu64 ",\"mix_ns\":%" PRIu64 ",\"mix_zswpin\":%" PRIu64
	       ",\"mix_zswpout\":%" PRIu64 ",\"mix_pswpin\":%" PRIu64
	       ",\"pass_pages\":%" PRIu64 ",\"pass_ns\":%" PRIu64
	       ",\"pass_zswpin\":%" PRIu64 ",\"pass_zswpout\":%" PRIu64
	       ",\"pass_pswpin\":%" PRIu64 ",\"pass_pswpout\":%" PRIu64
	       ",\"mismatches\":%" PRIu64 "}\n",
	       o->procs, o->pages * o->procs, t1 - t0,
	       c1[COUNTER_ZSWPOUT] - c0[COUNTER_ZSWPOUT],
	       c1[COUNTER_PSWPOUT] - c0[COUNTER_PSWPOUT], o->ops * o->procs, t3 - t2,
	       c3[COUNTER_ZSWPIN] - c2[COUNTER_ZSWPIN],
	       c3[COUNTER_ZSWPOUT] - c2[COUNTER_ZSWPOUT],
	       c3[COUNTER_PSWPIN] - c2[COUNTER_PSWPIN],
	       sh->pass_pages, t5 - t4,
	       c5[COUNTER_ZSWPIN] - c4[COUNTER_ZSWPIN],
	       c5[COUNTER_ZSWPOUT] - c4[COUNTER_ZSWPOUT],
	       c5[COUNTER_PSWPIN] - c4[COUNTER_PSWPIN],
	       c5[COUNTER_PSWPOUT] - c4[COUNTER_PSWPOUT], sh->mismatches);
	return sh->mismatches ? 1 : 0;
}

static bool parse_u64(const char *s, uint64_t min, uint64_t max, uint64_t *out)
{
	char *end;
	unsigned long long v;

	errno = 0;
	v = strtoull(s, &end, 10);
	if (errno || end == s || *end || *s == '-' || v < min || v > max)
		return false;
	*out = v;
	return true;
}

static void usage(FILE *f)
{
	fprintf(f,
		"usage: swapmix --size MIB --ops N [options]\n"
		"  -s, --size MIB           memory per process\n"
		"  -o, --ops N              random accesses per process in the mix phase\n"
		"  -j, --procs N            processes, started together (default 1)\n"
		"  -w, --write-percent P    accesses that rewrite the page (default 50)\n"
		"  -p, --passes N           sequential verify-and-rewrite sweeps after the\n"
		"                           random accesses (default 0, at most 200)\n"
		"      --seed N             seed of the page contents (default 1)\n"
		"Exit: 0 every page matched, 1 a mismatch, 2 usage or system error.\n");
}

int main(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "size", required_argument, NULL, 's' },
		{ "ops", required_argument, NULL, 'o' },
		{ "procs", required_argument, NULL, 'j' },
		{ "write-percent", required_argument, NULL, 'w' },
		{ "passes", required_argument, NULL, 'p' },
		{ "seed", required_argument, NULL, 'S' },
		{ "help", no_argument, NULL, 'h' },
		{}
	};
	struct options o = { .procs = 1, .write_percent = 50, .seed = 1 };
	uint64_t v, mib = 0;
	int c;

	while ((c = getopt_long(argc, argv, "s:o:j:w:p:h", longopts, NULL)) != -1) {
		switch (c) {
		case 's':
			if (!parse_u64(optarg, 1, 1 << 20, &mib))
				goto bad;
			break;
		case 'o':
			if (!parse_u64(optarg, 0, UINT64_MAX, &o.ops))
				goto bad;
			break;
		case 'j':
			if (!parse_u64(optarg, 1, MAX_PROCS, &v))
				goto bad;
			o.procs = v;
			break;
		case 'w':
			if (!parse_u64(optarg, 0, 100, &v))
				goto bad;
			o.write_percent = v;
			break;
		case 'p':
			/* a page's generation is 8 bits: no wrap in a run */
			if (!parse_u64(optarg, 0, 200, &v))
				goto bad;
			o.passes = v;
			break;
		case 'S':
			if (!parse_u64(optarg, 0, UINT64_MAX, &o.seed))
				goto bad;
			break;
		case 'h':
			usage(stdout);
			return 0;
		default:
			usage(stderr);
			return 2;
		}
	}
	if (optind < argc || !mib) {
		usage(stderr);
		return 2;
	}
	o.pages = mib * (1 << 20) / PAGE_SIZE;
	return run(&o);
bad:
	fprintf(stderr, "swapmix: invalid value '%s' for -%c\n", optarg, c);
	return 2;
}
