# SPDX-License-Identifier: GPL-2.0
# Checks of the Prometheus text of "zswapctl export", shared by the host
# suite (tests/cli/80-export.bats) and the guest suite
# (tests/vm/suites/50-monitor-export.bats). They fail the test through
# bats-support's fail. The values are checked against the kernel's files,
# not against other zswapctl commands, which share the exporter's sampling
# code and would share its mistakes.
#
# The maps below are this test's own account of where each metric comes
# from, read straight from the kernel's files (under a recorded tree's
# root, or under / in a guest), not through zswapctl:
#
#   param:NAME     /sys/module/zswap/parameters/NAME (Y and N are 1 and 0)
#   debugfs:NAME   /sys/kernel/debug/zswap/NAME
#   debugfs:NAME,meminfo_bytes:KEY, debugfs:NAME,meminfo_pages:KEY
#                  the debugfs file, else (no debugfs: not mounted, not
#                  root) the line KEY of /proc/meminfo, in kB, as bytes or
#                  as pages
#   vmstat:KEY     the line KEY of /proc/vmstat
#   A!B            A, where the kernel has no B (the node exporter's then)
#   page_size      getconf PAGESIZE
#   pool_limit     zswap's limit: MemTotal (totalram_pages in kB) in pages
#                  * max_pool_percent / 100 * the page size
#
# and for a cgroup, in its folder under /sys/fs/cgroup:
#
#   file:NAME      the file NAME; over netlink the root cgroup, which has no
#                  memory.zswap.current, has memory.stat's "zswap"
#   stat:KEY       the line KEY of memory.stat
#   stat_pages:KEY the line KEY of memory.stat, in bytes, as pages
#   max:NAME       the file NAME, "max" being +Inf; over netlink the root
#                  cgroup, which has no memory.zswap.max, has +Inf
#   none           in no file: the kernel's zero pages of a cgroup go to
#                  netlink only (checked against the cgroup's stored pages)
#   wb:NAME        the file NAME, 0 or 1; over netlink the root, which has
#                  no such file on the series' kernel, has 1 where the
#                  other cgroups have it (the root's cannot be set there)
#   wb_effective:NAME  0 when the cgroup's wb:NAME or that of an ancestor
#                  is 0, else 1; a root without the file turns nothing off
#
# A file that is not there is a metric left out, never a 0. Every family
# the exporter writes must be in one of the maps, so none goes unchecked.
# The figures of /proc/meminfo (Zswap, Zswapped) and /proc/vmstat (zswpin,
# zswpout, zswpwb) are in no map: the node exporter has them
# (PROM_SAME_FIGURE, tests/cli/83-node-exporter.bats).

declare -gA PROM_GLOBAL=(
	[zswap_enabled]=param:enabled
	[zswap_max_pool_percent]=param:max_pool_percent
	[zswap_accept_threshold_percent]=param:accept_threshold_percent
	[zswap_page_size_bytes]=page_size
	[zswap_pool_limit_bytes]=pool_limit
	[zswap_pool_limit_hit_total]=debugfs:pool_limit_hit
	[zswap_zero_pages]=debugfs:zero_pages
	[zswap_stored_incompressible_pages]=debugfs:stored_incompressible_pages
	[zswap_reject_reclaim_fail_total]=debugfs:reject_reclaim_fail
	[zswap_reject_alloc_fail_total]=debugfs:reject_alloc_fail
	[zswap_reject_kmemcache_fail_total]=debugfs:reject_kmemcache_fail
	[zswap_reject_compress_poor_total]=debugfs:reject_compress_poor
	[zswap_reject_compress_fail_total]=debugfs:reject_compress_fail
	[zswap_decompress_fail_total]=debugfs:decompress_fail
	[zswap_duplicate_entry_total]=debugfs:duplicate_entry
	[zswap_written_back_pages_total]='debugfs:written_back_pages!vmstat:zswpwb'
)

declare -gA PROM_CGROUP=(
	[zswap_cgroup_compressed_bytes]=file:memory.zswap.current
	[zswap_cgroup_stored_pages]=stat_pages:zswapped
	[zswap_cgroup_zero_pages]=none
	[zswap_cgroup_zswpin_pages_total]=stat:zswpin
	[zswap_cgroup_zswpout_pages_total]=stat:zswpout
	[zswap_cgroup_zswpwb_pages_total]=stat:zswpwb
	[zswap_cgroup_max_bytes]=max:memory.zswap.max
	[zswap_cgroup_writeback]=wb:memory.zswap.writeback
	[zswap_cgroup_writeback_effective]=wb_effective:memory.zswap.writeback
)

# The families whose value is 1 and whose labels say what they mean
PROM_INFO=(zswap_source zswap_cgroups_source zswap_info)

