#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0
# tests/unit/run-checked, which runs the unit test programs for make check
# (plain, under valgrind, built with ASan and UBSan), and the TAP those
# programs print: a program that crashes, leaks, overruns a buffer, hits
# undefined behaviour or prints fewer tests than its plan is a failed test
# in the mode that sees it, and the lines it printed before a crash are
# kept. The programs here are small ones built for the purpose, with the
# unit tests' own TAP producers, in a build folder of the test's own.

bats_require_minimum_version 1.5.0
bats_load_library bats-support
bats_load_library bats-assert

setup() {
	TOP=$(cd "$BATS_TEST_DIRNAME/../.." && pwd)
	FAKE=$BATS_TEST_TMPDIR/build
	mkdir -p "$FAKE/tests/unit" "$FAKE/tests/unit-asan"
}

require_tool() {
	command -v "$1" >/dev/null || fail "$1 missing: run make deps"
}

# prog DIR NAME BODY [CFLAGS...]: a program DIR/NAME on tests/unit/zswapctl-tap.h
# whose main() runs BODY and returns tap_done()
prog() {
	local dir=$1 name=$2 body=$3
	shift 3
	printf '%s\n' '#include <signal.h>' '#include <stdio.h>' '#include <stdlib.h>' \
		'#include <sys/stat.h>' '#include <unistd.h>' '#include "zswapctl-tap.h"' \
		'int main(void)' '{' "$body" '	return tap_done();' '}' > "$BATS_TEST_TMPDIR/$name.c"
	gcc -std=gnu11 -g -O0 -I"$TOP/tests/unit" "$@" -o "$dir/$name" "$BATS_TEST_TMPDIR/$name.c" ||
		fail "cannot build $name"
}

# checked MODE: tests/unit/run-checked MODE on the test's build folder,
# the programs those of the sources prog() wrote, or source_of() named
checked() { BUILD=$FAKE UNIT_SRC=$BATS_TEST_TMPDIR "$TOP/tests/unit/run-checked" "$@"; }

# source_of NAME...: a source for each program written another way (a
# script), so that run-checked runs it as one of the unit tests
source_of() {
	local name
	for name in "$@"; do
		: > "$BATS_TEST_TMPDIR/$name.c"
	done
}

@test "plain: a passing program passes, with its exit, its plan and its TMPDIR as three more tests" {
	prog "$FAKE/tests/unit" zswapctl-good 'tap_ok(true, "one"); tap_ok(true, "two");'
	run -0 checked plain
	assert_output "$(printf '%s\n' 'ok 1 - zswapctl-good: one' 'ok 2 - zswapctl-good: two' \
		'ok 3 - zswapctl-good: exits 0' 'ok 4 - zswapctl-good: ran the 2 tests of its plan' \
		'ok 5 - zswapctl-good: left nothing in its TMPDIR' '1..5')"
}

@test "plain: a program that leaves a file or a folder in its TMPDIR fails" {
	prog "$FAKE/tests/unit" zswapctl-litter \
		'char p[4096]; snprintf(p, sizeof(p), "%s/zswapnl-test.x", getenv("TMPDIR")); tap_ok(mkdir(p, 0700) == 0, "mkdir");'
	prog "$FAKE/tests/unit" zswapctl-tidy \
		'char p[4096]; snprintf(p, sizeof(p), "%s/f", getenv("TMPDIR")); tap_ok(!mknod(p, S_IFREG | 0600, 0) && !unlink(p), "made and removed");'
	run -1 checked plain
	assert_line 'ok 1 - zswapctl-litter: mkdir'
	assert_line 'not ok 4 - zswapctl-litter: left nothing in its TMPDIR # left: zswapnl-test.x'
	assert_line 'ok 5 - zswapctl-tidy: made and removed'
	# each program has a TMPDIR of its own: the first one's litter is
	# not the second one's
	assert_line 'ok 8 - zswapctl-tidy: left nothing in its TMPDIR'
}

@test "plain: a leftover's name with a newline or a '#' stays on its TAP line" {
	prog "$FAKE/tests/unit" zswapctl-odd \
		'char p[4096]; snprintf(p, sizeof(p), "%s/a#b\nc", getenv("TMPDIR")); tap_ok(!mknod(p, S_IFREG | 0600, 0), "made");'
	run -1 checked plain
	assert_line 'not ok 4 - zswapctl-odd: left nothing in its TMPDIR # left: a?b?c'
	assert_line '1..4'
}

