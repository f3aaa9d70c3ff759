// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * The fallback source on the trees of a Linux 6.12 and a 6.18-style kernel
 * (tests/data/sysroot-6.12, -6.18, made by tests/unit/record/newer-sysroots
 * from the recorded stock tree, file for file as those kernels' sources
 * name them): the counters they added, the parameters they dropped, and,
 * without debugfs, the pool and stored sizes from /proc/meminfo. The
 * values asserted are those of the tree's files.
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

#define PAGE 4096
#define ALL_GLOBAL ((UINT64_C(1) << ZSWAPNL_G_NR_FIELDS) - 1)

/* What no kernel after 6.11 has: zero pages and duplicate entries in debugfs */
#define GONE_SINCE_612 (ZNL_BIT(ZSWAPNL_G_ZERO_PAGES) | ZNL_BIT(ZSWAPNL_G_DUPLICATE_ENTRY))
/* What 6.12 has not yet */
#define NEW_IN_618 (ZNL_BIT(ZSWAPNL_G_DECOMPRESS_FAIL) | \
		    ZNL_BIT(ZSWAPNL_G_STORED_INCOMPRESSIBLE_PAGES))

static void linux_6_12(void)
{
	struct zswapnl *h = fb_open("tests/data/sysroot-6.12");
	struct zswapnl_global g = { .struct_size = sizeof(g) };
	struct zswapnl_error err;

	CHECK_INT(zswapnl_get_global(h, &g, &err), 0);
	CHECK_U64(g.known, ALL_GLOBAL & ~GONE_SINCE_612 & ~NEW_IN_618);
	CHECK_STR(g.compressor, "zstd");
	CHECK_STR(g.zpool, "zsmalloc");
	/* debugfs, not /proc/meminfo's Zswap (7172 kB) and Zswapped (36868 kB) */
	CHECK_U64(g.pool_total_size, 7340032);
	CHECK_U64(g.stored_pages, 9218);
	CHECK_U64(g.pool_limit_hit, 211);
	CHECK_U64(g.reject_reclaim_fail, 223);
	CHECK_U64(g.reject_alloc_fail, 227);
	CHECK_U64(g.reject_kmemcache_fail, 229);
	CHECK_U64(g.reject_compress_fail, 233);
	CHECK_U64(g.reject_compress_poor, 239);
	CHECK_U64(g.written_back_pages, 241);
	CHECK_U64(g.zswpin, 20011);
	CHECK_U64(g.zswpout, 29017);
	CHECK_U64(g.zswpwb, 271);
	CHECK_U64(g.decompress_fail, 0);
	CHECK_U64(g.stored_incompressible_pages, 0);
	zswapnl_close(h);
}

static void linux_6_18(void)
{
	struct zswapnl *h = fb_open("tests/data/sysroot-6.18");
	struct zswapnl_global g = { .struct_size = sizeof(g) };
	struct zswapnl_params p = { .struct_size = sizeof(p), .set = ZSWAPNL_SET_ZPOOL,
				    .zpool = "zsmalloc" };
	struct zswapnl_error err;

	CHECK_INT(zswapnl_get_global(h, &g, &err), 0);
	CHECK_U64(g.known, ALL_GLOBAL & ~GONE_SINCE_612 & ~ZNL_BIT(ZSWAPNL_G_ZPOOL));
	CHECK_STR(g.zpool, "");
	CHECK_U64(g.decompress_fail, 251);
	CHECK_U64(g.stored_incompressible_pages, 257);
	CHECK_U64(g.pool_limit_hit, 263);
	CHECK_U64(g.written_back_pages, 269);
	CHECK_U64(g.stored_pages, 9226);
	CHECK_U64(g.pool_total_size, 7344128);
	CHECK_U64(g.zswpwb, 283);
	/* No zpool parameter to set: -EOPNOTSUPP, nothing written */
	CHECK_INT(zswapnl_set_params(h, &p, &err), -EOPNOTSUPP);
	zswapnl_close(h);
}

