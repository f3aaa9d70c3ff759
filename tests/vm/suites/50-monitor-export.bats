#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0
# zswapctl monitor and export on a real kernel. Over the netlink family a
# parameter set with zswapctl reaches a subscribed monitor as events, in
# text and JSON, in the order the kernel sends them, a pool limit hit over
# and over as at most one event a second, and SIGINT, SIGTERM or --count
# end it with status 0; the time from the set to the event is reported as
# a TAP diagnostic. Without
# the family (stock kernel) monitor exits 3. The exporter, with a workload
# held in zswap, passes promtool and says what the kernel's files (debugfs,
# module parameters, /proc, memory.* of each cgroup) say of the same
# moment, over netlink or the fallback.

load helpers
load ../../lib/prom
load ../../lib/tools

ZSWAPCTL=$BUILD/bin/zswapctl
# How long an awaited event or exit may take before the test fails: a
# bound on failure, not a measure; the guest is emulated and shared
DEADLINE_S=20

setup() {
	require_guest
	[ -x "$ZSWAPCTL" ] || fail "no $ZSWAPCTL: run 'make zswapctl' on the host"
	bats_require_minimum_version 1.5.0
}

teardown() {
	[ -z "${MON_PID:-}" ] || { kill -TERM "$MON_PID" 2>/dev/null; wait "$MON_PID" 2>/dev/null; }
	MON_PID=
	[ -z "${SAVED_RMEM:-}" ] || echo "$SAVED_RMEM" > /proc/sys/net/core/rmem_default
	SAVED_RMEM=
	[ -z "${FULL_FS:-}" ] || umount "$FULL_FS"
	FULL_FS=
	hold_cleanup
	restore_params
	counters_cleanup
	cg_remove mx/inner
	cg_remove mx
	cg_remove mmax
	true
}

zc() { "$ZSWAPCTL" "$@"; }

# The kernel carries the series when debugfs counts zero pages (the patch
# that stores zero-filled pages without an entry); such a kernel must have
# the family (the series' last patch) too.
series_kernel() { [ -e "$ZSWAP_DEBUGFS/zero_pages" ]; }
has_family() { genl ctrl get name zswap >/dev/null 2>&1; }

need_family() {
	has_family && return 0
	series_kernel && fail "the kernel carries the series but has no zswap family"
	skip "this kernel has no zswap netlink family, which events need"
}

# The id of the family's "events" multicast group, in hex
events_group() {
	genl ctrl get name zswap | sed -n 's/.*ID-0x\([0-9a-f]*\) *name: events.*/\1/p'
}

# nl_sockets PID: the lines of /proc/net/netlink (sk Eth Pid Groups Rmem
# Wmem Dump Locks Drops Inode) of the generic netlink sockets of process
# PID, found by their inodes among its fds
nl_sockets() {
	local inodes line fields
	inodes=$(find "/proc/$1/fd" -lname 'socket:*' -printf '%l\n' 2>/dev/null | tr -dc '0-9\n')
	[ -n "$inodes" ] || return 0
	while read -r line; do
		read -ra fields <<<"$line"
		[ "${fields[1]}" = 16 ] && grep -qx "${fields[9]}" <<<"$inodes" && echo "$line"
	done < /proc/net/netlink
}

# subscribed PID GROUP: a socket of process PID has joined GROUP (hex), a
# bit of the Groups column
subscribed() {
	local _sk _eth _pid groups _rest
	while read -r _sk _eth _pid groups _rest; do
		(( 0x$groups & (1 << (0x$2 - 1)) )) && return 0
	done < <(nl_sockets "$1")
	return 1
}

# queue_stat PID: the Rmem (bytes queued) and Drops of the process's socket
queue_stat() { nl_sockets "$1" | awk '{ print $5, $9 }'; }

# queue_moved PID STAT: queue_stat is no longer STAT
queue_moved() { [ "$(queue_stat "$1")" != "$2" ]; }

