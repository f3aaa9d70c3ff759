// SPDX-License-Identifier: GPL-2.0
/*
 * Tree order of cgroup paths. The library lists cgroups in id order, which
 * is creation order, not nesting: the tree is rebuilt here from the paths.
 */
#include <errno.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tree.h"

const struct tree_symbols tree_utf8 = { "\u2502 ", "  ", "\u251c\u2500",
					"\u2514\u2500" };
const struct tree_symbols tree_ascii = { "| ", "  ", "|-", "`-" };

struct node {
	size_t parent; /* index of the parent, or SIZE_MAX */
	size_t nchildren;
	size_t *children; /* points into the shared child array */
	bool sorted; /* its children are in sibling order */
};

struct builder {
	const char *const *paths;
	size_t n;
	struct node *nodes;
	size_t *by_path; /* indexes in strcmp() order of their paths */
	tree_compare_fn compare;
	void *data;
	const struct tree_symbols *sym;
	struct tree_row *rows;
	size_t nrows;
	bool *last_at_depth; /* is the ancestor at each depth a last child */
	size_t *stack; /* flatten()'s, one entry a row */
};

static int compare_path_indexes(const void *a, const void *b, void *arg)
{
	const char *const *paths = arg;

	return strcmp(paths[*(const size_t *)a], paths[*(const size_t *)b]);
}

static int compare_siblings(const void *a, const void *b, void *arg)
{
	struct builder *bld = arg;
	size_t x = *(const size_t *)a, y = *(const size_t *)b;
	int ret = bld->compare ? bld->compare(x, y, bld->data) : 0;

	return ret ? ret : strcmp(bld->paths[x], bld->paths[y]);
}

