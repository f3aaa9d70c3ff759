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
	# A fixed number of bogo operations, not a time. stress-ng splits
	# --vm-bytes between the workers: each maps 48 MiB, more than the
	# cgroup holds, and keeps it (--vm-keep), so each worker's own passes
	# over its buffer push at least 16 MiB out and bring it back, however
	# the two are scheduled. (With 24 MiB each, as before, only the two
	# together overflowed the cgroup, so what swapped hung on how their
	# runs overlapped; in one CI run they barely swapped.)
	cd /tmp
	run cg_run stressng stress-ng --vm 2 --vm-bytes 96M --vm-keep --vm-ops 400 --verify \
		--vm-method all --metrics-brief
	echo "$output"
	assert_success
	# stress-ng reports a page that read back wrong as a "fail:" line.
	refute_output --regexp 'stress-ng: (fail|error):'
	assert_output --partial "successful run completed"
	local out in
	out=$(cg_stat stressng zswpout)
	in=$(cg_stat stressng zswpin)
	echo "# zswpout $out, zswpin $in" >&3
	# Two workers, each 16 MiB (4096 pages) over the limit at least once
	[ "$out" -ge 8192 ] || fail "stress-ng barely swapped: zswpout $out"
	# and each worker's next pass over what went out
	[ "$in" -ge 4096 ] || fail "little came back from zswap: zswpin $in"
}
