// SPDX-License-Identifier: GPL-2.0
/*
 * zswapctl top [options]: zswap live, in a curses screen (top_curses.c)
 * or, with --batch, as plain text samples for logs. This file is all of it
 * but the drawing: the columns, the rows and their order, the table, the
 * meters, the state the keys change, the prompts' line editor, the
 * signals, batch mode and the options.
 */
#include <errno.h>
#include <getopt.h>
#include <inttypes.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "escape.h"
#include "event_line.h"
#include "parse.h"
#include "table.h"
#include "top.h"
#include "tree.h"
#include "zswapctl.h"

/* A column of "zswapctl cgroups", under the same name */
#define MEMCG_COLUMN(col, desc)                                       \
	{                                                             \
		.name = col, .value = TOP_MEMCG, .memcg_column = col, \
		.descending = desc                                    \
	}

const struct top_column top_columns[] = {
	MEMCG_COLUMN("PATH", false),
	{
		.name = "ZSWPOUT/s",
		.value = TOP_ZSWPOUT_RATE,
		.help = "pages stored into zswap per second, over the last interval",
		.descending = true,
	},
	{
		.name = "ZSWPIN/s",
		.value = TOP_ZSWPIN_RATE,
		.help = "pages loaded back from zswap per second, over the last interval",
		.descending = true,
	},
	MEMCG_COLUMN("COMPRESSED", true),
	MEMCG_COLUMN("STORED", true),
	MEMCG_COLUMN("ZERO", true),
	MEMCG_COLUMN("RATIO", true),
	MEMCG_COLUMN("MAX", true),
	MEMCG_COLUMN("WRITEBACK", false),
	/* Last: the first a narrow screen leaves out (the patched kernel's only) */
	{
		.name = "REJECT/s",
		.value = TOP_REJECT_RATE,
		.help = "stores zswap refused per second, every reason (patched kernel)",
		.descending = true,
	},
};

const size_t nr_top_columns = sizeof(top_columns) / sizeof(top_columns[0]);

_Static_assert(offsetof(struct top_column, name) == 0,
	       "a column starts with its name (named_entry())");

const struct top_column *top_column_by_name(const char *name)
{
	return named_entry(top_columns, nr_top_columns, sizeof(top_columns[0]),
			   name);
}

const struct top_column *top_column_default(void)
{
	/* The busiest cgroups first, as top(1) puts the busiest processes */
	return &top_columns[1];
}

const char *top_column_help(const struct top_column *col)
{
	if (col->value == TOP_MEMCG)
		return column_by_name(col->memcg_column)->help;
	return col->help;
}

static struct rate row_rate(const struct top_column *col,
			    const struct top_row *row)
{
	switch (col->value) {
	case TOP_ZSWPOUT_RATE:
		return row->rates.zswpout;
	case TOP_REJECT_RATE:
		return row->rates.reject;
	default:
		return row->rates.zswpin;
	}
}

/* Ascending; unknown values before every known one */
static int top_column_compare(const struct top_column *col,
			      const struct top_row *a, const struct top_row *b,
			      const struct column_ctx *ctx)
{
	const struct column *mc;

	if (col->value != TOP_MEMCG)
		return rate_compare(row_rate(col, a), row_rate(col, b));
	mc = column_by_name(col->memcg_column);
	return column_compare(mc, a->m, b->m, ctx);
}

/* The cell's text, "-" when unknown; returns buf */
static char *top_column_format(const struct top_column *col,
			       const struct top_row *row,
			       const struct column_ctx *ctx, char *buf,
			       size_t len)
{
	if (col->value != TOP_MEMCG)
		return rate_format(row_rate(col, row), buf, len);
	return column_format(column_by_name(col->memcg_column), row->m, ctx,
			     buf, len);
}

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

bool top_order_descending(const struct top_order *ord)
{
	return ord->sort->descending != ord->reverse;
}

/*
 * Would the row of m pass the filter: its path's bytes, or the path as
 * the screen shows it, escaped, since that is all a user can copy from a
 * name with a control byte or one that is not UTF-8.
 */
