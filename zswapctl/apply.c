// SPDX-License-Identifier: GPL-2.0
/*
 * zswapctl apply [--dry-run] [FILE...]: the settings of zswap.conf(5) as
 * one change, all or none, made as "zswapctl set" makes it
 * (set_change.h); what zswapctl.service runs at boot. Every line of every
 * file is checked before the kernel is asked anything; a setting the
 * running kernel has no parameter for (zpool on Linux 6.18) is left out
 * with a warning, so that one file serves several kernels.
 */
#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "conf.h"
#include "set_change.h"

/* "FILE:LINE", for as long as the line of a change needs it */
#define ORIGIN_MAX (PATH_MAX + 16)

static void apply_usage(void)
{
	printf("Usage:\n"
	       " zswapctl apply [options] [<file>...]\n"
	       "\n"
	       "Set zswap's parameters as zswap.conf(5) says: " CONF_FILE ",\n"
	       "then " CONF_DIR "/*.conf in lexical order (or the files\n"
	       "given, in their order; '-' for standard input), the last value of\n"
	       "a key winning. Every line is checked first: one that is wrong\n"
	       "changes nothing. Then the values that differ from the kernel's are\n"
	       "set all at once, or none. No file at all: nothing to do. A file is\n"
	       "a regular file reached without a symbolic link.\n"
	       "\n"
	       "Options:\n"
	       "     --dry-run               print what would change, change nothing\n"
	       "     --source <mode>         netlink, fallback or auto\n"
	       "     --sysroot <dir>         read the files under <dir> instead of /\n"
	       " -h, --help                  display this help\n");
}

struct apply {
	struct set_change changes[8];
	char origins[8][ORIGIN_MAX];
	int n;
	struct zswapnl_params params;
};

/* Each setting of @c, its value in @a->params: the order of set_params */
static void collect(const struct conf *c, struct apply *a)
{
	char msg[256];
	size_t i;

	_Static_assert(sizeof(a->changes) / sizeof(a->changes[0]) >= 5,
		       "a change for each parameter");
	for (i = 0; i < nr_set_params; i++) {
		const struct conf_setting *s = &c->settings[i];
		const struct set_param *p = &set_params[i];

		if (!s->value)
			continue;
		snprintf(a->origins[a->n], ORIGIN_MAX, "%s:%u", s->file,
			 s->line);
		a->changes[a->n] = (struct set_change){ p, p->sysfs_name,
							a->origins[a->n] };
		a->n++;
		/* Checked as the file was read */
		set_param_value(p, p->sysfs_name, s->value, &a->params, msg,
				sizeof(msg));
		a->params.set |= p->flag;
	}
}

/*
 * Leave out, with a warning, what the kernel has no parameter for (the
 * fallback: no file in /sys/module/zswap/parameters; netlink: no
 * attribute). A parameter it has but whose value did not read back (a
 * file that holds no number, or that this user may not read) is set, as
 * "zswapctl set" sets it: the write says what is wrong with it.
 */
static void drop_missing(const struct zswapnl *nl, struct apply *a,
			 const struct zswapnl_global *before)
{
	int i, kept = 0;

	for (i = 0; i < a->n; i++) {
		const struct set_param *p = a->changes[i].param;

		if (zswapnl_global_unknown(nl, before, p->field, NULL) !=
		    -ENOENT) {
			a->changes[kept++] = a->changes[i];
			continue;
		}
		zc_error(
			"%s: warning: this kernel has no zswap parameter %s: left out",
			a->changes[i].origin, p->sysfs_name);
		a->params.set &= ~p->flag;
	}
	a->n = kept;
}

/* The names only the kernel can judge, each at the line it comes from */
static int check_names(const struct zswapctl *ctl, struct zswapnl *nl,
		       const struct apply *a,
		       const struct zswapnl_global *before)
{
	char where[ORIGIN_MAX + 2];
	int i, one, ret = EXIT_OK;

	for (i = 0; i < a->n; i++) {
		uint32_t flag = a->changes[i].param->flag;

		snprintf(where, sizeof(where), "%s: ", a->changes[i].origin);
		if (flag == ZSWAPNL_SET_COMPRESSOR)
			one = set_check_compressor(ctl, nl,
						   a->params.compressor, where);
		else if (flag == ZSWAPNL_SET_ZPOOL)
			one = set_check_zpool(ctl, before, a->params.zpool,
					      where);
		else
			continue;
		if (one > ret)
			ret = one;
	}
	return ret;
}

/*
 * What the change is: @send, the settings that differ from the kernel's
 * (@before); and with --dry-run, the lines apply would print
 */
static void plan(const struct apply *a, const struct zswapnl_global *before,
		 struct zswapnl_params *send, bool print)
{
	struct zswapnl_global want = *before;
	char old[96], new[96];
	int i;

	*send = a->params;
	send->set = 0;
	for (i = 0; i < a->n; i++) {
		const struct set_param *p = a->changes[i].param;

		p->put(&a->params, &want);
		/* Known once set, even where the kernel's value did not read back */
		want.known |= (uint64_t)1 << p->field;
		p->show(before, old, sizeof(old));
		p->show(&want, new, sizeof(new));
		if (strcmp(old, new))
			send->set |= p->flag;
		if (print)
			set_print_change(&a->changes[i], old, new, true);
	}
}

static int apply(const struct zswapctl *ctl, const struct conf *c, bool dry_run)
{
	struct apply a = { .params = { .struct_size = sizeof(a.params) } };
	struct zswapnl_global before;
	struct zswapnl_params send;
	struct zswapnl *nl;
	int ret;

	collect(c, &a);
	if (!a.n) {
		zc_error("the files set nothing: nothing to apply");
		return EXIT_OK;
	}
	ret = zc_open(ctl, &nl);
	if (ret)
		return ret;
	ret = set_read_global(nl, &before);
	if (ret)
		goto out;
	drop_missing(nl, &a, &before);
	ret = check_names(ctl, nl, &a, &before);
	if (ret)
		goto out;
	plan(&a, &before, &send, dry_run);
	if (!dry_run)
		ret = set_send(nl, a.changes, a.n, &send, &before);
out:
	zswapnl_close(nl);
	return ret;
}

int cmd_apply(struct zswapctl *ctl, int argc, char **argv)
{
	static const struct option opts[] = {
		{ "dry-run", no_argument, NULL, OPT_DRY_RUN },
		{ "help", no_argument, NULL, 'h' },
		GLOBAL_OPTIONS,
		{ NULL, 0, NULL, 0 }
	};
	bool dry_run = false;
	struct conf c;
	int opt, ret;

	while ((opt = getopt_long(argc, argv, ":nh", opts, NULL)) != -1) {
		ret = global_option(ctl, "apply", opt, argv, opts);
		if (ret > 0)
			return ret;
		if (ret < 0)
			continue;
		switch (opt) {
		case 'n':
			/* -n is --noheadings elsewhere */
			zc_old_spelling("apply", "-n", "--dry-run", NULL);
			/* fall through */
		case OPT_DRY_RUN:
			dry_run = true;
			break;
		case 'h':
			apply_usage();
			return EXIT_OK;
		}
	}
	ret = conf_read(&c, ctl->sysroot, argv + optind, argc - optind);
	if (!ret && !c.files)
		zc_error("no %s%s nor %s%s/*.conf: nothing to apply",
			 ctl->sysroot ? ctl->sysroot : "", CONF_FILE,
			 ctl->sysroot ? ctl->sysroot : "", CONF_DIR);
	else if (!ret)
		ret = apply(ctl, &c, dry_run);
	conf_free(&c);
	return ret;
}
