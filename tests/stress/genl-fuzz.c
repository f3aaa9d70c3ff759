// SPDX-License-Identifier: GPL-2.0
/*
 * genl-fuzz: send malformed, random and random-but-valid messages to the
 * "zswap" generic netlink family (ABI v2: kernel/spec/zswap.yaml), a
 * bounded number of them, while a second socket listens on its events
 * group.
 *
 *   genl-fuzz [--count N] [--seed N] [--cgroup-root DIR] [--line LINE]
 *
 * Three kinds of message, --count in all:
 *
 * - Malformed or random (30 in 32): random commands, versions, flags and
 *   attributes: unknown types, wrong sizes, truncated and oversized
 *   lengths, strings without a NUL, nested garbage, and headers whose
 *   length lies. Every such SET, and every other MEMCG_GET, also carries
 *   one attribute that the policy must refuse (for SET a u32 of the wrong
 *   size, a flag of 2 or more, a percentage above 100, a string without
 *   its NUL or longer than its maximum, a type the set has not; for
 *   MEMCG_GET an id of 0, an id of 3 bytes, a type the request has not),
 *   so the kernel has to reject it whole. So must it reject a GET or a
 *   memcg dump that carries any attribute (they take none), and a command
 *   the family has no operation for (the event commands, numbers past the
 *   last). An ACK of any of these is a failure (poison_accepted).
 *
 * - Valid SET requests (one in VALID_EVERY): random values of the right
 *   types: compressor and zpool names the kernel has and names it has not,
 *   percentages in and out of range, enabled and shrinker-enabled 0, 1 or
 *   more. A real GET follows each: an accepted SET must show every value
 *   it set, a refused one must have changed nothing, and one with a value
 *   the policy forbids or a name that cannot exist must be refused. A SET
 *   of a parameter the kernel line has not (zpool where GET gives no
 *   zpool, 7.2; shrinker-enabled where GET gives none, 6.1) must be
 *   refused, with EOPNOTSUPP when nothing else in it is wrong.
 *
 * - Valid MEMCG_GET requests by id (as many), the id 4 or 8 bytes long:
 *   the ids of cgroups taken from memcg dumps done along the way (so
 *   cgroups that the caller creates and removes meanwhile come in, alive
 *   or removed), the root's, ids that never named a cgroup (never handed
 *   out, or a cgroupfs file's). Before half of those of a live cgroup the
 *   fuzzer writes its memory.zswap.max (values of every size) or
 *   memory.zswap.writeback through cgroupfs, the way user space sets them
 *   now. A cgroup alive through the request must answer with its record:
 *   its id, its path, and the zswap-max and writeback its files show (the
 *   zswap-max written, rounded down to pages, or 2^64-1 for "max"); the
 *   root with "/" and 2^64-1; an id that names no cgroup with ENOENT, and
 *   a cgroup of a dump with ENOENT only once it is gone.
 *
 * Every DUMP_EVERY messages a real memcg dump must end with DONE, every
 * message of it parse, each id come at most once, and every memcg that
 * was in cgroupfs (--cgroup-root, /sys/fs/cgroup) before the dump and is
 * still there after it be in it, the root too. No order is asked for: the
 * kernel goes in its own memcg id order, not the cgroup ids'. The records
 * of live cgroups must show the zswap-max and writeback of their files,
 * and writeback-effective must be writeback and the parent's.
 *
 * Every reply and event must parse: each attribute of its type (a uint 4
 * bytes long, or 8 when the value needs them; flags at most 1,
 * percentages at most 100, strings with their NUL within their maximum),
 * none twice, none the message has not (no event-type in a reply, no
 * unknown type). An attribute that some kernel line has no figure for is
 * left out there, not zero: which of those the kernel has is learned from
 * the first GET and the first memcg record, and every later message must
 * have the same; the others must always be there. With --line 6.1, 6.12
 * or 7.2, what the spec says that line has and lacks is checked too.
 *
 * The listener joins the events group with a small receive buffer and is
 * read only now and then, so it also overflows: it must go on reading
 * after ENOBUFS, and every event must parse as a GET does, with an
 * event-type of 1 to 3 (memcg-limit-hit goes to the other group).
 *
 * At the end the parameters are put back over netlink, and the
 * memory.zswap.max and memory.zswap.writeback of every memcg that existed
 * at the start through cgroupfs; then a real GET and a real memcg dump
 * must succeed, parse and show the restored state, and the listener must
 * receive the event of the restore.
 *
 * A message whose header claims more bytes than were sent (about one in
 * 32, counted as "dropped") gets no reply: netlink_rcv_skb() drops it
 * without an answer. Every other message must be answered: at most one in
 * NO_REPLY_PER of them may go unanswered (an ACK the kernel could not
 * allocate is lost, the socket reports ENOBUFS instead).
 *
 * A cgroup is alive when its folder is there under its path with its id
 * as inode number (a cgroup id is its kernfs node id, the folder's inode
 * number on a 64-bit kernel): ids are never used again.
 *
 * It runs as root, so that the policies, not the permission check, are
 * what the messages meet, in the initial cgroup namespace, whose root is
 * the cgroup root given, on a kernel whose family has ABI v2 (the
 * controller lists memcg-get as an op that dumps; else it stops at the
 * start). Closing line:
 *
 *   genl-fuzz: sent=N dropped=N acked_ok=N acked_error=N no_reply=N
 *   stray=N poison_accepted=N sets=N sets_ok=N sets_unsupported=N
 *   memcg_gets=N memcg_gets_ok=N memcg_gets_enoent=N cgroup_writes=N
 *   mismatches=N dumps=N events=N event_overruns=N final=ok|failed
 *
 * (one line). Exit: 0, 1 when a check failed (the reasons on stderr), 2 on
 * a setup error.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <limits.h>
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
#include <sys/stat.h>
#include <unistd.h>

#include <linux/zswap.h> /* include/uapi, the copy of the series' header */

#define BUF_SIZE 1024 /* the largest request */
#define RBUF_SIZE 65536 /* more than a dump's message can be */
#define VALID_EVERY 32 /* one in 32 is a valid SET, one a MEMCG_GET */
#define NO_REPLY_PER 1000 /* at most 1 in 1000 may go unanswered */
#define DUMP_EVERY 2000 /* a real memcg dump every N messages */
#define LISTEN_EVERY 64 /* the listener is read every N messages */
#define MAX_IDS 4096 /* memcg ids remembered */
#define WALK_DEPTH 32 /* cgroupfs levels walked before a dump */
#define REPLY_WAIT_MS 2000
#define RESTORE_EVENT_WAIT_MS 20000

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

/* Names that may or may not exist, and names that cannot */
static const char *const compressors[] = {
	"lzo", "lzo-rle", "lz4", "zstd", "deflate", "lz4hc", "842",
};
/* z3fold last: a line may leave it out of its picks (line_attrs.zpools) */
static const char *const zpools[] = { "zbud", "zsmalloc", "z3fold" };
static const char *const bogus_names[] = {
	"", "no-such-alg", "LZO", "lzo ", " zbud", "zbud\t", "zsmall",
};

/*
 * What a reply's attribute is: its type, and whether some kernel line
 * leaves it out (the spec's "a reply leaves out an attribute for which the
 * running kernel has no figure")
 */
enum attr_kind { A_NONE, A_UINT, A_FLAG, A_PERCENT, A_STRING, A_EVENT };

struct attr_rule {
	const char *name;
	uint8_t kind;
	bool optional;
	uint16_t max_len; /* strings: the longest, 0 for no bound */
};

static const struct attr_rule global_rules[ZSWAP_A_GLOBAL_MAX + 1] = {
	[ZSWAP_A_GLOBAL_STORED_PAGES] = { .name = "stored-pages",
					  .kind = A_UINT },
	[ZSWAP_A_GLOBAL_POOL_TOTAL_SIZE] = { .name = "pool-total-size",
					     .kind = A_UINT },
	[ZSWAP_A_GLOBAL_POOL_LIMIT_BYTES] = { .name = "pool-limit-bytes",
					      .kind = A_UINT },
	[ZSWAP_A_GLOBAL_POOL_LIMIT_HIT] = { .name = "pool-limit-hit",
					    .kind = A_UINT },
	[ZSWAP_A_GLOBAL_REJECT_RECLAIM_FAIL] = { .name = "reject-reclaim-fail",
						 .kind = A_UINT },
	[ZSWAP_A_GLOBAL_REJECT_ALLOC_FAIL] = { .name = "reject-alloc-fail",
					       .kind = A_UINT },
	[ZSWAP_A_GLOBAL_REJECT_KMEMCACHE_FAIL] = { .name = "reject-kmemcache-fail",
						   .kind = A_UINT },
	[ZSWAP_A_GLOBAL_REJECT_COMPRESS_FAIL] = { .name = "reject-compress-fail",
						  .kind = A_UINT },
	[ZSWAP_A_GLOBAL_REJECT_COMPRESS_POOR] = { .name = "reject-compress-poor",
						  .kind = A_UINT },
	[ZSWAP_A_GLOBAL_WRITTEN_BACK_PAGES] = { .name = "written-back-pages",
						.kind = A_UINT },
	[ZSWAP_A_GLOBAL_DECOMPRESS_FAIL] = { .name = "decompress-fail",
					     .kind = A_UINT,
					     .optional = true },
	[ZSWAP_A_GLOBAL_STORED_INCOMPRESSIBLE_PAGES] = { .name = "stored-incompressible-pages",
							 .kind = A_UINT,
							 .optional = true },
	[ZSWAP_A_GLOBAL_ENABLED] = { .name = "enabled", .kind = A_FLAG },
	[ZSWAP_A_GLOBAL_COMPRESSOR] = { .name = "compressor",
					.kind = A_STRING,
					.max_len = ZSWAP_COMPRESSOR_NAME_MAX },
	[ZSWAP_A_GLOBAL_MAX_POOL_PERCENT] = { .name = "max-pool-percent",
					      .kind = A_PERCENT },
	[ZSWAP_A_GLOBAL_ACCEPT_THRESHOLD_PERCENT] = { .name = "accept-threshold-percent",
						      .kind = A_PERCENT },
	[ZSWAP_A_GLOBAL_SHRINKER_ENABLED] = { .name = "shrinker-enabled",
					      .kind = A_FLAG,
					      .optional = true },
	[ZSWAP_A_GLOBAL_EVENT_TYPE] = { .name = "event-type", .kind = A_EVENT },
	[ZSWAP_A_GLOBAL_ZERO_PAGES] = { .name = "zero-pages",
					.kind = A_UINT,
					.optional = true },
	[ZSWAP_A_GLOBAL_DUPLICATE_ENTRY] = { .name = "duplicate-entry",
					     .kind = A_UINT,
					     .optional = true },
	[ZSWAP_A_GLOBAL_ZPOOL] = { .name = "zpool",
				   .kind = A_STRING,
				   .optional = true,
				   .max_len = ZSWAP_ZPOOL_NAME_MAX },
};

