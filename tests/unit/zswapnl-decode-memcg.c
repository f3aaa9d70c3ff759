// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Decoding of MEMCG_GET replies recorded on the patched kernel by
 * tests/unit/record/record (nl-record in the guest of tests/vm/run while
 * swapverify held 64 MiB in /work, a cgroup limited to 16M; /outer/inner
 * had memory.zswap.max 8M; guest cgroup ids: / 1, /work 12, /outer 42,
 * /flat 72, /outer/inner 102, /flat/nomem 132 without the memory controller):
 *
 *   tests/unit/data/memcg-get-work.reply.hex  MEMCG_GET of id 12, then the ACK
 *   tests/unit/data/memcg-get-root.reply.hex  MEMCG_GET of id 1, then the ACK
 *   tests/unit/data/memcg-dump.reply.hex      the MEMCG_GET dump, then NLMSG_DONE
 *
 * Every figure of every memcg in them has a value of its own
 * (tests/unit/record/distinct-values), so that a swap of two fields, or the
 * figures of one memcg given to another, fails.
 */

#include <errno.h>
#include <linux/netlink.h>
#include <linux/zswap.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"
#include "nlmsg.h"
#include "tap.h"

/* The figures of 1.0: all the family sends */
#define ALL_FIELDS ((UINT64_C(1) << (ZSWAPNL_M_ZSWAP_MAX + 1)) - 1)

static struct td_bytes first_msg(const char *file)
{
	struct td_bytes b = td_hex(file), m;

	m = td_msg_copy(td_msg(&b, 0));
	td_free(&b);
	return m;
}

/* /work in memcg-get-work.reply.hex; the dump has the same figures */
static void check_work(const struct zswapnl_memcg *m)
{
	CHECK_U64(m->known, ALL_FIELDS);
	CHECK_U64(m->id, 12);
	CHECK_STR(m->path, "/work");
	CHECK_U64(m->compressed_bytes, 581559);
	CHECK_U64(m->stored_pages, 9431);
	CHECK_U64(m->zero_pages, 3090);
	CHECK_U64(m->zswpin, 21282);
	CHECK_U64(m->zswpout, 30680);
	CHECK_U64(m->zswap_max, ZSWAPNL_MAX);
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
		{ 12, "/work", ZSWAPNL_MAX, { 0 } },
		{ 42, "/outer", ZSWAPNL_MAX, { 14336, 12, 3, 37, 71 } },
		{ 72, "/flat", ZSWAPNL_MAX, { 6144, 5, 2, 11, 29 } },
		{ 102, "/outer/inner", 8388608, { 8192, 7, 1, 19, 43 } },
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

	td_insert_attr(&m, TD_ATTRS_OFFSET, ZSWAP_MEMCG_A_MAX + 1, &u64, sizeof(u64));
	td_insert_attr(&m, td_attr_offset(&m, ZSWAP_MEMCG_A_ZSWPIN), 0x1234 & NLA_TYPE_MASK,
		       "future", 7);
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

	td_insert_attr(&m, td_attrs_end(&m), ZSWAP_MEMCG_A_PATH, "/elsewhere", 11);
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

	CHECK_INT(td_remove_attr(&m, ZSWAP_MEMCG_A_ID), 0);
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

	CHECK_INT(td_remove_attr(&m, ZSWAP_MEMCG_A_PATH), 0);
	CHECK_INT(td_remove_attr(&m, ZSWAP_MEMCG_A_ZERO_PAGES), 0);
	CHECK_INT(znl_decode_memcg(m.data, m.len, &mc, NULL), 0);
	CHECK(!mc.path);
	CHECK_U64(mc.known,
		  ALL_FIELDS & ~(ZNL_BIT(ZSWAPNL_M_PATH) | ZNL_BIT(ZSWAPNL_M_ZERO_PAGES)));
	CHECK_U64(mc.zero_pages, 0);
	CHECK_U64(mc.stored_pages, 9431);
	td_free(&m);
}

/*
 * Crafted: the recorded reply of /work with the attributes the family of
 * patch 0020 adds after zswpwb's place (that kernel was not recorded),
 * memory.zswap.writeback 1 in /work and 0 above it: on, not effective
 */
static void memcg_writeback(void)
{
	struct td_bytes m = first_msg("tests/unit/data/memcg-get-work.reply.hex");
	static const uint8_t on = 1, off = 0;
	struct zswapnl_memcg mc;

	td_insert_attr(&m, td_attrs_end(&m), ZSWAP_MEMCG_A_WRITEBACK, &on, sizeof(on));
	td_insert_attr(&m, td_attrs_end(&m), ZSWAP_MEMCG_A_WRITEBACK_EFFECTIVE, &off, sizeof(off));
	CHECK_INT(znl_decode_memcg(m.data, m.len, &mc, NULL), 0);
	CHECK_U64(mc.known, ALL_FIELDS | ZNL_BIT(ZSWAPNL_M_WRITEBACK) |
				    ZNL_BIT(ZSWAPNL_M_WRITEBACK_EFFECTIVE));
	CHECK(mc.writeback);
	CHECK(!mc.writeback_effective);
	CHECK_U64(mc.zswpout, 30680);
	zswapnl_memcg_free(&mc);

	/* The other way round; and off in both */
	CHECK_INT(td_replace_attr(&m, ZSWAP_MEMCG_A_WRITEBACK, &off, sizeof(off)), 0);
	CHECK_INT(td_replace_attr(&m, ZSWAP_MEMCG_A_WRITEBACK_EFFECTIVE, &on, sizeof(on)), 0);
	CHECK_INT(znl_decode_memcg(m.data, m.len, &mc, NULL), 0);
	CHECK(!mc.writeback);
	CHECK(mc.writeback_effective);
	zswapnl_memcg_free(&mc);
	td_free(&m);
}

/* The recorded replies, of a kernel before the attributes: unknown, left out */
static void memcg_writeback_absent(void)
{
	struct td_bytes m = first_msg("tests/unit/data/memcg-get-work.reply.hex");
	struct zswapnl_memcg mc;

	CHECK_INT(znl_decode_memcg(m.data, m.len, &mc, NULL), 0);
	CHECK(!zswapnl_memcg_known(&mc, ZSWAPNL_M_WRITEBACK));
	CHECK(!zswapnl_memcg_known(&mc, ZSWAPNL_M_WRITEBACK_EFFECTIVE));
	CHECK_INT(mc.unknown[ZSWAPNL_M_WRITEBACK], -ENOENT);
	CHECK_INT(mc.unknown[ZSWAPNL_M_WRITEBACK_EFFECTIVE], -ENOENT);
	zswapnl_memcg_free(&mc);
	td_free(&m);
}

TAP_CASES(
	{ "recorded MEMCG_GET reply of /work decodes to its values", memcg_work },
	{ "recorded MEMCG_GET reply of the root decodes to its values", memcg_root },
	{ "recorded MEMCG_GET dump: five memcgs in id order, then DONE", memcg_dump },
	{ "unknown attribute types injected in a memcg reply are skipped", unknown_attributes_skipped },
	{ "a repeated path: the last one counts, none leaks", repeated_path },
	{ "a memcg reply without its id is refused", memcg_without_id },
	{ "a memcg reply without path and zero-pages has them unknown", memcg_figures_missing },
	{ "crafted writeback and writeback-effective decode, each on its own", memcg_writeback },
	{ "a reply without the writeback attributes has them unknown", memcg_writeback_absent },
)
