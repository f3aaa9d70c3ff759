/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The Prometheus text exposition format (version 0.0.4), the part that
 * knows nothing of zswap: families, samples, and the escaping of label
 * values and HELP text.
 */
#ifndef ZSWAPCTL_PROM_H
#define ZSWAPCTL_PROM_H

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
 * A label value between its quotes: backslash, double quote and newline
 * as \\, \" and \n. A label value must be UTF-8; a byte that is not part
 * of a valid UTF-8 sequence becomes the four characters \xHH of the value
 * (written \\xHH), as zswapctl cgroups writes control characters.
 */
void prom_put_label_value(const char *value, FILE *out);

/* HELP text: backslash and newline as \\ and \n */
void prom_put_help(const char *text, FILE *out);

/* The "# HELP" and "# TYPE" lines that open a family */
void prom_family(const char *name, enum prom_type type, const char *help,
		 FILE *out);

/* One sample line: name{label="value",...} value */
void prom_sample(const char *name, const struct prom_label *labels,
		 size_t nlabels, const char *value, FILE *out);

#endif /* ZSWAPCTL_PROM_H */
