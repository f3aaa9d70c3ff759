// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * The end of a request: NLMSG_ERROR (an acknowledgment when its error is 0)
 * or, for a dump, NLMSG_DONE. With NETLINK_EXT_ACK, either may carry the
 * kernel's explanation: a message, and the offset of the offending
 * attribute in the request, or the type of a missing one. The offset is
 * turned into the name of the attribute found there in the request this
 * library sent, as the spec names it.
 */

#include <errno.h>
#include <linux/genetlink.h>
#include <linux/netlink.h>
#include <string.h>

#include "internal.h"

/* The name of the attribute of @req that byte @offset falls into, or NULL */
static const char *attr_at(const void *req, size_t req_len, uint32_t offset)
{
	const unsigned char *base = req;
	const struct nlattr *nla;
	struct znl_attr_iter it;
	const void *attrs;
	size_t attrs_len, start;
	uint8_t cmd;

	if (znl_genl_msg(req, req_len, &cmd, &attrs, &attrs_len))
		return NULL;
	znl_attr_iter_init(&it, attrs, attrs_len);
	while (znl_attr_iter_next(&it, &nla) > 0) {
		start = (const unsigned char *)nla - base;
		if (offset >= start && offset < start + nla->nla_len)
			return znl_attr_name(znl_cmd_attr_set(cmd),
					     nla->nla_type & NLA_TYPE_MASK);
	}
	return NULL;
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

static int read_u32(const struct nlattr *nla, uint32_t *val)
{
	if (nla->nla_len != NLA_HDRLEN + sizeof(*val))
		return -EBADMSG;
	memcpy(val, (const char *)nla + NLA_HDRLEN, sizeof(*val));
	return 0;
}

static int parse_tlvs(const void *tlvs, size_t len, const void *req, size_t req_len,
		      struct zswapnl_error *err)
{
	const char *msg = NULL, *attr = NULL;
	size_t msg_len, payload_len;
	const struct nlattr *nla;
	struct znl_attr_iter it;
	const char *payload;
	uint32_t val;
	int ret;

	znl_attr_iter_init(&it, tlvs, len);
	while ((ret = znl_attr_iter_next(&it, &nla)) > 0) {
		payload = (const char *)nla + NLA_HDRLEN;
		payload_len = nla->nla_len - NLA_HDRLEN;
		switch (nla->nla_type & NLA_TYPE_MASK) {
		case NLMSGERR_ATTR_MSG:
			/* A message without its NUL is ignored, not overread */
			if (payload_len && memchr(payload, '\0', payload_len))
				msg = payload;
			break;
		case NLMSGERR_ATTR_OFFS:
			if (read_u32(nla, &val))
				return -EBADMSG;
			if (req)
				attr = attr_at(req, req_len, val) ?: attr;
			break;
		case NLMSGERR_ATTR_MISS_TYPE:
			if (read_u32(nla, &val))
				return -EBADMSG;
			if (req)
				attr = missing_attr(req, req_len, val) ?: attr;
			if (!msg)
				msg = "missing attribute";
			break;
		}
	}
	if (ret < 0)
		return -EBADMSG;
	if (err) {
		if (msg) {
			msg_len = ZNL_MIN(strlen(msg), sizeof(err->msg) - 1);
			memcpy(err->msg, msg, msg_len);
			err->msg[msg_len] = '\0';
		}
		if (attr) {
			strncpy(err->attr, attr, sizeof(err->attr) - 1);
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
