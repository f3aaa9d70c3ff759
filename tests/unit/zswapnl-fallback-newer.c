// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * The fallback source on the trees of Linux 6.12, a 6.18-style kernel and
 * Linux 7.2 (tests/data/sysroot-6.12, -6.18, -7.2: FAKE roots, made by
 * tests/unit/record/newer-sysroots from the recorded stock tree, file for
 * file as linux-source-6.12 and -7.2 name them): the counters they added,
 * the figures and parameters they dropped and why each is unknown, and,
 * without debugfs, the pool and stored sizes from /proc/meminfo, and the
 * memory.zswap.writeback of each cgroup, in copies with other values. The
 * values asserted are those of the tree's files.
 */

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
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
/* A memcg's figures that only the patched 6.1 kernel has */
#define MEMCG_REJECTS                                                                 \
	(ZNL_BIT(ZSWAPNL_M_REJECT_ZSWAP_MAX) | ZNL_BIT(ZSWAPNL_M_REJECT_POOL_LIMIT) | \
	 ZNL_BIT(ZSWAPNL_M_REJECT_INCOMPRESSIBLE) | ZNL_BIT(ZSWAPNL_M_REJECT_ALLOC_FAIL))

#define ZEROMAP_WORDS \
	"this kernel keeps zero-filled pages out of zswap (swap zeromap, Linux 6.12 and later)"
#define NO_ZPOOL_WORDS "this kernel has no zpool layer (Linux 6.18 and later)"
#define NO_REJECTS_WORDS "this kernel counts no refused stores per cgroup"

/* @field of @g is unknown with @code, in @words */
static void check_why(struct zswapnl *h, const struct zswapnl_global *g,
		      enum zswapnl_global_field field, int code, const char *words)
{
	struct zswapnl_error why;

	CHECK(!zswapnl_global_known(g, field));
	CHECK_INT(zswapnl_global_unknown(h, g, field, &why), code);
	CHECK_STR(why.msg, words);
	/* The files have no attribute to name */
	CHECK_STR(why.attr, "");
}

/* The same for a memcg */
static void check_memcg_why(struct zswapnl *h, const struct zswapnl_memcg *m,
			    enum zswapnl_memcg_field field, int code, const char *words)
{
	struct zswapnl_error why;

	CHECK(!zswapnl_memcg_known(m, field));
	CHECK_INT(zswapnl_memcg_unknown(h, m, field, &why), code);
	CHECK_STR(why.msg, words);
}

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
	/* Why: the tree's proc/sys/kernel/osrelease says 6.12 */
	check_why(h, &g, ZSWAPNL_G_ZERO_PAGES, -ENOENT, ZEROMAP_WORDS);
	CHECK_U64(g.zero_pages, 0);
	check_why(h, &g, ZSWAPNL_G_DUPLICATE_ENTRY, -ENOENT, "some figures are not on this kernel");
	check_why(h, &g, ZSWAPNL_G_DECOMPRESS_FAIL, -ENOENT, "some figures are not on this kernel");
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
	check_why(h, &g, ZSWAPNL_G_ZPOOL, -ENOENT, NO_ZPOOL_WORDS);
	/* No zpool parameter to set: -EOPNOTSUPP, nothing written */
	CHECK_INT(zswapnl_set_params(h, &p, &err), -EOPNOTSUPP);
	zswapnl_close(h);
}

/*
 * Linux 7.2 (Debian's newest line), a fake root from its sources' names:
 * no zpool layer, no zero pages in zswap, no duplicate_entry; the debugfs
 * counters of 6.18, every one read from its own file
 */
