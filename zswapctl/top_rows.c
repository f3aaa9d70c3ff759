// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "top_rows.h"
#include "tree.h"

bool top_order_descending(const struct top_order *ord)
{
	return ord->sort->descending != ord->reverse;
}

bool top_filter_match(const struct top_order *ord,
		      const struct zswapnl_memcg *m)
{
	if (!ord->filter || !*ord->filter)
		return true;
	return m->path && strstr(m->path, ord->filter);
}

/*
 * The sort column in the order it is shown; equal rows by path, then id,
 * both ascending whichever way the column goes, so that a quiet system
 * lists its cgroups by name.
 */
static int compare_rows(const struct top_row *a, const struct top_row *b,
			const struct top_order *ord)
{
	const char *pa = a->m->path ? a->m->path : "";
	const char *pb = b->m->path ? b->m->path : "";
	int ret = top_column_compare(ord->sort, a, b, &ord->ctx);

	if (ret)
		return top_order_descending(ord) ? -ret : ret;
	ret = strcmp(pa, pb);
	if (ret)
		return ret;
	return (a->m->id > b->m->id) - (a->m->id < b->m->id);
}

static int qsort_rows(const void *a, const void *b, void *arg)
{
	return compare_rows(a, b, arg);
}

struct sibling_order {
	const struct top_order *ord;
	const struct top_row *rows;
};

static int compare_siblings(size_t a, size_t b, void *arg)
{
	const struct sibling_order *so = arg;

	return compare_rows(&so->rows[a], &so->rows[b], so->ord);
}

/* Reorder the rows parents first, siblings in sort order, with prefixes */
static int order_as_tree(struct top_rows *out, const struct top_order *ord)
{
	struct sibling_order so = { ord, out->rows };
	struct top_row *sorted = NULL;
	struct tree_row *tree = NULL;
	const char **paths = NULL;
	int ret = -ENOMEM;
	size_t i;

	paths = calloc(out->count + 1, sizeof(*paths));
	tree = calloc(out->count + 1, sizeof(*tree));
	sorted = calloc(out->count + 1, sizeof(*sorted));
	if (!paths || !tree || !sorted)
		goto out;
	for (i = 0; i < out->count; i++)
		paths[i] = out->rows[i].m->path ? out->rows[i].m->path : "";
	ret = tree_order(paths, out->count, compare_siblings, &so,
			 ord->utf8 ? &tree_utf8 : &tree_ascii, tree);
	if (ret)
		goto out;
	/* The prefixes change hands: the rows free them */
	for (i = 0; i < out->count; i++) {
		sorted[i] = out->rows[tree[i].index];
		sorted[i].prefix = tree[i].prefix;
	}
	free(out->rows);
	out->rows = sorted;
	sorted = NULL;
out:
	free(sorted);
	free(tree);
	free(paths);
	return ret;
}

int top_rows_build(const struct sample *prev, const struct sample *cur,
		   const struct top_order *ord, struct top_rows *out)
{
	const struct zswapnl_memcg_list *list = &cur->memcgs;
	size_t i;
	int ret;

	memset(out, 0, sizeof(*out));
	out->rows = calloc(list->count + 1, sizeof(*out->rows));
	if (!out->rows)
		return -ENOMEM;
	/* items, not zswapnl_memcg_list_get(): this part links no library */
	for (i = 0; i < list->count; i++) {
		struct top_row *row = &out->rows[out->count];
		const struct zswapnl_memcg *m = list->items[i];

		if (!top_filter_match(ord, m))
			continue;
		row->m = m;
		memcg_rates(prev, cur, row->m, &row->rates);
		out->count++;
	}
	if (!ord->tree) {
		qsort_r(out->rows, out->count, sizeof(*out->rows), qsort_rows,
			(void *)ord);
		return 0;
	}
	ret = order_as_tree(out, ord);
	if (ret)
		top_rows_free(out);
	return ret;
}

void top_rows_free(struct top_rows *rows)
{
	size_t i;

	for (i = 0; rows->rows && i < rows->count; i++)
		free(rows->rows[i].prefix);
	free(rows->rows);
	memset(rows, 0, sizeof(*rows));
}
