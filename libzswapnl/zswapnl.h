/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libzswapnl: zswap's counters, parameters and per-memcg figures, its
 * controls and its events, through the "zswap" generic netlink family, or,
 * on kernels without it, through /sys/module/zswap/parameters,
 * /sys/kernel/debug/zswap, /proc and the cgroup v2 files.
 *
 * Conventions:
 *  - A handle owns one netlink socket (or none, with the fallback source);
 *    the library keeps no global state, never prints and never exits.
 *  - Calls return 0 or a negative errno value, and fill the caller's
 *    struct zswapnl_error, when one is given, with the kernel's extack
 *    message and offending attribute, or the library's own explanation.
 *  - Every figure a source cannot give is marked unknown: its bit in the
 *    struct's `known` mask is clear, and its value is 0. A 0 with its bit
 *    set is a real 0. zswapnl_global_known() and zswapnl_memcg_known() test
 *    the bit; they are inline, so they add no symbol to the ABI and serve
 *    code that links no library. Why a figure is unknown, and what would
 *    give it, zswapnl_global_unknown() and zswapnl_memcg_unknown() say.
 *  - Structs start with struct_size, which the caller sets to the size it
 *    was compiled with, so that later versions can grow them: a version
 *    adds fields at the end only, and the library accepts any struct_size
 *    from version 1.0's sizeof() on.
 */
#ifndef ZSWAPNL_H
#define ZSWAPNL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/*
 * The version of this header, which a program was built with; the library
 * it runs with may be a later one of the same soname: zswapnl_version().
 */
#define ZSWAPNL_VERSION_MAJOR 1
#define ZSWAPNL_VERSION_MINOR 6

/* The most fields a struct's known mask, and its unknown[] since 1.2, have room for */
#define ZSWAPNL_FIELDS_MAX 64

/* The value of zswap_max for "max" (no limit) */
#define ZSWAPNL_MAX UINT64_MAX

enum zswapnl_source {
	ZSWAPNL_SOURCE_NETLINK = 1,	/* the "zswap" generic netlink family */
	ZSWAPNL_SOURCE_FALLBACK,	/* sysfs, debugfs, /proc and cgroupfs */
};

enum zswapnl_mode {
	ZSWAPNL_MODE_AUTO,		/* netlink if the kernel has the family */
	ZSWAPNL_MODE_NETLINK,		/* netlink or fail with -EOPNOTSUPP */
	ZSWAPNL_MODE_FALLBACK,		/* never netlink */
};

struct zswapnl_options {
	uint32_t struct_size;		/* sizeof(struct zswapnl_options) */
	enum zswapnl_mode mode;
	/*
	 * The root the fallback reads under, "/" when NULL: tests point it at
	 * a recorded tree holding sys/, proc/ and sys/fs/cgroup/.
	 */
	const char *root;
};

struct zswapnl_error {
	int code;			/* negative errno, as returned */
	char msg[256];			/* what went wrong, "" if nothing is known */
	char attr[64];			/* offending attribute (spec name), or "" */
};

/* Bits of struct zswapnl_global.known */
enum zswapnl_global_field {
	ZSWAPNL_G_STORED_PAGES,
	ZSWAPNL_G_ZERO_PAGES,
	ZSWAPNL_G_POOL_TOTAL_SIZE,
	ZSWAPNL_G_POOL_LIMIT_BYTES,
	ZSWAPNL_G_POOL_LIMIT_HIT,
	ZSWAPNL_G_REJECT_RECLAIM_FAIL,
	ZSWAPNL_G_REJECT_ALLOC_FAIL,
	ZSWAPNL_G_REJECT_KMEMCACHE_FAIL,
	ZSWAPNL_G_REJECT_COMPRESS_POOR,
	ZSWAPNL_G_WRITTEN_BACK_PAGES,
	ZSWAPNL_G_DUPLICATE_ENTRY,
	ZSWAPNL_G_ZSWPIN,		/* /proc/vmstat, in both sources */
	ZSWAPNL_G_ZSWPOUT,		/* /proc/vmstat, in both sources */
	ZSWAPNL_G_ENABLED,
	ZSWAPNL_G_COMPRESSOR,
	ZSWAPNL_G_ZPOOL,
	ZSWAPNL_G_MAX_POOL_PERCENT,
	ZSWAPNL_G_ACCEPT_THRESHOLD_PERCENT,
	/* Since 1.1: counters of later kernels, read by the fallback */
	ZSWAPNL_G_REJECT_COMPRESS_FAIL,
	ZSWAPNL_G_DECOMPRESS_FAIL,
	ZSWAPNL_G_STORED_INCOMPRESSIBLE_PAGES,
	ZSWAPNL_G_ZSWPWB,		/* /proc/vmstat, in both sources */
	ZSWAPNL_G_NR_FIELDS,
};

