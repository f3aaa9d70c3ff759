#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0
# A limit in JSON is one type, a number of bytes (or null), and "no limit"
# is the boolean zswap_unlimited beside it (schema 2): not the number
# 2^64-1, which jq 1.6 and JavaScript read as 18446744073709552000, a limit
# no cgroup has, and not the string "max", which a script would compare
# with a number.

load helpers

setup() {
	require_zswapctl
}

@test "cgroups --json: zswap_max a number of bytes or null, zswap_unlimited true for no limit" {
	run -0 zc_patched cgroups --json=short
	# the recorded tree: /outer/inner 8 MiB, /flat, /outer and /work max,
	# the root has no memory.zswap.max
	assert_equal "$(jq -c '[.cgroups[] | [.path, .zswap_max, .zswap_unlimited]] | sort' <<<"$output")" \
		'[["/",null,null],["/flat",null,true],["/outer",null,true],["/outer/inner",8388608,false],["/work",null,true]]'
	refute_output --partial 18446744073709551615
	refute_output --partial '"max"'
	assert_equal "$(jq -r .version <<<"$output")" 2
}

@test "a reader that parses numbers as doubles gets no limit and a limit right" {
	require_tool python3
	run -0 zc_patched cgroups --json -o PATH,MAX /work
	# json.loads with parse_int=float reads numbers as JavaScript does
	run -0 python3 -c '
import json, sys
doc = json.loads(sys.argv[1], parse_int=float)
c = doc["cgroups"][0]
print(c["zswap_max"], c["zswap_unlimited"])' "$output"
	assert_output "None True"
	run -0 zc_patched cgroups --json -o MAX /outer/inner
	assert_equal "$(jq -c '.cgroups[0] | [.zswap_max, .zswap_unlimited]' <<<"$output")" '[8388608,false]'
}

@test "a limit of 16 EiB - 1 is max, in the table, in JSON and in what set says" {
	local root
	root=$(copy_root patched)
	run -0 --separate-stderr "$ZSWAPCTL" --sysroot "$root" set cgroup /work max 18446744073709551615
	assert_output "cgroup /work max: max -> max"
	assert_equal "$(cat "$root/sys/fs/cgroup/work/memory.zswap.max")" max
	run -0 "$ZSWAPCTL" --sysroot "$root" cgroups --json=short -o MAX /work
	assert_equal "$(jq -c '.cgroups[0] | [.zswap_max, .zswap_unlimited]' <<<"$output")" '[null,true]'
	# the largest below it is a limit
	run -0 --separate-stderr "$ZSWAPCTL" --sysroot "$root" set cgroup /work max 18446744073709551614
	assert_output --regexp '^cgroup /work max: max -> 18446744073709551614 '
	run -0 "$ZSWAPCTL" --sysroot "$root" cgroups --json=short -o MAX /work
	# jq reads numbers as doubles (2^64 - 2 would come out as
	# 18446744073709552000): python's json keeps every digit
	assert_equal "$(python3 -c 'import json, sys
c = json.load(sys.stdin)["cgroups"][0]
print(json.dumps([c["zswap_max"], c["zswap_unlimited"]], separators=(",", ":")))' <<<"$output")" \
		'[18446744073709551614,false]'
}

@test "a size above 16 EiB - 1 is refused, and the message says that the largest is max" {
	local root size
	root=$(copy_root patched)
	for size in 16E 16EiB 18446744073709551616 17179869184G; do
		run -1 --separate-stderr "$ZSWAPCTL" --sysroot "$root" set cgroup /work max "$size"
		assert_one_line_error "size '$size' out of range \\(at most 16 EiB - 1, which is max: no limit\\)$"
	done
	assert_equal "$(cat "$root/sys/fs/cgroup/work/memory.zswap.max")" max
}
