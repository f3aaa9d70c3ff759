// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * The tables of zswap's figures: for each field of struct zswapnl_global,
 * and of struct zswapnl_memcg, its unit, its netlink attribute, what the
 * fallback reads, and what a kernel line without it is
 * (zswapnl_global_field_info(), zswapnl_memcg_field_info()). decode.c,
 * fallback.c, fallback_memcg.c, sysfile.c, names.c and unknown.c read the
 * fields through them: a figure is added here, once, and a program that
 * shows every field (zswapctl) gives it its words.
 */

#include <errno.h>
#include <string.h>

#include "internal.h"

#define DEBUGFS_DIR "/sys/kernel/debug/zswap"
#define PARAMS_DIR "/sys/module/zswap/parameters"

/* A field of struct zswapnl_global: its deprecated info repeats what it shares */
#define FIELD(fld, m)                                                                      \
	.f.info.struct_size = sizeof(struct zswapnl_field_info), .f.info.field = fld,       \
	.info.struct_size = sizeof(struct zswapnl_global_info), .info.field = fld,          \
	.f.offset = offsetof(struct zswapnl_global, m),                                     \
	.f.size = sizeof(((struct zswapnl_global *)0)->m)
#define UNIT(u) .f.info.unit = ZSWAPNL_UNIT_##u, .info.unit = ZSWAPNL_UNIT_##u
#define FILE(name) .f.info.file = name, .info.file = name
#define PARAM(name)                                                                         \
	.f.from = ZNL_FROM_PARAM, .f.name_in_source = #name, FILE(PARAMS_DIR "/" #name),    \
	.f.info.flags = ZSWAPNL_INFO_PARAM, .info.flags = ZSWAPNL_INFO_PARAM
#define DEBUGFS(name) .f.from = ZNL_FROM_DEBUGFS, .f.name_in_source = #name, FILE(DEBUGFS_DIR "/" #name)
#define VMSTAT(name) .f.from = ZNL_FROM_VMSTAT, .f.name_in_source = #name, FILE("/proc/vmstat " #name)
#define ATTR(a, name) .f.attr = a, .f.info.attr = name, .info.attr = name
#define COUNTER .f.info.flags = ZSWAPNL_INFO_COUNTER, .info.flags = ZSWAPNL_INFO_COUNTER
/*
 * The kernels without the figure, from release @since to before @until
 * (0: to the last), and the reason they give
 */
#define GONE(since, until, why) \
	.f.gone_since = since, .f.gone_until = until, .f.gone_reason = ZSWAPNL_REASON_##why
/* What the reason is where a source has no such figure */
#define LACKING(why) .f.lacking = ZSWAPNL_REASON_##why

