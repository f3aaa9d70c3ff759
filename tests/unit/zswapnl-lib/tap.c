// SPDX-License-Identifier: LGPL-2.1-or-later
/* See tap.h */

#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "tap.h"

static unsigned int failures;

void tap_diag(const char *fmt, ...)
{
	va_list ap;

	fputs("# ", stdout);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	fputc('\n', stdout);
	/* line-buffered already (tap_run), but a case may change stdout's mode */
	fflush(stdout);
}

static bool fail(const char *file, int line, const char *what)
{
	failures++;
	tap_diag("%s:%d: %s", file, line, what);
	return false;
}

bool tap_check(bool ok, const char *expr, const char *file, int line)
{
	char buf[512];

	if (ok)
		return true;
	snprintf(buf, sizeof(buf), "failed: %s", expr);
	return fail(file, line, buf);
}

bool tap_check_int(long long got, long long want, const char *expr, const char *file, int line)
{
	char buf[512];

	if (got == want)
		return true;
	snprintf(buf, sizeof(buf), "%s is %lld, not %lld", expr, got, want);
	return fail(file, line, buf);
}

bool tap_check_u64(uint64_t got, uint64_t want, const char *expr, const char *file, int line)
{
	char buf[512];

	if (got == want)
		return true;
	snprintf(buf, sizeof(buf), "%s is %" PRIu64 " (%#" PRIx64 "), not %" PRIu64 " (%#" PRIx64 ")",
		 expr, got, got, want, want);
	return fail(file, line, buf);
}

bool tap_check_str(const char *got, const char *want, const char *expr, const char *file,
		   int line)
{
	char buf[512];

	if (got && want && !strcmp(got, want))
		return true;
	if (!got && !want)
		return true;
	snprintf(buf, sizeof(buf), "%s is \"%s\", not \"%s\"", expr, got ? got : "(null)",
		 want ? want : "(null)");
	return fail(file, line, buf);
}

/* Run @c in a child; true if it passed */
static bool run_forked(const struct tap_case *c)
{
	int status;
	pid_t pid;

	fflush(stdout);
	pid = fork();
	if (pid < 0) {
		tap_diag("fork: %m");
		return false;
	}
	if (!pid) {
		failures = 0;
		c->fn();
		fflush(stdout);
		exit(failures ? 1 : 0);
	}
	if (waitpid(pid, &status, 0) < 0) {
		tap_diag("waitpid: %m");
		return false;
	}
	if (WIFSIGNALED(status)) {
		tap_diag("the case died of signal %d", WTERMSIG(status));
		return false;
	}
	if (WEXITSTATUS(status) > 1)
		tap_diag("the case exited %d", WEXITSTATUS(status));
	return WIFEXITED(status) && WEXITSTATUS(status) == 0;
}

int tap_run(const struct tap_case *cases, size_t n)
{
	bool nofork = getenv("TAP_NOFORK") && strcmp(getenv("TAP_NOFORK"), "0");
	unsigned int failed = 0;
	bool ok;
	size_t i;

	/* Each line out as it is written: a crash must not take the lines before it */
	setvbuf(stdout, NULL, _IOLBF, 0);
	printf("1..%zu\n", n);
	fflush(stdout);
	for (i = 0; i < n; i++) {
		if (nofork) {
			failures = 0;
			cases[i].fn();
			ok = !failures;
		} else {
			ok = run_forked(&cases[i]);
		}
		printf("%sok %zu - %s\n", ok ? "" : "not ", i + 1, cases[i].name);
		fflush(stdout);
		failed += !ok;
	}
	return failed ? 1 : 0;
}
