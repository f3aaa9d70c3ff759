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
