# SPDX-License-Identifier: GPL-2.0
# Helpers of the guest suites. They run as root in the guest that
# tests/vm/run boots: real kernel, real swap, real cgroups, nothing mocked.

TOP=$(cd "$BATS_TEST_DIRNAME/../../.." && pwd)
BUILD=${BUILD:-$TOP/build}
SWAPVERIFY=$BUILD/tools/swapverify
ZSWAP_DEBUGFS=/sys/kernel/debug/zswap
ZSWAP_PARAMS=/sys/module/zswap/parameters
CGROOT=/sys/fs/cgroup

bats_load_library bats-support
bats_load_library bats-assert

require_guest() {
	[ -n "${ZSWAPCTL_VM:-}" ] || skip "guest suite: run through tests/vm/run"
	# kernel_line and line_has go by the flavour's name: a --kernel of
	# another line booted under it would make their answers wrong
	local release line
	release=$(uname -r) line=$(kernel_line)
	case $release in
	"$line".*) ;;
	*) fail "the guest runs Linux $release, but its flavour ${KERNEL_FLAVOUR:-patched} is of $line: a --kernel of another line? give tests/vm/run --flavour stock-LINE or patched-LINE" ;;
	esac
}

zswap_debug() { cat "$ZSWAP_DEBUGFS/$1"; }
zswap_param() { cat "$ZSWAP_PARAMS/$1"; }
vmstat() { awk -v k="$1" '$1 == k { print $2 }' /proc/vmstat; }

# cg_create NAME [MEMORY_MAX]: a fresh child of the root cgroup.
cg_create() {
	local cg=$CGROOT/$1
	[ -d "$cg" ] && cg_remove "$1"
	mkdir "$cg"
	[ -z "${2:-}" ] || echo "$2" > "$cg/memory.max"
}

# cg_stat NAME KEY: KEY of cgroup NAME's memory.stat, exact. 6.1 brings
# memory.stat up to date only once a few hundred updates are pending, all
# CPUs together, or every 2 seconds: a figure read right after the cgroup
# swapped could lag behind by that much, in either direction. Reading
# memory.zswap.current flushes the cgroup's counters first, on every kernel
# that has the file.
cg_stat() {
	[ ! -e "$CGROOT/$1/memory.zswap.current" ] || cat "$CGROOT/$1/memory.zswap.current" > /dev/null
	awk -v k="$2" '$1 == k { print $2 }' "$CGROOT/$1/memory.stat"
}

# cg_run NAME CMD...: run CMD as a member of cgroup NAME.
cg_run() {
	local cg=$CGROOT/$1
	shift
	bash -c 'echo $$ > "$1/cgroup.procs" && shift && exec "$@"' cg_run "$cg" "$@"
}

# cg_remove NAME: kill what is left in it and remove it.
cg_remove() {
	local cg=$CGROOT/$1 i
	[ -d "$cg" ] || return 0
	[ -f "$cg/cgroup.kill" ] && echo 1 > "$cg/cgroup.kill"
	for i in $(seq 50); do
		rmdir "$cg" 2>/dev/null && return 0
		sleep 0.1
	done
	rmdir "$cg"
}

# wait_for_line FILE REGEX [TRIES]: a bounded wait for a process to report
# that it reached a state; not a timing assertion.
wait_for_line() {
	local i
	for i in $(seq "${3:-600}"); do
		grep -qE "$2" "$1" 2>/dev/null && return 0
		sleep 0.5
	done
	echo "no line matching '$2' in $1:" >&2
	cat "$1" >&2
	return 1
}

# tally_field OUTPUT NAME: a field of swapverify's closing line.
tally_field() {
	grep '^swapverify: pages_verified=' <<<"$1" | tail -n 1 |
		tr ' ' '\n' | awk -F= -v k="$2" '$1 == k { print $2 }'
}

# The kernel under test carries our series: any flavour but stock and
# stock-LINE (tests/vm/run passes the flavour's full name).
is_patched() {
	case ${KERNEL_FLAVOUR:-patched} in
	stock|stock-*) return 1 ;;
	*) return 0 ;;
	esac
}

