// SPDX-License-Identifier: GPL-2.0
/*
 * The rates of "zswapctl top": per second over the time between two
 * samples, zero for a counter that went backwards, unknown for a memcg
 * the previous sample did not have, never a wrapped-around giant.
 */
#include <inttypes.h>
#include <stdint.h>

#include "rates.h"
#include "size.h"
#include "zswapctl-tap.h"

#define SEC 1000000000ULL
#define ALL_MEMCG ((UINT64_C(1) << ZSWAPNL_M_NR_FIELDS) - 1)
#define ALL_GLOBAL ((UINT64_C(1) << ZSWAPNL_G_NR_FIELDS) - 1)

static bool rate_is(struct rate r, uint64_t hundredths)
{
	return r.known && r.hundredths == hundredths;
}

static void check_rate_between(void)
{
	tap_ok(rate_is(rate_between(100, 300, 2 * SEC), 10000),
	       "200 events in 2 s are 100.00/s");
	tap_ok(rate_is(rate_between(0, 1, 3 * SEC), 33),
	       "1 event in 3 s is 0.33/s, rounded");
	tap_ok(rate_is(rate_between(0, 2, 3 * SEC), 67),
	       "2 events in 3 s are 0.67/s, rounded up");
	tap_ok(rate_is(rate_between(5, 5, SEC), 0), "no change is 0/s");
	tap_ok(rate_is(rate_between(1000, 10, SEC), 0),
	       "a counter that went backwards (reset) is 0/s, not 2^64");
	tap_ok(rate_is(rate_between(UINT64_MAX - 1, 0, SEC), 0),
	       "a counter back at 0 from near 2^64 is 0/s");
	tap_ok(!rate_between(0, 100, 0).known, "no time between: unknown");
	tap_ok(!rate_between(0, UINT64_MAX, 1).known,
	       "a rate past 2^64 hundredths is unknown, not the largest number");
	tap_ok(rate_is(rate_between(0, 1000000, SEC / 1000), 100000000000ULL),
	       "a million in 1 ms is 10^9/s");
}

static void format_is(struct rate r, const char *want)
{
	char buf[32], what[64];

	snprintf(what, sizeof(what), "rate %s%" PRIu64 " hundredths is '%s'",
		 r.known ? "" : "unknown ", r.hundredths, want);
	tap_str(rate_format(r, buf, sizeof(buf)), want, what);
}

static void check_format(void)
{
	struct rate unknown = { 0 };

	format_is(unknown, "-");
	format_is((struct rate){ true, 0 }, "0");
	format_is((struct rate){ true, 4 }, "0.0");
	format_is((struct rate){ true, 5 }, "0.1");
	format_is((struct rate){ true, 150 }, "1.5");
	format_is((struct rate){ true, 994 }, "9.9");
	format_is((struct rate){ true, 995 }, "10");
	format_is((struct rate){ true, 1249 }, "12");
	format_is((struct rate){ true, 1250 }, "13");
	format_is((struct rate){ true, 307149 }, "3071");
	format_is((struct rate){ true, UINT64_MAX }, "184467440737095516");

	tap_ok(rate_compare(unknown, (struct rate){ true, 0 }) < 0,
	       "unknown sorts before 0");
	tap_ok(rate_compare((struct rate){ true, 1 },
			    (struct rate){ true, 2 }) < 0,
	       "smaller before larger");
	tap_ok(!rate_compare(unknown, unknown), "unknown equals unknown");
}

static struct zswapnl_memcg memcg(uint64_t id, const char *path,
				  uint64_t zswpout, uint64_t zswpin)
{
	return (struct zswapnl_memcg){
		/* As the library fills it: its figures are read by their size */
		.struct_size = sizeof(struct zswapnl_memcg),
		.known = ALL_MEMCG,
		.id = id,
		.path = (char *)path,
		.zswpout = zswpout,
		.zswpin = zswpin,
	};
}

static const struct zswapnl_memcg *find(const struct sample *s, uint64_t id)
{
	size_t i;

	for (i = 0; i < s->memcgs.count; i++)
		if (s->memcgs.items[i]->id == id)
			return s->memcgs.items[i];
	return NULL;
}

