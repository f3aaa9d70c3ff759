// SPDX-License-Identifier: GPL-2.0
/*
 * Parsers that refuse what they do not understand: leading spaces, signs,
 * hex and trailing garbage all fail, unlike strtoul(), which would turn
 * "-1" into a huge number and " 5x" into 5.
 */
#include <ctype.h>
#include <errno.h>
#include <stddef.h>
#include <strings.h>

#include "parse.h"

/* The digits at the start of str; *end points past them */
static int scan_u64(const char *str, uint64_t *value, const char **end)
{
	uint64_t v = 0;
	const char *p = str;

	if (!isdigit((unsigned char)*p))
		return -EINVAL;
	for (; isdigit((unsigned char)*p); p++) {
		unsigned int digit = *p - '0';

		if (v > (UINT64_MAX - digit) / 10)
			return -ERANGE;
		v = v * 10 + digit;
	}
	*value = v;
	*end = p;
	return 0;
}

int parse_u64(const char *str, uint64_t *value)
{
	const char *end;
	uint64_t v;
	int ret;

	ret = scan_u64(str, &v, &end);
	if (ret)
		return ret;
	if (*end)
		return -EINVAL;
	*value = v;
	return 0;
}

int parse_percent(const char *str, uint32_t *percent)
{
	const char *end;
	uint64_t v;
	int ret;

	ret = scan_u64(str, &v, &end);
	if (ret)
		return ret;
	/* "30%" is what people type after a percentage: take it too */
	if (*end == '%')
		end++;
	if (*end)
		return -EINVAL;
	if (v > 100)
		return -ERANGE;
	*percent = (uint32_t)v;
	return 0;
}

int parse_on_off(const char *str, bool *on)
{
	static const char *const yes[] = { "on", "1", "y", "yes", "true" };
	static const char *const no[] = { "off", "0", "n", "no", "false" };
	size_t i;

	for (i = 0; i < sizeof(yes) / sizeof(yes[0]); i++) {
		if (!strcasecmp(str, yes[i])) {
			*on = true;
			return 0;
		}
		if (!strcasecmp(str, no[i])) {
			*on = false;
			return 0;
		}
	}
	return -EINVAL;
}

int parse_seconds_ms(const char *str, uint64_t *ms)
{
	uint64_t whole = 0, frac = 0, scale = 1;
	const char *p = str;
	int ret;

	if (*p != '.') {
		ret = scan_u64(p, &whole, &p);
		if (ret)
			return ret;
	}
	if (*p == '.') {
		p++;
		/* ".": a point needs a digit on one side at least */
		if (!isdigit((unsigned char)*p) && p - 1 == str)
			return -EINVAL;
		/* Four digits are enough to round to a millisecond */
		for (; isdigit((unsigned char)*p); p++) {
			if (scale < 10000) {
				frac = frac * 10 + (*p - '0');
				scale *= 10;
			}
		}
	}
	if (*p)
		return -EINVAL;
	if (whole > (UINT64_MAX - 1000) / 1000)
		return -ERANGE;
	*ms = whole * 1000 + (frac * 1000 + scale / 2) / scale;
	return 0;
}
