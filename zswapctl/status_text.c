// SPDX-License-Identifier: GPL-2.0
/* The readable summary of "zswapctl status": "label: value" lines. */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "escape.h"
#include "ratio.h"
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
	escape_text(value, 0, text, sizeof(text));
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

/* A counter, or "-" when the source does not have it */
static void count_line(FILE *out, const struct status_view *v,
		       const char *label, enum zswapnl_global_field field,
		       uint64_t value)
{
	char buf[VALUE_MAX];

	if (zswapnl_global_known(&v->global, field))
		snprintf(buf, sizeof(buf), "%" PRIu64, value);
	else
		snprintf(buf, sizeof(buf), "-");
	line(out, label, buf);
}

static void percent_line(FILE *out, const struct status_view *v,
			 const char *label, enum zswapnl_global_field field,
			 uint32_t value)
{
	char buf[VALUE_MAX];

	if (zswapnl_global_known(&v->global, field))
		snprintf(buf, sizeof(buf), "%" PRIu32 "%%", value);
	else
		snprintf(buf, sizeof(buf), "-");
	line(out, label, buf);
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
	if (pages > UINT64_MAX / v->page_size) {
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
	line(out, "compression ratio", buf);
}

static const char *enabled_text(const struct status_view *v)
{
	if (!zswapnl_global_known(&v->global, ZSWAPNL_G_ENABLED))
		return "-";
	return v->global.enabled ? "yes" : "no";
}

int status_print_text(const struct status_view *v, FILE *out)
{
	const struct zswapnl_global *g = &v->global;

	line(out, "source",
	     v->source == ZSWAPNL_SOURCE_NETLINK ? "netlink" : "fallback");
	line(out, "enabled", enabled_text(v));
	line(out, "compressor",
	     zswapnl_global_known(g, ZSWAPNL_G_COMPRESSOR) ? g->compressor :
							     "-");
	line(out, "zpool",
	     zswapnl_global_known(g, ZSWAPNL_G_ZPOOL) ? g->zpool : "-");
	percent_line(out, v, "max pool percent", ZSWAPNL_G_MAX_POOL_PERCENT,
		     g->max_pool_percent);
	percent_line(out, v, "accept threshold",
		     ZSWAPNL_G_ACCEPT_THRESHOLD_PERCENT,
		     g->accept_threshold_percent);
	pool_line(out, v);
	count_line(out, v, "pool limit hits", ZSWAPNL_G_POOL_LIMIT_HIT,
		   g->pool_limit_hit);
	stored_line(out, v);
	count_line(out, v, "zero pages", ZSWAPNL_G_ZERO_PAGES, g->zero_pages);
	ratio_line(out, v);
	count_line(out, v, "rejected (reclaim fail)",
		   ZSWAPNL_G_REJECT_RECLAIM_FAIL, g->reject_reclaim_fail);
	count_line(out, v, "rejected (alloc fail)", ZSWAPNL_G_REJECT_ALLOC_FAIL,
		   g->reject_alloc_fail);
	count_line(out, v, "rejected (kmemcache fail)",
		   ZSWAPNL_G_REJECT_KMEMCACHE_FAIL, g->reject_kmemcache_fail);
	count_line(out, v, "rejected (compress poor)",
		   ZSWAPNL_G_REJECT_COMPRESS_POOR, g->reject_compress_poor);
	count_line(out, v, "duplicate entries", ZSWAPNL_G_DUPLICATE_ENTRY,
		   g->duplicate_entry);
	count_line(out, v, "written back pages", ZSWAPNL_G_WRITTEN_BACK_PAGES,
		   g->written_back_pages);
	count_line(out, v, "zswpin", ZSWAPNL_G_ZSWPIN, g->zswpin);
	count_line(out, v, "zswpout", ZSWAPNL_G_ZSWPOUT, g->zswpout);
	return ferror(out) ? -EIO : 0;
}
