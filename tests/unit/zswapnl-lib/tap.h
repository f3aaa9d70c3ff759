/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * A small TAP producer for the unit tests. A test program is a table of
 * cases; each case is one "ok N - name" line, and runs in a child process
 * of its own, so that a crash is one "not ok" and not the end of the
 * output (TAP_NOFORK=1 runs them in the one process, for a debugger).
 * CHECK* record a failure with its line and go on; the case fails if any did.
 * A case that cannot run where it is (a chroot, no privilege) calls tap_skip()
 * with the reason, before it checks anything.
 */
#ifndef ZSWAPNL_TEST_TAP_H
#define ZSWAPNL_TEST_TAP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct tap_case {
	const char *name;
	void (*fn)(void);
};

/* Prints "1..N", runs every case, returns the exit status for main() */
int tap_run(const struct tap_case *cases, size_t n);

void tap_diag(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* Ends the case as "ok N - name # SKIP reason"; does not return */
void tap_skip(const char *fmt, ...) __attribute__((format(printf, 1, 2), noreturn));
bool tap_check(bool ok, const char *expr, const char *file, int line);
bool tap_check_int(long long got, long long want, const char *expr, const char *file, int line);
bool tap_check_u64(uint64_t got, uint64_t want, const char *expr, const char *file, int line);
bool tap_check_str(const char *got, const char *want, const char *expr, const char *file,
		   int line);

#define CHECK(cond) tap_check(!!(cond), #cond, __FILE__, __LINE__)
#define CHECK_INT(got, want) tap_check_int((got), (want), #got, __FILE__, __LINE__)
#define CHECK_U64(got, want) tap_check_u64((got), (want), #got, __FILE__, __LINE__)
#define CHECK_STR(got, want) tap_check_str((got), (want), #got, __FILE__, __LINE__)

#define TAP_CASES(...)                                                                        \
	int main(void)                                                                         \
	{                                                                                      \
		static const struct tap_case cases[] = { __VA_ARGS__ };                        \
		return tap_run(cases, sizeof(cases) / sizeof(cases[0]));                       \
	}

#endif /* ZSWAPNL_TEST_TAP_H */
