#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0
# The note under status's text when a figure is '-': why, and what gives
# it (root, debugfs mounted, the netlink family of a patched kernel), in
# libzswapnl's words (zswapnl_global_unknown()), each reason once. The
# recorded trees give each case: the patched tree has every counter of
# 6.1, the stock one no zero pages, a copy without sys/kernel/debug/zswap
# none of the debugfs counters; copies with a file made unreadable or
# corrupt the others. The cases that need the running system (not root,
# debugfs not mounted) are in the unit test zswapnl-unknown.

load helpers

setup() {
	require_zswapctl
}

teardown() {
	shared_root_remove "${SHARED:-}"
}

@test "status: every figure known, no note" {
	local root dbg
	root=$(copy_root patched)
	dbg=$root/sys/kernel/debug/zswap
	# The patched tree with the counters of later kernels: nothing unknown
	echo 3 >"$dbg/reject_compress_fail"
	echo 5 >"$dbg/decompress_fail"
	echo 7 >"$dbg/stored_incompressible_pages"
	echo 'zswpwb 11' >>"$root/proc/vmstat"
	run -0 "$ZSWAPCTL" --sysroot "$root" status
	refute_output --partial "note:"
	refute_line --regexp ' -$'
}

@test "status on the patched tree: the counters of later kernels are not on 6.1" {
	run -0 zc_patched status
	assert_line --regexp '^decompress failures: +-$'
	assert_equal "${lines[-1]}" "zswapctl: note: '-': some figures are not on this kernel"
}

@test "status on the stock tree: zero pages need the netlink family" {
	run -0 zc_stock status
	assert_line --regexp '^zero pages: +-$'
	assert_equal "${lines[-1]}" \
		"zswapctl: note: '-': zero pages need zswap's netlink family (a patched kernel); some figures are not on this kernel"
	assert_equal "$(grep -c '^zswapctl: note:' <<<"$output")" 1
}

@test "status without the debugfs counters: the note names the folder" {
	local root
	root=$(copy_root stock)
	rm -r "$root/sys/kernel/debug/zswap"
	run -0 "$ZSWAPCTL" --sysroot "$root" status
	assert_line --regexp '^pool limit hits: +-$'
	assert_equal "${lines[-1]}" \
		"zswapctl: note: '-': no /sys/kernel/debug/zswap here; zswap's netlink family gives them; some figures are not on this kernel"
}

@test "status: no note in JSON or in Prometheus text" {
	local fmt
	for fmt in json prometheus; do
		run -0 zc_stock status --format "$fmt"
		refute_output --partial "note"
	done
}

# The note line of the last run: its one "zswapctl: note:" line
note_line() {
	assert_equal "$(grep -c '^zswapctl: note:' <<<"$output")" 1
	grep '^zswapctl: note:' <<<"$output"
}

# status_unreadable FILE: status as user nobody on a copy of the patched
# tree whose FILE (below the root) nobody may read; the root in $SHARED
status_unreadable() {
	SHARED=$(shared_root patched)
	chmod 000 "$SHARED/$1"
	run -0 as_unprivileged "$ZSWAPCTL" --sysroot "$SHARED" status
}

@test "status: a parameter file it may not read: '-', and the note names the file and why" {
	status_unreadable sys/module/zswap/parameters/max_pool_percent
	assert_line --regexp '^max pool percent: +-$'
	# The pool limit is max_pool_percent of RAM: unknown for the same reason
	assert_line --regexp '^pool size: +.* of -$'
	run note_line
	assert_output --regexp "^zswapctl: note: '-': (.*; )?cannot read $SHARED/sys/module/zswap/parameters/max_pool_percent: Permission denied(;|$)"
	# said once, for both figures
	assert_equal "$(grep -o 'max_pool_percent' <<<"$output" | wc -l)" 1
}

@test "status: a debugfs counter that holds no number: '-', and the note says so" {
	local root
	root=$(copy_root patched)
	echo 'twelve' >"$root/sys/kernel/debug/zswap/pool_limit_hit"
	run -0 "$ZSWAPCTL" --sysroot "$root" status
	assert_line --regexp '^pool limit hits: +-$'
	run note_line
	assert_output --regexp "^zswapctl: note: '-': (.*; )?$root/sys/kernel/debug/zswap/pool_limit_hit holds no valid value(;|$)"
	refute_output --partial "lacks"
}

@test "status: a /proc/vmstat it may not read: zswpin and zswpout '-', and the note says why" {
	status_unreadable proc/vmstat
	assert_line --regexp '^zswpin: +-$'
	assert_line --regexp '^zswpout: +-$'
	run note_line
	assert_output --regexp "^zswapctl: note: '-': (.*; )?cannot read $SHARED/proc/vmstat: Permission denied(;|$)"
}
