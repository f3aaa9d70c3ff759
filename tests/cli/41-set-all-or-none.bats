#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0
# zswapctl set with several parameters is all or none with the fallback
# too, as zswapctl(8) promises: a write that fails sets back those before
# it, and the error line says what is in force; the names the kernel does
# not have (compressor, zpool, as its modules say) and a parameter it does
# not have (zpool on Linux 6.18) are refused before anything is written.
#
# Every test here works on a FAKE SYSROOT: a copy of the recorded patched
# tree. Tests run as root, who writes any file whatever its mode, so the
# file that refuses its write is one the kernel refuses root too (frozen,
# helpers.bash).

load helpers

setup() {
	require_zswapctl
	require_tool python3
	ROOT=$(copy_root patched)
	PARAMS=$ROOT/sys/module/zswap/parameters
}

zc_root() { "$ZSWAPCTL" --sysroot "$ROOT" "$@"; }

# params: the five parameter files, one line
params() {
	local f
	for f in compressor zpool enabled max_pool_percent accept_threshold_percent; do
		printf '%s=%s ' "$f" "$(cat "$PARAMS/$f")"
	done
}

@test "fake sysroot: the third write fails, the first two are set back, and the line says so" {
	local before
	before=$(params)
	run -2 --separate-stderr frozen "$PARAMS/max_pool_percent" \
		"$ZSWAPCTL" --sysroot "$ROOT" set compressor zstd zpool zsmalloc max-pool-percent 33
	assert_one_line_error "setting zswap parameters: cannot write $PARAMS/max_pool_percent: Read-only file system; set back: zpool, compressor \\(attribute max-pool-percent\\); nothing changed, in force: compressor lzo, zpool zbud, max-pool-percent 20$"
	# the errno text once, not again in brackets
	[[ $stderr != *"(Read-only file system"* ]] || fail "errno text twice: $stderr"
	assert_equal "$(params)" "$before"
}

@test "fake sysroot: the order of the command line does not matter, the kernel's does" {
	local before
	before=$(params)
	run -2 --separate-stderr frozen "$PARAMS/max_pool_percent" \
		"$ZSWAPCTL" --sysroot "$ROOT" set accept-threshold-percent 50 max-pool-percent 33 \
		enabled off compressor zstd
	# accept_threshold_percent comes after max_pool_percent: never written
	assert_one_line_error "set back: enabled, compressor .*nothing changed, in force: accept-threshold-percent 90, max-pool-percent 20, enabled yes, compressor lzo$"
	assert_equal "$(params)" "$before"
}

@test "fake sysroot: the first write fails, nothing else is tried" {
	local before
	before=$(params)
	run -2 --separate-stderr frozen "$PARAMS/compressor" \
		"$ZSWAPCTL" --sysroot "$ROOT" set compressor zstd max-pool-percent 33
	assert_one_line_error "cannot write $PARAMS/compressor: Read-only file system \\(attribute compressor\\); nothing changed, in force: compressor lzo, max-pool-percent 20$"
	[[ $stderr != *"set back"* ]] || fail "set back what was not written: $stderr"
	assert_equal "$(params)" "$before"
}

@test "fake sysroot of a kernel without zpool (6.18): set zpool exits 3, nothing written" {
	local before
	rm "$PARAMS/zpool"
	before=$(params 2>/dev/null)
	run -3 --separate-stderr zc_root set compressor zstd zpool zsmalloc max-pool-percent 33
	# the reason, not the file: and no zpool "in force" on a kernel that has none
	assert_one_line_error "setting zswap parameters: this kernel has no zpool layer \\(Linux 6.18 and later\\) \\(Operation not supported; attribute zpool\\); nothing changed, in force: compressor lzo, max-pool-percent 20$"
	assert_equal "$(params 2>/dev/null)" "$before"
	run -0 zc_root set compressor zstd
	assert_output "compressor: lzo -> zstd"
}

@test "fake sysroot: a zpool the kernel's modules do not have is refused, with those they have" {
	local before
	modules 6.1.192+ crypto-842 zpool-z3fold -- zpool-zsmalloc zpool-zbud
	before=$(params)
	run -1 --separate-stderr zc_root set compressor zstd zpool zpoolx
	assert_one_line_error "unknown zpool 'zpoolx' \\(available: z3fold, zsmalloc, zbud\\)$"
	assert_equal "$(params)" "$before"
	# a loadable one and a built-in one are taken
	run -0 zc_root set zpool z3fold
	assert_output "zpool: zbud -> z3fold"
	run -0 zc_root set zpool zsmalloc
	# and a compressor that is a module, not loaded yet (not in /proc/crypto)
	run -0 zc_root set compressor 842
	assert_output "compressor: lzo -> 842"
	run -1 --separate-stderr zc_root set compressor 843
	assert_one_line_error "unknown compressor '843' \\(available: .*lzo.*\\)$"
}

@test "fake sysroot: where the modules cannot say, the zpool is the kernel's to judge" {
	# no osrelease: the tree's modules are not known
	run -0 zc_root set zpool zpoolx
	assert_output "zpool: zbud -> zpoolx"
	# a kernel older than 5.2, without modules.builtin.modinfo: no whole
	# list of zpools, but a compressor module is still found
	modules 6.1.192+ zpool-zbud crypto-842
	rm "$ROOT/lib/modules/6.1.192+/modules.builtin.modinfo"
	run -0 zc_root set zpool zpooly
	run -0 zc_root set compressor 842
	run -1 --separate-stderr zc_root set compressor 843
	assert_one_line_error "unknown compressor '843'"
}

@test "valgrind: a set that fails and sets back, and one refused before writing, leak nothing" {
	frozen "$PARAMS/max_pool_percent" "${VALGRIND_MEMCHECK[@]}" "$ZSWAPCTL" --sysroot "$ROOT" \
		set compressor zstd zpool zsmalloc max-pool-percent 33 2> "$BATS_TEST_TMPDIR/err" ||
		status=$?
	[ "${status:-0}" = 2 ] || fail "exit ${status:-0}, not 2: $(cat "$BATS_TEST_TMPDIR/err")"
	grep -q 'set back: zpool, compressor' "$BATS_TEST_TMPDIR/err" || fail "$(cat "$BATS_TEST_TMPDIR/err")"
	modules 6.1.192+ zpool-zbud -- zpool-zsmalloc
	valgrind_run 1 "$ZSWAPCTL" --sysroot "$ROOT" set zpool nope
	rm "$PARAMS/zpool"
	valgrind_run 3 "$ZSWAPCTL" --sysroot "$ROOT" set zpool zsmalloc
}
