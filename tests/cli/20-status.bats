#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0
# zswapctl status against the recorded trees of a patched and a stock
# kernel, and on this machine as it is.

load helpers

setup() {
	require_zswapctl
}

# debugfs FILE [ROOT]: a recorded debugfs counter
debugfs() { cat "${2:-$PATCHED}/sys/kernel/debug/zswap/$1"; }

@test "status shows every line, from the fallback, with the recorded values" {
	run -0 zc_patched status
	local label
	for label in source enabled compressor zpool "max pool percent" "accept threshold" \
		     "pool size" "pool limit hits" "stored pages" "zero pages" "pool ratio" \
		     "rejected (reclaim fail)" "rejected (alloc fail)" "rejected (kmemcache fail)" \
		     "rejected (compress poor)" "duplicate entries" "written back pages" \
		     zswpin zswpout; do
		assert_line --regexp "^$(sed 's/[()]/\\&/g' <<<"$label"): +[^ ]"
	done
	assert_line --regexp '^source: +fallback$'
	assert_line --regexp "^compressor: +$(cat "$PATCHED/sys/module/zswap/parameters/compressor")$"
	assert_line --regexp "^stored pages: +$(debugfs stored_pages) \\([0-9.]+ [KMGT]?i?B\\)$"
	assert_line --regexp "^zero pages: +$(debugfs zero_pages)$"
}

@test "the pool size is in IEC units against its limit, with a percentage" {
	run -0 zc_patched status
	assert_line --regexp '^pool size: +[0-9.]+ [KMGT]iB of [0-9.]+ [KMGT]iB \([0-9]+\.[0-9]%\)$'
}

@test "--bytes prints sizes in bytes" {
	local pool
	pool=$(debugfs pool_total_size)
	run -0 zc_patched status --bytes
	assert_line --regexp "^pool size: +$pool of [0-9]+ \\([0-9.]+%\\)$"
}

@test "the pool ratio is stored pages * page size / pool size" {
	local want
	want=$(awk -v s="$(debugfs stored_pages)" -v p="$(debugfs pool_total_size)" \
		'BEGIN { printf "%.2f", s * 4096 / p }')
	run -0 zc_patched status
	assert_line --regexp "^pool ratio: +$want$"
	refute_line --partial "compression ratio"
	run -0 zc_patched status --json
	assert_equal "$(jq -r .pool_ratio <<<"$output")" "$want"
	# not under the key of a cgroup's compression ratio (schema 2)
	assert_equal "$(jq 'has("compression_ratio")' <<<"$output")" false
}

@test "a pool ratio past what 64 bits hold is '-' with a note, not a figure cut to fit" {
	local root dbg
	root=$(copy_root patched)
	dbg=$root/sys/kernel/debug/zswap
	# 2^60 pages in a pool of 1 byte: 2^72 to one
	echo 1152921504606846976 >"$dbg/stored_pages"
	echo 1 >"$dbg/pool_total_size"
	run -0 "$ZSWAPCTL" --sysroot "$root" status
	assert_line --regexp '^pool ratio: +-$'
	assert_line --regexp "^zswapctl: note: '-': (.*; )?the pool ratio is too large to be true: stored pages and pool size disagree(;|$)"
	run -0 "$ZSWAPCTL" --sysroot "$root" status --json
	assert_equal "$(jq -r '.pool_ratio | type' <<<"$output")" null
	# A memcg's RATIO the same way
	echo 1 >"$root/sys/fs/cgroup/work/memory.zswap.current"
	sed -i 's/^zswapped .*/zswapped 18446744073709551615/' "$root/sys/fs/cgroup/work/memory.stat"
	run -0 "$ZSWAPCTL" --sysroot "$root" cgroups -o PATH,RATIO /work
	assert_line --index 1 --regexp '^/work +-$'
	assert_line --index 2 "zswapctl: note: '-': a ratio too large to be true: stored pages and compressed bytes disagree"
}

@test "the page size is the tree's (its proc/self/smaps), not the running system's" {
	local root
	root=$(copy_root patched)
	# A tree recorded on a system of 64 KiB pages (arm64, ppc64le)
	printf 'KernelPageSize:       64 kB\nMMUPageSize:          64 kB\n' >"$root/proc/self/smaps"
	run -0 "$ZSWAPCTL" --sysroot "$root" status --json
	assert_equal "$(jq -r .page_size <<<"$output")" 65536
	# MemTotal 2049260 kB: 32019 pages of 64 KiB, 20% of them 6403
	assert_equal "$(jq -r .pool_limit_bytes <<<"$output")" $((6403 * 65536))
	run -0 "$ZSWAPCTL" --sysroot "$root" cgroups --json /work
	assert_equal "$(jq -r .page_size <<<"$output")" 65536
	# memory.stat's zswapped 38678528 bytes: 590 pages of 64 KiB
	assert_equal "$(jq -r '.cgroups[0].stored_pages' <<<"$output")" 590
	run -0 "$ZSWAPCTL" --sysroot "$root" export --no-cgroups
	assert_line "zswap_page_size_bytes 65536"
}

