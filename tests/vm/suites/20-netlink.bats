#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0
# The "zswap" generic netlink family, driven by the kernel's own YNL client
# (tools/net/ynl/cli.py from linux-source-6.12) through kernel/spec/zswap.yaml
# (plain genetlink): if these pass, the spec and the kernel agree. A dump
# paused between two reads needs finer control than YNL gives:
# tests/tools/dump-pause. On the stock kernel only the absence of the
# family is checked.

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
	[ -z "${NSHOLDER:-}" ] || { kill "$NSHOLDER" 2>/dev/null; wait "$NSHOLDER" 2>/dev/null; NSHOLDER=; }
	[ -z "${MONITOR:-}" ] || { kill "$MONITOR" 2>/dev/null; wait "$MONITOR" 2>/dev/null; MONITOR=; }
	local m
	# Each a subshell running "as", the monitor its child
	for m in ${MONITORS:-}; do
		pkill -P "$m" 2>/dev/null
		kill "$m" 2>/dev/null
		wait "$m" 2>/dev/null
	done
	MONITORS=
	counters_cleanup
	cg_remove nl
	cg_remove nl-max
	[ ! -d $CGROOT/nl-ns ] || rmdir $CGROOT/nl-ns/*/ $CGROOT/nl-ns 2>/dev/null || true
	[ ! -d $CGROOT/nl-out ] || rmdir $CGROOT/nl-out || true
	deep_remove || true
	local d dirs=()
	for d in $CGROOT/nl-dump-* $CGROOT/nl-churn-* $CGROOT/nl-dp-* $CGROOT/nl-after-*; do
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

ZSWAPCTL=$BUILD/bin/zswapctl
YNL_SCHEMA=$BUILD/ynl/Documentation/netlink/genetlink.yaml
YNL=(/usr/bin/python3 "$BUILD/ynl/tools/net/ynl/cli.py" --spec "$TOP/kernel/spec/zswap.yaml"
     --schema "$YNL_SCHEMA" --output-json)

ynl() { "${YNL[@]}" "$@"; }
# YNL without checking the spec against the schema each time (slow in the
# guest; the tests above and tests/host/spec.bats check it)
YNLQ=("${YNL[@]}" --no-schema)

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

# The commands a client sends: get (1), memcg-get (2) and set (4); event
# (3) and memcg-event (5) are notifications, which no op table lists. No
# command writes a cgroup's files: memory.zswap.max and
# memory.zswap.writeback are set through cgroupfs.
@test "genl ctrl lists the family, its three commands and its two groups" {
	need_family
	run genl ctrl get name zswap
	assert_success
	assert_output --partial "Name: zswap"
	assert_output --regexp "Version: 0x1 "
	local cmd cmds
	# the op table alone: the groups below it have IDs of their own
	cmds=$(sed -n '/commands supported/,/multicast groups/p' <<<"$output")
	[ -n "$cmds" ] || fail "no op table in: $output"
	for cmd in 1 2 4; do
		grep -qE "#[0-9]+: +ID-0x$cmd\b" <<<"$cmds" || fail "no command $cmd in: $cmds"
	done
	for cmd in 3 5 6; do
		! grep -qE "ID-0x$cmd\b" <<<"$cmds" || fail "command $cmd listed: $cmds"
	done
	assert_output --regexp "name: events"
	assert_output --regexp "name: memcg-events"
}

# The family is in every network namespace and shows the same there: its
# figures are world-readable anyway, and set's check is of the initial
# user namespace, which another network namespace does not change.
@test "another network namespace sees the family and the same figures; set there still needs CAP_SYS_ADMIN" {
	need_family
	set_param max_pool_percent 20
	run -0 unshare -n genl ctrl get name zswap
	assert_output --partial "Name: zswap"
	run -0 unshare -n "${YNLQ[@]}" --do get
	assert_equal "$(jq -r '."max-pool-percent"' <<<"$output")" 20
	assert_equal "$(jq -r .compressor <<<"$output")" "$(zswap_param compressor)"
	run -0 unshare -n "${YNLQ[@]}" --do set --json '{"max-pool-percent": 21}'
	assert_equal "$(zswap_param max_pool_percent)" 21
	run unshare -n setpriv --inh-caps=-sys_admin --bounding-set=-sys_admin \
		"${YNLQ[@]}" --do set --json '{"max-pool-percent": 22}'
	assert_failure
	assert_output --partial "'msg': 'changing zswap needs CAP_SYS_ADMIN'"
	assert_equal "$(zswap_param max_pool_percent)" 21
}

# Each counter the workload can drive is driven to a value of its own
# first (counters_drive): a reply that swapped two of them, or sent one in
# the place of another, differs from debugfs. reject-alloc-fail and
# reject-kmemcache-fail count allocations that failed, which the guest's
# kernels cannot make fail (no CONFIG_FAILSLAB or CONFIG_FAIL_PAGE_ALLOC):
# compared as they are, 0 where nothing failed.
@test "get over netlink equals debugfs and the module parameters, with pages in zswap" {
	need_family
	counters_drive nl
	hold_start nl --size 64
	local json key file driven=()
	json=$(nl_get)
	echo "$json"
	for file in $(counters_driven); do
		driven+=("$file=$(jq -r ".\"${file//_/-}\"" <<<"$json")")
	done
	echo "# driven: ${driven[*]}" >&3
	assert_distinct "${driven[@]}"
	for key in stored-pages zero-pages pool-total-size pool-limit-hit reject-reclaim-fail \
		   reject-alloc-fail reject-kmemcache-fail reject-compress-poor \
		   written-back-pages duplicate-entry decompress-fail reject-compress-fail \
		   stored-incompressible-pages; do
		file=${key//-/_}
		case $key in
		zero-pages|duplicate-entry|decompress-fail|stored-incompressible-pages)
			# A figure this kernel line has not: absent from both
			if ! line_has "$key"; then
				assert_equal "$key in reply: $(jq "has(\"$key\")" <<<"$json")" \
					"$key in reply: false"
				[ ! -e "/sys/kernel/debug/zswap/$file" ] ||
					fail "debugfs has $file, the reply not"
				continue
			fi ;;
		esac
		assert_equal "$key=$(jq -r ".\"$key\"" <<<"$json")" "$key=$(zswap_debug "$file")"
	done
	[ "$(jq '."stored-pages"' <<<"$json")" -gt "$(least_stored)" ] ||
		fail "too little in zswap to compare"
	assert_equal "$(jq -r .compressor <<<"$json")" "$(zswap_param compressor)"
	if line_has zpool; then
		assert_equal "$(jq -r .zpool <<<"$json")" "$(zswap_param zpool)"
	else
		assert_equal "zpool in reply: $(jq 'has("zpool")' <<<"$json")" "zpool in reply: false"
		[ ! -e "$ZSWAP_PARAMS/zpool" ] || fail "a zpool parameter, and no zpool in the reply"
	fi
	assert_equal "$(jq -r '."max-pool-percent"' <<<"$json")" "$(zswap_param max_pool_percent)"
	assert_equal "$(jq -r '."accept-threshold-percent"' <<<"$json")" \
		"$(zswap_param accept_threshold_percent)"
	assert_equal "$(jq -r .enabled <<<"$json")" 1
	if line_has shrinker-enabled; then
		assert_equal "$(jq -r '."shrinker-enabled"' <<<"$json")" \
			"$(sed 's/Y/1/; s/N/0/' "$ZSWAP_PARAMS/shrinker_enabled")"
	else
		assert_equal "shrinker-enabled in reply: $(jq 'has("shrinker-enabled")' <<<"$json")" \
			"shrinker-enabled in reply: false"
	fi
	local ram
	ram=$(awk '$1 == "MemTotal:" { print $2 * 1024 }' /proc/meminfo)
	assert_equal "$(jq -r '."pool-limit-bytes"' <<<"$json")" \
		"$(( ram / 4096 * $(zswap_param max_pool_percent) / 100 * 4096 ))"
}

# The cgroup's counters that a workload can drive, each to a value of its
# own first (counters_drive), so that a reply that swapped two differs
# from memory.stat; its refusals for a failed allocation cannot be made to
# happen in the guest (no CONFIG_FAILSLAB or CONFIG_FAIL_PAGE_ALLOC), and
# are compared as they are.
@test "memcg-get over netlink equals memory.stat and memory.zswap.* of the cgroup" {
	need_family
	counters_drive nl
	echo 1G > $CGROOT/nl/memory.zswap.max
	hold_start nl --size 64 --mix 2:0:1:1
	local id json key driven=()
	id=$(stat -c %i $CGROOT/nl)
	json=$(ynl --do memcg-get --json "{\"id\": $id}")
	echo "$json"
	for key in $(cg_counters_driven); do
		key=${key#zswap_}
		driven+=("$key=$(jq -r ".\"${key//_/-}\"" <<<"$json")")
	done
	echo "# driven: ${driven[*]}" >&3
	[ ${#driven[@]} -gt 0 ] || is_debug || fail "no counter of the cgroup driven on this line"
	assert_distinct "${driven[@]}"
	assert_equal "$(jq -r .id <<<"$json")" "$id"
	assert_equal "$(jq -r .path <<<"$json")" /nl
	assert_equal "$(jq -r '."compressed-bytes"' <<<"$json")" "$(cat $CGROOT/nl/memory.zswap.current)"
	assert_equal "$(jq -r '."stored-pages"' <<<"$json")" "$(($(cg_stat nl zswapped) / 4096))"
	assert_equal "$(jq -r .zswpin <<<"$json")" "$(cg_stat nl zswpin)"
	assert_equal "$(jq -r .zswpout <<<"$json")" "$(cg_stat nl zswpout)"
	assert_equal "$(jq -r '."zswap-max"' <<<"$json")" "$(cat $CGROOT/nl/memory.zswap.max)"
	# What the series adds after the family: the writeback counter and
	# setting, and the refused stores by reason
	assert_equal "$(jq -r .zswpwb <<<"$json")" "$(cg_stat nl zswpwb)"
	assert_equal "$(jq -r .writeback <<<"$json")" "$(cat $CGROOT/nl/memory.zswap.writeback)"
	assert_equal "$(jq -r '."writeback-effective"' <<<"$json")" 1
	local r
	for r in zswap-max pool-limit incompressible alloc-fail; do
		if line_has memcg-rejects; then
			assert_equal "reject-$r=$(jq -r ".\"reject-$r\"" <<<"$json")" \
				"reject-$r=$(cg_stat nl "zswap_reject_${r//-/_}")"
		else
			assert_equal "reject-$r in reply: $(jq "has(\"reject-$r\")" <<<"$json")" \
				"reject-$r in reply: false"
		fi
	done
	# Half the pages are zero pages; the rest of the program is not. A
	# line whose swap layer keeps zero pages stores none of them.
	local zero stored
	stored=$(jq -r '."stored-pages"' <<<"$json")
	if line_has zero-pages; then
		zero=$(jq -r '."zero-pages"' <<<"$json")
		[ "$zero" -gt $((stored / 3)) ] && [ "$zero" -lt "$stored" ] ||
			fail "zero-pages $zero of $stored stored"
	else
		assert_equal "zero-pages in reply: $(jq 'has("zero-pages")' <<<"$json")" \
			"zero-pages in reply: false"
		[ "$stored" -gt 0 ] || fail "nothing stored to compare"
	fi
}

@test "set compressor over netlink shows in sysfs and reaches a subscribed listener" {
	need_family
	set_param compressor lzo
	local grp log=$BATS_TEST_TMPDIR/events
	grp=$(genl ctrl get name zswap | sed -n 's/.*#1: *ID-0x\([0-9a-f]*\) *name: events.*/\1/p')
	# The listener waits for the two events a compressor set sends.
	/usr/bin/python3 "$TOP/tests/tools/ynl-listen.py" "$BUILD/ynl/tools/net/ynl" \
		"$TOP/kernel/spec/zswap.yaml" "$YNL_SCHEMA" \
		events 2 > "$log" 2>&1 &
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
	local rc=0
	wait "$LISTENER" || rc=$?
	LISTENER=
	cat "$log"
	assert_equal "$rc" 0
	# The notifications as they came (ynl prints them as one JSON list,
	# last): the kernel sends a compressor set's pending events in the
	# order pool-switched, params-changed (zswap-genl(7), EVENTS), each
	# with the state after the set.
	run -0 jq -r '.[] | "\(.name) \(.msg."event-type") \(.msg.compressor)"' <<<"$(tail -n 1 "$log")"
	assert_output "event pool-switched zstd
