#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Guest half of tests/bench/swapin-bench: one round of each case, one JSON
# object per line on stdout. A case fills SIZE MiB of one kind of page in a
# small cgroup, reclaims it to swap, and times reading it back; the memory
# figures are taken while everything is swapped out.
set -euo pipefail

TOP=$(cd "$(dirname "$0")/../.." && pwd)
BUILD=${BUILD:-$TOP/build}
SIZE=${BENCH_MIB:-64}
CG=/sys/fs/cgroup/bench
D=/sys/kernel/debug/zswap
P=/sys/module/zswap/parameters

vmstat() { awk -v k="$1" '$1 == k { print $2 }' /proc/vmstat; }
slab_bytes() {
	echo $(($(awk '{ print $1 }' /sys/kernel/slab/zswap_entry/objects) *
		$(cat /sys/kernel/slab/zswap_entry/object_size)))
}
zero_count() { cat $D/zero_pages 2>/dev/null || cat $D/same_filled_pages; }

run_case() { # NAME KIND ZSWAP(Y|N)
	local name=$1 kind=$2 enabled=$3 log pid slab0 pool0 zero0 stored0 out0
	local zin0 pin0 slab pool zero stored ns
	echo "$enabled" > $P/enabled
	mkdir -p $CG
	echo 8M > $CG/memory.max
	slab0=$(slab_bytes) pool0=$(cat $D/pool_total_size) zero0=$(zero_count)
	stored0=$(cat $D/stored_pages)
	log=$(mktemp)
	bash -c 'echo $$ > "$1/cgroup.procs" && shift && exec "$@"' _ $CG \
		"$BUILD/tools/swapbench" --size "$SIZE" --kind "$kind" > "$log" &
	until grep -q filled "$log"; do sleep 0.2; done
	pid=$(sed -n 's/.*pid=\([0-9]*\).*/\1/p' "$log")
	echo 1G > $CG/memory.reclaim 2>/dev/null || true
	slab=$(($(slab_bytes) - slab0)) pool=$(($(cat $D/pool_total_size) - pool0))
	zero=$(($(zero_count) - zero0)) stored=$(($(cat $D/stored_pages) - stored0))
	echo max > $CG/memory.max
	zin0=$(vmstat zswpin) pin0=$(vmstat pswpin)
	kill -USR1 "$pid"
	wait
	ns=$(sed -n 's/.*readback_ns=\([0-9]*\).*/\1/p' "$log")
	[ -n "$ns" ] || { cat "$log" >&2; exit 1; }
	printf '{"case":"%s","mib":%d,"readback_ns":%s,"zswpin":%d,"pswpin":%d,' \
		"$name" "$SIZE" "$ns" $(($(vmstat zswpin) - zin0)) $(($(vmstat pswpin) - pin0))
	printf '"stored":%d,"zero_stored":%d,"slab_bytes":%d,"pool_bytes":%d}\n' \
		"$stored" "$zero" "$slab" "$pool"
	rmdir $CG
	echo Y > $P/enabled
}

run_case zero-zswap zero Y
run_case zero-nozswap zero N
run_case compressible-zswap compressible Y
