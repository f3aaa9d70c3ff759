// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Decoding of memcg-get replies (attribute set "memcg" of the family's ABI
 * v2). Recorded on the patched 6.1 kernel by tests/unit/record/record
 * (nl-record in the guest of tests/vm/run while swapverify held 64 MiB in
 * /work, a cgroup limited to 16M; /outer/inner had memory.zswap.max 8M;
 * guest cgroup ids: / 1, /work 13, /outer 44, /flat 75, /outer/inner 106,
 * /flat/nomem 137 without the memory controller):
 *
 *   tests/unit/data/memcg-get-work.reply.hex  memcg-get of id 13, then the ACK
 *   tests/unit/data/memcg-get-root.reply.hex  memcg-get of id 1, then the ACK
 *   tests/unit/data/memcg-dump.reply.hex      the memcg-get dump, then NLMSG_DONE
 *
 * Every figure that tests/unit/record/distinct-values sets (compressed
 * bytes, stored and zero pages, zswpin, zswpout) has a value of its own in
 * every memcg, so that a swap of two fields, or the figures of one memcg
 * given to another, fails; the others are as the guest had them. The
 * kernel puts a "uint" in four bytes when its value fits and in eight
 * when not: zswap-max "max" (2^64-1) is eight bytes, /outer/inner's 8M
 * four.
 *
 * Made by hand, from copies of the recorded reply of /work: attributes of
 * a later kernel, a repeated path, the id, the path or zero-pages left
 * out, an id of eight bytes, writeback and writeback-effective given other
 * values, or left out as a kernel without memory.zswap.writeback does.
 */

#include <errno.h>
#include <linux/netlink.h>
#include <linux/zswap.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"
#include "nlmsg.h"
#include "tap.h"

/*
 * Every figure of 1.6: all the patched 6.1 kernel's family sends, and the
 * recordings hold; a figure added later is not in them
 */
#define ALL_FIELDS ((UINT64_C(1) << (ZSWAPNL_M_REJECT_ALLOC_FAIL + 1)) - 1)

static struct td_bytes first_msg(const char *file)
{
	struct td_bytes b = td_hex(file), m;

	m = td_msg_copy(td_msg(&b, 0));
	td_free(&b);
	return m;
}

/*
 * The figures distinct-values leaves as the guest had them: memory.zswap.writeback
 * 1 in every cgroup, no page written back, and of the refused stores only
 * those that did not compress (@incompressible: those of /work's workload,
 * which the root counts too)
 */
static void check_as_the_guest_had_them(const struct zswapnl_memcg *m, uint64_t incompressible)
{
	CHECK_U64(m->zswpwb, 0);
	CHECK(m->writeback);
	CHECK(m->writeback_effective);
	CHECK_U64(m->reject_zswap_max, 0);
	CHECK_U64(m->reject_pool_limit, 0);
	CHECK_U64(m->reject_incompressible, incompressible);
	CHECK_U64(m->reject_alloc_fail, 0);
}

/* /work in memcg-get-work.reply.hex; the dump has the same figures */
static void check_work(const struct zswapnl_memcg *m)
{
	CHECK_U64(m->known, ALL_FIELDS);
	CHECK_U64(m->id, 13);
	CHECK_STR(m->path, "/work");
	CHECK_U64(m->compressed_bytes, 581559);
	CHECK_U64(m->stored_pages, 9431);
	CHECK_U64(m->zero_pages, 3090);
	CHECK_U64(m->zswpin, 21282);
	CHECK_U64(m->zswpout, 30680);
	CHECK_U64(m->zswap_max, ZSWAPNL_MAX);
	check_as_the_guest_had_them(m, 10418);
}

