// SPDX-License-Identifier: GPL-2.0
/* Why figures are unknown, in one line: see unknown.h. */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "escape.h"
#include "figures.h"
#include "size.h"
#include "table.h"
#include "unknown.h"

#define NOTE_START "zswapctl: note: '-': "

#define REASONS_MAX 16

/* "zswapctl: note: '-': A; B": each reason once, in the order of the figures */
struct note {
	char *buf;
	size_t len, used;
	unsigned int count;
	char said[REASONS_MAX][sizeof(((struct zswapnl_error *)0)->msg)];
};

static void note_init(struct note *n, char *buf, size_t len)
{
	n->buf = buf;
	n->len = len;
	n->count = 0;
	n->used = snprintf(buf, len, NOTE_START);
}

static void note_add(struct note *n, const char *reason)
{
	unsigned int i;

	for (i = 0; i < n->count; i++)
		if (!strcmp(n->said[i], reason))
			return;
	if (n->count == REASONS_MAX)
		return;
	snprintf(n->said[n->count], sizeof(n->said[0]), "%s", reason);
	if (n->used < n->len)
		n->used += snprintf(n->buf + n->used, n->len - n->used, "%s%s",
				    n->count ? "; " : "", reason);
	n->count++;
}

/* @file could not give a figure: how, by @r's error; @key its line, or "" */
static void file_words(const struct zswapnl_reason *r, const char *file,
		       const char *key, char *buf, size_t len)
{
	if (r->error == -EBADMSG && *key)
		snprintf(buf, len, "%s has no valid %s line", file, key);
	else if (r->error == -EBADMSG)
		snprintf(buf, len, "%s holds no valid value", file);
	else if (r->error == -ERANGE && *key)
		snprintf(buf, len, "%s has a %s out of range", file, key);
	else if (r->error == -ERANGE)
		snprintf(buf, len, "%s holds a value out of range", file);
	else
		snprintf(buf, len, "cannot read %s: %s", file,
			 strerror(-r->error));
}

/*
 * The words of each reason code that need nothing of the reason but the
 * code; they name no figure, so that figures unknown for one reason share
 * them
 */
static const char *const code_words[] = {
	[ZSWAPNL_REASON_NOT_RECORDED] = "nothing says why",
	[ZSWAPNL_REASON_NOT_ON_KERNEL] = "some figures are not on this kernel",
	[ZSWAPNL_REASON_NOT_IN_FAMILY] =
		"some counters are not in zswap's netlink family",
	[ZSWAPNL_REASON_NOT_SENT] =
		"the kernel's zswap family did not send those figures",
	[ZSWAPNL_REASON_MEMCG_READS_REFUSED] =
		"the cgroup files lack it; zswap's netlink family has it, but its per-cgroup reads need CAP_SYS_ADMIN",
	[ZSWAPNL_REASON_NEEDS_FAMILY] =
		"zero pages need zswap's netlink family (a patched kernel)",
	[ZSWAPNL_REASON_NEEDS_PATCHED] =
		"stores refused per cgroup need the patched kernel",
	[ZSWAPNL_REASON_ZEROMAP] =
		"this kernel keeps zero-filled pages out of zswap (swap zeromap, Linux 6.12 and later)",
	[ZSWAPNL_REASON_NO_ZPOOL] =
		"this kernel has no zpool layer (Linux 6.18 and later)",
	[ZSWAPNL_REASON_NO_MEMCG_REJECTS] =
		"this kernel counts no refused stores per cgroup",
	[ZSWAPNL_REASON_DEBUGFS_DENIED] =
		"needs root (for /sys/kernel/debug/zswap) or zswap's netlink family",
	[ZSWAPNL_REASON_DEBUGFS_UNMOUNTED] =
		"needs debugfs: mount -t debugfs none /sys/kernel/debug",
	[ZSWAPNL_REASON_NO_DEBUGFS_DIR] =
		"no /sys/kernel/debug/zswap here; zswap's netlink family gives them",
	[ZSWAPNL_REASON_ROOT_CGROUP] =
		"the root cgroup has no memory.zswap.* files",
};

