// SPDX-License-Identifier: GPL-2.0
/*
 * zswapctl monitor [--json] [--count N]: zswap's events as they come, one
 * line each, until SIGINT or SIGTERM (exit 0) or the N-th event.
 */
#include <errno.h>
#include <getopt.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/signalfd.h>
#include <time.h>
#include <unistd.h>

#include "event_line.h"
#include "parse.h"
#include "zswapctl.h"

struct monitor_opts {
	bool json;
	uint64_t count; /* --count, 0 for no end */
	uint64_t page_size;
};

static void monitor_usage(void)
{
	printf("Usage:\n"
	       " zswapctl monitor [options]\n"
	       "\n"
	       "Print zswap's events as they come, one line each: when zswapctl received\n"
	       "it (UTC), the event, and the parameters and counters after it. Runs until\n"
	       "SIGINT or SIGTERM, which end it with status 0. Needs the zswap netlink\n"
	       "family.\n"
	       "\n"
	       "Options:\n"
	       " -c, --count <n>             exit after <n> events\n"
	       " -J, --json                  one JSON object a line\n"
	       "     --source <mode>         netlink or auto\n"
	       " -h, --help                  display this help\n");
}

/* 0, -1 after --help, or an exit code */
static int parse_args(struct zswapctl *ctl, struct monitor_opts *o, int argc,
		      char **argv)
{
	static const struct option opts[] = {
		{ "count", required_argument, NULL, 'c' },
		{ "json", no_argument, NULL, 'J' },
		{ "help", no_argument, NULL, 'h' },
		GLOBAL_OPTIONS,
		{ NULL, 0, NULL, 0 }
	};
	int opt, ret;

	while ((opt = getopt_long(argc, argv, ":c:Jh", opts, NULL)) != -1) {
		ret = global_option(ctl, "monitor", opt, argv, opts);
		if (ret > 0)
			return ret;
		if (ret < 0)
			continue;
		switch (opt) {
		case 'c':
			if (parse_u64(optarg, &o->count) || !o->count)
				return zc_usage(
					"invalid --count '%s' (expected a number of events, 1 or more)",
					optarg);
			break;
		case 'J':
			o->json = true;
			break;
		case 'h':
			monitor_usage();
			return -1;
		}
	}
	if (optind < argc)
		return zc_usage("monitor takes no arguments, got '%s'",
				argv[optind]);
	return EXIT_OK;
}

/* A handle that receives the events: an exit code, after a message */
static int subscribe(const struct zswapctl *ctl, struct zswapnl **nl)
{
	struct zswapnl_error err = { 0 };
	int ret;

	ret = zc_open(ctl, nl);
	if (ret)
		return ret;
	if (zswapnl_source(*nl) != ZSWAPNL_SOURCE_NETLINK) {
		if (ctl->mode == ZSWAPNL_MODE_FALLBACK)
			zc_error(
				"events come only from the zswap netlink family, not from the files (--source fallback or --sysroot)");
		else
			zc_error(
				"events need the zswap netlink family, which this kernel does not have");
		ret = EXIT_UNSUPPORTED;
	} else {
		ret = zswapnl_subscribe(*nl, &err);
		if (ret)
			ret = zc_lib_error("cannot subscribe to zswap events",
					   ret, &err);
	}
	if (ret)
		zswapnl_close(*nl);
	return ret;
}

/*
 * SIGINT and SIGTERM as a file to poll: they end the loop between two
 * lines, never in the middle of one. The fd, or -1 after a message.
 */
static int signal_fd(void)
{
	sigset_t set;
	int fd;

	sigemptyset(&set);
	sigaddset(&set, SIGINT);
	sigaddset(&set, SIGTERM);
	sigprocmask(SIG_BLOCK, &set, NULL);
	fd = signalfd(-1, &set, SFD_CLOEXEC | SFD_NONBLOCK);
	if (fd < 0)
		zc_error("cannot wait for signals: %s", strerror(errno));
	return fd;
}

static int print_event(const struct monitor_opts *o,
		       const struct zswapnl_event *ev)
{
	struct timespec now;
	int ret;

	clock_gettime(CLOCK_REALTIME, &now);
	if (o->json)
		ret = event_print_json(ev, &now, o->page_size, stdout);
	else
		ret = event_print_text(ev, &now, o->page_size, stdout);
	if (ret == -ENOMEM) {
		zc_error("out of memory");
		return EXIT_SYSTEM;
	}
	/* main() reports a write error on stdout */
	return ret ? EXIT_SYSTEM : EXIT_OK;
}

/*
 * Print the events the handle has, until none is left or the count is
 * reached (*done). Lost events are reported, and the monitoring goes on.
 * An exit code.
 */
static int drain(struct zswapnl *nl, const struct monitor_opts *o,
		 uint64_t *seen, bool *done)
{
	struct zswapnl_error err = { 0 };
	struct zswapnl_event ev;
	int ret;

	while (!*done) {
		ev.struct_size = sizeof(ev);
		ret = zswapnl_read_event(nl, &ev, &err);
		if (!ret)
			return EXIT_OK;
		if (ret == -ENOBUFS) {
			zc_error("%s",
				 err.msg[0] ? err.msg : strerror(ENOBUFS));
			continue;
		}
		if (ret < 0)
			return zc_lib_error("cannot read zswap events", ret,
					    &err);
		ret = print_event(o, &ev);
		if (ret)
			return ret;
		*done = o->count && ++*seen == o->count;
	}
	return EXIT_OK;
}

static int monitor(struct zswapnl *nl, int sfd, const struct monitor_opts *o)
{
	struct pollfd fds[] = {
		{ .fd = zswapnl_event_fd(nl), .events = POLLIN },
		{ .fd = sfd, .events = POLLIN },
	};
	bool done = false;
	uint64_t seen = 0;
	int ret;

	for (;;) {
		ret = drain(nl, o, &seen, &done);
		if (ret || done)
			return ret;
		if (poll(fds, 2, -1) < 0 && errno != EINTR) {
			zc_error("cannot wait for events: %s", strerror(errno));
			return EXIT_SYSTEM;
		}
		if (fds[1].revents)
			return EXIT_OK; /* SIGINT or SIGTERM */
	}
}

int cmd_monitor(struct zswapctl *ctl, int argc, char **argv)
{
	struct monitor_opts o = { 0 };
	struct zswapnl *nl;
	int ret, sfd;

	/* A reader on a pipe sees each event when it comes */
	setvbuf(stdout, NULL, _IOLBF, 0);
	ret = parse_args(ctl, &o, argc, argv);
	if (ret)
		return ret < 0 ? EXIT_OK : ret;
	/* Blocked from here: a signal during the setup ends the loop at once */
	sfd = signal_fd();
	if (sfd < 0)
		return EXIT_SYSTEM;
	ret = subscribe(ctl, &nl);
	if (!ret) {
		o.page_size = zc_page_size(nl);
		ret = monitor(nl, sfd, &o);
		zswapnl_close(nl);
	}
	close(sfd);
	return ret;
}
