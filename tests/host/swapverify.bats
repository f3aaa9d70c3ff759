#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0
# swapverify on the host's own memory (no swap needed): the checker must
# pass intact memory, catch a corrupted page, and refuse bad arguments.

bats_load_library bats-support
bats_load_library bats-assert

setup() {
	TOP=$(cd "$BATS_TEST_DIRNAME/../.." && pwd)
	SV=${BUILD:-$TOP/build}/tools/swapverify
	[ -x "$SV" ] || fail "$SV not built: run make"
}

@test "swapverify passes intact memory and counts every page it checked" {
	run "$SV" --size 8 --ops 0
	assert_success
	# --ops 0: one write and one check per page, 8 MiB = 2048 pages.
	assert_output --regexp 'pages_verified=2048 mismatches=0 '
}

@test "swapverify mixes the four kinds of page by the given weights" {
	run "$SV" --size 8 --ops 0 --mix 1:0:0:0
	assert_success
	assert_output --partial "zero=2048 same=0 compressible=0 random=0"
	run "$SV" --size 8 --ops 0 --mix 0:1:1:0
	assert_success
	assert_output --regexp 'zero=0 same=[0-9]+ compressible=[0-9]+ random=0'
}

@test "swapverify sums the tallies of several processes" {
	run "$SV" --size 4 --ops 0 --procs 3
	assert_success
	assert_output --regexp 'pages_verified=3072 mismatches=0 '
}

@test "swapverify reports a corrupted page and exits 1" {
	run "$SV" --size 4 --ops 100 --inject-fault
	assert_failure 1
	assert_output --partial "MISMATCH page 512"
	assert_output --regexp 'mismatches=1 '
}

@test "swapverify refuses bad arguments with exit 2" {
	run "$SV" --size 0
	assert_failure 2
	assert_output --partial "invalid value '0'"
	run "$SV" --mix 1:2
	assert_failure 2
	run "$SV" --hold --procs 2
	assert_failure 2
	assert_output --partial "one process only"
	run "$SV" stray
	assert_failure 2
}
