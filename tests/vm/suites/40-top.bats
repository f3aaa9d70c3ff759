#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0
# zswapctl top on a real kernel, with pages going through zswap all the
# time: two cgroups, /zt/a and /zt/b, each rewrite and read back at random
# 24 MiB through a 16 MiB memory.high for as long as the file runs. The
# curses view runs in a tmux server of each test's own and must show both
# cgroups with rates above 0, sort, draw the tree, filter, pause and quit
# as zswapctl(8) says; batch mode must print its samples. Over netlink on
# the patched kernel, over the fallback on the stock one: top needs
# nothing only the family has, so nothing here is skipped on either.

load helpers
load ../../lib/tmux
load ../../lib/top

ZSWAPCTL=$BUILD/bin/zswapctl
# The guest is emulated and the workload keeps both vCPUs busy
export TMUX_WAIT=180

# A workload that never ends: random reads (verified) and rewrites
workload() {
	cg_run "$1" "$SWAPVERIFY" --size 24 --ops 100000000000 --seed "$2" \
		>"$BATS_FILE_TMPDIR/$1.log" 2>&1 3>&- &
}

setup_file() {
	require_guest
	cg_create zt
	echo +memory > "$CGROOT/zt/cgroup.subtree_control"
	# memory.high, not memory.max: reclaim back to 16 MiB on every
	# charge above it, and no OOM killer. Under a 16 MiB memory.max,
	# stock 6.12 kills one of the two in the first seconds of swap-in,
	# zswap enabled or not (every page of the cgroup on the active list);
	# 6.1 and 7.2 do not. What is tested here is top, not that.
	cg_create zt/a
	cg_create zt/b
	echo 16M > "$CGROOT/zt/a/memory.high"
	echo 16M > "$CGROOT/zt/b/memory.high"
	# Their logs, by cgroup path
	mkdir -p "$BATS_FILE_TMPDIR/zt"
	workload zt/a 1
	workload zt/b 2
}

teardown_file() {
	cg_remove zt/a
	cg_remove zt/b
	cg_remove zt
}

setup() {
	require_guest
	[ -x "$ZSWAPCTL" ] || fail "no $ZSWAPCTL: run 'make zswapctl' on the host"
	bats_require_minimum_version 1.5.0
}

teardown() {
	tmux_stop
	# the STORED test freezes both workloads; the tests after it need them
	echo 0 > "$CGROOT/zt/cgroup.freeze"
}

source_name() { is_patched && echo netlink || echo fallback; }

# row_busy PATH: the row of PATH on the screen has a store or load rate
# above 0
row_busy() {
	pane | grep -qE "^$1 +([1-9][0-9.]*|0\.[1-9]) |^$1 +[0-9.-]+ +([1-9][0-9.]*|0\.[1-9]) "
}

both_busy() { row_busy /zt/a && row_busy /zt/b; }

# start_top ARGS...: zswapctl top in a 160x50 pane, with both cgroups
# shown with rates above 0
start_top() {
	tmux_start 160 50
	pane_run "$ZSWAPCTL top $*"
	wait_for_pane "^zswapctl top - [0-9:]+  sample [0-9]+  every [0-9.]+ s  source $(source_name)"
	wait_until both_busy
}

# is_sorted_down VALUES...: each figure at most the one before it
is_sorted_down() {
	[ "$(printf '%s\n' "$@" | sort -rn | paste -sd ' ')" = "$*" ]
}

@test "top: the header, and both cgroups with rates above 0" {
	start_top -d 1
	wait_for_pane '^Pool \[\|*.* of .*\]$'
	wait_for_pane '^Pool ratio [0-9.]+   Stored [0-9]+   Zero '
	wait_for_pane '^Pages/s  store [0-9.]+   load [0-9.]+   reject [0-9.]+   written back'
	wait_for_pane '^Sort ZSWPOUT/s down   Tree off   Filter none'
	wait_for_pane '^PATH +ZSWPOUT/s▼ +ZSWPIN/s +COMPRESSED +STORED +ZERO +RATIO +MAX'
	if is_patched && line_has zero-pages; then
		wait_for_pane '^/zt/a +[0-9.]+ +[0-9.]+ +[0-9.]+ [KMG]?i?B +[0-9]+ +[0-9]+ '
	else
		# The stock kernel does not count zero pages, nor do the later
		# lines, whose zswap has none
		wait_for_pane '^/zt/a +[0-9.]+ +[0-9.]+ +[0-9.]+ [KMG]?i?B +[0-9]+ +- '
	fi
	pane_keys q
	wait_for_shell
}

