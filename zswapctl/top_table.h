/* SPDX-License-Identifier: GPL-2.0 */
/* The table of "zswapctl top": a header line and one line a row. */
#ifndef ZSWAPCTL_TOP_TABLE_H
#define ZSWAPCTL_TOP_TABLE_H

#include <stdio.h>

#include "top_rows.h"

/*
 * Print the rows in the columns of top_columns.c, aligned by table.c; the
 * header of the sort column carries an arrow that says which way it goes.
 * With width (the screen's), PATH is shortened to make the table fit, its
 * cells cut in the middle; a figure never is. 0 for no limit (batch mode).
 * 0, -ENOMEM or -EIO.
 */
int top_table_print(const struct top_rows *rows, const struct top_order *ord,
		    size_t width, FILE *out);

#endif /* ZSWAPCTL_TOP_TABLE_H */