event params-changed zstd"
}

@test "set every parameter over netlink; sysfs agrees" {
	need_family
	set_param compressor lzo
	set_param max_pool_percent 20
	set_param accept_threshold_percent 90
	# A line without a zpool layer has every parameter but that one
	local zpool=
	if line_has zpool; then
		set_param zpool zbud
		zpool='"zpool": "zsmalloc",'
	fi
	run ynl --do set --json "{$zpool \"compressor\": \"lz4\",
		\"max-pool-percent\": 33, \"accept-threshold-percent\": 77}"
	assert_success
	! line_has zpool || assert_equal "$(zswap_param zpool)" zsmalloc
	assert_equal "$(zswap_param compressor)" lz4
	assert_equal "$(zswap_param max_pool_percent)" 33
	assert_equal "$(zswap_param accept_threshold_percent)" 77
	set_param enabled Y
	run ynl --do set --json '{"enabled": 0}'
	assert_success
	assert_equal "$(zswap_param enabled)" N
	assert_equal "$(nl_get | jq .enabled)" 0
}

# A cgroup's memory.zswap.max and memory.zswap.writeback have no command:
# they are set through their files, which apply the file's mode,
# delegation and security modules. Root whose CAP_DAC_OVERRIDE is gone, and
# so may not write a 0444 file it owns, changes neither, even with
# CAP_SYS_ADMIN, the capability the family's set asks for: zswapctl, which
# writes the files, is refused (the earlier draft's memcg-set, which
# zswapctl used, changed them with CAP_SYS_ADMIN alone).
@test "a file mode that refuses the caller keeps memory.zswap.max and writeback as they are" {
	need_family
	cg_create nl
	local f
	for f in memory.zswap.max memory.zswap.writeback; do
		chmod 0444 "$CGROOT/nl/$f"
	done
	run -2 --separate-stderr setpriv --inh-caps=-dac_override,-dac_read_search,-fowner \
		--bounding-set=-dac_override,-dac_read_search,-fowner \
		"$ZSWAPCTL" --source netlink set cgroup /nl max 3M
	[[ $stderr == *"Permission denied"* ]] || fail "zswapctl said: $stderr"
	assert_equal "$(cat $CGROOT/nl/memory.zswap.max)" max
	run -2 --separate-stderr setpriv --inh-caps=-dac_override,-dac_read_search,-fowner \
		--bounding-set=-dac_override,-dac_read_search,-fowner \
		"$ZSWAPCTL" --source netlink set cgroup /nl writeback 0
	[[ $stderr == *"Permission denied"* ]] || fail "zswapctl said: $stderr"
	assert_equal "$(cat $CGROOT/nl/memory.zswap.writeback)" 1
	# With the file's write bit back, the same caller changes both
	for f in memory.zswap.max memory.zswap.writeback; do
		chmod 0644 "$CGROOT/nl/$f"
	done
	run -0 setpriv --inh-caps=-dac_override,-dac_read_search,-fowner \
		--bounding-set=-dac_override,-dac_read_search,-fowner \
		"$ZSWAPCTL" --source netlink set cgroup /nl max 3M
	assert_equal "$(cat $CGROOT/nl/memory.zswap.max)" 3145728
}

