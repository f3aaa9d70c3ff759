#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0
# Self-tests of the guest harness, run on the host: each boots a guest that
# must fail in a known way, and checks that tests/vm/run reports it. If
# these pass, a real failure inside any guest suite fails `make check`.

bats_load_library bats-support
bats_load_library bats-assert

setup() {
	TOP=$(cd "$BATS_TEST_DIRNAME/../.." && pwd)
	RUN="$TOP/tests/vm/run --quiet --timeout 300"
}

@test "harness: a passing guest command exits 0" {
	run $RUN -- 'grep -q " /sys/fs/cgroup cgroup2 " /proc/mounts && swapon --show=NAME --noheadings'
	assert_success
}

@test "harness: a failing guest command fails the run with its exit status" {
	run $RUN -- 'exit 3'
	assert_failure 3
}

@test "harness: a kernel WARN in the guest fails the run although the command passed" {
	run $RUN -- 'echo WARNING > /sys/kernel/debug/provoke-crash/DIRECT; true'
	assert_failure 126
	assert_output --partial "kernel splat in the guest log"
	assert_output --partial "WARNING:"
}

@test "harness: a guest kernel panic fails the run" {
	run $RUN -- 'echo PANIC > /sys/kernel/debug/provoke-crash/DIRECT; true'
	assert_failure 125
	assert_output --partial "without a status"
}

@test "harness: a guest that outlives its timeout fails the run" {
	run "$TOP/tests/vm/run" --quiet --timeout 60 -- 'sleep 3600'
	assert_failure 125
	assert_output --partial "timed out"
}