/* The root in memcg-get-root.reply.hex and the dump */
static void check_root(const struct zswapnl_memcg *m)
{
	CHECK_U64(m->known, ALL_FIELDS);
	CHECK_U64(m->id, 1);
	CHECK_STR(m->path, "/");
	CHECK_U64(m->compressed_bytes, 602112);
	CHECK_U64(m->stored_pages, 9462);
	CHECK_U64(m->zero_pages, 3095);
	CHECK_U64(m->zswpin, 21377);
	CHECK_U64(m->zswpout, 30811);
	CHECK_U64(m->zswap_max, ZSWAPNL_MAX);
	check_as_the_guest_had_them(m, 10418);
}

static void memcg_work(void)
{
	struct td_bytes m = first_msg("tests/unit/data/memcg-get-work.reply.hex");
	struct zswapnl_memcg mc;

	CHECK_INT(znl_decode_memcg(m.data, m.len, &mc, NULL), 0);
	CHECK_INT(mc.struct_size, sizeof(mc));
	check_work(&mc);
	zswapnl_memcg_free(&mc);
	CHECK(!mc.path);
	CHECK(!(mc.known & ZNL_BIT(ZSWAPNL_M_PATH)));
	td_free(&m);
}

/* The root memcg: its figures are those of the whole machine */
static void memcg_root(void)
{
	struct td_bytes m = first_msg("tests/unit/data/memcg-get-root.reply.hex");
	struct zswapnl_memcg mc;

	CHECK_INT(znl_decode_memcg(m.data, m.len, &mc, NULL), 0);
	check_root(&mc);
	zswapnl_memcg_free(&mc);
	td_free(&m);
}

/* The payload length of the first attribute @type of the message @nlh */
static unsigned int payload_len(const struct nlmsghdr *nlh, uint16_t type)
{
	struct td_bytes m = td_msg_copy(nlh);
	size_t off = td_attr_offset(&m, type);
	uint16_t len = 0;

	if (off)
		memcpy(&len, m.data + off, sizeof(len));
	td_free(&m);
	return off ? len - NLA_HDRLEN : 0;
}

static void memcg_dump(void)
{
	/* the others: compressed bytes, stored and zero pages, zswpin, zswpout */
	static const struct {
		uint64_t id;
		const char *path;
		uint64_t max;
		uint64_t figures[5];
	} want[] = {
		{ 1, "/", ZSWAPNL_MAX, { 0 } },
		{ 13, "/work", ZSWAPNL_MAX, { 0 } },
		{ 44, "/outer", ZSWAPNL_MAX, { 14336, 12, 3, 37, 71 } },
		{ 75, "/flat", ZSWAPNL_MAX, { 6144, 5, 2, 11, 29 } },
		{ 106, "/outer/inner", 8388608, { 8192, 7, 1, 19, 43 } },
	};
	struct td_bytes b = td_hex("tests/unit/data/memcg-dump.reply.hex");
	const struct nlmsghdr *nlh;
	struct zswapnl_memcg mc;
	unsigned int i;

	CHECK_INT(td_msg_count(&b), 6);
	for (i = 0; i < 5; i++) {
		nlh = td_msg(&b, i);
		CHECK(nlh->nlmsg_flags & NLM_F_MULTI);
		CHECK_INT(znl_decode_memcg(nlh, nlh->nlmsg_len, &mc, NULL), 0);
		CHECK_U64(mc.known, ALL_FIELDS);
		CHECK_U64(mc.id, want[i].id);
		CHECK_STR(mc.path, want[i].path);
		CHECK_U64(mc.zswap_max, want[i].max);
		/* the kernel's uints: eight bytes for "max", four for 8M and the rest */
		CHECK_INT(payload_len(nlh, ZSWAP_A_MEMCG_ZSWAP_MAX), want[i].max > UINT32_MAX ? 8 : 4);
		CHECK_INT(payload_len(nlh, ZSWAP_A_MEMCG_ID), 4);
		CHECK_INT(payload_len(nlh, ZSWAP_A_MEMCG_ZSWPOUT), 4);
		if (i == 0)
			check_root(&mc);
		if (i == 1)
			check_work(&mc);
		if (i > 1) {
			CHECK_U64(mc.compressed_bytes, want[i].figures[0]);
			CHECK_U64(mc.stored_pages, want[i].figures[1]);
			CHECK_U64(mc.zero_pages, want[i].figures[2]);
			CHECK_U64(mc.zswpin, want[i].figures[3]);
			CHECK_U64(mc.zswpout, want[i].figures[4]);
			check_as_the_guest_had_them(&mc, 0);
		}
		zswapnl_memcg_free(&mc);
	}
	nlh = td_msg(&b, 5);
	CHECK_INT(nlh->nlmsg_type, NLMSG_DONE);
	CHECK_INT(znl_parse_status(nlh, nlh->nlmsg_len, NULL, 0, NULL), 0);
	td_free(&b);
}

