// SPDX-License-Identifier: LGPL-2.1-or-later
/* See tap.h */

#include <inttypes.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

#include "tap.h"

static unsigned int failures;

/* tap_skip()'s reason, shared with the parent of a forked case */
#define SKIP_REASON_MAX 256
#define EXIT_SKIPPED 77
static char *skip_reason;
static bool in_child;
static jmp_buf skip_jump;

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

void tap_skip(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(skip_reason, SKIP_REASON_MAX, fmt, ap);
	va_end(ap);
	fflush(stdout);
	if (in_child)
		exit(EXIT_SKIPPED);
	longjmp(skip_jump, 1);
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

enum case_result { CASE_FAILED, CASE_PASSED, CASE_SKIPPED };

/* Run @c in a child */
static enum case_result run_forked(const struct tap_case *c)
{
	int status;
	pid_t pid;

	fflush(stdout);
	pid = fork();
	if (pid < 0) {
		tap_diag("fork: %m");
		return CASE_FAILED;
	}
	if (!pid) {
		in_child = true;
		failures = 0;
		c->fn();
		fflush(stdout);
		exit(failures ? 1 : 0);
	}
	if (waitpid(pid, &status, 0) < 0) {
		tap_diag("waitpid: %m");
		return CASE_FAILED;
	}
	if (WIFSIGNALED(status)) {
		tap_diag("the case died of signal %d", WTERMSIG(status));
		return CASE_FAILED;
	}
	if (WEXITSTATUS(status) == EXIT_SKIPPED && skip_reason[0])
		return CASE_SKIPPED;
	if (WEXITSTATUS(status) > 1)
		tap_diag("the case exited %d", WEXITSTATUS(status));
	return WIFEXITED(status) && WEXITSTATUS(status) == 0 ? CASE_PASSED : CASE_FAILED;
}

static enum case_result run_here(const struct tap_case *c)
{
	failures = 0;
	if (setjmp(skip_jump))
		return CASE_SKIPPED;
	c->fn();
	return failures ? CASE_FAILED : CASE_PASSED;
}

int tap_run(const struct tap_case *cases, size_t n)
{
	bool nofork = getenv("TAP_NOFORK") && strcmp(getenv("TAP_NOFORK"), "0");
	unsigned int failed = 0;
	enum case_result r;
	size_t i;

	/* Each line out as it is written: a crash must not take the lines before it */
	setvbuf(stdout, NULL, _IOLBF, 0);
	skip_reason = mmap(NULL, SKIP_REASON_MAX, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS,
			   -1, 0);
	if (skip_reason == MAP_FAILED) {
		perror("mmap");
		return 1;
	}
	printf("1..%zu\n", n);
	fflush(stdout);
	for (i = 0; i < n; i++) {
		skip_reason[0] = '\0';
		r = nofork ? run_here(&cases[i]) : run_forked(&cases[i]);
		if (r == CASE_SKIPPED)
			printf("ok %zu - %s # SKIP %s\n", i + 1, cases[i].name, skip_reason);
		else
			printf("%sok %zu - %s\n", r == CASE_PASSED ? "" : "not ", i + 1,
			       cases[i].name);
		fflush(stdout);
		failed += r == CASE_FAILED;
	}
	return failed ? 1 : 0;
}
