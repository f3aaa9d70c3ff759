// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * The calls of zswapnl.h: argument and struct_size checks, then the
 * handle's source, then the copy into the caller's struct.
 */

#include <errno.h>
#include <fcntl.h>
#include <libmnl/libmnl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <limits.h>
#include <sys/stat.h>
#include <unistd.h>

#include "internal.h"

#define ZNL_SET_ALL                                                                          \
	(ZSWAPNL_SET_COMPRESSOR | ZSWAPNL_SET_ZPOOL | ZSWAPNL_SET_ENABLED |                  \
	 ZSWAPNL_SET_MAX_POOL_PERCENT | ZSWAPNL_SET_ACCEPT_THRESHOLD_PERCENT)

/* build.mk sets it from LIBZSWAPNL_VERSION, which also names the .so and the .pc */
const char *zswapnl_version(void)
{
	return ZSWAPNL_LIB_VERSION;
}

static bool is_netlink(const struct zswapnl *h)
{
	return h->source == ZSWAPNL_SOURCE_NETLINK;
}

int zswapnl_get_global(struct zswapnl *handle, struct zswapnl_global *global,
		       struct zswapnl_error *err)
{
	struct zswapnl_global g;
	int ret;

	znl_err_clear(err);
	if (!handle || !global)
		return znl_err(err, -EINVAL, NULL, "no handle or no struct to fill");
	ret = znl_check_size(global->struct_size, ZNL_GLOBAL_SIZE_V1, "zswapnl_global", err);
	if (ret)
		return ret;

	memset(&g, 0, sizeof(g));
	g.struct_size = sizeof(g);
	if (is_netlink(handle))
		ret = znl_nl_get_global(handle, &g, err);
	else
		ret = znl_fb_get_global(handle, &g, err);
	if (ret) {
		memset(&g, 0, sizeof(g));
		g.struct_size = sizeof(g);
	} else {
		znl_read_vmstat(handle, &g);
	}
	znl_copy_out(global, &g, sizeof(g));
	znl_field_mask_known(&znl_global_table, global);
	return ret;
}

/* Whether the memcg calls read the family */
static bool memcg_netlink(const struct zswapnl *h)
{
	return h->memcg_source == ZSWAPNL_SOURCE_NETLINK;
}

/*
 * Whether a netlink memcg read that returned @ret should be read from the
 * files instead: the kernel refused this process (memcg-get needs
 * CAP_SYS_ADMIN in the initial user namespace) and AUTO may fall back. The
 * handle's later memcg calls then go to the files directly.
 */
static bool memcg_refused(struct zswapnl *h, int ret, struct zswapnl_error *err)
{
	if (ret != -EPERM || h->mode != ZSWAPNL_MODE_AUTO)
		return false;
	h->memcg_source = ZSWAPNL_SOURCE_FALLBACK;
	znl_err_clear(err);
	return true;
}

/*
 * A netlink read of memcg @id into @m: true when the family answered (*@ret
 * its result), false when it refused this process and @m is empty again
 * for the files to fill
 */
static bool nl_memcg_answered(struct zswapnl *h, uint64_t id, struct zswapnl_memcg *m,
			      int *ret, struct zswapnl_error *err)
{
	*ret = znl_nl_get_memcg(h, id, m, err);
	if (!memcg_refused(h, *ret, err))
		return true;
	zswapnl_memcg_free(m);
	znl_memcg_reset(m);
	return false;
}

/* Hand @m over to the caller's @memcg, or an empty one after an error */
static int memcg_out(struct zswapnl_memcg *memcg, struct zswapnl_memcg *m, int ret)
{
	if (ret) {
		zswapnl_memcg_free(m);
		znl_memcg_reset(m);
	}
	znl_copy_out(memcg, m, sizeof(*m));
	znl_field_mask_known(&znl_memcg_table, memcg);
	return ret;
}

static int memcg_args(struct zswapnl *handle, struct zswapnl_memcg *memcg,
		      struct zswapnl_error *err)
{
	znl_err_clear(err);
	if (!handle || !memcg)
		return znl_err(err, -EINVAL, NULL, "no handle or no struct to fill");
	return znl_check_size(memcg->struct_size, ZNL_MEMCG_SIZE_V1, "zswapnl_memcg", err);
}

