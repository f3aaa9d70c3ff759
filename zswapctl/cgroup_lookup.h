/* SPDX-License-Identifier: GPL-2.0 */
/* Finding the cgroup that the command line names, with the error if none. */
#ifndef ZSWAPCTL_CGROUP_LOOKUP_H
#define ZSWAPCTL_CGROUP_LOOKUP_H

#include "cgroup_ref.h"
#include "zswapctl.h"

/*
 * Parse a cgroup argument, a full path being one under the cgroup2 mount
 * point; EXIT_USAGE after a message if it cannot name one, else EXIT_OK.
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

#endif /* ZSWAPCTL_CGROUP_LOOKUP_H */