# drained PID: the monitor reported the loss, read its socket empty and
# sleeps in poll() again
drained() {
	grep -q 'events were lost' "$MON_ERR" &&
		[ "$(queue_stat "$1" | awk '{ print $1 }')" = 0 ] &&
		grep -q '^State:[[:space:]]*S' "/proc/$1/status"
}

# until_true CMD...: poll CMD every 0.1 s until it succeeds, up to DEADLINE_S
until_true() {
	local i
	for ((i = 0; i < DEADLINE_S * 10; i++)); do
		"$@" && return 0
		sleep 0.1
	done
	return 1
}

# monitor_start ARGS...: zswapctl ARGS in the background (through CMD_PREFIX,
# e.g. valgrind), stdout in MON_LOG and stderr in MON_ERR; returns once it
# has joined the events group.
monitor_start() {
	local grp
	grp=$(events_group)
	[ -n "$grp" ] || fail "no events group in: $(genl ctrl get name zswap)"
	MON_LOG=$BATS_TEST_TMPDIR/monitor.out
	MON_ERR=$BATS_TEST_TMPDIR/monitor.err
	${CMD_PREFIX:-} "$ZSWAPCTL" "$@" > "$MON_LOG" 2> "$MON_ERR" &
	MON_PID=$!
	until_true subscribed "$MON_PID" "$grp" ||
		fail "zswapctl $* did not subscribe: $(cat "$MON_ERR")"
}

# monitor_stop SIGNAL: send it, and the exit status of the monitor in
# MON_STATUS
monitor_stop() {
	MON_STATUS=0
	kill "-$1" "$MON_PID"
	wait "$MON_PID" || MON_STATUS=$?
	MON_PID=
}

# exited PID: the process is gone or a zombie (its parent has not waited yet)
exited() { [ ! -e "/proc/$1" ] || grep -q '^State:[[:space:]]*Z' "/proc/$1/status"; }

# has_lines FILE REGEX...: FILE has a line matching each REGEX
has_lines() {
	local file=$1 re
	shift
	for re in "$@"; do
		grep -qE -- "$re" "$file" || return 1
	done
}

# assert_whole_lines FILE: not empty, and it ends with a newline
assert_whole_lines() {
	[ -s "$1" ] || fail "$1 is empty"
	[ "$(tail -c 1 "$1" | od -An -c | tr -d ' ')" = '\n' ] ||
		fail "$1 ends in the middle of a line: $(tail -c 80 "$1")"
}

TIMESTAMP_RE='[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}\.[0-9]{3}Z'

# event_names FILE: the events of a monitor --json log as they came, on one
# line. A compressor set makes zswap notify pool-switched, then
# params-changed, and the kernel's work item sends what is pending in that
# order (zswap-genl(7), EVENTS): the order is exact, never sorted.
event_names() { jq -r .event "$1" | tr '\n' ' '; }

@test "monitor --json: a compressor set arrives as pool_switched and params_changed; SIGINT ends it with 0" {
	need_family
	set_param compressor lzo
	monitor_start monitor --json
	local t0 ts ms line
	t0=$(date +%s%3N)
	run -0 zc set compressor zstd
	until_true has_lines "$MON_LOG" '"event":"params_changed"' '"event":"pool_switched"' ||
		fail "no events within ${DEADLINE_S}s: $(cat "$MON_LOG" "$MON_ERR")"
	monitor_stop INT
	cat "$MON_LOG"
	assert_equal "exit $MON_STATUS" "exit 0"
	assert_equal "stderr: $(cat "$MON_ERR")" "stderr: "
	assert_whole_lines "$MON_LOG"
	assert_equal "$(event_names "$MON_LOG")" "pool_switched params_changed "
	while IFS= read -r line; do
		jq -e 'type == "object"' <<<"$line" >/dev/null || fail "not a JSON object: $line"
		assert_equal "$(jq -r .version <<<"$line")" 2
		assert_equal "$(jq -r .source <<<"$line")" netlink
		[[ $(jq -r .timestamp <<<"$line") =~ ^$TIMESTAMP_RE$ ]] || fail "bad timestamp: $line"
	done < "$MON_LOG"
	# The state the events carry is the one after the set
	assert_equal "$(jq -r 'select(.event == "params_changed") | .compressor' "$MON_LOG" | tail -1)" zstd
	assert_equal "$(jq -r 'select(.event == "pool_switched") | .compressor' "$MON_LOG" | tail -1)" zstd
	assert_equal "$(jq -r 'select(.event == "pool_switched") | .zpool' "$MON_LOG" | tail -1)" \
		"$(line_has zpool && zswap_param zpool || echo null)"
	# Reported, never asserted: from the start of the set to the first event
	ts=$(jq -r 'select(.event == "pool_switched" or .event == "params_changed") | .timestamp' \
		"$MON_LOG" | head -1)
	ms=$(date -d "$ts" +%s%3N)
	echo "# monitor latency: $((ms - t0)) ms (set started $t0, event at $ts)" >&3
}