static void linux_7_2(void)
{
	struct zswapnl *h = fb_open("tests/data/sysroot-7.2");
	struct zswapnl_global g = { .struct_size = sizeof(g) };
	struct zswapnl_error err;

	CHECK_INT(zswapnl_get_global(h, &g, &err), 0);
	CHECK_U64(g.known, ALL_GLOBAL & ~GONE_SINCE_612 & ~ZNL_BIT(ZSWAPNL_G_ZPOOL));
	CHECK(g.enabled);
	CHECK_STR(g.compressor, "lz4");
	CHECK_U64(g.max_pool_percent, 25);
	CHECK_U64(g.accept_threshold_percent, 80);
	CHECK_U64(g.pool_limit_hit, 307);
	CHECK_U64(g.reject_reclaim_fail, 311);
	CHECK_U64(g.reject_alloc_fail, 313);
	CHECK_U64(g.reject_kmemcache_fail, 317);
	CHECK_U64(g.reject_compress_fail, 331);
	CHECK_U64(g.reject_compress_poor, 337);
	CHECK_U64(g.decompress_fail, 347);
	CHECK_U64(g.written_back_pages, 349);
	/* debugfs, not /proc/meminfo's Zswap (7188 kB) and Zswapped (36964 kB) */
	CHECK_U64(g.pool_total_size, 7356416);
	CHECK_U64(g.stored_pages, 9242);
	CHECK_U64(g.stored_incompressible_pages, 353);
	CHECK_U64(g.zswpin, 20047);
	CHECK_U64(g.zswpout, 29059);
	CHECK_U64(g.zswpwb, 359);
	/* MemTotal 2049260 kB: 512315 pages, 25% of them 128078 */
	CHECK_U64(g.pool_limit_bytes, UINT64_C(128078) * PAGE);
	/* Unknown, and why: no figure made up */
	check_why(h, &g, ZSWAPNL_G_ZPOOL, -ENOENT, NO_ZPOOL_WORDS);
	CHECK_STR(g.zpool, "");
	check_why(h, &g, ZSWAPNL_G_ZERO_PAGES, -ENOENT, ZEROMAP_WORDS);
	CHECK_U64(g.zero_pages, 0);
	check_why(h, &g, ZSWAPNL_G_DUPLICATE_ENTRY, -ENOENT, "some figures are not on this kernel");
	CHECK_U64(g.duplicate_entry, 0);
	zswapnl_close(h);
}

/*
 * The memcgs of 7.2: memory.stat's zswapped, zswpin, zswpout, zswpwb (its
 * zswap_incomp is not a figure of struct zswapnl_memcg), memory.zswap.*
 * but at the root, where only writeback is; no zero pages nor refusals,
 * and why
 */
static void memcgs_7_2(void)
{
	static const struct {
		const char *path;
		uint64_t zswapped, zswpwb;
	} want[] = { { "/", 38522880, 367 },
		     { "/work", 38457344, 373 },
		     { "/outer", 36864, 37 },
		     { "/outer/inner", 16384, 31 },
		     { "/flat", 12288, 7 } };
	struct zswapnl *h = fb_open("tests/data/sysroot-7.2");
	const struct zswapnl_memcg *m;
	struct zswapnl_memcg_list l;
	enum zswapnl_memcg_field f;
	size_t i;

	CHECK_INT(zswapnl_list_memcgs(h, &l, NULL), 0);
	CHECK_INT(l.count, 5);
	for (i = 0; i < ZNL_ARRAY_SIZE(want); i++) {
		m = fb_find(&l, want[i].path);
		if (!CHECK(m))
			continue;
		tap_diag("%s", want[i].path);
		CHECK(zswapnl_memcg_known(m, ZSWAPNL_M_STORED_PAGES));
		CHECK_U64(m->stored_pages, want[i].zswapped / PAGE);
		CHECK_U64(m->zswpwb, want[i].zswpwb);
		CHECK(zswapnl_memcg_known(m, ZSWAPNL_M_WRITEBACK_EFFECTIVE));
		CHECK(m->writeback_effective);
		CHECK_U64(m->known & MEMCG_REJECTS, 0);
		check_memcg_why(h, m, ZSWAPNL_M_ZERO_PAGES, -EOPNOTSUPP, ZEROMAP_WORDS);
		CHECK_U64(m->zero_pages, 0);
		for (f = ZSWAPNL_M_REJECT_ZSWAP_MAX; f <= ZSWAPNL_M_REJECT_ALLOC_FAIL; f++)
			check_memcg_why(h, m, f, -ENOENT, NO_REJECTS_WORDS);
	}
	m = fb_find(&l, "/work");
	if (CHECK(m)) {
		CHECK_U64(m->compressed_bytes, 409078);
		CHECK_U64(m->zswpin, 21264);
		CHECK_U64(m->zswpout, 30632);
	}
	m = fb_find(&l, "/");
	if (CHECK(m))
		check_memcg_why(h, m, ZSWAPNL_M_COMPRESSED_BYTES, -ENOENT,
				"the root cgroup has no memory.zswap.* files");
	zswapnl_memcg_list_free(&l);
	zswapnl_close(h);
}

