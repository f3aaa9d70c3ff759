/* SPDX-License-Identifier: GPL-2.0 */
/* The columns --output picks, in the order it names them. */
#ifndef ZSWAPCTL_COLUMN_LIST_H
#define ZSWAPCTL_COLUMN_LIST_H

#include <stddef.h>

#include "columns.h"

/* Room for every column several times over: repeats are allowed */
#define COLUMN_LIST_MAX 64

struct column_list {
	size_t count;
	const struct column *cols[COLUMN_LIST_MAX];
};

/* Every column, in table order: the default */
void column_list_default(struct column_list *list);

/*
 * Apply an --output argument: "A,B" replaces the list, "+A,B" appends to
 * it (util-linux style). On -EINVAL, bad holds the name that is not a
 * column (or is empty); on -E2BIG there are too many. The list is left as
 * it was on error.
 */
int column_list_parse(struct column_list *list, const char *arg, char *bad,
		      size_t badlen);

#endif /* ZSWAPCTL_COLUMN_LIST_H */