static void unknown_attributes_skipped(void)
{
	struct td_bytes m = first_msg("tests/unit/data/memcg-get-work.reply.hex");
	static const uint64_t u64 = 7;
	struct zswapnl_memcg mc;

	td_insert_attr(&m, TD_ATTRS_OFFSET, ZSWAP_A_MEMCG_MAX + 1, &u64, sizeof(u64));
	td_insert_attr(&m, td_attr_offset(&m, ZSWAP_A_MEMCG_ZSWPIN), 0x1234 & NLA_TYPE_MASK,
		       "future", 7);
	/* type 0: no attribute of the spec (v1's pad was type 1) */
	td_insert_attr(&m, td_attr_offset(&m, ZSWAP_A_MEMCG_ZSWAP_MAX), 0, &u64, 4);
	td_insert_attr(&m, td_attrs_end(&m), 77 | NLA_F_NESTED, NULL, 0);
	CHECK_INT(znl_decode_memcg(m.data, m.len, &mc, NULL), 0);
	check_work(&mc);
	zswapnl_memcg_free(&mc);
	td_free(&m);
}

/* Two paths: the last counts, the first is not leaked (valgrind) */
static void repeated_path(void)
{
	struct td_bytes m = first_msg("tests/unit/data/memcg-get-work.reply.hex");
	struct zswapnl_memcg mc;

	td_insert_attr(&m, td_attrs_end(&m), ZSWAP_A_MEMCG_PATH, "/elsewhere", 11);
	CHECK_INT(znl_decode_memcg(m.data, m.len, &mc, NULL), 0);
	CHECK_STR(mc.path, "/elsewhere");
	zswapnl_memcg_free(&mc);
	td_free(&m);
}

/* A memcg the caller cannot name is refused, and its path freed (valgrind) */
static void memcg_without_id(void)
{
	struct td_bytes m = first_msg("tests/unit/data/memcg-get-work.reply.hex");
	struct zswapnl_error err;
	struct zswapnl_memcg mc;

	CHECK_INT(td_remove_attr(&m, ZSWAP_A_MEMCG_ID), 0);
	CHECK_INT(znl_decode_memcg(m.data, m.len, &mc, &err), -EBADMSG);
	CHECK_STR(err.attr, "id");
	CHECK(!mc.path);
	CHECK_U64(mc.known, 0);
	td_free(&m);
}

/* A memcg without a path, or figures, has them unknown */
static void memcg_figures_missing(void)
{
	struct td_bytes m = first_msg("tests/unit/data/memcg-get-work.reply.hex");
	struct zswapnl_memcg mc;

	CHECK_INT(td_remove_attr(&m, ZSWAP_A_MEMCG_PATH), 0);
	CHECK_INT(td_remove_attr(&m, ZSWAP_A_MEMCG_ZERO_PAGES), 0);
	CHECK_INT(znl_decode_memcg(m.data, m.len, &mc, NULL), 0);
	CHECK(!mc.path);
	CHECK_U64(mc.known,
		  ALL_FIELDS & ~(ZNL_BIT(ZSWAPNL_M_PATH) | ZNL_BIT(ZSWAPNL_M_ZERO_PAGES)));
	CHECK_U64(mc.zero_pages, 0);
	CHECK_U64(mc.stored_pages, 9431);
	td_free(&m);
}

