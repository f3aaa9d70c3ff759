// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * The request loop (nl.c, over libmnl's mnl_cb_run2()) and the family
 * lookup, fed through the public calls with the replies the patched kernel
 * sent (tests/unit/record/README) in place of a socket: znl_open() takes a
 * transport whose recv hands out the recorded datagrams one by one, each
 * message renumbered to the request in flight.
 *
 *   tests/unit/data/memcg-dump.reply.hex   the MEMCG_GET dump (5 memcgs), NLMSG_DONE
 *   tests/unit/data/memcg-get-work.reply.hex  the MEMCG_GET do of /work, then the ACK
 *   tests/unit/data/get.reply.hex          the GET reply, then the ACK
 *   tests/unit/data/event-params-changed.reply.hex  an event of the "events" group
 *
 * The kernel does not send what these cases need, so they edit copies:
 * NLM_F_DUMP_INTR on a dump that lost /outer (a cgroup removed while it
 * ran), an NLMSG_OVERRUN in place of the rest of a dump, a u64 cut to 4
 * bytes, attributes of a later kernel, crafted nlmsg_len values, the
 * replies of the family ported to Linux 6.12 and 7.2 (without what those
 * kernels do not count). The generic netlink controller's
 * reply is built here (tests/unit/record has none): family id 23 as
 * recorded, the version each case needs. So are the answers to a MEMCG_SET
 * of writeback and to a SET of zpool on 7.2 (push_error()), whose kernels
 * were not recorded.
 */

#include <errno.h>
#include <libmnl/libmnl.h>
#include <limits.h>
#include <linux/genetlink.h>
#include <linux/netlink.h>
#include <linux/zswap.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "internal.h"
#include "nlmsg.h"
#include "tap.h"

#define DUMP "tests/unit/data/memcg-dump.reply.hex"
#define GET "tests/unit/data/get.reply.hex"
#define MEMCG_WORK "tests/unit/data/memcg-get-work.reply.hex"
#define EVENT "tests/unit/data/event-params-changed.reply.hex"
#define FAMILY_ID 23
#define MAX_DGRAMS 16

/* What the kernel "sends": datagrams in order, and what was asked */
struct script {
	struct td_bytes dg[MAX_DGRAMS];
	bool stale[MAX_DGRAMS];	/* keeps the number of an earlier request */
	unsigned int n, next;
	unsigned int sends;
	uint32_t seq;		/* of the last request */
	struct td_bytes req;	/* the last request, as sent */
	const char *root;	/* the handle's, if not the recorded patched tree */
};

static int fake_send(struct zswapnl *h, const void *buf, size_t len)
{
	struct script *s = h->xport_data;
	const struct nlmsghdr *nlh = buf;

	CHECK_INT(nlh->nlmsg_len, len);
	s->sends++;
	s->seq = nlh->nlmsg_seq;
	td_free(&s->req);
	s->req.data = td_dup(buf, len);
	s->req.len = len;
	return 0;
}

static ssize_t fake_recv(struct zswapnl *h, bool dontwait, struct zswapnl_error *err)
{
	struct script *s = h->xport_data;
	struct nlmsghdr *nlh;
	unsigned int i;
	int left;

	if (s->next == s->n)
		return dontwait ? -EAGAIN : znl_err(err, -ETIMEDOUT, NULL, "no reply");
	i = s->next++;
	memcpy(h->rbuf, s->dg[i].data, s->dg[i].len);
	left = s->dg[i].len;
	for (nlh = (struct nlmsghdr *)h->rbuf; mnl_nlmsg_ok(nlh, left);
	     nlh = mnl_nlmsg_next(nlh, &left))
		if (nlh->nlmsg_seq)
			nlh->nlmsg_seq = s->stale[i] ? s->seq - 1 : s->seq;
	return s->dg[i].len;
}

static const struct znl_transport fake = { .send = fake_send, .recv = fake_recv };

static void push(struct script *s, const void *data, size_t len)
{
	if (s->n == MAX_DGRAMS) {
		tap_diag("script full");
		exit(2);
	}
	s->dg[s->n].data = td_dup(data, len);
	s->dg[s->n++].len = len;
}

static void push_bytes(struct script *s, struct td_bytes *b)
{
	push(s, b->data, b->len);
	td_free(b);
}

static void script_free(struct script *s)
{
	unsigned int i;

	for (i = 0; i < s->n; i++)
		td_free(&s->dg[i]);
	td_free(&s->req);
}

/* An acknowledgment, capped (NETLINK_CAP_ACK), as the kernel sends it */
static void push_ack(struct script *s)
{
	char buf[MNL_NLMSG_HDRLEN + sizeof(struct nlmsgerr)] = { 0 };
	struct nlmsghdr *nlh = mnl_nlmsg_put_header(buf);
	struct nlmsgerr *e;

	nlh->nlmsg_type = NLMSG_ERROR;
	nlh->nlmsg_flags = NLM_F_CAPPED;
	nlh->nlmsg_seq = 1;
	e = mnl_nlmsg_put_extra_header(nlh, sizeof(*e));
	e->msg.nlmsg_len = MNL_NLMSG_HDRLEN + GENL_HDRLEN;
	e->msg.nlmsg_type = GENL_ID_CTRL;
	push(s, buf, nlh->nlmsg_len);
}

/* The attributes of the "events" group, as the controller sends them */
static void put_events_group(struct nlmsghdr *nlh)
{
	mnl_attr_put_strz(nlh, CTRL_ATTR_MCAST_GRP_NAME, ZSWAP_MCGRP_EVENTS);
	mnl_attr_put_u32(nlh, CTRL_ATTR_MCAST_GRP_ID, 9);
}

/*
 * The controller's CTRL_CMD_GETFAMILY reply for "zswap" at @version, with
 * the attributes @group puts in its one multicast group
 */
static void push_family_with(struct script *s, uint32_t version,
			     void (*group)(struct nlmsghdr *nlh))
{
	char buf[512] = { 0 };
	struct nlmsghdr *nlh = mnl_nlmsg_put_header(buf);
	struct nlattr *groups, *grp;
	struct genlmsghdr *genl;

	nlh->nlmsg_type = GENL_ID_CTRL;
	nlh->nlmsg_seq = 1;
	genl = mnl_nlmsg_put_extra_header(nlh, sizeof(*genl));
	genl->cmd = CTRL_CMD_NEWFAMILY;
	genl->version = 2;
	mnl_attr_put_strz(nlh, CTRL_ATTR_FAMILY_NAME, ZSWAP_GENL_NAME);
	mnl_attr_put_u16(nlh, CTRL_ATTR_FAMILY_ID, FAMILY_ID);
	mnl_attr_put_u32(nlh, CTRL_ATTR_VERSION, version);
	groups = mnl_attr_nest_start(nlh, CTRL_ATTR_MCAST_GROUPS);
	grp = mnl_attr_nest_start(nlh, 1);
	group(nlh);
	mnl_attr_nest_end(nlh, grp);
	mnl_attr_nest_end(nlh, groups);
	push(s, buf, nlh->nlmsg_len);
	push_ack(s);
}

