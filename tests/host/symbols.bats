#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0
# The ABI of libzswapnl.so.1 is written down three times: the functions
# zswapnl.h declares, the version script libzswapnl/libzswapnl.map, and
# debian/libzswapnl1.symbols (dpkg-gensymbols checks the package against
# it, but only when a package is built). Each must name exactly what the
# built library exports (nm -D --defined-only): a call made public by
# accident, or one left out of either list, fails here.

bats_require_minimum_version 1.5.0
bats_load_library bats-support
bats_load_library bats-assert

setup() {
	TOP=$(cd "$BATS_TEST_DIRNAME/../.." && pwd)
	BUILD=${BUILD:-$TOP/build}
	SO=$BUILD/lib/libzswapnl.so.1.6.0
	[ -f "$SO" ] || fail "$SO missing: run make lib"
	command -v nm >/dev/null || fail "nm missing: run make deps"
}

# What the library exports, NAME@VERSION a line, sorted; the version node
# (nm: "LIBZSWAPNL_1.0") as dpkg-gensymbols lists it, LIBZSWAPNL_1.0@LIBZSWAPNL_1.0
exported() {
	nm -D --defined-only "$SO" |
		awk '{ if (!sub(/@@/, "@", $3)) $3 = $3 "@" $3; print $3 }' | LC_ALL=C sort
}

# The names of the version script's global: sections, sorted
map_names() {
	awk '/global:/ { on = 1; next } /local:/ || /^}/ { on = 0 }
	     on { gsub(/[ \t;]/, ""); if ($0 != "") print }' \
		"$TOP/libzswapnl/libzswapnl.map" | LC_ALL=C sort
}

# The functions zswapnl.h declares (a declaration starts in column 0),
# but its static inline helpers, which are no symbol of the library
header_names() {
	grep -oE '^[a-z][^(]*[ *]zswapnl_[a-z_]+\(' "$TOP/libzswapnl/zswapnl.h" |
		grep -v '^static inline ' |
		grep -oE 'zswapnl_[a-z_]+\($' | tr -d '(' | LC_ALL=C sort
}

# The symbols file's NAME@VERSION entries, sorted
symbols_file() {
	awk '/^ / { print $1 }' "$TOP/debian/libzswapnl1.symbols" | LC_ALL=C sort
}

@test "the version script names exactly the functions the library exports" {
	local got
	got=$(exported | grep -v '^LIBZSWAPNL_' | sed 's/@.*//')
	[ -n "$got" ] || fail "nm found no exported function in $SO"
	run diff <(map_names) <(echo "$got")
	[ "$status" -eq 0 ] || fail "libzswapnl.map (<) and the exports (>) differ: $output"
}

@test "debian/libzswapnl1.symbols lists exactly the exported symbols, with their versions" {
	run diff <(symbols_file) <(exported)
	[ "$status" -eq 0 ] || fail "libzswapnl1.symbols (<) and the exports (>) differ: $output"
}

@test "zswapnl.h declares exactly the functions the library exports" {
	run diff <(header_names) <(exported | grep -v '^LIBZSWAPNL_' | sed 's/@.*//')
	[ "$status" -eq 0 ] || fail "zswapnl.h (<) and the exports (>) differ: $output"
}

@test "the library exports nothing but zswapnl_ calls and its version node" {
	run bash -c "nm -D --defined-only '$SO' | awk '{ print \$3 }' | grep -v -e '^zswapnl_' -e '^LIBZSWAPNL_'"
	assert_failure 1
	assert_output ''
}

# zswapnl_global_known() and zswapnl_memcg_known() are the one test of a
# known bit (a field past the enum is unknown, not a shift past 63): no
# part of zswapctl masks `known` itself or shifts a bit into it
@test "zswapctl tests a known bit only through zswapnl_global_known() and zswapnl_memcg_known()" {
	run grep -nE '\bknown *&($|[^&])|& *\(?(UINT64_C\(1\)|1ULL|1UL|\(uint64_t\) *1) *<<|<< *[a-z_>.-]*known_bit' \
		"$TOP"/zswapctl/*.c "$TOP"/zswapctl/*.h
	assert_failure 1
	assert_output ''
	# and they are used: the pattern above is not simply out of date
	run -0 grep -lE 'zswapnl_(global|memcg)_known\(' "$TOP"/zswapctl/*.c
	[ "${#lines[@]}" -ge 5 ] || fail "few users of the helpers: $output"
}