int zswapnl_get_memcg(struct zswapnl *handle, uint64_t id, struct zswapnl_memcg *memcg,
		      struct zswapnl_error *err)
{
	struct zswapnl_memcg m;
	int ret;

	ret = memcg_args(handle, memcg, err);
	if (ret)
		return ret;
	znl_memcg_reset(&m);
	if (memcg_netlink(handle)) {
		if (nl_memcg_answered(handle, id, &m, &ret, err))
			return memcg_out(memcg, &m, ret);
	}
	ret = znl_fb_get_memcg(handle, id, &m, err);
	return memcg_out(memcg, &m, ret);
}

/* The cgroup id of @path, from its folder: what a netlink read by path asks for */
static int cgroup_path_id(struct zswapnl *h, const char *path, uint64_t *id,
			  struct zswapnl_error *err)
{
	struct stat st;
	char *rel;
	int fd;

	fd = znl_cgroup_open(h, path, &rel, &st, err);
	if (fd < 0)
		return fd;
	*id = znl_cgroup_id(fd, &st);
	close(fd);
	free(rel);
	return 0;
}

int zswapnl_get_memcg_by_path(struct zswapnl *handle, const char *path,
			      struct zswapnl_memcg *memcg, struct zswapnl_error *err)
{
	struct zswapnl_memcg m;
	uint64_t id;
	int ret;

	ret = memcg_args(handle, memcg, err);
	if (ret)
		return ret;
	znl_memcg_reset(&m);
	if (memcg_netlink(handle)) {
		/* Only the family's refusal sends the handle to the files */
		ret = cgroup_path_id(handle, path, &id, err);
		if (ret)
			return memcg_out(memcg, &m, ret);
		if (nl_memcg_answered(handle, id, &m, &ret, err))
			return memcg_out(memcg, &m, ret);
	}
	ret = znl_fb_get_memcg_by_path(handle, path, &m, err);
	return memcg_out(memcg, &m, ret);
}

int zswapnl_list_memcgs(struct zswapnl *handle, struct zswapnl_memcg_list *list,
			struct zswapnl_error *err)
{
	struct zswapnl_memcg_list l = { 0 };
	int ret;

	znl_err_clear(err);
	if (!handle || !list)
		return znl_err(err, -EINVAL, NULL, "no handle or no list to fill");
	if (memcg_netlink(handle)) {
		ret = znl_nl_list_memcgs(handle, &l, err);
		if (memcg_refused(handle, ret, err)) {
			zswapnl_memcg_list_free(&l);
			ret = znl_fb_list_memcgs(handle, &l, err);
		}
	} else {
		ret = znl_fb_list_memcgs(handle, &l, err);
	}
	if (ret)
		zswapnl_memcg_list_free(&l);
	*list = l;
	return ret;
}

int zswapnl_set_params(struct zswapnl *handle, const struct zswapnl_params *params,
		       struct zswapnl_error *err)
{
	struct zswapnl_params p;
	int ret;

	znl_err_clear(err);
	if (!handle || !params)
		return znl_err(err, -EINVAL, NULL, "no handle or no parameters");
	ret = znl_check_size(params->struct_size, ZNL_PARAMS_SIZE_V1, "zswapnl_params", err);
	if (ret)
		return ret;
	memcpy(&p, params, sizeof(p));
	if (p.set & ~ZNL_SET_ALL)
		return znl_err(err, -EINVAL, NULL, "unknown bits 0x%x in set",
			       p.set & ~ZNL_SET_ALL);
	if (!p.set)
		return znl_err(err, -EINVAL, NULL, "no parameter to set");
	if (is_netlink(handle))
		return znl_nl_set_params(handle, &p, err);
	return znl_fb_set_params(handle, &p, err);
}

/*
 * A memcg's settings are written to its cgroup files, with either source:
 * cgroupfs applies the file's mode, delegation, security modules and
 * fsnotify, which the family does not offer a way around.
 */
