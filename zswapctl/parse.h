/* SPDX-License-Identifier: GPL-2.0 */
/* Strict parsers of the values the command line takes. */
#ifndef ZSWAPCTL_PARSE_H
#define ZSWAPCTL_PARSE_H

#include <stdbool.h>
#include <stdint.h>

/* A decimal number with nothing around it; -EINVAL or -ERANGE */
int parse_u64(const char *str, uint64_t *value);

/* 0 to 100; -EINVAL for bad syntax, -ERANGE for a number above 100 */
int parse_percent(const char *str, uint32_t *percent);

/* on|off, 1|0, y|n, yes|no, true|false in any case; -EINVAL otherwise */
int parse_on_off(const char *str, bool *on);
/* What parse_on_off() takes, for the messages that refuse a value */
#define ON_OFF_WORDS "on or off (1 or 0, y or n, yes or no, true or false)"

/*
 * Seconds with an optional fraction ("2", "0.5", ".25"), rounded to the
 * nearest millisecond; no sign, exponent or unit. -EINVAL or -ERANGE.
 */
int parse_seconds_ms(const char *str, uint64_t *ms);

#endif /* ZSWAPCTL_PARSE_H */
