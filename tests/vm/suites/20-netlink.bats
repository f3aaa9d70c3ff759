#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0
# The "zswap" generic netlink family, driven by the kernel's own YNL client
# (tools/net/ynl/cli.py from linux-source-6.12) through kernel/spec/zswap.yaml:
# if these pass, the spec and the kernel agree. A dump paused between two
# reads needs finer control than YNL gives: tests/tools/dump-pause. On the
# stock kernel only the absence of the family is checked.

load helpers

setup() {
	require_guest
}

teardown() {
	hold_cleanup
	restore_params
	[ -z "${CHURN:-}" ] || { kill "$CHURN" 2>/dev/null; wait "$CHURN" 2>/dev/null; CHURN=; }
	[ -z "${LISTENER:-}" ] || { kill "$LISTENER" 2>/dev/null; wait "$LISTENER" 2>/dev/null; LISTENER=; }
	[ -z "${PAUSER:-}" ] || { kill "$PAUSER" 2>/dev/null; wait "$PAUSER" 2>/dev/null; PAUSER=; }
	cg_remove nl
	local d dirs=()
	for d in $CGROOT/nl-dump-* $CGROOT/nl-churn-* $CGROOT/nl-dp-*; do
		[ -d "$d" ] && dirs+=("$d")
	done
	# One rmdir for them all: a process each takes long in the guest
	[ ${#dirs[@]} = 0 ] || rmdir "${dirs[@]}" 2>/dev/null
	# The pages that kept the removed nl-dp-* memcgs dying
	[ -z "${DP_PAGES:-}" ] || rm -rf "$DP_PAGES"
	DP_PAGES=
	true
}

need_family() {
	is_patched || skip "the stock kernel has no zswap family"
}

YNL=(/usr/bin/python3 "$BUILD/ynl/tools/net/ynl/cli.py" --spec "$TOP/kernel/spec/zswap.yaml"
     --schema "$BUILD/ynl/Documentation/netlink/genetlink.yaml" --output-json)

ynl() { "${YNL[@]}" "$@"; }

# ynl as user nobody, with no capabilities
nobody_ynl() { setpriv --reuid=65534 --regid=65534 --clear-groups "${YNL[@]}" "$@"; }

# listening GROUP-ID: a generic netlink socket joined the group, whose bit
# is set in the Groups column of /proc/net/netlink.
listening() {
	local sk eth pid groups rest
	while read -r sk eth pid groups rest; do
		[ "$eth" = 16 ] && (( 0x$groups & (1 << (0x$1 - 1)) )) && return 0
	done < /proc/net/netlink
	return 1
}

# The global snapshot as JSON
nl_get() { ynl --do get; }

@test "the stock kernel has no zswap family" {
	is_patched && skip "patched kernel"
	run genl ctrl get name zswap
	assert_failure
}

@test "genl ctrl lists the family, its four commands and its events group" {
	need_family
	run genl ctrl get name zswap
	assert_success
	assert_output --partial "Name: zswap"
	assert_output --regexp "Version: 0x1 "
	for cmd in 1 2 3 4; do
		assert_output --regexp "#$cmd: +ID-0x$cmd"
	done
	assert_output --regexp "name: events"
}

@test "the family does not exist in another network namespace" {
	need_family
	run unshare -n genl ctrl get name zswap
	assert_failure
}

@test "get over netlink equals debugfs and the module parameters, with pages in zswap" {
	need_family
	cg_create nl 16M
	hold_start nl --size 64
	local json key file
	json=$(nl_get)
	echo "$json"
	for key in stored-pages zero-pages pool-total-size pool-limit-hit reject-reclaim-fail \
		   reject-alloc-fail reject-kmemcache-fail reject-compress-poor \
		   written-back-pages duplicate-entry; do
		file=${key//-/_}
		assert_equal "$key=$(jq -r ".\"$key\"" <<<"$json")" "$key=$(zswap_debug "$file")"
	done
	[ "$(jq '."stored-pages"' <<<"$json")" -gt 1000 ] || fail "too little in zswap to compare"
	assert_equal "$(jq -r .compressor <<<"$json")" "$(zswap_param compressor)"
	assert_equal "$(jq -r .zpool <<<"$json")" "$(zswap_param zpool)"
	assert_equal "$(jq -r '."max-pool-percent"' <<<"$json")" "$(zswap_param max_pool_percent)"
	assert_equal "$(jq -r '."accept-threshold-percent"' <<<"$json")" \
		"$(zswap_param accept_threshold_percent)"
	assert_equal "$(jq -r .enabled <<<"$json")" 1
	local ram
	ram=$(awk '$1 == "MemTotal:" { print $2 * 1024 }' /proc/meminfo)
	assert_equal "$(jq -r '."pool-limit-bytes"' <<<"$json")" \
		"$(( ram / 4096 * $(zswap_param max_pool_percent) / 100 * 4096 ))"
}

@test "memcg-get over netlink equals memory.stat and memory.zswap.* of the cgroup" {
	need_family
	cg_create nl 16M
	echo 1G > $CGROOT/nl/memory.zswap.max
	hold_start nl --size 64 --mix 2:0:1:1
	local id json
	id=$(stat -c %i $CGROOT/nl)
	json=$(ynl --do memcg-get --json "{\"id\": $id}")
	echo "$json"
	assert_equal "$(jq -r .id <<<"$json")" "$id"
	assert_equal "$(jq -r .path <<<"$json")" /nl
	assert_equal "$(jq -r '."compressed-bytes"' <<<"$json")" "$(cat $CGROOT/nl/memory.zswap.current)"
	assert_equal "$(jq -r '."stored-pages"' <<<"$json")" "$(($(cg_stat nl zswapped) / 4096))"
	assert_equal "$(jq -r .zswpin <<<"$json")" "$(cg_stat nl zswpin)"
	assert_equal "$(jq -r .zswpout <<<"$json")" "$(cg_stat nl zswpout)"
	assert_equal "$(jq -r '."zswap-max"' <<<"$json")" "$(cat $CGROOT/nl/memory.zswap.max)"
	# Half the pages are zero pages; the rest of the program is not.
	local zero stored
	zero=$(jq -r '."zero-pages"' <<<"$json")
	stored=$(jq -r '."stored-pages"' <<<"$json")
	[ "$zero" -gt $((stored / 3)) ] && [ "$zero" -lt "$stored" ] ||
		fail "zero-pages $zero of $stored stored"
}

@test "set compressor over netlink shows in sysfs and reaches a subscribed listener" {
	need_family
	set_param compressor lzo
	local grp log=$BATS_TEST_TMPDIR/events
	grp=$(genl ctrl get name zswap | sed -n 's/.*#1: *ID-0x\([0-9a-f]*\) *name: events.*/\1/p')
	ynl --subscribe events --sleep 20 > "$log" 2>&1 &
	LISTENER=$!
	# Wait until the listener joined the group (a bit in /proc/net/netlink).
	local i
	for i in $(seq 200); do
		listening "$grp" && break
		sleep 0.1
	done
	run ynl --do set --json '{"compressor": "zstd"}'
	assert_success
	assert_equal "$(zswap_param compressor)" zstd
	assert_equal "$(nl_get | jq -r .compressor)" zstd
	wait "$LISTENER"
	LISTENER=
	cat "$log"
	# The notifications as they came (ynl prints them as one JSON list,
	# last): the kernel sends a compressor set's pending events in the
	# order pool-switched, params-changed (zswap-genl(7), EVENTS), each
	# with the state after the set.
	run -0 jq -r '.[] | "\(.name) \(.msg.event) \(.msg.compressor)"' <<<"$(tail -n 1 "$log")"
	assert_output "event pool-switched zstd
event params-changed zstd"
}

@test "set every parameter over netlink; sysfs agrees" {
	need_family
	set_param compressor lzo
	set_param zpool zbud
	set_param max_pool_percent 20
	set_param accept_threshold_percent 90
	run ynl --do set --json '{"zpool": "zsmalloc", "compressor": "lz4",
		"max-pool-percent": 33, "accept-threshold-percent": 77}'
	assert_success
	assert_equal "$(zswap_param zpool)" zsmalloc
	assert_equal "$(zswap_param compressor)" lz4
	assert_equal "$(zswap_param max_pool_percent)" 33
	assert_equal "$(zswap_param accept_threshold_percent)" 77
	set_param enabled Y
	run ynl --do set --json '{"enabled": 0}'
	assert_success
	assert_equal "$(zswap_param enabled)" N
	assert_equal "$(nl_get | jq .enabled)" 0
}

@test "memcg-set over netlink sets memory.zswap.max" {
	need_family
	cg_create nl
	local id
	id=$(stat -c %i $CGROOT/nl)
	run ynl --do memcg-set --json "{\"id\": $id, \"zswap-max\": 3145728}"
	assert_success
	assert_equal "$(cat $CGROOT/nl/memory.zswap.max)" 3145728
	run ynl --do memcg-set --json "{\"id\": $id, \"zswap-max\": 18446744073709551615}"
	assert_success
	assert_equal "$(cat $CGROOT/nl/memory.zswap.max)" max
}

# Each bad request gets its own message, names the attribute, changes nothing.
@test "bad requests are refused with a clear extack and change nothing" {
	need_family
	set_param compressor lzo
	set_param zpool zbud
	set_param max_pool_percent 20
	local before
	before=$(cat $ZSWAP_PARAMS/*)
	run ynl --do set --json '{"compressor": "no-such-alg"}'
	assert_failure
	assert_output --partial "'msg': 'unknown compressor'"
	assert_output --partial "'bad-attr': '.compressor'"
	run ynl --do set --json '{"zpool": "no-such-pool"}'
	assert_failure
	assert_output --partial "'msg': 'unknown zpool'"
	run ynl --do set --json '{"max-pool-percent": 101}'
	assert_failure
	assert_output --partial "'bad-attr': '.max-pool-percent'"
	assert_output --partial "'max-value': 100"
	run ynl --do set --json '{"accept-threshold-percent": 4294967295}'
	assert_failure
	assert_output --partial "'bad-attr': '.accept-threshold-percent'"
	# A valid compressor with a bad percent: neither is applied.
	run ynl --do set --json '{"compressor": "lz4", "enabled": 2}'
	assert_failure
	assert_output --partial "'bad-attr': '.enabled'"
	run ynl --do set --json '{}'
	assert_failure
	assert_output --partial "no parameter to set"
	run ynl --do memcg-get --json '{"id": 999999}'
	assert_failure
	assert_output --partial "'msg': 'no cgroup with this id'"
	run ynl --do memcg-set --json '{"id": 1, "zswap-max": 0}'
	assert_failure
	assert_output --partial "the root cgroup has no memory.zswap.max"
	assert_equal "$(cat $ZSWAP_PARAMS/*)" "$before"
}

@test "a user without CAP_NET_ADMIN can read, and every set fails with EPERM" {
	need_family
	cg_create nl
	local id before
	id=$(stat -c %i $CGROOT/nl)
	before=$(cat $ZSWAP_PARAMS/* $CGROOT/nl/memory.zswap.max)
	run nobody_ynl --do get
	assert_success
	assert_output --partial '"compressor"'
	run nobody_ynl --do memcg-get --json "{\"id\": $id}"
	assert_success
	run nobody_ynl --do set --json '{"compressor": "zstd"}'
	assert_failure
	assert_output --partial "error: -1"
	run nobody_ynl --do set --json '{"max-pool-percent": 5}'
	assert_failure
	assert_output --partial "error: -1"
	run nobody_ynl --do memcg-set --json "{\"id\": $id, \"zswap-max\": 0}"
	assert_failure
	assert_output --partial "error: -1"
	assert_equal "$(cat $ZSWAP_PARAMS/* $CGROOT/nl/memory.zswap.max)" "$before"
}

# mkdirs_in_id_order PREFIX N: create PREFIX-001 .. PREFIX-N (zero-padded,
# so that a glob lists them in creation order) one after the other, and
# check that their cgroup ids (inode numbers) grow in that order: the
# tests below rely on "created after" meaning "a larger id".
mkdirs_in_id_order() {
	# One mkdir, which creates them in the order of its arguments
	mkdir $(seq -f "$CGROOT/$1-%03g" "$2")
	stat -c '%i %n' "$CGROOT/$1"-* |
		awk 'NR > 1 && $1 <= prev { print "id " $1 " of " $2 " after " prev; bad = 1 }
		     { prev = $1 } END { exit bad }' ||
		fail "cgroup ids do not grow in creation order"
}

# nr_dying: removed cgroups that the kernel still holds
nr_dying() { awk '$1 == "nr_dying_descendants" { print $2 }' "$CGROOT/cgroup.stat"; }

# ids_of PATH...: the cgroup ids, one a line
ids_of() { [ $# = 0 ] || stat -c %i "$@"; }

# check_dump IDS_FILE SURVIVORS GONE: IDS_FILE (the ids of one dump, in
# the order they came) is in strictly increasing order, holds each id of
# the file SURVIVORS exactly once and none of the file GONE.
check_dump() {
	local ids=$1 survivors=$2 gone=$3 missing present
	awk 'NR > 1 && $1 <= prev { print "id " $1 " after " prev; bad = 1 }
	     { prev = $1 } END { exit bad }' "$ids" || fail "the dump is not in strictly increasing id order"
	missing=$(comm -23 <(sort "$survivors") <(sort "$ids"))
	[ -z "$missing" ] || fail "survivors missing from the dump: $(echo $missing)"
	present=$(comm -12 <(sort "$gone") <(sort "$ids"))
	[ -z "$present" ] || fail "removed cgroups in the dump: $(echo $present)"
}

# Survivors and removed cgroups alternate in id order (every other one of
# 400 is removed while the dumps run, beside cgroups that come and go
# above them), so each dump meets removed ids between the survivors and
# must resume after a cursor whose cgroup may be gone.
@test "a dump over 200 memcgs under create/remove churn returns each survivor once" {
	need_family
	mkdirs_in_id_order nl-dump 400
	local survivors=$BATS_TEST_TMPDIR/survivors doomed=() i
	ids_of "$CGROOT"/nl-dump-*[13579] > "$survivors"
	assert_equal "$(wc -l < "$survivors")" 200
	for i in "$CGROOT"/nl-dump-*[02468]; do
		doomed+=("$i")
	done
	local round json gone=$BATS_TEST_TMPDIR/gone ids=$BATS_TEST_TMPDIR/ids doomed_ids
	doomed_ids=$(ids_of "${doomed[@]}" | paste -d ' ' - <(printf '%s\n' "${doomed[@]}"))
	# Churn: the doomed ones go one every 0.15 s, through the first dumps,
	# and others come and go meanwhile. In perl: a process for each mkdir
	# and rmdir would take the guest's CPUs from the dumps.
	perl -e '
		my ($root, @doomed) = @ARGV;
		for (my $n = 1; ; $n++) {
			mkdir "$root/nl-churn-" . ($n % 40);
			rmdir "$root/nl-churn-" . (($n + 20) % 40);
			rmdir $doomed[$n - 1] if $n <= @doomed;
			select(undef, undef, undef, 0.15);
		}' "$CGROOT" "${doomed[@]}" &
	CHURN=$!
	for round in 1 2 3; do
		# The doomed cgroups gone before the dump starts: rmdir takes
		# the id away before the folder, so none of them may appear.
		while read -r i d; do
			[ -d "$d" ] || echo "$i"
		done <<<"$doomed_ids" > "$gone"
		json=$(ynl --dump memcg-get)
		jq -r '.[].id' <<<"$json" > "$ids"
		echo "# round $round: $(wc -l < "$gone") of 200 removed before the dump, $(wc -l < "$ids") memcgs in it" >&3
		check_dump "$ids" "$survivors" "$gone"
	done
}

# A dump stopped after its first part (tests/tools/dump-pause) while its
# cursor's cgroup and the 40 survivors after it are removed: it resumes
# after a removed id, meets more than a batch of the kernel's
# (ZSWAP_NL_DUMP_BATCH, 32) of removed ids in a row, and must still go on
# to the survivors after them and end with DONE.
@test "a paused dump resumes after its removed cursor and 40 removed survivors, each survivor once" {
	need_family
	[ -x "$BUILD/tools/dump-pause" ] || fail "no $BUILD/tools/dump-pause: run 'make tools'"
	mkdirs_in_id_order nl-dp 200
	# A page of tmpfs charged to each: a removed one stays a dying memcg,
	# which mem_cgroup_iter() still walks, so the kernel does meet the
	# removed ids (a memcg freed at once would simply not be there).
	DP_PAGES=$(mktemp -d "$BATS_TEST_TMPDIR/dp-pages.XXXXXX")
	(
		for d in "$CGROOT"/nl-dp-*; do
			echo $BASHPID > "$d/cgroup.procs"
			printf '%4096s' x > "$DP_PAGES/${d##*/}"
		done
		echo $BASHPID > "$CGROOT/cgroup.procs"
	)
	local d=$CGROOT/nl-dp-001
	[ "$(cat "$d/memory.current")" -gt 0 ] || fail "nothing charged to $d"
	# Every other one goes before the dump starts.
	local before=$BATS_TEST_TMPDIR/removed-before survivors=$BATS_TEST_TMPDIR/survivors
	ids_of "$CGROOT"/nl-dp-*[02468] > "$before"
	rmdir "$CGROOT"/nl-dp-*[02468]
	ids_of "$CGROOT"/nl-dp-* > "$survivors"

	local out=$BATS_TEST_TMPDIR/pause.out fifo=$BATS_TEST_TMPDIR/go go cursor
	mkfifo "$fifo"
	"$BUILD/tools/dump-pause" < "$fifo" > "$out" 2>&1 &
	PAUSER=$!
	exec {go}> "$fifo"
	wait_for_line "$out" '^(paused|error) ' 120
	cat "$out"
	cursor=$(sed -n 's/^paused //p' "$out")
	[ -n "$cursor" ] || fail "dump-pause did not pause"
	grep -qx "$cursor" "$survivors" || fail "the first part ended at id $cursor, not at an nl-dp cgroup"
	# The cursor's cgroup and the next 40 survivors after it
	local during=$BATS_TEST_TMPDIR/removed-during victims
	awk -v c="$cursor" '$1 >= c' "$survivors" | head -n 41 > "$during"
	assert_equal "$(wc -l < "$during")" 41
	victims=$(stat -c '%i %n' "$CGROOT"/nl-dp-* | awk 'NR == FNR { v[$1]; next } $1 in v { print $2 }' "$during" -)
	# shellcheck disable=SC2086 # paths without spaces
	rmdir $victims
	# Each of the 141 removed stays a dying memcg, held by its page: the
	# kernel will walk them
	[ "$(nr_dying)" -ge 141 ] || fail "only $(nr_dying) dying memcgs, 141 removed"
	echo go >&"$go"
	exec {go}>&-
	local status=0
	wait "$PAUSER" || status=$?
	PAUSER=
	cat "$out"
	assert_equal "dump-pause exit $status" "dump-pause exit 0"
	assert_equal "$(tail -n 1 "$out")" done
	# The first part, read again, is what was peeked
	assert_equal "$(sed -n 's/^memcg //p' "$out" | head -n "$(grep -c '^first ' "$out")")" \
		"$(sed -n 's/^first //p' "$out")"
	local ids=$BATS_TEST_TMPDIR/ids alive=$BATS_TEST_TMPDIR/alive gone=$BATS_TEST_TMPDIR/gone
	sed -n 's/^memcg \([0-9]*\) .*/\1/p' "$out" > "$ids"
	ids_of "$CGROOT"/nl-dp-* > "$alive"
	assert_equal "$(wc -l < "$alive")" 59
	# Removed before the dump, or removed after the cursor while it
	# paused: never in it. The cursor's own cgroup came in the first part.
	{ cat "$before"; awk -v c="$cursor" '$1 > c' "$during"; } > "$gone"
	check_dump "$ids" "$alive" "$gone"
	assert_equal "$(grep -cx "$cursor" "$ids")" 1
	echo "# cursor $cursor after $(grep -c '^first ' "$out") memcgs, $(wc -l < "$ids") in the dump" >&3
}