# nl_refused ERRNO MSG BAD-ATTR ARGS...: YNL's request ARGS is refused with
# error -ERRNO and the extack message MSG, which names the attribute
# BAD-ATTR (unless it is empty), and every parameter stays as it was
nl_refused() {
	local errno=$1 msg=$2 attr=$3 before
	shift 3
	before=$(cat $ZSWAP_PARAMS/*)
	run "${YNLQ[@]}" "$@"
	assert_failure
	assert_output --regexp "error: -$errno([^0-9]|$)"
	[ -z "$msg" ] || assert_output --partial "'msg': '$msg'"
	[ -z "$attr" ] || assert_output --partial "'bad-attr': '.$attr'"
	assert_equal "$(cat $ZSWAP_PARAMS/*)" "$before"
}

# Each bad request gets its own error and message, names the attribute,
# changes nothing; and the same request made valid (the control) is
# accepted, so that a request cannot pass as refused because every request
# fails. ENOENT for a name or an id that is not there, ERANGE for a number
# past its policy's bound, EINVAL for a request with nothing to do or with
# an attribute the command has no use for, EOPNOTSUPP for what this kernel
# line has not.
@test "bad requests are refused with a clear extack and change nothing" {
	need_family
	set_param compressor lzo
	! line_has zpool || set_param zpool zbud
	set_param max_pool_percent 20
	set_param accept_threshold_percent 90
	set_param enabled Y
	! line_has shrinker-enabled || set_param shrinker_enabled N
	cg_create nl
	local before
	before=$(cat $ZSWAP_PARAMS/*)

	nl_refused 2 "unknown compressor" compressor --do set --json '{"compressor": "no-such-alg"}'
	run -0 "${YNLQ[@]}" --do set --json '{"compressor": "lz4"}'
	assert_equal "$(zswap_param compressor)" lz4
	echo lzo > $ZSWAP_PARAMS/compressor

	if line_has zpool; then
		nl_refused 2 "unknown zpool" zpool --do set --json '{"zpool": "no-such-pool"}'
		run -0 "${YNLQ[@]}" --do set --json '{"zpool": "zsmalloc"}'
		assert_equal "$(zswap_param zpool)" zsmalloc
		echo zbud > $ZSWAP_PARAMS/zpool
	else
		# No zpool layer: any zpool, zsmalloc too, is refused as such;
		# the same request without it is taken
		nl_refused 95 "this kernel has no zpool layer: zswap stores in zsmalloc" zpool \
			--do set --json '{"zpool": "no-such-pool"}'
		nl_refused 95 "this kernel has no zpool layer: zswap stores in zsmalloc" zpool \
			--do set --json '{"zpool": "zsmalloc", "compressor": "lz4"}'
		run -0 "${YNLQ[@]}" --do set --json '{"compressor": "lz4"}'
		assert_equal "$(zswap_param compressor)" lz4
		echo lzo > $ZSWAP_PARAMS/compressor
	fi

	# The policy's bound, with its value in the extack
	nl_refused 34 "integer out of range" max-pool-percent --do set --json '{"max-pool-percent": 101}'
	assert_output --partial "'max-value': 100"
	run -0 "${YNLQ[@]}" --do set --json '{"max-pool-percent": 100}'
	assert_equal "$(zswap_param max_pool_percent)" 100
	echo 20 > $ZSWAP_PARAMS/max_pool_percent

	nl_refused 34 "integer out of range" accept-threshold-percent \
		--do set --json '{"accept-threshold-percent": 4294967295}'
	run -0 "${YNLQ[@]}" --do set --json '{"accept-threshold-percent": 100}'
	assert_equal "$(zswap_param accept_threshold_percent)" 100
	echo 90 > $ZSWAP_PARAMS/accept_threshold_percent

	# A valid compressor with a bad enabled: neither is applied
	nl_refused 34 "integer out of range" enabled --do set --json '{"compressor": "lz4", "enabled": 2}'
	run -0 "${YNLQ[@]}" --do set --json '{"compressor": "lz4", "enabled": 1}'
	assert_equal "$(zswap_param compressor) $(zswap_param enabled)" "lz4 Y"
	echo lzo > $ZSWAP_PARAMS/compressor

	nl_refused 22 "no parameter to set" "" --do set --json '{}'
	run -0 "${YNLQ[@]}" --do set --json '{"max-pool-percent": 20}'

	local id
	id=$(stat -c %i $CGROOT/nl)
	nl_refused 2 "no cgroup with this id" id --do memcg-get --json '{"id": 999999}'
	run -0 "${YNLQ[@]}" --do memcg-get --json "{\"id\": $id}"
	assert_equal "$(jq -r .path <<<"$output")" /nl

	# shrinker-enabled: past its bound on every line; where the line has
	# no shrinker, refused as such, and the request without it taken
	nl_refused 34 "integer out of range" shrinker-enabled --do set --json '{"shrinker-enabled": 2}'
	if line_has shrinker-enabled; then
		run -0 "${YNLQ[@]}" --do set --json '{"shrinker-enabled": 1, "max-pool-percent": 21}'
		assert_equal "$(zswap_param shrinker_enabled) $(zswap_param max_pool_percent)" "Y 21"
		echo N > $ZSWAP_PARAMS/shrinker_enabled
	else
		nl_refused 95 "this kernel has no zswap shrinker" shrinker-enabled \
			--do set --json '{"shrinker-enabled": 1, "max-pool-percent": 21}'
		run -0 "${YNLQ[@]}" --do set --json '{"max-pool-percent": 21}'
		assert_equal "$(zswap_param max_pool_percent)" 21
	fi
	echo 20 > $ZSWAP_PARAMS/max_pool_percent

	# A dump has no filter: an id with it is refused, not ignored (EINVAL:
	# 6.1's own check, with a message; the generated ops of the later
	# lines give the dump no policy, which refuses every attribute). The
	# dump without one lists the cgroup.
	local msg=
	[ "$(kernel_line)" != 6.1 ] || msg="a dump takes no id: one memcg is a do"
	nl_refused 22 "$msg" "" --dump memcg-get --json '{"id": 1}'
	run -0 "${YNLQ[@]}" --dump memcg-get
	assert_equal "$(jq -r --argjson id "$id" '.[] | select(.id == $id) | .path' <<<"$output")" /nl
	assert_equal "$(cat $ZSWAP_PARAMS/*)" "$before"
}

# family_id: the zswap family's id, in hex
family_id() { genl ctrl get name zswap | sed -n 's/.*ID: \(0x[0-9a-f]*\).*/\1/p'; }

# A SET is all or nothing. z3fold cannot create a pool while no thread can
# be created (its pool has two workqueues, each with a rescuer thread):
# tests/tools/zswap-set-nofork.py sends the SET with kernel.threads-max at
# its minimum. From zbud/lzo, a SET of lz4, z3fold, enabled and both
# percentages then fails at the z3fold pool, and must leave every
# parameter as it was. A series that applies the compressor first (a
# zbud/lz4 pool needs no thread) leaves lz4 in force. The percentages are
# then refused with a valid compressor, and nothing changes either. A line
# without a zpool layer has only the latter.
@test "a SET that fails late, at its pool or a percentage, changes no parameter; the extack names the attribute" {
	need_family
	set_param compressor lzo
	set_param enabled Y
	set_param max_pool_percent 20
	set_param accept_threshold_percent 90
	local before threads
	if ! line_has zpool; then
		before=$(params_snapshot)
		run "${YNLQ[@]}" --do set --json '{"compressor": "lz4", "max-pool-percent": 101}'
		assert_failure
		assert_output --partial "'bad-attr': '.max-pool-percent'"
		assert_equal "$(params_snapshot)" "$before"
		return
	fi
	set_param zpool zbud
	before=$(params_snapshot)
	threads=$(cat /proc/sys/kernel/threads-max)
	run -0 /usr/bin/python3 "$TOP/tests/tools/zswap-set-nofork.py" "$(family_id)" \
		compressor=lz4 zpool=z3fold enabled=0 max_pool_percent=33 accept_threshold_percent=77
	assert_equal "$(cat /proc/sys/kernel/threads-max)" "$threads"
	assert_equal "$(params_snapshot)" "$before"
	assert_output "error -22 'this zpool cannot create a pool, see the kernel log' at zpool"
	# The same SET with threads to spare applies it all
	run -0 "${YNLQ[@]}" --do set --json '{"compressor": "lz4", "zpool": "z3fold", "enabled": 0,
		"max-pool-percent": 33, "accept-threshold-percent": 77}'
	assert_equal "$(zswap_param zpool) $(zswap_param compressor) $(zswap_param enabled)" "z3fold lz4 N"
	assert_equal "$(zswap_param max_pool_percent) $(zswap_param accept_threshold_percent)" "33 77"
	set_param zpool zbud
	set_param compressor lzo
	before=$(params_snapshot)
	run "${YNLQ[@]}" --do set --json '{"compressor": "lz4", "zpool": "zsmalloc", "max-pool-percent": 101}'
	assert_failure
	assert_output --partial "'bad-attr': '.max-pool-percent'"
	assert_equal "$(params_snapshot)" "$before"
}

# zsmalloc_pool_ids: the numbers of zswap's zsmalloc pools, one a line:
# their debugfs folders are named zswap<hex> from the counter
# zswap_pool_create() increments for every pool of any zpool.
zsmalloc_pool_ids() {
	local d
	for d in /sys/kernel/debug/zsmalloc/zswap*; do
		# Gone since the glob: a released pool
		[ ! -e "$d" ] || echo $((16#${d##*/zswap}))
	done
}

# new_pool_id BEFORE: the one zsmalloc pool id not in BEFORE
new_pool_id() { zsmalloc_pool_ids | grep -vxF -f <(echo "$1") || true; }

# monitor_events_start: zswapctl monitor --json in the background, its
# output in MON_LOG, once it joined the events group
monitor_events_start() {
	local grp i
	grp=$(genl ctrl get name zswap | sed -n 's/.*#1: *ID-0x\([0-9a-f]*\) *name: events.*/\1/p')
	MON_LOG=$BATS_TEST_TMPDIR/monitor.json
	"$ZSWAPCTL" monitor --json > "$MON_LOG" &
	MONITOR=$!
	for i in $(seq 200); do
		listening "$grp" && return 0
		sleep 0.1
	done
	fail "zswapctl monitor did not subscribe"
}

# monitor_events_until_percent N: set max_pool_percent to N over netlink,
# wait for the params-changed event that carries it (events are sent in
# order, so every earlier one came before it), stop the monitor, and print
# the events as they came: "event compressor zpool", one a line
monitor_events_until_percent() {
	local i
	"${YNLQ[@]}" --do set --json "{\"max-pool-percent\": $1}" > /dev/null ||
		fail "could not set max-pool-percent $1"
	for i in $(seq 300); do
		jq -e --argjson p "$1" \
			'select(.event == "params_changed" and .max_pool_percent == $p)' \
			"$MON_LOG" > /dev/null 2>&1 && break
		sleep 0.1
	done
	kill "$MONITOR"
	wait "$MONITOR" || true
	MONITOR=
	jq -r '"\(.event) \(.compressor) \(.zpool)"' "$MON_LOG"
}

# From zsmalloc/deflate, a SET of lz4 and zbud creates the zbud/lz4 pool
# and no other: the next zsmalloc pool created after it is numbered two
# after the deflate one. A series that switches the compressor first makes
# a throwaway zsmalloc/lz4 pool in between, and a second pool-switched. On
# a line without a zpool layer the SET is of lz4 and a percentage, and the
# next pool is that of lzo.
@test "compressor and zpool in one SET: exactly one new pool, one pool-switched event" {
	need_family
	local set='{"compressor": "lz4", "zpool": "zbud"}' after="zbud lz4" next="zpool zsmalloc"
	if ! line_has zpool; then
		set='{"compressor": "lz4", "max-pool-percent": 20}' after=" lz4" next="compressor lzo"
	fi
	set_param max_pool_percent 20
	! line_has zpool || set_param zpool zsmalloc
	set_param compressor lzo
	# No entry left anywhere: every pool but the current one goes, and
	# none is there to be reused below
	drain_swap
	local i before deflate
	for i in $(seq 100); do
		[ "$(zsmalloc_pool_ids | wc -l)" = 1 ] && break
		sleep 0.2
	done
	before=$(zsmalloc_pool_ids)
	assert_equal "$(wc -l <<<"$before")" 1
	set_param compressor deflate
	deflate=$(new_pool_id "$before")
	[[ $deflate =~ ^[0-9]+$ ]] || fail "no one new zsmalloc pool for deflate: '$deflate'"

	monitor_events_start
	run -0 "${YNLQ[@]}" --do set --json "$set"
	assert_equal "$(zswap_param zpool 2>/dev/null) $(zswap_param compressor)" "$after"
	run -0 monitor_events_until_percent 21
	local events=$output

	before=$(zsmalloc_pool_ids)
	set_param $next
	assert_equal "$(new_pool_id "$before")" $((deflate + 2))
	echo "$events"
	assert_equal "$(grep -c '^pool_switched ' <<<"$events")" 1
	grep -qx "pool_switched lz4 $(line_has zpool && echo zbud || echo null)" <<<"$events" ||
		fail "no pool_switched event for lz4 ($after)"
}

# A pool-switched event says a pool with another compressor or zpool
# became current: a SET or a write that names the current ones switches
# nothing, and sends none (params-changed, for a SET, is right).
@test "a SET or a write of the current compressor and zpool sends no pool-switched event" {
	need_family
	local zpool=null
	set_param max_pool_percent 20
	! line_has zpool || { set_param zpool zbud; zpool=zbud; }
	set_param compressor lzo
	monitor_events_start
	if line_has zpool; then
		run -0 "${YNLQ[@]}" --do set --json '{"compressor": "lzo", "zpool": "zbud"}'
	fi
	run -0 "${YNLQ[@]}" --do set --json '{"compressor": "lzo", "max-pool-percent": 20}'
	echo lzo > $ZSWAP_PARAMS/compressor
	! line_has zpool || echo zbud > $ZSWAP_PARAMS/zpool
	run -0 monitor_events_until_percent 22
	refute_line --partial pool_switched
	assert_line "params_changed lzo $zpool"
}

# Both interfaces take 0 to 100 for either percentage and refuse the rest,
# leaving the parameter as it was: above 100 means nothing more than 100
# (the pool cannot outgrow RAM, the threshold is of the limit), and large
# values overflow zswap's limit arithmetic. The later lines' series leave
# the module parameters as upstream has them, any uint (the 7.2 cover
# letter asks whether they should take the same bound): there netlink
# refuses above 100 and sysfs accepts.
@test "percentages: netlink takes 0 to 100; sysfs the same on 6.1, any uint on the later lines" {
	need_family
	set_param max_pool_percent 20
	set_param accept_threshold_percent 90
	local p v want want_sys sys nl
	for p in max_pool_percent accept_threshold_percent; do
		for v in 0 100 101 1000 4294967295; do
			want=refused
			[ "$v" -le 100 ] && want=accepted
			want_sys=$want
			[ "$(kernel_line)" = 6.1 ] || want_sys=accepted
			echo 50 > "$ZSWAP_PARAMS/$p"
			sys=refused
			if (echo "$v" > "$ZSWAP_PARAMS/$p") 2>/dev/null; then sys=accepted; fi
			[ "$(zswap_param $p)" = "$([ $sys = accepted ] && echo "$v" || echo 50)" ] ||
				fail "sysfs $sys $p $v but it reads $(zswap_param $p)"
			echo 50 > "$ZSWAP_PARAMS/$p"
			nl=refused
			if "${YNLQ[@]}" --do set --json "{\"${p//_/-}\": $v}" > /dev/null 2>&1; then
				nl=accepted
			fi
			[ "$(zswap_param $p)" = "$([ $nl = accepted ] && echo "$v" || echo 50)" ] ||
				fail "netlink $nl $p $v but it reads $(zswap_param $p)"
			assert_equal "$p $v: sysfs $sys, netlink $nl" "$p $v: sysfs $want_sys, netlink $want"
		done
	done
}

# in_ns CMD...: run CMD in the cgroup namespace of $NSHOLDER
in_ns() { nsenter --cgroup="/proc/$NSHOLDER/ns/cgroup" "$@"; }

# cgns_start: a cgroup namespace rooted at nl-ns (unshare -C by a process
# placed in nl-ns first, so that its root is not the host's), held by
# $NSHOLDER, with nl-ns/a and nl-ns/b below and nl-out beside it
cgns_start() {
	cg_create nl-ns
	mkdir $CGROOT/nl-out
	bash -c 'echo $$ > "$1/cgroup.procs" && exec unshare -C sleep 600' ns "$CGROOT/nl-ns" &
	NSHOLDER=$!
	local i
	for i in $(seq 100); do
		[ "$(readlink /proc/$NSHOLDER/ns/cgroup)" != "$(readlink /proc/self/ns/cgroup)" ] && break
		sleep 0.1
	done
	[ "$(readlink /proc/$NSHOLDER/ns/cgroup)" != "$(readlink /proc/self/ns/cgroup)" ] ||
		fail "no cgroup namespace"
	# The namespace stays rooted at nl-ns; the holder leaves it so that
	# nl-ns can give the memory controller to its children.
	echo "$NSHOLDER" > $CGROOT/cgroup.procs
	echo +memory > $CGROOT/nl-ns/cgroup.subtree_control
	mkdir $CGROOT/nl-ns/a $CGROOT/nl-ns/b
}

# as CALLER CMD...: run CMD as one of the callers the family must tell
# apart: root; root without CAP_SYS_ADMIN (CAP_NET_ADMIN kept); a non-root
# user with CAP_NET_ADMIN (ambient, as a network daemon has it); a plain
# user with no capability; root and a plain user inside the cgroup
# namespace of $NSHOLDER (cgns_start). A user namespace (a container's
# root) is not among them: the guest kernel has no CONFIG_USER_NS.
as() {
	local who=$1
	shift
	case $who in
	root)		"$@" ;;
	root-no-sysadmin)
			setpriv --inh-caps=-sys_admin --bounding-set=-sys_admin "$@" ;;
	user-netadmin)	setpriv --reuid=65534 --regid=65534 --clear-groups \
				--inh-caps=+net_admin --ambient-caps=+net_admin "$@" ;;
	user)		setpriv --reuid=65534 --regid=65534 --clear-groups "$@" ;;
	cgns-root)	in_ns "$@" ;;
	cgns-user)	in_ns setpriv --reuid=65534 --regid=65534 --clear-groups "$@" ;;
	esac
}

