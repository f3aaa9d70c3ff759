// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Why a figure is unknown (zswapnl_global_reason(), zswapnl_memcg_reason(),
 * and the deprecated zswapnl_global_unknown(), zswapnl_memcg_unknown()):
 * the error each source records for a field it could not fill, its
 * reason code and file, and the words of 1.5 for it. The fallback runs on copies of the recorded trees
 * (tests/data/sysroot-*) with a file made unreadable (a folder in its
 * place, which even root cannot read as a file), corrupt or taken away;
 * the states only a running system has (not root, debugfs not mounted)
 * are set by hand in a struct, as the fallback would record them. The
 * netlink source's records are in zswapnl-run (a recorded GET reply).
 */

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "fallback.h"
#include "internal.h"
#include "tap.h"
#include "testdata.h"

#define DEBUGFS "/sys/kernel/debug/zswap"
#define PARAMS "/sys/module/zswap/parameters"

static char tmp[4096];

/* A copy of recorded tree @name, in a static buffer; uncopy() removes it */
static const char *copy(const char *name)
{
	static char root[sizeof(tmp) + 8];
	char src[64];

	snprintf(tmp, sizeof(tmp), "%s", td_tmpdir());
	snprintf(src, sizeof(src), "tests/data/%s", name);
	snprintf(root, sizeof(root), "%s/root", tmp);
	if (td_copy_tree(td_path(src), root))
		exit(1);
	return root;
}

static void uncopy(void)
{
	td_remove_tree(tmp);
}

/* Put a folder where the file @rel of @root was: reading it gives -EISDIR */
static void make_folder(const char *root, const char *rel)
{
	char path[4096];

	snprintf(path, sizeof(path), "%s%s", root, rel);
	if (unlink(path) || mkdir(path, 0755))
		exit(1);
}

static void put(const char *root, const char *rel, const char *text)
{
	char path[4096];

	snprintf(path, sizeof(path), "%s%s", root, rel);
	if (td_write(path, text))
		exit(1);
}

/* The reason of the last why_global() or why_memcg() */
static struct zswapnl_reason reason;

/* The reason of the last call: its code, and its file's path and line */
static void reason_is(enum zswapnl_reason_code code, const char *path, const char *line)
{
	CHECK_INT(reason.code, code);
	CHECK_STR(reason.path, path);
	CHECK_STR(reason.line, line);
}

/* The code, the reason and the words of @field, which must be unknown */
static int why_global(struct zswapnl *h, const struct zswapnl_global *g,
		      enum zswapnl_global_field field, const char **msg)
{
	static struct zswapnl_error why;
	int ret = zswapnl_global_unknown(h, g, field, &why);

	CHECK(!zswapnl_global_known(g, field));
	CHECK_INT(why.code, ret);
	reason = (struct zswapnl_reason){ .struct_size = sizeof(reason) };
	CHECK_INT(zswapnl_global_reason(h, g, field, &reason), ret);
	CHECK_INT(reason.error, ret);
	*msg = why.msg;
	return ret;
}

