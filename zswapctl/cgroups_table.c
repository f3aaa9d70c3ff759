// SPDX-License-Identifier: GPL-2.0
/*
 * The table of "zswapctl cgroups", one row a cgroup, one column per
 * --output, printed by libsmartcols as lsblk, findmnt and zramctl print
 * theirs: the widths, --tree's lines, --raw, --noheadings, and on a
 * terminal a PATH cut to the screen's width so that the figures stay on it
 * (a figure is never cut).
 *
 * The encoding of names is ours (escape.h), not libsmartcols': the
 * library's, as of 2.38, lets the direction marks and overrides of Unicode
 * (U+202E and the like) through, which reorder what a terminal shows. The
 * aligned table therefore gets cells already escaped and the library's
 * encoding off. With the library's encoding off, libsmartcols 2.38 loops
 * for ever on a byte that is not a character of the locale (measured: a
 * name "café" under LC_ALL=C), so outside a UTF-8 locale every byte
 * beyond ASCII is escaped too, as the library itself would. --raw is the
 * library's own format: spaces, backslashes and every byte but printable
 * ASCII as \xHH, a word each field, which decodes back to the exact bytes.
 */
#include <errno.h>
#include <libsmartcols.h>
#include <stdlib.h>
#include <string.h>

#include "cgroup_ref.h"
#include "cgroups.h"
#include "escape.h"
#include "tree.h"
#include "zswapctl.h"

#define CELL_MAX 64

/*
 * The PATH cell: in the drawn tree the path relative to the row it hangs
 * from (the last component, or more below TREE_DEPTH_MAX), beside the
 * tree's lines; the top of each tree keeps its full path, which says
 * where it hangs. Either as cgroup_path_shown() cuts it, in @buf.
 */
static const char *path_text(const struct cgroups_view *v, size_t i, bool drawn,
			     char *buf, size_t size)
{
	const char *path = v->rows[i]->path ? v->rows[i]->path : "-";
	const char *up;

	if (drawn && v->parents[i] != SIZE_MAX) {
		up = v->rows[v->parents[i]]->path;
		if (up && cgroup_path_within(path, up) && strcmp(path, up))
			path += strlen(up) > 1 ? strlen(up) + 1 : 1;
	}
	return cgroup_path_shown(path, buf, size);
}

/* escape: the escape_text() flags, or -1 for the library's --raw */
static int set_cell(struct libscols_line *ln, size_t c, const char *text,
		    int escape)
{
	char *cell;

	if (escape < 0)
		return scols_line_set_data(ln, c, text);
	cell = escape_alloc(text, escape);
	if (!cell)
		return -ENOMEM;
	/* The line owns the cell from here on, freed or not */
	return scols_line_refer_data(ln, c, cell);
}

static int add_columns(struct libscols_table *tb, const struct cgroups_view *v,
		       bool drawn)
{
	bool tree_column = drawn;
	size_t c;

	for (c = 0; c < v->cols.count; c++) {
		const struct column *col = v->cols.cols[c];
		int flags = column_align(col) == ALIGN_RIGHT ? SCOLS_FL_RIGHT :
							       0;

		if (col->kind == KIND_PATH) {
			/* One PATH draws the tree when --output repeats it */
			if (tree_column)
				flags |= SCOLS_FL_TREE;
			tree_column = false;
			flags |= SCOLS_FL_TRUNC | SCOLS_FL_NOEXTREMES;
		}
		if (!scols_table_new_column(tb, col->name, 0, flags))
			return -ENOMEM;
	}
	return 0;
}

static int fill(struct libscols_table *tb, const struct cgroups_view *v,
		bool drawn, int escape)
{
	struct libscols_line **lines;
	int ret = 0;
	size_t i, c;

	lines = calloc(v->nrows + 1, sizeof(*lines));
	if (!lines)
		return -ENOMEM;
	for (i = 0; i < v->nrows && !ret; i++) {
		struct libscols_line *parent = NULL;

		/* Tree order puts every parent before its children */
		if (drawn && v->parents[i] != SIZE_MAX)
			parent = lines[v->parents[i]];
		lines[i] = scols_table_new_line(tb, parent);
		if (!lines[i]) {
			ret = -ENOMEM;
			break;
		}
		for (c = 0; c < v->cols.count && !ret; c++) {
			const struct column *col = v->cols.cols[c];
			char cell[CELL_MAX], path[CGROUP_PATH_SHOWN_MAX + 1];

			if (col->kind == KIND_PATH)
				ret = set_cell(lines[i], c,
					       path_text(v, i, drawn, path,
							 sizeof(path)),
					       escape);
			else
				ret = set_cell(lines[i], c,
					       column_format(col, v->rows[i],
							     &v->ctx, cell,
							     sizeof(cell)),
					       escape);
		}
	}
	free(lines);
	return ret;
}

int cgroups_print_table(const struct cgroups_view *v, FILE *out)
{
	/* --raw draws no tree: a field is the cgroup's path */
	bool drawn = v->parents && !v->raw;
	int escape = -1;
	struct libscols_table *tb;
	int ret = -ENOMEM;

	tb = scols_new_table();
	if (!tb)
		return -ENOMEM;
	scols_table_set_stream(tb, out);
	scols_table_enable_noheadings(tb, v->noheadings);
	if (v->raw) {
		scols_table_enable_raw(tb, 1);
	} else {
		scols_table_enable_noencoding(tb, 1);
		escape = zc_utf8() ? 0 : ESCAPE_ASCII;
	}
	if (add_columns(tb, v, drawn))
		goto out;
	ret = fill(tb, v, drawn, escape);
	if (ret)
		goto out;
	ret = scols_print_table(tb) ? -EIO : 0;
	if (!ret && (fflush(out) || ferror(out)))
		ret = -EIO;
out:
	scols_unref_table(tb);
	return ret;
}
