// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * zswap's counters and parameters without the netlink family: the module
 * parameters in /sys/module/zswap/parameters, the counters in
 * /sys/kernel/debug/zswap (root only, and only with debugfs mounted), the
 * pool limit from /proc/meminfo. What cannot be read stays unknown.
 */

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "internal.h"

#define PARAMS_DIR "/sys/module/zswap/parameters"
#define DEBUGFS_DIR "/sys/kernel/debug/zswap"

/*
 * The debugfs counters. zero_pages is only on kernels that store zero pages
 * apart; the stock kernel's same_filled_pages counts pages of any repeated
 * word, which are not zero pages, so it is not read at all.
 */
static const struct {
	const char *file;
	unsigned int field;
	size_t offset;
} debugfs_counters[] = {
#define COUNTER(f, m) { #m, f, offsetof(struct zswapnl_global, m) }
	COUNTER(ZSWAPNL_G_STORED_PAGES, stored_pages),
	COUNTER(ZSWAPNL_G_ZERO_PAGES, zero_pages),
	COUNTER(ZSWAPNL_G_POOL_TOTAL_SIZE, pool_total_size),
	COUNTER(ZSWAPNL_G_POOL_LIMIT_HIT, pool_limit_hit),
	COUNTER(ZSWAPNL_G_REJECT_RECLAIM_FAIL, reject_reclaim_fail),
	COUNTER(ZSWAPNL_G_REJECT_ALLOC_FAIL, reject_alloc_fail),
	COUNTER(ZSWAPNL_G_REJECT_KMEMCACHE_FAIL, reject_kmemcache_fail),
	COUNTER(ZSWAPNL_G_REJECT_COMPRESS_POOR, reject_compress_poor),
	COUNTER(ZSWAPNL_G_WRITTEN_BACK_PAGES, written_back_pages),
	COUNTER(ZSWAPNL_G_DUPLICATE_ENTRY, duplicate_entry),
#undef COUNTER
};

static void read_counters(struct zswapnl *h, struct zswapnl_global *g)
{
	char path[4096];
	uint64_t val;
	size_t i;

	for (i = 0; i < ZNL_ARRAY_SIZE(debugfs_counters); i++) {
		if (znl_path(h, path, sizeof(path), DEBUGFS_DIR "/%s", debugfs_counters[i].file) ||
		    znl_read_u64(path, &val))
			continue;
		memcpy((char *)g + debugfs_counters[i].offset, &val, sizeof(val));
		g->known |= ZNL_BIT(debugfs_counters[i].field);
	}
}

static int read_param(struct zswapnl *h, const char *name, char *buf, size_t size)
{
	char path[4096];
	int ret;

	ret = znl_path(h, path, sizeof(path), PARAMS_DIR "/%s", name);
	return ret ?: znl_read_line(path, buf, size);
}

static void read_percent(struct zswapnl *h, const char *name, uint32_t *val,
			 unsigned int field, struct zswapnl_global *g)
{
	char buf[32];
	uint64_t v;

	if (read_param(h, name, buf, sizeof(buf)) || znl_parse_u64(buf, &v) || v > UINT32_MAX)
		return;
	*val = v;
	g->known |= ZNL_BIT(field);
}

static void read_params(struct zswapnl *h, struct zswapnl_global *g)
{
	char buf[64];

	/* param_get_bool() shows Y or N */
	if (!read_param(h, "enabled", buf, sizeof(buf))) {
		if (!strcmp(buf, "Y") || !strcmp(buf, "1")) {
			g->enabled = true;
			g->known |= ZNL_BIT(ZSWAPNL_G_ENABLED);
		} else if (!strcmp(buf, "N") || !strcmp(buf, "0")) {
			g->known |= ZNL_BIT(ZSWAPNL_G_ENABLED);
		}
	}
	/* A name longer than the struct holds stays unknown, not cut */
	if (!read_param(h, "compressor", g->compressor, sizeof(g->compressor)))
		g->known |= ZNL_BIT(ZSWAPNL_G_COMPRESSOR);
	else
		g->compressor[0] = '\0';
	if (!read_param(h, "zpool", g->zpool, sizeof(g->zpool)))
		g->known |= ZNL_BIT(ZSWAPNL_G_ZPOOL);
	else
		g->zpool[0] = '\0';
	read_percent(h, "max_pool_percent", &g->max_pool_percent, ZSWAPNL_G_MAX_POOL_PERCENT, g);
	read_percent(h, "accept_threshold_percent", &g->accept_threshold_percent,
		     ZSWAPNL_G_ACCEPT_THRESHOLD_PERCENT, g);
}

