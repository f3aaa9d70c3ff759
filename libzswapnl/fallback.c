// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * zswap's counters and parameters without the netlink family: the module
 * parameters in /sys/module/zswap/parameters, the counters in
 * /sys/kernel/debug/zswap (root only, and only with debugfs mounted), the
 * pool limit, and without debugfs the pool and stored sizes, from
 * /proc/meminfo; which field is where is the table of fields.c. What
 * cannot be read stays unknown.
 */

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/statfs.h>

#include "internal.h"

#define PARAMS_DIR "/sys/module/zswap/parameters"

#ifndef DEBUGFS_MAGIC
#define DEBUGFS_MAGIC 0x64626720
#endif

/*
 * A parameter's file: enabled as param_get_bool() shows it (Y or N), a
 * name as it is (one longer than the struct holds stays unknown, not cut),
 * a percentage as a number
 */
static void read_param(struct zswapnl *h, const struct znl_field *d,
		       struct zswapnl_global *g)
{
	char path[4096], buf[64];
	uint64_t v;
	int ret;

	ret = znl_path(h, path, sizeof(path), "%s", d->info.file);
	if (!ret)
		ret = znl_read_line(h, path, buf, sizeof(buf));
	/* Longer than any value of the field, or several lines */
	if (ret == -EOVERFLOW)
		ret = d->info.unit == ZSWAPNL_UNIT_NAME ? -ERANGE : -EBADMSG;
	if (ret) {
		znl_global_unknown(g, d->info.field, ret);
		return;
	}
	switch (d->info.unit) {
	case ZSWAPNL_UNIT_BOOL:
		if (!strcmp(buf, "Y") || !strcmp(buf, "1"))
			znl_global_set_u64(g, d, 1);
		else if (!strcmp(buf, "N") || !strcmp(buf, "0"))
			znl_global_set_u64(g, d, 0);
		else
			znl_global_unknown(g, d->info.field, -EBADMSG);
		break;
	case ZSWAPNL_UNIT_NAME:
		if (strlen(buf) < d->size)
			znl_field_set_name(&znl_global_table, g, d, buf);
		else
			znl_global_unknown(g, d->info.field, -ERANGE);
		break;
	default:
		ret = znl_parse_u64(buf, &v);
		if (!ret && v > UINT32_MAX)
			ret = -ERANGE;
		if (!ret)
			znl_global_set_u64(g, d, v);
		else
			znl_global_unknown(g, d->info.field, ret == -ERANGE ? ret : -EBADMSG);
		break;
	}
}

/*
 * Why a debugfs file is not there: -ENODEV when debugfs is not mounted on
 * the running system's /sys/kernel/debug, -ENOENT otherwise (a recorded
 * tree is no mount: it merely lacks the file)
 */
static int debugfs_absent(const struct zswapnl *h)
{
	struct statfs sf;

	if (*h->root)
		return -ENOENT;
	if (statfs("/sys/kernel/debug", &sf) || sf.f_type != DEBUGFS_MAGIC)
		return -ENODEV;
	return -ENOENT;
}

static void read_debugfs(struct zswapnl *h, const struct znl_field *d,
			 struct zswapnl_global *g)
{
	char path[4096], buf[64];
	uint64_t val;
	int ret;

	ret = znl_path(h, path, sizeof(path), "%s", d->info.file);
	if (!ret)
		ret = znl_read_line(h, path, buf, sizeof(buf));
	if (!ret)
		ret = znl_parse_u64(buf, &val);
	if (!ret) {
		znl_global_set_u64(g, d, val);
		return;
	}
	if (ret == -ENOENT)
		ret = debugfs_absent(h);
	else if (ret == -EINVAL || ret == -EOVERFLOW)
		ret = -EBADMSG;
	znl_global_unknown(g, d->info.field, ret);
}

/*
 * What debugfs did not give (not mounted, or not root) and /proc/meminfo
 * has, readable by anyone: Zswap, the pool's pages, and Zswapped, the
 * stored pages, both in kB (since Linux 5.19, so on every kernel with
 * memory.zswap.*)
 */
static void read_meminfo(struct zswapnl *h, const char *text, const struct znl_field *d,
			 struct zswapnl_global *g)
{
	uint64_t kb;

	/* Where it is not there either, what debugfs said is the reason */
	if (g->known & ZNL_BIT(d->info.field) || znl_kv_u64(text, d->meminfo, &kb) ||
	    kb > UINT64_MAX / 1024)
		return;
	if (d->info.unit == ZSWAPNL_UNIT_PAGES && h->page_size)
		znl_global_set_u64(g, d, kb * 1024 / h->page_size);
	else if (d->info.unit != ZSWAPNL_UNIT_PAGES)
		znl_global_set_u64(g, d, kb * 1024);
}

