/* SPDX-License-Identifier: GPL-2.0 */
/*
 * "zswapctl top": one sampling core (sample.h, rates.h, top_rows.h) and two
 * views of it, batch mode (plain text blocks) and the curses screen.
 */
#ifndef ZSWAPCTL_TOP_H
#define ZSWAPCTL_TOP_H

#include <stdbool.h>
#include <stdint.h>

#include "sample.h"
#include "top_rows.h"
#include "top_state.h"

struct top_opts {
	struct top_state state;
	uint64_t count; /* -n: samples to show, 0 for no end */
	bool batch;
	enum zswapnl_source source;
	struct column_ctx ctx;
	bool utf8;
};

/* The order of the rows as the state says now (filter points into it) */
void top_order_of(const struct top_opts *o, struct top_order *ord);

/* Each returns an exit code, after a message on failure */
int top_run_batch(const struct top_opts *o, struct sampler *sp);
int top_run_curses(struct top_opts *o, struct sampler *sp);

/*
 * Why the terminal cannot hold the curses view (no TERM, TERM=dumb, a name
 * terminfo does not know, no cursor addressing), or NULL when it can.
 */
const char *top_terminal_problem(void);

#endif /* ZSWAPCTL_TOP_H */
