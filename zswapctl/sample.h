/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A sample: zswap's global figures and every memcg, read at one moment.
 * "zswapctl top" keeps the last two; their difference over the time between
 * them gives the rates (rates.h). The views never read the kernel: they
 * get samples.
 */
#ifndef ZSWAPCTL_SAMPLE_H
#define ZSWAPCTL_SAMPLE_H

#include <stdint.h>
#include <time.h>

#include "zswapnl.h"

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
	 * Set when there is no cgroup2 hierarchy with the memory controller
	 * (the library's -EOPNOTSUPP): the samples hold the global figures
	 * and no cgroups, and this says why
	 */
	char no_cgroups[256];
};

void sampler_init(struct sampler *sp, struct zswapnl *nl);

/*
 * Take a new sample; the current one becomes the previous. On failure
 * both stay as they were. 0 or a negative errno, with err filled. No
 * cgroup2 hierarchy is not a failure: see no_cgroups.
 */
int sampler_step(struct sampler *sp, struct zswapnl_error *err);

void sampler_free(struct sampler *sp);

/* CLOCK_MONOTONIC in nanoseconds */
uint64_t monotonic_ns(void);

#endif /* ZSWAPCTL_SAMPLE_H */
