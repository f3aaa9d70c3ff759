#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0
# What the series counts and controls per cgroup after the family: the
# zswpwb counters (/proc/vmstat and memory.stat), memory.zswap.writeback,
# which keeps a cgroup's pages off the swap device, and the stores zswap
# refused, by reason (patches 0019 to 0021). Runs on the stock and the
# patched kernel: stock 6.1 has none of them, which its own test shows.

load helpers

setup() {
	require_guest
}

teardown() {
	hold_cleanup
	[ -z "${OTHER_PID:-}" ] || kill -USR1 "$OTHER_PID" 2>/dev/null || true
	[ -z "${OTHER_JOB:-}" ] || wait "$OTHER_JOB" 2>/dev/null || true
	OTHER_PID= OTHER_JOB=
	restore_params
	if mountpoint -q "$BATS_TEST_TMPDIR/shm"; then
		umount "$BATS_TEST_TMPDIR/shm"
	fi
	for cg in wb wboff wbon wbshm kept pushing rmax rpoor; do
		cg_remove $cg
	done
	true
}

@test "stock 6.1 has no zswpwb, no memory.zswap.writeback and no refusal counters" {
	is_patched && skip "patched kernel"
	cg_create wb
	run grep -cE '^(zswpwb|zswap_reject_[a-z_]+) ' /proc/vmstat
	assert_output 0
	[ ! -e "$CGROOT/wb/memory.zswap.writeback" ] || fail "memory.zswap.writeback is there"
	run grep -cE '^(zswpwb|zswap_reject_[a-z_]+) ' "$CGROOT/wb/memory.stat"
	assert_output 0
}

# refusals CG: the cgroup's refused stores, "zswap-max pool-limit
# incompressible alloc-fail"
refusals() {
	local r
	for r in zswap_max pool_limit incompressible alloc_fail; do
		printf '%s ' "$(cg_stat "$1" zswap_reject_$r)"
	done
}

@test "memory.zswap.writeback: 1 by default, takes 0 and 1 and nothing else, on the root too" {
	is_patched || skip "stock 6.1 has no memory.zswap.writeback"
	cg_create wb
	assert_equal "$(cat $CGROOT/wb/memory.zswap.writeback)" 1
	echo 0 > $CGROOT/wb/memory.zswap.writeback
	assert_equal "$(cat $CGROOT/wb/memory.zswap.writeback)" 0
	local bad
	for bad in 2 -1 on "" 0x2 "1 1"; do
		run bash -c 'echo "$1" > "$2"' write "$bad" "$CGROOT/wb/memory.zswap.writeback"
		assert_failure
		assert_output --partial "Invalid argument"
		assert_equal "$(cat $CGROOT/wb/memory.zswap.writeback)" 0
	done
	echo 1 > $CGROOT/wb/memory.zswap.writeback
	assert_equal "$(cat $CGROOT/wb/memory.zswap.writeback)" 1
	# As upstream: the root has the file, and a 0 there holds every page
	# back; not written here, it would stop all the guest's writeback
	assert_equal "$(cat $CGROOT/memory.zswap.writeback)" 1
}

@test "a full pool: zswpwb counts every page written back, zswap_reject_pool_limit the stores refused, globally and per cgroup" {
	is_patched || skip "stock 6.1 has no zswpwb"
	set_param zpool zbud
	set_param max_pool_percent 1
	cg_create wb 16M
	local wb0 zswpwb0 hit0
	wb0=$(zswap_debug written_back_pages)
	zswpwb0=$(vmstat zswpwb)
	hit0=$(vmstat zswap_reject_pool_limit)
	run cg_run wb "$SWAPVERIFY" --size 128 --ops 0 --mix 0:0:1:0
	assert_success
	assert_equal "$(tally_field "$output" mismatches)" 0
	local written=$(($(zswap_debug written_back_pages) - wb0))
	echo "# written_back_pages +$written, zswpwb +$(($(vmstat zswpwb) - zswpwb0))," \
	     "the cgroup's zswpwb $(cg_stat wb zswpwb); refusals $(refusals wb)," \
	     "zswap_reject_pool_limit +$(($(vmstat zswap_reject_pool_limit) - hit0))" >&3
	[ "$written" -gt 0 ] || fail "nothing was written back"
	assert_equal "$(($(vmstat zswpwb) - zswpwb0))" "$written"
	assert_equal "$(cg_stat wb zswpwb)" "$written"
	local max pool incompressible alloc
	read -r max pool incompressible alloc <<<"$(refusals wb)"
	[ "$pool" -gt 0 ] || fail "no store refused for the full pool"
	assert_equal "$(($(vmstat zswap_reject_pool_limit) - hit0))" "$pool"
	assert_equal "$max $incompressible $alloc" "0 0 0"
}

