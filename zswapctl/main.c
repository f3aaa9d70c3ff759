// SPDX-License-Identifier: GPL-2.0
/*
 * zswapctl: show and control zswap, the compressed cache for swap pages,
 * through libzswapnl (netlink, or sysfs/debugfs/cgroupfs on older kernels).
 */
#include <errno.h>
#include <getopt.h>
#include <locale.h>
#include <stdio.h>
#include <string.h>

#include "columns.h"
#include "json.h"
#include "set_params.h"
#include "zswapctl.h"

static void usage(void)
{
	size_t i;

	printf("Usage:\n"
	       " zswapctl [options] [<command>] [<args>]\n"
	       "\n"
	       "Show and control zswap, the compressed cache for swap pages.\n"
	       "\n"
	       "Commands:\n");
	for (i = 0; i < nr_commands; i++) {
		char name[32];

		snprintf(name, sizeof(name), "%s%s%s", commands[i].name,
			 commands[i].alias ? ", " : "",
			 commands[i].alias ? commands[i].alias : "");
		printf(" %-16s %s\n", name, commands[i].summary);
	}
	printf("\n"
	       "Options:\n"
	       "     --source <mode>   netlink, fallback (sysfs, debugfs, cgroupfs) or auto\n"
	       "     --sysroot <dir>   read and write the files under <dir> instead of /\n"
	       " -h, --help            display this help\n"
	       " -V, --version         display the version\n"
	       "\n"
	       "Run 'zswapctl <command> --help' for the options of a command.\n"
	       "For more details see zswapctl(8).\n");
}

/*
 * The library is the one loaded now, which may be newer than the header
 * zswapctl was built with: a bug report needs both.
 */
static void version(void)
{
	printf("zswapctl %s (libzswapnl %s, built with zswapnl.h %d.%d; JSON schema %d)\n",
	       ZSWAPCTL_VERSION, zswapnl_version(), ZSWAPNL_VERSION_MAJOR,
	       ZSWAPNL_VERSION_MINOR, ZSWAPCTL_JSON_VERSION);
}

/* The hidden --list-* options: what the shell completions must know */
static void list_commands(void)
{
	size_t i;

	for (i = 0; i < nr_commands; i++) {
		printf("%s\n", commands[i].name);
		if (commands[i].alias)
			printf("%s\n", commands[i].alias);
	}
}

static void list_columns(void)
{
	size_t i;

	for (i = 0; i < nr_columns; i++)
		printf("%s\n", columns[i].name);
}

static void list_set_params(void)
{
	size_t i;

	for (i = 0; i < nr_set_params; i++)
		printf("%s\n", set_params[i].name);
	printf("cgroup\n");
}

static int finish_output(int ret)
{
	/*
	 * A full disk or a closed pipe must not pass for success. The reason
	 * is the flush's; a write that failed earlier left only the flag.
	 */
	errno = 0;
	if (fflush(stdout) || ferror(stdout)) {
		if (errno)
			zc_error("write error on standard output: %s",
				 strerror(errno));
		else
			zc_error("write error on standard output");
		return ret ? ret : EXIT_SYSTEM;
	}
	return ret;
}

int main(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "help", no_argument, NULL, 'h' },
		{ "version", no_argument, NULL, 'V' },
		GLOBAL_OPTIONS,
		{ "list-commands", no_argument, NULL, OPT_LIST_COMMANDS },
		{ "list-columns", no_argument, NULL, OPT_LIST_COLUMNS },
		{ "list-set-params", no_argument, NULL, OPT_LIST_SET_PARAMS },
		{ NULL, 0, NULL, 0 }
	};
	static char *default_argv[] = { "status", NULL };
	struct zswapctl ctl = { .mode = ZSWAPNL_MODE_AUTO };
	const struct command *cmd;
	int opt, ret;

	/* Character classes only: numbers and messages stay in C */
	setlocale(LC_CTYPE, "");
	opterr = 0;
	/* '+': options after the command are the command's */
	while ((opt = getopt_long(argc, argv, "+:hV", opts, NULL)) != -1) {
		ret = global_option(&ctl, NULL, opt, argv, opts);
		if (ret > 0)
			return ret;
		if (ret < 0)
			continue;
		switch (opt) {
		case 'h':
			usage();
			return finish_output(EXIT_OK);
		case 'V':
			version();
			return finish_output(EXIT_OK);
		case OPT_LIST_COMMANDS:
			list_commands();
			return finish_output(EXIT_OK);
		case OPT_LIST_COLUMNS:
			list_columns();
			return finish_output(EXIT_OK);
		case OPT_LIST_SET_PARAMS:
			list_set_params();
			return finish_output(EXIT_OK);
		}
	}
	argc -= optind;
	argv += optind;
	if (!argc) {
		argc = 1;
		argv = default_argv;
	}
	cmd = command_by_name(argv[0]);
	if (!cmd)
		return zc_usage("unknown command '%s' (see zswapctl --help)",
				argv[0]);
	/* 0 makes glibc's getopt start over for the command's own options */
	optind = 0;
	return finish_output(cmd->run(&ctl, argc, argv));
}
