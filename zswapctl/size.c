// SPDX-License-Identifier: GPL-2.0
/*
 * Sizes in and out. The parser reads what util-linux's tools read (zramctl
 * -s, fallocate -l) and is otherwise strict on purpose: a size that is
 * mistyped is refused rather than guessed at, because it becomes a limit
 * in the kernel.
 */
#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "size.h"

static const char iec_units[] = "KMGTPE"; /* out: 16 EiB is the most */
static const char units[] = "KMGTPEZY";

/*
 * The unit at s, as util-linux's strtosize() reads it: nothing or "B" is
 * bytes; K, M, G, T, P, E, Z, Y (any case) alone or with "iB" are powers
 * of 1024, with "B" powers of 1000. *base and *power give it; -EINVAL if
 * s is no unit.
 */
static int parse_unit(const char *s, unsigned int *base, unsigned int *power)
{
	const char *unit;

	*base = 1024;
	*power = 0;
	if (!*s || !strcasecmp(s, "B"))
		return 0;
	unit = strchr(units, toupper((unsigned char)*s));
	if (!unit)
		return -EINVAL;
	*power = unit - units + 1;
	if (!s[1] || !strcasecmp(s + 1, "iB"))
		return 0;
	if (!strcasecmp(s + 1, "B")) {
		*base = 1000;
		return 0;
	}
	return -EINVAL;
}

int size_parse(const char *str, uint64_t *bytes)
{
	unsigned __int128 value = 0, frac = 0, frac_div = 1, mult = 1;
	unsigned int base, power, i;
	const char *p = str;
	bool fraction = false;

	if (!strcasecmp(str, "max")) {
		*bytes = UINT64_MAX;
		return 0;
	}
	/*
	 * strtoumax() would take spaces, signs, hex and octal (util-linux's
	 * "010" is 8): none of them here.
	 */
	if (!isdigit((unsigned char)*p))
		return -EINVAL;
	for (; isdigit((unsigned char)*p); p++) {
		value = value * 10 + (*p - '0');
		if (value > UINT64_MAX)
			return -ERANGE;
	}
	if (*p == '.') {
		fraction = true;
		if (!isdigit((unsigned char)*++p))
			return -EINVAL;
		/* Digits past the 19th weigh less than a byte: left out */
		for (i = 0; isdigit((unsigned char)*p); p++, i++) {
			if (i >= 19)
				continue;
			frac = frac * 10 + (*p - '0');
			frac_div *= 10;
		}
	}
	if (parse_unit(p, &base, &power))
		return -EINVAL;
	/* "1.5" is not a size: a fraction of a byte has no meaning */
	if (fraction && !power)
		return -EINVAL;
	for (i = 0; i < power; i++) {
		mult *= base;
		/* 1Y and 1ZB are beyond 64 bits; 0Y is still 0 */
		if (mult > UINT64_MAX && (value || frac))
			return -ERANGE;
	}
	value *= mult;
	if (value > UINT64_MAX)
		return -ERANGE;
	/* A fraction of the unit is rounded down to a whole byte */
	value += frac * mult / frac_div;
	if (value > UINT64_MAX)
		return -ERANGE;
	*bytes = (uint64_t)value;
	return 0;
}

char *size_format_iec(uint64_t bytes, enum size_style style, char *buf,
		      size_t len)
{
	const char *space = style == SIZE_SPACED ? " " : "";
	uint64_t whole, tenths;
	int i, shift;

	if (bytes < 1024) {
		snprintf(buf, len, "%" PRIu64 "%sB", bytes, space);
		return buf;
	}
	for (i = 0;; i++) {
		shift = 10 * (i + 1);
		whole = bytes >> shift;
		/* Below 2^shift, so ten times it still fits in 64 bits */
		tenths = ((bytes & ((UINT64_MAX >> (64 - shift)))) * 10 +
			  (UINT64_C(1) << (shift - 1))) >>
			 shift;
		whole = whole * 10 + tenths;
		/* 1023.96 KiB rounds to 1024.0: say 1 MiB instead */
		if (whole < 10240 || !iec_units[i + 1])
			break;
	}
	if (whole % 10)
		snprintf(buf, len, "%" PRIu64 ".%" PRIu64 "%s%ciB", whole / 10,
			 whole % 10, space, iec_units[i]);
	else
		snprintf(buf, len, "%" PRIu64 "%s%ciB", whole / 10, space,
			 iec_units[i]);
	return buf;
}

bool div_round_u64(unsigned __int128 num, uint64_t den, uint64_t *quotient)
{
	if (!den)
		return false;
	num = (num + den / 2) / den;
	if (num > UINT64_MAX)
		return false;
	*quotient = (uint64_t)num;
	return true;
}

bool ratio_hundredths(uint64_t stored_pages, uint64_t page_size,
		      uint64_t pool_bytes, uint64_t *hundredths)
{
	/* The page size of a tree that does not say it */
	if (!page_size)
		return false;
	/* 128 bits: pages * page size * 100 overflows 64 past 2^45 pages */
	return div_round_u64((unsigned __int128)stored_pages * page_size * 100,
			     pool_bytes, hundredths);
}

char *ratio_format(uint64_t hundredths, char *buf, size_t len)
{
	/* Integer arithmetic: printf("%f") would follow LC_NUMERIC's comma */
	snprintf(buf, len, "%" PRIu64 ".%02" PRIu64, hundredths / 100,
		 hundredths % 100);
	return buf;
}

bool ratio_permille(uint64_t part, uint64_t whole, uint64_t *permille)
{
	/* 128 bits, since part * 1000 may not fit in 64 */
	return div_round_u64((unsigned __int128)part * 1000, whole, permille);
}
