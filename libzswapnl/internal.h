/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * What the parts of libzswapnl share. Nothing here is exported: the library
 * is built with -fvisibility=hidden, and only the declarations of zswapnl.h
 * get the default visibility.
 */
#ifndef ZSWAPNL_INTERNAL_H
#define ZSWAPNL_INTERNAL_H

#include <libmnl/libmnl.h>
#include <linux/zswap.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>
#include <sys/stat.h>

#pragma GCC visibility push(default)
#include "zswapnl.h"
#pragma GCC visibility pop

#define ZNL_ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))
#define ZNL_BIT(nr) (UINT64_C(1) << (nr))
#define ZNL_MIN(a, b) ((a) < (b) ? (a) : (b))
#define ZNL_MAX(a, b) ((a) > (b) ? (a) : (b))

/*
 * The longest path a memcg of a list keeps: a longer one is left unknown
 * (-ENAMETOOLONG), as the kernel's dump leaves out a path that does not
 * fit its message, so that a list takes memory in proportion to the
 * number of memcgs, not to the square of a tree's depth. Four PATH_MAX; a
 * lookup by id or by path returns the whole path, whatever its length.
 */
#define ZNL_LIST_PATH_MAX (4 * 4096)

#define ZNL_ALIGN(x, a) (((x) + (a) - 1) / (a) * (a))
#define znl_offsetofend(type, member) (offsetof(type, member) + sizeof(((type *)0)->member))

/*
 * The sizes of the structs of version 1.0: a caller's struct_size is never
 * less. Not sizeof(struct ...): that grows with the first field a later
 * version appends, and every caller built against 1.0 would be refused.
 * Each is sizeof() of the 1.0 layout, named by its last field, as the
 * compiler pads it (to the struct's alignment), so that it holds on every
 * ABI: i386 aligns a uint64_t to 4 bytes, ILP32 has 4-byte pointers.
 * struct zswapnl_event ends with a struct zswapnl_global, so it grows
 * with it and has no field of its own to add (zswapnl.h).
 */
#define ZNL_V1_SIZE(type, last) ZNL_ALIGN(znl_offsetofend(type, last), _Alignof(type))
#define ZNL_OPTIONS_SIZE_V1 ZNL_V1_SIZE(struct zswapnl_options, root)
#define ZNL_GLOBAL_SIZE_V1 ZNL_V1_SIZE(struct zswapnl_global, accept_threshold_percent)
#define ZNL_MEMCG_SIZE_V1 ZNL_V1_SIZE(struct zswapnl_memcg, zswap_max)
#define ZNL_PARAMS_SIZE_V1 ZNL_V1_SIZE(struct zswapnl_params, accept_threshold_percent)
#define ZNL_EVENT_SIZE_V1 (offsetof(struct zswapnl_event, state) + ZNL_GLOBAL_SIZE_V1)

/*
 * The 1.0 sizes on x86-64, as literals: a change to a 1.0 field (its type,
 * its place) changes the ABI of libzswapnl.so.1 and stops the build here.
 * A field appended after the last one changes none of them.
 */
#if defined(__x86_64__) && defined(__LP64__)
_Static_assert(ZNL_OPTIONS_SIZE_V1 == 16, "the 1.0 layout of struct zswapnl_options changed");
_Static_assert(ZNL_GLOBAL_SIZE_V1 == 232, "the 1.0 layout of struct zswapnl_global changed");
_Static_assert(ZNL_MEMCG_SIZE_V1 == 80, "the 1.0 layout of struct zswapnl_memcg changed");
_Static_assert(ZNL_PARAMS_SIZE_V1 == 40, "the 1.0 layout of struct zswapnl_params changed");
_Static_assert(ZNL_EVENT_SIZE_V1 == 240, "the 1.0 layout of struct zswapnl_event changed");
#endif
/*
 * struct zswapnl_memcg_event came with 1.4: its smallest size is that
 * version's, with the memcg of 1.4
 */
#define ZNL_MEMCG_SIZE_V14 ZNL_V1_SIZE(struct zswapnl_memcg, reject_alloc_fail)
#define ZNL_MEMCG_EVENT_SIZE_V14 (offsetof(struct zswapnl_memcg_event, memcg) + ZNL_MEMCG_SIZE_V14)

/* The event's state is its last member: it can grow only there */
_Static_assert(sizeof(struct zswapnl_event) ==
		       offsetof(struct zswapnl_event, state) + sizeof(struct zswapnl_global),
	       "struct zswapnl_event has a member after its state");
