// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * The end of a request: NLMSG_ERROR (an acknowledgment when its error is 0)
 * or, for a dump, NLMSG_DONE. With NETLINK_EXT_ACK, either may carry the
 * kernel's explanation: a message, and the offset of the offending
 * attribute in the request, or the type of a missing one. The offset is
 * turned into the name of the attribute found there in the request this
 * library sent, as the spec names it. libmnl leaves the extack to its
 * users: mnl_cb_run2()'s NLMSG_ERROR callback (nl.c) hands it to this file.
 */

#include <errno.h>
#include <libmnl/libmnl.h>
#include <linux/genetlink.h>
#include <linux/netlink.h>
#include <string.h>

#include "internal.h"

/* Finding the attribute of the request that an offset falls into */
struct offset_lookup {
	const unsigned char *req;
	uint32_t offset;
	unsigned int type;
	bool found;
};

static int offset_cb(const struct nlattr *attr, void *data)
{
	struct offset_lookup *l = data;
	size_t start = (const unsigned char *)attr - l->req;

	if (l->offset < start || l->offset >= start + attr->nla_len)
		return MNL_CB_OK;
	l->type = mnl_attr_get_type(attr);
	l->found = true;
	return MNL_CB_STOP;
}

/* The name of the attribute of @req that byte @offset falls into, or NULL */
static const char *attr_at(const void *req, size_t req_len, uint32_t offset)
{
	struct offset_lookup l = { .req = req, .offset = offset };
	const void *attrs;
	size_t attrs_len;
	uint8_t cmd;

	if (znl_genl_msg(req, req_len, &cmd, &attrs, &attrs_len))
		return NULL;
	/* The request is this library's own: its walk cannot fail */
	mnl_attr_parse_payload(attrs, attrs_len, offset_cb, &l);
	return l.found ? znl_attr_name(znl_cmd_attr_set(cmd), l.type) : NULL;
}

/* The attribute set of the request, for a missing attribute's type */
static const char *missing_attr(const void *req, size_t req_len, uint32_t type)
{
	const void *attrs;
	size_t attrs_len;
	uint8_t cmd;

	if (znl_genl_msg(req, req_len, &cmd, &attrs, &attrs_len))
		return NULL;
	return znl_attr_name(znl_cmd_attr_set(cmd), type);
}

/* What the extack TLVs say, as the kernel's YNL library reads them */
struct extack {
	const void *req;
	size_t req_len;
	const char *msg;
	const char *attr;
};

static int extack_cb(const struct nlattr *attr, void *data)
{
	struct extack *x = data;

	switch (mnl_attr_get_type(attr)) {
	case NLMSGERR_ATTR_MSG:
		/* A message without its NUL is ignored, not overread */
		if (mnl_attr_validate(attr, MNL_TYPE_NUL_STRING) == 0)
			x->msg = mnl_attr_get_str(attr);
		break;
	case NLMSGERR_ATTR_OFFS:
		if (mnl_attr_validate(attr, MNL_TYPE_U32) < 0)
			return MNL_CB_ERROR;
		if (x->req)
			x->attr = attr_at(x->req, x->req_len, mnl_attr_get_u32(attr)) ?: x->attr;
		break;
	case NLMSGERR_ATTR_MISS_TYPE:
		if (mnl_attr_validate(attr, MNL_TYPE_U32) < 0)
			return MNL_CB_ERROR;
		if (x->req)
			x->attr = missing_attr(x->req, x->req_len, mnl_attr_get_u32(attr)) ?:
				  x->attr;
		if (!x->msg)
			x->msg = "missing attribute";
		break;
	}
	return MNL_CB_OK;
}

static int parse_tlvs(const void *tlvs, size_t len, const void *req, size_t req_len,
		      struct zswapnl_error *err)
{
	struct extack x = { .req = req, .req_len = req_len };
	size_t msg_len;

	if (znl_attr_parse(tlvs, len, extack_cb, &x))
		return -EBADMSG;
	if (err) {
		if (x.msg) {
			msg_len = ZNL_MIN(strlen(x.msg), sizeof(err->msg) - 1);
			memcpy(err->msg, x.msg, msg_len);
			err->msg[msg_len] = '\0';
		}
		if (x.attr) {
			strncpy(err->attr, x.attr, sizeof(err->attr) - 1);
			err->attr[sizeof(err->attr) - 1] = '\0';
		}
	}
	return 0;
}

int znl_parse_status(const void *buf, size_t len, const void *req, size_t req_len,
		     struct zswapnl_error *err)
{
	const struct nlmsghdr *nlh = buf;
	const char *payload = (const char *)buf + NLMSG_HDRLEN;
	struct nlmsgerr e;
	size_t payload_len, tlv_off;
	int error;

	znl_err_clear(err);
	if (!buf || len < NLMSG_HDRLEN || nlh->nlmsg_len < NLMSG_HDRLEN || nlh->nlmsg_len > len)
		return znl_err(err, -EBADMSG, NULL, "malformed status message: truncated");
	payload_len = nlh->nlmsg_len - NLMSG_HDRLEN;

	if (nlh->nlmsg_type == NLMSG_DONE) {
		/* The end of a dump: its status, then maybe the extack */
		if (payload_len < sizeof(error))
			return 0;
		memcpy(&error, payload, sizeof(error));
		tlv_off = sizeof(error);
	} else if (nlh->nlmsg_type == NLMSG_ERROR) {
		/* The error, the request's header, its payload unless capped */
		if (payload_len < sizeof(e))
			return znl_err(err, -EBADMSG, NULL, "malformed status message: truncated");
		memcpy(&e, payload, sizeof(e));
		error = e.error;
		tlv_off = sizeof(e);
		if (!(nlh->nlmsg_flags & NLM_F_CAPPED)) {
			if (e.msg.nlmsg_len < NLMSG_HDRLEN)
				return znl_err(err, -EBADMSG, NULL,
					       "malformed status message: bad request header");
			tlv_off = sizeof(error) + NLMSG_ALIGN(e.msg.nlmsg_len);
		}
	} else {
		return znl_err(err, -EBADMSG, NULL, "malformed status message: type %u",
			       nlh->nlmsg_type);
	}

	if (error > 0 || error < -4095)
		return znl_err(err, -EBADMSG, NULL, "malformed status message: error %d", error);
	if ((nlh->nlmsg_flags & NLM_F_ACK_TLVS) && tlv_off < payload_len &&
	    parse_tlvs(payload + tlv_off, payload_len - tlv_off, req, req_len, err)) {
		znl_err_clear(err);
		return znl_err(err, -EBADMSG, NULL, "malformed status message: extended ack");
	}
	if (err)
		err->code = error;
	return error;
}
