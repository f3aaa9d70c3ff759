// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Why a figure is unknown: each source records, for every field it could
 * not fill, the error that stopped it (struct zswapnl_global's and struct
 * zswapnl_memcg's unknown[]); zswapnl_global_reason() and
 * zswapnl_memcg_reason() turn that into what a program can act on, a
 * reason code with the file or attribute it is about, for the program to
 * word. The deprecated zswapnl_global_unknown() and zswapnl_memcg_unknown()
 * word the same reasons as version 1.5 did; those words never name the
 * field, so that fields unknown for one reason share them.
 */

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#include "internal.h"

#define DEBUGFS_DIR "/sys/kernel/debug/zswap"

/* Since Linux 6.18 zswap allocates from zsmalloc itself: no zpool parameter */
const char znl_no_zpool_words[] = "this kernel has no zpool layer (Linux 6.18 and later)";

/*
 * A kernel line without the figure, whichever source asks: the fallback
 * finds no file or line, and the family of a patched kernel of that line
 * leaves the attribute out, as it does for every figure its kernel does
 * not have. What each release lacks is read in the sources of Linux 6.12
 * and 7.2 (mm/zswap.c's debugfs files and parameters, mm/page_io.c), and
 * is in the figure's entry of fields.c; a handle whose kernel release is
 * not known says what its source found.
 */
static bool gone(const struct zswapnl *h, const struct znl_field *f)
{
	return f->gone_since && znl_kernel_since(h, f->gone_since) &&
	       !(f->gone_until && znl_kernel_since(h, f->gone_until));
}

static bool from_netlink(const struct zswapnl *h)
{
	return h && h->source == ZSWAPNL_SOURCE_NETLINK;
}

/* The memcg figures came from the family (not from the files it refused us) */
static bool memcg_from_netlink(const struct zswapnl *h)
{
	return h && h->memcg_source == ZSWAPNL_SOURCE_NETLINK;
}

static int say(struct zswapnl_reason *r, enum zswapnl_reason_code code)
{
	r->code = code;
	return r->error;
}

static bool debugfs_dir_exists(const struct zswapnl *h)
{
	char path[4096];
	struct stat st;

	if (!h || znl_path(h, path, sizeof(path), DEBUGFS_DIR))
		return true;
	return !stat(path, &st) || errno != ENOENT;
}

/* @r gets the empty reason, and its error -EINVAL: a call on no struct */
static void reason_reset(struct zswapnl_reason *r)
{
	memset(r, 0, sizeof(*r));
	r->struct_size = sizeof(*r);
	r->code = ZSWAPNL_REASON_INVALID;
	r->error = -EINVAL;
}

/*
 * What @r starts from: the field's recorded error, and its file ("/proc/vmstat
 * zswpin": the file and its line), under the root @h reads when @root
 */
static void reason_start(const struct zswapnl *h, const struct znl_field *f, int recorded,
			 bool root, struct zswapnl_reason *r)
{
	const char *space;

	r->error = recorded ? recorded : -ENODATA;
	r->code = recorded ? ZSWAPNL_REASON_FILE : ZSWAPNL_REASON_NOT_RECORDED;
	if (!f->info.file)
		return;
	snprintf(r->path, sizeof(r->path), "%s", f->info.file);
	space = strchr(f->info.file, ' ');
	if (space) {
		snprintf(r->line, sizeof(r->line), "%s", space + 1);
		r->path[space - f->info.file] = '\0';
	}
	if (root && h && *h->root) {
		char rel[sizeof(r->path)];

		memcpy(rel, r->path, sizeof(rel));
		if (znl_path(h, r->path, sizeof(r->path), "%s", rel))
			memcpy(r->path, rel, sizeof(r->path));
	}
}

static int page_size_reason(const struct zswapnl *h, struct zswapnl_reason *r)
{
	reason_reset(r);
	if (!h)
		return r->error;
	r->error = 0;
	if (h->page_size)
		return say(r, ZSWAPNL_REASON_KNOWN);
	if (znl_path(h, r->path, sizeof(r->path), "/proc/self/smaps"))
		snprintf(r->path, sizeof(r->path), "/proc/self/smaps");
	r->line[0] = '\0';
	r->error = h->page_size_error;
	return say(r, ZSWAPNL_REASON_PAGE_SIZE);
}

/* A debugfs file that could not give its figure */
static int debugfs_reason(const struct zswapnl *h, const struct znl_field *f,
			  struct zswapnl_reason *r)
{
	switch (r->error) {
	case -EACCES:
	case -EPERM:
		return say(r, ZSWAPNL_REASON_DEBUGFS_DENIED);
	case -ENODEV:
		return say(r, ZSWAPNL_REASON_DEBUGFS_UNMOUNTED);
	case -ENOENT:
		if (!debugfs_dir_exists(h))
			return say(r, ZSWAPNL_REASON_NO_DEBUGFS_DIR);
		/* The stock kernel has none; ours counts them in debugfs and the family */
		return say(r, f->lacking ? f->lacking : ZSWAPNL_REASON_NOT_ON_KERNEL);
	default:
		return say(r, ZSWAPNL_REASON_FILE);
	}
}

/* Whether field @field of @s (either struct: the known masks share their place) is known */
static bool field_known(const void *s, unsigned int field)
{
	uint64_t known;

	memcpy(&known, (const char *)s + offsetof(struct zswapnl_global, known), sizeof(known));
	return known & ZNL_BIT(field);
}

/* The reason of a field of one struct that the common part leaves open */
typedef int (*reason_tail)(const struct zswapnl *h, const void *s, const struct znl_field *f,
			   struct zswapnl_reason *r);

/*
 * The reason of @field of @s, of table @t, for either struct, whose
 * figures came from the family when @family, and whose files are under
 * the handle's root when @root: what both share, then @tail's
 */
static int field_reason(const struct zswapnl *h, const struct znl_table *t, const void *s,
			unsigned int field, bool family, bool root, reason_tail tail,
			struct zswapnl_reason *r)
{
	const struct znl_field *f = NULL;

	reason_reset(r);
	if (s && field < t->count)
		f = znl_field_of(t, field);
	if (!f)
		return r->error;
	r->error = 0;
	if (field_known(s, field))
		return say(r, ZSWAPNL_REASON_KNOWN);
	reason_start(h, f, znl_field_recorded(t, s, field), root, r);
	if (r->error == -ENODATA)
		return r->error;
	if (family && r->error == -ENOENT && f->attr)
		snprintf(r->attr, sizeof(r->attr), "%s", f->info.attr);
	/*
	 * Whatever stopped the source (debugfs closed to this user too), a
	 * kernel without the figure is the reason: root would not give it
	 */
	if (gone(h, f))
		return say(r, f->gone_reason);
	/* /proc/vmstat is read in both sources */
	if (family && f->from != ZNL_FROM_VMSTAT && r->error == -ENOENT)
		return say(r, ZSWAPNL_REASON_NOT_SENT);
	if (family && f->from != ZNL_FROM_VMSTAT && r->error == -EOPNOTSUPP)
		return say(r, ZSWAPNL_REASON_NOT_IN_FAMILY);
	r->attr[0] = '\0';
	return tail(h, s, f, r);
}

static int global_reason(const struct zswapnl *h, const struct zswapnl_global *g,
			 enum zswapnl_global_field field, struct zswapnl_reason *r);

static int global_tail(const struct zswapnl *h, const void *s, const struct znl_field *f,
		       struct zswapnl_reason *r)
{
	const struct zswapnl_global *g = s;

	/* A module without the zpool parameter has no zpool layer, whatever its release */
	if (f->info.field == ZSWAPNL_G_ZPOOL && r->error == -ENOENT && h && !from_netlink(h))
		return say(r, ZSWAPNL_REASON_NO_ZPOOL);
	/* The pool limit is max_pool_percent of MemTotal, in whole pages */
	if (f->info.field == ZSWAPNL_G_POOL_LIMIT_BYTES && !from_netlink(h) &&
	    !zswapnl_global_known(g, ZSWAPNL_G_MAX_POOL_PERCENT))
		return global_reason(h, g, ZSWAPNL_G_MAX_POOL_PERCENT, r);
	if (f->info.field == ZSWAPNL_G_POOL_LIMIT_BYTES && h && !h->page_size)
		return page_size_reason(h, r);
	if (f->from == ZNL_FROM_DEBUGFS)
		return debugfs_reason(h, f, r);
	if (r->error == -ENOENT && f->from != ZNL_FROM_NONE)
		return say(r, ZSWAPNL_REASON_NOT_ON_KERNEL);
	return say(r, ZSWAPNL_REASON_FILE);
}

static int memcg_tail(const struct zswapnl *h, const void *s, const struct znl_field *f,
		      struct zswapnl_reason *r)
{
	const struct zswapnl_memcg *m = s;

	if (from_netlink(h) && r->error == -EOPNOTSUPP)
		return say(r, ZSWAPNL_REASON_MEMCG_READS_REFUSED);
	/* No cgroup file has it (zero pages), or no file of this kernel's (refusals) */
	if (f->lacking && (r->error == -EOPNOTSUPP || r->error == -ENOENT))
		return say(r, f->lacking);
	/* memory.stat counts them in bytes */
	if (f->source_bytes && h && !h->page_size)
		return page_size_reason(h, r);
	if (!f->info.file)
		return say(r, ZSWAPNL_REASON_NOT_RECORDED);
	if (r->error == -ENOENT && !r->line[0] && zswapnl_memcg_known(m, ZSWAPNL_M_PATH) &&
	    m->path && !strcmp(m->path, "/"))
		return say(r, ZSWAPNL_REASON_ROOT_CGROUP);
	if (r->error == -ENOENT)
		return say(r, ZSWAPNL_REASON_NOT_ON_KERNEL);
	return say(r, ZSWAPNL_REASON_FILE);
}

static int global_reason(const struct zswapnl *h, const struct zswapnl_global *g,
			 enum zswapnl_global_field field, struct zswapnl_reason *r)
{
	return field_reason(h, &znl_global_table, g, field, from_netlink(h), true, global_tail, r);
}

static int memcg_reason(const struct zswapnl *h, const struct zswapnl_memcg *m,
			enum zswapnl_memcg_field field, struct zswapnl_reason *r)
{
	return field_reason(h, &znl_memcg_table, m, field, memcg_from_netlink(h), false, memcg_tail,
			    r);
}

/* The caller's struct, as large as its struct_size says */
static int reason_out(struct zswapnl_reason *out, const struct zswapnl_reason *r)
{
	if (out && out->struct_size >= offsetof(struct zswapnl_reason, path))
		znl_copy_out(out, r, sizeof(*r));
	return r->error;
}

int zswapnl_global_reason(const struct zswapnl *handle, const struct zswapnl_global *global,
			  enum zswapnl_global_field field, struct zswapnl_reason *reason)
{
	struct zswapnl_reason r;

	global_reason(handle, global, field, &r);
	return reason_out(reason, &r);
}

int zswapnl_memcg_reason(const struct zswapnl *handle, const struct zswapnl_memcg *memcg,
			 enum zswapnl_memcg_field field, struct zswapnl_reason *reason)
{
	struct zswapnl_reason r;

	memcg_reason(handle, memcg, field, &r);
	return reason_out(reason, &r);
}

int zswapnl_page_size_reason(const struct zswapnl *handle, struct zswapnl_reason *reason)
{
	struct zswapnl_reason r;

	page_size_reason(handle, &r);
	return reason_out(reason, &r);
}

/*
 * The words of version 1.5, for the deprecated calls: a program words the
 * reasons itself now (zswapctl's are in zswapctl/reasons.c)
 */

/* @file (with a line @key of it, or none) could not give a figure */
static int file_words(const struct zswapnl_reason *r, const char *file, const char *key,
		      struct zswapnl_error *why)
{
	char buf[128];

	switch (r->error) {
	case -EBADMSG:
		if (*key)
			return znl_err(why, r->error, NULL, "%s has no valid %s line", file, key);
		return znl_err(why, r->error, NULL, "%s holds no valid value", file);
	case -ERANGE:
		if (*key)
			return znl_err(why, r->error, NULL, "%s has a %s out of range", file, key);
		return znl_err(why, r->error, NULL, "%s holds a value out of range", file);
	default:
		return znl_err(why, r->error, NULL, "cannot read %s: %s", file,
			       strerror_r(-r->error, buf, sizeof(buf)));
	}
}

/* The sentence of @r, whose file is a cgroup's when @memcg */
int znl_reason_words(const struct zswapnl_reason *r, bool memcg, struct zswapnl_error *why)
{
	const char *attr = r->attr[0] && !memcg ? r->attr : NULL;
	const char *text = NULL;
	char buf[128], what[sizeof(r->path) + 16];

	switch (r->code) {
	case ZSWAPNL_REASON_KNOWN:
		return 0;
	case ZSWAPNL_REASON_INVALID:
		return znl_err(why, r->error, NULL, "no struct, or no such field");
	case ZSWAPNL_REASON_NOT_RECORDED:
		return znl_err(why, r->error, NULL, "nothing says why");
	case ZSWAPNL_REASON_NOT_ON_KERNEL:
		text = "some figures are not on this kernel";
		break;
	case ZSWAPNL_REASON_NOT_IN_FAMILY:
		text = "some counters are not in zswap's netlink family";
		break;
	case ZSWAPNL_REASON_NOT_SENT:
		text = "the kernel's zswap family did not send those figures";
		break;
	case ZSWAPNL_REASON_MEMCG_READS_REFUSED:
		text = "the cgroup files lack it; zswap's netlink family has it, "
		       "but its per-cgroup reads need CAP_SYS_ADMIN";
		break;
	case ZSWAPNL_REASON_NEEDS_FAMILY:
		text = "zero pages need zswap's netlink family (a patched kernel)";
		break;
	case ZSWAPNL_REASON_NEEDS_PATCHED:
		text = "stores refused per cgroup need the patched kernel";
		break;
	/*
	 * Since Linux 6.12 the swap layer keeps zero-filled pages out of swap
	 * I/O (swap_writepage(), swap_writeout() in 7.2, marks them in its
	 * zeromap, mm/page_io.c) before zswap_store(), so zswap counts none;
	 * its own same-filled handling went with it.
	 */
	case ZSWAPNL_REASON_ZEROMAP:
		text = "this kernel keeps zero-filled pages out of zswap "
		       "(swap zeromap, Linux 6.12 and later)";
		break;
	case ZSWAPNL_REASON_NO_ZPOOL:
		text = znl_no_zpool_words;
		break;
	/* Counted per memcg by the patched 6.1 kernel only, its ports leave them out */
	case ZSWAPNL_REASON_NO_MEMCG_REJECTS:
		text = "this kernel counts no refused stores per cgroup";
		break;
	case ZSWAPNL_REASON_DEBUGFS_DENIED:
		text = "needs root (for " DEBUGFS_DIR ") or zswap's netlink family";
		break;
	case ZSWAPNL_REASON_DEBUGFS_UNMOUNTED:
		text = "needs debugfs: mount -t debugfs none /sys/kernel/debug";
		break;
	case ZSWAPNL_REASON_NO_DEBUGFS_DIR:
		text = "no " DEBUGFS_DIR " here; zswap's netlink family gives them";
		break;
	case ZSWAPNL_REASON_ROOT_CGROUP:
		text = "the root cgroup has no memory.zswap.* files";
		break;
	case ZSWAPNL_REASON_PAGE_SIZE:
		return znl_err(why, r->error, NULL, "needs the page size, which %s would give: %s",
			       r->path, strerror_r(-r->error, buf, sizeof(buf)));
	case ZSWAPNL_REASON_FILE:
		/* The words of every cgroup whose file it is */
		snprintf(what, sizeof(what), memcg ? "a cgroup's %s" : "%s", r->path);
		return file_words(r, what, r->line, why);
	}
	if (!text)
		return znl_err(why, r->error, NULL, "nothing says why");
	return znl_err(why, r->error, attr, "%s", text);
}

/* What the deprecated calls say: the reason, in the words of 1.5 */
static int unknown_words(const struct zswapnl *h, const void *s, unsigned int field, bool memcg,
			 struct zswapnl_error *why)
{
	struct zswapnl_reason r;

	znl_err_clear(why);
	if (memcg)
		memcg_reason(h, s, field, &r);
	else
		global_reason(h, s, field, &r);
	return znl_reason_words(&r, memcg, why);
}

int zswapnl_global_unknown(const struct zswapnl *handle, const struct zswapnl_global *global,
			   enum zswapnl_global_field field, struct zswapnl_error *why)
{
	return unknown_words(handle, global, field, false, why);
}

int zswapnl_memcg_unknown(const struct zswapnl *handle, const struct zswapnl_memcg *memcg,
			  enum zswapnl_memcg_field field, struct zswapnl_error *why)
{
	return unknown_words(handle, memcg, field, true, why);
}