/*
 * An id of eight bytes: a cgroup id past 32 bits (a kernfs node id counts
 * up), as nla_put_uint() puts it, and one that fits 32 bits all the same
 * (the kernel sends four bytes then, but eight are a uint too)
 */
static void memcg_id_uint(void)
{
	static const uint64_t ids[] = { 0x100000000dULL, 13 };
	struct td_bytes m;
	struct zswapnl_memcg mc;
	size_t i;

	for (i = 0; i < ZNL_ARRAY_SIZE(ids); i++) {
		m = first_msg("tests/unit/data/memcg-get-work.reply.hex");
		CHECK_INT(td_replace_attr(&m, ZSWAP_A_MEMCG_ID, &ids[i], sizeof(ids[i])), 0);
		CHECK_INT(znl_decode_memcg(m.data, m.len, &mc, NULL), 0);
		CHECK_U64(mc.id, ids[i]);
		CHECK_STR(mc.path, "/work");
		CHECK_U64(mc.compressed_bytes, 581559);
		CHECK_U64(mc.zswap_max, ZSWAPNL_MAX);
		zswapnl_memcg_free(&mc);
		td_free(&m);
	}
}

/*
 * Hand-made: the recorded reply of /work with writeback and
 * writeback-effective given each combination, as u32s: memory.zswap.writeback
 * 1 in /work and 0 above it (on, not effective), and the other way round
 */
static void memcg_writeback(void)
{
	struct td_bytes m = first_msg("tests/unit/data/memcg-get-work.reply.hex");
	static const uint32_t on = 1, off = 0, high = 0x100;
	struct zswapnl_memcg mc;

	CHECK_INT(td_replace_attr(&m, ZSWAP_A_MEMCG_WRITEBACK, &on, sizeof(on)), 0);
	CHECK_INT(td_replace_attr(&m, ZSWAP_A_MEMCG_WRITEBACK_EFFECTIVE, &off, sizeof(off)), 0);
	CHECK_INT(znl_decode_memcg(m.data, m.len, &mc, NULL), 0);
	CHECK_U64(mc.known, ALL_FIELDS);
	CHECK(mc.writeback);
	CHECK(!mc.writeback_effective);
	CHECK_U64(mc.zswpout, 30680);
	zswapnl_memcg_free(&mc);

	CHECK_INT(td_replace_attr(&m, ZSWAP_A_MEMCG_WRITEBACK, &off, sizeof(off)), 0);
	CHECK_INT(td_replace_attr(&m, ZSWAP_A_MEMCG_WRITEBACK_EFFECTIVE, &on, sizeof(on)), 0);
	CHECK_INT(znl_decode_memcg(m.data, m.len, &mc, NULL), 0);
	CHECK(!mc.writeback);
	CHECK(mc.writeback_effective);
	zswapnl_memcg_free(&mc);

	CHECK_INT(td_replace_attr(&m, ZSWAP_A_MEMCG_WRITEBACK, &off, sizeof(off)), 0);
	CHECK_INT(td_replace_attr(&m, ZSWAP_A_MEMCG_WRITEBACK_EFFECTIVE, &off, sizeof(off)), 0);
	CHECK_INT(znl_decode_memcg(m.data, m.len, &mc, NULL), 0);
	CHECK(!mc.writeback);
	CHECK(!mc.writeback_effective);
	CHECK_U64(mc.known, ALL_FIELDS);
	zswapnl_memcg_free(&mc);

	/*
	 * All four bytes are read: 0x100 is on (the kernel sends 0 or 1, but a
	 * read of one byte would take it for off)
	 */
	CHECK_INT(td_replace_attr(&m, ZSWAP_A_MEMCG_WRITEBACK, &high, sizeof(high)), 0);
	CHECK_INT(td_replace_attr(&m, ZSWAP_A_MEMCG_WRITEBACK_EFFECTIVE, &high, sizeof(high)), 0);
	CHECK_INT(znl_decode_memcg(m.data, m.len, &mc, NULL), 0);
	CHECK(mc.writeback);
	CHECK(mc.writeback_effective);
	zswapnl_memcg_free(&mc);
	td_free(&m);
}

