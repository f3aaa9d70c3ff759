/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The words zswapctl shows zswap's global figures with: for each field of
 * libzswapnl's table (zswapnl_global_field_info(), which gives its unit
 * and kind), its JSON key, its label in status, and its Prometheus metric.
 * The figures of a cgroup have theirs in the column table (columns.h).
 */
#ifndef ZSWAPCTL_FIGURES_H
#define ZSWAPCTL_FIGURES_H

#include <stddef.h>

#include "zswapnl.h"

struct global_figure {
	enum zswapnl_global_field field;
	const char *key; /* a word of [a-z0-9_]: never changes meaning */
	const char *label; /* a few lower-case words, for status */
	/*
	 * The metric's name and HELP; no metric where the node exporter has
	 * the figure from the same kernel counter: one figure, one name
	 */
	const char *metric;
	const char *help;
};

/* In the order status shows them, parameters first */
extern const struct global_figure global_figures[];
extern const size_t nr_global_figures;

/* What the library says the figure is: never NULL for a figure of the table */
const struct zswapnl_field_info *
global_figure_info(const struct global_figure *figure);

#endif /* ZSWAPCTL_FIGURES_H */
