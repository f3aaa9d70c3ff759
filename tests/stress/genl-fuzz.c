// SPDX-License-Identifier: GPL-2.0
/*
 * genl-fuzz: send malformed and random messages to the "zswap" generic
 * netlink family, a bounded number of them.
 *
 *   genl-fuzz [--count N] [--seed N]
 *
 * Messages carry random commands, versions, flags and attributes: unknown
 * types, wrong sizes, truncated and oversized lengths, strings without a NUL,
 * nested garbage, and headers whose length lies. Every message that could set
 * something (ZSWAP_CMD_SET, ZSWAP_CMD_MEMCG_SET) also carries one attribute
 * that the policy must refuse, so the kernel has to reject it whole: the
 * caller checks that nothing changed, and this program fails if the kernel
 * ever acknowledged such a message. It runs as root, so that the policies,
 * not the permission check, are what the messages meet.
 *
 * Closing line: genl-fuzz: sent=N acked_ok=N acked_error=N no_reply=N set_accepted=N
 * Exit: 0, 1 when a set message was accepted, 2 on a setup error.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <getopt.h>
#include <linux/genetlink.h>
#include <linux/netlink.h>
#include <poll.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include <linux/zswap.h> /* include/uapi, the copy of the series' header */

#define BUF_SIZE 8192

struct fuzzer {
	int fd;
	uint16_t family;
	uint32_t seq;
	uint64_t rng;
	unsigned long sent, acked_ok, acked_error, no_reply, set_accepted;
	unsigned char buf[BUF_SIZE];
};

static uint64_t next_rand(struct fuzzer *f)
{
	/* xorshift64*: quick, and the same run for the same seed */
	f->rng ^= f->rng >> 12;
	f->rng ^= f->rng << 25;
	f->rng ^= f->rng >> 27;
	return f->rng * 0x2545f4914f6cdd1dULL;
}

static unsigned int rand_below(struct fuzzer *f, unsigned int n)
{
	return next_rand(f) % n;
}

static size_t put_attr(unsigned char *p, size_t room, uint16_t type, const void *data,
		       size_t len)
{
	struct nlattr *nla = (struct nlattr *)p;
	size_t total = NLA_ALIGN(NLA_HDRLEN + len);

	if (total > room)
		return 0;
	nla->nla_type = type;
	nla->nla_len = NLA_HDRLEN + len;
	memcpy(p + NLA_HDRLEN, data, len);
	memset(p + NLA_HDRLEN + len, 0, total - NLA_HDRLEN - len);
	return total;
}

/* One random attribute; returns its size in the message */
static size_t random_attr(struct fuzzer *f, unsigned char *p, size_t room, int depth)
{
	unsigned char payload[96];
	struct nlattr *nla;
	size_t len, i, used;
	uint16_t type = rand_below(f, 24);

	if (rand_below(f, 8) == 0)
		type |= NLA_F_NESTED;
	len = rand_below(f, 5) ? rand_below(f, 9) : rand_below(f, sizeof(payload));
	for (i = 0; i < len; i++)
		payload[i] = rand_below(f, 4) ? next_rand(f) : 0;

	switch (rand_below(f, 6)) {
	case 0: /* nested garbage */
		if (depth < 3 && room > 64) {
			nla = (struct nlattr *)p;
			used = NLA_HDRLEN;
			while (used < 48 && rand_below(f, 3))
				used += random_attr(f, p + used, 64 - used, depth + 1);
			nla->nla_type = type | NLA_F_NESTED;
			nla->nla_len = used;
			return NLA_ALIGN(used);
		}
		break;
	case 1: { /* a length that lies: longer than the attribute, or too short */
		used = put_attr(p, room, type, payload, len);
		if (used)
			((struct nlattr *)p)->nla_len = rand_below(f, 2) ?
				0xffff - rand_below(f, 16) : rand_below(f, NLA_HDRLEN);
		return used;
	}
	case 2: /* a string with no NUL */
		memset(payload, 'z', sizeof(payload));
		return put_attr(p, room, type, payload, 1 + rand_below(f, sizeof(payload) - 1));
	default:
		break;
	}
	return put_attr(p, room, type, payload, len);
}

