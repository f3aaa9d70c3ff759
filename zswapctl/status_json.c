// SPDX-License-Identifier: GPL-2.0
/*
 * "zswapctl status --json". The keys are the netlink attribute names with
 * underscores, so that they mean what the kernel documents; zswapctl(8)
 * lists them. A figure the source does not have is null, never 0.
 */
#include <errno.h>
#include <stddef.h>

#include "ratio.h"
#include "status.h"

struct counter_key {
	const char *key;
	enum zswapnl_global_field field;
	size_t offset; /* of the uint64_t in struct zswapnl_global */
};

#define COUNTER(name, field)                                        \
	{                                                           \
#name, field, offsetof(struct zswapnl_global, name) \
	}

static const struct counter_key counters[] = {
	COUNTER(pool_total_size, ZSWAPNL_G_POOL_TOTAL_SIZE),
	COUNTER(pool_limit_bytes, ZSWAPNL_G_POOL_LIMIT_BYTES),
	COUNTER(pool_limit_hit, ZSWAPNL_G_POOL_LIMIT_HIT),
	COUNTER(stored_pages, ZSWAPNL_G_STORED_PAGES),
	COUNTER(zero_pages, ZSWAPNL_G_ZERO_PAGES),
	COUNTER(reject_reclaim_fail, ZSWAPNL_G_REJECT_RECLAIM_FAIL),
	COUNTER(reject_alloc_fail, ZSWAPNL_G_REJECT_ALLOC_FAIL),
	COUNTER(reject_kmemcache_fail, ZSWAPNL_G_REJECT_KMEMCACHE_FAIL),
	COUNTER(reject_compress_poor, ZSWAPNL_G_REJECT_COMPRESS_POOR),
	COUNTER(duplicate_entry, ZSWAPNL_G_DUPLICATE_ENTRY),
	COUNTER(written_back_pages, ZSWAPNL_G_WRITTEN_BACK_PAGES),
	COUNTER(zswpin, ZSWAPNL_G_ZSWPIN),
	COUNTER(zswpout, ZSWAPNL_G_ZSWPOUT),
};

static int add_parameters(cJSON *doc, const struct status_view *v)
{
	const struct zswapnl_global *g = &v->global;

	if (json_add_bool(doc, "enabled",
			  zswapnl_global_known(g, ZSWAPNL_G_ENABLED),
			  g->enabled) ||
	    json_add_string(doc, "compressor",
			    zswapnl_global_known(g, ZSWAPNL_G_COMPRESSOR),
			    g->compressor) ||
	    json_add_string(doc, "zpool",
			    zswapnl_global_known(g, ZSWAPNL_G_ZPOOL),
			    g->zpool) ||
	    json_add_u64(doc, "max_pool_percent",
			 zswapnl_global_known(g, ZSWAPNL_G_MAX_POOL_PERCENT),
			 g->max_pool_percent) ||
	    json_add_u64(
		    doc, "accept_threshold_percent",
		    zswapnl_global_known(g, ZSWAPNL_G_ACCEPT_THRESHOLD_PERCENT),
		    g->accept_threshold_percent) ||
	    json_add_u64(doc, "page_size", true, v->page_size))
		return -ENOMEM;
	return 0;
}

static int add_counters(cJSON *doc, const struct status_view *v)
{
	const struct zswapnl_global *g = &v->global;
	uint64_t hundredths = 0;
	bool have_ratio;
	size_t i;

	for (i = 0; i < sizeof(counters) / sizeof(counters[0]); i++) {
		const uint64_t *value =
			(const void *)((const char *)g + counters[i].offset);

		if (json_add_u64(doc, counters[i].key,
				 zswapnl_global_known(g, counters[i].field),
				 *value))
			return -ENOMEM;
	}
	have_ratio = zswapnl_global_known(g, ZSWAPNL_G_STORED_PAGES) &&
		     zswapnl_global_known(g, ZSWAPNL_G_POOL_TOTAL_SIZE) &&
		     ratio_hundredths(g->stored_pages, v->page_size,
				      g->pool_total_size, &hundredths);
	return json_add_hundredths(doc, "compression_ratio", have_ratio,
				   hundredths);
}

int status_json_add(cJSON *doc, const struct status_view *v)
{
	if (add_parameters(doc, v) || add_counters(doc, v))
		return -ENOMEM;
	return 0;
}

int status_print_json(const struct status_view *v, enum json_style style,
		      FILE *out)
{
	cJSON *doc = json_new_document(
		v->source == ZSWAPNL_SOURCE_NETLINK ? "netlink" : "fallback");
	int ret = -ENOMEM;

	if (doc && !status_json_add(doc, v))
		ret = json_print(doc, style, out);
	cJSON_Delete(doc);
	return ret;
}
