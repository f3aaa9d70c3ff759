// SPDX-License-Identifier: GPL-2.0
/*
 * nl-record: send one request to the "zswap" generic netlink family and
 * record the bytes, for the unit tests of libzswapnl to decode.
 *
 *   nl-record DIR NAME get
 *   nl-record DIR NAME memcg-get ID
 *   nl-record DIR NAME memcg-get-noid         (MEMCG_GET without its id)
 *   nl-record DIR NAME memcg-dump
 *   nl-record DIR NAME memcg-dump-id ID
 *   nl-record DIR NAME set-compressor NAME
 *   nl-record DIR NAME set-max-pool-percent N
 *   nl-record DIR NAME event SHELL-COMMAND    (subscribe, run it, keep one event)
 *
 * It writes DIR/NAME.req.hex, the request as sent, and DIR/NAME.reply.hex,
 * every datagram the kernel sent back up to the status (NLMSG_ERROR or
 * NLMSG_DONE), or the one event. The socket has NETLINK_EXT_ACK and
 * NETLINK_CAP_ACK set, as libzswapnl sets them. It uses libmnl directly,
 * not the library under test. Files are hex bytes, 16 a line, with '#'
 * comment lines saying what was recorded where.
 *
 * Exit: 0 when recorded (an error reply is a recording too), 1 otherwise.
 */
#include <errno.h>
#include <libmnl/libmnl.h>
#include <linux/genetlink.h>
#include <linux/netlink.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>
#include <time.h>

#include <linux/zswap.h>

#define BUF_SIZE 32768

static struct mnl_socket *nl;
static unsigned char rbuf[BUF_SIZE];
static char header[1024];

static void die(const char *what)
{
	fprintf(stderr, "nl-record: %s: %s\n", what, strerror(errno));
	exit(1);
}

static FILE *open_hex(const char *dir, const char *name, const char *ext, const char *what)
{
	char path[4096];
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s.%s.hex", dir, name, ext);
	f = fopen(path, "w");
	if (!f)
		die(path);
	fprintf(f, "# %s: %s\n%s", name, what, header);
	return f;
}

static void put_hex(FILE *f, const void *buf, size_t len)
{
	const unsigned char *p = buf;
	size_t i;

	for (i = 0; i < len; i++)
		fprintf(f, "%02x%s", p[i], (i % 16 == 15 || i == len - 1) ? "\n" : " ");
}

static uint16_t resolve(uint32_t *events_group)
{
	char buf[MNL_SOCKET_BUFFER_SIZE];
	struct nlmsghdr *nlh = mnl_nlmsg_put_header(buf);
	struct genlmsghdr *genl;
	struct nlattr *a, *grp, *g;
	uint16_t id = 0;
	ssize_t n;

	nlh->nlmsg_type = GENL_ID_CTRL;
	nlh->nlmsg_flags = NLM_F_REQUEST | NLM_F_ACK;
	nlh->nlmsg_seq = 1;
	genl = mnl_nlmsg_put_extra_header(nlh, sizeof(*genl));
	genl->cmd = CTRL_CMD_GETFAMILY;
	genl->version = 1;
	mnl_attr_put_strz(nlh, CTRL_ATTR_FAMILY_NAME, ZSWAP_FAMILY_NAME);
	if (mnl_socket_sendto(nl, nlh, nlh->nlmsg_len) < 0)
		die("send");
	n = mnl_socket_recvfrom(nl, rbuf, sizeof(rbuf));
	if (n < 0)
		die("recv");
	nlh = (struct nlmsghdr *)rbuf;
	if (nlh->nlmsg_type != GENL_ID_CTRL) {
		fprintf(stderr, "nl-record: no zswap family\n");
		exit(1);
	}
	mnl_attr_for_each(a, nlh, GENL_HDRLEN) {
		if (mnl_attr_get_type(a) == CTRL_ATTR_FAMILY_ID)
			id = mnl_attr_get_u16(a);
		if (mnl_attr_get_type(a) != CTRL_ATTR_MCAST_GROUPS)
			continue;
		mnl_attr_for_each_nested(grp, a) {
			const char *name = NULL;
			uint32_t gid = 0;

			mnl_attr_for_each_nested(g, grp) {
				if (mnl_attr_get_type(g) == CTRL_ATTR_MCAST_GRP_NAME)
					name = mnl_attr_get_str(g);
				if (mnl_attr_get_type(g) == CTRL_ATTR_MCAST_GRP_ID)
					gid = mnl_attr_get_u32(g);
			}
			if (name && !strcmp(name, ZSWAP_MCGRP_EVENTS))
				*events_group = gid;
		}
	}
	/* the ACK */
	if (mnl_socket_recvfrom(nl, rbuf, sizeof(rbuf)) < 0)
		die("recv");
	return id;
}