bool reason_words(const struct zswapnl_reason *r, bool memcg, char *buf,
		  size_t len)
{
	char file[sizeof(r->path) + 16];

	switch (r->code) {
	case ZSWAPNL_REASON_KNOWN:
		return false;
	case ZSWAPNL_REASON_INVALID:
		snprintf(buf, len, "no struct, or no such field");
		return true;
	case ZSWAPNL_REASON_PAGE_SIZE:
		snprintf(buf, len,
			 "needs the page size, which %s would give: %s",
			 r->path, strerror(-r->error));
		return true;
	case ZSWAPNL_REASON_FILE:
		/* The words of every cgroup whose file it is */
		snprintf(file, sizeof(file), memcg ? "a cgroup's %s" : "%s",
			 r->path);
		file_words(r, file, r->line, buf, len);
		return true;
	default:
		break;
	}
	/* A code of a later library: its error */
	if ((size_t)r->code >= sizeof(code_words) / sizeof(code_words[0]) ||
	    !code_words[r->code])
		snprintf(buf, len, "%s", strerror(-r->error));
	else
		snprintf(buf, len, "%s", code_words[r->code]);
	return true;
}

/* What an unknown figure's reason is, when the library can say */
static void note_reason(struct note *n, const struct zswapnl_reason *r,
			bool memcg)
{
	char words[sizeof(n->said[0])];

	if (reason_words(r, memcg, words, sizeof(words)))
		note_add(n, words);
}

/*
 * A file of /proc that is not there at all (no /proc in a container or a
 * chroot, a tree recorded without it): libzswapnl says of its figures what
 * it says of a line the file lacks, "not on this kernel", and the kernel
 * is not the one to blame. The file is named instead, as one that cannot
 * be read is.
 */
static bool proc_file_missing(const struct status_view *view,
			      const struct zswapnl_field_info *info,
			      char *reason, size_t len)
{
	char path[PATH_MAX];
	struct stat st;
	int n;

	if (!info->file || strncmp(info->file, "/proc/", 6))
		return false;
	/* "/proc/vmstat zswpin": the file, then its line */
	n = snprintf(path, sizeof(path), "%s%.*s",
		     view->sysroot ? view->sysroot : "",
		     (int)strcspn(info->file, " "), info->file);
	if (n < 0 || (size_t)n >= sizeof(path) || !stat(path, &st) ||
	    errno != ENOENT)
		return false;
	snprintf(reason, len, "cannot read %s: %s", path, strerror(ENOENT));
	return true;
}

bool unknown_note_status(const struct zswapnl *nl,
			 const struct status_view *view, char *buf, size_t len)
{
	const struct zswapnl_global *g = &view->global;
	struct zswapnl_reason why = { .struct_size = sizeof(why) };
	const struct global_figure *fig;
	char missing[PATH_MAX + 64];
	struct note n;
	uint64_t ratio;
	size_t i;

	note_init(&n, buf, len);
	/* status shows every figure of the table */
	for (i = 0; i < nr_global_figures; i++) {
		fig = &global_figures[i];
		if (zswapnl_global_reason(nl, g, fig->field, &why) == -ENOENT &&
		    proc_file_missing(view, global_figure_info(fig), missing,
				      sizeof(missing)))
			note_add(&n, missing);
		else
			note_reason(&n, &why, false);
	}
	/*
	 * The pool ratio of figures known, the pool not empty: the page size
	 * is unknown, or the ratio absurd
	 */
	if (!zswapnl_global_known(g, ZSWAPNL_G_STORED_PAGES) ||
	    !zswapnl_global_known(g, ZSWAPNL_G_POOL_TOTAL_SIZE) ||
	    !g->pool_total_size)
		return n.count > 0;
	if (!view->page_size) {
		zswapnl_page_size_reason(nl, &why);
		note_reason(&n, &why, false);
	} else if (!ratio_hundredths(g->stored_pages, view->page_size,
				     g->pool_total_size, &ratio))
		note_add(&n, "the pool ratio is too large to be true: "
			     "stored pages and pool size disagree");
	return n.count > 0;
}

