// SPDX-License-Identifier: GPL-2.0
/*
 * The keys of "zswapctl top" and what they change: the sort column and
 * its direction, tree, pause, the interval (typed, or stepped with + and
 * -), and the line editor of the filter and interval prompts.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdint.h>

#include "parse.h"
#include "top.h"
#include "zswapctl-tap.h"

static void seconds(const char *str, int want_ret, uint64_t want)
{
	uint64_t got = 777;
	int ret = parse_seconds_ms(str, &got);

	if (want_ret)
		tap_ok(ret == want_ret && got == 777,
		       "seconds \"%s\" refused (%s)", str,
		       want_ret == -ERANGE ? "out of range" : "syntax");
	else
		tap_ok(!ret && got == want, "seconds \"%s\" are %" PRIu64 " ms",
		       str, want);
}

static void check_seconds(void)
{
	seconds("2", 0, 2000);
	seconds("0.5", 0, 500);
	seconds(".25", 0, 250);
	seconds("1.", 0, 1000);
	seconds("0.2", 0, 200);
	seconds("1.0000", 0, 1000);
	seconds("0.0004", 0, 0);
	seconds("0.0005", 0, 1);
	seconds("0.99951", 0, 1000);
	seconds("86400", 0, 86400000);
	seconds("", -EINVAL, 0);
	seconds(".", -EINVAL, 0);
	seconds("-1", -EINVAL, 0);
	seconds("+1", -EINVAL, 0);
	seconds(" 1", -EINVAL, 0);
	seconds("1 ", -EINVAL, 0);
	seconds("1s", -EINVAL, 0);
	seconds("1e3", -EINVAL, 0);
	seconds("0x10", -EINVAL, 0);
	seconds("1,5", -EINVAL, 0);
	seconds("1.5.2", -EINVAL, 0);
	seconds("99999999999999999999", -ERANGE, 0);
	seconds("18446744073709551", -ERANGE, 0);
}

static void interval(const char *text, int want_ret, uint64_t want)
{
	uint64_t got = 777;
	int ret = top_interval_parse(text, &got);

	tap_ok(ret == want_ret && got == (want_ret ? 777 : want),
	       "interval \"%s\": %s", text,
	       want_ret == -ERANGE ? "out of range" :
	       want_ret		   ? "refused" :
				     "taken");
}

static void format_is(uint64_t ms, const char *want)
{
	char buf[32], what[64];

	snprintf(what, sizeof(what), "%" PRIu64 " ms shows as %s s", ms, want);
	tap_str(top_interval_format(ms, buf, sizeof(buf)), want, what);
}

static void check_intervals(void)
{
	interval("0.1", 0, 100);
	interval("86400", 0, 86400000);
	interval("0.09", -ERANGE, 0);
	interval("0", -ERANGE, 0);
	interval("86400.001", -ERANGE, 0);
	interval("soon", -EINVAL, 0);

	format_is(100, "0.1");
	format_is(250, "0.25");
	format_is(1001, "1.001");
	format_is(2000, "2");
	format_is(2500, "2.5");
	format_is(86400000, "86400");

	tap_ok(top_interval_step(2000, 1) == 5000, "+ from 2 s is 5 s");
	tap_ok(top_interval_step(2000, -1) == 1000, "- from 2 s is 1 s");
	tap_ok(top_interval_step(1500, 1) == 2000 &&
		       top_interval_step(1500, -1) == 1000,
	       "from 1.5 s, off the steps, to the next one either way");
	tap_ok(top_interval_step(100, -1) == 100, "- stays at 0.1 s");
	tap_ok(top_interval_step(60000, 1) == 60000, "+ stays at 60 s");
	tap_ok(top_interval_step(90000, -1) == 60000, "- from 90 s is 60 s");
}

static const char *sort_name(const struct top_state *st)
{
	return top_columns[st->sort].name;
}

static void check_keys(void)
{
	struct top_state st;
	size_t i;

	top_state_init(&st);
	tap_str(sort_name(&st), "ZSWPOUT/s", "the default sort column");
	tap_ok(st.interval_ms == TOP_INTERVAL_DEFAULT_MS && !st.tree &&
		       !st.reverse && !st.paused && !st.filter[0],
	       "the defaults: 2 s, a list, not reversed, running, no filter");
	tap_ok(top_state_key(&st, '>') == TOP_REDRAW, "> redraws");
	tap_str(sort_name(&st), "ZSWPIN/s",
		"> moves the sort one column right");
	top_state_key(&st, '<');
	top_state_key(&st, '<');
	tap_str(sort_name(&st), "PATH", "< < moves it two columns left");
	top_state_key(&st, '<');
	tap_str(sort_name(&st), "PATH", "< stops at the first column");
	for (i = 0; i < nr_top_columns + 2; i++)
		top_state_key(&st, '>');
	tap_str(sort_name(&st), "REJECT/s", "> stops at the last column");

	tap_ok(top_state_key(&st, 'r') == TOP_REDRAW && st.reverse,
	       "r reverses");
	top_state_key(&st, 'r');
	tap_ok(!st.reverse, "r again restores the order");
	tap_ok(top_state_key(&st, 't') == TOP_REDRAW && st.tree, "t: tree");
	top_state_key(&st, 't');
	tap_ok(!st.tree, "t again: list");
	tap_ok(top_state_key(&st, ' ') == TOP_PAUSE && st.paused,
	       "space pauses");
	tap_ok(top_state_key(&st, 'p') == TOP_PAUSE && !st.paused, "p resumes");
	tap_ok(top_state_key(&st, '+') == TOP_RESCHEDULE &&
		       st.interval_ms == 5000,
	       "+ lengthens the interval and reschedules");
	top_state_key(&st, '-');
	top_state_key(&st, '-');
	tap_ok(st.interval_ms == 1000, "- - shortens it to 1 s");
	tap_ok(top_state_key(&st, '/') == TOP_ASK_FILTER,
	       "/ asks for a filter");
	tap_ok(top_state_key(&st, 'd') == TOP_ASK_INTERVAL,
	       "d asks for an interval");
	tap_ok(top_state_key(&st, 'h') == TOP_HELP &&
		       top_state_key(&st, '?') == TOP_HELP,
	       "h and ? show the help");
	tap_ok(top_state_key(&st, 'q') == TOP_QUIT &&
		       top_state_key(&st, 'Q') == TOP_QUIT,
	       "q and Q quit");
	tap_ok(top_state_key(&st, 'z') == TOP_KEY_UNKNOWN,
	       "another key does nothing");
}

/* Type the bytes of text into the prompt */
static enum prompt_status type(struct top_prompt *p, const char *text)
{
	enum prompt_status s = PROMPT_EDITING;

