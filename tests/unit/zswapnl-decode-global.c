// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Decoding of the global figures (attribute set "global" of the family's
 * ABI v2). Recorded on the patched 6.1 kernel by tests/unit/record/record
 * (nl-record in the guest of tests/vm/run while swapverify held 64 MiB in a
 * cgroup limited to 16M):
 *
 *   tests/unit/data/get.reply.hex                   the get reply, then its ACK
 *   tests/unit/data/event-params-changed.reply.hex  the event after
 *                                                   max_pool_percent 20 -> 25
 *   tests/unit/data/event-pool-switched.reply.hex   the event after
 *                                                   compressor lzo -> lz4
 *
 * The expected values are read off those files (tests/unit/record/README
 * shows how to print them). Every counter in them has a value of its own
 * (tests/unit/record/distinct-values), so that a swap of two fields fails.
 * The kernel puts each "uint" counter in four bytes when its value fits,
 * as all the recorded ones do.
 *
 * Made by hand, from copies of the recorded get reply: attributes of a
 * later kernel and of type 0 (skipped), a repeated attribute, attributes
 * left out, and uint counters of eight bytes (the kernel's form of a value
 * past 32 bits) and of four, in place of recorded ones.
 */

#include <errno.h>
#include <linux/netlink.h>
#include <linux/zswap.h>
#include <string.h>

#include "internal.h"
#include "nlmsg.h"
#include "tap.h"

#define GET_REPLY "tests/unit/data/get.reply.hex"
#define EV_PARAMS "tests/unit/data/event-params-changed.reply.hex"
#define EV_POOL "tests/unit/data/event-pool-switched.reply.hex"

/*
 * Every field of a get reply of the patched 6.1 kernel: all but the
 * /proc/vmstat ones, and stored-incompressible-pages, which 6.1 does not
 * count
 */
#define GET_FIELDS                                                                \
	((((UINT64_C(1) << (ZSWAPNL_G_ACCEPT_THRESHOLD_PERCENT + 1)) - 1) &       \
	  ~(ZNL_BIT(ZSWAPNL_G_ZSWPIN) | ZNL_BIT(ZSWAPNL_G_ZSWPOUT))) |             \
	 ZNL_BIT(ZSWAPNL_G_REJECT_COMPRESS_FAIL) | ZNL_BIT(ZSWAPNL_G_DECOMPRESS_FAIL))

/* The values in get.reply.hex */
static void check_recorded_get(const struct zswapnl_global *g)
{
	CHECK_U64(g->known, GET_FIELDS);
	CHECK_U64(g->stored_pages, 9443);
	CHECK_U64(g->zero_pages, 3096);
	CHECK_U64(g->pool_total_size, 13012992);
	/* totalram_pages 493800 * 20 / 100 * 4096 */
	CHECK_U64(g->pool_limit_bytes, 404520960);
	CHECK_U64(g->pool_limit_hit, 11);
	CHECK_U64(g->reject_reclaim_fail, 13);
	CHECK_U64(g->reject_alloc_fail, 17);
	CHECK_U64(g->reject_kmemcache_fail, 19);
	CHECK_U64(g->reject_compress_poor, 23);
	CHECK_U64(g->written_back_pages, 29);
	CHECK_U64(g->duplicate_entry, 31);
	/* as the guest had them: distinct-values does not set these two */
	CHECK_U64(g->reject_compress_fail, 10418);
	CHECK_U64(g->decompress_fail, 0);
	/* not in a get reply: /proc/vmstat's, read apart */
	CHECK_U64(g->zswpin, 0);
	CHECK_U64(g->zswpout, 0);
	CHECK_U64(g->stored_incompressible_pages, 0);
	CHECK(g->enabled);
	CHECK_STR(g->compressor, "lzo");
	CHECK_STR(g->zpool, "zbud");
	CHECK_U64(g->max_pool_percent, 20);
	CHECK_U64(g->accept_threshold_percent, 90);
}

static struct td_bytes get_reply_msg(void)
{
	struct td_bytes b = td_hex(GET_REPLY), m;

	CHECK_INT(td_msg_count(&b), 2);
	m = td_msg_copy(td_msg(&b, 0));
	td_free(&b);
	return m;
}

static void get_reply(void)
{
	struct td_bytes m = get_reply_msg();
	struct zswapnl_error err;
	struct zswapnl_global g;

	znl_err_clear(&err);
	CHECK_INT(znl_decode_global(m.data, m.len, &g, &err), 0);
	CHECK_INT(g.struct_size, sizeof(g));
	check_recorded_get(&g);
	CHECK_STR(err.msg, "");
	td_free(&m);
}

