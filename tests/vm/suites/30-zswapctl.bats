#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0
# zswapctl on a real kernel: over netlink on the patched kernel, over the
# fallback on the stock one; both sources agree on the same state; set
# reaches the kernel; an unprivileged user and every bad input are refused
# with one line and the documented exit status, and change nothing.

load helpers
# valgrind_run
load ../../lib/tools

ZSWAPCTL=$BUILD/bin/zswapctl

setup() {
	require_guest
	[ -x "$ZSWAPCTL" ] || fail "no $ZSWAPCTL: run 'make zswapctl' on the host"
	bats_require_minimum_version 1.5.0
}

teardown() {
	hold_cleanup
	restore_params
	counters_cleanup
	cg_remove zc/inner
	cg_remove zc
	cg_remove zcflat
	cg_remove zcclosed/below
	cg_remove zcclosed
	# A chain too long for any path: removed a folder at a time
	[ ! -d "$CGROOT/zclong" ] || find "$CGROOT/zclong" -depth -type d -delete
	true
}

zc() { "$ZSWAPCTL" "$@"; }
nobody() { setpriv --reuid=65534 --regid=65534 --clear-groups "$@"; }

# The source this kernel gets with --source auto
auto_source() { is_patched && echo netlink || echo fallback; }

# A cgroup "zc" with memory enabled below it and a child "zc/inner" that
# holds 64 MiB of mixed pages through a 16 MiB limit, most of it in zswap.
hold_in_zswap() {
	cg_create zc
	echo +memory > "$CGROOT/zc/cgroup.subtree_control"
	cg_create zc/inner 16M
	hold_start zc/inner --size 64 --mix 2:1:2:1
}

# hold_in_zswap_driven: as hold_in_zswap, with the counters of the system
# and of zc/inner that a workload can drive each driven to a value of its
# own first (counters_drive), so that a source that swapped two of them
# shows. zc/inner is as counters_drive makes it (16 MiB, or 48 MiB on 7.2).
hold_in_zswap_driven() {
	cg_create zc
	echo +memory > "$CGROOT/zc/cgroup.subtree_control"
	counters_drive zc/inner
	hold_start zc/inner --size 64 --mix 2:1:2:1
}

@test "status: the source this kernel has, and the parameters of sysfs" {
	run -0 zc status
	assert_line --regexp "^source: +$(auto_source)$"
	assert_line --regexp "^compressor: +$(zswap_param compressor)$"
	if line_has zpool; then
		assert_line --regexp "^zpool: +$(zswap_param zpool)$"
	else
		assert_line --regexp "^zpool: +-$"
	fi
	assert_line --regexp '^enabled: +yes$'
	run -0 zc status --json
	assert_equal "$(jq -r .source <<<"$output")" "$(auto_source)"
	assert_equal "$(jq -r .version <<<"$output")" 2
	assert_equal "$(jq -r .max_pool_percent <<<"$output")" "$(zswap_param max_pool_percent)"
}

@test "status --source netlink: the family on the patched kernel, exit 3 on the stock one" {
	if is_patched; then
		run -0 zc --source netlink status --json
		assert_equal "$(jq -r .source <<<"$output")" netlink
		assert_equal "$(jq -r '.zero_pages | type' <<<"$output")" \
			"$(line_has zero-pages && echo number || echo null)"
	else
		run -3 --separate-stderr zc --source netlink status
		assert_one_line_error "netlink"
	fi
	run -0 zc --source fallback status --json
	assert_equal "$(jq -r .source <<<"$output")" fallback
}