static bool top_filter_match(const struct top_order *ord,
			     const struct zswapnl_memcg *m)
{
	char *shown;
	bool match;

	if (!ord->filter || !*ord->filter)
		return true;
	if (!m->path)
		return false;
	if (strstr(m->path, ord->filter))
		return true;
	if (!escape_needed(m->path, 0))
		return false;
	shown = escape_alloc(m->path, escape_locale_flags());
	match = shown && strstr(shown, ord->filter);
	free(shown);
	return match;
}

/*
 * The sort column in the order it is shown; equal rows by path, then id,
 * both ascending whichever way the column goes, so that a quiet system
 * lists its cgroups by name.
 */
static int compare_rows(const struct top_row *a, const struct top_row *b,
			const struct top_order *ord)
{
	const char *pa = a->m->path ? a->m->path : "";
	const char *pb = b->m->path ? b->m->path : "";
	int ret = top_column_compare(ord->sort, a, b, &ord->ctx);

	if (ret)
		return top_order_descending(ord) ? -ret : ret;
	ret = strcmp(pa, pb);
	if (ret)
		return ret;
	return (a->m->id > b->m->id) - (a->m->id < b->m->id);
}

static int qsort_rows(const void *a, const void *b, void *arg)
{
	return compare_rows(a, b, arg);
}

struct sibling_order {
	const struct top_order *ord;
	const struct top_row *rows;
};

static int compare_siblings(size_t a, size_t b, void *arg)
{
	const struct sibling_order *so = arg;

	return compare_rows(&so->rows[a], &so->rows[b], so->ord);
}

/* Reorder the rows parents first, siblings in sort order, with prefixes */
static int order_as_tree(struct top_rows *out, const struct top_order *ord)
{
	struct sibling_order so = { ord, out->rows };
	struct top_row *sorted = NULL;
	struct tree_row *tree = NULL;
	const char **paths = NULL;
	int ret = -ENOMEM;
	size_t i;

	paths = calloc(out->count + 1, sizeof(*paths));
	tree = calloc(out->count + 1, sizeof(*tree));
	sorted = calloc(out->count + 1, sizeof(*sorted));
	if (!paths || !tree || !sorted)
		goto out;
	for (i = 0; i < out->count; i++)
		paths[i] = out->rows[i].m->path ? out->rows[i].m->path : "";
	ret = tree_order(paths, out->count, compare_siblings, &so,
			 ord->utf8 ? &tree_utf8 : &tree_ascii, tree);
	if (ret)
		goto out;
	/* The prefixes change hands: the rows free them */
	for (i = 0; i < out->count; i++) {
		sorted[i] = out->rows[tree[i].index];
		sorted[i].prefix = tree[i].prefix;
		sorted[i].name_from = tree[i].name_from;
	}
	free(out->rows);
	out->rows = sorted;
	sorted = NULL;
out:
	free(sorted);
	free(tree);
	free(paths);
	return ret;
}

int top_rows_build(const struct sample *prev, const struct sample *cur,
		   const struct top_order *ord, struct top_rows *out)
{
	const struct zswapnl_memcg_list *list = &cur->memcgs;
	size_t i;
	int ret;

	memset(out, 0, sizeof(*out));
	out->rows = calloc(list->count + 1, sizeof(*out->rows));
	if (!out->rows)
		return -ENOMEM;
	/* items, not zswapnl_memcg_list_get(): this part links no library */
	for (i = 0; i < list->count; i++) {
		struct top_row *row = &out->rows[out->count];
		const struct zswapnl_memcg *m = list->items[i];

		if (!top_filter_match(ord, m))
			continue;
		row->m = m;
		memcg_rates(prev, cur, row->m, &row->rates);
		out->count++;
	}
	if (!ord->tree) {
		qsort_r(out->rows, out->count, sizeof(*out->rows), qsort_rows,
			(void *)ord);
		return 0;
	}
	ret = order_as_tree(out, ord);
	if (ret)
		top_rows_free(out);
	return ret;
}

