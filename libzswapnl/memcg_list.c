// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * struct zswapnl_memcg_list: an array of pointers to memcgs the library
 * allocated at its own struct size, so that a caller built against another
 * version of zswapnl.h never steps through it with the wrong stride.
 */

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"

/* Move @m into a new item at the end of @list, which has room for *@cap */
int znl_list_append(struct zswapnl_memcg_list *list, size_t *cap, struct zswapnl_memcg *m)
{
	struct zswapnl_memcg **items, *item;
	size_t new_cap;

	if (list->count == *cap) {
		new_cap = *cap ? *cap * 2 : 16;
		items = reallocarray(list->items, new_cap, sizeof(*items));
		if (!items)
			return -ENOMEM;
		list->items = items;
		*cap = new_cap;
	}
	item = malloc(sizeof(*item));
	if (!item)
		return -ENOMEM;
	*item = *m;
	list->items[list->count++] = item;
	return 0;
}

void znl_list_path_bound(struct zswapnl_memcg *m)
{
	if (!(m->known & ZNL_BIT(ZSWAPNL_M_PATH)) || !m->path ||
	    strnlen(m->path, ZNL_LIST_PATH_MAX + 1) <= ZNL_LIST_PATH_MAX)
		return;
	free(m->path);
	m->path = NULL;
	m->known &= ~ZNL_BIT(ZSWAPNL_M_PATH);
	znl_memcg_unknown(m, ZSWAPNL_M_PATH, -ENAMETOOLONG);
}

static int by_id(const void *a, const void *b)
{
	const struct zswapnl_memcg *x = *(struct zswapnl_memcg *const *)a;
	const struct zswapnl_memcg *y = *(struct zswapnl_memcg *const *)b;

	return x->id < y->id ? -1 : x->id > y->id;
}

void znl_list_sort(struct zswapnl_memcg_list *list)
{
	if (list->count > 1)
		qsort(list->items, list->count, sizeof(*list->items), by_id);
}

size_t zswapnl_memcg_list_count(const struct zswapnl_memcg_list *list)
{
	return list ? list->count : 0;
}

const struct zswapnl_memcg *zswapnl_memcg_list_get(const struct zswapnl_memcg_list *list,
						   size_t index)
{
	return list && index < list->count ? list->items[index] : NULL;
}

void zswapnl_memcg_list_free(struct zswapnl_memcg_list *list)
{
	size_t i;

	if (!list)
		return;
	for (i = 0; i < list->count; i++) {
		zswapnl_memcg_free(list->items[i]);
		free(list->items[i]);
	}
	free(list->items);
	list->items = NULL;
	list->count = 0;
}