@test "a cgroup at memory.zswap.max: its refusals counted under zswap_reject_zswap_max only" {
	is_patched || skip "stock 6.1 has no refusal counters per cgroup"
	set_param zpool zbud
	cg_create rmax 16M
	echo 1M > $CGROOT/rmax/memory.zswap.max
	local global0
	global0=$(vmstat zswap_reject_zswap_max)
	run cg_run rmax "$SWAPVERIFY" --size 64 --ops 0 --mix 0:0:1:0
	assert_success
	assert_equal "$(tally_field "$output" mismatches)" 0
	local max pool incompressible alloc
	read -r max pool incompressible alloc <<<"$(refusals rmax)"
	echo "# refusals of rmax: zswap-max $max, pool-limit $pool, incompressible $incompressible, alloc-fail $alloc" >&3
	[ "$max" -ge 1024 ] || fail "only $max stores refused at zswap.max"
	assert_equal "$(($(vmstat zswap_reject_zswap_max) - global0))" "$max"
	assert_equal "$pool $incompressible $alloc" "0 0 0"
}

# Each zpool refuses an object it cannot hold in its own way (zbud and
# z3fold with ENOSPC, 6.1's zsmalloc with EINVAL), and each compressor
# fails on random data in its own way (6.1's lzo fails, lz4 and zstd give
# more than a page): one pair of each of the three zpools.
@test "random pages: refusals counted under zswap_reject_incompressible only, as debugfs counts them, with every zpool" {
	is_patched || skip "stock 6.1 has no refusal counters per cgroup"
	local pair fail0 poor0 max pool incompressible alloc debugfs
	for pair in zbud:lzo z3fold:zstd zsmalloc:lz4; do
		set_param zpool "${pair%:*}"
		set_param compressor "${pair#*:}"
		cg_create rpoor 16M
		fail0=$(zswap_debug reject_compress_fail)
		poor0=$(zswap_debug reject_compress_poor)
		run cg_run rpoor "$SWAPVERIFY" --size 32 --ops 0 --mix 0:0:0:1
		assert_success
		assert_equal "$(tally_field "$output" mismatches)" 0
		read -r max pool incompressible alloc <<<"$(refusals rpoor)"
		debugfs=$(($(zswap_debug reject_compress_fail) - fail0 + $(zswap_debug reject_compress_poor) - poor0))
		echo "# $pair: refusals of rpoor: zswap-max $max, pool-limit $pool," \
		     "incompressible $incompressible, alloc-fail $alloc;" \
		     "debugfs reject_compress_fail + reject_compress_poor +$debugfs" >&3
		# 32 MiB is 8192 pages, and a 16 MiB cgroup pushes most out
		[ "$incompressible" -ge 4096 ] || fail "$pair: only $incompressible random pages refused"
		assert_equal "$debugfs" "$incompressible"
		assert_equal "$pair: $max $pool $alloc" "$pair: 0 0 0"
		cg_remove rpoor
	done
}

# run_refused CGROUP: 64 MiB through a 48 MiB cgroup, a quarter of it
# random pages that zswap refuses (they do not compress: the compressor
# fails, which stock 6.1 counts nowhere); prints and sets PSWPOUT, the
# pages the device got
run_refused() {
	local out0 refused0=0
	out0=$(vmstat pswpout)
	is_patched && refused0=$(vmstat zswap_reject_incompressible)
	run cg_run "$1" "$SWAPVERIFY" --size 64 --ops 0 --mix 0:0:3:1
	assert_success
	assert_equal "$(tally_field "$output" mismatches)" 0
	PSWPOUT=$(($(vmstat pswpout) - out0))
	echo "# pswpout +$PSWPOUT" >&3
	if is_patched; then
		local refused=$(($(vmstat zswap_reject_incompressible) - refused0))
		echo "# zswap_reject_incompressible +$refused" >&3
		[ "$refused" -ge 1024 ] || fail "zswap refused only $refused pages: nothing to show"
	fi
}

@test "memory.zswap.writeback 0: the pages zswap refuses stay in memory, the device gets none, every page intact" {
	is_patched || skip "stock 6.1 has no memory.zswap.writeback"
	set_param zpool zbud
	cg_create wboff 48M
	echo 0 > $CGROOT/wboff/memory.zswap.writeback
	run_refused wboff
	assert_equal "$PSWPOUT" 0
}

@test "memory.zswap.writeback 1: the same run sends the pages zswap refuses to the device" {
	set_param zpool zbud
	cg_create wbon 48M
	run_refused wbon
	[ "$PSWPOUT" -ge 1024 ] || fail "only $PSWPOUT pages went to the device"
}