static void push_family(struct script *s, uint32_t version)
{
	push_family_with(s, version, put_events_group);
}

static struct zswapnl *open_fake(struct script *s, uint32_t version, enum zswapnl_mode mode,
				 struct zswapnl_error *err, int *ret)
{
	struct zswapnl_options o = {
		.struct_size = sizeof(o),
		.mode = mode,
		.root = s->root ? s->root : td_path("tests/data/sysroot-patched"),
	};
	struct zswapnl *h = NULL;

	push_family(s, version);
	*ret = znl_open(&h, &o, &fake, s, err);
	s->sends = 0;
	return h;
}

static struct zswapnl *open_v1(struct script *s)
{
	struct zswapnl_error err;
	struct zswapnl *h;
	int ret;

	h = open_fake(s, ZSWAP_GENL_VERSION, ZSWAPNL_MODE_NETLINK, &err, &ret);
	if (!CHECK_INT(ret, 0) || !CHECK_INT(zswapnl_source(h), ZSWAPNL_SOURCE_NETLINK)) {
		tap_diag("open: %s", err.msg);
		exit(1);
	}
	return h;
}

/*
 * The recorded dump; @interrupted: without /outer (the third memcg), and
 * NLM_F_DUMP_INTR on the message after the gap, where the kernel's
 * consistency check (genl_dump_check_consistent()) would put it.
 */
static void push_dump(struct script *s, bool interrupted)
{
	struct td_bytes dg[2];
	struct nlmsghdr *nlh;
	size_t off, len;

	if (!CHECK_INT(td_hex_datagrams(DUMP, dg, 2), 2))
		exit(1);
	if (interrupted) {
		nlh = (struct nlmsghdr *)td_msg(&dg[0], 2);
		off = (unsigned char *)nlh - dg[0].data;
		len = nlh->nlmsg_len;
		memmove(dg[0].data + off, dg[0].data + off + len, dg[0].len - off - len);
		dg[0].len -= len;
		nlh = (struct nlmsghdr *)td_msg(&dg[0], 2);
		nlh->nlmsg_flags |= NLM_F_DUMP_INTR;
	}
	push_bytes(s, &dg[0]);
	push_bytes(s, &dg[1]);
}

/* The five memcgs of the recorded dump, in id order */
static void check_dump(const struct zswapnl_memcg_list *l)
{
	static const uint64_t ids[] = { 1, 12, 42, 72, 102 };
	static const char *const paths[] = { "/", "/work", "/outer", "/flat", "/outer/inner" };
	size_t i;

	if (!CHECK_INT(l->count, ZNL_ARRAY_SIZE(ids)))
		return;
	for (i = 0; i < ZNL_ARRAY_SIZE(ids); i++) {
		CHECK_U64(l->items[i]->id, ids[i]);
		CHECK_STR(l->items[i]->path, paths[i]);
	}
	CHECK_U64(l->items[1]->compressed_bytes, 581559);
}

static void dump_plain(void)
{
	struct script s = { 0 };
	struct zswapnl *h = open_v1(&s);
	struct zswapnl_memcg_list l;
	struct zswapnl_error err;

	push_dump(&s, false);
	CHECK_INT(zswapnl_list_memcgs(h, &l, &err), 0);
	CHECK_INT(s.sends, 1);
	check_dump(&l);
	/* Recorded on a kernel of the series before zswpwb: left out */
	CHECK_INT(zswapnl_memcg_unknown(h, l.items[1], ZSWAPNL_M_ZSWPWB, &err), -ENOENT);
	CHECK_STR(err.msg, "the kernel's zswap family did not send those figures");
	CHECK_INT(zswapnl_memcg_unknown(h, l.items[1], ZSWAPNL_M_ZSWPIN, &err), 0);
	zswapnl_memcg_list_free(&l);
	zswapnl_close(h);
	script_free(&s);
}

/*
 * Take the ZSWAP_MEMCG_A_PATH attribute @path out of its record in @b, as
 * the kernel sends a record whose path does not fit a dump message
 */
static void drop_path(struct td_bytes *b, const char *path)
{
	struct nlmsghdr *nlh;
	struct nlattr *a;
	int left = b->len;
	size_t off, len;

	for (nlh = (struct nlmsghdr *)b->data; mnl_nlmsg_ok(nlh, left);
	     nlh = mnl_nlmsg_next(nlh, &left)) {
		if (nlh->nlmsg_type < NLMSG_MIN_TYPE)
			continue;
		mnl_attr_for_each(a, nlh, GENL_HDRLEN) {
			if (mnl_attr_get_type(a) != ZSWAP_MEMCG_A_PATH ||
			    strcmp(mnl_attr_get_str(a), path))
				continue;
			off = (unsigned char *)a - b->data;
			len = MNL_ALIGN(a->nla_len);
			memmove(b->data + off, b->data + off + len, b->len - off - len);
			b->len -= len;
			nlh->nlmsg_len -= len;
			return;
		}
	}
	tap_diag("no record with the path %s", path);
	exit(1);
}

/*
 * A dump record without its path (/work's): the list has the path all the
 * same, from a MEMCG_GET do by the record's id, the second request
 */
static void dump_pathless(void)
{
	struct script s = { 0 };
	struct zswapnl *h = open_v1(&s);
	struct zswapnl_memcg_list l;
	struct zswapnl_error err;
	struct td_bytes dg[2];

	if (!CHECK_INT(td_hex_datagrams(DUMP, dg, 2), 2))
		exit(1);
	drop_path(&dg[0], "/work");
	push_bytes(&s, &dg[0]);
	push_bytes(&s, &dg[1]);
	if (!CHECK_INT(td_hex_datagrams(MEMCG_WORK, dg, 2), 2))
		exit(1);
	push_bytes(&s, &dg[0]);
	push_bytes(&s, &dg[1]);
	CHECK_INT(zswapnl_list_memcgs(h, &l, &err), 0);
	CHECK_INT(s.sends, 2);
	CHECK_INT(s.next, s.n);
	check_dump(&l);
	zswapnl_memcg_list_free(&l);
	zswapnl_close(h);
	script_free(&s);
}

/* Interrupted once: the partial list is dropped, the dump asked again */
static void dump_intr_once(void)
{
	struct script s = { 0 };
	struct zswapnl *h = open_v1(&s);
	struct zswapnl_memcg_list l;
	struct zswapnl_error err;

	push_dump(&s, true);
	push_dump(&s, false);
	CHECK_INT(zswapnl_list_memcgs(h, &l, &err), 0);
	CHECK_INT(s.sends, 2);
	CHECK_INT(s.next, s.n);
	check_dump(&l);
	zswapnl_memcg_list_free(&l);
	zswapnl_close(h);
	script_free(&s);
}

/*
 * Inconsistent twice: -EAGAIN (not -EINTR, which reads as "Interrupted
 * system call"), no list, and each dump was read to its end
 */