/* The parameters, the debugfs counters, then what meminfo adds */
static void read_fields(struct zswapnl *h, struct zswapnl_global *g)
{
	const struct znl_field *d;
	char path[4096], *meminfo = NULL;
	size_t i;

	for (i = 0; (d = znl_global_field(i)); i++) {
		if (d->from == ZNL_FROM_PARAM)
			read_param(h, d, g);
		else if (d->from == ZNL_FROM_DEBUGFS)
			read_debugfs(h, d, g);
	}
	if (znl_path(h, path, sizeof(path), "/proc/meminfo") ||
	    znl_read_text(h, path, &meminfo, NULL))
		return;
	for (i = 0; (d = znl_global_field(i)); i++)
		if (d->meminfo)
			read_meminfo(h, meminfo, d, g);
	free(meminfo);
}

/*
 * The pool limit as zswap computes it: totalram_pages() * max_pool_percent
 * / 100 * PAGE_SIZE, with MemTotal being totalram_pages() in kB.
 */
static void read_pool_limit(struct zswapnl *h, struct zswapnl_global *g)
{
	const enum zswapnl_global_field f = ZSWAPNL_G_POOL_LIMIT_BYTES;
	uint64_t kb, pages, bytes;
	char path[4096], *text;
	int ret;

	/* Without max_pool_percent, for the reason it has */
	if (!(g->known & ZNL_BIT(ZSWAPNL_G_MAX_POOL_PERCENT))) {
		znl_global_unknown(g, f, g->unknown[ZSWAPNL_G_MAX_POOL_PERCENT]);
		return;
	}
	/* It is a whole number of pages */
	if (!h->page_size) {
		znl_global_unknown(g, f, h->page_size_error);
		return;
	}
	ret = znl_path(h, path, sizeof(path), "/proc/meminfo");
	if (!ret)
		ret = znl_read_text(h, path, &text, NULL);
	if (ret) {
		znl_global_unknown(g, f, ret);
		return;
	}
	ret = znl_kv_u64(text, "MemTotal", &kb);
	free(text);
	/* Every meminfo has a MemTotal */
	if (ret == -ENOENT || ret == -EINVAL)
		ret = -EBADMSG;
	/* A MemTotal no machine has overflows: unknown, not a wrapped value */
	if (!ret && kb > UINT64_MAX / 1024)
		ret = -ERANGE;
	if (!ret) {
		pages = kb * 1024 / h->page_size;
		if (__builtin_mul_overflow(pages, (uint64_t)g->max_pool_percent, &pages) ||
		    __builtin_mul_overflow(pages / 100, (uint64_t)h->page_size, &bytes))
			ret = -ERANGE;
	}
	if (ret)
		znl_global_unknown(g, f, ret);
	else
		znl_global_set_u64(g, znl_field_of(&znl_global_table, f), bytes);
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

	read_fields(h, g);
	read_pool_limit(h, g);
	return 0;
}

/*
 * Setting several parameters through their files is all or none, as one
 * netlink request is: every value is checked and every file's old value
 * read before the first write; when a write fails, the files written
 * before it get their old values back, last first. The kernel judges a
 * compressor or a zpool name only when it is written, so that is where a
 * failure comes from in practice.
 */
#define VALUE_MAX 64

struct param_write {
	const char *file;	/* in PARAMS_DIR */
	const char *attr;	/* its name in the spec, for errors */
	const char *gone;	/* why a kernel may have no such file, or NULL */
	char path[4096];
	char val[VALUE_MAX];	/* what to write */
	char old[VALUE_MAX];	/* what the file held */
};

/* A compressor or zpool name: what the kernel could take, and fits its struct */
static int check_name(const char *attr, const char *val, size_t size,
		      struct zswapnl_error *err)
{
	const unsigned char *p;

	if (!val)
		return znl_err(err, -EINVAL, attr, "%s: no value given", attr);
	if (!*val)
		return znl_err(err, -EINVAL, attr, "%s: an empty name", attr);
	for (p = (const unsigned char *)val; *p; p++)
		if (*p <= ' ' || *p == '/' || *p == 0x7f)
			return znl_err(err, -EINVAL, attr,
				       "%s: a name without spaces, slashes or control characters", attr);
	if (strlen(val) >= size)
		return znl_err(err, -ERANGE, attr, "%s: a name of at most %zu bytes", attr, size - 1);
	return 0;
}

static int check_percent(const char *attr, uint32_t val, struct zswapnl_error *err)
{
	if (val > 100)
		return znl_err(err, -ERANGE, attr, "%s: %" PRIu32 " is above 100", attr, val);
	return 0;
}

/* The writes @p asks for, in the order the kernel applies them: their count, or an error */
static int plan_writes(const struct zswapnl_params *p, struct param_write *w,
		       struct zswapnl_error *err)
{
	struct zswapnl_global g;
	int n = 0, ret;

