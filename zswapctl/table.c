// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <wchar.h>

#include "escape.h"
#include "table.h"

int table_init(struct table *t, size_t ncols)
{
	memset(t, 0, sizeof(*t));
	t->ncols = ncols;
	t->shrink = -1;
	t->headers = calloc(ncols, sizeof(*t->headers));
	t->align = calloc(ncols, sizeof(*t->align));
	if (!t->headers || !t->align) {
		table_free(t);
		return -ENOMEM;
	}
	return 0;
}

void table_set_column(struct table *t, size_t col, const char *header,
		      enum column_align align)
{
	t->headers[col] = header;
	t->align[col] = align;
}

long table_add_row(struct table *t)
{
	if (t->nrows == t->cap) {
		size_t cap = t->cap ? 2 * t->cap : 16;
		char **cells =
			reallocarray(t->cells, cap * t->ncols, sizeof(*cells));

		if (!cells)
			return -ENOMEM;
		memset(cells + t->cap * t->ncols, 0,
		       (cap - t->cap) * t->ncols * sizeof(*cells));
		t->cells = cells;
		t->cap = cap;
	}
	return (long)t->nrows++;
}

int table_set_cell(struct table *t, size_t row, size_t col, const char *text)
{
	char **cell = &t->cells[row * t->ncols + col];
	char *copy = strdup(text);

	if (!copy)
		return -ENOMEM;
	free(*cell);
	*cell = copy;
	return 0;
}

void table_free(struct table *t)
{
	size_t i;

	for (i = 0; t->cells && i < t->nrows * t->ncols; i++)
		free(t->cells[i]);
	free(t->cells);
	free(t->headers);
	free(t->align);
	memset(t, 0, sizeof(*t));
}

/*
 * The width of the character at s, its length in *n: one column a byte
 * that is not a character of the locale
 */
static int char_width(const char *s, size_t left, size_t *n)
{
	mbstate_t state = { 0 };
	wchar_t wc;
	int w;

	*n = mbrtowc(&wc, s, left, &state);
	if (*n == (size_t)-1 || *n == (size_t)-2 || !*n) {
		*n = 1;
		return 1;
	}
	w = wcwidth(wc);
	return w < 0 ? 1 : w;
}

size_t table_text_width(const char *text)
{
	size_t width = 0, left = strlen(text), n;

	for (; left; text += n, left -= n)
		width += char_width(text, left, &n);
	return width;
}

char *table_ellipsize(const char *text, size_t width, bool utf8)
{
	const char *ellipsis = utf8 ? "\u2026" : "...";
	size_t ell = utf8 ? 1 : 3, len = strlen(text), head = 0, tail = len;
	size_t used = 0, keep_head, keep_tail, n, i, total;
	char *out;

	total = table_text_width(text);
	if (total <= width)
		return strdup(text);
	if (width <= ell)
		return strndup(ellipsis, width >= ell ? strlen(ellipsis) : width);
	keep_head = (width - ell + 1) / 2;
	keep_tail = width - ell - keep_head;
	/* The start: whole characters while they fit */
	while (head < len) {
		int w = char_width(text + head, len - head, &n);

		if (used + w > keep_head)
			break;
		used += w;
		head += n;
	}
	/*
	 * The end: the last characters that fit, found from the start (a
	 * character boundary is only known from there), the width of what
	 * is left after each being the total less what came before
	 */
	for (i = head; i < len; i += n) {
		if (total - used <= keep_tail) {
			tail = i;
			break;
		}
		used += char_width(text + i, len - i, &n);
	}
	out = malloc(head + strlen(ellipsis) + (len - tail) + 1);
	if (!out)
		return NULL;
	memcpy(out, text, head);
	strcpy(out + head, ellipsis);
	strcat(out, text + tail);
	return out;
}

/* An escaped copy of a cell, for printing and measuring */
static char *escaped(const char *text, bool raw)
{
	return escape_alloc(text, raw ? ESCAPE_SPACE | ESCAPE_BACKSLASH : escape_locale_flags());
}

static void print_cell(const char *text, size_t width, enum column_align align,
		       bool last, FILE *out)
{
	size_t pad = width - table_text_width(text);

	if (align == ALIGN_RIGHT)
		fprintf(out, "%*s", (int)pad, "");
	fputs(text, out);
	/* No spaces at the end of a line */
	if (align == ALIGN_LEFT && !last)
		fprintf(out, "%*s", (int)pad, "");
}

static size_t total_width(const size_t *width, size_t ncols)
{
	size_t c, total = ncols ? ncols - 1 : 0;

	for (c = 0; c < ncols; c++)
		total += width[c];
	return total;
}

/*
 * Make the table fit t->max_width: shorten the shrink column's cells,
 * then leave out columns from the right; *shown is how many are left.
 */
static int fit(const struct table *t, char **text, size_t *width,
	       size_t *shown)
{
	size_t total = total_width(width, t->ncols), s, r, want, least;

	if (total > t->max_width && t->shrink >= 0 &&
	    (size_t)t->shrink < t->ncols) {
		s = t->shrink;
		least = t->noheadings ? 0 : table_text_width(t->headers[s]);
		if (least < SHRINK_MIN)
			least = SHRINK_MIN;
		want = width[s] > total - t->max_width ?
			       width[s] - (total - t->max_width) :
			       0;
		if (want < least)
			want = least;
		for (r = 0; want < width[s] && r < t->nrows; r++) {
			char **cell = &text[r * t->ncols + s];
			char *shorter;

			if (table_text_width(*cell) <= want)
				continue;
			shorter = table_ellipsize(*cell, want, t->utf8);
			if (!shorter)
				return -ENOMEM;
			free(*cell);
			*cell = shorter;
		}
		if (want < width[s])
			width[s] = want;
	}
	/* A column goes whole or not at all, the first one always */
	for (*shown = t->ncols;
	     *shown > 1 && total_width(width, *shown) > t->max_width;)
		(*shown)--;
	return 0;
}

int table_print(const struct table *t, FILE *out)
{
	size_t ncells = t->nrows * t->ncols, r, c, *width, shown = t->ncols;
	char **text;
	int ret = 0;

	width = calloc(t->ncols, sizeof(*width));
	text = calloc(ncells + 1, sizeof(*text));
	if (!width || !text) {
		ret = -ENOMEM;
		goto out;
	}
	for (r = 0; r < ncells; r++) {
		text[r] = escaped(t->cells[r] ? t->cells[r] : "", t->raw);
		if (!text[r]) {
			ret = -ENOMEM;
			goto out;
		}
	}
	for (c = 0; c < t->ncols; c++) {
		width[c] = t->noheadings ? 0 : table_text_width(t->headers[c]);
		for (r = 0; r < t->nrows; r++) {
			size_t w = table_text_width(text[r * t->ncols + c]);

			if (w > width[c])
				width[c] = w;
		}
	}
	if (t->max_width) {
		ret = fit(t, text, width, &shown);
		if (ret)
			goto out;
	}
	for (r = t->noheadings ? 1 : 0; r <= t->nrows; r++) {
		for (c = 0; c < shown; c++) {
			/* Row 0 is the header line */
			const char *cell = r ? text[(r - 1) * t->ncols + c] :
					       t->headers[c];
			bool last = c + 1 == shown;

			if (c)
				putc(' ', out);
			if (t->raw)
				fputs(cell, out);
			else
				print_cell(cell, width[c], t->align[c], last,
					   out);
		}
		putc('\n', out);
	}
	if (ferror(out))
		ret = -EIO;
out:
	for (r = 0; text && r < ncells; r++)
		free(text[r]);
	free(text);
	free(width);
	return ret;
}
