// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Malformed messages are refused with -EBADMSG, never read past their
 * buffer, never leak. Recorded: the replies of the patched 6.1 kernel in
 * the family's ABI v2 (see zswapnl-decode-global.c and
 * zswapnl-decode-memcg.c for how they were recorded):
 *
 *   tests/unit/data/get.reply.hex, memcg-get-work.reply.hex,
 *   event-params-changed.reply.hex, event-pool-switched.reply.hex,
 *   err-unknown-compressor.reply.hex (with err-unknown-compressor.req.hex,
 *   the request it answers)
 *
 * Made by hand from copies of them: cut at every length, with lying
 * lengths, payloads of the wrong size for their type (a uint of other
 * than four or eight bytes, a u32 of other than four: v1's u8 flags and
 * u64 counters of four bytes among them), strings without their NUL, and
 * a few thousand seeded corruptions. Every message is given in a buffer of
 * its exact size, so that valgrind ("make unit-tests-valgrind") catches a
 * read past it.
 */

#include <errno.h>
#include <linux/netlink.h>
#include <linux/zswap.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"
#include "nlmsg.h"
#include "tap.h"

static struct td_bytes first_msg(const char *file)
{
	struct td_bytes b = td_hex(file), m;

	m = td_msg_copy(td_msg(&b, 0));
	td_free(&b);
	return m;
}

enum kind { GLOBAL, MEMCG, EVENT };

/* Decode @len bytes of @data, copied to a buffer of exactly that size */
static int decode(enum kind kind, const void *data, size_t len, struct zswapnl_error *err,
		  uint64_t *known)
{
	unsigned char *buf = td_dup(data, len);
	struct zswapnl_global g;
	struct zswapnl_memcg m;
	struct zswapnl_event e;
	int ret;

	switch (kind) {
	case GLOBAL:
		ret = znl_decode_global(buf, len, &g, err);
		*known = g.known;
		break;
	case MEMCG:
		ret = znl_decode_memcg(buf, len, &m, err);
		*known = m.known;
		zswapnl_memcg_free(&m);
		break;
	default:
		ret = znl_decode_event(buf, len, &e, err);
		*known = e.state.known;
		break;
	}
	free(buf);
	return ret;
}

/* Every buffer shorter than the message it holds is refused */
static void cut_buffer(enum kind kind, const char *file)
{
	struct td_bytes m = first_msg(file);
	struct zswapnl_error err;
	uint64_t known;
	size_t len;

	for (len = 0; len < m.len; len++) {
		if (!CHECK_INT(decode(kind, m.data, len, &err, &known), -EBADMSG) ||
		    !CHECK_U64(known, 0)) {
			tap_diag("buffer of %zu of %zu bytes", len, m.len);
			break;
		}
	}
	td_free(&m);
}

/* Is @len the end of an attribute of @m, with or without (part of) its padding? */
static bool attr_end(const struct td_bytes *m, size_t len)
{
	size_t off = TD_ATTRS_OFFSET;
	uint16_t alen;

	while (off + NLA_HDRLEN <= m->len) {
		memcpy(&alen, m->data + off, sizeof(alen));
		if (len >= off + alen && len <= off + NLA_ALIGN(alen))
			return true;
		off += NLA_ALIGN(alen);
	}
	return false;
}

/*
 * A message whose nlmsg_len cuts it anywhere: inside an attribute it is
 * refused; at the end of one it is a shorter valid message, as long as it
 * still has what the kind needs (an event its type, a memcg its id: both
 * are the first attribute).
 */
static void cut_message(enum kind kind, const char *file)
{
	struct td_bytes m = first_msg(file), c;
	struct zswapnl_error err;
	uint64_t known;
	bool valid;
	size_t len;
	int ret;

	for (len = 0; len < m.len; len++) {
		c.data = td_dup(m.data, len);
		c.len = len;
		if (len >= 4)
			td_set_msg_len(&c, len);
		znl_err_clear(&err);
		ret = decode(kind, c.data, c.len, &err, &known);
		if (len < TD_ATTRS_OFFSET)
			valid = false;
		else if (len == TD_ATTRS_OFFSET)
			valid = kind == GLOBAL;
		else
			valid = attr_end(&m, len);
		if (valid) {
			if (!CHECK_INT(ret, 0))
				tap_diag("message cut at %zu of %zu bytes", len, m.len);
		} else if (!CHECK_INT(ret, -EBADMSG) || !CHECK_U64(known, 0) ||
			   !CHECK_INT(err.code, -EBADMSG)) {
			tap_diag("message cut at %zu of %zu bytes", len, m.len);
		}
		td_free(&c);
	}
	td_free(&m);
}