_Static_assert(sizeof(struct zswapnl_memcg_event) ==
		       offsetof(struct zswapnl_memcg_event, memcg) + sizeof(struct zswapnl_memcg),
	       "struct zswapnl_memcg_event has a member after its memcg");

/* Receive buffer: the largest message a dump can put in one datagram */
#define ZNL_RECV_SIZE 32768
/* Request buffer: GET, SET, MEMCG_GET and MEMCG_SET all fit with room */
#define ZNL_REQ_SIZE 1024
/* Events that arrive while a call waits for its reply, kept for later */
#define ZNL_EVENT_QUEUE_MAX 64
/* How long a request waits for each part of its reply */
#define ZNL_REPLY_TIMEOUT_MS 10000

struct znl_event_msg {
	struct znl_event_msg *next;
	size_t len;
	unsigned char data[];
};

/* The events of one multicast group, as received, not yet read */
struct znl_event_queue {
	struct znl_event_msg *head, *tail;
	unsigned int count;
	bool lost;		/* the socket overran, or the queue did */
};

/*
 * How requests go out and datagrams come in: the handle's socket, or, in
 * the unit tests, recorded replies. recv fills h->rbuf (ZNL_RECV_SIZE) and
 * returns its length, -EAGAIN when @dontwait and nothing is there,
 * -ETIMEDOUT when nothing came within the reply timeout, or another
 * negative errno; send returns 0 or a negative errno. nl.c checks each
 * datagram's message lengths before anything walks them.
 */
struct znl_transport {
	int (*send)(struct zswapnl *h, const void *buf, size_t len);
	ssize_t (*recv)(struct zswapnl *h, bool dontwait, struct zswapnl_error *err);
};

struct zswapnl {
	enum zswapnl_source source;
	enum zswapnl_mode mode;
	/*
	 * The memcg calls' source: source, until the kernel refuses this
	 * process the family's memcg reads (they need CAP_SYS_ADMIN in the
	 * initial user namespace) and AUTO reads the cgroup files instead
	 * (api.c)
	 */
	enum zswapnl_source memcg_source;
	char *root;		/* prefix of every path: "" for "/" */
	/* The folder of another root, or why it could not be opened (sysfile.c) */
	int root_fd;
	/*
	 * The page size of the system the handle reads: the running one's,
	 * or the recorded tree's; 0 when the tree does not say, why in
	 * page_size_error (handle.c)
	 */
	long page_size;
	int page_size_error;
	/*
	 * The release of the kernel the handle reads, ZNL_KERNEL(major,
	 * minor): the running one's, or the recorded tree's
	 * proc/sys/kernel/osrelease; 0 when the tree does not say
	 * (handle.c). What it decides is only the words of why a figure is
	 * unknown (unknown.c): what a whole kernel line lacks.
	 */
	unsigned int kernel;

	/* Netlink source only */
	struct mnl_socket *nl;
	const struct znl_transport *xport;
	void *xport_data;	/* the unit tests' */
	uint32_t portid;
	uint32_t seq;
	uint16_t family;	/* the "zswap" family's id */
	bool family_ok;		/* its layout is this library's (genl_ctrl.c) */
	uint32_t events_group;	/* 0: the family has no "events" group */
	uint32_t memcg_events_group;	/* 0: none named "memcg-events" */
	bool subscribed;	/* to "events" */
	bool memcg_subscribed;	/* to "memcg-events" */
	unsigned char *req;	/* the request in flight, for extack offsets */
	size_t req_len;
	unsigned char *rbuf;	/* ZNL_RECV_SIZE bytes */

	/*
	 * Events received while waiting for a reply, or while reading the
	 * events of the other group: those of "events" and "memcg-events"
	 */
	struct znl_event_queue ev;
	struct znl_event_queue mev;
};

/* Linux major.minor, as struct zswapnl's kernel holds it */
#define ZNL_KERNEL(major, minor) ((major) << 8 | (minor))

/* Whether @h reads a kernel of @release (ZNL_KERNEL()) or later: false when not known */
static inline bool znl_kernel_since(const struct zswapnl *h, unsigned int release)
{
	return h && h->kernel && h->kernel >= release;
}

/* error.c */
void znl_err_clear(struct zswapnl_error *err);
int znl_err(struct zswapnl_error *err, int code, const char *attr, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));
int znl_err_sys(struct zswapnl_error *err, int code, const char *attr, const char *what,
		const char *path);

/*
 * fields.c: the tables of the figures of struct zswapnl_global and of
 * struct zswapnl_memcg, and what reads and writes a field through them
 */
