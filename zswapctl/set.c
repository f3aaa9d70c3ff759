// SPDX-License-Identifier: GPL-2.0
/*
 * zswapctl set PARAM VALUE [PARAM VALUE]...
 * zswapctl set cgroup PATH|ID max SIZE
 *
 * Every value is checked here before anything is sent, so that a typo
 * changes nothing. Several parameters are one change, all or none
 * (set_change.h, which "zswapctl apply" makes too); on success each line
 * says what changed, old -> new, as read back from the kernel.
 */
#include <errno.h>
#include <getopt.h>
#include <inttypes.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cgroup_ref.h"
#include "escape.h"
#include "set_change.h"
#include "size.h"
#include "zswapctl.h"

#define VALUE_MAX 96

/* Where a parameter's help text starts, and the width it has */
#define HELP_INDENT 37
#define HELP_WIDTH (80 - HELP_INDENT)

/* One parameter of the help, its text wrapped to 80 columns at spaces */
static void print_param(const char *name, const char *value, const char *help)
{
	printf(" %-25s %-9s ", name, value);
	while (strlen(help) > HELP_WIDTH) {
		int len = HELP_WIDTH;

		while (len > 0 && help[len] != ' ')
			len--;
		if (!len)
			break;
		printf("%.*s\n%*s", len, help, HELP_INDENT, "");
		help += len + 1;
	}
	printf("%s\n", help);
}

static void set_usage(void)
{
	size_t i;

	printf("Usage:\n"
	       " zswapctl set <parameter> <value> [<parameter> <value>]...\n"
	       " zswapctl set cgroup <path>|<id> max <size>\n"
	       "\n"
	       "Change zswap parameters (all at once, or none), or the zswap limit of a\n"
	       "cgroup (memory.zswap.max). Needs CAP_SYS_ADMIN over netlink, and write\n"
	       "access to the files with the fallback.\n"
	       "\n"
	       "Parameters:\n");
	for (i = 0; i < nr_set_params; i++)
		print_param(set_params[i].name, set_params[i].value_help,
			    set_params[i].help);
	print_param("cgroup <path> max", "<size>",
		    "zswap limit of a cgroup, or \"max\": 1.5G or 512MiB (powers of 1024), 10KB (of 1000)");
	printf("\n"
	       "Options:\n"
	       "     --source <mode>         netlink, fallback or auto\n"
	       "     --sysroot <dir>         write the files under <dir> instead of /\n"
	       " -h, --help                  display this help\n");
}

static int parse_pairs(int argc, char **argv, struct set_change *changes,
		       struct zswapnl_params *params)
{
	char msg[256];
	int i;

	if (!argc)
		return zc_usage(
			"set needs a parameter and a value (see zswapctl set --help)");
	for (i = 0; i < argc; i += 2) {
		const struct set_param *p = set_param_by_name(argv[i]);

		if (!p && !strcmp(argv[i], "cgroup"))
			return zc_usage(
				"set cgroup comes first and alone: zswapctl set cgroup <path>|<id> max <size>");
		if (!p)
			return zc_usage(
				"unknown parameter '%s' (see zswapctl set --help)",
				argv[i]);
		if (i + 1 == argc)
			return zc_usage("%s needs a value: %s", p->name,
					p->value_help);
		if (params->set & p->flag)
			return zc_usage("%s given twice", p->name);
		if (set_param_value(p, p->name, argv[i + 1], params, msg,
				    sizeof(msg)))
			return zc_usage("%s", msg);
		params->set |= p->flag;
		changes[i / 2] = (struct set_change){ p, p->name, NULL };
	}
	return EXIT_OK;
}

static int set_parameters(const struct zswapctl *ctl, int argc, char **argv)
{
	struct set_change changes[16] = { 0 };
	struct zswapnl_params params = { .struct_size = sizeof(params) };
	struct zswapnl_global before;
	struct zswapnl *nl;
	int ret;

	if (argc > 2 * (int)(sizeof(changes) / sizeof(changes[0])))
		return zc_usage("too many parameters");
	ret = parse_pairs(argc, argv, changes, &params);
	if (ret)
		return ret;
	ret = zc_open(ctl, &nl);
	if (ret)
		return ret;
	ret = set_read_global(nl, &before);
	/* Names the kernel does not have change nothing, as typos do */
	if (!ret && (params.set & ZSWAPNL_SET_COMPRESSOR))
		ret = set_check_compressor(ctl, nl, params.compressor, "");
	if (!ret && (params.set & ZSWAPNL_SET_ZPOOL))
		ret = set_check_zpool(ctl, &before, params.zpool, "");
	if (!ret)
		ret = set_send(nl, changes, argc / 2, &params, &before);
	zswapnl_close(nl);
	return ret;
}

