// SPDX-License-Identifier: GPL-2.0
/*
 * zswapctl cgroups [options] [PATH|ID]: one row per cgroup, its zswap
 * figures in the columns of columns.c, as JSON here or as a table
 * (cgroups_table.c, which alone links libsmartcols).
 */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cgroup_ref.h"
#include "cgroups.h"
#include "escape.h"
#include "tree.h"
#include "unknown.h"
#include "zswapctl.h"

struct cgroups_opts {
	struct cgroups_view view;
	const struct column *sort; /* --sort, or NULL for id order */
	bool reverse;
	bool tree;
	bool json;
	bool output_given; /* --output: else JSON has every column */
	enum json_style style;
	const char *target; /* the PATH or ID argument */
};

static void cgroups_usage(void)
{
	size_t i;

	printf("Usage:\n"
	       " zswapctl cgroups [options] [<path>|<id>]\n"
	       "\n"
	       "Show the zswap figures of every cgroup, or of the one named by its path\n"
	       "(below %s, or absolute) or its numeric id.\n"
	       "\n"
	       "Options:\n"
	       " -b, --bytes                 print sizes in bytes, not in KiB, MiB, ...\n"
	       " -J, --json[=pretty|short]   JSON output (pretty by default)\n"
	       " -n, --noheadings            don't print the header line\n"
	       " -o, --output <list>         the columns to show; +<list> appends\n"
	       " -r, --raw                   unaligned output, one word a field\n"
	       " -x, --sort <column>         sort the rows by a column\n"
	       "     --reverse               reverse the order\n"
	       " -T, --tree                  show the hierarchy, parents before children;\n"
	       "                             with <path> or <id>, that cgroup and below\n"
	       "     --source <mode>         netlink, fallback or auto\n"
	       "     --sysroot <dir>         read the files under <dir> instead of /\n"
	       " -h, --help                  display this help\n"
	       "\n"
	       "Columns:\n",
	       CGROUP_ROOT);
	for (i = 0; i < nr_columns; i++)
		printf(" %12s  %s\n", columns[i].name, columns[i].help);
}

static int parse_args(struct zswapctl *ctl, struct cgroups_opts *o, int argc,
		      char **argv)
{
	static const struct option opts[] = {
		{ "bytes", no_argument, NULL, 'b' },
		{ "json", optional_argument, NULL, 'J' },
		{ "noheadings", no_argument, NULL, 'n' },
		{ "output", required_argument, NULL, 'o' },
		{ "raw", no_argument, NULL, 'r' },
		{ "sort", required_argument, NULL, 'x' },
		{ "reverse", no_argument, NULL, OPT_REVERSE },
		{ "tree", no_argument, NULL, 'T' },
		{ "help", no_argument, NULL, 'h' },
		GLOBAL_OPTIONS,
		{ NULL, 0, NULL, 0 }
	};
	char bad[32];
	int opt, ret;

	while ((opt = getopt_long(argc, argv, ":bJno:rx:Th", opts, NULL)) !=
	       -1) {
		ret = global_option(ctl, "cgroups", opt, argv, opts);
		if (ret > 0)
			return ret;
		if (ret < 0)
			continue;
		switch (opt) {
		case 'b':
			o->view.ctx.bytes = true;
			break;
		case 'J':
			o->json = true;
			if (json_parse_style(optarg, &o->style))
				return zc_usage(
					"invalid --json style '%s' (expected pretty or short)",
					optarg);
			break;
		case 'n':
			o->view.noheadings = true;
			break;
		case 'o':
			o->output_given = true;
			ret = column_list_parse(&o->view.cols, optarg, bad,
						sizeof(bad));
			if (ret == -E2BIG)
				return zc_usage(
					"too many columns in --output (at most %d)",
					COLUMN_LIST_MAX);
			if (ret)
				return zc_usage(
					"unknown column '%s' in --output (see zswapctl cgroups --help)",
					bad);
			break;
		case 'r':
			o->view.raw = true;
			o->view.ctx.size_style = SIZE_COMPACT;
			break;
		case 'x':
			o->sort = column_by_name(optarg);
			if (!o->sort)
				return zc_usage(
					"unknown column '%s' for --sort (see zswapctl cgroups --help)",
					optarg);
			break;
		case OPT_REVERSE:
			o->reverse = true;
			break;
		case 'T':
			o->tree = true;
			break;
		case 'h':
			cgroups_usage();
			return -1;
		}
	}
	if (o->json && o->view.raw)
		return zc_usage("--json and --raw are mutually exclusive");
	if (optind < argc)
		o->target = argv[optind++];
	if (optind < argc)
		return zc_usage(
			"cgroups takes one cgroup at most, got '%s' too",
			argv[optind]);
	return EXIT_OK;
}