static void dump_intr_twice(void)
{
	struct script s = { 0 };
	struct zswapnl *h = open_v1(&s);
	struct zswapnl_memcg_list l;
	struct zswapnl_error err;

	push_dump(&s, true);
	push_dump(&s, true);
	CHECK_INT(zswapnl_list_memcgs(h, &l, &err), -EAGAIN);
	CHECK_INT(err.code, -EAGAIN);
	CHECK(strstr(err.msg, "two memcg dumps in a row"));
	CHECK_INT(s.sends, 2);
	CHECK_INT(s.next, s.n);
	CHECK_INT(l.count, 0);
	CHECK(!l.items);
	zswapnl_memcg_list_free(&l);
	zswapnl_close(h);
	script_free(&s);
}

/* NLMSG_OVERRUN after the first datagram: the reply is incomplete, an error */
static void dump_overrun(void)
{
	struct script s = { 0 };
	struct zswapnl *h = open_v1(&s);
	struct nlmsghdr overrun = {
		.nlmsg_len = sizeof(overrun),
		.nlmsg_type = NLMSG_OVERRUN,
		.nlmsg_flags = NLM_F_MULTI,
		.nlmsg_seq = 1,
	};
	struct zswapnl_memcg_list l;
	struct zswapnl_error err;
	struct td_bytes dg[2];

	CHECK_INT(td_hex_datagrams(DUMP, dg, 2), 2);
	push_bytes(&s, &dg[0]);
	push(&s, &overrun, sizeof(overrun));
	push_bytes(&s, &dg[1]);
	CHECK_INT(zswapnl_list_memcgs(h, &l, &err), -EOVERFLOW);
	CHECK(strstr(err.msg, "NLMSG_OVERRUN"));
	CHECK_INT(l.count, 0);
	/* the rest of the dump was read: the kernel would refuse the next one */
	CHECK_INT(s.next, s.n);
	zswapnl_memcg_list_free(&l);
	zswapnl_close(h);
	script_free(&s);
}

/* A handle subscribed to events: no socket here to join the group with */
static struct zswapnl *open_subscribed(struct script *s)
{
	struct zswapnl *h = open_v1(s);

	h->subscribed = true;
	return h;
}

/* The recorded event (a datagram of its own, as the kernel multicasts it) */
static void push_event(struct script *s, uint32_t nlmsg_len)
{
	struct td_bytes dg[1];

	if (!CHECK_INT(td_hex_datagrams(EVENT, dg, 1), 1))
		exit(1);
	if (nlmsg_len)
		memcpy(dg[0].data, &nlmsg_len, sizeof(nlmsg_len));
	push_bytes(s, &dg[0]);
}

/* The recorded event with @edit applied */
static void push_event_edited(struct script *s, void (*edit)(struct td_bytes *m))
{
	struct td_bytes b = td_hex(EVENT), m;

	m = td_msg_copy(td_msg(&b, 0));
	td_free(&b);
	edit(&m);
	push_bytes(s, &m);
}

/* The reply of @file with @edit applied to its first message, then the ACK */
static void push_edited(struct script *s, const char *file, void (*edit)(struct td_bytes *m))
{
	struct td_bytes dg[2], m;

	if (!CHECK_INT(td_hex_datagrams(file, dg, 2), 2))
		exit(1);
	m = td_msg_copy(td_msg(&dg[0], 0));
	if (edit)
		edit(&m);
	push_bytes(s, &m);
	push_bytes(s, &dg[1]);
	td_free(&dg[0]);
}

static void push_get(struct script *s, void (*edit)(struct td_bytes *m))
{
	push_edited(s, GET, edit);
}

/* Attributes of a later kernel, one of a size no type of ours has */
static void add_unknown(struct td_bytes *m)
{
	static const unsigned char later[8] = { 0xde, 0xad, 0xbe, 0xef, 1, 2, 3, 4 };
	size_t second = td_attr_offset(m, ZSWAP_A_ZERO_PAGES);

	td_insert_attr(m, second, ZSWAP_A_MAX + 1, later, 8);
	td_insert_attr(m, td_attrs_end(m), ZSWAP_A_MAX + 7, later, 3);
}

static void cut_stored_pages(struct td_bytes *m)
{
	static const unsigned char four[4] = { 1, 2, 3, 4 };

	td_replace_attr(m, ZSWAP_A_STORED_PAGES, four, sizeof(four));
}

static void check_get(const struct zswapnl_global *g)
{
	CHECK_U64(g->stored_pages, 9443);
	CHECK_U64(g->zero_pages, 3096);
	CHECK_U64(g->pool_total_size, 13012992);
	CHECK_U64(g->pool_limit_bytes, 419688448);
}

static void get_unknown_skipped(void)
{
	struct script s = { 0 };
	struct zswapnl *h = open_v1(&s);
	struct zswapnl_global g = { .struct_size = sizeof(g) };
	struct zswapnl_error err;

	push_get(&s, add_unknown);
	CHECK_INT(zswapnl_get_global(h, &g, &err), 0);
	CHECK_STR(err.msg, "");
	check_get(&g);
	CHECK(g.known & ZNL_BIT(ZSWAPNL_G_ACCEPT_THRESHOLD_PERCENT));
	CHECK_INT(s.next, s.n);
	zswapnl_close(h);
	script_free(&s);
}

static void drop_pool_limit_hit(struct td_bytes *m)
{
	if (td_remove_attr(m, ZSWAP_A_POOL_LIMIT_HIT))
		exit(1);
}

/*
 * Why a figure is unknown over netlink: an attribute the reply left out
 * (the kernel has no such figure), and a counter the family has no
 * attribute for; vmstat's, read from the file in both sources, say what
 * the file lacks
 */
static void get_unknown_reasons(void)
{
	struct script s = { 0 };
	struct zswapnl *h = open_v1(&s);
	struct zswapnl_global g = { .struct_size = sizeof(g) };
	struct zswapnl_error why;

	push_get(&s, drop_pool_limit_hit);
	CHECK_INT(zswapnl_get_global(h, &g, NULL), 0);
	CHECK_INT(zswapnl_global_unknown(h, &g, ZSWAPNL_G_POOL_LIMIT_HIT, &why), -ENOENT);
	CHECK_STR(why.msg, "the kernel's zswap family did not send those figures");
	CHECK_STR(why.attr, "pool-limit-hit");
	CHECK_INT(zswapnl_global_unknown(h, &g, ZSWAPNL_G_STORED_INCOMPRESSIBLE_PAGES, &why), -EOPNOTSUPP);
	CHECK_STR(why.msg, "some counters are not in zswap's netlink family");
	CHECK_INT(zswapnl_global_unknown(h, &g, ZSWAPNL_G_STORED_PAGES, &why), 0);
	CHECK_STR(why.msg, "");
	zswapnl_close(h);
	script_free(&s);
}