static void cut_global(void)
{
	cut_buffer(GLOBAL, "tests/unit/data/get.reply.hex");
	cut_message(GLOBAL, "tests/unit/data/get.reply.hex");
}

static void cut_memcg(void)
{
	cut_buffer(MEMCG, "tests/unit/data/memcg-get-work.reply.hex");
	cut_message(MEMCG, "tests/unit/data/memcg-get-work.reply.hex");
}

static void cut_event(void)
{
	cut_buffer(EVENT, "tests/unit/data/event-params-changed.reply.hex");
	cut_message(EVENT, "tests/unit/data/event-params-changed.reply.hex");
}

/* Replace the payload of attribute @type and expect -EBADMSG naming @name */
static void expect_refused(enum kind kind, const char *file, uint16_t type, const void *data,
			   uint16_t len, const char *name)
{
	struct td_bytes m = first_msg(file);
	struct zswapnl_error err;
	uint64_t known;

	CHECK_INT(td_replace_attr(&m, type, data, len), 0);
	if (!CHECK_INT(decode(kind, m.data, m.len, &err, &known), -EBADMSG))
		tap_diag("%s with %u bytes", name, len);
	CHECK_U64(known, 0);
	CHECK_INT(err.code, -EBADMSG);
	CHECK_STR(err.attr, name);
	CHECK(strlen(err.msg) > 0);
	td_free(&m);
}

static void wrong_sizes(void)
{
	static const unsigned char bytes[16] = { 1, 2, 3, 4, 5, 6, 7, 8, 9 };
	const char *get = "tests/unit/data/get.reply.hex";
	const char *memcg = "tests/unit/data/memcg-get-work.reply.hex";
	uint16_t len;

	for (len = 0; len <= 16; len++) {
		/* uint: four bytes or eight, nothing else */
		if (len != 4 && len != 8) {
			expect_refused(GLOBAL, get, ZSWAP_A_GLOBAL_STORED_PAGES, bytes, len,
				       "stored-pages");
			expect_refused(GLOBAL, get, ZSWAP_A_GLOBAL_POOL_LIMIT_BYTES, bytes, len,
				       "pool-limit-bytes");
			expect_refused(GLOBAL, get, ZSWAP_A_GLOBAL_DUPLICATE_ENTRY, bytes, len,
				       "duplicate-entry");
			expect_refused(EVENT, "tests/unit/data/event-params-changed.reply.hex",
				       ZSWAP_A_GLOBAL_ZERO_PAGES, bytes, len, "zero-pages");
			expect_refused(MEMCG, memcg, ZSWAP_A_MEMCG_ID, bytes, len, "id");
			expect_refused(MEMCG, memcg, ZSWAP_A_MEMCG_ZSWAP_MAX, bytes, len,
				       "zswap-max");
			expect_refused(MEMCG, memcg, ZSWAP_A_MEMCG_REJECT_ALLOC_FAIL, bytes, len,
				       "reject-alloc-fail");
		}
		/* u32: the flags too, which were u8 in v1 */
		if (len != 4) {
			expect_refused(GLOBAL, get, ZSWAP_A_GLOBAL_MAX_POOL_PERCENT, bytes, len,
				       "max-pool-percent");
			expect_refused(GLOBAL, get, ZSWAP_A_GLOBAL_ENABLED, bytes, len, "enabled");
			expect_refused(MEMCG, memcg, ZSWAP_A_MEMCG_WRITEBACK, bytes, len,
				       "writeback");
			expect_refused(MEMCG, memcg, ZSWAP_A_MEMCG_WRITEBACK_EFFECTIVE, bytes, len,
				       "writeback-effective");
			expect_refused(EVENT, "tests/unit/data/event-params-changed.reply.hex",
				       ZSWAP_A_GLOBAL_EVENT_TYPE, bytes, len, "event-type");
		}
	}
}

