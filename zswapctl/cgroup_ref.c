// SPDX-License-Identifier: GPL-2.0
/*
 * The cgroup a command line names: parsed (a path or an id), and found
 * where the cgroup2 hierarchy is mounted (/proc/self/mountinfo:
 * /sys/fs/cgroup, or /sys/fs/cgroup/unified on a hybrid host), with the
 * errors that say which cgroup is not there, under which root, or that it
 * is there without the memory controller.
 */
#include <errno.h>
#include <inttypes.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cgroup_ref.h"
#include "parse.h"

/* Skip the mount point of a full path, but not of "/sys/fs/cgroupX" */
static const char *strip_mount(const char *arg, const char *mount)
{
	size_t len = strlen(mount);

	/* "/": every absolute path is a full path already */
	if (len == 1 && mount[0] == '/')
		return arg;
	if (!strncmp(arg, mount, len) && (arg[len] == '/' || !arg[len]))
		return arg + len;
	return arg;
}

int cgroup_ref_parse(const char *arg, struct cgroup_ref *ref)
{
	return cgroup_ref_parse_under(arg, CGROUP_ROOT, ref);
}

int cgroup_ref_parse_under(const char *arg, const char *mount,
			   struct cgroup_ref *ref)
{
	const char *p;
	size_t n = 0;

	memset(ref, 0, sizeof(*ref));
	if (!*arg)
		return -EINVAL;
	if (!parse_u64(arg, &ref->id)) {
		ref->by_id = true;
		return ref->id ? 0 : -EINVAL;
	}
	if (strspn(arg, "0123456789") == strlen(arg))
		return -EINVAL; /* digits, but too many */

	/* No longer than the argument, and "/" */
	ref->path = malloc(strlen(arg) + 2);
	if (!ref->path)
		return -ENOMEM;
	/* Copy one component at a time, each after one slash */
	for (p = strip_mount(arg, mount); *p;) {
		size_t len;

		while (*p == '/')
			p++;
		len = strcspn(p, "/");
		if (!len)
			break;
		if (len == 1 && p[0] == '.') {
			p += len;
			continue;
		}
		if (len == 2 && p[0] == '.' && p[1] == '.') {
			cgroup_ref_free(ref);
			return -EINVAL;
		}
		ref->path[n++] = '/';
		memcpy(ref->path + n, p, len);
		n += len;
		p += len;
	}
	if (!n)
		ref->path[n++] = '/';
	ref->path[n] = '\0';
	return 0;
}

void cgroup_ref_free(struct cgroup_ref *ref)
{
	free(ref->path);
	ref->path = NULL;
}

bool cgroup_path_within(const char *path, const char *top)
{
	size_t len = strlen(top);

	if (!strcmp(top, "/"))
		return path[0] == '/';
	return !strncmp(path, top, len) && (path[len] == '/' || !path[len]);
}

/* The mount point, or where it usually is when none is mounted */
static void mount_point(const struct zswapctl *ctl, char *mnt, size_t size)
{
	if (zc_cgroup_mount(ctl, mnt, size))
		snprintf(mnt, size, "%s", CGROUP_ROOT);
}

int cgroup_arg(const struct zswapctl *ctl, const char *arg,
	       struct cgroup_ref *ref)
{
	char mnt[PATH_MAX];

	mount_point(ctl, mnt, sizeof(mnt));
	switch (cgroup_ref_parse_under(arg, mnt, ref)) {
	case 0:
		return EXIT_OK;
	case -ENOMEM:
		zc_error("out of memory");
		return EXIT_SYSTEM;
	default:
		return zc_usage(
			"invalid cgroup '%s' (a path below %s, or a numeric id above 0)",
			arg, mnt);
	}
}

/* The folder of a cgroup path exists where cgroup2 is mounted */
static bool cgroup_folder_exists(const struct zswapctl *ctl, const char *mnt,
				 const char *path)
{
	struct stat st;
	char *dir;
	bool found;

	if (asprintf(&dir, "%s%s%s", ctl->sysroot ? ctl->sysroot : "", mnt,
		     path) < 0)
		return false;
	found = !stat(dir, &st) && S_ISDIR(st.st_mode);
	free(dir);
	return found;
}

/*
 * The library's -ENOENT says whether the cgroup is there without the
 * memory controller: both sources (the family's extack and the files)
 * word it so
 */
static bool no_memory_controller(const struct zswapnl_error *err)
{
	return err && strstr(err->msg, "memory controller");
}

int cgroup_not_found(const struct zswapctl *ctl, const struct cgroup_ref *ref,
		     const struct zswapnl_error *err)
{
	char mnt[PATH_MAX];

	if (ref->by_id && no_memory_controller(err))
		return zc_usage(
			"cgroup %" PRIu64
			" has no memory controller: its parent does not enable \"memory\" in cgroup.subtree_control",
			ref->id);
	if (ref->by_id)
		return zc_usage("no cgroup with id %" PRIu64, ref->id);
	mount_point(ctl, mnt, sizeof(mnt));
	/*
	 * There, but not a memcg: its parent does not enable "memory" (the
	 * library says so, whatever the length of the path)
	 */
	if (no_memory_controller(err) ||
	    cgroup_folder_exists(ctl, mnt, ref->path))
		return zc_usage(
			"cgroup '%s' has no memory controller: its parent does not enable \"memory\" in cgroup.subtree_control",
			ref->path);
	return zc_usage("no cgroup '%s' under %s%s", ref->path,
			ctl->sysroot ? ctl->sysroot : "", mnt);
}

int cgroup_lookup(const struct zswapctl *ctl, struct zswapnl *nl,
		  const struct cgroup_ref *ref, struct zswapnl_memcg *m)
{
	struct zswapnl_error err = { 0 };
	char what[PATH_MAX + 32], mnt[PATH_MAX];
	int ret;

	memset(m, 0, sizeof(*m));
	m->struct_size = sizeof(*m);
	if (ref->by_id)
		ret = zswapnl_get_memcg(nl, ref->id, m, &err);
	else
		ret = zswapnl_get_memcg_by_path(nl, ref->path, m, &err);
	if (!ret)
		return EXIT_OK;
	if (ret == -ENOENT)
		return cgroup_not_found(ctl, ref, &err);
	/* A file, or a path through one: a name that is not a cgroup's */
	if (ret == -ENOTDIR) {
		mount_point(ctl, mnt, sizeof(mnt));
		return zc_usage(
			"'%s' is not a cgroup: a file, not a folder, under %s%s",
			ref->path, ctl->sysroot ? ctl->sysroot : "", mnt);
	}
	if (ref->by_id)
		snprintf(what, sizeof(what), "cannot read cgroup %" PRIu64,
			 ref->id);
	else
		snprintf(what, sizeof(what), "cannot read cgroup '%s'",
			 ref->path);
	return zc_lib_error(what, ret, &err);
}
