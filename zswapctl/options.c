// SPDX-License-Identifier: GPL-2.0
/* The global options, and getopt_long()'s complaints made into one line. */
#include <getopt.h>
#include <string.h>

#include "zswapctl.h"

static int parse_source(const char *arg, enum zswapnl_mode *mode)
{
	if (!strcmp(arg, "auto"))
		*mode = ZSWAPNL_MODE_AUTO;
	else if (!strcmp(arg, "netlink"))
		*mode = ZSWAPNL_MODE_NETLINK;
	else if (!strcmp(arg, "fallback"))
		*mode = ZSWAPNL_MODE_FALLBACK;
	else
		return -1;
	return 0;
}

int global_option(struct zswapctl *ctl, const char *cmd, int opt, char **argv)
{
	const char *where = cmd ? cmd : "";
	const char *space = cmd ? " " : "";

	switch (opt) {
	case OPT_SYSROOT:
		if (!*optarg)
			return zc_usage("--sysroot needs a folder");
		ctl->sysroot = optarg;
		/* The kernel is not the tree: read the tree unless told otherwise */
		if (!ctl->mode_given)
			ctl->mode = ZSWAPNL_MODE_FALLBACK;
		return -1;
	case OPT_SOURCE:
		if (parse_source(optarg, &ctl->mode))
			return zc_usage(
				"invalid --source '%s' (expected netlink, fallback or auto)",
				optarg);
		ctl->mode_given = true;
		return -1;
	case ':':
		/* optind is past the option when its argument is missing */
		return zc_usage(
			"option '%s' needs an argument (see zswapctl %s%s--help)",
			argv[optind - 1], where, space);
	case '?':
		/* A short option is in optopt; a long one is the last argument */
		if (optopt && strncmp(argv[optind - 1], "--", 2))
			return zc_usage(
				"unknown option '-%c' (see zswapctl %s%s--help)",
				optopt, where, space);
		return zc_usage("unknown option '%s' (see zswapctl %s%s--help)",
				argv[optind - 1], where, space);
	}
	return 0;
}