static const struct attr_rule memcg_rules[ZSWAP_A_MEMCG_MAX + 1] = {
	[ZSWAP_A_MEMCG_ID] = { .name = "id", .kind = A_UINT },
	/* In the cgroupfs tree here a path always fits a dump message */
	[ZSWAP_A_MEMCG_PATH] = { .name = "path", .kind = A_STRING },
	[ZSWAP_A_MEMCG_COMPRESSED_BYTES] = { .name = "compressed-bytes",
					     .kind = A_UINT },
	[ZSWAP_A_MEMCG_STORED_PAGES] = { .name = "stored-pages",
					 .kind = A_UINT },
	[ZSWAP_A_MEMCG_ZSWPIN] = { .name = "zswpin", .kind = A_UINT },
	[ZSWAP_A_MEMCG_ZSWPOUT] = { .name = "zswpout", .kind = A_UINT },
	[ZSWAP_A_MEMCG_ZSWPWB] = { .name = "zswpwb", .kind = A_UINT },
	[ZSWAP_A_MEMCG_ZSWAP_MAX] = { .name = "zswap-max", .kind = A_UINT },
	[ZSWAP_A_MEMCG_WRITEBACK] = { .name = "writeback", .kind = A_FLAG },
	[ZSWAP_A_MEMCG_WRITEBACK_EFFECTIVE] = { .name = "writeback-effective",
						.kind = A_FLAG },
	[ZSWAP_A_MEMCG_EVENT_TYPE] = { .name = "event-type", .kind = A_EVENT },
	[ZSWAP_A_MEMCG_ZERO_PAGES] = { .name = "zero-pages",
				       .kind = A_UINT,
				       .optional = true },
	[ZSWAP_A_MEMCG_REJECT_ZSWAP_MAX] = { .name = "reject-zswap-max",
					     .kind = A_UINT,
					     .optional = true },
	[ZSWAP_A_MEMCG_REJECT_POOL_LIMIT] = { .name = "reject-pool-limit",
					      .kind = A_UINT,
					      .optional = true },
	[ZSWAP_A_MEMCG_REJECT_INCOMPRESSIBLE] = { .name = "reject-incompressible",
						  .kind = A_UINT,
						  .optional = true },
	[ZSWAP_A_MEMCG_REJECT_ALLOC_FAIL] = { .name = "reject-alloc-fail",
					      .kind = A_UINT,
					      .optional = true },
};

/*
 * What the spec says each line has (1) and lacks (-1) of the attributes
 * that some line leaves out; 0: it does not say
 */
struct line_attrs {
	const char *name;
	int8_t global[ZSWAP_A_GLOBAL_MAX + 1];
	int8_t memcg[ZSWAP_A_MEMCG_MAX + 1];
	/*
	 * How many of zpools[] a set picks from: 6.12's z3fold
	 * gives each pool a slab cache of the same name, which a
	 * CONFIG_DEBUG_VM kernel warns of as soon as two z3fold pools
	 * exist (and it leaks handle slots, tests/check z3fold_leak)
	 */
	unsigned int zpools;
};

static const struct line_attrs lines[] = {
	{
		"6.1",
		{
			[ZSWAP_A_GLOBAL_DECOMPRESS_FAIL] = 1,
			[ZSWAP_A_GLOBAL_STORED_INCOMPRESSIBLE_PAGES] = -1,
			[ZSWAP_A_GLOBAL_SHRINKER_ENABLED] = -1,
			[ZSWAP_A_GLOBAL_ZERO_PAGES] = 1,
			[ZSWAP_A_GLOBAL_DUPLICATE_ENTRY] = 1,
			[ZSWAP_A_GLOBAL_ZPOOL] = 1,
		},
		{
			[ZSWAP_A_MEMCG_ZERO_PAGES] = 1,
			[ZSWAP_A_MEMCG_REJECT_ZSWAP_MAX] = 1,
			[ZSWAP_A_MEMCG_REJECT_POOL_LIMIT] = 1,
			[ZSWAP_A_MEMCG_REJECT_INCOMPRESSIBLE] = 1,
			[ZSWAP_A_MEMCG_REJECT_ALLOC_FAIL] = 1,
		},
		3,
	},
	{
		"6.12",
		{
			[ZSWAP_A_GLOBAL_DECOMPRESS_FAIL] = -1,
			[ZSWAP_A_GLOBAL_STORED_INCOMPRESSIBLE_PAGES] = -1,
			[ZSWAP_A_GLOBAL_SHRINKER_ENABLED] = 1,
			[ZSWAP_A_GLOBAL_ZERO_PAGES] = -1,
			[ZSWAP_A_GLOBAL_DUPLICATE_ENTRY] = -1,
			[ZSWAP_A_GLOBAL_ZPOOL] = 1,
		},
		{
			[ZSWAP_A_MEMCG_ZERO_PAGES] = -1,
			[ZSWAP_A_MEMCG_REJECT_ZSWAP_MAX] = -1,
			[ZSWAP_A_MEMCG_REJECT_POOL_LIMIT] = -1,
			[ZSWAP_A_MEMCG_REJECT_INCOMPRESSIBLE] = -1,
			[ZSWAP_A_MEMCG_REJECT_ALLOC_FAIL] = -1,
		},
		2,
	},
	{
		"7.2",
		{
			[ZSWAP_A_GLOBAL_DECOMPRESS_FAIL] = 1,
			[ZSWAP_A_GLOBAL_STORED_INCOMPRESSIBLE_PAGES] = 1,
			[ZSWAP_A_GLOBAL_SHRINKER_ENABLED] = 1,
			[ZSWAP_A_GLOBAL_ZERO_PAGES] = -1,
			[ZSWAP_A_GLOBAL_DUPLICATE_ENTRY] = -1,
			[ZSWAP_A_GLOBAL_ZPOOL] = -1,
		},
		{
			[ZSWAP_A_MEMCG_ZERO_PAGES] = -1,
			[ZSWAP_A_MEMCG_REJECT_ZSWAP_MAX] = -1,
			[ZSWAP_A_MEMCG_REJECT_POOL_LIMIT] = -1,
			[ZSWAP_A_MEMCG_REJECT_INCOMPRESSIBLE] = -1,
			[ZSWAP_A_MEMCG_REJECT_ALLOC_FAIL] = -1,
		},
		3,
	},
};

/* The parameters, as GET reports them */
struct params {
	char compressor[ZSWAP_COMPRESSOR_NAME_MAX + 1];
	char zpool[ZSWAP_ZPOOL_NAME_MAX + 1]; /* "" where the line has none */
	uint32_t enabled;
	uint32_t max_pool_percent;
	uint32_t accept_threshold_percent;
	uint32_t shrinker_enabled; /* 0 where the line has no shrinker */
};

/* A memcg record */
struct memcg {
	uint64_t id;
	uint64_t zswap_max;
	uint32_t writeback;
	uint32_t writeback_effective;
	char *path;
};

/* A cgroup by id and path */
struct cgref {
	uint64_t id;
	char *path;
};

struct cglist {
	struct cgref *v;
	size_t n, cap;
};

struct fuzzer {
	int fd; /* requests */
	int lfd; /* the listener, on the events group */
	int cgfd; /* the cgroup root */
	uint16_t family;
	uint32_t group;
	uint32_t seq;
	uint64_t rng;
	uint64_t page_size;
	const struct line_attrs *line; /* --line */
	/* Which optional attributes the kernel has, once known */
	bool global_known, memcg_known;
	bool global_has[ZSWAP_A_GLOBAL_MAX + 1];
	bool memcg_has[ZSWAP_A_MEMCG_MAX + 1];
	struct params cur; /* as the last GET said */
	struct params saved; /* at the start */
	struct memcg *initial; /* the memcgs at the start */
	size_t ninitial;
	uint64_t root_id;
	uint64_t file_id; /* a cgroupfs file's id: no cgroup's */
	struct cglist seen; /* cgroups seen in dumps, up to MAX_IDS */
	struct cglist recent; /* those of the last dump, most still alive */
	bool failed;
	unsigned long sent, dropped, acked_ok, acked_error, no_reply, stray;
	unsigned long poison_accepted, sets, sets_ok, sets_unsupported;
	unsigned long memcg_gets, memcg_gets_ok, memcg_gets_enoent;
	unsigned long cgroup_writes, mismatches, dumps, events;
	unsigned long event_overruns;
	unsigned char buf[BUF_SIZE];
	unsigned char rbuf[RBUF_SIZE];
};

enum outcome { OUT_OK, OUT_ERROR, OUT_NONE };

/* A message of a reply; returns false when it does not parse */
typedef bool (*reply_fn)(struct fuzzer *f, const struct nlmsghdr *nlh,
			 void *arg);

/* Why the last message that did not parse did not */
static char parse_why[256];