void top_rows_free(struct top_rows *rows)
{
	size_t i;

	for (i = 0; rows->rows && i < rows->count; i++)
		free(rows->rows[i].prefix);
	free(rows->rows);
	memset(rows, 0, sizeof(*rows));
}

#define CELL_MAX 64
#define HEADER_MAX 32

/* As in "zswapctl cgroups --tree": the top of a tree keeps its full path */
static int set_path_cell(struct table *t, size_t row, size_t col,
			 const struct top_row *r)
{
	const char *path = r->m->path ? r->m->path : "-";
	char shown[CGROUP_PATH_SHOWN_MAX + 1];
	char *cell;
	int ret;

	if (!r->prefix || !r->prefix[0])
		return table_set_cell(t, row, col,
				      cgroup_path_shown(path, shown,
							sizeof(shown)));
	if (r->m->path && r->name_from <= strlen(path))
		path += r->name_from;
	if (asprintf(&cell, "%s%s", r->prefix,
		     cgroup_path_shown(path, shown, sizeof(shown))) < 0)
		return -ENOMEM;
	ret = table_set_cell(t, row, col, cell);
	free(cell);
	return ret;
}

static int fill(struct table *t, const struct top_rows *rows,
		const struct top_order *ord)
{
	size_t i, c;

	for (i = 0; i < rows->count; i++) {
		const struct top_row *r = &rows->rows[i];
		long row = table_add_row(t);

		if (row < 0)
			return (int)row;
		for (c = 0; c < nr_top_columns; c++) {
			const struct top_column *col = &top_columns[c];
			char cell[CELL_MAX];
			int ret;

			if (col->value == TOP_MEMCG &&
			    column_by_name(col->memcg_column)->kind ==
				    KIND_PATH)
				ret = set_path_cell(t, row, c, r);
			else
				ret = table_set_cell(
					t, row, c,
					top_column_format(col, r, &ord->ctx,
							  cell, sizeof(cell)));
			if (ret)
				return ret;
		}
	}
	return 0;
}

int top_table_print(const struct top_rows *rows, const struct top_order *ord,
		    size_t width, FILE *out)
{
	const char *arrow = top_order_descending(ord) ?
				    (ord->utf8 ? "\u25bc" : "v") :
				    (ord->utf8 ? "\u25b2" : "^");
	char sort_header[HEADER_MAX];
	struct table t;
	size_t c;
	int ret;

	ret = table_init(&t, nr_top_columns);
	if (ret)
		return ret;
	for (c = 0; c < nr_top_columns; c++) {
		const struct top_column *col = &top_columns[c];
		enum column_align align = ALIGN_RIGHT;
		const char *header = col->name;

		if (col->value == TOP_MEMCG) {
			align = column_align(column_by_name(col->memcg_column));
			if (column_by_name(col->memcg_column)->kind ==
			    KIND_PATH)
				t.shrink = (long)c;
		}
		if (col == ord->sort) {
			snprintf(sort_header, sizeof(sort_header), "%s%s",
				 col->name, arrow);
			header = sort_header;
		}
		table_set_column(&t, c, header, align);
	}
	t.max_width = width;
	t.utf8 = ord->utf8;
	ret = fill(&t, rows, ord);
	if (!ret)
		ret = table_print(&t, out);
	table_free(&t);
	return ret;
}

static void count_text(const struct zswapnl_global *g,
		       enum zswapnl_global_field f, uint64_t value, char *buf,
		       size_t len)
{
	if (zswapnl_global_known(g, f))
		snprintf(buf, len, "%" PRIu64, value);
	else
		snprintf(buf, len, "-");
}