struct zswapnl_global {
	uint32_t struct_size;
	uint64_t known;			/* 1 << enum zswapnl_global_field */
	uint64_t stored_pages;
	uint64_t zero_pages;
	uint64_t pool_total_size;	/* bytes */
	uint64_t pool_limit_bytes;
	uint64_t pool_limit_hit;
	uint64_t reject_reclaim_fail;
	uint64_t reject_alloc_fail;
	uint64_t reject_kmemcache_fail;
	uint64_t reject_compress_poor;
	uint64_t written_back_pages;
	uint64_t duplicate_entry;
	uint64_t zswpin;
	uint64_t zswpout;
	bool enabled;
	char compressor[64];
	char zpool[32];
	uint32_t max_pool_percent;
	uint32_t accept_threshold_percent;
	/* Since 1.1 */
	uint64_t reject_compress_fail;
	uint64_t decompress_fail;
	uint64_t stored_incompressible_pages;
	uint64_t zswpwb;		/* pages written back to swap */
	/*
	 * Since 1.2: why each field is unknown, by enum zswapnl_global_field:
	 * a negative errno, 0 for a known field; zswapnl_global_unknown()
	 * reads it
	 */
	int16_t unknown[ZSWAPNL_FIELDS_MAX];
};

/* Whether @global has the figure @field: its bit in the known mask */
static inline bool zswapnl_global_known(const struct zswapnl_global *global,
					enum zswapnl_global_field field)
{
	return (unsigned int)field < ZSWAPNL_G_NR_FIELDS &&
	       (global->known & ((uint64_t)1 << field));
}

/* Bits of struct zswapnl_memcg.known */
enum zswapnl_memcg_field {
	ZSWAPNL_M_ID,
	ZSWAPNL_M_PATH,
	ZSWAPNL_M_COMPRESSED_BYTES,
	ZSWAPNL_M_STORED_PAGES,
	ZSWAPNL_M_ZERO_PAGES,
	ZSWAPNL_M_ZSWPIN,
	ZSWAPNL_M_ZSWPOUT,
	ZSWAPNL_M_ZSWAP_MAX,
	ZSWAPNL_M_ZSWPWB,		/* since 1.1 */
	/* Since 1.3: memory.zswap.writeback (Linux 6.8) */
	ZSWAPNL_M_WRITEBACK,
	ZSWAPNL_M_WRITEBACK_EFFECTIVE,
	/*
	 * Since 1.4: stores refused, by reason (the patched kernel's family,
	 * and its memory.stat zswap_reject_* lines)
	 */
	ZSWAPNL_M_REJECT_ZSWAP_MAX,
	ZSWAPNL_M_REJECT_POOL_LIMIT,
	ZSWAPNL_M_REJECT_INCOMPRESSIBLE,
	ZSWAPNL_M_REJECT_ALLOC_FAIL,
	ZSWAPNL_M_NR_FIELDS,
};

