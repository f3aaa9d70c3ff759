/* SPDX-License-Identifier: ((GPL-2.0 WITH Linux-syscall-note) OR BSD-3-Clause) */
/*
 * The "zswap" generic netlink family: zswap's counters, parameters and
 * per-memcg figures in one round trip, its controls, and its events.
 *
 * Documentation/netlink/specs/zswap.yaml describes the same protocol.
 */
#ifndef _UAPI_LINUX_ZSWAP_H
#define _UAPI_LINUX_ZSWAP_H

#define ZSWAP_GENL_NAME		"zswap"
#define ZSWAP_GENL_VERSION	1
#define ZSWAP_MCGRP_EVENTS	"events"
/* ZSWAP_CMD_MEMCG_EVENT; joining needs CAP_SYS_ADMIN: paths are the host's */
#define ZSWAP_MCGRP_MEMCG_EVENTS "memcg-events"

/* Longest compressor and zpool names the family accepts, without the NUL */
#define ZSWAP_COMPRESSOR_NAME_MAX	63
#define ZSWAP_ZPOOL_NAME_MAX		31

/* ZSWAP_A_EVENT values */
enum zswap_event {
	ZSWAP_EVENT_PARAMS_CHANGED = 1,	/* a parameter was set */
	ZSWAP_EVENT_POOL_SWITCHED,	/* a new compressor/zpool pool is current */
	ZSWAP_EVENT_POOL_LIMIT_HIT,	/* a store found the pool full (rate limited) */
	/* ZSWAP_CMD_MEMCG_EVENT: a store was refused at this memcg's zswap.max */
	ZSWAP_EVENT_MEMCG_LIMIT_HIT,
};

/* Attributes of ZSWAP_CMD_GET, ZSWAP_CMD_SET and ZSWAP_CMD_EVENT */
enum zswap_attr {
	ZSWAP_A_UNSPEC,
	ZSWAP_A_PAD,
	ZSWAP_A_STORED_PAGES,		/* u64: pages in zswap, zero pages included */
	ZSWAP_A_ZERO_PAGES,		/* u64: zero-filled pages in zswap */
	ZSWAP_A_POOL_TOTAL_SIZE,	/* u64: bytes used by the compressed pools */
	ZSWAP_A_POOL_LIMIT_BYTES,	/* u64: max_pool_percent of RAM, in bytes */
	ZSWAP_A_POOL_LIMIT_HIT,		/* u64: stores that found the pool full */
	ZSWAP_A_REJECT_RECLAIM_FAIL,	/* u64 */
	ZSWAP_A_REJECT_ALLOC_FAIL,	/* u64 */
	ZSWAP_A_REJECT_KMEMCACHE_FAIL,	/* u64 */
	ZSWAP_A_REJECT_COMPRESS_POOR,	/* u64 */
	ZSWAP_A_WRITTEN_BACK_PAGES,	/* u64 */
	ZSWAP_A_DUPLICATE_ENTRY,	/* u64 */
	ZSWAP_A_ENABLED,		/* u8: 0 or 1 */
	ZSWAP_A_COMPRESSOR,		/* string */
	ZSWAP_A_ZPOOL,			/* string */
	ZSWAP_A_MAX_POOL_PERCENT,	/* u32: set takes 0 to 100 */
	ZSWAP_A_ACCEPT_THRESHOLD_PERCENT, /* u32: set takes 0 to 100 */
	ZSWAP_A_EVENT,			/* u32: enum zswap_event */
	ZSWAP_A_DECOMPRESS_FAIL,	/* u64: loads and writebacks that did not decompress */
	ZSWAP_A_REJECT_COMPRESS_FAIL,	/* u64: stores refused as the compressor failed */

	__ZSWAP_A_MAX,
};

#define ZSWAP_A_MAX (__ZSWAP_A_MAX - 1)

/* Attributes of ZSWAP_CMD_MEMCG_GET and ZSWAP_CMD_MEMCG_SET */
enum zswap_memcg_attr {
	ZSWAP_MEMCG_A_UNSPEC,
	ZSWAP_MEMCG_A_PAD,
	/*
	 * u64: the cgroup id (the kernel's cgroup_id()), the 64-bit kernfs
	 * node id of the cgroup's cgroup2 folder, as name_to_handle_at()
	 * gives it; the folder's inode number on 64-bit kernels only.
	 */
	ZSWAP_MEMCG_A_ID,
	/*
	 * string: path in the caller's cgroup namespace. Absent from a dump
	 * record whose path does not fit a dump message: a do by id gets it.
	 */
	ZSWAP_MEMCG_A_PATH,
	ZSWAP_MEMCG_A_COMPRESSED_BYTES,	/* u64: memory.zswap.current */
	ZSWAP_MEMCG_A_STORED_PAGES,	/* u64: pages in zswap (memory.stat zswapped) */
	ZSWAP_MEMCG_A_ZERO_PAGES,	/* u64: zero-filled pages in zswap */
	ZSWAP_MEMCG_A_ZSWPIN,		/* u64: memory.stat zswpin */
	ZSWAP_MEMCG_A_ZSWPOUT,		/* u64: memory.stat zswpout */
	ZSWAP_MEMCG_A_ZSWAP_MAX,	/* u64: memory.zswap.max in bytes, U64_MAX for "max" */
	ZSWAP_MEMCG_A_ZSWPWB,		/* u64: memory.stat zswpwb */
	ZSWAP_MEMCG_A_WRITEBACK,	/* u8: memory.zswap.writeback, 0 or 1 */
	/* u8: 1 when the memcg and every ancestor have memory.zswap.writeback 1 */
	ZSWAP_MEMCG_A_WRITEBACK_EFFECTIVE,
	/* u64 each: stores refused for the memcg's pages, by reason */
	ZSWAP_MEMCG_A_REJECT_ZSWAP_MAX,		/* its or an ancestor's zswap.max */
	ZSWAP_MEMCG_A_REJECT_POOL_LIMIT,	/* the pool was full */
	ZSWAP_MEMCG_A_REJECT_INCOMPRESSIBLE,	/* did not compress, or not enough */
	ZSWAP_MEMCG_A_REJECT_ALLOC_FAIL,	/* no memory for entry, object or tree */
	ZSWAP_MEMCG_A_EVENT,		/* u32: enum zswap_event, in ZSWAP_CMD_MEMCG_EVENT */

	__ZSWAP_MEMCG_A_MAX,
};

#define ZSWAP_MEMCG_A_MAX (__ZSWAP_MEMCG_A_MAX - 1)

enum zswap_cmd {
	ZSWAP_CMD_UNSPEC,
	ZSWAP_CMD_GET,		/* do: counters and parameters */
	ZSWAP_CMD_SET,		/* do, CAP_SYS_ADMIN: parameters */
	ZSWAP_CMD_MEMCG_GET,	/* do: one memcg by ZSWAP_MEMCG_A_ID; dump: all */
	ZSWAP_CMD_MEMCG_SET,	/* do, CAP_SYS_ADMIN: zswap.max and zswap.writeback by id */
	ZSWAP_CMD_EVENT,	/* notification on ZSWAP_MCGRP_EVENTS */
	ZSWAP_CMD_MEMCG_EVENT,	/* notification on ZSWAP_MCGRP_MEMCG_EVENTS */

	__ZSWAP_CMD_MAX,
};

#define ZSWAP_CMD_MAX (__ZSWAP_CMD_MAX - 1)

#endif /* _UAPI_LINUX_ZSWAP_H */