/* An attribute the policy of SET or MEMCG_SET must refuse */
static size_t poison_attr(struct fuzzer *f, unsigned char *p, size_t room, uint8_t cmd)
{
	static const uint8_t one = 1;
	uint32_t big = 101 + rand_below(f, 1000);

	if (cmd == ZSWAP_CMD_MEMCG_SET) {
		/* an id of 0 is below the policy's minimum; a u8 id is too short */
		uint64_t zero = 0;

		return rand_below(f, 2) ? put_attr(p, room, ZSWAP_MEMCG_A_ID, &zero, 8) :
					  put_attr(p, room, ZSWAP_MEMCG_A_ID, &one, 1);
	}
	switch (rand_below(f, 4)) {
	case 0:
		return put_attr(p, room, ZSWAP_A_MAX_POOL_PERCENT, &big, 4);
	case 1:
		return put_attr(p, room, ZSWAP_A_ACCEPT_THRESHOLD_PERCENT, &one, 1);
	case 2:
		return put_attr(p, room, ZSWAP_A_ENABLED, &big, 4);
	default:
		return put_attr(p, room, ZSWAP_A_MAX + 1 + rand_below(f, 100), &one, 1);
	}
}

/* Read replies of message @seq until its ACK, error or end of dump. */
static void read_replies(struct fuzzer *f, uint32_t seq, bool is_set)
{
	struct pollfd pfd = { .fd = f->fd, .events = POLLIN };

	for (;;) {
		ssize_t n;
		struct nlmsghdr *nlh;

		/* A message the kernel dropped (a lying header) gets no reply */
		if (poll(&pfd, 1, 2000) <= 0) {
			f->no_reply++;
			return;
		}
		n = recv(f->fd, f->buf, sizeof(f->buf), 0);
		if (n <= 0) {
			f->no_reply++;
			return;
		}
		for (nlh = (struct nlmsghdr *)f->buf; NLMSG_OK(nlh, n); nlh = NLMSG_NEXT(nlh, n)) {
			if (nlh->nlmsg_seq != seq)
				continue; /* a late reply to an earlier message */
			if (nlh->nlmsg_type == NLMSG_ERROR) {
				struct nlmsgerr *err = NLMSG_DATA(nlh);

				if (err->error) {
					f->acked_error++;
				} else {
					f->acked_ok++;
					if (is_set)
						f->set_accepted++;
				}
				return;
			}
			if (nlh->nlmsg_type == NLMSG_DONE) {
				f->acked_ok++;
				return;
			}
		}
	}
}

static void fuzz_one(struct fuzzer *f)
{
	static const uint8_t cmds[] = { ZSWAP_CMD_GET, ZSWAP_CMD_SET, ZSWAP_CMD_MEMCG_GET,
					ZSWAP_CMD_MEMCG_SET, ZSWAP_CMD_EVENT, 0, 6, 200 };
	struct nlmsghdr *nlh = (struct nlmsghdr *)f->buf;
	struct genlmsghdr *g = NLMSG_DATA(nlh);
	size_t len = NLMSG_HDRLEN + GENL_HDRLEN;
	unsigned int nattrs = rand_below(f, 8);
	bool is_set, lying = false;
	uint8_t cmd;

	cmd = rand_below(f, 4) ? cmds[rand_below(f, 4)] : cmds[rand_below(f, sizeof(cmds))];
	is_set = cmd == ZSWAP_CMD_SET || cmd == ZSWAP_CMD_MEMCG_SET;

	memset(f->buf, 0, NLMSG_HDRLEN + GENL_HDRLEN);
	nlh->nlmsg_type = f->family;
	nlh->nlmsg_flags = NLM_F_REQUEST | NLM_F_ACK;
	if (rand_below(f, 6) == 0)
		nlh->nlmsg_flags |= NLM_F_DUMP;
	nlh->nlmsg_seq = ++f->seq;
	g->cmd = cmd;
	g->version = rand_below(f, 8) ? ZSWAP_GENL_VERSION : rand_below(f, 256);
	g->reserved = rand_below(f, 8) ? 0 : rand_below(f, 65536);

	while (nattrs--)
		len += random_attr(f, f->buf + len, 1024 - len, 0);
	if (is_set)
		len += poison_attr(f, f->buf + len, 1024 - len, cmd);
	nlh->nlmsg_len = len;

	/* Headers that lie about the message's length, or cut it short */
	switch (rand_below(f, 32)) {
	case 0:
		nlh->nlmsg_len = len + 1 + rand_below(f, 4096);
		lying = true;
		break;
	case 1:
		len = NLMSG_HDRLEN + rand_below(f, GENL_HDRLEN);
		nlh->nlmsg_len = len;
		break;
	default:
		break;
	}

	if (send(f->fd, f->buf, len, 0) < 0) {
		f->no_reply++;
		return;
	}
	f->sent++;
	if (lying) {
		/* The kernel drops it; it may or may not answer */
		char drain[BUF_SIZE];

		while (recv(f->fd, drain, sizeof(drain), MSG_DONTWAIT) > 0)
			;
		f->no_reply++;
		return;
	}
	read_replies(f, nlh->nlmsg_seq, is_set && !(nlh->nlmsg_flags & NLM_F_DUMP));
}