/*
 * The pool limit as zswap computes it: totalram_pages() * max_pool_percent
 * / 100 * PAGE_SIZE, with MemTotal being totalram_pages() in kB.
 */
static void read_pool_limit(struct zswapnl *h, struct zswapnl_global *g)
{
	char path[4096], *text;
	uint64_t kb, pages;

	if (!(g->known & ZNL_BIT(ZSWAPNL_G_MAX_POOL_PERCENT)) ||
	    znl_path(h, path, sizeof(path), "/proc/meminfo") || znl_read_text(path, &text, NULL))
		return;
	if (!znl_kv_u64(text, "MemTotal", &kb)) {
		pages = kb * 1024 / h->page_size;
		g->pool_limit_bytes = pages * g->max_pool_percent / 100 * h->page_size;
		g->known |= ZNL_BIT(ZSWAPNL_G_POOL_LIMIT_BYTES);
	}
	free(text);
}

int znl_fb_get_global(struct zswapnl *h, struct zswapnl_global *g, struct zswapnl_error *err)
{
	char path[4096];
	struct stat st;
	int ret;

	ret = znl_path(h, path, sizeof(path), PARAMS_DIR);
	if (ret)
		return znl_err(err, ret, NULL, "the root path is too long");
	if (stat(path, &st))
		return znl_err_sys(err, -errno, NULL, "find zswap's parameters in", path);

	read_params(h, g);
	read_counters(h, g);
	read_pool_limit(h, g);
	return 0;
}

/* The parameters in the order the kernel applies them */
static int write_param(struct zswapnl *h, const char *file, const char *attr, const char *val,
		       struct zswapnl_error *err)
{
	char path[4096];
	int ret;

	if (!val)
		return znl_err(err, -EINVAL, attr, "%s: no value given", attr);
	ret = znl_path(h, path, sizeof(path), PARAMS_DIR "/%s", file);
	if (ret)
		return znl_err(err, ret, attr, "the root path is too long");
	ret = znl_write_text(path, val);
	if (ret)
		return znl_err_sys(err, ret, attr, "write", path);
	return 0;
}

int znl_fb_set_params(struct zswapnl *h, const struct zswapnl_params *p,
		      struct zswapnl_error *err)
{
	char num[16];
	int ret = 0;

	if (p->set & ZSWAPNL_SET_COMPRESSOR)
		ret = write_param(h, "compressor", "compressor", p->compressor, err);
	if (!ret && (p->set & ZSWAPNL_SET_ZPOOL))
		ret = write_param(h, "zpool", "zpool", p->zpool, err);
	if (!ret && (p->set & ZSWAPNL_SET_ENABLED))
		ret = write_param(h, "enabled", "enabled", p->enabled ? "Y" : "N", err);
	if (!ret && (p->set & ZSWAPNL_SET_MAX_POOL_PERCENT)) {
		snprintf(num, sizeof(num), "%" PRIu32, p->max_pool_percent);
		ret = write_param(h, "max_pool_percent", "max-pool-percent", num, err);
	}
	if (!ret && (p->set & ZSWAPNL_SET_ACCEPT_THRESHOLD_PERCENT)) {
		snprintf(num, sizeof(num), "%" PRIu32, p->accept_threshold_percent);
		ret = write_param(h, "accept_threshold_percent", "accept-threshold-percent", num,
				  err);
	}
	return ret;
}