@test "a tree that does not say its page size: what needs it is unknown, and the note says so" {
	local root
	root=$(copy_root patched)
	rm "$root/proc/self/smaps"
	run -0 "$ZSWAPCTL" --sysroot "$root" status --json
	assert_equal "$(jq -r '.page_size | type' <<<"$output")" null
	assert_equal "$(jq -r '.pool_limit_bytes | type' <<<"$output")" null
	assert_equal "$(jq -r '.pool_ratio | type' <<<"$output")" null
	# debugfs counts the stored pages in pages
	assert_equal "$(jq -r .stored_pages <<<"$output")" "$(debugfs stored_pages)"
	run -0 "$ZSWAPCTL" --sysroot "$root" status
	assert_line --regexp "^stored pages: +$(debugfs stored_pages)$"
	assert_line --regexp "^zswapctl: note: '-': (.*; )?needs the page size, which $root/proc/self/smaps would give: No such file or directory(;|$)"
	run -0 "$ZSWAPCTL" --sysroot "$root" export --no-cgroups
	refute_line --partial zswap_page_size_bytes
}

@test "--json is one object with version 2, the source and every documented key" {
	run -0 zc_patched status --json
	jq -e . <<<"$output" >/dev/null || fail "not JSON: $output"
	assert_equal "$(jq -r .version <<<"$output")" 2
	assert_equal "$(jq -r .source <<<"$output")" fallback
	local key keys
	keys=$(jq -r 'keys_unsorted[]' <<<"$output")
	for key in "${STATUS_KEYS[@]}"; do
		grep -qx "$key" <<<"$keys" || fail "no key $key"
	done
	assert_equal "$(wc -l <<<"$keys")" "${#STATUS_KEYS[@]}"
	assert_equal "$(jq -r .stored_pages <<<"$output")" "$(debugfs stored_pages)"
	assert_equal "$(jq -r .pool_total_size <<<"$output")" "$(debugfs pool_total_size)"
	assert_equal "$(jq -r .enabled <<<"$output")" true
	assert_equal "$(jq -r .page_size <<<"$output")" "$(getconf PAGESIZE)"
}

@test "--json is pretty by default, --json=short is one line, with the same content" {
	local pretty short
	pretty=$(zc_patched status --json)
	short=$(zc_patched status --json=short)
	[ "$(wc -l <<<"$pretty")" -gt 10 ] || fail "pretty JSON on few lines"
	assert_equal "$(wc -l <<<"$short")" 1
	assert_equal "$(jq -S . <<<"$pretty")" "$(jq -S . <<<"$short")"
	assert_equal "$(zc_patched status --json=pretty)" "$pretty"
	assert_equal "$(zc_patched status -J)" "$pretty"
	grep -q '^  "version": 2,$' <<<"$pretty" || fail "not two-space indented"
}

@test "the stock kernel has no zero-page counter: '-' and null, never 0" {
	run -0 zc_stock status
	assert_line --regexp '^zero pages: +-$'
	run -0 zc_stock status --json
	assert_equal "$(jq -r '.zero_pages | type' <<<"$output")" null
	assert_equal "$(jq -r '.stored_pages | type' <<<"$output")" number
}

@test "without debugfs the counters are unknown: '-' and null, but what meminfo gives" {
	local root
	root=$(copy_root patched)
	rm -rf "$root/sys/kernel/debug"
	run -0 zc --sysroot "$root" status
	# Zswapped: 37772 kB, Zswap: 12708 kB of /proc/meminfo
	assert_line --regexp "^stored pages: +$((37772 * 1024 / $(getconf PAGESIZE))) "
	assert_line --regexp '^pool size: +12.4 MiB of '
	assert_line --regexp '^rejected \(reclaim fail\): +-$'
	assert_line --regexp '^compressor: +lzo$'
	run -0 zc --sysroot "$root" status --json
	assert_equal "$(jq -r .pool_total_size <<<"$output")" $((12708 * 1024))
	local key
	for key in zero_pages pool_limit_hit reject_reclaim_fail \
		   reject_alloc_fail reject_kmemcache_fail reject_compress_poor duplicate_entry \
		   written_back_pages; do
		assert_equal "$key=$(jq -r ".$key | type" <<<"$output")" "$key=null"
	done
	assert_equal "$(jq -r .compressor <<<"$output")" lzo
	assert_equal "$(jq -r '.zswpin | type' <<<"$output")" number
}

@test "counters above 2^53 come out in JSON digit for digit" {
	local root
	root=$(copy_root patched)
	echo 18446744073709551615 > "$root/sys/kernel/debug/zswap/stored_pages"
	echo 9007199254740993 > "$root/sys/kernel/debug/zswap/written_back_pages"
	sed -i 's/^zswpout .*/zswpout 18446744073709551614/' "$root/proc/vmstat"
	run -0 zc --sysroot "$root" status --json=short
	assert_output --partial '"stored_pages":18446744073709551615,'
	assert_output --partial '"written_back_pages":9007199254740993,'
	assert_output --partial '"zswpout":18446744073709551614'
	run -0 zc --sysroot "$root" status
	assert_line --regexp '^written back pages: +9007199254740993$'
}

@test "status on this machine: the fallback or netlink, or exit 3 without zswap" {
	if [ ! -d /sys/module/zswap ]; then
		run -3 --separate-stderr zc status
		assert_one_line_error "zswap is not available"
		return
	fi
	run -0 zc status --json
	assert_equal "$(jq -r .version <<<"$output")" 2
	assert_regex "$(jq -r .source <<<"$output")" '^(netlink|fallback)$'
	assert_equal "$(jq -r .compressor <<<"$output")" "$(cat /sys/module/zswap/parameters/compressor)"
	run -0 zc --source fallback status
	assert_line --regexp '^source: +fallback$'
}
