#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0
# The counters of Linux 6.12 to 6.18 through status, --json and export,
# on the trees of tests/data/sysroot-6.12 and -6.18 (made by
# tests/unit/record/newer-sysroots), and the two ratios' names.

load helpers

setup() {
	require_zswapctl
}

zc612() { "$ZSWAPCTL" --sysroot "$LINUX612" "$@"; }
zc618() { "$ZSWAPCTL" --sysroot "$LINUX618" "$@"; }
dbg() { cat "$LINUX618/sys/kernel/debug/zswap/$1"; }

@test "6.18: decompress_fail, stored_incompressible_pages, reject_compress_fail, zswpwb in the text" {
	run -0 zc618 status
	assert_line --regexp "^incompressible pages: +$(dbg stored_incompressible_pages)$"
	assert_line --regexp "^rejected \\(compress fail\\): +$(dbg reject_compress_fail)$"
	assert_line --regexp "^decompress failures: +$(dbg decompress_fail)$"
	assert_line --regexp "^zswpwb: +$(sed -n 's/^zswpwb //p' "$LINUX618/proc/vmstat")$"
	# no zpool parameter since 6.18
	assert_line --regexp '^zpool: +-$'
}

@test "6.18: the same figures in --json, by their debugfs and vmstat names" {
	run -0 zc618 status --json
	assert_equal "$(jq -r .stored_incompressible_pages <<<"$output")" "$(dbg stored_incompressible_pages)"
	assert_equal "$(jq -r .decompress_fail <<<"$output")" "$(dbg decompress_fail)"
	assert_equal "$(jq -r .reject_compress_fail <<<"$output")" "$(dbg reject_compress_fail)"
	assert_equal "$(jq -r .zswpwb <<<"$output")" "$(sed -n 's/^zswpwb //p' "$LINUX618/proc/vmstat")"
	assert_equal "$(jq -r '.zpool | type' <<<"$output")" null
}

@test "6.18: the same figures in export, with their families" {
	run -0 zc618 export
	assert_line "zswap_stored_incompressible_pages $(dbg stored_incompressible_pages)"
	assert_line "# TYPE zswap_stored_incompressible_pages gauge"
	assert_line "zswap_decompress_fail_total $(dbg decompress_fail)"
	assert_line "# TYPE zswap_decompress_fail_total counter"
	assert_line "zswap_reject_compress_fail_total $(dbg reject_compress_fail)"
	# vmstat's zswpwb is the node exporter's node_vmstat_zswpwb, and with
	# it debugfs's written_back_pages, the same count
	refute_line --regexp '^zswap_(zswpwb|written_back)_pages_total '
	assert_line --regexp "^zswap_cgroup_zswpwb_pages_total\\{cgroup=\"/work\"\\} $(sed -n 's/^zswpwb //p' "$LINUX618/sys/fs/cgroup/work/memory.stat")$"
	if command -v promtool >/dev/null; then
		promtool check metrics <<<"$output" || fail "promtool: $output"
	fi
}

@test "6.12: reject_compress_fail and zswpwb; the counters 6.12 lacks are '-' and null" {
	run -0 zc612 status
	assert_line --regexp "^rejected \\(compress fail\\): +$(cat "$LINUX612/sys/kernel/debug/zswap/reject_compress_fail")$"
	assert_line --regexp '^decompress failures: +-$'
	assert_line --regexp '^incompressible pages: +-$'
	assert_line --regexp '^zpool: +zsmalloc$'
	run -0 zc612 status --json
	assert_equal "$(jq -r '.decompress_fail | type' <<<"$output")" null
	run -0 zc612 export
	refute_line --partial zswap_decompress_fail_total
}

@test "memory.stat's zswpwb: the ZSWPWB column on request, and its JSON key" {
	run -0 zc612 cgroups -o PATH,ZSWPWB --raw --noheadings /work
	assert_output "/work $(sed -n 's/^zswpwb //p' "$LINUX612/sys/fs/cgroup/work/memory.stat")"
	run -0 zc612 cgroups --json -o +ZSWPWB /work
	assert_equal "$(jq -r '.cgroups[0].zswpwb' <<<"$output")" \
		"$(sed -n 's/^zswpwb //p' "$LINUX612/sys/fs/cgroup/work/memory.stat")"
	# not shown by default: the 1.0 table keeps its columns
	run -0 zc612 cgroups /work
	refute_output --partial ZSWPWB
}

@test "the 1.0 trees: status and export keep their lines, the new ones '-' or absent" {
	run -0 zc_stock status
	assert_line --regexp '^zswpwb: +-$'
	run -0 zc_stock export
	# (the HELP of written_back_pages names vmstat's zswpwb)
	refute_line --regexp '^[^#].*zswpwb'
	refute_line --partial decompress_fail
}

@test "'compression ratio' is one figure: cgroups' RATIO; status says 'pool ratio'" {
	run -0 zc_patched status
	refute_output --partial "compression ratio"
	assert_line --regexp '^pool ratio: +[0-9]+\.[0-9]{2}$'
	run -0 zc_patched cgroups --help
	assert_line --regexp '^ +RATIO +compression ratio: '
	run -0 man -l "$TOP/man/zswapctl.8"
	assert_output --partial "pool ratio"
}
