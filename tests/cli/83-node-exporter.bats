#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0
# zswapctl export read by Debian's own prometheus-node-exporter, as the
# export timer of the package feeds it: the real program on 127.0.0.1, its
# textfile collector pointed at the folder zswapctl export --output-file writes,
# scraped over HTTP. On this machine's kernel, with the node exporter's
# default collectors; and on the recorded trees (--path.procfs and
# --path.sysfs, as zswapctl's --sysroot), where the node exporter's own
# meminfo and vmstat figures of zswap sit beside ours and none of ours may
# be one of theirs under another name (tests/lib/prom.bash,
# PROM_SAME_FIGURE). Nothing listens but on the loopback, and each node
# exporter started here is ended by its pid.

load helpers
load ../lib/prom

NODE_EXPORTER=${NODE_EXPORTER:-prometheus-node-exporter}

setup() {
	require_zswapctl
	require_tool "$NODE_EXPORTER"
	require_tool curl
	require_tool promtool
	TEXTFILES=$BATS_TEST_TMPDIR/textfile
	mkdir -p "$TEXTFILES"
	NE_PID=
}

teardown() {
	if [ -n "$NE_PID" ]; then
		kill "$NE_PID" 2>/dev/null || true
		wait "$NE_PID" 2>/dev/null || true
	fi
}

# scrape [NODE_EXPORTER_ARGS...]: start the node exporter on a free port of
# 127.0.0.1 with its textfile collector on $TEXTFILES, and leave one scrape
# of its /metrics in $SCRAPE; its log is $BATS_TEST_TMPDIR/node-exporter.log
scrape() {
	local port i
	port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
	"$NODE_EXPORTER" --web.listen-address="127.0.0.1:$port" \
		--collector.textfile.directory="$TEXTFILES" "$@" \
		> "$BATS_TEST_TMPDIR/node-exporter.log" 2>&1 &
	NE_PID=$!
	SCRAPE=$BATS_TEST_TMPDIR/scrape.txt
	# a bounded wait for it to listen: 100 tries, 0.1 s apart
	for i in $(seq 100); do
		curl -sf "http://127.0.0.1:$port/metrics" > "$SCRAPE" && return 0
		kill -0 "$NE_PID" 2>/dev/null || break
		sleep 0.1
	done
	fail "no scrape from the node exporter on 127.0.0.1:$port: $(cat "$BATS_TEST_TMPDIR/node-exporter.log")"
}

# samples TEXT: the samples of the zswap families, name{labels} value, the
# value as a number, sorted: the node exporter writes 5055209472 as
# 5.055209472e+09
samples() {
	grep -E '^zswap_' <<<"$1" | python3 -c '
import sys
for line in sys.stdin:
    series, value = line.rstrip("\n").rsplit(" ", 1)
    print(series, repr(float(value)))' | LC_ALL=C sort
}

# assert_served FILE: every family of FILE is in $SCRAPE, with its HELP,
# its TYPE and its samples, and the node exporter read FILE without an error
assert_served() {
	local text got
	text=$(cat "$1")
	got=$(cat "$SCRAPE")
	assert_equal "$(grep -c '^node_textfile_scrape_error 0$' <<<"$got")" 1
	grep -qF "node_textfile_mtime_seconds{file=\"$1\"}" <<<"$got" ||
		fail "the node exporter did not read $1: $(grep textfile <<<"$got")"
	assert_equal "$(samples "$got")" "$(samples "$text")"
	assert_equal "$(grep -E '^# (HELP|TYPE) zswap_' <<<"$got" | LC_ALL=C sort)" \
		"$(grep -E '^# (HELP|TYPE) zswap_' <<<"$text" | LC_ALL=C sort)"
}

# assert_promtool_content: promtool parses the whole scrape (exit 1 is a
# text that is not the format) and lints nothing of zswapctl's; what it
# says of the node exporter's own names (camelCase from /proc/meminfo,
# bits) is the node exporter's, exit 3
assert_promtool_content() {
	local out rc=0
	out=$(promtool check metrics < "$SCRAPE" 2>&1) || rc=$?
	[ "$rc" = 0 ] || [ "$rc" = 3 ] || fail "promtool check metrics, exit $rc: $out"
	! grep -E '(^|[^a-z_])zswap_' <<<"$out" || fail "promtool on zswapctl's metrics: $out"
}

