#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0
# The note under status's text when a figure is '-': why, and what gives
# it (root, debugfs mounted, the netlink family of a patched kernel). The
# recorded trees give each case: the patched tree has every counter, the
# stock one no zero pages, and a copy without sys/kernel/debug/zswap none
# of the debugfs counters. The cases that need the running system (not
# root, debugfs not mounted) are in the unit test zswapctl-unknown.

load helpers

setup() {
	require_zswapctl
}

@test "status: every figure known, no note" {
	run -0 zc_patched status
	refute_output --partial "note:"
}

@test "status on the stock tree: zero pages need the netlink family" {
	run -0 zc_stock status
	assert_line --regexp '^zero pages: +-$'
	assert_equal "${lines[-1]}" "note: zero pages need zswap's netlink family (a patched kernel)"
	assert_equal "$(grep -c '^note:' <<<"$output")" 1
}

@test "status without the debugfs counters: the note names the folder" {
	local root
	root=$(copy_root stock)
	rm -r "$root/sys/kernel/debug/zswap"
	run -0 "$ZSWAPCTL" --sysroot "$root" status
	assert_line --regexp '^pool limit hits: +-$'
	assert_equal "${lines[-1]}" \
		"note: '-': no /sys/kernel/debug/zswap here; zswap's netlink family gives them"
}

@test "status: no note in JSON or in Prometheus text" {
	local fmt
	for fmt in json prometheus; do
		run -0 zc_stock status --format "$fmt"
		refute_output --partial "note"
	done
}