# The sort and tree tests look at /zt and below only: other suites may
# leave cgroups of their own under the root

@test "top: < > change the sort column and its arrow, r reverses, the rows follow" {
	start_top -d 1 --filter /zt
	pane_keys '<'
	wait_for_pane '^Sort PATH up '
	wait_for_pane '^PATH▲ '
	assert_equal "$(screen_rows)" "/zt /zt/a /zt/b"
	pane_keys r
	wait_for_pane '^Sort PATH down '
	assert_equal "$(screen_rows)" "/zt/b /zt/a /zt"
	pane_keys r '>' '>'
	wait_for_pane '^Sort ZSWPIN/s down '
	wait_for_pane '^PATH +ZSWPOUT/s +ZSWPIN/s▼ '
	pane_keys '>' '>'
	wait_for_pane '^PATH +ZSWPOUT/s +ZSWPIN/s +COMPRESSED +STORED▼ '
	# One frame's figures, largest first
	local stored
	stored=$(screen_column STORED | paste -sd ' ')
	echo "STORED: $stored"
	# shellcheck disable=SC2086 # one word a figure
	is_sorted_down $stored || fail "STORED not largest first: $stored"
	pane_keys q
	wait_for_shell
}

@test "top: t shows the cgroup tree" {
	start_top -d 1 --sort PATH --filter /zt
	pane_keys t
	wait_for_pane '^Sort PATH up   Tree on '
	wait_for_pane '^/zt '
	wait_for_pane '^├─a '
	wait_for_pane '^└─b '
	pane_keys t
	wait_for_pane '^/zt/b '
	pane_keys q
	wait_for_shell
}

@test "top: / filters by path, and only the matching cgroup is left" {
	start_top -d 1
	pane_keys /
	wait_for_pane '^Filter:'
	pane_type zt/b
	pane_keys Enter
	wait_for_pane 'Filter zt/b$'
	wait_until row_busy /zt/b
	assert_equal "$(screen_rows)" /zt/b
	pane_keys / C-u Enter
	wait_for_pane 'Filter none$'
	wait_for_pane '^/zt/a '
	pane_keys q
	wait_for_shell
}

@test "top: paused, the screen stays as it is across intervals; resumed, it moves on" {
	start_top -d 1
	pane_keys p
	wait_for_pane ' PAUSED *$'
	local before sample
	before=$(pane)
	sample=$(screen_sample)
	# Three intervals, in which a running view would sample three times
	sleep 3
	assert_equal "$(pane)" "$before"
	pane_keys Space
	wait_until sample_past "$sample"
	run ! pane_has PAUSED
	pane_keys q
	wait_for_shell
	assert_equal "$(pane_status)" 0
}

@test "top: q and SIGTERM leave the terminal as it was" {
	start_top -d 1
	assert_equal "$(pane_get '#{alternate_on}')" 1
	pane_keys q
	wait_for_shell
	assert_equal "$(pane_status)" 0
	pane_run "$ZSWAPCTL top -d 1"
	wait_for_pane '^zswapctl top - '
	kill -TERM "$(pane_child)"
	wait_for_shell
	assert_equal "$(pane_status)" 143
}

@test "top -B -c 3 prints three samples with the cgroups' rates, and exits 0" {
	run -0 --separate-stderr "$ZSWAPCTL" top -B -c 3 -d 1 --filter /zt
	echo "$output"
	assert_equal "$(grep -c '^time: ' <<<"$output")" 3
	assert_equal "$(grep -c "  source: $(source_name)\$" <<<"$output")" 3
	assert_equal "$(grep -oE ' sample: [0-9]+ ' <<<"$output" | tr -d ' ' | paste -sd ' ')" \
		"sample:1 sample:2 sample:3"
	assert_equal "$(rows_of <<<"$output" | sort | uniq -c | awk '{ print $1, $2 }' | paste -sd ' ')" \
		"3 /zt 3 /zt/a 3 /zt/b"
	# The workload keeps both busy: stores or loads in the blocks
	grep -qE '^/zt/a +([1-9]|0\.[1-9])|^/zt/a +[0-9.]+ +([1-9]|0\.[1-9])' <<<"$output"
	grep -qE '^/zt/b +([1-9]|0\.[1-9])|^/zt/b +[0-9.]+ +([1-9]|0\.[1-9])' <<<"$output"
}

