/* SPDX-License-Identifier: GPL-2.0 */
/* "zswapctl status": what it read, and its two ways of printing it. */
#ifndef ZSWAPCTL_STATUS_H
#define ZSWAPCTL_STATUS_H

#include <stdbool.h>
#include <stdio.h>

#include "json.h"
#include "zswapnl.h"

struct status_view {
	enum zswapnl_source source;
	struct zswapnl_global global;
	uint64_t page_size;
	bool bytes; /* --bytes */
	const char *sysroot; /* --sysroot, NULL for "/": the note names files */
};

/* The compressor or the zpool when @g has it, or NULL */
const char *status_name(const struct zswapnl_global *g,
			enum zswapnl_global_field field);
/* The readable summary; 0 or -EIO */
int status_print_text(const struct status_view *view, FILE *out);
/*
 * The keys of the JSON document after "version" and "source", in order,
 * added to doc (the events of zswapctl monitor have them too); 0 or -ENOMEM
 */
int status_json_add(cJSON *doc, const struct status_view *view);
/* The JSON document; 0, -ENOMEM or -EIO */
int status_print_json(const struct status_view *view, enum json_style style,
		      FILE *out);

#endif /* ZSWAPCTL_STATUS_H */
