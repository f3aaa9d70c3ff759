#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0
# The data-integrity stress (tests/stress/zswap-stress) and the leak check
# after it. Runs in the guest on the patched and the debug kernel, where any
# KASAN, lockdep or DEBUG_VM report fails the run through the harness.

load ../suites/helpers

setup_file() {
	# Removed memcgs the kernel still holds before the stress: the
	# after-swapoff test wants no more than these.
	export DYING_BEFORE_STRESS
	DYING_BEFORE_STRESS=$(dying_memcgs 2>/dev/null)
}

setup() {
	require_guest
}

@test "stress: 1 GiB through zswap under zbud, z3fold and zsmalloc with every compressor, limit and swapoff churn, no page wrong" {
	run "$TOP/tests/stress/zswap-stress" ${STRESS_ARGS:-}
	echo "$output"
	# The figures go into the TAP stream, for the record of a passing run:
	# the totals and what each zpool and compressor pair stored.
	grep -E '^zswap-stress: (pages_verified=.*zswpout_pages|[a-z0-9]+\+[a-z0-9]+ zswpout_pages=)' <<<"$output" |
		sed 's/^/# /' >&3
	assert_success
	assert_output --regexp 'mismatches=0 zswpout_pages=[0-9]+ .* write_failures=0 pairs_stored=[0-9]+/12 phases=[0-9]+ cpu_hotplugs=[0-9]+$'
}

@test "stress: after swapoff nothing is left: no stored pages, no pool, no entries, no removed cgroup" {
	swapoff -a
	assert_equal "$(zswap_debug stored_pages)" 0
	assert_equal "$(zswap_debug pool_total_size)" 0
	[ "$(slab_objects zswap_entry)" = 0 ] ||
		fail "$(slab_objects zswap_entry) zswap_entry objects in use"
	# Only the current pool may remain (if it is a zsmalloc one).
	[ "$(ls /sys/kernel/debug/zsmalloc | grep -c '^zswap')" -le 1 ]
	# The stress removed its cgroup; with no swap left, nothing may
	# hold it: a reference kept on it (a swap entry charged to it that
	# was never uncharged, a css reference never put) leaves it dying.
	[ ! -d /sys/fs/cgroup/zswap-stress ] || fail "the stress left its cgroup"
	wait_dying_memcgs "$DYING_BEFORE_STRESS" || fail "a removed cgroup is still held"
	swapon /dev/ram0
}