/* Record datagrams until the status of @seq; returns how many */
static int record_reply(FILE *f, uint32_t seq)
{
	int count = 0, done = 0;

	while (!done) {
		const struct nlmsghdr *nlh;
		ssize_t n = mnl_socket_recvfrom(nl, rbuf, sizeof(rbuf));
		int len;

		if (n < 0)
			die("recv");
		fprintf(f, "# datagram %d: %zd bytes\n", ++count, n);
		put_hex(f, rbuf, n);
		len = n;
		for (nlh = (struct nlmsghdr *)rbuf; mnl_nlmsg_ok(nlh, len);
		     nlh = mnl_nlmsg_next(nlh, &len))
			if (nlh->nlmsg_seq == seq &&
			    (nlh->nlmsg_type == NLMSG_ERROR || nlh->nlmsg_type == NLMSG_DONE))
				done = 1;
	}
	return count;
}

static void record_event(FILE *f, uint32_t group, const char *cmd)
{
	struct pollfd pfd = { .fd = mnl_socket_get_fd(nl), .events = POLLIN };
	int g = group;
	ssize_t n;

	if (mnl_socket_setsockopt(nl, NETLINK_ADD_MEMBERSHIP, &g, sizeof(g)) < 0)
		die("join the events group");
	if (system(cmd) != 0)
		fprintf(stderr, "nl-record: '%s' failed\n", cmd);
	if (poll(&pfd, 1, 10000) != 1) {
		fprintf(stderr, "nl-record: no event within 10 s\n");
		exit(1);
	}
	n = mnl_socket_recvfrom(nl, rbuf, sizeof(rbuf));
	if (n < 0)
		die("recv");
	fprintf(f, "# datagram 1: %zd bytes\n", n);
	put_hex(f, rbuf, n);
}

static void usage(void)
{
	fprintf(stderr, "usage: nl-record DIR NAME get|memcg-get ID|memcg-get-noid|memcg-dump|memcg-dump-id ID|"
			"set-compressor NAME|set-max-pool-percent N|event CMD\n");
	exit(2);
}

