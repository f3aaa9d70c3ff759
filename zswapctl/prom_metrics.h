/* SPDX-License-Identifier: GPL-2.0 */
/*
 * zswap's metrics in the Prometheus text format, for "zswapctl export" and
 * "zswapctl status --format=prometheus"; zswapctl(8) lists them.
 */
#ifndef ZSWAPCTL_PROM_METRICS_H
#define ZSWAPCTL_PROM_METRICS_H

#include <stdint.h>
#include <stdio.h>

#include "zswapnl.h"

/*
 * One sample: what the library gave, read once. Everything written comes
 * from it, so that the global and the per-cgroup figures agree.
 */
struct metrics_sample {
	enum zswapnl_source source;
	const struct zswapnl_global *global;
	uint64_t page_size;
	const struct zswapnl_memcg_list *memcgs; /* NULL: no cgroup metrics */
};

/*
 * Every family the sample has a value for, each once, with its HELP and
 * TYPE lines. A figure the source does not know is left out, never
 * written as 0. Returns 0, -ENOMEM or -EIO.
 */
int metrics_write(const struct metrics_sample *s, FILE *out);

#endif /* ZSWAPCTL_PROM_METRICS_H */