@test "monitor in text: one line an event, time, name and key=value; SIGTERM ends it with 0" {
	need_family
	set_param max_pool_percent 20
	monitor_start monitor
	run -0 zc set max-pool-percent 25
	until_true has_lines "$MON_LOG" ' params-changed ' ||
		fail "no event within ${DEADLINE_S}s: $(cat "$MON_LOG" "$MON_ERR")"
	monitor_stop TERM
	cat "$MON_LOG"
	assert_equal "exit $MON_STATUS" "exit 0"
	assert_equal "stderr: $(cat "$MON_ERR")" "stderr: "
	assert_whole_lines "$MON_LOG"
	# One parameter set, one event
	assert_equal "$(awk '{ print $2 }' "$MON_LOG")" params-changed
	run -0 grep ' params-changed ' "$MON_LOG"
	# what a line has not is left out of the text (zswapctl(8))
	local zpool= zero=
	! line_has zpool || zpool="zpool=$(zswap_param zpool) "
	! line_has zero-pages || zero="zero_pages=[0-9]+ "
	assert_line --index 0 --regexp "^$TIMESTAMP_RE params-changed enabled=true compressor=$(zswap_param compressor) ${zpool}max_pool_percent=25 accept_threshold_percent=[0-9]+ page_size=4096 pool_total_size=[0-9]+ pool_limit_bytes=[0-9]+ pool_limit_hit=[0-9]+ stored_pages=[0-9]+ ${zero}.* zswpin=[0-9]+ zswpout=[0-9]+( zswpwb=[0-9]+)?( pool_ratio=[0-9]+\\.[0-9]{2})?$"
	# Every line is an event, with nothing else on stdout
	run grep -cvE "^$TIMESTAMP_RE (params-changed|pool-switched|pool-limit-hit) " "$MON_LOG"
	assert_output 0
}

@test "lost events: reported once on stderr, and the monitoring goes on" {
	need_family
	[ -w /proc/sys/net/core/rmem_default ] || skip "no /proc/sys/net/core/rmem_default"
	set_param max_pool_percent 20
	# A monitor whose socket queues little: rmem_default is what it gets
	SAVED_RMEM=$(cat /proc/sys/net/core/rmem_default)
	echo 4096 > /proc/sys/net/core/rmem_default
	monitor_start monitor
	echo "$SAVED_RMEM" > /proc/sys/net/core/rmem_default
	SAVED_RMEM=
	# Stopped, it reads nothing: one event at a time, each waited for
	# (queued or dropped, never merged with the next), until the kernel
	# drops one
	kill -STOP "$MON_PID"
	local i stat drops=0
	for ((i = 0; i < 40 && drops == 0; i++)); do
		stat=$(queue_stat "$MON_PID")
		echo $((21 + i % 2)) > "$ZSWAP_PARAMS/max_pool_percent"
		until_true queue_moved "$MON_PID" "$stat" ||
			fail "the event of round $i reached the socket neither way ($stat)"
		drops=$(queue_stat "$MON_PID" | awk '{ print $2 }')
	done
	echo "# $i events sent to a stopped monitor, $drops dropped" >&3
	[ "$drops" -gt 0 ] || fail "the kernel dropped no event"
	kill -CONT "$MON_PID"
	# The socket stays congested, dropping events, until the monitor has
	# read it empty; then the next event comes through
	until_true drained "$MON_PID" ||
		fail "the monitor did not read its queue: $(queue_stat "$MON_PID"), $(cat "$MON_ERR")"
	echo 25 > "$ZSWAP_PARAMS/max_pool_percent"
	until_true has_lines "$MON_LOG" ' max_pool_percent=25 ' ||
		fail "no event after the loss within ${DEADLINE_S}s: $(cat "$MON_LOG" "$MON_ERR")"
	monitor_stop INT
	cat "$MON_LOG"
	assert_equal "exit $MON_STATUS" "exit 0"
	assert_equal "$(cat "$MON_ERR")" \
		"zswapctl: events were lost: they came faster than they were read"
	assert_whole_lines "$MON_LOG"
	run grep -cvE "^$TIMESTAMP_RE params-changed " "$MON_LOG"
	assert_output 0
}

