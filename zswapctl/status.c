// SPDX-License-Identifier: GPL-2.0
/* zswapctl status [--json[=pretty|short]] [--bytes] */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <string.h>

#include "status.h"
#include "zswapctl.h"

static void status_usage(void)
{
	printf("Usage:\n"
	       " zswapctl status [options]\n"
	       "\n"
	       "Show zswap's parameters and counters: pool size against its limit,\n"
	       "stored and zero pages, compression ratio, rejects, writeback, zswpin\n"
	       "and zswpout. A figure the source cannot give shows as '-' (null in JSON).\n"
	       "\n"
	       "Options:\n"
	       " -b, --bytes                 print sizes in bytes, not in KiB, MiB, ...\n"
	       " -J, --json[=pretty|short]   JSON output (pretty by default)\n"
	       "     --source <mode>         netlink, fallback or auto\n"
	       "     --sysroot <dir>         read the files under <dir> instead of /\n"
	       " -h, --help                  display this help\n");
}

int cmd_status(struct zswapctl *ctl, int argc, char **argv)
{
	static const struct option opts[] = {
		{ "bytes", no_argument, NULL, 'b' },
		{ "json", optional_argument, NULL, 'J' },
		{ "help", no_argument, NULL, 'h' },
		GLOBAL_OPTIONS,
		{ NULL, 0, NULL, 0 }
	};
	struct status_view view = { .page_size = zc_page_size() };
	struct zswapnl_error err = { 0 };
	enum json_style style = JSON_PRETTY;
	struct zswapnl *nl;
	bool json = false;
	int opt, ret;

	while ((opt = getopt_long(argc, argv, ":bJh", opts, NULL)) != -1) {
		ret = global_option(ctl, "status", opt, argv);
		if (ret > 0)
			return ret;
		if (ret < 0)
			continue;
		switch (opt) {
		case 'b':
			view.bytes = true;
			break;
		case 'J':
			json = true;
			if (json_parse_style(optarg, &style))
				return zc_usage(
					"invalid --json style '%s' (expected pretty or short)",
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

	ret = zc_open(ctl, &nl);
	if (ret)
		return ret;
	view.source = zswapnl_source(nl);
	view.global.struct_size = sizeof(view.global);
	ret = zswapnl_get_global(nl, &view.global, &err);
	zswapnl_close(nl);
	if (ret)
		return zc_lib_error("cannot read zswap status", ret, &err);

	ret = json ? status_print_json(&view, style, stdout) :
		     status_print_text(&view, stdout);
	if (ret == -ENOMEM) {
		zc_error("out of memory");
		return EXIT_SYSTEM;
	}
	return EXIT_OK;
}