static void strings_without_nul(void)
{
	static const char long_name[70] = "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa";
	const char *get = "tests/unit/data/get.reply.hex";
	const char *memcg = "tests/unit/data/memcg-get-work.reply.hex";
	struct td_bytes m;
	uint64_t known;

	expect_refused(GLOBAL, get, ZSWAP_A_GLOBAL_COMPRESSOR, "lzo", 3, "compressor");
	expect_refused(GLOBAL, get, ZSWAP_A_GLOBAL_COMPRESSOR, "", 0, "compressor");
	expect_refused(GLOBAL, get, ZSWAP_A_GLOBAL_ZPOOL, "zbudzbud", 8, "zpool");
	expect_refused(MEMCG, memcg, ZSWAP_A_MEMCG_PATH, "/work", 5, "path");
	/* longer than the struct holds: 64 bytes, where 63 is the most */
	expect_refused(GLOBAL, get, ZSWAP_A_GLOBAL_COMPRESSOR, long_name, 65, "compressor");
	expect_refused(GLOBAL, get, ZSWAP_A_GLOBAL_ZPOOL, long_name, 33, "zpool");
	/* 63 and 31 fit */
	m = first_msg(get);
	td_replace_attr(&m, ZSWAP_A_GLOBAL_COMPRESSOR, long_name + 1, 64);
	td_replace_attr(&m, ZSWAP_A_GLOBAL_ZPOOL, long_name + 33, 32);
	CHECK_INT(decode(GLOBAL, m.data, m.len, NULL, &known), 0);
	td_free(&m);
	/*
	 * A NUL before the end of the payload: the kernel never sends one
	 * (nla_put_string() ends at the NUL); mnl_attr_validate() and the
	 * kernel's YNL refuse it as a string that is not NUL-terminated.
	 */
	expect_refused(GLOBAL, get, ZSWAP_A_GLOBAL_COMPRESSOR, "lz4\0junk", 8, "compressor");
}

/* The offset of the last attribute of @m */
static size_t last_attr_offset(const struct td_bytes *m)
{
	size_t off = TD_ATTRS_OFFSET, last = 0;
	uint16_t alen;

	while (off + NLA_HDRLEN <= m->len) {
		memcpy(&alen, m->data + off, sizeof(alen));
		last = off;
		off += NLA_ALIGN(alen);
	}
	return last;
}

/* Attribute headers that lie about their length */
static void lying_attribute_lengths(void)
{
	static const uint16_t lens[] = { 0, 1, 2, 3, 8, 9, 13, 200, 0xffff };
	struct td_bytes m;
	struct zswapnl_error err;
	uint64_t known;
	uint16_t len, true_len;
	size_t off, i;

	for (i = 0; i < ZNL_ARRAY_SIZE(lens); i++) {
		len = lens[i];
		/*
		 * The last attribute (zpool, "zbud" in 9 bytes): more runs past
		 * the end, less cuts the string before its NUL
		 */
		m = first_msg("tests/unit/data/get.reply.hex");
		off = last_attr_offset(&m);
		memcpy(&true_len, m.data + off, sizeof(true_len));
		memcpy(m.data + off, &len, sizeof(len));
		if (len != true_len &&
		    !CHECK_INT(decode(GLOBAL, m.data, m.len, &err, &known), -EBADMSG))
			tap_diag("last attribute's nla_len %u, not %u", len, true_len);
		td_free(&m);

		/* a u32 in the middle (accept-threshold-percent, 8), whose end moves */
		m = first_msg("tests/unit/data/get.reply.hex");
		off = td_attr_offset(&m, ZSWAP_A_GLOBAL_ACCEPT_THRESHOLD_PERCENT);
		memcpy(m.data + off, &len, sizeof(len));
		if (len != 8 && !CHECK_INT(decode(GLOBAL, m.data, m.len, &err, &known), -EBADMSG))
			tap_diag("accept-threshold-percent nla_len %u", len);
		td_free(&m);

		/* the path ("/work", 10), whose end then falls in another attribute */
		m = first_msg("tests/unit/data/memcg-get-work.reply.hex");
		off = td_attr_offset(&m, ZSWAP_A_MEMCG_PATH);
		memcpy(m.data + off, &len, sizeof(len));
		if (!CHECK_INT(decode(MEMCG, m.data, m.len, &err, &known), -EBADMSG))
			tap_diag("path nla_len %u", len);
		td_free(&m);
	}
	/* three stray bytes after the last attribute */
	m = first_msg("tests/unit/data/get.reply.hex");
	td_insert_raw(&m, m.len, "\x01\x02\x03", 3);
	CHECK_INT(decode(GLOBAL, m.data, m.len, &err, &known), -EBADMSG);
	td_free(&m);
}

