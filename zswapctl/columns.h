/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The columns of "zswapctl cgroups": one table drives the output, --output,
 * --sort, --help, the JSON keys, the cgroup metrics of "zswapctl export"
 * and, through --list-columns, the shell completions. It holds zswapctl's
 * words for each figure of a cgroup; what the figure is (its unit, a
 * counter or a limit) is libzswapnl's (zswapnl_memcg_field_info()).
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
	/*
	 * A figure of the library's table, shown by its unit: sizes in bytes
	 * (and "max" for a limit's ZSWAPNL_MAX), every other a number
	 */
	KIND_FIGURE,
	KIND_PATH, /* text */
	KIND_RATIO, /* derived: stored pages * page size / compressed bytes */
	KIND_WRITEBACK, /* the cgroup's own flag and the effective one */
};

/* What the cells depend on besides the memcg itself */
struct column_ctx {
	uint64_t page_size;
	bool bytes; /* --bytes: sizes in bytes, not IEC */
	enum size_style size_style;
};

/*
 * A Prometheus family of "zswapctl export" (prom_metrics.c): a series for
 * each cgroup that has the figure, under Prometheus' conventions (base
 * units, "_total" on counters only), none a figure the node exporter has
 */
struct column_metric {
	const char *name; /* NULL: none */
	const char *help;
	/*
	 * The label "reason" of a family with a series for each: the
	 * columns of its parts follow one another, with one name and help
	 */
	const char *reason;
	enum zswapnl_memcg_field field; /* the figure it writes */
};

#define COLUMN_METRICS_MAX 2

struct column {
	const char *name; /* for --output and --sort, any case; the header */
	const char *help; /* one line, for --help and completions */
	const char *json_key; /* never changes meaning: see zswapctl(8) */
	bool extra; /* not shown by default: --output +NAME adds it */
	enum column_kind kind;
	/* The figure it shows, which is unknown when its bit is clear */
	enum zswapnl_memcg_field field;
	struct column_metric metrics[COLUMN_METRICS_MAX];
};

extern const struct column columns[];
extern const size_t nr_columns;

/*
 * The entry named @name (any case) of a table of @count entries of @size
 * bytes that each start with their name (a const char *), or NULL
 */
const void *named_entry(const void *table, size_t count, size_t size,
			const char *name);

/* The column of that name (any case), or NULL */
const struct column *column_by_name(const char *name);

enum column_align column_align(const struct column *col);

/*
 * Ascending order of @a and @b by the column; unknown values sort before
 * every known one
 */
int column_compare(const struct column *col, const struct zswapnl_memcg *a,
		   const struct zswapnl_memcg *b, const struct column_ctx *ctx);

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