# kernel_line: the kernel line under test, 6.1, 6.12 or 7.2, from the
# flavour (stock-7.2, patched-6.12; the flavours that name none are 6.1's)
kernel_line() {
	case ${KERNEL_FLAVOUR:-patched} in
	stock-[0-9]*.[0-9]*|patched-[0-9]*.[0-9]*) echo "${KERNEL_FLAVOUR#*-}" ;;
	*) echo 6.1 ;;
	esac
}

# least_stored: the fewest pages a test's small cgroup is expected to leave
# in zswap: 7.2's guests run zswap's shrinker (tests/vm/run), which writes
# most of a small cgroup's pages back
least_stored() { [ "$(kernel_line)" = 7.2 ] && echo 100 || echo 1000; }

# line_has FIGURE: whether the kernel under test has a layer or a figure
# that some kernel lines lack (kernel/spec/zswap.yaml says, attribute by
# attribute, where the family leaves one out):
#   zpool             a zpool layer with zbud and z3fold: 6.1 and 6.12
#   zero-pages        zswap stores zero-filled pages (later lines leave
#                     them to the swap layer's zeromap, which counts them
#                     as swpout_zero and swpin_zero): 6.1
#   same-filled       the counter same_filled_pages: 6.1
#   duplicate-entry   the counter: 6.1
#   decompress-fail   the counter: 6.1 with the series, and 7.2
#   reject-compress-fail  the counter: 6.1 with the series, 6.12 and 7.2
#   stored-incompressible-pages  the counter, and the behaviour it counts:
#                     a page that does not compress is stored as it is,
#                     unless its memory.zswap.writeback is 0 (6.1 and 6.12
#                     refuse it): 7.2
#   shrinker-enabled  the zswap shrinker and its parameter, and the LRU of
#                     zswap's own that it and a full pool write back from,
#                     whatever the zpool: 6.12 and 7.2
#   exclusive-loads   a page read into the swap cache leaves zswap: 6.1
#                     with the series, 6.12 and 7.2
#   zswap-writeback   zswpwb and memory.zswap.writeback: 6.1 with the
#                     series, 6.12 and 7.2
#   memcg-rejects     refused stores counted per memcg: 6.1 with the series
#   zswap-max-event   stores refused at memory.zswap.max counted as
#                     zswap_max in memory.swap.events: 7.2 with the series
#   swap-slot-cache   per-CPU caches of swap slots, which keep freed slots
#                     (and their zswap entries and memcg charges) until a
#                     batch of them goes back: 6.1 and 6.12
line_has() {
	local line
	line=$(kernel_line)
	case $1 in
	zpool) [ "$line" != 7.2 ] ;;
	zero-pages|same-filled|duplicate-entry) [ "$line" = 6.1 ] ;;
	decompress-fail) [ "$line" = 7.2 ] || { [ "$line" = 6.1 ] && is_patched; } ;;
	reject-compress-fail|exclusive-loads|zswap-writeback)
		[ "$line" != 6.1 ] || is_patched ;;
	stored-incompressible-pages) [ "$line" = 7.2 ] ;;
	shrinker-enabled) [ "$line" != 6.1 ] ;;
	memcg-rejects) [ "$line" = 6.1 ] && is_patched ;;
	zswap-max-event) [ "$line" = 7.2 ] && is_patched ;;
	swap-slot-cache) [ "$line" != 7.2 ] ;;
	*) echo "line_has: no figure '$1'" >&2; return 2 ;;
	esac
}

