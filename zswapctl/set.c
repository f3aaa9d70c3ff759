// SPDX-License-Identifier: GPL-2.0
/*
 * zswapctl set PARAM VALUE [PARAM VALUE]...
 * zswapctl set cgroup PATH|ID max SIZE
 * zswapctl set cgroup PATH|ID writeback on|off
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
#include "columns.h"
#include "escape.h"
#include "parse.h"
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
	       " zswapctl set cgroup <path>|<id> writeback on|off\n"
	       "\n"
	       "Change zswap parameters (all at once, or none), or a setting of a cgroup:\n"
	       "its zswap limit (memory.zswap.max), or whether its pages may go to the\n"
	       "swap device (memory.zswap.writeback). Parameters need CAP_SYS_ADMIN over\n"
	       "netlink, write access to their files with the fallback; a cgroup's\n"
	       "settings are written to its files, which need write access to them.\n"
	       "\n"
	       "Parameters:\n");
	for (i = 0; i < nr_set_params; i++)
		print_param(set_params[i].name, set_params[i].value_help,
			    set_params[i].help);
	print_param("cgroup <path> max", "<size>",
		    "zswap limit of a cgroup, or \"max\": 1.5G or 512MiB (powers of 1024), 10KB (of 1000)");
	print_param("cgroup <path> writeback", "on|off",
		    "whether the pages of a cgroup (and of those below it) may go to the swap device");
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
				"set cgroup comes first and alone: zswapctl set cgroup <path>|<id> <setting> <value>");
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

/* The value a cgroup setting is to get */
union cgroup_value {
	uint64_t bytes;
	bool on;
};

/*
 * A setting of "zswapctl set cgroup": the cgroup file it is, its value as
 * typed and as the kernel holds it, and the call that sets it
 */
struct cgroup_setting {
	const char *name; /* "max" */
	const char *file; /* "zswap.max", taken as a name too */
	const char *value_help;
	bool on_root; /* the root cgroup may have it */
	/* EXIT_OK, or EXIT_USAGE after a message */
	int (*parse)(const char *arg, union cgroup_value *v);
	int (*set)(struct zswapnl *nl, uint64_t id, const union cgroup_value *v,
		   struct zswapnl_error *err);
	/* The value @m holds, as text ("-" if unknown); returns buf */
	char *(*show)(const struct zswapnl_memcg *m, char *buf, size_t len);
};

static int parse_max(const char *arg, union cgroup_value *v)
{
	int ret = size_parse(arg, &v->bytes);

	/* 2^64-1 is ZSWAPNL_MAX: the largest size there is means no limit */
	if (ret == -ERANGE)
		return zc_usage(
			"size '%s' out of range (at most 16 EiB - 1, which is max: no limit)",
			arg);
	if (ret)
		return zc_usage(
			"invalid size '%s' (expected bytes with a unit as in 1.5G, 512MiB or 10KB = 10000 bytes, or max)",
			arg);
	return EXIT_OK;
}

static int set_max(struct zswapnl *nl, uint64_t id, const union cgroup_value *v,
		   struct zswapnl_error *err)
{
	return zswapnl_set_memcg_zswap_max(nl, id, v->bytes, err);
}

/* "max", or "67108864 (64 MiB)", or "-" */
static char *show_max(const struct zswapnl_memcg *m, char *buf, size_t len)
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

static int parse_writeback(const char *arg, union cgroup_value *v)
{
	if (parse_on_off(arg, &v->on))
		return zc_usage("invalid writeback '%s' (expected %s)", arg,
				ON_OFF_WORDS);
	return EXIT_OK;
}

static int set_writeback(struct zswapnl *nl, uint64_t id,
			 const union cgroup_value *v, struct zswapnl_error *err)
{
	return zswapnl_set_memcg_writeback(nl, id, v->on, err);
}

static const struct cgroup_setting cgroup_settings[] = {
	{
		.name = "max",
		.file = "zswap.max",
		.value_help = "<size>",
		.parse = parse_max,
		.set = set_max,
		.show = show_max,
	},
	{
		.name = "writeback",
		.file = "zswap.writeback",
		.value_help = "on|off",
		/* Where the kernel has the file there (not the series') */
		.on_root = true,
		.parse = parse_writeback,
		.set = set_writeback,
		.show = writeback_format,
	},
};

static const struct cgroup_setting *cgroup_setting_by_name(const char *name)
{
	size_t i;

	for (i = 0; i < sizeof(cgroup_settings) / sizeof(cgroup_settings[0]);
	     i++)
		if (!strcmp(cgroup_settings[i].name, name) ||
		    !strcmp(cgroup_settings[i].file, name))
			return &cgroup_settings[i];
	return NULL;
}

static int set_cgroup(const struct zswapctl *ctl, int argc, char **argv)
{
	const struct cgroup_setting *cs =
		argc > 2 ? cgroup_setting_by_name(argv[2]) : NULL;
	char old[VALUE_MAX], new[VALUE_MAX], what[PATH_MAX + 32];
	struct zswapnl_memcg before, after;
	struct zswapnl_error err = { 0 };
	struct cgroup_ref ref = { 0 };
	union cgroup_value value;
	struct zswapnl *nl;
	char *shown;
	int ret;

	if (argc > 2 && !cs)
		return zc_usage(
			"a cgroup's zswap settings are max and writeback, not '%s': zswapctl set cgroup <path>|<id> <setting> <value>",
			argv[2]);
	if (argc != 4)
		return zc_usage("usage: zswapctl set cgroup <path>|<id> %s %s",
				cs ? cs->name : "max|writeback",
				cs ? cs->value_help : "<value>");
	ret = cs->parse(argv[3], &value);
	if (ret)
		return ret;
	ret = cgroup_arg(ctl, argv[1], &ref);
	if (ret)
		return ret;

	ret = zc_open(ctl, &nl);
	if (ret)
		goto free_ref;
	ret = cgroup_lookup(ctl, nl, &ref, &before);
	if (ret)
		goto close;
	/* The root has no memory.zswap.max; writeback, the kernel decides */
	if (!cs->on_root && before.path && !strcmp(before.path, "/")) {
		ret = zc_usage("the root cgroup has no %s", cs->file);
		goto free;
	}
	snprintf(what, sizeof(what), "setting %s of cgroup %s", cs->file,
		 before.path ? before.path : argv[1]);
	ret = cs->set(nl, before.id, &value, &err);
	if (ret) {
		ret = set_error(nl, what, true, ret, &err, NULL);
		goto free;
	}
	cs->show(&before, old, sizeof(old));
	if (cgroup_lookup(ctl, nl, &ref, &after)) {
		/* Set, but gone before it could be read back */
		snprintf(new, sizeof(new), "%s", argv[3]);
	} else {
		cs->show(&after, new, sizeof(new));
		zswapnl_memcg_free(&after);
	}
	/* The path is the cgroup's name, which may hold any byte */
	shown = escape_alloc(before.path ? before.path : argv[1], escape_locale_flags());
	if (!shown) {
		zc_error("out of memory");
		ret = EXIT_SYSTEM;
		goto free;
	}
	printf("cgroup %s %s: %s -> %s\n", shown, cs->name, old, new);
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
		return set_cgroup(ctl, argc, argv);
	return set_parameters(ctl, argc, argv);
}
