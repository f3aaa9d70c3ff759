// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Decoding the family's messages: a GET reply or an event into struct
 * zswapnl_global, a MEMCG_GET reply into struct zswapnl_memcg. Pure
 * functions over a buffer, which the unit tests feed with recorded replies.
 *
 * Attribute types this library does not know are skipped: a later kernel
 * may add some. An attribute it knows must have the size of its type
 * (strings: a NUL within the payload), or the message is refused with
 * -EBADMSG and @err names the attribute.
 */

#include <errno.h>
#include <linux/netlink.h>
#include <linux/zswap.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"

/* The payload of a checked attribute: a number, or a string and its length */
struct znl_value {
	uint64_t num;
	const char *str;
	size_t str_len;
};

/*
 * Check @nla against the type the spec gives it in @set and read its
 * value. Returns 1 for an attribute to use, 0 for one to skip (unknown or
 * padding), -EBADMSG for one of the wrong size.
 */
static int get_value(enum znl_attr_set set, const struct nlattr *nla, struct znl_value *v,
		     struct zswapnl_error *err)
{
	unsigned int type = nla->nla_type & NLA_TYPE_MASK;
	size_t len = nla->nla_len - NLA_HDRLEN;
	const char *name = znl_attr_name(set, type);
	const void *data = (const char *)nla + NLA_HDRLEN;
	size_t want = 0;
	uint32_t u32;
	uint8_t u8;
	const char *nul;

	switch (znl_attr_kind(set, type)) {
	case ZNL_KIND_NONE:
	case ZNL_KIND_PAD:
		return 0;
	case ZNL_KIND_U8:
		want = sizeof(u8);
		break;
	case ZNL_KIND_U32:
		want = sizeof(u32);
		break;
	case ZNL_KIND_U64:
		want = sizeof(v->num);
		break;
	case ZNL_KIND_STRING:
		nul = len ? memchr(data, '\0', len) : NULL;
		if (!nul)
			return znl_err(err, -EBADMSG, name,
				       "malformed message: %s is not NUL-terminated", name);
		v->str = data;
		v->str_len = nul - v->str;
		return 1;
	}
	if (len != want)
		return znl_err(err, -EBADMSG, name,
			       "malformed message: %s has %zu bytes, not %zu", name, len, want);
	switch (want) {
	case sizeof(u8):
		memcpy(&u8, data, sizeof(u8));
		v->num = u8;
		break;
	case sizeof(u32):
		memcpy(&u32, data, sizeof(u32));
		v->num = u32;
		break;
	default:
		memcpy(&v->num, data, sizeof(v->num));
		break;
	}
	return 1;
}

static int copy_name(char *dst, size_t size, const struct znl_value *v, const char *name,
		     struct zswapnl_error *err)
{
	if (v->str_len >= size)
		return znl_err(err, -EBADMSG, name,
			       "malformed message: %s is %zu bytes long, longer than %zu", name,
			       v->str_len, size - 1);
	memcpy(dst, v->str, v->str_len);
	dst[v->str_len] = '\0';
	return 0;
}

static int truncated(struct zswapnl_error *err)
{
	return znl_err(err, -EBADMSG, NULL, "malformed message: truncated attribute");
}

