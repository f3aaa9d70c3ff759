#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0
# zswapctl export and status --format=prometheus against the recorded trees
# of a patched and a stock kernel: promtool finds nothing to say, every
# value is the one in the tree's files (debugfs, module parameters,
# /proc/vmstat, /proc/meminfo, memory.* of each cgroup; tests/lib/prom.bash),
# and --output-file replaces its file whole or leaves everything as it was.

load helpers
load ../lib/prom

setup() {
	require_zswapctl
	command -v promtool >/dev/null || fail "no promtool (Debian package prometheus)"
}

@test "export passes promtool check metrics, lint included, on both trees" {
	local root
	for root in "$PATCHED" "$STOCK"; do
		run -0 --separate-stderr zc --sysroot "$root" export
		[ -z "$stderr" ] || fail "stderr: $stderr"
		prom_lint "$output"
		prom_structure "$output"
	done
}

@test "every metric, global and of each cgroup, is the value of its file in the tree" {
	local root
	for root in "$PATCHED" "$STOCK"; do
		run -0 zc --sysroot "$root" export
		prom_check_files "$output" "$root" fallback
	done
	# The stock kernel counts no zero pages: absent, not 0
	run -0 zc_stock export
	refute_line --regexp '^zswap_zero_pages'
	assert_line 'zswap_source{source="fallback"} 1'
	# Not its same_filled_pages, nor the root cgroup's zswpin
	run -0 zc_patched export
	assert_line "zswap_zero_pages $(cat "$PATCHED/sys/kernel/debug/zswap/zero_pages")"
	# Nor what the node exporter has from /proc/meminfo and /proc/vmstat
	# (tests/cli/83-node-exporter.bats)
	refute_line --regexp '^zswap_(pool_bytes|stored_pages|zswp(in|out|wb)_pages_total) '
}

@test "the cgroup metrics: no limit is +Inf, the root has no memory.zswap.* sample" {
	local text
	run -0 zc_patched export
	text=$output
	assert_series "$text" 'zswap_cgroup_max_bytes{cgroup="/work"}' +Inf
	assert_series "$text" 'zswap_cgroup_max_bytes{cgroup="/outer/inner"}' \
		"$(cat "$PATCHED/sys/fs/cgroup/outer/inner/memory.zswap.max")"
	# The root cgroup has no memory.zswap.* files: no sample
	assert_series "$text" 'zswap_cgroup_max_bytes{cgroup="/"}' ""
	assert_series "$text" 'zswap_cgroup_compressed_bytes{cgroup="/"}' ""
}

@test "status --format=prometheus is export --no-cgroups; --format=json is --json" {
	# Each command on its own, so that its exit status counts
	local prom want
	run -0 zc_patched status --format=prometheus
	prom=$output
	run -0 zc_patched export --no-cgroups
	assert_output "$prom"
	! grep -q zswap_cgroup_ <<<"$prom" || fail "cgroup metrics in status"
	prom_lint "$prom"
	run -0 zc_patched status --json
	want=$output
	run -0 zc_patched status --format=json
	assert_output "$want"
	run -0 zc_patched status
	want=$output
	run -0 zc_patched status --format text
	assert_output "$want"
	# The global part of export is the same
	run -0 zc_patched export
	assert_equal "$(grep -v 'zswap_cgroup_\|zswap_cgroups_source' <<<"$output")" "$prom"
}

@test "counters above 2^53 come out digit for digit" {
	local root
	root=$(copy_root patched)
	echo 18446744073709551615 > "$root/sys/kernel/debug/zswap/zero_pages"
	echo 9007199254740993 > "$root/sys/kernel/debug/zswap/written_back_pages"
	sed -i 's/^zswpout .*/zswpout 18446744073709551614/' "$root/sys/fs/cgroup/work/memory.stat"
	echo 9007199254740993 > "$root/sys/fs/cgroup/outer/inner/memory.zswap.max"
	run -0 zc --sysroot "$root" export
	prom_lint "$output"
	assert_line 'zswap_zero_pages 18446744073709551615'
	assert_line 'zswap_written_back_pages_total 9007199254740993'
	assert_line 'zswap_cgroup_zswpout_pages_total{cgroup="/work"} 18446744073709551614'
	assert_line 'zswap_cgroup_max_bytes{cgroup="/outer/inner"} 9007199254740993'
}

