// SPDX-License-Identifier: GPL-2.0
/*
 * "zswapctl cgroups --json": {"version", "source", "cgroups": [...]}, each
 * cgroup an object with the keys of the columns shown (all by default).
 */
#include <errno.h>

#include "cgroups.h"

static int add_cgroup(cJSON *array, const struct cgroups_view *v, size_t i)
{
	cJSON *obj = cJSON_CreateObject();
	size_t c;

	if (!obj)
		return -ENOMEM;
	if (!cJSON_AddItemToArray(array, obj)) {
		cJSON_Delete(obj);
		return -ENOMEM;
	}
	for (c = 0; c < v->cols.count; c++) {
		const struct column *col = v->cols.cols[c];

		/* --output may repeat a column; a key is there once */
		if (cJSON_GetObjectItemCaseSensitive(obj, col->json_key))
			continue;
		if (column_to_json(col, v->rows[i], &v->ctx, obj))
			return -ENOMEM;
	}
	return 0;
}

int cgroups_print_json(const struct cgroups_view *v, enum json_style style,
		       FILE *out)
{
	cJSON *doc = json_new_document(
		v->source == ZSWAPNL_SOURCE_NETLINK ? "netlink" : "fallback");
	cJSON *array = cJSON_CreateArray();
	int ret = -ENOMEM;
	size_t i;

	if (!doc || !array || !cJSON_AddItemToObject(doc, "cgroups", array)) {
		cJSON_Delete(array);
		goto out;
	}
	/* The document owns the array from here on */
	for (i = 0; i < v->nrows; i++) {
		ret = add_cgroup(array, v, i);
		if (ret)
			goto out;
	}
	ret = json_print(doc, style, out);
out:
	cJSON_Delete(doc);
	return ret;
}
