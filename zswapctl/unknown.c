// SPDX-License-Identifier: GPL-2.0
/* Why figures are unknown, in one line: see unknown.h. */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <sys/statfs.h>
#include <unistd.h>

#include "unknown.h"

#ifndef DEBUGFS_MAGIC
#define DEBUGFS_MAGIC 0x64626720
#endif

enum debugfs_state debugfs_probe(const char *sysroot)
{
	char path[PATH_MAX];
	struct statfs sf;

	if (!sysroot)
		sysroot = "";
	snprintf(path, sizeof(path), "%s/sys/kernel/debug/zswap", sysroot);
	if (!access(path, R_OK | X_OK))
		return DEBUGFS_READABLE;
	/* Not root: /sys/kernel/debug itself is closed, mounted or not */
	if (errno == EACCES || errno == EPERM)
		return DEBUGFS_DENIED;
	snprintf(path, sizeof(path), "%s/sys/kernel/debug", sysroot);
	/* A recorded tree is no mount: it merely lacks the folder */
	if (*sysroot || (!statfs(path, &sf) && sf.f_type == DEBUGFS_MAGIC))
		return DEBUGFS_MISSING;
	return DEBUGFS_UNMOUNTED;
}

/* The global figures the fallback reads from debugfs, zero pages aside */
static const enum zswapnl_global_field debugfs_fields[] = {
	ZSWAPNL_G_STORED_PAGES,		 ZSWAPNL_G_POOL_TOTAL_SIZE,
	ZSWAPNL_G_POOL_LIMIT_HIT,	 ZSWAPNL_G_REJECT_RECLAIM_FAIL,
	ZSWAPNL_G_REJECT_ALLOC_FAIL,	 ZSWAPNL_G_REJECT_KMEMCACHE_FAIL,
	ZSWAPNL_G_REJECT_COMPRESS_POOR, ZSWAPNL_G_WRITTEN_BACK_PAGES,
	ZSWAPNL_G_DUPLICATE_ENTRY,
};

static bool all_known(const struct zswapnl_global *g)
{
	size_t i;

	for (i = 0; i < sizeof(debugfs_fields) / sizeof(debugfs_fields[0]); i++)
		if (!zswapnl_global_known(g, debugfs_fields[i]))
			return false;
	return true;
}

bool unknown_note_status(const struct zswapnl_global *g,
			 enum zswapnl_source source, enum debugfs_state debugfs,
			 char *buf, size_t len)
{
	const char *note = NULL;

	if (source == ZSWAPNL_SOURCE_NETLINK) {
		if (!all_known(g) ||
		    !zswapnl_global_known(g, ZSWAPNL_G_ZERO_PAGES))
			note = "'-': the kernel's zswap family did not send those figures";
	} else if (!all_known(g)) {
		switch (debugfs) {
		case DEBUGFS_DENIED:
			note = "'-' needs root (for /sys/kernel/debug/zswap) or zswap's netlink family";
			break;
		case DEBUGFS_UNMOUNTED:
			note = "'-' needs debugfs: mount -t debugfs none /sys/kernel/debug";
			break;
		case DEBUGFS_MISSING:
			note = "'-': no /sys/kernel/debug/zswap here; zswap's netlink family gives them";
			break;
		case DEBUGFS_READABLE:
			note = "'-': /sys/kernel/debug/zswap lacks them on this kernel";
			break;
		}
	} else if (!zswapnl_global_known(g, ZSWAPNL_G_ZERO_PAGES)) {
		note = "zero pages need zswap's netlink family (a patched kernel)";
	}
	if (!note)
		return false;
	snprintf(buf, len, "note: %s", note);
	return true;
}

bool unknown_note_cgroups(const struct cgroups_view *v, char *buf, size_t len)
{
	bool zero = false, root = false, other = false;
	size_t i, c, used;

	for (i = 0; i < v->nrows; i++) {
		const struct zswapnl_memcg *m = v->rows[i];
		bool is_root = m->path && !strcmp(m->path, "/");

		for (c = 0; c < v->cols.count; c++) {
			const struct column *col = v->cols.cols[c];
			uint64_t value;

			if (col->kind == KIND_PATH ||
			    column_value(col, m, &v->ctx, &value))
				continue;
			/* Both figures known: an empty cgroup has no ratio */
			if (col->kind == KIND_RATIO &&
			    zswapnl_memcg_known(m, ZSWAPNL_M_STORED_PAGES) &&
			    zswapnl_memcg_known(m, ZSWAPNL_M_COMPRESSED_BYTES))
				continue;
			if (col->known_bit == ZSWAPNL_M_ZERO_PAGES)
				zero = true;
			else if (is_root)
				root = true;
			else
				other = true;
		}
	}
	if (!zero && !root && !other)
		return false;
	/* Shorter words when two reasons share the line: it fits 80 columns */
	used = snprintf(buf, len, "note: '-':");
	if (root && used < len)
		used += snprintf(buf + used, len - used, " the root%s has no memory.zswap.* files;",
				 zero ? "" : " cgroup");
	if (zero && used < len)
		used += snprintf(buf + used, len - used, " ZERO needs %s;",
				 root ? "the netlink family" :
					"zswap's netlink family (a patched kernel)");
	if (other && used < len)
		used += snprintf(buf + used, len - used,
				 " this kernel's cgroup files lack some figures;");
	/* No ';' at the end */
	if (used < len)
		buf[used - 1] = '\0';
	return true;
}
