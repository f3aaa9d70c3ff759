/* SPDX-License-Identifier: GPL-2.0 */
/* Sizes as people write them (64M, 1GiB, max) and as they read them. */
#ifndef ZSWAPCTL_SIZE_H
#define ZSWAPCTL_SIZE_H

#include <stddef.h>
#include <stdint.h>

/* "512 B", "12.3 MiB" and "16 EiB" all fit */
#define SIZE_STR_MAX 32

/*
 * Parse a size as util-linux's strtosize() does (zramctl -s): a decimal
 * number with an optional fraction and unit. K, M, G, T, P, E (any case)
 * alone or with "iB" are powers of 1024 (1.5G, 512MiB), with "B" powers
 * of 1000 (10KB is 10000); "B" or no unit is bytes. A fraction needs a
 * unit and is rounded down to a whole byte (0.1K is 102). Or "max", which
 * gives UINT64_MAX. Unlike strtosize(), no spaces, sign, hex or octal.
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