static bool bad(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

static bool bad(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(parse_why, sizeof(parse_why), fmt, ap);
	va_end(ap);
	return false;
}

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

/* A check of what a reply says failed: counted in mismatches */
static void mismatch(struct fuzzer *f, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static void mismatch(struct fuzzer *f, const char *fmt, ...)
{
	va_list ap;

	f->failed = true;
	f->mismatches++;
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

static size_t put_attr(unsigned char *p, size_t room, uint16_t type,
		       const void *data, size_t len)
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

static size_t put_string(unsigned char *p, size_t room, uint16_t type,
			 const char *s)
{
	return put_attr(p, room, type, s, strlen(s) + 1);
}

static size_t put_u32(unsigned char *p, size_t room, uint16_t type,
		      uint32_t val)
{
	return put_attr(p, room, type, &val, sizeof(val));
}

/* A "uint": four bytes when the value fits, unless @wide, else eight */
static size_t put_uint(unsigned char *p, size_t room, uint16_t type,
		       uint64_t val, bool wide)
{
	uint32_t val32 = val;

	if (val32 == val && !wide)
		return put_attr(p, room, type, &val32, sizeof(val32));
	return put_attr(p, room, type, &val, sizeof(val));
}

/*
 * Split @len bytes of attributes into @tb (indexed by type, 1 to @max).
 * False when they do not add up, or an attribute has flags, a type past
 * @max or 0, or comes twice.
 */
static bool parse_attrs(const void *data, int len, const struct nlattr **tb,
			int max)
{
	const struct nlattr *nla = data;

	memset(tb, 0, (max + 1) * sizeof(*tb));
	while (len >= NLA_HDRLEN) {
		int type = nla->nla_type;

		if (nla->nla_len < NLA_HDRLEN || nla->nla_len > len)
			return bad("an attribute of %u bytes in %d",
				   nla->nla_len, len);
		if (type & ~NLA_TYPE_MASK)
			return bad("attribute type %#x has flags", type);
		if (type < 1 || type > max)
			return bad("attribute type %d, past %d", type, max);
		if (tb[type])
			return bad("attribute %d twice", type);
		tb[type] = nla;
		len -= NLA_ALIGN(nla->nla_len);
		nla = (const void *)((const char *)nla +
				     NLA_ALIGN(nla->nla_len));
	}
	/* The last attribute may lack its padding */
	return len <= 0 || bad("%d bytes after the attributes", len);
}

static int payload_len(const struct nlattr *nla)
{
	return nla->nla_len - NLA_HDRLEN;
}

static const void *payload(const struct nlattr *nla)
{
	return (const char *)nla + NLA_HDRLEN;
}

static uint32_t get_u32(const struct nlattr *nla)
{
	uint32_t val;

	memcpy(&val, payload(nla), sizeof(val));
	return val;
}

/* A "uint" that check_attrs() passed */
static uint64_t get_uint(const struct nlattr *nla)
{
	uint64_t val;

	if (payload_len(nla) == sizeof(uint32_t))
		return get_u32(nla);
	memcpy(&val, payload(nla), sizeof(val));
	return val;
}

/* One attribute's value against its rule */
static bool check_value(const struct nlattr *nla, const struct attr_rule *r)
{
	int len = payload_len(nla);
	const char *s = payload(nla);
	uint64_t val;

	switch (r->kind) {
	case A_UINT:
		if (len != 4 && len != 8)
			return bad("uint %s of %d bytes", r->name, len);
		val = get_uint(nla);
		if (len == 8 && val <= UINT32_MAX)
			return bad(
				"uint %s of 8 bytes holds %llu, which fits 4",
				r->name, (unsigned long long)val);
		return true;
	case A_FLAG:
	case A_PERCENT:
	case A_EVENT:
		if (len != 4)
			return bad("u32 %s of %d bytes", r->name, len);
		val = get_u32(nla);
		if (r->kind == A_FLAG && val > 1)
			return bad("flag %s is %llu", r->name,
				   (unsigned long long)val);
		if (r->kind == A_PERCENT && val > 100)
			return bad("percentage %s is %llu", r->name,
				   (unsigned long long)val);
		if (r->kind == A_EVENT &&
		    (val < ZSWAP_EVENT_TYPE_PARAMS_CHANGED ||
		     val > ZSWAP_EVENT_TYPE_POOL_LIMIT_HIT))
			return bad("event-type %llu on the events group",
				   (unsigned long long)val);
		return true;
	case A_STRING:
		if (len < 1 || s[len - 1])
			return bad("string %s without its NUL", r->name);
		if (r->max_len && strlen(s) > r->max_len)
			return bad("string %s of %zu characters, past %u",
				   r->name, strlen(s), r->max_len);
		return true;
	default:
		return bad("an attribute the message has not");
	}
}

/*
 * The attributes of a reply or an event against @rules: each of its type,
 * event-type only in an event (@event), the ones every line has there, and
 * of those some line leaves out the ones the first message had (@has, once
 * *@known; the first message tells them).
 */
static bool check_attrs(const struct nlattr *const *tb,
			const struct attr_rule *rules, int max, bool *has,
			bool *known, bool event)
{
	int type;

	for (type = 1; type <= max; type++) {
		const struct attr_rule *r = &rules[type];

		if (r->kind == A_EVENT && !tb[type] && event)
			return bad("an event without its event-type");
		if (r->kind == A_EVENT && tb[type] && !event)
			return bad("event-type in a reply");
		if (!tb[type]) {
			if (r->kind != A_EVENT && !r->optional)
				return bad("no %s", r->name);
			if (*known && has[type])
				return bad("no %s, which the first message had",
					   r->name);
			continue;
		}
		if (!check_value(tb[type], r))
			return false;
		if (*known && r->optional && !has[type])
			return bad("%s, which the first message had not",
				   r->name);
	}
	if (!*known) {
		for (type = 1; type <= max; type++)
			has[type] = rules[type].optional && tb[type];
		*known = true;
	}
	return true;
}

/* The generic netlink payload of @nlh: its attributes and their length */
static const void *genl_attrs(const struct nlmsghdr *nlh, int *len)
{
	*len = (int)nlh->nlmsg_len - NLMSG_HDRLEN - GENL_HDRLEN;
	return (const char *)NLMSG_DATA(nlh) + GENL_HDRLEN;
}

static bool check_genl(const struct nlmsghdr *nlh, uint8_t cmd)
{
	const struct genlmsghdr *g = NLMSG_DATA(nlh);

	if (nlh->nlmsg_len < NLMSG_HDRLEN + GENL_HDRLEN)
		return bad("a message of %u bytes", nlh->nlmsg_len);
	if (g->cmd != cmd)
		return bad("command %u, not %u", g->cmd, cmd);
	return true;
}

/*
 * The global counters and parameters of a GET reply or an event (@event
 * not NULL): every attribute the kernel has, of its type
 */
static bool parse_global(struct fuzzer *f, const struct nlmsghdr *nlh,
			 uint8_t cmd, struct params *p, uint32_t *event)
{
	const struct nlattr *tb[ZSWAP_A_GLOBAL_MAX + 1];
	const void *attrs;
	int len;

	if (!check_genl(nlh, cmd))
		return false;
	attrs = genl_attrs(nlh, &len);
	if (!parse_attrs(attrs, len, tb, ZSWAP_A_GLOBAL_MAX) ||
	    !check_attrs(tb, global_rules, ZSWAP_A_GLOBAL_MAX, f->global_has,
			 &f->global_known, event))
		return false;
	memset(p, 0, sizeof(*p));
	strcpy(p->compressor, payload(tb[ZSWAP_A_GLOBAL_COMPRESSOR]));
	if (tb[ZSWAP_A_GLOBAL_ZPOOL])
		strcpy(p->zpool, payload(tb[ZSWAP_A_GLOBAL_ZPOOL]));
	p->enabled = get_u32(tb[ZSWAP_A_GLOBAL_ENABLED]);
	p->max_pool_percent = get_u32(tb[ZSWAP_A_GLOBAL_MAX_POOL_PERCENT]);
	p->accept_threshold_percent =
		get_u32(tb[ZSWAP_A_GLOBAL_ACCEPT_THRESHOLD_PERCENT]);
	if (tb[ZSWAP_A_GLOBAL_SHRINKER_ENABLED])
		p->shrinker_enabled =
			get_u32(tb[ZSWAP_A_GLOBAL_SHRINKER_ENABLED]);
	if (event)
		*event = get_u32(tb[ZSWAP_A_GLOBAL_EVENT_TYPE]);
	return true;
}

/* A memcg record of a dump (@dump: NLM_F_MULTI) or of a do; m->path is malloc'd */
static bool parse_memcg(struct fuzzer *f, const struct nlmsghdr *nlh, bool dump,
			struct memcg *m)
{
	const struct nlattr *tb[ZSWAP_A_MEMCG_MAX + 1];
	const char *path;
	const void *attrs;
	int len;

	if (!check_genl(nlh, ZSWAP_CMD_MEMCG_GET))
		return false;
	if (dump && !(nlh->nlmsg_flags & NLM_F_MULTI))
		return bad("a dump message without NLM_F_MULTI");
	attrs = genl_attrs(nlh, &len);
	if (!parse_attrs(attrs, len, tb, ZSWAP_A_MEMCG_MAX) ||
	    !check_attrs(tb, memcg_rules, ZSWAP_A_MEMCG_MAX, f->memcg_has,
			 &f->memcg_known, false))
		return false;
	path = payload(tb[ZSWAP_A_MEMCG_PATH]);
	m->id = get_uint(tb[ZSWAP_A_MEMCG_ID]);
	m->zswap_max = get_uint(tb[ZSWAP_A_MEMCG_ZSWAP_MAX]);
	m->writeback = get_u32(tb[ZSWAP_A_MEMCG_WRITEBACK]);
	m->writeback_effective = get_u32(tb[ZSWAP_A_MEMCG_WRITEBACK_EFFECTIVE]);
	if (!m->id)
		return bad("memcg id 0");
	if (path[0] != '/')
		return bad("memcg %llu: path \"%s\"", (unsigned long long)m->id,
			   path);
	/* Effective writeback needs writeback here and in every ancestor */
	if (m->writeback_effective && !m->writeback)
		return bad("memcg %llu: writeback-effective 1, writeback 0",
			   (unsigned long long)m->id);
	m->path = strdup(path);
	return m->path || bad("out of memory");
}

static bool same_params(const struct params *a, const struct params *b)
{
	return !strcmp(a->compressor, b->compressor) &&
	       !strcmp(a->zpool, b->zpool) && a->enabled == b->enabled &&
	       a->max_pool_percent == b->max_pool_percent &&
	       a->accept_threshold_percent == b->accept_threshold_percent &&
	       a->shrinker_enabled == b->shrinker_enabled;
}

static void print_params(const char *what, const struct params *p)
{
	fprintf(stderr,
		"genl-fuzz:   %s: compressor=%s zpool=%s enabled=%u "
		"max_pool_percent=%u accept_threshold_percent=%u "
		"shrinker_enabled=%u\n",
		what, p->compressor, p->zpool, p->enabled, p->max_pool_percent,
		p->accept_threshold_percent, p->shrinker_enabled);
}

/*
 * Read the replies to message @seq until its ACK, its error or the end of
 * its dump; other messages of @seq go to @fn. Replies to other messages
 * (only a message the kernel dropped, or one given up on, could leave any)
 * are counted as stray. *err is the error of the ACK.
 */
static enum outcome read_replies(struct fuzzer *f, uint32_t seq, reply_fn fn,
				 void *arg, int *err, bool *bad_reply)
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
					memcpy(err, NLMSG_DATA(nlh),
					       sizeof(int));
				return *err ? OUT_ERROR : OUT_OK;
			}
			if (fn && !fn(f, nlh, arg))
				*bad_reply = true;
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
	g->version = ZSWAP_FAMILY_VERSION;
	return NLMSG_HDRLEN + GENL_HDRLEN;
}

/*
 * Send the request of @len bytes in f->buf and read its replies, which
 * must parse, else the run fails, naming @what. A request that gets no
 * reply fails the run too, unless @counted: then the caller counts it in
 * no_reply, which has its own bound.
 */
static enum outcome transact(struct fuzzer *f, size_t len, reply_fn fn,
			     void *arg, int *err, const char *what,
			     bool counted)
{
	struct nlmsghdr *nlh = (struct nlmsghdr *)f->buf;
	enum outcome out;
	bool bad_reply = false;

	nlh->nlmsg_len = len;
	if (send(f->fd, f->buf, len, 0) < 0) {
		failure(f, "%s: send: %s", what, strerror(errno));
		return OUT_NONE;
	}
	out = read_replies(f, nlh->nlmsg_seq, fn, arg, err, &bad_reply);
	if (out == OUT_NONE && !counted)
		failure(f, "%s: no reply", what);
	if (bad_reply)
		failure(f, "%s: a reply that does not parse: %s", what,
			parse_why);
	return bad_reply ? OUT_NONE : out;
}

struct get_result {
	struct params *p;
	bool got;
};

static bool get_reply(struct fuzzer *f, const struct nlmsghdr *nlh, void *arg)
{
	struct get_result *r = arg;

	if (r->got)
		return bad("a second reply message");
	r->got = true;
	return parse_global(f, nlh, ZSWAP_CMD_GET, r->p, NULL);
}

/* A real GET into @p; false (and the run fails) when it does not work */
static bool get_params(struct fuzzer *f, struct params *p, const char *what)
{
	size_t len = start_request(f, ZSWAP_CMD_GET, 0);
	struct get_result r = { .p = p };
	int err;

	if (transact(f, len, get_reply, &r, &err, what, false) != OUT_OK) {
		if (err)
			failure(f, "%s: GET failed: %s", what, strerror(-err));
		return false;
	}
	if (!r.got) {
		failure(f, "%s: GET gave no reply message", what);
		return false;
	}
	return true;
}

/*
 * The cgroup at @path (from the root of the caller's cgroup namespace,
 * which is the cgroup root here) if it is the one of @id, open; -1 when
 * it is gone, or another cgroup has its name now. A cgroup's id is its
 * kernfs node's, the inode number of its folder: the same path with the
 * same inode number is the same cgroup, alive.
 */
static int open_cgroup(const struct fuzzer *f, const char *path, uint64_t id)
{
	struct stat st;
	int fd;

	if (!path || path[0] != '/')
		return -1;
	fd = openat(f->cgfd, path[1] ? path + 1 : ".",
		    O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (fd < 0)
		return -1;
	if (fstat(fd, &st) || st.st_ino != id) {
		close(fd);
		return -1;
	}
	return fd;
}

static bool cgroup_alive(const struct fuzzer *f, const char *path, uint64_t id)
{
	int fd = open_cgroup(f, path, id);

	if (fd < 0)
		return false;
	close(fd);
	return true;
}

static bool read_file(int dfd, const char *name, char *buf, size_t size)
{
	int fd = openat(dfd, name, O_RDONLY | O_CLOEXEC);
	ssize_t n;

	if (fd < 0)
		return false;
	n = read(fd, buf, size - 1);
	close(fd);
	if (n <= 0)
		return false;
	buf[n] = 0;
	return true;
}

static bool write_file(int dfd, const char *name, const char *val)
{
	int fd = openat(dfd, name, O_WRONLY | O_CLOEXEC);
	ssize_t n;

	if (fd < 0)
		return false;
	n = write(fd, val, strlen(val));
	close(fd);
	return n == (ssize_t)strlen(val);
}

/*
 * memory.zswap.max and memory.zswap.writeback of the cgroup open at @dfd,
 * as a memcg record gives them ("max" is 2^64-1); false when they cannot
 * be read
 */
static bool read_zswap_files(int dfd, uint64_t *max, uint32_t *writeback)
{
	char buf[64], *end;

	if (!read_file(dfd, "memory.zswap.max", buf, sizeof(buf)))
		return false;
	if (!strcmp(buf, "max\n")) {
		*max = UINT64_MAX;
	} else {
		errno = 0;
		*max = strtoull(buf, &end, 10);
		if (errno || end == buf || strcmp(end, "\n"))
			return false;
	}
	if (!read_file(dfd, "memory.zswap.writeback", buf, sizeof(buf)) ||
	    (strcmp(buf, "0\n") && strcmp(buf, "1\n")))
		return false;
	*writeback = buf[0] == '1';
	return true;
}

static void cglist_free(struct cglist *l)
{
	size_t i;

	for (i = 0; i < l->n; i++)
		free(l->v[i].path);
	free(l->v);
	memset(l, 0, sizeof(*l));
}

static bool cglist_add(struct cglist *l, uint64_t id, const char *path)
{
	char *copy;

	if (l->n == l->cap) {
		struct cgref *more;
		size_t cap = l->cap ? 2 * l->cap : 64;

		more = realloc(l->v, cap * sizeof(*more));
		if (!more)
			return false;
		l->v = more;
		l->cap = cap;
	}
	copy = strdup(path);
	if (!copy)
		return false;
	l->v[l->n].id = id;
	l->v[l->n++].path = copy;
	return true;
}

/*
 * Every cgroup under the folder open at @dfd (which this closes) that has
 * a memcg (the root, and those with memory.current: the memory controller
 * is on in their parent), with its id and path (@path, @len bytes so far)
 */
static void walk_cgroups(struct cglist *l, int dfd, char *path, size_t len,
			 int depth)
{
	struct dirent *de;
	struct stat st;
	DIR *dir;

	if (fstat(dfd, &st) ||
	    (depth && faccessat(dfd, "memory.current", F_OK, 0))) {
		close(dfd);
		return;
	}
	cglist_add(l, st.st_ino, len ? path : "/");
	dir = depth < WALK_DEPTH && l->n < MAX_IDS ? fdopendir(dfd) : NULL;
	if (!dir) {
		close(dfd);
		return;
	}
	while ((de = readdir(dir))) {
		int n, cfd;

		if (de->d_type != DT_DIR || !strcmp(de->d_name, ".") ||
		    !strcmp(de->d_name, ".."))
			continue;
		n = snprintf(path + len, PATH_MAX - len, "/%s", de->d_name);
		if (n < 0 || (size_t)n >= PATH_MAX - len)
			continue;
		cfd = openat(dirfd(dir), de->d_name,
			     O_RDONLY | O_DIRECTORY | O_CLOEXEC);
		if (cfd >= 0)
			walk_cgroups(l, cfd, path, len + n, depth + 1);
		path[len] = 0;
	}
	closedir(dir);
}

struct dump {
	struct memcg *memcgs;
	size_t n, cap;
};

static void dump_free(struct dump *d)
{
	size_t i;

	for (i = 0; i < d->n; i++)
		free(d->memcgs[i].path);
	free(d->memcgs);
	memset(d, 0, sizeof(*d));
}

static bool dump_reply(struct fuzzer *f, const struct nlmsghdr *nlh, void *arg)
{
	struct dump *d = arg;
	struct memcg m = { 0 };

	if (!parse_memcg(f, nlh, true, &m))
		return false;
	if (d->n == d->cap) {
		struct memcg *more;
		size_t cap = d->cap ? 2 * d->cap : 64;

		more = realloc(d->memcgs, cap * sizeof(*more));
		if (!more) {
			free(m.path);
			return bad("out of memory");
		}
		d->memcgs = more;
		d->cap = cap;
	}
	d->memcgs[d->n++] = m;
	return true;
}

static const struct memcg *dump_find(const struct dump *d, uint64_t id)
{
	size_t i;

	for (i = 0; i < d->n; i++)
		if (d->memcgs[i].id == id)
			return &d->memcgs[i];
	return NULL;
}

/* The record of @path's parent, when exactly one record has that path */
static const struct memcg *dump_parent(const struct dump *d, const char *path)
{
	const struct memcg *found = NULL;
	const char *slash = strrchr(path, '/');
	size_t len = slash == path ? 1 : (size_t)(slash - path);
	size_t i;

	for (i = 0; i < d->n; i++) {
		const char *p = d->memcgs[i].path;

		if (strlen(p) != len || strncmp(p, path, len))
			continue;
		if (found)
			return NULL; /* removed and made again meanwhile */
		found = &d->memcgs[i];
	}
	return found;
}

static int cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return x < y ? -1 : x > y;
}

/*
 * The records of a dump against cgroupfs: each id once, every memcg of
 * @before still there after the dump in it, the root once with "/", the
 * zswap-max and writeback of each live cgroup those of its files, and
 * writeback-effective writeback and the parent's writeback-effective
 */
static bool check_dump(struct fuzzer *f, const struct dump *d,
		       const struct cglist *before, const char *what)
{
	uint64_t *ids = malloc((d->n + 1) * sizeof(*ids));
	const struct memcg *root = NULL;
	bool ok = true;
	size_t i;

	if (!ids) {
		failure(f, "%s: out of memory", what);
		return false;
	}
	for (i = 0; i < d->n; i++)
		ids[i] = d->memcgs[i].id;
	qsort(ids, d->n, sizeof(*ids), cmp_u64);
	for (i = 1; i < d->n; i++) {
		if (ids[i] == ids[i - 1]) {
			mismatch(f, "%s: memcg %llu comes twice", what,
				 (unsigned long long)ids[i]);
			ok = false;
		}
	}
	free(ids);

	for (i = 0; i < before->n; i++) {
		const struct cgref *c = &before->v[i];

		if (!dump_find(d, c->id) && cgroup_alive(f, c->path, c->id)) {
			mismatch(
				f,
				"%s: memcg %llu (%s), there before the dump and after it, is not in it",
				what, (unsigned long long)c->id, c->path);
			ok = false;
		}
	}

	for (i = 0; i < d->n; i++) {
		const struct memcg *m = &d->memcgs[i], *parent;
		uint32_t want_effective = m->writeback;
		uint32_t writeback;
		uint64_t max;
		int dfd;

		if (!strcmp(m->path, "/")) {
			if (root || (f->root_id && m->id != f->root_id)) {
				mismatch(f, "%s: a second root, memcg %llu",
					 what, (unsigned long long)m->id);
				ok = false;
			}
			root = m;
		} else if ((parent = dump_parent(d, m->path))) {
			want_effective = m->writeback &&
					 parent->writeback_effective;
		} else {
			want_effective = m->writeback_effective;
		}
		if (m->writeback_effective != want_effective) {
			mismatch(
				f,
				"%s: memcg %llu (%s): writeback-effective %u, writeback %u and its parent's writeback-effective say %u",
				what, (unsigned long long)m->id, m->path,
				m->writeback_effective, m->writeback,
				want_effective);
			ok = false;
		}
		if (m == root) {
			if (m->zswap_max != UINT64_MAX) {
				mismatch(f, "%s: the root's zswap-max is %llu",
					 what,
					 (unsigned long long)m->zswap_max);
				ok = false;
			}
			continue;
		}
		dfd = open_cgroup(f, m->path, m->id);
		if (dfd < 0)
			continue; /* gone */
		if (read_zswap_files(dfd, &max, &writeback) &&
		    (max != m->zswap_max || writeback != m->writeback)) {
			mismatch(
				f,
				"%s: memcg %llu (%s): zswap-max %llu writeback %u, its files say %llu and %u",
				what, (unsigned long long)m->id, m->path,
				(unsigned long long)m->zswap_max, m->writeback,
				(unsigned long long)max, writeback);
			ok = false;
		}
		close(dfd);
	}
	if (!root) {
		mismatch(f, "%s: no root cgroup in the dump", what);
		ok = false;
	}
	return ok;
}

/* The ids and paths of a dump join those the valid MEMCG_GETs pick from */
static void remember_dump(struct fuzzer *f, const struct dump *d)
{
	size_t i, j;

	cglist_free(&f->recent);
	for (i = 0; i < d->n; i++) {
		const struct memcg *m = &d->memcgs[i];

		cglist_add(&f->recent, m->id, m->path);
		for (j = 0; j < f->seen.n && f->seen.v[j].id != m->id; j++)
			;
		if (j < f->seen.n)
			continue;
		if (f->seen.n < MAX_IDS) {
			cglist_add(&f->seen, m->id, m->path);
		} else {
			char *copy = strdup(m->path);

			j = rand_below(f, MAX_IDS);
			if (!copy)
				continue;
			free(f->seen.v[j].path);
			f->seen.v[j].id = m->id;
			f->seen.v[j].path = copy;
		}
	}
}

/*
 * A real memcg dump into @d (the caller frees it with dump_free()): it
 * must end with DONE, every message must parse, and check_dump() must
 * pass against the cgroups there before it
 */
static bool dump_memcgs(struct fuzzer *f, struct dump *d, const char *what)
{
	static char path[PATH_MAX];
	struct cglist before = { 0 };
	size_t len;
	int err, dfd;
	bool ok;

	memset(d, 0, sizeof(*d));
	path[0] = 0;
	dfd = openat(f->cgfd, ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (dfd >= 0)
		walk_cgroups(&before, dfd, path, 0, 0);
	len = start_request(f, ZSWAP_CMD_MEMCG_GET, NLM_F_DUMP);
	f->dumps++;
	if (transact(f, len, dump_reply, d, &err, what, false) != OUT_OK) {
		if (err)
			failure(f, "%s: the dump failed: %s", what,
				strerror(-err));
		cglist_free(&before);
		dump_free(d);
		return false;
	}
	ok = check_dump(f, d, &before, what);
	cglist_free(&before);
	if (ok)
		remember_dump(f, d);
	else
		dump_free(d);
	return ok;
}

/* One random attribute; returns its size in the message */
static size_t random_attr(struct fuzzer *f, unsigned char *p, size_t room,
			  int depth)
{
	unsigned char data[96];
	struct nlattr *nla;
	size_t len, i, used;
	uint16_t type = rand_below(f, 24);

	if (rand_below(f, 8) == 0)
		type |= NLA_F_NESTED;
	len = rand_below(f, 5) ? rand_below(f, 9) : rand_below(f, sizeof(data));
	for (i = 0; i < len; i++)
		data[i] = rand_below(f, 4) ? next_rand(f) : 0;

	switch (rand_below(f, 6)) {
	case 0: /* nested garbage */
		if (depth < 3 && room > 64) {
			nla = (struct nlattr *)p;
			used = NLA_HDRLEN;
			while (used < 48 && rand_below(f, 3))
				used += random_attr(f, p + used, 64 - used,
						    depth + 1);
			nla->nla_type = type | NLA_F_NESTED;
			nla->nla_len = used;
			return NLA_ALIGN(used);
		}
		break;
	case 1: { /* a length that lies: longer than the attribute, or too short */
		used = put_attr(p, room, type, data, len);
		if (used)
			((struct nlattr *)p)->nla_len =
				rand_below(f, 2) ? 0xffff - rand_below(f, 16) :
						   rand_below(f, NLA_HDRLEN);
		return used;
	}
	case 2: /* a string with no NUL */
		memset(data, 'z', sizeof(data));
		return put_attr(p, room, type, data,
				1 + rand_below(f, sizeof(data) - 1));
	default:
		break;
	}
	return put_attr(p, room, type, data, len);
}

/* @len letters and no NUL, or @len letters and a NUL (@nul) */
static size_t put_letters(unsigned char *p, size_t room, uint16_t type,
			  size_t len, bool nul)
{
	char s[128];

	memset(s, 'z', sizeof(s));
	s[len] = 0;
	return put_attr(p, room, type, s, len + nul);
}

/* An attribute the policy of SET or of MEMCG_GET must refuse */
static size_t poison_attr(struct fuzzer *f, unsigned char *p, size_t room,
			  uint8_t cmd)
{
	static const uint8_t short_sizes[] = { 0, 1, 2, 3, 5, 6, 7, 8 };
	uint64_t big = 2 + rand_below(f, 1000), wide = 0;
	unsigned char three[3] = { 1, 0, 0 };

	if (cmd == ZSWAP_CMD_MEMCG_GET) {
		switch (rand_below(f, 3)) {
		case 0: /* an id of 0, below the policy's minimum, 4 or 8 bytes */
			return put_attr(p, room, ZSWAP_A_MEMCG_ID, &wide,
					rand_below(f, 2) ? 4 : 8);
		case 1: /* a uint of 3 bytes */
			return put_attr(p, room, ZSWAP_A_MEMCG_ID, three,
					sizeof(three));
		default: /* a type the request has not */
			return put_u32(
				p, room,
				ZSWAP_A_MEMCG_ID + 1 + rand_below(f, 100), 1);
		}
	}
	switch (rand_below(f, 9)) {
	case 0: /* a percentage above 100 */
		return put_u32(p, room,
			       rand_below(f, 2) ?
				       ZSWAP_A_GLOBAL_MAX_POOL_PERCENT :
				       ZSWAP_A_GLOBAL_ACCEPT_THRESHOLD_PERCENT,
			       99 + big);
	case 1: /* a u32 of the wrong size */
		return put_attr(
			p, room, ZSWAP_A_GLOBAL_ACCEPT_THRESHOLD_PERCENT, &wide,
			short_sizes[rand_below(f, ARRAY_SIZE(short_sizes))]);
	case 2: /* a flag of 2 or more */
		return put_u32(p, room, ZSWAP_A_GLOBAL_ENABLED,
			       rand_below(f, 2) ? big : UINT32_MAX);
	case 3:
		return put_u32(p, room, ZSWAP_A_GLOBAL_SHRINKER_ENABLED, big);
	case 4: /* a string without its NUL */
		return put_letters(p, room,
				   rand_below(f, 2) ?
					   ZSWAP_A_GLOBAL_COMPRESSOR :
					   ZSWAP_A_GLOBAL_ZPOOL,
				   1 + rand_below(f, 8), false);
	case 5: /* a string longer than its maximum */
		return put_letters(p, room, ZSWAP_A_GLOBAL_COMPRESSOR,
				   ZSWAP_COMPRESSOR_NAME_MAX + 1 +
					   rand_below(f, 32),
				   true);
	case 6:
		return put_letters(p, room, ZSWAP_A_GLOBAL_ZPOOL,
				   ZSWAP_ZPOOL_NAME_MAX + 1 + rand_below(f, 32),
				   true);
	case 7: /* the right size, the wrong one of two */
		return put_attr(p, room, ZSWAP_A_GLOBAL_ENABLED, &wide, 8);
	default: /* a type the set has not */
		return put_u32(p, room,
			       ZSWAP_A_GLOBAL_MAX + 1 + rand_below(f, 100), 1);
	}
}

/* The family's ops, and commands it has no op for */
static const uint8_t fuzz_ops[] = {
	ZSWAP_CMD_GET,
	ZSWAP_CMD_SET,
	ZSWAP_CMD_MEMCG_GET,
};
static const uint8_t fuzz_no_ops[] = {
	ZSWAP_CMD_EVENT, ZSWAP_CMD_MEMCG_EVENT, 0, ZSWAP_CMD_MAX + 1, 200,
};

static void fuzz_one(struct fuzzer *f)
{
	struct nlmsghdr *nlh = (struct nlmsghdr *)f->buf;
	struct genlmsghdr *g = NLMSG_DATA(nlh);
	size_t len = NLMSG_HDRLEN + GENL_HDRLEN;
	unsigned int nattrs = rand_below(f, 8);
	bool poison, must_refuse, no_op, dump, bad_reply = false;
	const char *why;
	unsigned int i;
	int err;
	uint8_t cmd;

	/* An op in 27 of 32, a command that is none in 5 */
	i = rand_below(f, 4) ? rand_below(f, 3) : rand_below(f, 8);
	cmd = i < 3 ? fuzz_ops[i] : fuzz_no_ops[i - 3];
	no_op = cmd != ZSWAP_CMD_GET && cmd != ZSWAP_CMD_SET &&
		cmd != ZSWAP_CMD_MEMCG_GET;
	poison = cmd == ZSWAP_CMD_SET ||
		 (cmd == ZSWAP_CMD_MEMCG_GET && rand_below(f, 2));

	memset(f->buf, 0, NLMSG_HDRLEN + GENL_HDRLEN);
	nlh->nlmsg_type = f->family;
	nlh->nlmsg_flags = NLM_F_REQUEST | NLM_F_ACK;
	dump = rand_below(f, 6) == 0;
	if (dump)
		nlh->nlmsg_flags |= NLM_F_DUMP;
	nlh->nlmsg_seq = ++f->seq;
	g->cmd = cmd;
	g->version = rand_below(f, 8) ? ZSWAP_FAMILY_VERSION :
					rand_below(f, 256);
	g->reserved = rand_below(f, 8) ? 0 : rand_below(f, 65536);

	while (nattrs--)
		len += random_attr(f, f->buf + len, BUF_SIZE - len, 0);
	if (poison)
		len += poison_attr(f, f->buf + len, BUF_SIZE - len, cmd);
	nlh->nlmsg_len = len;

	/*
	 * What must be refused whatever else the message has: an attribute
	 * the policy refuses, a command the family has not, any attribute
	 * to GET (a do without a policy) or to the memcg dump (no policy)
	 */
	must_refuse = poison || no_op ||
		      (len > NLMSG_HDRLEN + GENL_HDRLEN &&
		       (cmd == ZSWAP_CMD_GET ||
			(cmd == ZSWAP_CMD_MEMCG_GET && dump)));
	why = poison ? "an attribute its policy refuses" :
	      no_op  ? "a command the family has not" :
		       "an attribute, which it takes none of";

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
		/* No room for the generic netlink header: refused too */
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
	switch (read_replies(f, nlh->nlmsg_seq, NULL, NULL, &err, &bad_reply)) {
	case OUT_NONE:
		f->no_reply++;
		break;
	case OUT_ERROR:
		f->acked_error++;
		break;
	case OUT_OK:
		f->acked_ok++;
		if (must_refuse) {
			f->poison_accepted++;
			failure(f,
				"message %u: the kernel accepted command %u%s with %s",
				nlh->nlmsg_seq, cmd, dump ? " (dump)" : "",
				why);
		}
		break;
	}
}

/* A name: one the kernel may have (@names), or one that cannot exist */
static const char *pick_name(struct fuzzer *f, const char *const *names,
			     size_t n, size_t max_len, char *buf, bool *bogus)
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
static uint32_t pick_percent(struct fuzzer *f, bool *forbidden)
{
	if (rand_below(f, 8))
		return rand_below(f, 101);
	*forbidden = true;
	return rand_below(f, 2) ? 101 + rand_below(f, 1000) :
				  0xffffffffu - rand_below(f, 4);
}

/* A flag: 0 or 1, sometimes 2 or more (*forbidden) */
static uint32_t pick_flag(struct fuzzer *f, bool *forbidden)
{
	uint32_t val;

	if (rand_below(f, 16))
		return rand_below(f, 2);
	*forbidden = true;
	val = next_rand(f) >> rand_below(f, 32);
	return val > 1 ? val : 2;
}

#define SET_ENABLED 1
#define SET_COMPRESSOR 2
#define SET_ZPOOL 4
#define SET_MAX_POOL 8
#define SET_ACCEPT 16
#define SET_SHRINKER 32

/*
 * A SET of the right shape: a random non-empty subset of the parameters,
 * each with a random value. Its effect is checked with a GET.
 */
static void valid_set(struct fuzzer *f)
{
	char cbuf[ZSWAP_COMPRESSOR_NAME_MAX + 1];
	char zbuf[ZSWAP_ZPOOL_NAME_MAX + 1];
	bool has_zpool = f->global_has[ZSWAP_A_GLOBAL_ZPOOL];
	bool has_shrinker = f->global_has[ZSWAP_A_GLOBAL_SHRINKER_ENABLED];
	struct params want = f->cur, now;
	bool forbidden = false, unknown = false, other_names = false;
	bool unsupported, zpool_unknown = false;
	unsigned int mask, unsupported_mask = 0;
	char zpool[ZSWAP_ZPOOL_NAME_MAX + 1];
	uint32_t shrinker = 0, seq;
	size_t len;
	int err;
	enum outcome out;

	/*
	 * A compressor in one SET in four, the current one in half of them:
	 * a new pool costs a lot (over 100 ms on the debug kernel). A
	 * parameter the line has not in one in eight.
	 */
	if (!has_zpool)
		unsupported_mask |= SET_ZPOOL;
	if (!has_shrinker)
		unsupported_mask |= SET_SHRINKER;
	do {
		mask = rand_below(f, 64);
		if (rand_below(f, 2))
			mask &= ~SET_COMPRESSOR;
		if (rand_below(f, 8))
			mask &= ~unsupported_mask;
	} while (!mask);
	unsupported = mask & unsupported_mask;
	len = start_request(f, ZSWAP_CMD_SET, 0);
	seq = f->seq;
	if (mask & SET_ENABLED) {
		want.enabled = pick_flag(f, &forbidden);
		len += put_u32(f->buf + len, BUF_SIZE - len,
			       ZSWAP_A_GLOBAL_ENABLED, want.enabled);
	}
	if (mask & SET_COMPRESSOR) {
		if (rand_below(f, 2))
			snprintf(want.compressor, sizeof(want.compressor), "%s",
				 pick_name(f, compressors,
					   ARRAY_SIZE(compressors),
					   ZSWAP_COMPRESSOR_NAME_MAX, cbuf,
					   &unknown));
		if (strcmp(want.compressor, f->cur.compressor))
			other_names = true;
		len += put_string(f->buf + len, BUF_SIZE - len,
				  ZSWAP_A_GLOBAL_COMPRESSOR, want.compressor);
	}
	if (mask & SET_ZPOOL) {
		size_t npick = f->line ? f->line->zpools : ARRAY_SIZE(zpools);

		/*
		 * Where there is no zpool layer any name is wrong: a set of
		 * one must be refused for the zpool, whatever it says
		 */
		snprintf(zpool, sizeof(zpool), "%s",
			 pick_name(f, zpools, npick, ZSWAP_ZPOOL_NAME_MAX, zbuf,
				   &zpool_unknown));
		if (has_zpool) {
			unknown |= zpool_unknown;
			if (strcmp(zpool, f->cur.zpool))
				other_names = true;
			memcpy(want.zpool, zpool, sizeof(zpool));
		}
		len += put_string(f->buf + len, BUF_SIZE - len,
				  ZSWAP_A_GLOBAL_ZPOOL, zpool);
	}
	if (mask & SET_MAX_POOL) {
		want.max_pool_percent = pick_percent(f, &forbidden);
		len += put_u32(f->buf + len, BUF_SIZE - len,
			       ZSWAP_A_GLOBAL_MAX_POOL_PERCENT,
			       want.max_pool_percent);
	}
	if (mask & SET_ACCEPT) {
		want.accept_threshold_percent = pick_percent(f, &forbidden);
		len += put_u32(f->buf + len, BUF_SIZE - len,
			       ZSWAP_A_GLOBAL_ACCEPT_THRESHOLD_PERCENT,
			       want.accept_threshold_percent);
	}
	if (mask & SET_SHRINKER) {
		shrinker = pick_flag(f, &forbidden);
		if (has_shrinker)
			want.shrinker_enabled = shrinker;
		len += put_u32(f->buf + len, BUF_SIZE - len,
			       ZSWAP_A_GLOBAL_SHRINKER_ENABLED, shrinker);
	}

	f->sent++;
	f->sets++;
	if (unsupported)
		f->sets_unsupported++;
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
	if (out == OUT_OK && (forbidden || unknown || unsupported)) {
		mismatch(f, "SET %u: accepted with %s", seq,
			 forbidden ? "a value out of the policy's range" :
			 unknown   ? "a name that cannot exist" :
				     "a parameter this kernel has not");
		print_params("asked", &want);
	} else if (out == OUT_OK && !same_params(&now, &want)) {
		mismatch(f,
			 "SET %u: accepted, but GET does not show what it set",
			 seq);
		print_params("asked", &want);
		print_params("got", &now);
	} else if (out == OUT_ERROR && !same_params(&now, &f->cur)) {
		mismatch(f, "SET %u: refused (%s), but the parameters changed",
			 seq, strerror(-err));
		print_params("before", &f->cur);
		print_params("after", &now);
	} else if (out == OUT_ERROR && unsupported && !forbidden &&
		   !other_names && err != -EOPNOTSUPP) {
		/*
		 * Nothing else in it could fail (no value out of range, no
		 * name but the current ones): the parameter the line has not
		 * is the reason, and the answer says so
		 */
		mismatch(f, "SET %u of %s: %s, not EOPNOTSUPP", seq,
			 (mask & unsupported_mask & SET_ZPOOL) ?
				 "zpool, which GET does not give," :
				 "shrinker-enabled, which GET does not give,",
			 strerror(-err));
	}
	f->cur = now;
}

struct memcg_result {
	struct memcg m;
	bool got;
};

static bool memcg_get_reply(struct fuzzer *f, const struct nlmsghdr *nlh,
			    void *arg)
{
	struct memcg_result *r = arg;

	if (r->got)
		return bad("a second reply message");
	r->got = true;
	return parse_memcg(f, nlh, false, &r->m);
}

/* memory.zswap.max as a memcg record gives it back after a write of @bytes */
static uint64_t zswap_max_readback(const struct fuzzer *f, uint64_t bytes)
{
	/* The page counter's largest value, PAGE_COUNTER_MAX, reads as "max" */
	uint64_t counter_max = INT64_MAX / f->page_size;
	uint64_t pages = bytes / f->page_size;

	return pages >= counter_max ? UINT64_MAX : pages * f->page_size;
}

/* A memory.zswap.max to write, of every size; *readback: what it reads as */
static void pick_zswap_max(struct fuzzer *f, char *buf, size_t size,
			   uint64_t *readback)
{
	unsigned int shift;
	uint64_t bytes;

	switch (rand_below(f, 8)) {
	case 0:
		snprintf(buf, size, "max");
		*readback = UINT64_MAX;
		return;
	case 1:
		/* With a suffix, as memparse() takes it */
		shift = rand_below(f, 3);
		bytes = rand_below(f, 1 << 20);
		snprintf(buf, size, "%llu%c", (unsigned long long)bytes,
			 "KMG"[shift]);
		*readback = zswap_max_readback(f, bytes << (10 * (shift + 1)));
		return;
	case 2:
		bytes = 0;
		break;
	case 3:
		bytes = UINT64_MAX - rand_below(f, 2) * rand_below(f, 1 << 20);
		break;
	case 4:
		bytes = next_rand(f);
		break;
	case 5:
		bytes = (uint64_t)rand_below(f, 4096) * f->page_size +
			rand_below(f, 2) * rand_below(f, f->page_size);
		break;
	default:
		bytes = next_rand(f) >> rand_below(f, 64);
		break;
	}
	snprintf(buf, size, "%llu", (unsigned long long)bytes);
	*readback = zswap_max_readback(f, bytes);
}

/*
 * Write memory.zswap.max or memory.zswap.writeback of the cgroup open at
 * @dfd (@path, @id) through cgroupfs, and check that the file reads back
 * what was written. False when the cgroup went away meanwhile.
 */
static bool write_zswap_files(struct fuzzer *f, int dfd, const char *path,
			      uint64_t id)
{
	char val[32];
	uint64_t want = 0, max;
	uint32_t writeback;
	const char *name;
	bool is_max = rand_below(f, 4) != 0;

	if (is_max) {
		name = "memory.zswap.max";
		pick_zswap_max(f, val, sizeof(val), &want);
	} else {
		name = "memory.zswap.writeback";
		want = rand_below(f, 2);
		snprintf(val, sizeof(val), "%llu", (unsigned long long)want);
	}
	if (!write_file(dfd, name, val)) {
		int err = errno;

		if (cgroup_alive(f, path, id))
			failure(f, "cgroup %s: writing %s to %s: %s", path, val,
				name, strerror(err));
		return false;
	}
	f->cgroup_writes++;
	if (!read_zswap_files(dfd, &max, &writeback)) {
		if (cgroup_alive(f, path, id))
			failure(f, "cgroup %s: cannot read its zswap files",
				path);
		return false;
	}
	if ((is_max ? max : writeback) != want)
		mismatch(f,
			 "cgroup %s: %s written with %s reads %llu, not %llu",
			 path, name, val,
			 (unsigned long long)(is_max ? max : writeback),
			 (unsigned long long)want);
	return true;
}

/*
 * A MEMCG_GET of the right shape: the id of a cgroup seen in the last dump
 * (mostly alive) or in any dump (mostly removed since), of the root, or
 * one that names no cgroup. Before one of a live cgroup, one of its files
 * may be written.
 */
static void valid_memcg_get(struct fuzzer *f)
{
	struct memcg_result r = { .got = false };
	const struct cgref *ref = NULL;
	uint64_t id = f->root_id, want_max = UINT64_MAX;
	uint32_t want_writeback = 0, seq;
	bool root = false, never = false, live = false, files = false;
	int kind = rand_below(f, 16), dfd = -1, err;
	enum outcome out;
	size_t len;

	if (kind == 0 || !f->seen.n) {
		/* the root's */
	} else if (kind == 1) {
		/* Ids with the top bit set are never handed out */
		id = next_rand(f) | (1ULL << 63);
		never = true;
	} else if (kind == 2) {
		/* A kernfs node, but a file: no cgroup */
		id = f->file_id;
		never = true;
	} else if (kind < 9 && f->recent.n) {
		ref = &f->recent.v[rand_below(f, f->recent.n)];
	} else {
		ref = &f->seen.v[rand_below(f, f->seen.n)];
	}
	if (ref)
		id = ref->id;
	root = id == f->root_id;
	if (ref && !root) {
		dfd = open_cgroup(f, ref->path, id);
		live = dfd >= 0;
		if (live && rand_below(f, 2))
			live = write_zswap_files(f, dfd, ref->path, id);
		if (live)
			files = read_zswap_files(dfd, &want_max,
						 &want_writeback);
		if (live && !files && cgroup_alive(f, ref->path, id))
			failure(f, "cgroup %s: cannot read its zswap files",
				ref->path);
	}

	len = start_request(f, ZSWAP_CMD_MEMCG_GET, 0);
	seq = f->seq;
	len += put_uint(f->buf + len, BUF_SIZE - len, ZSWAP_A_MEMCG_ID, id,
			rand_below(f, 4) == 0);
	f->sent++;
	f->memcg_gets++;
	out = transact(f, len, memcg_get_reply, &r, &err, "a valid MEMCG_GET",
		       true);
	switch (out) {
	case OUT_NONE:
		f->no_reply++;
		break;
	case OUT_ERROR:
		f->acked_error++;
		if (err != -ENOENT) {
			mismatch(f, "MEMCG_GET %u of id %llu: %s", seq,
				 (unsigned long long)id, strerror(-err));
			break;
		}
		f->memcg_gets_enoent++;
		/* Right for a cgroup that is gone by now, and no other */
		if (root || (live && cgroup_alive(f, ref->path, id)))
			mismatch(f,
				 "MEMCG_GET %u: ENOENT for %s, alive (id %llu)",
				 seq, root ? "the root" : ref->path,
				 (unsigned long long)id);
		break;
	case OUT_OK:
		f->acked_ok++;
		f->memcg_gets_ok++;
		if (!r.got) {
			mismatch(f, "MEMCG_GET %u: no record", seq);
			break;
		}
		if (never || r.m.id != id) {
			mismatch(
				f,
				"MEMCG_GET %u of id %llu%s: a record of id %llu (%s)",
				seq, (unsigned long long)id,
				never ? ", which names no cgroup," : "",
				(unsigned long long)r.m.id, r.m.path);
			break;
		}
		if (root &&
		    (strcmp(r.m.path, "/") || r.m.zswap_max != UINT64_MAX ||
		     r.m.writeback_effective != r.m.writeback))
			mismatch(
				f,
				"MEMCG_GET %u of the root: path %s zswap-max %llu writeback %u writeback-effective %u",
				seq, r.m.path,
				(unsigned long long)r.m.zswap_max,
				r.m.writeback, r.m.writeback_effective);
		if (!live)
			break; /* removed, its memcg not freed yet */
		if (strcmp(r.m.path, ref->path))
			mismatch(f, "MEMCG_GET %u of id %llu: path %s, not %s",
				 seq, (unsigned long long)id, r.m.path,
				 ref->path);
		if (files && (r.m.zswap_max != want_max ||
			      r.m.writeback != want_writeback))
			mismatch(
				f,
				"MEMCG_GET %u of %s: zswap-max %llu writeback %u, its files say %llu and %u",
				seq, ref->path,
				(unsigned long long)r.m.zswap_max,
				r.m.writeback, (unsigned long long)want_max,
				want_writeback);
		break;
	}
	free(r.m.path);
	if (dfd >= 0)
		close(dfd);
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

		if (wait_for && !seen &&
		    poll(&pfd, 1, RESTORE_EVENT_WAIT_MS) <= 0)
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
			failure(f, "the listener: recv: %s",
				n ? strerror(errno) : "end of file");
			return false;
		}
		len = n;
		for (nlh = (struct nlmsghdr *)ebuf; NLMSG_OK(nlh, len);
		     nlh = NLMSG_NEXT(nlh, len)) {
			struct params p;
			uint32_t event;

			if (nlh->nlmsg_type != f->family) {
				failure(f,
					"the listener got a message of type %u, no zswap event",
					nlh->nlmsg_type);
				continue;
			}
			if (!parse_global(f, nlh, ZSWAP_CMD_EVENT, &p,
					  &event)) {
				failure(f,
					"the listener got an event that does not parse: %s",
					parse_why);
				continue;
			}
			f->events++;
			if (wait_for && same_params(&p, wait_for))
				seen = true;
		}
	}
}

