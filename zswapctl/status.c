// SPDX-License-Identifier: GPL-2.0
/* zswapctl status [--json[=pretty|short]] [--format FORMAT] [--bytes] */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <string.h>

#include "prom_metrics.h"
#include "escape.h"
#include "status.h"
#include "unknown.h"
#include "zswapctl.h"

enum status_format {
	FORMAT_TEXT,
	FORMAT_JSON,
	FORMAT_PROMETHEUS,
};

static int parse_format(const char *arg, enum status_format *format)
{
	if (!strcmp(arg, "text"))
		*format = FORMAT_TEXT;
	else if (!strcmp(arg, "json"))
		*format = FORMAT_JSON;
	else if (!strcmp(arg, "prometheus"))
		*format = FORMAT_PROMETHEUS;
	else
		return -EINVAL;
	return 0;
}

static void status_usage(void)
{
	printf("Usage:\n"
	       " zswapctl status [options]\n"
	       "\n"
	       "Show zswap's parameters and counters: pool size against its limit,\n"
	       "stored and zero pages, pool ratio, rejects, writeback, zswpin\n"
	       "and zswpout. A figure the source cannot give shows as '-' (null in JSON).\n"
	       "\n"
	       "Options:\n"
	       " -b, --bytes                 print sizes in bytes, not in KiB, MiB, ...\n"
	       " -J, --json[=pretty|short]   JSON output (pretty by default)\n"
	       "     --format <format>       text, json or prometheus (the global part of\n"
	       "                             zswapctl export)\n"
	       "     --source <mode>         netlink, fallback or auto\n"
	       "     --sysroot <dir>         read the files under <dir> instead of /\n"
	       " -h, --help                  display this help\n");
}

/* The text, and a line on why a figure is '-' when one is */
static int print_text(const struct zswapnl *nl, const struct status_view *view)
{
	char note[1024];
	int ret;

	ret = status_print_text(view, stdout);
	/* A note, not data: stderr, after what stdout has */
	if (!ret && unknown_note_status(nl, view, note, sizeof(note)) &&
	    !(ret = fflush(stdout) ? -EIO : 0))
		ret = unknown_note_print(note, stderr);
	return ret;
}

static int print(const struct zswapnl *nl, const struct status_view *view,
		 enum status_format format, enum json_style style)
{
	struct metrics_sample sample = {
		.source = view->source,
		.global = &view->global,
		.page_size = view->page_size,
	};

	switch (format) {
	case FORMAT_JSON:
		return status_print_json(view, style, stdout);
	case FORMAT_PROMETHEUS:
		return metrics_write(&sample, stdout);
	default:
		return print_text(nl, view);
	}
}

int cmd_status(struct zswapctl *ctl, int argc, char **argv)
{
	static const struct option opts[] = {
		{ "bytes", no_argument, NULL, 'b' },
		{ "json", optional_argument, NULL, 'J' },
		{ "format", required_argument, NULL, OPT_FORMAT },
		{ "help", no_argument, NULL, 'h' },
		GLOBAL_OPTIONS,
		{ NULL, 0, NULL, 0 }
	};
	struct status_view view = { 0 };
	struct zswapnl_error err = { 0 };
	enum status_format format = FORMAT_TEXT;
	enum json_style style = JSON_PRETTY;
	bool json_given = false, format_given = false;
	struct zswapnl *nl;
	int opt, ret;

	while ((opt = getopt_long(argc, argv, ":bJh", opts, NULL)) != -1) {
		ret = global_option(ctl, "status", opt, argv, opts);
		if (ret > 0)
			return ret;
		if (ret < 0)
			continue;
		switch (opt) {
		case 'b':
			view.bytes = true;
			break;
		case 'J':
			json_given = true;
			if (json_parse_style(optarg, &style))
				return zc_usage(
					"invalid --json style '%s' (expected pretty or short)",
					optarg);
			break;
		case OPT_FORMAT:
			format_given = true;
			if (parse_format(optarg, &format))
				return zc_usage(
					"invalid --format '%s' (expected text, json or prometheus)",
					optarg);
			break;
		case 'h':
			status_usage();
			return EXIT_OK;
		}
	}
	if (optind < argc)
		return zc_usage("status takes no arguments, got '%s'",
				argv[optind]);
	/* As util-linux does: two outputs asked for, neither chosen */
	if (json_given && format_given && format != FORMAT_JSON)
		return zc_usage("--json and --format %s are mutually exclusive",
				format == FORMAT_TEXT ? "text" : "prometheus");
	if (json_given)
		format = FORMAT_JSON;

	ret = zc_open(ctl, &nl);
	if (ret)
		return ret;
	view.source = zswapnl_source(nl);
	view.sysroot = ctl->sysroot;
	view.page_size = zc_page_size(nl);
	view.global.struct_size = sizeof(view.global);
	ret = zswapnl_get_global(nl, &view.global, &err);
	if (ret) {
		zswapnl_close(nl);
		return zc_lib_error("cannot read zswap status", ret, &err);
	}
	/* The handle says why a figure is unknown */
	ret = print(nl, &view, format, style);
	zswapnl_close(nl);
	if (ret == -ENOMEM) {
		zc_error("out of memory");
		return EXIT_SYSTEM;
	}
	return EXIT_OK;
}
