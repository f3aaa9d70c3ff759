#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0
# What zswap keeps of a page once it is read back, and what its owners get
# when it cannot be read back. Pages that a process
# and its fork()ed child share keep their swap slot after the parent's
# fault: stock 6.1 keeps their compressed copy as long as the slot, the
# series (exclusive loads), 6.12 and 7.2 free it when the page is read
# into the swap cache. brd is a synchronous device, so a page with one
# reference skips the swap cache on its fault and frees its slot at once
# on either kernel: only shared pages show the difference. Runs on the
# stock and the patched kernel of each line; KERNEL_FLAVOUR says which one
# this is.
#
# Decompression failures come from the 6.1 series' fault injection
# (CONFIG_FAIL_ZSWAP_DECOMPRESS, debugfs fail_zswap_decompress), limited to
# the task under test by the task filter: no compressor fails on data it
# compressed itself. Stock 6.1 and 6.12 have no such injection, and BUG()s
# on a failure; 7.2 fails the load as the series does, but has no way to
# make a failure happen either: those tests skip there.

load helpers

SWAPSHARE=$BUILD/tools/swapshare

setup() {
	require_guest
}

FAIL_DIR=/sys/kernel/debug/fail_zswap_decompress

teardown() {
	share_cleanup
	[ ! -d "$FAIL_DIR" ] || echo 0 > "$FAIL_DIR/probability"
	[ -z "${PAGE_CLUSTER0:-}" ] || echo "$PAGE_CLUSTER0" > /proc/sys/vm/page-cluster
	restore_params
	cg_remove share
	mountpoint -q "$BATS_TEST_TMPDIR/shm" && umount "$BATS_TEST_TMPDIR/shm"
	true
}

need_fault_injection() {
	[ -d "$FAIL_DIR" ] ||
		skip "this kernel has no zswap decompression fault injection"
}

# inject_decompress_failures N: the next N decompressions in a task that
# opted in (/proc/PID/make-it-fail) fail; quietly, as the log is checked
inject_decompress_failures() {
	echo 0 > "$FAIL_DIR/verbose"
	echo Y > "$FAIL_DIR/task-filter"
	echo 1 > "$FAIL_DIR/interval"
	echo "$1" > "$FAIL_DIR/times"
	echo 100 > "$FAIL_DIR/probability"
}

# No swap readahead: the failure meets the page that is read, not a
# neighbour read ahead of it
no_readahead() {
	PAGE_CLUSTER0=$(cat /proc/sys/vm/page-cluster)
	echo 0 > /proc/sys/vm/page-cluster
}

# The one line zswap logs for the first failure since boot
FAIL_LOG='zswap: decompression of swap entry [0-9]+:[0-9]+ failed'
assert_one_failure_logged() {
	local n
	n=$(dmesg | grep -cE "$FAIL_LOG" || true)
	[ "$n" = 1 ] || { dmesg | tail -n 20 >&2; fail "$n log lines about failed decompressions, not 1"; }
}

# read_tally FIELD: a field of swapshare's "read" line
read_tally() {
	grep '^swapshare: read ' "$SHARE_LOG" | tr ' ' '\n' |
		awk -F= -v k="$1" '$1 == k { print $2 }'
}

# Pages of the shell and the tools that may go to zswap beside the
# workload, or come back from it.
SLACK_PAGES=64

# share_start ARGS...: swapshare ARGS in cgroup "share", its pages (and
# its child's, the same ones) pushed to swap by the cgroup's
# memory.reclaim; sets SHARE_JOB, SHARE_PID, SHARE_LOG and SHARE_PAGES.
# memory.reclaim, asked for twice the pages, goes on reclaiming, and the
# shrinker that 7.2's guests run (tests/vm/run) would write all of zswap's
# pages back to the device meanwhile: it is off here, where nothing else
# could fill the cgroup.
share_start() {
	! line_has shrinker-enabled || set_param shrinker_enabled N
	cg_create share
	SHARE_LOG=$(mktemp "$BATS_TEST_TMPDIR/share.XXXXXX")
	cg_run share "$SWAPSHARE" "$@" > "$SHARE_LOG" 2>&1 &
	SHARE_JOB=$!
	wait_for_line "$SHARE_LOG" '^swapshare: ready' || return 1
	SHARE_PID=$(sed -n 's/^swapshare: ready pid=\([0-9]*\).*/\1/p' "$SHARE_LOG")
	SHARE_PAGES=$(sed -n 's/^swapshare: ready .* pages=\([0-9]*\)$/\1/p' "$SHARE_LOG")
	# EAGAIN when less than asked could be reclaimed: the counters say
	# how much went
	echo $((SHARE_PAGES * 4096 * 2)) > "$CGROOT/share/memory.reclaim" || true
}

# share_read: the parent reads every page back and checks it
share_read() {
	kill -USR1 "$SHARE_PID"
	wait_for_line "$SHARE_LOG" '^swapshare: read '
	grep -q '^swapshare: read .* mismatches=0 ' "$SHARE_LOG" ||
		{ cat "$SHARE_LOG" >&2; return 1; }
}

