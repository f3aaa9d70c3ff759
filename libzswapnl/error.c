// SPDX-License-Identifier: LGPL-2.1-or-later
/* struct zswapnl_error: what went wrong, for the caller to print */

#include <stdio.h>
#include <string.h>

#include "internal.h"

void znl_err_clear(struct zswapnl_error *err)
{
	if (!err)
		return;
	err->code = 0;
	err->msg[0] = '\0';
	err->attr[0] = '\0';
}

/*
 * Fill @err with @code, the attribute @attr (a spec name, or NULL) and a
 * message; returns @code so that callers can "return znl_err(...)".
 */
int znl_err(struct zswapnl_error *err, int code, const char *attr, const char *fmt, ...)
{
	va_list ap;

	if (!err)
		return code;
	err->code = code;
	va_start(ap, fmt);
	vsnprintf(err->msg, sizeof(err->msg), fmt, ap);
	va_end(ap);
	snprintf(err->attr, sizeof(err->attr), "%s", attr ? attr : "");
	return code;
}

/* "cannot WHAT PATH: strerror(-code)" */
int znl_err_sys(struct zswapnl_error *err, int code, const char *attr, const char *what,
		const char *path)
{
	char buf[128];

	return znl_err(err, code, attr, "cannot %s %s: %s", what, path,
		       strerror_r(-code, buf, sizeof(buf)));
}
