// SPDX-License-Identifier: GPL-2.0
/*
 * The curses view of "zswapctl top", htop's way: meters at the top (the
 * pool as a bar against its limit, the ratio, the pages, the rates), then
 * the panel of cgroups, then a status line for hints, prompts and
 * messages. The only file of zswapctl that includes curses.h.
 *
 * The loop waits for a key until the next sample is due, at most
 * WAIT_MAX_MS at a time: a signal that comes between the loop's look at
 * top_signal_pending() and the wait (or that a curses built to hide EINTR
 * swallows) is then seen that much later at worst. Every way out restores
 * the terminal: the loop's end, atexit() for exit(), and the signals,
 * which end the loop.
 */
#include <curses.h>
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <wchar.h>

#include "escape.h"
#include "top.h"
#include "zswapctl.h"
/* Last: its macros (columns, lines) would rename the names above */
#include <term.h>

struct screen {
	size_t scroll; /* the first row of the panel shown */
	size_t page; /* panel rows the last frame had room for */
};

/* What one frame shows */
struct frame {
	const struct top_opts *opts;
	const struct sampler *sp;
	const struct top_prompt *prompt; /* being edited, or NULL */
	const char *message; /* for the status line, or NULL */
};

#define LINE_WIDE_MAX 1024
#define ROW_TITLE 0
#define ROW_POOL 1
#define ROW_PAGES 2
#define ROW_RATES 3
#define ROW_ORDER 4
#define ROW_PANEL 5 /* the header of the table; its rows follow */

enum {
	PAIR_LABEL = 1,
	PAIR_BAR,
	PAIR_BAR_HIGH,
	PAIR_BAR_FULL,
	PAIR_HEADER,
	PAIR_PAUSED,
};

/* The attributes of each part, with colour or without */
struct look {
	attr_t label, bar, bar_high, bar_full, header, paused, title;
};

static struct look look;

/* Colours, where the terminal has them and NO_COLOR does not say no */
static void screen_init(struct screen *scr)
{
	const char *no_color = getenv("NO_COLOR");
	short bg = COLOR_BLACK;

	memset(scr, 0, sizeof(*scr));
	look = (struct look){
		.label = A_BOLD,
		.bar = A_BOLD,
		.bar_high = A_BOLD,
		.bar_full = A_BOLD | A_REVERSE,
		.header = A_REVERSE,
		.paused = A_REVERSE | A_BOLD,
		.title = A_BOLD,
	};
	/* https://no-color.org: present and not empty means no colour */
	if (!has_colors() || (no_color && *no_color))
		return;
	start_color();
	/* The terminal's own background, where it lets us keep it */
	if (use_default_colors() == OK)
		bg = -1;
	init_pair(PAIR_LABEL, COLOR_CYAN, bg);
	init_pair(PAIR_BAR, COLOR_GREEN, bg);
	init_pair(PAIR_BAR_HIGH, COLOR_YELLOW, bg);
	init_pair(PAIR_BAR_FULL, COLOR_RED, bg);
	init_pair(PAIR_HEADER, COLOR_BLACK, COLOR_GREEN);
	init_pair(PAIR_PAUSED, COLOR_BLACK, COLOR_YELLOW);
	look.label = COLOR_PAIR(PAIR_LABEL);
	look.bar = COLOR_PAIR(PAIR_BAR) | A_BOLD;
	look.bar_high = COLOR_PAIR(PAIR_BAR_HIGH) | A_BOLD;
	look.bar_full = COLOR_PAIR(PAIR_BAR_FULL) | A_BOLD;
	look.header = COLOR_PAIR(PAIR_HEADER);
	look.paused = COLOR_PAIR(PAIR_PAUSED);
}

/*
 * Draw text at (y, x) in attr, at most width columns of it, never past the
 * end of the line (curses would wrap it); returns the columns drawn. Text
 * that is not valid in the locale goes a byte a column.
 */
