/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What the user of "zswapctl top" chose: the sort column and its
 * direction, tree or list, the filter, pause and the interval; and what
 * each key does to it. The options set it first, the keys change it.
 */
#ifndef ZSWAPCTL_TOP_STATE_H
#define ZSWAPCTL_TOP_STATE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define TOP_FILTER_MAX 256
#define TOP_INTERVAL_MIN_MS 100
#define TOP_INTERVAL_MAX_MS (24 * 3600 * 1000)
#define TOP_INTERVAL_DEFAULT_MS 2000

struct top_state {
	size_t sort; /* index in top_columns */
	bool reverse;
	bool tree;
	bool paused;
	char filter[TOP_FILTER_MAX];
	uint64_t interval_ms;
};

enum top_action {
	TOP_KEY_UNKNOWN, /* not a key of the state */
	TOP_REDRAW, /* the order or the look changed */
	TOP_RESCHEDULE, /* the interval changed */
	TOP_PAUSE, /* paused, or resumed */
	TOP_QUIT,
	TOP_HELP,
	TOP_ASK_FILTER,
	TOP_ASK_INTERVAL,
};

void top_state_init(struct top_state *st);

/* Apply a key (a character; the curses view handles its own keys) */
enum top_action top_state_key(struct top_state *st, int key);

/* The next interval up (dir > 0) or down the steps of '+' and '-' */
uint64_t top_interval_step(uint64_t ms, int dir);

/* An interval as typed: 0, -EINVAL, or -ERANGE outside the limits */
int top_interval_parse(const char *text, uint64_t *ms);

/* "0.1", "2", "2.5": seconds, as short as they go; returns buf */
char *top_interval_format(uint64_t ms, char *buf, size_t len);

#endif /* ZSWAPCTL_TOP_STATE_H */