# has_cap CALLER BIT: the effective set of CALLER holds capability BIT
# (12 CAP_NET_ADMIN, 21 CAP_SYS_ADMIN), as its /proc/self/status says
has_cap() {
	local eff
	eff=$(as "$1" awk '$1 == "CapEff:" { print $2 }' /proc/self/status)
	(( (0x$eff >> $2) & 1 ))
}

# check_caller CALLER: the caller is what it claims to be: its
# capabilities, and its cgroup namespace (the host's, or $NSHOLDER's)
check_caller() {
	case $1 in
	root|cgns-root) has_cap $1 21 && has_cap $1 12 ;;
	root-no-sysadmin|user-netadmin) ! has_cap $1 21 && has_cap $1 12 ;;
	user|cgns-user) ! has_cap $1 21 && ! has_cap $1 12 ;;
	esac || fail "$1: capabilities not as intended"
	local want=/proc/self/ns/cgroup
	[[ $1 == cgns-* ]] && want=/proc/$NSHOLDER/ns/cgroup
	assert_equal "$1: $(as $1 readlink /proc/self/ns/cgroup)" "$1: $(readlink $want)"
}

# The global figures are open to every caller. memcg-get needs
# CAP_SYS_ADMIN in the initial user namespace (cgroupfs's folder modes
# do not apply to it): the others are refused with EPERM and the kernel's
# reason, and zswapctl's auto source reads their cgroups from the files.
# set needs CAP_SYS_ADMIN in the initial user namespace, which a cgroup
# namespace does not take away: CAP_NET_ADMIN without it (enough for the
# admin-perm flag) is refused with EPERM, leaving every parameter as it was
# (read back from the files). A caller in a cgroup namespace sees only the
# memcgs inside it, by paths relative to it, and sets a memcg's limit
# through its file, as the file allows.
@test "caller matrix: everyone reads the global figures, memcgs need CAP_SYS_ADMIN; so does set, CAP_NET_ADMIN is not enough" {
	need_family
	set_param compressor lzo
	set_param max_pool_percent 20
	set_param accept_threshold_percent 90
	cg_create nl
	cgns_start
	local who before target paths
	before=$(params_snapshot)
	for who in root root-no-sysadmin user-netadmin user cgns-root cgns-user; do
		echo "# caller $who" >&3
		check_caller $who
		if [[ $who == cgns-* ]]; then
			target=$CGROOT/nl-ns/a paths='/ /a /b'
		else
			target=$CGROOT/nl paths=
		fi

		# Reads through libzswapnl (quicker than YNL in the guest):
		# status is a GET, cgroups a dump
		run -0 as $who "$ZSWAPCTL" --source netlink status --json
		assert_equal "$(jq -r .max_pool_percent <<<"$output")" 20
		assert_equal "$(jq -r .compressor <<<"$output")" lzo
		if [[ $who == root || $who == cgns-root ]]; then
			run -0 as $who "$ZSWAPCTL" --source netlink cgroups --json
			assert_equal "$(jq -r .source <<<"$output")" netlink
			if [ -n "$paths" ]; then
				assert_equal "$(jq -r '[.cgroups[].path] | sort | join(" ")' <<<"$output")" "$paths"
			else
				assert_equal "$(jq -r '.cgroups[] | select(.path == "/nl" or .path == "/nl-ns/a") | .path' \
					<<<"$output")" "/nl
/nl-ns/a"
			fi
		else
			run -2 --separate-stderr as $who "$ZSWAPCTL" --source netlink cgroups --json
			assert_equal "$stderr" "zswapctl: cannot list cgroups: reading memcgs needs CAP_SYS_ADMIN (Operation not permitted)"
			run as $who "${YNLQ[@]}" --do memcg-get --json "{\"id\": $(stat -c %i $target)}"
			assert_failure
			assert_output --regexp "error: -1([^0-9]|$)"
			assert_output --partial "'msg': 'reading memcgs needs CAP_SYS_ADMIN'"
			# auto: the global figures from the family, the cgroups
			# from their files, which list the target
			run -0 as $who "$ZSWAPCTL" cgroups --json
			assert_equal "$(jq -r .source <<<"$output")" fallback
			jq -e --arg t "/${target#$CGROOT/}" --arg n "/${target##*/}" \
				'any(.cgroups[].path; . == $t or . == $n)' <<<"$output" >/dev/null ||
				fail "$who: the files did not list $target: $output"
		fi

		# One request with a pool switch and two percentages: all or
		# nothing
		run as $who "${YNLQ[@]}" --do set \
			--json '{"compressor": "zstd", "max-pool-percent": 37, "accept-threshold-percent": 61}'
		if [[ $who == root || $who == cgns-root ]]; then
			assert_success
			assert_equal "$(zswap_param compressor) $(zswap_param max_pool_percent)" "zstd 37"
			assert_equal "$(zswap_param accept_threshold_percent)" 61
			set_param compressor lzo
			set_param max_pool_percent 20
			set_param accept_threshold_percent 90
		elif [[ $who == root-no-sysadmin || $who == user-netadmin ]]; then
			# past the core's admin-perm check (CAP_NET_ADMIN), refused
			# by set's own, which says what is missing
			assert_failure
			assert_output --regexp "error: -1([^0-9]|$)"
			assert_output --partial "'msg': 'changing zswap needs CAP_SYS_ADMIN'"
		else
			# refused by the core's admin-perm check, before set
			assert_failure
			assert_output --regexp "error: -1([^0-9]|$)"
			refute_output --partial "'msg':"
		fi
		assert_equal "$(params_snapshot)" "$before"

		# A memcg's limit, by id, through its file: root may write it,
		# the users may not (the file is root's, 0644). The auto
		# source, as a caller without CAP_SYS_ADMIN finds the cgroup
		# in the files
		if [[ $who == root* || $who == cgns-root ]]; then
			run -0 as $who "$ZSWAPCTL" set cgroup "$(stat -c %i $target)" max 2M
			assert_equal "$(cat $target/memory.zswap.max)" 2097152
			echo max > $target/memory.zswap.max
		else
			run -2 --separate-stderr as $who "$ZSWAPCTL" set cgroup \
				"$(stat -c %i $target)" max 2M
			[[ $stderr == *"Permission denied"* ]] || fail "$who: zswapctl said: $stderr"
			assert_equal "$(cat $target/memory.zswap.max)" max
		fi
	done
	# zswapctl names the capability that is missing
	run -2 --separate-stderr as user-netadmin "$ZSWAPCTL" --source netlink set max-pool-percent 37
	[[ $stderr == "zswapctl: permission denied: setting zswap parameters needs CAP_SYS_ADMIN (root);"* ]] ||
		fail "zswapctl said: $stderr"
	assert_equal "$(params_snapshot)" "$before"
}

