/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The columns of "zswapctl cgroups": one table drives the output, --output,
 * --sort, --help, the JSON keys and, through --list-columns, the shell
 * completions.
 */
#ifndef ZSWAPCTL_COLUMNS_H
#define ZSWAPCTL_COLUMNS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <cjson/cJSON.h>

#include "zswapnl.h"
#include "size.h"

enum column_align {
	ALIGN_LEFT,
	ALIGN_RIGHT,
};

enum column_kind {
	KIND_PATH, /* text */
	KIND_COUNT, /* a plain number */
	KIND_BYTES, /* a size in bytes */
	KIND_LIMIT, /* a size in bytes, or "max" for ZSWAPNL_MAX */
	KIND_RATIO, /* derived: stored pages * page size / compressed bytes */
	KIND_WRITEBACK, /* the cgroup's own flag and the effective one */
};

/* What the cells depend on besides the memcg itself */
struct column_ctx {
	uint64_t page_size;
	bool bytes; /* --bytes: sizes in bytes, not IEC */
	enum size_style size_style;
};

struct column {
	const char *name; /* for --output and --sort, any case */
	const char *header;
	const char *help; /* one line, for --help and completions */
	const char *json_key; /* never changes meaning: see zswapctl(8) */
	bool extra; /* not shown by default: --output +NAME adds it */
	enum column_align align;
	enum column_kind kind;
	/* The figure in struct zswapnl_memcg and its bit in .known */
	size_t offset;
	enum zswapnl_memcg_field known_bit;
	/* Ascending order; unknown values sort before every known one */
	int (*compare)(const struct column *col, const struct zswapnl_memcg *a,
		       const struct zswapnl_memcg *b,
		       const struct column_ctx *ctx);
};

extern const struct column columns[];
extern const size_t nr_columns;

/* The column of that name (any case), or NULL */
const struct column *column_by_name(const char *name);

/* The figure of a numeric column (a ratio in hundredths); false if unknown */
bool column_value(const struct column *col, const struct zswapnl_memcg *m,
		  const struct column_ctx *ctx, uint64_t *value);

/*
 * memory.zswap.writeback as the WRITEBACK cell and "zswapctl set" say it:
 * "on" or "off", and after it the effective value in parentheses where
 * the two differ or one is unknown ("on (off)": an ancestor has it off);
 * "-" when neither is known. Returns buf.
 */
#define WRITEBACK_TEXT_MAX sizeof("off (off)")
char *writeback_format(const struct zswapnl_memcg *m, char *buf, size_t len);

/* The cell's text, "-" when unknown; returns buf */
char *column_format(const struct column *col, const struct zswapnl_memcg *m,
		    const struct column_ctx *ctx, char *buf, size_t len);

/* Add the cell to a JSON object under the column's key; 0 or -ENOMEM */
int column_to_json(const struct column *col, const struct zswapnl_memcg *m,
		   const struct column_ctx *ctx, cJSON *obj);

/*
 * The columns --output picks, in the order it names them; room for every
 * column several times over: repeats are allowed
 */
#define COLUMN_LIST_MAX 64

struct column_list {
	size_t count;
	const struct column *cols[COLUMN_LIST_MAX];
};

/* The columns of the table, in table order: those not extra */
void column_list_default(struct column_list *list);
/*
 * Every column, extra ones too: what JSON has without --output, since a
 * script reads keys by name and a figure the kernel lacks is null there
 */
void column_list_all(struct column_list *list);

/*
 * Apply an --output argument: "A,B" replaces the list, "+A,B" appends to
 * it (util-linux style). On -EINVAL, bad holds the name that is not a
 * column (or is empty); on -E2BIG there are too many. The list is left as
 * it was on error.
 */
int column_list_parse(struct column_list *list, const char *arg, char *bad,
		      size_t badlen);

#endif /* ZSWAPCTL_COLUMNS_H */