struct zswapnl_memcg {
	uint32_t struct_size;
	uint64_t known;			/* 1 << enum zswapnl_memcg_field */
	uint64_t id;			/* cgroup id, as name_to_handle_at() gives it */
	char *path;			/* "/" or "/a/b"; owned, see zswapnl_memcg_free() */
	uint64_t compressed_bytes;	/* memory.zswap.current */
	uint64_t stored_pages;		/* memory.stat zswapped / page size */
	uint64_t zero_pages;
	uint64_t zswpin;
	uint64_t zswpout;
	uint64_t zswap_max;		/* bytes, or ZSWAPNL_MAX */
	/* Since 1.1 */
	uint64_t zswpwb;		/* memory.stat zswpwb: pages written back */
	/* Since 1.2: as in struct zswapnl_global; zswapnl_memcg_unknown() reads it */
	int16_t unknown[ZSWAPNL_FIELDS_MAX];
	/* Since 1.3 */
	bool writeback;			/* memory.zswap.writeback of the memcg itself */
	/*
	 * Whether its pages may go to the swap device: true when the memcg
	 * and every ancestor have writeback on. Off in one of them (the root
	 * too, where the kernel has the file there) keeps them off.
	 */
	bool writeback_effective;
	/*
	 * Since 1.4: the stores of the memcg's pages (its descendants'
	 * included, as the other counters) that zswap refused: at its or an
	 * ancestor's memory.zswap.max, as the pool was full, as the page did
	 * not compress (or not enough), for want of memory
	 */
	uint64_t reject_zswap_max;
	uint64_t reject_pool_limit;
	uint64_t reject_incompressible;
	uint64_t reject_alloc_fail;
};

/* Whether @memcg has the figure @field: its bit in the known mask */
static inline bool zswapnl_memcg_known(const struct zswapnl_memcg *memcg,
				       enum zswapnl_memcg_field field)
{
	return (unsigned int)field < ZSWAPNL_M_NR_FIELDS &&
	       (memcg->known & ((uint64_t)1 << field));
}

/*
 * What each field of struct zswapnl_global and struct zswapnl_memcg is,
 * for programs that show them all: one table in the library for each
 * struct, so that a figure a later version adds reaches such a program
 * with its unit and its kind. The words a program shows a field with
 * (names, labels, help) are the program's.
 */
enum zswapnl_unit {
	ZSWAPNL_UNIT_PAGES = 1,		/* a number of pages */
	ZSWAPNL_UNIT_BYTES,
	ZSWAPNL_UNIT_EVENTS,		/* a number of times something happened */
	ZSWAPNL_UNIT_PERCENT,		/* 0 to 100 */
	ZSWAPNL_UNIT_BOOL,
	ZSWAPNL_UNIT_NAME,		/* a string: compressor, zpool, a memcg's path */
	ZSWAPNL_UNIT_ID,		/* since 1.6: a number that names: a cgroup id */
};

/* Bits of the flags of struct zswapnl_field_info and struct zswapnl_global_info */
enum {
	/* Only grows, until a reboot: a Prometheus counter */
	ZSWAPNL_INFO_COUNTER = 1 << 0,
	/* A module parameter, which zswapnl_set_params() changes */
	ZSWAPNL_INFO_PARAM = 1 << 1,
	/* Since 1.6: ZSWAPNL_MAX stands for no limit (a memcg's zswap_max) */
	ZSWAPNL_INFO_MAX = 1 << 2,
};

/* Since 1.6 */
struct zswapnl_field_info {
	uint32_t struct_size;		/* of the library's version: read no field past it */
	unsigned int field;		/* enum zswapnl_global_field or zswapnl_memcg_field */
	enum zswapnl_unit unit;
	uint32_t flags;			/* ZSWAPNL_INFO_* */
	const char *attr;		/* the netlink attribute's name in the spec, or NULL */
	/*
	 * What the fallback reads, or NULL: a path ("/proc/vmstat zswpin":
	 * a line of the file) for a global field, the name of a file of
	 * the memcg's folder ("memory.stat zswpwb") for a memcg's
	 */
	const char *file;
};

/*
 * What @field of struct zswapnl_global, or of struct zswapnl_memcg, is;
 * NULL for a field this library does not have. The fields are numbered
 * from 0 without a gap: asking from 0 up to the first NULL lists every
 * field of the library that runs. Static data. Since 1.6.
 */
const struct zswapnl_field_info *zswapnl_global_field_info(enum zswapnl_global_field field);
const struct zswapnl_field_info *zswapnl_memcg_field_info(enum zswapnl_memcg_field field);

/*
 * Deprecated since 1.6, for zswapnl_global_field_info(): the words of
 * zswapctl, which are its own now. Each field of 1.5 keeps the words it
 * had there; a field added later is not listed.
 */
