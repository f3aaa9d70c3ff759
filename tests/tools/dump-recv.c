// SPDX-License-Identifier: GPL-2.0
/*
 * dump-recv: memcg dumps of the "zswap" generic netlink family read with a
 * receive buffer of a chosen size, as a careless or a frugal client would.
 *
 *   dump-recv [--recv BYTES] [--rcvbuf BYTES] [--repeat N] [--quiet]
 *
 * --recv is the size of each recvmsg() (32 KiB by default, the largest
 * dump message), --rcvbuf the socket's SO_RCVBUF (the kernel's default
 * when not given; the kernel doubles it and raises it to its minimum).
 * Each dump prints
 *
 *   memcg ID LEN PATH    one line per memcg, as they come (LEN and PATH
 *                        "-" when the record has no path); not with --quiet
 *   done N NS            the dump ended with NLMSG_DONE and no error,
 *                        after N memcgs, NS nanoseconds from the request
 *                        to the end (CLOCK_MONOTONIC)
 *
 * or, when it fails,
 *
 *   error ERRNO-NAME TEXT
 *
 * where EMSGSIZE means that a message was longer than the buffer (the
 * kernel's message arrived cut: MSG_TRUNC), ENOBUFS that the socket lost
 * messages, and any other name is the error the kernel ended the dump
 * with. --repeat runs N dumps one after the other on one socket.
 *
 * Exit: 0 when every dump ended with NLMSG_DONE, 1 when one failed or a
 * reply did not parse, 2 on a setup error.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <getopt.h>
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
#include <time.h>
#include <unistd.h>

#include "genl-raw.h"

#define WAIT_MS		60000
#define MAX_RECV	(1024 * 1024)

static unsigned char *buf;
static size_t buf_size;
static bool quiet;

static uint64_t now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

/*
 * One recvmsg() of the dump on @fd, its memcgs counted in @count. Returns
 * 1 while the dump goes on, 0 at its end, -1 when it failed.
 */
static int read_part(int fd, uint32_t seq, uint64_t *count)
{
	struct pollfd pfd = { .fd = fd, .events = POLLIN };
	struct nlmsghdr *nlh;
	ssize_t n;
	int len;

	if (poll(&pfd, 1, WAIT_MS) <= 0) {
		printf("error ETIMEDOUT no reply within %d ms\n", WAIT_MS);
		return -1;
	}
	/* MSG_TRUNC: the length of the message, not of what was copied */
	n = recv(fd, buf, buf_size, MSG_TRUNC);
	if (n < 0) {
		printf("error %s recv: %s\n", strerrorname_np(errno), strerror(errno));
		return -1;
	}
	if ((size_t)n > buf_size) {
		printf("error EMSGSIZE a message of %zd bytes, the buffer holds %zu\n", n,
		       buf_size);
		return -1;
	}
	len = n;
	for (nlh = (struct nlmsghdr *)buf; NLMSG_OK(nlh, len); nlh = NLMSG_NEXT(nlh, len)) {
		const char *path;
		uint64_t id;

		if (nlh->nlmsg_seq != seq) {
			printf("error EPROTO a reply to request %u, not %u\n", nlh->nlmsg_seq,
			       seq);
			return -1;
		}
		if (nlh->nlmsg_type == NLMSG_DONE) {
			int err = 0;

			if (nlh->nlmsg_len >= NLMSG_LENGTH(sizeof(err)))
				memcpy(&err, NLMSG_DATA(nlh), sizeof(err));
			if (err) {
				printf("error %s the dump ended with: %s\n",
				       strerrorname_np(-err), strerror(-err));
				return -1;
			}
			return 0;
		}
		if (nlh->nlmsg_type == NLMSG_ERROR) {
			const struct nlmsgerr *e = NLMSG_DATA(nlh);

			printf("error %s %s\n", strerrorname_np(-e->error), strerror(-e->error));
			return -1;
		}
		if (!(nlh->nlmsg_flags & NLM_F_MULTI) || !parse_memcg(nlh, &id, &path)) {
			printf("error EPROTO a reply that does not parse\n");
			return -1;
		}
		(*count)++;
		if (quiet)
			continue;
		if (path)
			printf("memcg %" PRIu64 " %zu %s\n", id, strlen(path), path);
		else
			printf("memcg %" PRIu64 " - -\n", id);
	}
	if (len) {
		printf("error EPROTO %d bytes left over in a message\n", len);
		return -1;
	}
	return 1;
}

