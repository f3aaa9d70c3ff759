// SPDX-License-Identifier: GPL-2.0
/*
 * The column table of "zswapctl cgroups", with the words of each figure
 * of a cgroup, and what a cell holds.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "columns.h"
#include "json.h"
#include "size.h"
#include "tree.h"

/* What the library says the figure of @col is */
static const struct zswapnl_field_info *column_info(const struct column *col)
{
	return zswapnl_memcg_field_info(col->field);
}

/* A figure for which ZSWAPNL_MAX stands for no limit */
static bool column_limit(const struct column *col)
{
	return col->kind == KIND_FIGURE &&
	       (column_info(col)->flags & ZSWAPNL_INFO_MAX);
}

/* The figures of a cgroup, in the order of the table, and their words */
#define FIGURE(f) .kind = KIND_FIGURE, .field = f, .metrics[0].field = f
#define METRIC(family, text) .metrics[0].name = family, .metrics[0].help = text
#define REJECT(why)                                                           \
	METRIC("zswap_cgroup_reject_total",                                   \
	       "Stores of the cgroup's pages that zswap refused, by reason: " \
	       "zswap_max (its or an ancestor's memory.zswap.max), "          \
	       "pool_limit (the pool was full), incompressible, "             \
	       "alloc_fail (zswap_reject_* in memory.stat)."),                \
		.metrics[0].reason = why, .extra = true

const struct column columns[] = {
	{ "PATH", "cgroup path below the cgroup2 root", "path",
	  .kind = KIND_PATH, .field = ZSWAPNL_M_PATH },
	{ "ID", "cgroup id (inode number of its folder on 64-bit)", "id",
	  FIGURE(ZSWAPNL_M_ID) },
	{ "COMPRESSED", "compressed size in zswap (memory.zswap.current)",
	  "compressed_bytes", FIGURE(ZSWAPNL_M_COMPRESSED_BYTES),
	  METRIC("zswap_cgroup_compressed_bytes",
		 "Compressed bytes the cgroup has in zswap (memory.zswap.current).") },
	{ "STORED", "pages stored in zswap, zero pages included", "stored_pages",
	  FIGURE(ZSWAPNL_M_STORED_PAGES),
	  METRIC("zswap_cgroup_stored_pages",
		 "Pages of the cgroup in zswap, zero pages included.") },
	{ "ZERO", "zero-filled pages stored without compression", "zero_pages",
	  FIGURE(ZSWAPNL_M_ZERO_PAGES),
	  METRIC("zswap_cgroup_zero_pages",
		 "Zero-filled pages of the cgroup in zswap.") },
	{ "RATIO",
	  "compression ratio: stored pages * page size / compressed size",
	  "compression_ratio", .kind = KIND_RATIO },
	{ "ZSWPIN", "pages loaded back from zswap (memory.stat zswpin)", "zswpin",
	  FIGURE(ZSWAPNL_M_ZSWPIN),
	  METRIC("zswap_cgroup_zswpin_pages_total",
		 "Pages of the cgroup loaded back from zswap (zswpin in memory.stat).") },
	{ "ZSWPOUT", "pages stored into zswap (memory.stat zswpout)", "zswpout",
	  FIGURE(ZSWAPNL_M_ZSWPOUT),
	  METRIC("zswap_cgroup_zswpout_pages_total",
		 "Pages of the cgroup stored into zswap (zswpout in memory.stat).") },
	{ "ZSWPWB",
	  "pages written back to swap (memory.stat zswpwb, Linux 6.8+)",
	  "zswpwb", FIGURE(ZSWAPNL_M_ZSWPWB), .extra = true,
	  METRIC("zswap_cgroup_zswpwb_pages_total",
		 "Pages of the cgroup written back from zswap to the swap device (zswpwb in memory.stat).") },
	{ "MAX", "zswap limit of the cgroup (memory.zswap.max)", "zswap_max",
	  FIGURE(ZSWAPNL_M_ZSWAP_MAX),
	  METRIC("zswap_cgroup_max_bytes",
		 "The zswap limit of the cgroup in bytes (memory.zswap.max), +Inf for none.") },
	/* JSON: its key and writeback_effective (column_to_json()) */
	{ "WRITEBACK",
	  "memory.zswap.writeback (6.8+); (effective value) if it differs",
	  "writeback", .kind = KIND_WRITEBACK, .field = ZSWAPNL_M_WRITEBACK,
	  .extra = true,
	  .metrics = {
		  { "zswap_cgroup_writeback",
		    "1 when the cgroup's memory.zswap.writeback lets its pages go to the swap device, 0 when not.",
		    NULL, ZSWAPNL_M_WRITEBACK },
		  { "zswap_cgroup_writeback_effective",
		    "1 when the cgroup's pages may go to the swap device: its memory.zswap.writeback and every ancestor's are 1.",
		    NULL, ZSWAPNL_M_WRITEBACK_EFFECTIVE },
	  } },
	{ "REJ-MAX",
	  "stores refused by memory.zswap.max here or above (patched kernel)",
	  "reject_zswap_max", FIGURE(ZSWAPNL_M_REJECT_ZSWAP_MAX),
	  REJECT("zswap_max") },
	{ "REJ-POOL", "stores refused: the zswap pool was full (patched kernel)",
	  "reject_pool_limit", FIGURE(ZSWAPNL_M_REJECT_POOL_LIMIT),
	  REJECT("pool_limit") },
	{ "REJ-INCOMP",
	  "stores refused: the page did not compress (patched kernel)",
	  "reject_incompressible", FIGURE(ZSWAPNL_M_REJECT_INCOMPRESSIBLE),
	  REJECT("incompressible") },
	{ "REJ-ALLOC", "stores refused: no memory for them (patched kernel)",
	  "reject_alloc_fail", FIGURE(ZSWAPNL_M_REJECT_ALLOC_FAIL),
	  REJECT("alloc_fail") },
};

