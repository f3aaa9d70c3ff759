// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * libmnl's attribute walk, made strict about the end of the buffer.
 *
 * mnl_attr_parse_payload() stops at the first attribute that does not fit
 * what is left, and says nothing: a message cut inside an attribute would
 * pass as a shorter, valid one. What the kernel sends is trusted no further
 * than its own lengths allow, so znl_attr_parse() refuses those bytes.
 *
 * On that walk, znl_attr_parse_policy() checks each attribute a policy
 * names with mnl_attr_validate(), as the kernel's netlink policies and
 * YNL do: the zswap family's messages (decode.c) and the generic netlink
 * controller's reply (genl_ctrl.c) are held to the same rules.
 */

#include <errno.h>
#include <libmnl/libmnl.h>
#include <limits.h>
#include <linux/genetlink.h>
#include <string.h>

#include "internal.h"

struct walk {
	mnl_attr_cb_t cb;
	void *data;
	const char *end;	/* the end of the last attribute seen, padding included */
};

static int walk_cb(const struct nlattr *attr, void *data)
{
	struct walk *w = data;

	w->end = (const char *)attr + MNL_ALIGN(attr->nla_len);
	return w->cb(attr, w->data);
}

/*
 * Run @cb on each attribute of @payload, as mnl_attr_parse_payload() does.
 * Returns 0, or -EBADMSG when @cb returned MNL_CB_ERROR (it says why) or
 * when bytes are left that hold no whole attribute. The padding of the
 * last attribute may be missing.
 */
int znl_attr_parse(const void *payload, size_t len, mnl_attr_cb_t cb, void *data)
{
	struct walk w = { .cb = cb, .data = data, .end = payload };

	if (mnl_attr_parse_payload(payload, len, walk_cb, &w) < MNL_CB_STOP)
		return -EBADMSG;
	return w.end < (const char *)payload + len ? -EBADMSG : 0;
}

/* A policy's walk: the attributes by type, each checked against the policy */
struct policy_walk {
	const struct znl_policy *policy;
	const struct nlattr **tb;
	struct zswapnl_error *err;
	bool bad;		/* policy_cb() refused an attribute and said why */
};

static int policy_cb(const struct nlattr *attr, void *data)
{
	struct policy_walk *w = data;
	unsigned int type = mnl_attr_get_type(attr);
	struct znl_attr_policy pol, *p = &pol;

	/* An attribute of a later kernel */
	if (!znl_policy_find(w->policy, type, &pol))
		return MNL_CB_OK;
	if (p->type == ZNL_TYPE_UINT ?
		    mnl_attr_get_payload_len(attr) != sizeof(uint32_t) &&
			    mnl_attr_get_payload_len(attr) != sizeof(uint64_t) :
		    mnl_attr_validate(attr, p->type) < 0) {
		w->bad = true;
		if (p->type == MNL_TYPE_NUL_STRING)
			znl_err(w->err, -EBADMSG, p->name,
				"malformed message: %s is not a NUL-terminated string", p->name);
		else
			znl_err(w->err, -EBADMSG, p->name,
				"malformed message: %s has %u bytes, not the size of its type",
				p->name, mnl_attr_get_payload_len(attr));
		return MNL_CB_ERROR;
	}
	w->tb[type] = attr;
	return MNL_CB_OK;
}

/* The walk of both: a cut attribute is said to be @within, when given */
static int parse_policy(const void *payload, size_t len, const struct znl_policy *policy,
			const struct nlattr **tb, const char *within, struct zswapnl_error *err)
{
	struct policy_walk w = { .policy = policy, .tb = tb, .err = err };

	memset(tb, 0, (policy->max + 1) * sizeof(*tb));
	if (!znl_attr_parse(payload, len, policy_cb, &w))
		return 0;
	if (!w.bad)
		znl_err(err, -EBADMSG, within, "malformed message: truncated attribute%s%s",
			within ? " in " : "", within ? within : "");
	return -EBADMSG;
}

int znl_attr_parse_policy(const void *payload, size_t len, const struct znl_policy *policy,
			  const struct nlattr **tb, struct zswapnl_error *err)
{
	return parse_policy(payload, len, policy, tb, NULL, err);
}

int znl_attr_parse_nested(const struct nlattr *nest, const char *name,
			  const struct znl_policy *policy, const struct nlattr **tb,
			  struct zswapnl_error *err)
{
	if (mnl_attr_validate(nest, MNL_TYPE_NESTED) < 0)
		return znl_err(err, -EBADMSG, name,
			       "malformed message: %s has %u bytes, not a nest of attributes", name,
			       mnl_attr_get_payload_len(nest));
	return parse_policy(mnl_attr_get_payload(nest), mnl_attr_get_payload_len(nest), policy, tb,
			    name, err);
}

uint64_t znl_attr_get_uint(const struct nlattr *attr)
{
	uint64_t value;

	if (mnl_attr_get_payload_len(attr) == sizeof(uint32_t))
		return mnl_attr_get_u32(attr);
	/* Eight bytes at a four-byte boundary: no pad, as the kernel puts it */
	memcpy(&value, mnl_attr_get_payload(attr), sizeof(value));
	return value;
}

/* As the kernel's nla_put_uint(): four bytes when the value fits */
void znl_attr_put_uint(struct nlmsghdr *nlh, uint16_t type, uint64_t value)
{
	if (value <= UINT32_MAX)
		mnl_attr_put_u32(nlh, type, value);
	else
		mnl_attr_put_u64(nlh, type, value);
}

/*
 * Check that @msg holds one whole generic netlink message (bytes after
 * nlmsg_len are not looked at) and give its command and attributes.
 * mnl_nlmsg_ok() compares nlmsg_len as an int: 2^31 and more would pass.
 */
int znl_genl_msg(const void *msg, size_t len, uint8_t *cmd, const void **attrs,
		 size_t *attrs_len)
{
	const struct nlmsghdr *nlh = msg;
	const struct genlmsghdr *genl;

	if (!msg || len > INT_MAX || !mnl_nlmsg_ok(nlh, len) || nlh->nlmsg_len > len ||
	    mnl_nlmsg_get_payload_len(nlh) < GENL_HDRLEN)
		return -EBADMSG;
	genl = mnl_nlmsg_get_payload(nlh);
	*cmd = genl->cmd;
	*attrs = mnl_nlmsg_get_payload_offset(nlh, GENL_HDRLEN);
	*attrs_len = mnl_nlmsg_get_payload_len(nlh) - GENL_HDRLEN;
	return 0;
}