static void global_files(void)
{
	const char *root = copy("sysroot-stock"), *msg;
	struct zswapnl_global g = { .struct_size = sizeof(g) };
	char want[8192];
	struct zswapnl *h;

	make_folder(root, DEBUGFS "/pool_limit_hit");
	put(root, DEBUGFS "/written_back_pages", "twelve\n");
	put(root, DEBUGFS "/duplicate_entry", "99999999999999999999999\n");
	put(root, PARAMS "/enabled", "maybe\n");
	put(root, PARAMS "/compressor",
	    "a-name-of-seventy-bytes-which-no-field-of-struct-zswapnl-global-holds-x\n");
	put(root, PARAMS "/max_pool_percent", "5000000000\n");
	h = fb_open(root);
	CHECK_INT(zswapnl_get_global(h, &g, NULL), 0);

	CHECK_INT(why_global(h, &g, ZSWAPNL_G_POOL_LIMIT_HIT, &msg), -EISDIR);
	snprintf(want, sizeof(want), "%s" DEBUGFS "/pool_limit_hit", root);
	reason_is(ZSWAPNL_REASON_FILE, want, "");
	snprintf(want, sizeof(want), "cannot read %s" DEBUGFS "/pool_limit_hit: Is a directory",
		 root);
	CHECK_STR(msg, want);
	CHECK_INT(why_global(h, &g, ZSWAPNL_G_WRITTEN_BACK_PAGES, &msg), -EBADMSG);
	snprintf(want, sizeof(want), "%s" DEBUGFS "/written_back_pages holds no valid value", root);
	CHECK_STR(msg, want);
	CHECK_INT(why_global(h, &g, ZSWAPNL_G_DUPLICATE_ENTRY, &msg), -ERANGE);
	snprintf(want, sizeof(want), "%s" DEBUGFS "/duplicate_entry holds a value out of range",
		 root);
	CHECK_STR(msg, want);
	CHECK_INT(why_global(h, &g, ZSWAPNL_G_ENABLED, &msg), -EBADMSG);
	CHECK_INT(why_global(h, &g, ZSWAPNL_G_COMPRESSOR, &msg), -ERANGE);
	CHECK_INT(why_global(h, &g, ZSWAPNL_G_MAX_POOL_PERCENT, &msg), -ERANGE);
	snprintf(want, sizeof(want), "%s" PARAMS "/max_pool_percent holds a value out of range",
		 root);
	CHECK_STR(msg, want);
	/* max_pool_percent of MemTotal: unknown for max_pool_percent's reason */
	CHECK_INT(why_global(h, &g, ZSWAPNL_G_POOL_LIMIT_BYTES, &msg), -ERANGE);
	CHECK_STR(msg, want);
	/* The stock kernel counts no zero pages; later kernels' counters */
	CHECK_INT(why_global(h, &g, ZSWAPNL_G_ZERO_PAGES, &msg), -ENOENT);
	CHECK_INT(reason.code, ZSWAPNL_REASON_NEEDS_FAMILY);
	CHECK_STR(msg, "zero pages need zswap's netlink family (a patched kernel)");
	CHECK_INT(why_global(h, &g, ZSWAPNL_G_DECOMPRESS_FAIL, &msg), -ENOENT);
	CHECK_INT(reason.code, ZSWAPNL_REASON_NOT_ON_KERNEL);
	CHECK_STR(msg, "some figures are not on this kernel");
	CHECK_INT(why_global(h, &g, ZSWAPNL_G_ZSWPWB, &msg), -ENOENT);
	snprintf(want, sizeof(want), "%s/proc/vmstat", root);
	reason_is(ZSWAPNL_REASON_NOT_ON_KERNEL, want, "zswpwb");
	CHECK_STR(msg, "some figures are not on this kernel");
	/* A known one has no reason */
	CHECK_INT(zswapnl_global_unknown(h, &g, ZSWAPNL_G_STORED_PAGES, NULL), 0);
	CHECK_INT(zswapnl_global_reason(h, &g, ZSWAPNL_G_STORED_PAGES, &reason), 0);
	CHECK_INT(reason.code, ZSWAPNL_REASON_KNOWN);
	zswapnl_close(h);
	uncopy();
}