static int put(int y, int x, attr_t attr, const char *text, int width)
{
	wchar_t wide[LINE_WIDE_MAX];
	const char *src = text;
	mbstate_t state = { 0 };
	size_t n, i;
	int cols = 0;

	if (width > COLS - x)
		width = COLS - x;
	if (width <= 0)
		return 0;
	attrset(attr);
	n = mbsrtowcs(wide, &src, LINE_WIDE_MAX, &state);
	if (n == (size_t)-1) {
		n = strlen(text);
		if (n > (size_t)width)
			n = (size_t)width;
		mvaddnstr(y, x, text, (int)n);
		attrset(A_NORMAL);
		return (int)n;
	}
	for (i = 0; i < n; i++) {
		int w = wcwidth(wide[i]);

		if (w < 0)
			w = 1;
		if (cols + w > width)
			break;
		cols += w;
	}
	mvaddnwstr(y, x, wide, (int)i);
	attrset(A_NORMAL);
	return cols;
}

/* A label and its value, "Ratio 2.97", and a gap; returns the next column */
static int pair(int y, int x, const char *label, const char *value)
{
	x += put(y, x, look.label, label, COLS);
	x += put(y, x, A_NORMAL, " ", COLS);
	x += put(y, x, A_BOLD, value, COLS);
	return x + put(y, x, A_NORMAL, "   ", COLS);
}

static void draw_title(const struct frame *f)
{
	const struct top_state *st = &f->opts->state;
	char clock[16], interval[16], text[128];
	struct tm tm;
	int x;

	localtime_r(&f->sp->cur->wall.tv_sec, &tm);
	strftime(clock, sizeof(clock), "%H:%M:%S", &tm);
	top_interval_format(st->interval_ms, interval, sizeof(interval));
	x = put(ROW_TITLE, 0, look.title, "zswapctl top", COLS);
	snprintf(text, sizeof(text),
		 " - %s  sample %" PRIu64 "  every %s s  source %s%s", clock,
		 f->sp->taken - 1, interval, zc_source_name(zswapnl_source(f->sp->nl)),
		 zc_cgroups_from_files(f->sp->nl) ? "  cgroups fallback" : "");
	x += put(ROW_TITLE, x, A_NORMAL, text, COLS);
	if (st->paused && COLS - x > 8)
		put(ROW_TITLE, COLS - 8, look.paused, " PAUSED ", 8);
}

/* "Pool [|||||||         12.4 MiB of 400.2 MiB (3.1%)]", htop's meter */
static void draw_pool(const struct top_meters *mt)
{
	int x = put(ROW_POOL, 0, look.label, "Pool ", COLS);
	int width = COLS - x - 2, fill = 0, len, i;
	attr_t attr = look.bar;
	char *bar;

	if (width < 1)
		return;
	bar = malloc((size_t)width + 1);
	if (!bar)
		return;
	memset(bar, ' ', (size_t)width);
	bar[width] = '\0';
	/* The figures at the right end of the bar, as far as they fit */
	len = (int)strlen(mt->pool);
	if (len > width)
		len = width;
	memcpy(bar + width - len, mt->pool + strlen(mt->pool) - len,
	       (size_t)len);
	if (mt->pool_known) {
		uint64_t permille =
			mt->pool_permille > 1000 ? 1000 : mt->pool_permille;

		fill = (int)((uint64_t)width * permille / 1000);
		if (permille >= 900)
			attr = look.bar_full;
		else if (permille >= 750)
			attr = look.bar_high;
	}
	for (i = 0; i < fill; i++)
		if (bar[i] == ' ')
			bar[i] = '|';
	put(ROW_POOL, x, A_BOLD, "[", 1);
	/* The filled part in the bar's colour, the rest plain */
	put(ROW_POOL, x + 1, attr, bar, fill);
	put(ROW_POOL, x + 1 + fill, A_NORMAL, bar + fill, width - fill);
	put(ROW_POOL, x + 1 + width, A_BOLD, "]", 1);
	free(bar);
}

