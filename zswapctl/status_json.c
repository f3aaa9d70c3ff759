// SPDX-License-Identifier: GPL-2.0
/*
 * "zswapctl status --json". The keys and their order are those of the
 * table of global figures (figures.c): the netlink attribute names with
 * underscores, so that they mean what the kernel documents; zswapctl(8)
 * lists them. A figure the source does not have is null, never 0.
 */
#include <errno.h>
#include <stddef.h>

#include "figures.h"
#include "size.h"
#include "status.h"

const char *status_name(const struct zswapnl_global *g,
			enum zswapnl_global_field field)
{
	if (!zswapnl_global_known(g, field))
		return NULL;
	switch (field) {
	case ZSWAPNL_G_COMPRESSOR:
		return g->compressor;
	case ZSWAPNL_G_ZPOOL:
		return g->zpool;
	default:
		return NULL;
	}
}

static int add_field(cJSON *doc, const struct zswapnl_global *g,
		     const struct global_figure *fig)
{
	uint64_t value = 0;
	bool known = zswapnl_global_value(g, fig->field, &value);
	const char *name;

	switch (global_figure_info(fig)->unit) {
	case ZSWAPNL_UNIT_NAME:
		name = status_name(g, fig->field);
		return json_add_string(doc, fig->key, name != NULL, name);
	case ZSWAPNL_UNIT_BOOL:
		return json_add_bool(doc, fig->key, known, value);
	default:
		return json_add_u64(doc, fig->key, known, value);
	}
}

/*
 * The pool ratio, stored pages * page size / pool size: "pool_ratio".
 * Schema 1 had it as "compression_ratio" too, the key that in "cgroups
 * --json" is the compression ratio against the compressed bytes: one name
 * has one meaning since schema 2.
 */
static int add_ratio(cJSON *doc, const struct status_view *v)
{
	const struct zswapnl_global *g = &v->global;
	uint64_t hundredths = 0;
	bool have;

	have = zswapnl_global_known(g, ZSWAPNL_G_STORED_PAGES) &&
	       zswapnl_global_known(g, ZSWAPNL_G_POOL_TOTAL_SIZE) &&
	       ratio_hundredths(g->stored_pages, v->page_size,
				g->pool_total_size, &hundredths);
	return json_add_hundredths(doc, "pool_ratio", have, hundredths);
}

int status_json_add(cJSON *doc, const struct status_view *v)
{
	const struct global_figure *fig;
	bool page_size_added = false;
	size_t i;

	for (i = 0; i < nr_global_figures; i++) {
		fig = &global_figures[i];
		/* The page size, to turn pages into bytes, after the parameters */
		if (!(global_figure_info(fig)->flags & ZSWAPNL_INFO_PARAM) &&
		    !page_size_added) {
			/* null for a tree that does not say it */
			if (json_add_u64(doc, "page_size", v->page_size,
					 v->page_size))
				return -ENOMEM;
			page_size_added = true;
		}
		if (add_field(doc, &v->global, fig))
			return -ENOMEM;
	}
	return add_ratio(doc, v);
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