# z3fold_fixed: the kernel under test has a z3fold that frees every handle
# slot it allocates, or ZPOOL_MATRIX_FORCE_Z3FOLD=1 asks for z3fold anyway,
# to show the leak (tests/check). Stock 6.1's z3fold leaks handle slots,
# and so does 6.12's, deprecated there, which the 6.12 series leaves as it
# is: once a z3fold pool stored pages, destroying it warns "Objects
# remaining" of z3fold_handle, which fails the whole guest run. Patches
# 0001-0004 of the 6.1 series fix it.
z3fold_fixed() {
	{ [ "$(kernel_line)" = 6.1 ] && is_patched; } || [ "${ZPOOL_MATRIX_FORCE_Z3FOLD:-}" = 1 ]
}

# zeromap_out CG: zero-filled pages of cgroup CG out in the swap layer's
# zeromap: every one swapped out and not swapped in since (its memory.stat
# counts both). 0 on 6.1, where zswap stores them.
zeromap_out() {
	line_has zero-pages && { echo 0; return; }
	echo $(($(cg_stat "$1" swpout_zero) - $(cg_stat "$1" swpin_zero)))
}

# slab_objects CACHE: objects in use. Shrinking the cache first flushes the
# per-CPU slabs, whose free objects SLUB would otherwise count as in use.
# Needs CONFIG_SLUB_DEBUG, and slab_nomerge on the command line so that the
# cache is not an alias of another.
slab_objects() {
	echo 1 > "/sys/kernel/slab/$1/shrink"
	awk '{ print $1 }' "/sys/kernel/slab/$1/objects"
}

# hold_start CG ARGS...: run swapverify --hold in cgroup CG and wait until
# it holds its memory; sets HOLD_JOB, HOLD_PID and HOLD_LOG.
hold_start() {
	local cg=$1
	shift
	HOLD_LOG=$(mktemp "$BATS_TEST_TMPDIR/hold.XXXXXX")
	cg_run "$cg" "$SWAPVERIFY" --hold "$@" > "$HOLD_LOG" 2>&1 &
	HOLD_JOB=$!
	wait_for_line "$HOLD_LOG" '^swapverify: holding' || return 1
	HOLD_PID=$(sed -n 's/^swapverify: holding pid=\([0-9]*\).*/\1/p' "$HOLD_LOG")
}

# hold_finish: release the held memory, check every page, and fail on a
# mismatch or a non-zero exit.
hold_finish() {
	local rc=0
	kill -USR1 "$HOLD_PID"
	wait "$HOLD_JOB" || rc=$?
	HOLD_PID=
	cat "$HOLD_LOG"
	[ "$rc" = 0 ] || { echo "swapverify exited $rc" >&2; return 1; }
	[ "$(tally_field "$(cat "$HOLD_LOG")" mismatches)" = 0 ]
}

hold_cleanup() {
	[ -z "${HOLD_PID:-}" ] || kill -USR1 "$HOLD_PID" 2>/dev/null || true
	[ -z "${HOLD_JOB:-}" ] || wait "$HOLD_JOB" 2>/dev/null || true
	HOLD_PID= HOLD_JOB=
}

# expect_alloc_failures REASON / expect_alloc_failures_end: around a
# command that exhausts the guest's memory on purpose, tell the splat scan
# (tests/vm/splat-scan) through the kernel log that "page allocation
# failure" reports until the end are that command's doing, and why. Every
# other report there still fails the run.
expect_alloc_failures() {
	echo "zswapctl-splat-scan: allocation failures expected: $1" > /dev/kmsg
}

expect_alloc_failures_end() {
	echo "zswapctl-splat-scan: allocation failures no longer expected" > /dev/kmsg
}

# set_param NAME VALUE: write a zswap module parameter, remembering the old
# value so restore_params can put it back in teardown.
set_param() {
	[ -n "${SAVED_PARAMS[$1]+x}" ] || SAVED_PARAMS[$1]=$(zswap_param "$1")
	echo "$2" > "$ZSWAP_PARAMS/$1"
}

restore_params() {
	local p
	for p in "${!SAVED_PARAMS[@]}"; do
		echo "${SAVED_PARAMS[$p]}" > "$ZSWAP_PARAMS/$p" || true
	done
	SAVED_PARAMS=()
}
declare -gA SAVED_PARAMS=()

