// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Decoding the family's messages: a GET reply or an event into struct
 * zswapnl_global, a MEMCG_GET reply into struct zswapnl_memcg, a memcg
 * event into struct zswapnl_memcg_event. Pure
 * functions over a buffer, which the unit tests feed with recorded replies.
 *
 * Attribute types this library does not know are skipped: a later kernel
 * may add some. An attribute it knows must have its type in the spec
 * (u32: four bytes; uint: four or eight; strings: the payload ends with a
 * NUL, as for libmnl and the kernel's YNL), or the message is refused
 * with -EBADMSG and @err names the attribute: the policies of names.c,
 * checked by znl_attr_parse_policy() (attr.c).
 */

#include <errno.h>
#include <libmnl/libmnl.h>
#include <linux/netlink.h>
#include <linux/zswap.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"

static int copy_name(char *dst, size_t size, const struct nlattr *attr, const char *name,
		     struct zswapnl_error *err)
{
	const char *str = mnl_attr_get_str(attr);
	size_t len = strlen(str);

	if (len >= size)
		return znl_err(err, -EBADMSG, name,
			       "malformed message: %s is %zu bytes long, longer than %zu", name,
			       len, size - 1);
	memcpy(dst, str, len + 1);
	return 0;
}

/* The attributes of a GET reply or an event; *@event gets its event-type */
static int decode_global_attrs(const void *attrs, size_t len, struct zswapnl_global *g,
			       uint32_t *event, struct zswapnl_error *err)
{
	const struct nlattr *tb[ZSWAP_A_GLOBAL_MAX + 1];
	const struct znl_global_desc *d;
	uint64_t val;
	size_t i;
	int ret;

	memset(g, 0, sizeof(*g));
	g->struct_size = sizeof(*g);
	ret = znl_attr_parse_policy(attrs, len, &znl_policies[ZNL_SET_GLOBAL], tb, err);
	if (ret)
		return ret;

	/*
	 * The fields the family has, as the table of fields.c gives them; one
	 * it has no attribute for is not to be had from it, one it left out
	 * this kernel does not have
	 */
	for (i = 0; (d = znl_global_desc(i)); i++) {
		const struct nlattr *attr = d->attr ? tb[d->attr] : NULL;

		if (!attr) {
			znl_global_unknown(g, d->info.field, d->attr ? -ENOENT : -EOPNOTSUPP);
			continue;
		}
		switch (d->info.unit) {
		case ZSWAPNL_UNIT_NAME:
			ret = copy_name((char *)g + d->offset, d->size, attr, d->info.key, err);
			if (ret)
				return ret;
			g->known |= ZNL_BIT(d->info.field);
			continue;
		case ZSWAPNL_UNIT_BOOL:
		case ZSWAPNL_UNIT_PERCENT:
			val = mnl_attr_get_u32(attr);
			break;
		default:
			val = znl_attr_get_uint(attr);
			break;
		}
		znl_global_set_u64(g, d, val);
	}
	if (event && tb[ZSWAP_A_GLOBAL_EVENT_TYPE])
		*event = mnl_attr_get_u32(tb[ZSWAP_A_GLOBAL_EVENT_TYPE]);
	return 0;
}

int znl_decode_global(const void *msg, size_t len, struct zswapnl_global *global,
		      struct zswapnl_error *err)
{
	const void *attrs;
	size_t attrs_len;
	uint8_t cmd;
	int ret;

	memset(global, 0, sizeof(*global));
	global->struct_size = sizeof(*global);
	if (znl_genl_msg(msg, len, &cmd, &attrs, &attrs_len))
		return znl_err(err, -EBADMSG, NULL, "malformed message: truncated");
	if (cmd != ZSWAP_CMD_GET)
		return znl_err(err, -EBADMSG, NULL,
			       "malformed message: command %u, not a get reply", cmd);
	ret = decode_global_attrs(attrs, attrs_len, global, NULL, err);
	if (ret) {
		memset(global, 0, sizeof(*global));
		global->struct_size = sizeof(*global);
	}
	return ret;
}

int znl_decode_event(const void *msg, size_t len, struct zswapnl_event *event,
		     struct zswapnl_error *err)
{
	uint32_t type = 0;
	const void *attrs;
	size_t attrs_len;
	uint8_t cmd;
	int ret;

	memset(event, 0, sizeof(*event));
	event->struct_size = sizeof(*event);
	event->state.struct_size = sizeof(event->state);
	if (znl_genl_msg(msg, len, &cmd, &attrs, &attrs_len))
		return znl_err(err, -EBADMSG, NULL, "malformed message: truncated");
	if (cmd != ZSWAP_CMD_EVENT)
		return znl_err(err, -EBADMSG, NULL,
			       "malformed message: command %u, not an event", cmd);
	ret = decode_global_attrs(attrs, attrs_len, &event->state, &type, err);
	if (!ret && !type)
		ret = znl_err(err, -EBADMSG, "event-type",
			      "malformed message: an event without its type");
	if (ret) {
		memset(event, 0, sizeof(*event));
		event->struct_size = sizeof(*event);
		event->state.struct_size = sizeof(event->state);
		return ret;
	}
	event->type = type;
	return 0;
}

/* The figures of a memcg: uint counts, and the u32 flags as bools */
static const struct {
	uint16_t attr;
	uint16_t field;
	size_t offset;
	size_t size;
} memcg_figures[] = {
#define FIGURE(a, f, m) \
	{ a, f, offsetof(struct zswapnl_memcg, m), sizeof(((struct zswapnl_memcg *)0)->m) }
	FIGURE(ZSWAP_A_MEMCG_ID, ZSWAPNL_M_ID, id),
	FIGURE(ZSWAP_A_MEMCG_COMPRESSED_BYTES, ZSWAPNL_M_COMPRESSED_BYTES, compressed_bytes),
	FIGURE(ZSWAP_A_MEMCG_STORED_PAGES, ZSWAPNL_M_STORED_PAGES, stored_pages),
	FIGURE(ZSWAP_A_MEMCG_ZERO_PAGES, ZSWAPNL_M_ZERO_PAGES, zero_pages),
	FIGURE(ZSWAP_A_MEMCG_ZSWPIN, ZSWAPNL_M_ZSWPIN, zswpin),
	FIGURE(ZSWAP_A_MEMCG_ZSWPOUT, ZSWAPNL_M_ZSWPOUT, zswpout),
	FIGURE(ZSWAP_A_MEMCG_ZSWAP_MAX, ZSWAPNL_M_ZSWAP_MAX, zswap_max),
	FIGURE(ZSWAP_A_MEMCG_ZSWPWB, ZSWAPNL_M_ZSWPWB, zswpwb),
	FIGURE(ZSWAP_A_MEMCG_WRITEBACK, ZSWAPNL_M_WRITEBACK, writeback),
	FIGURE(ZSWAP_A_MEMCG_WRITEBACK_EFFECTIVE, ZSWAPNL_M_WRITEBACK_EFFECTIVE,
	       writeback_effective),
	FIGURE(ZSWAP_A_MEMCG_REJECT_ZSWAP_MAX, ZSWAPNL_M_REJECT_ZSWAP_MAX, reject_zswap_max),
	FIGURE(ZSWAP_A_MEMCG_REJECT_POOL_LIMIT, ZSWAPNL_M_REJECT_POOL_LIMIT, reject_pool_limit),
	FIGURE(ZSWAP_A_MEMCG_REJECT_INCOMPRESSIBLE, ZSWAPNL_M_REJECT_INCOMPRESSIBLE,
	       reject_incompressible),
	FIGURE(ZSWAP_A_MEMCG_REJECT_ALLOC_FAIL, ZSWAPNL_M_REJECT_ALLOC_FAIL, reject_alloc_fail),
#undef FIGURE
};

/* The attributes of a memcg-get reply or a memcg event; *@event gets its event-type */
static int decode_memcg_attrs(const void *attrs, size_t len, struct zswapnl_memcg *m,
			      uint32_t *event, struct zswapnl_error *err)
{
	const struct nlattr *tb[ZSWAP_A_MEMCG_MAX + 1];
	unsigned int i;
	uint64_t val;
	bool on;
	int ret;

	ret = znl_attr_parse_policy(attrs, len, &znl_policies[ZNL_SET_MEMCG], tb, err);
	if (ret)
		return ret;
	if (tb[ZSWAP_A_MEMCG_PATH]) {
		m->path = strdup(mnl_attr_get_str(tb[ZSWAP_A_MEMCG_PATH]));
		if (!m->path)
			return znl_err(err, -ENOMEM, NULL, "out of memory");
		m->known |= ZNL_BIT(ZSWAPNL_M_PATH);
	} else {
		/* Too long for a dump's message: fill_paths() asks by id */
		znl_memcg_unknown(m, ZSWAPNL_M_PATH, -ENOENT);
	}
	for (i = 0; i < ZNL_ARRAY_SIZE(memcg_figures); i++) {
		const struct nlattr *attr = tb[memcg_figures[i].attr];
		char *field = (char *)m + memcg_figures[i].offset;

		if (!attr) {
			/* A kernel of the series before the attribute, too */
			znl_memcg_unknown(m, memcg_figures[i].field, -ENOENT);
			continue;
		}
		if (memcg_figures[i].size == sizeof(val)) {
			val = znl_attr_get_uint(attr);
			memcpy(field, &val, sizeof(val));
		} else {
			/* The policy checked its size; 0 or 1 by the spec */
			on = mnl_attr_get_u32(attr);
			memcpy(field, &on, sizeof(on));
		}
		m->known |= ZNL_BIT(memcg_figures[i].field);
	}
	if (!(m->known & ZNL_BIT(ZSWAPNL_M_ID)))
		return znl_err(err, -EBADMSG, "id", "malformed message: a memcg without its id");
	if (event && tb[ZSWAP_A_MEMCG_EVENT_TYPE])
		*event = mnl_attr_get_u32(tb[ZSWAP_A_MEMCG_EVENT_TYPE]);
	return 0;
}

/* The attributes of a message of command @want (@what, for the error) */
static int decode_memcg_msg(const void *msg, size_t len, uint8_t want, const char *what,
			    struct zswapnl_memcg *memcg, uint32_t *event, struct zswapnl_error *err)
{
	const void *attrs;
	size_t attrs_len;
	uint8_t cmd;

	if (znl_genl_msg(msg, len, &cmd, &attrs, &attrs_len))
		return znl_err(err, -EBADMSG, NULL, "malformed message: truncated");
	if (cmd != want)
		return znl_err(err, -EBADMSG, NULL, "malformed message: command %u, not %s", cmd,
			       what);
	return decode_memcg_attrs(attrs, attrs_len, memcg, event, err);
}

int znl_decode_memcg(const void *msg, size_t len, struct zswapnl_memcg *memcg,
		     struct zswapnl_error *err)
{
	int ret;

	znl_memcg_reset(memcg);
	ret = decode_memcg_msg(msg, len, ZSWAP_CMD_MEMCG_GET, "a memcg-get reply", memcg, NULL,
			       err);
	if (ret) {
		free(memcg->path);
		znl_memcg_reset(memcg);
	}
	return ret;
}

static void memcg_event_reset(struct zswapnl_memcg_event *event)
{
	memset(event, 0, sizeof(*event));
	event->struct_size = sizeof(*event);
	znl_memcg_reset(&event->memcg);
}

int znl_decode_memcg_event(const void *msg, size_t len, struct zswapnl_memcg_event *event,
			   struct zswapnl_error *err)
{
	uint32_t type = 0;
	int ret;

	memcg_event_reset(event);
	ret = decode_memcg_msg(msg, len, ZSWAP_CMD_MEMCG_EVENT, "a memcg event", &event->memcg,
			       &type, err);
	if (!ret && !type)
		ret = znl_err(err, -EBADMSG, "event-type",
			      "malformed message: a memcg event without its type");
	if (ret) {
		free(event->memcg.path);
		memcg_event_reset(event);
		return ret;
	}
	event->type = type;
	return 0;
}
