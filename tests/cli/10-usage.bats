#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0
# zswapctl's command line: help, version, and every usage error as one
# line on stderr with exit status 1 (3 where zswap is missing).

load helpers

setup() {
	require_zswapctl
}

# The versions it must print come from the files that state them, not from
# zswapctl: the package's (debian/changelog, without the Debian revision),
# the library's (the .pc file make lib wrote) and the header's.
@test "--version names the program, the library loaded, the header and the JSON schema" {
	local deb pc major minor
	deb=$(sed -n '1s/^zswapctl (\(.*\)-[^-]*).*/\1/p' "$TOP/debian/changelog")
	pc=$(sed -n 's/^Version: //p' "$BUILD/lib/pkgconfig/libzswapnl.pc")
	major=$(sed -n 's/^#define ZSWAPNL_VERSION_MAJOR //p' "$TOP/libzswapnl/zswapnl.h")
	minor=$(sed -n 's/^#define ZSWAPNL_VERSION_MINOR //p' "$TOP/libzswapnl/zswapnl.h")
	[ -n "$deb" ] && [ -n "$pc" ] && [ -n "$major" ] && [ -n "$minor" ] ||
		fail "a version is missing: changelog '$deb', pc '$pc', header '$major.$minor'"
	assert_equal "$pc" "$deb"
	run -0 zc --version
	assert_output "zswapctl $deb (libzswapnl $pc, built with zswapnl.h $major.$minor; JSON schema 2)"
}

# A library of another version (built into a temporary tree) found first
# through LD_LIBRARY_PATH, ahead of zswapctl's RUNPATH
@test "--version reports the library loaded at run time, not the one built with" {
	local other=$BATS_TEST_TMPDIR/build
	env -u MAKEFLAGS -u MAKELEVEL -u MFLAGS make -s --no-print-directory -C "$TOP" \
		BUILD="$other" LIBZSWAPNL_VERSION=1.0.99 lib > "$other.log" 2>&1 ||
		fail "building the other library failed: $(cat "$other.log")"
	LD_LIBRARY_PATH=$other/lib run -0 "$ZSWAPCTL" --version
	assert_output --regexp '^zswapctl [^ ]+ \(libzswapnl 1\.0\.99, built with '
}

@test "--help lists every command and the global options" {
	run -0 zc --help
	local cmd
	for cmd in $(zc --list-commands); do
		assert_output --partial " $cmd"
	done
	assert_output --partial "--source"
	assert_output --partial "--sysroot"
}

@test "every command has --help, and -h is the same" {
	local cmd
	for cmd in $(zc --list-commands); do
		run -0 zc "$cmd" --help
		assert_output --regexp "^Usage:"
		local long=$output
		run -0 zc "$cmd" -h
		assert_equal "$output" "$long"
	done
}

@test "every help fits 80 columns" {
	local cmd line n=0
	for cmd in "" $(zc --list-commands); do
		# shellcheck disable=SC2086 # no command is the main help
		run -0 env LC_ALL=C.UTF-8 "$ZSWAPCTL" $cmd --help
		[ "${#lines[@]}" -gt 3 ] || fail "no help from '$cmd'"
		for line in "${lines[@]}"; do
			# ${#line} counts characters in a UTF-8 locale; no tab
			# may hide a width
			[[ $line != *$'\t'* ]] || fail "a tab in the help of '$cmd': $line"
			[ "$(LC_ALL=C.UTF-8 bash -c 'echo ${#1}' _ "$line")" -le 80 ] ||
				fail "wider than 80 columns in the help of '$cmd': $line"
			n=$((n + 1))
		done
	done
	# Every command's help and the main one: far more than a few lines
	[ "$n" -gt 100 ] || fail "only $n lines of help"
}

@test "no command means status" {
	run -0 zc_patched
	local plain=$output
	run -0 zc_patched status
	assert_equal "$plain" "$output"
}

@test "an unknown command is a usage error" {
	run -1 --separate-stderr zc frobnicate
	assert_one_line_error "unknown command 'frobnicate'"
}

@test "unknown, ambiguous and valued options are usage errors that say which, before and after the command" {
	run -1 --separate-stderr zc --frob status
	assert_one_line_error "unknown option '--frob'"
	run -1 --separate-stderr zc status --frob
	assert_one_line_error "unknown option '--frob'"
	run -1 --separate-stderr zc cgroups -q
	assert_one_line_error "unknown option '-q'"
	run -1 --separate-stderr zc status --bytes=yes
	assert_one_line_error "option '--bytes' takes no argument \\(see zswapctl status --help\\)$"
	# a prefix of two options names both; a prefix of one is that one
	run -1 --separate-stderr zc --s /
	assert_one_line_error "option '--s' is ambiguous: '--sysroot', '--source'$"
	run -1 --separate-stderr zc status --by=1
	assert_one_line_error "option '--by' takes no argument"
}

@test "an option without its argument is a usage error" {
	run -1 --separate-stderr zc cgroups --output
	assert_one_line_error "option '--output' needs an argument"
	run -1 --separate-stderr zc --sysroot
	assert_one_line_error "option '--sysroot' needs an argument"
}

