// SPDX-License-Identifier: GPL-2.0
/*
 * dump-pause: one memcg dump of the "zswap" generic netlink family that
 * stops after its first part, so that the caller can remove cgroups
 * between two reads of the same dump.
 *
 *   dump-pause
 *
 * It starts ZSWAP_CMD_MEMCG_GET as a dump and looks at the first part
 * with MSG_PEEK, printing
 *
 *   first ID PATH        one line per memcg of the first part
 *   paused ID            the last of them: where the kernel's cursor is
 *
 * then waits for a line on standard input. Meanwhile the kernel holds the
 * dump at that cursor: it builds a dump's next part only from recvmsg(),
 * and only when that leaves the socket's queue at most half full; the
 * peeked part stays queued, and the receive buffer is made smaller than
 * twice that part (SO_RCVBUF), so the peek does not advance the dump.
 * After the line it reads the whole dump, the first part again and then
 * the rest, printing
 *
 *   memcg ID PATH        one line per memcg, as they come
 *   done                 the dump ended with NLMSG_DONE and no error
 *
 * Exit: 0 at the end of the dump, 1 when the dump failed or a reply did
 * not parse, 2 on a setup error.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <inttypes.h>
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

#include "genl-raw.h"

/*
 * A part of a dump fills at most the larger of the last recvmsg() size and
 * NLMSG_GOODSIZE (some 3.7 KiB): reads of 8 KiB, netlink's minimum, hold
 * every part.
 */
#define RECV_SIZE	8192
/* The kernel doubles it; the first part takes more than half of that */
#define SMALL_RCVBUF	2048
#define WAIT_MS		20000

static unsigned char buf[RECV_SIZE];

/*
 * One recvmsg() of the dump on @fd (@flags: MSG_PEEK or 0), each memcg
 * printed with @tag. Returns 1 while the dump goes on, 0 at its end, -1
 * when it failed.
 */
static int read_part(int fd, int flags, const char *tag, uint64_t *last)
{
	struct pollfd pfd = { .fd = fd, .events = POLLIN };
	struct nlmsghdr *nlh;
	ssize_t n;
	int len;

	if (poll(&pfd, 1, WAIT_MS) <= 0) {
		printf("error no reply within %d ms\n", WAIT_MS);
		return -1;
	}
	n = recv(fd, buf, sizeof(buf), flags | MSG_TRUNC);
	if (n < 0 || n > (ssize_t)sizeof(buf)) {
		printf("error recv: %s\n", n < 0 ? strerror(errno) : "a part larger than the buffer");
		return -1;
	}
	len = n;
	for (nlh = (struct nlmsghdr *)buf; NLMSG_OK(nlh, len); nlh = NLMSG_NEXT(nlh, len)) {
		const char *path;
		uint64_t id;

		if (nlh->nlmsg_type == NLMSG_DONE) {
			int err = 0;

			if (nlh->nlmsg_len >= NLMSG_LENGTH(sizeof(err)))
				memcpy(&err, NLMSG_DATA(nlh), sizeof(err));
			if (err) {
				printf("error the dump ended with %s\n", strerror(-err));
				return -1;
			}
			return 0;
		}
		if (nlh->nlmsg_type == NLMSG_ERROR) {
			const struct nlmsgerr *e = NLMSG_DATA(nlh);

			printf("error %s\n", strerror(-e->error));
			return -1;
		}
		if (!(nlh->nlmsg_flags & NLM_F_MULTI) || !parse_memcg(nlh, &id, &path) ||
		    !path) {
			printf("error a reply that does not parse\n");
			return -1;
		}
		printf("%s %" PRIu64 " %s\n", tag, id, path);
		*last = id;
	}
	if (len) {
		printf("error %d bytes left over in a part\n", len);
		return -1;
	}
	return 1;
}

int main(void)
{
	struct nlmsghdr *nlh = (struct nlmsghdr *)buf;
	int fd, cfd, family, rcvbuf = SMALL_RCVBUF, ret;
	uint64_t last = 0;
	char line[64];
	size_t len;

	/*
	 * The family is asked on another socket: a read on the dump's socket
	 * would raise the size of its parts (the last recvmsg() size).
	 */
	cfd = socket(AF_NETLINK, SOCK_RAW | SOCK_CLOEXEC, NETLINK_GENERIC);
	fd = socket(AF_NETLINK, SOCK_RAW | SOCK_CLOEXEC, NETLINK_GENERIC);
	if (cfd < 0 || fd < 0 ||
	    setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &rcvbuf, sizeof(rcvbuf))) {
		perror("dump-pause: socket");
		return 2;
	}
	family = resolve_family(cfd);
	close(cfd);
	if (family < 0) {
		fprintf(stderr, "dump-pause: no \"%s\" generic netlink family here\n",
			ZSWAP_FAMILY_NAME);
		return 2;
	}

	len = start_request(buf, family, NLM_F_DUMP, ZSWAP_CMD_MEMCG_GET,
			    ZSWAP_FAMILY_VERSION, 1);
	nlh->nlmsg_len = len;
	if (send(fd, buf, len, 0) < 0) {
		perror("dump-pause: send");
		return 2;
	}
	ret = read_part(fd, MSG_PEEK, "first", &last);
	if (ret <= 0) {
		printf("error the dump ended in its first part\n");
		return 1;
	}
	printf("paused %" PRIu64 "\n", last);
	fflush(stdout);
	if (!fgets(line, sizeof(line), stdin)) {
		fprintf(stderr, "dump-pause: no line on standard input\n");
		return 2;
	}

	do
		ret = read_part(fd, 0, "memcg", &last);
	while (ret > 0);
	if (ret < 0)
		return 1;
	printf("done\n");
	return 0;
}