static void check_memcgs(void)
{
	struct zswapnl_memcg before[] = {
		memcg(1, "/", 1000, 500),    memcg(10, "/a", 400, 100),
		memcg(20, "/b", 900, 900), /* removed, made again as 30 */
		memcg(25, "/c", 5000, 5000), /* counters reset below */
		memcg(26, "/d", 10, 10),
	};
	struct zswapnl_memcg after[] = {
		memcg(1, "/", 3000, 700), memcg(10, "/a", 800, 300),
		memcg(25, "/c", 7, 3),	  memcg(26, "/d", 20, 20),
		memcg(30, "/b", 60, 40),
	};
	/* A list holds pointers to the memcgs (zswapnl.h) */
	struct zswapnl_memcg *before_p[] = { &before[0], &before[1], &before[2], &before[3],
					     &before[4] };
	struct zswapnl_memcg *after_p[] = { &after[0], &after[1], &after[2], &after[3],
					    &after[4] };
	struct sample prev = {
		.mono_ns = 10 * SEC,
		.memcgs = { sizeof(before_p) / sizeof(before_p[0]), before_p },
	};
	struct sample cur = {
		.mono_ns = 12 * SEC,
		.memcgs = { sizeof(after_p) / sizeof(after_p[0]), after_p },
	};
	struct memcg_rates r;

	memcg_rates(&prev, &cur, find(&cur, 10), &r);
	tap_ok(rate_is(r.zswpout, 20000) && rate_is(r.zswpin, 10000),
	       "/a: 400 out and 200 in over 2 s are 200/s and 100/s");
	memcg_rates(&prev, &cur, find(&cur, 1), &r);
	tap_ok(rate_is(r.zswpout, 100000) && rate_is(r.zswpin, 10000),
	       "the root: 1000/s out, 100/s in");
	memcg_rates(&prev, &cur, find(&cur, 30), &r);
	tap_ok(!r.zswpout.known && !r.zswpin.known,
	       "/b made again with a new id is a new row: rates unknown, not 60 in one go");
	memcg_rates(&prev, &cur, find(&cur, 25), &r);
	tap_ok(rate_is(r.zswpout, 0) && rate_is(r.zswpin, 0),
	       "/c, whose counters went back to near 0: 0/s, not a giant");

	after[3].known &= ~(UINT64_C(1) << ZSWAPNL_M_ZSWPIN);
	memcg_rates(&prev, &cur, find(&cur, 26), &r);
	tap_ok(rate_is(r.zswpout, 500) && !r.zswpin.known,
	       "a counter the newer sample lacks has no rate; the other has");

	memcg_rates(NULL, &cur, find(&cur, 10), &r);
	tap_ok(!r.zswpout.known && !r.zswpin.known,
	       "the first sample: no rates yet");
	cur.mono_ns = prev.mono_ns;
	memcg_rates(&prev, &cur, find(&cur, 10), &r);
	tap_ok(!r.zswpout.known, "two samples at the same time: unknown");
	cur.mono_ns = prev.mono_ns - 1;
	memcg_rates(&prev, &cur, find(&cur, 10), &r);
	tap_ok(!r.zswpout.known, "samples out of order: unknown");
}

static void check_global(void)
{
	struct sample prev = {
		.mono_ns = SEC,
		.global = {
			.struct_size = sizeof(struct zswapnl_global),
			.known = ALL_GLOBAL,
			.zswpout = 100, .zswpin = 50,
			.reject_reclaim_fail = 1, .reject_alloc_fail = 2,
			.reject_kmemcache_fail = 3, .reject_compress_poor = 4,
			.written_back_pages = 1000,
		},
	};
	struct sample cur = prev;
	struct global_rates r;

	cur.mono_ns = 5 * SEC;
	cur.global.zswpout = 500;
	cur.global.zswpin = 90;
	cur.global.reject_reclaim_fail = 5;
	cur.global.reject_compress_poor = 16;
	/* zswap reloaded: written back starts again */
	cur.global.written_back_pages = 4;
	global_rates(&prev, &cur, &r);
	tap_ok(rate_is(r.store, 10000), "store: 400 zswpout over 4 s = 100/s");
	tap_ok(rate_is(r.load, 1000), "load: 40 zswpin over 4 s = 10/s");
	tap_ok(rate_is(r.reject, 400),
	       "reject: the four reasons together, 16 over 4 s = 4/s");
	tap_ok(rate_is(r.written_back, 0),
	       "written back went backwards (reload): 0/s");

	cur.global.reject_reclaim_fail = 0;
	global_rates(&prev, &cur, &r);
	tap_ok(rate_is(r.reject, 300),
	       "one reason reset: the others still count (12 over 4 s)");

	cur.global.known &= ~(UINT64_C(1) << ZSWAPNL_G_REJECT_ALLOC_FAIL);
	cur.global.known &= ~(UINT64_C(1) << ZSWAPNL_G_WRITTEN_BACK_PAGES);
	global_rates(&prev, &cur, &r);
	tap_ok(!r.reject.known && !r.written_back.known && r.store.known,
	       "debugfs unreadable: reject and writeback unknown, store known");
	global_rates(NULL, &cur, &r);
	tap_ok(!r.store.known && !r.load.known, "no previous sample: unknown");
}

static void check_permille(void)
{
	uint64_t p = 0;

	tap_ok(ratio_permille(31, 1000, &p) && p == 31, "31 of 1000 is 3.1%%");
	tap_ok(ratio_permille(1, 3, &p) && p == 333, "1 of 3 is 33.3%%");
	tap_ok(ratio_permille(2, 3, &p) && p == 667, "2 of 3 rounds to 66.7%%");
	tap_ok(ratio_permille(UINT64_MAX, UINT64_MAX, &p) && p == 1000,
	       "no overflow at 2^64");
	tap_ok(ratio_permille(3, 2, &p) && p == 1500, "past the whole: 150%%");
	tap_ok(!ratio_permille(1, 0, &p), "no whole: no ratio");
	tap_ok(!ratio_permille(UINT64_MAX, 1, &p),
	       "past 2^64 tenths of a percent: no ratio, not the largest number");
	tap_ok(ratio_hundredths(9443, 4096, 13012992, &p) && p == 297,
	       "9443 pages of 4 KiB in 13012992 bytes: 2.97");
	tap_ok(!ratio_hundredths(9443, 4096, 0, &p), "an empty pool: no ratio");
	tap_ok(!ratio_hundredths(UINT64_C(1) << 60, 4096, 1, &p),
	       "2^72 to one: no ratio, not the largest number");
}

int main(void)
{
	check_rate_between();
	check_format();
	check_memcgs();
	check_global();
	check_permille();
	return tap_done();
}