@test "memory.zswap.writeback 0: shmem pages that zswap refuses stay in memory, unlocked, the device gets none" {
	is_patched || skip "stock 6.1 has no memory.zswap.writeback"
	set_param zpool zbud
	local shm=$BATS_TEST_TMPDIR/shm out0 refused0
	mkdir "$shm"
	mount -t tmpfs -o size=128m tmpfs "$shm"
	# 16 MiB that zswap refuses, 48 MiB that compresses to almost nothing:
	# the cgroup can hold the refused pages and the pool both
	head -c 16M /dev/urandom > "$shm/expected"
	yes 0123456789abcde | head -c 48M >> "$shm/expected"
	cg_create wbshm 48M
	echo 0 > $CGROOT/wbshm/memory.zswap.writeback
	out0=$(vmstat pswpout)
	refused0=$(vmstat zswap_reject_incompressible)
	# A refused page goes back to reclaim still locked: shmem must pass
	# that on, or the page stays locked and the read below never returns
	run -0 cg_run wbshm cp "$shm/expected" "$shm/file"
	run -0 cg_run wbshm cmp "$shm/expected" "$shm/file"
	echo "# pswpout +$(($(vmstat pswpout) - out0)), zswap_reject_incompressible" \
	     "+$(($(vmstat zswap_reject_incompressible) - refused0)), the cgroup's" \
	     "$(cg_stat wbshm zswap_reject_incompressible)" >&3
	[ "$(cg_stat wbshm zswap_reject_incompressible)" -ge 1024 ] ||
		fail "zswap refused only $(cg_stat wbshm zswap_reject_incompressible) shmem pages: nothing to show"
	assert_equal "$(($(vmstat pswpout) - out0))" 0
}

@test "memory.zswap.writeback 0 in a parent holds its children's pages too" {
	is_patched || skip "stock 6.1 has no memory.zswap.writeback"
	set_param zpool zbud
	cg_create wboff
	echo +memory > $CGROOT/wboff/cgroup.subtree_control
	mkdir $CGROOT/wboff/child
	echo 48M > $CGROOT/wboff/child/memory.max
	echo 0 > $CGROOT/wboff/memory.zswap.writeback
	assert_equal "$(cat $CGROOT/wboff/child/memory.zswap.writeback)" 1
	local out0
	out0=$(vmstat pswpout)
	run cg_run wboff/child "$SWAPVERIFY" --size 64 --ops 0 --mix 0:0:3:1
	rmdir $CGROOT/wboff/child
	assert_success
	assert_equal "$(tally_field "$output" mismatches)" 0
	assert_equal "$(($(vmstat pswpout) - out0))" 0
}

# holder_swap_kib: KiB of the held memory out in swap, from its page tables
holder_swap_kib() { awk '$1 == "Swap:" { print $2 }' "/proc/$HOLD_PID/smaps_rollup"; }

@test "a full pool writes back the entries of cgroups that allow it, and none of a cgroup with writeback 0" {
	is_patched || skip "stock 6.1 has no memory.zswap.writeback"
	set_param zpool zbud
	set_param max_pool_percent 1
	# The first entries in the pool, the oldest on zbud's LRU, are kept's
	cg_create kept 16M
	echo 0 > $CGROOT/kept/memory.zswap.writeback
	hold_start kept --size 32 --ops 0 --mix 0:0:1:0
	# Every page the holder has out in swap is in zswap: its swap PTEs
	# (smaps_rollup, exact; VmSwap lags) are no more than kept's entries.
	# There may be more entries: a slot the holder's last pass freed waits
	# in a per-CPU slot cache, its entry with it, until the cache drains.
	local swapped_kib
	swapped_kib=$(holder_swap_kib)
	[ "$swapped_kib" -gt $((4 * 2048)) ] || fail "only $swapped_kib KiB of kept in swap"
	[ "$swapped_kib" -le $(($(cg_stat kept zswapped) / 1024)) ] ||
		fail "$swapped_kib KiB of kept in swap, $(cg_stat kept zswapped) bytes of it in zswap"
	# then another cgroup fills the pool
	cg_create pushing 16M
	run cg_run pushing "$SWAPVERIFY" --size 128 --ops 0 --mix 0:0:1:0
	assert_success
	assert_equal "$(tally_field "$output" mismatches)" 0
	echo "# kept: $swapped_kib then $(holder_swap_kib) KiB in swap, $(cg_stat kept zswapped) bytes" \
	     "in zswap, zswpwb $(cg_stat kept zswpwb); pushing: zswpwb $(cg_stat pushing zswpwb)" >&3
	[ "$(cg_stat pushing zswpwb)" -gt 0 ] || fail "the full pool wrote nothing back"
	assert_equal "$(cg_stat kept zswpwb)" 0
	# None of kept's pages went to the device: all still out are in zswap
	assert_equal "$(holder_swap_kib)" "$swapped_kib"
	[ "$swapped_kib" -le $(($(cg_stat kept zswapped) / 1024)) ] ||
		fail "$swapped_kib KiB of kept in swap, $(cg_stat kept zswapped) bytes of it in zswap"
	hold_finish
}