enum znl_from {
	ZNL_FROM_NONE,		/* the fallback computes it, or has it not */
	ZNL_FROM_PARAM,		/* a file of /sys/module/zswap/parameters */
	ZNL_FROM_DEBUGFS,	/* a file of /sys/kernel/debug/zswap */
	ZNL_FROM_VMSTAT,	/* a line of /proc/vmstat, in both sources */
	ZNL_FROM_CGROUP_FILE,	/* a file of the memcg's folder: a number, or "max" */
	ZNL_FROM_MEMORY_STAT,	/* a line of the memcg's memory.stat */
};

/* A figure: where each source has it, where it goes, why it may be missing */
struct znl_field {
	struct zswapnl_field_info info;
	uint16_t attr;		/* ZSWAP_A_*, 0 when the family has none */
	enum znl_from from;
	const char *name_in_source;	/* its file, or its line (vmstat, memory.stat) */
	const char *meminfo;	/* the /proc/meminfo line (kB) that gives it without debugfs */
	bool source_bytes;	/* its file counts bytes, the field pages */
	bool owned;		/* a string the struct points to and owns */
	/*
	 * The kernel releases (ZNL_KERNEL()) that have no such figure, from
	 * gone_since to before gone_until (0: the last), and the reason
	 * (enum zswapnl_reason_code) that is then, whatever the source
	 */
	uint16_t gone_since, gone_until;
	uint8_t gone_reason;
	/* What the reason is where a source has no such figure: NOT_ON_KERNEL when 0 */
	uint8_t lacking;
	size_t offset;		/* in the struct */
	size_t size;		/* 8: u64, 4: u32, 1: bool; a name's buffer size, or its pointer's */
};

struct znl_global_desc {
	struct znl_field f;
	struct zswapnl_global_info info;	/* zswapnl_global_info(): the words of 1.5 */
};

/* A table: its entries, each starting with its struct znl_field */
struct znl_table {
	const void *first;
	size_t stride, count;
	size_t unknown;		/* the offset of unknown[] in the struct */
};

extern const struct znl_table znl_global_table, znl_memcg_table;

/* The entry at @index, in the table's order, or NULL past the last */
const struct znl_field *znl_field_at(const struct znl_table *t, size_t index);
/* The entry of @field, or NULL */
const struct znl_field *znl_field_of(const struct znl_table *t, unsigned int field);
/* Set a number field (u64, u32 or bool) of the struct @s and its known bit */
void znl_field_set(const struct znl_table *t, void *s, const struct znl_field *f, uint64_t val);
/*
 * The same for a name, which fits its buffer; a field that owns its
 * string (f->owned) takes @name itself, which the struct then owns
 */
void znl_field_set_name(const struct znl_table *t, void *s, const struct znl_field *f,
			const char *name);
/*
 * Why @field of @s, not known, is not (a negative errno:
 * zswapnl_global_unknown() says what each means); a field set since is
 * known and keeps none
 */
void znl_field_unknown(const struct znl_table *t, void *s, unsigned int field, int error);
/* The recorded reason of @field, 0 for none (or no room for it in the struct) */
int znl_field_recorded(const struct znl_table *t, const void *s, unsigned int field);
/* A caller's smaller struct has no room for the fields past its struct_size */
void znl_field_mask_known(const struct znl_table *t, void *s);

static inline const struct znl_field *znl_global_field(size_t index)
{
	return znl_field_at(&znl_global_table, index);
}

static inline void znl_global_set_u64(struct zswapnl_global *g, const struct znl_field *f,
				      uint64_t val)
{
	znl_field_set(&znl_global_table, g, f, val);
}

static inline void znl_global_unknown(struct zswapnl_global *g, enum zswapnl_global_field field,
				      int error)
{
	znl_field_unknown(&znl_global_table, g, field, error);
}

static inline void znl_memcg_unknown(struct zswapnl_memcg *m, enum zswapnl_memcg_field field,
				     int error)
{
	znl_field_unknown(&znl_memcg_table, m, field, error);
}

/* structs.c: struct_size checks and copies */
int znl_check_size(uint32_t size, size_t min, const char *what, struct zswapnl_error *err);
void znl_copy_out(void *dst, const void *src, size_t src_size);
void znl_memcg_reset(struct zswapnl_memcg *m);

/*
 * A policy: the attribute types of a message or a nest, indexed by type,
 * each with its name (errors say it) and the type mnl_attr_validate()
 * checks it as, or ZNL_TYPE_UINT for the spec's "uint", which libmnl does
 * not have: four bytes or eight (znl_attr_get_uint()). A type without a
 * name, or past @max, is skipped: an attribute of a later kernel.
 */
#define ZNL_TYPE_UINT MNL_TYPE_MAX

struct znl_attr_policy {
	const char *name;
	enum mnl_attr_data_type type;
};