/* The listed row with exactly this path, or SIZE_MAX */
static size_t find_path(const struct builder *bld, const char *path, size_t len)
{
	size_t lo = 0, hi = bld->n;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		const char *p = bld->paths[bld->by_path[mid]];
		int cmp = strncmp(p, path, len);

		if (!cmp && p[len])
			cmp = 1;
		if (!cmp)
			return bld->by_path[mid];
		if (cmp < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return SIZE_MAX;
}

/* The nearest listed ancestor of a path */
static size_t find_parent(const struct builder *bld, const char *path)
{
	size_t len = strlen(path);

	while (len > 1) {
		size_t found;

		while (len > 1 && path[len - 1] != '/')
			len--;
		/* "/a/" -> "/a", but "/" stays "/" */
		if (len > 1)
			len--;
		found = find_path(bld, path, len);
		if (found != SIZE_MAX)
			return found;
	}
	return SIZE_MAX;
}

static char *make_prefix(const struct builder *bld, unsigned int depth,
			 bool last)
{
	const struct tree_symbols *sym = bld->sym;
	size_t len = 1, unit = strlen(sym->vertical) + strlen(sym->space) +
			       strlen(sym->branch) + strlen(sym->last);
	unsigned int d;
	char *prefix;

	len += depth * unit;
	prefix = malloc(len);
	if (!prefix)
		return NULL;
	*prefix = '\0';
	if (!depth)
		return prefix;
	/* Depth 1 hangs off a root, which draws no line of its own */
	for (d = 1; d < depth; d++)
		strcat(prefix,
		       bld->last_at_depth[d] ? sym->space : sym->vertical);
	strcat(prefix, last ? sym->last : sym->branch);
	return prefix;
}

static void sort_children(struct builder *bld, struct node *node)
{
	if (node->sorted)
		return;
	qsort_r(node->children, node->nchildren, sizeof(size_t),
		compare_siblings, bld);
	node->sorted = true;
}

static int add_row(struct builder *bld, size_t index, unsigned int depth,
		   bool last, size_t name_from)
{
	struct tree_row *row = &bld->rows[bld->nrows];

	row->index = index;
	row->depth = depth;
	row->name_from = name_from;
	row->prefix = make_prefix(bld, depth, last);
	if (!row->prefix)
		return -ENOMEM;
	bld->nrows++;
	bld->last_at_depth[depth] = last;
	return 0;
}

/* The start of @path relative to the row @top of @bld */
static size_t relative_from(const struct builder *bld, size_t top)
{
	size_t len = strlen(bld->paths[top]);

	return len > 1 ? len + 1 : len;
}

/*
 * Every row below @top, which is at TREE_DEPTH_MAX, one level below it in
 * depth-first order, each named by its path relative to @top: the drawing
 * and the nesting stop growing there however deep the tree goes. A stack
 * of its own, not recursion, for the same reason.
 */
static int flatten(struct builder *bld, size_t top, unsigned int depth)
{
	size_t sp = 0, index, i, from = relative_from(bld, top);
	struct node *node = &bld->nodes[top];
	int ret;

	sort_children(bld, node);
	for (i = node->nchildren; i > 0; i--)
		bld->stack[sp++] = node->children[i - 1];
	while (sp) {
		index = bld->stack[--sp];
		node = &bld->nodes[index];
		/* The last is the last row of the whole subtree */
		ret = add_row(bld, index, depth, !sp && !node->nchildren, from);
		if (ret)
			return ret;
		sort_children(bld, node);
		for (i = node->nchildren; i > 0; i--)
			bld->stack[sp++] = node->children[i - 1];
	}
	return 0;
}

static int visit(struct builder *bld, size_t index, unsigned int depth,
		 bool last, size_t name_from)
{
	struct node *node = &bld->nodes[index];
	size_t i, from;
	int ret;

	ret = add_row(bld, index, depth, last, name_from);
	if (ret)
		return ret;
	if (depth == TREE_DEPTH_MAX)
		return flatten(bld, index, depth + 1);
	sort_children(bld, node);
	from = relative_from(bld, index);
	for (i = 0; i < node->nchildren; i++) {
		ret = visit(bld, node->children[i], depth + 1,
			    i + 1 == node->nchildren, from);
		if (ret)
			return ret;
	}
	return 0;
}

int tree_order(const char *const *paths, size_t n, tree_compare_fn compare,
	       void *data, const struct tree_symbols *sym,
	       struct tree_row *rows)
{
	struct builder bld = {
		.paths = paths,
		.n = n,
		.compare = compare,
		.data = data,
		.sym = sym,
		.rows = rows,
	};
	size_t *children = NULL, *roots = NULL, nroots = 0, next = 0, i;
	int ret = -ENOMEM;

	bld.nodes = calloc(n + 1, sizeof(*bld.nodes));
	bld.by_path = calloc(n + 1, sizeof(*bld.by_path));
	bld.last_at_depth =
		calloc(TREE_DEPTH_MAX + 2, sizeof(*bld.last_at_depth));
	bld.stack = calloc(n + 1, sizeof(*bld.stack));
	children = calloc(n + 1, sizeof(*children));
	roots = calloc(n + 1, sizeof(*roots));
	if (!bld.nodes || !bld.by_path || !bld.last_at_depth || !bld.stack ||
	    !children || !roots)
		goto out;

	for (i = 0; i < n; i++)
		bld.by_path[i] = i;
	qsort_r(bld.by_path, n, sizeof(size_t), compare_path_indexes,
		(void *)paths);

	/* Count the children, then hand each parent its slice of one array */
	for (i = 0; i < n; i++) {
		bld.nodes[i].parent = find_parent(&bld, paths[i]);
		if (bld.nodes[i].parent != SIZE_MAX)
			bld.nodes[bld.nodes[i].parent].nchildren++;
		else
			roots[nroots++] = i;
	}
	for (i = 0; i < n; i++) {
		bld.nodes[i].children = children + next;
		next += bld.nodes[i].nchildren;
		bld.nodes[i].nchildren = 0;
	}
	for (i = 0; i < n; i++) {
		struct node *parent;

		if (bld.nodes[i].parent == SIZE_MAX)
			continue;
		parent = &bld.nodes[bld.nodes[i].parent];
		parent->children[parent->nchildren++] = i;
	}

	qsort_r(roots, nroots, sizeof(size_t), compare_siblings, &bld);
	ret = 0;
	for (i = 0; i < nroots && !ret; i++)
		ret = visit(&bld, roots[i], 0, i + 1 == nroots, 0);
	if (ret)
		tree_rows_free(rows, bld.nrows);
out:
	free(roots);
	free(children);
	free(bld.stack);
	free(bld.last_at_depth);
	free(bld.by_path);
	free(bld.nodes);
	return ret;
}

void tree_rows_free(struct tree_row *rows, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++) {
		free(rows[i].prefix);
		rows[i].prefix = NULL;
	}
}

const char *tree_basename(const char *path)
{
	const char *slash = strrchr(path, '/');

	return slash && slash[1] ? slash + 1 : path;
}

bool cgroup_path_shortened(const char *path)
{
	return strlen(path) > CGROUP_PATH_SHOWN_MAX;
}

const char *cgroup_path_shown(const char *path, char *buf, size_t size)
{
	const char *first = path + (*path == '/'), *last, *end;

	if (!cgroup_path_shortened(path))
		return path;
	end = strchrnul(first, '/');
	last = strrchr(path, '/') + 1;
	/* Each is a name, at most NAME_MAX long: no cut needed */
	snprintf(buf, size, "%.*s/\u2026/%s", (int)(end - path), path, last);
	return buf;
}
