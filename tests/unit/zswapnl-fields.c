// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * The table of struct zswapnl_global's fields (libzswapnl/fields.c), which
 * the decoder, the fallback and zswapctl's outputs all follow: each field
 * once, its attribute named as the netlink spec names it, keys and metric
 * names unique and of the 1.0 names where they were there in 1.0.
 */

#include <string.h>

#include "internal.h"
#include "tap.h"

static void each_field_once(void)
{
	const struct zswapnl_global_info *a, *b;
	uint64_t seen = 0;
	size_t i, j;

	for (i = 0; (a = zswapnl_global_info(i)); i++) {
		CHECK_INT(a->struct_size, sizeof(*a));
		if (!CHECK(a->field < ZSWAPNL_G_NR_FIELDS) ||
		    !CHECK(!(seen & ZNL_BIT(a->field))))
			continue;
		seen |= ZNL_BIT(a->field);
		CHECK(a->key && a->label && a->help);
		CHECK(strspn(a->key, "abcdefghijklmnopqrstuvwxyz0123456789_") == strlen(a->key));
		for (j = 0; (b = zswapnl_global_info(j)); j++) {
			if (j == i)
				continue;
			CHECK(strcmp(a->key, b->key));
			CHECK(strcmp(a->label, b->label));
			if (a->metric && b->metric)
				CHECK(strcmp(a->metric, b->metric));
		}
		/* Prometheus: "_total" on counters and on nothing else */
		if (a->metric) {
			size_t n = strlen(a->metric);
			bool total = n > 6 && !strcmp(a->metric + n - 6, "_total");

			CHECK_INT(total, !!(a->flags & ZSWAPNL_INFO_COUNTER));
		}
	}
	CHECK_INT(i, ZSWAPNL_G_NR_FIELDS);
	CHECK_U64(seen, (UINT64_C(1) << ZSWAPNL_G_NR_FIELDS) - 1);
}

/*
 * The attribute names are those of the policy the decoder checks with, and
 * its types those of the spec (ABI v2): names strings, flags and
 * percentages u32, every other figure a uint. Every figure but
 * /proc/vmstat's has an attribute.
 */
static void attrs_as_in_the_spec(void)
{
	const struct znl_policy *pol = &znl_policies[ZNL_SET_GLOBAL];
	const struct znl_global_desc *d;
	enum mnl_attr_data_type type;
	size_t i;

	for (i = 0; (d = znl_global_desc(i)); i++) {
		if (!d->attr) {
			CHECK(!d->info.attr);
			CHECK_INT(d->from, ZNL_FROM_VMSTAT);
			continue;
		}
		CHECK(d->from != ZNL_FROM_VMSTAT);
		if (!CHECK(d->attr <= pol->max) || !CHECK(d->info.attr))
			continue;
		CHECK_STR(d->info.attr, pol->attrs[d->attr].name);
		switch (d->info.unit) {
		case ZSWAPNL_UNIT_NAME:
			type = MNL_TYPE_NUL_STRING;
			break;
		case ZSWAPNL_UNIT_BOOL:
		case ZSWAPNL_UNIT_PERCENT:
			type = MNL_TYPE_U32;
			break;
		default:
			type = ZNL_TYPE_UINT;
			break;
		}
		if (!CHECK_INT(pol->attrs[d->attr].type, type))
			tap_diag("%s", d->info.attr);
	}
}

/* The keys of 1.0, in their 1.0 order: scripts read them (zswapctl(8)) */
static void keys_of_1_0(void)
{
	static const char *const v1[] = {
		"enabled", "compressor", "zpool", "max_pool_percent", "accept_threshold_percent",
		"pool_total_size", "pool_limit_bytes", "pool_limit_hit", "stored_pages",
		"zero_pages", "reject_reclaim_fail", "reject_alloc_fail", "reject_kmemcache_fail",
		"reject_compress_poor", "duplicate_entry", "written_back_pages", "zswpin",
		"zswpout",
	};
	const struct zswapnl_global_info *info;
	size_t i, n = 0;

	for (i = 0; (info = zswapnl_global_info(i)); i++)
		if (info->field <= ZSWAPNL_G_ACCEPT_THRESHOLD_PERCENT && n < ZNL_ARRAY_SIZE(v1))
			CHECK_STR(info->key, v1[n++]);
	CHECK_INT(n, ZNL_ARRAY_SIZE(v1));
	CHECK(!zswapnl_global_info(i + 1));
}

static void values(void)
{
	struct zswapnl_global g = { .struct_size = sizeof(g) };
	uint64_t v = 7;

	g.enabled = true;
	g.max_pool_percent = 33;
	g.zswpwb = UINT64_MAX;
	strcpy(g.compressor, "lz4");
	g.known = ZNL_BIT(ZSWAPNL_G_ENABLED) | ZNL_BIT(ZSWAPNL_G_MAX_POOL_PERCENT) |
		  ZNL_BIT(ZSWAPNL_G_ZSWPWB) | ZNL_BIT(ZSWAPNL_G_COMPRESSOR);
	CHECK(zswapnl_global_value(&g, ZSWAPNL_G_ENABLED, &v));
	CHECK_U64(v, 1);
	CHECK(zswapnl_global_value(&g, ZSWAPNL_G_MAX_POOL_PERCENT, &v));
	CHECK_U64(v, 33);
	CHECK(zswapnl_global_value(&g, ZSWAPNL_G_ZSWPWB, &v));
	CHECK_U64(v, UINT64_MAX);
	/* a name has no number; an unknown field none either */
	CHECK(!zswapnl_global_value(&g, ZSWAPNL_G_COMPRESSOR, &v));
	CHECK(!zswapnl_global_value(&g, ZSWAPNL_G_STORED_PAGES, &v));
	CHECK(!zswapnl_global_value(&g, ZSWAPNL_G_NR_FIELDS, &v));
	CHECK(!zswapnl_global_value(NULL, ZSWAPNL_G_ENABLED, &v));
}

TAP_CASES(
	{ "every field once, keys, labels and metrics unique, _total on counters only",
	  each_field_once },
	{ "the attribute names and types are the spec's", attrs_as_in_the_spec },
	{ "the JSON keys of 1.0 keep their names and order", keys_of_1_0 },
	{ "zswapnl_global_value() of a bool, a percentage, a u64, a name, an unknown field",
	  values },
)
