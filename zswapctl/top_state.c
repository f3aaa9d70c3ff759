// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "parse.h"
#include "top_columns.h"
#include "top_state.h"

/* The intervals '+' and '-' go through, in milliseconds */
static const uint64_t steps[] = { 100,	200,   500,   1000, 2000,
				  5000, 10000, 30000, 60000 };
#define NR_STEPS (sizeof(steps) / sizeof(steps[0]))

void top_state_init(struct top_state *st)
{
	memset(st, 0, sizeof(*st));
	st->sort = (size_t)(top_column_default() - top_columns);
	st->interval_ms = TOP_INTERVAL_DEFAULT_MS;
}

enum top_action top_state_key(struct top_state *st, int key)
{
	switch (key) {
	case 'q':
	case 'Q':
		return TOP_QUIT;
	case 'h':
	case '?':
		return TOP_HELP;
	case '<':
		if (st->sort > 0)
			st->sort--;
		return TOP_REDRAW;
	case '>':
		if (st->sort + 1 < nr_top_columns)
			st->sort++;
		return TOP_REDRAW;
	case 'r':
		st->reverse = !st->reverse;
		return TOP_REDRAW;
	case 't':
		st->tree = !st->tree;
		return TOP_REDRAW;
	case ' ':
	case 'p':
		st->paused = !st->paused;
		return TOP_PAUSE;
	case '+':
		st->interval_ms = top_interval_step(st->interval_ms, 1);
		return TOP_RESCHEDULE;
	case '-':
		st->interval_ms = top_interval_step(st->interval_ms, -1);
		return TOP_RESCHEDULE;
	case '/':
		return TOP_ASK_FILTER;
	case 'd':
		return TOP_ASK_INTERVAL;
	}
	return TOP_KEY_UNKNOWN;
}

uint64_t top_interval_step(uint64_t ms, int dir)
{
	size_t i;

	if (dir > 0) {
		for (i = 0; i < NR_STEPS; i++)
			if (steps[i] > ms)
				return steps[i];
	} else {
		for (i = NR_STEPS; i-- > 0;)
			if (steps[i] < ms)
				return steps[i];
	}
	/* Past the last step: stay */
	return ms;
}

int top_interval_parse(const char *text, uint64_t *ms)
{
	uint64_t v;
	int ret = parse_seconds_ms(text, &v);

	if (ret)
		return ret;
	if (v < TOP_INTERVAL_MIN_MS || v > TOP_INTERVAL_MAX_MS)
		return -ERANGE;
	*ms = v;
	return 0;
}

char *top_interval_format(uint64_t ms, char *buf, size_t len)
{
	uint64_t frac = ms % 1000;
	int digits = 3;

	if (!frac) {
		snprintf(buf, len, "%" PRIu64, ms / 1000);
		return buf;
	}
	/* 1.500 -> 1.5: no zeros at the end */
	for (; frac % 10 == 0; frac /= 10)
		digits--;
	snprintf(buf, len, "%" PRIu64 ".%0*" PRIu64, ms / 1000, digits, frac);
	return buf;
}
