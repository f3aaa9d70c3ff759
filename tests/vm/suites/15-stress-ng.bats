#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0
# An independent check of swapped data: Debian's stress-ng, whose vm
# stressors verify what they read back, in a memory-limited cgroup.

load helpers

setup() {
	require_guest
}

teardown() {
	cg_remove stressng
	true
}

@test "stress-ng --vm --verify in a 32 MiB cgroup runs clean through zswap" {
	cg_create stressng 32M
	# A fixed number of bogo operations, not a time.
	cd /tmp
	run cg_run stressng stress-ng --vm 2 --vm-bytes 48M --vm-ops 400 --verify \
		--vm-method all --metrics-brief
	echo "$output"
	assert_success
	# stress-ng reports a page that read back wrong as a "fail:" line.
	refute_output --regexp 'stress-ng: (fail|error):'
	assert_output --partial "successful run completed"
	[ "$(cg_stat stressng zswpout)" -gt 5000 ] || fail "stress-ng barely swapped"
	[ "$(cg_stat stressng zswpin)" -gt 1000 ] || fail "little came back from zswap"
}