@test "monitor --count 2 ends by itself with 0 after the two events of a compressor set" {
	need_family
	set_param compressor lzo
	monitor_start monitor --count 2 --json
	run -0 zc set compressor zstd
	until_true exited "$MON_PID" ||
		fail "monitor --count 2 still runs after ${DEADLINE_S}s: $(cat "$MON_LOG" "$MON_ERR")"
	MON_STATUS=0
	wait "$MON_PID" || MON_STATUS=$?
	MON_PID=
	cat "$MON_LOG"
	assert_equal "exit $MON_STATUS" "exit 0"
	assert_equal "$(wc -l < "$MON_LOG")" 2
	assert_equal "$(event_names "$MON_LOG")" "pool_switched params_changed "
}

# The pool limit, hit on every store while the pool is full, is announced
# at most once a second (zswap_netlink_notify()'s rate limit). Over a window
# of T seconds that holds every notification the monitor can have got (from
# before it subscribed to after it stopped), at most ceil(T) + 1 events can
# come, however often debugfs says the limit was hit: a bound, not a speed.
# The workload hits the limit in two phases more than a second apart, so at
# least two events must come, whatever the speed of the machine. Each phase
# starts from an empty pool: once the limit is hit, 6.1 refuses stores
# without counting a hit until the pool is below its accept threshold, and
# its shrink work frees one zpool page a hit, so a pool left at its limit
# by phase 1 may never be hit again. accept_threshold_percent 100 lets the
# pool take pages again as soon as it is below its limit, so that the limit
# is hit all along a phase, not once.
@test "monitor --json: the pool limit hit over and over gives pool_limit_hit events, at most one a second" {
	need_family
	# zbud takes at least half a page an entry: 1% of RAM fills up. 7.2
	# has only zsmalloc, but keeps a page that does not compress whole: half
	# of the pages random, in a cgroup big enough to hold the pool (its
	# guests' shrinker off, which would empty the pool first)
	local hold=(--size 64 --mix 0:0:1:0) cgmax=16M
	if line_has zpool; then
		set_param zpool zbud
	else
		set_param shrinker_enabled N
		hold=(--size 96 --mix 0:0:1:1) cgmax=48M
	fi
	set_param compressor lzo
	set_param max_pool_percent 1
	set_param accept_threshold_percent 100
	local hits0 hits1 hits_pause hits2 t0 t1 secs bound events
	hits0=$(zswap_debug pool_limit_hit)
	t0=$(date +%s%N)
	monitor_start monitor --json
	cg_create mx $cgmax
	# Phase 1 fills the pool to its limit and holds it there; reading the
	# held pages back makes room for them: more stores, more hits. Its exit
	# empties the pool.
	hold_start mx "${hold[@]}"
	hits1=$(zswap_debug pool_limit_hit)
	[ "$hits1" -gt "$hits0" ] || fail "phase 1 did not reach the pool limit"
	hold_finish
	# Past the rate limit's second: phase 2's first hit must be announced
	sleep 1.5
	hits_pause=$(zswap_debug pool_limit_hit)
	hold_start mx "${hold[@]}"
	[ "$(zswap_debug pool_limit_hit)" -gt "$hits_pause" ] ||
		fail "phase 2 did not reach the pool limit: $(zswap_debug stored_pages) pages stored"
	hold_finish
	hits2=$(zswap_debug pool_limit_hit)
	# A parameter set after the workload: once its event is printed, the
	# monitor has printed what came before it
	echo 20 > "$ZSWAP_PARAMS/max_pool_percent"
	until_true has_lines "$MON_LOG" '"event":"params_changed".*"max_pool_percent":20' ||
		fail "no params_changed event within ${DEADLINE_S}s: $(cat "$MON_ERR")"
	monitor_stop INT
	t1=$(date +%s%N)
	assert_equal "exit $MON_STATUS: $(cat "$MON_ERR")" "exit 0: "
	secs=$(((t1 - t0 + 999999999) / 1000000000))
	bound=$((secs + 1))
	events=$(grep -c '"event":"pool_limit_hit"' "$MON_LOG" || true)
	echo "# $events pool_limit_hit events in ${secs}s (at most $bound), the limit hit $((hits2 - hits0)) times" >&3
	# The limit was hit often enough for the bound to mean something
	[ $((hits2 - hits0)) -ge $((4 * bound)) ] ||
		fail "the pool limit was hit only $((hits2 - hits0)) times in ${secs}s"
	[ "$events" -ge 2 ] || fail "$events pool_limit_hit events for two phases: $(cat "$MON_LOG")"
	[ "$events" -le "$bound" ] ||
		fail "$events pool_limit_hit events in ${secs}s: more than one a second"
	# Each carries the counter as it was when the event was sent: they come
	# in the order they were sent (the counter only grows), and within the
	# workload's hits
	run -0 jq -r 'select(.event == "pool_limit_hit") | .pool_limit_hit' "$MON_LOG"
	awk -v lo="$hits0" -v hi="$hits2" '
		$1 <= lo || $1 > hi { print "pool_limit_hit " $1 " outside (" lo ", " hi "]"; bad = 1 }
		NR > 1 && $1 < prev { print "pool_limit_hit " $1 " after " prev; bad = 1 }
		{ prev = $1 } END { exit bad }' <<<"$output" || fail "events out of order"
	# The first hit after the pause was announced too
	[ "$(tail -n 1 <<<"$output")" -gt "$hits_pause" ] || fail "no event after phase 1: $output"
}

