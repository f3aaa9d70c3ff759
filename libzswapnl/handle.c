// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * A handle: its source, chosen at open time, and what that source needs.
 * AUTO takes the netlink family when the kernel has it, and the files
 * otherwise; NETLINK fails with -EOPNOTSUPP where there is no family.
 */

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "internal.h"

static int set_root(struct zswapnl *h, const char *root, struct zswapnl_error *err)
{
	size_t len;

	if (!root)
		root = "/";
	len = strlen(root);
	while (len && root[len - 1] == '/')
		len--;
	h->root = strndup(root, len);
	if (!h->root)
		return znl_err(err, -ENOMEM, NULL, "out of memory");
	return 0;
}

/* Errors of znl_nl_open() that mean the kernel has no such family */
static bool family_absent(int ret)
{
	return ret == -ENOENT || ret == -EAFNOSUPPORT || ret == -EPROTONOSUPPORT;
}

int zswapnl_open(struct zswapnl **handle, const struct zswapnl_options *opts,
		 struct zswapnl_error *err)
{
	enum zswapnl_mode mode = ZSWAPNL_MODE_AUTO;
	const char *root = NULL;
	struct zswapnl *h;
	int ret;

	znl_err_clear(err);
	if (!handle)
		return znl_err(err, -EINVAL, NULL, "no place for the handle");
	*handle = NULL;
	if (opts) {
		ret = znl_check_size(opts->struct_size, ZNL_OPTIONS_SIZE_V1, "options", err);
		if (ret)
			return ret;
		mode = opts->mode;
		root = opts->root;
	}
	if (mode != ZSWAPNL_MODE_AUTO && mode != ZSWAPNL_MODE_NETLINK &&
	    mode != ZSWAPNL_MODE_FALLBACK)
		return znl_err(err, -EINVAL, NULL, "unknown mode %d", (int)mode);

	h = calloc(1, sizeof(*h));
	if (!h)
		return znl_err(err, -ENOMEM, NULL, "out of memory");
	h->page_size = sysconf(_SC_PAGESIZE);
	if (h->page_size <= 0)
		h->page_size = 4096;
	ret = set_root(h, root, err);
	if (ret)
		goto fail;

	h->source = ZSWAPNL_SOURCE_FALLBACK;
	if (mode != ZSWAPNL_MODE_FALLBACK) {
		ret = znl_nl_open(h, err);
		if (!ret) {
			h->source = ZSWAPNL_SOURCE_NETLINK;
		} else if (family_absent(ret)) {
			znl_nl_close(h);
			if (mode == ZSWAPNL_MODE_NETLINK) {
				ret = znl_err(err, -EOPNOTSUPP, NULL,
					      "the kernel has no \"zswap\" generic netlink family");
				goto fail;
			}
			znl_err_clear(err);
		} else {
			goto fail;
		}
	}
	*handle = h;
	return 0;

fail:
	zswapnl_close(h);
	return ret;
}

void zswapnl_close(struct zswapnl *handle)
{
	if (!handle)
		return;
	znl_nl_close(handle);
	free(handle->root);
	free(handle);
}

enum zswapnl_source zswapnl_source(const struct zswapnl *handle)
{
	return handle ? handle->source : 0;
}
