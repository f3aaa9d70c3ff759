/* SPDX-License-Identifier: GPL-2.0 */
/* Sizes as people write them (64M, 1GiB, max) and as they read them. */
#ifndef ZSWAPCTL_SIZE_H
#define ZSWAPCTL_SIZE_H

#include <stddef.h>
#include <stdint.h>

/* "512 B", "12.3 MiB" and "16 EiB" all fit */
#define SIZE_STR_MAX 32

/*
 * Parse a whole number of bytes with an optional IEC suffix: K, M, G, T, P,
 * E (any case, 1K = 1024), the same with "iB" (KiB, MiB, ...) or B for
 * bytes; or "max", which gives UINT64_MAX.
 * Returns 0, -EINVAL for bad syntax or -ERANGE when it does not fit in 64
 * bits.
 */
int size_parse(const char *str, uint64_t *bytes);

enum size_style {
	SIZE_SPACED, /* "12.3 MiB": the summary and the tables */
	SIZE_COMPACT, /* "12.3MiB": one word, for --raw */
};

/*
 * Write bytes in the largest IEC unit that keeps the number below 1024,
 * with one decimal unless it rounds to a whole number ("64 MiB").
 * Returns buf.
 */
char *size_format_iec(uint64_t bytes, enum size_style style, char *buf,
		      size_t len);

#endif /* ZSWAPCTL_SIZE_H */
