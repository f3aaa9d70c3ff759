#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0
# What the series counts and controls per cgroup after the family: the
# zswpwb counters (/proc/vmstat and memory.stat), memory.zswap.writeback,
# which keeps a cgroup's pages off the swap device, and the stores zswap
# refused, by reason (patches 0019 to 0021). Runs on the stock and the
# patched kernel of each line: stock 6.1 has none of them; 6.12 and 7.2
# have zswpwb and memory.zswap.writeback upstream, count refused stores in
# debugfs only, but for the 7.2 series' zswap_max in memory.swap.events;
# the first test shows what each has.

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
	for cg in wb wboff/child wboff wbon wbshm kept pushing rmax rpoor; do
		cg_remove $cg
	done
	true
}

# count_lines REGEX FILE: lines of FILE that match REGEX
count_lines() { grep -cE "$1" "$2" || true; }

@test "zswpwb, memory.zswap.writeback and refusal counters where the line has them, none elsewhere" {
	cg_create wb
	local wb=0 rejects=0 zswap_max=0
	! line_has zswap-writeback || wb=1
	! line_has memcg-rejects || rejects=4
	! line_has zswap-max-event || zswap_max=1
	assert_equal "zswpwb $(count_lines '^zswpwb ' /proc/vmstat)" "zswpwb $wb"
	assert_equal "zswpwb $(count_lines '^zswpwb ' "$CGROOT/wb/memory.stat")" "zswpwb $wb"
	assert_equal "memory.zswap.writeback $(ls "$CGROOT/wb" | grep -c '^memory\.zswap\.writeback$')" \
		"memory.zswap.writeback $wb"
	assert_equal "rejects $(count_lines '^zswap_reject_[a-z_]+ ' /proc/vmstat)" "rejects $rejects"
	assert_equal "rejects $(count_lines '^zswap_reject_[a-z_]+ ' "$CGROOT/wb/memory.stat")" "rejects $rejects"
	assert_equal "zswap_max $(count_lines '^zswap_max ' "$CGROOT/wb/memory.swap.events")" "zswap_max $zswap_max"
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
	line_has zswap-writeback || skip "stock 6.1 has no memory.zswap.writeback"
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

# The refusals of a full pool: per cgroup and in /proc/vmstat on the 6.1
# series, in debugfs (pool_limit_hit) on 6.12 and 7.2
@test "a full pool: zswpwb counts every page written back, globally and per cgroup; the stores refused are counted" {
	line_has zswap-writeback || skip "stock 6.1 has no zswpwb"
	! line_has zpool || set_param zpool zbud
	set_param max_pool_percent 1
	cg_create_full_pool wb
	local wb0 zswpwb0 hit0 refused
	wb0=$(zswap_debug written_back_pages)
	zswpwb0=$(vmstat zswpwb)
	if line_has memcg-rejects; then
		hit0=$(vmstat zswap_reject_pool_limit)
	else
		hit0=$(zswap_debug pool_limit_hit)
	fi
	run cg_run wb "$SWAPVERIFY" --size 128 --ops 0 --mix "$(full_pool_mix)"
	assert_success
	assert_equal "$(tally_field "$output" mismatches)" 0
	local written=$(($(zswap_debug written_back_pages) - wb0))
	if line_has memcg-rejects; then
		refused=$(($(vmstat zswap_reject_pool_limit) - hit0))
	else
		refused=$(($(zswap_debug pool_limit_hit) - hit0))
	fi
	echo "# written_back_pages +$written, zswpwb +$(($(vmstat zswpwb) - zswpwb0))," \
	     "the cgroup's zswpwb $(cg_stat wb zswpwb); refused $refused," \
	     "the cgroup's $(refusals wb)" >&3
	[ "$written" -gt 0 ] || fail "nothing was written back"
	assert_equal "$(($(vmstat zswpwb) - zswpwb0))" "$written"
	assert_equal "$(cg_stat wb zswpwb)" "$written"
	[ "$refused" -gt 0 ] || fail "no store refused for the full pool"
	line_has memcg-rejects || return 0
	local max pool incompressible alloc
	read -r max pool incompressible alloc <<<"$(refusals wb)"
	assert_equal "$pool" "$refused"
	assert_equal "$max $incompressible $alloc" "0 0 0"
}

# The 6.1 series counts each refusal per cgroup (zswap_reject_zswap_max);
# the 7.2 series counts it as zswap_max in memory.swap.events. 7.2 refuses
# a store at the limit only when no page of the cgroup can be written back
# to make room, and counts none for a cgroup whose limit is 0 (it opted
# out): there the cgroup has writeback 0, no memory.max, and its pages are
# pushed out by memory.reclaim, so that the refused ones stay in memory
# (as in the series' selftest).
@test "a cgroup at memory.zswap.max: its refusals counted as such and nowhere else" {
	line_has memcg-rejects || line_has zswap-max-event || [ "$(kernel_line)" != 6.1 ] ||
		skip "stock 6.1 has no refusal counters per cgroup"
	line_has memcg-rejects || line_has zswap-max-event ||
		skip "this kernel counts no store refused at memory.zswap.max"
	! line_has zpool || set_param zpool zbud
	if line_has zswap-max-event; then
		local debugfs0 pswpout0 events zcur
		cg_create rmax
		echo 1M > $CGROOT/rmax/memory.zswap.max
		echo 0 > $CGROOT/rmax/memory.zswap.writeback
		debugfs0=$(rejects_debugfs)
		pswpout0=$(vmstat pswpout)
		hold_start rmax --size 64 --ops 0 --mix 0:0:1:0
		# EAGAIN: less than asked was reclaimed, as the limit means
		echo 64M > $CGROOT/rmax/memory.reclaim || true
		events=$(awk '$1 == "zswap_max" { print $2 }' $CGROOT/rmax/memory.swap.events)
		zcur=$(cat $CGROOT/rmax/memory.zswap.current)
		echo "# memory.swap.events of rmax: $(xargs < $CGROOT/rmax/memory.swap.events);" \
		     "memory.zswap.current $zcur, zswpout $(cg_stat rmax zswpout)," \
		     "pswpout +$(($(vmstat pswpout) - pswpout0))" >&3
		[ "$events" -ge 1024 ] || fail "only $events stores refused at zswap.max"
		[ "$zcur" -le $((1048576 + $(nproc) * 4096)) ] || fail "memory.zswap.current $zcur over 1M"
		[ "$(cg_stat rmax zswpout)" -gt 0 ] || fail "zswap stored nothing below the limit"
		# the refused pages stayed in memory, and no other counter
		# took them for refused for another reason
		assert_equal "pswpout +$(($(vmstat pswpout) - pswpout0))" "pswpout +0"
		assert_equal "$(rejects_debugfs)" "$debugfs0"
		assert_equal "$(awk '$1 != "zswap_max" { print $1, $2 }' $CGROOT/rmax/memory.swap.events | xargs)" \
			"high 0 max 0 fail 0"
		hold_finish
		return
	fi
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

# rejects_debugfs: every reject_* counter of debugfs, NAME=VALUE
rejects_debugfs() { grep -H . "$ZSWAP_DEBUGFS"/reject_* | sed 's|.*/||; s|:|=|' | xargs; }

# refused_debugfs: the stores debugfs counts as refused for a page that
# does not compress: compressor failures (on the lines that count them)
# and results larger than the zpool takes
refused_debugfs() {
	local n
	n=$(zswap_debug reject_compress_poor)
	! line_has reject-compress-fail || n=$((n + $(zswap_debug reject_compress_fail)))
	echo "$n"
}

# Each zpool refuses an object it cannot hold in its own way (zbud and
# z3fold with ENOSPC, 6.1's zsmalloc with EINVAL), and each compressor
# fails on random data in its own way (6.1's lzo fails, lz4 and zstd give
# more than a page): one pair of each zpool the line has (not 6.12's
# z3fold, see z3fold_fixed). The 6.1 series counts the refusals per cgroup
# too; 6.12 in debugfs alone; 7.2 refuses none of these pages, it stores
# each as it is.
@test "random pages: refusals counted per cgroup as debugfs counts them on the 6.1 series, in debugfs on 6.12, none on 7.2, which stores them; with every zpool" {
	line_has memcg-rejects || [ "$(kernel_line)" != 6.1 ] ||
		skip "stock 6.1 has no refusal counters per cgroup"
	local pairs="zbud:lzo z3fold:zstd zsmalloc:lz4" pair debugfs0 debugfs out0 out
	z3fold_fixed || pairs="zbud:lzo zbud:zstd zsmalloc:lz4"
	line_has zpool || pairs="zsmalloc:lzo zsmalloc:zstd zsmalloc:lz4"
	local max pool incompressible alloc
	for pair in $pairs; do
		set_pair "${pair%:*}" "${pair#*:}" || fail "cannot make $pair current"
		cg_create rpoor 16M
		debugfs0=$(refused_debugfs)
		out0=$(vmstat pswpout)
		run cg_run rpoor "$SWAPVERIFY" --size 32 --ops 0 --mix 0:0:0:1
		assert_success
		assert_equal "$(tally_field "$output" mismatches)" 0
		debugfs=$(($(refused_debugfs) - debugfs0))
		out=$(($(vmstat pswpout) - out0))
		echo "# $pair: debugfs refused +$debugfs, pswpout +$out, the cgroup's zswpout" \
		     "$(cg_stat rpoor zswpout) zswpwb $(cg_stat rpoor zswpwb); refusals of rpoor: $(refusals rpoor)" >&3
		# 32 MiB is 8192 pages, and a 16 MiB cgroup pushes most out
		if line_has stored-incompressible-pages; then
			assert_equal "$pair: refused $debugfs" "$pair: refused 0"
			[ "$(cg_stat rpoor zswpout)" -ge 4096 ] ||
				fail "$pair: zswap stored only $(cg_stat rpoor zswpout) random pages"
		else
			[ "$debugfs" -ge 4096 ] || fail "$pair: only $debugfs random pages refused"
			# each went to the device instead
			[ "$out" -ge "$debugfs" ] || fail "$pair: $debugfs refused, $out to the device"
		fi
		if line_has memcg-rejects; then
			read -r max pool incompressible alloc <<<"$(refusals rpoor)"
			assert_equal "$debugfs" "$incompressible"
			assert_equal "$pair: $max $pool $alloc" "$pair: 0 0 0"
		fi
		cg_remove rpoor
	done
}

# run_refused CGROUP: 64 MiB through a 48 MiB cgroup, a quarter of it
# random pages that zswap refuses (they do not compress: the compressor
# fails, which stock 6.1 counts nowhere; 7.2 refuses them only where
# memory.zswap.writeback is 0, and stores them as they are elsewhere);
# prints and sets PSWPOUT, the pages the device got, and REFUSED, the
# stores refused (per cgroup on the 6.1 series, in debugfs on 6.12 and
# 7.2; empty on stock 6.1)
run_refused() {
	local out0 refused0=
	out0=$(vmstat pswpout)
	if line_has memcg-rejects; then
		refused0=$(vmstat zswap_reject_incompressible)
	elif [ "$(kernel_line)" != 6.1 ]; then
		refused0=$(refused_debugfs)
	fi
	run cg_run "$1" "$SWAPVERIFY" --size 64 --ops 0 --mix 0:0:3:1
	assert_success
	assert_equal "$(tally_field "$output" mismatches)" 0
	PSWPOUT=$(($(vmstat pswpout) - out0))
	REFUSED=
	if line_has memcg-rejects; then
		REFUSED=$(($(vmstat zswap_reject_incompressible) - refused0))
	elif [ -n "$refused0" ]; then
		REFUSED=$(($(refused_debugfs) - refused0))
	fi
	echo "# pswpout +$PSWPOUT, refused +${REFUSED:-(not counted)}, the cgroup's zswpout $(cg_stat "$1" zswpout)" >&3
}

# assert_refused: zswap refused enough pages for the test to show anything
assert_refused() {
	[ "$REFUSED" -ge 1024 ] || fail "zswap refused only $REFUSED pages: nothing to show"
}

@test "memory.zswap.writeback 0: the pages zswap refuses stay in memory, the device gets none, every page intact" {
	line_has zswap-writeback || skip "stock 6.1 has no memory.zswap.writeback"
	! line_has zpool || set_param zpool zbud
	cg_create wboff 48M
	echo 0 > $CGROOT/wboff/memory.zswap.writeback
	run_refused wboff
	assert_refused
	assert_equal "$PSWPOUT" 0
}

# 7.2 refuses none of them here: it stores them as they are, and so the
# device gets at most what zswap writes back
@test "memory.zswap.writeback 1: the same run sends the pages zswap refuses to the device; 7.2 stores them instead" {
	! line_has zpool || set_param zpool zbud
	cg_create wbon 48M
	local wb0
	wb0=$(zswap_debug written_back_pages)
	run_refused wbon
	if line_has stored-incompressible-pages; then
		assert_equal "refused $REFUSED" "refused 0"
		# 64 MiB through 48 MiB: at least 16 MiB went out, into zswap
		[ "$(cg_stat wbon zswpout)" -ge 4096 ] || fail "zswap stored only $(cg_stat wbon zswpout) pages"
		[ "$PSWPOUT" -le $(($(zswap_debug written_back_pages) - wb0)) ] ||
			fail "$PSWPOUT pages to the device, $(($(zswap_debug written_back_pages) - wb0)) written back"
		return
	fi
	[ -z "$REFUSED" ] || assert_refused
	[ "$PSWPOUT" -ge 1024 ] || fail "only $PSWPOUT pages went to the device"
}

@test "memory.zswap.writeback 0: shmem pages that zswap refuses stay in memory, unlocked, the device gets none" {
	line_has zswap-writeback || skip "stock 6.1 has no memory.zswap.writeback"
	! line_has zpool || set_param zpool zbud
	local shm=$BATS_TEST_TMPDIR/shm out0 refused0 refused
	mkdir "$shm"
	mount -t tmpfs -o size=128m tmpfs "$shm"
	# 16 MiB that zswap refuses, 48 MiB that compresses to almost nothing:
	# the cgroup can hold the refused pages and the pool both
	head -c 16M /dev/urandom > "$shm/expected"
	yes 0123456789abcde | head -c 48M >> "$shm/expected"
	cg_create wbshm 48M
	echo 0 > $CGROOT/wbshm/memory.zswap.writeback
	out0=$(vmstat pswpout)
	refused0=$(refused_debugfs)
	# A refused page goes back to reclaim still locked: shmem must pass
	# that on, or the page stays locked and the read below never returns
	run -0 cg_run wbshm cp "$shm/expected" "$shm/file"
	run -0 cg_run wbshm cmp "$shm/expected" "$shm/file"
	# per cgroup on the 6.1 series, in debugfs on the other lines
	refused=$(($(refused_debugfs) - refused0))
	! line_has memcg-rejects || refused=$(cg_stat wbshm zswap_reject_incompressible)
	echo "# pswpout +$(($(vmstat pswpout) - out0)), debugfs refused" \
	     "+$(($(refused_debugfs) - refused0)), the cgroup's $(refusals wbshm)" >&3
	[ "$refused" -ge 1024 ] || fail "zswap refused only $refused shmem pages: nothing to show"
	assert_equal "$(($(vmstat pswpout) - out0))" 0
}

# The child's pages that zswap refuses (a quarter of them do not
# compress) are held back by the parent's 0: refused, counted as refused
# (the child's own count and the parent's, which takes its children's, on
# the 6.1 series; debugfs on 6.12 and 7.2, where 7.2 refuses them because
# of the parent's 0, and would store them as they are otherwise), and
# none reaches the device.
@test "memory.zswap.writeback 0 in a parent holds its children's pages too" {
	line_has zswap-writeback || skip "stock 6.1 has no memory.zswap.writeback"
	! line_has zpool || set_param zpool zbud
	cg_create wboff
	echo +memory > $CGROOT/wboff/cgroup.subtree_control
	mkdir $CGROOT/wboff/child
	echo 48M > $CGROOT/wboff/child/memory.max
	echo 0 > $CGROOT/wboff/memory.zswap.writeback
	assert_equal "$(cat $CGROOT/wboff/child/memory.zswap.writeback)" 1
	run_refused wboff/child
	assert_refused
	assert_equal "$PSWPOUT" 0
	if line_has memcg-rejects; then
		local max pool incompressible alloc
		read -r max pool incompressible alloc <<<"$(refusals wboff/child)"
		echo "# refusals of wboff/child: $(refusals wboff/child); of wboff: $(refusals wboff)" >&3
		assert_equal "child incompressible $incompressible" "child incompressible $REFUSED"
		assert_equal "child $max $pool $alloc" "child 0 0 0"
		assert_equal "parent $(refusals wboff)" "parent $(refusals wboff/child)"
	fi
	rmdir $CGROOT/wboff/child
}

# holder_swap_kib: KiB of the held memory out in swap, from its page tables
holder_swap_kib() { awk '$1 == "Swap:" { print $2 }' "/proc/$HOLD_PID/smaps_rollup"; }

@test "a full pool writes back the entries of cgroups that allow it, and none of a cgroup with writeback 0" {
	line_has zswap-writeback || skip "stock 6.1 has no memory.zswap.writeback"
	! line_has zpool || set_param zpool zbud
	set_param max_pool_percent 1
	# The first entries in the pool, the oldest on zbud's LRU (or on
	# zswap's own, on 6.12 and 7.2), are kept's
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
	local hit0
	hit0=$(zswap_debug pool_limit_hit)
	cg_create_full_pool pushing
	run cg_run pushing "$SWAPVERIFY" --size 128 --ops 0 --mix "$(full_pool_mix)"
	assert_success
	[ "$(zswap_debug pool_limit_hit)" -gt "$hit0" ] || fail "the pool never filled"
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
