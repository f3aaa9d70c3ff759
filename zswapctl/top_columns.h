/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The columns of "zswapctl top": the figures of a memcg, as the columns of
 * "zswapctl cgroups" show them (columns.c), and its rates over the last
 * interval. One table drives the view, --sort, the '<' and '>' keys,
 * --help and, through --list-top-columns, the shell completions.
 */
#ifndef ZSWAPCTL_TOP_COLUMNS_H
#define ZSWAPCTL_TOP_COLUMNS_H

#include <stdbool.h>
#include <stddef.h>

#include "columns.h"
#include "rates.h"

enum top_value {
	TOP_MEMCG, /* a column of columns.c */
	TOP_ZSWPOUT_RATE,
	TOP_ZSWPIN_RATE,
};

struct top_column {
	const char *name; /* for --sort, any case; also the header */
	enum top_value value;
	const char *memcg_column; /* TOP_MEMCG: its name in columns.c */
	const char *help; /* the rates' own; memcg columns use theirs */
	bool descending; /* the order before --reverse or 'r' */
};

/* A row of the table: a memcg of the current sample and its rates */
struct top_row {
	const struct zswapnl_memcg *m;
	struct memcg_rates rates;
	char *prefix; /* the tree drawing before its name; owned, or NULL */
};

extern const struct top_column top_columns[];
extern const size_t nr_top_columns;

/* The column of that name (any case), or NULL */
const struct top_column *top_column_by_name(const char *name);

/* The column "zswapctl top" sorts by unless told otherwise */
const struct top_column *top_column_default(void);

const char *top_column_help(const struct top_column *col);

/* Ascending; unknown values before every known one */
int top_column_compare(const struct top_column *col, const struct top_row *a,
		       const struct top_row *b, const struct column_ctx *ctx);

/* The cell's text, "-" when unknown; returns buf */
char *top_column_format(const struct top_column *col, const struct top_row *row,
			const struct column_ctx *ctx, char *buf, size_t len);

#endif /* ZSWAPCTL_TOP_COLUMNS_H */