struct row_order {
	const struct cgroups_opts *o;
	const struct zswapnl_memcg *const *rows;
};

/* The --sort column, then id and path so that equal rows keep one order */
static int compare_memcgs(const struct cgroups_opts *o,
			  const struct zswapnl_memcg *a,
			  const struct zswapnl_memcg *b)
{
	int ret = 0;

	if (o->sort)
		ret = column_compare(o->sort, a, b, &o->view.ctx);
	if (!ret)
		ret = (a->id > b->id) - (a->id < b->id);
	if (!ret && a->path && b->path)
		ret = strcmp(a->path, b->path);
	return o->reverse ? -ret : ret;
}

static int compare_rows(const void *a, const void *b, void *arg)
{
	return compare_memcgs(arg, *(const struct zswapnl_memcg *const *)a,
			      *(const struct zswapnl_memcg *const *)b);
}

static int compare_tree_siblings(size_t a, size_t b, void *arg)
{
	const struct row_order *ord = arg;
	const struct zswapnl_memcg *x = ord->rows[a], *y = ord->rows[b];
	int ret;

	if (ord->o->sort)
		return compare_memcgs(ord->o, x, y);
	/* Without --sort, siblings go by name, as a file manager shows them */
	ret = x->path && y->path ? strcmp(x->path, y->path) : 0;
	return ord->o->reverse ? -ret : ret;
}

/* Reorder view->rows as a tree and give each row its parent */
static int order_as_tree(struct cgroups_opts *o)
{
	/* The drawing is libsmartcols': tree_order()'s prefixes go unused */
	static const struct tree_symbols none = { "", "", "", "" };
	struct cgroups_view *v = &o->view;
	struct row_order ord = { o, v->rows };
	const struct zswapnl_memcg **sorted = NULL;
	struct tree_row *tree = NULL;
	const char **paths = NULL;
	size_t *at_depth = NULL;
	int ret = -ENOMEM;
	size_t i;

	paths = calloc(v->nrows + 1, sizeof(*paths));
	tree = calloc(v->nrows + 1, sizeof(*tree));
	sorted = calloc(v->nrows + 1, sizeof(*sorted));
	at_depth = calloc(v->nrows + 1, sizeof(*at_depth));
	v->parents = calloc(v->nrows + 1, sizeof(*v->parents));
	if (!paths || !tree || !sorted || !at_depth || !v->parents)
		goto out;
	for (i = 0; i < v->nrows; i++)
		paths[i] = v->rows[i]->path ? v->rows[i]->path : "";
	ret = tree_order(paths, v->nrows, compare_tree_siblings, &ord, &none,
			 tree);
	if (ret)
		goto out;
	/* In tree order a row's parent is the last row one level up */
	for (i = 0; i < v->nrows; i++) {
		sorted[i] = v->rows[tree[i].index];
		at_depth[tree[i].depth] = i;
		v->parents[i] = tree[i].depth ? at_depth[tree[i].depth - 1] :
						SIZE_MAX;
	}
	memcpy(v->rows, sorted, v->nrows * sizeof(*sorted));
	tree_rows_free(tree, v->nrows);
out:
	free(at_depth);
	free(sorted);
	free(tree);
	free(paths);
	return ret;
}