@test "bad --source, --json and arguments are usage errors" {
	run -1 --separate-stderr zc --source magic status
	assert_one_line_error "invalid --source 'magic'"
	run -1 --separate-stderr zc_patched status --json=ugly
	assert_one_line_error "invalid --json style 'ugly'"
	run -1 --separate-stderr zc_patched status extra
	assert_one_line_error "status takes no arguments, got 'extra'"
	run -1 --separate-stderr zc_patched cgroups /work /outer
	assert_one_line_error "one cgroup at most"
}

@test "cgroups --output and --sort name their bad column" {
	run -1 --separate-stderr zc_patched cgroups --output PATH,NOPE
	assert_one_line_error "unknown column 'NOPE' in --output"
	run -1 --separate-stderr zc_patched cgroups --output ''
	assert_one_line_error "unknown column '' in --output"
	run -1 --separate-stderr zc_patched cgroups --sort NOPE
	assert_one_line_error "unknown column 'NOPE' for --sort"
}

@test "a bad cgroup argument is a usage error" {
	run -1 --separate-stderr zc_patched cgroups /a/../b
	assert_one_line_error "invalid cgroup '/a/../b'"
	run -1 --separate-stderr zc_patched cgroups 0
	assert_one_line_error "invalid cgroup '0'"
}

@test "set: unknown parameters and missing values are usage errors" {
	run -1 --separate-stderr zc_patched set
	assert_one_line_error "set needs a parameter and a value"
	run -1 --separate-stderr zc_patched set frobs 3
	assert_one_line_error "unknown parameter 'frobs'"
	run -1 --separate-stderr zc_patched set compressor
	assert_one_line_error "compressor needs a value"
	run -1 --separate-stderr zc_patched set compressor zstd compressor lz4
	assert_one_line_error "compressor given twice"
	run -1 --separate-stderr zc_patched set cgroup /work
	assert_one_line_error "usage: zswapctl set cgroup"
	run -1 --separate-stderr zc_patched set cgroup /work min 1G
	assert_one_line_error "a cgroup's zswap settings are max and writeback, not 'min': zswapctl set cgroup"
	# cgroup is a known word, in the wrong place
	run -1 --separate-stderr zc_patched set enabled on cgroup /work max 1G
	assert_one_line_error "set cgroup comes first and alone: zswapctl set cgroup"
}

@test "a root without /sys/module/zswap is 'not supported here': exit 3" {
	mkdir -p "$BATS_TEST_TMPDIR/empty/proc"
	local cmd
	for cmd in status cgroups; do
		run -3 --separate-stderr zc --sysroot "$BATS_TEST_TMPDIR/empty" "$cmd"
		assert_one_line_error "zswap is not available in this kernel"
	done
	run -3 --separate-stderr zc --sysroot "$BATS_TEST_TMPDIR/empty" set enabled on
	assert_one_line_error "zswap is not available"
}

@test "a --sysroot that is not there, or not a folder: exit 2 naming it, not 'no zswap'" {
	local cmd
	for cmd in status cgroups export; do
		run -2 --separate-stderr zc --sysroot "$BATS_TEST_TMPDIR/nowhere" "$cmd"
		assert_one_line_error "cannot use --sysroot $BATS_TEST_TMPDIR/nowhere: No such file or directory$"
	done
	touch "$BATS_TEST_TMPDIR/file"
	run -2 --separate-stderr zc --sysroot "$BATS_TEST_TMPDIR/file" set enabled on
	assert_one_line_error "cannot use --sysroot $BATS_TEST_TMPDIR/file: Not a directory$"
}

@test "--source netlink on a kernel without the family is exit 3" {
	if genl ctrl get name zswap >/dev/null 2>&1; then
		skip "this kernel has the zswap family"
	fi
	[ -d /sys/module/zswap ] || skip "no zswap on this machine"
	run -3 --separate-stderr zc --source netlink status
	assert_one_line_error "netlink"
}

@test "the hidden --list options print one name a line" {
	run -0 zc --list-commands
	assert_output "$(printf '%s\n' status cgroups memcg set apply monitor export top)"
	run -0 zc --list-columns
	# those of 1.6 in their order; a figure added later comes after them
	assert_equal "$(head -n 15 <<<"$output")" "$(printf '%s\n' PATH ID COMPRESSED STORED ZERO \
		RATIO ZSWPIN ZSWPOUT ZSWPWB MAX WRITEBACK REJ-MAX REJ-POOL REJ-INCOMP REJ-ALLOC)"
	run -0 zc --list-set-params
	assert_output "$(printf '%s\n' compressor zpool enabled max-pool-percent \
		accept-threshold-percent cgroup)"
}

@test "a write error on standard output is not a success" {
	[ -w /dev/full ] || skip "no /dev/full"
	run -2 --separate-stderr bash -c "'$ZSWAPCTL' --version > /dev/full"
	# the reason named, as util-linux's close_stdout() does
	assert_one_line_error "write error on standard output: No space left on device$"
}

@test "two outputs that exclude each other are a usage error, as in util-linux; agreeing ones are not" {
	run -1 --separate-stderr zc status --json --format prometheus
	assert_one_line_error "--json and --format prometheus are mutually exclusive$"
	run -1 --separate-stderr zc status --format=text --json=short
	assert_one_line_error "--json and --format text are mutually exclusive$"
	run -1 --separate-stderr zc cgroups --raw --json
	assert_one_line_error "--json and --raw are mutually exclusive$"
	run -0 zc --sysroot "$TOP/tests/data/sysroot-patched" status --json=short --format json
	assert_equal "$(jq -r .version <<<"$output")" 2
}
