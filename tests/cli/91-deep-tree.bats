#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0
# What zswapctl prints about a cgroup tree that a user built to make it
# large: a delegated subtree (systemd delegates the memory controller to
# user@.service) of 400 levels, each name 253 bytes, in a recorded tree
# (the fallback reads it as it reads cgroupfs). Before the bound, export
# wrote 143 MB of it and cgroups 41 MB: a path is up to 100 KB and every
# cgroup's line held its whole path. The rule of zswapctl(8): a path
# longer than 1024 bytes is shown as its first and last names, and a tree
# is drawn at most 32 levels deep, so that every line is bounded and the
# output grows with the number of cgroups, not with the square of their
# depth. A listing keeps no path longer than 16 KiB (64 levels here), so
# that its memory grows with the number of cgroups too: the deeper ones
# are listed by id, without a path (before the bound, a listing of 3,000
# such levels held 1.1 GB). Sizes, not times, are asserted.

load helpers
load ../lib/prom

LEVELS=400

setup_file() {
	DEEP=$BATS_FILE_TMPDIR/deep
	export DEEP
	cp -r "$TOP/tests/data/sysroot-patched" "$DEEP"
	# A folder at a time: no path may be that long
	/usr/bin/python3 - "$DEEP/sys/fs/cgroup" "$LEVELS" <<'PY'
import os, sys
top, levels = sys.argv[1], int(sys.argv[2])
files = {f: open(os.path.join(top, "work", f), "rb").read()
         for f in ("cgroup.controllers", "memory.stat", "memory.zswap.current",
                   "memory.zswap.max")}
files["memory.zswap.writeback"] = b"1\n"
fd = os.open(top, os.O_RDONLY)
for i in range(levels):
    name = "%03d" % i + "x" * 250
    os.mkdir(name, dir_fd=fd)
    child = os.open(name, os.O_RDONLY, dir_fd=fd)
    os.close(fd)
    fd = child
    for f, data in files.items():
        out = os.open(f, os.O_WRONLY | os.O_CREAT, 0o644, dir_fd=fd)
        os.write(out, data)
        os.close(out)
PY
}

setup() {
	require_zswapctl
	OUT=$BATS_TEST_TMPDIR/out
	# The recorded tree's five, and the user's
	CGROUPS=$((5 + LEVELS))
	# The levels whose path a listing keeps: 254 bytes a level, 16 KiB
	NAMED=$((16384 / 254))
}

zd() { "$ZSWAPCTL" --sysroot "$DEEP" "$@"; }

# bounded FILE MAX_LINE MAX_LINES: no line of FILE is longer than MAX_LINE
# bytes, and it has at most MAX_LINES lines
bounded() {
	local longest lines
	longest=$(awk '{ if (length($0) > n) n = length($0) } END { print n + 0 }' "$1")
	lines=$(wc -l <"$1")
	[ "$longest" -le "$2" ] || fail "a line of $longest bytes in $1 (at most $2)"
	[ "$lines" -le "$3" ] || fail "$lines lines in $1 (at most $3)"
}

@test "export: every line within 1.2 KB, the series those of $((5 + LEVELS)) cgroups, promtool content" {
	LC_ALL=C zd export >"$OUT" || fail "export failed"
	# 18 cgroup series a cgroup, and the global part
	bounded "$OUT" 1200 $((CGROUPS * 18 + 200))
	promtool check metrics <"$OUT" || fail "promtool: $(promtool check metrics <"$OUT" 2>&1 | head -5)"
	# each cgroup has its series, the deep ones told apart by cgroup_id
	run -0 grep -c '^zswap_cgroup_stored_pages{' "$OUT"
	assert_output "$CGROUPS"
	run -0 bash -c "grep '^zswap_cgroup_stored_pages{' '$OUT' | grep -c 'cgroup_id=\"'"
	# depth 5 on: 5 names of 254 bytes are more than 1024
	assert_output $((LEVELS - 4))
	prom_structure "$(cat "$OUT")"
}

