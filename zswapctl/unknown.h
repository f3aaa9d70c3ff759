/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Why a figure shows as '-' (null in JSON), and what would give it: one
 * line under the text of status and of the cgroups table, so that '-' is
 * not a riddle. The reasons are libzswapnl's (zswapnl_global_reason(),
 * zswapnl_memcg_reason()), the words zswapctl's, each said once however
 * many figures share it.
 */
#ifndef ZSWAPCTL_UNKNOWN_H
#define ZSWAPCTL_UNKNOWN_H

#include <stdbool.h>
#include <stddef.h>

#include "cgroups.h"
#include "status.h"
#include "zswapnl.h"

/*
 * The note for status, "note: '-': ..." without a newline, into buf; false
 * when every figure is known. @nl filled the view's figures.
 */
bool unknown_note_status(const struct zswapnl *nl,
			 const struct status_view *view, char *buf, size_t len);

/*
 * The words of reason @r, a memcg's when @memcg (its file is one of the
 * cgroup's), into @buf; false when it has none (the figure is known)
 */
bool reason_words(const struct zswapnl_reason *r, bool memcg, char *buf,
		  size_t len);

/* The note for the rows and columns of a cgroups table; as above */
bool unknown_note_cgroups(const struct zswapnl *nl,
			  const struct cgroups_view *v, char *buf, size_t len);

/*
 * Print a note and its newline, escaped; on a terminal narrower than the
 * note, its reasons go on lines of their own below the first, after the
 * "; " that ends the one before, so that no line is wider than the
 * screen. 0, -ENOMEM or -EIO.
 */
int unknown_note_print(const char *note, FILE *out);

#endif /* ZSWAPCTL_UNKNOWN_H */