/*
 * The family ported to Linux 6.12 and 7.2 (the same UAPI, version 1)
 * sends only the figures its kernel has: neither line has zero pages in
 * zswap (the swap layer's zeromap keeps them out) nor a duplicate_entry
 * counter, 7.2 has no zpool layer, and neither counts refused stores per
 * memcg. Their replies here are the recorded ones without those
 * attributes, and with the counters those kernels add: decompress-fail
 * (7.2) and reject-compress-fail (both), as their debugfs has them
 * (mm/zswap.c of linux-source-6.12 and -7.2); a memcg of 7.2 has zswpwb
 * and writeback too. The release is the test's, set on the handle, where
 * the library asks uname(2).
 */
static void drop(struct td_bytes *m, uint16_t type)
{
	if (td_remove_attr(m, type))
		exit(1);
}

static void put_u64(struct td_bytes *m, uint16_t type, uint64_t val)
{
	td_insert_attr(m, td_attrs_end(m), type, &val, sizeof(val));
}

static void get_of_6_12(struct td_bytes *m)
{
	drop(m, ZSWAP_A_ZERO_PAGES);
	drop(m, ZSWAP_A_DUPLICATE_ENTRY);
	put_u64(m, ZSWAP_A_REJECT_COMPRESS_FAIL, 43);
}

static void get_of_7_2(struct td_bytes *m)
{
	get_of_6_12(m);
	drop(m, ZSWAP_A_ZPOOL);
	put_u64(m, ZSWAP_A_DECOMPRESS_FAIL, 41);
}

static void memcg_of_7_2(struct td_bytes *m)
{
	const uint8_t on = 1;

	drop(m, ZSWAP_MEMCG_A_ZERO_PAGES);
	put_u64(m, ZSWAP_MEMCG_A_ZSWPWB, 47);
	td_insert_attr(m, td_attrs_end(m), ZSWAP_MEMCG_A_WRITEBACK, &on, sizeof(on));
	td_insert_attr(m, td_attrs_end(m), ZSWAP_MEMCG_A_WRITEBACK_EFFECTIVE, &on, sizeof(on));
}

/* @field of @g is unknown, as the family left out @attr, in @words */
static void check_left_out(struct zswapnl *h, const struct zswapnl_global *g,
			   enum zswapnl_global_field field, const char *attr, const char *words)
{
	struct zswapnl_error why;

	CHECK(!zswapnl_global_known(g, field));
	CHECK_INT(zswapnl_global_unknown(h, g, field, &why), -ENOENT);
	CHECK_STR(why.msg, words);
	CHECK_STR(why.attr, attr);
}

#define ZEROMAP_WORDS \
	"this kernel keeps zero-filled pages out of zswap (swap zeromap, Linux 6.12 and later)"
#define NO_ZPOOL_WORDS "this kernel has no zpool layer (Linux 6.18 and later)"

/* Patched 6.12: no zero pages, no duplicate entries; zpool still there */
static void family_of_6_12(void)
{
	struct script s = { 0 };
	struct zswapnl *h = open_v1(&s);
	struct zswapnl_global g = { .struct_size = sizeof(g) };

	h->kernel = ZNL_KERNEL(6, 12);
	push_get(&s, get_of_6_12);
	CHECK_INT(zswapnl_get_global(h, &g, NULL), 0);
	check_left_out(h, &g, ZSWAPNL_G_ZERO_PAGES, "zero-pages", ZEROMAP_WORDS);
	check_left_out(h, &g, ZSWAPNL_G_DUPLICATE_ENTRY, "duplicate-entry",
		       "some figures are not on this kernel");
	/* no figure invented: what is unknown holds 0 */
	CHECK_U64(g.zero_pages, 0);
	CHECK_U64(g.duplicate_entry, 0);
	CHECK(zswapnl_global_known(&g, ZSWAPNL_G_ZPOOL));
	CHECK_STR(g.zpool, "zbud");
	CHECK_U64(g.reject_compress_fail, 43);
	/* 6.12 counts no failed decompressions: its family never sends them */
	check_left_out(h, &g, ZSWAPNL_G_DECOMPRESS_FAIL, "decompress-fail",
		       "some figures are not on this kernel");
	CHECK_U64(g.stored_pages, 9443);
	CHECK_U64(g.pool_total_size, 13012992);
	zswapnl_close(h);
	script_free(&s);
}

/* Patched 7.2: no zpool either, in GET replies and events; no memcg zero pages or refusals */
static void family_of_7_2(void)
{
	struct script s = { 0 };
	struct zswapnl *h = open_subscribed(&s);
	struct zswapnl_global g = { .struct_size = sizeof(g) };
	struct zswapnl_event ev = { .struct_size = sizeof(ev) };
	struct zswapnl_memcg m = { .struct_size = sizeof(m) };
	struct zswapnl_error why;
	enum zswapnl_memcg_field f;

	h->kernel = ZNL_KERNEL(7, 2);
	push_get(&s, get_of_7_2);
	CHECK_INT(zswapnl_get_global(h, &g, NULL), 0);
	check_left_out(h, &g, ZSWAPNL_G_ZPOOL, "zpool", NO_ZPOOL_WORDS);
	CHECK_STR(g.zpool, "");
	check_left_out(h, &g, ZSWAPNL_G_ZERO_PAGES, "zero-pages", ZEROMAP_WORDS);
	check_left_out(h, &g, ZSWAPNL_G_DUPLICATE_ENTRY, "duplicate-entry",
		       "some figures are not on this kernel");
	CHECK_U64(g.decompress_fail, 41);
	CHECK_U64(g.reject_compress_fail, 43);
	CHECK_STR(g.compressor, "lzo");
	CHECK_U64(g.max_pool_percent, 20);
	CHECK_U64(g.stored_pages, 9443);

	push_event_edited(&s, get_of_7_2);
	CHECK_INT(zswapnl_read_event(h, &ev, NULL), 1);
	CHECK_INT(ev.type, ZSWAPNL_EVENT_PARAMS_CHANGED);
	CHECK_U64(ev.state.max_pool_percent, 25);
	check_left_out(h, &ev.state, ZSWAPNL_G_ZPOOL, "zpool", NO_ZPOOL_WORDS);
	check_left_out(h, &ev.state, ZSWAPNL_G_ZERO_PAGES, "zero-pages", ZEROMAP_WORDS);

	push_edited(&s, MEMCG_WORK, memcg_of_7_2);
	CHECK_INT(zswapnl_get_memcg(h, 12, &m, NULL), 0);
	CHECK_U64(m.stored_pages, 9431);
	CHECK_U64(m.zswpwb, 47);
	CHECK(zswapnl_memcg_known(&m, ZSWAPNL_M_WRITEBACK_EFFECTIVE));
	CHECK(!zswapnl_memcg_known(&m, ZSWAPNL_M_ZERO_PAGES));
	CHECK_U64(m.zero_pages, 0);
	CHECK_INT(zswapnl_memcg_unknown(h, &m, ZSWAPNL_M_ZERO_PAGES, &why), -ENOENT);
	CHECK_STR(why.msg, ZEROMAP_WORDS);
	for (f = ZSWAPNL_M_REJECT_ZSWAP_MAX; f <= ZSWAPNL_M_REJECT_ALLOC_FAIL; f++) {
		CHECK(!zswapnl_memcg_known(&m, f));
		CHECK_INT(zswapnl_memcg_unknown(h, &m, f, &why), -ENOENT);
		CHECK_STR(why.msg, "this kernel counts no refused stores per cgroup");
	}
	zswapnl_memcg_free(&m);
	CHECK_INT(s.next, s.n);
	zswapnl_close(h);
	script_free(&s);
}

