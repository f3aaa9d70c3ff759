// SPDX-License-Identifier: GPL-2.0
/*
 * The curses view of "zswapctl top": the terminal's lifetime and the loop.
 * The loop waits for a key until the next sample is due, at most
 * WAIT_MAX_MS at a time: a signal that comes between the loop's look at
 * top_signal_pending() and the wait (or that a curses built to hide EINTR
 * swallows) is then seen that much later at worst. Every way out restores
 * the terminal: the loop's end, atexit() for exit(), and the signals,
 * which end the loop.
 */
#include <curses.h>
#include <errno.h>
#include <unistd.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "top.h"
#include "top_prompt.h"
#include "top_screen.h"
#include "top_signal.h"
#include "zswapctl.h"
/* Last: its macros (columns, lines) would rename the names above */
#include <term.h>

#define NSEC_PER_MSEC 1000000ULL
#define WAIT_MAX_MS 500
#define KEY_CTRL_L 0x0c
/* How long a lone Escape waits for the rest of a key's sequence */
#define ESCAPE_DELAY_MS 25

static SCREEN *term;

/* The terminal as it was; harmless when it already is */
static void restore_terminal(void)
{
	if (!term)
		return;
	endwin();
	delscreen(term);
	term = NULL;
}

const char *top_terminal_problem(void)
{
	const char *name = getenv("TERM");
	bool addressable;
	int err;

	if (!name || !*name)
		return "TERM is not set";
	if (!strcmp(name, "dumb"))
		return "TERM=dumb cannot move the cursor";
	/* What newterm() would find, without taking the terminal over */
	if (setupterm(NULL, STDOUT_FILENO, &err) != OK)
		return err == 0 ? "TERM names a terminal terminfo does not know" :
				  "no terminfo database";
	addressable = tigetstr("cup") && tigetstr("cup") != (char *)-1;
	del_curterm(cur_term);
	return addressable ? NULL : "the terminal cannot move the cursor";
}

static int start_terminal(void)
{
	static bool registered;

	term = newterm(NULL, stdout, stdin);
	if (!term)
		return -ENOTTY;
	if (!registered && !atexit(restore_terminal))
		registered = true;
	cbreak();
	noecho();
	nonl();
	intrflush(stdscr, FALSE);
	keypad(stdscr, TRUE);
	set_escdelay(ESCAPE_DELAY_MS);
	curs_set(0);
	return 0;
}

enum mode {
	MODE_TABLE,
	MODE_HELP,
	MODE_PROMPT,
};

struct loop {
	struct top_opts *o;
	struct sampler *sp;
	struct screen scr;
	enum mode mode;
	enum top_action asking; /* TOP_ASK_FILTER or TOP_ASK_INTERVAL */
	struct top_prompt prompt;
	char message[TOP_FILTER_MAX + 64];
	uint64_t next_ns; /* CLOCK_MONOTONIC time of the next sample */
};

static int draw(struct loop *l)
{
	struct frame f = {
		.opts = l->o,
		.sp = l->sp,
		.prompt = l->mode == MODE_PROMPT ? &l->prompt : NULL,
		.message = l->message[0] ? l->message : NULL,
	};

	if (l->mode == MODE_HELP) {
		screen_draw_help();
		return 0;
	}
	return screen_draw(&l->scr, &f);
}

/* The next sample one interval after the last */
static void schedule(struct loop *l)
{
	l->next_ns =
		l->sp->cur->mono_ns + l->o->state.interval_ms * NSEC_PER_MSEC;
}

static int wait_ms(const struct loop *l)
{
	uint64_t now = monotonic_ns(), left;

	if (l->o->state.paused)
		return WAIT_MAX_MS;
	if (now >= l->next_ns)
		return 0;
	left = (l->next_ns - now + NSEC_PER_MSEC - 1) / NSEC_PER_MSEC;
	return left < WAIT_MAX_MS ? (int)left : WAIT_MAX_MS;
}

static void accept_prompt(struct loop *l)
{
	struct top_state *st = &l->o->state;
	uint64_t ms;
	int ret;

	if (l->asking == TOP_ASK_FILTER) {
		memcpy(st->filter, l->prompt.text, sizeof(st->filter));
		l->scr.scroll = 0;
		return;
	}
	ret = top_interval_parse(l->prompt.text, &ms);
	if (!ret) {
		st->interval_ms = ms;
		schedule(l);
	} else if (ret == -ERANGE) {
		snprintf(l->message, sizeof(l->message),
			 "interval '%s' out of range (0.1 to 86400 seconds)",
			 l->prompt.text);
	} else {
		snprintf(
			l->message, sizeof(l->message),
			"invalid interval '%s' (expected seconds, such as 2 or 0.5)",
			l->prompt.text);
	}
}

