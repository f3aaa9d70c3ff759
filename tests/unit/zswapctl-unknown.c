// SPDX-License-Identifier: GPL-2.0
/* The note on '-' under status: each reason, and none when all is known. */
#include <string.h>

#include "unknown.h"
#include "zswapctl-tap.h"

#define ALL_KNOWN ((UINT64_C(1) << ZSWAPNL_G_NR_FIELDS) - 1)

static void note(uint64_t known, enum zswapnl_source source,
		 enum debugfs_state debugfs, const char *want, const char *what)
{
	struct zswapnl_global g = { .known = known };
	char buf[256];

	if (!want) {
		tap_ok(!unknown_note_status(&g, source, debugfs, buf,
					    sizeof(buf)),
		       "%s", what);
		return;
	}
	if (!unknown_note_status(&g, source, debugfs, buf, sizeof(buf)))
		strcpy(buf, "(none)");
	tap_str(buf, want, what);
}

int main(void)
{
	uint64_t vmstat_params = ALL_KNOWN & ~((UINT64_C(1) << ZSWAPNL_G_ENABLED) - 1);
	uint64_t no_zero = ALL_KNOWN & ~(UINT64_C(1) << ZSWAPNL_G_ZERO_PAGES);

	/* vmstat and the parameters, the fallback without debugfs */
	vmstat_params |= UINT64_C(1) << ZSWAPNL_G_ZSWPIN |
			 UINT64_C(1) << ZSWAPNL_G_ZSWPOUT;
	note(ALL_KNOWN, ZSWAPNL_SOURCE_FALLBACK, DEBUGFS_READABLE, NULL,
	     "every figure known: no note");
	note(ALL_KNOWN, ZSWAPNL_SOURCE_NETLINK, DEBUGFS_DENIED, NULL,
	     "netlink with every figure: no note, whatever debugfs is");
	note(vmstat_params, ZSWAPNL_SOURCE_FALLBACK, DEBUGFS_DENIED,
	     "note: '-' needs root (for /sys/kernel/debug/zswap) or zswap's netlink family",
	     "not root: root or the netlink family");
	note(vmstat_params, ZSWAPNL_SOURCE_FALLBACK, DEBUGFS_UNMOUNTED,
	     "note: '-' needs debugfs: mount -t debugfs none /sys/kernel/debug",
	     "debugfs not mounted: how to mount it");
	note(vmstat_params, ZSWAPNL_SOURCE_FALLBACK, DEBUGFS_MISSING,
	     "note: '-': no /sys/kernel/debug/zswap here; zswap's netlink family gives them",
	     "no zswap folder in debugfs");
	note(no_zero, ZSWAPNL_SOURCE_FALLBACK, DEBUGFS_READABLE,
	     "note: zero pages need zswap's netlink family (a patched kernel)",
	     "only zero pages unknown: the netlink family");
	note(no_zero, ZSWAPNL_SOURCE_NETLINK, DEBUGFS_READABLE,
	     "note: '-': the kernel's zswap family did not send those figures",
	     "netlink without a figure: the family did not send it");
	return tap_done();
}
