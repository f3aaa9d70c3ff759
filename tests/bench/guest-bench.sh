#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Guest half of tests/bench/bench: one round of every workload on the
# kernel this guest booted, one JSON object per case on stdout, each
# starting {"case": so the host can pick them out of the console.
#
# The same script runs on stock 6.1, patched 6.1, stock 6.12 and stock 7.2.
# What differs between the kernels is read, never assumed: 6.12 keeps zero
# pages in the swap layer and has no zero-page counter, so the per-page
# memory figures divide by the pages the process has in swap (VmSwap),
# which every kernel reports the same way; 7.2 has no zpool layer (zsmalloc
# only) and no zpool parameter.
set -euo pipefail

TOP=$(cd "$(dirname "$0")/../.." && pwd)
BUILD=${BUILD:-$TOP/build}
ZSWAPCTL=${ZSWAPCTL:-$BUILD/bin/zswapctl}
# Workload sizes; tests/bench/bench documents them
SWAPIN_MIB=${BENCH_SWAPIN_MIB:-64}
MANY_MIB=${BENCH_MANY_MIB:-320}
MANY_OPS=${BENCH_MANY_OPS:-60000}
PAIR_MIB=${BENCH_PAIR_MIB:-96}
PAIR_OPS=${BENCH_PAIR_OPS:-30000}
MIX_OPS=${BENCH_MIX_OPS:-800}
USEMEM_MIB=${BENCH_USEMEM_MIB:-64}
USEMEM_PASSES=${BENCH_USEMEM_PASSES:-3}
COMPILE_MAX=${BENCH_COMPILE_MAX:-48M}
COMPILE_JOBS=${BENCH_COMPILE_JOBS:-3}
NR_CGROUPS=${BENCH_CGROUPS:-1000}
WORKLOADS=${BENCH_WORKLOADS:-swapin many pair usemem compile mix userspace}

CG=/sys/fs/cgroup/bench
D=/sys/kernel/debug/zswap
P=/sys/module/zswap/parameters

vmstat() { awk -v k="$1" '$1 == k { print $2 }' /proc/vmstat; }
cache_bytes() { # SLAB_CACHE
	echo $(($(awk '{ print $1 }' "/sys/kernel/slab/$1/objects") *
		$(cat "/sys/kernel/slab/$1/object_size")))
}
slab_bytes() { cache_bytes zswap_entry; }
# The XArray nodes of the patched kernel's trees are radix_tree_node objects,
# which the swap cache and the page cache use too: only the difference
# between kernels is zswap's.
xa_node_bytes() { cache_bytes radix_tree_node; }
swapped_pages() { awk '$1 == "VmSwap:" { print $2 / 4 }' "/proc/$1/status"; }
now_ns() { date +%s%N; }

# Run CMD... as a member of cgroup $CG.
in_cgroup() {
	bash -c 'echo $$ > "$1/cgroup.procs" && shift && exec "$@"' _ "$CG" "$@"
}

new_cgroup() { # MEMORY_MAX
	rmdir "$CG" 2>/dev/null || true
	mkdir "$CG"
	echo "$1" > "$CG/memory.max"
}

# wait_filled LOG PID: until swapbench (PID, writing LOG) has filled its
# memory; a swapbench that died fails the run at once, not at the guest's
# timeout.
wait_filled() {
	until grep -q filled "$1"; do
		kill -0 "$2" 2>/dev/null || { echo "guest-bench: swapbench died" >&2; cat "$1" >&2; exit 1; }
		sleep 0.2
	done
}

# Every kernel starts from the same settings, whatever its Kconfig defaults.
setup() {
	# A kernel message written to the console in the middle of a JSON line
	# breaks it (a clocksource note did, in a loaded run); the guest's
	# dmesg.txt keeps every message all the same.
	dmesg -n 1
	echo Y > $P/enabled
	[ ! -e $P/zpool ] || echo zsmalloc > $P/zpool
	# 6.1 has no shrinker, and the guests of 7.2 turn it on (tests/vm/run,
	# for the suites' small cgroups): off, as 6.12 has it by default, no
	# kernel writes zswap back but at the pool limit
	[ ! -e $P/shrinker_enabled ] || echo N > $P/shrinker_enabled
	echo lzo > $P/compressor
	echo 20 > $P/max_pool_percent
	echo +memory > /sys/fs/cgroup/cgroup.subtree_control
	# Guest memory that QEMU has not backed yet costs a host fault on its
	# first touch: touch 256 MiB once and free it, so that the first-touch
	# figures time the guest's own fault.
	local warm pid
	warm=$(mktemp)
	"$BUILD/tools/swapbench" --size 256 --kind zero > "$warm" &
	pid=$!
	wait_filled "$warm" "$pid"
	kill "$pid"
	wait "$pid" || true
	rm -f "$warm"
}

