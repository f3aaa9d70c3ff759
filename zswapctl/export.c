// SPDX-License-Identifier: GPL-2.0
/*
 * zswapctl export [--output-file FILE] [--no-cgroups]: zswap's figures and the
 * cgroups' in the Prometheus text format, on stdout or in a file replaced
 * whole, for node_exporter's textfile collector.
 */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>

#include "outfile.h"
#include "prom_metrics.h"
#include "zswapctl.h"

static void export_usage(void)
{
	printf("Usage:\n"
	       " zswapctl export [options]\n"
	       "\n"
	       "Print zswap's figures and those of every cgroup in the Prometheus text\n"
	       "format, from one sample. A figure the source cannot give is left out;\n"
	       "without a cgroup v2 hierarchy, the global figures come alone, with a note.\n"
	       "\n"
	       "Options:\n"
	       "     --output-file <file>    replace the regular file <file> whole (a\n"
	       "                             temporary file in its folder, synced, renamed\n"
	       "                             onto it; mode 0644); '-' is standard output.\n"
	       "                             No link in its path is followed, and its\n"
	       "                             folder must be root's or the caller's\n"
	       "     --no-cgroups            only the global figures\n"
	       "     --source <mode>         netlink, fallback or auto\n"
	       "     --sysroot <dir>         read the files under <dir> instead of /\n"
	       " -h, --help                  display this help\n");
}

struct export_opts {
	const char *output; /* NULL for stdout */
	bool cgroups;
};

/* 0, -1 after --help, or an exit code */
static int parse_args(struct zswapctl *ctl, struct export_opts *o, int argc,
		      char **argv)
{
	static const struct option opts[] = {
		{ "output-file", required_argument, NULL, OPT_OUTPUT_FILE },
		{ "no-cgroups", no_argument, NULL, OPT_NO_CGROUPS },
		/* Before 2.0; -o and --output are the columns elsewhere */
		{ "output", required_argument, NULL, OPT_OLD_OUTPUT },
		{ "help", no_argument, NULL, 'h' },
		/* Hidden: the metrics of the figures, which zswapctl(8) lists */
		{ "list-metrics", no_argument, NULL, OPT_LIST_METRICS },
		GLOBAL_OPTIONS,
		{ NULL, 0, NULL, 0 }
	};
	int opt, ret;

	while ((opt = getopt_long(argc, argv, ":o:h", opts, NULL)) != -1) {
		ret = global_option(ctl, "export", opt, argv, opts);
		if (ret > 0)
			return ret;
		if (ret < 0)
			continue;
		switch (opt) {
		case 'o':
			zc_old_spelling("export", "-o", "--output-file", NULL);
			o->output = optarg;
			break;
		case OPT_OLD_OUTPUT:
			zc_old_spelling("export", "--output", "--output-file",
					NULL);
			/* fall through */
		case OPT_OUTPUT_FILE:
			o->output = optarg;
			break;
		case OPT_NO_CGROUPS:
			o->cgroups = false;
			break;
		case 'h':
			export_usage();
			return -1;
		case OPT_LIST_METRICS:
			metrics_list(stdout);
			return -1;
		}
	}
	if (optind < argc)
		return zc_usage("export takes no arguments, got '%s'",
				argv[optind]);
	return EXIT_OK;
}

/*
 * The global figures and, when asked, every cgroup's: an exit code, and in
 * @cgroups_failed that of a failure to list the cgroups
 */
static int take_sample(const struct zswapctl *ctl, bool cgroups,
		       struct metrics_sample *s, struct zswapnl_global *global,
		       struct zswapnl_memcg_list *list, int *cgroups_failed)
{
	struct zswapnl_error err = { 0 };
	struct zswapnl *nl;
	int ret;

	ret = zc_open(ctl, &nl);
	if (ret)
		return ret;
	s->source = zswapnl_source(nl);
	s->global = global;
	s->page_size = zc_page_size(nl);
	global->struct_size = sizeof(*global);
	ret = zswapnl_get_global(nl, global, &err);
	if (ret) {
		ret = zc_lib_error("cannot read zswap status", ret, &err);
	} else if (cgroups) {
		/*
		 * The global figures come out whatever happens to the cgroups':
		 * without a cgroup2 hierarchy (or its memory controller) there
		 * are none, which a note says; another failure is an error,
		 * after the global figures all the same.
		 */
		ret = zswapnl_list_memcgs(nl, list, &err);
		s->memcg_source = zswapnl_memcg_source(nl);
		if (!ret) {
			s->memcgs = list;
			/* Some folders it could not open: which */
			if (err.msg[0])
				zc_error("note: %s", err.msg);
		} else if (ret == -EOPNOTSUPP) {
			zc_error("note: no cgroup figures: %s", err.msg);
			ret = EXIT_OK;
		} else {
			*cgroups_failed =
				zc_lib_error("cannot list cgroups", ret, &err);
			ret = EXIT_OK;
		}
	}
	zswapnl_close(nl);
	return ret;
}

static int out_of_memory(void)
{
	zc_error("out of memory");
	return EXIT_SYSTEM;
}

static int write_sample(const struct metrics_sample *s, const char *path)
{
	struct outfile of;
	int ret;

	/* A write error on stdout is main()'s to report */
	if (!path) {
		if (metrics_write(s, stdout) == -ENOMEM)
			return out_of_memory();
		return EXIT_OK;
	}
	ret = outfile_open(&of, path);
	if (ret)
		return ret;
	if (metrics_write(s, of.fp) == -ENOMEM) {
		outfile_abort(&of);
		return out_of_memory();
	}
	/* A write error shows in outfile_commit(), which then says so */
	return outfile_commit(&of);
}

int cmd_export(struct zswapctl *ctl, int argc, char **argv)
{
	struct export_opts o = { .cgroups = true };
	struct zswapnl_memcg_list list = { 0 };
	struct metrics_sample sample = { 0 };
	struct zswapnl_global global;
	int ret, cgroups_failed = EXIT_OK;

	ret = parse_args(ctl, &o, argc, argv);
	if (ret)
		return ret < 0 ? EXIT_OK : ret;
	ret = take_sample(ctl, o.cgroups, &sample, &global, &list,
			  &cgroups_failed);
	if (!ret)
		ret = write_sample(&sample, o.output);
	zswapnl_memcg_list_free(&list);
	return ret ? ret : cgroups_failed;
}
