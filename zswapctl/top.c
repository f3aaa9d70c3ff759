// SPDX-License-Identifier: GPL-2.0
/*
 * zswapctl top [options]: zswap live, in a curses screen or, with --batch,
 * as plain text samples for logs.
 */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "parse.h"
#include "top.h"
#include "top_signal.h"
#include "zswapctl.h"

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
	       " -b, --batch                 plain text samples for logs, no screen\n"
	       " -d, --delay <seconds>       time between samples, 0.1 to 86400 (default 2)\n"
	       " -n, --iterations <count>    exit after showing <count> samples\n"
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
		if (parse_u64(optarg, &o->count) || !o->count)
			return zc_usage(
				"invalid --iterations '%s' (expected a whole number from 1)",
				optarg);
		break;
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
		{ "batch", no_argument, NULL, 'b' },
		{ "delay", required_argument, NULL, 'd' },
		{ "iterations", required_argument, NULL, 'n' },
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

	while ((opt = getopt_long(argc, argv, ":bd:n:x:Tf:h", opts, NULL)) !=
	       -1) {
		ret = global_option(ctl, "top", opt, argv);
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
		.ctx = { .page_size = zc_page_size(),
			 .size_style = SIZE_SPACED },
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
			"top needs a terminal; use --batch (-b) for plain text");
	if (!o.batch && top_terminal_problem())
		return zc_usage("top cannot draw here (%s); use --batch (-b) for plain text",
				top_terminal_problem());
	ret = top_signals_install();
	if (ret) {
		zc_error("cannot handle signals: %s", strerror(-ret));
		return EXIT_SYSTEM;
	}
	ret = zc_open(ctl, &nl);
	if (ret)
		return ret;
	o.source = zswapnl_source(nl);
	sampler_init(&sp, nl);
	ret = o.batch ? top_run_batch(&o, &sp) : top_run_curses(&o, &sp);
	sampler_free(&sp);
	zswapnl_close(nl);
	/* Stopped by a signal: die of it, now that the terminal is back */
	top_signal_reraise();
	return ret;
}
