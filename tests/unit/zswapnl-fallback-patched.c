// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * The fallback source on a root recorded in the guest of the patched
 * kernel by tests/unit/record/record: tests/data/sysroot-patched holds
 * copies of the files the fallback reads, taken while swapverify held 64
 * MiB in /work (memory.max 16M); /outer/inner has memory.zswap.max 8M and
 * /flat/nomem is a cgroup without the memory controller. The expected
 * values are the ones in those files; the cgroup ids, inode numbers that
 * a copy cannot keep, are checked against stat() of the recorded folders.
 * Every counter in the tree has a value of its own
 * (tests/unit/record/distinct-values): the global zswpin is not the root
 * cgroup's, memory.stat's "zswap" is not memory.zswap.current, debugfs'
 * same_filled_pages is not zero_pages, so reading the wrong file fails.
 */

#include <errno.h>
#include <limits.h>
#include <stdbool.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "fallback.h"
#include "internal.h"
#include "tap.h"

#define ROOT "tests/data/sysroot-patched"
#define PAGE 4096

static void global(void)
{
	struct zswapnl *h = fb_open(ROOT);
	struct zswapnl_global g = { .struct_size = sizeof(g) };
	struct zswapnl_error err;

	CHECK_INT(zswapnl_source(h), ZSWAPNL_SOURCE_FALLBACK);
	CHECK_INT(zswapnl_get_global(h, &g, &err), 0);
	CHECK_INT(err.code, 0);
	/* every field: the patched kernel's debugfs has zero_pages */
	/* all of 1.0: the counters of later kernels are not in 6.1 */
	CHECK_U64(g.known, (UINT64_C(1) << (ZSWAPNL_G_ACCEPT_THRESHOLD_PERCENT + 1)) - 1);
	/* sys/kernel/debug/zswap/ */
	CHECK_U64(g.stored_pages, 9476);
	/* zero_pages, not same_filled_pages (3104) */
	CHECK_U64(g.zero_pages, 3091);
	CHECK_U64(g.pool_total_size, 13004800);
	CHECK_U64(g.pool_limit_hit, 41);
	CHECK_U64(g.reject_reclaim_fail, 43);
	CHECK_U64(g.reject_alloc_fail, 47);
	CHECK_U64(g.reject_kmemcache_fail, 53);
	CHECK_U64(g.reject_compress_poor, 59);
	CHECK_U64(g.written_back_pages, 61);
	CHECK_U64(g.duplicate_entry, 67);
	/* proc/vmstat, not the root cgroup's memory.stat */
	CHECK_U64(g.zswpin, 21391);
	CHECK_U64(g.zswpout, 30797);
	/* sys/module/zswap/parameters/ */
	CHECK(g.enabled);
	CHECK_STR(g.compressor, "lzo");
	CHECK_STR(g.zpool, "zbud");
	CHECK_U64(g.max_pool_percent, 20);
	CHECK_U64(g.accept_threshold_percent, 90);
	/*
	 * MemTotal 2049260 kB with max_pool_percent 20: 419688448, as the
	 * kernel's own pool-limit-bytes was in the netlink data recorded in the
	 * same guest (tests/unit/data now holds that of ABI v2, recorded
	 * later in a guest with less memory)
	 */
	CHECK_U64(g.pool_limit_bytes, 419688448);
	zswapnl_close(h);
}

#define FB_MEMCG_FIELDS                                                                       \
	(ZNL_BIT(ZSWAPNL_M_ID) | ZNL_BIT(ZSWAPNL_M_PATH) | ZNL_BIT(ZSWAPNL_M_COMPRESSED_BYTES) | \
	 ZNL_BIT(ZSWAPNL_M_STORED_PAGES) | ZNL_BIT(ZSWAPNL_M_ZSWPIN) |                          \
	 ZNL_BIT(ZSWAPNL_M_ZSWPOUT) | ZNL_BIT(ZSWAPNL_M_ZSWAP_MAX))
