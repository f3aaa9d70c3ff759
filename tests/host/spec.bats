#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0
# kernel/spec/zswap.yaml is the spec the series leaves, it is valid against
# the kernel's schema of its protocol (plain genetlink), and the UAPI
# header is what ynl-gen-c generates from it, byte for byte (the schemas
# and ynl-gen-c from linux-source-6.12, whose header 6.1's series carries;
# the 7.2 line's own generator is checked by tests/host/ynl-*.bats).

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

# One ABI: the same spec on every line, and UAPI headers with the same
# names and values (each line's generator writes its own banner)
@test "the 6.12 and 7.2 series carry the same spec as the 6.1 series, and a header of the same names and values" {
	local line want
	want=$(c_names "$TOP/include/uapi/linux/zswap.h") || fail "the header does not compile"
	for line in 6.12 7.2; do
		run series_file Documentation/netlink/specs/zswap.yaml "$line"
		assert_success
		[ -n "$output" ] || fail "the $line series leaves no spec"
		[ "$output" = "$(cat "$TOP/kernel/spec/zswap.yaml")" ] ||
			fail "the $line series' spec differs from kernel/spec/zswap.yaml"
		run series_file include/uapi/linux/zswap.h "$line"
		assert_success
		[ -n "$output" ] || fail "the $line series leaves no include/uapi/linux/zswap.h"
		printf '%s\n' "$output" > "$BATS_TEST_TMPDIR/zswap-$line.h"
		run c_names "$BATS_TEST_TMPDIR/zswap-$line.h"
		assert_success
		assert_equal "$output" "$want"
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

@test "the UAPI header is what ynl-gen-c generates from the spec, byte for byte" {
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
	[ "$(grep -c . <<<"$output")" -gt 50 ] || fail "too few names generated: $output"
	run diff -u "$tree/zswap.h" "$TOP/include/uapi/linux/zswap.h"
	assert_success
}

# ynl-gen-c's C user code puts enum and struct tags in one namespace: an
# enum and an operation of the same name (the earlier draft's "event")
# would not compile. The generated user header and source of the spec,
# with YNL's own library header, must.
@test "the user code ynl-gen-c generates from the spec compiles: no name clashes" {
	local gen=$BUILD/ynl/tools/net/ynl/ynl-gen-c.py tree=$BATS_TEST_TMPDIR/tree
	[ -f "$gen" ] || fail "$gen missing: run make tools"
	mkdir -p "$tree/Documentation/netlink/specs" "$tree/out"
	touch "$tree/MAINTAINERS"
	cp "$BUILD"/ynl/Documentation/netlink/*.yaml "$tree/Documentation/netlink/"
	cp "$TOP/kernel/spec/zswap.yaml" "$tree/Documentation/netlink/specs/"
	(cd "$tree" && /usr/bin/python3 "$gen" --mode user --header \
		--spec Documentation/netlink/specs/zswap.yaml -o out/zswap-user.h &&
		/usr/bin/python3 "$gen" --mode user --source \
		--spec Documentation/netlink/specs/zswap.yaml -o out/zswap-user.c) ||
		fail "ynl-gen-c cannot generate the user code"
	run gcc -std=gnu11 -Wall -Werror -c -I "$BUILD/ynl/tools/net/ynl/lib" -I "$tree/out" \
		-I "$TOP/include/uapi" -o "$tree/out/zswap-user.o" "$tree/out/zswap-user.c"
	assert_success
}

@test "include/uapi/linux/zswap.h is the header the series leaves" {
	run series_file include/uapi/linux/zswap.h
	assert_success
	[ -n "$output" ] || fail "the series leaves no include/uapi/linux/zswap.h"
	assert_equal "$output" "$(cat "$TOP/include/uapi/linux/zswap.h")"
}