/*
 * A u64 cut to 4 bytes: mnl_attr_validate() refuses it, @err names it, and
 * the ACK after it is still read, so that the next request gets its own
 * reply.
 */
static void get_truncated_attr(void)
{
	struct script s = { 0 };
	struct zswapnl *h = open_v1(&s);
	struct zswapnl_global g = { .struct_size = sizeof(g) };
	struct zswapnl_error err;

	push_get(&s, cut_stored_pages);
	push_get(&s, NULL);
	CHECK_INT(zswapnl_get_global(h, &g, &err), -EBADMSG);
	CHECK_STR(err.attr, "stored-pages");
	CHECK_U64(g.known, 0);
	CHECK_INT(s.next, s.n - 2);
	CHECK_INT(zswapnl_get_global(h, &g, &err), 0);
	check_get(&g);
	zswapnl_close(h);
	script_free(&s);
}

/*
 * nlmsg_len of 2^31 and more: mnl_nlmsg_ok() reads it as a negative int
 * and lets it through; the run loop refuses the datagram.
 */
static void huge_nlmsg_len(void)
{
	struct script s = { 0 };
	struct zswapnl *h = open_v1(&s);
	struct zswapnl_global g = { .struct_size = sizeof(g) };
	struct zswapnl_error err;
	struct td_bytes dg[2];
	uint32_t len = 0x80000010;

	CHECK_INT(td_hex_datagrams(GET, dg, 2), 2);
	memcpy(dg[0].data, &len, sizeof(len));
	push_bytes(&s, &dg[0]);
	push_bytes(&s, &dg[1]);
	CHECK_INT(zswapnl_get_global(h, &g, &err), -EBADMSG);
	CHECK(strstr(err.msg, "longer than its datagram"));
	zswapnl_close(h);
	script_free(&s);
}

/* The flag means something on a dump only: a GET reply with it is a reply */
static void get_dump_intr_ignored(void)
{
	struct script s = { 0 };
	struct zswapnl *h = open_v1(&s);
	struct zswapnl_global g = { .struct_size = sizeof(g) };
	struct zswapnl_error err;
	struct td_bytes dg[2];

	CHECK_INT(td_hex_datagrams(GET, dg, 2), 2);
	((struct nlmsghdr *)dg[0].data)->nlmsg_flags |= NLM_F_DUMP_INTR;
	push_bytes(&s, &dg[0]);
	push_bytes(&s, &dg[1]);
	CHECK_INT(zswapnl_get_global(h, &g, &err), 0);
	CHECK_STR(err.msg, "");
	check_get(&g);
	CHECK_INT(s.sends, 1);
	CHECK_INT(s.next, s.n);
	zswapnl_close(h);
	script_free(&s);
}

/*
 * A dump given up part-way (its first datagram is malformed) is drained:
 * the kernel keeps a dump's state on the socket until its NLMSG_DONE is
 * read, and refuses the socket's next dump with EBUSY meanwhile, which
 * would fail every later refresh of a long-lived handle (zswapctl top).
 * The next dump on the handle gets its own reply.
 */
static void dump_abandoned_drained(void)
{
	struct script s = { 0 };
	struct zswapnl *h = open_v1(&s);
	struct zswapnl_memcg_list l;
	struct zswapnl_error err;
	struct td_bytes dg[2];
	uint32_t len = 0x80000020;

	CHECK_INT(td_hex_datagrams(DUMP, dg, 2), 2);
	memcpy(dg[0].data, &len, sizeof(len));
	push_bytes(&s, &dg[0]);
	push_bytes(&s, &dg[1]);
	CHECK_INT(zswapnl_list_memcgs(h, &l, &err), -EBADMSG);
	CHECK(strstr(err.msg, "longer than its datagram"));
	CHECK_INT(s.next, s.n);
	push_dump(&s, false);
	CHECK_INT(zswapnl_list_memcgs(h, &l, &err), 0);
	check_dump(&l);
	zswapnl_memcg_list_free(&l);
	zswapnl_close(h);
	script_free(&s);
}



/* The event path reads the recorded event from its datagram */
static void event_read(void)
{
	struct script s = { 0 };
	struct zswapnl *h = open_subscribed(&s);
	struct zswapnl_event ev = { .struct_size = sizeof(ev) };
	struct zswapnl_error err;

	push_event(&s, 0);
	CHECK_INT(zswapnl_read_event(h, &ev, &err), 1);
	CHECK_INT(ev.type, ZSWAPNL_EVENT_PARAMS_CHANGED);
	CHECK_U64(ev.state.max_pool_percent, 25);
	CHECK_INT(zswapnl_read_event(h, &ev, &err), 0);
	zswapnl_close(h);
	script_free(&s);
}

/*
 * A crafted event: the recorded one with nlmsg_len 0x80000020, which
 * mnl_nlmsg_ok() reads as a negative int and lets through. The event path
 * checks the datagram as the request path does, and refuses it; unchecked,
 * the event was copied at that length, far past the receive buffer.
 */
static void event_huge_nlmsg_len(void)
{
	struct script s = { 0 };
	struct zswapnl *h = open_subscribed(&s);
	struct zswapnl_event ev = { .struct_size = sizeof(ev) };
	struct zswapnl_error err;

	push_event(&s, 0x80000020);
	push_event(&s, 0);
	CHECK_INT(zswapnl_read_event(h, &ev, &err), -EBADMSG);
	CHECK(strstr(err.msg, "longer than its datagram"));
	/* the next datagram is read as usual */
	CHECK_INT(zswapnl_read_event(h, &ev, &err), 1);
	CHECK_INT(ev.type, ZSWAPNL_EVENT_PARAMS_CHANGED);
	zswapnl_close(h);
	script_free(&s);
}

/*
 * A memcg event, hand-built from the recorded MEMCG_GET reply of /work as
 * patch 0022 sends it (no kernel with it was recorded): its command
 * ZSWAP_CMD_MEMCG_EVENT, a ZSWAP_MEMCG_A_EVENT, no sequence number nor
 * port, as a multicast has none
 */
static void push_memcg_event(struct script *s)
{
	struct td_bytes b = td_hex(MEMCG_WORK), m;
	uint32_t type = ZSWAP_EVENT_MEMCG_LIMIT_HIT, zero = 0;

	m = td_msg_copy(td_msg(&b, 0));
	td_free(&b);
	memcpy(m.data + offsetof(struct nlmsghdr, nlmsg_seq), &zero, sizeof(zero));
	memcpy(m.data + offsetof(struct nlmsghdr, nlmsg_pid), &zero, sizeof(zero));
	m.data[NLMSG_HDRLEN] = ZSWAP_CMD_MEMCG_EVENT;
	td_insert_attr(&m, TD_ATTRS_OFFSET, ZSWAP_MEMCG_A_EVENT, &type, sizeof(type));
	push_bytes(s, &m);
}