# The events group has no GENL_MCAST_CAP_* flag: it is open to every
# caller, as the GET it mirrors (zswap-genl(7), EVENTS and PERMISSIONS).
# Each caller of the matrix joins it at once; one parameter set by root
# through sysfs reaches every one of them with the state after it.
@test "caller matrix: every caller joins the events group and receives an event" {
	need_family
	set_param max_pool_percent 20
	cgns_start
	local grp who pids=() i
	grp=$(genl ctrl get name zswap | sed -n 's/.*#1: *ID-0x\([0-9a-f]*\) *name: events.*/\1/p')
	[ -n "$grp" ] || fail "no events group"
	local callers=(root root-no-sysadmin user-netadmin user cgns-root cgns-user)
	for who in "${callers[@]}"; do
		check_caller $who
		as $who "$ZSWAPCTL" --source netlink monitor --json --count 1 \
			> "$BATS_TEST_TMPDIR/mon-$who" 2> "$BATS_TEST_TMPDIR/err-$who" &
		pids+=($!)
		MONITORS+=" $!"
	done
	# Every monitor's socket joined the group (a bit in /proc/net/netlink)
	for i in $(seq 300); do
		[ "$(members "$grp")" -ge ${#callers[@]} ] && break
		sleep 0.1
	done
	[ "$(members "$grp")" -ge ${#callers[@]} ] ||
		fail "$(members "$grp") sockets in the group: $(cat "$BATS_TEST_TMPDIR"/mon-*)"
	set_param max_pool_percent 23
	for i in "${!callers[@]}"; do
		who=${callers[i]}
		wait "${pids[i]}" ||
			fail "$who: monitor failed: $(cat "$BATS_TEST_TMPDIR/mon-$who" "$BATS_TEST_TMPDIR/err-$who")"
		assert_equal "$who $(jq -r '"\(.event) \(.max_pool_percent)"' "$BATS_TEST_TMPDIR/mon-$who")" \
			"$who params_changed 23"
		# The memcg events too where the caller may join their group;
		# where 6.1 refuses the join, one note says why they are not
		# shown. The later lines let everyone join (the next test), so
		# there the library has no refusal to report.
		case $who:$(kernel_line) in
		root:*|cgns-root:*|*:6.12|*:7.2)
			assert_equal "$who: $(cat "$BATS_TEST_TMPDIR/err-$who")" "$who: " ;;
		*)
			[ "$(wc -l < "$BATS_TEST_TMPDIR/err-$who")" = 1 ] &&
				grep -q 'memcg-limit-hit events need CAP_SYS_ADMIN' "$BATS_TEST_TMPDIR/err-$who" ||
				fail "$who: not one note on stderr: $(cat "$BATS_TEST_TMPDIR/err-$who")" ;;
		esac
	done
	MONITORS=
}

# The memcg-events group carries host paths to every member, so its
# messages are for sockets opened with CAP_SYS_ADMIN (the kernel asks for
# it in the initial user namespace): 6.1 refuses the join of every caller
# of the matrix without it with EPERM (GENL_MCAST_CAP_SYS_ADMIN on its
# hand-written group); the later lines' generated groups have no flags, so
# they let everyone join and deliver a memcg event to such sockets only
# (the next test). The guest kernels have no user namespaces
# (CONFIG_USER_NS is off): a caller with CAP_SYS_ADMIN in a user namespace
# of its own, which must be refused too, is not among the callers, and the
# test claims nothing about one.
@test "caller matrix: memcg-events is for callers with CAP_SYS_ADMIN, in any cgroup namespace" {
	need_family
	cgns_start
	local grp who
	grp=$(genl ctrl get name zswap | sed -n 's/.*#2: *ID-0x\([0-9a-f]*\) *name: memcg-events.*/\1/p')
	[ -n "$grp" ] || fail "no memcg-events group"
	for who in root root-no-sysadmin user-netadmin user cgns-root cgns-user; do
		check_caller $who
		run as $who /usr/bin/python3 -c '
import errno, socket, sys
s = socket.socket(socket.AF_NETLINK, socket.SOCK_RAW, 16)
try:
    s.setsockopt(270, 1, int(sys.argv[1], 16))  # NETLINK_ADD_MEMBERSHIP
    print("joined")
except OSError as e:
    print(errno.errorcode[e.errno])' "$grp"
		case $who:$(kernel_line) in
		root:*|cgns-root:*|*:6.12|*:7.2) assert_equal "$who $output" "$who joined" ;;
		*) assert_equal "$who $output" "$who EPERM" ;;
		esac
	done
}

# 6.12 and 7.2 refuse a store at zswap.max only when no page of the cgroup
# can be written back to make room: there the cgroup's zswap.max is 0, so
# that it has none in zswap (writeback 0 would keep the refused pages in
# memory, and the cgroup would run out of it).
@test "a cgroup at memory.zswap.max is named by memcg-limit-hit events, with its refusals counted" {
	need_family
	! line_has zpool || set_param zpool zbud
	local log=$BATS_TEST_TMPDIR/memcg-events grp i
	grp=$(genl ctrl get name zswap | sed -n 's/.*#2: *ID-0x\([0-9a-f]*\) *name: memcg-events.*/\1/p')
	cg_create nl-max 16M
	local max=1048576
	[ "$(kernel_line)" = 6.1 ] || max=0
	echo $max > $CGROOT/nl-max/memory.zswap.max
	# On the lines that let anyone join (6.12, 7.2), a plain user's socket
	# joins too, and must get nothing: it counts what is queued for it
	# once root's listener has its events, which the same multicast
	# delivered to every socket it was for
	# (in a folder of its own that the user may enter: bats's is 0700)
	local plain go gofd userdir
	if [ "$(kernel_line)" != 6.1 ]; then
		userdir=$(mktemp -d /tmp/nl-plain.XXXXXX)
		chmod 755 "$userdir"
		plain=$userdir/plain go=$userdir/plain-go
		mkfifo -m 666 "$go"
		setpriv --reuid=65534 --regid=65534 --clear-groups /usr/bin/python3 -c '
import socket, sys
s = socket.socket(socket.AF_NETLINK, socket.SOCK_RAW, 16)
s.setsockopt(270, 1, int(sys.argv[1], 16))  # NETLINK_ADD_MEMBERSHIP
print("joined", flush=True)
open(sys.argv[2]).read()
s.setblocking(False)
n = 0
try:
    while s.recv(65536):
        n += 1
except BlockingIOError:
    pass
print("received", n)' "$grp" "$go" > "$plain" 2>&1 &
		MONITORS+=" $!"
		wait_for_line "$plain" '^joined' 60
	fi
	/usr/bin/python3 "$TOP/tests/tools/ynl-listen.py" "$BUILD/ynl/tools/net/ynl" \
		"$TOP/kernel/spec/zswap.yaml" "$YNL_SCHEMA" \
		memcg-events 2 > "$log" 2>&1 &
	LISTENER=$!
	for i in $(seq 200); do
		[ "$(members "$grp")" -ge $([ "$(kernel_line)" = 6.1 ] && echo 1 || echo 2) ] && break
		sleep 0.1
	done
	run cg_run nl-max "$SWAPVERIFY" --size 64 --ops 0 --mix 0:0:1:0
	assert_success
	local rc=0
	wait "$LISTENER" || rc=$?
	LISTENER=
	cat "$log"
	assert_equal "$rc" 0
	if [ "$(kernel_line)" != 6.1 ]; then
		# read-write: the open does not wait for a reader that is gone
		exec {gofd}<> "$go"
		exec {gofd}>&-
		wait_for_line "$plain" '^received' 60
		assert_equal "$(tail -n 1 "$plain")" "received 0"
		rm -rf "$userdir"
	fi
	local events refused
	events=$(tail -n 1 "$log")
	run -0 jq -r '.[] | "\(.name) \(.msg."event-type") \(.msg.path) \(.msg.id)"' <<<"$events"
	assert_output "memcg-event memcg-limit-hit /nl-max $(stat -c %i $CGROOT/nl-max)
memcg-event memcg-limit-hit /nl-max $(stat -c %i $CGROOT/nl-max)"
	# Each event carries the cgroup's figures, its limit among them
	[ "$(jq --argjson m $max '[.[].msg."zswap-max" | select(. == $m)] | length' <<<"$events")" = 2 ] ||
		fail "an event without the cgroup's zswap.max"
	if ! line_has memcg-rejects; then
		assert_equal "$(jq '[.[].msg | has("reject-zswap-max")] | any' <<<"$events")" false
		return
	fi
	refused=$(cg_stat nl-max zswap_reject_zswap_max)
	# Each event's figures include the refusal it announces, and a burst of
	# refusals makes one event, not one each
	[ "$(jq '[.[].msg."reject-zswap-max" | select(. > 0)] | length' <<<"$events")" = 2 ] ||
		fail "an event without its refusal"
	echo "# $refused refusals at zswap.max, 2 events read" >&3
	[ "$refused" -gt 2 ] || fail "only $refused refusals"
}

