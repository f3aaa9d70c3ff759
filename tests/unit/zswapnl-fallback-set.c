// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Setting with the fallback source: it writes the module parameter files,
 * memory.zswap.max and memory.zswap.writeback. The writes go to a copy of
 * a tree of tests/data (the recorded patched one, or the 6.12 one, whose
 * cgroups have memory.zswap.writeback) in a temporary folder; the files
 * are read back after each call.
 */

#include <errno.h>
#include <grp.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "fallback.h"
#include "internal.h"
#include "tap.h"
#include "testdata.h"

static char root[PATH_MAX];

/* A copy of the tree @tree (tests/data/sysroot-TREE) at root */
static void copy_tree(const char *tree)
{
	char src[PATH_MAX];

	snprintf(root, sizeof(root), "%s", td_tmpdir());
	snprintf(src, sizeof(src), "tests/data/sysroot-%s", tree);
	if (!CHECK_INT(td_copy_tree(td_path(src), root), 0))
		tap_diag("copy to %s: %m", root);
}

static void copy_root(void)
{
	copy_tree("patched");
}

static const char *file(const char *rel)
{
	static char path[2 * PATH_MAX];

	snprintf(path, sizeof(path), "%s%s", root, rel);
	return path;
}

#define PARAM(name) file("/sys/module/zswap/parameters/" name)

/* The outcomes of set_compressor_unprivileged() */
enum { UNPRIV_OK, UNPRIV_OTHER_RET, UNPRIV_NO_NAME, UNPRIV_NO_DROP };

/*
 * Set the compressor through @h in a child process that runs as user nobody
 * when the tests run as root (root writes read-only files anyway, and the
 * check would prove nothing), as the user itself otherwise. Returns
 * UNPRIV_OK when the call returned @want and, for an error, named the
 * compressor; else what went wrong.
 */