@test "status with pages in zswap: the counters of debugfs, the ratio, as root unknown only what 6.1 lacks" {
	hold_in_zswap
	run -0 zc status --json
	echo "$output"
	local stored
	stored=$(jq -r .stored_pages <<<"$output")
	[ "$stored" -gt "$(least_stored)" ] || fail "only $stored pages in zswap"
	assert_equal "$(jq -r .pool_total_size <<<"$output")" "$(zswap_debug pool_total_size)"
	assert_equal "$(jq -r .stored_pages <<<"$output")" "$(zswap_debug stored_pages)"
	# jq would print 3.30 as 3.3: look at the text
	assert_line --regexp '"pool_ratio": [0-9]+\.[0-9]{2}$'
	# the per-cgroup compression ratio's key, never the pool ratio (schema 2)
	assert_equal "$(jq 'has("compression_ratio")' <<<"$output")" false
	if is_patched && [ "$(kernel_line)" = 6.1 ]; then
		# The counters of Linux 6.12 and later: in no file and no attribute of 6.1
		# but those the series counts too (patches 0018, 0019, 0021)
		assert_equal "$(jq -c '[to_entries[] | select(.value == null) | .key]' <<<"$output")" \
			'["stored_incompressible_pages"]'
		assert_equal "$(jq -r .decompress_fail <<<"$output")" "$(zswap_debug decompress_fail)"
		assert_equal "$(jq -r .reject_compress_fail <<<"$output")" "$(zswap_debug reject_compress_fail)"
		assert_equal "$(jq -r .zswpwb <<<"$output")" "$(vmstat zswpwb)"
	elif is_patched; then
		# The family on a later line: what it has equals debugfs, what the
		# line has not is unknown, never 0 (stored_incompressible_pages is
		# 7.2's only)
		local key
		for key in zero_pages duplicate_entry decompress_fail stored_incompressible_pages; do
			if line_has "${key//_/-}"; then
				assert_equal "$key=$(jq -r ".$key" <<<"$output")" "$key=$(zswap_debug "$key")"
			else
				assert_equal "$key=$(jq -r ".$key | type" <<<"$output")" "$key=null"
			fi
		done
		assert_equal "$(jq -r .reject_compress_fail <<<"$output")" "$(zswap_debug reject_compress_fail)"
		assert_equal "$(jq -r .zswpwb <<<"$output")" "$(vmstat zswpwb)"
	else
		# The stock kernel does not count zero pages: null, never 0
		assert_equal "$(jq -r '.zero_pages | type' <<<"$output")" null
	fi
}

# A status snapshot of one source, with the keys both sources know; fails
# when zswapctl does (not a pipe into jq, which would hide its status)
snapshot() {
	local out
	out=$(zc --source "$1" status --json=short) || return
	jq -cS "$2" <<<"$out"
}

