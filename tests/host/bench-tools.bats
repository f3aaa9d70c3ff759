#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0
# The benchmark's programs on the host's own memory (no swap needed): what
# tests/bench/report divides must be counted as the workload did it, and
# bad arguments refused. Timings are printed, never checked.

bats_load_library bats-support
bats_load_library bats-assert

setup() {
	TOP=$(cd "$BATS_TEST_DIRNAME/../.." && pwd)
	TOOLS=${BUILD:-$TOP/build}/tools
	[ -x "$TOOLS/swapmix" ] && [ -x "$TOOLS/swapbench" ] || fail "bench tools not built: run make tools"
}

field() { # NAME JSON
	jq -er ".$1" <<<"$2"
}

@test "swapmix's sequential passes verify and rewrite every page of every process" {
	run "$TOOLS/swapmix" --size 4 --ops 0 --procs 2 --passes 3
	assert_success
	# 4 MiB = 1024 pages a process, 3 sweeps, 2 processes
	assert_equal "$(field pass_pages "$output")" 6144
	assert_equal "$(field pages "$output")" 2048
	assert_equal "$(field mismatches "$output")" 0
}

@test "swapmix without --passes sweeps nothing" {
	run "$TOOLS/swapmix" --size 1 --ops 10
	assert_success
	assert_equal "$(field pass_pages "$output")" 0
	assert_equal "$(field mix_ops "$output")" 10
}

@test "swapmix refuses a bad --passes" {
	for bad in -1 x 201 ''; do
		run "$TOOLS/swapmix" --size 1 --ops 0 --passes "$bad"
		assert_failure 2
		assert_output --partial "invalid value"
	done
}

teardown() {
	[ -z "${SWAPBENCH_PID:-}" ] || kill "$SWAPBENCH_PID" 2>/dev/null || true
}

@test "swapbench times the first touch, then reads back every page it filled" {
	local log pid
	log=$BATS_TEST_TMPDIR/swapbench.out
	"$TOOLS/swapbench" --size 2 --kind compressible >"$log" &
	pid=$!
	SWAPBENCH_PID=$pid
	for _ in $(seq 100); do
		grep -q filled "$log" && break
		sleep 0.1
	done
	assert_equal "$(grep -c "filled pid=$pid touch_ns=[1-9][0-9]*$" "$log")" 1
	kill -USR1 "$pid"
	# exit 0: each of the 512 pages (2 MiB) read back as written
	wait "$pid"
	SWAPBENCH_PID=
	assert_equal "$(grep -c '^swapbench: kind=compressible pages=512 readback_ns=[0-9]*$' "$log")" 1
}
