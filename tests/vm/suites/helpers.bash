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
	*) fail "the guest runs Linux $release, but its flavour ${KERNEL_FLAVOUR:-patched} is of $line: a --kernel of another line? give tests/vm/run --flavour stock-LINE, patched-LINE or debug-LINE" ;;
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

# is_debug: the kernel under test is a debug kernel (KASAN, lockdep, UBSAN:
# each page some twenty times dearer), of any line
is_debug() {
	case ${KERNEL_FLAVOUR:-patched} in
	debug|debug-*) return 0 ;;
	*) return 1 ;;
	esac
}

# kernel_line: the kernel line under test, 6.1, 6.12 or 7.2, from the
# flavour (stock-7.2, patched-6.12; the flavours that name none are 6.1's)
kernel_line() {
	case ${KERNEL_FLAVOUR:-patched} in
	stock-[0-9]*.[0-9]*|patched-[0-9]*.[0-9]*|debug-[0-9]*.[0-9]*) echo "${KERNEL_FLAVOUR#*-}" ;;
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

# Counters that two sources are compared on (debugfs or memory.stat against
# the family's reply, the export, the fallback) show a swapped mapping only
# when each is driven to a value of its own: two counters at 0, or at the
# same value, would pass a reply that swapped them. counters_drive does it;
# counters_driven and cg_counters_driven say which counters it drives on
# the kernel under test; assert_distinct checks the values it reached.
#
# What drives each one, and what stays as it was:
#   pool_limit_hit       a pool capped at 1% filled (full pool phase)
#   written_back_pages   the same full pool, whose shrink writes its oldest
#                        entries back to the swap device (6.1: zbud, the
#                        oldest pool then; 6.12 and 7.2: zswap's LRU)
#   reject_reclaim_fail  6.1: a full pool asks its oldest pool to shrink;
#                        there a zsmalloc one, which cannot write back in
#                        6.1, holds entries, and every shrink fails. 6.12
#                        and 7.2 count a writeback that fails for an entry
#                        whose page is in the swap cache or whose slot was
#                        freed, which no workload makes happen on demand:
#                        not driven there
#   decompress_fail      the 6.1 series' fault injection (debugfs
#                        fail_zswap_decompress): the next N decompressions
#                        of a task that opted in fail. 7.2 has the counter
#                        and no injection, 6.12 not the counter: not driven
#   reject_alloc_fail, reject_kmemcache_fail
#                        a failed allocation of the zpool, the tree or the
#                        entry cache, which the guest's kernels can make
#                        fail only with CONFIG_FAILSLAB or
#                        CONFIG_FAIL_PAGE_ALLOC, which they have not: not
#                        driven, compared as they are (0 where nothing
#                        failed)
# and per cgroup (memory.stat):
#   zswpwb                        the full pool's writeback, of the
#                                 cgroup's own entries
#   zswap_reject_pool_limit       the full pool refusing its stores
#   zswap_reject_incompressible   random pages among the full pool's, the
#                                 first of them refused before it fills
#   zswap_reject_zswap_max        a run through a memory.zswap.max of 128K
#   zswap_reject_alloc_fail       as reject_alloc_fail: not driven
#
# Not on the debug kernels: there the drive's dozen runs of 128 MiB through
# a full pool take over 25 minutes a test under KASAN (debug-6.12's
# 20-netlink), and a debug kernel is there for its detectors. The mapping
# is proved on the patched flavour of the same line; the debug kernel
# still compares every counter, as the drive-less run leaves them.

DRIVE_FAIL_DIR=/sys/kernel/debug/fail_zswap_decompress

# counters_driven: the debugfs counters counters_drive drives above 0 on
# the kernel under test, one a line
counters_driven() {
	! is_debug || return 0
	echo pool_limit_hit
	echo written_back_pages
	[ "$(kernel_line)" != 6.1 ] || echo reject_reclaim_fail
	[ ! -d "$DRIVE_FAIL_DIR" ] || echo decompress_fail
}

# cg_counters_driven: the memory.stat counters of its cgroup that
# counters_drive drives above 0 on the kernel under test, one a line
cg_counters_driven() {
	! is_debug || return 0
	! line_has zswap-writeback || echo zswpwb
	! line_has memcg-rejects ||
		printf '%s\n' zswap_reject_zswap_max zswap_reject_pool_limit zswap_reject_incompressible
}

