// SPDX-License-Identifier: GPL-2.0
/* The column table of "zswapctl cgroups" and what a cell holds. */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "columns.h"
#include "json.h"
#include "size.h"
#include "tree.h"

static int compare_u64(uint64_t a, uint64_t b)
{
	return (a > b) - (a < b);
}

static int compare_paths(const struct column *col,
			 const struct zswapnl_memcg *a,
			 const struct zswapnl_memcg *b,
			 const struct column_ctx *ctx)
{
	bool ka = zswapnl_memcg_known(a, ZSWAPNL_M_PATH) && a->path;
	bool kb = zswapnl_memcg_known(b, ZSWAPNL_M_PATH) && b->path;

	(void)col;
	(void)ctx;
	if (ka != kb)
		return ka - kb;
	return ka ? strcmp(a->path, b->path) : 0;
}

static int compare_values(const struct column *col,
			  const struct zswapnl_memcg *a,
			  const struct zswapnl_memcg *b,
			  const struct column_ctx *ctx)
{
	uint64_t va = 0, vb = 0;
	bool ka = column_value(col, a, ctx, &va);
	bool kb = column_value(col, b, ctx, &vb);

	if (ka != kb)
		return ka - kb;
	return compare_u64(va, vb);
}

#define FIELD(name) offsetof(struct zswapnl_memcg, name)

