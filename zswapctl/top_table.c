// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>

#include "table.h"
#include "top_table.h"
#include "tree.h"

#define CELL_MAX 64
#define HEADER_MAX 32

/* As in "zswapctl cgroups --tree": the top of a tree keeps its full path */
static int set_path_cell(struct table *t, size_t row, size_t col,
			 const struct top_row *r)
{
	const char *path = r->m->path ? r->m->path : "-";
	char *cell;
	int ret;

	if (!r->prefix || !r->prefix[0])
		return table_set_cell(t, row, col, path);
	if (asprintf(&cell, "%s%s", r->prefix, tree_basename(path)) < 0)
		return -ENOMEM;
	ret = table_set_cell(t, row, col, cell);
	free(cell);
	return ret;
}

static int fill(struct table *t, const struct top_rows *rows,
		const struct top_order *ord)
{
	size_t i, c;

	for (i = 0; i < rows->count; i++) {
		const struct top_row *r = &rows->rows[i];
		long row = table_add_row(t);

		if (row < 0)
			return (int)row;
		for (c = 0; c < nr_top_columns; c++) {
			const struct top_column *col = &top_columns[c];
			char cell[CELL_MAX];
			int ret;

			if (col->value == TOP_MEMCG &&
			    column_by_name(col->memcg_column)->kind ==
				    KIND_PATH)
				ret = set_path_cell(t, row, c, r);
			else
				ret = table_set_cell(
					t, row, c,
					top_column_format(col, r, &ord->ctx,
							  cell, sizeof(cell)));
			if (ret)
				return ret;
		}
	}
	return 0;
}

int top_table_print(const struct top_rows *rows, const struct top_order *ord,
		    size_t width, FILE *out)
{
	const char *arrow = top_order_descending(ord) ?
				    (ord->utf8 ? "\u25bc" : "v") :
				    (ord->utf8 ? "\u25b2" : "^");
	char sort_header[HEADER_MAX];
	struct table t;
	size_t c;
	int ret;

	ret = table_init(&t, nr_top_columns);
	if (ret)
		return ret;
	for (c = 0; c < nr_top_columns; c++) {
		const struct top_column *col = &top_columns[c];
		enum column_align align = ALIGN_RIGHT;
		const char *header = col->name;

		if (col->value == TOP_MEMCG) {
			align = column_by_name(col->memcg_column)->align;
			if (column_by_name(col->memcg_column)->kind ==
			    KIND_PATH)
				t.shrink = (long)c;
		}
		if (col == ord->sort) {
			snprintf(sort_header, sizeof(sort_header), "%s%s",
				 col->name, arrow);
			header = sort_header;
		}
		table_set_column(&t, c, header, align);
	}
	t.max_width = width;
	t.utf8 = ord->utf8;
	ret = fill(&t, rows, ord);
	if (!ret)
		ret = table_print(&t, out);
	table_free(&t);
	return ret;
}