/* The u64 counters of ZSWAP_CMD_GET, in the order of their attributes */
static const struct {
	uint16_t attr;
	uint16_t field;
	size_t offset;
} global_counters[] = {
#define COUNTER(a, f, m) { a, f, offsetof(struct zswapnl_global, m) }
	COUNTER(ZSWAP_A_STORED_PAGES, ZSWAPNL_G_STORED_PAGES, stored_pages),
	COUNTER(ZSWAP_A_ZERO_PAGES, ZSWAPNL_G_ZERO_PAGES, zero_pages),
	COUNTER(ZSWAP_A_POOL_TOTAL_SIZE, ZSWAPNL_G_POOL_TOTAL_SIZE, pool_total_size),
	COUNTER(ZSWAP_A_POOL_LIMIT_BYTES, ZSWAPNL_G_POOL_LIMIT_BYTES, pool_limit_bytes),
	COUNTER(ZSWAP_A_POOL_LIMIT_HIT, ZSWAPNL_G_POOL_LIMIT_HIT, pool_limit_hit),
	COUNTER(ZSWAP_A_REJECT_RECLAIM_FAIL, ZSWAPNL_G_REJECT_RECLAIM_FAIL, reject_reclaim_fail),
	COUNTER(ZSWAP_A_REJECT_ALLOC_FAIL, ZSWAPNL_G_REJECT_ALLOC_FAIL, reject_alloc_fail),
	COUNTER(ZSWAP_A_REJECT_KMEMCACHE_FAIL, ZSWAPNL_G_REJECT_KMEMCACHE_FAIL,
		reject_kmemcache_fail),
	COUNTER(ZSWAP_A_REJECT_COMPRESS_POOR, ZSWAPNL_G_REJECT_COMPRESS_POOR,
		reject_compress_poor),
	COUNTER(ZSWAP_A_WRITTEN_BACK_PAGES, ZSWAPNL_G_WRITTEN_BACK_PAGES, written_back_pages),
	COUNTER(ZSWAP_A_DUPLICATE_ENTRY, ZSWAPNL_G_DUPLICATE_ENTRY, duplicate_entry),
#undef COUNTER
};

/* The attributes of a GET reply or an event; *@event gets ZSWAP_A_EVENT */
static int decode_zswap_attrs(const void *attrs, size_t len, struct zswapnl_global *g,
			      uint32_t *event, struct zswapnl_error *err)
{
	const struct nlattr *nla;
	struct znl_attr_iter it;
	struct znl_value v = { 0 };
	unsigned int type, i;
	int ret;

	memset(g, 0, sizeof(*g));
	g->struct_size = sizeof(*g);

	znl_attr_iter_init(&it, attrs, len);
	while ((ret = znl_attr_iter_next(&it, &nla)) > 0) {
		ret = get_value(ZNL_SET_ZSWAP, nla, &v, err);
		if (ret < 0)
			return ret;
		if (!ret)
			continue;
		type = nla->nla_type & NLA_TYPE_MASK;
		for (i = 0; i < ZNL_ARRAY_SIZE(global_counters); i++) {
			if (global_counters[i].attr != type)
				continue;
			memcpy((char *)g + global_counters[i].offset, &v.num, sizeof(v.num));
			g->known |= ZNL_BIT(global_counters[i].field);
			break;
		}
		if (i < ZNL_ARRAY_SIZE(global_counters))
			continue;

		switch (type) {
		case ZSWAP_A_ENABLED:
			g->enabled = v.num != 0;
			g->known |= ZNL_BIT(ZSWAPNL_G_ENABLED);
			break;
		case ZSWAP_A_COMPRESSOR:
			ret = copy_name(g->compressor, sizeof(g->compressor), &v, "compressor", err);
			if (ret)
				return ret;
			g->known |= ZNL_BIT(ZSWAPNL_G_COMPRESSOR);
			break;
		case ZSWAP_A_ZPOOL:
			ret = copy_name(g->zpool, sizeof(g->zpool), &v, "zpool", err);
			if (ret)
				return ret;
			g->known |= ZNL_BIT(ZSWAPNL_G_ZPOOL);
			break;
		case ZSWAP_A_MAX_POOL_PERCENT:
			g->max_pool_percent = v.num;
			g->known |= ZNL_BIT(ZSWAPNL_G_MAX_POOL_PERCENT);
			break;
		case ZSWAP_A_ACCEPT_THRESHOLD_PERCENT:
			g->accept_threshold_percent = v.num;
			g->known |= ZNL_BIT(ZSWAPNL_G_ACCEPT_THRESHOLD_PERCENT);
			break;
		case ZSWAP_A_EVENT:
			if (event)
				*event = v.num;
			break;
		}
	}
	return ret < 0 ? truncated(err) : 0;
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
			       "malformed message: command %u, not a GET reply", cmd);
	ret = decode_zswap_attrs(attrs, attrs_len, global, NULL, err);
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
	ret = decode_zswap_attrs(attrs, attrs_len, &event->state, &type, err);
	if (!ret && !type)
		ret = znl_err(err, -EBADMSG, "event", "malformed message: an event without its type");
	if (ret) {
		memset(event, 0, sizeof(*event));
		event->struct_size = sizeof(*event);
		event->state.struct_size = sizeof(event->state);
		return ret;
	}
	event->type = type;
	return 0;
}

