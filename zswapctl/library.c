// SPDX-License-Identifier: GPL-2.0
/*
 * The global options (and getopt_long()'s complaints made into one line),
 * opening libzswapnl as they say, and facts about the system.
 */
#include <errno.h>
#include <getopt.h>
#include <langinfo.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cgroup2_mount.h"
#include "cgroup_ref.h"
#include "safe_file.h"
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

/*
 * The long options that start with @name (up to '=' or its end), in
 * @buf as "'--a', '--b'": how many there are
 */
static int options_with_prefix(const struct option *longopts, const char *name,
			       char *buf, size_t size)
{
	size_t len = strcspn(name, "="), used = 0;
	int n = 0;

	buf[0] = '\0';
	for (; longopts && longopts->name; longopts++) {
		if (strncmp(longopts->name, name, len))
			continue;
		if (used < size)
			used += snprintf(buf + used, size - used, "%s'--%s'",
					 n ? ", " : "", longopts->name);
		n++;
	}
	return n;
}

int global_option(struct zswapctl *ctl, const char *cmd, int opt, char **argv,
		  const struct option *longopts)
{
	char names[256];
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
		/* getopt_long() names a long option given a value it does not take */
		if (optopt && strchr(argv[optind - 1], '='))
			return zc_usage(
				"option '%.*s' takes no argument (see zswapctl %s%s--help)",
				(int)strcspn(argv[optind - 1], "="),
				argv[optind - 1], where, space);
		if (options_with_prefix(longopts, argv[optind - 1] + 2, names,
					sizeof(names)) > 1)
			return zc_usage("option '%.*s' is ambiguous: %s",
					(int)strcspn(argv[optind - 1], "="),
					argv[optind - 1], names);
		return zc_usage("unknown option '%s' (see zswapctl %s%s--help)",
				argv[optind - 1], where, space);
	}
	return 0;
}

const char *zc_source_name(enum zswapnl_source source)
{
	switch (source) {
	case ZSWAPNL_SOURCE_NETLINK:
		return "netlink";
	case ZSWAPNL_SOURCE_FALLBACK:
		return "fallback";
	}
	return "unknown";
}

/*
 * Whether the global figures come from the family and the cgroups' from
 * their files: the kernel kept the family's memcg reads from this process
 */
bool zc_cgroups_from_files(const struct zswapnl *nl)
{
	return zswapnl_source(nl) == ZSWAPNL_SOURCE_NETLINK &&
	       zswapnl_memcg_source(nl) != ZSWAPNL_SOURCE_NETLINK;
}

uint64_t zc_page_size(const struct zswapnl *nl)
{
	uint64_t size;

	return zswapnl_page_size(nl, &size, NULL) ? 0 : size;
}

bool zc_utf8(void)
{
	return !strcmp(nl_langinfo(CODESET), "UTF-8");
}

/*
 * Without CONFIG_ZSWAP there is nothing to show or set; say so plainly
 * instead of letting the first missing file speak for it.
 */
static bool zswap_present(const char *sysroot, char *dir, size_t len)
{
	struct stat st;

	snprintf(dir, len, "%s/sys/module/zswap", sysroot ? sysroot : "");
	return !stat(dir, &st) && S_ISDIR(st.st_mode);
}

int zc_open(const struct zswapctl *ctl, struct zswapnl **handle)
{
	struct zswapnl_options opts = {
		.struct_size = sizeof(opts),
		.mode = ctl->mode,
		.root = ctl->sysroot,
	};
	struct zswapnl_error err = { 0 };
	char dir[PATH_MAX];
	struct stat st;
	int ret;

	/* A mistyped --sysroot is not a kernel without zswap */
	if (ctl->sysroot && stat(ctl->sysroot, &st)) {
		zc_error("cannot use --sysroot %s: %s", ctl->sysroot,
			 strerror(errno));
		return EXIT_SYSTEM;
	}
	if (ctl->sysroot && !S_ISDIR(st.st_mode)) {
		zc_error("cannot use --sysroot %s: %s", ctl->sysroot,
			 strerror(ENOTDIR));
		return EXIT_SYSTEM;
	}
	if (ctl->mode != ZSWAPNL_MODE_NETLINK &&
	    !zswap_present(ctl->sysroot, dir, sizeof(dir))) {
		zc_error("zswap is not available in this kernel (no %s)", dir);
		return EXIT_UNSUPPORTED;
	}
	ret = zswapnl_open(handle, &opts, &err);
	/* Auto mode, netlink denied: the files, and a word on why */
	if (!ret && err.msg[0])
		zc_error("note: %s", err.msg);
	if (!ret)
		return EXIT_OK;
	if (ctl->mode == ZSWAPNL_MODE_NETLINK &&
	    zc_exit_code(ret) == EXIT_UNSUPPORTED && !err.msg[0]) {
		zc_error(
			"the kernel has no zswap netlink family (try --source fallback)");
		return EXIT_UNSUPPORTED;
	}
	return zc_lib_error("cannot open zswap", ret, &err);
}

int zc_cgroup_mount(const struct zswapctl *ctl, char *mnt, size_t size)
{
	char *text;
	int ret;

	/* mountinfo of the busiest hosts is a few MB */
	if (safe_read_in_root(ctl->sysroot, "proc/self/mountinfo", 64 << 20, &text) < 0) {
		/* A tree without the file, or no /proc: the usual place */
		snprintf(mnt, size, "%s", CGROUP_ROOT);
		return 0;
	}
	ret = znl_cgroup2_mount(text, mnt, size);
	free(text);
	return ret;
}
