// SPDX-License-Identifier: GPL-2.0
/*
 * Sizes in and out. The parser is strict on purpose: a size that is
 * mistyped is refused rather than guessed at, because it becomes a limit
 * in the kernel.
 */
#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "size.h"

static const char iec_units[] = "KMGTPE";

/* The power of 1024 a suffix stands for, or -1 if it is not one */
static int suffix_shift(const char *s)
{
	const char *unit;

	if (!*s)
		return 0;
	if (!strcasecmp(s, "B"))
		return 0;
	unit = strchr(iec_units, toupper((unsigned char)*s));
	if (!unit)
		return -1;
	/* "K" or "KiB"; "KB" is left out: it means 1000 to some */
	if (s[1] && strcasecmp(s + 1, "iB"))
		return -1;
	return 10 * (int)(unit - iec_units + 1);
}

int size_parse(const char *str, uint64_t *bytes)
{
	uint64_t value = 0;
	const char *p = str;
	int shift;

	if (!strcasecmp(str, "max")) {
		*bytes = UINT64_MAX;
		return 0;
	}
	/* strtoull() would take spaces, signs and hex: none of them here */
	if (!isdigit((unsigned char)*p))
		return -EINVAL;
	for (; isdigit((unsigned char)*p); p++) {
		unsigned int digit = *p - '0';

		if (value > (UINT64_MAX - digit) / 10)
			return -ERANGE;
		value = value * 10 + digit;
	}
	shift = suffix_shift(p);
	if (shift < 0)
		return -EINVAL;
	if (shift && value > UINT64_MAX >> shift)
		return -ERANGE;
	*bytes = value << shift;
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
