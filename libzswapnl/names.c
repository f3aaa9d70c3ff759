// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * The policies of the "zswap" family's attribute sets: each type's name
 * in kernel/spec/zswap.yaml, which errors report, and its type there as
 * mnl_attr_validate() checks it (ZNL_TYPE_UINT: the spec's "uint"). The
 * types this library does not know are skipped, so that a later kernel
 * can add attributes.
 */

#include <libmnl/libmnl.h>
#include <linux/zswap.h>

#include "internal.h"

static const struct znl_attr_policy global_attrs[ZSWAP_A_GLOBAL_MAX + 1] = {
	[ZSWAP_A_GLOBAL_STORED_PAGES] = { "stored-pages", ZNL_TYPE_UINT },
	[ZSWAP_A_GLOBAL_POOL_TOTAL_SIZE] = { "pool-total-size", ZNL_TYPE_UINT },
	[ZSWAP_A_GLOBAL_POOL_LIMIT_BYTES] = { "pool-limit-bytes", ZNL_TYPE_UINT },
	[ZSWAP_A_GLOBAL_POOL_LIMIT_HIT] = { "pool-limit-hit", ZNL_TYPE_UINT },
	[ZSWAP_A_GLOBAL_REJECT_RECLAIM_FAIL] = { "reject-reclaim-fail", ZNL_TYPE_UINT },
	[ZSWAP_A_GLOBAL_REJECT_ALLOC_FAIL] = { "reject-alloc-fail", ZNL_TYPE_UINT },
	[ZSWAP_A_GLOBAL_REJECT_KMEMCACHE_FAIL] = { "reject-kmemcache-fail", ZNL_TYPE_UINT },
	[ZSWAP_A_GLOBAL_REJECT_COMPRESS_FAIL] = { "reject-compress-fail", ZNL_TYPE_UINT },
	[ZSWAP_A_GLOBAL_REJECT_COMPRESS_POOR] = { "reject-compress-poor", ZNL_TYPE_UINT },
	[ZSWAP_A_GLOBAL_WRITTEN_BACK_PAGES] = { "written-back-pages", ZNL_TYPE_UINT },
	[ZSWAP_A_GLOBAL_DECOMPRESS_FAIL] = { "decompress-fail", ZNL_TYPE_UINT },
	[ZSWAP_A_GLOBAL_STORED_INCOMPRESSIBLE_PAGES] = { "stored-incompressible-pages",
							 ZNL_TYPE_UINT },
	[ZSWAP_A_GLOBAL_ENABLED] = { "enabled", MNL_TYPE_U32 },
	[ZSWAP_A_GLOBAL_COMPRESSOR] = { "compressor", MNL_TYPE_NUL_STRING },
	[ZSWAP_A_GLOBAL_MAX_POOL_PERCENT] = { "max-pool-percent", MNL_TYPE_U32 },
	[ZSWAP_A_GLOBAL_ACCEPT_THRESHOLD_PERCENT] = { "accept-threshold-percent", MNL_TYPE_U32 },
	[ZSWAP_A_GLOBAL_SHRINKER_ENABLED] = { "shrinker-enabled", MNL_TYPE_U32 },
	[ZSWAP_A_GLOBAL_EVENT_TYPE] = { "event-type", MNL_TYPE_U32 },
	[ZSWAP_A_GLOBAL_ZERO_PAGES] = { "zero-pages", ZNL_TYPE_UINT },
	[ZSWAP_A_GLOBAL_DUPLICATE_ENTRY] = { "duplicate-entry", ZNL_TYPE_UINT },
	[ZSWAP_A_GLOBAL_ZPOOL] = { "zpool", MNL_TYPE_NUL_STRING },
};

static const struct znl_attr_policy memcg_attrs[ZSWAP_A_MEMCG_MAX + 1] = {
	[ZSWAP_A_MEMCG_ID] = { "id", ZNL_TYPE_UINT },
	[ZSWAP_A_MEMCG_PATH] = { "path", MNL_TYPE_NUL_STRING },
	[ZSWAP_A_MEMCG_COMPRESSED_BYTES] = { "compressed-bytes", ZNL_TYPE_UINT },
	[ZSWAP_A_MEMCG_STORED_PAGES] = { "stored-pages", ZNL_TYPE_UINT },
	[ZSWAP_A_MEMCG_ZSWPIN] = { "zswpin", ZNL_TYPE_UINT },
	[ZSWAP_A_MEMCG_ZSWPOUT] = { "zswpout", ZNL_TYPE_UINT },
	[ZSWAP_A_MEMCG_ZSWPWB] = { "zswpwb", ZNL_TYPE_UINT },
	[ZSWAP_A_MEMCG_ZSWAP_MAX] = { "zswap-max", ZNL_TYPE_UINT },
	[ZSWAP_A_MEMCG_WRITEBACK] = { "writeback", MNL_TYPE_U32 },
	[ZSWAP_A_MEMCG_WRITEBACK_EFFECTIVE] = { "writeback-effective", MNL_TYPE_U32 },
	[ZSWAP_A_MEMCG_EVENT_TYPE] = { "event-type", MNL_TYPE_U32 },
	[ZSWAP_A_MEMCG_ZERO_PAGES] = { "zero-pages", ZNL_TYPE_UINT },
	[ZSWAP_A_MEMCG_REJECT_ZSWAP_MAX] = { "reject-zswap-max", ZNL_TYPE_UINT },
	[ZSWAP_A_MEMCG_REJECT_POOL_LIMIT] = { "reject-pool-limit", ZNL_TYPE_UINT },
	[ZSWAP_A_MEMCG_REJECT_INCOMPRESSIBLE] = { "reject-incompressible", ZNL_TYPE_UINT },
	[ZSWAP_A_MEMCG_REJECT_ALLOC_FAIL] = { "reject-alloc-fail", ZNL_TYPE_UINT },
};

const struct znl_policy znl_policies[] = {
	[ZNL_SET_GLOBAL] = ZNL_POLICY(global_attrs),
	[ZNL_SET_MEMCG] = ZNL_POLICY(memcg_attrs),
};

/* The spec name of attribute @type, or NULL for a type it does not have */
const char *znl_attr_name(enum znl_attr_set set, unsigned int type)
{
	const struct znl_policy *p = &znl_policies[set];

	return type <= p->max ? p->attrs[type].name : NULL;
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
