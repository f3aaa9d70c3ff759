// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Where the fallback finds the cgroup v2 hierarchy: the cgroup2 mount of
 * /proc/self/mountinfo under the root (cgroup2_mount.h), /sys/fs/cgroup
 * under a root without that file, and -EOPNOTSUPP, saying why, where there
 * is no cgroup2 hierarchy or none with the memory controller.
 *
 * The mountinfo texts are lines as the kernel writes them, the hybrid one
 * from a Debian host with systemd's legacy layout (cgroup v1 controllers
 * in /sys/fs/cgroup/<name>, cgroup2 in /sys/fs/cgroup/unified). The trees
 * are FAKE SYSROOTS: copies of tests/data/sysroot-patched, rearranged and
 * given a proc/self/mountinfo in a temporary folder.
 */

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cgroup2_mount.h"
#include "fallback.h"
#include "internal.h"
#include "tap.h"
#include "testdata.h"

#define ROOT_LINE "22 1 8:1 / / rw,relatime shared:1 - ext4 /dev/sda1 rw\n"
#define UNIFIED "25 22 0:23 / /sys/fs/cgroup rw,nosuid shared:4 - cgroup2 cgroup2 rw,nsdelegate\n"
#define HYBRID                                                                              \
	"31 23 0:28 / /sys/fs/cgroup ro,nosuid shared:9 - tmpfs tmpfs ro,mode=755\n"        \
	"32 31 0:29 / /sys/fs/cgroup/unified rw,nosuid shared:10 - cgroup2 cgroup2 rw\n"    \
	"33 31 0:30 / /sys/fs/cgroup/systemd rw shared:11 - cgroup cgroup rw,name=systemd\n" \
	"35 31 0:32 / /sys/fs/cgroup/memory rw shared:13 - cgroup cgroup rw,memory\n"

static void mount_of(const char *text, int want_ret, const char *want)
{
	char buf[PATH_MAX];
	int ret;

	ret = znl_cgroup2_mount(text, buf, sizeof(buf));
	CHECK_INT(ret, want_ret);
	if (!ret && want)
		CHECK_STR(buf, want);
}

static void parse(void)
{
	char small[8];

	mount_of(ROOT_LINE UNIFIED, 0, "/sys/fs/cgroup");
	/* hybrid: the v1 "memory" mount is not it, nor the tmpfs */
	mount_of(ROOT_LINE HYBRID, 0, "/sys/fs/cgroup/unified");
	/* cgroup v1 only */
	mount_of(ROOT_LINE "35 22 0:32 / /sys/fs/cgroup/memory rw - cgroup cgroup rw,memory\n",
		 -ENOENT, NULL);
	mount_of("", -ENOENT, NULL);
	/* no optional fields, several, and a last line without its newline */
	mount_of("25 22 0:23 / /sys/fs/cgroup rw - cgroup2 cgroup2 rw", 0, "/sys/fs/cgroup");
	mount_of("25 22 0:23 / /sys/fs/cgroup rw shared:4 master:1 propagate_from:2 unbindable"
		 " - cgroup2 none rw\n", 0, "/sys/fs/cgroup");
	/* the type is the field after "-": "cgroup2" elsewhere is no clue */
	mount_of("40 22 0:40 / /cgroup2 rw - tmpfs cgroup2 rw\n", -ENOENT, NULL);
	/* a mount point with a space, tab, newline and backslash, escaped */
	mount_of("40 22 0:40 / /mnt/a\\040b\\011c\\012d\\134e rw - cgroup2 cgroup2 rw\n", 0,
		 "/mnt/a b\tc\nd\\e");
	/* the usual places win over another, whatever the order */
	mount_of(ROOT_LINE "40 22 0:40 / /mnt/cg rw - cgroup2 cgroup2 rw\n" UNIFIED, 0,
		 "/sys/fs/cgroup");
	mount_of(ROOT_LINE "40 22 0:40 / /mnt/cg rw - cgroup2 cgroup2 rw\n"
		 "41 22 0:41 / /mnt/other rw - cgroup2 cgroup2 rw\n", 0, "/mnt/cg");
	/* a cgroup2 mount with another mounted over it is not seen there */
	mount_of(ROOT_LINE UNIFIED "31 25 0:28 / /sys/fs/cgroup rw - tmpfs tmpfs rw\n"
		 "32 31 0:29 / /sys/fs/cgroup/unified rw - cgroup2 cgroup2 rw\n", 0,
		 "/sys/fs/cgroup/unified");
	CHECK_INT(znl_cgroup2_mount(UNIFIED, small, sizeof(small)), -ENAMETOOLONG);
	/* lines cut short: no crash, no mount */
	mount_of("25 22 0:23 /\n25 22\n - cgroup2\n", -ENOENT, NULL);
}