# A plain user gets the global figures from the family, but not its memcg
# reads (they need CAP_SYS_ADMIN in the initial user namespace): top reads the
# cgroups from their files, the same rows, and says so in its header
@test "top -B as a plain user: the cgroups from their files, and the header says so" {
	local want=fallback
	is_patched && want="netlink  cgroups: fallback"
	run -0 --separate-stderr setpriv --reuid=65534 --regid=65534 --clear-groups \
		"$ZSWAPCTL" top -B -c 2 -d 1 --filter /zt
	echo "$output"
	assert_equal "$(grep -c "  source: $want\$" <<<"$output")" 2
	assert_equal "$(rows_of <<<"$output" | sort | uniq -c | awk '{ print $1, $2 }' | paste -sd ' ')" \
		"2 /zt 2 /zt/a 2 /zt/b"
	# The files name no folder they could not read; on the stock kernel
	# a plain user lacks debugfs's counters, which a note may name
	[[ $stderr != *"could not be opened"* ]] || fail "a folder was refused: $stderr"
	! is_patched || assert_equal "$stderr" ""
}

# zt_zswapped: zswapped of memory.stat, in bytes, of /zt, /zt/a and /zt/b
zt_zswapped() {
	echo "$(cg_stat zt zswapped) $(cg_stat zt/a zswapped) $(cg_stat zt/b zswapped)"
}

# What top shows as STORED is the cgroup's zswapped of memory.stat in
# pages, on every kernel: the family sends the counter memory.stat shows
# in bytes, the fallback reads memory.stat. The workloads never stop, so
# both are frozen (cgroup.freeze) while top samples once: nothing of
# theirs moves in or out of zswap then, which zswapped the same before
# and after top shows. No slack: cg_stat brings 6.1's lagging memory.stat
# up to date before the first read, and the frozen figures cannot move.
@test "top: STORED of each cgroup is its memory.stat zswapped over the page size" {
	local page before after cg bytes shown
	page=$(getconf PAGESIZE)
	echo 1 > "$CGROOT/zt/cgroup.freeze"
	wait_for_line "$CGROOT/zt/cgroup.events" '^frozen 1$'
	before=$(zt_zswapped)
	run -0 --separate-stderr "$ZSWAPCTL" top -B -c 1 -d 1 --filter /zt
	after=$(zt_zswapped)
	echo 0 > "$CGROOT/zt/cgroup.freeze"
	echo "$output"
	echo "# zswapped of /zt /zt/a /zt/b: $before B; top's STORED:" \
	     "$(for cg in /zt /zt/a /zt/b; do batch_column STORED $cg <<<"$output"; done | xargs)" >&3
	assert_equal "zswapped $after" "zswapped $before"
	# shellcheck disable=SC2086 # one word a cgroup
	set -- $before
	for cg in /zt /zt/a /zt/b; do
		bytes=$1
		shift
		[ "$bytes" -gt 0 ] || fail "$cg has nothing in zswap: nothing to compare"
		shown=$(batch_column STORED "$cg" <<<"$output") || fail "no STORED for $cg"
		assert_equal "$cg STORED $shown" "$cg STORED $((bytes / page))"
	done
}

# Last: the workloads behind every test above ran through all of them,
# neither killed nor failing a check of what came back from swap
@test "top: both workloads still run, no page came back wrong, no OOM kill" {
	local cg
	for cg in zt/a zt/b; do
		# cgroupfs files have no size: read it
		[ -n "$(cat "$CGROOT/$cg/cgroup.procs")" ] ||
			fail "the workload of /$cg is gone: $(tr '\n' ' ' < "$CGROOT/$cg/memory.events"); its log: $(tail -3 "$BATS_FILE_TMPDIR/$cg.log")"
		assert_equal "$(awk '$1 == "oom_kill" { print $2 }' "$CGROOT/$cg/memory.events")" 0
		refute grep -q 'MISMATCH' "$BATS_FILE_TMPDIR/$cg.log"
	done
}