# 6.12 and 7.2 refuse a store at zswap.max only when nothing of the cgroup
# can be written back: there its zswap.max is 0 (20-netlink.bats says why)
@test "monitor --memcg-events always: a cgroup at its memory.zswap.max gives memcg_limit_hit events that name it" {
	need_family
	! line_has zpool || set_param zpool zbud
	local grp line
	grp=$(genl ctrl get name zswap | sed -n 's/.*ID-0x\([0-9a-f]*\) *name: memcg-events.*/\1/p')
	[ -n "$grp" ] || fail "no memcg-events group in: $(genl ctrl get name zswap)"
	monitor_start monitor --json --memcg-events always
	until_true subscribed "$MON_PID" "$grp" || fail "monitor did not join memcg-events: $(cat "$MON_ERR")"
	cg_create mmax 16M
	if [ "$(kernel_line)" = 6.1 ]; then
		echo 1M > $CGROOT/mmax/memory.zswap.max
	else
		echo 0 > $CGROOT/mmax/memory.zswap.max
	fi
	run cg_run mmax "$SWAPVERIFY" --size 64 --ops 0 --mix 0:0:1:0
	assert_success
	until_true has_lines "$MON_LOG" '"event":"memcg_limit_hit"' ||
		fail "no memcg event within ${DEADLINE_S}s: $(cat "$MON_LOG" "$MON_ERR")"
	monitor_stop INT
	assert_equal "exit $MON_STATUS" "exit 0"
	assert_equal "stderr: $(cat "$MON_ERR")" "stderr: "
	assert_whole_lines "$MON_LOG"
	# Each names the cgroup, by path and id, with its refusal counted
	while IFS= read -r line; do
		assert_equal "$(jq -r '"\(.path) \(.id)"' <<<"$line")" "/mmax $(stat -c %i $CGROOT/mmax)"
		if line_has memcg-rejects; then
			[ "$(jq '.reject_zswap_max' <<<"$line")" -gt 0 ] || fail "no refusal counted: $line"
		else
			assert_equal "$(jq '.reject_zswap_max' <<<"$line")" null
		fi
	done < <(grep '"event":"memcg_limit_hit"' "$MON_LOG")
	echo "# $(grep -c '"event":"memcg_limit_hit"' "$MON_LOG") memcg events" >&3
}