/* "max", or "67108864 (64 MiB)", or "-" */
static char *limit_text(const struct zswapnl_memcg *m, char *buf, size_t len)
{
	char iec[SIZE_STR_MAX];

	if (!zswapnl_memcg_known(m, ZSWAPNL_M_ZSWAP_MAX))
		snprintf(buf, len, "-");
	else if (m->zswap_max == ZSWAPNL_MAX)
		snprintf(buf, len, "max");
	else
		snprintf(buf, len, "%" PRIu64 " (%s)", m->zswap_max,
			 size_format_iec(m->zswap_max, SIZE_SPACED, iec,
					 sizeof(iec)));
	return buf;
}

static int set_cgroup_max(const struct zswapctl *ctl, int argc, char **argv)
{
	struct zswapnl_memcg before, after;
	struct zswapnl_error err = { 0 };
	char old[VALUE_MAX], new[VALUE_MAX], what[PATH_MAX + 32];
	struct cgroup_ref ref = { 0 };
	char *shown;
	struct zswapnl *nl;
	uint64_t bytes;
	int ret;

	if (argc == 4 && strcmp(argv[2], "max") && strcmp(argv[2], "zswap.max"))
		return zc_usage(
			"a cgroup has one zswap setting, max, not '%s': zswapctl set cgroup <path>|<id> max <size>",
			argv[2]);
	if (argc != 4)
		return zc_usage(
			"usage: zswapctl set cgroup <path>|<id> max <size>");
	ret = size_parse(argv[3], &bytes);
	if (ret == -ERANGE)
		return zc_usage("size '%s' out of range (at most 16 EiB - 1)",
				argv[3]);
	if (ret)
		return zc_usage(
			"invalid size '%s' (expected bytes with a unit as in 1.5G, 512MiB or 10KB = 10000 bytes, or max)",
			argv[3]);
	ret = cgroup_arg(ctl, argv[1], &ref);
	if (ret)
		return ret;

	ret = zc_open(ctl, &nl);
	if (ret)
		goto free_ref;
	ret = cgroup_lookup(ctl, nl, &ref, &before);
	if (ret)
		goto close;
	/* The root takes no limits: it has no memory.zswap.max to set */
	if (before.path && !strcmp(before.path, "/")) {
		ret = zc_usage("the root cgroup has no zswap.max");
		goto free;
	}
	snprintf(what, sizeof(what), "setting zswap.max of cgroup %s",
		 before.path ? before.path : argv[1]);
	ret = zswapnl_set_memcg_zswap_max(nl, before.id, bytes, &err);
	if (ret) {
		ret = set_error(nl, what, ret, &err, NULL);
		goto free;
	}
	limit_text(&before, old, sizeof(old));
	if (cgroup_lookup(ctl, nl, &ref, &after)) {
		/* Set, but gone before it could be read back */
		snprintf(new, sizeof(new), "%s", argv[3]);
	} else {
		limit_text(&after, new, sizeof(new));
		zswapnl_memcg_free(&after);
	}
	/* The path is the cgroup's name, which may hold any byte */
	shown = escape_alloc(before.path ? before.path : argv[1], 0);
	if (!shown) {
		zc_error("out of memory");
		ret = EXIT_SYSTEM;
		goto free;
	}
	printf("cgroup %s max: %s -> %s\n", shown, old, new);
	free(shown);
	ret = EXIT_OK;
free:
	zswapnl_memcg_free(&before);
close:
	zswapnl_close(nl);
free_ref:
	cgroup_ref_free(&ref);
	return ret;
}

int cmd_set(struct zswapctl *ctl, int argc, char **argv)
{
	static const struct option opts[] = { { "help", no_argument, NULL,
						'h' },
					      GLOBAL_OPTIONS,
					      { NULL, 0, NULL, 0 } };
	int opt, ret;

	/* '+': a value such as "-5" is a value, and refused as one */
	while ((opt = getopt_long(argc, argv, "+:h", opts, NULL)) != -1) {
		ret = global_option(ctl, "set", opt, argv, opts);
		if (ret > 0)
			return ret;
		if (ret < 0)
			continue;
		if (opt == 'h') {
			set_usage();
			return EXIT_OK;
		}
	}
	argc -= optind;
	argv += optind;
	if (argc && !strcmp(argv[0], "cgroup"))
		return set_cgroup_max(ctl, argc, argv);
	return set_parameters(ctl, argc, argv);
}