@test "plain: a crash keeps the lines printed before it, and fails the exit and the plan" {
	prog "$FAKE/tests/unit" zswapctl-crash \
		'tap_ok(true, "first"); tap_ok(true, "second"); raise(SIGSEGV);'
	prog "$FAKE/tests/unit" zswapctl-good 'tap_ok(true, "one");'
	run -1 checked plain
	assert_line 'ok 1 - zswapctl-crash: first'
	assert_line 'ok 2 - zswapctl-crash: second'
	assert_line --regexp '^not ok 3 - zswapctl-crash: exits 0 # got 139: killed by signal 11'
	assert_line --regexp '^not ok 4 - zswapctl-crash: ran the tests of its plan # plan: no single plan'
	assert_line 'ok 6 - zswapctl-good: one'
	assert_line '1..9'
	# and tap-summary, which make check closes with, counts it
	echo "$output" > "$BATS_TEST_TMPDIR/unit.tap"
	run -1 "$TOP/tests/lib/tap-summary" "$BATS_TEST_TMPDIR/unit.tap"
	assert_line '7 passed, 2 failed'
}

@test "plain: fewer test lines than the plan, or a failed check, fail" {
	printf '#!/bin/sh\necho 1..3\necho "ok 1 - a"\n' > "$FAKE/tests/unit/zswapnl-short"
	chmod +x "$FAKE/tests/unit/zswapnl-short"
	source_of zswapnl-short
	prog "$FAKE/tests/unit" zswapctl-bad 'tap_ok(false, "wrong");'
	run -1 checked plain
	assert_line 'not ok 1 - zswapctl-bad: wrong'
	assert_line --regexp '^not ok 2 - zswapctl-bad: exits 0 # got 1'
	assert_line 'ok 3 - zswapctl-bad: ran the 1 tests of its plan'
	assert_line --regexp '^not ok 7 - zswapnl-short: ran the tests of its plan # plan: 3, ran: 1'
}

@test "plain: a plan of 1..0, Bail out! and a failed subtest fail a program that exits 0" {
	printf '#!/bin/sh\necho 1..0\n' > "$FAKE/tests/unit/zswapnl-empty"
	printf '#!/bin/sh\necho 1..1\necho "ok 1 - a"\necho "Bail out! no fixture"\n' \
		> "$FAKE/tests/unit/zswapnl-bail"
	printf '#!/bin/sh\necho 1..1\necho "    not ok 1 - inner"\necho "ok 1 - outer"\n' \
		> "$FAKE/tests/unit/zswapnl-sub"
	chmod +x "$FAKE/tests/unit/zswapnl-empty" "$FAKE/tests/unit/zswapnl-bail" \
		"$FAKE/tests/unit/zswapnl-sub"
	source_of zswapnl-empty zswapnl-bail zswapnl-sub
	run -1 checked plain
	assert_line --regexp '^not ok [0-9]+ - zswapnl-empty: ran the tests of its plan # its plan is 1..0'
	assert_line --regexp '^not ok [0-9]+ - zswapnl-bail: Bail out! no fixture$'
	assert_line --regexp '^not ok [0-9]+ - zswapnl-sub: +not ok 1 - inner$'
	assert_line --regexp '^ok [0-9]+ - zswapnl-sub: outer$'
}

@test "the zswapnl TAP (tap.c): a crashing case is not ok, the others run; without fork the lines stay" {
	cat > "$BATS_TEST_TMPDIR/cases.c" <<-'EOF'
		#include <signal.h>
		#include "tap.h"
		static void fine(void) { CHECK(1); }
		static void crash(void) { raise(SIGSEGV); }
		TAP_CASES({ "fine", fine }, { "crash", crash }, { "fine again", fine }, )
	EOF
	gcc -std=gnu11 -g -D_GNU_SOURCE -I"$TOP/tests/unit/zswapnl-lib" \
		-o "$FAKE/tests/unit/zswapnl-cases" "$BATS_TEST_TMPDIR/cases.c" \
		"$TOP/tests/unit/zswapnl-lib/tap.c" || fail "cannot build"
	source_of zswapnl-cases
	run -1 checked plain
	assert_line 'ok 1 - zswapnl-cases: fine'
	assert_line 'not ok 2 - zswapnl-cases: crash'
	assert_line 'ok 3 - zswapnl-cases: fine again'
	assert_line 'ok 5 - zswapnl-cases: ran the 3 tests of its plan'
	# In one process the crash ends the program, after its first line
	TAP_NOFORK=1 run -1 checked plain
	assert_line 'ok 1 - zswapnl-cases: fine'
	assert_line --regexp '^not ok 2 - zswapnl-cases: exits 0 # got 139'
	assert_line --regexp '^not ok 3 - zswapnl-cases: ran the tests of its plan # plan: 3, ran: 1'
}