/* memory.stat's zswpwb, for each cgroup that has it */
static void memcg_zswpwb(void)
{
	static const struct {
		const char *path;
		uint64_t zswpwb;
	} want[] = { { "/", 281 }, { "/work", 277 }, { "/outer", 19 }, { "/outer/inner", 17 },
		     { "/flat", 13 } };
	struct zswapnl *h = fb_open("tests/data/sysroot-6.12");
	struct zswapnl_memcg_list l;
	const struct zswapnl_memcg *m;
	size_t i;

	CHECK_INT(zswapnl_list_memcgs(h, &l, NULL), 0);
	CHECK_INT(l.count, 5);
	for (i = 0; i < ZNL_ARRAY_SIZE(want); i++) {
		m = fb_find(&l, want[i].path);
		if (!CHECK(m))
			continue;
		CHECK(zswapnl_memcg_known(m, ZSWAPNL_M_ZSWPWB));
		CHECK_U64(m->zswpwb, want[i].zswpwb);
	}
	zswapnl_memcg_list_free(&l);
	zswapnl_close(h);

	/* 6.1 has no zswpwb: unknown, not 0 */
	h = fb_open("tests/data/sysroot-stock");
	CHECK_INT(zswapnl_list_memcgs(h, &l, NULL), 0);
	m = fb_find(&l, "/work");
	if (CHECK(m))
		CHECK(!zswapnl_memcg_known(m, ZSWAPNL_M_ZSWPWB));
	zswapnl_memcg_list_free(&l);
	zswapnl_close(h);
}

/*
 * Without debugfs (not mounted, or not root), /proc/meminfo gives the
 * pool size (Zswap) and the stored pages (Zswapped), both in kB
 */
static void meminfo_without_debugfs(void)
{
	char root[PATH_MAX], path[2 * PATH_MAX];
	struct zswapnl_global g = { .struct_size = sizeof(g) };
	struct zswapnl *h;

	snprintf(root, sizeof(root), "%s/root", td_tmpdir());
	if (!CHECK_INT(td_copy_tree(td_path("tests/data/sysroot-6.18"), root), 0))
		return;
	snprintf(path, sizeof(path), "%s/sys/kernel/debug", root);
	CHECK_INT(td_remove_tree(path), 0);
	h = fb_open(root);
	CHECK_INT(zswapnl_get_global(h, &g, NULL), 0);
	CHECK(zswapnl_global_known(&g, ZSWAPNL_G_POOL_TOTAL_SIZE));
	CHECK_U64(g.pool_total_size, UINT64_C(7176) * 1024);
	CHECK(zswapnl_global_known(&g, ZSWAPNL_G_STORED_PAGES));
	CHECK_U64(g.stored_pages, UINT64_C(36900) * 1024 / PAGE);
	/* what only debugfs has stays unknown */
	CHECK(!zswapnl_global_known(&g, ZSWAPNL_G_POOL_LIMIT_HIT));
	CHECK(!zswapnl_global_known(&g, ZSWAPNL_G_DECOMPRESS_FAIL));
	/* vmstat needs no debugfs */
	CHECK_U64(g.zswpwb, 283);
	zswapnl_close(h);
	td_remove_tree(root);
}

/*
 * A caller built against zswapnl.h 1.0 passes the 1.0 struct: the fields
 * of 1.1 are neither written past it nor said to be known
 */
static void caller_of_1_0(void)
{
	struct {
		struct zswapnl_global g;
		unsigned char guard[64];
	} buf;
	struct zswapnl *h = fb_open("tests/data/sysroot-6.18");
	size_t i;

	memset(&buf, 0xa5, sizeof(buf));
	buf.g.struct_size = offsetof(struct zswapnl_global, reject_compress_fail);
	CHECK_INT(zswapnl_get_global(h, &buf.g, NULL), 0);
	CHECK(zswapnl_global_known(&buf.g, ZSWAPNL_G_STORED_PAGES));
	CHECK(!zswapnl_global_known(&buf.g, ZSWAPNL_G_ZSWPWB));
	CHECK(!zswapnl_global_known(&buf.g, ZSWAPNL_G_DECOMPRESS_FAIL));
	CHECK(!zswapnl_global_value(&buf.g, ZSWAPNL_G_ZSWPWB, NULL));
	for (i = offsetof(struct zswapnl_global, reject_compress_fail); i < sizeof(buf); i++)
		if (!CHECK_INT(((unsigned char *)&buf)[i], 0xa5))
			break;
	zswapnl_close(h);
}

TAP_CASES(
	{ "6.12 tree: reject_compress_fail and vmstat's zswpwb; no zero pages", linux_6_12 },
	{ "6.18 tree: decompress_fail, stored_incompressible_pages; no zpool", linux_6_18 },
	{ "memory.stat's zswpwb per cgroup, unknown on 6.1", memcg_zswpwb },
	{ "without debugfs, the pool and stored sizes from /proc/meminfo",
	  meminfo_without_debugfs },
	{ "a 1.0 caller's struct: nothing written past it, no 1.1 field known", caller_of_1_0 },
)
