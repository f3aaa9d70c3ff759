// SPDX-License-Identifier: GPL-2.0
/*
 * The words of the global figures (zswapctl/figures.c) against
 * libzswapnl's table of them (zswapnl_global_field_info()): every figure
 * the library has, once, its key and label unique, a metric with its help
 * where it has one, "_total" on counters only, and the keys of 1.0 in
 * their order. A figure the table lacks, and so status, its JSON and
 * export lack, fails here. No recorded data: the tables alone.
 */
#include <ctype.h>
#include <stdint.h>
#include <string.h>

#include "figures.h"
#include "zswapctl-tap.h"

static bool snake_case(const char *s)
{
	for (; *s; s++)
		if (!islower((unsigned char)*s) &&
		    !isdigit((unsigned char)*s) && *s != '_')
			return false;
	return true;
}

static void every_figure_once(void)
{
	const struct zswapnl_field_info *info;
	unsigned int f, n;
	size_t i;

	for (f = 0; (info = zswapnl_global_field_info(f)); f++) {
		for (i = 0, n = 0; i < nr_global_figures; i++)
			n += global_figures[i].field == f;
		tap_ok(n == 1, "global figure %u has words, once", f);
	}
	tap_ok(f == ZSWAPNL_G_NR_FIELDS && nr_global_figures == f,
	       "the library has %u global figures, the table %zu", f,
	       nr_global_figures);
}

static void words(void)
{
	bool complete = true, unique = true, keys = true, totals = true;
	size_t i, j;

	for (i = 0; i < nr_global_figures; i++) {
		const struct global_figure *a = &global_figures[i];
		const struct zswapnl_field_info *info = global_figure_info(a);

		if (!info || !a->key || !a->label || !a->metric != !a->help) {
			complete = false;
			continue;
		}
		keys &= snake_case(a->key);
		if (a->metric)
			totals &= !!strstr(a->metric, "_total") ==
				  !!(info->flags & ZSWAPNL_INFO_COUNTER);
		for (j = 0; j < i; j++) {
			const struct global_figure *b = &global_figures[j];

			unique &= strcmp(a->key, b->key) &&
				  strcmp(a->label, b->label);
			unique &= !a->metric || !b->metric ||
				  strcmp(a->metric, b->metric);
		}
	}
	tap_ok(complete,
	       "every figure has a key and a label, and a metric with its help or neither");
	tap_ok(unique, "keys, labels and metrics are unique");
	tap_ok(keys, "keys are words of [a-z0-9_]");
	tap_ok(totals,
	       "a metric ends in _total for a counter, and for nothing else");
}

/* The keys of 1.0, in their 1.0 order: scripts read them (zswapctl(8)) */
static void keys_of_1_0(void)
{
	static const char *const v1[] = {
		"enabled",
		"compressor",
		"zpool",
		"max_pool_percent",
		"accept_threshold_percent",
		"pool_total_size",
		"pool_limit_bytes",
		"pool_limit_hit",
		"stored_pages",
		"zero_pages",
		"reject_reclaim_fail",
		"reject_alloc_fail",
		"reject_kmemcache_fail",
		"reject_compress_poor",
		"duplicate_entry",
		"written_back_pages",
		"zswpin",
		"zswpout",
	};
	size_t i, n = 0;
	bool same = true;

	for (i = 0; i < nr_global_figures; i++)
		if (global_figures[i].field <=
			    ZSWAPNL_G_ACCEPT_THRESHOLD_PERCENT &&
		    n < sizeof(v1) / sizeof(v1[0]))
			same &= !strcmp(global_figures[i].key, v1[n++]);
	tap_ok(same && n == sizeof(v1) / sizeof(v1[0]),
	       "the JSON keys of 1.0 keep their names and order");
}

int main(void)
{
	every_figure_once();
	words();
	keys_of_1_0();
	return tap_done();
}
