// SPDX-License-Identifier: LGPL-2.1-or-later
/* The calls of the API over the "zswap" generic netlink family */

#include <errno.h>
#include <libmnl/libmnl.h>
#include <linux/genetlink.h>
#include <linux/zswap.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"

struct global_reply {
	struct zswapnl_global *global;
	bool got;
};

static int global_cb(const struct nlmsghdr *nlh, void *data, struct zswapnl_error *err)
{
	struct global_reply *r = data;

	r->got = true;
	return znl_decode_global(nlh, nlh->nlmsg_len, r->global, err);
}

int znl_nl_get_global(struct zswapnl *h, struct zswapnl_global *g, struct zswapnl_error *err)
{
	struct global_reply r = { .global = g };
	int ret;

	znl_req_start(h, h->family, NLM_F_ACK, ZSWAP_CMD_GET, ZSWAP_FAMILY_VERSION);
	ret = znl_req_run(h, global_cb, &r, err);
	if (!ret && !r.got)
		ret = znl_err(err, -EBADMSG, NULL, "the kernel sent no get reply");
	return ret;
}

struct memcg_reply {
	struct zswapnl_memcg *memcg;
	bool got;
};

static int memcg_cb(const struct nlmsghdr *nlh, void *data, struct zswapnl_error *err)
{
	struct memcg_reply *r = data;

	if (r->got)
		zswapnl_memcg_free(r->memcg);
	r->got = true;
	return znl_decode_memcg(nlh, nlh->nlmsg_len, r->memcg, err);
}

int znl_nl_get_memcg(struct zswapnl *h, uint64_t id, struct zswapnl_memcg *m,
		     struct zswapnl_error *err)
{
	struct memcg_reply r = { .memcg = m };
	struct nlmsghdr *nlh;
	int ret;

	nlh = znl_req_start(h, h->family, NLM_F_ACK, ZSWAP_CMD_MEMCG_GET, ZSWAP_FAMILY_VERSION);
	znl_attr_put_uint(nlh, ZSWAP_A_MEMCG_ID, id);
	ret = znl_req_run(h, memcg_cb, &r, err);
	if (!ret && !r.got)
		ret = znl_err(err, -EBADMSG, NULL, "the kernel sent no memcg-get reply");
	return ret;
}

struct dump {
	struct zswapnl_memcg_list *list;
	size_t cap;
};

static int dump_cb(const struct nlmsghdr *nlh, void *data, struct zswapnl_error *err)
{
	struct dump *d = data;
	struct zswapnl_memcg m;
	int ret;

	ret = znl_decode_memcg(nlh, nlh->nlmsg_len, &m, err);
	if (!ret) {
		znl_list_path_bound(&m);
		ret = znl_list_append(d->list, &d->cap, &m);
		if (ret) {
			zswapnl_memcg_free(&m);
			ret = znl_err(err, ret, NULL, "out of memory");
		}
	}
	return ret;
}

/*
 * The kernel leaves the path out of a dump record whose path does not fit
 * an empty dump message (some 32 KiB with this library's buffer); a do by
 * id returns it. A memcg removed since the dump, or whose path is longer
 * than an attribute holds or than a list keeps (ZNL_LIST_PATH_MAX), keeps
 * none.
 */
static void fill_paths(struct zswapnl *h, struct zswapnl_memcg_list *list)
{
	struct zswapnl_memcg *item, m;
	size_t i;

	for (i = 0; i < list->count; i++) {
		item = list->items[i];
		/* (nor one this library left out for its length) */
		if (zswapnl_memcg_known(item, ZSWAPNL_M_PATH) ||
		    item->unknown[ZSWAPNL_M_PATH] == -ENAMETOOLONG)
			continue;
		znl_memcg_reset(&m);
		if (!znl_nl_get_memcg(h, item->id, &m, NULL))
			znl_list_path_bound(&m);
		if (zswapnl_memcg_known(&m, ZSWAPNL_M_PATH)) {
			item->path = m.path;
			item->known |= ZNL_BIT(ZSWAPNL_M_PATH);
			m.path = NULL;
		}
		zswapnl_memcg_free(&m);
	}
}