struct zswapnl_global_info {
	uint32_t struct_size;		/* of the library's version: read no field past it */
	enum zswapnl_global_field field;
	enum zswapnl_unit unit;
	uint32_t flags;			/* ZSWAPNL_INFO_* */
	const char *key;		/* a word of [a-z0-9_]: the JSON key of zswapctl */
	const char *attr;		/* the netlink attribute's name in the spec, or NULL */
	const char *file;		/* what the fallback reads, or NULL */
	const char *metric;		/* the Prometheus metric's name, or NULL */
	const char *label;		/* a few lower-case words, for text output */
	const char *help;		/* one sentence */
};

/*
 * The fields of struct zswapnl_global, one at each @index from 0, in the
 * order to show them (parameters first), then NULL. Static data. Since
 * 1.1; deprecated since 1.6 (above).
 */
const struct zswapnl_global_info *zswapnl_global_info(size_t index);

/*
 * The value of @field as a number (a name has none; enabled is 1 or 0):
 * false when @global does not have it (unknown, or past its struct_size).
 * Since 1.1.
 */
bool zswapnl_global_value(const struct zswapnl_global *global, enum zswapnl_global_field field,
			  uint64_t *value);

/* The same for a memcg's field (a flag is 1 or 0; the path has none). Since 1.6. */
bool zswapnl_memcg_value(const struct zswapnl_memcg *memcg, enum zswapnl_memcg_field field,
			 uint64_t *value);

struct zswapnl;

/*
 * Why @field of @global, which @handle filled, is unknown: 0 when it is
 * known. Otherwise a negative errno, and @why, when given, gets in its msg
 * what happened and what would give the figure, in words that do not
 * name the field (several share them: "needs root (for
 * /sys/kernel/debug/zswap) or zswap's netlink family"), and in its attr
 * the field's netlink attribute when the family left it out. The errors:
 *   -ENOENT      the kernel has no such figure: no such file or /proc
 *                line (a counter of a later kernel, a parameter a later
 *                one dropped), no /sys/kernel/debug/zswap, or an
 *                attribute the family did not send
 *   -EACCES      this process may not read its file (debugfs is root's)
 *   -ENODEV      debugfs is not mounted on /sys/kernel/debug
 *   -EOPNOTSUPP  the handle's source has no such figure (a counter the
 *                netlink family has no attribute for; a memcg's zero
 *                pages, which no cgroup file counts)
 *   -EBADMSG     its file or line holds no value of its kind
 *   -ERANGE      its value is beyond what the field holds
 *   -ENODATA     nothing says why: @global is not this library's filling
 *   other        reading its file failed with that error
 * Where the kernel's whole line has no such figure (no zero pages in
 * zswap and no duplicate_entry from Linux 6.12 on, no zpool from 6.18 on),
 * the words say that, whatever stopped the source: the release is
 * uname(2)'s over netlink and under "/", else <root>/proc/sys/kernel/osrelease.
 * @handle may be NULL; the words are then less exact. Since 1.2.
 */
int zswapnl_global_unknown(const struct zswapnl *handle, const struct zswapnl_global *global,
			   enum zswapnl_global_field field, struct zswapnl_error *why);

/*
 * The same for a memcg's field, as zswapnl_get_memcg() or
 * zswapnl_list_memcgs() on @handle filled it; the words name no cgroup
 * ("the root cgroup has no memory.zswap.* files"). Since 1.2.
 *
 * Both are deprecated since 1.6, for zswapnl_global_reason() and
 * zswapnl_memcg_reason(), which say the same as a reason code, an errno
 * value and a path, for the program to word: they keep the words of 1.5.
 */
int zswapnl_memcg_unknown(const struct zswapnl *handle, const struct zswapnl_memcg *memcg,
			  enum zswapnl_memcg_field field, struct zswapnl_error *why);

