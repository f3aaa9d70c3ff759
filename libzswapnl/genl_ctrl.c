// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Finding the "zswap" family through the generic netlink controller: its
 * id, whether its layout is the one this library speaks, and the ids of
 * its "events" and "memcg-events" groups. -ENOENT means the kernel has no
 * such family (an older kernel, or another network namespace).
 */

#include <errno.h>
#include <libmnl/libmnl.h>
#include <linux/genetlink.h>
#include <linux/zswap.h>
#include <string.h>

#include "internal.h"

struct family_info {
	uint16_t id;
	bool memcg_get_dumps;	/* ZSWAP_CMD_MEMCG_GET has a dump */
	uint32_t events_group;
	uint32_t memcg_events_group;
	struct zswapnl_error *err;
	bool refused;		/* mcast_group_cb() refused a group and said why */
};

/*
 * The controller's attributes this library reads, with the names of the
 * kernel's Documentation/netlink/specs/nlctrl.yaml, checked as decode.c
 * checks the family's own (znl_attr_parse_policy()); the rest is skipped.
 */
static const struct znl_attr_policy family_attrs[CTRL_ATTR_MCAST_GROUPS + 1] = {
	[CTRL_ATTR_FAMILY_ID] = { "family-id", MNL_TYPE_U16 },
	[CTRL_ATTR_FAMILY_NAME] = { "family-name", MNL_TYPE_NUL_STRING },
	[CTRL_ATTR_OPS] = { "ops", MNL_TYPE_NESTED },
	[CTRL_ATTR_MCAST_GROUPS] = { "mcast-groups", MNL_TYPE_NESTED },
};

static const struct znl_attr_policy op_attrs[CTRL_ATTR_OP_FLAGS + 1] = {
	[CTRL_ATTR_OP_ID] = { "op-id", MNL_TYPE_U32 },
	[CTRL_ATTR_OP_FLAGS] = { "op-flags", MNL_TYPE_U32 },
};

static const struct znl_attr_policy mcast_group_attrs[CTRL_ATTR_MCAST_GRP_ID + 1] = {
	[CTRL_ATTR_MCAST_GRP_NAME] = { "mcast-grp-name", MNL_TYPE_NUL_STRING },
	[CTRL_ATTR_MCAST_GRP_ID] = { "mcast-grp-id", MNL_TYPE_U32 },
};

static const struct znl_policy family_policy = ZNL_POLICY(family_attrs);
static const struct znl_policy mcast_group_policy = ZNL_POLICY(mcast_group_attrs);
static const struct znl_policy op_policy = ZNL_POLICY(op_attrs);

/*
 * One op of CTRL_ATTR_OPS, a nest whose type is its index. The family's
 * layout has no version to tell it by (a plain genetlink spec has none):
 * this library's has memcg-get as command 2, with a dump, where the
 * project's earlier draft of the family had a set without one there.
 */
static int op_cb(const struct nlattr *attr, void *data)
{
	const struct nlattr *tb[CTRL_ATTR_OP_FLAGS + 1];
	struct family_info *info = data;

	if (znl_attr_parse_nested(attr, "ops", &op_policy, tb, info->err)) {
		info->refused = true;
		return MNL_CB_ERROR;
	}
	if (tb[CTRL_ATTR_OP_ID] && tb[CTRL_ATTR_OP_FLAGS] &&
	    mnl_attr_get_u32(tb[CTRL_ATTR_OP_ID]) == ZSWAP_CMD_MEMCG_GET &&
	    (mnl_attr_get_u32(tb[CTRL_ATTR_OP_FLAGS]) & GENL_CMD_CAP_DUMP))
		info->memcg_get_dumps = true;
	return MNL_CB_OK;
}

/* The nests of @nest through @cb: 0, or -EBADMSG after a message */
static int parse_nests(const struct nlattr *nest, const char *name, mnl_attr_cb_t cb,
		       struct family_info *info)
{
	if (!nest || !znl_attr_parse(mnl_attr_get_payload(nest), mnl_attr_get_payload_len(nest),
				     cb, info))
		return 0;
	if (!info->refused)
		znl_err(info->err, -EBADMSG, name, "malformed message: truncated attribute in %s",
			name);
	return -EBADMSG;
}

/* One group of CTRL_ATTR_MCAST_GROUPS, a nest whose type is its index */
static int mcast_group_cb(const struct nlattr *attr, void *data)
{
	const struct nlattr *tb[CTRL_ATTR_MCAST_GRP_ID + 1];
	struct family_info *info = data;
	const char *name;

	if (znl_attr_parse_nested(attr, "mcast-groups", &mcast_group_policy, tb, info->err)) {
		info->refused = true;
		return MNL_CB_ERROR;
	}
	if (!tb[CTRL_ATTR_MCAST_GRP_NAME] || !tb[CTRL_ATTR_MCAST_GRP_ID])
		return MNL_CB_OK;
	name = mnl_attr_get_str(tb[CTRL_ATTR_MCAST_GRP_NAME]);
	if (!strcmp(name, ZSWAP_MCGRP_EVENTS))
		info->events_group = mnl_attr_get_u32(tb[CTRL_ATTR_MCAST_GRP_ID]);
	else if (!strcmp(name, ZSWAP_MCGRP_MEMCG_EVENTS))
		info->memcg_events_group = mnl_attr_get_u32(tb[CTRL_ATTR_MCAST_GRP_ID]);
	return MNL_CB_OK;
}

static int family_cb(const struct nlmsghdr *nlh, void *data, struct zswapnl_error *err)
{
	const struct nlattr *tb[CTRL_ATTR_MCAST_GROUPS + 1];
	struct family_info *info = data;
	const void *attrs;
	size_t attrs_len;
	uint8_t cmd;
	int ret;

	if (znl_genl_msg(nlh, nlh->nlmsg_len, &cmd, &attrs, &attrs_len))
		return znl_err(err, -EBADMSG, NULL, "malformed reply from the netlink controller");
	ret = znl_attr_parse_policy(attrs, attrs_len, &family_policy, tb, err);
	if (ret)
		return ret;
	if (tb[CTRL_ATTR_FAMILY_ID])
		info->id = mnl_attr_get_u16(tb[CTRL_ATTR_FAMILY_ID]);
	info->err = err;
	ret = parse_nests(tb[CTRL_ATTR_OPS], "ops", op_cb, info);
	return ret ? ret : parse_nests(tb[CTRL_ATTR_MCAST_GROUPS], "mcast-groups",
				       mcast_group_cb, info);
}

int znl_resolve_family(struct zswapnl *h, struct zswapnl_error *err)
{
	struct family_info info = { 0 };
	struct nlmsghdr *nlh;
	int ret;

	nlh = znl_req_start(h, GENL_ID_CTRL, NLM_F_ACK, CTRL_CMD_GETFAMILY, 1);
	mnl_attr_put_strz(nlh, CTRL_ATTR_FAMILY_NAME, ZSWAP_FAMILY_NAME);
	ret = znl_req_run(h, family_cb, &info, err);
	if (ret == -ENOENT)
		return znl_err(err, -ENOENT, NULL,
			       "the kernel has no \"%s\" generic netlink family", ZSWAP_FAMILY_NAME);
	if (ret)
		return ret;
	if (!info.id)
		return znl_err(err, -EBADMSG, NULL,
			       "the netlink controller gave no id for the \"%s\" family",
			       ZSWAP_FAMILY_NAME);
	h->family = info.id;
	h->family_ok = info.memcg_get_dumps;
	h->events_group = info.events_group;
	h->memcg_events_group = info.memcg_events_group;
	return 0;
}
