#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0
# zswapctl set against a copy of a recorded tree: what is valid lands in
# the files and is reported as old -> new; what is not is refused with one
# line and changes nothing at all.

load helpers

setup() {
	require_zswapctl
	ROOT=$(copy_root patched)
	snapshot
}

teardown() {
	[ -z "${SHARED:-}" ] || rm -rf "$SHARED"
}

zc_root() { "$ZSWAPCTL" --sysroot "$ROOT" "$@"; }
param() { cat "$ROOT/sys/module/zswap/parameters/$1"; }

# refused CODE REGEX ARGS...: zswapctl set ARGS fails with CODE and one
# line, and leaves the tree as it was
refused() {
	local code=$1 regex=$2
	shift 2
	snapshot
	run "-$code" --separate-stderr zc_root set "$@"
	assert_one_line_error "$regex"
	assert_unchanged
}

@test "set compressor writes the parameter and says what changed" {
	run -0 zc_root set compressor zstd
	assert_output "compressor: lzo -> zstd"
	assert_equal "$(param compressor)" zstd
	run -0 zc_root status --json
	assert_equal "$(jq -r .compressor <<<"$output")" zstd
}

@test "setting a parameter to its value says unchanged" {
	run -0 zc_root set compressor lzo
	assert_output "compressor: lzo (unchanged)"
}

@test "set compressor refuses a name the kernel does not have, and lists those it has" {
	refused 1 "unknown compressor 'foo' \\(available: .*lzo.*\\)$" compressor foo
	assert_output ""
}

@test "set enabled takes on, off, 1, 0, y and n" {
	local v
	for v in off on 0 1 n y OFF; do
		run -0 zc_root set enabled "$v"
	done
	assert_equal "$(param enabled)" N
	run -0 zc_root set enabled on
	assert_output "enabled: no -> yes"
	assert_equal "$(param enabled)" Y
	refused 1 "invalid enabled 'maybe' \\(expected on or off \\(1 or 0, y or n, yes or no, true or false\\)\\)" enabled maybe
}

@test "set max-pool-percent and accept-threshold-percent take 0 to 100" {
	run -0 zc_root set max-pool-percent 30
	assert_output "max-pool-percent: 20 -> 30"
	assert_equal "$(param max_pool_percent)" 30
	run -0 zc_root set accept_threshold_percent 80
	assert_output "accept-threshold-percent: 90 -> 80"
	assert_equal "$(param accept_threshold_percent)" 80
	run -0 zc_root set max-pool-percent 0
	run -0 zc_root set max-pool-percent 100
	assert_equal "$(param max_pool_percent)" 100
}

@test "out-of-range and malformed percentages change nothing" {
	refused 1 "max-pool-percent '101' out of range \\(expected a whole number from 0 to 100\\)" \
		max-pool-percent 101
	refused 1 "invalid max-pool-percent '-1'" max-pool-percent -1
	refused 1 "invalid accept-threshold-percent 'abc'" accept-threshold-percent abc
	refused 1 "invalid accept-threshold-percent '5.5'" accept-threshold-percent 5.5
	refused 1 "out of range" accept-threshold-percent 99999999999999999999999
}

@test "several parameters in one go; one bad value and none is set" {
	run -0 zc_root set compressor zstd max-pool-percent 25
	assert_line --index 0 "compressor: lzo -> zstd"
	assert_line --index 1 "max-pool-percent: 20 -> 25"
	assert_equal "$(param compressor) $(param max_pool_percent)" "zstd 25"
	refused 1 "out of range" compressor zstd max-pool-percent 200
}

@test "names too long for the kernel are refused before sending" {
	refused 1 "compressor '.*' out of range" compressor "$(printf 'x%.0s' {1..64})"
	refused 1 "zpool '.*' out of range" zpool "$(printf 'x%.0s' {1..32})"
}

@test "set cgroup PATH max SIZE writes memory.zswap.max in bytes" {
	local f=$ROOT/sys/fs/cgroup/outer/inner/memory.zswap.max
	run -0 zc_root set cgroup outer/inner max 64M
	assert_output "cgroup /outer/inner max: 8388608 (8 MiB) -> 67108864 (64 MiB)"
	assert_equal "$(cat "$f")" 67108864
	run -0 zc_root set cgroup /sys/fs/cgroup/outer/inner max 1GiB
	assert_equal "$(cat "$f")" 1073741824
	run -0 zc_root set cgroup /outer/inner max 4096
	assert_equal "$(cat "$f")" 4096
	run -0 zc_root set cgroup /outer/inner max max
	assert_output "cgroup /outer/inner max: 4096 (4 KiB) -> max"
	assert_equal "$(cat "$f")" max
}

@test "set cgroup by id" {
	local id
	run -0 zc_root cgroups --json
	id=$(jq -r '.cgroups[] | select(.path == "/outer") | .id' <<<"$output")
	[[ $id =~ ^[0-9]+$ ]] || fail "no id of /outer: $output"
	run -0 zc_root set cgroup "$id" max 2G
	assert_equal "$(cat "$ROOT/sys/fs/cgroup/outer/memory.zswap.max")" 2147483648
}

@test "bad sizes change nothing" {
	local size
	for size in 12Q 1.5 1.G -1 '' 1KBB ' 1M' 0x10 maximum 16E 99999999999999999999; do
		run -1 --separate-stderr zc_root set cgroup /outer max "$size"
		assert_one_line_error "(invalid size|size) '$size'.*(1.5G|out of range)"
	done
	assert_unchanged
}

@test "sizes as util-linux reads them: fractions, KiB and KB" {
	local f=$ROOT/sys/fs/cgroup/outer/memory.zswap.max size want
	# size bytes: written by hand, 1.5 * 2^30, 10 * 1000, 2^19, 1.5 * 10^6
	for size in 1.5G:1610612736 10KB:10000 0.5MiB:524288 1.5mb:1500000 64k:65536; do
		want=${size#*:}
		run -0 zc_root set cgroup /outer max "${size%%:*}"
		assert_equal "$(cat "$f")" "$want"
	done
}

@test "a cgroup that is not there, or the root, changes nothing" {
	refused 1 "no cgroup '/nope' under .*/sys/fs/cgroup" cgroup /nope max 1G
	refused 1 "no cgroup with id 4242424242" cgroup 4242424242 max 1G
	refused 1 "the root cgroup has no zswap.max" cgroup / max 1G
	refused 1 "has no memory controller" cgroup /flat/nomem max 1G
}

@test "without write access: a permission error, exit 2, nothing changes" {
	# A tree that user nobody can reach: the bats folders are private
	SHARED=$(mktemp -d /tmp/zswapctl-cli.XXXXXX)
	cp -r "$ROOT" "$SHARED/root"
	ROOT=$SHARED/root
	chmod -R a+rX "$SHARED"
	snapshot
	chmod a-w "$ROOT/sys/module/zswap/parameters/"* "$ROOT/sys/fs/cgroup/outer/memory.zswap.max"
	# root writes read-only files anyway: as_unprivileged tries as nobody
	run -2 --separate-stderr as_unprivileged "$ZSWAPCTL" --sysroot "$ROOT" set compressor zstd
	assert_one_line_error "permission denied: setting zswap parameters needs root"
	run -2 --separate-stderr as_unprivileged "$ZSWAPCTL" --sysroot "$ROOT" set cgroup /outer max 1G
	assert_one_line_error "permission denied: setting zswap.max of cgroup /outer needs root"
	chmod u+w "$ROOT/sys/module/zswap/parameters/"* "$ROOT/sys/fs/cgroup/outer/memory.zswap.max"
	assert_unchanged
}