@test "monitor without the zswap family: exit 3 and one line" {
	has_family && skip "this kernel has the zswap family"
	series_kernel && fail "the kernel carries the series but has no zswap family"
	run -3 --separate-stderr zc monitor --json
	assert_equal "${#stderr_lines[@]}" 1
	assert_regex "$stderr" '^zswapctl: events need the zswap netlink family'
	assert_output ""
}

# A cgroup "mx" with memory enabled below it and a child "mx/inner" that
# holds 48 MiB of mixed pages through a 16 MiB limit, most of it in zswap,
# then sleeps: a quiescent workload.
hold_in_zswap() {
	cg_create mx
	echo +memory > "$CGROOT/mx/cgroup.subtree_control"
	cg_create mx/inner 16M
	hold_start mx/inner --size 48 --mix 2:1:2:1
}

# The counters of the system and of mx/inner that a workload can drive
# are driven each to a value of its own first (counters_drive), so that an
# export that wrote one under another's name shows; the refusals for a
# failed allocation cannot be made to happen in the guest (no
# CONFIG_FAILSLAB or CONFIG_FAIL_PAGE_ALLOC), and are compared as they are.
@test "export with a workload held in zswap: promtool is content, values are those of debugfs, sysfs and the cgroup files" {
	cg_create mx
	echo +memory > "$CGROOT/mx/cgroup.subtree_control"
	counters_drive mx/inner
	# hold_in_zswap's limit (counters_drive gives 7.2 48 MiB)
	echo 16M > "$CGROOT/mx/inner/memory.max"
	hold_start mx/inner --size 48 --mix 2:1:2:1
	local source
	source=$(has_family && echo netlink || echo fallback)
	# The export and the files are separate reads. The held workload keeps
	# still, and the export is taken between two readings of the files:
	# when both are the same, nothing moved in between (the counters only
	# grow), so the export must equal them. If something moved, take all
	# three again.
	local f1 f2 text i
	for i in 1 2 3 4 5; do
		f1=$(prom_expected "" "$source")
		run -0 --separate-stderr zc export
		text=$output
		f2=$(prom_expected "" "$source")
		[ "$f1" = "$f2" ] && break
		echo "# the state moved between the samples, round $i"
	done
	assert_equal "$f2" "$f1"
	echo "$text"
	prom_lint "$text"
	prom_structure "$text"
	prom_check_files "$text" "" "$source" "$f1"
	# The driven counters as the export has them: each a value of its
	# own among the system's, and among the cgroup's (written_back_pages
	# is the node exporter's zswpwb where /proc/vmstat has it: not
	# exported then, which on 6.12 and 7.2 leaves pool_limit_hit alone,
	# with nothing to be told apart from; prom_check_files compared it
	# with debugfs above)
	local key series driven=() v
	for key in $(counters_driven); do
		series=zswap_${key}_total
		[ "$key" != written_back_pages ] || [ -z "$(vmstat zswpwb)" ] || continue
		v=$(prom_value "$text" "$series")
		driven+=("$series=$v")
	done
	echo "# driven: ${driven[*]}" >&3
	assert_distinct "${driven[@]}"
	driven=()
	for key in $(cg_counters_driven); do
		case $key in
		zswpwb) series='zswap_cgroup_zswpwb_pages_total{cgroup="/mx/inner"}' ;;
		*) series="zswap_cgroup_reject_total{cgroup=\"/mx/inner\",reason=\"${key#zswap_reject_}\"}" ;;
		esac
		v=$(prom_value "$text" "$series")
		driven+=("$series=$v")
	done
	echo "# driven: ${driven[*]}" >&3
	assert_distinct "${driven[@]}"
	local stored
	stored=$(prom_value "$text" 'zswap_cgroup_stored_pages{cgroup="/mx/inner"}')
	[ "${stored:-0}" -gt "$(least_stored)" ] || fail "only ${stored:-no} pages of /mx/inner in zswap"
	if has_family && line_has zero-pages; then
		# Netlink counts zero pages, which no cgroup file shows
		assert_regex "$(prom_value "$text" 'zswap_cgroup_zero_pages{cgroup="/mx/inner"}')" '^[1-9][0-9]*$'
	else
		# the fallback, and the later lines, whose zswap has none
		! grep -qE '^zswap_(cgroup_)?zero_pages' <<<"$text" || fail "zero pages from the fallback"
	fi
	hold_finish
}