/*
 * In the order zswapctl showed them. The words (key, metric, label, help)
 * are those of 1.5, which the deprecated zswapnl_global_info() keeps:
 * zswapctl has its own (zswapctl/figures.c), and a field added later has
 * none here. Keys and labels of the fields of 1.0 never change: scripts
 * and dashboards use them (zswapctl(8)). A field whose
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
		UNIT(BOOL),
		.info.key = "enabled",
		.info.metric = "zswap_enabled",
		.info.label = "enabled",
		.info.help = "1 when zswap takes new pages, 0 when it does not.",
	},
	{
		FIELD(ZSWAPNL_G_COMPRESSOR, compressor),
		ATTR(ZSWAP_A_GLOBAL_COMPRESSOR, "compressor"),
		PARAM(compressor),
		UNIT(NAME),
		.info.key = "compressor",
		.info.label = "compressor",
		.info.help = "The compression algorithm of new pages.",
	},
	{
		FIELD(ZSWAPNL_G_ZPOOL, zpool),
		GONE(ZNL_KERNEL(6, 18), 0, NO_ZPOOL),
		ATTR(ZSWAP_A_GLOBAL_ZPOOL, "zpool"),
		PARAM(zpool),
		UNIT(NAME),
		.info.key = "zpool",
		.info.label = "zpool",
		.info.help = "The allocator of the compressed pages "
			     "(no such parameter since Linux 6.18).",
	},
	{
		FIELD(ZSWAPNL_G_MAX_POOL_PERCENT, max_pool_percent),
		ATTR(ZSWAP_A_GLOBAL_MAX_POOL_PERCENT, "max-pool-percent"),
		PARAM(max_pool_percent),
		UNIT(PERCENT),
		.info.key = "max_pool_percent",
		.info.metric = "zswap_max_pool_percent",
		.info.label = "max pool percent",
		.info.help = "The largest pool size, in percent of RAM.",
	},
	{
		FIELD(ZSWAPNL_G_ACCEPT_THRESHOLD_PERCENT, accept_threshold_percent),
		ATTR(ZSWAP_A_GLOBAL_ACCEPT_THRESHOLD_PERCENT, "accept-threshold-percent"),
		PARAM(accept_threshold_percent),
		UNIT(PERCENT),
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
		.f.meminfo = "Zswap",
		UNIT(BYTES),
		.info.key = "pool_total_size",
		/* node_memory_Zswap_bytes */
		.info.label = "pool size",
		.info.help = "Bytes used by the compressed pools.",
	},
	/* MemTotal of /proc/meminfo and max_pool_percent: fallback.c */
	{
		FIELD(ZSWAPNL_G_POOL_LIMIT_BYTES, pool_limit_bytes),
		ATTR(ZSWAP_A_GLOBAL_POOL_LIMIT_BYTES, "pool-limit-bytes"),
		FILE("/proc/meminfo MemTotal"),
		UNIT(BYTES),
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
		UNIT(EVENTS),
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
		.f.meminfo = "Zswapped",
		UNIT(PAGES),
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
		LACKING(NEEDS_FAMILY),
		GONE(ZNL_KERNEL(6, 12), 0, ZEROMAP),
		ATTR(ZSWAP_A_GLOBAL_ZERO_PAGES, "zero-pages"),
		DEBUGFS(zero_pages),
		UNIT(PAGES),
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
		UNIT(PAGES),
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
		UNIT(EVENTS),
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
		UNIT(EVENTS),
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
		UNIT(EVENTS),
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
		UNIT(EVENTS),
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
		UNIT(EVENTS),
		.info.key = "reject_compress_fail",
		.info.metric = "zswap_reject_compress_fail_total",
		.info.label = "rejected (compress fail)",
		.info.help = "Stores rejected because the compressor failed.",
	},
	{
		FIELD(ZSWAPNL_G_DECOMPRESS_FAIL, decompress_fail),
		GONE(ZNL_KERNEL(6, 12), ZNL_KERNEL(6, 13), NOT_ON_KERNEL),
		ATTR(ZSWAP_A_GLOBAL_DECOMPRESS_FAIL, "decompress-fail"),
		DEBUGFS(decompress_fail),
		COUNTER,
		UNIT(EVENTS),
		.info.key = "decompress_fail",
		.info.metric = "zswap_decompress_fail_total",
		.info.label = "decompress failures",
		.info.help = "Loads and writebacks whose page could not be decompressed: "
			     "the page is lost, its owner got SIGBUS or EIO.",
	},
	{
		FIELD(ZSWAPNL_G_DUPLICATE_ENTRY, duplicate_entry),
		GONE(ZNL_KERNEL(6, 12), 0, NOT_ON_KERNEL),
		ATTR(ZSWAP_A_GLOBAL_DUPLICATE_ENTRY, "duplicate-entry"),
		DEBUGFS(duplicate_entry),
		COUNTER,
		UNIT(EVENTS),
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
		UNIT(PAGES),
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
		UNIT(PAGES),
		.info.key = "zswpin",
		/* node_vmstat_zswpin */
		.info.label = "zswpin",
		.info.help = "Pages loaded back from zswap (zswpin in /proc/vmstat).",
	},
	{
		FIELD(ZSWAPNL_G_ZSWPOUT, zswpout),
		VMSTAT(zswpout),
		COUNTER,
		UNIT(PAGES),
		.info.key = "zswpout",
		/* node_vmstat_zswpout */
		.info.label = "zswpout",
		.info.help = "Pages stored into zswap (zswpout in /proc/vmstat).",
	},
	{
		FIELD(ZSWAPNL_G_ZSWPWB, zswpwb),
		VMSTAT(zswpwb),
		COUNTER,
		UNIT(PAGES),
		.info.key = "zswpwb",
		/* node_vmstat_zswpwb */
		.info.label = "zswpwb",
		.info.help = "Pages written back from zswap to the swap device "
			     "(zswpwb in /proc/vmstat).",
	},
};