# dying_memcgs: removed cgroups the kernel still holds (nr_dying_descendants
# of the root). A reference that zswap or swap keeps on a removed memcg
# keeps it counted here after the counters of zswap itself read 0.
dying_memcgs() {
	awk '$1 == "nr_dying_descendants" { print $2 }' "$CGROOT/cgroup.stat"
}

# wait_dying_memcgs BASELINE [TRIES]: a bounded wait (0.2 s a try, 150
# tries) for nr_dying_descendants to come back to BASELINE or below:
# removed memcgs are freed asynchronously (RCU, work items), so the count
# falls some time after rmdir. Clean page cache charged to a removed cgroup
# (a binary or library it was first to read) holds it too and is none of
# zswap's business: each try drops clean caches first. Returns 1, with the
# count, if it stays above BASELINE.
wait_dying_memcgs() {
	local base=$1 i n
	for i in $(seq "${2:-150}"); do
		echo 3 > /proc/sys/vm/drop_caches
		n=$(dying_memcgs)
		[ "$n" -le "$base" ] && return 0
		sleep 0.2
	done
	echo "nr_dying_descendants is $n, was $base before the test" >&2
	return 1
}

# drain_swap: swapoff and swapon of /dev/ram0 brings back every page left
# in swap, freed slots waiting in the per-CPU swap slot caches included, so
# that zswap holds no entry and every pool that is not current is released.
drain_swap() {
	swapoff /dev/ram0 && swapon /dev/ram0
}

# set_pair ZPOOL COMPRESSOR: make ZPOOL with COMPRESSOR the current pool,
# and check that it is. Without a zpool layer every pool is a zsmalloc
# one, and there is no zpool parameter to set.
set_pair() {
	if ! line_has zpool; then
		[ "$1" = zsmalloc ] || { echo "set_pair: no zpool $1 on $(kernel_line)" >&2; return 1; }
		set_param compressor "$2" && [ "$(zswap_param compressor)" = "$2" ]
		return
	fi
	set_param zpool "$1" && set_param compressor "$2" &&
		[ "$(zswap_param zpool)" = "$1" ] && [ "$(zswap_param compressor)" = "$2" ]
}

# full_pool_mix: swapverify's --mix of pages that fill a pool capped at 1%
# of the guest's memory (20 MiB) within 128 MiB. zsmalloc shrinks the
# compressible ones some thirtyfold: 7.2, zsmalloc only, gets the random
# ones, which it stores as they are.
full_pool_mix() {
	if line_has stored-incompressible-pages; then echo 0:0:0:1; else echo 0:0:1:0; fi
}

# cg_create_full_pool NAME: cgroup NAME, in which 128 MiB of full_pool_mix
# fill a pool capped at 1% of the guest's memory. 7.2 charges each such
# page stored as it is in full to the cgroup, where a 16 MiB cgroup could
# never hold the 20 MiB of a full pool; and the shrinker its guests run
# (tests/vm/run) writes the cgroup's pages back long before the pool
# fills: there the cgroup gets 48 MiB, and the shrinker is off until
# restore_params.
cg_create_full_pool() {
	if line_has stored-incompressible-pages; then
		set_param shrinker_enabled N
		cg_create "$1" 48M
	else
		cg_create "$1" 16M
	fi
}

# Every zswap parameter as NAME=VALUE lines, to see that nothing changed
params_snapshot() { grep -r . "$ZSWAP_PARAMS" | sort; }

# assert_one_line_error REGEX, after `run --separate-stderr`: one line on
# stderr, "zswapctl: ..." matching REGEX
assert_one_line_error() {
	[ "${#stderr_lines[@]}" -eq 1 ] ||
		fail "expected one line on stderr, got ${#stderr_lines[@]}: $stderr"
	[[ ${stderr_lines[0]} =~ ^zswapctl:\ .*$1 ]] ||
		fail "stderr '${stderr_lines[0]}' does not match 'zswapctl: .*$1'"
}