static int run_dump(int fd, int family, uint32_t seq)
{
	unsigned char req[NLMSG_HDRLEN + GENL_HDRLEN];
	size_t len = start_request(req, family, NLM_F_DUMP, ZSWAP_CMD_MEMCG_GET,
				   ZSWAP_FAMILY_VERSION, seq);
	uint64_t count = 0, t0;
	int ret;

	((struct nlmsghdr *)req)->nlmsg_len = len;
	t0 = now_ns();
	if (send(fd, req, len, 0) < 0) {
		perror("dump-recv: send");
		return 2;
	}
	do
		ret = read_part(fd, seq, &count);
	while (ret > 0);
	if (ret < 0)
		return 1;
	printf("done %" PRIu64 " %" PRIu64 "\n", count, now_ns() - t0);
	return 0;
}

static void bad_usage(void)
{
	fprintf(stderr,
		"usage: dump-recv [--recv BYTES] [--rcvbuf BYTES] [--repeat N] [--quiet]\n");
	exit(2);
}

static unsigned long number(const char *s, unsigned long min, unsigned long max)
{
	unsigned long v;
	char *end;

	errno = 0;
	v = strtoul(s, &end, 10);
	if (errno || end == s || *end || v < min || v > max)
		bad_usage();
	return v;
}

int main(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "recv", required_argument, NULL, 'r' },
		{ "rcvbuf", required_argument, NULL, 'b' },
		{ "repeat", required_argument, NULL, 'n' },
		{ "quiet", no_argument, NULL, 'q' },
		{ NULL, 0, NULL, 0 }
	};
	int fd, cfd, family, opt, rcvbuf = -1, ret = 0;
	unsigned long repeat = 1, i;

	buf_size = 32768;
	while ((opt = getopt_long(argc, argv, "", opts, NULL)) != -1) {
		switch (opt) {
		case 'r':
			buf_size = number(optarg, NLMSG_HDRLEN, MAX_RECV);
			break;
		case 'b':
			rcvbuf = number(optarg, 1, MAX_RECV);
			break;
		case 'n':
			repeat = number(optarg, 1, 1000000);
			break;
		case 'q':
			quiet = true;
			break;
		default:
			bad_usage();
		}
	}
	if (optind < argc)
		bad_usage();
	buf = malloc(buf_size);
	if (!buf) {
		perror("dump-recv: malloc");
		return 2;
	}

	/*
	 * The family is asked on another socket: a read on the dump's socket
	 * would raise the size of its messages (the largest recvmsg() size).
	 */
	cfd = socket(AF_NETLINK, SOCK_RAW | SOCK_CLOEXEC, NETLINK_GENERIC);
	fd = socket(AF_NETLINK, SOCK_RAW | SOCK_CLOEXEC, NETLINK_GENERIC);
	if (cfd < 0 || fd < 0 ||
	    (rcvbuf > 0 && setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &rcvbuf, sizeof(rcvbuf)))) {
		perror("dump-recv: socket");
		return 2;
	}
	family = resolve_family(cfd);
	close(cfd);
	if (family < 0) {
		fprintf(stderr, "dump-recv: no \"%s\" generic netlink family here\n",
			ZSWAP_FAMILY_NAME);
		return 2;
	}
	for (i = 1; i <= repeat && !ret; i++) {
		ret = run_dump(fd, family, i);
		fflush(stdout);
	}
	return ret;
}
