// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * The fallback source on a root recorded in the guest of the stock kernel
 * (no zswap family) by tests/unit/record/record: tests/data/sysroot-stock,
 * taken while swapverify held 64 MiB in /work (memory.max 16M), every
 * counter then given a value of its own (tests/unit/record/distinct-values).
 * The stock debugfs has same_filled_pages (6223 here) and no zero_pages:
 * zero pages stay unknown. Then the same tree as a user without debugfs sees it, and
 * a root without zswap at all, both made of links to the recorded files.
 */

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "fallback.h"
#include "internal.h"
#include "tap.h"
#include "testdata.h"

#define ROOT "tests/data/sysroot-stock"
#define PAGE 4096

#define DEBUGFS_FIELDS                                                                        \
	(ZNL_BIT(ZSWAPNL_G_STORED_PAGES) | ZNL_BIT(ZSWAPNL_G_ZERO_PAGES) |                      \
	 ZNL_BIT(ZSWAPNL_G_POOL_TOTAL_SIZE) | ZNL_BIT(ZSWAPNL_G_POOL_LIMIT_HIT) |               \
	 ZNL_BIT(ZSWAPNL_G_REJECT_RECLAIM_FAIL) | ZNL_BIT(ZSWAPNL_G_REJECT_ALLOC_FAIL) |        \
	 ZNL_BIT(ZSWAPNL_G_REJECT_KMEMCACHE_FAIL) | ZNL_BIT(ZSWAPNL_G_REJECT_COMPRESS_POOR) |   \
	 ZNL_BIT(ZSWAPNL_G_WRITTEN_BACK_PAGES) | ZNL_BIT(ZSWAPNL_G_DUPLICATE_ENTRY))
/* The figures of 1.0; 6.1 has none of those of later kernels */
#define ALL_GLOBAL ((UINT64_C(1) << (ZSWAPNL_G_ACCEPT_THRESHOLD_PERCENT + 1)) - 1)

/* What does not come from debugfs */
static void check_params(const struct zswapnl_global *g)
{
	CHECK(g->enabled);
	CHECK_STR(g->compressor, "lzo");
	CHECK_STR(g->zpool, "zbud");
	CHECK_U64(g->max_pool_percent, 20);
	CHECK_U64(g->accept_threshold_percent, 90);
	/* MemTotal 2049260 kB: 512315 pages * 20 / 100 * 4096 */
	CHECK_U64(g->pool_limit_bytes, 419688448);
	/* proc/vmstat, not the root cgroup's memory.stat */
	CHECK_U64(g->zswpin, 21318);
	CHECK_U64(g->zswpout, 30745);
}

static void global(void)
{
	struct zswapnl *h = fb_open(ROOT);
	struct zswapnl_global g = { .struct_size = sizeof(g) };
	struct zswapnl_error err;

	CHECK_INT(zswapnl_get_global(h, &g, &err), 0);
	CHECK_U64(g.known, ALL_GLOBAL & ~ZNL_BIT(ZSWAPNL_G_ZERO_PAGES));
	/* not same_filled_pages, which counts every page of one repeated word */
	CHECK_U64(g.zero_pages, 0);
	CHECK_U64(g.stored_pages, 9412);
	CHECK_U64(g.pool_total_size, 6557696);
	CHECK_U64(g.pool_limit_hit, 107);
	CHECK_U64(g.reject_reclaim_fail, 109);
	CHECK_U64(g.reject_alloc_fail, 113);
	CHECK_U64(g.reject_kmemcache_fail, 127);
	CHECK_U64(g.reject_compress_poor, 131);
	CHECK_U64(g.written_back_pages, 137);
	CHECK_U64(g.duplicate_entry, 139);
	check_params(&g);
	zswapnl_close(h);
}

