// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Setting several parameters with the fallback is all or none, as one
 * netlink request is: everything is checked and every old value read
 * before the first write, and when a write fails the files written before
 * it get their old values back, last first, and the error says so.
 *
 * Each case works on a FAKE SYSROOT: a copy of the recorded patched tree
 * (tests/data/sysroot-patched) in a temporary folder, in which the file of
 * the third parameter written (the order is compressor, zpool, enabled,
 * max_pool_percent, accept_threshold_percent) is made to refuse its write.
 * Tests run as root, who writes any file whatever its mode, so the refusal
 * is one the kernel makes to root too: max_pool_percent bind-mounted on
 * itself read-only, in a mount namespace of this process's own (open(2)
 * fails with EROFS; the library follows no symbolic link to a parameter's
 * file, so a link to something that refuses will not do), or
 * RLIMIT_FSIZE below the length of the third value only (the open
 * succeeds and write(2) writes less than asked). The mount cases skip where
 * no private mount can be made: without CAP_SYS_ADMIN, or in a chroot,
 * whose root is no mount point to make private (the trixie package build
 * of tests/pkg/trixie.bats); the host's make check runs them.
 */

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <sched.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/mount.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include "fallback.h"
#include "internal.h"
#include "tap.h"
#include "testdata.h"

static char root[PATH_MAX];

static void copy_root(void)
{
	snprintf(root, sizeof(root), "%s", td_tmpdir());
	if (!CHECK_INT(td_copy_tree(td_path("tests/data/sysroot-patched"), root), 0))
		tap_diag("copy to %s: %m", root);
}

static const char *param(const char *name)
{
	static char path[2 * PATH_MAX];

	snprintf(path, sizeof(path), "%s/sys/module/zswap/parameters/%s", root, name);
	return path;
}

/* The recorded values, which every case starts from */
static void check_recorded(void)
{
	CHECK_STR(td_read_line(param("compressor")), "lzo");
	CHECK_STR(td_read_line(param("zpool")), "zbud");
	CHECK_STR(td_read_line(param("enabled")), "Y");
	CHECK_STR(td_read_line(param("accept_threshold_percent")), "90");
}

/* Mounts of this process only, none seen by the host, or the case skips */
static void private_mounts_or_skip(void)
{
	if (unshare(CLONE_NEWNS))
		tap_skip("no mount namespace of its own: %m");
	if (mount("none", "/", "none", MS_REC | MS_PRIVATE, NULL))
		tap_skip("/ cannot be made a private mount (a chroot?): %m");
}

/* max_pool_percent made read-only (it reads "20" still) */
static void freeze_max_pool_percent(void)
{
	const char *file = param("max_pool_percent");

	CHECK_INT(mount(file, file, "none", MS_BIND, NULL), 0);
	CHECK_INT(mount("none", file, "none", MS_REMOUNT | MS_BIND | MS_RDONLY, NULL), 0);
	CHECK_STR(td_read_line(file), "20");
	/* root cannot write it either */
	CHECK_INT(td_write(file, "33"), -1);
	CHECK_INT(errno, EROFS);
}

/* The mount of freeze_max_pool_percent() taken away, so the tree can go */
static void thaw_max_pool_percent(void)
{
	CHECK_INT(umount2(param("max_pool_percent"), MNT_DETACH), 0);
}

static const struct zswapnl_params three = {
	.struct_size = sizeof(three),
	.set = ZSWAPNL_SET_COMPRESSOR | ZSWAPNL_SET_ZPOOL | ZSWAPNL_SET_MAX_POOL_PERCENT,
	.compressor = "zstd",
	.zpool = "zsmalloc",
	.max_pool_percent = 33,
};

