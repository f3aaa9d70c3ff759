// SPDX-License-Identifier: GPL-2.0
/*
 * "zswapctl top --batch": every interval a block of plain text, for logs
 * and scripts: three header lines, the table, an empty line.
 *
 *   time: 2026-11-30T06:18:25.042Z  sample: 1  interval: 1.00 s  source: netlink
 *   pool: 12.4 MiB of 400.2 MiB (3.1%)  pool ratio: 2.97  stored: 9443  zero: 3096
 *   pages/s: store 120  load 35  reject 0  written back 0
 *   PATH  ZSWPOUT/s▼ ZSWPIN/s COMPRESSED ...
 *
 * The first sample only starts the count: each block has the rates of the
 * interval before it, so --iterations N takes N intervals.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <time.h>

#include "timestamp.h"
#include "top.h"
#include "top_meters.h"
#include "top_signal.h"
#include "top_table.h"
#include "zswapctl.h"

#define NSEC_PER_MSEC 1000000ULL

/* Sleep until a CLOCK_MONOTONIC time; false when a signal said stop */
static bool sleep_until(uint64_t deadline_ns)
{
	struct timespec ts = {
		.tv_sec = (time_t)(deadline_ns / 1000000000),
		.tv_nsec = (long)(deadline_ns % 1000000000),
	};

	while (clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &ts, NULL))
		if (top_signal_pending())
			return false;
	return !top_signal_pending();
}

static void print_header(const struct top_opts *o, const struct sampler *sp,
			 FILE *out)
{
	char when[TIMESTAMP_MAX], elapsed[32];
	struct top_meters mt;

	timestamp_iso8601(&sp->cur->wall, when, sizeof(when));
	seconds_hundredths(samples_elapsed_ns(sp->prev, sp->cur), elapsed,
			   sizeof(elapsed));
	top_meters_fill(sp->prev, sp->cur, o->ctx.page_size, &mt);
	fprintf(out,
		"time: %s  sample: %" PRIu64 "  interval: %s s  source: %s\n",
		when, sp->taken - 1, elapsed, zc_source_name(o->source));
	fprintf(out, "pool: %s  pool ratio: %s  stored: %s  zero: %s\n",
		mt.pool, mt.ratio, mt.stored, mt.zero);
	fprintf(out, "pages/s: store %s  load %s  reject %s  written back %s\n",
		mt.store, mt.load, mt.reject, mt.written_back);
}

static int print_block(const struct top_opts *o, const struct sampler *sp,
		       FILE *out)
{
	struct top_order ord;
	struct top_rows rows;
	int ret;

	top_order_of(o, &ord);
	ret = top_rows_build(sp->prev, sp->cur, &ord, &rows);
	if (ret)
		return ret;
	print_header(o, sp, out);
	ret = top_table_print(&rows, &ord, 0, out);
	top_rows_free(&rows);
	putc('\n', out);
	/* A block at a time, whole, for whoever follows the log */
	if (fflush(out) || ferror(out))
		return -EIO;
	return ret;
}

int top_run_batch(const struct top_opts *o, struct sampler *sp)
{
	uint64_t interval_ns = o->state.interval_ms * NSEC_PER_MSEC, deadline;
	struct zswapnl_error err = { 0 };
	int ret;

	ret = sampler_step(sp, &err);
	if (ret)
		return zc_lib_error("cannot read zswap", ret, &err);
	if (sp->no_cgroups[0])
		zc_error("note: no cgroup figures: %s", sp->no_cgroups);
	deadline = sp->cur->mono_ns;
	while (!o->count || sp->taken <= o->count) {
		deadline += interval_ns;
		if (!sleep_until(deadline))
			return EXIT_OK;
		ret = sampler_step(sp, &err);
		if (ret)
			return zc_lib_error("cannot read zswap", ret, &err);
		/* Fell behind (a slow read): keep the interval, not the pace */
		if (sp->cur->mono_ns > deadline + interval_ns)
			deadline = sp->cur->mono_ns;
		ret = print_block(o, sp, stdout);
		if (ret == -ENOMEM) {
			zc_error("out of memory");
			return EXIT_SYSTEM;
		}
		/* -EIO: main() reports the write error of stdout */
		if (ret)
			return EXIT_SYSTEM;
	}
	return EXIT_OK;
}
