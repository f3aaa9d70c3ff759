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

# The ways zswapctl runs in the tests of a root that resolves nothing
# outside it: as it is, and where openat2(2) fails with ENOSYS (a kernel
# before 5.6, an older seccomp profile), where it walks a folder at a time
RUNNERS=("" "$BUILD/tests/cli/deny-netlink NO-OPENAT2")

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

# A root is a root: nothing under it resolves outside it, as in a chroot,
# whatever the user made of its folders (a link in place of a folder,
# an absolute link, "..") or of its mountinfo
@test "--sysroot: a folder on the way that is a link to a root-only folder is not followed" {
	local secretdir=$BATS_TEST_TMPDIR/secretdir
	mkdir -m 0700 "$secretdir"
	printf 'ROOT-ONLY-SECRET\n' > "$secretdir/compressor"
	printf '20\n' > "$secretdir/max_pool_percent"
	chmod 0600 "$secretdir"/*
	as_nobody mv "$PARAMS" "$PARAMS.real"
	as_nobody ln -s "$secretdir" "$PARAMS"
	local pre
	for pre in "${RUNNERS[@]}"; do
		run --separate-stderr timeout 60 $pre "$ZSWAPCTL" --sysroot "$ROOT" status
		[ "$status" -ne 124 ] || fail "status hung"
		refute_output --partial ROOT-ONLY-SECRET
		run --separate-stderr timeout 60 $pre "$ZSWAPCTL" --sysroot "$ROOT" \
			set max-pool-percent 30
		[ "$status" -ne 0 ] || fail "set wrote through the folder's link: $output"
		assert_equal "$(cat "$secretdir/max_pool_percent")" 20
		assert_equal "$(cat "$secretdir/compressor")" ROOT-ONLY-SECRET
	done
}

@test "--sysroot: a cgroup2 mount point of mountinfo that leaves the tree stays in it" {
	local victim=$BATS_TEST_TMPDIR/victimcg
	mkdir -p "$victim/x"
	cp "$ROOT/sys/fs/cgroup/cgroup.controllers" "$victim/"
	printf '0\n' > "$victim/x/memory.zswap.max"
	cp "$ROOT/sys/fs/cgroup/work/memory.stat" "$victim/x/"
	chmod 0600 "$victim/x/memory.zswap.max"
	# the mount point, as a user may write it in their own tree
	as_nobody sed -i "s| /sys/fs/cgroup | /../../../../../../../..$victim |" \
		"$ROOT/proc/self/mountinfo"
	grep -q "$victim" "$ROOT/proc/self/mountinfo" || fail "no trap in mountinfo"
	local pre
	for pre in "${RUNNERS[@]}"; do
		run --separate-stderr timeout 60 $pre "$ZSWAPCTL" --sysroot "$ROOT" \
			set cgroup /x max 1M
		[ "$status" -ne 124 ] || fail "set hung"
		assert_equal "$(cat "$victim/x/memory.zswap.max")" 0
		run --separate-stderr timeout 60 $pre "$ZSWAPCTL" --sysroot "$ROOT" cgroups /x
		[ "$status" -ne 0 ] || fail "listed a cgroup outside the tree: $output"
	done
}

@test "--sysroot: FIFOs and endless files in the kernel's release, modules.alias and mountinfo" {
	local rel=6.1.0-trap
	as_nobody mkdir -p "$ROOT/proc/sys/kernel"
	echo "$rel" | as_nobody tee "$ROOT/proc/sys/kernel/osrelease" >/dev/null
	# a compressor the tree does not have makes set look into modules.alias
	as_nobody mkdir -p "$ROOT/lib/modules/$rel"
	as_nobody ln -s /dev/zero "$ROOT/lib/modules/$rel/modules.alias"
	run --separate-stderr timeout 60 "$ZSWAPCTL" --sysroot "$ROOT" set compressor nosuchalg
	[ "$status" -ne 124 ] || fail "set read /dev/zero through a link, or hung"
	[ "$status" -ne 0 ] || fail "set took an unknown compressor"
	as_nobody rm "$ROOT/proc/sys/kernel/osrelease"
	as_nobody mkfifo "$ROOT/proc/sys/kernel/osrelease"
	run --separate-stderr timeout 60 "$ZSWAPCTL" --sysroot "$ROOT" set compressor nosuchalg
	[ "$status" -ne 124 ] || fail "set hung on a FIFO at osrelease"
	as_nobody rm "$ROOT/proc/self/mountinfo"
	as_nobody mkfifo "$ROOT/proc/self/mountinfo"
	run --separate-stderr timeout 60 "$ZSWAPCTL" --sysroot "$ROOT" cgroups /work
	[ "$status" -ne 124 ] || fail "cgroups hung on a FIFO at mountinfo"
}