share_finish() {
	local rc=0
	kill -USR1 "$SHARE_PID"
	wait "$SHARE_JOB" || rc=$?
	SHARE_PID= SHARE_JOB=
	cat "$SHARE_LOG"
	[ "$rc" = 0 ] || { echo "swapshare exited $rc" >&2; return 1; }
}

share_cleanup() {
	[ -z "${SHARE_PID:-}" ] || kill -KILL "$SHARE_PID" 2>/dev/null || true
	[ -z "${SHARE_JOB:-}" ] || wait "$SHARE_JOB" 2>/dev/null || true
	SHARE_PID= SHARE_JOB=
}

# read_back_shared ARGS...: the stored pages and pool bytes of swapshare
# ARGS (and, where the line counts them, its same-filled pages: zero ones
# on the series) before and after the parent read them back; prints them
# and sets OUT, LEFT and POOL_LEFT (pages still stored, pool bytes above
# the start), and ZERO_OUT and ZERO_LEFT (the same of the same-filled
# count; 0 where the line has none). With ZEROMAP=1, the pages zswap never
# sees, that the swap layer keeps in its zeromap, are what must have gone
# out.
read_back_shared() {
	local stored0 pool0 zero0=0 same=
	line_has same-filled && same=same_filled_pages
	stored0=$(zswap_debug stored_pages)
	pool0=$(zswap_debug pool_total_size)
	[ -z "$same" ] || zero0=$(zswap_debug $same)
	share_start "$@"
	OUT=$(($(zswap_debug stored_pages) - stored0))
	local pool_out=$(($(zswap_debug pool_total_size) - pool0)) zero_out=0 went=$OUT
	[ -z "$same" ] || zero_out=$(($(zswap_debug $same) - zero0))
	[ "${ZEROMAP:-}" != 1 ] || went=$(zeromap_out share)
	[ "$went" -ge $((SHARE_PAGES * 9 / 10)) ] ||
		fail "only $went of $SHARE_PAGES shared pages went out (zswap stored $OUT)"
	share_read
	LEFT=$(($(zswap_debug stored_pages) - stored0))
	POOL_LEFT=$(($(zswap_debug pool_total_size) - pool0))
	local zero_left=0
	[ -z "$same" ] || zero_left=$(($(zswap_debug $same) - zero0))
	ZERO_OUT=$zero_out ZERO_LEFT=$zero_left
	echo "# $SHARE_PAGES shared pages: stored +$OUT, pool +$pool_out B, ${same:-no same-filled count} +$zero_out," \
	     "out $went; after the read-back: stored +$LEFT, pool +$POOL_LEFT B, +$zero_left" >&3
	share_finish
}

@test "a shared compressible page read back leaves zswap, but on stock 6.1, where it stays stored" {
	! line_has zpool || set_param zpool zbud
	read_back_shared --size 32
	if line_has exclusive-loads; then
		[ "$LEFT" -le "$SLACK_PAGES" ] || fail "$LEFT pages still stored after the read-back"
		[ "$POOL_LEFT" -le $((SLACK_PAGES * 4096)) ] || fail "the pool still holds $POOL_LEFT B more"
	else
		[ "$LEFT" -ge $((OUT - SLACK_PAGES)) ] || fail "stock 6.1 freed $((OUT - LEFT)) entries at the read-back"
	fi
}

# 6.12 and 7.2 never store a zero-filled page: it goes to the zeromap
# (swpout_zero), comes back filled with zeros (swpin_zero), and zswap
# stores none of them at any point
@test "a shared zero page read back leaves zswap on the series, stays stored on stock 6.1, and never enters zswap on 6.12 and 7.2" {
	if line_has zero-pages; then
		read_back_shared --size 32 --zero
		# 6.1 counts its zero pages in same_filled_pages (the series
		# in zero_pages too, the same counter): it rose by the pages
		# shared, give or take the shell's and the tools' own
		# zero-filled pages; and, where loads are exclusive, fell back
		# at the read-back
		[ "$ZERO_OUT" -ge $((SHARE_PAGES * 9 / 10)) ] &&
			[ "$ZERO_OUT" -le $((SHARE_PAGES + SLACK_PAGES)) ] ||
			fail "same_filled_pages rose by $ZERO_OUT for $SHARE_PAGES shared zero pages"
		if line_has exclusive-loads; then
			[ "$ZERO_LEFT" -le "$SLACK_PAGES" ] ||
				fail "$ZERO_LEFT zero pages still stored after the read-back"
		else
			[ "$ZERO_LEFT" -ge $((ZERO_OUT - SLACK_PAGES)) ] ||
				fail "stock 6.1 freed $((ZERO_OUT - ZERO_LEFT)) zero pages at the read-back"
		fi
	else
		local in0
		in0=$(vmstat swpin_zero)
		ZEROMAP=1 read_back_shared --size 32 --zero
		[ "$OUT" -le "$SLACK_PAGES" ] || fail "zswap stored $OUT pages"
		[ $(($(vmstat swpin_zero) - in0)) -ge $((SHARE_PAGES * 9 / 10)) ] ||
			fail "swpin_zero rose by $(($(vmstat swpin_zero) - in0)) for $SHARE_PAGES pages"
	fi
	if line_has exclusive-loads; then
		[ "$LEFT" -le "$SLACK_PAGES" ] || fail "$LEFT pages still stored after the read-back"
	else
		[ "$LEFT" -ge $((OUT - SLACK_PAGES)) ] || fail "stock 6.1 freed $((OUT - LEFT)) entries at the read-back"
	fi
}

