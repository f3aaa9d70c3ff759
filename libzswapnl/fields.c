// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * The one table of zswap's global figures: for each field of struct
 * zswapnl_global its netlink attribute, the file the fallback reads, and
 * the names and words a program shows it with (zswapnl_global_info()).
 * decode.c, fallback.c and sysfile.c read the fields through it, and
 * zswapctl writes its status text, JSON and Prometheus metrics from it:
 * a counter is added here, once.
 */

#include <errno.h>
#include <string.h>

#include "internal.h"

#define DEBUGFS_DIR "/sys/kernel/debug/zswap"
#define PARAMS_DIR "/sys/module/zswap/parameters"

#define FIELD(f, m)                                                              \
	.info.struct_size = sizeof(struct zswapnl_global_info), .info.field = f, \
	.offset = offsetof(struct zswapnl_global, m),                            \
	.size = sizeof(((struct zswapnl_global *)0)->m)
#define PARAM(name)                                                                         \
	.from = ZNL_FROM_PARAM, .name_in_source = #name, .info.file = PARAMS_DIR "/" #name, \
	.info.flags = ZSWAPNL_INFO_PARAM
#define DEBUGFS(name) \
	.from = ZNL_FROM_DEBUGFS, .name_in_source = #name, .info.file = DEBUGFS_DIR "/" #name
#define VMSTAT(name) \
	.from = ZNL_FROM_VMSTAT, .name_in_source = #name, .info.file = "/proc/vmstat " #name
#define ATTR(a, name) .attr = a, .info.attr = name
#define COUNTER .info.flags = ZSWAPNL_INFO_COUNTER

/*
 * In the order to show them. Keys and labels of the fields of 1.0 never
 * change: scripts and dashboards use them (zswapctl(8)). A field whose
 * figure the Prometheus node exporter has from the same kernel counter
 * (its meminfo and vmstat collectors: node_memory_Zswap_bytes,
 * node_memory_Zswapped_bytes, node_vmstat_zswp*) has no metric: one
 * figure, one name.
 */