/* "12.4 MiB of 400.2 MiB (3.1%)", as "zswapctl status" says it */
static void pool_text(const struct zswapnl_global *g, struct top_meters *mt)
{
	char size[SIZE_STR_MAX] = "-", limit[SIZE_STR_MAX] = "-";
	bool have_size = zswapnl_global_known(g, ZSWAPNL_G_POOL_TOTAL_SIZE);
	bool have_limit = zswapnl_global_known(g, ZSWAPNL_G_POOL_LIMIT_BYTES);
	int n;

	if (have_size)
		size_format_iec(g->pool_total_size, SIZE_SPACED, size,
				sizeof(size));
	if (have_limit)
		size_format_iec(g->pool_limit_bytes, SIZE_SPACED, limit,
				sizeof(limit));
	n = snprintf(mt->pool, sizeof(mt->pool), "%s of %s", size, limit);
	mt->pool_known = have_size && have_limit &&
			 ratio_permille(g->pool_total_size, g->pool_limit_bytes,
					&mt->pool_permille);
	if (mt->pool_known)
		snprintf(mt->pool + n, sizeof(mt->pool) - n,
			 " (%" PRIu64 ".%" PRIu64 "%%)", mt->pool_permille / 10,
			 mt->pool_permille % 10);
}

void top_meters_fill(const struct sample *prev, const struct sample *cur,
		     uint64_t page_size, struct top_meters *mt)
{
	const struct zswapnl_global *g = &cur->global;
	struct global_rates r;
	uint64_t hundredths;

	pool_text(g, mt);
	if (zswapnl_global_known(g, ZSWAPNL_G_STORED_PAGES) &&
	    zswapnl_global_known(g, ZSWAPNL_G_POOL_TOTAL_SIZE) &&
	    ratio_hundredths(g->stored_pages, page_size, g->pool_total_size,
			     &hundredths))
		ratio_format(hundredths, mt->ratio, sizeof(mt->ratio));
	else
		snprintf(mt->ratio, sizeof(mt->ratio), "-");
	count_text(g, ZSWAPNL_G_STORED_PAGES, g->stored_pages, mt->stored,
		   sizeof(mt->stored));
	count_text(g, ZSWAPNL_G_ZERO_PAGES, g->zero_pages, mt->zero,
		   sizeof(mt->zero));
	global_rates(prev, cur, &r);
	rate_format(r.store, mt->store, sizeof(mt->store));
	rate_format(r.load, mt->load, sizeof(mt->load));
	rate_format(r.reject, mt->reject, sizeof(mt->reject));
	rate_format(r.written_back, mt->written_back, sizeof(mt->written_back));
}

char *seconds_hundredths(uint64_t ns, char *buf, size_t len)
{
	uint64_t hundredths = (ns + 5000000) / 10000000;

	snprintf(buf, len, "%" PRIu64 ".%02" PRIu64, hundredths / 100,
		 hundredths % 100);
	return buf;
}

void top_prompt_start(struct top_prompt *p, const char *label, const char *text)
{
	p->label = label;
	p->len = (size_t)snprintf(p->text, sizeof(p->text), "%s", text);
	if (p->len >= sizeof(p->text))
		p->len = sizeof(p->text) - 1;
}

/* Is c a UTF-8 continuation byte (10xxxxxx) */
static int continuation(char c)
{
	return ((unsigned char)c & 0xc0) == 0x80;
}

enum prompt_status top_prompt_key(struct top_prompt *p, int key)
{
	switch (key) {
	case '\n':
	case '\r':
		return PROMPT_ACCEPT;
	case PROMPT_KEY_ESCAPE:
		return PROMPT_CANCEL;
	case PROMPT_KEY_BACKSPACE:
	case '\b':
		/* A whole character: its continuation bytes and its lead */
		while (p->len && continuation(p->text[p->len - 1]))
			p->len--;
		if (p->len)
			p->len--;
		break;
	case PROMPT_KEY_KILL:
		p->len = 0;
		break;
	default:
		/* Bytes only: function keys and control characters do nothing */
		if (key < 0x20 || key > 0xff || key == 0x7f)
			break;
		if (p->len + 1 < sizeof(p->text))
			p->text[p->len++] = (char)key;
		break;
	}
	p->text[p->len] = '\0';
	return PROMPT_EDITING;
}

/*
 * SIGINT, SIGTERM and SIGHUP while "zswapctl top" runs: the handler only
 * notes the signal; the loops see it, leave the terminal as they found it,
 * and then die of the same signal, so the parent learns how it ended.
 */