/*
 * Both groups joined: each read call takes the events of its own group,
 * and keeps the other's, read on the way, for the other call
 */
static void memcg_event_read(void)
{
	struct script s = { 0 };
	struct zswapnl *h = open_subscribed(&s);
	struct zswapnl_memcg_event mev = { .struct_size = sizeof(mev) };
	struct zswapnl_event ev = { .struct_size = sizeof(ev) };
	struct zswapnl_error err;

	h->memcg_subscribed = true;
	push_memcg_event(&s);
	push_event(&s, 0);
	push_memcg_event(&s);
	CHECK_INT(zswapnl_read_event(h, &ev, &err), 1);
	CHECK_INT(ev.type, ZSWAPNL_EVENT_PARAMS_CHANGED);
	CHECK_INT(zswapnl_read_event(h, &ev, &err), 0);
	CHECK_INT(zswapnl_read_memcg_event(h, &mev, &err), 1);
	CHECK_INT(mev.type, ZSWAPNL_EVENT_MEMCG_LIMIT_HIT);
	CHECK_U64(mev.memcg.id, 12);
	CHECK_STR(mev.memcg.path, "/work");
	CHECK_U64(mev.memcg.zswpout, 30680);
	zswapnl_memcg_free(&mev.memcg);
	CHECK_INT(zswapnl_read_memcg_event(h, &mev, &err), 1);
	zswapnl_memcg_free(&mev.memcg);
	CHECK_INT(zswapnl_read_memcg_event(h, &mev, &err), 0);
	CHECK(!mev.memcg.path);
	CHECK_INT(s.next, s.n);
	zswapnl_close(h);
	script_free(&s);
}

/* Without "memcg-events", its events are dropped, and reading them is refused */
static void memcg_event_not_joined(void)
{
	struct script s = { 0 };
	struct zswapnl *h = open_subscribed(&s);
	struct zswapnl_memcg_event mev = { .struct_size = sizeof(mev) };
	struct zswapnl_event ev = { .struct_size = sizeof(ev) };
	struct zswapnl_error err;

	push_memcg_event(&s);
	push_event(&s, 0);
	CHECK_INT(zswapnl_read_event(h, &ev, &err), 1);
	CHECK_INT(zswapnl_read_event(h, &ev, &err), 0);
	CHECK_INT(h->mev.count, 0);
	CHECK_INT(zswapnl_read_memcg_event(h, &mev, &err), -EINVAL);
	CHECK(strstr(err.msg, "not subscribed to memcg events"));
	/* A caller's memcg of 1.3 (a smaller struct): refused, as below 1.4's size */
	mev.struct_size = ZNL_MEMCG_EVENT_SIZE_V14 - 8;
	CHECK_INT(zswapnl_read_memcg_event(h, &mev, &err), -EINVAL);
	zswapnl_close(h);
	script_free(&s);
}

/* The family's groups: "memcg-events" found beside "events", or missing */
static void memcg_group_missing(void)
{
	struct script s = { 0 };
	struct zswapnl *h = open_v1(&s);
	struct zswapnl_error err;

	/* The recorded family is of a kernel before patch 0022 */
	CHECK_INT(h->memcg_events_group, 0);
	CHECK_INT(znl_nl_subscribe_memcg(h, &err), -EOPNOTSUPP);
	CHECK(strstr(err.msg, "\"memcg-events\""));
	CHECK(!h->memcg_subscribed);
	zswapnl_close(h);
	script_free(&s);
}

/* A datagram left from an earlier request (another seq) is dropped */
static void stale_reply_dropped(void)
{
	struct script s = { 0 };
	struct zswapnl *h = open_v1(&s);
	struct zswapnl_global g = { .struct_size = sizeof(g) };
	struct td_bytes b = td_hex(MEMCG_WORK);

	s.stale[s.n] = true;
	push_bytes(&s, &b);
	push_get(&s, NULL);
	CHECK_INT(zswapnl_get_global(h, &g, NULL), 0);
	check_get(&g);
	zswapnl_close(h);
	script_free(&s);
}

/* An "events" group whose id is a u16: refused, as decode.c refuses a u64 cut short */
static void put_group_id_u16(struct nlmsghdr *nlh)
{
	mnl_attr_put_strz(nlh, CTRL_ATTR_MCAST_GRP_NAME, ZSWAP_MCGRP_EVENTS);
	mnl_attr_put_u16(nlh, CTRL_ATTR_MCAST_GRP_ID, 9);
}

/* A group name without its NUL */
static void put_group_name_unterminated(struct nlmsghdr *nlh)
{
	mnl_attr_put(nlh, CTRL_ATTR_MCAST_GRP_NAME, strlen(ZSWAP_MCGRP_EVENTS),
		     ZSWAP_MCGRP_EVENTS);
	mnl_attr_put_u32(nlh, CTRL_ATTR_MCAST_GRP_ID, 9);
}

/* Four zero bytes after the group's attributes: an attribute of length 0 */
static void put_group_trailing(struct nlmsghdr *nlh)
{
	put_events_group(nlh);
	nlh->nlmsg_len += 4;
}

/*
 * The controller's multicast groups are checked as the family's messages
 * are (one policy check, attr.c): a malformed group fails the open with
 * -EBADMSG naming the attribute, where it used to leave the handle without
 * an "events" group and say nothing
 */
static void family_group_malformed(void)
{
	static const struct {
		void (*group)(struct nlmsghdr *nlh);
		const char *attr;
	} cases[] = {
		{ put_group_id_u16, "mcast-grp-id" },
		{ put_group_name_unterminated, "mcast-grp-name" },
		{ put_group_trailing, "mcast-groups" },
	};
	struct zswapnl_options o = {
		.struct_size = sizeof(o),
		.mode = ZSWAPNL_MODE_NETLINK,
	};
	struct zswapnl_error err;
	struct zswapnl *h;
	unsigned int i;

	for (i = 0; i < ZNL_ARRAY_SIZE(cases); i++) {
		struct script s = { 0 };

		push_family_with(&s, ZSWAP_GENL_VERSION, cases[i].group);
		h = (struct zswapnl *)&o;
		CHECK_INT(znl_open(&h, &o, &fake, &s, &err), -EBADMSG);
		CHECK(!h);
		if (!CHECK_STR(err.attr, cases[i].attr))
			tap_diag("case %u: %s", i, err.msg);
		script_free(&s);
	}
}

/* A newer family is used: what it adds is skipped */
static void family_newer(void)
{
	struct script s = { 0 };
	struct zswapnl_error err;
	struct zswapnl *h;
	int ret;

	h = open_fake(&s, ZSWAP_GENL_VERSION + 1, ZSWAPNL_MODE_NETLINK, &err, &ret);
	CHECK_INT(ret, 0);
	CHECK_INT(zswapnl_source(h), ZSWAPNL_SOURCE_NETLINK);
	CHECK_INT(h->family, FAMILY_ID);
	CHECK_INT(h->events_group, 9);
	zswapnl_close(h);
	script_free(&s);
}

