/* SPDX-License-Identifier: GPL-2.0 */
/* "zswapctl cgroups": the rows it shows, and its two ways of printing them. */
#ifndef ZSWAPCTL_CGROUPS_H
#define ZSWAPCTL_CGROUPS_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "column_list.h"
#include "json.h"
#include "zswapnl.h"

struct cgroups_view {
	enum zswapnl_source source;
	const struct zswapnl_memcg **rows; /* in the order to print */
	size_t nrows;
	/* With --tree, each row's parent row, SIZE_MAX for a top; else NULL */
	size_t *parents;
	struct column_list cols;
	struct column_ctx ctx;
	bool noheadings;
	bool raw;
};

int cgroups_print_table(const struct cgroups_view *view, FILE *out);
int cgroups_print_json(const struct cgroups_view *view, enum json_style style,
		       FILE *out);

#endif /* ZSWAPCTL_CGROUPS_H */
