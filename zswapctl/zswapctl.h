/* SPDX-License-Identifier: GPL-2.0 */
/* What the commands of zswapctl share: exit codes, options, the library. */
#ifndef ZSWAPCTL_H
#define ZSWAPCTL_H

#include <getopt.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "zswapnl.h"

#define ZSWAPCTL_VERSION "1.6.0"

/* Exit codes, as documented in zswapctl(8) */
enum {
	EXIT_OK = 0,
	EXIT_USAGE = 1, /* bad command, option, parameter or value */
	EXIT_SYSTEM = 2, /* the kernel or the system refused or failed */
	EXIT_UNSUPPORTED = 3, /* no zswap, or no netlink family when forced */
};

/* The global options, which every command also takes */
struct zswapctl {
	const char *sysroot; /* --sysroot, NULL for "/" */
	enum zswapnl_mode mode; /* --source */
	bool mode_given; /* else --sysroot means fallback */
};

struct command {
	const char *name;
	const char *alias; /* or NULL */
	/*
	 * Taken as the name too, but neither listed nor completed: the
	 * singular people type, which would make "cg<TAB>" ambiguous
	 */
	const char *hidden_alias; /* or NULL */
	const char *summary;
	int (*run)(struct zswapctl *ctl, int argc, char **argv);
};

extern const struct command commands[];
extern const size_t nr_commands;

const struct command *command_by_name(const char *name);

int cmd_status(struct zswapctl *ctl, int argc, char **argv);
int cmd_cgroups(struct zswapctl *ctl, int argc, char **argv);
int cmd_set(struct zswapctl *ctl, int argc, char **argv);
int cmd_apply(struct zswapctl *ctl, int argc, char **argv);
int cmd_top(struct zswapctl *ctl, int argc, char **argv);
int cmd_monitor(struct zswapctl *ctl, int argc, char **argv);
int cmd_export(struct zswapctl *ctl, int argc, char **argv);

/*
 * Option codes above any character, for long options without a short
 * form. Commands list GLOBAL_OPTIONS in their struct option arrays and
 * hand what getopt_long() returns to global_option() first.
 */
enum {
	OPT_SYSROOT = 0x100,
	OPT_SOURCE,
	OPT_LIST_COMMANDS,
	OPT_LIST_COLUMNS,
	OPT_LIST_SET_PARAMS,
	OPT_FORMAT,
	OPT_NO_CGROUPS,
	OPT_SORT,
	OPT_REVERSE,
	OPT_MEMCG_EVENTS,
	OPT_ITERATIONS,
	OPT_OUTPUT_FILE,
	OPT_DRY_RUN,
	OPT_OLD_OUTPUT,
	OPT_LIST_METRICS,
};

#define GLOBAL_OPTIONS                                        \
	{ "sysroot", required_argument, NULL, OPT_SYSROOT },  \
	{                                                     \
		"source", required_argument, NULL, OPT_SOURCE \
	}

/*
 * Handle a global option or getopt_long()'s report of a bad one.
 * Returns 0 when opt is not one of them, -1 when it was handled, or an
 * exit code (EXIT_USAGE) after printing the error.
 */
int global_option(struct zswapctl *ctl, const char *cmd, int opt, char **argv,
		  const struct option *longopts);

/* One line on stderr: "zswapctl: ..." */
void zc_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* The same, and EXIT_USAGE */
int zc_usage(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/*
 * An option spelled as before 2.0, which still works: a note on stderr
 * naming the spelling that replaces it, "zswapctl: note: 'top -b' is now
 * 'top -B' (--batch)"; @now_long may be NULL
 */
void zc_old_spelling(const char *cmd, const char *old, const char *now,
		     const char *now_long);

/*
 * Report a library failure as "zswapctl: WHAT: why" and return the exit
 * code for it. The why is the kernel's extack message or the library's
 * explanation when there is one.
 */
int zc_lib_error(const char *what, int err, const struct zswapnl_error *e);
/* The same, with @then (or nothing, for NULL) at the end of the line */
int zc_lib_error_then(const char *what, int err, const struct zswapnl_error *e,
		      const char *then);
int zc_exit_code(int err);

/* Open the library as the options say; an exit code, after a message */
int zc_open(const struct zswapctl *ctl, struct zswapnl **handle);

/*
 * The cgroup2 mount point as the system names it (without the sysroot):
 * from <sysroot>/proc/self/mountinfo, /sys/fs/cgroup where there is no
 * such file. 0, -ENOENT when no cgroup2 is mounted, or -ENAMETOOLONG.
 */
int zc_cgroup_mount(const struct zswapctl *ctl, char *mnt, size_t size);

const char *zc_source_name(enum zswapnl_source source);
bool zc_cgroups_from_files(const struct zswapnl *nl);
/* The page size of the system @nl reads, 0 when a tree does not say it */
uint64_t zc_page_size(const struct zswapnl *nl);
/* The locale draws with UTF-8 (box lines in --tree) */
bool zc_utf8(void);

#endif /* ZSWAPCTL_H */
