/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The meters above the table of "zswapctl top", as text: the pool against
 * its limit, the pool ratio, stored and zero pages, and the global
 * rates. The curses view draws them with a bar, batch mode prints them.
 */
#ifndef ZSWAPCTL_TOP_METERS_H
#define ZSWAPCTL_TOP_METERS_H

#include <stdbool.h>
#include <stdint.h>

#include "rates.h"
#include "size.h"

#define METER_MAX 32

struct top_meters {
	char pool[3 * SIZE_STR_MAX]; /* "12.4 MiB of 400.2 MiB (3.1%)" */
	bool pool_known; /* pool_permille holds the fill */
	uint64_t pool_permille; /* may pass 1000 */
	char ratio[METER_MAX];
	char stored[METER_MAX];
	char zero[METER_MAX];
	/* Pages per second */
	char store[METER_MAX];
	char load[METER_MAX];
	char reject[METER_MAX];
	char written_back[METER_MAX];
};

/* The meters of cur, with rates against prev (NULL for none yet) */
void top_meters_fill(const struct sample *prev, const struct sample *cur,
		     uint64_t page_size, struct top_meters *mt);

/* "1.00" seconds of a span in nanoseconds, in hundredths; returns buf */
char *seconds_hundredths(uint64_t ns, char *buf, size_t len);

#endif /* ZSWAPCTL_TOP_METERS_H */