# Workloads 1 and 3: fill SIZE MiB of one kind, reclaim it to swap, take the
# memory figures while it is out, then time reading it back. swapbench also
# times the first touch of each page of its fresh mapping (a write fault:
# a page allocated and cleared), the floor of a zero page's swap-in in this
# same guest: with no limit yet, so that the touch is the fault alone and
# no reclaim; the cgroup's limit then pushes the pages out.
swapin_case() { # NAME KIND ZSWAP(Y|N)
	local name=$1 kind=$2 enabled=$3 log pid slab0 node0 pool0 swapped ns touch
	echo "$enabled" > $P/enabled
	new_cgroup max
	slab0=$(slab_bytes) node0=$(xa_node_bytes) pool0=$(cat $D/pool_total_size)
	log=$(mktemp)
	in_cgroup "$BUILD/tools/swapbench" --size "$SWAPIN_MIB" --kind "$kind" > "$log" &
	wait_filled "$log" $!
	pid=$(sed -n 's/.*pid=\([0-9]*\).*/\1/p' "$log")
	touch=$(sed -n 's/.*touch_ns=\([0-9]*\).*/\1/p' "$log")
	[ -n "$touch" ] || { echo "guest-bench: swapbench gave no touch_ns" >&2; cat "$log" >&2; exit 1; }
	echo 8M > "$CG/memory.max"
	echo 1G > "$CG/memory.reclaim" 2>/dev/null || true
	swapped=$(swapped_pages "$pid")
	printf '{"case":"%s","mib":%d,"touch_ns":%d,"swapped_pages":%d,"slab_bytes":%d,"xa_node_bytes":%d,"pool_bytes":%d,' \
		"$name" "$SWAPIN_MIB" "$touch" "$swapped" $(($(slab_bytes) - slab0)) \
		$(($(xa_node_bytes) - node0)) \
		$(($(cat $D/pool_total_size) - pool0))
	echo max > "$CG/memory.max"
	kill -USR1 "$pid"
	wait
	ns=$(sed -n 's/.*readback_ns=\([0-9]*\).*/\1/p' "$log")
	[ -n "$ns" ] || { cat "$log" >&2; exit 1; }
	printf '"readback_ns":%s}\n' "$ns"
	rm -f "$log"
	rmdir "$CG"
	echo Y > $P/enabled
}

# Workloads 2, 4 and 5: swapmix's store, random store/load and sequential
# phases in a cgroup a tenth of the mapping, so nearly every access is a
# zswap load.
swapmix_case() { # NAME PROCS MIB OPS [PASSES]
	local name=$1 procs=$2 mib=$3 ops=$4 passes=${5:-0} out
	new_cgroup $((procs * mib / 10))M
	out=$(in_cgroup "$BUILD/tools/swapmix" --procs "$procs" --size "$mib" --ops "$ops" \
		--passes "$passes")
	echo "{\"case\":\"$name\",${out#\{}"
	rmdir "$CG"
}

