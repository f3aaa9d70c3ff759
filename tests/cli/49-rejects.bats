#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0
# A cgroup's refused stores by reason: the REJ-* columns of cgroups, their
# JSON keys, the export's zswap_cgroup_reject_total and top's REJECT/s.
# The data is a fake sysroot: a copy of the recorded tree of the patched
# kernel (recorded before patch 0021) with the zswap_reject_* lines that
# patch 0021 adds to memory.stat appended by hand to /work's and
# /outer/inner's; the recorded stock tree has none of them.

load helpers

setup() {
	require_zswapctl
	ROOT=$(copy_root patched)
	printf '%s\n' 'zswap_reject_zswap_max 0' 'zswap_reject_pool_limit 17' \
		'zswap_reject_incompressible 4242' 'zswap_reject_alloc_fail 3' \
		>>"$ROOT/sys/fs/cgroup/work/memory.stat"
	printf '%s\n' 'zswap_reject_zswap_max 8615' 'zswap_reject_pool_limit 1' \
		'zswap_reject_incompressible 2' 'zswap_reject_alloc_fail 0' \
		>>"$ROOT/sys/fs/cgroup/outer/inner/memory.stat"
}

zr() { "$ZSWAPCTL" --sysroot "$ROOT" "$@"; }

@test "cgroups -o +REJ-*: the four counters, '-' where memory.stat has none" {
	run -0 zr cgroups --raw --sort PATH -o PATH,REJ-MAX,REJ-POOL,REJ-INCOMP,REJ-ALLOC
	assert_output "$(printf '%s\n' 'PATH REJ-MAX REJ-POOL REJ-INCOMP REJ-ALLOC' '/ - - - -' \
		'/flat - - - -' '/outer - - - -' '/outer/inner 8615 1 2 0' '/work 0 17 4242 3')"
	# Not in the default table
	run -0 zr cgroups /work
	refute_output --partial REJ-
	# The note says why a cell is '-'
	run -0 zr cgroups -o PATH,REJ-MAX /outer
	assert_line --partial 'stores refused per cgroup need the patched kernel'
}

@test "cgroups --json: reject_* always there, null where unknown" {
	run -0 zr cgroups --json
	assert_equal "$(jq -c '.cgroups[] | select(.path == "/work") |
		[.reject_zswap_max, .reject_pool_limit, .reject_incompressible, .reject_alloc_fail]' \
		<<<"$output")" '[0,17,4242,3]'
	assert_equal "$(jq -c '.cgroups[] | select(.path == "/outer") | .reject_pool_limit' \
		<<<"$output")" null
	run -0 zc_stock cgroups --json
	assert_equal "$(jq '[.cgroups[] | .reject_zswap_max, .reject_alloc_fail] | unique' \
		<<<"$output" | jq -c .)" '[null]'
	# --output keeps to its columns
	run -0 zr cgroups --json=short -o PATH,REJ-INCOMP /outer/inner
	assert_output --partial '"path":"/outer/inner","reject_incompressible":2}'
}

@test "export: zswap_cgroup_reject_total, one family, a series per reason" {
	run -0 zr export
	assert_equal "$(grep -c '^# HELP zswap_cgroup_reject_total ' <<<"$output")" 1
	assert_line '# TYPE zswap_cgroup_reject_total counter'
	assert_line 'zswap_cgroup_reject_total{cgroup="/work",reason="zswap_max"} 0'
	assert_line 'zswap_cgroup_reject_total{cgroup="/work",reason="pool_limit"} 17'
	assert_line 'zswap_cgroup_reject_total{cgroup="/work",reason="incompressible"} 4242'
	assert_line 'zswap_cgroup_reject_total{cgroup="/outer/inner",reason="zswap_max"} 8615'
	refute_line --partial 'zswap_cgroup_reject_total{cgroup="/outer",'
	run -0 zc_stock export
	refute_output --partial zswap_cgroup_reject_total
}

@test "top -B: REJECT/s, '-' where a cgroup has no refusal counters" {
	run -0 zr top -B -c 2 -d 0.1 --sort PATH
	assert_line --regexp '^PATH.* WRITEBACK +REJECT/s$'
	assert_line --regexp '^/work .* 0$'
	assert_line --regexp '^/outer .* -$'
}
