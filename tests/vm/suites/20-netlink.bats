#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0
# The "zswap" generic netlink family, driven by the kernel's own YNL client
# (tools/net/ynl/cli.py from linux-source-6.12) through kernel/spec/zswap.yaml:
# if these pass, the spec and the kernel agree. On the stock kernel only the
# absence of the family is checked.

load helpers

setup() {
	require_guest
}

teardown() {
	hold_cleanup
	restore_params
	[ -z "${CHURN:-}" ] || { kill "$CHURN" 2>/dev/null; wait "$CHURN" 2>/dev/null; CHURN=; }
	[ -z "${LISTENER:-}" ] || { kill "$LISTENER" 2>/dev/null; wait "$LISTENER" 2>/dev/null; LISTENER=; }
	cg_remove nl
	local d
	for d in $CGROOT/nl-dump-* $CGROOT/nl-churn-*; do
		[ -d "$d" ] && rmdir "$d" 2>/dev/null
	done
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
	grep -q '"event": "pool-switched"' "$log" || fail "no pool-switched event"
	grep -q '"event": "params-changed"' "$log" || fail "no params-changed event"
	grep -q '"compressor": "zstd"' "$log" || fail "the event does not carry the new compressor"
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

@test "a dump over 200 memcgs under create/remove churn returns each survivor once" {
	need_family
	local i
	for i in $(seq 200); do
		mkdir $CGROOT/nl-dump-$i
	done
	# Churn: other cgroups come and go while the dumps run.
	(
		n=0
		while :; do
			n=$((n + 1))
			mkdir $CGROOT/nl-churn-$((n % 40)) 2>/dev/null
			rmdir $CGROOT/nl-churn-$(((n + 20) % 40)) 2>/dev/null
		done
	) &
	CHURN=$!
	local round json
	for round in 1 2 3; do
		json=$(ynl --dump memcg-get)
		# Every one of the 200 survivors, exactly once.
		run jq -r '[.[] | select(.path | startswith("/nl-dump-"))] | length' <<<"$json"
		assert_output 200
		run jq -r '[.[].id] | length == (unique | length)' <<<"$json"
		assert_output true
		# In cgroup id order.
		run jq -r '[.[].id] == ([.[].id] | sort)' <<<"$json"
		assert_output true
	done
}
