#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0
# The README's table of the kernel series has one row for each patch of
# kernel/series, in its order: a patch added without its row fails here.

bats_load_library bats-support
bats_load_library bats-assert

setup() {
	TOP=$(cd "$BATS_TEST_DIRNAME/../.." && pwd)
}

@test "README's series table has a row for each patch of kernel/series, in order" {
	local want got
	want=$(grep -v '^#' "$TOP/kernel/series" | sed 's/-.*//' | xargs)
	got=$(sed -n '/^| patch | what it does |$/,/^$/p' "$TOP/README.md" |
		sed -n 's/^| \([0-9]\{4\}\) |.*/\1/p' | xargs)
	[ -n "$got" ] || fail "no series table in README.md"
	assert_equal "$got" "$want"
}
