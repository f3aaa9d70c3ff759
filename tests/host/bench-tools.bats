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

# report on made-up cases (no guest ran): the family's cost on another line
# is patched over stock of that line, with its verdict, and the CPU model
# of the run heads the table.
@test "report: patched 6.12 over stock 6.12 in a column of its own, the CPU model in the heading" {
	local results=$BATS_TEST_TMPDIR/results.json table=$BATS_TEST_TMPDIR/table.md
	# 64 MiB is 16,384 pages: read back in 16.384 ms and 32.768 ms is 1,000
	# and 2,000 ns/page; the first touch is the same on both
	jq -n '
	  def zero(k; r; ns): {kernel: k, round: r, case: "zero-zswap", mib: 64,
	                       readback_ns: ns, touch_ns: 8192000};
	  {mode: "wallclock-qemu64", rounds: 2, date: "2026-12-05T00:00:00Z",
	   seconds: 1, cpu: "qemu64",
	   machine: {cpu: "test", cpus: 2, mem_kib: 1, host_kernel: "x", qemu: "q"},
	   cases: [zero("stock-6.12"; 1; 16384000), zero("stock-6.12"; 2; 16384000),
	           zero("patched-6.12"; 1; 32768000), zero("patched-6.12"; 2; 32768000)]}' \
		> "$results"
	run /usr/bin/python3 "$TOP/tests/bench/report" "$results" --table "$table" \
		--chart "$BATS_TEST_TMPDIR/chart.png"
	assert_success
	# patched 6.1 against its peers: neither its columns nor its chart
	assert_output --partial "report: no patched 6.1 in the run, no chart"
	[ ! -e "$BATS_TEST_TMPDIR/chart.png" ]
	run cat "$table"
	refute_output --partial "patched / "
	assert_line --partial "Mode: **wallclock-qemu64**"
	assert_line --partial ", CPU model qemu64; guest"
	assert_line --regexp '^\| workload \| metric \| unit \| stock 6\.12 \| patched 6\.12 \| patched 6\.12 / stock 6\.12 \| verdict \|$'
	assert_line --regexp '^\| 1 zero swap-in \| read back, zswap on \(lower is better\) \| ns/page \| 1,000 \(1,000-1,000\) \| 2,000 \(2,000-2,000\) \| 2\.00 \| patched 6\.12: worse than stock 6\.12 \|$'
	assert_line --regexp '^\| 1 zero swap-in \| first-touch write fault, same guest .*\| 1\.00 \| patched 6\.12: same as stock 6\.12 \|$'
}
