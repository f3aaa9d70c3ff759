// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * The kernel's extended acks, recorded on the patched 6.1 kernel (the
 * family's ABI v2) by tests/unit/record/record (nl-record, socket with
 * NETLINK_EXT_ACK and NETLINK_CAP_ACK as the library sets them): each
 * NAME.req.hex is the request as sent, NAME.reply.hex the NLMSG_ERROR the
 * kernel answered (for a dump, the NLMSG_DONE that ends it). The offset in
 * the ack is mapped to the attribute of the request it falls into, named
 * as the spec names it.
 *
 *   err-unknown-compressor    set compressor "nope"
 *   err-max-pool-percent      set max-pool-percent 101 (the policy refuses it)
 *   err-no-cgroup             memcg-get id 999999
 *   err-nomem-cgroup          memcg-get of /flat/nomem, without the memory controller
 *   err-missing-id            memcg-get without its id
 *   err-dump-with-id          the memcg-get dump with the id of /work: a dump
 *                             takes none, and its NLMSG_DONE says so
 *   err-not-admin             set compressor lz4 by user nobody (no CAP_NET_ADMIN)
 *
 * Made by hand from the recorded err-unknown-compressor: other offsets,
 * the request echoed (no NETLINK_CAP_ACK), a message longer than the
 * library keeps.
 */

#include <errno.h>
#include <linux/netlink.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"
#include "nlmsg.h"
#include "tap.h"

struct recorded {
	struct td_bytes req, reply;
	const struct nlmsghdr *err;
};

/* The recorded status @name, of type @type */
static struct recorded load_status(const char *name, uint16_t type)
{
	struct recorded r;
	char path[256];

	snprintf(path, sizeof(path), "tests/unit/data/%s.req.hex", name);
	r.req = td_hex(path);
	snprintf(path, sizeof(path), "tests/unit/data/%s.reply.hex", name);
	r.reply = td_hex(path);
	r.err = td_msg(&r.reply, 0);
	CHECK_INT(td_msg_count(&r.reply), 1);
	CHECK_INT(r.err->nlmsg_type, type);
	return r;
}

static struct recorded load(const char *name)
{
	return load_status(name, NLMSG_ERROR);
}

static void unload(struct recorded *r)
{
	td_free(&r->req);
	td_free(&r->reply);
}

static void expect_status(const char *name, uint16_t type, int code, const char *msg,
			  const char *attr)
{
	struct recorded r = load_status(name, type);
	struct zswapnl_error err;

	memset(&err, 0x55, sizeof(err));
	CHECK_INT(znl_parse_status(r.err, r.err->nlmsg_len, r.req.data, r.req.len, &err), code);
	CHECK_INT(err.code, code);
	CHECK_STR(err.msg, msg);
	CHECK_STR(err.attr, attr);
	unload(&r);
}

static void expect(const char *name, int code, const char *msg, const char *attr)
{
	expect_status(name, NLMSG_ERROR, code, msg, attr);
}

static void unknown_compressor(void)
{
	expect("err-unknown-compressor", -ENOENT, "unknown compressor", "compressor");
}

static void policy_range(void)
{
	expect("err-max-pool-percent", -ERANGE, "integer out of range", "max-pool-percent");
}

static void no_cgroup(void)
{
	expect("err-no-cgroup", -ENOENT, "no cgroup with this id", "id");
}

static void nomem_cgroup(void)
{
	expect("err-nomem-cgroup", -ENOENT, "the memory controller is not enabled for this cgroup",
	       "id");
}

/* NLMSGERR_ATTR_MISS_TYPE: the kernel names the type, the library the message */
static void missing_id(void)
{
	expect("err-missing-id", -EINVAL, "missing attribute", "id");
}

/*
 * A dump's error is in its NLMSG_DONE, whose extended ack has the message
 * and no offset (netlink_dump_done()): no attribute is named
 */
static void dump_with_id(void)
{
	expect_status("err-dump-with-id", NLMSG_DONE, -EINVAL,
		      "a dump takes no id: one memcg is a do", "");
}

/* A refusal without extended ack: nothing more than the error */
static void not_admin(void)
{
	expect("err-not-admin", -EPERM, "", "");
}

/* Without the request, the message still comes, the attribute cannot */
static void no_request(void)
{
	struct recorded r = load("err-unknown-compressor");
	struct zswapnl_error err;

	CHECK_INT(znl_parse_status(r.err, r.err->nlmsg_len, NULL, 0, &err), -ENOENT);
	CHECK_STR(err.msg, "unknown compressor");
	CHECK_STR(err.attr, "");
	CHECK_INT(znl_parse_status(r.err, r.err->nlmsg_len, NULL, 0, NULL), -ENOENT);
	unload(&r);
}