/* Why a figure is unknown (since 1.6): the values of struct zswapnl_reason.code */
enum zswapnl_reason_code {
	ZSWAPNL_REASON_KNOWN,		/* the figure is known */
	ZSWAPNL_REASON_INVALID,		/* no struct, or no such field: -EINVAL */
	ZSWAPNL_REASON_NOT_RECORDED,	/* nothing says why (-ENODATA, above) */
	ZSWAPNL_REASON_NOT_ON_KERNEL,	/* the kernel has no such file, line or figure */
	ZSWAPNL_REASON_NOT_IN_FAMILY,	/* the netlink family has no attribute for it */
	ZSWAPNL_REASON_NOT_SENT,	/* the family left out attr: its kernel has none */
	/*
	 * The cgroup files lack it, and the family that has it refused this
	 * process its memcg reads (they need CAP_SYS_ADMIN)
	 */
	ZSWAPNL_REASON_MEMCG_READS_REFUSED,
	/* Only the family of a patched kernel counts it: zero pages */
	ZSWAPNL_REASON_NEEDS_FAMILY,
	/* Only a patched kernel counts it: a memcg's refused stores */
	ZSWAPNL_REASON_NEEDS_PATCHED,
	/* The kernel line keeps zero-filled pages out of zswap (Linux 6.12 on) */
	ZSWAPNL_REASON_ZEROMAP,
	/* The kernel line has no zpool layer (Linux 6.18 on) */
	ZSWAPNL_REASON_NO_ZPOOL,
	/* The kernel line counts no refused stores per memcg (Linux 6.12 on) */
	ZSWAPNL_REASON_NO_MEMCG_REJECTS,
	/* path (/sys/kernel/debug/zswap) is root's: root or the family gives it */
	ZSWAPNL_REASON_DEBUGFS_DENIED,
	ZSWAPNL_REASON_DEBUGFS_UNMOUNTED,	/* no debugfs on /sys/kernel/debug */
	ZSWAPNL_REASON_NO_DEBUGFS_DIR,	/* no path (/sys/kernel/debug/zswap); the family gives it */
	ZSWAPNL_REASON_ROOT_CGROUP,	/* the root cgroup has no such file (file: path) */
	/* It is counted in bytes and needs the page size, which path would give */
	ZSWAPNL_REASON_PAGE_SIZE,
	/*
	 * path (with line: that line of it) could not give it: error is
	 * -EBADMSG for no valid value, -ERANGE for a value out of range,
	 * else the error reading it failed with
	 */
	ZSWAPNL_REASON_FILE,
};

/* Since 1.6 */
struct zswapnl_reason {
	uint32_t struct_size;		/* sizeof(struct zswapnl_reason) */
	enum zswapnl_reason_code code;
	int error;			/* the negative errno value the call returns, 0 */
	/*
	 * The file the code is about, under the handle's root, or "": for a
	 * memcg's field, the name of the file in the memcg's folder
	 */
	char path[4096];
	char line[64];			/* the line of path ("zswpin"), or "" */
	char attr[64];			/* the attribute the family left out, or "" */
};

/*
 * Why @field of @global, which @handle filled, is unknown: 0 and
 * ZSWAPNL_REASON_KNOWN when it is known, else the negative errno value
 * zswapnl_global_unknown() returns, and in @reason the code, that value,
 * and the path, line and attribute the code names. zswapnl_memcg_reason()
 * does the same for a memcg's field, and zswapnl_page_size_reason() for
 * the page size (zswapnl_page_size()): ZSWAPNL_REASON_PAGE_SIZE, or
 * KNOWN. @handle may be NULL for the first two, as for
 * zswapnl_global_unknown(). A later version may add codes: a program
 * words one it does not know by its errno value. Since 1.6.
 */
int zswapnl_global_reason(const struct zswapnl *handle, const struct zswapnl_global *global,
			  enum zswapnl_global_field field, struct zswapnl_reason *reason);
int zswapnl_memcg_reason(const struct zswapnl *handle, const struct zswapnl_memcg *memcg,
			 enum zswapnl_memcg_field field, struct zswapnl_reason *reason);
int zswapnl_page_size_reason(const struct zswapnl *handle, struct zswapnl_reason *reason);

/*
 * The page size of the system @handle reads, in *@size: the running
 * system's over netlink and under the root "/", the KernelPageSize of
 * <root>/proc/self/smaps under another root (a tree recorded on a system
 * of 64 KiB pages has them). 0, or for a tree that does not say, a
 * negative errno and @why saying so (words deprecated since 1.6, as those
 * of zswapnl_global_unknown(): zswapnl_page_size_reason()); the figures
 * counted in pages that the fallback derives from bytes (a memcg's stored
 * pages, the pool limit) are then unknown for that reason. Since 1.2.
 */