# The per-cgroup families with a label beside cgroup: one series per
# cgroup and reason (prom_expected reads them from memory.stat)
PROM_CGROUP_LABELED=(zswap_cgroup_reject_total)

# The node exporter's figures of zswap, by the kernel file they come from:
# its meminfo collector writes the line KEY of /proc/meminfo as
# node_memory_KEY_bytes, its vmstat collector the line KEY of /proc/vmstat
# as node_vmstat_KEY (with --collector.vmstat.fields matching it). The
# kernel keeps some figures twice, in debugfs and in those files: the same
# figure under two names (mm/zswap.c, fs/proc/meminfo.c, mm/vmstat.c).
declare -gA PROM_SAME_FIGURE=(
	# zswap_pool_total_size, in kB in meminfo
	[debugfs:pool_total_size]=meminfo:Zswap
	# zswap_stored_pages, in kB in meminfo
	[debugfs:stored_pages]=meminfo:Zswapped
	# one event, counted in both since Linux 6.8
	[debugfs:written_back_pages]=vmstat:zswpwb
)

# prom_node_exporter_source METRIC: the kernel figure of one of the node
# exporter's metrics (meminfo:KEY or vmstat:KEY), or nothing
prom_node_exporter_source() {
	case $1 in
	node_memory_*_bytes) local k=${1#node_memory_}; echo "meminfo:${k%_bytes}" ;;
	node_vmstat_*) echo "vmstat:${1#node_vmstat_}" ;;
	esac
}

# prom_metric_figures FAMILY: the kernel figures a global family of ours
# comes from, as prom_node_exporter_source names them
prom_metric_figures() {
	local src
	[ -n "${PROM_GLOBAL[$1]+x}" ] || return 0
	# "A!B": A where the kernel has no B
	for src in $(tr ',' ' ' <<<"${PROM_GLOBAL[$1]%%!*}"); do
		case $src in
		meminfo_bytes:*|meminfo_pages:*) echo "meminfo:${src#*:}" ;;
		*) echo "$src" ;;
		esac
		[ -z "${PROM_SAME_FIGURE[$src]+x}" ] || echo "${PROM_SAME_FIGURE[$src]}"
	done
}

# prom_lint TEXT: promtool check metrics finds nothing, not even a lint
# warning (it prints those and exits 3).
prom_lint() {
	local out rc=0
	out=$(promtool check metrics <<<"$1" 2>&1) || rc=$?
	[ "$rc" = 0 ] && [ -z "$out" ] || fail "promtool check metrics, exit $rc: $out"
}

# prom_structure TEXT: what promtool does not check. Each family is opened
# once (HELP, then TYPE, then its samples), no series comes twice, and
# every family is one this file knows.
prom_structure() {
	local errors family
	errors=$(awk '
		/^# HELP / {
			if (seen[$3]++) print "family " $3 " opened twice"
			fam = $3; want_type = 1; next
		}
		/^# TYPE / {
			if (!want_type || $3 != fam) print "TYPE without its HELP: " $0
			want_type = 0; next
		}
		/^#/ { print "a comment that is not HELP or TYPE: " $0; next }
		{
			name = $0; sub(/[{ ].*/, "", name)
			if (name != fam || want_type) print "a sample outside its family: " $0
			series = $0; sub(/ [^ ]*$/, "", series)
			if (count[series]++) print "the series " series " comes twice"
		}' <<<"$1")
	[ -z "$errors" ] || fail "$errors"
	for family in $(awk '/^# TYPE / { print $3 }' <<<"$1"); do
		[ -n "${PROM_GLOBAL[$family]+x}" ] || [ -n "${PROM_CGROUP[$family]+x}" ] ||
			[[ " ${PROM_INFO[*]} ${PROM_CGROUP_LABELED[*]} " == *" $family "* ]] ||
			fail "the family $family is in no map of tests/lib/prom.bash"
	done
}

# prom_value TEXT SERIES: the value of one series, or nothing
prom_value() {
	local line
	while IFS= read -r line; do
		if [[ $line == "$2 "* ]]; then
			printf '%s\n' "${line#"$2 "}"
			return
		fi
	done <<<"$1"
}