/*
 * Put back the parameters of the start over netlink, and the zswap files
 * of every memcg of the start through cgroupfs; true if it worked
 */
static bool restore(struct fuzzer *f)
{
	const struct params *p = &f->saved;
	size_t len, i;
	bool ok = true;
	int err;

	len = start_request(f, ZSWAP_CMD_SET, 0);
	len += put_string(f->buf + len, BUF_SIZE - len,
			  ZSWAP_A_GLOBAL_COMPRESSOR, p->compressor);
	if (f->global_has[ZSWAP_A_GLOBAL_ZPOOL])
		len += put_string(f->buf + len, BUF_SIZE - len,
				  ZSWAP_A_GLOBAL_ZPOOL, p->zpool);
	len += put_u32(f->buf + len, BUF_SIZE - len, ZSWAP_A_GLOBAL_ENABLED,
		       p->enabled);
	len += put_u32(f->buf + len, BUF_SIZE - len,
		       ZSWAP_A_GLOBAL_MAX_POOL_PERCENT, p->max_pool_percent);
	len += put_u32(f->buf + len, BUF_SIZE - len,
		       ZSWAP_A_GLOBAL_ACCEPT_THRESHOLD_PERCENT,
		       p->accept_threshold_percent);
	if (f->global_has[ZSWAP_A_GLOBAL_SHRINKER_ENABLED])
		len += put_u32(f->buf + len, BUF_SIZE - len,
			       ZSWAP_A_GLOBAL_SHRINKER_ENABLED,
			       p->shrinker_enabled);
	if (transact(f, len, NULL, NULL, &err, "restoring the parameters",
		     false) != OUT_OK) {
		if (err)
			failure(f, "restoring the parameters: %s",
				strerror(-err));
		ok = false;
	}
	for (i = 0; i < f->ninitial; i++) {
		const struct memcg *m = &f->initial[i];
		char max[32], writeback[4];
		int dfd;

		if (m->id == f->root_id)
			continue; /* it has no such files */
		dfd = open_cgroup(f, m->path, m->id);
		if (dfd < 0)
			continue; /* removed since the start */
		if (m->zswap_max == UINT64_MAX)
			snprintf(max, sizeof(max), "max");
		else
			snprintf(max, sizeof(max), "%llu",
				 (unsigned long long)m->zswap_max);
		snprintf(writeback, sizeof(writeback), "%u", m->writeback);
		if (!write_file(dfd, "memory.zswap.max", max) ||
		    !write_file(dfd, "memory.zswap.writeback", writeback)) {
			err = errno;
			if (cgroup_alive(f, m->path, m->id)) {
				failure(f,
					"restoring the zswap files of %s: %s",
					m->path, strerror(err));
				ok = false;
			}
		}
		close(dfd);
	}
	return ok;
}

