// SPDX-License-Identifier: GPL-2.0
/*
 * "zswapctl cgroups --json": {"version", "source", "page_size", "cgroups":
 * [...]}, each cgroup an object with the keys of the columns shown (all by
 * default). With --tree, "cgroups" holds the tops of the trees and each
 * object its children in "children", as lsblk and findmnt nest theirs.
 */
#include <errno.h>
#include <stdlib.h>

#include "cgroups.h"

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

int cgroups_print_json(const struct cgroups_view *v, enum json_style style,
		       FILE *out)
{
	cJSON *doc = json_new_document(
		v->source == ZSWAPNL_SOURCE_NETLINK ? "netlink" : "fallback");
	cJSON *array = cJSON_CreateArray();
	cJSON **objs = calloc(v->nrows + 1, sizeof(*objs));
	int ret = -ENOMEM;
	size_t i;

	if (!doc || !array || !objs ||
	    json_add_u64(doc, "page_size", true, v->ctx.page_size) ||
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