/* The root cgroup has no memory.zswap.current nor memory.zswap.max */
#define FB_ROOT_FIELDS                                                                        \
	(ZNL_BIT(ZSWAPNL_M_ID) | ZNL_BIT(ZSWAPNL_M_PATH) | ZNL_BIT(ZSWAPNL_M_STORED_PAGES) |    \
	 ZNL_BIT(ZSWAPNL_M_ZSWPIN) | ZNL_BIT(ZSWAPNL_M_ZSWPOUT))

/*
 * /work: memory.zswap.current (581559; memory.stat's "zswap" is 581600),
 * memory.zswap.max, memory.stat
 */
static void check_work(const struct zswapnl_memcg *m)
{
	CHECK_U64(m->known, FB_MEMCG_FIELDS);
	CHECK_U64(m->id, fb_cgroup_id(ROOT, "/work"));
	CHECK_STR(m->path, "/work");
	CHECK_U64(m->compressed_bytes, 581559);
	CHECK_U64(m->stored_pages, 38678528 / PAGE);
	CHECK_U64(m->zero_pages, 0);
	CHECK_U64(m->zswpin, 21282);
	CHECK_U64(m->zswpout, 30680);
	CHECK_U64(m->zswap_max, ZSWAPNL_MAX);
}

static void list(void)
{
	static const char *const paths[] = { "/", "/work", "/outer", "/outer/inner", "/flat" };
	struct zswapnl *h = fb_open(ROOT);
	struct zswapnl_memcg_list l;
	const struct zswapnl_memcg *m;
	struct zswapnl_error err;
	size_t i;

	CHECK_INT(zswapnl_list_memcgs(h, &l, &err), 0);
	/* Every folder opened: nothing to say */
	CHECK_STR(err.msg, "");
	/* /flat/nomem has no memory controller: not a memcg */
	CHECK_INT(l.count, 5);
	CHECK(!fb_find(&l, "/flat/nomem"));
	for (i = 0; i < ZNL_ARRAY_SIZE(paths); i++) {
		m = fb_find(&l, paths[i]);
		if (!CHECK(m)) {
			tap_diag("no memcg %s", paths[i]);
			continue;
		}
		CHECK_U64(m->id, fb_cgroup_id(ROOT, strcmp(paths[i], "/") ? paths[i] : ""));
		CHECK_INT(m->struct_size, sizeof(*m));
		CHECK(!(m->known & ZNL_BIT(ZSWAPNL_M_ZERO_PAGES)));
	}
	for (i = 1; i < l.count; i++)
		CHECK(l.items[i - 1]->id < l.items[i]->id);

	m = fb_find(&l, "/");
	if (m) {
		CHECK_U64(m->known, FB_ROOT_FIELDS);
		CHECK_U64(m->stored_pages, 38789120 / PAGE);
		CHECK_U64(m->zswpin, 21377);
		CHECK_U64(m->zswpout, 30811);
		CHECK_U64(m->compressed_bytes, 0);
		CHECK_U64(m->zswap_max, 0);
	}
	m = fb_find(&l, "/work");
	if (m)
		check_work(m);
	m = fb_find(&l, "/outer");
	if (m) {
		CHECK_U64(m->known, FB_MEMCG_FIELDS);
		CHECK_U64(m->zswap_max, ZSWAPNL_MAX);
		CHECK_U64(m->compressed_bytes, 14336);
		CHECK_U64(m->stored_pages, 49152 / PAGE);
		CHECK_U64(m->zswpin, 37);
		CHECK_U64(m->zswpout, 71);
	}
	m = fb_find(&l, "/outer/inner");
	if (m) {
		CHECK_U64(m->known, FB_MEMCG_FIELDS);
		CHECK_U64(m->zswap_max, 8388608);
		CHECK_U64(m->compressed_bytes, 8192);
		CHECK_U64(m->stored_pages, 28672 / PAGE);
		CHECK_U64(m->zswpin, 19);
		CHECK_U64(m->zswpout, 43);
	}
	m = fb_find(&l, "/flat");
	if (m) {
		CHECK_U64(m->known, FB_MEMCG_FIELDS);
		CHECK_U64(m->zswap_max, ZSWAPNL_MAX);
		CHECK_U64(m->compressed_bytes, 6144);
		CHECK_U64(m->stored_pages, 20480 / PAGE);
		CHECK_U64(m->zswpin, 11);
		CHECK_U64(m->zswpout, 29);
	}
	zswapnl_memcg_list_free(&l);
	CHECK_INT(l.count, 0);
	CHECK(!l.items);
	zswapnl_close(h);
}

