/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A plain text table: columns as wide as their widest cell, one space
 * apart, or with --raw one space apart and no padding, every cell one word.
 * Cells are printed through escape_text() (escape.h): control characters
 * and bytes that are not UTF-8 as \xHH, and with --raw also spaces and
 * backslashes, so that a field is one word that decodes back to its bytes.
 */
#ifndef ZSWAPCTL_TABLE_H
#define ZSWAPCTL_TABLE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "columns.h"

struct table {
	size_t ncols;
	size_t nrows;
	size_t cap; /* rows allocated */
	const char **headers;
	enum column_align *align;
	char **cells; /* nrows * ncols, owned, NULL prints "" */
	bool noheadings;
	bool raw;
	/*
	 * With max_width, a table wider than that many columns shortens the
	 * cells of column shrink (its longest ones, an ellipsis in their
	 * middle, as systemd-cgtop does), down to SHRINK_MIN columns; what is
	 * still too wide loses whole columns from the right. A figure is never
	 * cut. table_init() leaves both off (0 and -1).
	 */
	size_t max_width;
	long shrink;
	bool utf8; /* the ellipsis as U+2026 rather than "..." */
};

#define SHRINK_MIN 12

int table_init(struct table *t, size_t ncols);
void table_set_column(struct table *t, size_t col, const char *header,
		      enum column_align align);
/* A new empty row; its index or -ENOMEM */
long table_add_row(struct table *t);
/* Copy text into a cell; 0 or -ENOMEM */
int table_set_cell(struct table *t, size_t row, size_t col, const char *text);
int table_print(const struct table *t, FILE *out);
void table_free(struct table *t);

/* Terminal columns text takes (UTF-8 aware) */
size_t table_text_width(const char *text);

/*
 * text in at most width columns: as it is when it fits, else its start
 * and its end around an ellipsis; a string to free, or NULL.
 */
char *table_ellipsize(const char *text, size_t width, bool utf8);

#endif /* ZSWAPCTL_TABLE_H */
