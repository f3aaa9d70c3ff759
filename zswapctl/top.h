/* SPDX-License-Identifier: GPL-2.0 */
/*
 * "zswapctl top": one sampling core (rates.h) and two views of it, batch
 * mode (plain text blocks, top.c) and the curses screen (top_curses.c, the
 * only file that includes curses.h, so that ncursesw stays out of
 * everything else). What both views share is declared here: the columns,
 * the rows in their order, the table, the meters, the state that the
 * options and the keys change, the line editor of the prompts, and the
 * signal that stops the loops.
 */
#ifndef ZSWAPCTL_TOP_H
#define ZSWAPCTL_TOP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "columns.h"
#include "rates.h"
#include "size.h"

/*
 * The columns: the figures of a memcg, as the columns of "zswapctl cgroups"
 * show them (columns.c), and its rates over the last interval. One table
 * drives the view, --sort, the '<' and '>' keys, --help and, through the
 * hidden "zswapctl top --list-columns", the shell completions.
 */
enum top_value {
	TOP_MEMCG, /* a column of columns.c */
	TOP_ZSWPOUT_RATE,
	TOP_ZSWPIN_RATE,
	TOP_REJECT_RATE,
};

struct top_column {
	const char *name; /* for --sort, any case; also the header */
	enum top_value value;
	const char *memcg_column; /* TOP_MEMCG: its name in columns.c */
	const char *help; /* the rates' own; memcg columns use theirs */
	bool descending; /* the order before --reverse or 'r' */
};

extern const struct top_column top_columns[];
extern const size_t nr_top_columns;

/* The column of that name (any case), or NULL */
const struct top_column *top_column_by_name(const char *name);

/* The column "zswapctl top" sorts by unless told otherwise */
const struct top_column *top_column_default(void);

const char *top_column_help(const struct top_column *col);

/*
 * The rows for a pair of samples: each memcg of the newer one with its
 * rates, filtered by path, sorted by a column or laid out as a tree. The
 * curses view and batch mode both show these rows.
 */
struct top_order {
	const struct top_column *sort;
	bool reverse; /* against the column's own order */
	bool tree;
	const char *filter; /* a part of the path, or NULL or "" for all */
	bool utf8; /* box lines and arrows, else ASCII */
	struct column_ctx ctx;
};

/* A row of the table: a memcg of the current sample and its rates */
struct top_row {
	const struct zswapnl_memcg *m;
	struct memcg_rates rates;
	char *prefix; /* the tree drawing before its name; owned, or NULL */
	size_t name_from; /* where its name starts in its path (tree.h) */
};

struct top_rows {
	struct top_row *rows;
	size_t count;
};

/* Does the sort column go from the largest down */
bool top_order_descending(const struct top_order *ord);

/*
 * The rows of cur, with their rates against prev (NULL for none yet), in
 * the order ord asks. 0 or -ENOMEM; free with top_rows_free().
 */
int top_rows_build(const struct sample *prev, const struct sample *cur,
		   const struct top_order *ord, struct top_rows *out);
void top_rows_free(struct top_rows *rows);

/*
 * Print the rows as a table, a header line and one line a row, aligned by
 * table.c; the header of the sort column carries an arrow that says which
 * way it goes. With width (the screen's), PATH is shortened to make the
 * table fit, its cells cut in the middle; a figure never is. 0 for no
 * limit (batch mode). 0, -ENOMEM or -EIO.
 */
int top_table_print(const struct top_rows *rows, const struct top_order *ord,
		    size_t width, FILE *out);

/*
 * The meters above the table, as text: the pool against its limit, the
 * pool ratio, stored and zero pages, and the global rates. The curses view
 * draws them with a bar, batch mode prints them.
 */
#define METER_MAX 32

struct top_meters {
	char pool[3 * SIZE_STR_MAX]; /* "12.4 MiB of 400.2 MiB (3.1%)" */
	bool pool_known; /* pool_permille holds the fill */
	uint64_t pool_permille; /* may pass 1000 */
	char ratio[METER_MAX];
	char stored[METER_MAX];
	char zero[METER_MAX];
	/* Pages per second */
	char store[METER_MAX];
	char load[METER_MAX];
	char reject[METER_MAX];
	char written_back[METER_MAX];
};

/* The meters of cur, with rates against prev (NULL for none yet) */
void top_meters_fill(const struct sample *prev, const struct sample *cur,
		     uint64_t page_size, struct top_meters *mt);

/* "1.00" seconds of a span in nanoseconds, in hundredths; returns buf */
char *seconds_hundredths(uint64_t ns, char *buf, size_t len);

/*
 * What the user chose: the sort column and its direction, tree or list,
 * the filter, pause and the interval; and what each key does to it. The
 * options set it first, the keys change it.
 */
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

/*
 * The one-line editor of the filter and interval prompts: printable bytes
 * append (UTF-8 comes as its bytes), Backspace takes back one character,
 * Ctrl-U clears, Enter accepts and Escape cancels.
 */

/* Keys as the editor takes them; the curses view maps its own to these */
#define PROMPT_KEY_BACKSPACE 0x7f
#define PROMPT_KEY_ESCAPE 0x1b
#define PROMPT_KEY_KILL 0x15 /* Ctrl-U */

enum prompt_status {
	PROMPT_EDITING,
	PROMPT_ACCEPT,
	PROMPT_CANCEL,
};

struct top_prompt {
	const char *label; /* "filter", "interval" */
	char text[TOP_FILTER_MAX];
	size_t len;
};

void top_prompt_start(struct top_prompt *p, const char *label,
		      const char *text);
enum prompt_status top_prompt_key(struct top_prompt *p, int key);

/* The signal (SIGINT, SIGTERM, SIGHUP) that asked to stop, or 0 */
int top_signal_pending(void);

struct top_opts {
	struct top_state state;
	uint64_t count; /* -n: samples to show, 0 for no end */
	bool batch;
	struct column_ctx ctx;
	bool utf8;
};

/* The order of the rows as the state says now (filter points into it) */
void top_order_of(const struct top_opts *o, struct top_order *ord);

/* The curses view; an exit code, after a message on failure */
int top_run_curses(struct top_opts *o, struct sampler *sp);

/*
 * Why the terminal cannot hold the curses view (no TERM, TERM=dumb, a name
 * terminfo does not know, no cursor addressing), or NULL when it can.
 */
const char *top_terminal_problem(void);

#endif /* ZSWAPCTL_TOP_H */