/* A field of struct zswapnl_memcg */
#define MFIELD(fld, m, u)                                                                   \
	.info.struct_size = sizeof(struct zswapnl_field_info), .info.field = fld,            \
	.info.unit = ZSWAPNL_UNIT_##u, .offset = offsetof(struct zswapnl_memcg, m),         \
	.size = sizeof(((struct zswapnl_memcg *)0)->m)
#define MATTR(a, name) .attr = a, .info.attr = name
/* A file of the memcg's folder; a line of its memory.stat */
#define MFILE(name) .from = ZNL_FROM_CGROUP_FILE, .name_in_source = name, .info.file = name
#define MSTAT(key) .from = ZNL_FROM_MEMORY_STAT, .name_in_source = #key, .info.file = "memory.stat " #key
#define MFLAGS(bit) .info.flags = ZSWAPNL_INFO_##bit
#define MGONE(since, why) .gone_since = since, .gone_reason = ZSWAPNL_REASON_##why
#define MLACKING(why) .lacking = ZSWAPNL_REASON_##why

/*
 * The netlink family has every figure; the fallback reads the cgroup's
 * files, and computes the writeback flags from the file of the memcg and
 * those of its ancestors (fallback_memcg.c). No cgroup file counts zero
 * pages, and the refused stores are lines of the patched kernel's
 * memory.stat only.
 */
static const struct znl_field memcg_fields[] = {
	{ MFIELD(ZSWAPNL_M_ID, id, ID), MATTR(ZSWAP_A_MEMCG_ID, "id") },
	{ MFIELD(ZSWAPNL_M_PATH, path, NAME), MATTR(ZSWAP_A_MEMCG_PATH, "path"), .owned = true },
	{ MFIELD(ZSWAPNL_M_COMPRESSED_BYTES, compressed_bytes, BYTES),
	  MATTR(ZSWAP_A_MEMCG_COMPRESSED_BYTES, "compressed-bytes"), MFILE("memory.zswap.current") },
	{ MFIELD(ZSWAPNL_M_STORED_PAGES, stored_pages, PAGES),
	  MATTR(ZSWAP_A_MEMCG_STORED_PAGES, "stored-pages"), MSTAT(zswapped), .source_bytes = true },
	{ MFIELD(ZSWAPNL_M_ZERO_PAGES, zero_pages, PAGES), MATTR(ZSWAP_A_MEMCG_ZERO_PAGES, "zero-pages"),
	  MGONE(ZNL_KERNEL(6, 12), ZEROMAP), MLACKING(NEEDS_FAMILY) },
	{ MFIELD(ZSWAPNL_M_ZSWPIN, zswpin, PAGES), MFLAGS(COUNTER),
	  MATTR(ZSWAP_A_MEMCG_ZSWPIN, "zswpin"), MSTAT(zswpin) },
	{ MFIELD(ZSWAPNL_M_ZSWPOUT, zswpout, PAGES), MFLAGS(COUNTER),
	  MATTR(ZSWAP_A_MEMCG_ZSWPOUT, "zswpout"), MSTAT(zswpout) },
	{ MFIELD(ZSWAPNL_M_ZSWAP_MAX, zswap_max, BYTES), MFLAGS(MAX),
	  MATTR(ZSWAP_A_MEMCG_ZSWAP_MAX, "zswap-max"), MFILE("memory.zswap.max") },
	/* Since Linux 6.8 */
	{ MFIELD(ZSWAPNL_M_ZSWPWB, zswpwb, PAGES), MFLAGS(COUNTER),
	  MATTR(ZSWAP_A_MEMCG_ZSWPWB, "zswpwb"), MSTAT(zswpwb) },
	{ MFIELD(ZSWAPNL_M_WRITEBACK, writeback, BOOL), MATTR(ZSWAP_A_MEMCG_WRITEBACK, "writeback"),
	  .info.file = "memory.zswap.writeback" },
	{ MFIELD(ZSWAPNL_M_WRITEBACK_EFFECTIVE, writeback_effective, BOOL),
	  MATTR(ZSWAP_A_MEMCG_WRITEBACK_EFFECTIVE, "writeback-effective"),
	  .info.file = "memory.zswap.writeback" },
	/* The patched 6.1 kernel's only: its ports leave them out */
	{ MFIELD(ZSWAPNL_M_REJECT_ZSWAP_MAX, reject_zswap_max, EVENTS), MFLAGS(COUNTER),
	  MATTR(ZSWAP_A_MEMCG_REJECT_ZSWAP_MAX, "reject-zswap-max"), MSTAT(zswap_reject_zswap_max),
	  MGONE(ZNL_KERNEL(6, 12), NO_MEMCG_REJECTS), MLACKING(NEEDS_PATCHED) },
	{ MFIELD(ZSWAPNL_M_REJECT_POOL_LIMIT, reject_pool_limit, EVENTS), MFLAGS(COUNTER),
	  MATTR(ZSWAP_A_MEMCG_REJECT_POOL_LIMIT, "reject-pool-limit"), MSTAT(zswap_reject_pool_limit),
	  MGONE(ZNL_KERNEL(6, 12), NO_MEMCG_REJECTS), MLACKING(NEEDS_PATCHED) },
	{ MFIELD(ZSWAPNL_M_REJECT_INCOMPRESSIBLE, reject_incompressible, EVENTS), MFLAGS(COUNTER),
	  MATTR(ZSWAP_A_MEMCG_REJECT_INCOMPRESSIBLE, "reject-incompressible"),
	  MSTAT(zswap_reject_incompressible), MGONE(ZNL_KERNEL(6, 12), NO_MEMCG_REJECTS),
	  MLACKING(NEEDS_PATCHED) },
	{ MFIELD(ZSWAPNL_M_REJECT_ALLOC_FAIL, reject_alloc_fail, EVENTS), MFLAGS(COUNTER),
	  MATTR(ZSWAP_A_MEMCG_REJECT_ALLOC_FAIL, "reject-alloc-fail"), MSTAT(zswap_reject_alloc_fail),
	  MGONE(ZNL_KERNEL(6, 12), NO_MEMCG_REJECTS), MLACKING(NEEDS_PATCHED) },
};

