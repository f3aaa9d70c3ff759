// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#include "cgroup_lookup.h"

int cgroup_arg(const char *arg, struct cgroup_ref *ref)
{
	switch (cgroup_ref_parse(arg, ref)) {
	case 0:
		return EXIT_OK;
	case -ENAMETOOLONG:
		return zc_usage("cgroup path too long: '%.64s...'", arg);
	default:
		return zc_usage(
			"invalid cgroup '%s' (a path below %s, or a numeric id above 0)",
			arg, CGROUP_ROOT);
	}
}

/* The folder of a cgroup path exists, on a cgroup2 or a hybrid mount */
static bool cgroup_folder_exists(const struct zswapctl *ctl, const char *path)
{
	static const char *const mounts[] = { CGROUP_ROOT,
					      CGROUP_ROOT "/unified" };
	char dir[CGROUP_PATH_MAX + 64];
	struct stat st;
	size_t i;

	for (i = 0; i < sizeof(mounts) / sizeof(mounts[0]); i++) {
		snprintf(dir, sizeof(dir), "%s%s%s",
			 ctl->sysroot ? ctl->sysroot : "", mounts[i], path);
		if (!stat(dir, &st) && S_ISDIR(st.st_mode))
			return true;
	}
	return false;
}

int cgroup_not_found(const struct zswapctl *ctl, const struct cgroup_ref *ref)
{
	if (ref->by_id)
		return zc_usage("no cgroup with id %" PRIu64, ref->id);
	/* There, but not a memcg: its parent does not enable "memory" */
	if (cgroup_folder_exists(ctl, ref->path))
		return zc_usage(
			"cgroup '%s' has no zswap figures: the memory controller is not enabled for it",
			ref->path);
	return zc_usage("no cgroup '%s' under %s%s", ref->path,
			ctl->sysroot ? ctl->sysroot : "", CGROUP_ROOT);
}

int cgroup_lookup(const struct zswapctl *ctl, struct zswapnl *nl,
		  const struct cgroup_ref *ref, struct zswapnl_memcg *m)
{
	struct zswapnl_error err = { 0 };
	char what[CGROUP_PATH_MAX + 32];
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
		return cgroup_not_found(ctl, ref);
	if (ref->by_id)
		snprintf(what, sizeof(what), "cannot read cgroup %" PRIu64,
			 ref->id);
	else
		snprintf(what, sizeof(what), "cannot read cgroup '%s'",
			 ref->path);
	return zc_lib_error(what, ret, &err);
}