struct znl_policy {
	const struct znl_attr_policy *attrs;
	unsigned int max;	/* the highest type of the policy */
	/*
	 * The attributes of the figures of a table (fields.c), with their
	 * names there and the types of their units, which @attrs leaves out,
	 * or NULL
	 */
	const struct znl_table *table;
};

#define ZNL_POLICY(attrs) { (attrs), ZNL_ARRAY_SIZE(attrs) - 1, NULL }

/* The policy of attribute @type, into @out: false for a type it does not have */
bool znl_policy_find(const struct znl_policy *policy, unsigned int type,
		     struct znl_attr_policy *out);

/* names.c: the attributes of the "zswap" family, by their names in the spec */
enum znl_attr_set {
	ZNL_SET_GLOBAL,
	ZNL_SET_MEMCG,
};

extern const struct znl_policy znl_policies[];	/* by enum znl_attr_set */
const char *znl_attr_name(enum znl_attr_set set, unsigned int type);
enum znl_attr_set znl_cmd_attr_set(uint8_t cmd);

/*
 * attr.c: libmnl's attribute walk, strict about the end of the buffer, and
 * the policy check on it. znl_attr_parse_policy() fills @tb (@policy->max
 * + 1 entries) with the attributes of @payload by type; -EBADMSG when one
 * fails its check (@err names it) or the last one is cut.
 * znl_attr_parse_nested() does the same for the attributes nested in
 * @nest, whose name @name is when it is not a nest.
 */
int znl_attr_parse(const void *payload, size_t len, mnl_attr_cb_t cb, void *data);
int znl_attr_parse_policy(const void *payload, size_t len, const struct znl_policy *policy,
			  const struct nlattr **tb, struct zswapnl_error *err);
int znl_attr_parse_nested(const struct nlattr *nest, const char *name,
			  const struct znl_policy *policy, const struct nlattr **tb,
			  struct zswapnl_error *err);
int znl_genl_msg(const void *msg, size_t len, uint8_t *cmd, const void **attrs,
		 size_t *attrs_len);
/* A "uint" attribute that passed its policy; and one to send */
uint64_t znl_attr_get_uint(const struct nlattr *attr);
void znl_attr_put_uint(struct nlmsghdr *nlh, uint16_t type, uint64_t value);

/*
 * decode.c: one complete netlink message (nlmsghdr, genlmsghdr and
 * attributes, as received) into a struct of this version's size. Unknown
 * attribute types are skipped; a malformed message gives -EBADMSG.
 */
int znl_decode_global(const void *msg, size_t len, struct zswapnl_global *global,
		      struct zswapnl_error *err);
/*
 * The fields of @t that a message's attributes @tb (parsed with the
 * table's policy) carry, into @s; the others unknown: -EBADMSG for a name
 * too long for its field, -ENOMEM
 */
int znl_decode_fields(const struct znl_table *t, void *s, const struct nlattr *const *tb,
		      struct zswapnl_error *err);
int znl_decode_event(const void *msg, size_t len, struct zswapnl_event *event,
		     struct zswapnl_error *err);
int znl_decode_memcg(const void *msg, size_t len, struct zswapnl_memcg *memcg,
		     struct zswapnl_error *err);
/* A memcg event: its memcg's path, when known, is the caller's to free */
int znl_decode_memcg_event(const void *msg, size_t len, struct zswapnl_memcg_event *event,
			   struct zswapnl_error *err);

/*
 * extack.c: an NLMSG_ERROR or NLMSG_DONE message for the request @req.
 * Returns the status it carries (0 for an acknowledgment, a negative errno
 * otherwise) and fills @err with the extack message and the name of the
 * attribute of @req it points at; -EBADMSG when it is malformed.
 */
int znl_parse_status(const void *msg, size_t len, const void *req, size_t req_len,
		     struct zswapnl_error *err);

/* nl.c: the socket and one request at a time */
typedef int (*znl_data_cb)(const struct nlmsghdr *nlh, void *data, struct zswapnl_error *err);

int znl_nl_open(struct zswapnl *h, struct zswapnl_error *err);
void znl_nl_close(struct zswapnl *h);
struct nlmsghdr *znl_req_start(struct zswapnl *h, uint16_t type, uint16_t flags, uint8_t cmd,
			       uint8_t version);
int znl_req_run(struct zswapnl *h, znl_data_cb cb, void *data, struct zswapnl_error *err);
int znl_nl_subscribe(struct zswapnl *h, struct zswapnl_error *err);
int znl_nl_read_event(struct zswapnl *h, struct zswapnl_event *event, struct zswapnl_error *err);
int znl_nl_subscribe_memcg(struct zswapnl *h, struct zswapnl_error *err);
int znl_nl_read_memcg_event(struct zswapnl *h, struct zswapnl_memcg_event *event,
			    struct zswapnl_error *err);