/* The final real GET and dump: they work and show the restored state */
static bool final_checks(struct fuzzer *f)
{
	struct params now;
	struct dump d;
	size_t i;
	bool ok = true;

	if (!get_params(f, &now, "the final GET"))
		return false;
	if (!same_params(&now, &f->saved)) {
		failure(f,
			"the final GET does not show the restored parameters");
		print_params("saved", &f->saved);
		print_params("now", &now);
		ok = false;
	}
	f->cur = now;
	if (!dump_memcgs(f, &d, "the final memcg dump"))
		return false;
	for (i = 0; i < f->ninitial; i++) {
		const struct memcg *was = &f->initial[i];
		const struct memcg *is = dump_find(&d, was->id);

		/* Not there: removed meanwhile, which the caller may do */
		if (is && (is->zswap_max != was->zswap_max ||
			   is->writeback != was->writeback)) {
			failure(f,
				"memcg %llu (%s): zswap-max %llu writeback %u after the restore, %llu and %u at the start",
				(unsigned long long)was->id, was->path,
				(unsigned long long)is->zswap_max,
				is->writeback,
				(unsigned long long)was->zswap_max,
				was->writeback);
			ok = false;
		}
	}
	dump_free(&d);
	return ok;
}

static const struct nlattr *nla_next(const struct nlattr *nla, int *rem)
{
	*rem -= NLA_ALIGN(nla->nla_len);
	return (const void *)((const char *)nla + NLA_ALIGN(nla->nla_len));
}