_Static_assert(ZNL_ARRAY_SIZE(descs) == ZSWAPNL_G_NR_FIELDS,
	       "every field of struct zswapnl_global has its entry in descs[]");
_Static_assert(ZNL_ARRAY_SIZE(memcg_fields) == ZSWAPNL_M_NR_FIELDS,
	       "every field of struct zswapnl_memcg has its entry in memcg_fields[]");
_Static_assert(ZSWAPNL_G_NR_FIELDS <= ZSWAPNL_FIELDS_MAX && ZSWAPNL_M_NR_FIELDS <= ZSWAPNL_FIELDS_MAX,
	       "the known masks and unknown[] have room for every field");
/* One reader of the known masks for both structs */
_Static_assert(offsetof(struct zswapnl_global, known) == offsetof(struct zswapnl_memcg, known),
	       "the known masks of both structs are at one offset");
#define KNOWN_OFFSET offsetof(struct zswapnl_global, known)

const struct znl_table znl_global_table = {
	descs, sizeof(descs[0]), ZNL_ARRAY_SIZE(descs), offsetof(struct zswapnl_global, unknown),
};

const struct znl_table znl_memcg_table = {
	memcg_fields, sizeof(memcg_fields[0]), ZNL_ARRAY_SIZE(memcg_fields),
	offsetof(struct zswapnl_memcg, unknown),
};

const struct znl_field *znl_field_at(const struct znl_table *t, size_t index)
{
	return index < t->count ? (const void *)((const char *)t->first + index * t->stride) : NULL;
}

const struct znl_field *znl_field_of(const struct znl_table *t, unsigned int field)
{
	const struct znl_field *f;
	size_t i;

	for (i = 0; (f = znl_field_at(t, i)); i++)
		if (f->info.field == field)
			return f;
	return NULL;
}

static uint64_t *known_mask(void *s)
{
	return (uint64_t *)((char *)s + KNOWN_OFFSET);
}

static int16_t *unknown_of(const struct znl_table *t, void *s, unsigned int field)
{
	return (int16_t *)((char *)s + t->unknown) + field;
}

static void set_known(const struct znl_table *t, void *s, const struct znl_field *f)
{
	*known_mask(s) |= ZNL_BIT(f->info.field);
	*unknown_of(t, s, f->info.field) = 0;
}