# members GROUP-ID: how many generic netlink sockets joined the group
members() {
	local _sk eth _pid groups _rest n=0
	while read -r _sk eth _pid groups _rest; do
		[ "$eth" = 16 ] && (( 0x$groups & (1 << (0x$1 - 1)) )) && n=$((n + 1))
	done < /proc/net/netlink
	echo $n
}

# raw_genl CMD FLAGS RESERVED [TYPE...]: send the zswap family one request
# with the given nlmsg flags (NLM_F_REQUEST and NLM_F_ACK added) and
# genlmsghdr reserved field, and a u32 attribute (of value 1) of each TYPE;
# print "data" for each reply and then the error of the final
# NLMSG_ERROR/NLMSG_DONE (0 for success), and the extack message if any.
raw_genl() {
	local fam
	fam=$(genl ctrl get name zswap | sed -n 's/.*ID: \(0x[0-9a-f]*\).*/\1/p')
	/usr/bin/python3 - "$fam" "$@" <<'PY'
import socket, struct, sys
fam, cmd, flags, rsv = (int(a, 0) for a in sys.argv[1:5])
attrs = b"".join(struct.pack("=HHI", 8, int(t, 0), 1) for t in sys.argv[5:])
s = socket.socket(socket.AF_NETLINK, socket.SOCK_RAW, 16)
s.setsockopt(270, 11, 1)  # SOL_NETLINK, NETLINK_EXT_ACK
s.send(struct.pack("=IHHIIBBH", 20 + len(attrs), fam, 0x1 | 0x4 | flags, 1, 0, cmd, 1,
                   rsv) + attrs)
while True:
    buf = s.recv(1 << 16)
    off = 0
    while off < len(buf):
        ln, typ, fl = struct.unpack_from("=IHH", buf, off)
        if typ in (2, 3):  # NLMSG_ERROR, NLMSG_DONE
            err = struct.unpack_from("=i", buf, off + 16)[0]
            print(err)
            # The extack TLVs: after the error of a DONE; after the error
            # and the request of an ERROR (its header only on success or
            # with NLM_F_CAPPED, 0x100)
            tlv = off + 20
            if typ == 2:
                inner = struct.unpack_from("=I", buf, off + 20)[0]
                tlv += 16 if err == 0 or fl & 0x100 else (inner + 3) & ~3
            while tlv + 4 <= off + ln:
                tlen, ttype = struct.unpack_from("=HH", buf, tlv)
                if tlen < 4:
                    break
                if ttype == 1:  # NLMSGERR_ATTR_MSG
                    print(buf[tlv + 4:tlv + tlen].split(b"\0")[0].decode())
                tlv += (tlen + 3) & ~3
            sys.exit(0)
        print("data")
        off += (ln + 3) & ~3
PY
}

# resv_start_op 0: the core checks the header's reserved field and the
# message flags of every command, the dump too. Commands 1 GET, 2
# MEMCG_GET; 0x200 is NLM_F_EXCL, meaningless on a get; 0x300 NLM_F_DUMP.
@test "every command gets genetlink's strict header and flags checks; clean requests pass" {
	need_family
	run -0 raw_genl 1 0 0
	assert_output "data
0"
	run -0 raw_genl 1 0 1
	assert_output "-22
genlmsghdr.reserved field is not 0"
	run -0 raw_genl 1 0x200 0
	assert_output "-22
ambiguous or reserved bits set in nlmsg_flags"
	run -0 raw_genl 2 0x300 1
	assert_output "-22
genlmsghdr.reserved field is not 0"
	run -0 raw_genl 2 0x700 0
	assert_output "-22
ambiguous or reserved bits set in nlmsg_flags"
	run -0 raw_genl 2 0x300 0
	assert_line --index 0 data
	assert_line --index -1 0
	# libzswapnl sends clean requests: every command of zswapctl works
	cg_create nl
	set_param max_pool_percent 20
	run -0 "$BUILD/bin/zswapctl" --source netlink status --json
	assert_equal "$(jq -r .source <<<"$output")" netlink
	run -0 "$BUILD/bin/zswapctl" --source netlink cgroups --json
	run -0 "$BUILD/bin/zswapctl" --source netlink set max-pool-percent 21
	assert_equal "$(zswap_param max_pool_percent)" 21
	run -0 "$BUILD/bin/zswapctl" --source netlink set cgroup /nl max 1M
	assert_equal "$(cat $CGROOT/nl/memory.zswap.max)" 1048576
}

# GET takes no attribute and has no policy of its own: genetlink gives a
# command at or above resv_start_op (0 here) without one a policy that
# refuses every attribute, strictly. Any attribute sent with it, be it one
# SET takes (15, max-pool-percent, a valid u32 for SET), PAD (1), type 0
# or 200 (past the last), is refused with an extack, and a GET without one
# still works.
@test "get refuses any attribute with an extack" {
	need_family
	local type
	for type in 15 1 0 200; do
		run -0 raw_genl 1 0 0 "$type"
		assert_line --index 0 -- -22
		assert_equal "${#lines[@]}" 2
		echo "# attribute $type: ${lines[1]}" >&3
	done
	run -0 raw_genl 1 0 0
	assert_output "data
0"
}

# A cgroup namespace rooted at nl-ns (unshare -C by a process in it), with
# nl-ns/a and nl-ns/b below and nl-out beside it: from inside, the paths
# are relative to nl-ns, a dump lists nl-ns, a and b and nothing else (in
# memcg id order, which the test does not assume), and a cgroup outside is
# "no cgroup with this id".
@test "in a cgroup namespace: paths relative to it, the dump lists its subtree only, outside cgroups refused" {
	need_family
	cgns_start
	local ns_id a_id b_id out_id
	ns_id=$(stat -c %i $CGROOT/nl-ns)
	a_id=$(stat -c %i $CGROOT/nl-ns/a)
	b_id=$(stat -c %i $CGROOT/nl-ns/b)
	out_id=$(stat -c %i $CGROOT/nl-out)

	run -0 in_ns "${YNLQ[@]}" --dump memcg-get
	run -0 jq -r '.[] | "\(.id) \(.path)"' <<<"$output"
	assert_equal "$(sort <<<"$output")" "$(printf '%s\n' "$ns_id /" "$a_id /a" "$b_id /b" | sort)"
	run -0 in_ns "${YNLQ[@]}" --do memcg-get --json "{\"id\": $a_id}"
	assert_equal "$(jq -r .path <<<"$output")" /a
	run in_ns "${YNLQ[@]}" --do memcg-get --json "{\"id\": $out_id}"
	assert_failure
	assert_output --regexp "error: -2([^0-9]|$)"
	assert_output --partial "'msg': 'no cgroup with this id'"
	# Outside the namespace the same cgroup has its full path
	run -0 "${YNLQ[@]}" --do memcg-get --json "{\"id\": $a_id}"
	assert_equal "$(jq -r .path <<<"$output")" /nl-ns/a
}

# A chain of memcgs under nl-deep, each named DEEP_NAME (250 characters),
# so that the deepest path is longer than PATH_MAX, or than the largest
# dump message (32 KiB). In perl: a process for each mkdir and rmdir of
# a hundred levels takes long in the guest.
DEEP_NAME=$(printf 'd%.0s' {1..250})

# deep_make LEVELS IDS: make the chain, LEVELS below nl-deep, each with
# the memory controller; the ids of nl-deep and the chain, from the top,
# go to the file IDS (the last is the deepest's).
deep_make() {
	mkdir $CGROOT/nl-deep
	stat -c %i $CGROOT/nl-deep > "$2"
	perl -e '
		my ($top, $levels, $name) = @ARGV;
		chdir $top or die "chdir $top: $!";
		for (1 .. $levels) {
			open(my $f, ">", "cgroup.subtree_control") or die "subtree_control: $!";
			print $f "+memory\n";
			close $f or die "+memory: $!";
			mkdir $name or die "mkdir level $_: $!";
			chdir $name or die "chdir: $!";
			print((stat ".")[1], "\n");
		}' $CGROOT/nl-deep "$1" "$DEEP_NAME" >> "$2" < /dev/null
	[ "$(wc -l < "$2")" = $(($1 + 1)) ] || fail "the chain has $(wc -l < "$2") memcgs, not $(($1 + 1))"
}