static volatile sig_atomic_t stop_signal;

static void note_signal(int sig)
{
	stop_signal = sig;
}

/* 0 or -errno */
static int top_signals_install(void)
{
	static const int sigs[] = { SIGINT, SIGTERM, SIGHUP };
	struct sigaction sa;
	size_t i;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = note_signal;
	sigemptyset(&sa.sa_mask);
	/* No SA_RESTART: a sleep or a wait for a key ends at once */
	for (i = 0; i < sizeof(sigs) / sizeof(sigs[0]); i++)
		if (sigaction(sigs[i], &sa, NULL))
			return -errno;
	return 0;
}

int top_signal_pending(void)
{
	return stop_signal;
}

/* Die of the pending signal, with its default action; back if none */
static void top_signal_reraise(void)
{
	int sig = stop_signal;

	if (!sig)
		return;
	fflush(stdout);
	signal(sig, SIG_DFL);
	raise(sig);
}

/*
 * "zswapctl top --batch": every interval a block of plain text, for logs
 * and scripts: three header lines, the table, an empty line.
 *
 *   time: 2026-11-30T06:18:25.042Z  sample: 1  interval: 1.00 s  source: netlink
 *   pool: 12.4 MiB of 400.2 MiB (3.1%)  pool ratio: 2.97  stored: 9443  zero: 3096
 *   pages/s: store 120  load 35  reject 0  written back 0
 *   PATH  ZSWPOUT/s▼ ZSWPIN/s COMPRESSED ...
 *
 * The first sample only starts the count: each block has the rates of the
 * interval before it, so --iterations N takes N intervals.
 */

/* Sleep until a CLOCK_MONOTONIC time; false when a signal said stop */
static bool sleep_until(uint64_t deadline_ns)
{
	struct timespec ts = {
		.tv_sec = (time_t)(deadline_ns / 1000000000),
		.tv_nsec = (long)(deadline_ns % 1000000000),
	};

	while (clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &ts, NULL))
		if (top_signal_pending())
			return false;
	return !top_signal_pending();
}

static void print_header(const struct top_opts *o, const struct sampler *sp,
			 FILE *out)
{
	char when[TIMESTAMP_MAX], elapsed[32];
	struct top_meters mt;

	timestamp_iso8601(&sp->cur->wall, when, sizeof(when));
	seconds_hundredths(samples_elapsed_ns(sp->prev, sp->cur), elapsed,
			   sizeof(elapsed));
	top_meters_fill(sp->prev, sp->cur, o->ctx.page_size, &mt);
	fprintf(out,
		"time: %s  sample: %" PRIu64 "  interval: %s s  source: %s%s\n",
		when, sp->taken - 1, elapsed, zc_source_name(zswapnl_source(sp->nl)),
		zc_cgroups_from_files(sp->nl) ? "  cgroups: fallback" : "");
	fprintf(out, "pool: %s  pool ratio: %s  stored: %s  zero: %s\n",
		mt.pool, mt.ratio, mt.stored, mt.zero);
	fprintf(out, "pages/s: store %s  load %s  reject %s  written back %s\n",
		mt.store, mt.load, mt.reject, mt.written_back);
}

static int print_block(const struct top_opts *o, const struct sampler *sp,
		       FILE *out)
{
	struct top_order ord;
	struct top_rows rows;
	int ret;

	top_order_of(o, &ord);
	ret = top_rows_build(sp->prev, sp->cur, &ord, &rows);
	if (ret)
		return ret;
	print_header(o, sp, out);
	ret = top_table_print(&rows, &ord, 0, out);
	top_rows_free(&rows);
	putc('\n', out);
	/* A block at a time, whole, for whoever follows the log */
	if (fflush(out) || ferror(out))
		return -EIO;
	return ret;
}

