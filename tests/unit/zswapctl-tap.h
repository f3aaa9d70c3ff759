/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A minimal TAP producer for the zswapctl unit tests: "ok N - what" or
 * "not ok N - what" per check, the plan "1..N" at the end (a test that
 * crashes leaves no plan, which TAP readers count as a failure), and an
 * exit status of 1 if anything failed. Every line is flushed as it is
 * written: stdout into a pipe is fully buffered, and a crash would lose
 * the lines of the checks before it.
 */
#ifndef ZSWAPCTL_TAP_H
#define ZSWAPCTL_TAP_H

#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

static int tap_count;
static int tap_failures;

static inline bool __attribute__((format(printf, 2, 3)))
tap_ok(bool pass, const char *fmt, ...)
{
	va_list ap;

	printf("%sok %d - ", pass ? "" : "not ", ++tap_count);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	putchar('\n');
	fflush(stdout);
	if (!pass)
		tap_failures++;
	return pass;
}

/* Equal strings, and what differs when they are not */
static inline bool tap_str(const char *got, const char *want, const char *what)
{
	bool pass = got && want && !strcmp(got, want);

	tap_ok(pass, "%s", what);
	if (!pass)
		printf("#   got:  '%s'\n#   want: '%s'\n", got ? got : "(null)",
		       want ? want : "(null)");
	fflush(stdout);
	return pass;
}

static inline int tap_done(void)
{
	printf("1..%d\n", tap_count);
	fflush(stdout);
	return tap_failures ? 1 : 0;
}

#endif /* ZSWAPCTL_TAP_H */
