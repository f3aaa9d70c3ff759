#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0
# "No limit" in JSON is the string "max", as memory.zswap.max writes it:
# the number 2^64-1 is what jq 1.6 and JavaScript read as
# 18446744073709552000, a limit no cgroup has. A limit stays a number.

load helpers

setup() {
	require_zswapctl
}

@test "cgroups --json: zswap_max is \"max\" for no limit, a number of bytes otherwise" {
	run -0 zc_patched cgroups --json=short
	# the recorded tree: /outer/inner 8 MiB, /flat, /outer and /work max,
	# the root has no memory.zswap.max
	assert_equal "$(jq -c '[.cgroups[] | [.path, .zswap_max]] | sort' <<<"$output")" \
		'[["/",null],["/flat","max"],["/outer","max"],["/outer/inner",8388608],["/work","max"]]'
	refute_output --partial 18446744073709551615
	assert_equal "$(jq -r .version <<<"$output")" 1
}

@test "a reader that parses numbers as doubles gets \"max\" right" {
	require_tool python3
	run -0 zc_patched cgroups --json -o PATH,MAX /work
	# json.loads with parse_int=float reads numbers as JavaScript does
	run -0 python3 -c '
import json, sys
doc = json.loads(sys.argv[1], parse_int=float)
print(doc["cgroups"][0]["zswap_max"])' "$output"
	assert_output max
	run -0 zc_patched cgroups --json -o MAX /outer/inner
	assert_equal "$(jq .cgroups[0].zswap_max <<<"$output")" 8388608
}
