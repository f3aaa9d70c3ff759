#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0
# --sysroot on a tree another user prepared (a recorded tree is meant to
# come from another machine): root reads and writes only the regular files
# in it. A parameter's file that is a link to a root-only file is neither
# shown nor overwritten, and a FIFO in its place does not hang the read.
# The trap is laid in a copy of the recorded patched tree owned by a plain
# user (nobody); zswapctl runs as root. timeout(1) only ends a run that
# would hang; nothing here asserts a time.

load helpers

setup() {
	require_zswapctl
	[ "$(id -u)" = 0 ] || fail "these tests run as root, against a plain user's tree"
	# below /tmp: the user cannot reach into bats' own 0700 folders
	TRAP=$(mktemp -d /tmp/zswapctl-sysroot.XXXXXX)
	chmod 0755 "$TRAP"
	ROOT=$TRAP/root
	cp -r "$TOP/tests/data/sysroot-patched" "$ROOT"
	PARAMS=$ROOT/sys/module/zswap/parameters
	SECRET=$BATS_TEST_TMPDIR/secret
	printf 'root-only\n' > "$SECRET"
	chmod 0600 "$SECRET"
	chown -R nobody: "$ROOT"
}

teardown() {
	rm -rf "$TRAP"
}

# as_nobody CMD...: the plain user's part
as_nobody() { setpriv --reuid=nobody --regid=nogroup --clear-groups -- "$@"; }

@test "--sysroot: a parameter's file that is a link to a root-only file is not read" {
	as_nobody rm "$PARAMS/compressor"
	as_nobody ln -s "$SECRET" "$PARAMS/compressor"
	run -0 --separate-stderr timeout 60 "$ZSWAPCTL" --sysroot "$ROOT" status
	refute_output --partial root-only
	assert_line --regexp '^compressor: +-$'
	[[ $stderr == *"parameters/compressor: Too many levels of symbolic links"* ]] ||
		fail "no word on the link: $stderr"
}

@test "--sysroot: set and apply do not write through a link, and say why" {
	as_nobody rm "$PARAMS/max_pool_percent"
	as_nobody ln -s "$SECRET" "$PARAMS/max_pool_percent"
	run -2 --separate-stderr timeout 60 "$ZSWAPCTL" --sysroot "$ROOT" set max-pool-percent 30
	[[ $stderr == *"max_pool_percent: Too many levels of symbolic links"*"nothing changed"* ]] ||
		fail "unexpected message: $stderr"
	printf 'max_pool_percent = 31\n' > "$BATS_TEST_TMPDIR/zswap.conf"
	run --separate-stderr timeout 60 "$ZSWAPCTL" --sysroot "$ROOT" apply "$BATS_TEST_TMPDIR/zswap.conf"
	[ "$status" -ne 0 ] || fail "apply wrote through the link: $output"
	[ "$status" -ne 124 ] || fail "apply hung"
	assert_equal "$(cat "$SECRET")" root-only
	assert_equal "$(stat -c %a "$SECRET")" 600
}

@test "--sysroot: a FIFO in a parameter's place does not hang status or set" {
	as_nobody rm "$PARAMS/compressor"
	as_nobody mkfifo "$PARAMS/compressor"
	run -0 --separate-stderr timeout 60 "$ZSWAPCTL" --sysroot "$ROOT" status
	assert_line --regexp '^compressor: +-$'
	run --separate-stderr timeout 60 "$ZSWAPCTL" --sysroot "$ROOT" set compressor zstd
	[ "$status" -ne 124 ] || fail "set hung on the FIFO"
	[ "$status" -ne 0 ] || fail "set wrote into a FIFO: $output"
	[ -p "$PARAMS/compressor" ] || fail "the FIFO was replaced"
}
