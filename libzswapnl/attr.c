// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Walking attributes with every length checked against the buffer: what
 * the kernel sends is trusted no further than its own lengths allow.
 */

#include <errno.h>
#include <linux/genetlink.h>
#include <linux/netlink.h>

#include "internal.h"

void znl_attr_iter_init(struct znl_attr_iter *it, const void *buf, size_t len)
{
	it->pos = buf;
	it->end = it->pos + len;
}

/*
 * The next attribute in *@attr: returns 1, or 0 at the end of the buffer,
 * or -EBADMSG when what is left cannot hold the attribute its header
 * announces. The padding of the last attribute may be missing.
 */
int znl_attr_iter_next(struct znl_attr_iter *it, const struct nlattr **attr)
{
	size_t left = it->end - it->pos;
	const struct nlattr *nla;

	if (!left)
		return 0;
	if (left < NLA_HDRLEN)
		return -EBADMSG;
	nla = (const struct nlattr *)it->pos;
	if (nla->nla_len < NLA_HDRLEN || nla->nla_len > left)
		return -EBADMSG;
	*attr = nla;
	it->pos += ZNL_MIN((size_t)NLA_ALIGN(nla->nla_len), left);
	return 1;
}

/*
 * Check that @msg holds one whole generic netlink message and find its
 * command and attributes. Bytes after nlmsg_len are not looked at.
 */
int znl_genl_msg(const void *msg, size_t len, uint8_t *cmd, const void **attrs,
		 size_t *attrs_len)
{
	const struct nlmsghdr *nlh = msg;
	const struct genlmsghdr *genl;
	const size_t hdrs = NLMSG_HDRLEN + GENL_HDRLEN;

	if (!msg || len < hdrs || nlh->nlmsg_len < hdrs || nlh->nlmsg_len > len)
		return -EBADMSG;
	genl = (const struct genlmsghdr *)((const char *)msg + NLMSG_HDRLEN);
	*cmd = genl->cmd;
	*attrs = (const char *)msg + hdrs;
	*attrs_len = nlh->nlmsg_len - hdrs;
	return 0;
}
