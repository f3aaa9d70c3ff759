// SPDX-License-Identifier: GPL-2.0
/*
 * Errors: one line on stderr each, naming the problem, and an exit code
 * that tells a script whose fault it was (zswapctl(8), EXIT STATUS).
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "escape.h"
#include "zswapctl.h"

/*
 * A message may quote a cgroup's path, a user's argument or the kernel's
 * extack text: it goes to the terminal escaped as every text output is
 * (escape.h), and stays one line.
 */
static void verror(const char *fmt, va_list ap)
{
	char *msg;

	fflush(stdout);
	fputs("zswapctl: ", stderr);
	if (vasprintf(&msg, fmt, ap) < 0) {
		fputs("out of memory\n", stderr);
		return;
	}
	if (escape_fputs(msg, escape_locale_flags(), stderr) == -ENOMEM)
		fputs("out of memory", stderr);
	free(msg);
	putc('\n', stderr);
}

void zc_error(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	verror(fmt, ap);
	va_end(ap);
}

int zc_usage(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	verror(fmt, ap);
	va_end(ap);
	return EXIT_USAGE;
}

void zc_old_spelling(const char *cmd, const char *old, const char *now,
		     const char *now_long)
{
	if (now_long)
		zc_error("note: '%s %s' is now '%s %s' (%s)", cmd, old, cmd,
			 now, now_long);
	else
		zc_error("note: '%s %s' is now '%s %s'", cmd, old, cmd, now);
}

int zc_exit_code(int err)
{
	switch (-err) {
	case 0:
		return EXIT_OK;
	case EOPNOTSUPP:
	case ENOSYS:
	case EPROTONOSUPPORT:
	case EAFNOSUPPORT:
		return EXIT_UNSUPPORTED;
	default:
		return EXIT_SYSTEM;
	}
}

/*
 * strerror(), but for the codes to which libzswapnl(3) gives a meaning of
 * its own: "Resource temporarily unavailable" would tell a user neither
 * that a dump changed while it was read nor that trying again is the cure.
 */
static const char *lib_strerror(int err)
{
	switch (-err) {
	case EAGAIN:
		return "the dump changed while it was read; try again";
	default:
		return strerror(-err);
	}
}

int zc_lib_error(const char *what, int err, const struct zswapnl_error *e)
{
	return zc_lib_error_then(what, err, e, NULL);
}

int zc_lib_error_then(const char *what, int err, const struct zswapnl_error *e,
		      const char *then)
{
	const char *why = lib_strerror(err);

	if (!then)
		then = "";
	if (e && e->msg[0]) {
		/* "cannot write FILE: Permission denied" says why already */
		if (strstr(e->msg, why))
			why = NULL;
		if (e->attr[0])
			zc_error("%s: %s (%s%sattribute %s)%s", what, e->msg,
				 why ? why : "", why ? "; " : "", e->attr,
				 then);
		else if (why)
			zc_error("%s: %s (%s)%s", what, e->msg, why, then);
		else
			zc_error("%s: %s%s", what, e->msg, then);
	} else {
		zc_error("%s: %s%s", what, why, then);
	}
	return zc_exit_code(err);
}
