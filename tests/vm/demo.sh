#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# The main job's guest half (make demo): push a workload four times the size
# of its cgroup through zswap and show the numbers as it runs.
set -euo pipefail

TOP=$(cd "$(dirname "$0")/../.." && pwd)
BUILD=${BUILD:-$TOP/build}
CG=/sys/fs/cgroup/demo
D=/sys/kernel/debug/zswap
SIZE=${DEMO_MIB:-256}
LIMIT=${DEMO_LIMIT_MIB:-64}

stat_of() { awk -v k="$1" '$1 == k { print $2 }' "$CG/memory.stat"; }
mib() { awk -v b="$1" 'BEGIN { printf "%.1f MiB", b / 1048576 }'; }

echo "=== zswap demo on $(uname -r) ($KERNEL_FLAVOUR kernel)"
echo "zswap: enabled=$(cat /sys/module/zswap/parameters/enabled)" \
     "compressor=$(cat /sys/module/zswap/parameters/compressor)" \
     "zpool=$(cat /sys/module/zswap/parameters/zpool)"
echo "swap:  $(swapon --show=NAME,SIZE --noheadings)"
mkdir -p "$CG"
echo "${LIMIT}M" > "$CG/memory.max"
echo "workload: $SIZE MiB of zero, same-filled, compressible and random pages" \
     "in a cgroup limited to $LIMIT MiB"

log=$(mktemp)
bash -c 'echo $$ > "$1/cgroup.procs" && shift && exec "$@"' _ "$CG" \
	"$BUILD/tools/swapverify" --size "$SIZE" --hold > "$log" 2>&1 &
job=$!
until grep -q '^swapverify: holding' "$log"; do
	kill -0 "$job" 2>/dev/null || { cat "$log"; exit 1; }
	sleep 0.5
done

stored=$(cat $D/stored_pages)
pool=$(cat $D/pool_total_size)
echo
echo "while the workload holds its memory:"
printf '  %-32s %s\n' \
	"zswap stored pages" "$stored ($(mib $((stored * 4096))) of page data)" \
	"zswap pool size" "$(mib "$pool")" \
	"pool ratio" "$(awk -v s="$stored" -v p="$pool" 'BEGIN { if (p) printf "%.2f", s * 4096 / p; else print "n/a" }')" \
	"same-filled pages" "$(cat $D/same_filled_pages 2>/dev/null || echo n/a)" \
	"zero pages" "$(cat $D/zero_pages 2>/dev/null || echo n/a)" \
	"cgroup memory.current" "$(mib "$(cat $CG/memory.current)")" \
	"cgroup memory.zswap.current" "$(mib "$(cat $CG/memory.zswap.current)")" \
	"cgroup zswapped" "$(mib "$(stat_of zswapped)")" \
	"cgroup zswpout / zswpin" "$(stat_of zswpout) / $(stat_of zswpin)" \
	"written back to swap" "$(cat $D/written_back_pages) pages"

echo
echo "zswapctl status:"
"$BUILD/bin/zswapctl" status | sed 's/^/  /'
echo
echo "zswapctl cgroups /demo:"
"$BUILD/bin/zswapctl" cgroups /demo | sed 's/^/  /'

kill -USR1 "$(sed -n 's/^swapverify: holding pid=\([0-9]*\).*/\1/p' "$log")"
rc=0
wait "$job" || rc=$?
echo
echo "integrity: $(tail -n 1 "$log" | sed 's/^swapverify: //')"
rmdir "$CG"
[ "$rc" = 0 ] && echo "=== every page came back intact" || echo "=== FAILED: exit $rc"
exit "$rc"