static void draw_meters(const struct frame *f)
{
	struct top_meters mt;
	int x;

	top_meters_fill(f->sp->prev, f->sp->cur, f->opts->ctx.page_size, &mt);
	draw_pool(&mt);
	x = pair(ROW_PAGES, 0, "Pool ratio", mt.ratio);
	x = pair(ROW_PAGES, x, "Stored", mt.stored);
	pair(ROW_PAGES, x, "Zero", mt.zero);
	x = put(ROW_RATES, 0, look.label, "Pages/s  ", COLS);
	x = pair(ROW_RATES, x, "store", mt.store);
	x = pair(ROW_RATES, x, "load", mt.load);
	x = pair(ROW_RATES, x, "reject", mt.reject);
	pair(ROW_RATES, x, "written back", mt.written_back);
}

static void draw_order(const struct top_order *ord)
{
	char sort[64], filter[4 * TOP_FILTER_MAX];
	int x;

	snprintf(sort, sizeof(sort), "%s %s", ord->sort->name,
		 top_order_descending(ord) ? "down" : "up");
	x = pair(ROW_ORDER, 0, "Sort", sort);
	x = pair(ROW_ORDER, x, "Tree", ord->tree ? "on" : "off");
	/* A control character from --filter would move the cursor */
	escape_text(ord->filter && *ord->filter ? ord->filter : "none", escape_locale_flags(),
		    filter, sizeof(filter));
	pair(ROW_ORDER, x, "Filter", filter);
}

/* The next line of a buffer, cut at its newline; NULL at the end */
static char *next_line(char **cursor)
{
	char *line = *cursor, *nl;

	if (!line || !*line)
		return NULL;
	nl = strchr(line, '\n');
	if (nl) {
		*nl = '\0';
		*cursor = nl + 1;
	} else {
		*cursor = NULL;
	}
	return line;
}

/* The panel: the table as batch mode prints it, scrolled to fit */
static int draw_panel(struct screen *scr, const struct frame *f,
		      const struct top_order *ord)
{
	int first = ROW_PANEL + 1, last = LINES - 2, y = first, x;
	struct top_rows rows;
	char *text = NULL, *cursor, *line;
	size_t size = 0, i;
	FILE *mem;
	int ret;

	ret = top_rows_build(f->sp->prev, f->sp->cur, ord, &rows);
	if (ret)
		return ret;
	mem = open_memstream(&text, &size);
	if (!mem) {
		top_rows_free(&rows);
		return -ENOMEM;
	}
	ret = top_table_print(&rows, ord, COLS > 0 ? (size_t)COLS : 0, mem);
	if (fclose(mem) && !ret)
		ret = -ENOMEM;
	scr->page = last >= first ? (size_t)(last - first + 1) : 0;
	/* Keep the last page full when rows go away */
	if (scr->scroll + scr->page > rows.count)
		scr->scroll = rows.count > scr->page ? rows.count - scr->page :
						       0;
	top_rows_free(&rows);
	if (ret) {
		free(text);
		return ret;
	}
	cursor = text;
	line = next_line(&cursor);
	if (line && ROW_PANEL < LINES) {
		x = put(ROW_PANEL, 0, look.header, line, COLS);
		/* The header bar goes across the screen */
		for (; x < COLS; x++)
			put(ROW_PANEL, x, look.header, " ", 1);
	}
	for (i = 0; (line = next_line(&cursor)); i++) {
		if (i < scr->scroll)
			continue;
		if (y > last)
			break;
		put(y++, 0, A_NORMAL, line, COLS);
	}
	free(text);
	return 0;
}

static void draw_status(const struct frame *f)
{
	static const char *const hints[][2] = {
		{ "h", "help" },    { "q", "quit" },	   { "<>", "sort" },
		{ "r", "reverse" }, { "t", "tree" },	   { "/", "filter" },
		{ "p", "pause" },   { "d+-", "interval" },
	};
	int y = LINES - 1, x = 0;
	char text[4 * TOP_FILTER_MAX];
	size_t i;

	if (y <= ROW_PANEL)
		return;
	if (f->prompt) {
		x = put(y, 0, A_BOLD, f->prompt->label, COLS);
		x += put(y, x, A_BOLD, ": ", COLS);
		/* The filter it starts with may come from --filter */
		escape_text(f->prompt->text, escape_locale_flags(), text, sizeof(text));
		x += put(y, x, A_BOLD, text, COLS);
		move(y, x < COLS ? x : COLS - 1);
		return;
	}
	if (f->message) {
		put(y, 0, A_BOLD, f->message, COLS);
		return;
	}
	for (i = 0; i < sizeof(hints) / sizeof(hints[0]); i++) {
		x += put(y, x, look.label, hints[i][0], COLS);
		x += put(y, x, A_NORMAL, " ", COLS);
		x += put(y, x, A_NORMAL, hints[i][1], COLS);
		x += put(y, x, A_NORMAL, "  ", COLS);
	}
}

