#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0
# kernel/spec/zswap.yaml is the spec the series leaves, it is valid against
# the kernel's schema of its protocol, and the UAPI header is the one it
# generates (the schemas and ynl-gen-c from linux-source-6.12).

bats_load_library bats-support
bats_load_library bats-assert

setup() {
	TOP=$(cd "$BATS_TEST_DIRNAME/../.." && pwd)
	BUILD=${BUILD:-$TOP/build}
}

# series_file PATH [LINE]: file PATH as the series of kernel line LINE
# (kernel/series for 6.1, the default; kernel/LINE/series) leaves it, for a
# file that the series creates and later patches may change
series_file() {
	local dir p kdir=$TOP/kernel
	[ "${2:-6.1}" = 6.1 ] || kdir=$TOP/kernel/$2
	dir=$(mktemp -d "$BATS_TEST_TMPDIR/series.XXXXXX")
	for p in $(grep -v '^#' "$kdir/series"); do
		git -C "$dir" apply --allow-empty --include="$1" "$kdir/patches/$p" || return 1
	done
	[ -f "$dir/$1" ] && cat "$dir/$1"
}

@test "kernel/spec/zswap.yaml is the spec the series leaves in Documentation/netlink/specs" {
	run series_file Documentation/netlink/specs/zswap.yaml
	assert_success
	[ -n "$output" ] || fail "the series leaves no Documentation/netlink/specs/zswap.yaml"
	assert_equal "$output" "$(cat "$TOP/kernel/spec/zswap.yaml")"
}

@test "the 6.12 and 7.2 series carry the same spec and UAPI header as the 6.1 series" {
	local line file
	for line in 6.12 7.2; do
		for file in Documentation/netlink/specs/zswap.yaml:kernel/spec/zswap.yaml \
			    include/uapi/linux/zswap.h:include/uapi/linux/zswap.h; do
			run series_file "${file%%:*}" "$line"
			assert_success
			[ -n "$output" ] || fail "the $line series leaves no ${file%%:*}"
			[ "$output" = "$(cat "$TOP/${file#*:}")" ] ||
				fail "the $line series' ${file%%:*} differs from ${file#*:}"
		done
	done
}

@test "kernel/spec/zswap.yaml is valid against the schema of its protocol" {
	local proto schema
	proto=$(sed -n 's/^protocol: //p' "$TOP/kernel/spec/zswap.yaml")
	schema=$BUILD/ynl/Documentation/netlink/$proto.yaml
	[ -f "$schema" ] || fail "$schema missing: run make tools"
	run /usr/bin/python3 -c '
import sys, yaml, jsonschema
jsonschema.validate(yaml.safe_load(open(sys.argv[1])), yaml.safe_load(open(sys.argv[2])))
print("valid")' "$TOP/kernel/spec/zswap.yaml" "$schema"
	assert_success
	assert_output valid
}

# c_names HEADER: every ZSWAP_* macro and enum constant of HEADER and the
# tag of every enum, with its value as the compiler sees it, one a line
c_names() {
	local prog=$BATS_TEST_TMPDIR/names.c out
	{
		echo "#include \"$1\""
		echo '#include <stdio.h>'
		echo 'int main(void) {'
		sed -n 's/^#define \(ZSWAP_[A-Z0-9_]*\)[[:space:]]\{1,\}".*/\1/p' "$1" |
			sed 's/.*/\tprintf("%s=%s\\n", "&", &);/'
		{
			sed -n 's/^#define \(ZSWAP_[A-Z0-9_]*\)[[:space:]]\{1,\}[^"[:space:]].*/\1/p' "$1"
			sed -n 's/^[[:space:]]\{1,\}\(_*ZSWAP_[A-Z0-9_]*\)[[:space:]]*\([,=].*\)\{0,1\}$/\1/p' "$1"
		} | sed 's/.*/\tprintf("%s=%lld\\n", "&", (long long)(&));/'
		sed -n 's/^enum \(zswap_[a-z_]*\) {$/\1/p' "$1" |
			sed 's/.*/\tprintf("enum %s=%zu\\n", "&", sizeof(enum &));/'
		echo '}'
	} >"$prog"
	gcc -std=gnu11 -Wall -Werror -o "$prog.bin" "$prog" && out=$("$prog.bin") && sort <<<"$out"
}

@test "the UAPI header has every name and value the spec generates (ynl-gen-c), and no other" {
	local gen=$BUILD/ynl/tools/net/ynl/ynl-gen-c.py tree=$BATS_TEST_TMPDIR/tree
	[ -f "$gen" ] || fail "$gen missing: run make tools"
	# ynl-gen-c finds the kernel tree by its MAINTAINERS file, and the
	# schemas beside the spec's folder
	mkdir -p "$tree/Documentation/netlink/specs"
	touch "$tree/MAINTAINERS"
	cp "$BUILD"/ynl/Documentation/netlink/*.yaml "$tree/Documentation/netlink/"
	cp "$TOP/kernel/spec/zswap.yaml" "$tree/Documentation/netlink/specs/"
	(cd "$tree" && /usr/bin/python3 "$gen" --mode uapi --header \
		--spec Documentation/netlink/specs/zswap.yaml -o "$tree/zswap.h") ||
		fail "ynl-gen-c cannot generate the header from the spec"
	run c_names "$tree/zswap.h"
	assert_success
	local want=$output
	[ "$(grep -c . <<<"$want")" -gt 50 ] || fail "too few names generated: $want"
	run c_names "$TOP/include/uapi/linux/zswap.h"
	assert_success
	assert_equal "$output" "$want"
}

@test "include/uapi/linux/zswap.h is the header the series leaves" {
	run series_file include/uapi/linux/zswap.h
	assert_success
	[ -n "$output" ] || fail "the series leaves no include/uapi/linux/zswap.h"
	assert_equal "$output" "$(cat "$TOP/include/uapi/linux/zswap.h")"
}
