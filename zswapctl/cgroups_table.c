// SPDX-License-Identifier: GPL-2.0
/* The table of "zswapctl cgroups", one row a cgroup, one column per --output. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cgroups.h"
#include "table.h"
#include "tree.h"

#define CELL_MAX 64

/*
 * The PATH cell: with --tree, the tree lines and the last component; the
 * top of the tree keeps its full path, which says where the tree hangs.
 */
static int set_path_cell(struct table *t, size_t row, size_t col,
			 const struct cgroups_view *v, size_t i)
{
	const struct zswapnl_memcg *m = v->rows[i];
	const char *path = m->path ? m->path : "-";
	char *cell;
	int ret;

	if (!v->tree_prefixes || v->raw || !v->tree_prefixes[i][0])
		return table_set_cell(t, row, col, path);
	if (asprintf(&cell, "%s%s", v->tree_prefixes[i], tree_basename(path)) <
	    0)
		return -ENOMEM;
	ret = table_set_cell(t, row, col, cell);
	free(cell);
	return ret;
}

static int fill(struct table *t, const struct cgroups_view *v)
{
	size_t i, c;

	for (c = 0; c < v->cols.count; c++)
		table_set_column(t, c, v->cols.cols[c]->header,
				 v->cols.cols[c]->align);
	for (i = 0; i < v->nrows; i++) {
		long row = table_add_row(t);

		if (row < 0)
			return (int)row;
		for (c = 0; c < v->cols.count; c++) {
			const struct column *col = v->cols.cols[c];
			char cell[CELL_MAX];
			int ret;

			if (col->kind == KIND_PATH)
				ret = set_path_cell(t, row, c, v, i);
			else
				ret = table_set_cell(
					t, row, c,
					column_format(col, v->rows[i], &v->ctx,
						      cell, sizeof(cell)));
			if (ret)
				return ret;
		}
	}
	return 0;
}

int cgroups_print_table(const struct cgroups_view *v, FILE *out)
{
	struct table t;
	int ret;

	ret = table_init(&t, v->cols.count);
	if (ret)
		return ret;
	t.noheadings = v->noheadings;
	t.raw = v->raw;
	ret = fill(&t, v);
	if (!ret)
		ret = table_print(&t, out);
	table_free(&t);
	return ret;
}