/* A name: into its buffer, which it fits, or as a pointer to it when @f owns it */
void znl_field_set_name(const struct znl_table *t, void *s, const struct znl_field *f,
			const char *name)
{
	if (f->owned)
		memcpy((char *)s + f->offset, &name, sizeof(name));
	else
		memcpy((char *)s + f->offset, name, strlen(name) + 1);
	set_known(t, s, f);
}

void znl_field_set(const struct znl_table *t, void *s, const struct znl_field *f, uint64_t val)
{
	uint32_t u32 = val;
	bool on = val;

	switch (f->size) {
	case sizeof(uint64_t):
		memcpy((char *)s + f->offset, &val, sizeof(val));
		break;
	case sizeof(uint32_t):
		memcpy((char *)s + f->offset, &u32, sizeof(u32));
		break;
	default:
		memcpy((char *)s + f->offset, &on, sizeof(on));
		break;
	}
	set_known(t, s, f);
}

/* errno values fit an int16_t: the kernel's end at 4095 */
void znl_field_unknown(const struct znl_table *t, void *s, unsigned int field, int error)
{
	if (!(*known_mask(s) & ZNL_BIT(field)))
		*unknown_of(t, s, field) = error < -4095 || error >= 0 ? -EIO : error;
}

int znl_field_recorded(const struct znl_table *t, const void *s, unsigned int field)
{
	uint32_t size;

	memcpy(&size, s, sizeof(size));
	if (size < t->unknown + ZSWAPNL_FIELDS_MAX * sizeof(int16_t))
		return 0;
	return *unknown_of(t, (void *)s, field);
}

/*
 * The value of @field of @s as a number: false when @s does not have it
 * (unknown, past its struct_size) or it is a name
 */
static bool field_value(const struct znl_table *t, const void *s, unsigned int field,
			uint64_t *value)
{
	const struct znl_field *f = znl_field_of(t, field);
	uint32_t size, u32;
	uint64_t u64;
	bool on;

	if (!s || !f || f->info.unit == ZSWAPNL_UNIT_NAME)
		return false;
	memcpy(&size, s, sizeof(size));
	if (size < f->offset + f->size || !(*known_mask((void *)s) & ZNL_BIT(field)))
		return false;
	switch (f->size) {
	case sizeof(uint64_t):
		memcpy(&u64, (const char *)s + f->offset, sizeof(u64));
		break;
	case sizeof(uint32_t):
		memcpy(&u32, (const char *)s + f->offset, sizeof(u32));
		u64 = u32;
		break;
	default:
		memcpy(&on, (const char *)s + f->offset, sizeof(on));
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
void znl_field_mask_known(const struct znl_table *t, void *s)
{
	const struct znl_field *f;
	uint32_t size;
	size_t i;

	memcpy(&size, s, sizeof(size));
	for (i = 0; (f = znl_field_at(t, i)); i++)
		if (size < f->offset + f->size)
			*known_mask(s) &= ~ZNL_BIT(f->info.field);
}

const struct zswapnl_field_info *zswapnl_global_field_info(enum zswapnl_global_field field)
{
	const struct znl_field *f = znl_field_of(&znl_global_table, field);

	return f ? &f->info : NULL;
}

const struct zswapnl_field_info *zswapnl_memcg_field_info(enum zswapnl_memcg_field field)
{
	const struct znl_field *f = znl_field_of(&znl_memcg_table, field);

	return f ? &f->info : NULL;
}

/* The fields of 1.5, which have its words; a field added since has none */
const struct zswapnl_global_info *zswapnl_global_info(size_t index)
{
	size_t i;

	for (i = 0; i < ZNL_ARRAY_SIZE(descs); i++)
		if (descs[i].info.key && !index--)
			return &descs[i].info;
	return NULL;
}

bool zswapnl_global_value(const struct zswapnl_global *global, enum zswapnl_global_field field,
			  uint64_t *value)
{
	return field_value(&znl_global_table, global, field, value);
}

bool zswapnl_memcg_value(const struct zswapnl_memcg *memcg, enum zswapnl_memcg_field field,
			 uint64_t *value)
{
	return field_value(&znl_memcg_table, memcg, field, value);
}
