/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The events of "zswapctl monitor", one line each, with the time zswapctl
 * received them: "TIME NAME key=value ..." or one JSON object. The keys
 * are those of "zswapctl status --json"; zswapctl(8) describes both.
 */
#ifndef ZSWAPCTL_EVENT_LINE_H
#define ZSWAPCTL_EVENT_LINE_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <time.h>

#include "zswapnl.h"

/* 0, -ENOMEM or -EIO */
int event_print_text(const struct zswapnl_event *ev,
		     const struct timespec *when, uint64_t page_size,
		     FILE *out);
int event_print_json(const struct zswapnl_event *ev,
		     const struct timespec *when, uint64_t page_size,
		     FILE *out);

/*
 * A memcg event: after "event", the memcg under the keys of "zswapctl
 * cgroups --json", its path escaped as there (text: as "cgroups --raw")
 */
int memcg_event_print_text(const struct zswapnl_memcg_event *ev,
			   const struct timespec *when, uint64_t page_size,
			   FILE *out);
int memcg_event_print_json(const struct zswapnl_memcg_event *ev,
			   const struct timespec *when, uint64_t page_size,
			   FILE *out);

/* The time of an event, "2026-11-30T06:30:01.123Z", and room to spare */
#define TIMESTAMP_MAX 40

/*
 * ISO 8601 in UTC with milliseconds, truncated (never rounded up into the
 * next second): "2026-11-30T06:30:01.123Z". Returns buf.
 */
char *timestamp_iso8601(const struct timespec *ts, char *buf, size_t len);

#endif /* ZSWAPCTL_EVENT_LINE_H */
