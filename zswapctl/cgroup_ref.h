/* SPDX-License-Identifier: GPL-2.0 */
/* A cgroup as named on the command line: by numeric id or by path. */
#ifndef ZSWAPCTL_CGROUP_REF_H
#define ZSWAPCTL_CGROUP_REF_H

#include <stdbool.h>
#include <stdint.h>

#define CGROUP_ROOT "/sys/fs/cgroup"
#define CGROUP_PATH_MAX 4096

struct cgroup_ref {
	bool by_id;
	uint64_t id;
	char path[CGROUP_PATH_MAX]; /* "/" or "/a/b", whichever was given */
};

/*
 * All digits is an id (a cgroup named "123" is "./123" or "/123"). Anything
 * else is a path: relative to the cgroup2 root, absolute below it
 * ("/a/b"), or a full path under /sys/fs/cgroup ("/sys/fs/cgroup/a/b").
 * Repeated and trailing slashes and "." go; ".." is refused.
 * Returns 0, -EINVAL or -ENAMETOOLONG.
 */
int cgroup_ref_parse(const char *arg, struct cgroup_ref *ref);

/*
 * The same where cgroup2 is mounted at @mount ("/sys/fs/cgroup/unified"
 * on a hybrid host): a full path is one under @mount
 */
int cgroup_ref_parse_under(const char *arg, const char *mount,
			   struct cgroup_ref *ref);

/* Is path top itself or below it ("/a/b" is within "/a", "/ab" is not) */
bool cgroup_path_within(const char *path, const char *top);

#endif /* ZSWAPCTL_CGROUP_REF_H */