@test "valgrind: a leak and a read past a buffer each fail a clean-looking program" {
	require_tool valgrind
	prog "$FAKE/tests/unit" zswapctl-leak \
		'char *volatile p = malloc(24); p[0] = 1; p = NULL; tap_ok(true, "leaks");'
	prog "$FAKE/tests/unit" zswapctl-overread \
		'volatile char *p = malloc(8); char c = p[8]; tap_ok(c == c, "reads past"); free((void *)p);'
	run -0 checked plain
	run -1 checked valgrind
	assert_line 'ok 1 - zswapctl-leak: leaks'
	assert_line --regexp '^not ok 2 - zswapctl-leak: exits 0 # got 99: valgrind found'
	assert_line 'not ok 5 - zswapctl-leak: no valgrind report on stderr'
	assert_line --regexp '^#   ==[0-9]+== 24 bytes in 1 blocks are definitely lost'
	assert_line --regexp '^not ok 7 - zswapctl-overread: exits 0 # got 99'
	assert_line --regexp '^#   ==[0-9]+== Invalid read of size 1'
}

@test "asan: a heap overflow, a leak and a signed overflow each fail" {
	local san=(-fsanitize=address,undefined -fno-omit-frame-pointer)
	prog "$FAKE/tests/unit-asan" zswapctl-overflow \
		'char *volatile p = malloc(8); p[8] = 1; tap_ok(true, "writes past"); free(p);' "${san[@]}"
	prog "$FAKE/tests/unit-asan" zswapctl-leak \
		'char *volatile p = malloc(24); p[0] = 1; p = NULL; tap_ok(true, "leaks");' "${san[@]}"
	prog "$FAKE/tests/unit-asan" zswapctl-ub \
		'volatile int i = 2147483647; i = i + (getenv("NO_SUCH_VARIABLE") ? 0 : 1); tap_ok(true, "overflows");' \
		"${san[@]}"
	run -1 checked asan "$BATS_TEST_TMPDIR/out"
	assert_line "FAIL $BATS_TEST_TMPDIR/out/unit-asan-zswapctl-overflow.tap"
	assert_line "FAIL $BATS_TEST_TMPDIR/out/unit-asan-zswapctl-leak.tap"
	assert_line "FAIL $BATS_TEST_TMPDIR/out/unit-asan-zswapctl-ub.tap"
	run -0 cat "$BATS_TEST_TMPDIR/out/unit-asan-zswapctl-overflow.tap"
	assert_line --partial 'ERROR: AddressSanitizer: heap-buffer-overflow'
	# halt_on_error: nothing after the overflow ran
	refute_line --partial 'writes past'
	run -0 cat "$BATS_TEST_TMPDIR/out/unit-asan-zswapctl-leak.tap"
	assert_line --partial 'ERROR: LeakSanitizer: detected memory leaks'
	assert_line --regexp '^not ok 2 - zswapctl-leak: exits 0 # got [0-9]+: a sanitizer report'
	run -0 cat "$BATS_TEST_TMPDIR/out/unit-asan-zswapctl-ub.tap"
	assert_line --partial 'runtime error: signed integer overflow'
	refute_line --partial 'overflows'
	# one file a program, each with its plan
	run -0 head -1 "$BATS_TEST_TMPDIR/out/unit-asan-zswapctl-ub.tap"
	assert_output 1..4
}

@test "run-checked: a bad mode, or no program to run, is exit 2" {
	run -2 checked frob
	run -2 checked plain
	assert_output --partial "no unit test source"
}

# One program a source: a source whose program is missing is a failure,
# not a program fewer; a program whose source is gone is not run
@test "run-checked: a source without its program fails; a program without a source is not run" {
	prog "$FAKE/tests/unit" zswapctl-good 'tap_ok(true, "one");'
	prog "$FAKE/tests/unit" zswapctl-built 'tap_ok(true, "one");'
	rm "$FAKE/tests/unit/zswapctl-built"
	prog "$FAKE/tests/unit" zswapctl-stale 'tap_ok(false, "stale");'
	rm "$BATS_TEST_TMPDIR/zswapctl-stale.c"
	run -1 checked plain
	assert_line 'not ok 1 - zswapctl-built: exits 0 # got 127: not built'
	assert_line 'ok 4 - zswapctl-good: one'
	refute_output --partial stale
}
