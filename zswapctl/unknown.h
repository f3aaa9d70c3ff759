/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Why a figure shows as '-' (null in JSON), and what would give it: one
 * line under the text of status and of the cgroups table, so that '-' is
 * not a riddle. The fallback reads the global counters from debugfs,
 * which is for root only and must be mounted; zero pages per cgroup and
 * globally come only from the zswap netlink family of a patched kernel;
 * the root cgroup has no memory.zswap.* files.
 */
#ifndef ZSWAPCTL_UNKNOWN_H
#define ZSWAPCTL_UNKNOWN_H

#include <stdbool.h>
#include <stddef.h>

#include "cgroups.h"
#include "zswapnl.h"

/* What a look at <root>/sys/kernel/debug/zswap found */
enum debugfs_state {
	DEBUGFS_READABLE,
	DEBUGFS_DENIED, /* EACCES: debugfs is root's */
	DEBUGFS_UNMOUNTED, /* no debugfs on /sys/kernel/debug */
	DEBUGFS_MISSING, /* no zswap folder (a recorded tree without one) */
};

enum debugfs_state debugfs_probe(const char *sysroot);

/*
 * The note for status, "note: ..." without a newline, into buf; false when
 * every figure is known or nothing can be said.
 */
bool unknown_note_status(const struct zswapnl_global *g,
			 enum zswapnl_source source, enum debugfs_state debugfs,
			 char *buf, size_t len);

/* The note for the rows and columns of a cgroups table; as above */
bool unknown_note_cgroups(const struct cgroups_view *v, char *buf, size_t len);

#endif /* ZSWAPCTL_UNKNOWN_H */