static char root[PATH_MAX];

static const char *under(const char *rel)
{
	static char path[2 * PATH_MAX];

	snprintf(path, sizeof(path), "%s%s", root, rel);
	return path;
}

/*
 * A copy of the patched tree laid out as a hybrid host: its cgroup2 tree
 * moved to sys/fs/cgroup/unified, beside a v1 "memory" folder with a
 * memcg of its own that must not be listed
 */
static void hybrid_root(const char *mountinfo)
{
	char cmd[4 * PATH_MAX];

	snprintf(root, sizeof(root), "%s", td_tmpdir());
	CHECK_INT(td_copy_tree(td_path("tests/data/sysroot-patched"), root), 0);
	snprintf(cmd, sizeof(cmd), "%s", under("/sys/fs/cgroup.v2"));
	CHECK_INT(rename(under("/sys/fs/cgroup"), cmd), 0);
	CHECK_INT(mkdir(under("/sys/fs/cgroup"), 0755), 0);
	CHECK_INT(rename(cmd, under("/sys/fs/cgroup/unified")), 0);
	CHECK_INT(mkdir(under("/sys/fs/cgroup/memory"), 0755), 0);
	CHECK_INT(mkdir(under("/sys/fs/cgroup/memory/v1only"), 0755), 0);
	CHECK_INT(td_write(under("/sys/fs/cgroup/memory/v1only/memory.stat"), "cache 0\n"), 0);
	/* the recorded tree's own mountinfo goes, or gives way to @mountinfo */
	CHECK(!mkdir(under("/proc/self"), 0755) || errno == EEXIST);
	if (mountinfo)
		CHECK_INT(td_write(under("/proc/self/mountinfo"), mountinfo), 0);
	else
		CHECK(!unlink(under("/proc/self/mountinfo")) || errno == ENOENT);
}

static void hybrid(void)
{
	struct zswapnl_memcg_list l = { 0 };
	struct zswapnl_memcg m = { .struct_size = sizeof(m) };
	struct zswapnl_error err;
	struct zswapnl *h;
	size_t i;

	hybrid_root(ROOT_LINE HYBRID);
	h = fb_open(root);
	CHECK_INT(zswapnl_list_memcgs(h, &l, &err), 0);
	CHECK_INT(l.count, 5);
	CHECK(fb_find(&l, "/outer/inner"));
	for (i = 0; i < l.count; i++)
		if (!CHECK(!strstr(l.items[i]->path, "v1only") &&
			   !strstr(l.items[i]->path, "unified")))
			tap_diag("listed: %s", l.items[i]->path);
	zswapnl_memcg_list_free(&l);
	CHECK_INT(zswapnl_get_memcg_by_path(h, "/outer/inner", &m, &err), 0);
	zswapnl_memcg_free(&m);
	CHECK_INT(zswapnl_get_memcg_by_path(h, "/memory/v1only", &m, &err), -ENOENT);

	/* the v2 tree without the memory controller: not an empty list */
	CHECK_INT(td_write(under("/sys/fs/cgroup/unified/cgroup.controllers"), "cpu io pids\n"),
		  0);
	CHECK_INT(zswapnl_list_memcgs(h, &l, &err), -EOPNOTSUPP);
	CHECK(strstr(err.msg, "/sys/fs/cgroup/unified has no memory controller"));
	CHECK_INT(zswapnl_get_memcg_by_path(h, "/outer", &m, &err), -EOPNOTSUPP);
	zswapnl_close(h);
	td_remove_tree(root);
}