/* The family id, from the generic netlink controller */
static int resolve_family(struct fuzzer *f)
{
	struct nlmsghdr *nlh = (struct nlmsghdr *)f->buf;
	struct genlmsghdr *g = NLMSG_DATA(nlh);
	size_t len = NLMSG_HDRLEN + GENL_HDRLEN;
	struct nlattr *nla;
	ssize_t n;
	int rem;

	memset(f->buf, 0, len);
	nlh->nlmsg_type = GENL_ID_CTRL;
	nlh->nlmsg_flags = NLM_F_REQUEST;
	nlh->nlmsg_seq = ++f->seq;
	g->cmd = CTRL_CMD_GETFAMILY;
	g->version = 1;
	len += put_attr(f->buf + len, 64, CTRL_ATTR_FAMILY_NAME, ZSWAP_GENL_NAME,
			sizeof(ZSWAP_GENL_NAME));
	nlh->nlmsg_len = len;
	if (send(f->fd, f->buf, len, 0) < 0)
		return -1;
	n = recv(f->fd, f->buf, sizeof(f->buf), 0);
	if (n < (ssize_t)NLMSG_HDRLEN || nlh->nlmsg_type == NLMSG_ERROR)
		return -1;
	rem = nlh->nlmsg_len - NLMSG_HDRLEN - GENL_HDRLEN;
	for (nla = (struct nlattr *)((char *)g + GENL_HDRLEN); rem >= NLA_HDRLEN &&
	     nla->nla_len >= NLA_HDRLEN && nla->nla_len <= rem;
	     rem -= NLA_ALIGN(nla->nla_len),
	     nla = (struct nlattr *)((char *)nla + NLA_ALIGN(nla->nla_len))) {
		if (nla->nla_type == CTRL_ATTR_FAMILY_ID) {
			memcpy(&f->family, (char *)nla + NLA_HDRLEN, sizeof(f->family));
			return 0;
		}
	}
	return -1;
}

int main(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "count", required_argument, NULL, 'c' },
		{ "seed", required_argument, NULL, 's' },
		{ NULL, 0, NULL, 0 },
	};
	static struct fuzzer f = { .rng = 0x9e3779b97f4a7c15ULL };
	unsigned long count = 100000, i;
	int c, one = 1;

	while ((c = getopt_long(argc, argv, "c:s:", longopts, NULL)) != -1) {
		switch (c) {
		case 'c':
			count = strtoul(optarg, NULL, 0);
			break;
		case 's':
			f.rng ^= strtoull(optarg, NULL, 0) * 0x2545f4914f6cdd1dULL;
			break;
		default:
			fprintf(stderr, "usage: genl-fuzz [--count N] [--seed N]\n");
			return 2;
		}
	}

	f.fd = socket(AF_NETLINK, SOCK_RAW | SOCK_CLOEXEC, NETLINK_GENERIC);
	if (f.fd < 0) {
		perror("genl-fuzz: socket");
		return 2;
	}
	setsockopt(f.fd, SOL_NETLINK, NETLINK_EXT_ACK, &one, sizeof(one));
	if (resolve_family(&f)) {
		fprintf(stderr, "genl-fuzz: no \"%s\" generic netlink family here\n",
			ZSWAP_GENL_NAME);
		return 2;
	}

	for (i = 0; i < count; i++)
		fuzz_one(&f);

	printf("genl-fuzz: sent=%lu acked_ok=%lu acked_error=%lu no_reply=%lu set_accepted=%lu\n",
	       f.sent, f.acked_ok, f.acked_error, f.no_reply, f.set_accepted);
	return f.set_accepted ? 1 : 0;
}
