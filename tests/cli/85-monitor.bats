#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0
# zswapctl monitor where events cannot come: a kernel without the zswap
# family (this machine's, or a recorded tree), the fallback source, and
# bad options. The events themselves are the guest suite's
# (tests/vm/suites/50-monitor-export.bats); their lines are the unit
# test's (tests/unit/zswapctl-event.c).

load helpers

setup() {
	require_zswapctl
}

# This kernel has the zswap family when --source netlink can read it
has_family() { zc --source netlink status >/dev/null 2>&1; }

@test "monitor on a kernel without the zswap family: exit 3 and one line saying so" {
	[ -d /sys/module/zswap ] || skip "this kernel has no zswap at all"
	has_family && skip "this kernel has the zswap family"
	run -3 --separate-stderr zc monitor
	assert_one_line_error "events need the zswap netlink family, which this kernel does not have"
	run -3 --separate-stderr zc monitor --json --count 1
	assert_one_line_error "events need the zswap netlink family"
	run -3 --separate-stderr zc --source netlink monitor
	assert_one_line_error "no \"zswap\" generic netlink family"
}

@test "monitor with --source fallback or --sysroot: exit 3, events come from the family only" {
	run -3 --separate-stderr zc_patched monitor
	assert_one_line_error "events come only from the zswap netlink family, not from the files"
	[ -d /sys/module/zswap ] || skip "this kernel has no zswap at all"
	run -3 --separate-stderr zc --source fallback monitor --json
	assert_one_line_error "events come only from the zswap netlink family"
}

@test "monitor on a tree without zswap: exit 3" {
	run -3 --separate-stderr zc --sysroot "$BATS_TEST_TMPDIR" monitor
	assert_one_line_error "zswap is not available in this kernel"
}

@test "monitor --help, bad --count, arguments: the documented exit status" {
	run -0 zc monitor --help
	assert_line --partial -- '--count <n>'
	assert_line --partial -- '--json'
	local bad
	for bad in 0 -1 x 1.5 '' 18446744073709551616; do
		run -1 --separate-stderr zc monitor --count "$bad"
		assert_one_line_error "invalid --count '$bad' \\(expected a number of events, 1 or more\\)"
	done
	run -1 --separate-stderr zc monitor extra
	assert_one_line_error "monitor takes no arguments, got 'extra'"
	run -1 --separate-stderr zc monitor --json=short
	assert_one_line_error "option '--json' takes no argument"
	run -1 --separate-stderr zc monitor -c
	assert_one_line_error "option '-c' needs an argument"
}

@test "monitor --memcg-events: auto, always or never; another word is a usage error" {
	run -0 zc monitor --help
	assert_line --partial -- '--memcg-events <when>'
	assert_line --partial 'CAP_SYS_ADMIN'
	local bad
	for bad in yes AUTO 1; do
		run -1 --separate-stderr zc monitor --memcg-events "$bad"
		assert_one_line_error "invalid --memcg-events '$bad' \\(expected auto, always or never\\)"
	done
	run -1 --separate-stderr zc monitor --memcg-events
	assert_one_line_error "option '--memcg-events' needs an argument"
	# Each word is taken, and the files still have no events at all
	local when
	for when in auto always never; do
		run -3 --separate-stderr zc_patched monitor --memcg-events "$when"
		assert_one_line_error "events come only from the zswap netlink family, not from the files"
	done
}

@test "zswapctl(8) documents monitor's options and the line formats" {
	local text opt
	text=$(mandoc -Tascii "$TOP/man/zswapctl.8" | col -b | tr -s ' \t\n' '   ')
	for opt in $(zc monitor --help | grep -oE -- '--[a-z-]+' | sort -u); do
		grep -q -- "$opt" <<<"$text" || fail "zswapctl(8) does not document $opt"
	done
	for opt in params-changed pool-switched pool-limit-hit memcg-limit-hit SIGINT SIGTERM \
		CAP_SYS_ADMIN memcg-events; do
		grep -qw -- "$opt" <<<"$text" || fail "zswapctl(8) does not name $opt"
	done
	# The JSON keys and event names, quoted as the other JSON keys are
	for opt in timestamp event params_changed pool_switched pool_limit_hit memcg_limit_hit; do
		grep -q "[\`']$opt'" <<<"$text" || fail "zswapctl(8) lacks the key or name $opt"
	done
}

@test "valgrind: monitor leaks nothing on its way out" {
	valgrind_run 3 "$ZSWAPCTL" --sysroot "$PATCHED" monitor
	valgrind_run 1 "$ZSWAPCTL" monitor --count 0
	if [ -d /sys/module/zswap ] && ! has_family; then
		valgrind_run 3 "$ZSWAPCTL" monitor --json
	fi
}