static const struct znl_global_desc descs[] = {
	{
		FIELD(ZSWAPNL_G_ENABLED, enabled),
		ATTR(ZSWAP_A_GLOBAL_ENABLED, "enabled"),
		PARAM(enabled),
		.info.unit = ZSWAPNL_UNIT_BOOL,
		.info.key = "enabled",
		.info.metric = "zswap_enabled",
		.info.label = "enabled",
		.info.help = "1 when zswap takes new pages, 0 when it does not.",
	},
	{
		FIELD(ZSWAPNL_G_COMPRESSOR, compressor),
		ATTR(ZSWAP_A_GLOBAL_COMPRESSOR, "compressor"),
		PARAM(compressor),
		.info.unit = ZSWAPNL_UNIT_NAME,
		.info.key = "compressor",
		.info.label = "compressor",
		.info.help = "The compression algorithm of new pages.",
	},
	{
		FIELD(ZSWAPNL_G_ZPOOL, zpool),
		ATTR(ZSWAP_A_GLOBAL_ZPOOL, "zpool"),
		PARAM(zpool),
		.info.unit = ZSWAPNL_UNIT_NAME,
		.info.key = "zpool",
		.info.label = "zpool",
		.info.help = "The allocator of the compressed pages "
			     "(no such parameter since Linux 6.18).",
	},
	{
		FIELD(ZSWAPNL_G_MAX_POOL_PERCENT, max_pool_percent),
		ATTR(ZSWAP_A_GLOBAL_MAX_POOL_PERCENT, "max-pool-percent"),
		PARAM(max_pool_percent),
		.info.unit = ZSWAPNL_UNIT_PERCENT,
		.info.key = "max_pool_percent",
		.info.metric = "zswap_max_pool_percent",
		.info.label = "max pool percent",
		.info.help = "The largest pool size, in percent of RAM.",
	},
	{
		FIELD(ZSWAPNL_G_ACCEPT_THRESHOLD_PERCENT, accept_threshold_percent),
		ATTR(ZSWAP_A_GLOBAL_ACCEPT_THRESHOLD_PERCENT, "accept-threshold-percent"),
		PARAM(accept_threshold_percent),
		.info.unit = ZSWAPNL_UNIT_PERCENT,
		.info.key = "accept_threshold_percent",
		.info.metric = "zswap_accept_threshold_percent",
		.info.label = "accept threshold",
		.info.help = "After the pool was full, the fill in percent of its limit "
			     "below which it takes pages again.",
	},

	/* Without debugfs, /proc/meminfo's Zswap (kB) */
	{
		FIELD(ZSWAPNL_G_POOL_TOTAL_SIZE, pool_total_size),
		ATTR(ZSWAP_A_GLOBAL_POOL_TOTAL_SIZE, "pool-total-size"),
		DEBUGFS(pool_total_size),
		.meminfo = "Zswap",
		.info.unit = ZSWAPNL_UNIT_BYTES,
		.info.key = "pool_total_size",
		/* node_memory_Zswap_bytes */
		.info.label = "pool size",
		.info.help = "Bytes used by the compressed pools.",
	},
	/* MemTotal of /proc/meminfo and max_pool_percent: fallback.c */
	{
		FIELD(ZSWAPNL_G_POOL_LIMIT_BYTES, pool_limit_bytes),
		ATTR(ZSWAP_A_GLOBAL_POOL_LIMIT_BYTES, "pool-limit-bytes"),
		.info.file = "/proc/meminfo MemTotal",
		.info.unit = ZSWAPNL_UNIT_BYTES,
		.info.key = "pool_limit_bytes",
		.info.metric = "zswap_pool_limit_bytes",
		.info.label = "pool limit",
		.info.help = "The pool limit in bytes: max_pool_percent of RAM "
			     "(the pool's size is the node exporter's node_memory_Zswap_bytes).",
	},
	{
		FIELD(ZSWAPNL_G_POOL_LIMIT_HIT, pool_limit_hit),
		ATTR(ZSWAP_A_GLOBAL_POOL_LIMIT_HIT, "pool-limit-hit"),
		DEBUGFS(pool_limit_hit),
		COUNTER,
		.info.unit = ZSWAPNL_UNIT_EVENTS,
		.info.key = "pool_limit_hit",
		.info.metric = "zswap_pool_limit_hit_total",
		.info.label = "pool limit hits",
		.info.help = "Stores that found the pool full.",
	},
	/* Without debugfs, /proc/meminfo's Zswapped (kB of the pages) */
	{
		FIELD(ZSWAPNL_G_STORED_PAGES, stored_pages),
		ATTR(ZSWAP_A_GLOBAL_STORED_PAGES, "stored-pages"),
		DEBUGFS(stored_pages),
		.meminfo = "Zswapped",
		.info.unit = ZSWAPNL_UNIT_PAGES,
		.info.key = "stored_pages",
		/* node_memory_Zswapped_bytes, in bytes */
		.info.label = "stored pages",
		.info.help = "Pages in zswap, zero pages included.",
	},
	/*
	 * Only on kernels that store zero pages apart; the stock kernel's
	 * same_filled_pages counts pages of any repeated word, which are not
	 * zero pages, so it is not read at all.
	 */
	{
		FIELD(ZSWAPNL_G_ZERO_PAGES, zero_pages),
		ATTR(ZSWAP_A_GLOBAL_ZERO_PAGES, "zero-pages"),
		DEBUGFS(zero_pages),
		.info.unit = ZSWAPNL_UNIT_PAGES,
		.info.key = "zero_pages",
		.info.metric = "zswap_zero_pages",
		.info.label = "zero pages",
		.info.help = "Zero-filled pages in zswap, stored without compression "
			     "(in the node exporter's node_memory_Zswapped_bytes too).",
	},
	{
		FIELD(ZSWAPNL_G_STORED_INCOMPRESSIBLE_PAGES, stored_incompressible_pages),
		ATTR(ZSWAP_A_GLOBAL_STORED_INCOMPRESSIBLE_PAGES, "stored-incompressible-pages"),
		DEBUGFS(stored_incompressible_pages),
		.info.unit = ZSWAPNL_UNIT_PAGES,
		.info.key = "stored_incompressible_pages",
		.info.metric = "zswap_stored_incompressible_pages",
		.info.label = "incompressible pages",
		.info.help = "Pages in zswap stored as they are, since they did not compress.",
	},
	{
		FIELD(ZSWAPNL_G_REJECT_RECLAIM_FAIL, reject_reclaim_fail),
		ATTR(ZSWAP_A_GLOBAL_REJECT_RECLAIM_FAIL, "reject-reclaim-fail"),
		DEBUGFS(reject_reclaim_fail),
		COUNTER,
		.info.unit = ZSWAPNL_UNIT_EVENTS,
		.info.key = "reject_reclaim_fail",
		.info.metric = "zswap_reject_reclaim_fail_total",
		.info.label = "rejected (reclaim fail)",
		.info.help = "Stores rejected because writeback could not make room.",
	},
	{
		FIELD(ZSWAPNL_G_REJECT_ALLOC_FAIL, reject_alloc_fail),
		ATTR(ZSWAP_A_GLOBAL_REJECT_ALLOC_FAIL, "reject-alloc-fail"),
		DEBUGFS(reject_alloc_fail),
		COUNTER,
		.info.unit = ZSWAPNL_UNIT_EVENTS,
		.info.key = "reject_alloc_fail",
		.info.metric = "zswap_reject_alloc_fail_total",
		.info.label = "rejected (alloc fail)",
		.info.help = "Stores rejected because the zpool could not allocate.",
	},
	{
		FIELD(ZSWAPNL_G_REJECT_KMEMCACHE_FAIL, reject_kmemcache_fail),
		ATTR(ZSWAP_A_GLOBAL_REJECT_KMEMCACHE_FAIL, "reject-kmemcache-fail"),
		DEBUGFS(reject_kmemcache_fail),
		COUNTER,
		.info.unit = ZSWAPNL_UNIT_EVENTS,
		.info.key = "reject_kmemcache_fail",
		.info.metric = "zswap_reject_kmemcache_fail_total",
		.info.label = "rejected (kmemcache fail)",
		.info.help = "Stores rejected because no entry could be allocated.",
	},
	{
		FIELD(ZSWAPNL_G_REJECT_COMPRESS_POOR, reject_compress_poor),
		ATTR(ZSWAP_A_GLOBAL_REJECT_COMPRESS_POOR, "reject-compress-poor"),
		DEBUGFS(reject_compress_poor),
		COUNTER,
		.info.unit = ZSWAPNL_UNIT_EVENTS,
		.info.key = "reject_compress_poor",
		.info.metric = "zswap_reject_compress_poor_total",
		.info.label = "rejected (compress poor)",
		.info.help = "Stores rejected because the page compressed too poorly.",
	},
	{
		FIELD(ZSWAPNL_G_REJECT_COMPRESS_FAIL, reject_compress_fail),
		ATTR(ZSWAP_A_GLOBAL_REJECT_COMPRESS_FAIL, "reject-compress-fail"),
		DEBUGFS(reject_compress_fail),
		COUNTER,
		.info.unit = ZSWAPNL_UNIT_EVENTS,
		.info.key = "reject_compress_fail",
		.info.metric = "zswap_reject_compress_fail_total",
		.info.label = "rejected (compress fail)",
		.info.help = "Stores rejected because the compressor failed.",
	},
	{
		FIELD(ZSWAPNL_G_DECOMPRESS_FAIL, decompress_fail),
		ATTR(ZSWAP_A_GLOBAL_DECOMPRESS_FAIL, "decompress-fail"),
		DEBUGFS(decompress_fail),
		COUNTER,
		.info.unit = ZSWAPNL_UNIT_EVENTS,
		.info.key = "decompress_fail",
		.info.metric = "zswap_decompress_fail_total",
		.info.label = "decompress failures",
		.info.help = "Loads and writebacks whose page could not be decompressed: "
			     "the page is lost, its owner got SIGBUS or EIO.",
	},
	{
		FIELD(ZSWAPNL_G_DUPLICATE_ENTRY, duplicate_entry),
		ATTR(ZSWAP_A_GLOBAL_DUPLICATE_ENTRY, "duplicate-entry"),
		DEBUGFS(duplicate_entry),
		COUNTER,
		.info.unit = ZSWAPNL_UNIT_EVENTS,
		.info.key = "duplicate_entry",
		.info.metric = "zswap_duplicate_entry_total",
		.info.label = "duplicate entries",
		.info.help = "Stores that replaced an entry already there.",
	},
	{
		FIELD(ZSWAPNL_G_WRITTEN_BACK_PAGES, written_back_pages),
		ATTR(ZSWAP_A_GLOBAL_WRITTEN_BACK_PAGES, "written-back-pages"),
		DEBUGFS(written_back_pages),
		COUNTER,
		.info.unit = ZSWAPNL_UNIT_PAGES,
		.info.key = "written_back_pages",
		.info.metric = "zswap_written_back_pages_total",
		.info.label = "written back pages",
		.info.help = "Pages written back from zswap to the swap device (debugfs); "
			     "where /proc/vmstat has zswpwb, the node exporter's "
			     "node_vmstat_zswpwb instead.",
	},
	{
		FIELD(ZSWAPNL_G_ZSWPIN, zswpin),
		VMSTAT(zswpin),
		COUNTER,
		.info.unit = ZSWAPNL_UNIT_PAGES,
		.info.key = "zswpin",
		/* node_vmstat_zswpin */
		.info.label = "zswpin",
		.info.help = "Pages loaded back from zswap (zswpin in /proc/vmstat).",
	},
	{
		FIELD(ZSWAPNL_G_ZSWPOUT, zswpout),
		VMSTAT(zswpout),
		COUNTER,
		.info.unit = ZSWAPNL_UNIT_PAGES,
		.info.key = "zswpout",
		/* node_vmstat_zswpout */
		.info.label = "zswpout",
		.info.help = "Pages stored into zswap (zswpout in /proc/vmstat).",
	},
	{
		FIELD(ZSWAPNL_G_ZSWPWB, zswpwb),
		VMSTAT(zswpwb),
		COUNTER,
		.info.unit = ZSWAPNL_UNIT_PAGES,
		.info.key = "zswpwb",
		/* node_vmstat_zswpwb */
		.info.label = "zswpwb",
		.info.help = "Pages written back from zswap to the swap device "
			     "(zswpwb in /proc/vmstat).",
	},
};

