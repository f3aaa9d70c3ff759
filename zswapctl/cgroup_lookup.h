/* SPDX-License-Identifier: GPL-2.0 */
/* Finding the cgroup that the command line names, with the error if none. */
#ifndef ZSWAPCTL_CGROUP_LOOKUP_H
#define ZSWAPCTL_CGROUP_LOOKUP_H

#include "cgroup_ref.h"
#include "zswapctl.h"

/*
 * Parse a cgroup argument; EXIT_USAGE after a message if it cannot name
 * one, else EXIT_OK.
 */
int cgroup_arg(const char *arg, struct cgroup_ref *ref);

/*
 * Fetch the memcg ref names into m (free it with zswapnl_memcg_free()).
 * Returns an exit code after a message: EXIT_USAGE when there is no such
 * cgroup, like any other name that does not exist.
 */
int cgroup_lookup(const struct zswapctl *ctl, struct zswapnl *nl,
		  const struct cgroup_ref *ref, struct zswapnl_memcg *m);

/* "no cgroup '/a' under /sys/fs/cgroup" or "no cgroup with id 42" */
int cgroup_not_found(const struct zswapctl *ctl, const struct cgroup_ref *ref);

#endif /* ZSWAPCTL_CGROUP_LOOKUP_H */