static void global_proc(void)
{
	const char *root = copy("sysroot-patched"), *msg;
	struct zswapnl_global g = { .struct_size = sizeof(g) };
	char want[8192];
	struct zswapnl *h;

	make_folder(root, "/proc/vmstat");
	put(root, "/proc/meminfo", "MemFree: 12 kB\n");
	h = fb_open(root);
	CHECK_INT(zswapnl_get_global(h, &g, NULL), 0);
	snprintf(want, sizeof(want), "cannot read %s/proc/vmstat: Is a directory", root);
	CHECK_INT(why_global(h, &g, ZSWAPNL_G_ZSWPIN, &msg), -EISDIR);
	CHECK_STR(msg, want);
	CHECK_INT(why_global(h, &g, ZSWAPNL_G_ZSWPOUT, &msg), -EISDIR);
	CHECK_STR(msg, want);
	/* Every meminfo has a MemTotal */
	CHECK_INT(why_global(h, &g, ZSWAPNL_G_POOL_LIMIT_BYTES, &msg), -EBADMSG);
	snprintf(want, sizeof(want), "%s/proc/meminfo has no valid MemTotal line", root);
	CHECK_STR(msg, want);
	zswapnl_close(h);
	uncopy();

	/* No debugfs folder at all: the folder is named, and what gives them */
	root = copy("sysroot-patched");
	snprintf(want, sizeof(want), "%s" DEBUGFS, root);
	CHECK_INT(td_remove_tree(want), 0);
	h = fb_open(root);
	CHECK_INT(zswapnl_get_global(h, &g, NULL), 0);
	CHECK_INT(why_global(h, &g, ZSWAPNL_G_POOL_LIMIT_HIT, &msg), -ENOENT);
	CHECK_INT(reason.code, ZSWAPNL_REASON_NO_DEBUGFS_DIR);
	CHECK_STR(msg, "no " DEBUGFS " here; zswap's netlink family gives them");
	CHECK_INT(why_global(h, &g, ZSWAPNL_G_ZERO_PAGES, &msg), -ENOENT);
	CHECK_STR(msg, "no " DEBUGFS " here; zswap's netlink family gives them");
	zswapnl_close(h);
	uncopy();
}

/* What the fallback records on a running system, not root or without debugfs */
static void global_running_system(void)
{
	struct zswapnl_global g = { .struct_size = sizeof(g) };
	struct zswapnl_reason r = { .struct_size = sizeof(r) };
	struct zswapnl_error why;

	g.unknown[ZSWAPNL_G_POOL_LIMIT_HIT] = -EACCES;
	g.unknown[ZSWAPNL_G_STORED_PAGES] = -ENODEV;
	CHECK_INT(zswapnl_global_unknown(NULL, &g, ZSWAPNL_G_POOL_LIMIT_HIT, &why), -EACCES);
	CHECK_STR(why.msg, "needs root (for " DEBUGFS ") or zswap's netlink family");
	CHECK_INT(zswapnl_global_reason(NULL, &g, ZSWAPNL_G_POOL_LIMIT_HIT, &r), -EACCES);
	CHECK_INT(r.code, ZSWAPNL_REASON_DEBUGFS_DENIED);
	CHECK_STR(r.path, DEBUGFS "/pool_limit_hit");
	CHECK_INT(zswapnl_global_unknown(NULL, &g, ZSWAPNL_G_STORED_PAGES, &why), -ENODEV);
	CHECK_STR(why.msg, "needs debugfs: mount -t debugfs none /sys/kernel/debug");
	CHECK_INT(zswapnl_global_reason(NULL, &g, ZSWAPNL_G_STORED_PAGES, &r), -ENODEV);
	CHECK_INT(r.code, ZSWAPNL_REASON_DEBUGFS_UNMOUNTED);
	/* Not filled by the library: nothing to say */
	CHECK_INT(zswapnl_global_unknown(NULL, &g, ZSWAPNL_G_ZSWPIN, &why), -ENODATA);
	CHECK_INT(zswapnl_global_reason(NULL, &g, ZSWAPNL_G_ZSWPIN, &r), -ENODATA);
	CHECK_INT(r.code, ZSWAPNL_REASON_NOT_RECORDED);
	CHECK_INT(zswapnl_global_unknown(NULL, &g, ZSWAPNL_G_NR_FIELDS, &why), -EINVAL);
	CHECK_INT(zswapnl_global_reason(NULL, &g, ZSWAPNL_G_NR_FIELDS, &r), -EINVAL);
	CHECK_INT(r.code, ZSWAPNL_REASON_INVALID);
	CHECK_INT(zswapnl_global_reason(NULL, NULL, ZSWAPNL_G_ZSWPIN, NULL), -EINVAL);
	/* A 1.1 caller's struct has no unknown[]: nothing is read past it */
	g.struct_size = offsetof(struct zswapnl_global, unknown);
	CHECK_INT(zswapnl_global_unknown(NULL, &g, ZSWAPNL_G_POOL_LIMIT_HIT, &why), -ENODATA);
	CHECK_INT(zswapnl_global_reason(NULL, &g, ZSWAPNL_G_POOL_LIMIT_HIT, &r), -ENODATA);
}