static int set_compressor_unprivileged(struct zswapnl *h, const char *compressor, int want)
{
	struct zswapnl_params p = {
		.struct_size = sizeof(p),
		.set = ZSWAPNL_SET_COMPRESSOR,
		.compressor = compressor,
	};
	struct zswapnl_error err;
	int status, ret;
	pid_t pid;

	fflush(stdout);
	pid = fork();
	if (pid < 0)
		return -errno;
	if (!pid) {
		if (!geteuid() && (setgroups(0, NULL) || setgid(65534) || setuid(65534)))
			_exit(UNPRIV_NO_DROP);
		ret = zswapnl_set_params(h, &p, &err);
		/* the parent's handle, copied: closed here too (valgrind) */
		zswapnl_close(h);
		if (ret != want) {
			tap_diag("as uid %d: set compressor %s returned %d (%s), not %d",
				 (int)getuid(), compressor, ret, err.msg, want);
			fflush(stdout);
			_exit(UNPRIV_OTHER_RET);
		}
		_exit(ret && !strstr(err.msg, "compressor") ? UNPRIV_NO_NAME : UNPRIV_OK);
	}
	if (waitpid(pid, &status, 0) < 0)
		return -errno;
	return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

static void set_all(void)
{
	struct zswapnl_params p = {
		.struct_size = sizeof(p),
		.set = ZSWAPNL_SET_COMPRESSOR | ZSWAPNL_SET_ZPOOL | ZSWAPNL_SET_ENABLED |
		       ZSWAPNL_SET_MAX_POOL_PERCENT | ZSWAPNL_SET_ACCEPT_THRESHOLD_PERCENT,
		.compressor = "zstd",
		.zpool = "z3fold",
		.enabled = false,
		.max_pool_percent = 33,
		.accept_threshold_percent = 80,
	};
	struct zswapnl_global g = { .struct_size = sizeof(g) };
	struct zswapnl_error err;
	struct zswapnl *h;

	copy_root();
	h = fb_open(root);
	CHECK_INT(zswapnl_set_params(h, &p, &err), 0);
	CHECK_STR(td_read_line(PARAM("compressor")), "zstd");
	CHECK_STR(td_read_line(PARAM("zpool")), "z3fold");
	CHECK_STR(td_read_line(PARAM("enabled")), "N");
	CHECK_STR(td_read_line(PARAM("max_pool_percent")), "33");
	CHECK_STR(td_read_line(PARAM("accept_threshold_percent")), "80");
	/* and the fallback reads them back */
	CHECK_INT(zswapnl_get_global(h, &g, &err), 0);
	CHECK(!g.enabled);
	CHECK_STR(g.compressor, "zstd");
	CHECK_STR(g.zpool, "z3fold");
	CHECK_U64(g.max_pool_percent, 33);
	CHECK_U64(g.accept_threshold_percent, 80);
	/* 512315 pages * 33 / 100 (169063, in integers as the kernel does) * 4096 */
	CHECK_U64(g.pool_limit_bytes, 692482048);

	/* one at a time leaves the others alone */
	p.set = ZSWAPNL_SET_ENABLED;
	p.enabled = true;
	CHECK_INT(zswapnl_set_params(h, &p, &err), 0);
	CHECK_STR(td_read_line(PARAM("enabled")), "Y");
	CHECK_STR(td_read_line(PARAM("compressor")), "zstd");
	zswapnl_close(h);
	td_remove_tree(root);
}

static void set_refused(void)
{
	struct zswapnl_params p = { .struct_size = sizeof(p) };
	struct zswapnl_error err;
	struct zswapnl *h;

	copy_root();
	h = fb_open(root);
	/* nothing to set, bits this version does not know, a NULL name */
	CHECK_INT(zswapnl_set_params(h, &p, &err), -EINVAL);
	CHECK_STR(err.msg, "no parameter to set");
	p.set = 1 << 7;
	CHECK_INT(zswapnl_set_params(h, &p, &err), -EINVAL);
	p.set = ZSWAPNL_SET_COMPRESSOR;
	CHECK_INT(zswapnl_set_params(h, &p, &err), -EINVAL);
	CHECK_STR(err.attr, "compressor");
	p.struct_size = 8;
	CHECK_INT(zswapnl_set_params(h, &p, &err), -EINVAL);
	CHECK_STR(td_read_line(PARAM("compressor")), "lzo");

	/*
	 * a parameter file that is not there: a parameter this kernel lacks,
	 * named; without zpool, the kernel has no zpool layer (Linux 6.18)
	 */
	CHECK_INT(unlink(PARAM("zpool")), 0);
	p.struct_size = sizeof(p);
	p.set = ZSWAPNL_SET_ZPOOL | ZSWAPNL_SET_MAX_POOL_PERCENT;
	p.zpool = "zsmalloc";
	p.max_pool_percent = 10;
	CHECK_INT(zswapnl_set_params(h, &p, &err), -EOPNOTSUPP);
	CHECK_INT(err.code, -EOPNOTSUPP);
	CHECK_STR(err.attr, "zpool");
	CHECK_STR(err.msg, "this kernel has no zpool layer (Linux 6.18 and later)");
	/* all or none: nothing written at all */
	CHECK_STR(td_read_line(PARAM("max_pool_percent")), "20");
	/* another parameter's file is named */
	CHECK_INT(unlink(PARAM("accept_threshold_percent")), 0);
	p.set = ZSWAPNL_SET_ACCEPT_THRESHOLD_PERCENT;
	p.accept_threshold_percent = 50;
	CHECK_INT(zswapnl_set_params(h, &p, &err), -EOPNOTSUPP);
	CHECK_STR(err.attr, "accept-threshold-percent");
	CHECK(strstr(err.msg, "no zswap parameter accept_threshold_percent"));
	CHECK(strstr(err.msg, "/sys/module/zswap/parameters/accept_threshold_percent"));

	/* a folder where the file should be */
	CHECK_INT(unlink(PARAM("enabled")), 0);
	CHECK_INT(mkdir(PARAM("enabled"), 0755), 0);
	p.set = ZSWAPNL_SET_ENABLED;
	CHECK_INT(zswapnl_set_params(h, &p, &err), -EISDIR);
	CHECK_STR(err.attr, "enabled");

	/*
	 * Without the right to write: as user nobody when root, who may write
	 * anyway. The copy's top folder (mkdtemp's, 0700) opens to others, and
	 * a file they may write takes the set first: what refuses the second
	 * one is the file's mode, not a folder on the way.
	 */
	CHECK_INT(chmod(root, 0755), 0);
	CHECK_INT(chmod(PARAM("compressor"), 0666), 0);
	CHECK_INT(set_compressor_unprivileged(h, "lz4", 0), UNPRIV_OK);
	CHECK_STR(td_read_line(PARAM("compressor")), "lz4");
	CHECK_INT(chmod(PARAM("compressor"), 0444), 0);
	CHECK_INT(set_compressor_unprivileged(h, "zstd", -EACCES), UNPRIV_OK);
	CHECK_STR(td_read_line(PARAM("compressor")), "lz4");
	zswapnl_close(h);
	td_remove_tree(root);
}

static void memcg_max(void)
{
	struct zswapnl_memcg m = { .struct_size = sizeof(m) };
	struct zswapnl_error err;
	struct zswapnl *h;
	uint64_t inner;

	copy_root();
	h = fb_open(root);
	inner = fb_cgroup_id(root, "/outer/inner");
	CHECK_INT(zswapnl_set_memcg_zswap_max(h, inner, 1 << 20, &err), 0);
	CHECK_STR(td_read_line(file("/sys/fs/cgroup/outer/inner/memory.zswap.max")), "1048576");
	CHECK_INT(zswapnl_get_memcg(h, inner, &m, &err), 0);
	CHECK_U64(m.zswap_max, 1 << 20);
	zswapnl_memcg_free(&m);
	CHECK_INT(zswapnl_set_memcg_zswap_max(h, inner, ZSWAPNL_MAX, &err), 0);
	CHECK_STR(td_read_line(file("/sys/fs/cgroup/outer/inner/memory.zswap.max")), "max");
	CHECK_INT(zswapnl_set_memcg_zswap_max(h, inner, 0, &err), 0);
	CHECK_STR(td_read_line(file("/sys/fs/cgroup/outer/inner/memory.zswap.max")), "0");

	/* the root has no memory.zswap.max; ids of no memcg */
	CHECK_INT(zswapnl_set_memcg_zswap_max(h, fb_cgroup_id(root, ""), 0, &err), -EINVAL);
	CHECK_STR(err.msg, "the root cgroup has no memory.zswap.max");
	CHECK_STR(err.attr, "id");
	CHECK_INT(zswapnl_set_memcg_zswap_max(h, fb_cgroup_id(root, "/flat/nomem"), 0, &err),
		  -ENOENT);
	CHECK_STR(err.msg, "the memory controller is not enabled for this cgroup");
	CHECK_INT(zswapnl_set_memcg_zswap_max(h, 0, 0, &err), -ENOENT);
	CHECK_STR(err.msg, "no cgroup with this id");

	/* a memcg whose file went away */
	CHECK_INT(unlink(file("/sys/fs/cgroup/work/memory.zswap.max")), 0);
	CHECK_INT(zswapnl_set_memcg_zswap_max(h, fb_cgroup_id(root, "/work"), 0, &err), -ENOENT);
	CHECK_STR(err.attr, "zswap-max");
	CHECK(strstr(err.msg, "/sys/fs/cgroup/work/memory.zswap.max"));
	/* and reading it leaves zswap_max unknown */
	CHECK_INT(zswapnl_get_memcg_by_path(h, "/work", &m, &err), 0);
	CHECK(!(m.known & ZNL_BIT(ZSWAPNL_M_ZSWAP_MAX)));
	CHECK_U64(m.compressed_bytes, 581559);
	zswapnl_memcg_free(&m);
	zswapnl_close(h);
	td_remove_tree(root);
}

#define WRITEBACK(cg) file("/sys/fs/cgroup" cg "/memory.zswap.writeback")

/* memory.zswap.writeback, in a copy of the 6.12 tree, which has it */
static void memcg_writeback(void)
{
	struct zswapnl_memcg m = { .struct_size = sizeof(m) };
	struct zswapnl_error err;
	struct zswapnl *h;
	uint64_t inner;

	copy_tree("6.12");
	h = fb_open(root);
	inner = fb_cgroup_id(root, "/outer/inner");
	CHECK_INT(zswapnl_set_memcg_writeback(h, inner, false, &err), 0);
	CHECK_STR(td_read_line(WRITEBACK("/outer/inner")), "0");
	CHECK_INT(zswapnl_get_memcg(h, inner, &m, &err), 0);
	CHECK(zswapnl_memcg_known(&m, ZSWAPNL_M_WRITEBACK));
	CHECK(!m.writeback);
	CHECK(!m.writeback_effective);
	zswapnl_memcg_free(&m);
	CHECK_INT(zswapnl_set_memcg_writeback(h, inner, true, &err), 0);
	CHECK_STR(td_read_line(WRITEBACK("/outer/inner")), "1");
	/* its parent's is its own */
	CHECK_STR(td_read_line(WRITEBACK("/outer")), "1");

	/* Upstream Linux gives the root the file too */
	CHECK_INT(zswapnl_set_memcg_writeback(h, fb_cgroup_id(root, ""), false, &err), 0);
	CHECK_STR(td_read_line(WRITEBACK("")), "0");
	CHECK_INT(zswapnl_get_memcg(h, inner, &m, &err), 0);
	CHECK(m.writeback);
	CHECK(!m.writeback_effective);
	zswapnl_memcg_free(&m);

	/* ids of no memcg */
	CHECK_INT(zswapnl_set_memcg_writeback(h, fb_cgroup_id(root, "/flat/nomem"), false, &err),
		  -ENOENT);
	CHECK_STR(err.msg, "the memory controller is not enabled for this cgroup");
	CHECK_INT(zswapnl_set_memcg_writeback(h, 0, false, &err), -ENOENT);
	CHECK_STR(err.msg, "no cgroup with this id");

	/* A kernel that gives the root no such file (the series' patch) */
	CHECK_INT(unlink(WRITEBACK("")), 0);
	CHECK_INT(zswapnl_set_memcg_writeback(h, fb_cgroup_id(root, ""), true, &err),
		  -EOPNOTSUPP);
	CHECK_STR(err.msg, "the root cgroup has no memory.zswap.writeback on this kernel");
	zswapnl_close(h);
	td_remove_tree(root);
}

/* A kernel without the file (6.1): not supported, and nothing made */
static void memcg_writeback_absent(void)
{
	struct zswapnl_error err;
	struct zswapnl *h;

	copy_tree("stock");
	h = fb_open(root);
	CHECK_INT(zswapnl_set_memcg_writeback(h, fb_cgroup_id(root, "/work"), false, &err),
		  -EOPNOTSUPP);
	CHECK_INT(err.code, -EOPNOTSUPP);
	CHECK_STR(err.msg, "this kernel has no memory.zswap.writeback (Linux 6.8 and later have it)");
	CHECK_INT(access(WRITEBACK("/work"), F_OK), -1);
	zswapnl_close(h);
	td_remove_tree(root);
}

TAP_CASES(
	{ "fallback set writes every parameter file, read back by get", set_all },
	{ "fallback set refuses bad params, names the file it cannot write", set_refused },
	{ "fallback memory.zswap.max: bytes, \"max\", and the refusals", memcg_max },
	{ "fallback memory.zswap.writeback: 0 and 1, the root, and the refusals",
	  memcg_writeback },
	{ "fallback memory.zswap.writeback on a kernel without it: -EOPNOTSUPP",
	  memcg_writeback_absent },
)
