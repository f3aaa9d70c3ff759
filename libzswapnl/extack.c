// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * The end of a request: NLMSG_ERROR (an acknowledgment when its error is 0)
 * or, for a dump, NLMSG_DONE. With NETLINK_EXT_ACK, either may carry the
 * kernel's explanation: a message, and the offset of the offending
 * attribute in the request, or the type of a missing one. The offset is
 * turned into the name of the attribute found there in the request this
 * library sent, as the spec names it. libmnl leaves the extack to its
 * users: mnl_cb_run2()'s NLMSG_ERROR callback (nl.c) hands it to this file,
 * which walks its attributes with libmnl's mnl_attr_parse_payload() and
 * checks them with mnl_attr_validate(), through the policy walk of attr.c.
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

/*
 * The attributes of an extended ack, by the names of the kernel's
 * netlink spec (Documentation/netlink/specs/netlink-raw and YNL): checked
 * by the policy walk of every other message this library reads (attr.c),
 * so that an offset of the wrong size, or a message without its NUL, is
 * refused as YNL refuses it, and never read past. The cookie and the
 * policy nest are not read.
 */
static const struct znl_attr_policy extack_attrs[] = {
	[NLMSGERR_ATTR_MSG] = { "msg", MNL_TYPE_NUL_STRING },
	[NLMSGERR_ATTR_OFFS] = { "offs", MNL_TYPE_U32 },
	[NLMSGERR_ATTR_MISS_TYPE] = { "miss-type", MNL_TYPE_U32 },
	[NLMSGERR_ATTR_MISS_NEST] = { "miss-nest", MNL_TYPE_U32 },
};

static const struct znl_policy extack_policy = ZNL_POLICY(extack_attrs);

/* @err gets the message the TLVs hold and the attribute of @req they name */
static int parse_tlvs(const void *tlvs, size_t len, const void *req, size_t req_len,
		      struct zswapnl_error *err)
{
	const struct nlattr *tb[ZNL_ARRAY_SIZE(extack_attrs)];
	const char *msg = NULL, *attr = NULL;
	struct zswapnl_error bad;
	size_t msg_len;

	if (znl_attr_parse_policy(tlvs, len, &extack_policy, tb, &bad)) {
		znl_err(err, -EBADMSG, bad.attr, "malformed status message: extended ack: %s",
			strncmp(bad.msg, "malformed message: ", 19) ? bad.msg : bad.msg + 19);
		return -EBADMSG;
	}
	if (tb[NLMSGERR_ATTR_MSG])
		msg = mnl_attr_get_str(tb[NLMSGERR_ATTR_MSG]);
	if (tb[NLMSGERR_ATTR_OFFS] && req)
		attr = attr_at(req, req_len, mnl_attr_get_u32(tb[NLMSGERR_ATTR_OFFS]));
	if (tb[NLMSGERR_ATTR_MISS_TYPE]) {
		if (req)
			attr = missing_attr(req, req_len,
					    mnl_attr_get_u32(tb[NLMSGERR_ATTR_MISS_TYPE])) ?: attr;
		if (!msg)
			msg = "missing attribute";
	}
	if (!err)
		return 0;
	if (msg) {
		msg_len = ZNL_MIN(strlen(msg), sizeof(err->msg) - 1);
		memcpy(err->msg, msg, msg_len);
		err->msg[msg_len] = '\0';
	}
	if (attr) {
		strncpy(err->attr, attr, sizeof(err->attr) - 1);
		err->attr[sizeof(err->attr) - 1] = '\0';
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
	    parse_tlvs(payload + tlv_off, payload_len - tlv_off, req, req_len, err))
		return -EBADMSG;
	if (err)
		err->code = error;
	return error;
}
