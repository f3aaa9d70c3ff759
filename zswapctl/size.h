/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Sizes as people write them (64M, 1GiB, max) and as they read them, and
 * the ratios zswapctl prints: the compression ratio and the fill of a pool.
 */
#ifndef ZSWAPCTL_SIZE_H
#define ZSWAPCTL_SIZE_H

#include <stdbool.h>
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

/*
 * num / den, rounded, in *quotient. False when den is 0, and when the
 * quotient is past 2^64 - 1: a figure derived from counters that disagree
 * that much is unknown, not the largest number there is.
 */
bool div_round_u64(unsigned __int128 num, uint64_t den, uint64_t *quotient);

/*
 * stored_pages * page_size / pool_bytes in hundredths (342 is 3.42).
 * False, and no ratio, when pool_bytes is 0 (nothing to divide by), the
 * page size is 0 (not known) or the ratio is past 2^64 - 1 hundredths
 * (div_round_u64()).
 */
bool ratio_hundredths(uint64_t stored_pages, uint64_t page_size,
		      uint64_t pool_bytes, uint64_t *hundredths);

/* "3.42"; returns buf */
char *ratio_format(uint64_t hundredths, char *buf, size_t len);

/* part / whole in tenths of a percent, rounded; false as div_round_u64() */
bool ratio_permille(uint64_t part, uint64_t whole, uint64_t *permille);

#endif /* ZSWAPCTL_SIZE_H */