_Static_assert(ZNL_ARRAY_SIZE(descs) == ZSWAPNL_G_NR_FIELDS,
	       "every field of struct zswapnl_global has its entry in descs[]");
_Static_assert(ZSWAPNL_G_NR_FIELDS <= ZSWAPNL_FIELDS_MAX && ZSWAPNL_M_NR_FIELDS <= ZSWAPNL_FIELDS_MAX,
	       "the known masks and unknown[] have room for every field");

const struct znl_global_desc *znl_global_desc(size_t index)
{
	return index < ZNL_ARRAY_SIZE(descs) ? &descs[index] : NULL;
}

const struct znl_global_desc *znl_global_desc_of(enum zswapnl_global_field field)
{
	size_t i;

	for (i = 0; i < ZNL_ARRAY_SIZE(descs); i++)
		if (descs[i].info.field == field)
			return &descs[i];
	return NULL;
}

const struct zswapnl_global_info *zswapnl_global_info(size_t index)
{
	return index < ZNL_ARRAY_SIZE(descs) ? &descs[index].info : NULL;
}

void znl_global_set_u64(struct zswapnl_global *g, const struct znl_global_desc *d, uint64_t val)
{
	uint32_t u32 = val;
	bool on = val;

	switch (d->size) {
	case sizeof(uint64_t):
		memcpy((char *)g + d->offset, &val, sizeof(val));
		break;
	case sizeof(uint32_t):
		memcpy((char *)g + d->offset, &u32, sizeof(u32));
		break;
	default:
		memcpy((char *)g + d->offset, &on, sizeof(on));
		break;
	}
	g->known |= ZNL_BIT(d->info.field);
	g->unknown[d->info.field] = 0;
}