@test "cgroups, --tree, --raw, --json, --tree --json: every line bounded, a row a cgroup" {
	local args
	for args in "" "--tree" "--raw" "--raw --tree"; do
		# shellcheck disable=SC2086 # the options, split
		LC_ALL=C.UTF-8 zd cgroups $args >"$OUT" 2>/dev/null || fail "cgroups $args failed"
		# the path, 32 levels of tree drawing, the other columns; the
		# header, and the note on '-' under the table
		bounded "$OUT" 1600 $((CGROUPS + 2))
	done
	zd cgroups --json >"$OUT" || fail "cgroups --json failed"
	run -0 jq '[.cgroups[] | select(.path_shortened)] | length' "$OUT"
	assert_output $((NAMED - 4))
	run -0 jq '[.cgroups[] | select(.path == null)] | length' "$OUT"
	assert_output $((LEVELS - NAMED))
	run -0 jq '[.cgroups[].id] | unique | length' "$OUT"
	assert_output "$CGROUPS"
	run -0 jq '[.cgroups[].path | select(. != null) | utf8bytelength] | max' "$OUT"
	[ "$output" -le 1024 ] || fail "a path of $output bytes in JSON"
	# nested 32 levels, and what is deeper hangs from the 32nd by its
	# relative path: jq needs no more than that
	zd cgroups --tree --json >"$OUT" || fail "cgroups --tree --json failed"
	run -0 jq '[paths(type == "object") | length] | max' "$OUT"
	[ "$output" -le $((2 * 34)) ] || fail "JSON nested $output deep"
	run -0 jq '[.. | objects | select(has("id")) | .id] | length' "$OUT"
	assert_output "$CGROUPS"
}

@test "top -B: every line bounded, a row a cgroup, flat and as a tree" {
	local args
	for args in "" "--tree"; do
		# shellcheck disable=SC2086 # the options, split
		LC_ALL=C.UTF-8 COLUMNS=4000 zd top -B -c 1 $args >"$OUT" ||
			fail "top -B $args failed"
		bounded "$OUT" 4000 $((CGROUPS + 20))
		run -0 grep -c 'x\{200\}' "$OUT"
		assert_output "$NAMED"
	done
}

@test "a listing keeps no path over 16 KiB; one cgroup asked for by id or path comes with its path" {
	local deepest id
	zd cgroups --json=short >"$OUT" || fail "cgroups --json failed"
	# the deepest, which is the last of its chain, by the largest depth
	id=$(jq '[.cgroups[] | select(.path == null)] | last | .id' "$OUT")
	[ "$id" != null ] || fail "no cgroup without its path"
	run -0 zd cgroups --json=short "$id"
	assert_equal "$(jq -r '.cgroups[0] | "\(.path_shortened) \(.path | startswith("/000"))"' <<<"$output")" \
		"true true"
	# a path the walk builds a folder at a time
	deepest=$(cd "$DEEP/sys/fs/cgroup" && find . -mindepth $((NAMED + 1)) -maxdepth $((NAMED + 1)) -type d |
		head -n 1)
	run -0 zd cgroups --json=short "${deepest#.}"
	assert_equal "$(jq -r '.cgroups[0].path_shortened' <<<"$output")" true
}

# A comb: a chain with a folder beside each level. The walk keeps at most
# 32 folders open; a parent it closed was opened again from the root for
# each level it went back up through, some 85 opens a folder at 5,000
# levels (11.7 s). Now it is ".." of the child: the opens are counted, a
# figure that does not depend on how busy the machine is.
@test "a comb of 2,000 levels: the walk opens each folder a few times, not once a level above it" {
	command -v strace >/dev/null || fail "strace missing: run make deps"
	local comb=$BATS_TEST_TMPDIR/comb opens folders=4000
	cp -r "$TOP/tests/data/sysroot-patched" "$comb"
	/usr/bin/python3 - "$comb/sys/fs/cgroup" <<'PY'
import os, sys
fd = os.open(sys.argv[1], os.O_RDONLY)
for i in range(2000):
    os.mkdir("c", dir_fd=fd)
    os.mkdir("l", dir_fd=fd)
    child = os.open("c", os.O_RDONLY, dir_fd=fd)
    os.close(fd)
    fd = child
PY
	strace -f -c -U calls,name -e trace=openat,openat2 -o "$BATS_TEST_TMPDIR/strace" \
		"$ZSWAPCTL" --sysroot "$comb" cgroups >/dev/null 2>&1 || fail "cgroups failed"
	opens=$(awk '$NF == "total" { print $1 }' "$BATS_TEST_TMPDIR/strace")
	[ -n "$opens" ] || fail "no count: $(cat "$BATS_TEST_TMPDIR/strace")"
	[ "$opens" -le $((4 * folders)) ] || fail "$opens opens for $folders folders"
}