static int why_memcg(struct zswapnl *h, const struct zswapnl_memcg *m,
		     enum zswapnl_memcg_field field, const char **msg)
{
	static struct zswapnl_error why;
	int ret = zswapnl_memcg_unknown(h, m, field, &why);

	CHECK(!zswapnl_memcg_known(m, field));
	reason = (struct zswapnl_reason){ .struct_size = sizeof(reason) };
	CHECK_INT(zswapnl_memcg_reason(h, m, field, &reason), ret);
	CHECK_INT(reason.error, ret);
	/* A memcg's file is one of the cgroup's folder, of no root */
	CHECK(!strchr(reason.path, '/'));
	*msg = why.msg;
	return ret;
}

static void memcg_files(void)
{
	const char *root = copy("sysroot-patched"), *msg;
	struct zswapnl_memcg_list l;
	const struct zswapnl_memcg *m;
	struct zswapnl *h;

	put(root, "/sys/fs/cgroup/outer/memory.zswap.current", "lots\n");
	put(root, "/sys/fs/cgroup/outer/memory.zswap.max", "12 34\n");
	make_folder(root, "/sys/fs/cgroup/outer/inner/memory.stat");
	h = fb_open(root);
	CHECK_INT(zswapnl_list_memcgs(h, &l, NULL), 0);

	m = fb_find(&l, "/");
	CHECK_INT(why_memcg(h, m, ZSWAPNL_M_COMPRESSED_BYTES, &msg), -ENOENT);
	reason_is(ZSWAPNL_REASON_ROOT_CGROUP, "memory.zswap.current", "");
	CHECK_STR(msg, "the root cgroup has no memory.zswap.* files");
	CHECK_INT(why_memcg(h, m, ZSWAPNL_M_ZERO_PAGES, &msg), -EOPNOTSUPP);
	reason_is(ZSWAPNL_REASON_NEEDS_FAMILY, "", "");
	CHECK_STR(msg, "zero pages need zswap's netlink family (a patched kernel)");
	/* 6.1's memory.stat has no zswpwb */
	CHECK_INT(why_memcg(h, m, ZSWAPNL_M_ZSWPWB, &msg), -ENOENT);
	reason_is(ZSWAPNL_REASON_NOT_ON_KERNEL, "memory.stat", "zswpwb");
	CHECK_STR(msg, "some figures are not on this kernel");

	m = fb_find(&l, "/outer");
	CHECK_INT(why_memcg(h, m, ZSWAPNL_M_COMPRESSED_BYTES, &msg), -EBADMSG);
	CHECK_STR(msg, "a cgroup's memory.zswap.current holds no valid value");
	CHECK_INT(why_memcg(h, m, ZSWAPNL_M_ZSWAP_MAX, &msg), -EBADMSG);
	CHECK(zswapnl_memcg_known(m, ZSWAPNL_M_STORED_PAGES));

	m = fb_find(&l, "/outer/inner");
	CHECK_INT(why_memcg(h, m, ZSWAPNL_M_ZSWPIN, &msg), -EISDIR);
	reason_is(ZSWAPNL_REASON_FILE, "memory.stat", "zswpin");
	CHECK_STR(msg, "cannot read a cgroup's memory.stat: Is a directory");
	CHECK(zswapnl_memcg_known(m, ZSWAPNL_M_COMPRESSED_BYTES));
	CHECK_INT(zswapnl_memcg_unknown(h, m, ZSWAPNL_M_COMPRESSED_BYTES, NULL), 0);
	zswapnl_memcg_list_free(&l);
	zswapnl_close(h);
	uncopy();
}

