# SPDX-License-Identifier: GPL-2.0
# Checks of the Prometheus text of "zswapctl export", shared by the host
# suite (tests/cli/80-export.bats) and the guest suite
# (tests/vm/suites/50-monitor-export.bats). They fail the test through
# bats-support's fail.
#
# The maps below are this test's own account of what each metric is: the
# key of "zswapctl status --json" or of an object of "cgroups --json". Every
# family the exporter writes must be in one of them, so none goes
# unchecked.

declare -gA PROM_GLOBAL=(
	[zswap_enabled]=enabled
	[zswap_max_pool_percent]=max_pool_percent
	[zswap_accept_threshold_percent]=accept_threshold_percent
	[zswap_page_size_bytes]=page_size
	[zswap_pool_bytes]=pool_total_size
	[zswap_pool_limit_bytes]=pool_limit_bytes
	[zswap_pool_limit_hit_total]=pool_limit_hit
	[zswap_stored_pages]=stored_pages
	[zswap_zero_pages]=zero_pages
	[zswap_reject_reclaim_fail_total]=reject_reclaim_fail
	[zswap_reject_alloc_fail_total]=reject_alloc_fail
	[zswap_reject_kmemcache_fail_total]=reject_kmemcache_fail
	[zswap_reject_compress_poor_total]=reject_compress_poor
	[zswap_duplicate_entry_total]=duplicate_entry
	[zswap_written_back_pages_total]=written_back_pages
	[zswap_zswpin_pages_total]=zswpin
	[zswap_zswpout_pages_total]=zswpout
)

declare -gA PROM_CGROUP=(
	[zswap_cgroup_compressed_bytes]=compressed_bytes
	[zswap_cgroup_stored_pages]=stored_pages
	[zswap_cgroup_zero_pages]=zero_pages
	[zswap_cgroup_zswpin_pages_total]=zswpin
	[zswap_cgroup_zswpout_pages_total]=zswpout
	[zswap_cgroup_max_bytes]=zswap_max
)

# The families whose value is 1 and whose labels say what they mean
PROM_INFO=(zswap_source zswap_info)

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
			[[ " ${PROM_INFO[*]} " == *" $family "* ]] ||
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

# The jq filter that turns a JSON value into the text of its metric. jq
# reads numbers as doubles: a test with counters above 2^53 must compare
# the text itself.
PROM_JQ_VALUE='if . == null then "" elif . == true then 1 elif . == false then 0
	       elif . == 18446744073709551615 then "+Inf" else . end'

# prom_check_global TEXT STATUS_JSON: every global metric is the value of
# its key in "zswapctl status --json", and absent where that is null.
prom_check_global() {
	local metric key want labels=()
	for metric in "${!PROM_GLOBAL[@]}"; do
		key=${PROM_GLOBAL[$metric]}
		want=$(jq -r --arg k "$key" ".[\$k] | $PROM_JQ_VALUE" <<<"$2")
		assert_series "$1" "$metric" "$want"
	done
	assert_series "$1" "zswap_source{source=\"$(jq -r .source <<<"$2")\"}" 1
	for key in compressor zpool; do
		want=$(jq -r --arg k "$key" '.[$k] // empty' <<<"$2")
		[ -z "$want" ] || labels+=("$key=\"$(prom_label_value "$want")\"")
	done
	if [ "${#labels[@]}" -gt 0 ]; then
		assert_series "$1" "zswap_info{$(IFS=,; echo "${labels[*]}")}" 1
	else
		! grep -q '^zswap_info' <<<"$1" || fail "zswap_info without a label"
	fi
}

# prom_check_cgroups TEXT CGROUPS_JSON: every cgroup metric is the value of
# its key in the cgroup's object of "zswapctl cgroups --json", absent where
# that is null, +Inf for no limit; and there is no other cgroup sample.
prom_check_cgroups() {
	local n i path metric key want keys
	n=$(jq '.cgroups | length' <<<"$2")
	[ "$n" -gt 0 ] || fail "no cgroup to compare"
	for ((i = 0; i < n; i++)); do
		path=$(jq -r --argjson i "$i" '.cgroups[$i].path' <<<"$2")
		for metric in "${!PROM_CGROUP[@]}"; do
			key=${PROM_CGROUP[$metric]}
			want=$(jq -r --argjson i "$i" --arg k "$key" \
				".cgroups[\$i][\$k] | $PROM_JQ_VALUE" <<<"$2")
			assert_series "$1" "$metric{cgroup=\"$(prom_label_value "$path")\"}" "$want"
		done
	done
	keys=$(printf '"%s",' "${PROM_CGROUP[@]}")
	want=$(jq "[.cgroups[] | .[${keys%,}] | select(. != null)] | length" <<<"$2")
	assert_equal "cgroup samples: $(grep -c '^zswap_cgroup_' <<<"$1")" "cgroup samples: $want"
}