const size_t nr_columns = sizeof(columns) / sizeof(columns[0]);

const void *named_entry(const void *table, size_t count, size_t size,
			const char *name)
{
	const char *entry = table, *entry_name;
	size_t i;

	for (i = 0; i < count; i++, entry += size) {
		memcpy(&entry_name, entry, sizeof(entry_name));
		if (!strcasecmp(entry_name, name))
			return entry;
	}
	return NULL;
}

_Static_assert(offsetof(struct column, name) == 0,
	       "a column starts with its name (named_entry())");

const struct column *column_by_name(const char *name)
{
	return named_entry(columns, nr_columns, sizeof(columns[0]), name);
}

enum column_align column_align(const struct column *col)
{
	return col->kind == KIND_PATH ? ALIGN_LEFT : ALIGN_RIGHT;
}

static int compare_u64(uint64_t a, uint64_t b)
{
	return (a > b) - (a < b);
}

static int compare_paths(const struct zswapnl_memcg *a,
			 const struct zswapnl_memcg *b)
{
	bool ka = zswapnl_memcg_known(a, ZSWAPNL_M_PATH) && a->path;
	bool kb = zswapnl_memcg_known(b, ZSWAPNL_M_PATH) && b->path;

	if (ka != kb)
		return ka - kb;
	return ka ? strcmp(a->path, b->path) : 0;
}

int column_compare(const struct column *col, const struct zswapnl_memcg *a,
		   const struct zswapnl_memcg *b, const struct column_ctx *ctx)
{
	uint64_t va = 0, vb = 0;
	bool ka, kb;

	if (col->kind == KIND_PATH)
		return compare_paths(a, b);
	ka = column_value(col, a, ctx, &va);
	kb = column_value(col, b, ctx, &vb);
	if (ka != kb)
		return ka - kb;
	return compare_u64(va, vb);
}

bool column_value(const struct column *col, const struct zswapnl_memcg *m,
		  const struct column_ctx *ctx, uint64_t *value)
{
	switch (col->kind) {
	case KIND_PATH:
		return false;
	case KIND_WRITEBACK:
		/* In order: off, on (off), on */
		if (!zswapnl_memcg_known(m, ZSWAPNL_M_WRITEBACK) ||
		    !zswapnl_memcg_known(m, ZSWAPNL_M_WRITEBACK_EFFECTIVE))
			return false;
		*value = 2 * m->writeback_effective + m->writeback;
		return true;
	case KIND_RATIO:
		if (!zswapnl_memcg_known(m, ZSWAPNL_M_STORED_PAGES) ||
		    !zswapnl_memcg_known(m, ZSWAPNL_M_COMPRESSED_BYTES))
			return false;
		return ratio_hundredths(m->stored_pages, ctx->page_size,
					m->compressed_bytes, value);
	default:
		return zswapnl_memcg_value(m, col->field, value);
	}
}

static const char *on_off(const struct zswapnl_memcg *m,
			  enum zswapnl_memcg_field field, bool on)
{
	if (!zswapnl_memcg_known(m, field))
		return "-";
	return on ? "on" : "off";
}

char *writeback_format(const struct zswapnl_memcg *m, char *buf, size_t len)
{
	const char *own = on_off(m, ZSWAPNL_M_WRITEBACK, m->writeback);
	const char *eff = on_off(m, ZSWAPNL_M_WRITEBACK_EFFECTIVE,
				 m->writeback_effective);

	if (!strcmp(own, eff))
		snprintf(buf, len, "%s", own);
	else
		snprintf(buf, len, "%s (%s)", own, eff);
	return buf;
}