static bool nla_fits(const struct nlattr *nla, int rem)
{
	return rem >= NLA_HDRLEN && nla->nla_len >= NLA_HDRLEN &&
	       nla->nla_len <= rem;
}

#define for_each_nested(pos, parent, rem)                              \
	for (rem = (parent)->nla_len - NLA_HDRLEN,                     \
	    pos = (const void *)((const char *)(parent) + NLA_HDRLEN); \
	     nla_fits(pos, rem); pos = nla_next(pos, &rem))

/* The id of the family's events group in the controller's reply */
static uint32_t events_group(const struct nlattr *grps)
{
	const struct nlattr *grp, *a;
	int rem, grem;

	for_each_nested(grp, grps, rem)
	{
		uint32_t id = 0;
		bool events = false;

		for_each_nested(a, grp, grem)
		{
			if (a->nla_type == CTRL_ATTR_MCAST_GRP_ID &&
			    payload_len(a) == 4)
				id = get_u32(a);
			else if (a->nla_type == CTRL_ATTR_MCAST_GRP_NAME)
				events =
					!strcmp(payload(a), ZSWAP_MCGRP_EVENTS);
		}
		if (events)
			return id;
	}
	return 0;
}

/* Whether the controller lists memcg-get as an op that dumps: ABI v2 */
static bool memcg_get_dumps(const struct nlattr *ops)
{
	const struct nlattr *op, *a;
	int rem, orem;

	for_each_nested(op, ops, rem)
	{
		uint32_t id = 0, flags = 0;

		for_each_nested(a, op, orem)
		{
			if (payload_len(a) != 4)
				continue;
			if (a->nla_type == CTRL_ATTR_OP_ID)
				id = get_u32(a);
			else if (a->nla_type == CTRL_ATTR_OP_FLAGS)
				flags = get_u32(a);
		}
		if (id == ZSWAP_CMD_MEMCG_GET)
			return flags & GENL_CMD_CAP_DUMP;
	}
	return false;
}

