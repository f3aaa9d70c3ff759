// SPDX-License-Identifier: GPL-2.0
/*
 * swapverify: push patterned pages through swap and check every byte that
 * comes back.
 *
 * Each page holds one of four kinds of content, chosen from a hash of
 * (seed, page, generation): zero-filled, same-filled with a non-zero word,
 * compressible (a short random block repeated) and random (incompressible).
 * Only the generation of each page is remembered, so the expected content of
 * any page can be rebuilt at any time and compared with what the kernel gives
 * back after swapping it out and in.
 *
 * The run writes every page once, then does --ops random operations (each
 * reads and verifies a page, or rewrites it with its next generation), then
 * verifies every page (and, with --hold, keeps the memory until SIGUSR1 and
 * verifies every page once more). With --procs N, N processes do this on their own
 * memory with their own seeds. The closing line is machine readable:
 *
 *   swapverify: pages_verified=N mismatches=N zero=N same=N compressible=N random=N
 *
 * Exit status: 0 all pages matched, 1 a mismatch, 2 usage or system error.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <getopt.h>
#include <inttypes.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <signal.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

#include "mix64.h"

#define PAGE_SIZE 4096UL
#define WORDS_PER_PAGE (PAGE_SIZE / sizeof(uint64_t))
#define MAX_REPORTED_MISMATCHES 10

enum page_kind { KIND_ZERO, KIND_SAME, KIND_COMPRESSIBLE, KIND_RANDOM, NR_KINDS };

static volatile sig_atomic_t released;

static const char *const kind_names[NR_KINDS] = { "zero", "same", "compressible",
						   "random" };

struct config {
	size_t pages;
	uint64_t ops;
	uint64_t seed;
	unsigned int procs;
	unsigned int weights[NR_KINDS];
	unsigned int weight_total;
	bool hold;
	bool inject_fault;
};

struct tally {
	uint64_t verified;
	uint64_t mismatches;
	uint64_t kinds[NR_KINDS];
};


static uint64_t page_key(const struct config *cfg, size_t page, uint32_t gen)
{
	return mix64(cfg->seed ^ mix64(((uint64_t)page << 32) | gen));
}

static enum page_kind kind_of(const struct config *cfg, uint64_t key)
{
	unsigned int pick = (unsigned int)(key >> 40) % cfg->weight_total;
	int k;

	for (k = 0; k < NR_KINDS - 1; k++) {
		if (pick < cfg->weights[k])
			break;
		pick -= cfg->weights[k];
	}
	return k;
}

/* Fill @buf with the content of @page at generation @gen. */
static enum page_kind fill_page(const struct config *cfg, uint64_t *buf, size_t page,
				uint32_t gen)
{
	uint64_t key = page_key(cfg, page, gen);
	enum page_kind kind = kind_of(cfg, key);
	uint64_t state = key;
	size_t i;

	switch (kind) {
	case KIND_ZERO:
		memset(buf, 0, PAGE_SIZE);
		break;
	case KIND_SAME:
		/* Never zero: a zero word would make it a zero page. */
		for (i = 0; i < WORDS_PER_PAGE; i++)
			buf[i] = key | 1;
		break;
	case KIND_COMPRESSIBLE:
		/* A 64-byte block repeated: compresses well, but not same-filled. */
		for (i = 0; i < 8; i++)
			buf[i] = mix64(state + i);
		for (i = 8; i < WORDS_PER_PAGE; i++)
			buf[i] = buf[i % 8];
		buf[0] = page;
		buf[1] = gen;
		break;
	default:
		for (i = 0; i < WORDS_PER_PAGE; i++) {
			state = mix64(state);
			buf[i] = state;
		}
		break;
	}
	return kind;
}

static void report_mismatch(const uint64_t *got, const uint64_t *want, size_t page,
			    uint32_t gen, enum page_kind kind, struct tally *t)
{
	size_t i;

	if (t->mismatches++ >= MAX_REPORTED_MISMATCHES)
		return;
	for (i = 0; i < WORDS_PER_PAGE && got[i] == want[i]; i++)
		;
	fprintf(stderr,
		"swapverify[%d]: MISMATCH page %zu gen %" PRIu32 " kind %s at byte %zu: got %016" PRIx64
		" want %016" PRIx64 "\n",
		getpid(), page, gen, kind_names[kind], i * sizeof(uint64_t), got[i], want[i]);
}