int zswapnl_page_size(const struct zswapnl *handle, uint64_t *size, struct zswapnl_error *why);

/*
 * A list of memcgs, filled by zswapnl_list_memcgs(), read with
 * zswapnl_memcg_list_count() and zswapnl_memcg_list_get(), emptied by
 * zswapnl_memcg_list_free(). The library allocates each memcg at the size
 * of its own version (the memcg's struct_size), and the list holds
 * pointers to them: a caller built against an older zswapnl.h reads the
 * fields it knows, and one built against a newer zswapnl.h reads a field
 * added after 1.0 only when struct_size reaches past it.
 */
struct zswapnl_memcg_list {
	size_t count;
	struct zswapnl_memcg **items;	/* in cgroup id order */
};

/* Bits of struct zswapnl_params.set: which fields to change */
enum {
	ZSWAPNL_SET_COMPRESSOR = 1 << 0,
	ZSWAPNL_SET_ZPOOL = 1 << 1,
	ZSWAPNL_SET_ENABLED = 1 << 2,
	ZSWAPNL_SET_MAX_POOL_PERCENT = 1 << 3,
	ZSWAPNL_SET_ACCEPT_THRESHOLD_PERCENT = 1 << 4,
};

struct zswapnl_params {
	uint32_t struct_size;
	uint32_t set;
	const char *compressor;
	const char *zpool;
	bool enabled;
	uint32_t max_pool_percent;		/* 0 to 100 */
	uint32_t accept_threshold_percent;	/* 0 to 100 */
};

/* Event types: the values of enum zswap_event in <linux/zswap.h> */
enum zswapnl_event_type {
	ZSWAPNL_EVENT_PARAMS_CHANGED = 1,
	ZSWAPNL_EVENT_POOL_SWITCHED = 2,
	ZSWAPNL_EVENT_POOL_LIMIT_HIT = 3,
	/* Since 1.4, a memcg event: a store was refused at its memory.zswap.max */
	ZSWAPNL_EVENT_MEMCG_LIMIT_HIT = 4,
};

/*
 * state is the last member and must stay so: it grows as struct
 * zswapnl_global grows (state.struct_size says how large the caller's is),
 * and so struct zswapnl_event can never have a field of its own added.
 * What an event needs later goes into struct zswapnl_global or into a new
 * call with a struct of its own.
 */
struct zswapnl_event {
	uint32_t struct_size;
	uint32_t type;			/* enum zswapnl_event_type */
	struct zswapnl_global state;	/* counters and parameters after it */
};

/*
 * A memcg event (since 1.4), from the "memcg-events" group: its type and
 * the figures of the memcg it is about, as the kernel sent them, its path
 * relative to the initial cgroup namespace (the host's: joining the group
 * needs CAP_SYS_ADMIN). memcg is the last member, for the reason state is
 * in struct zswapnl_event: it grows as struct zswapnl_memcg grows, and
 * memcg.struct_size says how large the caller's is. Its path is the
 * caller's: zswapnl_memcg_free(&event->memcg).
 */
struct zswapnl_memcg_event {
	uint32_t struct_size;
	uint32_t type;			/* enum zswapnl_event_type */
	struct zswapnl_memcg memcg;
};

/*
 * The version of the library loaded at run time, as "MAJOR.MINOR.PATCH":
 * the Version of libzswapnl.pc and of the file libzswapnl.so.MAJOR.MINOR.PATCH.
 * A static string.
 */
const char *zswapnl_version(void);

