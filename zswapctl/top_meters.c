// SPDX-License-Identifier: GPL-2.0
#include <inttypes.h>
#include <stdio.h>

#include "ratio.h"
#include "top_meters.h"

static void count_text(const struct zswapnl_global *g,
		       enum zswapnl_global_field f, uint64_t value, char *buf,
		       size_t len)
{
	if (zswapnl_global_known(g, f))
		snprintf(buf, len, "%" PRIu64, value);
	else
		snprintf(buf, len, "-");
}

/* "12.4 MiB of 400.2 MiB (3.1%)", as "zswapctl status" says it */
static void pool_text(const struct zswapnl_global *g, struct top_meters *mt)
{
	char size[SIZE_STR_MAX] = "-", limit[SIZE_STR_MAX] = "-";
	bool have_size = zswapnl_global_known(g, ZSWAPNL_G_POOL_TOTAL_SIZE);
	bool have_limit = zswapnl_global_known(g, ZSWAPNL_G_POOL_LIMIT_BYTES);
	int n;

	if (have_size)
		size_format_iec(g->pool_total_size, SIZE_SPACED, size,
				sizeof(size));
	if (have_limit)
		size_format_iec(g->pool_limit_bytes, SIZE_SPACED, limit,
				sizeof(limit));
	n = snprintf(mt->pool, sizeof(mt->pool), "%s of %s", size, limit);
	mt->pool_known = have_size && have_limit &&
			 ratio_permille(g->pool_total_size, g->pool_limit_bytes,
					&mt->pool_permille);
	if (mt->pool_known)
		snprintf(mt->pool + n, sizeof(mt->pool) - n,
			 " (%" PRIu64 ".%" PRIu64 "%%)", mt->pool_permille / 10,
			 mt->pool_permille % 10);
}

void top_meters_fill(const struct sample *prev, const struct sample *cur,
		     uint64_t page_size, struct top_meters *mt)
{
	const struct zswapnl_global *g = &cur->global;
	struct global_rates r;
	uint64_t hundredths;

	pool_text(g, mt);
	if (zswapnl_global_known(g, ZSWAPNL_G_STORED_PAGES) &&
	    zswapnl_global_known(g, ZSWAPNL_G_POOL_TOTAL_SIZE) &&
	    ratio_hundredths(g->stored_pages, page_size, g->pool_total_size,
			     &hundredths))
		ratio_format(hundredths, mt->ratio, sizeof(mt->ratio));
	else
		snprintf(mt->ratio, sizeof(mt->ratio), "-");
	count_text(g, ZSWAPNL_G_STORED_PAGES, g->stored_pages, mt->stored,
		   sizeof(mt->stored));
	count_text(g, ZSWAPNL_G_ZERO_PAGES, g->zero_pages, mt->zero,
		   sizeof(mt->zero));
	global_rates(prev, cur, &r);
	rate_format(r.store, mt->store, sizeof(mt->store));
	rate_format(r.load, mt->load, sizeof(mt->load));
	rate_format(r.reject, mt->reject, sizeof(mt->reject));
	rate_format(r.written_back, mt->written_back, sizeof(mt->written_back));
}

char *seconds_hundredths(uint64_t ns, char *buf, size_t len)
{
	uint64_t hundredths = (ns + 5000000) / 10000000;

	snprintf(buf, len, "%" PRIu64 ".%02" PRIu64, hundredths / 100,
		 hundredths % 100);
	return buf;
}