static void memcgs(void)
{
	struct zswapnl *h = fb_open(ROOT);
	struct zswapnl_memcg_list l;
	const struct zswapnl_memcg *m;

	CHECK_INT(zswapnl_list_memcgs(h, &l, NULL), 0);
	CHECK_INT(l.count, 5);
	m = fb_find(&l, "/work");
	if (CHECK(m)) {
		CHECK_U64(m->id, fb_cgroup_id(ROOT, "/work"));
		CHECK(!(m->known & ZNL_BIT(ZSWAPNL_M_ZERO_PAGES)));
		/* memory.zswap.current; memory.stat's "zswap" is 409150 */
		CHECK_U64(m->compressed_bytes, 409078);
		CHECK_U64(m->stored_pages, 38457344 / PAGE);
		CHECK_U64(m->zswpin, 21264);
		CHECK_U64(m->zswpout, 30632);
		CHECK_U64(m->zswap_max, ZSWAPNL_MAX);
	}
	m = fb_find(&l, "/outer/inner");
	if (CHECK(m)) {
		CHECK_U64(m->zswap_max, 8388608);
		CHECK_U64(m->compressed_bytes, 4096);
		CHECK_U64(m->stored_pages, 16384 / PAGE);
		CHECK_U64(m->zswpin, 13);
		CHECK_U64(m->zswpout, 31);
	}
	m = fb_find(&l, "/outer");
	if (CHECK(m)) {
		CHECK_U64(m->compressed_bytes, 10240);
		CHECK_U64(m->stored_pages, 36864 / PAGE);
		CHECK_U64(m->zswpin, 23);
		CHECK_U64(m->zswpout, 47);
	}
	m = fb_find(&l, "/flat");
	if (CHECK(m)) {
		CHECK_U64(m->compressed_bytes, 2048);
		CHECK_U64(m->stored_pages, 12288 / PAGE);
		CHECK_U64(m->zswpin, 7);
		CHECK_U64(m->zswpout, 17);
	}
	m = fb_find(&l, "/");
	if (CHECK(m)) {
		CHECK(!(m->known & ZNL_BIT(ZSWAPNL_M_COMPRESSED_BYTES)));
		CHECK(!(m->known & ZNL_BIT(ZSWAPNL_M_ZSWAP_MAX)));
		CHECK_U64(m->stored_pages, 38522880 / PAGE);
		CHECK_U64(m->zswpin, 21301);
		CHECK_U64(m->zswpout, 30702);
	}
	CHECK(!fb_find(&l, "/flat/nomem"));
	zswapnl_memcg_list_free(&l);
	zswapnl_close(h);
}

/*
 * A root with parts of the recorded tree: @with lists what to copy (not
 * links to it: nothing under a root resolves outside it)
 */
static const char *partial_root(const char *const *with, size_t n)
{
	static char root[PATH_MAX];
	char src[PATH_MAX], dst[2 * PATH_MAX];
	size_t i;

	snprintf(root, sizeof(root), "%s", td_tmpdir());
	for (i = 0; i < n; i++) {
		snprintf(src, sizeof(src), "%s/%s", td_path(ROOT), with[i]);
		snprintf(dst, sizeof(dst), "%s/%s", root, with[i]);
		if (strchr(with[i], '/')) {
			char dir[2 * PATH_MAX];

			snprintf(dir, sizeof(dir), "%s/%.*s", root,
				 (int)(strchr(with[i], '/') - with[i]), with[i]);
			mkdir(dir, 0755);
		}
		if (!CHECK_INT(td_copy_tree(src, dst), 0))
			tap_diag("copy to %s: %m", dst);
	}
	return root;
}

/* As a user without debugfs (not mounted, or not root) sees it */
static void no_debugfs(void)
{
	static const char *const with[] = { "proc", "sys/module", "sys/fs" };
	const char *root = partial_root(with, ZNL_ARRAY_SIZE(with));
	struct zswapnl *h = fb_open(root);
	struct zswapnl_global g = { .struct_size = sizeof(g) };
	struct zswapnl_memcg_list l;

	CHECK_INT(zswapnl_get_global(h, &g, NULL), 0);
	/* /proc/meminfo, which anyone may read, has the pool and stored sizes */
	CHECK_U64(g.known, (ALL_GLOBAL & ~DEBUGFS_FIELDS) | ZNL_BIT(ZSWAPNL_G_STORED_PAGES) |
			   ZNL_BIT(ZSWAPNL_G_POOL_TOTAL_SIZE));
	/* Zswapped: 37556 kB; Zswap: 6404 kB */
	CHECK_U64(g.stored_pages, UINT64_C(37556) * 1024 / PAGE);
	CHECK_U64(g.pool_total_size, UINT64_C(6404) * 1024);
	CHECK_U64(g.pool_limit_hit, 0);
	check_params(&g);
	/* the cgroup files need no debugfs */
	CHECK_INT(zswapnl_list_memcgs(h, &l, NULL), 0);
	CHECK_INT(l.count, 5);
	zswapnl_memcg_list_free(&l);
	zswapnl_close(h);
	td_remove_tree(root);
}

