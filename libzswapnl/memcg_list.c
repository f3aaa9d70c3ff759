// SPDX-License-Identifier: LGPL-2.1-or-later
/* Building a struct zswapnl_memcg_list */

#include <errno.h>
#include <stdlib.h>

#include "internal.h"

/* Move @m to the end of @list, which has room for *@cap items */
int znl_list_append(struct zswapnl_memcg_list *list, size_t *cap, struct zswapnl_memcg *m)
{
	struct zswapnl_memcg *items;
	size_t new_cap;

	if (list->count == *cap) {
		new_cap = *cap ? *cap * 2 : 16;
		items = reallocarray(list->items, new_cap, sizeof(*items));
		if (!items)
			return -ENOMEM;
		list->items = items;
		*cap = new_cap;
	}
	list->items[list->count++] = *m;
	return 0;
}

static int by_id(const void *a, const void *b)
{
	const struct zswapnl_memcg *x = a, *y = b;

	return x->id < y->id ? -1 : x->id > y->id;
}

void znl_list_sort(struct zswapnl_memcg_list *list)
{
	if (list->count > 1)
		qsort(list->items, list->count, sizeof(*list->items), by_id);
}
