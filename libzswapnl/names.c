// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * The policies of the "zswap" family's attribute sets: each type's name
 * in kernel/spec/zswap.yaml, which errors report, and its type there as
 * mnl_attr_validate() checks it (ZNL_TYPE_UINT: the spec's "uint"). An
 * attribute that carries a figure has its name in the figure's entry of
 * fields.c, and the type of its unit; this file names the others. The
 * types this library does not know are skipped, so that a later kernel
 * can add attributes.
 */

#include <libmnl/libmnl.h>
#include <linux/zswap.h>

#include "internal.h"

static const struct znl_attr_policy global_attrs[ZSWAP_A_GLOBAL_MAX + 1] = {
	[ZSWAP_A_GLOBAL_SHRINKER_ENABLED] = { "shrinker-enabled", MNL_TYPE_U32 },
	[ZSWAP_A_GLOBAL_EVENT_TYPE] = { "event-type", MNL_TYPE_U32 },
};

static const struct znl_attr_policy memcg_attrs[ZSWAP_A_MEMCG_MAX + 1] = {
	[ZSWAP_A_MEMCG_EVENT_TYPE] = { "event-type", MNL_TYPE_U32 },
};

const struct znl_policy znl_policies[] = {
	[ZNL_SET_GLOBAL] = { global_attrs, ZSWAP_A_GLOBAL_MAX, &znl_global_table },
	[ZNL_SET_MEMCG] = { memcg_attrs, ZSWAP_A_MEMCG_MAX, &znl_memcg_table },
};

/* The spec's types: names are strings, flags and percentages u32, the rest uint */
static enum mnl_attr_data_type unit_type(enum zswapnl_unit unit)
{
	switch (unit) {
	case ZSWAPNL_UNIT_NAME:
		return MNL_TYPE_NUL_STRING;
	case ZSWAPNL_UNIT_BOOL:
	case ZSWAPNL_UNIT_PERCENT:
		return MNL_TYPE_U32;
	default:
		return ZNL_TYPE_UINT;
	}
}

bool znl_policy_find(const struct znl_policy *policy, unsigned int type,
		     struct znl_attr_policy *out)
{
	const struct znl_field *f;
	size_t i;

	if (type > policy->max)
		return false;
	if (policy->attrs[type].name) {
		*out = policy->attrs[type];
		return true;
	}
	for (i = 0; policy->table && (f = znl_field_at(policy->table, i)); i++) {
		if (f->attr == type) {
			out->name = f->info.attr;
			out->type = unit_type(f->info.unit);
			return true;
		}
	}
	return false;
}

/* The spec name of attribute @type, or NULL for a type it does not have */
const char *znl_attr_name(enum znl_attr_set set, unsigned int type)
{
	struct znl_attr_policy p;

	return znl_policy_find(&znl_policies[set], type, &p) ? p.name : NULL;
}

/* The attribute set of command @cmd */
enum znl_attr_set znl_cmd_attr_set(uint8_t cmd)
{
	switch (cmd) {
	case ZSWAP_CMD_MEMCG_GET:
	case ZSWAP_CMD_MEMCG_EVENT:
		return ZNL_SET_MEMCG;
	default:
		return ZNL_SET_GLOBAL;
	}
}