deep_remove() {
	[ -d $CGROOT/nl-deep ] || return 0
	perl -e '
		my ($top, $name) = @ARGV;
		chdir $top or die;
		my $n = 0;
		while (-d $name) { chdir $name or die; $n++; }
		# Cgroups a test made beside the chain or below its end
		my $others = sub { rmdir $_ or die "rmdir $_: $!" for grep { -d && $_ ne $name } glob "*" };
		$others->();
		for (1 .. $n) { chdir ".." or die; rmdir $name or die "rmdir: $!"; $others->(); }
	' $CGROOT/nl-deep "$DEEP_NAME"
	rmdir $CGROOT/nl-deep
}

# deep_path LEVELS: the path of the chain's memcg LEVELS below nl-deep
deep_path() {
	local path=/nl-deep i
	for ((i = 0; i < $1; i++)); do
		path+=/$DEEP_NAME
	done
	echo "$path"
}

# check_deep_dump JSON IDS LEVELS...: the dump JSON holds each id of the
# file IDS (nl-deep and its chain) exactly once (in memcg id order, which
# is not assumed), and the memcg LEVELS below nl-deep with its whole path,
# for each LEVELS.
check_deep_dump() {
	local json=$1 ids=$2 lv missing twice
	missing=$(comm -23 <(sort "$ids") <(jq -r '.[].id' <<<"$json" | sort))
	[ -z "$missing" ] || fail "a dump ended with success without: $(echo $missing)"
	twice=$(jq -r '.[].id' <<<"$json" | sort | uniq -d)
	[ -z "$twice" ] || fail "memcgs twice in a dump: $(echo $twice)"
	shift 2
	for lv in "$@"; do
		assert_equal "$(jq -r ".[] | select(.id == $(sed -n "$((lv + 1))p" "$ids")) | .path" <<<"$json")" \
			"$(deep_path "$lv")"
	done
}

# The deepest path, 4,275 characters, is longer than PATH_MAX and than the
# message a dump builds before its first read (NLMSG_GOODSIZE, some 3.7
# KiB). Read with a buffer of 8 KiB (netlink's minimum) or YNL's 128 KiB,
# the dump is whole and the path too: a path that does not fit what is
# left of a message waits for the next one, which the client's largest
# read sizes. A do reply is sized for the path.
@test "a path longer than PATH_MAX: get and a dump with an 8 KiB buffer return it whole" {
	need_family
	deep_remove
	local ids=$BATS_TEST_TMPDIR/ids deepest after=$BATS_TEST_TMPDIR/after
	deep_make 17 "$ids"
	deepest=$(tail -n 1 "$ids")
	assert_equal "$(deep_path 17 | wc -L)" 4275
	mkdir $CGROOT/nl-after-1 $CGROOT/nl-after-2 $CGROOT/nl-after-3
	ids_of $CGROOT/nl-after-* > "$after"

	local recv json
	for recv in 8192 ""; do
		run -0 "${YNLQ[@]}" ${recv:+--dbg-small-recv $recv} --dump memcg-get
		# The JSON comes last, after --dbg-small-recv's lines
		json=$(tail -n 1 <<<"$output")
		echo "# receive buffer ${recv:-default}: $(jq length <<<"$json") memcgs" >&3
		check_deep_dump "$json" "$ids" 1 16 17
		check_deep_dump "$json" "$after"
	done
	run -0 "${YNLQ[@]}" --do memcg-get --json "{\"id\": $deepest}"
	assert_equal "$(jq -r .path <<<"$output")" "$(deep_path 17)"
}

# Paths around PATH_MAX read by clients with small buffers: each recvmsg()
# of 1, 4, 8, 16 or 32 KiB, on a socket with the default receive queue or
# the smallest (SO_RCVBUF 1, raised by the kernel to its minimum). Below
# nl-deep a chain of 16 memcgs of DEEP_NAME (4,024 characters), then
# leaves below it whose paths are 4,094 to 4,200 characters long, then
# nl-after-*. Dump messages are the size of the largest read (NLMSG_GOODSIZE,
# some 3.7 KiB, at least), so every read of 4 KiB or more (libmnl's
# MNL_SOCKET_BUFFER_SIZE is 4 KiB) brings the whole dump: each memcg once,
# each path whole, or absent when its record with the path is longer than
# the read. A read of 1 KiB is shorter than any dump
# message: it fails loudly, EMSGSIZE (the message came cut: MSG_TRUNC),
# never NLMSG_DONE with memcgs missing.
@test "a dump around PATH_MAX read with small buffers: 4 KiB reads get every memcg, 1 KiB reads EMSGSIZE" {
	need_family
	[ -x "$BUILD/tools/dump-recv" ] || fail "no $BUILD/tools/dump-recv: run 'make tools'"
	deep_remove
	local ids=$BATS_TEST_TMPDIR/ids want=$BATS_TEST_TMPDIR/want leaf16 len name
	deep_make 16 "$ids"
	leaf16=$CGROOT$(deep_path 16)
	assert_equal "$(deep_path 16 | wc -L)" 4024
	# Leaves whose paths are 4,094 .. 4,200 characters long (the name
	# adds its length and a slash), and a short one after them
	local names=()
	for len in 4094 4095 4096 4097 4200; do
		names+=("$(printf 'l%.0s' $(seq $((len - 4024 - 1))))")
	done
	( cd "$leaf16" && echo +memory > cgroup.subtree_control && mkdir "${names[@]}" z )
	mkdir $CGROOT/nl-after-1 $CGROOT/nl-after-2
	# want: ID PATH for each memcg of ours
	{
		paste -d ' ' "$ids" <(for len in $(seq 0 16); do deep_path "$len"; done)
		# From inside: their whole paths are longer than stat takes
		( cd "$leaf16" && stat -c '%i' "${names[@]}" z ) |
			paste -d ' ' - <(for name in "${names[@]}" z; do echo "$(deep_path 16)/$name"; done)
		for name in nl-after-1 nl-after-2; do
			echo "$(stat -c %i $CGROOT/$name) /$name"
		done
	} > "$want"
	assert_equal "$(awk '{ print length($2) }' "$want" | sort -n | tail -n 6 | tr '\n' ' ')" \
		"4026 4094 4095 4096 4097 4200 "

	local recv rcvbuf out=$BATS_TEST_TMPDIR/out status last verdict
	for recv in 1024 4096 8192 16384 32768; do
		for rcvbuf in "" 1; do
			status=0
			"$BUILD/tools/dump-recv" --recv $recv ${rcvbuf:+--rcvbuf $rcvbuf} > "$out" || status=$?
			last=$(tail -n 1 "$out")
			# One awk over the whole output: a process per line takes
			# long in the guest
			# A record: nlmsghdr 16, genlmsghdr 4, at most twelve
			# uint attributes of 12 and three u32 of 8, and the
			# path, its attribute header and NUL: 193 bytes more
			# than the path at most
			verdict=$(awk -v last="$last" -v recv=$recv '
				NR == FNR { order[$1] = FNR; path[$1] = $2; n++; next }
				$1 != "memcg" || !($2 in order) { next }
				{
					id = $2; seen[id]++
					if (seen[id] > 1) bad = "memcg " id " twice"
					else if ($3 == "-" && length(path[id]) + 193 <= recv)
						bad = "no path for " id " (" length(path[id]) " characters)"
					else if ($3 != "-" && $4 != path[id])
						bad = "a wrong path for " id " (" $3 " characters)"
					if (bad) { print bad; exit }
				}
				END {
					if (bad || last !~ /^done /) exit
					for (id in order)
						if (!(id in seen)) { print "done without " id " (" length(path[id]) " characters)"; exit }
				}' "$want" "$out")
			echo "# recv $recv rcvbuf ${rcvbuf:-default}: exit $status, $(grep -c "^memcg [0-9]* - -$" "$out") without a path, ${last:0:80}" >&3
			[ -z "$verdict" ] || fail "recv $recv rcvbuf ${rcvbuf:-default}: $verdict"
			case $recv:$status:$last in
			1024:1:"error EMSGSIZE "*) ;;
			1024:*) fail "recv 1024 rcvbuf ${rcvbuf:-default}: not EMSGSIZE: exit $status, $last" ;;
			*:0:"done "*) ;;
			*) fail "recv $recv rcvbuf ${rcvbuf:-default}: exit $status, $last" ;;
			esac
		done
	done
}

