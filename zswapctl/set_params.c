// SPDX-License-Identifier: GPL-2.0
/* What each parameter of "zswapctl set" accepts: checked before sending. */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "parse.h"
#include "set_params.h"

static int parse_name(const char *value, size_t max)
{
	size_t len = strlen(value);

	if (!len || strpbrk(value, " \t\n/"))
		return -EINVAL;
	return len > max ? -ERANGE : 0;
}

static int parse_compressor(const char *value, struct zswapnl_params *p)
{
	p->compressor = value;
	return parse_name(value, COMPRESSOR_NAME_MAX);
}

static int parse_zpool(const char *value, struct zswapnl_params *p)
{
	p->zpool = value;
	return parse_name(value, ZPOOL_NAME_MAX);
}

static int parse_enabled(const char *value, struct zswapnl_params *p)
{
	return parse_on_off(value, &p->enabled);
}

static int parse_max_pool(const char *value, struct zswapnl_params *p)
{
	return parse_percent(value, &p->max_pool_percent);
}

static int parse_threshold(const char *value, struct zswapnl_params *p)
{
	return parse_percent(value, &p->accept_threshold_percent);
}

static void show_compressor(const struct zswapnl_global *g, char *buf,
			    size_t len)
{
	snprintf(buf, len, "%s",
		 zswapnl_global_known(g, ZSWAPNL_G_COMPRESSOR) ? g->compressor :
								 "-");
}

static void show_zpool(const struct zswapnl_global *g, char *buf, size_t len)
{
	snprintf(buf, len, "%s",
		 zswapnl_global_known(g, ZSWAPNL_G_ZPOOL) ? g->zpool : "-");
}

static void show_enabled(const struct zswapnl_global *g, char *buf, size_t len)
{
	snprintf(buf, len, "%s",
		 !zswapnl_global_known(g, ZSWAPNL_G_ENABLED) ? "-" :
		 g->enabled				     ? "yes" :
							       "no");
}

static void show_max_pool(const struct zswapnl_global *g, char *buf, size_t len)
{
	if (zswapnl_global_known(g, ZSWAPNL_G_MAX_POOL_PERCENT))
		snprintf(buf, len, "%" PRIu32, g->max_pool_percent);
	else
		snprintf(buf, len, "-");
}

static void show_threshold(const struct zswapnl_global *g, char *buf,
			   size_t len)
{
	if (zswapnl_global_known(g, ZSWAPNL_G_ACCEPT_THRESHOLD_PERCENT))
		snprintf(buf, len, "%" PRIu32, g->accept_threshold_percent);
	else
		snprintf(buf, len, "-");
}

static void put_compressor(const struct zswapnl_params *p,
			   struct zswapnl_global *g)
{
	snprintf(g->compressor, sizeof(g->compressor), "%s", p->compressor);
}

static void put_zpool(const struct zswapnl_params *p, struct zswapnl_global *g)
{
	snprintf(g->zpool, sizeof(g->zpool), "%s", p->zpool);
}

static void put_enabled(const struct zswapnl_params *p,
			struct zswapnl_global *g)
{
	g->enabled = p->enabled;
}

static void put_max_pool(const struct zswapnl_params *p,
			 struct zswapnl_global *g)
{
	g->max_pool_percent = p->max_pool_percent;
}

static void put_threshold(const struct zswapnl_params *p,
			  struct zswapnl_global *g)
{
	g->accept_threshold_percent = p->accept_threshold_percent;
}

#define PERCENT "a whole number from 0 to 100"

const struct set_param set_params[] = {
	{
		.name = "compressor",
		.sysfs_name = "compressor",
		.value_help = "<name>",
		.expected = "a compressor name of at most 63 characters",
		.help = "compression algorithm (a crypto API compressor: lzo, lz4, zstd, ...)",
		.flag = ZSWAPNL_SET_COMPRESSOR,
		.field = ZSWAPNL_G_COMPRESSOR,
		.parse = parse_compressor,
		.show = show_compressor,
		.put = put_compressor,
	},
	{
		.name = "zpool",
		.sysfs_name = "zpool",
		.value_help = "<name>",
		.expected = "a zpool name of at most 31 characters",
		.help = "allocator of the compressed pool (zbud, z3fold, zsmalloc)",
		.flag = ZSWAPNL_SET_ZPOOL,
		.field = ZSWAPNL_G_ZPOOL,
		.parse = parse_zpool,
		.show = show_zpool,
		.put = put_zpool,
	},
	{
		.name = "enabled",
		.sysfs_name = "enabled",
		.value_help = "on|off",
		.expected = ON_OFF_WORDS,
		.help = "whether zswap takes new pages",
		.flag = ZSWAPNL_SET_ENABLED,
		.field = ZSWAPNL_G_ENABLED,
		.parse = parse_enabled,
		.show = show_enabled,
		.put = put_enabled,
	},
	{
		.name = "max-pool-percent",
		.sysfs_name = "max_pool_percent",
		.value_help = "<0-100>",
		.expected = PERCENT,
		.help = "largest pool size, in percent of RAM",
		.flag = ZSWAPNL_SET_MAX_POOL_PERCENT,
		.field = ZSWAPNL_G_MAX_POOL_PERCENT,
		.parse = parse_max_pool,
		.show = show_max_pool,
		.put = put_max_pool,
	},
	{
		.name = "accept-threshold-percent",
		.sysfs_name = "accept_threshold_percent",
		.value_help = "<0-100>",
		.expected = PERCENT,
		.help = "pool fill, in percent of the limit, below which a full pool takes pages again",
		.flag = ZSWAPNL_SET_ACCEPT_THRESHOLD_PERCENT,
		.field = ZSWAPNL_G_ACCEPT_THRESHOLD_PERCENT,
		.parse = parse_threshold,
		.show = show_threshold,
		.put = put_threshold,
	},
};

const size_t nr_set_params = sizeof(set_params) / sizeof(set_params[0]);

const struct set_param *set_param_by_name(const char *name)
{
	size_t i;

	for (i = 0; i < nr_set_params; i++)
		if (!strcmp(set_params[i].name, name) ||
		    !strcmp(set_params[i].sysfs_name, name))
			return &set_params[i];
	return NULL;
}

int set_param_value(const struct set_param *p, const char *name,
		    const char *value, struct zswapnl_params *params, char *msg,
		    size_t len)
{
	int ret = p->parse(value, params);

	if (ret == -ERANGE)
		snprintf(msg, len, "%s '%s' out of range (expected %s)", name,
			 value, p->expected);
	else if (ret)
		snprintf(msg, len, "invalid %s '%s' (expected %s)", name, value,
			 p->expected);
	return ret ? (ret == -ERANGE ? -ERANGE : -EINVAL) : 0;
}
