#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0
# kernel/spec/zswap.yaml is the spec the series leaves, and it is valid
# against the kernel's genetlink schema (from linux-source-6.12).

bats_load_library bats-support
bats_load_library bats-assert

setup() {
	TOP=$(cd "$BATS_TEST_DIRNAME/../.." && pwd)
	BUILD=${BUILD:-$TOP/build}
}

# series_file PATH: file PATH as kernel/series leaves it, for a file that
# the series creates and later patches may change
series_file() {
	local dir p
	dir=$(mktemp -d "$BATS_TEST_TMPDIR/series.XXXXXX")
	for p in $(grep -v '^#' "$TOP/kernel/series"); do
		git -C "$dir" apply --allow-empty --include="$1" "$TOP/kernel/patches/$p" || return 1
	done
	[ -f "$dir/$1" ] && cat "$dir/$1"
}

@test "kernel/spec/zswap.yaml is the spec the series leaves in Documentation/netlink/specs" {
	run series_file Documentation/netlink/specs/zswap.yaml
	assert_success
	[ -n "$output" ] || fail "the series leaves no Documentation/netlink/specs/zswap.yaml"
	assert_equal "$output" "$(cat "$TOP/kernel/spec/zswap.yaml")"
}

@test "kernel/spec/zswap.yaml is valid against the genetlink schema" {
	local schema=$BUILD/ynl/Documentation/netlink/genetlink.yaml
	[ -f "$schema" ] || fail "$schema missing: run make tools"
	run /usr/bin/python3 -c '
import sys, yaml, jsonschema
jsonschema.validate(yaml.safe_load(open(sys.argv[1])), yaml.safe_load(open(sys.argv[2])))
print("valid")' "$TOP/kernel/spec/zswap.yaml" "$schema"
	assert_success
	assert_output valid
}

@test "the UAPI header and the spec number the attributes alike" {
	local hdr
	hdr=$(series_file include/uapi/linux/zswap.h)
	[ -n "$hdr" ] || fail "the series leaves no include/uapi/linux/zswap.h"
	# The spec lists attributes from value 1 on, in the header's order.
	run /usr/bin/python3 - "$TOP/kernel/spec/zswap.yaml" <<'PY'
import re, sys, yaml
spec = yaml.safe_load(open(sys.argv[1]))
for s in spec["attribute-sets"]:
    prefix = "ZSWAP_A_" if s["name"] == "zswap" else "ZSWAP_MEMCG_A_"
    print(" ".join(prefix + a["name"].upper().replace("-", "_") for a in s["attributes"]))
print(" ".join("ZSWAP_CMD_" + o["name"].upper().replace("-", "_") for o in spec["operations"]["list"]))
PY
	assert_success
	local line enum
	while read -r line; do
		case $line in
		ZSWAP_A_*) enum=zswap_attr ;;
		ZSWAP_MEMCG_A_*) enum=zswap_memcg_attr ;;
		*) enum=zswap_cmd ;;
		esac
		# The header's entries after the UNSPEC one, up to the __MAX one.
		assert_equal "$line" "$(sed -n "/^enum $enum {/,/^};/p" <<<"$hdr" |
			grep -oE '^\s+ZSWAP_[A-Z_]+' | tr -d '\t ' | grep -v -e UNSPEC -e '^__' | xargs)"
	done <<<"$output"
}

@test "include/uapi/linux/zswap.h is the header the series leaves" {
	run series_file include/uapi/linux/zswap.h
	assert_success
	[ -n "$output" ] || fail "the series leaves no include/uapi/linux/zswap.h"
	assert_equal "$output" "$(cat "$TOP/include/uapi/linux/zswap.h")"
}