void znl_global_set_name(struct zswapnl_global *g, const struct znl_global_desc *d,
			 const char *name)
{
	memcpy((char *)g + d->offset, name, strlen(name) + 1);
	g->known |= ZNL_BIT(d->info.field);
	g->unknown[d->info.field] = 0;
}

/* errno values fit an int16_t: the kernel's end at 4095 */
void znl_global_unknown(struct zswapnl_global *g, enum zswapnl_global_field field, int error)
{
	if (!(g->known & ZNL_BIT(field)))
		g->unknown[field] = error < -4095 || error >= 0 ? -EIO : error;
}

bool zswapnl_global_value(const struct zswapnl_global *global, enum zswapnl_global_field field,
			  uint64_t *value)
{
	const struct znl_global_desc *d = znl_global_desc_of(field);
	uint64_t u64;
	uint32_t u32;
	bool on;

	if (!global || !d || d->info.unit == ZSWAPNL_UNIT_NAME ||
	    global->struct_size < d->offset + d->size || !(global->known & ZNL_BIT(field)))
		return false;
	switch (d->size) {
	case sizeof(uint64_t):
		memcpy(&u64, (const char *)global + d->offset, sizeof(u64));
		break;
	case sizeof(uint32_t):
		memcpy(&u32, (const char *)global + d->offset, sizeof(u32));
		u64 = u32;
		break;
	default:
		memcpy(&on, (const char *)global + d->offset, sizeof(on));
		u64 = on;
		break;
	}
	if (value)
		*value = u64;
	return true;
}

/*
 * A caller built against an older zswapnl.h has a smaller struct: the
 * fields past its struct_size were not copied, so they are not known.
 */
void znl_global_mask_known(struct zswapnl_global *g)
{
	size_t i;

	for (i = 0; i < ZNL_ARRAY_SIZE(descs); i++)
		if (g->struct_size < descs[i].offset + descs[i].size)
			g->known &= ~ZNL_BIT(descs[i].info.field);
}