/* An older family: AUTO reads the files and says why; NETLINK fails */
static void family_older(void)
{
	struct script s = { 0 }, s2 = { 0 };
	struct zswapnl_error err;
	struct zswapnl *h;
	int ret;

	h = open_fake(&s, ZSWAP_GENL_VERSION - 1, ZSWAPNL_MODE_AUTO, &err, &ret);
	CHECK_INT(ret, 0);
	CHECK_INT(zswapnl_source(h), ZSWAPNL_SOURCE_FALLBACK);
	CHECK_INT(err.code, 0);
	CHECK(strstr(err.msg, "version 0, older than the 1"));
	CHECK(strstr(err.msg, "reading the files instead"));
	zswapnl_close(h);

	h = open_fake(&s2, ZSWAP_GENL_VERSION - 1, ZSWAPNL_MODE_NETLINK, &err, &ret);
	CHECK_INT(ret, -EOPNOTSUPP);
	CHECK(!h);
	CHECK_INT(err.code, -EOPNOTSUPP);
	CHECK(strstr(err.msg, "version 0, older than the 1"));
	script_free(&s);
	script_free(&s2);
}

/*
 * MEMCG_SET of memory.zswap.writeback (patch 0020, whose kernel was not
 * recorded). The request is checked as sent; the kernel's answers are
 * crafted here, each as push_error() says.
 */

/* Where the library puts the writeback attribute: after the u64 id */
#define WRITEBACK_OFFSET (MNL_NLMSG_HDRLEN + GENL_HDRLEN + MNL_ATTR_HDRLEN + sizeof(uint64_t))

/*
 * Crafted: the NLMSG_ERROR of the request in flight, capped, with the
 * extended ack's message @msg, the offset @offs of the attribute it
 * points at (0: none) and the type @miss of a missing one (0: none), as
 * netlink_ack() lays them out
 */
static void push_error(struct script *s, int error, const char *msg, uint32_t offs,
		       uint32_t miss)
{
	char buf[MNL_NLMSG_HDRLEN + sizeof(struct nlmsgerr) + 128] = { 0 };
	struct nlmsghdr *nlh = mnl_nlmsg_put_header(buf);
	struct nlmsgerr *e;

	nlh->nlmsg_type = NLMSG_ERROR;
	nlh->nlmsg_flags = NLM_F_CAPPED | NLM_F_ACK_TLVS;
	nlh->nlmsg_seq = 1;
	e = mnl_nlmsg_put_extra_header(nlh, sizeof(*e));
	e->error = error;
	e->msg.nlmsg_len = WRITEBACK_OFFSET + MNL_ATTR_HDRLEN + 4;
	e->msg.nlmsg_type = FAMILY_ID;
	if (msg)
		mnl_attr_put_strz(nlh, NLMSGERR_ATTR_MSG, msg);
	if (offs)
		mnl_attr_put_u32(nlh, NLMSGERR_ATTR_OFFS, offs);
	if (miss)
		mnl_attr_put_u32(nlh, NLMSGERR_ATTR_MISS_TYPE, miss);
	push(s, buf, nlh->nlmsg_len);
}

/*
 * The answer of a kernel of the series before patch 0020: its policy of
 * MEMCG_SET ends at zswpwb, and a strict policy (genetlink's since
 * resv_start_op 0) refuses a type past its maxtype in lib/nlattr.c, with
 * this message and the attribute's offset
 */
static void push_unknown_writeback(struct script *s)
{
	push_error(s, -EINVAL, "Unknown attribute type", WRITEBACK_OFFSET, 0);
}

/* The last request was MEMCG_SET of @id with writeback @on, and nothing else */
static void check_writeback_req(const struct script *s, uint64_t id, bool on)
{
	const struct nlmsghdr *nlh = (const struct nlmsghdr *)s->req.data;
	const struct genlmsghdr *genl = mnl_nlmsg_get_payload(nlh);
	const struct nlattr *attr;
	unsigned int n = 0;

	if (!CHECK(s->req.len >= MNL_NLMSG_HDRLEN + GENL_HDRLEN))
		return;
	CHECK_INT(nlh->nlmsg_type, FAMILY_ID);
	CHECK(nlh->nlmsg_flags & NLM_F_ACK);
	CHECK_INT(genl->cmd, ZSWAP_CMD_MEMCG_SET);
	mnl_attr_for_each(attr, nlh, GENL_HDRLEN) {
		n++;
		if (mnl_attr_get_type(attr) == ZSWAP_MEMCG_A_ID) {
			CHECK_U64(mnl_attr_get_u64(attr), id);
		} else if (CHECK_INT(mnl_attr_get_type(attr), ZSWAP_MEMCG_A_WRITEBACK)) {
			CHECK_INT((const char *)attr - (const char *)nlh, WRITEBACK_OFFSET);
			CHECK_INT(mnl_attr_get_payload_len(attr), 1);
			CHECK_INT(mnl_attr_get_u8(attr), on);
		}
	}
	CHECK_INT(n, 2);
}

/* The family takes writeback: one request, the ACK, no file */
static void writeback_over_netlink(void)
{
	struct script s = { 0 };
	struct zswapnl *h = open_v1(&s);
	struct zswapnl_error err;

	push_ack(&s);
	CHECK_INT(zswapnl_set_memcg_writeback(h, 12, false, &err), 0);
	CHECK_INT(s.sends, 1);
	check_writeback_req(&s, 12, false);
	push_ack(&s);
	CHECK_INT(zswapnl_set_memcg_writeback(h, 12, true, &err), 0);
	check_writeback_req(&s, 12, true);
	zswapnl_close(h);
	script_free(&s);
}

/* What the kernel refuses for its own reasons is the answer: no file is tried */
static void writeback_refused(void)
{
	struct script s = { 0 };
	struct zswapnl *h = open_v1(&s);
	struct td_bytes root_refused = td_hex("tests/unit/data/err-root-zswap-max.reply.hex");
	struct zswapnl_error err;

	/* Recorded: the root refused, the extack at the id */
	push_bytes(&s, &root_refused);
	CHECK_INT(zswapnl_set_memcg_writeback(h, 1, false, &err), -EINVAL);
	CHECK_STR(err.attr, "id");
	CHECK_STR(err.msg, "the root cgroup has no memory.zswap.max");
	CHECK_INT(s.sends, 1);

	/* Crafted: refused to a process without CAP_SYS_ADMIN, no extack */
	push_error(&s, -EPERM, NULL, 0, 0);
	CHECK_INT(zswapnl_set_memcg_writeback(h, 12, false, &err), -EPERM);
	CHECK_STR(err.msg, "setting memory.zswap.writeback needs CAP_SYS_ADMIN");
	CHECK_INT(s.sends, 2);
	zswapnl_close(h);
	script_free(&s);
}