# mkcgroup ROOT NAME: a cgroup folder the fallback lists, with /flat's files
mkcgroup() {
	mkdir "$1/sys/fs/cgroup/$2"
	cp "$1"/sys/fs/cgroup/flat/{cgroup.controllers,memory.stat,memory.zswap.current} \
		"$1/sys/fs/cgroup/$2/"
	echo max > "$1/sys/fs/cgroup/$2/memory.zswap.max"
}

@test "cgroup paths are escaped: backslash, double quote, newline, bytes that are not UTF-8" {
	local root
	root=$(copy_root patched)
	mkcgroup "$root" 'say "hi"'
	mkcgroup "$root" 'back\slash'
	mkcgroup "$root" $'two\nlines'
	mkcgroup "$root" $'latin1 caf\xe9'
	mkcgroup "$root" $'utf8 caf\xc3\xa9'
	run -0 zc --sysroot "$root" export
	prom_lint "$output"
	prom_structure "$output"
	assert_line 'zswap_cgroup_max_bytes{cgroup="/say \"hi\""} +Inf'
	assert_line 'zswap_cgroup_max_bytes{cgroup="/back\\slash"} +Inf'
	assert_line 'zswap_cgroup_max_bytes{cgroup="/two\nlines"} +Inf'
	assert_line 'zswap_cgroup_max_bytes{cgroup="/latin1 caf\\xe9",cgroup_hex="2f6c6174696e3120636166e9"} +Inf'
	assert_line $'zswap_cgroup_max_bytes{cgroup="/utf8 caf\xc3\xa9"} +Inf'
	# One sample a cgroup and metric: the newline did not split a line
	assert_equal "$(grep -c '^zswap_cgroup_max_bytes' <<<"$output")" 9
}

@test "without debugfs its counters are left out, the parameters stay" {
	local root
	root=$(copy_root patched)
	rm -rf "$root/sys/kernel/debug"
	run -0 zc --sysroot "$root" export
	prom_lint "$output"
	prom_check_files "$output" "$root" fallback
	refute_line --regexp '^zswap_zero_pages '
	refute_line --regexp '^zswap_(pool_limit_hit|written_back_pages)_total '
	# meminfo's Zswap and Zswapped are the node exporter's
	refute_line --regexp '^zswap_(pool_bytes|stored_pages) '
	assert_line 'zswap_info{compressor="lzo",zpool="zbud"} 1'
	assert_line 'zswap_max_pool_percent 20'
}

@test "--output-file replaces the file whole: mode 0644, same text, no temporary file left" {
	local dir=$BATS_TEST_TMPDIR/textfile inode
	mkdir "$dir"
	echo stale > "$dir/zswap.prom"
	chmod 600 "$dir/zswap.prom"
	inode=$(stat -c %i "$dir/zswap.prom")
	run -0 --separate-stderr zc_patched export --output-file "$dir/zswap.prom"
	assert_output ""
	[ -z "$stderr" ] || fail "stderr: $stderr"
	assert_equal "$(cat "$dir/zswap.prom")" "$(zc_patched export)"
	assert_equal "$(stat -c %a "$dir/zswap.prom")" 644
	assert_equal "$(ls -A "$dir")" zswap.prom
	# Renamed over, not written in place: a reader never sees half a file
	[ "$(stat -c %i "$dir/zswap.prom")" != "$inode" ] || fail "the file was written in place"
	# A relative name, and -o, under a restrictive umask
	(cd "$dir" && umask 077 && "$ZSWAPCTL" --sysroot "$STOCK" export --output-file new.prom) ||
		fail "export --output-file new.prom failed"
	assert_equal "$(cat "$dir/new.prom")" "$(zc_stock export)"
	assert_equal "$(stat -c %a "$dir/new.prom")" 644
	assert_equal "$(ls -A "$dir" | sort)" "$(printf '%s\n' new.prom zswap.prom)"
}

teardown() {
	[ -z "${RO_DIR:-}" ] || { chmod 755 "$RO_DIR"; rm -rf "$RO_DIR"; }
	true
}