/* The open of the third file fails: the first two are written, then set back */
static void third_open_fails(void)
{
	struct zswapnl_global g = { .struct_size = sizeof(g) };
	struct zswapnl_error err;
	struct zswapnl *h;

	private_mounts_or_skip();
	copy_root();
	freeze_max_pool_percent();
	h = fb_open(root);
	CHECK_INT(zswapnl_set_params(h, &three, &err), -EROFS);
	CHECK_INT(err.code, -EROFS);
	CHECK_STR(err.attr, "max-pool-percent");
	/* why, and what was done about it: the later one set back first */
	CHECK(strstr(err.msg, "cannot write "));
	CHECK(strstr(err.msg, "/sys/module/zswap/parameters/max_pool_percent: "
			      "Read-only file system"));
	CHECK(strstr(err.msg, "; set back: zpool, compressor"));
	CHECK(!strstr(err.msg, "NOT set back"));
	if (!CHECK(strlen(err.msg) < sizeof(err.msg) - 1))
		tap_diag("message cut: %s", err.msg);
	/* every file as it was */
	check_recorded();
	CHECK_STR(td_read_line(param("max_pool_percent")), "20");
	CHECK_INT(zswapnl_get_global(h, &g, &err), 0);
	CHECK_STR(g.compressor, "lzo");
	CHECK_STR(g.zpool, "zbud");
	CHECK_U64(g.max_pool_percent, 20);
	zswapnl_close(h);
	thaw_max_pool_percent();
	td_remove_tree(root);
}

/*
 * write(2) of the third fails after its open: the first two are set back.
 * The values are "N", "5" and "100"; RLIMIT_FSIZE of 2 bytes takes the
 * first two, and the old values ("Y", "20"), and cuts the third short.
 */
static void third_write_fails(void)
{
	struct zswapnl_params p = {
		.struct_size = sizeof(p),
		.set = ZSWAPNL_SET_ENABLED | ZSWAPNL_SET_MAX_POOL_PERCENT |
		       ZSWAPNL_SET_ACCEPT_THRESHOLD_PERCENT,
		.enabled = false,
		.max_pool_percent = 5,
		.accept_threshold_percent = 100,
	};
	struct rlimit two, old;
	struct zswapnl_error err;
	struct zswapnl *h;

	copy_root();
	h = fb_open(root);
	/* a write past the limit is EFBIG, not a SIGXFSZ that ends the case */
	signal(SIGXFSZ, SIG_IGN);
	CHECK_INT(getrlimit(RLIMIT_FSIZE, &old), 0);
	/* the soft limit only, which can be raised again */
	two = (struct rlimit){ 2, old.rlim_max };
	CHECK_INT(setrlimit(RLIMIT_FSIZE, &two), 0);
	CHECK_INT(zswapnl_set_params(h, &p, &err), -EIO);
	CHECK_INT(setrlimit(RLIMIT_FSIZE, &old), 0);
	CHECK_STR(err.attr, "accept-threshold-percent");
	if (!CHECK(strstr(err.msg, "; set back: max-pool-percent, enabled")))
		tap_diag("%s", err.msg);
	CHECK(!strstr(err.msg, "NOT set back"));
	CHECK_STR(td_read_line(param("enabled")), "Y");
	CHECK_STR(td_read_line(param("max_pool_percent")), "20");
	/* O_TRUNC and the short write left "10": a sysfs file would keep 90 */
	zswapnl_close(h);
	td_remove_tree(root);
}

/* A value written as it was needs no setting back, and gets none */
static void unchanged_not_set_back(void)
{
	struct zswapnl_params p = three;
	struct zswapnl_error err;
	struct zswapnl *h;

	private_mounts_or_skip();
	copy_root();
	freeze_max_pool_percent();
	h = fb_open(root);
	p.compressor = "lzo";
	CHECK_INT(zswapnl_set_params(h, &p, &err), -EROFS);
	CHECK(strstr(err.msg, "; set back: zpool"));
	CHECK(!strstr(err.msg, "compressor"));
	check_recorded();
	zswapnl_close(h);
	thaw_max_pool_percent();
	td_remove_tree(root);
}

/*
 * A file that cannot be set back: zpool's old value, "z3fold", is longer
 * than RLIMIT_FSIZE lets this process write (5 bytes), the new one,
 * "zbud", is not. The error says which one stayed changed, and why.
 */