/*
 * ZSWAPNL_MODE_AUTO takes the files when the kernel has no family, and also
 * when the system denies this process netlink (EPERM or EACCES from the
 * socket or the request: a seccomp filter, a security module): then it
 * returns 0 with err->code 0 and err->msg saying why, for the caller to
 * pass on. ZSWAPNL_MODE_NETLINK returns that error.
 *
 * Family layout: the kernel's "zswap" family is used when the generic
 * netlink controller lists its memcg-get command with a dump, as the
 * <linux/zswap.h> this library was built with has it; attributes of a
 * later kernel that the library does not know are skipped. The project's
 * earlier draft of the family has other numbers: AUTO then takes the
 * files, with err->code 0 and err->msg saying so, and NETLINK fails with
 * -EOPNOTSUPP.
 *
 * Errors of any netlink request: -EBADMSG for a reply that is malformed
 * (err->attr names the attribute when one is: an attribute this library
 * knows must pass libmnl's mnl_attr_validate() for its type), -EOVERFLOW
 * when the kernel said part of its reply was lost (NLMSG_OVERRUN),
 * -ETIMEDOUT when the kernel sent nothing for 10 seconds while a reply was
 * awaited (the wait is for each datagram: a long dump may take longer in
 * all), -ENOBUFS when the socket's receive buffer overflowed and the handle
 * is not subscribed to events (subscribed, that is lost events: the
 * request goes on, and zswapnl_read_event() says so). A request that
 * fails part-way through a dump first reads what the socket holds of the
 * rest of it, so that the handle's next dump is not refused with -EBUSY.
 */
int zswapnl_open(struct zswapnl **handle, const struct zswapnl_options *opts,
		 struct zswapnl_error *err);
void zswapnl_close(struct zswapnl *handle);
enum zswapnl_source zswapnl_source(const struct zswapnl *handle);
/*
 * The source of the memcg reads (get, by path, list; since 1.5): the
 * handle's, until the kernel refuses this process the family's memcg reads
 * (EPERM: they need CAP_SYS_ADMIN in the initial user namespace, as the
 * folder modes of cgroupfs do not apply to them). From that refusal on,
 * ZSWAPNL_MODE_AUTO reads the cgroup files instead, quietly, where the
 * modes apply; ZSWAPNL_MODE_NETLINK returns the error.
 */
enum zswapnl_source zswapnl_memcg_source(const struct zswapnl *handle);

int zswapnl_get_global(struct zswapnl *handle, struct zswapnl_global *global,
		       struct zswapnl_error *err);

/*
 * One memcg by cgroup id, or by its path below the cgroup2 root, of any
 * length (opened a folder at a time: a path may be longer than PATH_MAX,
 * and no link is followed). The root
 * is where /proc/self/mountinfo (under the options' root) says cgroup2 is
 * mounted: /sys/fs/cgroup, or /sys/fs/cgroup/unified on a hybrid host;
 * under a root without that file, /sys/fs/cgroup. Where there is no
 * cgroup2 hierarchy, or one without the memory controller, the fallback's
 * calls (and a path's lookup) return -EOPNOTSUPP.
 */
int zswapnl_get_memcg(struct zswapnl *handle, uint64_t id, struct zswapnl_memcg *memcg,
		      struct zswapnl_error *err);
int zswapnl_get_memcg_by_path(struct zswapnl *handle, const char *path,
			      struct zswapnl_memcg *memcg, struct zswapnl_error *err);
void zswapnl_memcg_free(struct zswapnl_memcg *memcg);

/*
 * Every memcg, in cgroup id order. Over netlink this is a dump. The
 * kernel's family walks the memcgs by id and never marks it inconsistent;
 * should a kernel mark one (NLM_F_DUMP_INTR on a message of the dump: what
 * it lists changed while it was read), the dump is asked again once, and a
 * second inconsistent dump gives -EAGAIN (the list is then empty; calling
 * again is the remedy). The flag means nothing on a reply that is not a
 * dump, and is ignored there.
 *
 * The fallback walks the cgroup2 folders; one it may not open or read (a
 * folder closed to this user, no file descriptor left) hides its cgroups:
 * the call returns 0 all the same, with err->code 0 and err->msg saying
 * how many, why and which ("/a/b" for a folder not opened, "/a/b/" and an
 * asterisk for one not read), for the caller to pass on, as zswapnl_open()
 * does for a denied netlink. A lookup by id that does not find the cgroup among the
 * folders it could open fails with that error rather than -ENOENT.
 */
int zswapnl_list_memcgs(struct zswapnl *handle, struct zswapnl_memcg_list *list,
			struct zswapnl_error *err);
