// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <string.h>

#include "column_list.h"

void column_list_default(struct column_list *list)
{
	size_t i;

	list->count = 0;
	for (i = 0; i < nr_columns; i++)
		if (!columns[i].extra)
			list->cols[list->count++] = &columns[i];
}

int column_list_parse(struct column_list *list, const char *arg, char *bad,
		      size_t badlen)
{
	struct column_list out = { 0 };
	const char *p = arg, *end;
	char name[32];

	if (*p == '+') {
		out = *list;
		p++;
	}
	for (;;) {
		const struct column *col;
		size_t len;

		end = strchrnul(p, ',');
		len = end - p;
		if (badlen) {
			size_t n = len < badlen - 1 ? len : badlen - 1;

			memcpy(bad, p, n);
			bad[n] = '\0';
		}
		if (!len || len >= sizeof(name))
			return -EINVAL;
		memcpy(name, p, len);
		name[len] = '\0';
		col = column_by_name(name);
		if (!col)
			return -EINVAL;
		if (out.count == COLUMN_LIST_MAX)
			return -E2BIG;
		out.cols[out.count++] = col;
		if (!*end)
			break;
		p = end + 1;
	}
	*bad = '\0';
	*list = out;
	return 0;
}