/* cgroup v1 only: mountinfo lists no cgroup2, whatever folders there are */
static void v1_only(void)
{
	struct zswapnl_memcg_list l = { 0 };
	struct zswapnl_error err;
	struct zswapnl *h;

	hybrid_root(ROOT_LINE "35 22 0:32 / /sys/fs/cgroup/memory rw - cgroup cgroup rw,memory\n");
	h = fb_open(root);
	CHECK_INT(zswapnl_list_memcgs(h, &l, &err), -EOPNOTSUPP);
	CHECK(strstr(err.msg, "no cgroup v2 hierarchy is mounted"));
	CHECK(strstr(err.msg, "/proc/self/mountinfo"));
	CHECK_INT(l.count, 0);
	zswapnl_close(h);
	td_remove_tree(root);
}

/* A tree without mountinfo: /sys/fs/cgroup, and no guess at "unified" */
static void no_mountinfo(void)
{
	struct zswapnl_memcg_list l = { 0 };
	struct zswapnl_error err;
	struct zswapnl *h;

	hybrid_root(NULL);
	h = fb_open(root);
	CHECK_INT(zswapnl_list_memcgs(h, &l, &err), -EOPNOTSUPP);
	CHECK(strstr(err.msg, "no cgroup v2 hierarchy at "));
	CHECK(strstr(err.msg, "/sys/fs/cgroup"));
	zswapnl_close(h);
	td_remove_tree(root);

	/* the recorded tree as it is, without the file: its cgroups */
	snprintf(root, sizeof(root), "%s", td_tmpdir());
	CHECK_INT(td_copy_tree(td_path("tests/data/sysroot-patched"), root), 0);
	CHECK(!unlink(under("/proc/self/mountinfo")) || errno == ENOENT);
	h = fb_open(root);
	CHECK_INT(zswapnl_list_memcgs(h, &l, &err), 0);
	CHECK_INT(l.count, 5);
	zswapnl_memcg_list_free(&l);
	zswapnl_close(h);
	td_remove_tree(root);
}

/* The recorded trees have the guest's own mountinfo: cgroup2 at /sys/fs/cgroup */
static void recorded(void)
{
	static const char *const trees[] = { "tests/data/sysroot-patched",
					     "tests/data/sysroot-stock" };
	struct zswapnl_memcg_list l = { 0 };
	struct zswapnl_error err;
	struct zswapnl *h;
	char *text;
	char mnt[PATH_MAX];
	size_t i;

	for (i = 0; i < ZNL_ARRAY_SIZE(trees); i++) {
		snprintf(root, sizeof(root), "%s", td_path(trees[i]));
		if (!CHECK_INT(znl_read_text_at(AT_FDCWD, under("/proc/self/mountinfo"), &text, NULL), 0))
			continue;
		CHECK_INT(znl_cgroup2_mount(text, mnt, sizeof(mnt)), 0);
		CHECK_STR(mnt, "/sys/fs/cgroup");
		free(text);
		h = fb_open(root);
		CHECK_INT(zswapnl_list_memcgs(h, &l, &err), 0);
		CHECK(l.count >= 4);
		zswapnl_memcg_list_free(&l);
		zswapnl_close(h);
	}
}

TAP_CASES(
	{ "the recorded trees: mountinfo of the guest, cgroup2 at /sys/fs/cgroup", recorded },
	{ "cgroup2's mount point from mountinfo lines", parse },
	{ "fake hybrid sysroot: the cgroups of unified/, none of v1's; no memory: -EOPNOTSUPP",
	  hybrid },
	{ "fake sysroot with cgroup v1 only: -EOPNOTSUPP, naming mountinfo", v1_only },
	{ "fake sysroot without mountinfo: /sys/fs/cgroup", no_mountinfo },
)
