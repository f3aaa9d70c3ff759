/* SPDX-License-Identifier: GPL-2.0 */
/*
 * One change of zswap's parameters, all or none, as "zswapctl set" and
 * "zswapctl apply" make it: the names checked against what the kernel
 * has, one request (netlink) or the files with their rollback
 * (libzswapnl), a failure that says what is in force after it, and a
 * line for each parameter, old -> new, as read back from the kernel.
 */
#ifndef ZSWAPCTL_SET_CHANGE_H
#define ZSWAPCTL_SET_CHANGE_H

#include <stdbool.h>

#include "set_params.h"
#include "zswapctl.h"

/* One parameter of a change, as its line names it */
struct set_change {
	const struct set_param *param;
	const char *
		name; /* "max-pool-percent" (set), "max_pool_percent" (apply) */
	const char *origin; /* "FILE:LINE" at the end of its line, or NULL */
};

/* zswapnl_get_global(); an exit code, after a message */
int set_read_global(struct zswapnl *nl, struct zswapnl_global *g);

/*
 * Whether the kernel has compressor (or zpool) @name, as far as
 * /proc/crypto (the zpool in use) and its modules can say: an exit code,
 * after a message that starts with @where ("" or "FILE:LINE: ").
 */
int set_check_compressor(const struct zswapctl *ctl, struct zswapnl *nl,
			 const char *name, const char *where);
int set_check_zpool(const struct zswapctl *ctl, const struct zswapnl_global *g,
		    const char *name, const char *where);

/*
 * "ACTION: why", where EPERM and EACCES say what is missing: the
 * capability netlink checks, or write access to the files, which for a
 * cgroup's settings (@cgroup_files) are its own files whatever the
 * source. @then goes at the end of the line (NULL for nothing). Returns
 * the exit code.
 */
int set_error(struct zswapnl *nl, const char *action, bool cgroup_files,
	      int ret, const struct zswapnl_error *err, const char *then);

/*
 * "NAME: OLD -> NEW" or "NAME: VALUE (unchanged)", and " (ORIGIN)"; with
 * @dry_run, a change says "(would be set, ORIGIN)"
 */
void set_print_change(const struct set_change *c, const char *old,
		      const char *new, bool dry_run);

/*
 * Send @params (nothing when params->set is 0) and print a line for each
 * of the @n @changes, from @before and what the kernel holds after it.
 * On a failure, one error line that starts with the origin of the value
 * refused, when the error names it, and ends with what is in force. An
 * exit code.
 */
int set_send(struct zswapnl *nl, const struct set_change *changes, int n,
	     const struct zswapnl_params *params,
	     const struct zswapnl_global *before);

#endif /* ZSWAPCTL_SET_CHANGE_H */
