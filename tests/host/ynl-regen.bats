#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0
# The files the kernel series generate from their spec are what the line's
# own generator makes of it, byte for byte: on 7.2 the UAPI header and
# mm/zswap-nl-gen.[ch] from tools/net/ynl/pyynl/ynl_gen_c.py of
# linux-source-7.2, after every patch of kernel/7.2/series that leaves a
# spec; on 6.12 each generated file (one with the generator's YNL-GEN
# banner) that kernel/6.12/series leaves, from 6.12's
# tools/net/ynl/ynl-gen-c.py. And kernel/7.2/spec/zswap.yaml is the spec
# of the part of the 7.2 series proposed upstream, whose names and values
# the full spec keeps.

bats_load_library bats-support
bats_load_library bats-assert

setup() {
	TOP=$(cd "$BATS_TEST_DIRNAME/../.." && pwd)
	BUILD=${BUILD:-$TOP/build}
	# Debian's python3, with the yaml module the generators need
	export PATH=/usr/bin:$PATH
	GEN_7_2=$BUILD/ynl-7.2/src/tools/net/ynl/pyynl/ynl_gen_c.py
	GEN_6_12=$BUILD/ynl/tools/net/ynl/ynl-gen-c.py
}

# patches LINE: the patch files of kernel/LINE/series, in order
patches() {
	local p
	sed -e 's/#.*//' -e 's/[[:space:]]*$//' "$TOP/kernel/$1/series" | grep -v '^$' |
	while read -r p; do echo "$TOP/kernel/$1/patches/$p"; done
}

# gen_tree DIR SCHEMAS: a tree the generator takes: it finds the top by
# MAINTAINERS and writes the spec's path relative to it in its banner
gen_tree() {
	mkdir -p "$1/Documentation/netlink/specs" "$1/out"
	touch "$1/MAINTAINERS"
	cp "$2"/*.yaml "$1/Documentation/netlink/"
}

# regen GENERATOR TREE SPEC MODE-ARGS... OUT: the generator's output for
# SPEC, as it runs from the top of TREE
regen() {
	local gen=$1 tree=$2 spec=$3 out=${*: -1}
	cp "$spec" "$tree/Documentation/netlink/specs/zswap.yaml"
	(cd "$tree" && python3 "$gen" "${@:4:$#-4}" \
		--spec Documentation/netlink/specs/zswap.yaml -o "$out")
}

# mode_of FILE: the generator's arguments for a file, from its banner
mode_of() {
	case $(sed -n 's|^/\* YNL-GEN \(.*\) \*/$|\1|p' "$1") in
	"uapi header") echo "--mode uapi --header" ;;
	"kernel header") echo "--mode kernel --header" ;;
	"kernel source") echo "--mode kernel --source" ;;
	*) return 1 ;;
	esac
}

@test "7.2: after each patch, the UAPI header and mm/zswap-nl-gen.[ch] are ynl_gen_c.py's output of the spec" {
	[ -f "$GEN_7_2" ] || fail "$GEN_7_2 missing: run make tools"
	local dir=$BATS_TEST_TMPDIR/series tree=$BATS_TEST_TMPDIR/tree p f n=0 checked=0
	gen_tree "$tree" "$BUILD/ynl-7.2/src/Documentation/netlink"
	mkdir -p "$dir"
	for p in $(patches 7.2); do
		n=$((n + 1))
		git -C "$dir" apply --allow-empty \
			--include=Documentation/netlink/specs/zswap.yaml \
			--include=include/uapi/linux/zswap.h \
			--include='mm/zswap-nl-gen.*' "$p" ||
			fail "patch $n does not apply: $p"
		[ -f "$dir/Documentation/netlink/specs/zswap.yaml" ] || continue
		for f in include/uapi/linux/zswap.h mm/zswap-nl-gen.h mm/zswap-nl-gen.c; do
			[ -f "$dir/$f" ] || fail "patch $n leaves a spec but no $f"
			# shellcheck disable=SC2046 # the mode is words
			# the source includes its header by the name of its own
			regen "$GEN_7_2" "$tree" "$dir/Documentation/netlink/specs/zswap.yaml" \
				$(mode_of "$dir/$f" || echo "--mode none") "$tree/out/${f##*/}" ||
				fail "patch $n: $f: no generator banner, or the generator failed"
			diff -u "$tree/out/${f##*/}" "$dir/$f" ||
				fail "patch $n ($(basename "$p")): $f is not the generator's output"
			checked=$((checked + 1))
		done
	done
	# the family patch on, three files each
	[ "$checked" -ge 6 ] || fail "only $checked files checked"
	# and the series ends with the full spec
	cmp "$TOP/kernel/spec/zswap.yaml" "$dir/Documentation/netlink/specs/zswap.yaml" ||
		fail "the 7.2 series does not end with kernel/spec/zswap.yaml"
}

