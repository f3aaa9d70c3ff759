/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The rows "zswapctl top" shows for a pair of samples: each memcg of the
 * newer one with its rates, filtered by path, sorted by a column or laid
 * out as a tree. The curses view and batch mode both show these rows.
 */
#ifndef ZSWAPCTL_TOP_ROWS_H
#define ZSWAPCTL_TOP_ROWS_H

#include <stdbool.h>
#include <stddef.h>

#include "sample.h"
#include "top_columns.h"

struct top_order {
	const struct top_column *sort;
	bool reverse; /* against the column's own order */
	bool tree;
	const char *filter; /* a part of the path, or NULL or "" for all */
	bool utf8; /* box lines and arrows, else ASCII */
	struct column_ctx ctx;
};

struct top_rows {
	struct top_row *rows;
	size_t count;
};

/* Does the sort column go from the largest down */
bool top_order_descending(const struct top_order *ord);

/* Would the row of m pass the filter */
bool top_filter_match(const struct top_order *ord,
		      const struct zswapnl_memcg *m);

/*
 * The rows of cur, with their rates against prev (NULL for none yet), in
 * the order ord asks. 0 or -ENOMEM; free with top_rows_free().
 */
int top_rows_build(const struct sample *prev, const struct sample *cur,
		   const struct top_order *ord, struct top_rows *out);
void top_rows_free(struct top_rows *rows);

#endif /* ZSWAPCTL_TOP_ROWS_H */
