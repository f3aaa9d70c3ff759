// SPDX-License-Identifier: GPL-2.0
/*
 * genl-fuzz: send malformed, random and random-but-valid messages to the
 * "zswap" generic netlink family, a bounded number of them, while a second
 * socket listens on its events group.
 *
 *   genl-fuzz [--count N] [--seed N]
 *
 * Three kinds of message, --count in all:
 *
 * - Malformed or random (30 in 32): random commands, versions, flags and attributes:
 *   unknown types, wrong sizes, truncated and oversized lengths, strings
 *   without a NUL, nested garbage, and headers whose length lies. Every
 *   such SET or MEMCG_SET also carries one attribute that the policy must
 *   refuse, so the kernel has to reject it whole: an ACK of one is a
 *   failure (poison_accepted).
 *
 * - Valid SET requests (one in VALID_EVERY): random values of the right
 *   types: compressor and zpool names the kernel has and names it has not,
 *   percentages in and out of range, enabled 0 or 1. A real GET follows
 *   each: an accepted SET must show every value it set, a refused one must
 *   have changed nothing, and one with a value the policy forbids or a
 *   name that cannot exist must be refused.
 *
 * - Valid MEMCG_SET requests (as many): memory.zswap.max values of every
 *   size for the ids of real cgroups (taken from memcg dumps done along
 *   the way, so cgroups that the caller creates and removes meanwhile come
 *   in, alive or removed), of the root cgroup and of ids that never
 *   existed. An accepted one must read back as the value rounded down to
 *   pages (or "max"), the root and ids that never existed must be refused.
 *
 * Every DUMP_EVERY messages a real memcg dump must end with DONE, every
 * message of it parse, in increasing id order from the root cgroup.
 *
 * The listener joins the events group with a small receive buffer and is
 * read only now and then, so it also overflows: it must go on reading
 * after ENOBUFS, and every event must parse.
 *
 * At the end the parameters and the memory.zswap.max of every memcg that
 * existed at the start are put back over netlink, then a real GET and a
 * real memcg dump must succeed, parse and show the restored state, and the
 * listener must receive the event of the restore.
 *
 * A message whose header claims more bytes than were sent (about one in
 * 32, counted as "dropped") gets no reply: netlink_rcv_skb() drops it
 * without an answer. Every other message must be answered: at most one in
 * NO_REPLY_PER of them may go unanswered (an ACK the kernel could not
 * allocate is lost, the socket reports ENOBUFS instead).
 *
 * It runs as root, so that the policies, not the permission check, are
 * what the messages meet. Closing line:
 *
 *   genl-fuzz: sent=N dropped=N acked_ok=N acked_error=N no_reply=N
 *   stray=N poison_accepted=N sets=N sets_ok=N memcg_sets=N memcg_sets_ok=N
 *   mismatches=N dumps=N events=N event_overruns=N final=ok|failed
 *
 * (one line). Exit: 0, 1 when a check failed (the reasons on stderr), 2 on
 * a setup error.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <getopt.h>
#include <linux/genetlink.h>
#include <linux/netlink.h>
#include <poll.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include <linux/zswap.h> /* include/uapi, the copy of the series' header */

#define BUF_SIZE	1024		/* the largest request */
#define RBUF_SIZE	65536		/* more than a dump's message can be */
#define VALID_EVERY	32		/* one in 32 is a valid SET, one a MEMCG_SET */
#define NO_REPLY_PER	1000		/* at most 1 in 1000 may go unanswered */
#define DUMP_EVERY	2000		/* a real memcg dump every N messages */
#define LISTEN_EVERY	64		/* the listener is read every N messages */
#define MAX_IDS		4096		/* memcg ids remembered */
#define REPLY_WAIT_MS	2000
#define RESTORE_EVENT_WAIT_MS 20000

#define ARRAY_SIZE(a)	(sizeof(a) / sizeof((a)[0]))

/* Names that may or may not exist, and names that cannot */
static const char *const compressors[] = {
	"lzo", "lzo-rle", "lz4", "zstd", "deflate", "lz4hc", "842",
};
static const char *const zpools[] = { "zbud", "z3fold", "zsmalloc" };
static const char *const bogus_names[] = {
	"", "no-such-alg", "LZO", "lzo ", " zbud", "zbud\t", "zsmall",
};

/* The parameters, as GET reports them */
struct params {
	char compressor[ZSWAP_COMPRESSOR_NAME_MAX + 1];
	char zpool[ZSWAP_ZPOOL_NAME_MAX + 1];
	uint8_t enabled;
	uint32_t max_pool_percent;
	uint32_t accept_threshold_percent;
};

struct memcg {
	uint64_t id;
	uint64_t zswap_max;
	bool root;
};

struct fuzzer {
	int fd;			/* requests */
	int lfd;		/* the listener, on the events group */
	uint16_t family;
	uint32_t group;
	uint32_t seq;
	uint64_t rng;
	uint64_t page_size;
	struct params cur;	/* as the last GET said */
	struct params saved;	/* at the start */
	struct memcg *initial;	/* the memcgs at the start */
	size_t ninitial;
	uint64_t root_id;
	uint64_t ids[MAX_IDS];	/* ids of cgroups seen in dumps */
	size_t nids;
	uint64_t recent[MAX_IDS]; /* those of the last dump, most still alive */
	size_t nrecent;
	bool failed;
	unsigned long sent, dropped, acked_ok, acked_error, no_reply, stray;
	unsigned long poison_accepted, sets, sets_ok, memcg_sets, memcg_sets_ok;
	unsigned long mismatches, dumps, events, event_overruns;
	unsigned char buf[BUF_SIZE];
	unsigned char rbuf[RBUF_SIZE];
};