/* v1's u8 flag is malformed in v2: refused, naming the attribute */
static void memcg_writeback_u8(void)
{
	static const char *const names[] = { "writeback", "writeback-effective" };
	static const uint16_t types[] = { ZSWAP_A_MEMCG_WRITEBACK,
					  ZSWAP_A_MEMCG_WRITEBACK_EFFECTIVE };
	static const uint8_t on = 1;
	struct zswapnl_error err;
	struct zswapnl_memcg mc;
	struct td_bytes m;
	size_t i;

	for (i = 0; i < ZNL_ARRAY_SIZE(types); i++) {
		m = first_msg("tests/unit/data/memcg-get-work.reply.hex");
		CHECK_INT(td_replace_attr(&m, types[i], &on, sizeof(on)), 0);
		CHECK_INT(znl_decode_memcg(m.data, m.len, &mc, &err), -EBADMSG);
		CHECK_INT(err.code, -EBADMSG);
		CHECK_STR(err.attr, names[i]);
		CHECK(!mc.path);
		CHECK_U64(mc.known, 0);
		td_free(&m);
	}
}

/*
 * Hand-made: the recorded reply without the writeback attributes, as a
 * kernel without memory.zswap.writeback sends it: unknown, left out
 */
static void memcg_writeback_absent(void)
{
	struct td_bytes m = first_msg("tests/unit/data/memcg-get-work.reply.hex");
	struct zswapnl_memcg mc;

	CHECK_INT(td_remove_attr(&m, ZSWAP_A_MEMCG_WRITEBACK), 0);
	CHECK_INT(td_remove_attr(&m, ZSWAP_A_MEMCG_WRITEBACK_EFFECTIVE), 0);
	CHECK_INT(znl_decode_memcg(m.data, m.len, &mc, NULL), 0);
	CHECK(!zswapnl_memcg_known(&mc, ZSWAPNL_M_WRITEBACK));
	CHECK(!zswapnl_memcg_known(&mc, ZSWAPNL_M_WRITEBACK_EFFECTIVE));
	CHECK_INT(mc.unknown[ZSWAPNL_M_WRITEBACK], -ENOENT);
	CHECK_INT(mc.unknown[ZSWAPNL_M_WRITEBACK_EFFECTIVE], -ENOENT);
	CHECK(!mc.writeback);
	CHECK(!mc.writeback_effective);
	CHECK_U64(mc.known, ALL_FIELDS & ~(ZNL_BIT(ZSWAPNL_M_WRITEBACK) |
					   ZNL_BIT(ZSWAPNL_M_WRITEBACK_EFFECTIVE)));
	zswapnl_memcg_free(&mc);
	td_free(&m);
}

TAP_CASES(
	{ "recorded memcg-get reply of /work decodes to its values", memcg_work },
	{ "recorded memcg-get reply of the root decodes to its values", memcg_root },
	{ "recorded memcg-get dump: five memcgs in id order, then DONE", memcg_dump },
	{ "unknown attribute types injected in a memcg reply are skipped", unknown_attributes_skipped },
	{ "a repeated path: the last one counts, none leaks", repeated_path },
	{ "a memcg reply without its id is refused", memcg_without_id },
	{ "a memcg reply without path and zero-pages has them unknown", memcg_figures_missing },
	{ "an id of eight bytes decodes, past 32 bits or not", memcg_id_uint },
	{ "writeback and writeback-effective (u32) decode, each on its own", memcg_writeback },
	{ "a u8 writeback flag (v1's) is refused, naming it", memcg_writeback_u8 },
	{ "a reply without the writeback attributes has them unknown", memcg_writeback_absent },
)