/* Erase and draw a frame; 0 or -ENOMEM */
static int screen_draw(struct screen *scr, const struct frame *f)
{
	struct top_order ord;
	int ret;

	top_order_of(f->opts, &ord);
	erase();
	draw_title(f);
	draw_meters(f);
	draw_order(&ord);
	ret = draw_panel(scr, f, &ord);
	draw_status(f);
	curs_set(f->prompt ? 1 : 0);
	refresh();
	return ret;
}

static void screen_draw_help(void)
{
	static const char *const keys[][2] = {
		{ "< >", "sort by the column to the left or right" },
		{ "r", "reverse the order" },
		{ "t", "cgroup tree on or off" },
		{ "/",
		  "filter: the cgroups whose path contains the text typed;" },
		{ "", "Enter applies, an empty filter shows all, Esc cancels" },
		{ "space p", "pause or resume" },
		{ "d", "type an interval in seconds (0.1 to 86400)" },
		{ "+ -",
		  "longer or shorter interval: 0.1 0.2 0.5 1 2 5 10 30 60 s" },
		{ "arrows", "scroll, also Page Up, Page Down, Home and End" },
		{ "Ctrl-L", "redraw the screen" },
		{ "h ?", "this help" },
		{ "q", "quit" },
	};
	int y = 0;
	size_t i;

	erase();
	curs_set(0);
	put(y++, 0, look.title, "zswapctl top: keys", COLS);
	y++;
	for (i = 0; i < sizeof(keys) / sizeof(keys[0]) && y < LINES; i++) {
		put(y, 2, look.label, keys[i][0], 10);
		put(y++, 12, A_NORMAL, keys[i][1], COLS);
	}
	y++;
	for (i = 0; i < nr_top_columns && y < LINES; i++) {
		put(y, 2, look.label, top_columns[i].name, 12);
		put(y++, 14, A_NORMAL, top_column_help(&top_columns[i]), COLS);
	}
	if (++y < LINES)
		put(y, 0, A_BOLD, "Press any key to return.", COLS);
	refresh();
}

/* Scroll the panel for an arrow, page or home/end key; false for others */
static bool screen_scroll_key(struct screen *scr, int key)
{
	size_t page = scr->page ? scr->page : 1;

	switch (key) {
	case KEY_UP:
		if (scr->scroll)
			scr->scroll--;
		return true;
	case KEY_DOWN:
		scr->scroll++;
		return true;
	case KEY_PPAGE:
		scr->scroll = scr->scroll > page ? scr->scroll - page : 0;
		return true;
	case KEY_NPAGE:
		scr->scroll += page;
		return true;
	case KEY_HOME:
		scr->scroll = 0;
		return true;
	case KEY_END:
		/* The next frame brings it back to the last full page */
		scr->scroll = SIZE_MAX / 2;
		return true;
	}
	return false;
}

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
	if (l->sp->note_changed && l->sp->cgroups_note[0])
		snprintf(l->message, sizeof(l->message), "%s",
			 l->sp->cgroups_note);
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
	if (sp->cgroups_note[0])
		snprintf(l.message, sizeof(l.message), "%s", sp->cgroups_note);
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
	if (sp->cgroups_note[0])
		zc_error("note: %s", sp->cgroups_note);
	if (drawn) {
		zc_error("cannot draw the screen: %s", strerror(-drawn));
		return EXIT_SYSTEM;
	}
	if (ret)
		return zc_lib_error("cannot read zswap", ret, &err);
	return EXIT_OK;
}