static int top_run_batch(const struct top_opts *o, struct sampler *sp)
{
	uint64_t interval_ns = o->state.interval_ms * NSEC_PER_MSEC, deadline;
	struct zswapnl_error err = { 0 };
	int ret;

	ret = sampler_step(sp, &err);
	if (ret)
		return zc_lib_error("cannot read zswap", ret, &err);
	if (sp->cgroups_note[0])
		zc_error("note: %s", sp->cgroups_note);
	deadline = sp->cur->mono_ns;
	while (!o->count || sp->taken <= o->count) {
		deadline += interval_ns;
		if (!sleep_until(deadline))
			return EXIT_OK;
		ret = sampler_step(sp, &err);
		if (ret)
			return zc_lib_error("cannot read zswap", ret, &err);
		/* Said again when it changes: another folder closed, or opened */
		if (sp->note_changed && sp->cgroups_note[0])
			zc_error("note: %s", sp->cgroups_note);
		/* Fell behind (a slow read): keep the interval, not the pace */
		if (sp->cur->mono_ns > deadline + interval_ns)
			deadline = sp->cur->mono_ns;
		ret = print_block(o, sp, stdout);
		if (ret == -ENOMEM) {
			zc_error("out of memory");
			return EXIT_SYSTEM;
		}
		/*
		 * -EIO: main() reports the write error of stdout, and says
		 * nothing of a reader that is gone
		 */
		if (ret)
			return EXIT_OK;
	}
	return EXIT_OK;
}

static void top_usage(void)
{
	size_t i;

	printf("Usage:\n"
	       " zswapctl top [options]\n"
	       "\n"
	       "Show zswap live: the pool against its limit, the pool ratio,\n"
	       "stored and zero pages and the store, load, reject and writeback rates\n"
	       "at the top, and below them the cgroups with their rates over the last\n"
	       "interval.\n"
	       "\n"
	       "Options:\n"
	       " -B, --batch                 plain text samples for logs, no screen\n"
	       " -c, --count <count>         exit after showing <count> samples\n"
	       " -d, --delay <seconds>       time between samples, 0.1 to 86400 (default 2)\n"
	       " -x, --sort <column>         sort the rows by a column (default ZSWPOUT/s)\n"
	       "     --reverse               reverse the order\n"
	       " -T, --tree                  show the cgroup hierarchy\n"
	       " -f, --filter <text>         only the cgroups whose path contains <text>\n"
	       "     --source <mode>         netlink, fallback or auto\n"
	       "     --sysroot <dir>         read the files under <dir> instead of /\n"
	       " -h, --help                  display this help\n"
	       "\n"
	       "Keys: < > sort column, r reverse, t tree, / filter, space or p pause,\n"
	       "d interval, + - longer or shorter interval, h or ? help, q quit.\n"
	       "\n"
	       "Columns (numbers sort largest first):\n");
	for (i = 0; i < nr_top_columns; i++)
		printf(" %12s  %s\n", top_columns[i].name,
		       top_column_help(&top_columns[i]));
}

/* The hidden --list-columns: what the shell completions must know */
static void list_columns(void)
{
	size_t i;

	for (i = 0; i < nr_top_columns; i++)
		printf("%s\n", top_columns[i].name);
}

static int parse_option(struct top_opts *o, int opt)
{
	const struct top_column *col;
	int ret;

	switch (opt) {
	case 'b':
		zc_old_spelling("top", "-b", "-B", "--batch");
		/* fall through */
	case 'B':
		o->batch = true;
		break;
	case 'd':
		ret = top_interval_parse(optarg, &o->state.interval_ms);
		if (ret == -ERANGE)
			return zc_usage(
				"--delay '%s' out of range (0.1 to 86400 seconds)",
				optarg);
		if (ret)
			return zc_usage(
				"invalid --delay '%s' (expected seconds, such as 2 or 0.5)",
				optarg);
		break;
	case 'n':
		zc_old_spelling("top", "-n", "-c", "--count");
		/* fall through */
	case 'c':
		if (parse_u64(optarg, &o->count) || !o->count)
			return zc_usage(
				"invalid --count '%s' (expected a whole number from 1)",
				optarg);
		break;
	case OPT_ITERATIONS:
		zc_old_spelling("top", "--iterations", "--count", NULL);
		return parse_option(o, 'c');
	case 'x':
		col = top_column_by_name(optarg);
		if (!col)
			return zc_usage(
				"unknown column '%s' for --sort (see zswapctl top --help)",
				optarg);
		o->state.sort = (size_t)(col - top_columns);
		break;
	case OPT_REVERSE:
		o->state.reverse = true;
		break;
	case 'T':
		o->state.tree = true;
		break;
	case 'f':
		if (strlen(optarg) >= sizeof(o->state.filter))
			return zc_usage("--filter too long (at most %zu bytes)",
					sizeof(o->state.filter) - 1);
		strcpy(o->state.filter, optarg);
		break;
	case 'h':
		top_usage();
		return -1;
	case OPT_LIST_COLUMNS:
		list_columns();
		return -1;
	}
	return EXIT_OK;
}

