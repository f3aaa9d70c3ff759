/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Cgroup paths as the views show them: rows in tree order (every parent
 * before its children, siblings in the caller's order, and the lines that
 * draw the tree), and paths cut to a bounded length. A user with a
 * delegated subtree chooses its names (up to 255 bytes each) and its
 * depth: what root prints or exports about it must grow with the number
 * of cgroups, not with the square of their depth. So a path longer than
 * CGROUP_PATH_SHOWN_MAX is shown as its first and last names, and a tree
 * is drawn at most TREE_DEPTH_MAX levels deep, what is deeper hanging
 * from its ancestor at that depth by its path relative to it.
 */
#ifndef ZSWAPCTL_TREE_H
#define ZSWAPCTL_TREE_H

#include <stdbool.h>
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

/* The longest path shown whole; the shortened form is within it too */
#define CGROUP_PATH_SHOWN_MAX 1024
/* The deepest level a tree is drawn at below its top */
#define TREE_DEPTH_MAX 32

struct tree_row {
	size_t index; /* into the caller's paths */
	unsigned int depth; /* 0 for a row whose parent is not listed */
	/*
	 * Where its name starts in its path: the path relative to the row
	 * it hangs from (its last component, unless that row is an ancestor
	 * further up), or 0 for a top
	 */
	size_t name_from;
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

/*
 * @path as it is shown: itself when it is at most CGROUP_PATH_SHOWN_MAX
 * bytes long, else its first and last names around "/…/" ("/a/…/z",
 * or "a/…/z" for a relative path) in @buf, which takes
 * CGROUP_PATH_SHOWN_MAX + 1 bytes. The id tells such a cgroup apart.
 */
const char *cgroup_path_shown(const char *path, char *buf, size_t size);

/* Whether cgroup_path_shown() shortens @path */
bool cgroup_path_shortened(const char *path);

#endif /* ZSWAPCTL_TREE_H */
