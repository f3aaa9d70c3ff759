// SPDX-License-Identifier: GPL-2.0
/* The readable summary of "zswapctl status": "label: value" lines. */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "escape.h"
#include "figures.h"
#include "size.h"
#include "status.h"

#define VALUE_MAX 128
/* The longest label, "rejected (kmemcache fail):", and a space */
#define LABEL_WIDTH 28

/*
 * The compressor and the zpool are names from the system, which the
 * fallback reads from files: escaped as every text output does (escape.h)
 */
static void line(FILE *out, const char *label, const char *value)
{
	char key[LABEL_WIDTH], text[ESCAPE_SIZE(VALUE_MAX)];

	snprintf(key, sizeof(key), "%s:", label);
	escape_text(value, escape_locale_flags(), text, sizeof(text));
	fprintf(out, "%-*s%s\n", LABEL_WIDTH, key, text);
}

/* A size as --bytes asks, or "-" when the field is unknown */
static char *size_text(const struct status_view *v,
		       enum zswapnl_global_field field, uint64_t bytes,
		       char *buf, size_t len)
{
	if (!zswapnl_global_known(&v->global, field))
		snprintf(buf, len, "-");
	else if (v->bytes)
		snprintf(buf, len, "%" PRIu64, bytes);
	else
		size_format_iec(bytes, SIZE_SPACED, buf, len);
	return buf;
}

/* "25 MiB of 400 MiB (6.3%)", with "-" for what is unknown */
static void pool_line(FILE *out, const struct status_view *v)
{
	const struct zswapnl_global *g = &v->global;
	bool have_size = zswapnl_global_known(g, ZSWAPNL_G_POOL_TOTAL_SIZE);
	bool have_limit = zswapnl_global_known(g, ZSWAPNL_G_POOL_LIMIT_BYTES);
	char buf[VALUE_MAX], size[SIZE_STR_MAX], limit[SIZE_STR_MAX];
	uint64_t permille;
	int n;

	size_text(v, ZSWAPNL_G_POOL_TOTAL_SIZE, g->pool_total_size, size,
		  sizeof(size));
	size_text(v, ZSWAPNL_G_POOL_LIMIT_BYTES, g->pool_limit_bytes, limit,
		  sizeof(limit));
	n = snprintf(buf, sizeof(buf), "%s of %s", size, limit);
	if (have_size && have_limit &&
	    ratio_permille(g->pool_total_size, g->pool_limit_bytes, &permille))
		snprintf(buf + n, sizeof(buf) - n,
			 " (%" PRIu64 ".%" PRIu64 "%%)", permille / 10,
			 permille % 10);
	line(out, "pool size", buf);
}

/* "37274 (145.6 MiB)": the pages and the page data they hold */
static void stored_line(FILE *out, const struct status_view *v)
{
	uint64_t pages = v->global.stored_pages;
	char buf[VALUE_MAX], size[SIZE_STR_MAX];

	if (!zswapnl_global_known(&v->global, ZSWAPNL_G_STORED_PAGES)) {
		line(out, "stored pages", "-");
		return;
	}
	/* The size they hold needs the page size, which a tree may not say */
	if (!v->page_size || pages > UINT64_MAX / v->page_size) {
		snprintf(buf, sizeof(buf), "%" PRIu64, pages);
		line(out, "stored pages", buf);
		return;
	}
	snprintf(buf, sizeof(buf), "%" PRIu64 " (%s%s)", pages,
		 size_text(v, ZSWAPNL_G_STORED_PAGES, pages * v->page_size,
			   size, sizeof(size)),
		 v->bytes ? " bytes" : "");
	line(out, "stored pages", buf);
}

/*
 * The pool ratio: the page data held per byte of the pool, allocator
 * overhead included; not the compression ratio of "cgroups", which
 * divides by the compressed bytes alone (zswapctl(8))
 */
static void ratio_line(FILE *out, const struct status_view *v)
{
	const struct zswapnl_global *g = &v->global;
	char buf[VALUE_MAX];
	uint64_t hundredths;

	if (zswapnl_global_known(g, ZSWAPNL_G_STORED_PAGES) &&
	    zswapnl_global_known(g, ZSWAPNL_G_POOL_TOTAL_SIZE) &&
	    ratio_hundredths(g->stored_pages, v->page_size, g->pool_total_size,
			     &hundredths))
		ratio_format(hundredths, buf, sizeof(buf));
	else
		snprintf(buf, sizeof(buf), "-");
	line(out, "pool ratio", buf);
}

/* A figure of the table on a line of its own, its unit the library's */
static void field_line(FILE *out, const struct status_view *v,
		       const struct global_figure *fig)
{
	enum zswapnl_unit unit = global_figure_info(fig)->unit;
	char buf[VALUE_MAX];
	const char *name;
	uint64_t value;

	if (unit == ZSWAPNL_UNIT_NAME) {
		name = status_name(&v->global, fig->field);
		line(out, fig->label, name ? name : "-");
		return;
	}
	if (!zswapnl_global_value(&v->global, fig->field, &value)) {
		line(out, fig->label, "-");
		return;
	}
	switch (unit) {
	case ZSWAPNL_UNIT_BOOL:
		line(out, fig->label, value ? "yes" : "no");
		return;
	case ZSWAPNL_UNIT_PERCENT:
		snprintf(buf, sizeof(buf), "%" PRIu64 "%%", value);
		break;
	case ZSWAPNL_UNIT_BYTES:
		size_text(v, fig->field, value, buf, sizeof(buf));
		break;
	default:
		snprintf(buf, sizeof(buf), "%" PRIu64, value);
		break;
	}
	line(out, fig->label, buf);
}

/*
 * In the order of the table of global figures, each on its line but the
 * pool's size and limit (one line) and the stored pages (with their
 * size); the pool ratio after the stored and the zero pages
 */
int status_print_text(const struct status_view *v, FILE *out)
{
	const struct global_figure *fig;
	size_t i;

	line(out, "source",
	     v->source == ZSWAPNL_SOURCE_NETLINK ? "netlink" : "fallback");
	for (i = 0; i < nr_global_figures; i++) {
		fig = &global_figures[i];
		switch (fig->field) {
		case ZSWAPNL_G_POOL_TOTAL_SIZE:
			pool_line(out, v);
			break;
		case ZSWAPNL_G_POOL_LIMIT_BYTES:
			break;
		case ZSWAPNL_G_STORED_PAGES:
			stored_line(out, v);
			break;
		default:
			field_line(out, v, fig);
			break;
		}
		if (fig->field == ZSWAPNL_G_ZERO_PAGES)
			ratio_line(out, v);
	}
	return ferror(out) ? -EIO : 0;
}