size_t zswapnl_memcg_list_count(const struct zswapnl_memcg_list *list);
/* The memcg at @index (0 first, in cgroup id order), or NULL past the end */
const struct zswapnl_memcg *zswapnl_memcg_list_get(const struct zswapnl_memcg_list *list,
						   size_t index);
void zswapnl_memcg_list_free(struct zswapnl_memcg_list *list);

/*
 * Needs CAP_SYS_ADMIN (netlink) or write access to the files (fallback).
 * All or none with either source: the fallback checks every value and
 * reads every file's value before it writes any, and when a write fails it
 * writes the old values back, last first; err->msg then says what was set
 * back, and what could not be. -EOPNOTSUPP: the kernel has no such
 * parameter (no zpool since Linux 6.18); -ERANGE: a percentage above 100
 * or a name too long.
 */
int zswapnl_set_params(struct zswapnl *handle, const struct zswapnl_params *params,
		       struct zswapnl_error *err);
int zswapnl_set_memcg_zswap_max(struct zswapnl *handle, uint64_t id, uint64_t max_bytes,
				struct zswapnl_error *err);

/*
 * memory.zswap.writeback of the memcg @id: whether its pages may go to the
 * swap device (its descendants' too, whose own value stays as it is).
 * Over netlink where the kernel's family takes the attribute; else, a
 * family that refuses it as unknown (one of the series before it)
 * included, by writing the cgroup's file. -EOPNOTSUPP, err->msg saying
 * so, on a kernel that has neither (Linux before 6.8), and for the root
 * cgroup with the files of a kernel that gives the root none; over
 * netlink the kernel's answer for the root is its own. Since 1.3.
 */
int zswapnl_set_memcg_writeback(struct zswapnl *handle, uint64_t id, bool writeback,
				struct zswapnl_error *err);

/*
 * Events (netlink only; -EOPNOTSUPP with the fallback). After subscribing,
 * poll zswapnl_event_fd() for input and call zswapnl_read_event(), which
 * returns 1 with an event, 0 when none is pending, or a negative errno
 * (-ENOBUFS once when events were lost). Events that arrive while another
 * call on the handle waits for its reply are kept for zswapnl_read_event():
 * after such a call, read events until it returns 0 before polling again.
 * zswapnl_event_fd() returns a negative errno before zswapnl_subscribe()
 * or zswapnl_subscribe_memcg_events().
 */
int zswapnl_subscribe(struct zswapnl *handle, struct zswapnl_error *err);
int zswapnl_event_fd(const struct zswapnl *handle);
int zswapnl_read_event(struct zswapnl *handle, struct zswapnl_event *event,
		       struct zswapnl_error *err);

/*
 * Memcg events (since 1.4; netlink only): zswapnl_subscribe_memcg_events()
 * joins the "memcg-events" group, on the socket of zswapnl_event_fd(),
 * which it gives also when the handle has not joined "events". -EPERM
 * without CAP_SYS_ADMIN in the initial user namespace (the handle stays as
 * it was, its global events too); -EOPNOTSUPP with the fallback, and with
 * a family that has no such group (the kernels before the series' patch
 * 0022). zswapnl_read_memcg_event() reads them as zswapnl_read_event()
 * reads the others, from a queue of their own: each returns the events of
 * its group only, so a program that reads both calls both after a poll,
 * until each returns 0. After a lost datagram (-ENOBUFS), which group it
 * was for is not known: each call says so once. The event's memcg gets a
 * path to free with zswapnl_memcg_free(); with the return 0 or an error,
 * it has none.
 */
int zswapnl_subscribe_memcg_events(struct zswapnl *handle, struct zswapnl_error *err);
int zswapnl_read_memcg_event(struct zswapnl *handle, struct zswapnl_memcg_event *event,
			     struct zswapnl_error *err);

/*
 * The compressors the kernel has (from /proc/crypto under the root), as a
 * NULL-terminated array to free with zswapnl_names_free(); for messages that
 * list what an admin could have meant.
 */
int zswapnl_available_compressors(struct zswapnl *handle, char ***names);
void zswapnl_names_free(char **names);

#ifdef __cplusplus
}
#endif

#endif /* ZSWAPNL_H */