char *column_format(const struct column *col, const struct zswapnl_memcg *m,
		    const struct column_ctx *ctx, char *buf, size_t len)
{
	uint64_t v;

	if (col->kind == KIND_WRITEBACK)
		return writeback_format(m, buf, len);
	if (col->kind == KIND_PATH) {
		char shown[CGROUP_PATH_SHOWN_MAX + 1];

		snprintf(buf, len, "%s",
			 zswapnl_memcg_known(m, ZSWAPNL_M_PATH) && m->path ?
				 cgroup_path_shown(m->path, shown,
						   sizeof(shown)) :
				 "-");
		return buf;
	}
	if (!column_value(col, m, ctx, &v)) {
		snprintf(buf, len, "-");
		return buf;
	}
	if (col->kind == KIND_RATIO)
		return ratio_format(v, buf, len);
	if (column_limit(col) && v == ZSWAPNL_MAX) {
		snprintf(buf, len, "max");
		return buf;
	}
	if (col->kind == KIND_FIGURE &&
	    column_info(col)->unit == ZSWAPNL_UNIT_BYTES && !ctx->bytes)
		return size_format_iec(v, ctx->size_style, buf, len);
	snprintf(buf, len, "%" PRIu64, v);
	return buf;
}

/*
 * The path as it is shown, and "path_shortened": true when that is not
 * the whole of it (tree.h), as "path_hex" comes only when needed
 */
static int path_to_json(const char *key, const struct zswapnl_memcg *m,
			cJSON *obj)
{
	char shown[CGROUP_PATH_SHOWN_MAX + 1];
	bool known = zswapnl_memcg_known(m, ZSWAPNL_M_PATH) && m->path;
	int ret;

	ret = json_add_string(obj, key, known,
			      known ? cgroup_path_shown(m->path, shown,
							sizeof(shown)) :
				      NULL);
	if (!ret && known && cgroup_path_shortened(m->path))
		ret = json_add_bool(obj, "path_shortened", true, true);
	return ret;
}

/* Booleans, as memory.zswap.writeback's 1 and 0 are, or null */
static int writeback_to_json(const char *key, const struct zswapnl_memcg *m,
			     cJSON *obj)
{
	bool own = zswapnl_memcg_known(m, ZSWAPNL_M_WRITEBACK);
	bool eff = zswapnl_memcg_known(m, ZSWAPNL_M_WRITEBACK_EFFECTIVE);
	int ret = json_add_bool(obj, key, own, m->writeback);

	return ret ? ret :
		     json_add_bool(obj, "writeback_effective", eff,
				   m->writeback_effective);
}

/*
 * A limit, and "zswap_unlimited": one type a key (schema 2). No limit is
 * no number (2^64-1 is what jq 1.6 and JavaScript read as
 * 18446744073709552000) and no string (a script would compare a number
 * with "max"): null, with the boolean true beside it. Both are null where
 * the limit is unknown, and for the root cgroup, which has none to set.
 */
static int limit_to_json(const char *key, bool known, uint64_t limit,
			 cJSON *obj)
{
	bool unlimited = limit == ZSWAPNL_MAX;
	int ret = json_add_u64(obj, key, known && !unlimited, limit);

	return ret ? ret :
		     json_add_bool(obj, "zswap_unlimited", known, unlimited);
}

int column_to_json(const struct column *col, const struct zswapnl_memcg *m,
		   const struct column_ctx *ctx, cJSON *obj)
{
	uint64_t v = 0;
	bool ok;

	if (col->kind == KIND_PATH)
		return path_to_json(col->json_key, m, obj);
	if (col->kind == KIND_WRITEBACK)
		return writeback_to_json(col->json_key, m, obj);
	ok = column_value(col, m, ctx, &v);
	if (col->kind == KIND_RATIO)
		return json_add_hundredths(obj, col->json_key, ok, v);
	if (column_limit(col))
		return limit_to_json(col->json_key, ok, v, obj);
	return json_add_u64(obj, col->json_key, ok, v);
}

static void column_list_fill(struct column_list *list, bool extra)
{
	size_t i;

	list->count = 0;
	for (i = 0; i < nr_columns; i++)
		if (extra || !columns[i].extra)
			list->cols[list->count++] = &columns[i];
}

void column_list_default(struct column_list *list)
{
	column_list_fill(list, false);
}

void column_list_all(struct column_list *list)
{
	column_list_fill(list, true);
}

int column_list_parse(struct column_list *list, const char *arg, char *bad,
		      size_t badlen)
{
	struct column_list out = { 0 };
	const char *p = arg, *end;
	char name[32];

	if (*p == '+') {
		out = *list;
		p++;
	}
	for (;;) {
		const struct column *col;
		size_t len;

		end = strchrnul(p, ',');
		len = end - p;
		if (badlen) {
			size_t n = len < badlen - 1 ? len : badlen - 1;

			memcpy(bad, p, n);
			bad[n] = '\0';
		}
		if (!len || len >= sizeof(name))
			return -EINVAL;
		memcpy(name, p, len);
		name[len] = '\0';
		col = column_by_name(name);
		if (!col)
			return -EINVAL;
		if (out.count == COLUMN_LIST_MAX)
			return -E2BIG;
		out.cols[out.count++] = col;
		if (!*end)
			break;
		p = end + 1;
	}
	*bad = '\0';
	*list = out;
	return 0;
}