/*
 * No file descriptor left past the root's folder: the root is listed, its
 * figures unknown for that reason, and err->msg says which folder's
 * cgroups are not (a success all the same, as for a folder closed to the
 * user, which root, running the unit tests, cannot be shown)
 */
static void list_without_fds(void)
{
	struct zswapnl *h = fb_open(ROOT);
	struct zswapnl_memcg_list l;
	struct zswapnl_error err;
	bool openat2;
	struct rlimit rl;
	int fd = dup(0);

	close(fd);
	/*
	 * Without openat2() (valgrind has none), a file under the root is
	 * reached a folder at a time, two descriptors open for a moment: one
	 * more lets the walk start, and it runs out somewhere below the root
	 */
	openat2 = !(syscall(SYS_openat2, -1, "", NULL, 0) < 0 && errno == ENOSYS);
	CHECK_INT(getrlimit(RLIMIT_NOFILE, &rl), 0);
	rl.rlim_cur = fd + 1 + !openat2;
	CHECK_INT(setrlimit(RLIMIT_NOFILE, &rl), 0);
	CHECK_INT(zswapnl_list_memcgs(h, &l, &err), 0);
	CHECK_INT(err.code, 0);
	if (openat2)
		CHECK_STR(err.msg, "1 cgroup folder could not be opened or read (Too many open files); "
				   "not listed, with the cgroups below them: /*");
	else
		CHECK(strstr(err.msg, "could not be opened or read (Too many open files); "
				      "not listed, with the cgroups below them: /"));
	if (CHECK(l.count >= 1))
		CHECK_STR(l.items[0]->path, "/");
	if (openat2 && CHECK_INT(l.count, 1))
		CHECK_INT(zswapnl_memcg_unknown(h, l.items[0], ZSWAPNL_M_ZSWPIN, &err), -EMFILE);
	zswapnl_memcg_list_free(&l);
	zswapnl_close(h);
}

static void by_id(void)
{
	struct zswapnl *h = fb_open(ROOT);
	struct zswapnl_memcg m = { .struct_size = sizeof(m) };
	struct zswapnl_error err;

	CHECK_INT(zswapnl_get_memcg(h, fb_cgroup_id(ROOT, "/work"), &m, &err), 0);
	check_work(&m);
	zswapnl_memcg_free(&m);

	CHECK_INT(zswapnl_get_memcg(h, fb_cgroup_id(ROOT, ""), &m, &err), 0);
	CHECK_STR(m.path, "/");
	CHECK_U64(m.known, FB_ROOT_FIELDS);
	zswapnl_memcg_free(&m);

	CHECK_INT(zswapnl_get_memcg(h, fb_cgroup_id(ROOT, "/flat/nomem"), &m, &err), -ENOENT);
	CHECK_STR(err.msg, "the memory controller is not enabled for this cgroup");
	CHECK_STR(err.attr, "id");
	CHECK(!m.path);
	CHECK_U64(m.known, 0);

	/* no folder of the tree has inode number 1 on the host: not the root */
	CHECK_INT(zswapnl_get_memcg(h, 0, &m, &err), -ENOENT);
	CHECK_STR(err.msg, "no cgroup with this id");
	zswapnl_close(h);
}