# The counters compared are each driven to a value of its own first; the
# refusals for a failed allocation (reject_alloc_fail,
# reject_kmemcache_fail) cannot be made to happen in the guest (no
# CONFIG_FAILSLAB or CONFIG_FAIL_PAGE_ALLOC), and are compared as they are.
@test "netlink and the fallback agree on the same state" {
	is_patched || skip "the stock kernel has only the fallback"
	hold_in_zswap_driven
	# The keys the fallback knows (root, debugfs mounted): all of them but
	# what debugfs has and the family not (7.2's stored_incompressible_pages)
	local keys nl fb nl2 i
	keys=$(zc --source fallback status --json)
	keys=$(jq -c '[to_entries[] | select(.value != null) | .key]
		      - ["stored_incompressible_pages"]' <<<"$keys")
	echo "keys the fallback knows: $keys"
	# 6.1's files give 20 and more; a later line has no zero pages, no
	# duplicate entries and 7.2 no zpool
	local fewest=20
	[ "$(kernel_line)" = 6.1 ] || fewest=16
	[ "$(jq length <<<"$keys")" -ge $fewest ] || fail "the fallback knows few keys"
	local filter="with_entries(select(.key as \$k | $keys | index(\$k))) | del(.source)"
	# The held workload keeps still; retry if something moved in between
	for i in 1 2 3 4 5; do
		nl=$(snapshot netlink "$filter")
		fb=$(snapshot fallback "$filter")
		nl2=$(snapshot netlink "$filter")
		[ "$nl" = "$nl2" ] && break
	done
	assert_equal "$nl" "$nl2"
	assert_equal "$fb" "$nl"
	assert_equal "$(jq -r .stored_pages <<<"$nl")" "$(zswap_debug stored_pages)"
	local key driven=()
	for key in $(counters_driven); do
		driven+=("$key=$(jq -r ".$key" <<<"$nl")")
		assert_equal "$key=$(jq -r ".$key" <<<"$nl")" "$key=$(zswap_debug "$key")"
	done
	echo "# driven: ${driven[*]}" >&3
	assert_distinct "${driven[@]}"
}

@test "cgroups: one row a memcg, the held cgroup's figures from its files" {
	hold_in_zswap
	run -0 zc cgroups --json zc/inner
	echo "$output"
	assert_equal "$(jq -r .source <<<"$output")" "$(auto_source)"
	local cg
	cg=$(jq -c '.cgroups[0]' <<<"$output")
	assert_equal "$(jq -r .path <<<"$cg")" /zc/inner
	assert_equal "$(jq -r .id <<<"$cg")" "$(stat -c %i "$CGROOT/zc/inner")"
	assert_equal "$(jq -r .stored_pages <<<"$cg")" "$(($(cg_stat zc/inner zswapped) / 4096))"
	assert_equal "$(jq -r .zswpout <<<"$cg")" "$(cg_stat zc/inner zswpout)"
	assert_equal "$(jq -r .compressed_bytes <<<"$cg")" "$(cat "$CGROOT/zc/inner/memory.zswap.current")"
	# no limit: no number, and zswap_unlimited (zswapctl(8), schema 2)
	assert_equal "$(jq -c '[.zswap_max, .zswap_unlimited]' <<<"$cg")" '[null,true]'
	[ "$(jq -r .stored_pages <<<"$cg")" -gt "$(least_stored)" ] || fail "little of the cgroup in zswap"
	run -0 zc cgroups
	assert_line --index 0 --regexp '^PATH +ID +COMPRESSED +STORED +ZERO +RATIO +ZSWPIN +ZSWPOUT +MAX$'
	assert_line --regexp '^/zc/inner +[0-9]+ +[0-9.]+ [KM]iB +[0-9]+ '
	run -0 zc memcg --noheadings --raw --output PATH
	assert_line /
	assert_line /zc
	assert_line /zc/inner
}

@test "cgroups --tree, --sort and the selection by id" {
	hold_in_zswap
	cg_create zcflat
	run -0 env LC_ALL=C "$ZSWAPCTL" cgroups --tree --output PATH --noheadings zc
	assert_output "$(printf '%s\n' /zc '`-inner')"
	run -0 zc cgroups --sort STORED --reverse --output STORED --noheadings --raw
	assert_equal "$output" "$(sort -rn <<<"$output")"
	run -0 zc cgroups --sort PATH --output PATH --noheadings --raw
	assert_equal "$output" "$(LC_ALL=C sort <<<"$output")"
	run -0 zc cgroups --noheadings --raw --output PATH "$(stat -c %i "$CGROOT/zc/inner")"
	assert_output /zc/inner
}

# Each figure from both sources is a number, and that of the cgroup's
# files, not only the same from both: two sources that read the same wrong
# file would agree. The cgroup's counters that a workload can drive are
# driven each to a value of its own first (counters_drive); its refusals
# for a failed allocation cannot be made to happen in the guest (no
# CONFIG_FAILSLAB or CONFIG_FAIL_PAGE_ALLOC), and are compared as they are.
@test "netlink and the fallback agree on a cgroup" {
	is_patched || skip "the stock kernel has only the fallback"
	hold_in_zswap_driven
	local nl fb inner=$CGROOT/zc/inner
	fb=$(zc --source fallback cgroups --json=short zc/inner)
	fb=$(jq -c '.cgroups[0]' <<<"$fb")
	nl=$(zc --source netlink cgroups --json=short zc/inner)
	nl=$(jq -c '.cgroups[0]' <<<"$nl")
	echo "netlink $nl"
	echo "fallback $fb"
	# KEY=FILE'S FIGURE, for each figure the fallback knows (it cannot
	# count zero pages)
	local want=(
		"id=$(stat -c %i "$inner")"
		"compressed_bytes=$(cat "$inner/memory.zswap.current")"
		"stored_pages=$(($(cg_stat zc/inner zswapped) / 4096))"
		"zswpin=$(cg_stat zc/inner zswpin)"
		"zswpout=$(cg_stat zc/inner zswpout)"
	) key pair driven=()
	! line_has zswap-writeback || want+=("zswpwb=$(cg_stat zc/inner zswpwb)")
	if line_has memcg-rejects; then
		for key in zswap_max pool_limit incompressible alloc_fail; do
			want+=("reject_$key=$(cg_stat zc/inner "zswap_reject_$key")")
		done
	fi
	for key in $(cg_counters_driven); do
		driven+=("${key#zswap_}=$(jq -r ".${key#zswap_}" <<<"$nl")")
	done
	echo "# driven: ${driven[*]}" >&3
	[ ${#driven[@]} -gt 0 ] || fail "no counter of the cgroup driven on this line"
	assert_distinct "${driven[@]}"
	for pair in "${want[@]}"; do
		key=${pair%%=*}
		[[ ${pair#*=} =~ ^[0-9]+$ ]] || fail "the files give $pair"
		assert_equal "netlink $key=$(jq -r ".$key" <<<"$nl")" "netlink $pair"
		assert_equal "fallback $key=$(jq -r ".$key" <<<"$fb")" "fallback $pair"
	done
	# No limit: no number, and zswap_unlimited, from both
	assert_equal "$(cat "$inner/memory.zswap.max")" max
	assert_equal "netlink $(jq -c '[.path, .zswap_max, .zswap_unlimited]' <<<"$nl")" \
		'netlink ["/zc/inner",null,true]'
	assert_equal "fallback $(jq -c '[.path, .zswap_max, .zswap_unlimited]' <<<"$fb")" \
		'fallback ["/zc/inner",null,true]'
	# The ratio is the two figures above's (zswapctl(8)): a number, the
	# same from both
	assert_equal "$(jq -r '.compression_ratio | type' <<<"$nl")" number
	assert_equal "compression_ratio=$(jq -r .compression_ratio <<<"$fb")" \
		"compression_ratio=$(jq -r .compression_ratio <<<"$nl")"
}

# A chain of 17 memcgs below /zclong, each named with 255 bytes: a path
# longer than PATH_MAX, made a folder at a time (no path may be that
# long); its path in LONG_PATH
long_chain() {
	local name i
	LONG_PATH=/zclong
	mkdir "$CGROOT/zclong"
	for ((i = 0; i < 17; i++)); do
		printf -v name '%s%02d' "$(printf 'L%.0s' {1..253})" "$i"
		LONG_PATH=$LONG_PATH/$name
	done
	(
		cd "$CGROOT/zclong" || exit 1
		IFS=/
		for name in ${LONG_PATH#/zclong/}; do
			echo +memory >cgroup.subtree_control && mkdir "$name" && cd "$name" || exit 1
		done
	) || fail "cannot make the chain"
	[ "${#LONG_PATH}" -gt 4096 ] || fail "the chain is not longer than PATH_MAX"
}

@test "a cgroup path longer than PATH_MAX: found by that path, over netlink and the files" {
	local src id
	long_chain
	for src in $(is_patched && echo netlink) fallback; do
		run -0 --separate-stderr zc --source "$src" cgroups --raw --noheadings -o PATH,ID "$LONG_PATH"
		# shown shortened (zswapctl(8): a path over 1024 bytes keeps its
		# first component and its end), the cgroup the path names
		[[ ${output%% *} == /zclong/*/"${LONG_PATH##*/}" ]] ||
			fail "not the long chain's last cgroup: ${output:0:200}"
		[ "${#output}" -lt 1100 ] || fail "shown whole: ${#output} bytes"
		# the cgroup of that id in the listing, shortened the same way
		id=${output##* }
		# (a path past PATH_MAX is reached one folder at a time)
		assert_equal "$id" "$(cd "$CGROOT" && for name in ${LONG_PATH//\// }; do
			cd "$name" || exit 1; done && stat -c %i .)"
		run -0 zc --source "$src" cgroups --json=short
		assert_equal "$(jq -r --argjson id "$id" '.cgroups[] | select(.id == $id) |
			"\(.path_shortened) \(.path | endswith("/'"${LONG_PATH##*/}"'"))"' <<<"$output")" \
			"true true"
	done
}

# A folder made 0700 keeps another user out of the cgroups below it, in
# cgroupfs and through the family alike: the family's memcg reads need
# CAP_SYS_ADMIN in the initial user namespace, so the user's auto source reads
# the files, which name what they could not open; root lists everything.
@test "a cgroup folder closed to a user: no source lists it to that user; root lists it" {
	cg_create zcclosed
	echo +memory >"$CGROOT/zcclosed/cgroup.subtree_control"
	cg_create zcclosed/below
	chmod 700 "$CGROOT/zcclosed"
	local note="zswapctl: note: 1 cgroup folder could not be opened or read (Permission denied); not listed, with the cgroups below them (root would list them): /zcclosed"
	run -0 --separate-stderr nobody "$ZSWAPCTL" --source fallback cgroups --raw --noheadings -o PATH
	refute_output --partial zcclosed
	assert_equal "$stderr" "$note"
	run -0 --separate-stderr nobody "$ZSWAPCTL" cgroups --raw --noheadings -o PATH
	refute_output --partial zcclosed
	assert_equal "$stderr" "$note"
	run -0 --separate-stderr nobody "$ZSWAPCTL" cgroups --json
	assert_equal "$(jq -r .source <<<"$output")" fallback
	if is_patched; then
		run -2 --separate-stderr nobody "$ZSWAPCTL" --source netlink cgroups --raw --noheadings -o PATH
		assert_output ""
		assert_equal "$stderr" "zswapctl: cannot list cgroups: reading memcgs needs CAP_SYS_ADMIN (Operation not permitted)"
		run -0 nobody "$ZSWAPCTL" --source netlink status --json
		assert_equal "$(jq -r .source <<<"$output")" netlink
	fi
	run -0 --separate-stderr zc cgroups --raw --noheadings -o PATH
	assert_line /zcclosed/below
	[[ $stderr != *"could not be opened"* ]] || fail "root was refused a folder: $stderr"
}

@test "set compressor zstd shows in sysfs, and says what changed" {
	set_param compressor lzo
	run -0 zc set compressor zstd
	assert_output "compressor: lzo -> zstd"
	assert_equal "$(zswap_param compressor)" zstd
	run -0 zc set compressor lzo
	assert_equal "$(zswap_param compressor)" lzo
}

@test "set max-pool-percent, accept-threshold-percent and enabled reach sysfs" {
	set_param max_pool_percent 20
	set_param accept_threshold_percent 90
	set_param enabled Y
	run -0 zc set max-pool-percent 25 accept-threshold-percent 80
	assert_line "max-pool-percent: 20 -> 25"
	assert_line "accept-threshold-percent: 90 -> 80"
	assert_equal "$(zswap_param max_pool_percent)" 25
	assert_equal "$(zswap_param accept_threshold_percent)" 80
	run -0 zc set enabled off
	assert_output "enabled: yes -> no"
	assert_equal "$(zswap_param enabled)" N
	run -0 zc set enabled on
	assert_equal "$(zswap_param enabled)" Y
}

# A line without a zpool layer refuses it: one line that says so, exit 3
@test "set zpool zsmalloc switches the pool" {
	if ! line_has zpool; then
		cg_create zcflat
		refused 3 "no zpool layer" set zpool zsmalloc
		return
	fi
	set_param zpool zbud
	run -0 zc set zpool zsmalloc
	assert_output "zpool: zbud -> zsmalloc"
	assert_equal "$(zswap_param zpool)" zsmalloc
}

@test "set cgroup max writes memory.zswap.max" {
	cg_create zcflat
	run -0 zc set cgroup zcflat max 64M
	assert_output "cgroup /zcflat max: max -> 67108864 (64 MiB)"
	assert_equal "$(cat "$CGROOT/zcflat/memory.zswap.max")" 67108864
	run -0 zc set cgroup "$(stat -c %i "$CGROOT/zcflat")" max max
	assert_equal "$(cat "$CGROOT/zcflat/memory.zswap.max")" max
}

@test "an unprivileged user gets a clear permission error, exit 2, and nothing changes" {
	cg_create zcflat
	local before
	before=$(params_snapshot)
	run -2 --separate-stderr nobody "$ZSWAPCTL" set compressor zstd
	assert_one_line_error "permission denied: setting zswap parameters needs"
	is_patched && assert_one_line_error "needs CAP_SYS_ADMIN \\(root\\)"
	run -2 --separate-stderr nobody "$ZSWAPCTL" set enabled off max-pool-percent 10
	assert_one_line_error "permission denied"
	run -2 --separate-stderr nobody "$ZSWAPCTL" set cgroup /zcflat max 1M
	assert_one_line_error "permission denied: setting zswap.max of cgroup /zcflat needs"
	assert_equal "$(params_snapshot)" "$before"
	assert_equal "$(cat "$CGROOT/zcflat/memory.zswap.max")" max
}

# The stored pages /proc/meminfo gives (Zswapped, in kB), readable by anyone
meminfo_stored() { echo $(($(awk '$1 == "Zswapped:" { print $2 }' /proc/meminfo) * 1024 / 4096)); }

@test "an unprivileged user reads over netlink what root reads; the fallback hides debugfs's counters" {
	local before after stored
	hold_in_zswap
	before=$(meminfo_stored)
	run -0 nobody "$ZSWAPCTL" status --json
	after=$(meminfo_stored)
	if is_patched; then
		assert_equal "$(jq -r .source <<<"$output")" netlink
		assert_equal "$(jq -r .stored_pages <<<"$output")" "$(zswap_debug stored_pages)"
	else
		# debugfs is root's: unknown, not 0; but /proc/meminfo has the
		# stored pages, as they were between the two reads around it
		assert_equal "$(jq -r '.pool_limit_hit | type' <<<"$output")" null
		stored=$(jq -r .stored_pages <<<"$output")
		[ "$before" -gt "$(least_stored)" ] || fail "only $before pages in zswap"
		{ [ "$stored" -ge "$before" ] && [ "$stored" -le "$after" ]; } ||
			{ [ "$stored" -le "$before" ] && [ "$stored" -ge "$after" ]; } ||
			fail "stored_pages $stored, meminfo's Zswapped $before then $after pages"
		assert_equal "$(jq -r .compressor <<<"$output")" "$(zswap_param compressor)"
	fi
	# '-' in the text: why, in one line, with what this line lacks first
	run -0 nobody "$ZSWAPCTL" status
	local nozpool= nozero=
	line_has zpool || nozpool="this kernel has no zpool layer (Linux 6.18 and later); "
	[ "$(kernel_line)" = 6.1 ] ||
		nozero="this kernel keeps zero-filled pages out of zswap (swap zeromap, Linux 6.12 and later); "
	if is_patched && [ "$(kernel_line)" = 6.1 ]; then
		# zswpwb is in /proc/vmstat on the series (0020): only what the
		# family leaves out of its reply is left (stored-incompressible-pages)
		assert_equal "${lines[-1]}" \
			"zswapctl: note: '-': the kernel's zswap family did not send those figures"
	elif is_patched && [ "$(kernel_line)" = 6.12 ]; then
		# 6.12 has no stored-incompressible-pages, which the family names
		assert_equal "${lines[-1]}" \
			"zswapctl: note: '-': ${nozpool}${nozero}the kernel's zswap family did not send those figures; some figures are not on this kernel"
	elif is_patched; then
		# 7.2's family sends every figure 7.2 has
		assert_equal "${lines[-1]}" \
			"zswapctl: note: '-': ${nozpool}${nozero}some figures are not on this kernel"
	else
		assert_equal "${lines[-1]}" \
			"zswapctl: note: '-': ${nozpool}needs root (for /sys/kernel/debug/zswap) or zswap's netlink family; ${nozero}some figures are not on this kernel"
	fi
}

# refused CODE REGEX ARGS...: zswapctl ARGS fails with CODE and one line,
# and no parameter and no zswap.max changed
refused() {
	local code=$1 regex=$2 before max
	shift 2
	before=$(params_snapshot)
	max=$(cat "$CGROOT/zcflat/memory.zswap.max")
	run "-$code" --separate-stderr zc "$@"
	assert_one_line_error "$regex"
	assert_equal "$(params_snapshot)" "$before"
	assert_equal "$(cat "$CGROOT/zcflat/memory.zswap.max")" "$max"
}

@test "every bad input: one line, the documented exit status, nothing changed" {
	cg_create zcflat
	refused 1 "unknown command 'frob'" frob
	refused 1 "unknown option '--frob'" status --frob
	refused 1 "unknown parameter 'frob'" set frob 1
	refused 1 "max-pool-percent '101' out of range" set max-pool-percent 101
	refused 1 "invalid accept-threshold-percent '-5'" set accept-threshold-percent -5
	refused 1 "invalid enabled 'maybe'" set enabled maybe
	refused 1 "unknown compressor 'nope' \\(available: .*lzo" set compressor nope
	refused 1 "out of range" set compressor zstd max-pool-percent 1000
	refused 1 "invalid size '12Q'" set cgroup zcflat max 12Q
	refused 1 "invalid size '1.5'" set cgroup zcflat max 1.5
	refused 1 "size '16E' out of range" set cgroup zcflat max 16E
	refused 1 "no cgroup '/nope' under /sys/fs/cgroup" set cgroup /nope max 1G
	refused 1 "no cgroup '/nope' under /sys/fs/cgroup" cgroups /nope
	refused 1 "no cgroup with id 4242424242" cgroups 4242424242
	refused 1 "the root cgroup has no zswap.max" set cgroup / max 1G
	refused 1 "unknown column 'NOPE'" cgroups --output NOPE
	# The kernel's own refusal, with its reason; a line without a zpool
	# layer has none to set
	if line_has zpool; then
		refused 2 "zpool" set zpool nope
	else
		refused 3 "no zpool layer" set zpool nope
	fi
}

# A set the kernel refuses late, at the pool: z3fold cannot create one
# while no thread can be created (its workqueues have rescuer threads).
# zswapctl is started first and then forks nothing: the shell that execs
# it sets kernel.threads-max to its minimum, and this shell sets it back
# with a builtin. Over netlink one SET, all or nothing, with the extack's
# reason; through the files (stock) the compressor written first is set
# back. Either way: one line, exit 2, and nothing changed.
@test "set refused late by the kernel: one line with the reason, nothing changed" {
	# 7.2 has no zpool, and no other pool that fails to be made on demand:
	# its refusal of a zpool is the test above
	if ! line_has zpool; then
		cg_create zcflat
		refused 3 "no zpool layer" set compressor lz4 zpool zsmalloc
		return
	fi
	set_param zpool zbud
	set_param compressor lzo
	local threads before rc=0 out=$BATS_TEST_TMPDIR/out err=$BATS_TEST_TMPDIR/err
	threads=$(cat /proc/sys/kernel/threads-max)
	before=$(params_snapshot)
	bash -c 'echo 20 > /proc/sys/kernel/threads-max && exec "$@"' zc \
		"$ZSWAPCTL" set compressor lz4 zpool z3fold > "$out" 2> "$err" || rc=$?
	echo "$threads" > /proc/sys/kernel/threads-max
	cat "$out" "$err"
	assert_equal "$(params_snapshot)" "$before"
	assert_equal "exit $rc, $(wc -l < "$err") line(s)" "exit 2, 1 line(s)"
	local reason=
	is_patched && reason="this zpool cannot create a pool, see the kernel log"
	[[ $(cat "$err") =~ ^zswapctl:\ .*$reason.*\;\ nothing\ changed,\ in\ force:\ compressor\ lzo,\ zpool\ zbud$ ]] ||
		fail "not the message expected"
}

@test "valgrind: status, cgroups and set leak nothing and touch no bad memory" {
	cg_create zcflat
	set_param compressor lzo
	# Each command with the exit status it must have: a crash (128 + the
	# signal) or valgrind's 99 is none of them
	local args want
	while read -r want args; do
		# shellcheck disable=SC2086 # the words of args are the arguments
		valgrind_run "$want" "$ZSWAPCTL" $args </dev/null
		echo "zswapctl $args: exit $status"
	done <<-'EOF'
		0 status
		0 status --json
		0 cgroups
		0 cgroups --tree --sort STORED --json=short
		0 cgroups zcflat
		0 set compressor zstd
		0 set cgroup zcflat max 1G
		1 set max-pool-percent 200
		1 cgroups /nope
		0 --source fallback status
		0 --source fallback cgroups --tree
	EOF
	assert_equal "$(zswap_param compressor)" zstd
	assert_equal "$(cat "$CGROOT/zcflat/memory.zswap.max")" 1073741824
}
