// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Finding the "zswap" family through the generic netlink controller: its
 * id, its version and the id of its "events" group. -ENOENT means the
 * kernel has no such family (an older kernel, or another network namespace).
 */

#include <errno.h>
#include <libmnl/libmnl.h>
#include <linux/genetlink.h>
#include <linux/zswap.h>
#include <string.h>

#include "internal.h"

struct family_info {
	uint16_t id;
	uint32_t version;
	uint32_t events_group;
	bool bad;
};

static int mcast_group_cb(const struct nlattr *attr, void *data)
{
	const struct nlattr **tb = data;
	int type = mnl_attr_get_type(attr);

	if (type == CTRL_ATTR_MCAST_GRP_NAME && mnl_attr_validate(attr, MNL_TYPE_NUL_STRING) == 0)
		tb[type] = attr;
	else if (type == CTRL_ATTR_MCAST_GRP_ID && mnl_attr_validate(attr, MNL_TYPE_U32) == 0)
		tb[type] = attr;
	return MNL_CB_OK;
}

static int mcast_groups_cb(const struct nlattr *attr, void *data)
{
	const struct nlattr *tb[CTRL_ATTR_MCAST_GRP_MAX + 1] = { NULL };
	struct family_info *info = data;

	if (mnl_attr_validate(attr, MNL_TYPE_NESTED) < 0 ||
	    mnl_attr_parse_nested(attr, mcast_group_cb, tb) < 0) {
		info->bad = true;
		return MNL_CB_OK;
	}
	if (tb[CTRL_ATTR_MCAST_GRP_NAME] && tb[CTRL_ATTR_MCAST_GRP_ID] &&
	    !strcmp(mnl_attr_get_str(tb[CTRL_ATTR_MCAST_GRP_NAME]), ZSWAP_MCGRP_EVENTS))
		info->events_group = mnl_attr_get_u32(tb[CTRL_ATTR_MCAST_GRP_ID]);
	return MNL_CB_OK;
}

static int family_attr_cb(const struct nlattr *attr, void *data)
{
	struct family_info *info = data;

	switch (mnl_attr_get_type(attr)) {
	case CTRL_ATTR_FAMILY_ID:
		if (mnl_attr_validate(attr, MNL_TYPE_U16) < 0)
			info->bad = true;
		else
			info->id = mnl_attr_get_u16(attr);
		break;
	case CTRL_ATTR_VERSION:
		if (mnl_attr_validate(attr, MNL_TYPE_U32) < 0)
			info->bad = true;
		else
			info->version = mnl_attr_get_u32(attr);
		break;
	case CTRL_ATTR_MCAST_GROUPS:
		if (mnl_attr_validate(attr, MNL_TYPE_NESTED) < 0 ||
		    mnl_attr_parse_nested(attr, mcast_groups_cb, info) < 0)
			info->bad = true;
		break;
	}
	return MNL_CB_OK;
}

static int family_cb(const struct nlmsghdr *nlh, void *data, struct zswapnl_error *err)
{
	struct family_info *info = data;

	if (mnl_nlmsg_get_payload_len(nlh) < GENL_HDRLEN ||
	    mnl_attr_parse(nlh, GENL_HDRLEN, family_attr_cb, info) < 0 || info->bad)
		return znl_err(err, -EBADMSG, NULL, "malformed reply from the netlink controller");
	return 0;
}

int znl_resolve_family(struct zswapnl *h, struct zswapnl_error *err)
{
	struct family_info info = { 0 };
	struct nlmsghdr *nlh;
	int ret;

	nlh = znl_req_start(h, GENL_ID_CTRL, NLM_F_ACK, CTRL_CMD_GETFAMILY, 1);
	mnl_attr_put_strz(nlh, CTRL_ATTR_FAMILY_NAME, ZSWAP_GENL_NAME);
	ret = znl_req_run(h, family_cb, &info, err);
	if (ret == -ENOENT)
		return znl_err(err, -ENOENT, NULL,
			       "the kernel has no \"%s\" generic netlink family", ZSWAP_GENL_NAME);
	if (ret)
		return ret;
	if (!info.id)
		return znl_err(err, -EBADMSG, NULL,
			       "the netlink controller gave no id for the \"%s\" family",
			       ZSWAP_GENL_NAME);
	h->family = info.id;
	h->family_version = info.version;
	h->events_group = info.events_group;
	return 0;
}