@test "6.12: each file of the series with ynl-gen-c's banner is 6.12's ynl-gen-c.py output of its spec" {
	[ -f "$GEN_6_12" ] || fail "$GEN_6_12 missing: run make tools"
	local dir=$BATS_TEST_TMPDIR/series tree=$BATS_TEST_TMPDIR/tree p f files checked=0
	gen_tree "$tree" "$BUILD/ynl/Documentation/netlink"
	mkdir -p "$dir"
	# Every file the series creates (a kernel file it changes cannot be
	# applied without the tree), wherever the series puts them
	files=$(patches 6.12 | xargs awk '/^diff --git / { f = substr($4, 3) }
		/^new file mode/ { print f }' | sort -u)
	[ -n "$files" ] || fail "the 6.12 series creates no file"
	for p in $(patches 6.12); do
		# shellcheck disable=SC2046 # one option a file
		git -C "$dir" apply --allow-empty $(printf -- '--include=%s ' $files) "$p" ||
			fail "$p does not apply to the files the series creates"
	done
	for f in $files; do
		[ -f "$dir/$f" ] && grep -q '^/\* YNL-GEN ' "$dir/$f" || continue
		[ -f "$dir/Documentation/netlink/specs/zswap.yaml" ] ||
			fail "the 6.12 series has a generated $f but no spec"
		# shellcheck disable=SC2046
		regen "$GEN_6_12" "$tree" "$dir/Documentation/netlink/specs/zswap.yaml" \
			$(mode_of "$dir/$f") "$tree/out/${f##*/}" || fail "$f: the generator failed"
		diff -u "$tree/out/${f##*/}" "$dir/$f" || fail "$f is not 6.12's generator output"
		checked=$((checked + 1))
	done
	# A series without generated files yet (kernel/6.12 before its port
	# to ABI v2) has nothing to compare: say so in the TAP stream
	[ "$checked" -gt 0 ] || echo "# the 6.12 series has no generated file yet" >&3
}

# c_values HEADER: NAME=VALUE for every enum constant and #define of a
# generated UAPI header, as the compiler sees them
c_values() {
	local prog=$BATS_TEST_TMPDIR/values.c
	{
		echo "#include \"$1\""
		echo '#include <stdio.h>'
		echo 'int main(void) {'
		sed -n 's/^#define \(ZSWAP_[A-Z0-9_]*\)[[:space:]]\{1,\}[0-9].*/\1/p; s/^[[:space:]]\{1,\}\(ZSWAP_[A-Z0-9_]*\)\([[:space:]]*=.*\)\{0,1\},$/\1/p' "$1" |
			grep -v '^__' | sed 's/.*/\tprintf("%s=%lld\\n", "&", (long long)(&));/'
		echo '}'
	} > "$prog"
	gcc -std=gnu11 -Wall -Werror -o "$prog.bin" "$prog" && "$prog.bin" | sort
}

@test "kernel/7.2/spec/zswap.yaml is the upstream part's spec; the full spec keeps its every name and value" {
	[ -f "$GEN_7_2" ] || fail "$GEN_7_2 missing: run make tools"
	local dir=$BATS_TEST_TMPDIR/series tree=$BATS_TEST_TMPDIR/tree p up full posted=
	mkdir -p "$dir"
	# The spec after the last patch proposed upstream (the project's own
	# say NOT-FOR-UPSTREAM in their subject: the stable backports before
	# the posted ones, which have no spec, and the extensions after them)
	for p in $(patches 7.2); do
		if grep -q '^Subject: .*NOT-FOR-UPSTREAM' "$p"; then
			[ -z "$posted" ] || break
			continue
		fi
		posted=1
		git -C "$dir" apply --allow-empty --include=Documentation/netlink/specs/zswap.yaml "$p"
	done
	run cat "$dir/Documentation/netlink/specs/zswap.yaml"
	assert_success
	assert_equal "$output" "$(cat "$TOP/kernel/7.2/spec/zswap.yaml")"

	gen_tree "$tree" "$BUILD/ynl-7.2/src/Documentation/netlink"
	regen "$GEN_7_2" "$tree" "$TOP/kernel/7.2/spec/zswap.yaml" --mode uapi --header "$tree/up.h"
	regen "$GEN_7_2" "$tree" "$TOP/kernel/spec/zswap.yaml" --mode uapi --header "$tree/full.h"
	up=$(c_values "$tree/up.h") || fail "cannot compile the upstream header"
	full=$(c_values "$tree/full.h") || fail "cannot compile the full header"
	[ "$(grep -c . <<<"$up")" -gt 30 ] || fail "too few names: $up"
	# Every NAME=VALUE of upstream's is the full header's, except the
	# counts (*_MAX), which the appended attributes raise
	run comm -23 <(grep -v '_MAX=' <<<"$up") <(sort <<<"$full")
	assert_success
	assert_output ""
}