/* nlmsg_len below the headers, or past the buffer */
static void lying_message_lengths(void)
{
	struct td_bytes m = first_msg("tests/unit/data/get.reply.hex");
	/* the buffer's length + 1: one byte past it */
	const uint32_t lens[] = { 0, 1, 15, 16, 19, (uint32_t)m.len + 1, 1000, 0xffffffff };
	struct zswapnl_error err;
	uint64_t known;
	uint32_t len;
	size_t i;

	for (i = 0; i < ZNL_ARRAY_SIZE(lens); i++) {
		memcpy(&len, &lens[i], sizeof(len));
		td_set_msg_len(&m, len);
		if (!CHECK_INT(decode(GLOBAL, m.data, m.len, &err, &known), -EBADMSG))
			tap_diag("nlmsg_len %u", len);
		if (!CHECK_INT(decode(MEMCG, m.data, m.len, &err, &known), -EBADMSG))
			tap_diag("nlmsg_len %u", len);
	}
	CHECK_INT(znl_decode_global(NULL, 0, &(struct zswapnl_global){ 0 }, NULL), -EBADMSG);
	td_free(&m);
}

/* Status messages: cut, lying, or with a broken extended ack */
static void malformed_status(void)
{
	struct td_bytes b = td_hex("tests/unit/data/err-unknown-compressor.reply.hex");
	struct td_bytes req = td_hex("tests/unit/data/err-unknown-compressor.req.hex");
	struct td_bytes m = td_msg_copy(td_msg(&b, 0)), c;
	struct zswapnl_error err;
	unsigned char *buf;
	size_t len, off;
	int ret, error;

	/* the whole one parses */
	CHECK_INT(znl_parse_status(m.data, m.len, req.data, req.len, &err), -ENOENT);
	for (len = 0; len < m.len; len++) {
		/* a short buffer */
		buf = td_dup(m.data, len);
		ret = znl_parse_status(buf, len, req.data, req.len, &err);
		free(buf);
		if (!CHECK_INT(ret, -EBADMSG))
			tap_diag("buffer of %zu bytes", len);
		/* a short message: the TLVs cut somewhere */
		if (len < 16)
			continue;
		c.data = td_dup(m.data, len);
		c.len = len;
		td_set_msg_len(&c, len);
		ret = znl_parse_status(c.data, c.len, req.data, req.len, &err);
		/*
		 * The header and struct nlmsgerr end at 36; the message TLV
		 * (23 bytes) at 59, 60 with its padding; the offset TLV at 68.
		 */
		if (len < 16 + 20) {
			CHECK_INT(ret, -EBADMSG);
		} else if (len == 36 || len == 59 || len == 60 || len == 68) {
			if (!CHECK_INT(ret, -ENOENT))
				tap_diag("message cut at %zu", len);
		} else if (!CHECK_INT(ret, -EBADMSG)) {
			tap_diag("message cut at %zu", len);
		}
		td_free(&c);
	}
	/* a positive error, an absurd one */
	for (error = 1; error != 0; error = error == 1 ? -5000 : 0) {
		c = td_msg_copy(td_msg(&b, 0));
		memcpy(c.data + 16, &error, sizeof(error));
		CHECK_INT(znl_parse_status(c.data, c.len, req.data, req.len, &err), -EBADMSG);
		td_free(&c);
	}
	/*
	 * The extended ack's attributes are held to the policy walk of every
	 * other message (attr.c), and to what YNL refuses: an offset of the
	 * wrong size, a message without its NUL (not read, not overread)
	 */
	c = td_msg_copy(td_msg(&b, 0));
	off = 16 + 20 + NLA_ALIGN(23);
	c.data[off] = 6; /* nla_len 6: a 2-byte offset */
	CHECK_INT(znl_parse_status(c.data, c.len, req.data, req.len, &err), -EBADMSG);
	CHECK_STR(err.msg, "malformed status message: extended ack: offs has 2 bytes, not the size of its type");
	CHECK_STR(err.attr, "offs");
	td_free(&c);
	c = td_msg_copy(td_msg(&b, 0));
	off = 16 + 20 + 4 + 18;
	c.data[off] = 'X';
	CHECK_INT(znl_parse_status(c.data, c.len, req.data, req.len, &err), -EBADMSG);
	CHECK_STR(err.msg, "malformed status message: extended ack: msg is not a NUL-terminated string");
	CHECK_STR(err.attr, "msg");
	td_free(&c);

	td_free(&m);
	td_free(&b);
	td_free(&req);
}