/* The family id and its events group, from the generic netlink controller */
static int resolve_family(struct fuzzer *f)
{
	struct nlmsghdr *nlh = (struct nlmsghdr *)f->buf;
	struct genlmsghdr *g = NLMSG_DATA(nlh);
	size_t len = NLMSG_HDRLEN + GENL_HDRLEN;
	const struct nlattr *nla;
	bool v2 = false;
	ssize_t n;
	int rem;

	memset(f->buf, 0, len);
	nlh->nlmsg_type = GENL_ID_CTRL;
	nlh->nlmsg_flags = NLM_F_REQUEST;
	nlh->nlmsg_seq = ++f->seq;
	g->cmd = CTRL_CMD_GETFAMILY;
	g->version = 1;
	len += put_string(f->buf + len, 64, CTRL_ATTR_FAMILY_NAME,
			  ZSWAP_FAMILY_NAME);
	nlh->nlmsg_len = len;
	if (send(f->fd, f->buf, len, 0) < 0)
		return -1;
	n = recv(f->fd, f->rbuf, sizeof(f->rbuf), 0);
	nlh = (struct nlmsghdr *)f->rbuf;
	if (n < (ssize_t)(NLMSG_HDRLEN + GENL_HDRLEN) ||
	    nlh->nlmsg_type == NLMSG_ERROR || nlh->nlmsg_len > n)
		return -1;
	for (nla = genl_attrs(nlh, &rem); nla_fits(nla, rem);
	     nla = nla_next(nla, &rem)) {
		int type = nla->nla_type & NLA_TYPE_MASK;

		if (type == CTRL_ATTR_FAMILY_ID && payload_len(nla) == 2)
			memcpy(&f->family, payload(nla), sizeof(f->family));
		else if (type == CTRL_ATTR_MCAST_GROUPS)
			f->group = events_group(nla);
		else if (type == CTRL_ATTR_OPS)
			v2 = memcg_get_dumps(nla);
	}
	if (f->family && f->group && !v2) {
		fprintf(stderr,
			"genl-fuzz: the family's memcg-get does not dump: not ABI v2\n");
		return -1;
	}
	return f->family && f->group ? 0 : -1;
}

