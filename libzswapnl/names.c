// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * The policies of the "zswap" family's attribute sets: each type's name
 * in kernel/spec/zswap.yaml, which errors report, and its type there as
 * mnl_attr_validate() checks it. Padding and the types this library does
 * not know are skipped (MNL_TYPE_UNSPEC, or no entry), so that a later
 * kernel can add attributes.
 */

#include <libmnl/libmnl.h>
#include <linux/zswap.h>

#include "internal.h"

static const struct znl_attr_policy zswap_attrs[ZSWAP_A_MAX + 1] = {
	[ZSWAP_A_PAD] = { "pad", MNL_TYPE_UNSPEC },
	[ZSWAP_A_STORED_PAGES] = { "stored-pages", MNL_TYPE_U64 },
	[ZSWAP_A_ZERO_PAGES] = { "zero-pages", MNL_TYPE_U64 },
	[ZSWAP_A_POOL_TOTAL_SIZE] = { "pool-total-size", MNL_TYPE_U64 },
	[ZSWAP_A_POOL_LIMIT_BYTES] = { "pool-limit-bytes", MNL_TYPE_U64 },
	[ZSWAP_A_POOL_LIMIT_HIT] = { "pool-limit-hit", MNL_TYPE_U64 },
	[ZSWAP_A_REJECT_RECLAIM_FAIL] = { "reject-reclaim-fail", MNL_TYPE_U64 },
	[ZSWAP_A_REJECT_ALLOC_FAIL] = { "reject-alloc-fail", MNL_TYPE_U64 },
	[ZSWAP_A_REJECT_KMEMCACHE_FAIL] = { "reject-kmemcache-fail", MNL_TYPE_U64 },
	[ZSWAP_A_REJECT_COMPRESS_POOR] = { "reject-compress-poor", MNL_TYPE_U64 },
	[ZSWAP_A_WRITTEN_BACK_PAGES] = { "written-back-pages", MNL_TYPE_U64 },
	[ZSWAP_A_DUPLICATE_ENTRY] = { "duplicate-entry", MNL_TYPE_U64 },
	[ZSWAP_A_ENABLED] = { "enabled", MNL_TYPE_U8 },
	[ZSWAP_A_COMPRESSOR] = { "compressor", MNL_TYPE_NUL_STRING },
	[ZSWAP_A_ZPOOL] = { "zpool", MNL_TYPE_NUL_STRING },
	[ZSWAP_A_MAX_POOL_PERCENT] = { "max-pool-percent", MNL_TYPE_U32 },
	[ZSWAP_A_ACCEPT_THRESHOLD_PERCENT] = { "accept-threshold-percent", MNL_TYPE_U32 },
	[ZSWAP_A_EVENT] = { "event", MNL_TYPE_U32 },
	[ZSWAP_A_DECOMPRESS_FAIL] = { "decompress-fail", MNL_TYPE_U64 },
	[ZSWAP_A_REJECT_COMPRESS_FAIL] = { "reject-compress-fail", MNL_TYPE_U64 },
};

static const struct znl_attr_policy memcg_attrs[ZSWAP_MEMCG_A_MAX + 1] = {
	[ZSWAP_MEMCG_A_PAD] = { "pad", MNL_TYPE_UNSPEC },
	[ZSWAP_MEMCG_A_ID] = { "id", MNL_TYPE_U64 },
	[ZSWAP_MEMCG_A_PATH] = { "path", MNL_TYPE_NUL_STRING },
	[ZSWAP_MEMCG_A_COMPRESSED_BYTES] = { "compressed-bytes", MNL_TYPE_U64 },
	[ZSWAP_MEMCG_A_STORED_PAGES] = { "stored-pages", MNL_TYPE_U64 },
	[ZSWAP_MEMCG_A_ZERO_PAGES] = { "zero-pages", MNL_TYPE_U64 },
	[ZSWAP_MEMCG_A_ZSWPIN] = { "zswpin", MNL_TYPE_U64 },
	[ZSWAP_MEMCG_A_ZSWPOUT] = { "zswpout", MNL_TYPE_U64 },
	[ZSWAP_MEMCG_A_ZSWAP_MAX] = { "zswap-max", MNL_TYPE_U64 },
	[ZSWAP_MEMCG_A_ZSWPWB] = { "zswpwb", MNL_TYPE_U64 },
	[ZSWAP_MEMCG_A_WRITEBACK] = { "writeback", MNL_TYPE_U8 },
	[ZSWAP_MEMCG_A_WRITEBACK_EFFECTIVE] = { "writeback-effective", MNL_TYPE_U8 },
	[ZSWAP_MEMCG_A_REJECT_ZSWAP_MAX] = { "reject-zswap-max", MNL_TYPE_U64 },
	[ZSWAP_MEMCG_A_REJECT_POOL_LIMIT] = { "reject-pool-limit", MNL_TYPE_U64 },
	[ZSWAP_MEMCG_A_REJECT_INCOMPRESSIBLE] = { "reject-incompressible", MNL_TYPE_U64 },
	[ZSWAP_MEMCG_A_REJECT_ALLOC_FAIL] = { "reject-alloc-fail", MNL_TYPE_U64 },
	[ZSWAP_MEMCG_A_EVENT] = { "event", MNL_TYPE_U32 },
};

const struct znl_policy znl_policies[] = {
	[ZNL_SET_ZSWAP] = ZNL_POLICY(zswap_attrs),
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
	case ZSWAP_CMD_MEMCG_SET:
	case ZSWAP_CMD_MEMCG_EVENT:
		return ZNL_SET_MEMCG;
	default:
		return ZNL_SET_ZSWAP;
	}
}
