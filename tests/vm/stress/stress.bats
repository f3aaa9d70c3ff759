#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0
# The data-integrity stress (tests/stress/zswap-stress) and the leak check
# after it. Runs in the guest on the patched and the debug kernels (6.1's,
# and in make check-full 6.12's and 7.2's), where any KASAN, lockdep or
# DEBUG_VM report fails the run through the harness.

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

# The zpools of the line: 6.12's z3fold leaks handle slots (z3fold_fixed),
# and destroying a pool that leaked is a splat of its own, which the
# zpool matrix shows (tests/check z3fold_leak): zbud and zsmalloc there.
# 7.2 has no zpool layer: zswap-stress goes round the compressors alone.
stress_zpools() {
	if line_has zpool && ! z3fold_fixed; then
		echo --zpools zbud,zsmalloc
	fi
}

# stress_pairs: the zpool and compressor pairs that gives, four compressors
# to a zpool
stress_pairs() {
	if ! line_has zpool; then
		echo 4
	elif z3fold_fixed; then
		echo 12
	else
		echo 8
	fi
}

@test "stress: 1 GiB through zswap under each zpool of the line with every compressor, limit and swapoff churn, no page wrong" {
	# shellcheck disable=SC2046
	run "$TOP/tests/stress/zswap-stress" $(stress_zpools) ${STRESS_ARGS:-}
	echo "$output"
	# The figures go into the TAP stream, for the record of a passing run:
	# the totals and what each zpool and compressor pair stored.
	grep -E '^zswap-stress: (pages_verified=.*zswpout_pages|[a-z0-9]+\+[a-z0-9]+ zswpout_pages=)' <<<"$output" |
		sed 's/^/# /' >&3
	assert_success
	assert_output --regexp "mismatches=0 zswpout_pages=[0-9]+ .* write_failures=0 pairs_stored=[0-9]+/$(stress_pairs) phases=[0-9]+ cpu_hotplugs=[0-9]+\$"
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
