#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0
# The 7.2 line's family as the RFC v2 series leaves it (kernel/7.2/series,
# ABI v2: /work/notes/abi-v2.md), driven by 7.2's own YNL: the Python
# client (tools/net/ynl/pyynl of linux-source-7.2) with
# kernel/spec/zswap.yaml, and the C library 7.2's YNL generates from the
# same spec (build/ynl-7.2/zswap-ynl-user, tests/host/ynl-user.bats); the
# series' kselftest (tools/testing/selftests/cgroup/test_zswap.c) and the
# zswap_max key of memory.swap.events. Of patched-7.2 only: tests/check
# runs it in that pair alone (CHECK_LINE_PAIRS), and elsewhere each test
# skips.

load helpers

setup() {
	require_guest
	[ "${KERNEL_FLAVOUR:-}" = patched-7.2 ] ||
		skip "the 7.2 series' suite, on patched-7.2 only"
}

teardown() {
	hold_cleanup
	restore_params
	local p
	for p in ${BG_PIDS:-}; do
		kill "$p" 2>/dev/null
		wait "$p" 2>/dev/null
	done
	BG_PIDS=
	cg_remove ynl
	cg_remove ynl-max/child
	cg_remove ynl-max/sibling
	cg_remove ynl-max
	[ ! -d $CGROOT/ynl-dp ] || rmdir $CGROOT/ynl-dp/* $CGROOT/ynl-dp 2>/dev/null
	true
}

PYYNL=$BUILD/ynl-7.2/src/tools/net/ynl/pyynl
SPEC=$TOP/kernel/spec/zswap.yaml
# Without the schema check each time: slow in the guest, and
# tests/host/spec.bats checks the spec against it
YNL=(/usr/bin/python3 -u "$PYYNL/cli.py" --spec "$SPEC" --no-schema --output-json)
ynl() { "${YNL[@]}" "$@"; }
USERPROG=$BUILD/ynl-7.2/zswap-ynl-user

# bg CMD...: run CMD in the background, killed in teardown
bg() {
	"$@" &
	BG_PIDS="${BG_PIDS:-} $!"
}

# as CALLER CMD...: root; a non-root user with CAP_NET_ADMIN alone
# (ambient, as a network daemon has it); a plain user
as() {
	local who=$1
	shift
	case $who in
	root) "$@" ;;
	user-netadmin) setpriv --reuid=65534 --regid=65534 --clear-groups \
			--inh-caps=+net_admin --ambient-caps=+net_admin "$@" ;;
	user) setpriv --reuid=65534 --regid=65534 --clear-groups "$@" ;;
	esac
}

params() { grep -r . $ZSWAP_PARAMS | sed "s|^$ZSWAP_PARAMS/||" | sort; }

# dbg KEY: a debugfs counter of zswap
dbg() { cat "$ZSWAP_DEBUGFS/$1"; }

# hold_still CG: pages of cgroup CG in zswap that stay there while a test
# reads them: the held workload is idle and the shrinker off
hold_still() {
	cg_create "$1" 16M
	hold_start "$1" --size 48
	set_param shrinker_enabled N
}

@test "the family: get, memcg-get with do and dump, event, set, memcg-event; groups events and memcg-events" {
	local json
	json=$(/usr/bin/python3 "$PYYNL/cli.py" --no-schema --output-json \
		--spec "$BUILD/ynl-7.2/src/Documentation/netlink/specs/nlctrl.yaml" \
		--do getfamily --json '{"family-name": "zswap"}')
	echo "$json"
	assert_equal "$(jq -r '.version' <<<"$json")" 1
	# Each op the spec has and no other: set (4) has admin-perm, and
	# memcg-get (2) dumps, by which user space tells ABI v2. (YNL gives
	# a nest of indexed entries as {"1": {...}}; genetlink gives get,
	# which has no policy of its own, the policy that rejects every
	# attribute, so it reports one.)
	assert_equal "$(jq -c '[.ops[] | to_entries[0].value | [.id, (.flags | sort)]]' <<<"$json")" \
		'[[1,["cmd-cap-do","cmd-cap-haspol"]],[2,["cmd-cap-do","cmd-cap-dump","cmd-cap-haspol"]],[4,["admin-perm","cmd-cap-do","cmd-cap-haspol"]]]'
	assert_equal "$(jq -c '[.["mcast-groups"][] | to_entries[0].value.name]' <<<"$json")" \
		'["events","memcg-events"]'
}

@test "get equals debugfs and the module parameters; the attributes 7.2 has no figure for are absent" {
	hold_still ynl
	local json key kb pct
	json=$(ynl --do get)
	echo "$json"
	[ "$(jq -r '."stored-pages"' <<<"$json")" -gt 0 ] || fail "nothing in zswap to compare"
	for key in stored-pages pool-total-size pool-limit-hit reject-reclaim-fail \
		   reject-alloc-fail reject-kmemcache-fail reject-compress-fail \
		   reject-compress-poor written-back-pages decompress-fail \
		   stored-incompressible-pages; do
		assert_equal "$key $(jq -r ".\"$key\"" <<<"$json")" "$key $(dbg "${key//-/_}")"
	done
	assert_equal "$(jq -r .enabled <<<"$json")" "$([ "$(zswap_param enabled)" = Y ] && echo 1 || echo 0)"
	assert_equal "$(jq -r '."shrinker-enabled"' <<<"$json")" 0
	assert_equal "$(jq -r .compressor <<<"$json")" "$(zswap_param compressor)"
	assert_equal "$(jq -r '."max-pool-percent"' <<<"$json")" "$(zswap_param max_pool_percent)"
	assert_equal "$(jq -r '."accept-threshold-percent"' <<<"$json")" \
		"$(zswap_param accept_threshold_percent)"
	# max_pool_percent of the RAM's pages (MemTotal), whole pages
	kb=$(awk '$1 == "MemTotal:" { print $2 }' /proc/meminfo)
	pct=$(zswap_param max_pool_percent)
	assert_equal "$(jq -r '."pool-limit-bytes"' <<<"$json")" $(( kb / 4 * pct / 100 * 4096 ))
	for key in zero-pages duplicate-entry zpool event-type; do
		assert_equal "$key in reply: $(jq "has(\"$key\")" <<<"$json")" "$key in reply: false"
	done
}

@test "memcg-get: a do by id and the dump equal memory.stat and memory.zswap.* of the cgroup" {
	hold_still ynl
	local id json dump n
	id=$(stat -c %i $CGROOT/ynl)
	json=$(ynl --do memcg-get --json "{\"id\": $id}")
	echo "$json"
	assert_equal "$(jq -r .path <<<"$json")" /ynl
	assert_equal "$(jq -r '."compressed-bytes"' <<<"$json")" "$(cat $CGROOT/ynl/memory.zswap.current)"
	[ "$(jq -r '."compressed-bytes"' <<<"$json")" -gt 0 ] || fail "nothing in zswap to compare"
	assert_equal "$(jq -r '."stored-pages"' <<<"$json")" $(( $(cg_stat ynl zswapped) / 4096 ))
	assert_equal "$(jq -r .zswpin <<<"$json")" "$(cg_stat ynl zswpin)"
	assert_equal "$(jq -r .zswpout <<<"$json")" "$(cg_stat ynl zswpout)"
	assert_equal "$(jq -r .zswpwb <<<"$json")" "$(cg_stat ynl zswpwb)"
	# "max" is 2^64-1 (python: jq 1.6 reads numbers as doubles)
	assert_equal "$(/usr/bin/python3 -c 'import json, sys; print(json.load(sys.stdin)["zswap-max"])' \
		<<<"$json")" 18446744073709551615
	assert_equal "$(jq -r .writeback <<<"$json")" "$(cat $CGROOT/ynl/memory.zswap.writeback)"
	assert_equal "$(jq -r '."writeback-effective"' <<<"$json")" 1
	for key in zero-pages reject-zswap-max reject-pool-limit reject-incompressible \
		   reject-alloc-fail event-type; do
		assert_equal "$key in reply: $(jq "has(\"$key\")" <<<"$json")" "$key in reply: false"
	done

	# The dump: every memcg once, each as a do by id gives it
	dump=$(ynl --dump memcg-get)
	assert_equal "$(jq -c ".[] | select(.id == $id)" <<<"$dump")" "$(jq -c . <<<"$json")"
	n=$(find $CGROOT -name memory.zswap.current | wc -l)
	# and the root, which has no memory.zswap.current
	assert_equal "$(jq length <<<"$dump")" $((n + 1))
	assert_equal "$(jq -r '[.[].id] | unique | length' <<<"$dump")" $((n + 1))
	assert_equal "$(jq -r '.[] | select(.path == "/") | .id' <<<"$dump")" "$(stat -c %i $CGROOT)"
}

@test "the C user of 7.2's generated YNL library prints what the kernel's files say" {
	[ -x "$USERPROG" ] || fail "no $USERPROG: run make tools"
	hold_still ynl
	local out key file id n
	run -0 "$USERPROG"
	out=$output
	echo "$out"
	for key in stored-pages pool-total-size pool-limit-hit reject-reclaim-fail \
		   reject-alloc-fail reject-kmemcache-fail reject-compress-fail \
		   reject-compress-poor written-back-pages decompress-fail \
		   stored-incompressible-pages; do
		assert_line "global $key $(dbg "${key//-/_}")"
	done
	assert_line "global compressor $(zswap_param compressor)"
	assert_line "global max-pool-percent $(zswap_param max_pool_percent)"
	assert_line "global accept-threshold-percent $(zswap_param accept_threshold_percent)"
	assert_line "global shrinker-enabled 0"
	refute_line --regexp '^global (zero-pages|duplicate-entry|zpool) '
	# The dump: the cgroup's figures, and every memcg once
	id=$(stat -c %i $CGROOT/ynl)
	assert_line "memcg $id path /ynl"
	assert_line "memcg $id compressed-bytes $(cat $CGROOT/ynl/memory.zswap.current)"
	assert_line "memcg $id stored-pages $(( $(cg_stat ynl zswapped) / 4096 ))"
	assert_line "memcg $id zswpout $(cg_stat ynl zswpout)"
	assert_line "memcg $id zswap-max 18446744073709551615"
	n=$(find $CGROOT -name memory.zswap.current | wc -l)
	assert_line "memcgs $((n + 1))"
	assert_equal "$(grep -c '^memcg [0-9]* path ' <<<"$out")" $((n + 1))
	# A do by id: the same lines
	run -0 "$USERPROG" --memcg "$id"
	assert_line "memcg $id compressed-bytes $(cat $CGROOT/ynl/memory.zswap.current)"
	refute_line --regexp '^memcgs '
	# An id that names no cgroup (1 is the root's): that of one removed,
	# and the kernel's extack
	mkdir $CGROOT/ynl-gone
	id=$(stat -c %i $CGROOT/ynl-gone)
	rmdir $CGROOT/ynl-gone
	run "$USERPROG" --memcg "$id"
	assert_failure 2
	assert_output --partial "no cgroup with this id"
}

# listening: a generic netlink socket joined a group of the family (the
# Groups column of /proc/net/netlink)
listening() {
	awk '$2 == 16 && $4 != "00000000" { found = 1 } END { exit !found }' /proc/net/netlink
}

@test "events: sysfs writes reach a subscriber, with the figures after them; a new compressor switches the pool" {
	set_param compressor lzo
	set_param accept_threshold_percent 90
	local log=$BATS_TEST_TMPDIR/events
	bg ynl --subscribe events --duration 600 > "$log" 2>&1
	local i
	for i in $(seq 300); do listening && break; sleep 0.1; done
	listening || fail "the subscriber did not join"
	set_param accept_threshold_percent 77
	wait_for_line "$log" '"accept-threshold-percent": 77' || fail "no event"
	run jq -c 'select(.msg."event-type" == "params-changed") | .msg."accept-threshold-percent"' "$log"
	assert_line 77
	set_param compressor lz4
	wait_for_line "$log" '"pool-switched"' || fail "no pool-switched event"
	run jq -r 'select(.msg."event-type" == "pool-switched") | .msg.compressor' "$log"
	assert_line lz4
}

@test "set: root changes several parameters at once; CAP_NET_ADMIN alone is refused, and a zpool" {
	set_param compressor lzo
	set_param max_pool_percent 20
	set_param accept_threshold_percent 90
	local before
	before=$(params)
	# admin-perm refuses a caller without CAP_NET_ADMIN in the core, the
	# handler one without CAP_SYS_ADMIN: each leaves every parameter
	run as user "${YNL[@]}" --do set --json '{"max-pool-percent": 30}'
	assert_failure
	assert_output --partial "Operation not permitted"
	run as user-netadmin "${YNL[@]}" --do set --json '{"max-pool-percent": 30}'
	assert_failure
	assert_output --partial "Operation not permitted"
	assert_output --partial "needs CAP_SYS_ADMIN"
	assert_equal "$(params)" "$before"
	# A zpool: this kernel has none; nothing else changes either
	run ynl --do set --json '{"max-pool-percent": 30, "zpool": "zsmalloc"}'
	assert_failure
	assert_output --partial "Operation not supported"
	assert_output --partial "no zpool layer"
	assert_equal "$(params)" "$before"
	# Root: all of it
	run -0 ynl --do set --json '{"compressor": "lz4", "max-pool-percent": 30, "accept-threshold-percent": 80, "shrinker-enabled": 0}'
	assert_equal "$(zswap_param compressor)" lz4
	assert_equal "$(zswap_param max_pool_percent)" 30
	assert_equal "$(zswap_param accept_threshold_percent)" 80
	assert_equal "$(zswap_param shrinker_enabled)" N
	# Anyone reads
	run -0 as user "${YNL[@]}" --do get
	assert_equal "$(jq -r .compressor <<<"$output")" lz4
}

# A dump stopped after its first part (tests/tools/ynl-dump-pause.py), its
# cursor's cgroup and cgroups it has not sent yet removed meanwhile: while
# it is still paused the removed memcgs are freed (nr_dying_descendants of
# their parent back to 0), as the dump holds no reference between two
# reads; then it sends each survivor once and ends.
@test "a paused memcg dump keeps no removed memcg dying, and resumes with each survivor once" {
	local d i
	mkdir $CGROOT/ynl-dp
	echo +memory > $CGROOT/ynl-dp/cgroup.subtree_control
	# More than a part holds (some 30 records of 120 bytes in 3.7 KiB)
	for i in $(seq -w 1 100); do
		mkdir $CGROOT/ynl-dp/memcg-with-a-longer-name-to-fill-the-part-$i
	done
	local out=$BATS_TEST_TMPDIR/pause.out fifo=$BATS_TEST_TMPDIR/go cursor
	mkfifo "$fifo"
	# Its writer first, read-write so that the open waits for no reader;
	# the reader's redirection on its own command, as a background
	# command without one reads /dev/null (bg's "$@" & would)
	local go
	exec {go}<> "$fifo"
	/usr/bin/python3 "$TOP/tests/tools/ynl-dump-pause.py" "$PYYNL" "$SPEC" < "$fifo" > "$out" 2>&1 &
	BG_PIDS="${BG_PIDS:-} $!"
	wait_for_line "$out" '^paused ' || fail "the dump did not pause"
	cursor=$(sed -n 's/^paused //p' "$out")
	local sent
	sent=$(grep -c '^first ' "$out")
	[ "$sent" -lt 100 ] || fail "the first part held every memcg"
	# The cursor's cgroup, and ten of those the dump has not sent
	local victims=() ids=$BATS_TEST_TMPDIR/ids
	for d in $CGROOT/ynl-dp/*/; do
		d=${d%/}
		echo "$(stat -c %i "$d") $d"
	done > "$ids"
	victims+=("$(awk -v c="$cursor" '$1 == c { print $2 }' "$ids")")
	[ -n "${victims[0]}" ] || fail "the cursor $cursor is no cgroup of ynl-dp"
	victims+=($(awk 'NR == FNR { sent[$2] = 1; next } !($1 in sent) { print $2 }' \
		<(grep '^first ' "$out") "$ids" | head -n 10))
	rmdir "${victims[@]}"
	# Freed while the dump is paused: nothing of it holds them
	for i in $(seq 150); do
		echo 3 > /proc/sys/vm/drop_caches
		[ "$(awk '$1 == "nr_dying_descendants" { print $2 }' $CGROOT/ynl-dp/cgroup.stat)" = 0 ] && break
		sleep 0.2
	done
	grep -q '^paused ' "$out" && ! grep -q '^memcg \|^done' "$out" ||
		fail "the dump did not stay paused"
	assert_equal "$(awk '$1 == "nr_dying_descendants" { print $2 }' $CGROOT/ynl-dp/cgroup.stat)" 0
	# Resume: each survivor once, no removed one, and the end
	echo go >&"$go"
	exec {go}>&-
	wait_for_line "$out" '^(done|error)' || fail "the dump did not end"
	run -0 cat "$out"
	assert_line --partial done
	# The first part was only peeked at, and is read again whole: its
	# records, the removed cursor's among them, were sent before the
	# removal; after it, each survivor and nothing removed
	local survivors got
	survivors=$( (for d in $CGROOT/ynl-dp/*/; do stat -c %i "$d"; done
		awk '$1 == "first" && $3 ~ /^\/ynl-dp\// { print $2 }' "$out") | sort -u)
	got=$(awk '$1 == "memcg" && $3 ~ /^\/ynl-dp\// { print $2 }' "$out" | sort)
	assert_equal "$got" "$survivors"
}

@test "zswap_max in memory.swap.events counts stores refused at memory.zswap.max, not at 0" {
	# A parent limited to one page of zswap, with no writeback to make
	# room: its child's stores beyond it are refused, and counted there
	# and in the parent. A sibling with memory.zswap.max 0 opted out of
	# zswap: its stores are refused too, and counted nowhere.
	mkdir $CGROOT/ynl-max
	echo 4096 > $CGROOT/ynl-max/memory.zswap.max
	echo 0 > $CGROOT/ynl-max/memory.zswap.writeback
	echo +memory > $CGROOT/ynl-max/cgroup.subtree_control
	mkdir $CGROOT/ynl-max/child $CGROOT/ynl-max/sibling
	grep -qx 'zswap_max 0' $CGROOT/ynl-max/child/memory.swap.events ||
		fail "no zswap_max 0 in a new cgroup's memory.swap.events"
	echo 0 > $CGROOT/ynl-max/sibling/memory.zswap.max
	local child parent sibling
	# Reclaim all of it: zswap refuses every page, which stays in memory
	# (the reclaim fails, as it should)
	hold_start ynl-max/sibling --size 16
	echo 16M > $CGROOT/ynl-max/sibling/memory.reclaim || true
	assert_equal "$(awk '$1 == "zswapped" { print $2 }' $CGROOT/ynl-max/sibling/memory.stat)" 0
	hold_finish
	sibling=$(awk '$1 == "zswap_max" { print $2 }' $CGROOT/ynl-max/sibling/memory.swap.events)
	parent=$(awk '$1 == "zswap_max" { print $2 }' $CGROOT/ynl-max/memory.swap.events)
	assert_equal "sibling $sibling, parent $parent" "sibling 0, parent 0"
	hold_start ynl-max/child --size 16
	# zswap takes a page, refuses the rest
	echo 16M > $CGROOT/ynl-max/child/memory.reclaim || true
	child=$(awk '$1 == "zswap_max" { print $2 }' $CGROOT/ynl-max/child/memory.swap.events)
	parent=$(awk '$1 == "zswap_max" { print $2 }' $CGROOT/ynl-max/memory.swap.events)
	sibling=$(awk '$1 == "zswap_max" { print $2 }' $CGROOT/ynl-max/sibling/memory.swap.events)
	echo "# zswap_max: child $child, parent $parent, sibling $sibling" >&3
	[ "$child" -gt 0 ] || fail "no refusal counted"
	assert_equal "parent $parent, sibling $sibling" "parent $child, sibling 0"
	hold_finish
}

@test "the series' kselftest: test_zswap (zswap_max event and the others)" {
	local src=$BUILD/src/7.2-patched/tools/testing/selftests
	[ -f "$src/cgroup/test_zswap.c" ] || fail "no $src: build the kernel first"
	grep -q test_zswap_max_event "$src/cgroup/test_zswap.c" || fail "$src is not the series' tree"
	local bin=$BATS_TEST_TMPDIR/test_zswap
	gcc -O2 -Wall -pthread -I"$src" -I"$src/cgroup/lib/include" -o "$bin" \
		"$src/cgroup/test_zswap.c" "$src/cgroup/lib/cgroup_util.c"
	# test_no_kmem_bypass raises min_free_kbytes to wake kswapd: the
	# guest's allocations without __GFP_NOWARN (the swap layer's swap
	# tables among them) may fail, and warn, while it runs
	expect_alloc_failures "test_zswap's test_no_kmem_bypass raises min_free_kbytes"
	run "$bin"
	expect_alloc_failures_end
	echo "$output"
	assert_line --regexp '^ok [0-9]+ test_zswap_max_event$'
}

# The series' YNL kselftest (tools/testing/selftests/net/nl_zswap.py of the
# patched tree, run in place with the tree's own YNL and spec): every case
# runs on this kernel and passes, none skipped
@test "the series' kselftest: nl_zswap.py (get, memcg-get do and dump, EPERM, cgroupns)" {
	local src=$BUILD/src/7.2-patched/tools/testing/selftests
	[ -f "$src/net/nl_zswap.py" ] || fail "no $src/net/nl_zswap.py: build the kernel first"
	run /usr/bin/python3 "$src/net/nl_zswap.py"
	echo "$output"
	# Its KTAP lines in the suite's TAP output, as comments
	sed 's/^/# /' <<<"$output" >&3
	assert_success
	assert_line 'TAP version 13'
	assert_line '1..9'
	local c n=0
	for c in get_params memcg_do memcg_dump_small_recv memcg_dump_pathless \
		 memcg_dump_reject_attr memcg_no_own_memcg memcg_unknown_id \
		 memcg_eperm memcg_cgroupns; do
		n=$((n + 1))
		assert_line "ok $n nl_zswap.$c"
	done
	refute_line --regexp '^not ok '
	refute_line --partial '# SKIP'
	assert_line '# Totals: pass:9 fail:0 xfail:0 xpass:0 skip:0 error:0'
	# Its cgroups are gone
	assert_equal "$(find $CGROOT -maxdepth 1 -name 'nl_zswap.*')" ''
}
