#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0
# The kernels Debian users run now, stock, through the fallback: Linux 6.12
# (Debian 13) and 7.2. Every test here reads a FAKE ROOT built by
# tests/unit/record/newer-sysroots from the names in linux-source-6.12 and
# -7.2 (tests/data/sysroot-6.12 and sysroot-7.2, never recorded on such a
# kernel). What those kernels have no figure for (zero pages in zswap,
# duplicate_entry, a memcg's refused stores, on 7.2 the zpool) is '-' in
# text, null in JSON and no sample in export, and the note says why; the
# ratios come from what is known; set zpool on 7.2 says the kernel has no
# zpool layer. The patched kernels' netlink replies are in the unit test
# zswapnl-run.

load helpers

setup() {
	require_zswapctl
}

zc72() { "$ZSWAPCTL" --sysroot "$LINUX72" "$@"; }
zc612() { "$ZSWAPCTL" --sysroot "$LINUX612" "$@"; }
dbg72() { cat "$LINUX72/sys/kernel/debug/zswap/$1"; }

ZEROMAP="this kernel keeps zero-filled pages out of zswap (swap zeromap, Linux 6.12 and later)"
NO_ZPOOL="this kernel has no zpool layer (Linux 6.18 and later)"
NO_REJECTS="this kernel counts no refused stores per cgroup"

@test "7.2 fake root: status has no zpool, zero pages or duplicate entries, and says why" {
	run -0 zc72 status
	assert_line --regexp '^zpool: +-$'
	assert_line --regexp '^zero pages: +-$'
	assert_line --regexp '^duplicate entries: +-$'
	assert_line --regexp "^stored pages: +$(dbg72 stored_pages) "
	assert_line --regexp "^decompress failures: +$(dbg72 decompress_fail)$"
	assert_line --regexp "^incompressible pages: +$(dbg72 stored_incompressible_pages)$"
	# stored pages * 4096 / pool size: 9242 * 4096 / 7356416, of known figures
	assert_line --regexp '^pool ratio: +5\.15$'
	assert_equal "${lines[-1]}" "zswapctl: note: '-': $NO_ZPOOL; $ZEROMAP; some figures are not on this kernel"
	assert_equal "$(grep -c '^zswapctl: note:' <<<"$output")" 1
}

@test "7.2 fake root: status --json writes null for them, never a 0" {
	run -0 zc72 status --json
	assert_equal "$(jq -c '[.zpool, .zero_pages, .duplicate_entry]' <<<"$output")" '[null,null,null]'
	assert_equal "$(jq -r .compressor <<<"$output")" lz4
	assert_equal "$(jq -r .stored_incompressible_pages <<<"$output")" \
		"$(dbg72 stored_incompressible_pages)"
	assert_equal "$(jq -r .pool_ratio <<<"$output")" 5.15
}

@test "7.2 fake root: cgroups shows ZERO '-', RATIO of known figures, and why; JSON null" {
	run -0 zc72 cgroups -o PATH,STORED,ZERO,RATIO,REJ-MAX,ZSWPWB,WRITEBACK
	assert_line --regexp '^/work +9389 +- +94\.01 +- +373 +on$'
	assert_line --regexp '^/ +9405 +- +- +- +367 +on$'
	assert_equal "${lines[-1]}" \
		"zswapctl: note: '-': $ZEROMAP; the root cgroup has no memory.zswap.* files; $NO_REJECTS"
	run -0 zc72 cgroups --json -o +REJ-MAX /work
	assert_equal "$(jq -c '.cgroups[0] | [.zero_pages, .reject_zswap_max]' <<<"$output")" \
		'[null,null]'
	assert_equal "$(jq -r '.cgroups[0].compression_ratio' <<<"$output")" 94.01
}

@test "7.2 fake root: top shows zero '-' and the pool ratio of known figures" {
	run -0 zc72 top -B -c 1 -d 0.1
	assert_line --regexp '^pool: .*  pool ratio: 5\.15  stored: 9242  zero: -$'
	assert_line --regexp '^/work .* 94\.01 '
}

@test "7.2 fake root: export leaves out what the kernel has not, zpool label too" {
	run -0 zc72 export
	assert_line 'zswap_info{compressor="lz4"} 1'
	refute_line --regexp '^zswap_zero_pages '
	refute_line --regexp '^zswap_duplicate_entry_total '
	refute_line --regexp '^zswap_cgroup_zero_pages\{'
	refute_line --regexp '^zswap_cgroup_reject_total\{'
	assert_line "zswap_decompress_fail_total $(dbg72 decompress_fail)"
	if command -v promtool >/dev/null; then
		promtool check metrics <<<"$output" || fail "promtool: $output"
	fi
}

@test "7.2 fake root: set zpool exits 3 saying the kernel has no zpool layer, nothing written" {
	ROOT=$(copy_root 7.2)
	snapshot
	run -3 --separate-stderr "$ZSWAPCTL" --sysroot "$ROOT" set zpool zsmalloc
	assert_one_line_error "setting zswap parameters: this kernel has no zpool layer \\(Linux 6\\.18 and later\\) \\(Operation not supported; attribute zpool\\); nothing changed$"
	run -3 --separate-stderr "$ZSWAPCTL" --sysroot "$ROOT" set compressor zstd zpool zsmalloc
	assert_one_line_error "no zpool layer .*; nothing changed, in force: compressor lz4$"
	assert_unchanged
	run -0 "$ZSWAPCTL" --sysroot "$ROOT" set compressor zstd
	assert_output "compressor: lz4 -> zstd"
}

@test "6.12 fake root: a zpool; no zero pages, duplicate entries or 6.18's counters, and why" {
	run -0 zc612 status
	assert_line --regexp '^zpool: +zsmalloc$'
	assert_line --regexp '^zero pages: +-$'
	assert_line --regexp '^duplicate entries: +-$'
	assert_line --regexp '^decompress failures: +-$'
	assert_line --regexp '^pool ratio: +[0-9]+\.[0-9]{2}$'
	assert_equal "${lines[-1]}" "zswapctl: note: '-': $ZEROMAP; some figures are not on this kernel"
	run -0 zc612 status --json
	assert_equal "$(jq -c '[.zpool, .zero_pages, .duplicate_entry]' <<<"$output")" \
		'["zsmalloc",null,null]'
	run -0 zc612 cgroups /work
	assert_equal "${lines[-1]}" "zswapctl: note: '-': $ZEROMAP"
}

@test "6.12 fake root: set zpool writes the parameter, which 6.12 still has" {
	local root
	root=$(copy_root 6.12)
	run -0 "$ZSWAPCTL" --sysroot "$root" set zpool zbud
	assert_output "zpool: zsmalloc -> zbud"
	assert_equal "$(cat "$root/sys/module/zswap/parameters/zpool")" zbud
}
