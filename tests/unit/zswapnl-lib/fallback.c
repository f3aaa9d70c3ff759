// SPDX-License-Identifier: LGPL-2.1-or-later
/* See fallback.h */

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "fallback.h"
#include "tap.h"
#include "testdata.h"

static const char *full(const char *root)
{
	static char path[PATH_MAX];

	snprintf(path, sizeof(path), "%s", root[0] == '/' ? root : td_path(root));
	return path;
}

struct zswapnl *fb_open(const char *root)
{
	struct zswapnl_options o = {
		.struct_size = sizeof(o),
		.mode = ZSWAPNL_MODE_FALLBACK,
		.root = full(root),
	};
	struct zswapnl_error err;
	struct zswapnl *h;
	int ret;

	ret = zswapnl_open(&h, &o, &err);
	if (ret) {
		tap_diag("zswapnl_open(%s): %d %s", o.root, ret, err.msg);
		exit(1);
	}
	return h;
}

uint64_t fb_cgroup_id(const char *root, const char *dir)
{
	char path[2 * PATH_MAX];
	struct stat st;

	if (snprintf(path, sizeof(path), "%s/sys/fs/cgroup%s", full(root), dir) >= (int)sizeof(path) ||
	    stat(path, &st)) {
		tap_diag("stat %s: %m", path);
		exit(1);
	}
	return st.st_ino;
}

const struct zswapnl_memcg *fb_find(const struct zswapnl_memcg_list *list, const char *path)
{
	size_t i;

	for (i = 0; i < list->count; i++)
		if (list->items[i]->path && !strcmp(list->items[i]->path, path))
			return list->items[i];
	return NULL;
}