# assert_distinct NAME=VALUE...: each VALUE a number above 0, no two alike
# (nothing to check without one). NAME may hold "=" (a series' labels):
# the value is after the last.
assert_distinct() {
	local pair
	[ $# -gt 0 ] || return 0
	for pair in "$@"; do
		[[ ${pair##*=} =~ ^[1-9][0-9]*$ ]] || fail "$pair: not driven above 0"
	done
	[ "$(printf '%s\n' "${@##*=}" | sort -u | wc -l)" = $# ] ||
		fail "counters at the same value, which a swapped mapping would pass: $*"
}

# drive_swapverify CG ARGS...: swapverify ARGS run to its end in cgroup CG,
# every page read back as written
drive_swapverify() {
	local cg=$1 out rc=0
	shift
	out=$(cg_run "$cg" "$SWAPVERIFY" --ops 0 "$@" 2>&1) || rc=$?
	[ "$rc" = 0 ] && [ "$(tally_field "$out" mismatches)" = 0 ] ||
		fail "swapverify $* in $cg: exit $rc: $out"
}

# drive_decompress_failures N: the next N decompressions fail, in a
# reader of a tmpfs file pushed out to zswap (64 compressible pages, none
# same-filled), which goes on past each failed page (dd conv=noerror).
# Quietly: the log is checked. The file goes with its mount.
drive_decompress_failures() {
	local shm=$BATS_TEST_TMPDIR/drive-shm pages=64
	mkdir -p "$shm"
	mount -t tmpfs -o size=1m tmpfs "$shm"
	cg_create drive-shm
	cg_run drive-shm sh -c 'yes 0123456789abcde | head -c "$1" > "$2"' sh \
		$((pages * 4096)) "$shm/file"
	# EAGAIN: less than asked was reclaimed
	echo $((pages * 4096 * 2)) 2>/dev/null > "$CGROOT/drive-shm/memory.reclaim" || true
	echo 0 > "$DRIVE_FAIL_DIR/verbose"
	echo Y > "$DRIVE_FAIL_DIR/task-filter"
	echo 1 > "$DRIVE_FAIL_DIR/interval"
	echo "$1" > "$DRIVE_FAIL_DIR/times"
	echo 100 > "$DRIVE_FAIL_DIR/probability"
	bash -c 'echo 1 > /proc/self/make-it-fail &&
		exec dd if="$1" of=/dev/null bs=4096 conv=noerror status=none' dd "$shm/file" \
		2>/dev/null || true
	echo 0 > "$DRIVE_FAIL_DIR/probability"
	umount "$shm"
	cg_remove drive-shm
}

# drive_driven_alike: two of the driven debugfs counters but
# decompress_fail (which counters_drive drives last, to a value of its
# own) are alike
drive_driven_alike() {
	local n
	for n in $(counters_driven); do
		[ "$n" = decompress_fail ] || zswap_debug "$n"
	done | sort | uniq -d | grep -q .
}

# counters_drive CG: make cgroup CG (as cg_create_full_pool does; its
# parent must exist) and drive the counters of counters_driven and
# cg_counters_driven above 0, the cgroup's by its own stores, each to a
# value no other of them has. Leaves zbud (where there is a zpool) with
# lzo current, max_pool_percent at 20, on 7.2 the shrinker off (as
# cg_create_full_pool turns it; what a test does after it runs without
# the shrinker the 7.2 guests boot with), and CG empty with its counters;
# restore_params puts the parameters back. Needs counters_cleanup in the
# teardown. On a debug kernel it only makes CG (see above).
counters_drive() {
	local cg=$1 mix n cur others
	if is_debug; then
		cg_create_full_pool "$cg"
		return 0
	fi
	set_param compressor lzo
	! line_has zpool || set_param zpool zbud
	# No other pool: on 6.1 a full pool shrinks the oldest, zbud here
	drain_swap
	set_param max_pool_percent 1
	cg_create_full_pool "$cg"
	# A quarter random where a cgroup counts its refusals: the first of
	# them are refused as incompressible before the pool fills
	mix=$(full_pool_mix)
	! line_has memcg-rejects || mix=0:0:3:1
	drive_swapverify "$cg" --size 128 --mix "$mix"
	if [ "$(kernel_line)" = 6.1 ]; then
		# A zsmalloc pool, made while no zbud pool has entries, holds
		# some: it is the oldest when the zbud pool is made again, and
		# each shrink the full zbud pool asks of it fails
		set_param zpool zsmalloc
		drain_swap
		cg_create drive-old 16M
		hold_start drive-old --size 32 --mix 0:0:1:0
		set_param zpool zbud
		drive_swapverify "$cg" --size 128 --mix 0:0:1:0 --seed 3
		hold_finish > /dev/null
		cg_remove drive-old
	fi
	# The full pool again while two of them are alike (the shrinks
	# counted by reclaim failures and by pages written back are a few
	# each on 6.1): more hits, and another number of shrinks
	for n in 1 2 3; do
		drive_driven_alike || break
		drive_swapverify "$cg" --size 128 --mix 0:0:1:0 --seed $((n + 3))
	done
	set_param max_pool_percent 20
	# A limit below what the compressible pages of the run take in zswap
	# (some 500 KiB)
	if line_has memcg-rejects; then
		echo 128K > "$CGROOT/$cg/memory.zswap.max"
		drive_swapverify "$cg" --size 32 --mix 0:0:1:0
		echo max > "$CGROOT/$cg/memory.zswap.max"
	fi
	# As many failed decompressions as make decompress_fail a value no
	# other driven counter has
	if [ -d "$DRIVE_FAIL_DIR" ]; then
		cur=$(zswap_debug decompress_fail)
		others=$(for n in $(counters_driven); do
			[ "$n" = decompress_fail ] || zswap_debug "$n"
		done)
		n=1
		while grep -qx "$((cur + n))" <<<"$others"; do
			n=$((n + 1))
		done
		drive_decompress_failures "$n"
	fi
}

# counters_cleanup: for the teardown of a test that ran counters_drive
counters_cleanup() {
	if [ -d "$DRIVE_FAIL_DIR" ]; then
		# the fault attribute's defaults
		echo 0 > "$DRIVE_FAIL_DIR/probability"
		echo 1 > "$DRIVE_FAIL_DIR/times"
		echo 1 > "$DRIVE_FAIL_DIR/interval"
		echo N > "$DRIVE_FAIL_DIR/task-filter"
		echo 2 > "$DRIVE_FAIL_DIR/verbose"
	fi
	! mountpoint -q "$BATS_TEST_TMPDIR/drive-shm" 2>/dev/null || umount "$BATS_TEST_TMPDIR/drive-shm"
	cg_remove drive-shm
	cg_remove drive-old
}
