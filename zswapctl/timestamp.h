/* SPDX-License-Identifier: GPL-2.0 */
/* Wall-clock times as zswapctl prints them. */
#ifndef ZSWAPCTL_TIMESTAMP_H
#define ZSWAPCTL_TIMESTAMP_H

#include <stddef.h>
#include <time.h>

/* "2026-11-30T06:30:01.123Z" and room to spare */
#define TIMESTAMP_MAX 40

/*
 * ISO 8601 in UTC with milliseconds, truncated (never rounded up into the
 * next second): "2026-11-30T06:30:01.123Z". Returns buf.
 */
char *timestamp_iso8601(const struct timespec *ts, char *buf, size_t len);

#endif /* ZSWAPCTL_TIMESTAMP_H */