/*
 * set zpool on 7.2: no parameter file, for want of a zpool layer: said so,
 * -EOPNOTSUPP, and nothing written, the other parameters of the set
 * neither; on 6.12 it is still a parameter
 */
static void set_zpool_7_2(void)
{
	struct zswapnl_params p = { .struct_size = sizeof(p),
				    .set = ZSWAPNL_SET_COMPRESSOR | ZSWAPNL_SET_ZPOOL,
				    .compressor = "zstd",
				    .zpool = "zsmalloc" };
	char root[PATH_MAX], path[2 * PATH_MAX];
	struct zswapnl_error err;
	struct zswapnl *h;

	snprintf(root, sizeof(root), "%s/root", td_tmpdir());
	if (!CHECK_INT(td_copy_tree(td_path("tests/data/sysroot-7.2"), root), 0))
		return;
	h = fb_open(root);
	CHECK_INT(zswapnl_set_params(h, &p, &err), -EOPNOTSUPP);
	CHECK_INT(err.code, -EOPNOTSUPP);
	CHECK_STR(err.msg, NO_ZPOOL_WORDS);
	CHECK_STR(err.attr, "zpool");
	snprintf(path, sizeof(path), "%s/sys/module/zswap/parameters/compressor", root);
	CHECK_STR(td_read_line(path), "lz4");
	snprintf(path, sizeof(path), "%s/sys/module/zswap/parameters/zpool", root);
	CHECK(access(path, F_OK) && errno == ENOENT);
	zswapnl_close(h);
	CHECK_INT(td_remove_copy(root), 0);

	snprintf(root, sizeof(root), "%s/root", td_tmpdir());
	if (!CHECK_INT(td_copy_tree(td_path("tests/data/sysroot-6.12"), root), 0))
		return;
	h = fb_open(root);
	CHECK_INT(zswapnl_set_params(h, &p, &err), 0);
	snprintf(path, sizeof(path), "%s/sys/module/zswap/parameters/compressor", root);
	CHECK_STR(td_read_line(path), "zstd");
	zswapnl_close(h);
	CHECK_INT(td_remove_copy(root), 0);
}

/*
 * The kernel line is the tree's proc/sys/kernel/osrelease (Debian's
 * flavour suffix and all); a tree without it leaves it unknown, and the
 * words are what the files alone say
 */