# read_one_failing SHARE_ARGS...: share pages (swapshare SHARE_ARGS), make
# the next decompression fail, and read every page back; FAIL0 is
# decompress_fail before
read_one_failing() {
	FAIL0=$(zswap_debug decompress_fail)
	share_start "$@" --make-it-fail
	inject_decompress_failures 1
	share_read
	cat "$SHARE_LOG"
}

# assert_failed_once: decompress_fail rose by one, and the log says so once
assert_failed_once() {
	local rise=$(($(zswap_debug decompress_fail) - FAIL0))
	[ "$rise" = 1 ] || fail "decompress_fail +$rise"
	assert_one_failure_logged
}

@test "a private page that does not decompress: SIGBUS, its entry kept, read on the next fault; no other page touched" {
	need_fault_injection
	set_param zpool zbud
	read_one_failing --private --size 8
	# brd skips the swap cache for a page with one reference: the failed
	# page is dropped, its entry stays, and the retried fault reads it
	[ "$(read_tally sigbus)" = 1 ] || fail "$(read_tally sigbus) SIGBUS, not 1"
	[ "$(read_tally lost)" = 0 ] || fail "$(read_tally lost) pages lost"
	assert_failed_once
	share_finish
}

@test "a shared page that does not decompress: SIGBUS while it is cached, no wrong data; the other pages read" {
	need_fault_injection
	set_param zpool zbud
	no_readahead
	read_one_failing --size 8
	# Read into the swap cache, the page stays there, not up to date, and
	# every fault on it gets SIGBUS until reclaim drops it
	[ "$(read_tally lost)" = 1 ] || fail "$(read_tally lost) pages lost, not 1"
	[ "$(read_tally sigbus)" = 2 ] || fail "$(read_tally sigbus) SIGBUS, not 2"
	assert_failed_once
	share_finish
}

@test "a shmem page that does not decompress: read() fails with EIO and no page reads wrong" {
	need_fault_injection
	set_param zpool zbud
	no_readahead
	local shm=$BATS_TEST_TMPDIR/shm fail0 stored0 pages=512
	mkdir -p "$shm"
	mount -t tmpfs -o size=16m tmpfs "$shm"
	cg_create share
	# 2 MiB of a 16-byte line: compressible, and no page of it same-filled
	yes 0123456789abcde | head -c $((pages * 4096)) > "$BATS_TEST_TMPDIR/expected"
	cg_run share cp "$BATS_TEST_TMPDIR/expected" "$shm/file"
	stored0=$(zswap_debug stored_pages)
	echo $((pages * 4096 * 2)) > "$CGROOT/share/memory.reclaim" || true
	fail0=$(zswap_debug decompress_fail)
	[ $(($(zswap_debug stored_pages) - stored0)) -ge $((pages * 9 / 10)) ] ||
		fail "only $(($(zswap_debug stored_pages) - stored0)) of $pages shmem pages went to zswap"

	inject_decompress_failures 1
	run bash -c 'echo 1 > /proc/self/make-it-fail && exec cat "$1" > /dev/null' cat "$shm/file"
	echo "$output"
	[ "$status" != 0 ] || fail "cat read the whole file"
	[[ $output == *"Input/output error"* ]] || fail "cat failed for another reason"
	[ $(($(zswap_debug decompress_fail) - fail0)) = 1 ] || fail "decompress_fail +$(($(zswap_debug decompress_fail) - fail0))"
	assert_one_failure_logged

	# Page by page: the one page stays unreadable while it is cached,
	# and every page that reads holds what was written
	local i bad=0 eio=0
	for ((i = 0; i < pages; i++)); do
		if ! dd if="$shm/file" bs=4096 skip=$i count=1 status=none > "$BATS_TEST_TMPDIR/page" 2>/dev/null; then
			eio=$((eio + 1))
			continue
		fi
		cmp -s "$BATS_TEST_TMPDIR/page" <(dd if="$BATS_TEST_TMPDIR/expected" bs=4096 skip=$i count=1 status=none) ||
			bad=$((bad + 1))
	done
	echo "$eio pages unreadable, $bad read wrong"
	[ "$bad" = 0 ] && [ "$eio" -le 1 ]
}
