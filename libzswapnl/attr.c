// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * libmnl's attribute walk, made strict about the end of the buffer.
 *
 * mnl_attr_parse_payload() stops at the first attribute that does not fit
 * what is left, and says nothing: a message cut inside an attribute would
 * pass as a shorter, valid one. What the kernel sends is trusted no further
 * than its own lengths allow, so znl_attr_parse() refuses those bytes.
 */

#include <errno.h>
#include <libmnl/libmnl.h>
#include <limits.h>
#include <linux/genetlink.h>

#include "internal.h"

struct walk {
	mnl_attr_cb_t cb;
	void *data;
	const char *end;	/* the end of the last attribute seen, padding included */
};

static int walk_cb(const struct nlattr *attr, void *data)
{
	struct walk *w = data;

	w->end = (const char *)attr + MNL_ALIGN(attr->nla_len);
	return w->cb(attr, w->data);
}

/*
 * Run @cb on each attribute of @payload, as mnl_attr_parse_payload() does.
 * Returns 0, or -EBADMSG when @cb returned MNL_CB_ERROR (it says why) or
 * when bytes are left that hold no whole attribute. The padding of the
 * last attribute may be missing.
 */
int znl_attr_parse(const void *payload, size_t len, mnl_attr_cb_t cb, void *data)
{
	struct walk w = { .cb = cb, .data = data, .end = payload };

	if (mnl_attr_parse_payload(payload, len, walk_cb, &w) < MNL_CB_STOP)
		return -EBADMSG;
	return w.end < (const char *)payload + len ? -EBADMSG : 0;
}

/*
 * Check that @msg holds one whole generic netlink message (bytes after
 * nlmsg_len are not looked at) and give its command and attributes.
 * mnl_nlmsg_ok() compares nlmsg_len as an int: 2^31 and more would pass.
 */
int znl_genl_msg(const void *msg, size_t len, uint8_t *cmd, const void **attrs,
		 size_t *attrs_len)
{
	const struct nlmsghdr *nlh = msg;
	const struct genlmsghdr *genl;

	if (!msg || len > INT_MAX || !mnl_nlmsg_ok(nlh, len) || nlh->nlmsg_len > len ||
	    mnl_nlmsg_get_payload_len(nlh) < GENL_HDRLEN)
		return -EBADMSG;
	genl = mnl_nlmsg_get_payload(nlh);
	*cmd = genl->cmd;
	*attrs = mnl_nlmsg_get_payload_offset(nlh, GENL_HDRLEN);
	*attrs_len = mnl_nlmsg_get_payload_len(nlh) - GENL_HDRLEN;
	return 0;
}