/* handle.c: zswapnl_open() over @xport (a socket of its own when NULL) */
int znl_open(struct zswapnl **handle, const struct zswapnl_options *opts,
	     const struct znl_transport *xport, void *xport_data, struct zswapnl_error *err);

/* genl_ctrl.c */
int znl_resolve_family(struct zswapnl *h, struct zswapnl_error *err);

/* nl_ops.c: the netlink source */
int znl_nl_get_global(struct zswapnl *h, struct zswapnl_global *g, struct zswapnl_error *err);
int znl_nl_get_memcg(struct zswapnl *h, uint64_t id, struct zswapnl_memcg *m,
		     struct zswapnl_error *err);
int znl_nl_list_memcgs(struct zswapnl *h, struct zswapnl_memcg_list *list,
		       struct zswapnl_error *err);
int znl_nl_set_params(struct zswapnl *h, const struct zswapnl_params *p,
		      struct zswapnl_error *err);

/* memcg_list.c: leave out the path of @m if longer than ZNL_LIST_PATH_MAX */
void znl_list_path_bound(struct zswapnl_memcg *m);

/* sysfile.c: small files under the handle's root */
int znl_path(const struct zswapnl *h, char *buf, size_t size, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));
int znl_open_in_root(const struct zswapnl *h, const char *path, int flags);
int znl_read_text(const struct zswapnl *h, const char *path, char **text, size_t *len);
int znl_read_line(const struct zswapnl *h, const char *path, char *buf, size_t size);
int znl_parse_u64(const char *s, uint64_t *val);
int znl_kv_u64(const char *text, const char *key, uint64_t *val);
int znl_write_text(const struct zswapnl *h, const char *path, const char *text);
/* The same, @path relative to the folder @dirfd (openat(2)) */
int znl_read_text_at(int dirfd, const char *path, char **text, size_t *len);
int znl_read_line_at(int dirfd, const char *path, char *buf, size_t size);
int znl_read_u64_at(int dirfd, const char *path, uint64_t *val);
int znl_write_text_at(int dirfd, const char *path, const char *text);
void znl_read_vmstat(const struct zswapnl *h, struct zswapnl_global *g);

/*
 * unknown.c: why a kernel without zswap's zpool layer (Linux 6.18 and
 * later) has no zpool, in words that fallback.c's refusal of a SET shares
 */
extern const char znl_no_zpool_words[];
/*
 * The deprecated words of version 1.5 for reason @r, whose file is a
 * cgroup's when @memcg, into @why; its error. zswapctl's unit tests check
 * that zswapctl's own words say the same.
 */
int znl_reason_words(const struct zswapnl_reason *r, bool memcg, struct zswapnl_error *why);

/* fallback.c and fallback_memcg.c: sysfs, debugfs, /proc and cgroupfs */
int znl_fb_get_global(struct zswapnl *h, struct zswapnl_global *g, struct zswapnl_error *err);
int znl_fb_set_params(struct zswapnl *h, const struct zswapnl_params *p,
		      struct zswapnl_error *err);
int znl_cgroup_root(const struct zswapnl *h, char *buf, size_t size, struct zswapnl_error *err);
int znl_cgroup_open(const struct zswapnl *h, const char *path, char **rel, struct stat *st,
		    struct zswapnl_error *err);
uint64_t znl_cgroup_id(int fd, const struct stat *st);
int znl_fb_get_memcg(struct zswapnl *h, uint64_t id, struct zswapnl_memcg *m,
		     struct zswapnl_error *err);
int znl_fb_get_memcg_by_path(struct zswapnl *h, const char *path, struct zswapnl_memcg *m,
			     struct zswapnl_error *err);
int znl_fb_list_memcgs(struct zswapnl *h, struct zswapnl_memcg_list *list,
		       struct zswapnl_error *err);
int znl_fb_set_memcg_zswap_max(struct zswapnl *h, uint64_t id, uint64_t max,
			       struct zswapnl_error *err);
int znl_fb_set_memcg_writeback(struct zswapnl *h, uint64_t id, bool writeback,
			       struct zswapnl_error *err);

/* memcg_list.c */
int znl_list_append(struct zswapnl_memcg_list *list, size_t *cap, struct zswapnl_memcg *m);
void znl_list_sort(struct zswapnl_memcg_list *list);

#endif /* ZSWAPNL_INTERNAL_H */
