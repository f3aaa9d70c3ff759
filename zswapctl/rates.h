/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Rates: what a counter gained between two samples, per second. A counter
 * that went backwards was reset (zswap reloaded, a cgroup removed and made
 * again with the id of the old one): its rate is 0, never the difference
 * wrapped around 2^64. A memcg the previous sample did not have is new: its
 * rates are unknown until the next sample.
 */
#ifndef ZSWAPCTL_RATES_H
#define ZSWAPCTL_RATES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "sample.h"

/* Events per second, in hundredths (150 is 1.5/s) */
struct rate {
	bool known;
	uint64_t hundredths;
};

/* (now - before) / elapsed, 0 if it went backwards; unknown if elapsed is 0 */
struct rate rate_between(uint64_t before, uint64_t now, uint64_t elapsed_ns);

/* "0", "0.4", "9.5", "12", "3071"; "-" when unknown. Returns buf */
char *rate_format(struct rate r, char *buf, size_t len);

/* Ascending, unknown before every known rate, like the other columns */
int rate_compare(struct rate a, struct rate b);

/* The elapsed time of a pair of samples; 0 if there is no pair */
uint64_t samples_elapsed_ns(const struct sample *prev,
			    const struct sample *cur);

/* Pages per second, system-wide */
struct global_rates {
	struct rate store; /* zswpout */
	struct rate load; /* zswpin */
	struct rate reject; /* the four reject counters together */
	struct rate written_back;
};

/* Unknown where prev is NULL or a counter is unknown in either sample */
void global_rates(const struct sample *prev, const struct sample *cur,
		  struct global_rates *r);

struct memcg_rates {
	struct rate zswpout;
	struct rate zswpin;
};

/* The rates of m, a memcg of cur, against the memcg of its id in prev */
void memcg_rates(const struct sample *prev, const struct sample *cur,
		 const struct zswapnl_memcg *m, struct memcg_rates *r);

#endif /* ZSWAPCTL_RATES_H */
