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
 * checked by znl_attr_parse_policy() (attr.c). Which attribute fills
 * which field, the tables of fields.c say.
 */

#include <errno.h>
#include <libmnl/libmnl.h>
#include <linux/netlink.h>
#include <linux/zswap.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"

/* A name into its field: the buffer it must fit, or a copy the struct owns */
static int decode_name(const struct znl_table *t, void *s, const struct znl_field *f,
		       const struct nlattr *attr, struct zswapnl_error *err)
{
	const char *str = mnl_attr_get_str(attr);
	size_t len = strlen(str);
	char *copy;

	if (f->owned) {
		copy = strdup(str);
		if (!copy)
			return znl_err(err, -ENOMEM, NULL, "out of memory");
		znl_field_set_name(t, s, f, copy);
		return 0;
	}
	if (len >= f->size)
		return znl_err(err, -EBADMSG, f->info.attr,
			       "malformed message: %s is %zu bytes long, longer than %zu",
			       f->info.attr, len, f->size - 1);
	znl_field_set_name(t, s, f, str);
	return 0;
}

/*
 * The fields the family has, as the tables of fields.c give them; one it
 * has no attribute for is not to be had from it, one it left out this
 * kernel does not have (a kernel of the series before the attribute, too;
 * a memcg's path too long for a dump's message, which fill_paths() asks
 * for by id)
 */
int znl_decode_fields(const struct znl_table *t, void *s, const struct nlattr *const *tb,
		      struct zswapnl_error *err)
{
	const struct znl_field *f;
	uint64_t val;
	size_t i;
	int ret;

	for (i = 0; (f = znl_field_at(t, i)); i++) {
		const struct nlattr *attr = f->attr ? tb[f->attr] : NULL;

		if (!attr) {
			znl_field_unknown(t, s, f->info.field, f->attr ? -ENOENT : -EOPNOTSUPP);
			continue;
		}
		switch (f->info.unit) {
		case ZSWAPNL_UNIT_NAME:
			ret = decode_name(t, s, f, attr, err);
			if (ret)
				return ret;
			continue;
		/* The policy checked their size; a flag is 0 or 1 by the spec */
		case ZSWAPNL_UNIT_BOOL:
		case ZSWAPNL_UNIT_PERCENT:
			val = mnl_attr_get_u32(attr);
			break;
		default:
			val = znl_attr_get_uint(attr);
			break;
		}
		znl_field_set(t, s, f, val);
	}
	return 0;
}

/* The attributes of a GET reply or an event; *@event gets its event-type */
static int decode_global_attrs(const void *attrs, size_t len, struct zswapnl_global *g,
			       uint32_t *event, struct zswapnl_error *err)
{
	const struct nlattr *tb[ZSWAP_A_GLOBAL_MAX + 1];
	int ret;

	memset(g, 0, sizeof(*g));
	g->struct_size = sizeof(*g);
	ret = znl_attr_parse_policy(attrs, len, &znl_policies[ZNL_SET_GLOBAL], tb, err);
	if (!ret)
		ret = znl_decode_fields(&znl_global_table, g, tb, err);
	if (ret)
		return ret;
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

/* The attributes of a memcg-get reply or a memcg event; *@event gets its event-type */
static int decode_memcg_attrs(const void *attrs, size_t len, struct zswapnl_memcg *m,
			      uint32_t *event, struct zswapnl_error *err)
{
	const struct nlattr *tb[ZSWAP_A_MEMCG_MAX + 1];
	int ret;

	ret = znl_attr_parse_policy(attrs, len, &znl_policies[ZNL_SET_MEMCG], tb, err);
	if (!ret)
		ret = znl_decode_fields(&znl_memcg_table, m, tb, err);
	if (ret)
		return ret;
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
