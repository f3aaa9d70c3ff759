// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Setting several parameters with the fallback is all or none, as one
 * netlink request is: everything is checked and every old value read
 * before the first write, and when a write fails the files written before
 * it get their old values back, last first, and the error says so.
 *
 * Each case works on a FAKE SYSROOT: a copy of the recorded patched tree
 * (tests/data/sysroot-patched) in a temporary folder, in which the file of
 * the third parameter written (max_pool_percent: the order is compressor,
 * zpool, enabled, max_pool_percent, accept_threshold_percent) is made to
 * refuse its write. Tests run as root, who writes any file whatever its
 * mode, so the refusal is one the kernel makes to root too: the file is a
 * symbolic link to /proc/self/fd/N, N a memfd holding "20\n" and sealed
 * (memfd_create(2), F_ADD_SEALS). Sealed against writes and size changes,
 * opening it with O_TRUNC fails with EPERM; sealed against writes only,
 * the open (and its truncation) succeeds and write(2) itself fails with
 * EPERM, as a parameter's write that the kernel rejects does.
 */

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
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

/*
 * Put a sealed memfd holding "20\n" in place of max_pool_percent (the fd
 * stays open for the rest of the case): its fd
 */
static int seal_max_pool_percent(unsigned int seals)
{
	char target[64];
	int fd;

	fd = memfd_create("max_pool_percent", MFD_ALLOW_SEALING);
	if (!CHECK(fd >= 0))
		return -1;
	CHECK_INT(write(fd, "20\n", 3), 3);
	CHECK_INT(fcntl(fd, F_ADD_SEALS, seals), 0);
	snprintf(target, sizeof(target), "/proc/self/fd/%d", fd);
	CHECK_INT(unlink(param("max_pool_percent")), 0);
	CHECK_INT(symlink(target, param("max_pool_percent")), 0);
	/* The fake reads like the file, and root cannot open it to write */
	CHECK_STR(td_read_line(param("max_pool_percent")), "20");
	return fd;
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
	int fd;

	copy_root();
	fd = seal_max_pool_percent(F_SEAL_WRITE | F_SEAL_SHRINK | F_SEAL_GROW | F_SEAL_SEAL);
	h = fb_open(root);
	CHECK_INT(zswapnl_set_params(h, &three, &err), -EPERM);
	CHECK_INT(err.code, -EPERM);
	CHECK_STR(err.attr, "max-pool-percent");
	/* why, and what was done about it: the later one set back first */
	CHECK(strstr(err.msg, "cannot write "));
	CHECK(strstr(err.msg, "/sys/module/zswap/parameters/max_pool_percent: "
			      "Operation not permitted"));
	CHECK(strstr(err.msg, "; set back: zpool, compressor"));
	CHECK(!strstr(err.msg, "NOT set back"));
	if (!CHECK(strlen(err.msg) < sizeof(err.msg) - 1))
		tap_diag("message cut: %s", err.msg);
	/* every file as it was, the fake's value too */
	check_recorded();
	CHECK_STR(td_read_line(param("max_pool_percent")), "20");
	CHECK_INT(zswapnl_get_global(h, &g, &err), 0);
	CHECK_STR(g.compressor, "lzo");
	CHECK_STR(g.zpool, "zbud");
	CHECK_U64(g.max_pool_percent, 20);
	zswapnl_close(h);
	close(fd);
	td_remove_tree(root);
}

/* write(2) of the third fails after its open: the first two are set back */
static void third_write_fails(void)
{
	struct zswapnl_error err;
	struct zswapnl *h;
	int fd;

	copy_root();
	fd = seal_max_pool_percent(F_SEAL_WRITE);
	h = fb_open(root);
	CHECK_INT(zswapnl_set_params(h, &three, &err), -EPERM);
	CHECK_STR(err.attr, "max-pool-percent");
	CHECK(strstr(err.msg, "; set back: zpool, compressor"));
	check_recorded();
	/* O_TRUNC emptied the fake, as it would not a sysfs file: not checked */
	zswapnl_close(h);
	close(fd);
	td_remove_tree(root);
}

/* A value written as it was needs no setting back, and gets none */
static void unchanged_not_set_back(void)
{
	struct zswapnl_params p = three;
	struct zswapnl_error err;
	struct zswapnl *h;
	int fd;

	copy_root();
	fd = seal_max_pool_percent(F_SEAL_WRITE | F_SEAL_SHRINK | F_SEAL_GROW);
	h = fb_open(root);
	p.compressor = "lzo";
	CHECK_INT(zswapnl_set_params(h, &p, &err), -EPERM);
	CHECK(strstr(err.msg, "; set back: zpool"));
	CHECK(!strstr(err.msg, "compressor"));
	check_recorded();
	zswapnl_close(h);
	close(fd);
	td_remove_tree(root);
}

/*
 * A file that cannot be set back: zpool's old value, "z3fold", is longer
 * than RLIMIT_FSIZE lets this process write (5 bytes), the new one,
 * "zbud", is not. The error says which one stayed changed, and why.
 */
static void set_back_fails(void)
{
	struct rlimit five = { 5, 5 };
	struct zswapnl_params p = three;
	struct zswapnl_error err;
	struct zswapnl *h;
	int fd;

	copy_root();
	CHECK_INT(td_write(param("zpool"), "z3fold\n"), 0);
	fd = seal_max_pool_percent(F_SEAL_WRITE | F_SEAL_SHRINK | F_SEAL_GROW);
	h = fb_open(root);
	/* a write past the limit is EFBIG, not a SIGXFSZ that ends the case */
	signal(SIGXFSZ, SIG_IGN);
	CHECK_INT(setrlimit(RLIMIT_FSIZE, &five), 0);
	p.zpool = "zbud";
	CHECK_INT(zswapnl_set_params(h, &p, &err), -EPERM);
	CHECK(strstr(err.msg, "; set back: compressor"));
	CHECK(strstr(err.msg, "; NOT set back: zpool ("));
	CHECK_STR(td_read_line(param("compressor")), "lzo");
	CHECK(strcmp(td_read_line(param("zpool")), "z3fold") != 0);
	zswapnl_close(h);
	close(fd);
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