	if (p->set & ZSWAPNL_SET_COMPRESSOR) {
		ret = check_name("compressor", p->compressor, sizeof(g.compressor), err);
		if (ret)
			return ret;
		w[n].file = "compressor";
		w[n].attr = "compressor";
		snprintf(w[n++].val, VALUE_MAX, "%s", p->compressor);
	}
	if (p->set & ZSWAPNL_SET_ZPOOL) {
		ret = check_name("zpool", p->zpool, sizeof(g.zpool), err);
		if (ret)
			return ret;
		w[n].file = "zpool";
		w[n].attr = "zpool";
		w[n].gone = znl_no_zpool_words;
		snprintf(w[n++].val, VALUE_MAX, "%s", p->zpool);
	}
	if (p->set & ZSWAPNL_SET_ENABLED) {
		w[n].file = "enabled";
		w[n].attr = "enabled";
		snprintf(w[n++].val, VALUE_MAX, "%s", p->enabled ? "Y" : "N");
	}
	if (p->set & ZSWAPNL_SET_MAX_POOL_PERCENT) {
		ret = check_percent("max-pool-percent", p->max_pool_percent, err);
		if (ret)
			return ret;
		w[n].file = "max_pool_percent";
		w[n].attr = "max-pool-percent";
		snprintf(w[n++].val, VALUE_MAX, "%" PRIu32, p->max_pool_percent);
	}
	if (p->set & ZSWAPNL_SET_ACCEPT_THRESHOLD_PERCENT) {
		ret = check_percent("accept-threshold-percent", p->accept_threshold_percent, err);
		if (ret)
			return ret;
		w[n].file = "accept_threshold_percent";
		w[n].attr = "accept-threshold-percent";
		snprintf(w[n++].val, VALUE_MAX, "%" PRIu32, p->accept_threshold_percent);
	}
	return n;
}

/*
 * Each file's path and old value. A file that is not there is a parameter
 * this kernel does not have: -EOPNOTSUPP, in the words of why where they
 * are known (6.18 has no zpool layer), which the family's extack says too.
 * A value that cannot be read could not be put back, so nothing is
 * written then either.
 */
static int read_old_values(struct zswapnl *h, struct param_write *w, int n,
			   struct zswapnl_error *err)
{
	int i, ret;

	for (i = 0; i < n; i++) {
		ret = znl_path(h, w[i].path, sizeof(w[i].path), PARAMS_DIR "/%s", w[i].file);
		if (ret)
			return znl_err(err, ret, w[i].attr, "the root path is too long");
		ret = znl_read_line(h, w[i].path, w[i].old, sizeof(w[i].old));
		if (ret == -ENOENT && w[i].gone)
			return znl_err(err, -EOPNOTSUPP, w[i].attr, "%s", w[i].gone);
		if (ret == -ENOENT)
			return znl_err(err, -EOPNOTSUPP, w[i].attr,
				       "this kernel has no zswap parameter %s (no %s)", w[i].file,
				       w[i].path);
		if (ret)
			return znl_err_sys(err, ret, w[i].attr, "read", w[i].path);
	}
	return 0;
}

/*
 * Put back the old values of the first @n writes, last first. @err, which
 * says why write @n failed, gets what was set back, and what was not.
 */
static void undo_writes(const struct zswapnl *h, const struct param_write *w, int n,
			struct zswapnl_error *err)
{
	char back[128] = "", stuck[128] = "", why[64];
	size_t nb = 0, ns = 0;
	int i, ret;

	for (i = n - 1; i >= 0; i--) {
		/* Written with the value it had: nothing to put back */
		if (!strcmp(w[i].old, w[i].val))
			continue;
		ret = znl_write_text(h, w[i].path, w[i].old);
		if (!ret) {
			nb += snprintf(back + nb, nb < sizeof(back) ? sizeof(back) - nb : 0, "%s%s",
				       nb ? ", " : "", w[i].attr);
		} else {
			ns += snprintf(stuck + ns, ns < sizeof(stuck) ? sizeof(stuck) - ns : 0,
				       "%s%s (%s)", ns ? ", " : "", w[i].attr,
				       strerror_r(-ret, why, sizeof(why)));
		}
	}
	if (!err || (!nb && !ns))
		return;
	nb = strlen(err->msg);
	if (back[0])
		nb += snprintf(err->msg + nb, nb < sizeof(err->msg) ? sizeof(err->msg) - nb : 0,
			       "; set back: %s", back);
	if (stuck[0] && nb < sizeof(err->msg))
		snprintf(err->msg + nb, sizeof(err->msg) - nb, "; NOT set back: %s", stuck);
}

int znl_fb_set_params(struct zswapnl *h, const struct zswapnl_params *p,
		      struct zswapnl_error *err)
{
	struct param_write w[5];
	int i, n, ret;

	memset(w, 0, sizeof(w));
	n = plan_writes(p, w, err);
	if (n < 0)
		return n;
	ret = read_old_values(h, w, n, err);
	if (ret)
		return ret;
	for (i = 0; i < n; i++) {
		ret = znl_write_text(h, w[i].path, w[i].val);
		if (ret) {
			znl_err_sys(err, ret, w[i].attr, "write", w[i].path);
			undo_writes(h, w, i, err);
			return ret;
		}
	}
	return 0;
}
