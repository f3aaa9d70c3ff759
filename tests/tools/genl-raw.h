/* SPDX-License-Identifier: GPL-2.0 */
#ifndef TESTS_TOOLS_GENL_RAW_H
#define TESTS_TOOLS_GENL_RAW_H

/*
 * Raw generic netlink for the zswap family's test clients, without libmnl:
 * they must control every recv() and its buffer size, which is what they
 * test.
 */

#include <linux/genetlink.h>
#include <linux/netlink.h>
#include <stdbool.h>
#include <stdint.h>
#include <string.h>
#include <sys/socket.h>

/* The series' UAPI header (the tools' rule has no -Iinclude/uapi) */
#include "../../include/uapi/linux/zswap.h"

static inline size_t put_attr(unsigned char *p, uint16_t type, const void *data, size_t len)
{
	struct nlattr *nla = (struct nlattr *)p;

	nla->nla_type = type;
	nla->nla_len = NLA_HDRLEN + len;
	memcpy(p + NLA_HDRLEN, data, len);
	memset(p + NLA_HDRLEN + len, 0, NLA_ALIGN(len) - len);
	return NLA_ALIGN(NLA_HDRLEN + len);
}

static inline size_t start_request(unsigned char *p, uint16_t type, uint16_t flags,
				   uint8_t cmd, uint8_t version, uint32_t seq)
{
	struct nlmsghdr *nlh = (struct nlmsghdr *)p;
	struct genlmsghdr *g = NLMSG_DATA(nlh);

	memset(p, 0, NLMSG_HDRLEN + GENL_HDRLEN);
	nlh->nlmsg_type = type;
	nlh->nlmsg_flags = NLM_F_REQUEST | flags;
	nlh->nlmsg_seq = seq;
	g->cmd = cmd;
	g->version = version;
	return NLMSG_HDRLEN + GENL_HDRLEN;
}

/* The family id, asked on a socket of its own (@fd), -1 if none */
static inline int resolve_family(int fd)
{
	unsigned char req[64], reply[4096];
	size_t len = start_request(req, GENL_ID_CTRL, 0, CTRL_CMD_GETFAMILY, 1, 1);
	struct nlmsghdr *nlh = (struct nlmsghdr *)reply;
	const struct nlattr *nla;
	uint16_t id;
	ssize_t n;
	int rem;

	len += put_attr(req + len, CTRL_ATTR_FAMILY_NAME, ZSWAP_FAMILY_NAME,
			sizeof(ZSWAP_FAMILY_NAME));
	((struct nlmsghdr *)req)->nlmsg_len = len;
	if (send(fd, req, len, 0) < 0)
		return -1;
	n = recv(fd, reply, sizeof(reply), 0);
	if (n < (ssize_t)NLMSG_HDRLEN || nlh->nlmsg_type == NLMSG_ERROR ||
	    nlh->nlmsg_len > (size_t)n)
		return -1;
	rem = nlh->nlmsg_len - NLMSG_HDRLEN - GENL_HDRLEN;
	for (nla = (const void *)(reply + NLMSG_HDRLEN + GENL_HDRLEN);
	     rem >= NLA_HDRLEN && nla->nla_len >= NLA_HDRLEN && nla->nla_len <= rem;
	     rem -= NLA_ALIGN(nla->nla_len),
	     nla = (const void *)((const char *)nla + NLA_ALIGN(nla->nla_len))) {
		if (nla->nla_type == CTRL_ATTR_FAMILY_ID) {
			memcpy(&id, (const char *)nla + NLA_HDRLEN, sizeof(id));
			return id;
		}
	}
	return -1;
}

/*
 * The id and path (NULL when the record has none) of one memcg message;
 * false when it does not parse
 */
static inline bool parse_memcg(const struct nlmsghdr *nlh, uint64_t *id, const char **path)
{
	const struct nlattr *nla;
	int rem = (int)nlh->nlmsg_len - NLMSG_HDRLEN - GENL_HDRLEN;

	*id = 0;
	*path = NULL;
	for (nla = (const void *)((const char *)nlh + NLMSG_HDRLEN + GENL_HDRLEN);
	     rem >= NLA_HDRLEN && nla->nla_len >= NLA_HDRLEN && nla->nla_len <= rem;
	     rem -= NLA_ALIGN(nla->nla_len),
	     nla = (const void *)((const char *)nla + NLA_ALIGN(nla->nla_len))) {
		const char *data = (const char *)nla + NLA_HDRLEN;
		size_t len = nla->nla_len - NLA_HDRLEN;

		/* A "uint": four bytes, or eight when the value needs them */
		if (nla->nla_type == ZSWAP_A_MEMCG_ID && len == sizeof(uint32_t)) {
			uint32_t id32;

			memcpy(&id32, data, sizeof(id32));
			*id = id32;
		} else if (nla->nla_type == ZSWAP_A_MEMCG_ID && len == sizeof(*id)) {
			memcpy(id, data, sizeof(*id));
		} else if (nla->nla_type == ZSWAP_A_MEMCG_PATH) {
			if (!len || data[len - 1])
				return false;
			*path = data;
		}
	}
	return *id && !rem;
}

#endif /* TESTS_TOOLS_GENL_RAW_H */
