/* SPDX-License-Identifier: GPL-2.0 */
/*
 * zswap's metrics in the Prometheus text format, for "zswapctl export" and
 * "zswapctl status --format=prometheus"; zswapctl(8) lists them. Below
 * them, the part of the format (version 0.0.4) that knows nothing of
 * zswap: families, samples, and the escaping of label values and HELP
 * text.
 */
#ifndef ZSWAPCTL_PROM_METRICS_H
#define ZSWAPCTL_PROM_METRICS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "zswapnl.h"

/*
 * One sample: what the library gave, read once. Everything written comes
 * from it, so that the global and the per-cgroup figures agree.
 */
struct metrics_sample {
	enum zswapnl_source source;
	/* Where memcgs came from: the cgroup files when the family refused */
	enum zswapnl_source memcg_source;
	const struct zswapnl_global *global;
	uint64_t page_size;
	const struct zswapnl_memcg_list *memcgs; /* NULL: no cgroup metrics */
};

/*
 * Every family the sample has a value for, each once, with its HELP and
 * TYPE lines. A figure the source does not know is left out, never
 * written as 0. Returns 0, -ENOMEM or -EIO.
 */
int metrics_write(const struct metrics_sample *s, FILE *out);

/*
 * The name of every family of a figure, global or of a cgroup, one a line,
 * each once: those a sample may leave out too (the hidden "export
 * --list-metrics", which tests/cli/80-export.bats checks zswapctl(8) for)
 */
void metrics_list(FILE *out);

enum prom_type {
	PROM_GAUGE,
	PROM_COUNTER,
};

struct prom_label {
	const char *name; /* a valid label name: written as it is */
	const char *value; /* any bytes: escaped */
};

/* Room for any uint64_t in decimal, and for "+Inf" */
#define PROM_VALUE_MAX 24

/* The value as the format writes it: every digit, never an exponent */
char *prom_u64(uint64_t value, char *buf, size_t len);

/*
 * A label value between its quotes. Names come from the system and are
 * written as every text output writes them (escape.h: control characters,
 * bytes that are not UTF-8 and the like as the text \xHH), except the
 * newline, which the format itself writes \n; then backslash and double
 * quote as \\ and \". The label value is valid UTF-8 without a control
 * character, which promtool and a terminal both want.
 */
void prom_put_label_value(const char *value, FILE *out);

/*
 * Is the label value of prom_put_label_value() the value itself, once a
 * reader undoes the format's own escapes
 */
bool prom_label_exact(const char *value);

/* HELP text: backslash and newline as \\ and \n */
void prom_put_help(const char *text, FILE *out);

/* The "# HELP" and "# TYPE" lines that open a family */
void prom_family(const char *name, enum prom_type type, const char *help,
		 FILE *out);

/* One sample line: name{label="value",...} value */
void prom_sample(const char *name, const struct prom_label *labels,
		 size_t nlabels, const char *value, FILE *out);

#endif /* ZSWAPCTL_PROM_METRICS_H */