enum outcome { OUT_OK, OUT_ERROR, OUT_NONE };

/* A message of a reply; returns false when it does not parse */
typedef bool (*reply_fn)(struct fuzzer *f, const struct nlmsghdr *nlh, void *arg);

static void failure(struct fuzzer *f, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static void failure(struct fuzzer *f, const char *fmt, ...)
{
	va_list ap;

	f->failed = true;
	fputs("genl-fuzz: FAIL: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
}

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

static size_t put_string(unsigned char *p, size_t room, uint16_t type, const char *s)
{
	return put_attr(p, room, type, s, strlen(s) + 1);
}

/*
 * Split @len bytes of attributes into @tb (indexed by type, up to @max).
 * False when they do not add up.
 */
static bool parse_attrs(const void *data, int len, const struct nlattr **tb, int max)
{
	const struct nlattr *nla = data;

	memset(tb, 0, (max + 1) * sizeof(*tb));
	while (len >= NLA_HDRLEN) {
		int type = nla->nla_type & NLA_TYPE_MASK;

		if (nla->nla_len < NLA_HDRLEN || nla->nla_len > len)
			return false;
		if (type <= max)
			tb[type] = nla;
		len -= NLA_ALIGN(nla->nla_len);
		nla = (const void *)((const char *)nla + NLA_ALIGN(nla->nla_len));
	}
	return len <= 0; /* the last attribute may lack its padding */
}

static bool attr_u64(const struct nlattr *nla, uint64_t *val)
{
	if (!nla || nla->nla_len != NLA_HDRLEN + 8)
		return false;
	memcpy(val, (const char *)nla + NLA_HDRLEN, 8);
	return true;
}

static bool attr_u32(const struct nlattr *nla, uint32_t *val)
{
	if (!nla || nla->nla_len != NLA_HDRLEN + 4)
		return false;
	memcpy(val, (const char *)nla + NLA_HDRLEN, 4);
	return true;
}

/* A NUL-terminated string that fits @size bytes */
static bool attr_string(const struct nlattr *nla, char *buf, size_t size)
{
	const char *s = (const char *)nla + NLA_HDRLEN;
	size_t len;

	if (!nla || nla->nla_len <= NLA_HDRLEN)
		return false;
	len = nla->nla_len - NLA_HDRLEN;
	if (s[len - 1] || strlen(s) + 1 > size)
		return false;
	memcpy(buf, s, strlen(s) + 1);
	return true;
}

/* The generic netlink payload of @nlh: its attributes and their length */
static const void *genl_attrs(const struct nlmsghdr *nlh, int *len)
{
	*len = (int)nlh->nlmsg_len - NLMSG_HDRLEN - GENL_HDRLEN;
	return (const char *)NLMSG_DATA(nlh) + GENL_HDRLEN;
}

/*
 * The global counters and parameters of a GET reply or an event: every
 * attribute of the zswap attribute set must be there, with its size.
 */
static bool parse_global(const struct nlmsghdr *nlh, uint8_t cmd, struct params *p,
			 uint32_t *event)
{
	const struct genlmsghdr *g = NLMSG_DATA(nlh);
	const struct nlattr *tb[ZSWAP_A_MAX + 1];
	const void *attrs;
	uint64_t u64;
	int len, type;

	if (nlh->nlmsg_len < NLMSG_HDRLEN + GENL_HDRLEN || g->cmd != cmd)
		return false;
	attrs = genl_attrs(nlh, &len);
	if (!parse_attrs(attrs, len, tb, ZSWAP_A_MAX))
		return false;
	for (type = ZSWAP_A_STORED_PAGES; type <= ZSWAP_A_DUPLICATE_ENTRY; type++)
		if (!attr_u64(tb[type], &u64))
			return false;
	if (!tb[ZSWAP_A_ENABLED] || tb[ZSWAP_A_ENABLED]->nla_len != NLA_HDRLEN + 1)
		return false;
	p->enabled = *((const uint8_t *)tb[ZSWAP_A_ENABLED] + NLA_HDRLEN);
	if (!attr_string(tb[ZSWAP_A_COMPRESSOR], p->compressor, sizeof(p->compressor)) ||
	    !attr_string(tb[ZSWAP_A_ZPOOL], p->zpool, sizeof(p->zpool)) ||
	    !attr_u32(tb[ZSWAP_A_MAX_POOL_PERCENT], &p->max_pool_percent) ||
	    !attr_u32(tb[ZSWAP_A_ACCEPT_THRESHOLD_PERCENT], &p->accept_threshold_percent))
		return false;
	if (p->enabled > 1 || p->max_pool_percent > 100 || p->accept_threshold_percent > 100)
		return false;
	if (event)
		return attr_u32(tb[ZSWAP_A_EVENT], event) &&
		       *event >= ZSWAP_EVENT_PARAMS_CHANGED &&
		       *event <= ZSWAP_EVENT_POOL_LIMIT_HIT;
	return !tb[ZSWAP_A_EVENT];
}

static bool same_params(const struct params *a, const struct params *b)
{
	return !strcmp(a->compressor, b->compressor) && !strcmp(a->zpool, b->zpool) &&
	       a->enabled == b->enabled && a->max_pool_percent == b->max_pool_percent &&
	       a->accept_threshold_percent == b->accept_threshold_percent;
}

static void print_params(const char *what, const struct params *p)
{
	fprintf(stderr, "genl-fuzz:   %s: compressor=%s zpool=%s enabled=%u max_pool_percent=%u "
		"accept_threshold_percent=%u\n", what, p->compressor, p->zpool, p->enabled, p->max_pool_percent,
		p->accept_threshold_percent);
}

/*
 * Read the replies to message @seq until its ACK, its error or the end of
 * its dump; other messages of @seq go to @fn. Replies to other messages
 * (only a message the kernel dropped, or one given up on, could leave any)
 * are counted as stray. *err is the error of the ACK.
 */
static enum outcome read_replies(struct fuzzer *f, uint32_t seq, reply_fn fn, void *arg,
				 int *err, bool *bad)
{
	struct pollfd pfd = { .fd = f->fd, .events = POLLIN };

	*err = 0;
	for (;;) {
		struct nlmsghdr *nlh;
		ssize_t n;
		int len;

		if (poll(&pfd, 1, REPLY_WAIT_MS) <= 0)
			return OUT_NONE;
		n = recv(f->fd, f->rbuf, sizeof(f->rbuf), MSG_TRUNC);
		if (n < 0)
			return OUT_NONE; /* ENOBUFS: a reply was lost */
		if (n > (ssize_t)sizeof(f->rbuf)) {
			failure(f, "a reply of %zd bytes", n);
			return OUT_NONE;
		}
		len = n;
		for (nlh = (struct nlmsghdr *)f->rbuf; NLMSG_OK(nlh, len);
		     nlh = NLMSG_NEXT(nlh, len)) {
			if (nlh->nlmsg_seq != seq) {
				f->stray++;
				continue;
			}
			if (nlh->nlmsg_type == NLMSG_ERROR) {
				const struct nlmsgerr *e = NLMSG_DATA(nlh);

				*err = e->error;
				return e->error ? OUT_ERROR : OUT_OK;
			}
			if (nlh->nlmsg_type == NLMSG_DONE) {
				if (nlh->nlmsg_len >= NLMSG_LENGTH(sizeof(int)))
					memcpy(err, NLMSG_DATA(nlh), sizeof(int));
				return *err ? OUT_ERROR : OUT_OK;
			}
			if (fn && !fn(f, nlh, arg))
				*bad = true;
		}
	}
}

/* Start a request of @cmd in f->buf; attributes go after the returned length */
static size_t start_request(struct fuzzer *f, uint8_t cmd, uint16_t flags)
{
	struct nlmsghdr *nlh = (struct nlmsghdr *)f->buf;
	struct genlmsghdr *g = NLMSG_DATA(nlh);

	memset(f->buf, 0, NLMSG_HDRLEN + GENL_HDRLEN);
	nlh->nlmsg_type = f->family;
	nlh->nlmsg_flags = NLM_F_REQUEST | NLM_F_ACK | flags;
	nlh->nlmsg_seq = ++f->seq;
	g->cmd = cmd;
	g->version = ZSWAP_GENL_VERSION;
	return NLMSG_HDRLEN + GENL_HDRLEN;
}

/*
 * Send the request of @len bytes in f->buf and read its replies, which
 * must parse, else the run fails, naming @what. A request that gets no
 * reply fails the run too, unless @counted: then the caller counts it in
 * no_reply, which has its own bound.
 */
static enum outcome transact(struct fuzzer *f, size_t len, reply_fn fn, void *arg,
			     int *err, const char *what, bool counted)
{
	struct nlmsghdr *nlh = (struct nlmsghdr *)f->buf;
	enum outcome out;
	bool bad = false;

	nlh->nlmsg_len = len;
	if (send(f->fd, f->buf, len, 0) < 0) {
		failure(f, "%s: send: %s", what, strerror(errno));
		return OUT_NONE;
	}
	out = read_replies(f, nlh->nlmsg_seq, fn, arg, err, &bad);
	if (out == OUT_NONE && !counted)
		failure(f, "%s: no reply", what);
	if (bad)
		failure(f, "%s: a reply that does not parse", what);
	return bad ? OUT_NONE : out;
}

static bool get_reply(struct fuzzer *f, const struct nlmsghdr *nlh, void *arg)
{
	(void)f;
	return parse_global(nlh, ZSWAP_CMD_GET, arg, NULL);
}

/* A real GET into @p; false (and the run fails) when it does not work */
static bool get_params(struct fuzzer *f, struct params *p, const char *what)
{
	size_t len = start_request(f, ZSWAP_CMD_GET, 0);
	int err;

	p->compressor[0] = 0;
	if (transact(f, len, get_reply, p, &err, what, false) != OUT_OK) {
		if (err)
			failure(f, "%s: GET failed: %s", what, strerror(-err));
		return false;
	}
	if (!p->compressor[0]) {
		failure(f, "%s: GET gave no reply message", what);
		return false;
	}
	return true;
}

struct dump {
	struct memcg *memcgs;
	size_t n, cap;
	uint64_t last_id;
	bool out_of_order;
};

static bool dump_reply(struct fuzzer *f, const struct nlmsghdr *nlh, void *arg)
{
	const struct nlattr *tb[ZSWAP_MEMCG_A_MAX + 1];
	const struct genlmsghdr *g = NLMSG_DATA(nlh);
	struct dump *d = arg;
	const void *attrs;
	char path[4096];
	struct memcg m = { 0 };
	uint64_t u64;
	int len, type;

	(void)f;
	if (nlh->nlmsg_len < NLMSG_HDRLEN + GENL_HDRLEN || g->cmd != ZSWAP_CMD_MEMCG_GET ||
	    !(nlh->nlmsg_flags & NLM_F_MULTI))
		return false;
	attrs = genl_attrs(nlh, &len);
	if (!parse_attrs(attrs, len, tb, ZSWAP_MEMCG_A_MAX))
		return false;
	for (type = ZSWAP_MEMCG_A_COMPRESSED_BYTES; type <= ZSWAP_MEMCG_A_ZSWPOUT; type++)
		if (!attr_u64(tb[type], &u64))
			return false;
	if (!attr_u64(tb[ZSWAP_MEMCG_A_ID], &m.id) ||
	    !attr_u64(tb[ZSWAP_MEMCG_A_ZSWAP_MAX], &m.zswap_max) ||
	    !attr_string(tb[ZSWAP_MEMCG_A_PATH], path, sizeof(path)) || path[0] != '/')
		return false;
	m.root = !strcmp(path, "/");
	/* In cgroup id order, each once */
	if (m.id <= d->last_id)
		d->out_of_order = true;
	d->last_id = m.id;
	if (d->n == d->cap) {
		struct memcg *more;

		d->cap = d->cap ? 2 * d->cap : 64;
		more = realloc(d->memcgs, d->cap * sizeof(*more));
		if (!more)
			return false;
		d->memcgs = more;
	}
	d->memcgs[d->n++] = m;
	return true;
}

static void remember_id(struct fuzzer *f, uint64_t id)
{
	size_t i;

	for (i = 0; i < f->nids; i++)
		if (f->ids[i] == id)
			return;
	if (f->nids < MAX_IDS)
		f->ids[f->nids++] = id;
	else
		f->ids[rand_below(f, MAX_IDS)] = id;
}

/*
 * A real memcg dump into @d (the caller frees d->memcgs): it must end with
 * DONE, every message must parse, in increasing id order. The ids join
 * those the valid MEMCG_SETs pick from.
 */
static bool dump_memcgs(struct fuzzer *f, struct dump *d, const char *what)
{
	size_t len = start_request(f, ZSWAP_CMD_MEMCG_GET, NLM_F_DUMP);
	size_t i;
	int err;

	memset(d, 0, sizeof(*d));
	f->dumps++;
	if (transact(f, len, dump_reply, d, &err, what, false) != OUT_OK) {
		if (err)
			failure(f, "%s: the dump failed: %s", what, strerror(-err));
		return false;
	}
	if (d->out_of_order) {
		failure(f, "%s: the dump is not in increasing id order", what);
		return false;
	}
	if (!d->n || !d->memcgs[0].root) {
		failure(f, "%s: the dump does not start with the root cgroup", what);
		return false;
	}
	f->nrecent = 0;
	for (i = 0; i < d->n; i++) {
		remember_id(f, d->memcgs[i].id);
		if (f->nrecent < MAX_IDS)
			f->recent[f->nrecent++] = d->memcgs[i].id;
	}
	return true;
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

static void fuzz_one(struct fuzzer *f)
{
	static const uint8_t cmds[] = { ZSWAP_CMD_GET, ZSWAP_CMD_SET, ZSWAP_CMD_MEMCG_GET,
					ZSWAP_CMD_MEMCG_SET, ZSWAP_CMD_EVENT, 0, 6, 200 };
	struct nlmsghdr *nlh = (struct nlmsghdr *)f->buf;
	struct genlmsghdr *g = NLMSG_DATA(nlh);
	size_t len = NLMSG_HDRLEN + GENL_HDRLEN;
	unsigned int nattrs = rand_below(f, 8);
	bool is_set, bad = false;
	int err;
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
		len += random_attr(f, f->buf + len, BUF_SIZE - len, 0);
	if (is_set)
		len += poison_attr(f, f->buf + len, BUF_SIZE - len, cmd);
	nlh->nlmsg_len = len;

	/* Headers that lie about the message's length, or cut it short */
	switch (rand_below(f, 32)) {
	case 0:
		/*
		 * More than was sent: netlink_rcv_skb() drops the message
		 * without a word, so none is waited for.
		 */
		nlh->nlmsg_len = len + 1 + rand_below(f, 4096);
		if (send(f->fd, f->buf, len, 0) < 0) {
			failure(f, "send: %s", strerror(errno));
			return;
		}
		f->sent++;
		f->dropped++;
		return;
	case 1:
		len = NLMSG_HDRLEN + rand_below(f, GENL_HDRLEN);
		nlh->nlmsg_len = len;
		break;
	default:
		break;
	}

	if (send(f->fd, f->buf, len, 0) < 0) {
		failure(f, "send: %s", strerror(errno));
		return;
	}
	f->sent++;
	switch (read_replies(f, nlh->nlmsg_seq, NULL, NULL, &err, &bad)) {
	case OUT_NONE:
		f->no_reply++;
		break;
	case OUT_ERROR:
		f->acked_error++;
		break;
	case OUT_OK:
		f->acked_ok++;
		if (is_set && !(nlh->nlmsg_flags & NLM_F_DUMP)) {
			f->poison_accepted++;
			failure(f, "message %u: the kernel accepted a %s with an attribute its policy refuses",
				nlh->nlmsg_seq, cmd == ZSWAP_CMD_SET ? "SET" : "MEMCG_SET");
		}
		break;
	}
}

/* A name: one the kernel may have (@names), or one that cannot exist */
static const char *pick_name(struct fuzzer *f, const char *const *names, size_t n,
			     size_t max_len, char *buf, bool *bogus)
{
	size_t i, len;

	switch (rand_below(f, 8)) {
	case 0:
		*bogus = true;
		return bogus_names[rand_below(f, ARRAY_SIZE(bogus_names))];
	case 1:
		/* Random letters, up to the longest name the policy takes */
		*bogus = true;
		len = 1 + rand_below(f, max_len);
		memcpy(buf, "fuzz-", 5);
		for (i = 5; i < len + 5 && i < max_len; i++)
			buf[i] = 'a' + rand_below(f, 26);
		buf[i] = 0;
		return buf;
	default:
		return names[rand_below(f, n)];
	}
}

/* A percentage: mostly in range, sometimes out of it (*bad) */
static uint32_t pick_percent(struct fuzzer *f, bool *bad)
{
	if (rand_below(f, 8))
		return rand_below(f, 101);
	*bad = true;
	return rand_below(f, 2) ? 101 + rand_below(f, 1000) : 0xffffffffu - rand_below(f, 4);
}

/*
 * A SET of the right shape: a random non-empty subset of the parameters,
 * each with a random value. Its effect is checked with a GET.
 */
static void valid_set(struct fuzzer *f)
{
	char cbuf[ZSWAP_COMPRESSOR_NAME_MAX + 1], zbuf[ZSWAP_ZPOOL_NAME_MAX + 1];
	struct params want = f->cur, now;
	bool forbidden = false, unknown = false;
	unsigned int mask;
	size_t len;
	uint32_t seq;
	uint8_t enabled;
	int err;
	enum outcome out;

	/*
	 * A compressor in one SET in four, the current one in half of them:
	 * a new pool costs a lot (over 100 ms on the debug kernel).
	 */
	do {
		mask = rand_below(f, 32);
		if (rand_below(f, 2))
			mask &= ~2;
	} while (!mask);
	len = start_request(f, ZSWAP_CMD_SET, 0);
	seq = f->seq;
	if (mask & 1) {
		/* 2 to 255 is out of the policy's range */
		enabled = rand_below(f, 16) ? rand_below(f, 2) : 2 + rand_below(f, 254);
		forbidden |= enabled > 1;
		want.enabled = enabled;
		len += put_attr(f->buf + len, BUF_SIZE - len, ZSWAP_A_ENABLED, &enabled, 1);
	}
	if (mask & 2) {
		if (rand_below(f, 2))
			snprintf(want.compressor, sizeof(want.compressor), "%s",
				 pick_name(f, compressors, ARRAY_SIZE(compressors),
					   ZSWAP_COMPRESSOR_NAME_MAX, cbuf, &unknown));
		len += put_string(f->buf + len, BUF_SIZE - len, ZSWAP_A_COMPRESSOR,
				  want.compressor);
	}
	if (mask & 4) {
		snprintf(want.zpool, sizeof(want.zpool), "%s",
			 pick_name(f, zpools, ARRAY_SIZE(zpools),
				   ZSWAP_ZPOOL_NAME_MAX, zbuf, &unknown));
		len += put_string(f->buf + len, BUF_SIZE - len, ZSWAP_A_ZPOOL, want.zpool);
	}
	if (mask & 8) {
		want.max_pool_percent = pick_percent(f, &forbidden);
		len += put_attr(f->buf + len, BUF_SIZE - len, ZSWAP_A_MAX_POOL_PERCENT,
				&want.max_pool_percent, 4);
	}
	if (mask & 16) {
		want.accept_threshold_percent = pick_percent(f, &forbidden);
		len += put_attr(f->buf + len, BUF_SIZE - len, ZSWAP_A_ACCEPT_THRESHOLD_PERCENT,
				&want.accept_threshold_percent, 4);
	}

	f->sent++;
	f->sets++;
	out = transact(f, len, NULL, NULL, &err, "a valid SET", true);
	if (out == OUT_NONE) {
		/* Applied or not, the next checks start from what GET says */
		f->no_reply++;
		get_params(f, &f->cur, "the GET after an unanswered SET");
		return;
	}
	if (out == OUT_OK) {
		f->acked_ok++;
		f->sets_ok++;
	} else {
		f->acked_error++;
	}
	if (!get_params(f, &now, "the GET after a valid SET"))
		return;
	if (out == OUT_OK && (forbidden || unknown)) {
		f->mismatches++;
		failure(f, "SET %u: accepted with %s", seq,
			forbidden ? "a value out of the policy's range" : "a name that cannot exist");
		print_params("asked", &want);
	} else if (out == OUT_OK && !same_params(&now, &want)) {
		f->mismatches++;
		failure(f, "SET %u: accepted, but GET does not show what it set", seq);
		print_params("asked", &want);
		print_params("got", &now);
	} else if (out == OUT_ERROR && !same_params(&now, &f->cur)) {
		f->mismatches++;
		failure(f, "SET %u: refused (%s), but the parameters changed", seq,
			strerror(-err));
		print_params("before", &f->cur);
		print_params("after", &now);
	}
	f->cur = now;
}

static bool memcg_get_reply(struct fuzzer *f, const struct nlmsghdr *nlh, void *arg)
{
	const struct nlattr *tb[ZSWAP_MEMCG_A_MAX + 1];
	uint64_t *max = arg;
	const void *attrs;
	int len;

	(void)f;
	if (nlh->nlmsg_len < NLMSG_HDRLEN + GENL_HDRLEN)
		return false;
	attrs = genl_attrs(nlh, &len);
	return parse_attrs(attrs, len, tb, ZSWAP_MEMCG_A_MAX) &&
	       attr_u64(tb[ZSWAP_MEMCG_A_ZSWAP_MAX], max);
}

/* memory.zswap.max as MEMCG_GET gives it back after a MEMCG_SET of @bytes */
static uint64_t zswap_max_readback(const struct fuzzer *f, uint64_t bytes)
{
	/* The page counter's largest value, PAGE_COUNTER_MAX, reads as "max" */
	uint64_t counter_max = INT64_MAX / f->page_size;
	uint64_t pages = bytes / f->page_size;

	return pages >= counter_max ? UINT64_MAX : pages * f->page_size;
}

static uint64_t pick_zswap_max(struct fuzzer *f)
{
	switch (rand_below(f, 6)) {
	case 0:
		return 0;
	case 1:
		return UINT64_MAX - rand_below(f, 2) * rand_below(f, 1 << 20);
	case 2:
		return next_rand(f);
	case 3:
		return (uint64_t)rand_below(f, 4096) * f->page_size + rand_below(f, 2) *
		       rand_below(f, f->page_size);
	default:
		return next_rand(f) >> rand_below(f, 64);
	}
}

/*
 * A MEMCG_SET of the right shape: the id of a cgroup seen in the last dump
 * (mostly alive) or in any dump (mostly removed since), of the root, or
 * one that never existed.
 */
static void valid_memcg_set(struct fuzzer *f)
{
	uint64_t id, max, got;
	size_t len;
	uint32_t seq;
	int err, kind = rand_below(f, 16);
	enum outcome out;

	if (kind == 0 || !f->nids) {
		id = f->root_id;
	} else if (kind == 1) {
		/* Ids of 64 bits with the top bit set are never handed out */
		id = next_rand(f) | (1ULL << 63);
	} else if (kind < 9 && f->nrecent) {
		id = f->recent[rand_below(f, f->nrecent)];
	} else {
		id = f->ids[rand_below(f, f->nids)];
	}
	max = pick_zswap_max(f);
	len = start_request(f, ZSWAP_CMD_MEMCG_SET, 0);
	seq = f->seq;
	len += put_attr(f->buf + len, BUF_SIZE - len, ZSWAP_MEMCG_A_ID, &id, 8);
	len += put_attr(f->buf + len, BUF_SIZE - len, ZSWAP_MEMCG_A_ZSWAP_MAX, &max, 8);

	f->sent++;
	f->memcg_sets++;
	out = transact(f, len, NULL, NULL, &err, "a valid MEMCG_SET", true);
	if (out == OUT_NONE) {
		f->no_reply++;
		return;
	}
	if (out == OUT_ERROR) {
		f->acked_error++;
		return; /* a removed cgroup, the root or an id that never was */
	}
	f->acked_ok++;
	f->memcg_sets_ok++;
	if (id == f->root_id || id >> 63) {
		f->mismatches++;
		failure(f, "MEMCG_SET %u: accepted for %s id %llu", seq,
			id == f->root_id ? "the root's" : "a never used", (unsigned long long)id);
		return;
	}
	len = start_request(f, ZSWAP_CMD_MEMCG_GET, 0);
	len += put_attr(f->buf + len, BUF_SIZE - len, ZSWAP_MEMCG_A_ID, &id, 8);
	got = 0;
	out = transact(f, len, memcg_get_reply, &got, &err, "the MEMCG_GET after a MEMCG_SET",
		       false);
	if (out == OUT_ERROR && err == -ENOENT)
		return; /* removed since */
	if (out != OUT_OK) {
		if (err)
			failure(f, "MEMCG_GET %llu: %s", (unsigned long long)id, strerror(-err));
		return;
	}
	if (got != zswap_max_readback(f, max)) {
		f->mismatches++;
		failure(f, "MEMCG_SET %u: id %llu zswap-max %llu accepted, reads back %llu, not %llu",
			seq, (unsigned long long)id, (unsigned long long)max,
			(unsigned long long)got, (unsigned long long)zswap_max_readback(f, max));
	}
}

/*
 * Read what the listener has; with @wait_for, wait up to
 * RESTORE_EVENT_WAIT_MS for an event carrying those parameters. False
 * when that event did not come.
 */
static bool read_events(struct fuzzer *f, const struct params *wait_for)
{
	static unsigned char ebuf[16384];
	struct pollfd pfd = { .fd = f->lfd, .events = POLLIN };
	bool seen = false;

	for (;;) {
		struct nlmsghdr *nlh;
		ssize_t n;
		int len;

		if (wait_for && !seen && poll(&pfd, 1, RESTORE_EVENT_WAIT_MS) <= 0)
			return false;
		n = recv(f->lfd, ebuf, sizeof(ebuf), MSG_DONTWAIT);
		if (n < 0 && errno == ENOBUFS) {
			/* Events came faster than they were read: go on */
			f->event_overruns++;
			continue;
		}
		if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) {
			if (!wait_for || seen)
				return true;
			continue;
		}
		if (n <= 0) {
			failure(f, "the listener: recv: %s", n ? strerror(errno) : "end of file");
			return false;
		}
		len = n;
		for (nlh = (struct nlmsghdr *)ebuf; NLMSG_OK(nlh, len); nlh = NLMSG_NEXT(nlh, len)) {
			struct params p;
			uint32_t event;

			if (nlh->nlmsg_type != f->family ||
			    !parse_global(nlh, ZSWAP_CMD_EVENT, &p, &event)) {
				failure(f, "the listener got a message that is no zswap event");
				continue;
			}
			f->events++;
			if (wait_for && same_params(&p, wait_for))
				seen = true;
		}
	}
}

/* Put back the parameters and zswap.max values of the start; true if it worked */
static bool restore(struct fuzzer *f)
{
	const struct params *p = &f->saved;
	size_t len, i;
	bool ok = true;
	int err;

	len = start_request(f, ZSWAP_CMD_SET, 0);
	len += put_string(f->buf + len, BUF_SIZE - len, ZSWAP_A_COMPRESSOR, p->compressor);
	len += put_string(f->buf + len, BUF_SIZE - len, ZSWAP_A_ZPOOL, p->zpool);
	len += put_attr(f->buf + len, BUF_SIZE - len, ZSWAP_A_ENABLED, &p->enabled, 1);
	len += put_attr(f->buf + len, BUF_SIZE - len, ZSWAP_A_MAX_POOL_PERCENT,
			&p->max_pool_percent, 4);
	len += put_attr(f->buf + len, BUF_SIZE - len, ZSWAP_A_ACCEPT_THRESHOLD_PERCENT,
			&p->accept_threshold_percent, 4);
	if (transact(f, len, NULL, NULL, &err, "restoring the parameters", false) != OUT_OK) {
		if (err)
			failure(f, "restoring the parameters: %s", strerror(-err));
		ok = false;
	}
	for (i = 0; i < f->ninitial; i++) {
		if (f->initial[i].root)
			continue;
		len = start_request(f, ZSWAP_CMD_MEMCG_SET, 0);
		len += put_attr(f->buf + len, BUF_SIZE - len, ZSWAP_MEMCG_A_ID,
				&f->initial[i].id, 8);
		len += put_attr(f->buf + len, BUF_SIZE - len, ZSWAP_MEMCG_A_ZSWAP_MAX,
				&f->initial[i].zswap_max, 8);
		if (transact(f, len, NULL, NULL, &err, "restoring memory.zswap.max",
			     false) == OUT_OK)
			continue;
		if (err == -ENOENT)
			continue; /* removed since the start */
		if (err)
			failure(f, "restoring memory.zswap.max of %llu: %s",
				(unsigned long long)f->initial[i].id, strerror(-err));
		ok = false;
	}
	return ok;
}

/* The final real GET and dump: they work and show the restored state */
static bool final_checks(struct fuzzer *f)
{
	struct params now;
	struct dump d;
	size_t i, j;
	bool ok = true;

	if (!get_params(f, &now, "the final GET"))
		return false;
	if (!same_params(&now, &f->saved)) {
		failure(f, "the final GET does not show the restored parameters");
		print_params("saved", &f->saved);
		print_params("now", &now);
		ok = false;
	}
	if (!dump_memcgs(f, &d, "the final memcg dump"))
		return false;
	for (i = 0; i < f->ninitial; i++) {
		for (j = 0; j < d.n && d.memcgs[j].id != f->initial[i].id; j++)
			;
		/* Not there: removed meanwhile, which the caller may do */
		if (j < d.n && d.memcgs[j].zswap_max != f->initial[i].zswap_max) {
			failure(f, "memcg %llu: zswap-max %llu after the restore, %llu at the start",
				(unsigned long long)f->initial[i].id,
				(unsigned long long)d.memcgs[j].zswap_max,
				(unsigned long long)f->initial[i].zswap_max);
			ok = false;
		}
	}
	free(d.memcgs);
	return ok;
}

static const struct nlattr *nla_next(const struct nlattr *nla, int *rem)
{
	*rem -= NLA_ALIGN(nla->nla_len);
	return (const void *)((const char *)nla + NLA_ALIGN(nla->nla_len));
}

static bool nla_fits(const struct nlattr *nla, int rem)
{
	return rem >= NLA_HDRLEN && nla->nla_len >= NLA_HDRLEN && nla->nla_len <= rem;
}

/* The id of the family's events group in the controller's reply */
static uint32_t events_group(const struct nlattr *grps)
{
	const struct nlattr *grp, *a;
	int rem = grps->nla_len - NLA_HDRLEN, grem;

	for (grp = (const void *)((const char *)grps + NLA_HDRLEN); nla_fits(grp, rem);
	     grp = nla_next(grp, &rem)) {
		uint32_t id = 0;
		bool events = false;

		grem = grp->nla_len - NLA_HDRLEN;
		for (a = (const void *)((const char *)grp + NLA_HDRLEN); nla_fits(a, grem);
		     a = nla_next(a, &grem)) {
			if (a->nla_type == CTRL_ATTR_MCAST_GRP_ID)
				attr_u32(a, &id);
			else if (a->nla_type == CTRL_ATTR_MCAST_GRP_NAME)
				events = !strcmp((const char *)a + NLA_HDRLEN, ZSWAP_MCGRP_EVENTS);
		}
		if (events)
			return id;
	}
	return 0;
}

/* The family id and its events group, from the generic netlink controller */
static int resolve_family(struct fuzzer *f)
{
	struct nlmsghdr *nlh = (struct nlmsghdr *)f->buf;
	struct genlmsghdr *g = NLMSG_DATA(nlh);
	size_t len = NLMSG_HDRLEN + GENL_HDRLEN;
	const struct nlattr *nla;
	ssize_t n;
	int rem;

	memset(f->buf, 0, len);
	nlh->nlmsg_type = GENL_ID_CTRL;
	nlh->nlmsg_flags = NLM_F_REQUEST;
	nlh->nlmsg_seq = ++f->seq;
	g->cmd = CTRL_CMD_GETFAMILY;
	g->version = 1;
	len += put_string(f->buf + len, 64, CTRL_ATTR_FAMILY_NAME, ZSWAP_GENL_NAME);
	nlh->nlmsg_len = len;
	if (send(f->fd, f->buf, len, 0) < 0)
		return -1;
	n = recv(f->fd, f->rbuf, sizeof(f->rbuf), 0);
	nlh = (struct nlmsghdr *)f->rbuf;
	if (n < (ssize_t)NLMSG_HDRLEN || nlh->nlmsg_type == NLMSG_ERROR)
		return -1;
	for (nla = genl_attrs(nlh, &rem); nla_fits(nla, rem); nla = nla_next(nla, &rem)) {
		if (nla->nla_type == CTRL_ATTR_FAMILY_ID)
			memcpy(&f->family, (const char *)nla + NLA_HDRLEN, sizeof(f->family));
		else if ((nla->nla_type & NLA_TYPE_MASK) == CTRL_ATTR_MCAST_GROUPS)
			f->group = events_group(nla);
	}
	return f->family && f->group ? 0 : -1;
}

/* The state at the start: the parameters and every memcg's zswap.max */
static int save_state(struct fuzzer *f)
{
	struct dump d;
	size_t i;

	if (!get_params(f, &f->saved, "the first GET") ||
	    !dump_memcgs(f, &d, "the first memcg dump"))
		return -1;
	f->cur = f->saved;
	f->initial = d.memcgs;
	f->ninitial = d.n;
	for (i = 0; i < d.n; i++)
		if (d.memcgs[i].root)
			f->root_id = d.memcgs[i].id;
	return 0;
}

/*
 * A bound socket: multicast skips a socket whose port id is 0, that of an
 * unbound one, since 0 is also the kernel's own, the sender of events.
 */
static int open_socket(int rcvbuf)
{
	struct sockaddr_nl addr = { .nl_family = AF_NETLINK };
	int fd, one = 1;

	fd = socket(AF_NETLINK, SOCK_RAW | SOCK_CLOEXEC, NETLINK_GENERIC);
	if (fd < 0)
		return -1;
	setsockopt(fd, SOL_NETLINK, NETLINK_EXT_ACK, &one, sizeof(one));
	if ((rcvbuf && setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &rcvbuf, sizeof(rcvbuf))) ||
	    bind(fd, (struct sockaddr *)&addr, sizeof(addr))) {
		close(fd);
		return -1;
	}
	return fd;
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
	bool final_ok;
	int c;

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
	f.page_size = sysconf(_SC_PAGESIZE);

	/*
	 * The listener's small buffer (the kernel doubles it) holds a few
	 * events: read every LISTEN_EVERY messages, it overflows now and then.
	 */
	f.fd = open_socket(0);
	f.lfd = open_socket(2048);
	if (f.fd < 0 || f.lfd < 0) {
		perror("genl-fuzz: socket");
		return 2;
	}
	if (resolve_family(&f)) {
		fprintf(stderr, "genl-fuzz: no \"%s\" generic netlink family with an \"%s\" group here\n",
			ZSWAP_GENL_NAME, ZSWAP_MCGRP_EVENTS);
		return 2;
	}
	if (setsockopt(f.lfd, SOL_NETLINK, NETLINK_ADD_MEMBERSHIP, &f.group, sizeof(f.group))) {
		perror("genl-fuzz: joining the events group");
		return 2;
	}
	if (save_state(&f))
		return 2;

	for (i = 0; i < count; i++) {
		switch (rand_below(&f, VALID_EVERY)) {
		case 0:
			valid_set(&f);
			break;
		case 1:
			valid_memcg_set(&f);
			break;
		default:
			fuzz_one(&f);
			break;
		}
		if (i % LISTEN_EVERY == 0)
			read_events(&f, NULL);
		if (i % DUMP_EVERY == DUMP_EVERY - 1) {
			struct dump d;

			if (dump_memcgs(&f, &d, "a memcg dump while fuzzing"))
				free(d.memcgs);
		}
	}

	read_events(&f, NULL);
	final_ok = restore(&f);
	final_ok &= final_checks(&f);
	/* The listener, read little and overrun, still hears the restore */
	if (!read_events(&f, &f.saved)) {
		failure(&f, "the listener did not receive the event of the restore");
		final_ok = false;
	}
	if (!f.acked_ok || !f.sets_ok || !f.memcg_sets_ok)
		failure(&f, "no request was accepted: acked_ok=%lu sets_ok=%lu memcg_sets_ok=%lu",
			f.acked_ok, f.sets_ok, f.memcg_sets_ok);
	if (!f.events)
		failure(&f, "the listener received no event");
	if (f.no_reply * NO_REPLY_PER > f.sent - f.dropped)
		failure(&f, "%lu of %lu answerable messages got no reply", f.no_reply,
			f.sent - f.dropped);

	printf("genl-fuzz: sent=%lu dropped=%lu acked_ok=%lu acked_error=%lu no_reply=%lu "
	       "stray=%lu poison_accepted=%lu sets=%lu sets_ok=%lu memcg_sets=%lu "
	       "memcg_sets_ok=%lu mismatches=%lu dumps=%lu events=%lu event_overruns=%lu "
	       "final=%s\n",
	       f.sent, f.dropped, f.acked_ok, f.acked_error, f.no_reply, f.stray,
	       f.poison_accepted, f.sets, f.sets_ok, f.memcg_sets, f.memcg_sets_ok,
	       f.mismatches, f.dumps, f.events, f.event_overruns, final_ok ? "ok" : "failed");
	free(f.initial);
	return f.failed ? 1 : 0;
}