int zswapnl_set_memcg_zswap_max(struct zswapnl *handle, uint64_t id, uint64_t max_bytes,
				struct zswapnl_error *err)
{
	znl_err_clear(err);
	if (!handle)
		return znl_err(err, -EINVAL, NULL, "no handle");
	return znl_fb_set_memcg_zswap_max(handle, id, max_bytes, err);
}

int zswapnl_set_memcg_writeback(struct zswapnl *handle, uint64_t id, bool writeback,
				struct zswapnl_error *err)
{
	znl_err_clear(err);
	if (!handle)
		return znl_err(err, -EINVAL, NULL, "no handle");
	return znl_fb_set_memcg_writeback(handle, id, writeback, err);
}

static int no_events(struct zswapnl_error *err)
{
	return znl_err(err, -EOPNOTSUPP, NULL,
		       "events need the zswap netlink family, which this kernel lacks");
}

int zswapnl_subscribe(struct zswapnl *handle, struct zswapnl_error *err)
{
	znl_err_clear(err);
	if (!handle)
		return znl_err(err, -EINVAL, NULL, "no handle");
	if (!is_netlink(handle))
		return no_events(err);
	return znl_nl_subscribe(handle, err);
}

int zswapnl_event_fd(const struct zswapnl *handle)
{
	if (!handle)
		return -EINVAL;
	if (!is_netlink(handle))
		return -EOPNOTSUPP;
	if (!handle->subscribed && !handle->memcg_subscribed)
		return -EINVAL;
	return mnl_socket_get_fd(handle->nl);
}

int zswapnl_read_event(struct zswapnl *handle, struct zswapnl_event *event,
		       struct zswapnl_error *err)
{
	struct zswapnl_event ev;
	uint32_t size;
	int ret;

	znl_err_clear(err);
	if (!handle || !event)
		return znl_err(err, -EINVAL, NULL, "no handle or no struct to fill");
	ret = znl_check_size(event->struct_size, ZNL_EVENT_SIZE_V1, "zswapnl_event", err);
	if (ret)
		return ret;
	if (!is_netlink(handle))
		return no_events(err);

	memset(&ev, 0, sizeof(ev));
	ev.struct_size = sizeof(ev);
	ev.state.struct_size = sizeof(ev.state);
	ret = znl_nl_read_event(handle, &ev, err);
	if (ret == 1)
		znl_read_vmstat(handle, &ev.state);
	else
		memset(&ev.state, 0, sizeof(ev.state));
	/* state is the last member: it gets what the caller's struct has left */
	size = event->struct_size;
	znl_copy_out(event, &ev, sizeof(ev));
	event->state.struct_size = size - offsetof(struct zswapnl_event, state);
	znl_field_mask_known(&znl_global_table, &event->state);
	return ret;
}

int zswapnl_subscribe_memcg_events(struct zswapnl *handle, struct zswapnl_error *err)
{
	znl_err_clear(err);
	if (!handle)
		return znl_err(err, -EINVAL, NULL, "no handle");
	if (!is_netlink(handle))
		return no_events(err);
	return znl_nl_subscribe_memcg(handle, err);
}

int zswapnl_read_memcg_event(struct zswapnl *handle, struct zswapnl_memcg_event *event,
			     struct zswapnl_error *err)
{
	struct zswapnl_memcg_event ev;
	uint32_t size;
	int ret;

	znl_err_clear(err);
	if (!handle || !event)
		return znl_err(err, -EINVAL, NULL, "no handle or no struct to fill");
	ret = znl_check_size(event->struct_size, ZNL_MEMCG_EVENT_SIZE_V14, "zswapnl_memcg_event",
			     err);
	if (ret)
		return ret;
	if (!is_netlink(handle))
		return no_events(err);

	ret = znl_nl_read_memcg_event(handle, &ev, err);
	if (ret != 1)
		memset(&ev, 0, sizeof(ev));
	/* memcg is the last member: it gets what the caller's struct has left */
	size = event->struct_size;
	znl_copy_out(event, &ev, sizeof(ev));
	event->memcg.struct_size = size - offsetof(struct zswapnl_memcg_event, memcg);
	znl_field_mask_known(&znl_memcg_table, &event->memcg);
	return ret;
}