/* Keep the rows at or below the cgroup ref names; 0 or -ENOENT */
static int keep_subtree(struct cgroups_view *v, const struct cgroup_ref *ref)
{
	const char *top = NULL;
	size_t i, n = 0;

	for (i = 0; i < v->nrows && !top; i++) {
		const struct zswapnl_memcg *m = v->rows[i];

		if (!m->path)
			continue;
		if (ref->by_id ? m->id == ref->id : !strcmp(m->path, ref->path))
			top = m->path;
	}
	if (!top)
		return -ENOENT;
	for (i = 0; i < v->nrows; i++)
		if (v->rows[i]->path &&
		    cgroup_path_within(v->rows[i]->path, top))
			v->rows[n++] = v->rows[i];
	v->nrows = n;
	return 0;
}

static cJSON *add_cgroup(cJSON *array, const struct cgroups_view *v, size_t i)
{
	cJSON *obj = cJSON_CreateObject();
	size_t c;

	if (!obj)
		return NULL;
	if (!cJSON_AddItemToArray(array, obj)) {
		cJSON_Delete(obj);
		return NULL;
	}
	for (c = 0; c < v->cols.count; c++) {
		const struct column *col = v->cols.cols[c];

		/* --output may repeat a column; a key is there once */
		if (cJSON_GetObjectItemCaseSensitive(obj, col->json_key))
			continue;
		if (column_to_json(col, v->rows[i], &v->ctx, obj))
			return NULL;
	}
	return obj;
}

/* The array a row goes into: the top one, or its parent's "children" */
static cJSON *array_of(cJSON *top, cJSON **objs, const struct cgroups_view *v,
		       size_t i)
{
	cJSON *parent, *children;

	if (!v->parents || v->parents[i] == SIZE_MAX)
		return top;
	parent = objs[v->parents[i]];
	children = cJSON_GetObjectItemCaseSensitive(parent, "children");
	if (children)
		return children;
	return cJSON_AddArrayToObject(parent, "children");
}

/*
 * --json: {"version", "source", "page_size", "cgroups":
 * [...]}, each cgroup an object with the keys of the columns shown (all by
 * default). With --tree, "cgroups" holds the tops of the trees and each
 * object its children in "children", as lsblk and findmnt nest theirs.
 */
static int cgroups_print_json(const struct cgroups_view *v,
			      enum json_style style, FILE *out)
{
	cJSON *doc = json_new_document(
		v->source == ZSWAPNL_SOURCE_NETLINK ? "netlink" : "fallback");
	cJSON *array = cJSON_CreateArray();
	cJSON **objs = calloc(v->nrows + 1, sizeof(*objs));
	int ret = -ENOMEM;
	size_t i;

	if (!doc || !array || !objs ||
	    json_add_u64(doc, "page_size", v->ctx.page_size,
			 v->ctx.page_size) ||
	    !cJSON_AddItemToObject(doc, "cgroups", array)) {
		cJSON_Delete(array);
		goto out;
	}
	/* The document owns the array from here on, and the objects */
	for (i = 0; i < v->nrows; i++) {
		cJSON *into = array_of(array, objs, v, i);

		objs[i] = into ? add_cgroup(into, v, i) : NULL;
		if (!objs[i])
			goto out;
	}
	ret = json_print(doc, style, out);
out:
	free(objs);
	cJSON_Delete(doc);
	return ret;
}

static int show(const struct zswapnl *nl, struct cgroups_opts *o)
{
	struct cgroups_view *v = &o->view;
	char note[1024];
	int ret;

	/* The files, when the kernel kept the family's memcg reads from us */
	v->source = zswapnl_memcg_source(nl);
	if (o->tree) {
		ret = order_as_tree(o);
		if (ret)
			return ret;
	} else {
		qsort_r(v->rows, v->nrows, sizeof(*v->rows), compare_rows, o);
	}
	if (o->json)
		return cgroups_print_json(v, o->style, stdout);
	ret = cgroups_print_table(v, stdout);
	/* A note for people: --raw and --noheadings are for scripts */
	if (!ret && !v->raw && !v->noheadings &&
	    unknown_note_cgroups(nl, v, note, sizeof(note)) &&
	    !(ret = fflush(stdout) ? -EIO : 0))
		ret = unknown_note_print(note, stderr);
	return ret;
}

