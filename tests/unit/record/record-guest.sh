#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# tests/unit/record/record-guest.sh: the guest half of tests/unit/record/record.
# Run as root in a guest of tests/vm/run (patched or stock kernel): it sets
# up cgroups, makes a workload swap through zswap, and while the workload
# holds its memory it copies the files libzswapnl's fallback reads into
# $ZSWAPCTL_VM_OUT/record/sysroot and, on the patched kernel, records
# netlink requests and replies with nl-record into $ZSWAPCTL_VM_OUT/record/nl.
# Its one argument, a token, is not used: it marks the run for the host.
set -euo pipefail

: "${ZSWAPCTL_VM_OUT:?run in the guest of tests/vm/run}"
OUT=$ZSWAPCTL_VM_OUT/record
ROOT=$OUT/sysroot
NL=$OUT/nl
CG=/sys/fs/cgroup
PARAMS=/sys/module/zswap/parameters
NLREC=$BUILD/tools/nl-record
SWAPVERIFY=$BUILD/tools/swapverify
mkdir -p "$ROOT" "$NL"

# The cgroups: work holds the workload; outer/inner is a nested memcg with
# a memory.zswap.max; flat/nomem is a cgroup without the memory controller.
mkdir "$CG/work" "$CG/outer" "$CG/flat"
echo 16M > "$CG/work/memory.max"
echo +memory > "$CG/outer/cgroup.subtree_control"
mkdir "$CG/outer/inner" "$CG/flat/nomem"
echo 8M > "$CG/outer/inner/memory.zswap.max"

LOG=/tmp/swapverify.log
bash -c 'echo $$ > /sys/fs/cgroup/work/cgroup.procs && exec "$@"' - \
	"$SWAPVERIFY" --size 64 --hold > "$LOG" 2>&1 &
JOB=$!
for _ in $(seq 600); do
	grep -q '^swapverify: holding' "$LOG" && break
	sleep 0.5
done
grep -q '^swapverify: holding' "$LOG" || { cat "$LOG"; exit 1; }
HOLD_PID=$(sed -n 's/^swapverify: holding pid=\([0-9]*\).*/\1/p' "$LOG")

# copy FILE...: each file into the same path under $ROOT
copy() {
	local f
	for f in "$@"; do
		[ -f "$f" ] || continue
		mkdir -p "$ROOT$(dirname "$f")"
		cat "$f" > "$ROOT$f"
	done
}

copy $PARAMS/enabled $PARAMS/compressor $PARAMS/zpool $PARAMS/max_pool_percent \
	$PARAMS/accept_threshold_percent
copy /sys/kernel/debug/zswap/*
copy /proc/vmstat /proc/meminfo /proc/crypto
# The page size of the system recorded, as libzswapnl reads it under a
# root: the KernelPageSize of a process's first mapping (awk's own here)
mkdir -p "$ROOT/proc/self"
awk '/^(KernelPageSize|MMUPageSize):/ { print } /^MMUPageSize:/ { exit }' /proc/self/smaps \
	>"$ROOT/proc/self/smaps"
for d in "" /work /outer /outer/inner /flat /flat/nomem; do
	mkdir -p "$ROOT$CG$d"
	copy "$CG$d"/cgroup.controllers "$CG$d"/cgroup.subtree_control "$CG$d"/memory.stat \
		"$CG$d"/memory.current "$CG$d"/memory.max "$CG$d"/memory.zswap.current \
		"$CG$d"/memory.zswap.max
done
# The cgroup ids the walk finds, for the record (the host has other inodes)
for d in "" /work /outer /outer/inner /flat /flat/nomem; do
	echo "${d:-/} $(stat -c %i "$CG$d")"
done > "$OUT/cgroup-ids.txt"
uname -r > "$OUT/uname.txt"

if [ "${KERNEL_FLAVOUR:-patched}" != stock ]; then
	WORK=$(stat -c %i "$CG/work")
	NOMEM=$(stat -c %i "$CG/flat/nomem")
	"$NLREC" "$NL" get get
	"$NLREC" "$NL" memcg-get-work memcg-get "$WORK"
	"$NLREC" "$NL" memcg-get-root memcg-get 1
	"$NLREC" "$NL" memcg-dump memcg-dump
	"$NLREC" "$NL" err-unknown-compressor set-compressor nope
	"$NLREC" "$NL" err-max-pool-percent set-max-pool-percent 101
	"$NLREC" "$NL" err-no-cgroup memcg-get 999999
	"$NLREC" "$NL" err-nomem-cgroup memcg-get "$NOMEM"
	"$NLREC" "$NL" err-missing-id memcg-get-noid
	"$NLREC" "$NL" err-dump-with-id memcg-dump-id "$WORK"
	setpriv --reuid=65534 --regid=65534 --clear-groups \
		"$NLREC" /tmp err-not-admin set-compressor lz4
	cp /tmp/err-not-admin.* "$NL/"
	old=$(cat $PARAMS/max_pool_percent)
	"$NLREC" "$NL" event-params-changed event "echo 25 > $PARAMS/max_pool_percent"
	echo "$old" > $PARAMS/max_pool_percent
	old=$(cat $PARAMS/compressor)
	"$NLREC" "$NL" event-pool-switched event "echo lz4 > $PARAMS/compressor"
	echo "$old" > $PARAMS/compressor
fi

kill -USR1 "$HOLD_PID"
wait "$JOB"
cat "$LOG"
