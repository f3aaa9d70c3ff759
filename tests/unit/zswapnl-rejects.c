// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * A memcg's refused stores by reason (libzswapnl 1.4), from both sources,
 * and the memcg event (the family's ABI v2: uint counters, event-type).
 *
 * The data:
 *  - recorded: the memcg-get reply of /work of the patched 6.1 kernel
 *    (tests/unit/data/memcg-get-work.reply.hex), with its four
 *    reject-* attributes as the guest had them (distinct-values leaves
 *    them: 10418 stores that did not compress, none refused otherwise);
 *  - made by hand from it: the four attributes given values of their own
 *    (uints of four bytes and of eight), left out as the family of the
 *    other kernel lines leaves them out, or of a size no uint has; the
 *    memcg event is that message with its command changed to
 *    ZSWAP_CMD_MEMCG_EVENT and a ZSWAP_A_MEMCG_EVENT_TYPE inserted first,
 *    as the kernel's memcg-event puts it (no memcg event was recorded);
 *  - the fallback reads a fake sysroot: a copy of the recorded
 *    tests/data/sysroot-patched with the four zswap_reject_* lines of the
 *    patched kernel appended by hand to the memory.stat of /work and of
 *    /outer/inner; the recorded stock tree stands for a kernel without them.
 */

#include <errno.h>
#include <limits.h>
#include <linux/netlink.h>
#include <linux/zswap.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fallback.h"
#include "internal.h"
#include "nlmsg.h"
#include "tap.h"
#include "testdata.h"

#define WORK_REPLY "tests/unit/data/memcg-get-work.reply.hex"
#define REJECTS                                                                      \
	(ZNL_BIT(ZSWAPNL_M_REJECT_ZSWAP_MAX) | ZNL_BIT(ZSWAPNL_M_REJECT_POOL_LIMIT) | \
	 ZNL_BIT(ZSWAPNL_M_REJECT_INCOMPRESSIBLE) | ZNL_BIT(ZSWAPNL_M_REJECT_ALLOC_FAIL))

static struct td_bytes first_msg(const char *file)
{
	struct td_bytes b = td_hex(file), m;

	m = td_msg_copy(td_msg(&b, 0));
	td_free(&b);
	return m;
}

/*
 * The recorded reply of /work with the four counters, each a value of its
 * own: two of four bytes, two of eight (one past 32 bits)
 */
static struct td_bytes work_with_rejects(void)
{
	struct td_bytes m = first_msg(WORK_REPLY);
	static const uint32_t four[] = { 101, 202 };
	static const uint64_t eight[] = { 0x100000000ULL + 303, 404 };

	CHECK_INT(td_replace_attr(&m, ZSWAP_A_MEMCG_REJECT_ZSWAP_MAX, &four[0], sizeof(four[0])),
		  0);
	CHECK_INT(td_replace_attr(&m, ZSWAP_A_MEMCG_REJECT_POOL_LIMIT, &four[1], sizeof(four[1])),
		  0);
	CHECK_INT(td_replace_attr(&m, ZSWAP_A_MEMCG_REJECT_INCOMPRESSIBLE, &eight[0],
				  sizeof(eight[0])),
		  0);
	CHECK_INT(td_replace_attr(&m, ZSWAP_A_MEMCG_REJECT_ALLOC_FAIL, &eight[1], sizeof(eight[1])),
		  0);
	return m;
}

#define INCOMPRESSIBLE (0x100000000ULL + 303)

static void check_rejects(const struct zswapnl_memcg *m, uint64_t max, uint64_t pool,
			  uint64_t incomp, uint64_t alloc)
{
	CHECK_U64(m->known & REJECTS, REJECTS);
	CHECK_U64(m->reject_zswap_max, max);
	CHECK_U64(m->reject_pool_limit, pool);
	CHECK_U64(m->reject_incompressible, incomp);
	CHECK_U64(m->reject_alloc_fail, alloc);
}

static void netlink_rejects(void)
{
	struct td_bytes m = work_with_rejects();
	struct zswapnl_memcg mc;

	CHECK_INT(znl_decode_memcg(m.data, m.len, &mc, NULL), 0);
	check_rejects(&mc, 101, 202, INCOMPRESSIBLE, 404);
	/* The figures around them are where they were */
	CHECK_U64(mc.id, 13);
	CHECK_U64(mc.zswpout, 30680);
	zswapnl_memcg_free(&mc);
	td_free(&m);
}

/* As recorded: of /work's stores, the kernel refused those that did not compress */
static void netlink_rejects_recorded(void)
{
	struct td_bytes m = first_msg(WORK_REPLY);
	struct zswapnl_memcg mc;

	CHECK_INT(znl_decode_memcg(m.data, m.len, &mc, NULL), 0);
	check_rejects(&mc, 0, 0, 10418, 0);
	CHECK_INT(mc.unknown[ZSWAPNL_M_REJECT_ZSWAP_MAX], 0);
	zswapnl_memcg_free(&mc);
	td_free(&m);
}

/*
 * The recorded reply without them, as the family of a kernel that does not
 * count them (6.12, 7.2) sends it: unknown, left out
 */
static void netlink_rejects_absent(void)
{
	struct td_bytes m = first_msg(WORK_REPLY);
	struct zswapnl_memcg mc;

	CHECK_INT(td_remove_attr(&m, ZSWAP_A_MEMCG_REJECT_ZSWAP_MAX), 0);
	CHECK_INT(td_remove_attr(&m, ZSWAP_A_MEMCG_REJECT_POOL_LIMIT), 0);
	CHECK_INT(td_remove_attr(&m, ZSWAP_A_MEMCG_REJECT_INCOMPRESSIBLE), 0);
	CHECK_INT(td_remove_attr(&m, ZSWAP_A_MEMCG_REJECT_ALLOC_FAIL), 0);
	CHECK_INT(znl_decode_memcg(m.data, m.len, &mc, NULL), 0);
	CHECK_U64(mc.known & REJECTS, 0);
	CHECK_INT(mc.unknown[ZSWAPNL_M_REJECT_ZSWAP_MAX], -ENOENT);
	CHECK_INT(mc.unknown[ZSWAPNL_M_REJECT_ALLOC_FAIL], -ENOENT);
	zswapnl_memcg_free(&mc);
	td_free(&m);
}

/* A counter of neither four bytes nor eight is refused, named */
static void netlink_reject_malformed(void)
{
	static const unsigned char bytes[12] = { 7 };
	static const uint16_t lens[] = { 0, 2, 6, 12 };
	struct zswapnl_memcg mc;
	struct zswapnl_error err;
	struct td_bytes m;
	size_t i;

	for (i = 0; i < ZNL_ARRAY_SIZE(lens); i++) {
		m = work_with_rejects();
		CHECK_INT(td_replace_attr(&m, ZSWAP_A_MEMCG_REJECT_POOL_LIMIT, bytes, lens[i]), 0);
		if (!CHECK_INT(znl_decode_memcg(m.data, m.len, &mc, &err), -EBADMSG))
			tap_diag("%u bytes", lens[i]);
		CHECK_STR(err.attr, "reject-pool-limit");
		CHECK(!mc.path);
		CHECK_U64(mc.known, 0);
		td_free(&m);
	}
}

/* The memcg event: the message of /work as the kernel's memcg-event sends it */
static struct td_bytes work_event(uint32_t type)
{
	struct td_bytes m = work_with_rejects();

	m.data[NLMSG_HDRLEN] = ZSWAP_CMD_MEMCG_EVENT; /* genlmsghdr.cmd */
	if (type)
		td_insert_attr(&m, TD_ATTRS_OFFSET, ZSWAP_A_MEMCG_EVENT_TYPE, &type, sizeof(type));
	return m;
}

static void memcg_event_decoded(void)
{
	struct td_bytes m = work_event(ZSWAP_EVENT_TYPE_MEMCG_LIMIT_HIT);
	struct zswapnl_memcg_event ev;
	struct zswapnl_error err;

	CHECK_INT(znl_decode_memcg_event(m.data, m.len, &ev, &err), 0);
	CHECK_INT(ev.type, ZSWAPNL_EVENT_MEMCG_LIMIT_HIT);
	CHECK_INT(ev.struct_size, sizeof(ev));
	CHECK_INT(ev.memcg.struct_size, sizeof(ev.memcg));
	CHECK_U64(ev.memcg.id, 13);
	CHECK_STR(ev.memcg.path, "/work");
	CHECK_U64(ev.memcg.stored_pages, 9431);
	check_rejects(&ev.memcg, 101, 202, INCOMPRESSIBLE, 404);
	zswapnl_memcg_free(&ev.memcg);
	td_free(&m);
}

static void memcg_event_malformed(void)
{
	struct td_bytes m = work_event(0), reply = work_with_rejects();
	struct zswapnl_memcg_event ev;
	struct zswapnl_error err;

	CHECK_INT(znl_decode_memcg_event(m.data, m.len, &ev, &err), -EBADMSG);
	CHECK_STR(err.attr, "event-type");
	CHECK(!ev.memcg.path);
	CHECK_U64(ev.memcg.known, 0);
	/* A memcg-get reply is not an event, nor a memcg event a reply */
	CHECK_INT(znl_decode_memcg_event(reply.data, reply.len, &ev, &err), -EBADMSG);
	td_free(&m);
	m = work_event(ZSWAP_EVENT_TYPE_MEMCG_LIMIT_HIT);
	{
		struct zswapnl_memcg mc;

		CHECK_INT(znl_decode_memcg(m.data, m.len, &mc, &err), -EBADMSG);
	}
	td_free(&m);
	td_free(&reply);
}

/* The fake sysroot: the recorded patched tree, memory.stat with the zswap_reject_* lines */
static void rejects_tree(char *root, size_t size)
{
	static const struct {
		const char *dir, *lines;
	} stats[] = {
		{ "/work", "zswap_reject_zswap_max 0\nzswap_reject_pool_limit 17\n"
			   "zswap_reject_incompressible 4242\nzswap_reject_alloc_fail 3\n" },
		{ "/outer/inner", "zswap_reject_zswap_max 8615\nzswap_reject_pool_limit 1\n"
				  "zswap_reject_incompressible 2\nzswap_reject_alloc_fail 0\n" },
	};
	char path[PATH_MAX + 64];
	size_t i;
	FILE *f;

	snprintf(root, size, "%s/root", td_tmpdir());
	if (!CHECK_INT(td_copy_tree(td_path("tests/data/sysroot-patched"), root), 0))
		exit(1);
	for (i = 0; i < ZNL_ARRAY_SIZE(stats); i++) {
		snprintf(path, sizeof(path), "%s/sys/fs/cgroup%s/memory.stat", root, stats[i].dir);
		f = fopen(path, "a");
		if (!CHECK(f))
			exit(1);
		fputs(stats[i].lines, f);
		CHECK_INT(fclose(f), 0);
	}
}

static void fallback_rejects(void)
{
	struct zswapnl_memcg_list l;
	struct zswapnl_memcg one = { .struct_size = sizeof(one) };
	const struct zswapnl_memcg *m;
	struct zswapnl_error why;
	char root[PATH_MAX];
	struct zswapnl *h;

	rejects_tree(root, sizeof(root));
	h = fb_open(root);
	CHECK_INT(zswapnl_list_memcgs(h, &l, NULL), 0);
	m = fb_find(&l, "/work");
	if (CHECK(m))
		check_rejects(m, 0, 17, 4242, 3);
	m = fb_find(&l, "/outer/inner");
	if (CHECK(m))
		check_rejects(m, 8615, 1, 2, 0);
	/* /outer has none of the lines in this tree: unknown, and why */
	m = fb_find(&l, "/outer");
	if (CHECK(m)) {
		CHECK_U64(m->known & REJECTS, 0);
		CHECK_INT(zswapnl_memcg_unknown(h, m, ZSWAPNL_M_REJECT_POOL_LIMIT, &why),
			  -ENOENT);
		CHECK_STR(why.msg, "stores refused per cgroup need the patched kernel");
	}
	zswapnl_memcg_list_free(&l);
	CHECK_INT(zswapnl_get_memcg_by_path(h, "/outer/inner", &one, NULL), 0);
	check_rejects(&one, 8615, 1, 2, 0);
	zswapnl_memcg_free(&one);
	zswapnl_close(h);
	CHECK_INT(td_remove_copy(root), 0);
}

/* The recorded stock tree: no such lines in any memory.stat */
static void fallback_stock(void)
{
	struct zswapnl *h = fb_open("tests/data/sysroot-stock");
	struct zswapnl_memcg_list l;
	struct zswapnl_error why;
	size_t i;

	CHECK_INT(zswapnl_list_memcgs(h, &l, NULL), 0);
	CHECK(l.count > 0);
	for (i = 0; i < l.count; i++) {
		CHECK_U64(l.items[i]->known & REJECTS, 0);
		CHECK_U64(l.items[i]->reject_zswap_max, 0);
	}
	CHECK_INT(zswapnl_memcg_unknown(h, l.items[0], ZSWAPNL_M_REJECT_ZSWAP_MAX, &why), -ENOENT);
	CHECK_STR(why.msg, "stores refused per cgroup need the patched kernel");
	zswapnl_memcg_list_free(&l);
	zswapnl_close(h);
}

/* A caller built against 1.3: nothing written past its struct, no refusal known */
static void caller_of_1_3(void)
{
	size_t end = znl_offsetofend(struct zswapnl_memcg, writeback_effective), i;
	struct {
		struct zswapnl_memcg m;
		unsigned char guard[16];
	} buf;
	char root[PATH_MAX];
	struct zswapnl *h;

	rejects_tree(root, sizeof(root));
	h = fb_open(root);
	memset(&buf, 0xa5, sizeof(buf));
	buf.m.struct_size = end;
	CHECK_INT(zswapnl_get_memcg_by_path(h, "/work", &buf.m, NULL), 0);
	CHECK(zswapnl_memcg_known(&buf.m, ZSWAPNL_M_ZSWPOUT));
	CHECK_U64(buf.m.known & REJECTS, 0);
	for (i = end; i < sizeof(buf); i++)
		if (!CHECK_INT(((unsigned char *)&buf)[i], 0xa5))
			break;
	zswapnl_memcg_free(&buf.m);
	zswapnl_close(h);
	CHECK_INT(td_remove_copy(root), 0);
}

/* The files have no events; a struct below 1.4's size is refused first */
static void memcg_events_fallback(void)
{
	struct zswapnl *h = fb_open("tests/data/sysroot-patched");
	struct zswapnl_memcg_event ev = { .struct_size = sizeof(ev) };
	struct zswapnl_error err;

	CHECK_INT(zswapnl_subscribe_memcg_events(NULL, &err), -EINVAL);
	CHECK_INT(zswapnl_subscribe_memcg_events(h, &err), -EOPNOTSUPP);
	CHECK_INT(zswapnl_read_memcg_event(h, &ev, &err), -EOPNOTSUPP);
	CHECK_INT(zswapnl_read_memcg_event(NULL, &ev, &err), -EINVAL);
	ev.struct_size = ZNL_MEMCG_EVENT_SIZE_V14 - 1;
	CHECK_INT(zswapnl_read_memcg_event(h, &ev, &err), -EINVAL);
	CHECK_INT(zswapnl_event_fd(h), -EOPNOTSUPP);
	zswapnl_close(h);
}

TAP_CASES(
	{ "netlink: the four refusal counters of a memcg (values set by hand, uints of 4 and 8 bytes)",
	  netlink_rejects },
	{ "netlink: the recorded refusal counters of /work", netlink_rejects_recorded },
	{ "netlink: a family that sends none (6.12, 7.2): unknown", netlink_rejects_absent },
	{ "netlink: a refusal counter of neither 4 nor 8 bytes is refused, named",
	  netlink_reject_malformed },
	{ "a memcg-limit-hit event decoded: type, memcg, counters", memcg_event_decoded },
	{ "a memcg event without its type, and the wrong command, are refused",
	  memcg_event_malformed },
	{ "fallback: memory.stat's zswap_reject_* lines (fake sysroot)", fallback_rejects },
	{ "fallback: the stock kernel has none: unknown, and why", fallback_stock },
	{ "a 1.3 caller's memcg struct: nothing written past it, no refusal known",
	  caller_of_1_3 },
	{ "memcg events with the fallback: -EOPNOTSUPP; a small struct -EINVAL",
	  memcg_events_fallback },
)
