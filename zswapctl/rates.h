/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Samples and the rates between them, the core of "zswapctl top".
 *
 * A sample holds zswap's global figures and every memcg, read at one
 * moment. "zswapctl top" keeps the last two; their difference over the
 * time between them gives the rates. The views never read the kernel:
 * they get samples.
 *
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
#include <time.h>

#include "zswapnl.h"

#define NSEC_PER_MSEC 1000000ULL

struct sample {
	uint64_t mono_ns; /* CLOCK_MONOTONIC: what rates divide by */
	struct timespec wall; /* CLOCK_REALTIME: what the views print */
	struct zswapnl_global global;
	struct zswapnl_memcg_list memcgs; /* in cgroup id order */
};

/* The last two samples, and how many were taken */
struct sampler {
	struct zswapnl *nl;
	struct sample slots[2];
	struct sample *prev; /* NULL until the second sample */
	struct sample *cur; /* NULL until the first */
	uint64_t taken;
	/*
	 * What the last sample's cgroups lack, "" when nothing: none when
	 * there is no cgroup2 hierarchy with the memory controller (the
	 * library's -EOPNOTSUPP: the samples hold the global figures and no
	 * cgroups), or those of folders it could not open. note_changed is
	 * set by a sample whose note differs from the one before.
	 */
	char cgroups_note[300];
	bool note_changed;
};

void sampler_init(struct sampler *sp, struct zswapnl *nl);

/*
 * Take a new sample; the current one becomes the previous. On failure
 * both stay as they were. 0 or a negative errno, with err filled. No
 * cgroup2 hierarchy is not a failure: see cgroups_note.
 */
int sampler_step(struct sampler *sp, struct zswapnl_error *err);

void sampler_free(struct sampler *sp);

/* CLOCK_MONOTONIC in nanoseconds */
uint64_t monotonic_ns(void);

/* Events per second, in hundredths (150 is 1.5/s) */
struct rate {
	bool known;
	uint64_t hundredths;
};

/*
 * (now - before) / elapsed, 0 if it went backwards; unknown if elapsed is
 * 0, or if the rate is past 2^64 - 1 hundredths (div_round_u64())
 */
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
	/* Stores refused, the four reasons together (the patched kernel's) */
	struct rate reject;
};

/* The rates of m, a memcg of cur, against the memcg of its id in prev */
void memcg_rates(const struct sample *prev, const struct sample *cur,
		 const struct zswapnl_memcg *m, struct memcg_rates *r);

#endif /* ZSWAPCTL_RATES_H */