# prom_label_value VALUE: VALUE as a label value is written
prom_label_value() {
	local v=${1//\\/\\\\}
	v=${v//\"/\\\"}
	printf '%s' "${v//$'\n'/\\n}"
}

# assert_series TEXT SERIES WANT: SERIES has the value WANT, or is absent
# when WANT is empty (an unknown figure is left out, never written as 0).
assert_series() {
	local got
	got=$(prom_value "$1" "$2")
	[ "$got" = "$3" ] || fail "$2 is '${got:-absent}', expected '${3:-absent}'"
}

# prom_kv FILE KEY: the value of the line "KEY value" of FILE, or nothing
prom_kv() {
	local k v
	[ -r "$1" ] || return 0
	while read -r k v; do
		if [ "$k" = "$2" ]; then
			printf '%s\n' "$v"
			return
		fi
	done < "$1"
}

# prom_file FILE: its first line, or nothing when it is not there
prom_file() {
	local v
	[ -r "$1" ] || return 0
	read -r v < "$1" || true
	printf '%s\n' "$v"
}

# prom_global_value ROOT SOURCE: the value a global map entry says
prom_global_value() {
	local root=$1 params=$1/sys/module/zswap/parameters v kb pct ps
	case $2 in
	*!*)
		[ -n "$(prom_global_value "$root" "${2#*!}")" ] ||
			prom_global_value "$root" "${2%%!*}" ;;
	*,*)
		v=$(prom_global_value "$root" "${2%%,*}")
		[ -n "$v" ] && echo "$v" || prom_global_value "$root" "${2#*,}" ;;
	param:enabled)
		v=$(prom_file "$params/enabled")
		case $v in Y) echo 1 ;; N) echo 0 ;; esac ;;
	param:*) prom_file "$params/${2#param:}" ;;
	debugfs:*) prom_file "$root/sys/kernel/debug/zswap/${2#debugfs:}" ;;
	vmstat:*) prom_kv "$root/proc/vmstat" "${2#vmstat:}" ;;
	meminfo_bytes:*|meminfo_pages:*)
		kb=$(prom_kv "$root/proc/meminfo" "${2#*:}:")
		kb=${kb% kB}
		ps=$(getconf PAGESIZE)
		[ -z "$kb" ] || case $2 in
			meminfo_bytes:*) echo $((kb * 1024)) ;;
			*) echo $((kb * 1024 / ps)) ;;
		esac ;;
	page_size) getconf PAGESIZE ;;
	pool_limit)
		kb=$(prom_kv "$root/proc/meminfo" MemTotal:)
		kb=${kb% kB}
		pct=$(prom_file "$params/max_pool_percent")
		ps=$(getconf PAGESIZE)
		[ -z "$kb" ] || [ -z "$pct" ] || echo $((kb * 1024 / ps * pct / 100 * ps)) ;;
	*) fail "tests/lib/prom.bash: no source '$2'" ;;
	esac
}