static void set_back_fails(void)
{
	struct rlimit five, old;
	struct zswapnl_params p = three;
	struct zswapnl_error err;
	struct zswapnl *h;

	private_mounts_or_skip();
	copy_root();
	CHECK_INT(td_write(param("zpool"), "z3fold\n"), 0);
	freeze_max_pool_percent();
	h = fb_open(root);
	/* a write past the limit is EFBIG, not a SIGXFSZ that ends the case */
	signal(SIGXFSZ, SIG_IGN);
	CHECK_INT(getrlimit(RLIMIT_FSIZE, &old), 0);
	five = (struct rlimit){ 5, old.rlim_max };
	CHECK_INT(setrlimit(RLIMIT_FSIZE, &five), 0);
	p.zpool = "zbud";
	CHECK_INT(zswapnl_set_params(h, &p, &err), -EROFS);
	CHECK_INT(setrlimit(RLIMIT_FSIZE, &old), 0);
	CHECK(strstr(err.msg, "; set back: compressor"));
	CHECK(strstr(err.msg, "; NOT set back: zpool ("));
	CHECK_STR(td_read_line(param("compressor")), "lzo");
	CHECK(strcmp(td_read_line(param("zpool")), "z3fold") != 0);
	zswapnl_close(h);
	thaw_max_pool_percent();
	td_remove_tree(root);
}

/* Checked before the first write: nothing is written at all */
static void refused_before_writing(void)
{
	struct zswapnl_params p = three;
	struct zswapnl_error err;
	struct zswapnl *h;

	copy_root();
	h = fb_open(root);

	/* a percentage above 100, the last parameter in the kernel's order */
	p.set |= ZSWAPNL_SET_ACCEPT_THRESHOLD_PERCENT;
	p.accept_threshold_percent = 101;
	CHECK_INT(zswapnl_set_params(h, &p, &err), -ERANGE);
	CHECK_STR(err.attr, "accept-threshold-percent");
	check_recorded();
	CHECK_STR(td_read_line(param("max_pool_percent")), "20");

	/* names the kernel cannot take: too long, a space, a slash */
	p = three;
	p.zpool = "zsmalloc-with-a-name-of-32-bytes";
	CHECK_INT(zswapnl_set_params(h, &p, &err), -ERANGE);
	CHECK_STR(err.attr, "zpool");
	p.zpool = "zs malloc";
	CHECK_INT(zswapnl_set_params(h, &p, &err), -EINVAL);
	p.zpool = "../zbud";
	CHECK_INT(zswapnl_set_params(h, &p, &err), -EINVAL);
	check_recorded();

	/*
	 * A parameter this kernel does not have (Linux 6.18 removed zpool):
	 * not supported, named, and nothing else written either
	 */
	CHECK_INT(unlink(param("zpool")), 0);
	CHECK_INT(zswapnl_set_params(h, &three, &err), -EOPNOTSUPP);
	CHECK_STR(err.attr, "zpool");
	CHECK_STR(err.msg, "this kernel has no zpool layer (Linux 6.18 and later)");
	CHECK_STR(td_read_line(param("compressor")), "lzo");
	CHECK_STR(td_read_line(param("max_pool_percent")), "20");

	/* an old value that cannot be read could not be put back */
	CHECK_INT(td_write(param("zpool"), "zbud\n"), 0);
	CHECK_INT(unlink(param("max_pool_percent")), 0);
	CHECK_INT(mkdir(param("max_pool_percent"), 0755), 0);
	CHECK_INT(zswapnl_set_params(h, &three, &err), -EISDIR);
	CHECK_STR(err.attr, "max-pool-percent");
	check_recorded();
	zswapnl_close(h);
	td_remove_tree(root);
}

TAP_CASES(
	{ "fake sysroot, 3rd file cannot be opened: the first two set back, last first",
	  third_open_fails },
	{ "fake sysroot, 3rd write(2) fails: the first two set back", third_write_fails },
	{ "fake sysroot: a value written as it was is not set back", unchanged_not_set_back },
	{ "fake sysroot: a file that cannot be set back is named, with why", set_back_fails },
	{ "fake sysroot: range, names, a missing parameter, an unreadable value: nothing written",
	  refused_before_writing },
)