/*
 * A kernel that marks a dump NLM_F_DUMP_INTR says the memcgs changed while
 * it was read: the list may miss one or hold one twice. This series' family
 * never does (its dump resumes at the memcg id after the last it sent),
 * but the flag is the protocol's: dump again once, and a second
 * inconsistent dump gives -EAGAIN.
 */
int znl_nl_list_memcgs(struct zswapnl *h, struct zswapnl_memcg_list *list,
		       struct zswapnl_error *err)
{
	struct dump d = { .list = list };
	int ret, tries = 0;

	do {
		zswapnl_memcg_list_free(list);
		d.cap = 0;
		znl_req_start(h, h->family, NLM_F_DUMP, ZSWAP_CMD_MEMCG_GET,
			      ZSWAP_FAMILY_VERSION);
		ret = znl_req_run(h, dump_cb, &d, err);
	} while (ret == -EAGAIN && ++tries < 2);
	if (ret == -EAGAIN)
		return znl_err(err, -EAGAIN, NULL,
			       "the kernel marked two memcg dumps in a row with NLM_F_DUMP_INTR");
	if (ret)
		return ret;
	fill_paths(h, list);
	znl_list_sort(list);
	return 0;
}

/* A library explanation for a refusal the kernel did not explain */
static int admin_refused(int ret, const char *what, struct zswapnl_error *err)
{
	if ((ret == -EPERM || ret == -EACCES) && err && !err->msg[0])
		znl_err(err, ret, NULL, "setting %s needs CAP_SYS_ADMIN", what);
	return ret;
}

static int put_name(struct nlmsghdr *nlh, uint16_t type, const char *name, const char *attr,
		    struct zswapnl_error *err)
{
	if (!name)
		return znl_err(err, -EINVAL, attr, "%s: no value given", attr);
	if (!mnl_attr_put_strz_check(nlh, ZNL_REQ_SIZE, type, name))
		return znl_err(err, -EINVAL, attr, "%s: the name is too long", attr);
	return 0;
}

int znl_nl_set_params(struct zswapnl *h, const struct zswapnl_params *p,
		      struct zswapnl_error *err)
{
	struct nlmsghdr *nlh;
	int ret;

	nlh = znl_req_start(h, h->family, NLM_F_ACK, ZSWAP_CMD_SET, ZSWAP_FAMILY_VERSION);
	if (p->set & ZSWAPNL_SET_ENABLED)
		mnl_attr_put_u32(nlh, ZSWAP_A_GLOBAL_ENABLED, p->enabled ? 1 : 0);
	if (p->set & ZSWAPNL_SET_COMPRESSOR) {
		ret = put_name(nlh, ZSWAP_A_GLOBAL_COMPRESSOR, p->compressor, "compressor", err);
		if (ret)
			return ret;
	}
	if (p->set & ZSWAPNL_SET_ZPOOL) {
		ret = put_name(nlh, ZSWAP_A_GLOBAL_ZPOOL, p->zpool, "zpool", err);
		if (ret)
			return ret;
	}
	if (p->set & ZSWAPNL_SET_MAX_POOL_PERCENT)
		mnl_attr_put_u32(nlh, ZSWAP_A_GLOBAL_MAX_POOL_PERCENT, p->max_pool_percent);
	if (p->set & ZSWAPNL_SET_ACCEPT_THRESHOLD_PERCENT)
		mnl_attr_put_u32(nlh, ZSWAP_A_GLOBAL_ACCEPT_THRESHOLD_PERCENT,
				 p->accept_threshold_percent);
	return admin_refused(znl_req_run(h, NULL, NULL, err), "zswap parameters", err);
}
