/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* Helpers of the fallback tests: handles on a recorded root, cgroup ids */
#ifndef ZSWAPNL_TEST_FALLBACK_H
#define ZSWAPNL_TEST_FALLBACK_H

#include <stdint.h>

#include "zswapnl.h"

/* A FALLBACK handle reading under @root (a path below the source tree if relative) */
struct zswapnl *fb_open(const char *root);
/* The inode number of @dir below @root's sys/fs/cgroup: its cgroup id there */
uint64_t fb_cgroup_id(const char *root, const char *dir);
/* The memcg of @list with path @path, or NULL */
const struct zswapnl_memcg *fb_find(const struct zswapnl_memcg_list *list, const char *path);

#endif /* ZSWAPNL_TEST_FALLBACK_H */
