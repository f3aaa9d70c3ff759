// SPDX-License-Identifier: GPL-2.0
/*
 * zswapctl: show and control zswap, the compressed cache for swap pages,
 * through libzswapnl (netlink, or sysfs/debugfs/cgroupfs on older kernels).
 */
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <locale.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <stdbool.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

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
	       "Before the command, or without one for status, also the command's\n"
	       " -b, --bytes, -J, --json[=pretty|short] and --format <format>.\n"
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

/*
 * A closed descriptor 0, 1 or 2 would be the next file opened: the file
 * of "export --output-file" would get the messages meant for stderr, or
 * the table meant for stdout. /dev/null takes its place, as it does for a
 * set-user-ID program.
 */
static int standard_fds_open(void)
{
	int fd;

	for (fd = STDIN_FILENO; fd <= STDERR_FILENO; fd++) {
		if (fcntl(fd, F_GETFD) >= 0 || errno != EBADF)
			continue;
		/* The lowest free number: fd itself, the ones below are open */
		if (open("/dev/null", fd ? O_WRONLY : O_RDONLY) != fd)
			return -1;
	}
	return 0;
}

/* A pipe or socket whose reader is gone: "zswapctl ... | head -1" */
static bool reader_gone(int fd)
{
	struct pollfd p = { .fd = fd, .events = POLLOUT };
	struct stat st;

	if (fstat(fd, &st) || !(S_ISFIFO(st.st_mode) || S_ISSOCK(st.st_mode)))
		return false;
	return poll(&p, 1, 0) == 1 && (p.revents & (POLLERR | POLLHUP));
}

static int finish_output(int ret)
{
	/*
	 * A full disk or a closed pipe must not pass for success. The reason
	 * is the flush's; a write that failed earlier left only the flag.
	 * A reader that stopped reading is not an error: as util-linux's
	 * close_stdout() does, no word on it, and the status of the command
	 * (the process dies of SIGPIPE first unless it is ignored).
	 */
	errno = 0;
	if (fflush(stdout) || ferror(stdout)) {
		if (errno == EPIPE || reader_gone(STDOUT_FILENO))
			return ret;
		if (errno)
			zc_error("write error on standard output: %s",
				 strerror(errno));
		else
			zc_error("write error on standard output");
		return ret ? ret : EXIT_SYSTEM;
	}
	return ret;
}

/*
 * The options of the default command that come before any command:
 * "zswapctl --json" is "zswapctl status --json", "zswapctl -J cgroups"
 * "zswapctl cgroups --json". They go to the command as they were given,
 * which judges them: "zswapctl --json set" is set's usage error.
 */
struct forward {
	char **argv; /* the command's name, these options, its arguments */
	int argc;
	char **owned; /* what was allocated here, to free */
	int nowned;
};

static int forward_add(struct forward *f, const char *name, const char *arg)
{
	char *opt;

	if (arg) {
		if (asprintf(&opt, "--%s=%s", name, arg) < 0)
			return -ENOMEM;
	} else if (!(opt = strdup(name))) {
		return -ENOMEM;
	}
	f->owned[f->nowned++] = opt;
	f->argv[f->argc++] = opt;
	return 0;
}

static void forward_free(struct forward *f)
{
	while (f->nowned)
		free(f->owned[--f->nowned]);
	free(f->owned);
	free(f->argv);
}

int main(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "help", no_argument, NULL, 'h' },
		{ "version", no_argument, NULL, 'V' },
		GLOBAL_OPTIONS,
		{ "bytes", no_argument, NULL, 'b' },
		{ "json", optional_argument, NULL, 'J' },
		{ "format", required_argument, NULL, OPT_FORMAT },
		{ "list-commands", no_argument, NULL, OPT_LIST_COMMANDS },
		{ "list-columns", no_argument, NULL, OPT_LIST_COLUMNS },
		{ "list-set-params", no_argument, NULL, OPT_LIST_SET_PARAMS },
		{ NULL, 0, NULL, 0 }
	};
	struct zswapctl ctl = { .mode = ZSWAPNL_MODE_AUTO };
	struct forward fwd = { 0 };
	const struct command *cmd;
	const char *name;
	int opt, ret;

	if (standard_fds_open())
		return EXIT_SYSTEM;
	/* Character classes only: numbers and messages stay in C */
	setlocale(LC_CTYPE, "");
	opterr = 0;
	/* Each forwarded option takes one word of argv at least */
	fwd.argv = calloc(argc + 2, sizeof(*fwd.argv));
	fwd.owned = calloc(argc + 1, sizeof(*fwd.owned));
	if (!fwd.argv || !fwd.owned) {
		zc_error("out of memory");
		forward_free(&fwd);
		return EXIT_SYSTEM;
	}
	fwd.argc = 1;
	/* '+': options after the command are the command's */
	while ((opt = getopt_long(argc, argv, "+:hVbJ", opts, NULL)) != -1) {
		ret = global_option(&ctl, NULL, opt, argv, opts);
		if (ret > 0)
			goto out;
		if (ret < 0)
			continue;
		ret = 0;
		switch (opt) {
		case 'h':
			usage();
			ret = finish_output(EXIT_OK);
			goto out;
		case 'V':
			version();
			ret = finish_output(EXIT_OK);
			goto out;
		case OPT_LIST_COMMANDS:
			list_commands();
			ret = finish_output(EXIT_OK);
			goto out;
		case OPT_LIST_COLUMNS:
			list_columns();
			ret = finish_output(EXIT_OK);
			goto out;
		case OPT_LIST_SET_PARAMS:
			list_set_params();
			ret = finish_output(EXIT_OK);
			goto out;
		case 'b':
			ret = forward_add(&fwd, "--bytes", NULL);
			break;
		case 'J':
			ret = optarg ? forward_add(&fwd, "json", optarg) :
				       forward_add(&fwd, "--json", NULL);
			break;
		case OPT_FORMAT:
			ret = forward_add(&fwd, "format", optarg);
			break;
		}
		if (ret) {
			zc_error("out of memory");
			ret = EXIT_SYSTEM;
			goto out;
		}
	}
	name = optind < argc ? argv[optind++] : "status";
	cmd = command_by_name(name);
	if (!cmd) {
		ret = zc_usage("unknown command '%s' (see zswapctl --help)",
			       name);
		goto out;
	}
	fwd.argv[0] = (char *)name;
	while (optind < argc)
		fwd.argv[fwd.argc++] = argv[optind++];
	/* 0 makes glibc's getopt start over for the command's own options */
	optind = 0;
	ret = finish_output(cmd->run(&ctl, fwd.argc, fwd.argv));
out:
	forward_free(&fwd);
	return ret;
}