	for (; *text && s == PROMPT_EDITING; text++)
		s = top_prompt_key(p, (unsigned char)*text);
	return s;
}

static void check_prompt(void)
{
	struct top_prompt p;
	char full[TOP_FILTER_MAX + 10];

	top_prompt_start(&p, "Filter", "/old");
	tap_str(p.text, "/old", "the prompt starts with the current value");
	top_prompt_key(&p, PROMPT_KEY_KILL);
	tap_ok(type(&p, "work/b") == PROMPT_EDITING, "typing edits");
	tap_str(p.text, "work/b", "Ctrl-U cleared it, then the typed text");
	top_prompt_key(&p, PROMPT_KEY_BACKSPACE);
	top_prompt_key(&p, '\b');
	tap_str(p.text, "work", "Backspace and ^H take a character back");
	tap_ok(top_prompt_key(&p, '\r') == PROMPT_ACCEPT, "Enter accepts");
	tap_ok(top_prompt_key(&p, '\n') == PROMPT_ACCEPT, "so does Ctrl-J");
	tap_ok(top_prompt_key(&p, PROMPT_KEY_ESCAPE) == PROMPT_CANCEL,
	       "Escape cancels");
	top_prompt_start(&p, "Filter", "");
	type(&p, "caf\xc3\xa9");
	top_prompt_key(&p, PROMPT_KEY_BACKSPACE);
	tap_str(p.text, "caf", "Backspace takes a whole UTF-8 character");
	top_prompt_key(&p, 0x101);
	top_prompt_key(&p, 0x01);
	tap_str(p.text, "caf", "function and control keys type nothing");
	top_prompt_key(&p, PROMPT_KEY_BACKSPACE);
	top_prompt_key(&p, PROMPT_KEY_BACKSPACE);
	top_prompt_key(&p, PROMPT_KEY_BACKSPACE);
	top_prompt_key(&p, PROMPT_KEY_BACKSPACE);
	tap_ok(p.len == 0 && !p.text[0], "Backspace on empty stays empty");
	memset(full, 'x', sizeof(full) - 1);
	full[sizeof(full) - 1] = '\0';
	type(&p, full);
	tap_ok(p.len == TOP_FILTER_MAX - 1 && strlen(p.text) == p.len,
	       "the text stops at the filter's size");
	top_prompt_start(&p, "Filter", full);
	tap_ok(p.len == TOP_FILTER_MAX - 1, "so does a long start");
}

int main(void)
{
	check_seconds();
	check_intervals();
	check_keys();
	check_prompt();
	return tap_done();
}