@test "a real node exporter serves zswapctl export's file, HELP and all, and promtool parses the scrape" {
	# as the export unit runs it, on this machine's kernel, with the
	# node exporter's default collectors
	run -0 --separate-stderr zc export --output-file "$TEXTFILES/zswap.prom"
	scrape
	assert_served "$TEXTFILES/zswap.prom"
	grep -qE '^zswap_source\{source="(netlink|fallback)"\} 1$' "$SCRAPE" || fail "no zswap_source"
	grep -qE '^zswap_enabled [01]$' "$SCRAPE" || fail "no zswap_enabled"
	assert_promtool_content
}

@test "with the recorded trees, each kernel figure comes out once: node_memory_*, node_vmstat_* or ours" {
	local root family figure node theirs
	for root in "$PATCHED" "$STOCK" "$LINUX612" "$LINUX618"; do
		rm -f "$TEXTFILES"/*
		run -0 --separate-stderr zc --sysroot "$root" export --output-file "$TEXTFILES/zswap.prom"
		# the node exporter's figures of zswap from the same tree, its
		# vmstat collector taking every line
		scrape --path.procfs="$root/proc" --path.sysfs="$root/sys" \
			--collector.disable-defaults --collector.meminfo --collector.vmstat \
			--collector.vmstat.fields='.*' --collector.textfile --web.disable-exporter-metrics
		kill "$NE_PID" && wait "$NE_PID" || true
		NE_PID=
		assert_served "$TEXTFILES/zswap.prom"
		theirs=$(grep -oE '^node_(memory_Zswap[A-Za-z]*_bytes|vmstat_zswp[a-z]*) ' "$SCRAPE" | tr -d ' ')
		[ -n "$(grep -x node_memory_Zswap_bytes <<<"$theirs")" ] ||
			fail "no node_memory_Zswap_bytes from $root: $theirs"
		for family in $(awk '/^# TYPE zswap_/ { print $3 }' "$TEXTFILES/zswap.prom"); do
			for figure in $(prom_metric_figures "$family"); do
				for node in $theirs; do
					[ "$(prom_node_exporter_source "$node")" != "$figure" ] ||
						fail "$family ($root) is $node under another name: $figure"
				done
			done
		done
	done
}

@test "the export unit writes to the folder Debian's node exporter reads by default" {
	local unit dir
	unit=$(sed -n 's|^ExecStart=.* --output-file \(.*\)$|\1|p' "$TOP/debian/zswapctl.zswapctl-export.service")
	dir=$("$NODE_EXPORTER" --help 2>&1 | sed -n 's/.*--collector\.textfile\.directory="\([^"]*\)".*/\1/p')
	[ -n "$dir" ] || fail "no default textfile folder in $NODE_EXPORTER --help"
	assert_equal "$(dirname "$unit")" "$dir"
	assert_equal "$(basename "$unit")" zswap.prom
	grep -q "^ConditionPathIsDirectory=$dir\$" "$TOP/debian/zswapctl.zswapctl-export.service" ||
		fail "the export unit does not wait for $dir"
}

@test "the vmstat fields zswapctl(8) gives make the node exporter write the zswp counters" {
	local fields
	fields=$(sed -n "s/^--collector\\.vmstat\\.fields='\\(.*\\)'\$/\\1/p" "$TOP/man/zswapctl.8")
	[ -n "$fields" ] || fail "no --collector.vmstat.fields in zswapctl(8)"
	scrape --path.procfs="$LINUX618/proc" --path.sysfs="$LINUX618/sys" \
		--collector.disable-defaults --collector.vmstat --collector.vmstat.fields="$fields"
	local key
	for key in zswpin zswpout zswpwb pswpin pgfault; do
		grep -qx "node_vmstat_$key $(sed -n "s/^$key //p" "$LINUX618/proc/vmstat")" "$SCRAPE" ||
			fail "no node_vmstat_$key: $(grep node_vmstat "$SCRAPE")"
	done
}