/*
 * A family of the series before the attribute: the cgroup's file, in a
 * copy of the recorded tree given the files that kernel's cgroups would
 * have (all but the root's); the id is the copy's, as the files know it
 */
static void writeback_family_lacks_it(void)
{
	static const char *const cgroups[] = { "work", "outer", "outer/inner", "flat" };
	char root[PATH_MAX], path[2 * PATH_MAX];
	struct script s = { 0 };
	struct zswapnl_error err;
	struct zswapnl *h;
	struct stat st;
	size_t i;

	snprintf(root, sizeof(root), "%s/root", td_tmpdir());
	if (!CHECK_INT(td_copy_tree(td_path("tests/data/sysroot-patched"), root), 0))
		return;
	for (i = 0; i < ZNL_ARRAY_SIZE(cgroups); i++) {
		snprintf(path, sizeof(path), "%s/sys/fs/cgroup/%s/memory.zswap.writeback", root,
			 cgroups[i]);
		CHECK_INT(td_write(path, "1\n"), 0);
	}
	snprintf(path, sizeof(path), "%s/sys/fs/cgroup/outer", root);
	CHECK_INT(stat(path, &st), 0);
	snprintf(path, sizeof(path), "%s/sys/fs/cgroup/outer/memory.zswap.writeback", root);
	s.root = root;
	h = open_v1(&s);

	push_unknown_writeback(&s);
	CHECK_INT(zswapnl_set_memcg_writeback(h, st.st_ino, false, &err), 0);
	CHECK_INT(s.sends, 1);
	check_writeback_req(&s, st.st_ino, false);
	CHECK_STR(td_read_line(path), "0");
	CHECK_INT(err.code, 0);
	CHECK_STR(err.msg, "");

	/*
	 * Crafted: were its policy not strict, it would ignore the attribute
	 * and ask for the zswap-max it needed then (GENL_REQ_ATTR_CHECK)
	 */
	push_error(&s, -EINVAL, NULL, 0, ZSWAP_MEMCG_A_ZSWAP_MAX);
	CHECK_INT(zswapnl_set_memcg_writeback(h, st.st_ino, true, &err), 0);
	CHECK_STR(td_read_line(path), "1");
	zswapnl_close(h);
	script_free(&s);
	CHECK_INT(td_remove_copy(root), 0);
}

/* Neither the family nor the files: -EOPNOTSUPP, saying both */
static void writeback_nowhere(void)
{
	struct script s = { 0 };
	struct zswapnl *h = open_v1(&s);
	struct zswapnl_error err;
	char path[PATH_MAX];
	struct stat st;

	/* The recorded tree is of that kernel: no memory.zswap.writeback */
	snprintf(path, sizeof(path), "%s/sys/fs/cgroup/work",
		 td_path("tests/data/sysroot-patched"));
	CHECK_INT(stat(path, &st), 0);
	push_unknown_writeback(&s);
	CHECK_INT(zswapnl_set_memcg_writeback(h, st.st_ino, false, &err), -EOPNOTSUPP);
	CHECK_INT(err.code, -EOPNOTSUPP);
	CHECK_STR(err.msg, "this kernel has no memory.zswap.writeback (Linux 6.8 and later have "
			   "it), nor does its zswap netlink family take it");
	CHECK_INT(s.sends, 1);
	zswapnl_close(h);
	script_free(&s);
}

/*
 * A SET of zpool on 7.2, which has no zpool layer: the ported family
 * refuses it with EOPNOTSUPP and an extack at the attribute (crafted: no
 * such kernel was recorded), and that is the error, word for word
 */
static void set_zpool_without_zpool(void)
{
	static const char msg[] = "this kernel has no zpool layer: zswap stores in zsmalloc";
	struct zswapnl_params p = { .struct_size = sizeof(p),
				    .set = ZSWAPNL_SET_ZPOOL,
				    .zpool = "zsmalloc" };
	struct script s = { 0 };
	struct zswapnl *h = open_v1(&s);
	struct zswapnl_error err;

	push_error(&s, -EOPNOTSUPP, msg, MNL_NLMSG_HDRLEN + GENL_HDRLEN, 0);
	CHECK_INT(zswapnl_set_params(h, &p, &err), -EOPNOTSUPP);
	CHECK_INT(err.code, -EOPNOTSUPP);
	CHECK_STR(err.msg, msg);
	CHECK_STR(err.attr, "zpool");
	CHECK_INT(s.sends, 1);
	zswapnl_close(h);
	script_free(&s);
}

TAP_CASES(
	{ "a recorded dump through the run loop", dump_plain },
	{ "a dump record without its path gets it from a do by id", dump_pathless },
	{ "a dump with NLM_F_DUMP_INTR is asked again, once", dump_intr_once },
	{ "a dump inconsistent twice fails with -EAGAIN", dump_intr_twice },
	{ "NLM_F_DUMP_INTR on a reply that is not a dump is ignored", get_dump_intr_ignored },
	{ "a dump given up part-way is drained; the next dump works", dump_abandoned_drained },
	{ "NLMSG_OVERRUN fails the request with -EOVERFLOW", dump_overrun },
	{ "attributes of a later kernel are skipped", get_unknown_skipped },
	{ "an attribute left out, one the family lacks: why each is unknown",
	  get_unknown_reasons },
	{ "patched 6.12's family: no zero pages, no duplicate_entry; why", family_of_6_12 },
	{ "patched 7.2's family: no zpool, zero pages, memcg refusals, in GET, events, MEMCG_GET",
	  family_of_7_2 },
	{ "a truncated u64 is refused by mnl_attr_validate, the ACK still read", get_truncated_attr },
	{ "a message longer than its datagram is refused", huge_nlmsg_len },
	{ "a datagram of an earlier request is dropped", stale_reply_dropped },
	{ "an event read through the event path", event_read },
	{ "a crafted event longer than its datagram is refused", event_huge_nlmsg_len },
	{ "memcg events: a queue of their own beside the global events", memcg_event_read },
	{ "memcg events not joined: dropped, and reading them refused", memcg_event_not_joined },
	{ "a family without \"memcg-events\": subscribing is not supported", memcg_group_missing },
	{ "a malformed multicast group of the controller fails the open", family_group_malformed },
	{ "a newer family version is used", family_newer },
	{ "an older family version: the files in AUTO, -EOPNOTSUPP in NETLINK", family_older },
	{ "set writeback: MEMCG_SET with the id and writeback only, the ACK",
	  writeback_over_netlink },
	{ "set writeback refused by the kernel (the root, no CAP_SYS_ADMIN): no file tried",
	  writeback_refused },
	{ "set writeback, a family without the attribute: the cgroup's file",
	  writeback_family_lacks_it },
	{ "set writeback with neither the attribute nor the file: -EOPNOTSUPP", writeback_nowhere },
	{ "SET zpool on 7.2's family: EOPNOTSUPP, its extack, the attribute",
	  set_zpool_without_zpool },
)