static void memcg_reason(struct note *n, const struct zswapnl *nl,
			 const struct zswapnl_memcg *m,
			 enum zswapnl_memcg_field field)
{
	struct zswapnl_reason why = { .struct_size = sizeof(why) };

	zswapnl_memcg_reason(nl, m, field, &why);
	note_reason(n, &why, true);
}

/* A RATIO of figures unknown, for their reasons; or of absurd ones */
static void ratio_reason(struct note *n, const struct zswapnl *nl,
			 const struct zswapnl_memcg *m)
{
	if (!zswapnl_memcg_known(m, ZSWAPNL_M_STORED_PAGES) ||
	    !zswapnl_memcg_known(m, ZSWAPNL_M_COMPRESSED_BYTES)) {
		memcg_reason(n, nl, m, ZSWAPNL_M_STORED_PAGES);
		memcg_reason(n, nl, m, ZSWAPNL_M_COMPRESSED_BYTES);
	} else if (m->compressed_bytes) {
		note_add(n, "a ratio too large to be true: stored pages and "
			    "compressed bytes disagree");
	}
	/* Else an empty cgroup, which has no ratio, and that needs no word */
}

bool unknown_note_cgroups(const struct zswapnl *nl,
			  const struct cgroups_view *v, char *buf, size_t len)
{
	struct note n;
	size_t i, c;

	note_init(&n, buf, len);
	/*
	 * Column by column: the reasons come in the order of the figures, and
	 * not in that of rows which may tie on the sort key
	 */
	for (c = 0; c < v->cols.count; c++) {
		const struct column *col = v->cols.cols[c];

		for (i = 0; i < v->nrows; i++) {
			const struct zswapnl_memcg *m = v->rows[i];
			uint64_t value;

			if (col->kind == KIND_PATH ||
			    column_value(col, m, &v->ctx, &value))
				continue;
			if (col->kind == KIND_RATIO) {
				ratio_reason(&n, nl, m);
				continue;
			}
			memcg_reason(&n, nl, m, col->field);
			/* A known field adds no reason */
			if (col->kind == KIND_WRITEBACK)
				memcg_reason(&n, nl, m,
					     ZSWAPNL_M_WRITEBACK_EFFECTIVE);
		}
	}
	return n.count > 0;
}

/* The columns of the terminal @out is, or 0 when it is none */
static size_t terminal_width(FILE *out)
{
	struct winsize ws;

	if (!isatty(fileno(out)) || ioctl(fileno(out), TIOCGWINSZ, &ws) ||
	    !ws.ws_col)
		return 0;
	return ws.ws_col;
}

int unknown_note_print(const char *note, FILE *out)
{
	size_t width = terminal_width(out), used = 0,
	       indent = strlen(NOTE_START);
	char *text = escape_alloc(note, escape_locale_flags()), *reason, *next;

	if (!text)
		return -ENOMEM;
	for (reason = text; reason; reason = next) {
		size_t w;

		next = strstr(reason, "; ");
		if (next) {
			/* The reason keeps its ';', the space goes */
			next[1] = '\0';
			next += 2;
		}
		w = table_text_width(reason);
		if (used && width && used + 1 + w > width) {
			fprintf(out, "\n%*s", (int)indent, "");
			used = indent;
		} else if (used) {
			fputc(' ', out);
			used++;
		}
		fputs(reason, out);
		used += w;
	}
	free(text);
	fputc('\n', out);
	return ferror(out) ? -EIO : 0;
}
