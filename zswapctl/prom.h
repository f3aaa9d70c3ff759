/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The Prometheus text exposition format (version 0.0.4), the part that
 * knows nothing of zswap: families, samples, and the escaping of label
 * values and HELP text.
 */
#ifndef ZSWAPCTL_PROM_H
#define ZSWAPCTL_PROM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

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

#endif /* ZSWAPCTL_PROM_H */