static int parse_args(struct zswapctl *ctl, struct top_opts *o, int argc,
		      char **argv)
{
	static const struct option opts[] = {
		{ "batch", no_argument, NULL, 'B' },
		{ "count", required_argument, NULL, 'c' },
		{ "delay", required_argument, NULL, 'd' },
		/* The spellings before 2.0, with a note (-b is --bytes elsewhere) */
		{ "iterations", required_argument, NULL, OPT_ITERATIONS },
		{ "sort", required_argument, NULL, 'x' },
		{ "reverse", no_argument, NULL, OPT_REVERSE },
		{ "tree", no_argument, NULL, 'T' },
		{ "filter", required_argument, NULL, 'f' },
		{ "help", no_argument, NULL, 'h' },
		{ "list-columns", no_argument, NULL, OPT_LIST_COLUMNS },
		GLOBAL_OPTIONS,
		{ NULL, 0, NULL, 0 }
	};
	int opt, ret;

	while ((opt = getopt_long(argc, argv, ":Bbc:d:n:x:Tf:h", opts, NULL)) !=
	       -1) {
		ret = global_option(ctl, "top", opt, argv, opts);
		if (ret > 0)
			return ret;
		if (ret < 0)
			continue;
		ret = parse_option(o, opt);
		if (ret)
			return ret;
	}
	if (optind < argc)
		return zc_usage("top takes no arguments, got '%s'",
				argv[optind]);
	return EXIT_OK;
}

void top_order_of(const struct top_opts *o, struct top_order *ord)
{
	ord->sort = &top_columns[o->state.sort];
	ord->reverse = o->state.reverse;
	ord->tree = o->state.tree;
	ord->filter = o->state.filter;
	ord->utf8 = o->utf8;
	ord->ctx = o->ctx;
}

int cmd_top(struct zswapctl *ctl, int argc, char **argv)
{
	struct top_opts o = {
		.ctx = { .size_style = SIZE_SPACED },
		.utf8 = zc_utf8(),
	};
	struct sampler sp;
	struct zswapnl *nl;
	int ret;

	top_state_init(&o.state);
	ret = parse_args(ctl, &o, argc, argv);
	if (ret)
		return ret < 0 ? EXIT_OK : ret;
	if (!o.batch && (!isatty(STDIN_FILENO) || !isatty(STDOUT_FILENO)))
		return zc_usage(
			"top needs a terminal; use --batch (-B) for plain text");
	if (!o.batch && top_terminal_problem())
		return zc_usage("top cannot draw here (%s); use --batch (-B) for plain text",
				top_terminal_problem());
	ret = top_signals_install();
	if (ret) {
		zc_error("cannot handle signals: %s", strerror(-ret));
		return EXIT_SYSTEM;
	}
	ret = zc_open(ctl, &nl);
	if (ret)
		return ret;
	o.ctx.page_size = zc_page_size(nl);
	sampler_init(&sp, nl);
	ret = o.batch ? top_run_batch(&o, &sp) : top_run_curses(&o, &sp);
	sampler_free(&sp);
	zswapnl_close(nl);
	/* Stopped by a signal: die of it, now that the terminal is back */
	top_signal_reraise();
	return ret;
}