/* An offset that falls in no attribute (the header here) names none */
static void offset_outside_attributes(void)
{
	struct recorded r = load("err-unknown-compressor");
	struct td_bytes m = td_msg_copy(r.err);
	struct zswapnl_error err;
	uint32_t off;

	/* the offset TLV is the last 4 bytes */
	for (off = 0; off < 40; off++) {
		memcpy(m.data + m.len - 4, &off, sizeof(off));
		CHECK_INT(znl_parse_status(m.data, m.len, r.req.data, r.req.len, &err), -ENOENT);
		CHECK_STR(err.msg, "unknown compressor");
		/* the compressor attribute is bytes 20 to 28 of the request (nla_len 9) */
		if (!CHECK_STR(err.attr, off >= 20 && off < 29 ? "compressor" : ""))
			tap_diag("offset %u", off);
	}
	td_free(&m);
	unload(&r);
}

/*
 * Without NETLINK_CAP_ACK the kernel echoes the request after struct
 * nlmsgerr, and the TLVs come after it: the recorded error, rebuilt so.
 */
static void uncapped_ack(void)
{
	struct recorded r = load("err-unknown-compressor");
	struct td_bytes m = td_msg_copy(r.err);
	size_t payload = r.req.len - NLMSG_HDRLEN;
	struct zswapnl_error err;
	uint16_t flags;

	td_insert_raw(&m, 16 + 20, r.req.data + NLMSG_HDRLEN, payload);
	memcpy(&flags, m.data + 6, sizeof(flags));
	flags &= ~NLM_F_CAPPED;
	memcpy(m.data + 6, &flags, sizeof(flags));
	CHECK_INT(znl_parse_status(m.data, m.len, r.req.data, r.req.len, &err), -ENOENT);
	CHECK_STR(err.msg, "unknown compressor");
	CHECK_STR(err.attr, "compressor");
	td_free(&m);
	unload(&r);
}

/* A long message is cut to fit, NUL-terminated */
static void long_message(void)
{
	struct recorded r = load("err-unknown-compressor");
	struct nlattr nla = { .nla_len = NLA_HDRLEN + 400, .nla_type = NLMSGERR_ATTR_MSG };
	struct zswapnl_error err;
	struct td_bytes m;

	/* the recorded header and struct nlmsgerr, then a message TLV of 399 x */
	m.len = 36 + NLA_ALIGN(nla.nla_len);
	m.data = calloc(1, m.len);
	memcpy(m.data, r.err, 36);
	memcpy(m.data + 36, &nla, sizeof(nla));
	memset(m.data + 36 + NLA_HDRLEN, 'x', 399);
	td_set_msg_len(&m, m.len);
	CHECK_INT(znl_parse_status(m.data, m.len, r.req.data, r.req.len, &err), -ENOENT);
	CHECK_INT(strlen(err.msg), sizeof(err.msg) - 1);
	CHECK(err.msg[0] == 'x');
	CHECK_STR(err.attr, "");
	td_free(&m);
	unload(&r);
}

/* The acknowledgments of success, and a dump's end */
static void acks(void)
{
	struct td_bytes b = td_hex("tests/unit/data/memcg-get-work.reply.hex");
	struct td_bytes d = td_hex("tests/unit/data/memcg-dump.reply.hex");
	const struct nlmsghdr *ack = td_msg(&b, 1), *done = td_msg(&d, td_msg_count(&d) - 1);
	struct zswapnl_error err;

	CHECK_INT(znl_parse_status(ack, ack->nlmsg_len, NULL, 0, &err), 0);
	CHECK_INT(err.code, 0);
	CHECK_STR(err.msg, "");
	CHECK_INT(done->nlmsg_type, NLMSG_DONE);
	CHECK_INT(znl_parse_status(done, done->nlmsg_len, NULL, 0, &err), 0);
	CHECK_INT(err.code, 0);
	/* a data message is no status */
	CHECK_INT(znl_parse_status(td_msg(&b, 0), td_msg(&b, 0)->nlmsg_len, NULL, 0, &err),
		  -EBADMSG);
	td_free(&b);
	td_free(&d);
}

TAP_CASES(
	{ "recorded unknown compressor: msg and attr compressor", unknown_compressor },
	{ "recorded policy refusal of max-pool-percent 101", policy_range },
	{ "recorded unknown cgroup id: msg and attr id", no_cgroup },
	{ "recorded cgroup without the memory controller", nomem_cgroup },
	{ "recorded missing id: NLMSGERR_ATTR_MISS_TYPE names it", missing_id },
	{ "recorded dump with an id: NLMSG_DONE with the error and its message", dump_with_id },
	{ "recorded EPERM of an unprivileged set: no extack", not_admin },
	{ "without the request: the message, no attribute", no_request },
	{ "offsets mapped to the attribute they fall into, or none", offset_outside_attributes },
	{ "an error with the request echoed (no NETLINK_CAP_ACK)", uncapped_ack },
	{ "a message longer than struct zswapnl_error holds is cut", long_message },
	{ "recorded ACK and NLMSG_DONE give 0", acks },
)