# prom_cgroup_value ROOT SOURCE PATH ENTRY: the value a cgroup map entry says
prom_cgroup_value() {
	local dir=$1/sys/fs/cgroup${3%/} v
	case $4 in
	file:*)
		if [ -e "$dir/${4#file:}" ]; then
			prom_file "$dir/${4#file:}"
		elif [ "$3" = / ] && [ "$2" = netlink ]; then
			prom_kv "$dir/memory.stat" zswap
		fi ;;
	stat:*) prom_kv "$dir/memory.stat" "${4#stat:}" ;;
	stat_pages:*)
		v=$(prom_kv "$dir/memory.stat" "${4#stat_pages:}")
		[ -z "$v" ] || echo $((v / $(getconf PAGESIZE))) ;;
	max:*)
		if [ -e "$dir/${4#max:}" ]; then
			v=$(prom_file "$dir/${4#max:}")
			[ "$v" = max ] && echo +Inf || echo "$v"
		elif [ "$3" = / ] && [ "$2" = netlink ]; then
			echo +Inf
		fi ;;
	wb:*)
		if [ -e "$dir/${4#wb:}" ]; then
			prom_file "$dir/${4#wb:}"
		elif [ "$3" = / ] && [ "$2" = netlink ] &&
			compgen -G "$1/sys/fs/cgroup/*/${4#wb:}" >/dev/null; then
			echo 1
		fi ;;
	wb_effective:*)
		v=$(prom_cgroup_value "$1" "$2" "$3" "wb:${4#wb_effective:}")
		local up=$3
		while [ "$v" = 1 ] && [ "$up" != / ]; do
			up=${up%/*}
			up=${up:-/}
			v=$(prom_file "$1/sys/fs/cgroup${up%/}/${4#wb_effective:}")
			if [ -z "$v" ]; then
				[ "$up" = / ] || return 0
				v=1
			fi
		done
		[ -z "$v" ] || echo "$v" ;;
	none) ;;
	*) fail "tests/lib/prom.bash: no source '$4'" ;;
	esac
}

# prom_memcgs ROOT: the path of each memory cgroup under ROOT's
# /sys/fs/cgroup, "/" for the root one: the root, and each folder whose
# cgroup.controllers has "memory"
prom_memcgs() {
	local top=$1/sys/fs/cgroup d
	[ -d "$top" ] || return 0
	echo /
	while IFS= read -r -d '' d; do
		grep -qw memory "$d/cgroup.controllers" 2>/dev/null && printf '%s\n' "${d#"$top"}"
	done < <(find "$top" -mindepth 1 -type d -print0 | sort -z)
}

# prom_expected ROOT SOURCE: the samples the files under ROOT (empty for
# the running system) say the exporter must write with the source SOURCE
# (netlink or fallback), "SERIES VALUE" a line, in the maps' order; the
# info families and the cgroups' zero pages, which no file holds, are not
# among them.
prom_expected() {
	local root=$1 source=$2 metric v path reason
	for metric in "${!PROM_GLOBAL[@]}"; do
		# (stored_incompressible_pages: in debugfs from 6.18 on, and an
		# attribute of the family since its ABI v2, which 7.2 sends)
		v=$(prom_global_value "$root" "${PROM_GLOBAL[$metric]}")
		[ -z "$v" ] || printf '%s %s\n' "$metric" "$v"
	done
	while IFS= read -r path; do
		for metric in "${!PROM_CGROUP[@]}"; do
			v=$(prom_cgroup_value "$root" "$source" "$path" "${PROM_CGROUP[$metric]}")
			[ -z "$v" ] ||
				printf '%s{cgroup="%s"} %s\n' "$metric" "$(prom_label_value "$path")" "$v"
		done
		# The stores refused, by reason: memory.stat's zswap_reject_*
		for reason in zswap_max pool_limit incompressible alloc_fail; do
			v=$(prom_cgroup_value "$root" "$source" "$path" "stat:zswap_reject_$reason")
			[ -z "$v" ] ||
				printf 'zswap_cgroup_reject_total{cgroup="%s",reason="%s"} %s\n' \
					"$(prom_label_value "$path")" "$reason" "$v"
		done
	done < <(prom_memcgs "$root")
}

# prom_check_files TEXT ROOT SOURCE [EXPECTED]: every sample of the
# exporter's TEXT is what the files under ROOT say (prom_expected, or
# EXPECTED when the caller took it already), and there is no other: a
# figure whose file is missing is left out. zswap_source says SOURCE, and
# so does zswap_cgroups_source where there are cgroup figures (a caller the
# family refuses them reads them from the files: not here),
# zswap_info the parameters' compressor and zpool, where they are. A
# cgroup's zero pages are in no file: none from the fallback, and over
# netlink one sample for each memory cgroup, no more than its stored pages.
prom_check_files() {
	local text=$1 root=$2 source=$3 want got params=$2/sys/module/zswap/parameters
	local line series v cgroup stored key labels=() n=0
	want=${4-$(prom_expected "$root" "$source")}
	want=$(LC_ALL=C sort <<<"$want")
	got=$(grep -v '^#' <<<"$text" |
		grep -Ev '^(zswap_source|zswap_cgroups_source|zswap_info|zswap_cgroup_zero_pages)[{ ]' |
		LC_ALL=C sort)
	[ "$got" = "$want" ] ||
		fail "the export is not what the files say (< files, > export):
$(diff <(echo "$want") <(echo "$got"))"
	assert_series "$text" "zswap_source{source=\"$source\"}" 1
	! grep -q '^zswap_cgroup_' <<<"$text" ||
		assert_series "$text" "zswap_cgroups_source{source=\"$source\"}" 1
	# zswap_info: a label for each parameter file there (later kernels
	# have no zpool), none at all without either
	for key in compressor zpool; do
		v=$(prom_file "$params/$key")
		[ -z "$v" ] || labels+=("$key=\"$(prom_label_value "$v")\"")
	done
	if [ "${#labels[@]}" -gt 0 ]; then
		assert_series "$text" "zswap_info{$(IFS=,; echo "${labels[*]}")}" 1
	else
		! grep -q '^zswap_info' <<<"$text" || fail "zswap_info without a label"
	fi
	while IFS= read -r line; do
		[[ $line == zswap_cgroup_zero_pages\{* ]] || continue
		[ "$source" = netlink ] || fail "zero pages of a cgroup from the $source: $line"
		series=${line% *}
		v=${line##* }
		cgroup=${series#zswap_cgroup_zero_pages}
		stored=$(prom_value "$want" "zswap_cgroup_stored_pages$cgroup")
		[ -n "$stored" ] || fail "zero pages of a cgroup with no stored pages: $line"
		[[ $v =~ ^[0-9]+$ ]] && [ "$v" -le "$stored" ] ||
			fail "$line: more zero pages than the $stored stored pages"
		n=$((n + 1))
	done <<<"$text"
	# over netlink, one for each cgroup on a kernel whose zswap stores zero
	# pages (debugfs counts them); none on one that does not (6.12 on)
	if [ "$source" = fallback ] || [ ! -e "$root/sys/kernel/debug/zswap/zero_pages" ]; then
		assert_equal "cgroups with zero pages: $n" "cgroups with zero pages: 0"
	else
		assert_equal "cgroups with zero pages: $n" \
			"cgroups with zero pages: $(grep -c '^zswap_cgroup_stored_pages{' <<<"$want")"
	fi
}
