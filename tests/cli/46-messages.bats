#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0
# Messages and exit codes that say what happened: a cgroup without the
# memory controller is not "not found", by path or by id; a path that is a
# file is a usage error (1), as zswapctl(8) says; a file write that fails
# gives its errno text once. The trees are copies of the recorded patched
# tree, whose /flat/nomem is a cgroup without the memory controller.

load helpers

setup() {
	require_zswapctl
	ROOT=$(copy_root patched)
	CG=$ROOT/sys/fs/cgroup
}

zc_root() { "$ZSWAPCTL" --sysroot "$ROOT" "$@"; }

# The id of the cgroup folder $1 of the copy: its inode number
id_of() { stat -c %i "$CG$1"; }

@test "a cgroup without the memory controller: 'has no memory controller', exit 1" {
	local id msg="has no memory controller: its parent does not enable \"memory\" in cgroup.subtree_control$"
	id=$(id_of /flat/nomem)
	run -1 --separate-stderr zc_root cgroups /flat/nomem
	assert_one_line_error "cgroup '/flat/nomem' $msg"
	run -1 --separate-stderr zc_root cgroups "$id"
	assert_one_line_error "cgroup $id $msg"
	run -1 --separate-stderr zc_root cgroups --tree "$id"
	assert_one_line_error "cgroup $id $msg"
	run -1 --separate-stderr zc_root cgroups --tree /flat/nomem
	assert_one_line_error "cgroup '/flat/nomem' $msg"
	run -1 --separate-stderr zc_root set cgroup "$id" max 1G
	assert_one_line_error "cgroup $id $msg"
	# and a cgroup that is not there is still that
	run -1 --separate-stderr zc_root cgroups 4242424242
	assert_one_line_error "no cgroup with id 4242424242$"
}

@test "a path that is a file, or goes through one: a usage error, exit 1" {
	local path
	for path in /outer/memory.stat outer/memory.stat/x /sys/fs/cgroup/work/memory.zswap.max; do
		run -1 --separate-stderr zc_root cgroups "$path"
		assert_one_line_error "is not a cgroup: a file, not a folder, under $CG$"
		run -1 --separate-stderr zc_root set cgroup "$path" max 1G
		assert_one_line_error "is not a cgroup"
	done
	run -1 --separate-stderr zc_root cgroups /outer/memory.stat
	assert_one_line_error "'/outer/memory.stat' is not a cgroup"
}

@test "a write that fails gives its errno text once" {
	rm "$CG/outer/memory.zswap.max"
	mkdir "$CG/outer/memory.zswap.max"
	run -2 --separate-stderr zc_root set cgroup /outer max 1G
	assert_one_line_error "cannot write .*/outer/memory.zswap.max: Is a directory \\(attribute zswap-max\\)$"
	[ "$(grep -o 'Is a directory' <<<"$stderr" | wc -l)" = 1 ] || fail "twice: $stderr"
	rm "$ROOT/sys/module/zswap/parameters/enabled"
	mkdir "$ROOT/sys/module/zswap/parameters/enabled"
	run -2 --separate-stderr zc_root set enabled off
	assert_one_line_error "cannot read .*/parameters/enabled: Is a directory \\(attribute enabled\\); nothing changed, in force: enabled -$"
	[ "$(grep -o 'Is a directory' <<<"$stderr" | wc -l)" = 1 ] || fail "twice: $stderr"
}

@test "valgrind: the messages of a cgroup without memory, of a file, leak nothing" {
	valgrind_run 1 "$ZSWAPCTL" --sysroot "$ROOT" cgroups "$(id_of /flat/nomem)"
	valgrind_run 1 "$ZSWAPCTL" --sysroot "$ROOT" cgroups --tree /flat/nomem
	valgrind_run 1 "$ZSWAPCTL" --sysroot "$ROOT" set cgroup /outer/memory.stat max 1G
}
