#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0
# Host-side checks of the harness pieces that need no guest: the splat
# scanner on recorded log lines, the TAP summary, the kernel series files.

bats_load_library bats-support
bats_load_library bats-assert

setup() {
	TOP=$(cd "$BATS_TEST_DIRNAME/../.." && pwd)
}

@test "splat-scan flags a kernel WARNING line and names the file" {
	printf '[    1.000000] ok\n[    2.000001] WARNING: CPU: 0 PID: 1 at mm/zswap.c:99 f+0x1/0x2\n' \
		> "$BATS_TEST_TMPDIR/log"
	run "$TOP/tests/vm/splat-scan" "$BATS_TEST_TMPDIR/log"
	assert_failure 1
	assert_output --partial "log:2:"
	assert_output --partial "mm/zswap.c:99"
}

@test "splat-scan flags KASAN, lockdep, BUG and Oops lines" {
	local line
	for line in "BUG: KASAN: slab-use-after-free in zswap_load+0x1" \
		    "WARNING: possible circular locking dependency detected" \
		    "BUG: sleeping function called from invalid context" \
		    "Oops: 0000 [#1] SMP" "Kernel panic - not syncing: oops"; do
		printf '[   12.345678] %s\r\n' "$line" > "$BATS_TEST_TMPDIR/log"
		run "$TOP/tests/vm/splat-scan" "$BATS_TEST_TMPDIR/log"
		assert_failure 1
	done
}

@test "splat-scan passes a clean log and ignores words a test printed" {
	printf '[    1.000000] zswap: loaded using pool lzo/zbud\nWARNING: printed by a test\n' \
		> "$BATS_TEST_TMPDIR/log"
	run "$TOP/tests/vm/splat-scan" "$BATS_TEST_TMPDIR/log"
	assert_success
	assert_output ""
}

@test "tap-summary counts passed, failed and skipped tests" {
	printf '1..3\nok 1 a\nnot ok 2 b\nok 3 c # skip why\n' > "$BATS_TEST_TMPDIR/t.tap"
	run "$TOP/tests/lib/tap-summary" "$BATS_TEST_TMPDIR/t.tap"
	assert_failure 1
	assert_line "  FAILED: 2 b"
	assert_line "1 passed, 1 failed, 1 skipped"
}

@test "tap-summary fails when no test ran" {
	printf '1..0\n' > "$BATS_TEST_TMPDIR/t.tap"
	run "$TOP/tests/lib/tap-summary" "$BATS_TEST_TMPDIR/t.tap"
	assert_failure 1
	assert_output "0 passed, 0 failed"
}

@test "kernel/series and kernel/patches name the same files" {
	local listed present
	listed=$(sed -e 's/#.*//' -e '/^[[:space:]]*$/d' "$TOP/kernel/series" | sort)
	present=$(ls -1 "$TOP/kernel/patches" 2>/dev/null | grep '\.patch$' | sort)
	assert_equal "$listed" "$present"
}

@test "kernel build script refuses an unknown flavour" {
	run "$TOP/kernel/scripts/build.sh" fancy
	assert_failure
	assert_output --partial "unknown flavour 'fancy'"
}
