#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0
# The data-integrity stress (tests/stress/zswap-stress) and the leak check
# after it. Runs in the guest on the patched and the debug kernel, where any
# KASAN, lockdep or DEBUG_VM report fails the run through the harness.

load ../suites/helpers

setup() {
	require_guest
}

@test "stress: 1 GiB through zswap under compressor, zpool, limit and swapoff churn, no page wrong" {
	run "$TOP/tests/stress/zswap-stress" ${STRESS_ARGS:-}
	echo "$output"
	# The figures go into the TAP stream, for the record of a passing run.
	grep '^zswap-stress: pages_verified=.*zswpout_pages' <<<"$output" | sed 's/^/# /' >&3
	assert_success
	assert_output --regexp 'mismatches=0 zswpout_pages=[0-9]+'
}

@test "stress: after swapoff nothing is left: no stored pages, no pool, no entries" {
	local slab0
	swapoff -a
	assert_equal "$(zswap_debug stored_pages)" 0
	assert_equal "$(zswap_debug pool_total_size)" 0
	[ "$(slab_objects zswap_entry)" = 0 ] ||
		fail "$(slab_objects zswap_entry) zswap_entry objects in use"
	# Only the current pool may remain (if it is a zsmalloc one).
	[ "$(ls /sys/kernel/debug/zsmalloc | grep -c '^zswap')" -le 1 ]
	swapon /dev/ram0
}
