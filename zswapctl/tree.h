/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Rows of cgroups in tree order: every parent before its children,
 * siblings in the caller's order, and the lines that draw the tree.
 */
#ifndef ZSWAPCTL_TREE_H
#define ZSWAPCTL_TREE_H

#include <stddef.h>

struct tree_symbols {
	const char *vertical; /* "│ ": an ancestor with siblings still to come */
	const char *space; /* "  ": an ancestor that was the last */
	const char *branch; /* "├─": a child with siblings after it */
	const char *last; /* "└─": the last child */
};

extern const struct tree_symbols tree_utf8;
extern const struct tree_symbols tree_ascii;

/* Orders siblings: negative, 0 or positive, like strcmp() */
typedef int (*tree_compare_fn)(size_t a, size_t b, void *data);

struct tree_row {
	size_t index; /* into the caller's paths */
	unsigned int depth; /* 0 for a row whose parent is not listed */
	char *prefix; /* the tree drawing before its name; owned */
};

/*
 * Order n cgroup paths ("/", "/a", "/a/b", ...) as a tree. A row's parent is
 * its nearest listed ancestor; rows with none are the roots. rows must hold
 * n entries. 0 or -ENOMEM; free the prefixes with tree_rows_free().
 */
int tree_order(const char *const *paths, size_t n, tree_compare_fn compare,
	       void *data, const struct tree_symbols *sym,
	       struct tree_row *rows);
void tree_rows_free(struct tree_row *rows, size_t n);

/* The last component of a path ("b" of "/a/b"; "/" of "/") */
const char *tree_basename(const char *path);

#endif /* ZSWAPCTL_TREE_H */