static void verify_page(const struct config *cfg, uint64_t *mem, const uint32_t *gens,
			uint64_t *scratch, size_t page, struct tally *t)
{
	uint64_t *p = mem + page * WORDS_PER_PAGE;
	enum page_kind kind = fill_page(cfg, scratch, page, gens[page]);

	t->verified++;
	t->kinds[kind]++;
	if (memcmp(p, scratch, PAGE_SIZE))
		report_mismatch(p, scratch, page, gens[page], kind, t);
}

static void write_page(const struct config *cfg, uint64_t *mem, uint32_t *gens, size_t page)
{
	fill_page(cfg, mem + page * WORDS_PER_PAGE, page, ++gens[page]);
}

static void on_release(int sig)
{
	(void)sig;
	released = 1;
}

static void print_tally(FILE *f, const struct tally *t);

/*
 * Keep the memory mapped (and so in swap) until SIGUSR1, so a test can read
 * the zswap counters while the pages are still stored.
 */
static void hold_memory(const struct tally *t)
{
	sigset_t block, old;

	sigemptyset(&block);
	sigaddset(&block, SIGUSR1);
	sigprocmask(SIG_BLOCK, &block, &old);
	signal(SIGUSR1, on_release);
	printf("swapverify: holding pid=%d (send SIGUSR1 to release)\n", getpid());
	print_tally(stdout, t);
	fflush(stdout);
	while (!released)
		sigsuspend(&old);
	sigprocmask(SIG_SETMASK, &old, NULL);
}

