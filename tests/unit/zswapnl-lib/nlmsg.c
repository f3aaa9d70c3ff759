// SPDX-License-Identifier: LGPL-2.1-or-later
/* See nlmsg.h */

#include <linux/netlink.h>
#include <stdlib.h>
#include <string.h>

#include "nlmsg.h"

static uint32_t msg_len(const struct td_bytes *m)
{
	uint32_t len;

	memcpy(&len, m->data, sizeof(len));
	return len;
}

void td_set_msg_len(struct td_bytes *m, uint32_t len)
{
	memcpy(m->data, &len, sizeof(len));
}

struct td_bytes td_msg_copy(const struct nlmsghdr *nlh)
{
	struct td_bytes m;

	m.len = nlh->nlmsg_len;
	m.data = td_dup(nlh, m.len);
	return m;
}

size_t td_attr_offset(const struct td_bytes *m, uint16_t type)
{
	size_t off = TD_ATTRS_OFFSET, end = msg_len(m);
	struct nlattr nla;

	while (off + NLA_HDRLEN <= end) {
		memcpy(&nla, m->data + off, sizeof(nla));
		if (nla.nla_len < NLA_HDRLEN)
			break;
		if ((nla.nla_type & NLA_TYPE_MASK) == type)
			return off;
		off += NLA_ALIGN(nla.nla_len);
	}
	return 0;
}

size_t td_attrs_end(const struct td_bytes *m)
{
	return msg_len(m);
}

void td_insert_raw(struct td_bytes *m, size_t offset, const void *data, size_t len)
{
	unsigned char *p = malloc(m->len + len);

	if (!p)
		abort();
	memcpy(p, m->data, offset);
	memcpy(p + offset, data, len);
	memcpy(p + offset + len, m->data + offset, m->len - offset);
	free(m->data);
	m->data = p;
	m->len += len;
	td_set_msg_len(m, msg_len(m) + len);
}

void td_insert_attr(struct td_bytes *m, size_t offset, uint16_t type, const void *data,
		    uint16_t len)
{
	size_t total = NLA_ALIGN(NLA_HDRLEN + len);
	unsigned char *buf = calloc(1, total);
	struct nlattr nla = { .nla_len = NLA_HDRLEN + len, .nla_type = type };

	if (!buf)
		abort();
	memcpy(buf, &nla, sizeof(nla));
	if (len)
		memcpy(buf + NLA_HDRLEN, data, len);
	td_insert_raw(m, offset, buf, total);
	free(buf);
}

int td_remove_attr(struct td_bytes *m, uint16_t type)
{
	size_t off = td_attr_offset(m, type), total;
	struct nlattr nla;

	if (!off)
		return -1;
	memcpy(&nla, m->data + off, sizeof(nla));
	total = NLA_ALIGN(nla.nla_len);
	memmove(m->data + off, m->data + off + total, m->len - off - total);
	m->len -= total;
	td_set_msg_len(m, msg_len(m) - total);
	return 0;
}

int td_replace_attr(struct td_bytes *m, uint16_t type, const void *data, uint16_t len)
{
	size_t off = td_attr_offset(m, type);
	struct nlattr nla;

	if (!off)
		return -1;
	memcpy(&nla, m->data + off, sizeof(nla));
	td_remove_attr(m, type);
	td_insert_attr(m, off, nla.nla_type, data, len);
	return 0;
}