static void kernel_release(void)
{
	struct zswapnl_global g = { .struct_size = sizeof(g) };
	char root[PATH_MAX], path[2 * PATH_MAX];
	struct zswapnl_error why;
	struct zswapnl *h;

	h = fb_open("tests/data/sysroot-7.2");
	CHECK_INT(h->kernel, ZNL_KERNEL(7, 2));
	zswapnl_close(h);
	h = fb_open("tests/data/sysroot-6.12");
	CHECK_INT(h->kernel, ZNL_KERNEL(6, 12));
	zswapnl_close(h);
	h = fb_open("tests/data/sysroot-stock");
	CHECK_INT(h->kernel, 0);
	CHECK_INT(zswapnl_get_global(h, &g, NULL), 0);
	CHECK_INT(zswapnl_global_unknown(h, &g, ZSWAPNL_G_ZERO_PAGES, &why), -ENOENT);
	CHECK_STR(why.msg, "zero pages need zswap's netlink family (a patched kernel)");
	zswapnl_close(h);

	/* A module without the zpool parameter has no zpool layer, whatever its release */
	snprintf(root, sizeof(root), "%s/root", td_tmpdir());
	if (!CHECK_INT(td_copy_tree(td_path("tests/data/sysroot-stock"), root), 0))
		return;
	snprintf(path, sizeof(path), "%s/sys/module/zswap/parameters/zpool", root);
	CHECK_INT(unlink(path), 0);
	h = fb_open(root);
	CHECK_INT(zswapnl_get_global(h, &g, NULL), 0);
	check_why(h, &g, ZSWAPNL_G_ZPOOL, -ENOENT, NO_ZPOOL_WORDS);
	zswapnl_close(h);
	CHECK_INT(td_remove_copy(root), 0);
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
	CHECK_INT(td_remove_copy(root), 0);
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

/*
 * memory.zswap.writeback: a copy of the tree @src in a folder of its own,
 * into @root, with the file of each "PATH=TEXT" of @files written (TEXT
 * NULL: the file removed); NULL-terminated
 */
static void writeback_tree(char *root, size_t size, const char *src, const char *const *files)
{
	char path[2 * PATH_MAX];

	snprintf(root, size, "%s/root", td_tmpdir());
	if (!CHECK_INT(td_copy_tree(td_path(src), root), 0))
		exit(1);
	for (; *files; files++) {
		const char *eq = strchr(*files, '=');

		snprintf(path, sizeof(path), "%s/sys/fs/cgroup%.*s/memory.zswap.writeback", root,
			 (int)(eq - *files), *files);
		if (eq[1])
			CHECK_INT(td_write(path, eq + 1), 0);
		else
			CHECK_INT(unlink(path), 0);
	}
}

/* A flag of @m is @want: 1, 0, or unknown with that negative errno */
static void check_flag(const struct zswapnl_memcg *m, enum zswapnl_memcg_field field, bool flag,
		       int want)
{
	if (want < 0) {
		CHECK(!zswapnl_memcg_known(m, field));
		CHECK_INT(m->unknown[field], want);
	} else if (CHECK(zswapnl_memcg_known(m, field))) {
		CHECK_INT(flag, want);
	}
}

/*
 * memcg @path under @root has writeback @own and effective @eff (as
 * check_flag() takes them), in the listing (the walk carries the
 * ancestors' down) and in the lookups by path and by id (which climb)
 */
static void check_writeback(const char *root, const char *path, int own, int eff)
{
	struct zswapnl_memcg one = { .struct_size = sizeof(one) };
	struct zswapnl *h = fb_open(root);
	const struct zswapnl_memcg *m;
	struct zswapnl_memcg_list l;

	tap_diag("%s: own %d, effective %d", path, own, eff);
	CHECK_INT(zswapnl_list_memcgs(h, &l, NULL), 0);
	m = fb_find(&l, path);
	if (CHECK(m)) {
		check_flag(m, ZSWAPNL_M_WRITEBACK, m->writeback, own);
		check_flag(m, ZSWAPNL_M_WRITEBACK_EFFECTIVE, m->writeback_effective, eff);
	}
	zswapnl_memcg_list_free(&l);
	CHECK_INT(zswapnl_get_memcg_by_path(h, path, &one, NULL), 0);
	check_flag(&one, ZSWAPNL_M_WRITEBACK, one.writeback, own);
	check_flag(&one, ZSWAPNL_M_WRITEBACK_EFFECTIVE, one.writeback_effective, eff);
	zswapnl_memcg_free(&one);
	CHECK_INT(zswapnl_get_memcg(h, fb_cgroup_id(root, strcmp(path, "/") ? path : ""), &one,
				    NULL),
		  0);
	check_flag(&one, ZSWAPNL_M_WRITEBACK, one.writeback, own);
	check_flag(&one, ZSWAPNL_M_WRITEBACK_EFFECTIVE, one.writeback_effective, eff);
	zswapnl_memcg_free(&one);
	zswapnl_close(h);
}

/* 6.12 has the file in every cgroup, the root too, 1 by default */
static void writeback_6_12(void)
{
	static const char *const paths[] = { "/", "/work", "/outer", "/outer/inner", "/flat" };
	size_t i;

	for (i = 0; i < ZNL_ARRAY_SIZE(paths); i++)
		check_writeback("tests/data/sysroot-6.12", paths[i], 1, 1);
}

/* 0 in an ancestor keeps a cgroup's pages off swap: its own 1 stays 1 */
static void writeback_ancestor_off(void)
{
	static const char *const outer_off[] = { "/outer=0\n", NULL };
	static const char *const root_off[] = { "=0\n", NULL };
	char root[PATH_MAX];

	writeback_tree(root, sizeof(root), "tests/data/sysroot-6.12", outer_off);
	check_writeback(root, "/outer", 0, 0);
	check_writeback(root, "/outer/inner", 1, 0);
	check_writeback(root, "/work", 1, 1);
	check_writeback(root, "/", 1, 1);
	CHECK_INT(td_remove_copy(root), 0);

	/* The root's 0 holds every cgroup's pages in memory */
	writeback_tree(root, sizeof(root), "tests/data/sysroot-6.12", root_off);
	check_writeback(root, "/", 0, 0);
	check_writeback(root, "/work", 1, 0);
	check_writeback(root, "/outer/inner", 1, 0);
	CHECK_INT(td_remove_copy(root), 0);
}

/* 6.1 has no memory.zswap.writeback: unknown, not on, and why */
static void writeback_absent(void)
{
	struct zswapnl *h = fb_open("tests/data/sysroot-stock");
	struct zswapnl_memcg_list l;
	const struct zswapnl_memcg *m;
	struct zswapnl_error why;

	check_writeback("tests/data/sysroot-stock", "/", -ENOENT, -ENOENT);
	check_writeback("tests/data/sysroot-stock", "/outer/inner", -ENOENT, -ENOENT);
	CHECK_INT(zswapnl_list_memcgs(h, &l, NULL), 0);
	m = fb_find(&l, "/outer/inner");
	if (CHECK(m)) {
		CHECK_INT(zswapnl_memcg_unknown(h, m, ZSWAPNL_M_WRITEBACK, &why), -ENOENT);
		CHECK_STR(why.msg, "some figures are not on this kernel");
		CHECK_INT(zswapnl_memcg_unknown(h, m, ZSWAPNL_M_WRITEBACK_EFFECTIVE, &why),
			  -ENOENT);
		CHECK_STR(why.msg, "some figures are not on this kernel");
	}
	m = fb_find(&l, "/");
	if (CHECK(m)) {
		CHECK_INT(zswapnl_memcg_unknown(h, m, ZSWAPNL_M_WRITEBACK, &why), -ENOENT);
		CHECK_STR(why.msg, "the root cgroup has no memory.zswap.* files");
	}
	zswapnl_memcg_list_free(&l);
	zswapnl_close(h);
}

/*
 * The series' patch gives every cgroup the file but the root, which turns
 * no cgroup's writeback off: the recorded tree with the files it would have
 */
static void writeback_not_on_root(void)
{
	static const char *const files[] = { "/work=1\n",  "/outer=0\n", "/outer/inner=1\n",
					     "/flat=1\n", NULL };
	char root[PATH_MAX];

	writeback_tree(root, sizeof(root), "tests/data/sysroot-patched", files);
	check_writeback(root, "/", -ENOENT, -ENOENT);
	check_writeback(root, "/work", 1, 1);
	check_writeback(root, "/outer/inner", 1, 0);
	CHECK_INT(td_remove_copy(root), 0);
}

/* A file of no value: unknown for it and below, save where an ancestor is off */
static void writeback_bad_value(void)
{
	static const char *const out_of_range[] = { "/outer=2\n", NULL };
	static const char *const garbage_off_above[] = { "/outer=on\n", "=0\n", NULL };
	struct zswapnl_memcg m = { .struct_size = sizeof(m) };
	struct zswapnl_error why;
	char root[PATH_MAX];
	struct zswapnl *h;

	writeback_tree(root, sizeof(root), "tests/data/sysroot-6.12", out_of_range);
	check_writeback(root, "/outer", -ERANGE, -ERANGE);
	check_writeback(root, "/outer/inner", 1, -ERANGE);
	h = fb_open(root);
	CHECK_INT(zswapnl_get_memcg_by_path(h, "/outer/inner", &m, NULL), 0);
	CHECK_INT(zswapnl_memcg_unknown(h, &m, ZSWAPNL_M_WRITEBACK_EFFECTIVE, &why), -ERANGE);
	CHECK_STR(why.msg, "a cgroup's memory.zswap.writeback holds a value out of range");
	zswapnl_memcg_free(&m);
	zswapnl_close(h);
	CHECK_INT(td_remove_copy(root), 0);

	/* Off above is off, whatever /outer holds */
	writeback_tree(root, sizeof(root), "tests/data/sysroot-6.12", garbage_off_above);
	check_writeback(root, "/outer", -EBADMSG, 0);
	check_writeback(root, "/outer/inner", 1, 0);
	CHECK_INT(td_remove_copy(root), 0);
}

/*
 * A caller built against zswapnl.h 1.2 passes a struct that ends at
 * unknown[]: nothing is written past it, and no writeback is known
 */
static void memcg_caller_of_1_2(void)
{
	struct {
		struct zswapnl_memcg m;
		unsigned char guard[64];
	} buf;
	struct zswapnl *h = fb_open("tests/data/sysroot-6.12");
	size_t i, end = offsetof(struct zswapnl_memcg, writeback);

	memset(&buf, 0xa5, sizeof(buf));
	buf.m.struct_size = end;
	CHECK_INT(zswapnl_get_memcg_by_path(h, "/work", &buf.m, NULL), 0);
	CHECK(zswapnl_memcg_known(&buf.m, ZSWAPNL_M_ZSWPWB));
	CHECK(!zswapnl_memcg_known(&buf.m, ZSWAPNL_M_WRITEBACK));
	CHECK(!zswapnl_memcg_known(&buf.m, ZSWAPNL_M_WRITEBACK_EFFECTIVE));
	for (i = end; i < sizeof(buf); i++)
		if (!CHECK_INT(((unsigned char *)&buf)[i], 0xa5))
			break;
	zswapnl_memcg_free(&buf.m);
	zswapnl_close(h);
}

TAP_CASES(
	{ "6.12 tree: reject_compress_fail and vmstat's zswpwb; no zero pages", linux_6_12 },
	{ "6.18 tree: decompress_fail, stored_incompressible_pages; no zpool", linux_6_18 },
	{ "7.2 tree: its debugfs counters; no zpool, zero pages, duplicate_entry, and why",
	  linux_7_2 },
	{ "7.2 tree's memcgs: zswpwb, writeback at the root; no zero pages, refusals, and why",
	  memcgs_7_2 },
	{ "set zpool on 7.2: no zpool layer, -EOPNOTSUPP, nothing written; 6.12 takes it",
	  set_zpool_7_2 },
	{ "the kernel line from the tree's proc/sys/kernel/osrelease, or none", kernel_release },
	{ "memory.stat's zswpwb per cgroup, unknown on 6.1", memcg_zswpwb },
	{ "without debugfs, the pool and stored sizes from /proc/meminfo",
	  meminfo_without_debugfs },
	{ "a 1.0 caller's struct: nothing written past it, no 1.1 field known", caller_of_1_0 },
	{ "memory.zswap.writeback of 6.12: on in every cgroup and the root", writeback_6_12 },
	{ "writeback 0 in an ancestor, the root too: on, not effective", writeback_ancestor_off },
	{ "no memory.zswap.writeback (6.1): unknown, and why", writeback_absent },
	{ "no memory.zswap.writeback at the root only: it turns nothing off",
	  writeback_not_on_root },
	{ "a writeback file of no value: unknown there and below, unless off above",
	  writeback_bad_value },
	{ "a 1.2 caller's memcg struct: nothing written past it, no writeback known",
	  memcg_caller_of_1_2 },
)