@test "--output-file into a folder that cannot be written: exit 2, one line, nothing left" {
	# Below /tmp, not $BATS_TEST_TMPDIR: user nobody must reach the folder
	RO_DIR=$(mktemp -d /tmp/zswapctl-export.XXXXXX)
	echo old > "$RO_DIR/zswap.prom"
	chmod 555 "$RO_DIR"
	as_unprivileged test -x "$ZSWAPCTL" ||
		fail "user nobody cannot run $ZSWAPCTL: the permission check cannot run"
	run -2 --separate-stderr as_unprivileged "$ZSWAPCTL" --sysroot "$PATCHED" export \
		--output-file "$RO_DIR/zswap.prom"
	assert_one_line_error "cannot create a file in $RO_DIR: Permission denied"
	assert_equal "$(ls -A "$RO_DIR")" zswap.prom
	assert_equal "$(cat "$RO_DIR/zswap.prom")" old

	run -2 --separate-stderr zc_patched export --output-file "$BATS_TEST_TMPDIR/nope/zswap.prom"
	assert_one_line_error "cannot write $BATS_TEST_TMPDIR/nope/zswap.prom: $BATS_TEST_TMPDIR/nope: No such file or directory$"
}

@test "--output-file onto a folder: exit 2 and the temporary file removed; a name is needed" {
	local dir=$BATS_TEST_TMPDIR/out
	mkdir -p "$dir/taken"
	run -2 --separate-stderr zc_patched export --output-file "$dir/taken"
	assert_one_line_error "cannot write $dir/taken: a folder$"
	assert_equal "$(ls -A "$dir")" taken
	run -1 --separate-stderr zc_patched export --output-file "$dir/"
	assert_one_line_error "--output-file needs a file name"
	assert_equal "$(ls -A "$dir")" taken
}

@test "export --help, bad options and arguments: the documented exit status" {
	run -0 zc export --help
	assert_line --partial -- '--output-file <file>'
	assert_line --partial -- '--no-cgroups'
	run -1 --separate-stderr zc_patched export extra
	assert_one_line_error "export takes no arguments, got 'extra'"
	run -1 --separate-stderr zc_patched export --frob
	assert_one_line_error "unknown option '--frob'"
	run -1 --separate-stderr zc_patched export --output-file
	assert_one_line_error "option '--output-file' needs an argument"
	run -1 --separate-stderr zc_patched status --format=xml
	assert_one_line_error "invalid --format 'xml' \\(expected text, json or prometheus\\)"
	run -3 --separate-stderr zc --sysroot "$BATS_TEST_TMPDIR" export
	assert_one_line_error "zswap is not available in this kernel"
}

@test "zswapctl(8) documents export, status --format and every metric" {
	local text opt metric metrics
	text=$(mandoc -Tascii "$TOP/man/zswapctl.8" | col -b | tr -s ' \t\n' '   ')
	for opt in $(zc export --help | grep -oE -- '--[a-z-]+' | sort -u) --format prometheus; do
		grep -q -- "$opt" <<<"$text" || fail "zswapctl(8) does not document $opt"
	done
	run -0 zc_patched export
	metrics=$(awk '/^# TYPE/ { print $3 }' <<<"$output")
	# and those no tree has a value for: every figure's
	run -0 zc export --list-metrics
	[ "$(wc -l <<<"$output")" -gt 20 ] || fail "few metrics listed: $output"
	for metric in $metrics $output; do
		grep -qw -- "$metric" <<<"$text" || fail "zswapctl(8) does not list $metric"
	done
}

@test "export on this machine: the fallback or netlink, and promtool is content" {
	[ -d /sys/module/zswap ] || skip "this kernel has no zswap"
	run -0 zc export --no-cgroups
	prom_lint "$output"
	assert_line --regexp '^zswap_source\{source="(netlink|fallback)"\} 1$'
	assert_line "zswap_max_pool_percent $(cat /sys/module/zswap/parameters/max_pool_percent)"
}

@test "valgrind: export and status --format=prometheus leak nothing" {
	valgrind_run 0 "$ZSWAPCTL" --sysroot "$PATCHED" export
	assert_line --regexp '^zswap_cgroup_stored_pages\{cgroup="/work"\} [1-9]'
	valgrind_run 0 "$ZSWAPCTL" --sysroot "$STOCK" export --output-file "$BATS_TEST_TMPDIR/z.prom"
	valgrind_run 0 "$ZSWAPCTL" --sysroot "$PATCHED" status --format=prometheus
	valgrind_run 2 "$ZSWAPCTL" --sysroot "$PATCHED" export --output-file "$BATS_TEST_TMPDIR/none/z"
}
