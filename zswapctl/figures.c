// SPDX-License-Identifier: GPL-2.0
/*
 * The global figures' words: see figures.h. Keys and labels of the
 * figures of 1.0 never change: scripts and dashboards use them
 * (zswapctl(8)). The figures the node exporter has from the same counter
 * (its meminfo and vmstat collectors: node_memory_Zswap_bytes,
 * node_memory_Zswapped_bytes, node_vmstat_zswp*) have no metric.
 */
#include "figures.h"

#define NO_METRIC NULL, NULL

const struct global_figure global_figures[] = {
	{ ZSWAPNL_G_ENABLED, "enabled", "enabled", "zswap_enabled",
	  "1 when zswap takes new pages, 0 when it does not." },
	{ ZSWAPNL_G_COMPRESSOR, "compressor", "compressor", NO_METRIC },
	{ ZSWAPNL_G_ZPOOL, "zpool", "zpool", NO_METRIC },
	{ ZSWAPNL_G_MAX_POOL_PERCENT, "max_pool_percent", "max pool percent",
	  "zswap_max_pool_percent",
	  "The largest pool size, in percent of RAM." },
	{ ZSWAPNL_G_ACCEPT_THRESHOLD_PERCENT, "accept_threshold_percent",
	  "accept threshold", "zswap_accept_threshold_percent",
	  "After the pool was full, the fill in percent of its limit below which it takes pages again." },
	/* node_memory_Zswap_bytes */
	{ ZSWAPNL_G_POOL_TOTAL_SIZE, "pool_total_size", "pool size",
	  NO_METRIC },
	{ ZSWAPNL_G_POOL_LIMIT_BYTES, "pool_limit_bytes", "pool limit",
	  "zswap_pool_limit_bytes",
	  "The pool limit in bytes: max_pool_percent of RAM (the pool's size is the node exporter's node_memory_Zswap_bytes)." },
	{ ZSWAPNL_G_POOL_LIMIT_HIT, "pool_limit_hit", "pool limit hits",
	  "zswap_pool_limit_hit_total", "Stores that found the pool full." },
	/* node_memory_Zswapped_bytes, in bytes */
	{ ZSWAPNL_G_STORED_PAGES, "stored_pages", "stored pages", NO_METRIC },
	{ ZSWAPNL_G_ZERO_PAGES, "zero_pages", "zero pages", "zswap_zero_pages",
	  "Zero-filled pages in zswap, stored without compression (in the node exporter's node_memory_Zswapped_bytes too)." },
	{ ZSWAPNL_G_STORED_INCOMPRESSIBLE_PAGES, "stored_incompressible_pages",
	  "incompressible pages", "zswap_stored_incompressible_pages",
	  "Pages in zswap stored as they are, since they did not compress." },
	{ ZSWAPNL_G_REJECT_RECLAIM_FAIL, "reject_reclaim_fail",
	  "rejected (reclaim fail)", "zswap_reject_reclaim_fail_total",
	  "Stores rejected because writeback could not make room." },
	{ ZSWAPNL_G_REJECT_ALLOC_FAIL, "reject_alloc_fail",
	  "rejected (alloc fail)", "zswap_reject_alloc_fail_total",
	  "Stores rejected because the zpool could not allocate." },
	{ ZSWAPNL_G_REJECT_KMEMCACHE_FAIL, "reject_kmemcache_fail",
	  "rejected (kmemcache fail)", "zswap_reject_kmemcache_fail_total",
	  "Stores rejected because no entry could be allocated." },
	{ ZSWAPNL_G_REJECT_COMPRESS_POOR, "reject_compress_poor",
	  "rejected (compress poor)", "zswap_reject_compress_poor_total",
	  "Stores rejected because the page compressed too poorly." },
	{ ZSWAPNL_G_REJECT_COMPRESS_FAIL, "reject_compress_fail",
	  "rejected (compress fail)", "zswap_reject_compress_fail_total",
	  "Stores rejected because the compressor failed." },
	{ ZSWAPNL_G_DECOMPRESS_FAIL, "decompress_fail", "decompress failures",
	  "zswap_decompress_fail_total",
	  "Loads and writebacks whose page could not be decompressed: the page is lost, its owner got SIGBUS or EIO." },
	{ ZSWAPNL_G_DUPLICATE_ENTRY, "duplicate_entry", "duplicate entries",
	  "zswap_duplicate_entry_total",
	  "Stores that replaced an entry already there." },
	{ ZSWAPNL_G_WRITTEN_BACK_PAGES, "written_back_pages",
	  "written back pages", "zswap_written_back_pages_total",
	  "Pages written back from zswap to the swap device (debugfs); where /proc/vmstat has zswpwb, the node exporter's node_vmstat_zswpwb instead." },
	/* node_vmstat_zswpin, node_vmstat_zswpout, node_vmstat_zswpwb */
	{ ZSWAPNL_G_ZSWPIN, "zswpin", "zswpin", NO_METRIC },
	{ ZSWAPNL_G_ZSWPOUT, "zswpout", "zswpout", NO_METRIC },
	{ ZSWAPNL_G_ZSWPWB, "zswpwb", "zswpwb", NO_METRIC },
};

const size_t nr_global_figures =
	sizeof(global_figures) / sizeof(global_figures[0]);

const struct zswapnl_field_info *
global_figure_info(const struct global_figure *figure)
{
	return zswapnl_global_field_info(figure->field);
}
