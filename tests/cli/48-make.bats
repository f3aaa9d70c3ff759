#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0
# "make" builds the user-space programs only, as "make help" says, and does
# not need the 150 MB linux-source-6.12 tarball: YNL belongs to the test
# tools, which the targets that run the tests (check, vm, bench) build.
# Dry runs (make -n) into an empty build folder, with the tarball's path
# pointed at nothing: what make would need, nothing built.

load helpers

setup() {
	NOTAR=$BATS_TEST_TMPDIR/no/linux-source-6.12.tar.xz
	DRY=(make -n -C "$TOP" BUILD="$BATS_TEST_TMPDIR/build" YNL_TARBALL="$NOTAR")
}

@test "make and make all need no linux-source tarball, and build the tool and the library" {
	run -0 "${DRY[@]}"
	assert_output --partial "-o $BATS_TEST_TMPDIR/build/bin/zswapctl"
	assert_output --partial "libzswapnl.so"
	refute_output --partial ynl
	refute_output --partial "/tools/"
	run -0 "${DRY[@]}" all
	refute_output --partial ynl
}

@test "the targets that run the tests still need YNL, and build it" {
	local target
	for target in tools check check-host vm bench; do
		run -2 "${DRY[@]}" "$target"
		assert_output --partial "No rule to make target '$NOTAR', needed by '$BATS_TEST_TMPDIR/build/ynl/.stamp'"
	done
}

# The version is a make variable (make LIBZSWAPNL_VERSION=...): what holds
# it, zswapnl_version() in api.o and the .pc files, must follow its value,
# which no file's time stamp tells make about. Real builds of those files
# only, into a build folder of the test's own.
@test "a new LIBZSWAPNL_VERSION rebuilds api.o and the .pc files; the same one rebuilds nothing" {
	local b=$BATS_TEST_TMPDIR/build
	local api=$b/libzswapnl/api.o pc=$b/lib/pkgconfig/libzswapnl.pc
	local pcu=$b/lib/pkgconfig/libzswapnl-uninstalled.pc
	mkv() {
		env -u MAKEFLAGS -u MAKELEVEL -u MFLAGS make --no-print-directory -C "$TOP" \
			BUILD="$b" LIBZSWAPNL_VERSION="$1" "$api" "$pc" "$pcu"
	}
	run -0 mkv 1.0.0
	assert_output --partial "-o $api"
	grep -qaF 1.0.0 "$api" || fail "api.o lacks 1.0.0"
	run -0 mkv 1.0.0
	refute_output --partial "-o $api"
	refute_output --partial "> $pc"
	refute_output --partial "> $pcu"
	run -0 mkv 7.8.9
	assert_output --partial "-o $api"
	grep -qaF 7.8.9 "$api" || fail "api.o was rebuilt without 7.8.9"
	run -0 cat "$pc" "$pcu"
	assert_equal "$(grep -c '^Version: 7\.8\.9$' <<<"$output")" 2
}