static int run_one(const struct config *cfg, struct tally *t)
{
	size_t bytes = cfg->pages * PAGE_SIZE;
	uint64_t scratch[WORDS_PER_PAGE];
	uint64_t rng = mix64(cfg->seed ^ 0x5eed);
	uint32_t *gens;
	uint64_t *mem;
	uint64_t op;
	size_t page;

	mem = mmap(NULL, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (mem == MAP_FAILED) {
		fprintf(stderr, "swapverify: cannot map %zu bytes: %s\n", bytes, strerror(errno));
		return -1;
	}
	/* Keep this small array resident-ish: 4 bytes per page under test. */
	gens = calloc(cfg->pages, sizeof(*gens));
	if (!gens) {
		munmap(mem, bytes);
		fprintf(stderr, "swapverify: out of memory\n");
		return -1;
	}

	for (page = 0; page < cfg->pages; page++)
		write_page(cfg, mem, gens, page);

	for (op = 0; op < cfg->ops; op++) {
		rng = mix64(rng);
		page = rng % cfg->pages;
		if ((rng >> 60) < 10)
			verify_page(cfg, mem, gens, scratch, page, t);
		else
			write_page(cfg, mem, gens, page);
	}

	/* A self-test of the checker: one corrupted page must be reported. */
	if (cfg->inject_fault)
		((unsigned char *)mem)[(cfg->pages / 2) * PAGE_SIZE + 123] ^= 0x40;

	for (page = 0; page < cfg->pages; page++)
		verify_page(cfg, mem, gens, scratch, page, t);

	/* What was swapped out while held must come back intact too. */
	if (cfg->hold) {
		hold_memory(t);
		for (page = 0; page < cfg->pages; page++)
			verify_page(cfg, mem, gens, scratch, page, t);
	}

	free(gens);
	munmap(mem, bytes);
	return 0;
}

static void print_tally(FILE *f, const struct tally *t)
{
	fprintf(f, "swapverify: pages_verified=%" PRIu64 " mismatches=%" PRIu64, t->verified,
		t->mismatches);
	for (int k = 0; k < NR_KINDS; k++)
		fprintf(f, " %s=%" PRIu64, kind_names[k], t->kinds[k]);
	fputc('\n', f);
}

/* Children send their tally through a pipe as raw bytes. */
static int run_all(const struct config *cfg, struct tally *total)
{
	int fds[2];
	unsigned int i;
	int failed = 0;

	if (cfg->procs == 1)
		return run_one(cfg, total);

	if (pipe(fds)) {
		perror("swapverify: pipe");
		return -1;
	}
	for (i = 0; i < cfg->procs; i++) {
		pid_t pid = fork();

		if (pid < 0) {
			perror("swapverify: fork");
			failed = 1;
			break;
		}
		if (pid == 0) {
			struct config mine = *cfg;
			struct tally t = { 0 };
			int rc;

			close(fds[0]);
			mine.seed = mix64(cfg->seed + i + 1);
			rc = run_one(&mine, &t);
			if (write(fds[1], &t, sizeof(t)) != sizeof(t))
				rc = -1;
			_exit(rc ? 2 : 0);
		}
	}
	close(fds[1]);
	for (;;) {
		struct tally t;
		ssize_t n = read(fds[0], &t, sizeof(t));

		if (n != sizeof(t))
			break;
		total->verified += t.verified;
		total->mismatches += t.mismatches;
		for (int k = 0; k < NR_KINDS; k++)
			total->kinds[k] += t.kinds[k];
	}
	close(fds[0]);
	for (;;) {
		int status;
		pid_t pid = wait(&status);

		if (pid < 0)
			break;
		if (!WIFEXITED(status) || WEXITSTATUS(status))
			failed = 1;
	}
	return failed ? -1 : 0;
}

static int parse_u64(const char *s, uint64_t *out)
{
	char *end;

	errno = 0;
	*out = strtoull(s, &end, 0);
	return (errno || end == s || *end || *s == '-') ? -1 : 0;
}

static int parse_mix(const char *s, struct config *cfg)
{
	unsigned int w[NR_KINDS];

	if (sscanf(s, "%u:%u:%u:%u", &w[0], &w[1], &w[2], &w[3]) != NR_KINDS)
		return -1;
	cfg->weight_total = 0;
	for (int k = 0; k < NR_KINDS; k++) {
		cfg->weights[k] = w[k];
		cfg->weight_total += w[k];
	}
	return cfg->weight_total ? 0 : -1;
}

static void usage(FILE *f)
{
	fprintf(f,
		"usage: swapverify [options]\n"
		"  -s, --size MIB     memory per process (default 64)\n"
		"  -o, --ops N        random read/verify or rewrite operations per process\n"
		"                     after the first full write (default: one per page)\n"
		"  -j, --procs N      processes, each on its own memory (default 1)\n"
		"  -m, --mix Z:S:C:R  weights of zero, same-filled, compressible and random\n"
		"                     pages (default 1:1:1:1)\n"
		"      --seed N       seed of the page contents (default 1)\n"
		"      --hold         after the last check, keep the memory until SIGUSR1,\n"
		"                     then check every page once more (one process only)\n"
		"      --inject-fault corrupt one page before the last check (self-test)\n"
		"  -h, --help\n"
		"Exit: 0 every page matched, 1 a mismatch, 2 usage or system error.\n");
}

int main(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "size", required_argument, NULL, 's' },
		{ "ops", required_argument, NULL, 'o' },
		{ "procs", required_argument, NULL, 'j' },
		{ "mix", required_argument, NULL, 'm' },
		{ "seed", required_argument, NULL, 'S' },
		{ "hold", no_argument, NULL, 'H' },
		{ "inject-fault", no_argument, NULL, 'F' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	struct config cfg = { .seed = 1, .procs = 1, .weights = { 1, 1, 1, 1 }, .weight_total = 4 };
	uint64_t size_mib = 64, ops = UINT64_MAX, procs;
	struct tally total = { 0 };
	int c, rc;

	while ((c = getopt_long(argc, argv, "s:o:j:m:h", longopts, NULL)) != -1) {
		switch (c) {
		case 's':
			if (parse_u64(optarg, &size_mib) || !size_mib || size_mib > (1 << 20))
				goto bad;
			break;
		case 'o':
			if (parse_u64(optarg, &ops))
				goto bad;
			break;
		case 'j':
			if (parse_u64(optarg, &procs) || !procs || procs > 256)
				goto bad;
			cfg.procs = procs;
			break;
		case 'm':
			if (parse_mix(optarg, &cfg))
				goto bad;
			break;
		case 'S':
			if (parse_u64(optarg, &cfg.seed))
				goto bad;
			break;
		case 'H':
			cfg.hold = true;
			break;
		case 'F':
			cfg.inject_fault = true;
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
		fprintf(stderr, "swapverify: unexpected argument '%s'\n", argv[optind]);
		return 2;
	}
	if (cfg.hold && cfg.procs > 1) {
		fprintf(stderr, "swapverify: --hold works with one process only\n");
		return 2;
	}
	cfg.pages = size_mib * (1024 * 1024 / PAGE_SIZE);
	cfg.ops = ops == UINT64_MAX ? cfg.pages : ops;

	rc = run_all(&cfg, &total);
	print_tally(stdout, &total);
	if (rc)
		return 2;
	return total.mismatches ? 1 : 0;

bad:
	fprintf(stderr, "swapverify: invalid value '%s' for -%c\n", optarg, c);
	usage(stderr);
	return 2;
}
