/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A cgroup as named on the command line, by numeric id or by path, and
 * finding it, with the error that says why when it is not there.
 */
#ifndef ZSWAPCTL_CGROUP_REF_H
#define ZSWAPCTL_CGROUP_REF_H

#include <stdbool.h>
#include <stdint.h>

#include "zswapctl.h"

#define CGROUP_ROOT "/sys/fs/cgroup"

struct cgroup_ref {
	bool by_id;
	uint64_t id;
	/*
	 * "/" or "/a/b", whichever was given, owned: cgroup_ref_free(). Of
	 * any length: a cgroup's path may be far longer than PATH_MAX.
	 */
	char *path;
};

/*
 * All digits is an id (a cgroup named "123" is "./123" or "/123"). Anything
 * else is a path: relative to the cgroup2 root, absolute below it
 * ("/a/b"), or a full path under /sys/fs/cgroup ("/sys/fs/cgroup/a/b").
 * Repeated and trailing slashes and "." go; ".." is refused.
 * Returns 0, -EINVAL or -ENOMEM.
 */
int cgroup_ref_parse(const char *arg, struct cgroup_ref *ref);
void cgroup_ref_free(struct cgroup_ref *ref);

/*
 * The same where cgroup2 is mounted at @mount ("/sys/fs/cgroup/unified"
 * on a hybrid host): a full path is one under @mount
 */
int cgroup_ref_parse_under(const char *arg, const char *mount,
			   struct cgroup_ref *ref);

/* Is path top itself or below it ("/a/b" is within "/a", "/ab" is not) */
bool cgroup_path_within(const char *path, const char *top);

/*
 * Parse a cgroup argument, a full path being one under the cgroup2 mount
 * point; EXIT_USAGE after a message if it cannot name one, EXIT_SYSTEM
 * when out of memory, else EXIT_OK (free @ref with cgroup_ref_free()).
 */
int cgroup_arg(const struct zswapctl *ctl, const char *arg,
	       struct cgroup_ref *ref);

/*
 * Fetch the memcg ref names into m (free it with zswapnl_memcg_free()).
 * Returns an exit code after a message: EXIT_USAGE when there is no such
 * cgroup, like any other name that does not exist, when it has no memory
 * controller, or when the path is a file's; EXIT_UNSUPPORTED when there is
 * no cgroup2 hierarchy with the memory controller to look in.
 */
int cgroup_lookup(const struct zswapctl *ctl, struct zswapnl *nl,
		  const struct cgroup_ref *ref, struct zswapnl_memcg *m);

/*
 * "no cgroup '/a' under /sys/fs/cgroup", "no cgroup with id 42", or that
 * it has no memory controller (which @err, the library's -ENOENT, may say
 * for an id; NULL if there is none); EXIT_USAGE
 */
int cgroup_not_found(const struct zswapctl *ctl, const struct cgroup_ref *ref,
		     const struct zswapnl_error *err);

#endif /* ZSWAPCTL_CGROUP_REF_H */