/* The spec's word on the line (--line) against what the kernel gives */
static void check_line(struct fuzzer *f)
{
	const struct line_attrs *l = f->line;
	int type;

	for (type = 1; type <= ZSWAP_A_GLOBAL_MAX; type++)
		if (l->global[type] &&
		    f->global_has[type] != (l->global[type] > 0))
			mismatch(f, "GET %s %s, which %s %s",
				 f->global_has[type] ? "gives" : "lacks",
				 global_rules[type].name, l->name,
				 l->global[type] > 0 ? "has" : "has not");
	for (type = 1; type <= ZSWAP_A_MEMCG_MAX; type++)
		if (l->memcg[type] &&
		    f->memcg_has[type] != (l->memcg[type] > 0))
			mismatch(f, "a memcg record %s %s, which %s %s",
				 f->memcg_has[type] ? "gives" : "lacks",
				 memcg_rules[type].name, l->name,
				 l->memcg[type] > 0 ? "has" : "has not");
}

/*
 * The state at the start: the parameters and every memcg's zswap files;
 * the root's id, which must be that of the cgroup root given, and a
 * cgroupfs file's id
 */
static int save_state(struct fuzzer *f)
{
	struct stat st;
	struct dump d;
	size_t i;

	if (!get_params(f, &f->saved, "the first GET"))
		return -1;
	f->cur = f->saved;
	if (fstatat(f->cgfd, "cgroup.procs", &st, 0) < 0) {
		perror("genl-fuzz: the cgroup root's cgroup.procs");
		return -1;
	}
	f->file_id = st.st_ino;
	if (!dump_memcgs(f, &d, "the first memcg dump"))
		return -1;
	if (!f->memcg_known) {
		fprintf(stderr, "genl-fuzz: the first memcg dump is empty\n");
		dump_free(&d);
		return -1;
	}
	for (i = 0; i < d.n; i++)
		if (!strcmp(d.memcgs[i].path, "/"))
			f->root_id = d.memcgs[i].id;
	if (fstat(f->cgfd, &st) || f->root_id != st.st_ino) {
		fprintf(stderr,
			"genl-fuzz: the dump's root is cgroup %llu, the cgroup root here is %llu: not the initial cgroup namespace, or not cgroup2?\n",
			(unsigned long long)f->root_id,
			(unsigned long long)st.st_ino);
		dump_free(&d);
		return -1;
	}
	f->initial = d.memcgs;
	f->ninitial = d.n;
	if (f->line)
		check_line(f);
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
	if ((rcvbuf &&
	     setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &rcvbuf, sizeof(rcvbuf))) ||
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
		{ "cgroup-root", required_argument, NULL, 'r' },
		{ "line", required_argument, NULL, 'l' },
		{ NULL, 0, NULL, 0 },
	};
	static struct fuzzer f = { .rng = 0x9e3779b97f4a7c15ULL };
	const char *cgroot = "/sys/fs/cgroup";
	unsigned long count = 100000, i;
	bool final_ok;
	size_t l;
	int c;

	while ((c = getopt_long(argc, argv, "c:s:r:l:", longopts, NULL)) !=
	       -1) {
		switch (c) {
		case 'c':
			count = strtoul(optarg, NULL, 0);
			break;
		case 's':
			f.rng ^= strtoull(optarg, NULL, 0) *
				 0x2545f4914f6cdd1dULL;
			break;
		case 'r':
			cgroot = optarg;
			break;
		case 'l':
			for (l = 0; l < ARRAY_SIZE(lines); l++)
				if (!strcmp(optarg, lines[l].name))
					f.line = &lines[l];
			if (f.line)
				break;
			/* fall through */
		default:
			fprintf(stderr,
				"usage: genl-fuzz [--count N] [--seed N] [--cgroup-root DIR] [--line 6.1|6.12|7.2]\n");
			return 2;
		}
	}
	f.page_size = sysconf(_SC_PAGESIZE);
	f.cgfd = open(cgroot, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (f.cgfd < 0) {
		fprintf(stderr, "genl-fuzz: %s: %s\n", cgroot, strerror(errno));
		return 2;
	}

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
		fprintf(stderr,
			"genl-fuzz: no \"%s\" generic netlink family with an \"%s\" group here\n",
			ZSWAP_FAMILY_NAME, ZSWAP_MCGRP_EVENTS);
		return 2;
	}
	if (setsockopt(f.lfd, SOL_NETLINK, NETLINK_ADD_MEMBERSHIP, &f.group,
		       sizeof(f.group))) {
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
			valid_memcg_get(&f);
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
				dump_free(&d);
		}
	}

	read_events(&f, NULL);
	final_ok = restore(&f);
	final_ok &= final_checks(&f);
	/* The listener, read little and overrun, still hears the restore */
	if (!read_events(&f, &f.saved)) {
		failure(&f,
			"the listener did not receive the event of the restore");
		final_ok = false;
	}
	if (!f.acked_ok || !f.sets_ok || !f.memcg_gets_ok ||
	    !f.memcg_gets_enoent)
		failure(&f,
			"a kind of answer never came: acked_ok=%lu sets_ok=%lu memcg_gets_ok=%lu memcg_gets_enoent=%lu",
			f.acked_ok, f.sets_ok, f.memcg_gets_ok,
			f.memcg_gets_enoent);
	if (!f.events)
		failure(&f, "the listener received no event");
	if (f.no_reply * NO_REPLY_PER > f.sent - f.dropped)
		failure(&f, "%lu of %lu answerable messages got no reply",
			f.no_reply, f.sent - f.dropped);

	printf("genl-fuzz: sent=%lu dropped=%lu acked_ok=%lu acked_error=%lu "
	       "no_reply=%lu stray=%lu poison_accepted=%lu sets=%lu "
	       "sets_ok=%lu sets_unsupported=%lu memcg_gets=%lu "
	       "memcg_gets_ok=%lu memcg_gets_enoent=%lu cgroup_writes=%lu "
	       "mismatches=%lu dumps=%lu events=%lu event_overruns=%lu "
	       "final=%s\n",
	       f.sent, f.dropped, f.acked_ok, f.acked_error, f.no_reply,
	       f.stray, f.poison_accepted, f.sets, f.sets_ok,
	       f.sets_unsupported, f.memcg_gets, f.memcg_gets_ok,
	       f.memcg_gets_enoent, f.cgroup_writes, f.mismatches, f.dumps,
	       f.events, f.event_overruns, final_ok ? "ok" : "failed");
	for (i = 0; i < f.ninitial; i++)
		free(f.initial[i].path);
	free(f.initial);
	cglist_free(&f.seen);
	cglist_free(&f.recent);
	return f.failed ? 1 : 0;
}