static int fetch_and_show(const struct zswapctl *ctl, struct zswapnl *nl,
			  struct cgroups_opts *o, const struct cgroup_ref *ref)
{
	struct zswapnl_memcg_list list = { 0 };
	struct zswapnl_error err = { 0 };
	struct zswapnl_memcg one;
	struct cgroups_view *v = &o->view;
	int ret;
	size_t i;

	if (ref && !o->tree) {
		ret = cgroup_lookup(ctl, nl, ref, &one);
		if (ret)
			return ret;
		v->rows = calloc(1, sizeof(*v->rows));
		if (v->rows) {
			v->rows[0] = &one;
			v->nrows = 1;
			ret = show(nl, o);
		} else {
			ret = -ENOMEM;
		}
		zswapnl_memcg_free(&one);
		goto out;
	}

	ret = zswapnl_list_memcgs(nl, &list, &err);
	/* No cgroup2, or none with memory: not an empty table, a reason */
	if (ret == -EOPNOTSUPP) {
		zc_error("no cgroup figures here: %s", err.msg);
		return EXIT_UNSUPPORTED;
	}
	if (ret)
		return zc_lib_error("cannot list cgroups", ret, &err);
	/* Listed without some folders it could not open: which, on stderr */
	if (err.msg[0])
		zc_error("note: %s", err.msg);
	v->rows = calloc(zswapnl_memcg_list_count(&list) + 1, sizeof(*v->rows));
	if (!v->rows) {
		ret = -ENOMEM;
		goto free_list;
	}
	for (i = 0; i < zswapnl_memcg_list_count(&list); i++)
		v->rows[i] = zswapnl_memcg_list_get(&list, i);
	v->nrows = i;
	if (ref && keep_subtree(v, ref)) {
		/* Not a memcg: the lookup of that one cgroup says why */
		ret = cgroup_lookup(ctl, nl, ref, &one);
		if (!ret) {
			zswapnl_memcg_free(&one);
			ret = cgroup_not_found(ctl, ref, NULL);
		}
		goto free_list;
	}
	ret = show(nl, o);
free_list:
	zswapnl_memcg_list_free(&list);
out:
	free(v->parents);
	free(v->rows);
	if (ret == -ENOMEM) {
		zc_error("out of memory");
		return EXIT_SYSTEM;
	}
	/* -EIO: main() reports the write error of stdout, or a reader gone */
	if (ret == -EIO)
		return EXIT_OK;
	return ret < 0 ? EXIT_SYSTEM : ret;
}

int cmd_cgroups(struct zswapctl *ctl, int argc, char **argv)
{
	struct cgroups_opts o = { .style = JSON_PRETTY };
	struct cgroup_ref ref = { 0 };
	struct zswapnl *nl;
	int ret;

	column_list_default(&o.view.cols);
	o.view.ctx.size_style = SIZE_SPACED;
	ret = parse_args(ctl, &o, argc, argv);
	if (ret)
		return ret < 0 ? EXIT_OK : ret;
	if (o.json && !o.output_given)
		column_list_all(&o.view.cols);
	if (o.target) {
		ret = cgroup_arg(ctl, o.target, &ref);
		if (ret)
			return ret;
	}
	ret = zc_open(ctl, &nl);
	if (!ret) {
		o.view.ctx.page_size = zc_page_size(nl);
		ret = fetch_and_show(ctl, nl, &o, o.target ? &ref : NULL);
		zswapnl_close(nl);
	}
	cgroup_ref_free(&ref);
	return ret;
}