static void by_path(void)
{
	static const char *const spellings[] = { "/work", "work", "//work/", "work/" };
	static char long_path[PATH_MAX + 100];
	struct zswapnl *h = fb_open(ROOT);
	struct zswapnl_memcg m = { .struct_size = sizeof(m) };
	struct zswapnl_error err;
	size_t i;

	for (i = 0; i < ZNL_ARRAY_SIZE(spellings); i++) {
		CHECK_INT(zswapnl_get_memcg_by_path(h, spellings[i], &m, &err), 0);
		check_work(&m);
		zswapnl_memcg_free(&m);
	}
	CHECK_INT(zswapnl_get_memcg_by_path(h, "/outer/inner", &m, &err), 0);
	CHECK_STR(m.path, "/outer/inner");
	CHECK_U64(m.id, fb_cgroup_id(ROOT, "/outer/inner"));
	CHECK_U64(m.zswap_max, 8388608);
	CHECK_U64(m.compressed_bytes, 8192);
	CHECK_U64(m.zswpin, 19);
	zswapnl_memcg_free(&m);
	CHECK_INT(zswapnl_get_memcg_by_path(h, "/", &m, &err), 0);
	CHECK_STR(m.path, "/");
	CHECK_U64(m.id, fb_cgroup_id(ROOT, ""));
	zswapnl_memcg_free(&m);

	CHECK_INT(zswapnl_get_memcg_by_path(h, "/nope", &m, &err), -ENOENT);
	CHECK_STR(err.attr, "path");
	CHECK_INT(zswapnl_get_memcg_by_path(h, "/flat/nomem", &m, &err), -ENOENT);
	CHECK_STR(err.msg, "the memory controller is not enabled for this cgroup");
	CHECK_INT(zswapnl_get_memcg_by_path(h, "/work/memory.stat", &m, &err), -ENOTDIR);
	CHECK_INT(zswapnl_get_memcg_by_path(h, "/work/../work", &m, &err), -EINVAL);
	CHECK_INT(zswapnl_get_memcg_by_path(h, "..", &m, &err), -EINVAL);
	CHECK_INT(zswapnl_get_memcg_by_path(h, "./work", &m, &err), -EINVAL);
	CHECK_INT(zswapnl_get_memcg_by_path(h, "", &m, &err), -EINVAL);
	CHECK_INT(zswapnl_get_memcg_by_path(h, NULL, &m, &err), -EINVAL);
	CHECK(!m.path);
	/* the longest path, with no '/' for the library to add */
	memset(long_path, 'a', sizeof(long_path) - 1);
	long_path[PATH_MAX - 1] = '\0';
	CHECK_INT(zswapnl_get_memcg_by_path(h, long_path, &m, &err), -ENAMETOOLONG);
	long_path[sizeof(long_path) - 1] = '\0';
	CHECK_INT(zswapnl_get_memcg_by_path(h, long_path, &m, &err), -ENAMETOOLONG);
	CHECK(!m.path);
	zswapnl_close(h);
}

/* The names of proc/crypto entries of type scomp or compression, once each */
static void compressors(void)
{
	static const char *const want[] = { "deflate", "lz4", "lzo", "lzo-rle", "zlib-deflate",
					    "zstd" };
	struct zswapnl *h = fb_open(ROOT);
	char **names;
	size_t i;

	CHECK_INT(zswapnl_available_compressors(h, &names), 0);
	for (i = 0; names && names[i] && i < ZNL_ARRAY_SIZE(want); i++)
		CHECK_STR(names[i], want[i]);
	CHECK_INT(i, ZNL_ARRAY_SIZE(want));
	CHECK(names && !names[i]);
	zswapnl_names_free(names);
	zswapnl_close(h);
}

static void no_events(void)
{
	struct zswapnl *h = fb_open(ROOT);
	struct zswapnl_event ev = { .struct_size = sizeof(ev) };
	struct zswapnl_error err;

	CHECK_INT(zswapnl_subscribe(h, &err), -EOPNOTSUPP);
	CHECK_INT(err.code, -EOPNOTSUPP);
	CHECK(strlen(err.msg) > 0);
	CHECK_INT(zswapnl_event_fd(h), -EOPNOTSUPP);
	CHECK_INT(zswapnl_read_event(h, &ev, &err), -EOPNOTSUPP);
	zswapnl_close(h);
}

TAP_CASES(
	{ "patched tree: global figures are the recorded files' values, all known", global },
	{ "patched tree: the memcgs, their ids, figures and unknowns, in id order", list },
	{ "patched tree: no file descriptor left, the folders not read are said", list_without_fds },
	{ "patched tree: a memcg by id; unknown ids and non-memcgs refused", by_id },
	{ "patched tree: a memcg by path; bad paths refused", by_path },
	{ "patched tree: the compressors of proc/crypto", compressors },
	{ "the fallback has no events", no_events },
)
