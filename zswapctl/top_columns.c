// SPDX-License-Identifier: GPL-2.0
/* The column table of "zswapctl top" and what its cells hold. */
#include <strings.h>

#include "top_columns.h"

/* A column of "zswapctl cgroups", under the same name */
#define MEMCG_COLUMN(col, desc)                                       \
	{                                                             \
		.name = col, .value = TOP_MEMCG, .memcg_column = col, \
		.descending = desc                                    \
	}

const struct top_column top_columns[] = {
	MEMCG_COLUMN("PATH", false),
	{
		.name = "ZSWPOUT/s",
		.value = TOP_ZSWPOUT_RATE,
		.help = "pages stored into zswap per second, over the last interval",
		.descending = true,
	},
	{
		.name = "ZSWPIN/s",
		.value = TOP_ZSWPIN_RATE,
		.help = "pages loaded back from zswap per second, over the last interval",
		.descending = true,
	},
	MEMCG_COLUMN("COMPRESSED", true),
	MEMCG_COLUMN("STORED", true),
	MEMCG_COLUMN("ZERO", true),
	MEMCG_COLUMN("RATIO", true),
	MEMCG_COLUMN("MAX", true),
};

const size_t nr_top_columns = sizeof(top_columns) / sizeof(top_columns[0]);

const struct top_column *top_column_by_name(const char *name)
{
	size_t i;

	for (i = 0; i < nr_top_columns; i++)
		if (!strcasecmp(top_columns[i].name, name))
			return &top_columns[i];
	return NULL;
}

const struct top_column *top_column_default(void)
{
	/* The busiest cgroups first, as top(1) puts the busiest processes */
	return &top_columns[1];
}

const char *top_column_help(const struct top_column *col)
{
	if (col->value == TOP_MEMCG)
		return column_by_name(col->memcg_column)->help;
	return col->help;
}

static struct rate row_rate(const struct top_column *col,
			    const struct top_row *row)
{
	return col->value == TOP_ZSWPOUT_RATE ? row->rates.zswpout :
						row->rates.zswpin;
}

int top_column_compare(const struct top_column *col, const struct top_row *a,
		       const struct top_row *b, const struct column_ctx *ctx)
{
	const struct column *mc;

	if (col->value != TOP_MEMCG)
		return rate_compare(row_rate(col, a), row_rate(col, b));
	mc = column_by_name(col->memcg_column);
	return mc->compare(mc, a->m, b->m, ctx);
}

char *top_column_format(const struct top_column *col, const struct top_row *row,
			const struct column_ctx *ctx, char *buf, size_t len)
{
	if (col->value != TOP_MEMCG)
		return rate_format(row_rate(col, row), buf, len);
	return column_format(column_by_name(col->memcg_column), row->m, ctx,
			     buf, len);
}