/* curses' names of the editing keys, as the prompt takes them */
static int prompt_key_of(int key)
{
	switch (key) {
	case KEY_BACKSPACE:
		return PROMPT_KEY_BACKSPACE;
	case KEY_ENTER:
		return '\n';
	}
	return key;
}

static void prompt_key(struct loop *l, int key)
{
	switch (top_prompt_key(&l->prompt, prompt_key_of(key))) {
	case PROMPT_ACCEPT:
		accept_prompt(l);
		l->mode = MODE_TABLE;
		break;
	case PROMPT_CANCEL:
		l->mode = MODE_TABLE;
		break;
	case PROMPT_EDITING:
		break;
	}
}

static void ask(struct loop *l, enum top_action what)
{
	char interval[32];

	l->asking = what;
	l->mode = MODE_PROMPT;
	if (what == TOP_ASK_FILTER) {
		top_prompt_start(&l->prompt, "Filter", l->o->state.filter);
		return;
	}
	top_interval_format(l->o->state.interval_ms, interval,
			    sizeof(interval));
	top_prompt_start(&l->prompt, "Interval (seconds)", interval);
}

/* A key; false to quit */
static bool handle_key(struct loop *l, int key)
{
	enum top_action action;

	if (key == KEY_RESIZE)
		return true;
	l->message[0] = '\0';
	if (l->mode == MODE_HELP) {
		l->mode = MODE_TABLE;
		return true;
	}
	if (l->mode == MODE_PROMPT) {
		prompt_key(l, key);
		return true;
	}
	if (key == KEY_CTRL_L) {
		clearok(curscr, TRUE);
		return true;
	}
	if (screen_scroll_key(&l->scr, key))
		return true;
	action = top_state_key(&l->o->state, key);
	switch (action) {
	case TOP_QUIT:
		return false;
	case TOP_HELP:
		l->mode = MODE_HELP;
		break;
	case TOP_ASK_FILTER:
	case TOP_ASK_INTERVAL:
		ask(l, action);
		break;
	case TOP_RESCHEDULE:
		schedule(l);
		break;
	case TOP_PAUSE:
		/* Resumed: a fresh sample now, with the rates of the pause */
		if (!l->o->state.paused)
			l->next_ns = monotonic_ns();
		break;
	case TOP_REDRAW:
	case TOP_KEY_UNKNOWN:
		break;
	}
	return true;
}

/* Sample when due; 0 or a negative errno */
static int maybe_sample(struct loop *l, bool *dirty, struct zswapnl_error *err)
{
	int ret;

	if (l->o->state.paused || monotonic_ns() < l->next_ns)
		return 0;
	ret = sampler_step(l->sp, err);
	if (ret)
		return ret;
	schedule(l);
	*dirty = true;
	return 0;
}

int top_run_curses(struct top_opts *o, struct sampler *sp)
{
	struct zswapnl_error err = { 0 };
	struct loop l = { .o = o, .sp = sp };
	bool dirty = true;
	int ret, drawn = 0, key;

	ret = sampler_step(sp, &err);
	if (ret)
		return zc_lib_error("cannot read zswap", ret, &err);
	if (start_terminal()) {
		zc_error("cannot use the terminal (TERM=%s)",
			 getenv("TERM") ? getenv("TERM") : "");
		return EXIT_SYSTEM;
	}
	screen_init(&l.scr);
	/* On the status line until a key, and on stderr at the end */
	if (sp->no_cgroups[0])
		snprintf(l.message, sizeof(l.message), "no cgroup figures: %s",
			 sp->no_cgroups);
	schedule(&l);
	while (!top_signal_pending()) {
		ret = maybe_sample(&l, &dirty, &err);
		if (ret)
			break;
		if (dirty) {
			drawn = draw(&l);
			if (drawn)
				break;
			dirty = false;
		}
		if (o->count && sp->taken > o->count)
			break;
		timeout(wait_ms(&l));
		key = getch();
		if (key == ERR)
			continue;
		if (!handle_key(&l, key))
			break;
		dirty = true;
	}
	restore_terminal();
	if (sp->no_cgroups[0])
		zc_error("note: no cgroup figures: %s", sp->no_cgroups);
	if (drawn) {
		zc_error("cannot draw the screen: %s", strerror(-drawn));
		return EXIT_SYSTEM;
	}
	if (ret)
		return zc_lib_error("cannot read zswap", ret, &err);
	return EXIT_OK;
}
