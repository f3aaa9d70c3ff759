#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0
# Smoke suite: the guest is what the harness promises (swap, zswap, cgroup v2,
# debugfs), and a real workload goes through zswap and comes back intact.
# Runs on the stock and the patched kernel alike.

load helpers

setup() {
	require_guest
}

teardown() {
	[ -n "${HOLDER:-}" ] && kill -USR1 "$HOLDER" 2>/dev/null
	cg_remove smoke
	true
}

@test "swap is on the brd ramdisk" {
	run awk '$1 == "/dev/ram0" { print $2, $3 }' /proc/swaps
	assert_success
	assert_output --regexp '^partition [1-9][0-9]*$'
}

# debugfs has exactly the counters of the line under test: a figure that
# appears or goes away there is one that line_has and the family's replies
# (kernel/spec/zswap.yaml) have wrong.
@test "zswap is enabled and debugfs shows its line's counters, no more, no fewer" {
	assert_equal "$(zswap_param enabled)" Y
	local want="pool_limit_hit reject_reclaim_fail reject_alloc_fail reject_kmemcache_fail
		    reject_compress_poor written_back_pages pool_total_size stored_pages" f
	! line_has duplicate-entry || want+=" duplicate_entry"
	! line_has same-filled || want+=" same_filled_pages"
	! line_has reject-compress-fail || want+=" reject_compress_fail"
	! line_has decompress-fail || want+=" decompress_fail"
	! line_has stored-incompressible-pages || want+=" stored_incompressible_pages"
	# the series' own count of zero-filled pages, beside stock 6.1's
	# same_filled_pages that counts them with the other same-filled ones
	! { line_has zero-pages && is_patched; } || want+=" zero_pages"
	for f in $want; do
		[ -r "$ZSWAP_DEBUGFS/$f" ] || fail "no $ZSWAP_DEBUGFS/$f"
	done
	assert_equal "$(ls "$ZSWAP_DEBUGFS" | sort | xargs)" "$(printf '%s\n' $want | sort | xargs)"
}

@test "cgroup v2 gives a child cgroup the memory and zswap files" {
	cg_create smoke 64M
	assert_equal "$(cat $CGROOT/smoke/memory.max)" 67108864
	[ -r $CGROOT/smoke/memory.zswap.current ] || fail "no memory.zswap.current"
	[ -w $CGROOT/smoke/memory.zswap.max ] || fail "no memory.zswap.max"
	grep -q '^zswpout ' $CGROOT/smoke/memory.stat || fail "no zswpout in memory.stat"
}

@test "swapverify detects a corrupted page (checker self-test)" {
	run "$SWAPVERIFY" --size 4 --inject-fault
	assert_failure 1
	assert_output --partial MISMATCH
	assert_equal "$(tally_field "$output" mismatches)" 1
}

# 192 MiB of zero, same-filled, compressible and random pages through a
# 48 MiB cgroup: most of it must live in zswap while the program holds it
# (the zero-filled pages in the swap layer's zeromap on 6.12 and 7.2).
@test "a workload larger than its cgroup swaps through zswap and reads back intact" {
	local log=$BATS_TEST_TMPDIR/swapverify.log
	local vm_out_before stored zswap_current zswpout zswapped
	# A workload four times its cgroup's memory, so at least half of it
	# is out; KASAN, lockdep and UBSAN make each page about twenty times
	# dearer, so the debug kernel gets a sixth of it.
	local mib=192 out
	! is_debug || mib=32
	out=$((mib * 256 / 2))

	cg_create smoke $((mib / 4))M
	vm_out_before=$(vmstat zswpout)
	cg_run smoke "$SWAPVERIFY" --size $mib --hold > "$log" 2>&1 &
	local job=$!
	wait_for_line "$log" '^swapverify: holding'
	HOLDER=$(sed -n 's/^swapverify: holding pid=\([0-9]*\).*/\1/p' "$log")

	stored=$(zswap_debug stored_pages)
	zswap_current=$(cat $CGROOT/smoke/memory.zswap.current)
	zswpout=$(cg_stat smoke zswpout)
	zswapped=$(cg_stat smoke zswapped)
	echo "stored_pages=$stored memory.zswap.current=$zswap_current zswpout=$zswpout zswapped=$zswapped"

	# What is out is in zswap, but for the zero-filled pages that 6.12
	# and 7.2 leave to the swap layer's zeromap and what a line's zswap
	# wrote back (7.2's shrinker, on in its guests, writes back much of
	# a small cgroup's pool)
	local zero wb=0
	zero=$(zeromap_out smoke)
	! line_has zswap-writeback || wb=$(cg_stat smoke zswpwb)
	echo "zero-filled pages in the zeromap $zero, written back $wb"
	[ $((stored + zero + wb)) -ge $out ] || fail "stored_pages $stored + $zero + $wb < $out"
	[ "$zswapped" -ge $(((out - zero - wb) * 4096)) ] || fail "memory.stat zswapped $zswapped too low"
	[ "$zswap_current" -gt 0 ] || fail "memory.zswap.current is 0"
	[ "$zswpout" -ge $((out - zero)) ] || fail "cgroup zswpout $zswpout < $out - $zero"
	[ $(($(vmstat zswpout) - vm_out_before)) -ge "$zswpout" ] ||
		fail "/proc/vmstat zswpout rose less than the cgroup's"
	if ! line_has zero-pages; then
		# a quarter of the pages are zero-filled: at least half of
		# those out
		[ "$zero" -ge $((out / 8)) ] || fail "only $zero zero-filled pages in the zeromap"
	fi

	kill -USR1 "$HOLDER"
	local rc=0
	wait "$job" || rc=$?
	HOLDER=
	cat "$log"
	assert_equal "$rc" 0
	assert_equal "$(tally_field "$(cat "$log")" mismatches)" 0
	[ "$(tally_field "$(cat "$log")" pages_verified)" -ge $((mib * 256)) ]
	[ "$(cg_stat smoke zswpin)" -gt 0 ] || fail "nothing came back from zswap"
}

@test "zswap gives a cgroup's memory back when its workload exits" {
	local mib=96
	! is_debug || mib=24
	cg_create smoke $((mib / 2))M
	run cg_run smoke "$SWAPVERIFY" --size $mib
	assert_success
	assert_equal "$(tally_field "$output" mismatches)" 0
	[ "$(cg_stat smoke zswpout)" -gt 0 ] || fail "the workload did not swap"
	# Freed swap slots invalidate their zswap entries at exit, except for
	# those still waiting in the per-CPU swap slot caches, which free in
	# batches of SWAP_SLOTS_CACHE_SIZE (64).
	local bound=$((64 * $(nproc) * 4096))
	[ "$(cg_stat smoke zswapped)" -le "$bound" ] ||
		fail "zswapped $(cg_stat smoke zswapped) > $bound after exit"
	[ "$(cat $CGROOT/smoke/memory.zswap.current)" -le "$bound" ] ||
		fail "memory.zswap.current $(cat $CGROOT/smoke/memory.zswap.current) > $bound"
}