@test "export --output-file in the guest: the file is replaced whole, with status --format=prometheus's global part" {
	local dir=$BATS_TEST_TMPDIR/textfile
	mkdir "$dir"
	run -0 zc export --output-file "$dir/zswap.prom"
	assert_equal "$(ls -A "$dir")" zswap.prom
	assert_equal "$(stat -c %a "$dir/zswap.prom")" 644
	prom_lint "$(cat "$dir/zswap.prom")"
	# The parameters do not move: the global part without the counters
	local params='^zswap_(source|info|enabled|max_pool_percent|accept_threshold_percent|page_size_bytes|pool_limit_bytes)[{ ]'
	run -0 zc status --format=prometheus
	assert_equal "$(grep -E "$params" "$dir/zswap.prom")" "$(grep -E "$params" <<<"$output")"
}

@test "export --output-file on a full filesystem: exit 2, one line, the old file stays, no temporary file" {
	FULL_FS=$BATS_TEST_TMPDIR/full
	mkdir "$FULL_FS"
	# One page, which the old file takes
	mount -t tmpfs -o size=4k tmpfs "$FULL_FS"
	echo old > "$FULL_FS/zswap.prom"
	run -2 --separate-stderr zc export --output-file "$FULL_FS/zswap.prom"
	assert_equal "$stderr" "zswapctl: cannot write $FULL_FS/zswap.prom: No space left on device"
	assert_output ""
	assert_equal "$(ls -A "$FULL_FS")" zswap.prom
	assert_equal "$(cat "$FULL_FS/zswap.prom")" old
}

VALGRIND="valgrind --quiet --leak-check=full --show-leak-kinds=all --errors-for-leak-kinds=all --error-exitcode=9"

@test "valgrind: monitor through events and SIGINT leaks nothing" {
	need_family
	require_tool valgrind
	# valgrind runs it some tens of times slower
	DEADLINE_S=120
	set_param compressor lzo
	CMD_PREFIX=$VALGRIND monitor_start monitor --json
	run -0 zc set compressor zstd
	until_true has_lines "$MON_LOG" '"event":"params_changed"' '"event":"pool_switched"' ||
		fail "no events within ${DEADLINE_S}s: $(cat "$MON_LOG" "$MON_ERR")"
	monitor_stop INT
	# 0, not valgrind's 9 for an error or leak, nor 128 + a signal
	assert_equal "exit $MON_STATUS: $(cat "$MON_ERR")" "exit 0: "
}

@test "valgrind: export with a workload in zswap leaks nothing" {
	hold_in_zswap
	valgrind_run 0 "$ZSWAPCTL" export --output-file "$BATS_TEST_TMPDIR/z.prom"
	grep -q '^zswap_cgroup_stored_pages{cgroup="/mx/inner"} [1-9]' "$BATS_TEST_TMPDIR/z.prom" ||
		fail "no pages of /mx/inner: $(cat "$BATS_TEST_TMPDIR/z.prom")"
	hold_finish
}