static void get_reply_then_ack(void)
{
	struct td_bytes b = td_hex(GET_REPLY);
	const struct nlmsghdr *ack = td_msg(&b, 1);
	struct td_bytes req = td_hex("tests/unit/data/get.req.hex");
	struct zswapnl_error err;

	CHECK(ack && ack->nlmsg_type == NLMSG_ERROR);
	CHECK_INT(znl_parse_status(ack, ack->nlmsg_len, req.data, req.len, &err), 0);
	CHECK_INT(err.code, 0);
	CHECK_STR(err.msg, "");
	CHECK_STR(err.attr, "");
	td_free(&b);
	td_free(&req);
}

/* Attribute types a later kernel could add, of all shapes */
static void unknown_attributes_skipped(void)
{
	struct td_bytes m = get_reply_msg();
	static const uint64_t u64 = 0x1122334455667788ULL;
	static const char five[5] = "abcd";
	unsigned char nest[12] = { 12, 0, 1, 0, 1, 2, 3, 4, 5, 6, 7, 8 };
	struct zswapnl_global g;
	size_t off;

	/* before the first one, in the middle, after the last */
	td_insert_attr(&m, TD_ATTRS_OFFSET, ZSWAP_A_GLOBAL_MAX + 1, &u64, sizeof(u64));
	off = td_attr_offset(&m, ZSWAP_A_GLOBAL_COMPRESSOR);
	CHECK(off);
	td_insert_attr(&m, off, 0x7ff, five, sizeof(five));
	td_insert_attr(&m, td_attrs_end(&m), (ZSWAP_A_GLOBAL_MAX + 7) | NLA_F_NESTED, nest,
		       sizeof(nest));
	td_insert_attr(&m, td_attrs_end(&m), 200, NULL, 0);

	CHECK_INT(znl_decode_global(m.data, m.len, &g, NULL), 0);
	check_recorded_get(&g);
	td_free(&m);
}

/*
 * Type 0, which the spec leaves unused (v1's pad, type 1 there, is gone:
 * type 1 is stored-pages now), of a pad's four bytes and of eight: skipped
 * as any type the library does not know
 */
static void type_zero_skipped(void)
{
	struct td_bytes m = get_reply_msg();
	struct zswapnl_global g;
	uint64_t zero = 0;

	td_insert_attr(&m, td_attr_offset(&m, ZSWAP_A_GLOBAL_POOL_TOTAL_SIZE), 0, &zero, 4);
	td_insert_attr(&m, TD_ATTRS_OFFSET, 0, &zero, sizeof(zero));
	td_insert_attr(&m, td_attrs_end(&m), 0, &zero, sizeof(zero));
	CHECK_INT(znl_decode_global(m.data, m.len, &g, NULL), 0);
	check_recorded_get(&g);
	td_free(&m);
}

/*
 * A uint is four bytes or eight (nla_put_uint()): the recorded counters
 * replaced by eight-byte ones, values past 32 bits and one that fits, and
 * by four-byte ones, each a value of its own. The eight bytes are at a
 * four-byte boundary, as the kernel puts them without a pad.
 */
static void uint_sizes(void)
{
	static const struct {
		uint16_t type;
		uint64_t value;
		uint16_t len;
	} put[] = {
		{ ZSWAP_A_GLOBAL_STORED_PAGES, 0x123456789ULL, 8 },
		{ ZSWAP_A_GLOBAL_POOL_TOTAL_SIZE, 0xfedcba9876543210ULL, 8 },
		{ ZSWAP_A_GLOBAL_POOL_LIMIT_BYTES, 5000000000ULL, 8 },
		{ ZSWAP_A_GLOBAL_ZERO_PAGES, 4242, 8 },
		{ ZSWAP_A_GLOBAL_DUPLICATE_ENTRY, 0xffffffffULL, 4 },
		{ ZSWAP_A_GLOBAL_REJECT_COMPRESS_FAIL, 0x200000001ULL, 8 },
		{ ZSWAP_A_GLOBAL_DECOMPRESS_FAIL, 77, 4 },
	};
	struct td_bytes m = get_reply_msg();
	struct zswapnl_global g;
	uint32_t u32;
	size_t i;

	for (i = 0; i < ZNL_ARRAY_SIZE(put); i++) {
		u32 = put[i].value;
		if (!CHECK_INT(td_replace_attr(&m, put[i].type,
					       put[i].len == 4 ? (const void *)&u32 :
								 (const void *)&put[i].value,
					       put[i].len),
			       0))
			tap_diag("attribute %u", put[i].type);
	}
	/* one of them at a four-byte boundary that is not an eight-byte one (UBSan) */
	CHECK_INT((td_attr_offset(&m, ZSWAP_A_GLOBAL_POOL_TOTAL_SIZE) + NLA_HDRLEN) % 8, 4);
	CHECK_INT(znl_decode_global(m.data, m.len, &g, NULL), 0);
	CHECK_U64(g.known, GET_FIELDS);
	CHECK_U64(g.stored_pages, 0x123456789ULL);
	CHECK_U64(g.pool_total_size, 0xfedcba9876543210ULL);
	CHECK_U64(g.pool_limit_bytes, 5000000000ULL);
	CHECK_U64(g.zero_pages, 4242);
	CHECK_U64(g.duplicate_entry, 0xffffffffULL);
	CHECK_U64(g.reject_compress_fail, 0x200000001ULL);
	CHECK_U64(g.decompress_fail, 77);
	/* the others as recorded */
	CHECK_U64(g.pool_limit_hit, 11);
	CHECK_U64(g.written_back_pages, 29);
	CHECK_U64(g.max_pool_percent, 20);
	td_free(&m);
}

