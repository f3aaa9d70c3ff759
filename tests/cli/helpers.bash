# SPDX-License-Identifier: GPL-2.0
# Helpers of the zswapctl host suites. They run on the development machine
# as they find it (any kernel, root or not, debugfs or not) and against the
# recorded trees of tests/data/, through --sysroot: nothing here writes to
# the machine's own zswap. Writes go to copies in $BATS_TEST_TMPDIR.

TOP=$(cd "$BATS_TEST_DIRNAME/../.." && pwd)
BUILD=${BUILD:-$TOP/build}
ZSWAPCTL=${ZSWAPCTL:-$BUILD/bin/zswapctl}
PATCHED=$TOP/tests/data/sysroot-patched
STOCK=$TOP/tests/data/sysroot-stock
# Not recorded: made from the stock tree by tests/unit/record/newer-sysroots
LINUX612=$TOP/tests/data/sysroot-6.12
LINUX618=$TOP/tests/data/sysroot-6.18
LINUX72=$TOP/tests/data/sysroot-7.2

bats_require_minimum_version 1.5.0
bats_load_library bats-support
bats_load_library bats-assert
# require_tool, valgrind_run
load ../lib/tools

require_zswapctl() {
	[ -x "$ZSWAPCTL" ] || fail "no $ZSWAPCTL: run 'make zswapctl' first"
}

zc() { "$ZSWAPCTL" "$@"; }

# zc_patched ARGS...: zswapctl reading the recorded tree of the patched kernel
zc_patched() { "$ZSWAPCTL" --sysroot "$PATCHED" "$@"; }
zc_stock() { "$ZSWAPCTL" --sysroot "$STOCK" "$@"; }

# copy_root FLAVOUR: a writable copy of a recorded tree; prints its path
copy_root() {
	local root=$BATS_TEST_TMPDIR/root-$1
	rm -rf "$root"
	cp -r "$TOP/tests/data/sysroot-$1" "$root"
	echo "$root"
}

# snapshot; ...; assert_unchanged: nothing in the tree $ROOT changed in
# between
snapshot() {
	rm -rf "$BATS_TEST_TMPDIR/before"
	cp -r "$ROOT" "$BATS_TEST_TMPDIR/before"
}

assert_unchanged() {
	diff -r "$BATS_TEST_TMPDIR/before" "$ROOT" || fail "the tree changed"
}

# shared_root FLAVOUR: a copy of a recorded tree that user nobody may read
# (as_unprivileged), in a folder of its own below /tmp, since the bats
# folders are private; prints its path. shared_root_remove removes it.
shared_root() {
	local dir
	dir=$(mktemp -d /tmp/zswapctl-shared.XXXXXX) || return
	cp -r "$TOP/tests/data/sysroot-$1" "$dir/root" && chmod -R a+rX "$dir" || return
	echo "$dir/root"
}

shared_root_remove() {
	if [[ ${1:-} == /tmp/zswapctl-shared.*/root ]]; then
		rm -rf "${1%/root}"
	fi
}

# A docker container's scope: a 91-character path, as systemd names one
DOCKER_SCOPE=/system.slice/docker-$(printf '0123456789abcdef%.0s' 1 2 3 4).scope

# docker_root: a copy of the patched tree with $DOCKER_SCOPE, a memcg with
# the figures of /work; prints its path
docker_root() {
	local root cg
	root=$(copy_root patched)
	cg=$root/sys/fs/cgroup
	mkdir -p "$cg$DOCKER_SCOPE"
	cp "$cg/work"/{cgroup.controllers,memory.stat,memory.zswap.current,memory.zswap.max} \
		"$cg$DOCKER_SCOPE/"
	echo "$root"
}

# assert_one_line_error REGEX: what bats `run --separate-stderr` left is
# exactly one line on stderr, "zswapctl: ..." matching REGEX, and no output.
assert_one_line_error() {
	[ "${#stderr_lines[@]}" -eq 1 ] ||
		fail "expected one line on stderr, got ${#stderr_lines[@]}: $stderr"
	[[ ${stderr_lines[0]} =~ ^zswapctl:\ .*$1 ]] ||
		fail "stderr '${stderr_lines[0]}' does not match 'zswapctl: .*$1'"
	[ -z "$output" ] || fail "expected no output, got: $output"
}

# The keys of "zswapctl status --json", as zswapctl(8) documents them
STATUS_KEYS=(version source enabled compressor zpool max_pool_percent accept_threshold_percent
	     page_size pool_total_size pool_limit_bytes pool_limit_hit stored_pages zero_pages
	     stored_incompressible_pages reject_reclaim_fail reject_alloc_fail
	     reject_kmemcache_fail reject_compress_poor reject_compress_fail decompress_fail
	     duplicate_entry written_back_pages zswpin zswpout zswpwb pool_ratio)

# The keys of each object of "zswapctl cgroups --json": every column's of
# 1.6, in their order; a figure added later comes after them
CGROUP_KEYS=(path id compressed_bytes stored_pages zero_pages compression_ratio zswpin
	     zswpout zswpwb zswap_max zswap_unlimited writeback writeback_effective reject_zswap_max
	     reject_pool_limit reject_incompressible reject_alloc_fail)

# as_unprivileged CMD...: CMD as user nobody when the suite runs as root,
# who may read and write anywhere, so that a permission check runs either
# way; as the user itself otherwise. Whatever nobody must reach (the tool,
# the tree) has to be outside the private bats folders.
as_unprivileged() {
	if [ "$(id -u)" = 0 ]; then
		require_tool setpriv
		setpriv --reuid=65534 --regid=65534 --clear-groups "$@"
	else
		"$@"
	fi
}

# frozen FILE CMD...: CMD, its exit status and output, with FILE
# bind-mounted on itself read-only in a mount namespace of CMD's own: a
# file whose write the kernel refuses even to root (EROFS at open(2)), who
# writes any file whatever its mode. zswapctl follows no link to a file of
# its sysroot, so a link to something that refuses will not do.
frozen() {
	local file=$1
	shift
	unshare -m -- sh -c 'mount --make-rprivate / && mount --bind "$1" "$1" &&
		mount -o remount,bind,ro "$1" && shift && exec "$@"' sh "$file" "$@"
}

# modules RELEASE ALIAS... : the kernel of the tree $ROOT is RELEASE, with
# modules (modules.alias) for the aliases that come before "--" and
# built-in ones (modules.builtin.modinfo) for those after it
modules() {
	local release=$1 dir alias builtin=
	shift
	mkdir -p "$ROOT/proc/sys/kernel"
	echo "$release" > "$ROOT/proc/sys/kernel/osrelease"
	dir=$ROOT/lib/modules/$release
	mkdir -p "$dir"
	: > "$dir/modules.alias"
	: > "$dir/modules.builtin.modinfo"
	for alias; do
		if [ "$alias" = -- ]; then
			builtin=1
		elif [ -n "$builtin" ]; then
			printf '%s.alias=%s\0%s.license=GPL\0' "${alias#*-}" "$alias" "${alias#*-}" \
				>> "$dir/modules.builtin.modinfo"
		else
			printf 'alias %s %s\n' "$alias" "${alias#*-}" >> "$dir/modules.alias"
		fi
	done
}