# 132 levels: the paths from level 129 down (32,387 to 33,140 characters)
# fit no dump message (at most 32 KiB less the kernel's overhead). The
# dump still ends with success and brings every memcg, those without a
# path, which a do by id returns whole. Every path shorter than PATH_MAX
# (levels 1 to 16) comes whole in any message; the ones between may come
# without, when the kernel could not allocate a large message.
@test "a path longer than any dump message: the dump brings its memcg without the path, get with it" {
	need_family
	deep_remove
	local ids=$BATS_TEST_TMPDIR/ids deepest json
	deep_make 132 "$ids"
	deepest=$(tail -n 1 "$ids")
	assert_equal "$(deep_path 132 | wc -L)" 33140
	assert_equal "$(deep_path 128 | wc -L)" 32136
	run -0 "${YNLQ[@]}" --dump memcg-get
	json=$output
	echo "# $(jq length <<<"$json") memcgs, $(jq '[.[] | select(has("path") | not)] | length' <<<"$json") without a path" >&3
	check_deep_dump "$json" "$ids" 1 8 16
	# Levels 129 to 132 without a path; a path that comes is whole. One
	# jq and one awk: a process per level takes minutes in the guest.
	jq -r '.[] | "\(.id) \(.path // "none")"' <<<"$json" |
		awk -v name="$DEEP_NAME" '
			NR == FNR { level[$1] = FNR - 1; next }
			!($1 in level) { next }
			{
				lv = level[$1]; want = "/nl-deep"
				for (i = 0; i < lv; i++) want = want "/" name
				if (lv > 128 && $2 != "none") { print "level " lv ": a path"; bad = 1 }
				if (lv <= 128 && $2 != "none" && $2 != want) { print "level " lv ": " substr($2, 1, 80) "..."; bad = 1 }
			}
			END { exit bad }' "$ids" - || fail "wrong paths in the dump"
	run -0 "${YNLQ[@]}" --do memcg-get --json "{\"id\": $deepest}"
	assert_equal "$(jq -r .path <<<"$output")" "$(deep_path 132)"
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

# check_dump IDS_FILE SURVIVORS GONE: IDS_FILE (the ids of one dump)
# holds no id twice, each id of the file SURVIVORS once, and none of the
# file GONE. The dump's order, memcg id order, is not assumed.
check_dump() {
	local ids=$1 survivors=$2 gone=$3 missing present twice
	twice=$(sort "$ids" | uniq -d)
	[ -z "$twice" ] || fail "ids twice in the dump: $(echo $twice)"
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
# cursor's cgroup and 40 survivors the dump has not sent yet are removed:
# it resumes at the id after its cursor, whose memcg is gone, meets the
# removed ones, and must still send every survivor once and end with DONE.
# The dump goes in memcg id order, which user space does not see: the
# victims are chosen among those not sent yet, not by their place.
@test "a paused dump resumes after its removed cursor and 40 removed survivors, each survivor once" {
	need_family
	[ -x "$BUILD/tools/dump-pause" ] || fail "no $BUILD/tools/dump-pause: run 'make tools'"
	mkdirs_in_id_order nl-dp 200
	# A page of tmpfs charged to each: a removed one stays a dying memcg
	# for a while (the kernel's walk must skip it, not send it)
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
	# The cursor's cgroup and 40 survivors the first part did not bring
	local during=$BATS_TEST_TMPDIR/removed-during victims first=$BATS_TEST_TMPDIR/first
	sed -n 's/^first \([0-9]*\) .*/\1/p' "$out" | sort > "$first"
	{
		grep -x "$cursor" "$survivors" || true
		sort "$survivors" | comm -23 - "$first" | head -n 40
	} > "$during"
	[ "$(wc -l < "$during")" -ge 40 ] || fail "$(wc -l < "$during") survivors to remove"
	victims=$(stat -c '%i %n' "$CGROOT"/nl-dp-* | awk 'NR == FNR { v[$1]; next } $1 in v { print $2 }' "$during" -)
	# shellcheck disable=SC2086 # paths without spaces
	rmdir $victims
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
	# Removed before the dump, or while it paused and not sent before:
	# never in it
	{ cat "$before"; sort "$during" | comm -23 - "$first"; } > "$gone"
	check_dump "$ids" "$alive" "$gone"
	echo "# cursor $cursor after $(grep -c '^first ' "$out") memcgs, $(wc -l < "$ids") in the dump" >&3
}

# A plain user's dump is refused before it walks anything: memcg-get needs
# CAP_SYS_ADMIN in the initial user namespace, as it lists cgroups past the
# folder modes of cgroupfs. A dump holds nothing between two reads of its
# client either: root starts one and stops reading, the cursor's cgroup,
# empty (nothing was ever charged to it), is removed while the dump is
# paused, and is freed as any removed empty cgroup is: the root's count of
# dying descendants comes back to what it was. (The earlier draft kept a
# reference on its cursor: the count stayed one higher until the socket
# closed, and any user could start such a dump.)
@test "a plain user's dump is refused; root's paused dump keeps no removed memcg dying" {
	need_family
	[ -x "$BUILD/tools/dump-pause" ] || fail "no $BUILD/tools/dump-pause: run 'make tools'"
	mkdirs_in_id_order nl-dp 200
	run -1 setpriv --reuid=65534 --regid=65534 --clear-groups "$BUILD/tools/dump-pause" < /dev/null
	assert_line -n 0 "error the dump ended with Operation not permitted"
	refute_line --partial memcg
	local base i
	# Earlier tests' removed cgroups may still be on their way out
	for i in $(seq 300); do
		base=$(nr_dying)
		[ "$base" = 0 ] && break
		sleep 0.2
	done
	local out=$BATS_TEST_TMPDIR/pause.out fifo=$BATS_TEST_TMPDIR/go go cursor path
	mkfifo "$fifo"
	"$BUILD/tools/dump-pause" < "$fifo" > "$out" 2>&1 &
	PAUSER=$!
	exec {go}> "$fifo"
	wait_for_line "$out" '^(paused|error) ' 120
	cursor=$(sed -n 's/^paused //p' "$out")
	[ -n "$cursor" ] || fail "dump-pause did not pause: $(cat "$out")"
	path=$(sed -n "s/^first $cursor //p" "$out")
	[[ $path == /nl-dp-* ]] || fail "the cursor $cursor is $path, not one of the test's cgroups"
	rmdir "$CGROOT$path"
	# Freed after a grace period or two: wait for it, bounded
	for i in $(seq 300); do
		[ "$(nr_dying)" = "$base" ] && break
		sleep 0.2
	done
	echo "# cursor $cursor ($path) removed: $(nr_dying) dying, $base before" >&3
	assert_equal "dying $(nr_dying)" "dying $base"
	# The dump goes on after the removed cursor all the same
	echo go >&"$go"
	exec {go}>&-
	local status=0
	wait "$PAUSER" || status=$?
	PAUSER=
	assert_equal "dump-pause exit $status" "dump-pause exit 0"
	assert_equal "$(tail -n 1 "$out")" done
	[ "$(grep -c "^memcg $cursor " "$out")" = 1 ] || fail "the cursor not once in the dump"
}

# umh_root: where this process's root is in the root the kernel's user
# mode helpers (modprobe) run in, that of PID 1: the guest's /init runs
# the suites chrooted into /newroot
umh_root() {
	local r
	for r in "" /newroot; do
		[ "$(stat -c %d:%i "/proc/1/root$r/" 2>/dev/null)" = "$(stat -c %d:%i /)" ] &&
			{ echo "$r"; return 0; }
	done
	return 1
}

# modprobe_blocker DIR ROOT: a script DIR/modprobe for kernel.modprobe
# that notes each call (DIR/called, its arguments) and waits until DIR/go
# exists: a request_module() that takes as long as the test wants. ROOT is
# where this root is in the helper's (umh_root), which its paths need.
modprobe_blocker() {
	printf '%s\n' '#!/bin/sh' \
		"echo \"\$*\" >> '$2$1/called'" \
		"while [ ! -e '$2$1/go' ]; do sleep 0.1; done" \
		'exit 1' > "$1/modprobe"
	chmod 755 "$1/modprobe"
}

# A write of a compressor the kernel has not loaded asks for its module
# while it holds the module parameter lock (the parameter core takes it
# around every write, and zswap looks the compressor up in the write). A
# get takes no lock that a parameter write holds: it answers while the
# write waits in modprobe, with the parameters as they were. (The earlier
# draft's get took the parameter lock, and waited for the write.)
@test "a get answers while a parameter write waits in modprobe for a compressor module" {
	need_family
	[ -w /proc/sys/kernel/modprobe ] || fail "no kernel.modprobe: a kernel without CONFIG_MODULES"
	set_param compressor lzo
	set_param max_pool_percent 20
	local dir=$BATS_TEST_TMPDIR/modprobe old i root
	mkdir -p "$dir"
	root=$(umh_root) || fail "this root is not PID 1's nor below its /newroot"
	modprobe_blocker "$dir" "$root"
	old=$(cat /proc/sys/kernel/modprobe)
	echo "$root$dir/modprobe" > /proc/sys/kernel/modprobe
	# No such algorithm anywhere: the crypto API asks for crypto-<name>
	(echo zswap-test-nonesuch > "$ZSWAP_PARAMS/compressor") > "$dir/set.out" 2>&1 &
	local setter=$!
	for i in $(seq 600); do
		grep -q 'crypto-zswap-test-nonesuch' "$dir/called" 2>/dev/null && break
		sleep 0.1
	done
	if ! grep -q 'crypto-zswap-test-nonesuch' "$dir/called" 2>/dev/null; then
		touch "$dir/go"
		echo "$old" > /proc/sys/kernel/modprobe
		fail "the set did not ask for the module: $(cat "$dir/set.out")"
	fi
	# The set waits in modprobe; a get must not wait for it (bounded, so
	# that a get that waits fails the test instead of hanging it)
	run timeout 60 "${YNLQ[@]}" --do get
	local get_status=$status get_output=$output set_waiting=no
	! kill -0 "$setter" 2>/dev/null || set_waiting=yes
	touch "$dir/go"
	wait "$setter" || true
	echo "$old" > /proc/sys/kernel/modprobe
	assert_equal "get exit $get_status, write still waiting: $set_waiting" \
		"get exit 0, write still waiting: yes"
	assert_equal "$(jq -r .compressor <<<"$get_output")" lzo
	assert_equal "$(jq -r '."max-pool-percent"' <<<"$get_output")" 20
	# The write failed (no such compressor), and changed nothing
	grep -q "No such file or directory" "$dir/set.out" || fail "the write: $(cat "$dir/set.out")"
	assert_equal "$(zswap_param compressor)" lzo
}