/* The u64 figures of a memcg */
static const struct {
	uint16_t attr;
	uint16_t field;
	size_t offset;
} memcg_figures[] = {
#define FIGURE(a, f, m) { a, f, offsetof(struct zswapnl_memcg, m) }
	FIGURE(ZSWAP_MEMCG_A_ID, ZSWAPNL_M_ID, id),
	FIGURE(ZSWAP_MEMCG_A_COMPRESSED_BYTES, ZSWAPNL_M_COMPRESSED_BYTES, compressed_bytes),
	FIGURE(ZSWAP_MEMCG_A_STORED_PAGES, ZSWAPNL_M_STORED_PAGES, stored_pages),
	FIGURE(ZSWAP_MEMCG_A_ZERO_PAGES, ZSWAPNL_M_ZERO_PAGES, zero_pages),
	FIGURE(ZSWAP_MEMCG_A_ZSWPIN, ZSWAPNL_M_ZSWPIN, zswpin),
	FIGURE(ZSWAP_MEMCG_A_ZSWPOUT, ZSWAPNL_M_ZSWPOUT, zswpout),
	FIGURE(ZSWAP_MEMCG_A_ZSWAP_MAX, ZSWAPNL_M_ZSWAP_MAX, zswap_max),
#undef FIGURE
};

static int decode_memcg_attrs(const void *attrs, size_t len, struct zswapnl_memcg *m,
			      struct zswapnl_error *err)
{
	const struct nlattr *nla;
	struct znl_attr_iter it;
	struct znl_value v = { 0 };
	unsigned int type, i;
	char *path;
	int ret;

	znl_attr_iter_init(&it, attrs, len);
	while ((ret = znl_attr_iter_next(&it, &nla)) > 0) {
		ret = get_value(ZNL_SET_MEMCG, nla, &v, err);
		if (ret < 0)
			return ret;
		if (!ret)
			continue;
		type = nla->nla_type & NLA_TYPE_MASK;
		if (type == ZSWAP_MEMCG_A_PATH) {
			path = strndup(v.str, v.str_len);
			if (!path)
				return znl_err(err, -ENOMEM, NULL, "out of memory");
			free(m->path);
			m->path = path;
			m->known |= ZNL_BIT(ZSWAPNL_M_PATH);
			continue;
		}
		for (i = 0; i < ZNL_ARRAY_SIZE(memcg_figures); i++) {
			if (memcg_figures[i].attr != type)
				continue;
			memcpy((char *)m + memcg_figures[i].offset, &v.num, sizeof(v.num));
			m->known |= ZNL_BIT(memcg_figures[i].field);
			break;
		}
	}
	if (ret < 0)
		return truncated(err);
	if (!(m->known & ZNL_BIT(ZSWAPNL_M_ID)))
		return znl_err(err, -EBADMSG, "id", "malformed message: a memcg without its id");
	return 0;
}

int znl_decode_memcg(const void *msg, size_t len, struct zswapnl_memcg *memcg,
		     struct zswapnl_error *err)
{
	const void *attrs;
	size_t attrs_len;
	uint8_t cmd;
	int ret;

	znl_memcg_reset(memcg);
	if (znl_genl_msg(msg, len, &cmd, &attrs, &attrs_len))
		return znl_err(err, -EBADMSG, NULL, "malformed message: truncated");
	if (cmd != ZSWAP_CMD_MEMCG_GET)
		return znl_err(err, -EBADMSG, NULL,
			       "malformed message: command %u, not a MEMCG_GET reply", cmd);
	ret = decode_memcg_attrs(attrs, attrs_len, memcg, err);
	if (ret) {
		free(memcg->path);
		znl_memcg_reset(memcg);
	}
	return ret;
}