const struct column columns[] = {
	{
		.name = "PATH",
		.header = "PATH",
		.help = "cgroup path below the cgroup2 root",
		.json_key = "path",
		.align = ALIGN_LEFT,
		.kind = KIND_PATH,
		.known_bit = ZSWAPNL_M_PATH,
		.compare = compare_paths,
	},
	{
		.name = "ID",
		.header = "ID",
		.help = "cgroup id (inode number of its folder on 64-bit)",
		.json_key = "id",
		.align = ALIGN_RIGHT,
		.kind = KIND_COUNT,
		.offset = FIELD(id),
		.known_bit = ZSWAPNL_M_ID,
		.compare = compare_values,
	},
	{
		.name = "COMPRESSED",
		.header = "COMPRESSED",
		.help = "compressed size in zswap (memory.zswap.current)",
		.json_key = "compressed_bytes",
		.align = ALIGN_RIGHT,
		.kind = KIND_BYTES,
		.offset = FIELD(compressed_bytes),
		.known_bit = ZSWAPNL_M_COMPRESSED_BYTES,
		.compare = compare_values,
	},
	{
		.name = "STORED",
		.header = "STORED",
		.help = "pages stored in zswap, zero pages included",
		.json_key = "stored_pages",
		.align = ALIGN_RIGHT,
		.kind = KIND_COUNT,
		.offset = FIELD(stored_pages),
		.known_bit = ZSWAPNL_M_STORED_PAGES,
		.compare = compare_values,
	},
	{
		.name = "ZERO",
		.header = "ZERO",
		.help = "zero-filled pages stored without compression",
		.json_key = "zero_pages",
		.align = ALIGN_RIGHT,
		.kind = KIND_COUNT,
		.offset = FIELD(zero_pages),
		.known_bit = ZSWAPNL_M_ZERO_PAGES,
		.compare = compare_values,
	},
	{
		.name = "RATIO",
		.header = "RATIO",
		.help = "compression ratio: stored pages * page size / compressed size",
		.json_key = "compression_ratio",
		.align = ALIGN_RIGHT,
		.kind = KIND_RATIO,
		.compare = compare_values,
	},
	{
		.name = "ZSWPIN",
		.header = "ZSWPIN",
		.help = "pages loaded back from zswap (memory.stat zswpin)",
		.json_key = "zswpin",
		.align = ALIGN_RIGHT,
		.kind = KIND_COUNT,
		.offset = FIELD(zswpin),
		.known_bit = ZSWAPNL_M_ZSWPIN,
		.compare = compare_values,
	},
	{
		.name = "ZSWPOUT",
		.header = "ZSWPOUT",
		.help = "pages stored into zswap (memory.stat zswpout)",
		.json_key = "zswpout",
		.align = ALIGN_RIGHT,
		.kind = KIND_COUNT,
		.offset = FIELD(zswpout),
		.known_bit = ZSWAPNL_M_ZSWPOUT,
		.compare = compare_values,
	},
	{
		.name = "ZSWPWB",
		.header = "ZSWPWB",
		.help = "pages written back to swap (memory.stat zswpwb, Linux 6.8+)",
		.json_key = "zswpwb",
		.extra = true,
		.align = ALIGN_RIGHT,
		.kind = KIND_COUNT,
		.offset = FIELD(zswpwb),
		.known_bit = ZSWAPNL_M_ZSWPWB,
		.compare = compare_values,
	},
	{
		.name = "MAX",
		.header = "MAX",
		.help = "zswap limit of the cgroup (memory.zswap.max)",
		.json_key = "zswap_max",
		.align = ALIGN_RIGHT,
		.kind = KIND_LIMIT,
		.offset = FIELD(zswap_max),
		.known_bit = ZSWAPNL_M_ZSWAP_MAX,
		.compare = compare_values,
	},
	{
		/* JSON: its key and writeback_effective (column_to_json()) */
		.name = "WRITEBACK",
		.header = "WRITEBACK",
		.help = "memory.zswap.writeback (6.8+); (effective value) if it differs",
		.json_key = "writeback",
		.extra = true,
		.align = ALIGN_RIGHT,
		.kind = KIND_WRITEBACK,
		.known_bit = ZSWAPNL_M_WRITEBACK,
		.compare = compare_values,
	},
	{
		.name = "REJ-MAX",
		.header = "REJ-MAX",
		.help = "stores refused by memory.zswap.max here or above (patched kernel)",
		.json_key = "reject_zswap_max",
		.extra = true,
		.align = ALIGN_RIGHT,
		.kind = KIND_COUNT,
		.offset = FIELD(reject_zswap_max),
		.known_bit = ZSWAPNL_M_REJECT_ZSWAP_MAX,
		.compare = compare_values,
	},
	{
		.name = "REJ-POOL",
		.header = "REJ-POOL",
		.help = "stores refused: the zswap pool was full (patched kernel)",
		.json_key = "reject_pool_limit",
		.extra = true,
		.align = ALIGN_RIGHT,
		.kind = KIND_COUNT,
		.offset = FIELD(reject_pool_limit),
		.known_bit = ZSWAPNL_M_REJECT_POOL_LIMIT,
		.compare = compare_values,
	},
	{
		.name = "REJ-INCOMP",
		.header = "REJ-INCOMP",
		.help = "stores refused: the page did not compress (patched kernel)",
		.json_key = "reject_incompressible",
		.extra = true,
		.align = ALIGN_RIGHT,
		.kind = KIND_COUNT,
		.offset = FIELD(reject_incompressible),
		.known_bit = ZSWAPNL_M_REJECT_INCOMPRESSIBLE,
		.compare = compare_values,
	},
	{
		.name = "REJ-ALLOC",
		.header = "REJ-ALLOC",
		.help = "stores refused: no memory for them (patched kernel)",
		.json_key = "reject_alloc_fail",
		.extra = true,
		.align = ALIGN_RIGHT,
		.kind = KIND_COUNT,
		.offset = FIELD(reject_alloc_fail),
		.known_bit = ZSWAPNL_M_REJECT_ALLOC_FAIL,
		.compare = compare_values,
	},
};

const size_t nr_columns = sizeof(columns) / sizeof(columns[0]);

const struct column *column_by_name(const char *name)
{
	size_t i;

	for (i = 0; i < nr_columns; i++)
		if (!strcasecmp(columns[i].name, name))
			return &columns[i];
	return NULL;
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
		if (!zswapnl_memcg_known(m, col->known_bit))
			return false;
		memcpy(value, (const char *)m + col->offset, sizeof(*value));
		return true;
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
	switch (col->kind) {
	case KIND_RATIO:
		return ratio_format(v, buf, len);
	case KIND_LIMIT:
		if (v == ZSWAPNL_MAX) {
			snprintf(buf, len, "max");
			return buf;
		}
		/* fall through */
	case KIND_BYTES:
		if (!ctx->bytes)
			return size_format_iec(v, ctx->size_style, buf, len);
		/* fall through */
	default:
		snprintf(buf, len, "%" PRIu64, v);
		return buf;
	}
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
	if (col->kind == KIND_LIMIT)
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