int main(int argc, char **argv)
{
	char buf[MNL_SOCKET_BUFFER_SIZE], what[512];
	const char *dir, *name, *op;
	struct genlmsghdr *genl;
	struct nlmsghdr *nlh;
	struct utsname uts;
	uint32_t group = 0;
	uint16_t family;
	FILE *f;
	unsigned long long id;
	int one = 1, i, n;

	if (argc < 4)
		usage();
	dir = argv[1];
	name = argv[2];
	op = argv[3];

	uname(&uts);
	n = snprintf(header, sizeof(header),
		     "# recorded by tests/unit/record/nl-record in the guest of tests/vm/run,\n"
		     "# kernel %s %s, on %ld (Unix time), command:\n#  ", uts.release,
		     uts.version, (long)time(NULL));
	for (i = 0; i < argc && n < (int)sizeof(header) - 2; i++)
		n += snprintf(header + n, sizeof(header) - n, " %s", argv[i]);
	if (n < (int)sizeof(header) - 1)
		snprintf(header + n, sizeof(header) - n, "\n");

	nl = mnl_socket_open(NETLINK_GENERIC);
	if (!nl)
		die("socket");
	if (mnl_socket_bind(nl, 0, MNL_SOCKET_AUTOPID) < 0)
		die("bind");
	mnl_socket_setsockopt(nl, NETLINK_EXT_ACK, &one, sizeof(one));
	mnl_socket_setsockopt(nl, NETLINK_CAP_ACK, &one, sizeof(one));
	family = resolve(&group);

	if (!strcmp(op, "event")) {
		if (argc != 5)
			usage();
		snprintf(what, sizeof(what), "an event on the \"events\" group after: %s", argv[4]);
		f = open_hex(dir, name, "reply", what);
		record_event(f, group, argv[4]);
		fclose(f);
		return 0;
	}

	nlh = mnl_nlmsg_put_header(buf);
	nlh->nlmsg_type = family;
	nlh->nlmsg_flags = NLM_F_REQUEST | NLM_F_ACK;
	nlh->nlmsg_seq = 2;
	genl = mnl_nlmsg_put_extra_header(nlh, sizeof(*genl));
	genl->version = ZSWAP_FAMILY_VERSION;
	if (!strcmp(op, "get") && argc == 4) {
		genl->cmd = ZSWAP_CMD_GET;
	} else if (!strcmp(op, "memcg-get") && argc == 5) {
		genl->cmd = ZSWAP_CMD_MEMCG_GET;
		/* a "uint", as the kernel's nla_put_uint() and YNL put one */
		id = strtoull(argv[4], NULL, 0);
		if (id <= UINT32_MAX)
			mnl_attr_put_u32(nlh, ZSWAP_A_MEMCG_ID, id);
		else
			mnl_attr_put_u64(nlh, ZSWAP_A_MEMCG_ID, id);
	} else if (!strcmp(op, "memcg-get-noid") && argc == 4) {
		genl->cmd = ZSWAP_CMD_MEMCG_GET;
	} else if (!strcmp(op, "memcg-dump") && argc == 4) {
		genl->cmd = ZSWAP_CMD_MEMCG_GET;
		nlh->nlmsg_flags = NLM_F_REQUEST | NLM_F_DUMP;
	} else if (!strcmp(op, "memcg-dump-id") && argc == 5) {
		/* a dump takes no attribute: the kernel refuses it */
		genl->cmd = ZSWAP_CMD_MEMCG_GET;
		nlh->nlmsg_flags = NLM_F_REQUEST | NLM_F_DUMP;
		mnl_attr_put_u32(nlh, ZSWAP_A_MEMCG_ID, strtoul(argv[4], NULL, 0));
	} else if (!strcmp(op, "set-compressor") && argc == 5) {
		genl->cmd = ZSWAP_CMD_SET;
		mnl_attr_put_strz(nlh, ZSWAP_A_GLOBAL_COMPRESSOR, argv[4]);
	} else if (!strcmp(op, "set-max-pool-percent") && argc == 5) {
		genl->cmd = ZSWAP_CMD_SET;
		mnl_attr_put_u32(nlh, ZSWAP_A_GLOBAL_MAX_POOL_PERCENT, strtoul(argv[4], NULL, 0));
	} else {
		usage();
	}

	snprintf(what, sizeof(what), "the %s request as sent", op);
	f = open_hex(dir, name, "req", what);
	put_hex(f, nlh, nlh->nlmsg_len);
	fclose(f);
	if (mnl_socket_sendto(nl, nlh, nlh->nlmsg_len) < 0)
		die("send");
	snprintf(what, sizeof(what), "what the kernel sent back to the %s request", op);
	f = open_hex(dir, name, "reply", what);
	record_reply(f, nlh->nlmsg_seq);
	fclose(f);
	mnl_socket_close(nl);
	return 0;
}