# Workload 6: a compile job, as kernbench is one, sized for this guest: the
# project's library (libzswapnl's 18 C files, gcc -O2 -g from the host's
# root, and the link) built with COMPILE_JOBS jobs in a cgroup of
# COMPILE_MAX, its objects on the guest's tmpfs. Wall, user and system time,
# and the swap traffic.
compile_case() {
	local t0 t1 times out=/tmp/bench-compile c0 c1 c2 c3
	rm -rf "$out"
	new_cgroup "$COMPILE_MAX"
	c0=$(vmstat zswpout) c1=$(vmstat zswpin) c2=$(vmstat pswpout) c3=$(vmstat pswpin)
	t0=$(now_ns)
	times=$( { TIMEFORMAT='%U %S'; time in_cgroup make -s -C "$TOP" -j"$COMPILE_JOBS" \
		BUILD="$out" lib >/dev/null 2>"$out.log"; } 2>&1) &&
		[ -f "$out/lib/libzswapnl.a" ] ||
		{ echo "guest-bench: the compile job failed ($(grep oom_kill "$CG/memory.events")):" >&2
		  cat "$out.log" >&2; exit 1; }
	t1=$(now_ns)
	printf '{"case":"compile","wall_ns":%d,"user_s":%s,"sys_s":%s,"zswpout":%d,"zswpin":%d,"pswpout":%d,"pswpin":%d}\n' \
		$((t1 - t0)) ${times% *} ${times#* } $(($(vmstat zswpout) - c0)) \
		$(($(vmstat zswpin) - c1)) $(($(vmstat pswpout) - c2)) $(($(vmstat pswpin) - c3))
	rm -rf "$out" "$out.log"
	rmdir "$CG"
}

# Workload 7: stress-ng's vm stressors, a fixed amount of work, each
# worker's buffer (stress-ng splits --vm-bytes between them) half again the
# cgroup's size and kept, so each swaps on its own however the two are
# scheduled (15-stress-ng.bats); wall, user and system time of the run.
mix_case() {
	local t0 t1 times zout0
	new_cgroup 32M
	zout0=$(vmstat zswpout)
	t0=$(now_ns)
	times=$( { TIMEFORMAT='%U %S'; time in_cgroup stress-ng --quiet --temp-path /tmp --vm 2 --vm-bytes 96M \
		--vm-keep --vm-ops "$MIX_OPS" --vm-method all --verify >/dev/null; } 2>&1)
	t1=$(now_ns)
	printf '{"case":"stress-ng-vm","wall_ns":%d,"user_s":%s,"sys_s":%s,"zswpout":%d}\n' \
		$((t1 - t0)) ${times% *} ${times#* } $(($(vmstat zswpout) - zout0))
	rmdir "$CG"
}

# Workload 8: zswapctl through each source this kernel offers, with
# NR_CGROUPS memory cgroups: time and system calls per call. The time
# includes starting zswapctl, which is the same for both sources.
userspace_case() { # NAME CALLS ARGS...
	local name=$1 calls=$2 src t0 t1 i syscalls trace
	shift 2
	for src in netlink fallback; do
		"$ZSWAPCTL" --source $src "$@" >/dev/null 2>&1 || continue
		trace=$(mktemp)
		strace -f -qq -o "$trace" "$ZSWAPCTL" --source $src "$@" >/dev/null
		syscalls=$(grep -vc 'exited with\|+++' "$trace")
		rm -f "$trace"
		t0=$(now_ns)
		for ((i = 0; i < calls; i++)); do
			"$ZSWAPCTL" --source $src "$@" >/dev/null
		done
		t1=$(now_ns)
		printf '{"case":"%s-%s","calls":%d,"ns_per_call":%d,"syscalls_per_call":%d}\n' \
			"$name" "$src" "$calls" $(((t1 - t0) / calls)) "$syscalls"
	done
}

# The cgroups stay: removing them costs as much as making them (about 50 s
# each way under emulation) and the guest ends after the last workload.
userspace_cases() {
	mkdir -p /sys/fs/cgroup/many
	echo +memory > /sys/fs/cgroup/many/cgroup.subtree_control
	mkdir -p $(seq -f /sys/fs/cgroup/many/c%g 0 $((NR_CGROUPS - 1)))
	userspace_case status 20 status --json
	userspace_case cgroups 5 cgroups --json
}

setup
for w in $WORKLOADS; do
	case $w in
	swapin)
		swapin_case zero-zswap zero Y
		swapin_case zero-nozswap zero N
		swapin_case compressible-zswap compressible Y
		;;
	many) swapmix_case many-entries 1 "$MANY_MIB" "$MANY_OPS" ;;
	pair) swapmix_case two-procs 2 "$PAIR_MIB" "$PAIR_OPS" ;;
	usemem) swapmix_case usemem 2 "$USEMEM_MIB" 0 "$USEMEM_PASSES" ;;
	compile) compile_case ;;
	mix) mix_case ;;
	userspace) userspace_cases ;;
	*) echo "guest-bench: unknown workload '$w'" >&2; exit 2 ;;
	esac
done
# Proof that the kernel under test was the one meant
printf '{"case":"kernel","release":"%s"}\n' "$(uname -r)"