/* No /proc/meminfo: no pool limit; no /proc/vmstat: no zswpin, zswpout */
static void no_proc(void)
{
	static const char *const with[] = { "sys" };
	const char *root = partial_root(with, ZNL_ARRAY_SIZE(with));
	struct zswapnl *h = fb_open(root);
	struct zswapnl_global g = { .struct_size = sizeof(g) };

	CHECK_INT(zswapnl_get_global(h, &g, NULL), 0);
	CHECK_U64(g.known, ALL_GLOBAL & ~(ZNL_BIT(ZSWAPNL_G_ZERO_PAGES) |
					  ZNL_BIT(ZSWAPNL_G_POOL_LIMIT_BYTES) |
					  ZNL_BIT(ZSWAPNL_G_ZSWPIN) | ZNL_BIT(ZSWAPNL_G_ZSWPOUT)));
	CHECK_U64(g.pool_limit_bytes, 0);
	CHECK_U64(g.zswpin, 0);
	CHECK_U64(g.stored_pages, 9412);
	zswapnl_close(h);
	td_remove_tree(root);
}

/*
 * A MemTotal no machine has, which overflows the pool limit's arithmetic:
 * the limit is unknown, not a wrapped-around value. 2^54 kB is the first
 * that does not fit in bytes; 2^54 - 1 kB still gives the limit by
 * zswap's formula.
 */
static void memtotal_overflow(void)
{
	static const char *const with[] = { "sys", "proc/vmstat", "proc/self" };
	static const struct {
		const char *memtotal;
		bool known;
		uint64_t limit;
	} cases[] = {
		{ "18446744073709551615", false, 0 },
		{ "18014398509481984", false, 0 },
		{ "18014398509481983", true, UINT64_C(18014398509481983) * 1024 / PAGE * 20 / 100 * PAGE },
	};
	const char *root = partial_root(with, ZNL_ARRAY_SIZE(with));
	char path[PATH_MAX];
	struct zswapnl_global g;
	struct zswapnl *h;
	size_t i;
	FILE *f;

	snprintf(path, sizeof(path), "%s/proc/meminfo", root);
	for (i = 0; i < ZNL_ARRAY_SIZE(cases); i++) {
		f = fopen(path, "w");
		if (!CHECK(f))
			return;
		fprintf(f, "MemTotal:       %s kB\nMemFree:        1024 kB\n", cases[i].memtotal);
		fclose(f);
		h = fb_open(root);
		memset(&g, 0, sizeof(g));
		g.struct_size = sizeof(g);
		CHECK_INT(zswapnl_get_global(h, &g, NULL), 0);
		if (!CHECK_INT(!!(g.known & ZNL_BIT(ZSWAPNL_G_POOL_LIMIT_BYTES)), cases[i].known))
			tap_diag("MemTotal %s kB: pool_limit_bytes %llu", cases[i].memtotal,
				 (unsigned long long)g.pool_limit_bytes);
		if (cases[i].known)
			CHECK_U64(g.pool_limit_bytes, cases[i].limit);
		zswapnl_close(h);
	}
	td_remove_tree(root);
}

/* A kernel without zswap, nor a cgroup2 hierarchy */
static void no_zswap(void)
{
	static const char *const with[] = { "proc" };
	const char *root = partial_root(with, ZNL_ARRAY_SIZE(with));
	struct zswapnl *h = fb_open(root);
	struct zswapnl_global g = { .struct_size = sizeof(g) };
	struct zswapnl_memcg_list l;
	struct zswapnl_error err;

	CHECK_INT(zswapnl_get_global(h, &g, &err), -ENOENT);
	CHECK(strstr(err.msg, "/sys/module/zswap/parameters"));
	CHECK_U64(g.known, 0);
	CHECK_INT(zswapnl_list_memcgs(h, &l, &err), -EOPNOTSUPP);
	CHECK(strstr(err.msg, "cgroup v2"));
	CHECK_INT(l.count, 0);
	CHECK(!l.items);
	zswapnl_close(h);
	td_remove_tree(root);
}

TAP_CASES(
	{ "stock tree: global figures are the recorded files' values, zero pages unknown", global },
	{ "stock tree: the memcgs and their recorded figures", memcgs },
	{ "stock tree without debugfs: pool and stored sizes from meminfo, other counters unknown",
	  no_debugfs },
	{ "stock tree without /proc: pool limit, zswpin and zswpout unknown", no_proc },
	{ "a MemTotal that overflows the pool limit's arithmetic: the limit unknown, not wrapped",
	  memtotal_overflow },
	{ "a root without zswap (-ENOENT) nor cgroup2 (-EOPNOTSUPP), saying what is missing",
	  no_zswap },
)
