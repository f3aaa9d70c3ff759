// SPDX-License-Identifier: GPL-2.0
#include <stdio.h>

#include "timestamp.h"

char *timestamp_iso8601(const struct timespec *ts, char *buf, size_t len)
{
	struct tm tm;
	size_t n;

	if (!gmtime_r(&ts->tv_sec, &tm)) {
		snprintf(buf, len, "-");
		return buf;
	}
	n = strftime(buf, len, "%Y-%m-%dT%H:%M:%S", &tm);
	snprintf(buf + n, len - n, ".%03ldZ", ts->tv_nsec / 1000000);
	return buf;
}