/*
 * enabled is a u32 (a u8 in v1: malformed now, zswapnl-decode-malformed.c):
 * 0 is off; any other value on, all four bytes read (the kernel sends 0 or
 * 1, but a read of one byte would take 0x100 for off)
 */
static void enabled_u32(void)
{
	static const uint32_t values[] = { 0, 1, 0x100, 0x80000000 };
	struct td_bytes m = get_reply_msg();
	struct zswapnl_global g;
	size_t i;

	for (i = 0; i < ZNL_ARRAY_SIZE(values); i++) {
		CHECK_INT(td_replace_attr(&m, ZSWAP_A_GLOBAL_ENABLED, &values[i], sizeof(values[i])),
			  0);
		CHECK_INT(znl_decode_global(m.data, m.len, &g, NULL), 0);
		if (!CHECK(g.enabled == !!values[i]))
			tap_diag("enabled %#x", values[i]);
		CHECK_U64(g.known, GET_FIELDS);
		CHECK_U64(g.max_pool_percent, 20);
	}
	td_free(&m);
}

/* The same attribute twice: the last one counts, as nla_parse() has it */
static void last_duplicate_wins(void)
{
	struct td_bytes m = get_reply_msg();
	struct zswapnl_global g;
	uint32_t one = 1;

	td_insert_attr(&m, td_attrs_end(&m), ZSWAP_A_GLOBAL_STORED_PAGES, &one, sizeof(one));
	td_insert_attr(&m, td_attrs_end(&m), ZSWAP_A_GLOBAL_COMPRESSOR, "zstd", 5);
	CHECK_INT(znl_decode_global(m.data, m.len, &g, NULL), 0);
	CHECK_U64(g.stored_pages, 1);
	CHECK_STR(g.compressor, "zstd");
	td_free(&m);
}

/* An attribute left out is unknown, not 0 */
static void missing_attribute_unknown(void)
{
	struct td_bytes m = get_reply_msg();
	struct zswapnl_global g;

	CHECK_INT(td_remove_attr(&m, ZSWAP_A_GLOBAL_ZERO_PAGES), 0);
	CHECK_INT(td_remove_attr(&m, ZSWAP_A_GLOBAL_ZPOOL), 0);
	CHECK_INT(znl_decode_global(m.data, m.len, &g, NULL), 0);
	CHECK(!(g.known & ZNL_BIT(ZSWAPNL_G_ZERO_PAGES)));
	CHECK(!(g.known & ZNL_BIT(ZSWAPNL_G_ZPOOL)));
	CHECK_U64(g.zero_pages, 0);
	CHECK_STR(g.zpool, "");
	CHECK_U64(g.known, GET_FIELDS & ~(ZNL_BIT(ZSWAPNL_G_ZERO_PAGES) | ZNL_BIT(ZSWAPNL_G_ZPOOL)));
	CHECK_U64(g.stored_pages, 9443);
	td_free(&m);
}

static void event_params_changed(void)
{
	struct td_bytes b = td_hex(EV_PARAMS);
	const struct nlmsghdr *nlh = td_msg(&b, 0);
	struct zswapnl_event ev;

	CHECK_INT(td_msg_count(&b), 1);
	CHECK_INT(nlh->nlmsg_seq, 0);
	CHECK_INT(znl_decode_event(nlh, nlh->nlmsg_len, &ev, NULL), 0);
	CHECK_INT(ev.type, ZSWAPNL_EVENT_PARAMS_CHANGED);
	CHECK_U64(ev.state.known, GET_FIELDS);
	CHECK_U64(ev.state.max_pool_percent, 25);
	/* totalram_pages 493800 * 25 / 100 * 4096 */
	CHECK_U64(ev.state.pool_limit_bytes, 505651200);
	CHECK_STR(ev.state.compressor, "lzo");
	CHECK_STR(ev.state.zpool, "zbud");
	CHECK_U64(ev.state.accept_threshold_percent, 90);
	CHECK_U64(ev.state.stored_pages, 9447);
	CHECK_U64(ev.state.zero_pages, 3098);
	CHECK_U64(ev.state.pool_total_size, 13017088);
	CHECK_U64(ev.state.pool_limit_hit, 12);
	CHECK_U64(ev.state.reject_reclaim_fail, 14);
	CHECK_U64(ev.state.reject_alloc_fail, 18);
	CHECK_U64(ev.state.reject_kmemcache_fail, 21);
	CHECK_U64(ev.state.reject_compress_poor, 24);
	CHECK_U64(ev.state.written_back_pages, 30);
	CHECK_U64(ev.state.duplicate_entry, 32);
	CHECK_U64(ev.state.reject_compress_fail, 10418);
	CHECK_U64(ev.state.decompress_fail, 0);
	CHECK(ev.state.enabled);
	td_free(&b);
}

