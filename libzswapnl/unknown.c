// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Why a figure is unknown, in words: each source records, for every field
 * it could not fill, the error that stopped it (struct zswapnl_global's
 * and struct zswapnl_memcg's unknown[]); these calls turn that into what
 * a person can act on. The words never name the field, so that fields
 * unknown for one reason share them: a program says each reason once.
 */

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#include "internal.h"

#define DEBUGFS_DIR "/sys/kernel/debug/zswap"

static const char not_on_kernel[] = "some figures are not on this kernel";
static const char not_in_family[] = "some counters are not in zswap's netlink family";
static const char not_sent[] = "the kernel's zswap family did not send those figures";
static const char zero_pages[] = "zero pages need zswap's netlink family (a patched kernel)";
static const char memcg_refused[] =
	"the cgroup files lack it; zswap's netlink family has it, but its per-cgroup reads need CAP_SYS_ADMIN";
static const char rejects[] = "stores refused per cgroup need the patched kernel";
/*
 * Since Linux 6.12 the swap layer keeps zero-filled pages out of swap I/O
 * (swap_writepage(), swap_writeout() in 7.2, marks them in its zeromap,
 * mm/page_io.c) before zswap_store(), so zswap counts none; its own
 * same-filled handling went with it.
 */
static const char zeromap[] = "this kernel keeps zero-filled pages out of zswap "
			      "(swap zeromap, Linux 6.12 and later)";
/* Since Linux 6.18 zswap allocates from zsmalloc itself: no zpool parameter */
const char znl_no_zpool_words[] = "this kernel has no zpool layer (Linux 6.18 and later)";
/* Counted per memcg by the patched 6.1 kernel only, its ports leave them out */
static const char no_rejects[] = "this kernel counts no refused stores per cgroup";

/*
 * Figures a whole kernel line lacks, whichever source asks: the fallback
 * finds no file or line, and the family of a patched kernel of that line
 * leaves the attribute out, as it does for every figure its kernel does
 * not have. What each release lacks is read in the sources of Linux 6.12
 * and 7.2 (mm/zswap.c's debugfs files and parameters, mm/page_io.c); a
 * handle whose kernel release is not known says what its source found.
 */
struct gone {
	unsigned int field;
	unsigned int since;	/* ZNL_KERNEL() of the first release without it */
	unsigned int until;	/* of the first one with it again, 0 for none */
	const char *words;
};

static const struct gone global_gone[] = {
	{ ZSWAPNL_G_ZERO_PAGES, ZNL_KERNEL(6, 12), 0, zeromap },
	{ ZSWAPNL_G_DUPLICATE_ENTRY, ZNL_KERNEL(6, 12), 0, not_on_kernel },
	/* The 6.12 line's debugfs has none; 7.2's has it (its first release not checked) */
	{ ZSWAPNL_G_DECOMPRESS_FAIL, ZNL_KERNEL(6, 12), ZNL_KERNEL(6, 13), not_on_kernel },
	{ ZSWAPNL_G_ZPOOL, ZNL_KERNEL(6, 18), 0, znl_no_zpool_words },
};

static const struct gone memcg_gone[] = {
	{ ZSWAPNL_M_ZERO_PAGES, ZNL_KERNEL(6, 12), 0, zeromap },
	{ ZSWAPNL_M_REJECT_ZSWAP_MAX, ZNL_KERNEL(6, 12), 0, no_rejects },
	{ ZSWAPNL_M_REJECT_POOL_LIMIT, ZNL_KERNEL(6, 12), 0, no_rejects },
	{ ZSWAPNL_M_REJECT_INCOMPRESSIBLE, ZNL_KERNEL(6, 12), 0, no_rejects },
	{ ZSWAPNL_M_REJECT_ALLOC_FAIL, ZNL_KERNEL(6, 12), 0, no_rejects },
};

/* The words of @field when @h reads a kernel that has no such figure, else NULL */
static const char *gone_words(const struct zswapnl *h, const struct gone *gone, size_t n,
			      unsigned int field)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (gone[i].field == field && znl_kernel_since(h, gone[i].since) &&
		    !(gone[i].until && znl_kernel_since(h, gone[i].until)))
			return gone[i].words;
	return NULL;
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

/* @file (with a line @key of it, or NULL) could not give a figure: @code says why */
static int file_words(int code, const char *file, const char *key, struct zswapnl_error *why)
{
	char buf[128];

	switch (code) {
	case -EBADMSG:
		if (key)
			return znl_err(why, code, NULL, "%s has no valid %s line", file, key);
		return znl_err(why, code, NULL, "%s holds no valid value", file);
	case -ERANGE:
		if (key)
			return znl_err(why, code, NULL, "%s has a %s out of range", file, key);
		return znl_err(why, code, NULL, "%s holds a value out of range", file);
	default:
		return znl_err(why, code, NULL, "cannot read %s: %s", file,
			       strerror_r(-code, buf, sizeof(buf)));
	}
}

/* The recorded error of a field, -ENODATA when there is none to read */
static int recorded(const int16_t *unknown, uint32_t struct_size, size_t end, unsigned int field)
{
	if (struct_size < end || !unknown[field])
		return -ENODATA;
	return unknown[field];
}

static bool debugfs_dir_exists(const struct zswapnl *h)
{
	char path[4096];
	struct stat st;

	if (!h || znl_path(h, path, sizeof(path), DEBUGFS_DIR))
		return true;
	return !stat(path, &st) || errno != ENOENT;
}

static int debugfs_words(const struct zswapnl *h, int code, enum zswapnl_global_field field,
			 const char *file, struct zswapnl_error *why)
{
	switch (code) {
	case -EACCES:
	case -EPERM:
		return znl_err(why, code, NULL,
			       "needs root (for " DEBUGFS_DIR ") or zswap's netlink family");
	case -ENODEV:
		return znl_err(why, code, NULL,
			       "needs debugfs: mount -t debugfs none /sys/kernel/debug");
	case -ENOENT:
		if (!debugfs_dir_exists(h))
			return znl_err(why, code, NULL,
				       "no " DEBUGFS_DIR " here; zswap's netlink family gives them");
		/* The stock kernel has none; ours counts them in debugfs and the family */
		if (field == ZSWAPNL_G_ZERO_PAGES)
			return znl_err(why, code, NULL, zero_pages);
		return znl_err(why, code, NULL, not_on_kernel);
	default:
		return file_words(code, file, NULL, why);
	}
}

int zswapnl_global_unknown(const struct zswapnl *handle, const struct zswapnl_global *global,
			   enum zswapnl_global_field field, struct zswapnl_error *why)
{
	const struct znl_global_desc *d;
	char path[4096], key[32] = "";
	const char *space, *words;
	int code;

	znl_err_clear(why);
	if (!global || (unsigned int)field >= ZSWAPNL_G_NR_FIELDS)
		return znl_err(why, -EINVAL, NULL, "no struct, or no such field");
	if (zswapnl_global_known(global, field))
		return 0;
	d = znl_global_desc_of(field);
	code = recorded(global->unknown, global->struct_size,
			znl_offsetofend(struct zswapnl_global, unknown), field);
	if (code == -ENODATA)
		return znl_err(why, code, NULL, "nothing says why");

	/*
	 * Whatever stopped the source (debugfs closed to this user too), a
	 * kernel without the figure is the reason: root would not give it
	 */
	words = gone_words(handle, global_gone, ZNL_ARRAY_SIZE(global_gone), field);
	/* A module without the zpool parameter has no zpool layer, whatever its release */
	if (!words && field == ZSWAPNL_G_ZPOOL && code == -ENOENT && handle &&
	    !from_netlink(handle))
		words = znl_no_zpool_words;
	if (words)
		return znl_err(why, code,
			       from_netlink(handle) && code == -ENOENT ? d->info.attr : NULL, "%s",
			       words);

	if (from_netlink(handle) && d->from != ZNL_FROM_VMSTAT) {
		if (code == -ENOENT)
			return znl_err(why, code, d->info.attr, not_sent);
		if (code == -EOPNOTSUPP)
			return znl_err(why, code, NULL, not_in_family);
	}
	/* The pool limit is max_pool_percent of MemTotal, in whole pages */
	if (field == ZSWAPNL_G_POOL_LIMIT_BYTES && !from_netlink(handle) &&
	    !zswapnl_global_known(global, ZSWAPNL_G_MAX_POOL_PERCENT))
		return zswapnl_global_unknown(handle, global, ZSWAPNL_G_MAX_POOL_PERCENT, why);
	if (field == ZSWAPNL_G_POOL_LIMIT_BYTES && handle && !handle->page_size)
		return zswapnl_page_size(handle, NULL, why);

	/* "/proc/vmstat zswpin": the file, and its line */
	snprintf(path, sizeof(path), "%s", d->info.file ? d->info.file : "?");
	space = strchr(path, ' ');
	if (space) {
		snprintf(key, sizeof(key), "%s", space + 1);
		path[space - path] = '\0';
	}
	if (handle && *handle->root) {
		char rel[sizeof(path)];

		memcpy(rel, path, sizeof(rel));
		if (znl_path(handle, path, sizeof(path), "%s", rel))
			memcpy(path, rel, sizeof(path));
	}

	if (d->from == ZNL_FROM_DEBUGFS)
		return debugfs_words(handle, code, field, path, why);
	if (code == -ENOENT && d->from != ZNL_FROM_NONE)
		return znl_err(why, code, NULL, not_on_kernel);
	return file_words(code, path, key[0] ? key : NULL, why);
}

/* The file of a memcg's figure, and its line when it is memory.stat's */
static const char *memcg_file(enum zswapnl_memcg_field field, const char **key)
{
	*key = NULL;
	switch (field) {
	case ZSWAPNL_M_COMPRESSED_BYTES:
		return "memory.zswap.current";
	case ZSWAPNL_M_ZSWAP_MAX:
		return "memory.zswap.max";
	/* The effective value is also that file of each ancestor */
	case ZSWAPNL_M_WRITEBACK:
	case ZSWAPNL_M_WRITEBACK_EFFECTIVE:
		return "memory.zswap.writeback";
	case ZSWAPNL_M_STORED_PAGES:
		*key = "zswapped";
		return "memory.stat";
	case ZSWAPNL_M_ZSWPIN:
		*key = "zswpin";
		return "memory.stat";
	case ZSWAPNL_M_ZSWPOUT:
		*key = "zswpout";
		return "memory.stat";
	case ZSWAPNL_M_ZSWPWB:
		*key = "zswpwb";
		return "memory.stat";
	case ZSWAPNL_M_REJECT_ZSWAP_MAX:
		*key = "zswap_reject_zswap_max";
		return "memory.stat";
	case ZSWAPNL_M_REJECT_POOL_LIMIT:
		*key = "zswap_reject_pool_limit";
		return "memory.stat";
	case ZSWAPNL_M_REJECT_INCOMPRESSIBLE:
		*key = "zswap_reject_incompressible";
		return "memory.stat";
	case ZSWAPNL_M_REJECT_ALLOC_FAIL:
		*key = "zswap_reject_alloc_fail";
		return "memory.stat";
	default:
		return NULL;
	}
}

int zswapnl_memcg_unknown(const struct zswapnl *handle, const struct zswapnl_memcg *memcg,
			  enum zswapnl_memcg_field field, struct zswapnl_error *why)
{
	const char *file, *key, *words;
	char what[64];
	int code;

	znl_err_clear(why);
	if (!memcg || (unsigned int)field >= ZSWAPNL_M_NR_FIELDS)
		return znl_err(why, -EINVAL, NULL, "no struct, or no such field");
	if (zswapnl_memcg_known(memcg, field))
		return 0;
	code = recorded(memcg->unknown, memcg->struct_size,
			znl_offsetofend(struct zswapnl_memcg, unknown), field);
	if (code == -ENODATA)
		return znl_err(why, code, NULL, "nothing says why");
	words = gone_words(handle, memcg_gone, ZNL_ARRAY_SIZE(memcg_gone), field);
	if (words)
		return znl_err(why, code, NULL, "%s", words);
	if (memcg_from_netlink(handle)) {
		if (code == -ENOENT)
			return znl_err(why, code, NULL, not_sent);
		if (code == -EOPNOTSUPP)
			return znl_err(why, code, NULL, not_in_family);
	}
	if (from_netlink(handle) && code == -EOPNOTSUPP)
		return znl_err(why, code, NULL, memcg_refused);
	if (field == ZSWAPNL_M_ZERO_PAGES && code == -EOPNOTSUPP)
		return znl_err(why, code, NULL, zero_pages);
	/* memory.stat counts them in bytes */
	if (field == ZSWAPNL_M_STORED_PAGES && handle && !handle->page_size)
		return zswapnl_page_size(handle, NULL, why);
	file = memcg_file(field, &key);
	if (!file)
		return znl_err(why, code, NULL, "nothing says why");
	if (code == -ENOENT && !key && zswapnl_memcg_known(memcg, ZSWAPNL_M_PATH) &&
	    memcg->path && !strcmp(memcg->path, "/"))
		return znl_err(why, code, NULL, "the root cgroup has no memory.zswap.* files");
	if (code == -ENOENT && field >= ZSWAPNL_M_REJECT_ZSWAP_MAX &&
	    field <= ZSWAPNL_M_REJECT_ALLOC_FAIL)
		return znl_err(why, code, NULL, rejects);
	if (code == -ENOENT)
		return znl_err(why, code, NULL, not_on_kernel);
	/* The words of every cgroup whose file it is */
	snprintf(what, sizeof(what), "a cgroup's %s", file);
	return file_words(code, what, key, why);
}