/*
 * The page size is the tree's: its proc/self/smaps's KernelPageSize; what
 * is counted in pages from bytes follows it, and is unknown, for that
 * reason, where the tree does not say
 */
static void page_size(void)
{
	const char *root = copy("sysroot-patched"), *msg;
	struct zswapnl_global g = { .struct_size = sizeof(g) };
	struct zswapnl_memcg_list l;
	struct zswapnl_error why;
	char want[8192];
	struct zswapnl *h;
	uint64_t size;

	put(root, "/proc/self/smaps", "KernelPageSize:       64 kB\nMMUPageSize:       64 kB\n");
	h = fb_open(root);
	CHECK_INT(zswapnl_page_size(h, &size, &why), 0);
	CHECK_U64(size, 65536);
	reason = (struct zswapnl_reason){ .struct_size = sizeof(reason) };
	CHECK_INT(zswapnl_page_size_reason(h, &reason), 0);
	CHECK_INT(reason.code, ZSWAPNL_REASON_KNOWN);
	CHECK_INT(zswapnl_get_global(h, &g, NULL), 0);
	/* MemTotal 2049260 kB: 32019 pages of 64 KiB, 20% of them 6403 */
	CHECK_U64(g.pool_limit_bytes, UINT64_C(6403) * 65536);
	CHECK_INT(zswapnl_list_memcgs(h, &l, NULL), 0);
	/* /work's zswapped: 38678528 bytes */
	CHECK_U64(fb_find(&l, "/work")->stored_pages, 38678528 / 65536);
	zswapnl_memcg_list_free(&l);
	zswapnl_close(h);

	put(root, "/proc/self/smaps", "KernelPageSize:        3 kB\n");
	h = fb_open(root);
	CHECK_INT(zswapnl_page_size(h, &size, &why), -EBADMSG);
	zswapnl_close(h);

	snprintf(want, sizeof(want), "%s/proc/self/smaps", root);
	CHECK_INT(unlink(want), 0);
	h = fb_open(root);
	CHECK_INT(zswapnl_page_size(h, &size, &why), -ENOENT);
	CHECK_INT(zswapnl_page_size_reason(h, &reason), -ENOENT);
	snprintf(want, sizeof(want), "%s/proc/self/smaps", root);
	reason_is(ZSWAPNL_REASON_PAGE_SIZE, want, "");
	snprintf(want, sizeof(want),
		 "needs the page size, which %s/proc/self/smaps would give: No such file or directory",
		 root);
	CHECK_STR(why.msg, want);
	CHECK_INT(zswapnl_get_global(h, &g, NULL), 0);
	CHECK_INT(why_global(h, &g, ZSWAPNL_G_POOL_LIMIT_BYTES, &msg), -ENOENT);
	CHECK_INT(reason.code, ZSWAPNL_REASON_PAGE_SIZE);
	CHECK_STR(msg, want);
	/* debugfs counts them in pages */
	CHECK(zswapnl_global_known(&g, ZSWAPNL_G_STORED_PAGES));
	CHECK_INT(zswapnl_list_memcgs(h, &l, NULL), 0);
	CHECK_INT(zswapnl_memcg_unknown(h, fb_find(&l, "/work"), ZSWAPNL_M_STORED_PAGES, &why),
		  -ENOENT);
	CHECK_STR(why.msg, want);
	CHECK(zswapnl_memcg_known(fb_find(&l, "/work"), ZSWAPNL_M_ZSWPIN));
	zswapnl_memcg_list_free(&l);
	zswapnl_close(h);
	uncopy();
}

TAP_CASES(
	{ "global: a file unreadable, corrupt, out of range, or not on the kernel",
	  global_files },
	{ "global: /proc/vmstat and /proc/meminfo unreadable or corrupt; no debugfs folder",
	  global_proc },
	{ "global: not root, debugfs not mounted, nothing recorded", global_running_system },
	{ "memcg: the root's files, zero pages, a corrupt file, an unreadable memory.stat",
	  memcg_files },
	{ "the page size of the tree, and what needs it where the tree does not say it",
	  page_size },
)