static void event_pool_switched(void)
{
	struct td_bytes b = td_hex(EV_POOL);
	const struct nlmsghdr *nlh = td_msg(&b, 0);
	struct zswapnl_event ev;

	CHECK_INT(znl_decode_event(nlh, nlh->nlmsg_len, &ev, NULL), 0);
	CHECK_INT(ev.type, ZSWAPNL_EVENT_POOL_SWITCHED);
	CHECK_U64(ev.state.known, GET_FIELDS);
	CHECK_STR(ev.state.compressor, "lz4");
	CHECK_STR(ev.state.zpool, "zbud");
	CHECK_U64(ev.state.max_pool_percent, 20);
	CHECK_U64(ev.state.accept_threshold_percent, 90);
	CHECK_U64(ev.state.pool_limit_bytes, 404520960);
	CHECK_U64(ev.state.stored_pages, 9449);
	CHECK_U64(ev.state.zero_pages, 3099);
	CHECK_U64(ev.state.pool_total_size, 13021184);
	CHECK_U64(ev.state.pool_limit_hit, 33);
	CHECK_U64(ev.state.reject_reclaim_fail, 35);
	CHECK_U64(ev.state.reject_alloc_fail, 37);
	CHECK_U64(ev.state.reject_kmemcache_fail, 39);
	CHECK_U64(ev.state.reject_compress_poor, 41);
	CHECK_U64(ev.state.written_back_pages, 43);
	CHECK_U64(ev.state.duplicate_entry, 45);
	CHECK_U64(ev.state.reject_compress_fail, 10418);
	CHECK_U64(ev.state.decompress_fail, 0);
	CHECK(ev.state.enabled);
	td_free(&b);
}

/* An event is not a get reply, and the other way round */
static void wrong_command(void)
{
	struct td_bytes get = get_reply_msg(), evb = td_hex(EV_PARAMS);
	const struct nlmsghdr *ev = td_msg(&evb, 0);
	struct zswapnl_event e;
	struct zswapnl_global g;
	struct zswapnl_memcg m;

	CHECK_INT(znl_decode_event(get.data, get.len, &e, NULL), -EBADMSG);
	CHECK_INT(e.type, 0);
	CHECK_U64(e.state.known, 0);
	CHECK_INT(znl_decode_global(ev, ev->nlmsg_len, &g, NULL), -EBADMSG);
	CHECK_U64(g.known, 0);
	CHECK_INT(znl_decode_memcg(get.data, get.len, &m, NULL), -EBADMSG);
	CHECK(!m.path);
	td_free(&get);
	td_free(&evb);
}

static void event_without_type(void)
{
	struct td_bytes b = td_hex(EV_PARAMS);
	struct td_bytes m = td_msg_copy(td_msg(&b, 0));
	struct zswapnl_error err;
	struct zswapnl_event ev;

	CHECK_INT(td_remove_attr(&m, ZSWAP_A_GLOBAL_EVENT_TYPE), 0);
	CHECK_INT(znl_decode_event(m.data, m.len, &ev, &err), -EBADMSG);
	CHECK_INT(err.code, -EBADMSG);
	CHECK_STR(err.attr, "event-type");
	CHECK_U64(ev.state.known, 0);
	td_free(&m);
	td_free(&b);
}

TAP_CASES(
	{ "recorded get reply decodes to its values", get_reply },
	{ "recorded get reply is followed by an ACK with status 0", get_reply_then_ack },
	{ "unknown attribute types injected in a get reply are skipped", unknown_attributes_skipped },
	{ "attributes of type 0 (v1 had a pad, v2 none) are skipped", type_zero_skipped },
	{ "uint counters of four and eight bytes decode to their values", uint_sizes },
	{ "enabled is a u32: 0 off, any other value on", enabled_u32 },
	{ "a repeated attribute: the last one counts", last_duplicate_wins },
	{ "an attribute left out of a get reply is unknown", missing_attribute_unknown },
	{ "recorded params-changed event decodes", event_params_changed },
	{ "recorded pool-switched event decodes", event_pool_switched },
	{ "a message of another command is refused", wrong_command },
	{ "an event without its type is refused", event_without_type },
)
