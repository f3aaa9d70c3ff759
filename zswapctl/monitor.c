// SPDX-License-Identifier: GPL-2.0
/*
 * zswapctl monitor [--json] [--count N] [--memcg-events WHEN]: zswap's
 * events as they come, one line each, until SIGINT or SIGTERM (exit 0) or
 * the N-th event. The memcg-limit-hit events of the "memcg-events" group
 * come too where the kernel lets this process join it (CAP_SYS_ADMIN).
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

/* --memcg-events */
enum memcg_events_when {
	MEMCG_EVENTS_AUTO, /* where permitted; a note once if not */
	MEMCG_EVENTS_ALWAYS, /* or fail */
	MEMCG_EVENTS_NEVER,
};

struct monitor_opts {
	bool json;
	uint64_t count; /* --count, 0 for no end */
	uint64_t page_size;
	enum memcg_events_when memcg_events;
	bool memcg; /* joined "memcg-events" */
};

static void monitor_usage(void)
{
	printf("Usage:\n"
	       " zswapctl monitor [options]\n"
	       "\n"
	       "Print zswap's events as they come, one line each: when zswapctl received\n"
	       "it (UTC), the event, and the parameters and counters after it. Runs until\n"
	       "SIGINT or SIGTERM, which end it with status 0. Needs the zswap netlink\n"
	       "family. A cgroup's memory.zswap.max refusing stores (memcg-limit-hit,\n"
	       "with the cgroup's figures) needs CAP_SYS_ADMIN to be seen.\n"
	       "\n"
	       "Options:\n"
	       " -c, --count <n>             exit after <n> events\n"
	       " -J, --json                  one JSON object a line\n"
	       "     --memcg-events <when>   auto (where permitted), always or never\n"
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
		{ "memcg-events", required_argument, NULL, OPT_MEMCG_EVENTS },
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
		case OPT_MEMCG_EVENTS:
			if (!strcmp(optarg, "auto"))
				o->memcg_events = MEMCG_EVENTS_AUTO;
			else if (!strcmp(optarg, "always"))
				o->memcg_events = MEMCG_EVENTS_ALWAYS;
			else if (!strcmp(optarg, "never"))
				o->memcg_events = MEMCG_EVENTS_NEVER;
			else
				return zc_usage(
					"invalid --memcg-events '%s' (expected auto, always or never)",
					optarg);
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

/*
 * Join "memcg-events" as --memcg-events says: with auto, a kernel that
 * refuses (no CAP_SYS_ADMIN) gets one note and the global events go on,
 * and a family without the group (a kernel before it) none. An exit code.
 */
static int subscribe_memcg(struct zswapnl *nl, struct monitor_opts *o)
{
	struct zswapnl_error err = { 0 };
	int ret;

	if (o->memcg_events == MEMCG_EVENTS_NEVER)
		return EXIT_OK;
	ret = zswapnl_subscribe_memcg_events(nl, &err);
	o->memcg = !ret;
	if (!ret ||
	    (o->memcg_events == MEMCG_EVENTS_AUTO && ret == -EOPNOTSUPP))
		return EXIT_OK;
	if (o->memcg_events == MEMCG_EVENTS_AUTO && ret == -EPERM) {
		zc_error(
			"note: memcg-limit-hit events need CAP_SYS_ADMIN: showing zswap's global events only");
		return EXIT_OK;
	}
	return zc_lib_error("cannot subscribe to zswap's memcg events", ret,
			    &err);
}

/* A handle that receives the events: an exit code, after a message */
static int subscribe(const struct zswapctl *ctl, struct zswapnl **nl,
		     struct monitor_opts *o)
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
		else
			ret = subscribe_memcg(*nl, o);
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

/*
 * Read one event of a queue and print it: 1 printed, 0 none pending, or a
 * negative errno of the library; *print_ret is what printing returned
 */
typedef int (*queue_reader)(struct zswapnl *nl, const struct monitor_opts *o,
			    struct zswapnl_error *err, int *print_ret);

static int read_global_event(struct zswapnl *nl, const struct monitor_opts *o,
			     struct zswapnl_error *err, int *print_ret)
{
	struct zswapnl_event ev = { .struct_size = sizeof(ev) };
	struct timespec now;
	int ret = zswapnl_read_event(nl, &ev, err);

	if (ret <= 0)
		return ret;
	clock_gettime(CLOCK_REALTIME, &now);
	*print_ret = o->json ? event_print_json(&ev, &now, o->page_size, stdout) :
			       event_print_text(&ev, &now, o->page_size, stdout);
	return 1;
}

static int read_memcg_event(struct zswapnl *nl, const struct monitor_opts *o,
			    struct zswapnl_error *err, int *print_ret)
{
	struct zswapnl_memcg_event ev = { .struct_size = sizeof(ev) };
	struct timespec now;
	int ret = zswapnl_read_memcg_event(nl, &ev, err);

	if (ret <= 0)
		return ret;
	clock_gettime(CLOCK_REALTIME, &now);
	*print_ret = o->json ?
			     memcg_event_print_json(&ev, &now, o->page_size, stdout) :
			     memcg_event_print_text(&ev, &now, o->page_size, stdout);
	zswapnl_memcg_free(&ev.memcg);
	return 1;
}

/*
 * Print the events of one queue (the global events, or the memcg events,
 * which have a queue of their own) until none is left or the count is
 * reached (*done). Lost events are reported, and the monitoring goes on.
 * An exit code.
 */
static int drain(struct zswapnl *nl, const struct monitor_opts *o,
		 queue_reader read_one, const char *what, uint64_t *seen,
		 bool *done, bool *lost_said)
{
	struct zswapnl_error err = { 0 };
	int ret, print_ret;

	while (!*done) {
		print_ret = 0;
		ret = read_one(nl, o, &err, &print_ret);
		if (!ret)
			return EXIT_OK;
		/*
		 * One overrun of the socket marks both queues (which group lost
		 * a message is not known): one line says so
		 */
		if (ret == -ENOBUFS) {
			if (!*lost_said)
				zc_error("%s", err.msg[0] ? err.msg :
							    strerror(ENOBUFS));
			*lost_said = true;
			continue;
		}
		if (ret < 0)
			return zc_lib_error(what, ret, &err);
		if (print_ret == -ENOMEM) {
			zc_error("out of memory");
			return EXIT_SYSTEM;
		}
		/*
		 * main() reports a write error on stdout, and says nothing of
		 * a reader that is gone
		 */
		if (print_ret) {
			*done = true;
			return EXIT_OK;
		}
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
		bool lost_said = false;

		ret = drain(nl, o, read_global_event,
			    "cannot read zswap events", &seen, &done,
			    &lost_said);
		if (!ret && !done && o->memcg)
			ret = drain(nl, o, read_memcg_event,
				    "cannot read zswap's memcg events", &seen,
				    &done, &lost_said);
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
	ret = subscribe(ctl, &nl, &o);
	if (!ret) {
		o.page_size = zc_page_size(nl);
		ret = monitor(nl, sfd, &o);
		zswapnl_close(nl);
	}
	close(sfd);
	return ret;
}