static uint64_t rng = 0x9e3779b97f4a7c15ULL;

static uint64_t next_rand(void)
{
	rng ^= rng >> 12;
	rng ^= rng << 25;
	rng ^= rng >> 27;
	return rng * 0x2545f4914f6cdd1dULL;
}

/*
 * Seeded corruption: 1 to 4 random bytes of a recorded message changed,
 * 3000 times per message. Whatever comes out is a clean 0 or -EBADMSG.
 */
static void corrupted(void)
{
	static const struct {
		const char *file;
		enum kind kind;
	} msgs[] = {
		{ "tests/unit/data/get.reply.hex", GLOBAL },
		{ "tests/unit/data/memcg-get-work.reply.hex", MEMCG },
		{ "tests/unit/data/event-pool-switched.reply.hex", EVENT },
	};
	struct td_bytes req = td_hex("tests/unit/data/err-unknown-compressor.req.hex");
	struct td_bytes errb = td_hex("tests/unit/data/err-unknown-compressor.reply.hex");
	struct zswapnl_error err;
	unsigned int i, n, k;
	struct td_bytes m;
	uint64_t known;
	int ret;

	for (i = 0; i < ZNL_ARRAY_SIZE(msgs); i++) {
		for (n = 0; n < 3000; n++) {
			m = first_msg(msgs[i].file);
			for (k = 0; k <= next_rand() % 4; k++)
				m.data[next_rand() % m.len] = next_rand();
			memset(&err, 0x55, sizeof(err));
			ret = decode(msgs[i].kind, m.data, m.len, &err, &known);
			if (!CHECK(ret == 0 || ret == -EBADMSG) ||
			    !CHECK(!ret || strnlen(err.msg, sizeof(err.msg)) < sizeof(err.msg)) ||
			    !CHECK(!ret || known == 0)) {
				tap_diag("%s, corruption %u", msgs[i].file, n);
				td_free(&m);
				break;
			}
			td_free(&m);
		}
	}
	for (n = 0; n < 3000; n++) {
		m = td_msg_copy(td_msg(&errb, 0));
		for (k = 0; k <= next_rand() % 4; k++)
			m.data[next_rand() % m.len] = next_rand();
		ret = znl_parse_status(m.data, m.len, req.data, req.len, &err);
		if (!CHECK(ret <= 0 && ret >= -4095) ||
		    !CHECK(strnlen(err.msg, sizeof(err.msg)) < sizeof(err.msg)) ||
		    !CHECK(strnlen(err.attr, sizeof(err.attr)) < sizeof(err.attr))) {
			tap_diag("status corruption %u", n);
			td_free(&m);
			break;
		}
		td_free(&m);
	}
	td_free(&req);
	td_free(&errb);
}

TAP_CASES(
	{ "get reply cut at every length is refused, or shorter and valid at attribute ends", cut_global },
	{ "memcg-get reply cut at every length is refused, or shorter and valid", cut_memcg },
	{ "event cut at every length is refused, or shorter and valid", cut_event },
	{ "uint and u32 attributes of the wrong size are refused, naming the attribute", wrong_sizes },
	{ "strings without their NUL, or too long for the struct, are refused", strings_without_nul },
	{ "attribute lengths that lie are refused", lying_attribute_lengths },
	{ "message lengths that lie are refused", lying_message_lengths },
	{ "status messages cut or broken are refused", malformed_status },
	{ "thousands of seeded corruptions: 0 or -EBADMSG, never a crash", corrupted },
)
