#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0
# Self-tests of the guest harness, run on the host: each boots a guest that
# must fail in a known way, and checks that tests/vm/run reports it. If
# these pass, a real failure inside any guest suite fails `make check`.
#
# The splat tests provoke each kind of report tests/vm/splat-scan looks
# for through LKDTM, on the flavour whose kernel has the checker, and look
# for the report among the lines splat-scan printed (prefixed with the log
# and line number), not merely on the console: so they fail when the
# checker leaves the kernel config, when its pattern leaves splat-scan, or
# when its lines stop reaching the scanned logs (loglevel, log buffer).

bats_load_library bats-support
bats_load_library bats-assert

LKDTM=/sys/kernel/debug/provoke-crash/DIRECT

setup() {
	TOP=$(cd "$BATS_TEST_DIRNAME/../.." && pwd)
	RUN="$TOP/tests/vm/run --quiet --timeout 300"
	# The debug kernel boots in under a minute under TCG; the margin is
	# for a host busy with kernel builds. SELFTEST_DEBUG_FLAVOUR names
	# another line's (debug-6.12, debug-7.2: tests/check full), whose
	# checkers report in that line's words.
	DEBUG="$TOP/tests/vm/run --quiet --flavour ${SELFTEST_DEBUG_FLAVOUR:-debug} --timeout 420"
}

# assert_splat ERE: splat-scan reported a kernel line (one with a printk
# timestamp, from the kernel log or the console) that matches ERE.
assert_splat() {
	assert_line --regexp "/(dmesg\.txt|console\.log):[0-9]+:.*\[ *[0-9]+\.[0-9]+\] .*$1"
}

# The checkers that only report and let the guest go on (list corruption,
# UBSAN, lockdep, KASAN) share one debug guest, booted by the first test
# that needs it, since each debug boot costs most of a minute. Lockdep goes
# before KASAN, whose report turns lockdep off. SPINLOCKUP returns to user
# space with a spinlock held, which lockdep reports; a subshell of its own
# takes the fallout (it runs atomic until the scheduler reports that).
debug_reports() {
	local f=$BATS_FILE_TMPDIR/debug-reports rc=0
	if [ ! -f "$f.rc" ]; then
		$DEBUG -- "echo CORRUPT_LIST_ADD > $LKDTM
			echo CORRUPT_LIST_DEL > $LKDTM
			echo ARRAY_BOUNDS > $LKDTM
			(echo SPINLOCKUP > $LKDTM)
			echo SLAB_LINEAR_OVERFLOW > $LKDTM
			true" > "$f.out" 2>&1 || rc=$?
		echo "$rc" > "$f.rc"
	fi
	run bash -c 'cat "$1.out"; exit "$(cat "$1.rc")"' _ "$f"
	assert_failure 126
	assert_output --partial "kernel splat in the guest log"
}

@test "harness: a passing guest command exits 0" {
	run $RUN -- 'grep -q " /sys/fs/cgroup cgroup2 " /proc/mounts && swapon --show=NAME --noheadings'
	assert_success
}

# Without a firmware table that lists them, a kernel boots on the first
# vCPU only and every per-CPU and concurrent path goes untested.
@test "harness: the guest runs on every vCPU it is given" {
	run $RUN --smp 3 -- '[ "$(nproc)" = 3 ] && [ "$(grep -c "^processor" /proc/cpuinfo)" = 3 ]'
	assert_success
}

@test "harness: a failing guest command fails the run with its exit status" {
	run $RUN -- 'exit 3'
	assert_failure 3
}

@test "harness: a kernel WARN in the guest fails the run although the command passed" {
	run $RUN -- "echo WARNING > $LKDTM; true"
	assert_failure 126
	assert_output --partial "kernel splat in the guest log"
	assert_splat "WARNING: CPU: [0-9]+ PID: [0-9]+ at ([^ ]*/)?drivers/misc/lkdtm/"
}

# A report whose lines never reach the scanned logs, or match none of
# splat-scan's patterns, still taints the kernel: setting the WARN flag by
# hand logs nothing at all.
@test "harness: a kernel tainted by a report fails the run though its log is clean" {
	run $RUN -- "echo 512 > /proc/sys/kernel/tainted"
	assert_failure 126
	assert_output --partial "the guest kernel is tainted by a report"
	refute_output --partial "kernel splat in the guest log"
}

@test "harness: a guest kernel panic fails the run" {
	run $RUN -- "echo PANIC > $LKDTM; true"
	assert_failure 125
	assert_output --partial "without a status"
	assert_splat "Kernel panic - not syncing: dumptest"
}

@test "harness: a guest that outlives its timeout fails the run" {
	run "$TOP/tests/vm/run" --quiet --timeout 60 -- 'sleep 3600'
	assert_failure 125
	assert_output --partial "timed out"
}

# oops=panic on the command line: an oops ends the guest, and only the
# console log holds the report.
@test "splat: BUG() oopses the guest and the console log names it" {
	run $RUN -- "echo BUG > $LKDTM; true"
	assert_failure 125
	assert_splat "kernel BUG at ([^ ]*/)?drivers/misc/lkdtm/bugs.c"
	assert_splat "invalid opcode: 0000 \[#1\]"
}

@test "splat: a NULL pointer write oopses the guest and the console log names it" {
	run $RUN -- "echo EXCEPTION > $LKDTM; true"
	assert_failure 125
	assert_splat "BUG: kernel NULL pointer dereference"
	assert_splat "Oops: [0-9a-f]{4} \[#1\]"
}

# No kernel here runs slub_debug by default (KASAN covers the same bugs in
# the debug kernel); SLUB's own report names the cache, not "BUG:".
@test "splat: a double free under slub_debug is a splat" {
	run $RUN --append "slub_debug=F,lkdtm-heap-double_free" -- \
		"echo SLAB_FREE_DOUBLE > $LKDTM; true"
	assert_failure 126
	assert_splat "BUG lkdtm-heap-double_free \(Not tainted\): "
}

# The patched kernel has no soft-lockup detector, so a CPU spinning with
# preemption off is found by RCU's stall warning (21 s), which panics here.
# RCU only notices while a grace period waits, and an idle guest starts
# none: a loop on the other CPU starts them (its exiting processes free
# their task structs through RCU). On one CPU the spin would also starve
# the loop, and the guest would hang whenever no grace period was pending.
@test "splat: an RCU stall on the patched kernel is a splat" {
	run $RUN --smp 2 --append "sysctl.kernel.panic_on_rcu_stall=1" -- \
		"taskset -c 1 sh -c 'echo SOFTLOCKUP > $LKDTM' &
		taskset -c 0 sh -c 'while sleep 1; do :; done'"
	assert_failure 125
	assert_splat "rcu: INFO: rcu_(sched|preempt) (self-)?detected stall"
}

# bats test_tags=debug
@test "splat: list_add corruption on the debug kernel (DEBUG_LIST)" {
	debug_reports
	assert_splat "list_add corruption\. "
}

# bats test_tags=debug
@test "splat: list_del corruption on the debug kernel (DEBUG_LIST)" {
	debug_reports
	assert_splat "list_del corruption\. "
}

# bats test_tags=debug
@test "splat: an array index out of bounds on the debug kernel (UBSAN)" {
	debug_reports
	assert_splat "UBSAN: array-index-out-of-bounds in .*drivers/misc/lkdtm/bugs.c"
}

# bats test_tags=debug
@test "splat: a lock held on return to user space on the debug kernel (lockdep)" {
	debug_reports
	assert_splat "WARNING: lock held when returning to user space!"
}

# bats test_tags=debug
@test "splat: a slab out-of-bounds write on the debug kernel (KASAN)" {
	debug_reports
	assert_splat "BUG: KASAN: slab-out-of-bounds in lkdtm_SLAB_LINEAR_OVERFLOW"
}

# LKDTM's HUNG_TASK sleeps in D state forever: the test lowers the hung-task
# timeout for this guest only, and hung_task_panic ends it once reported.
# bats test_tags=debug
@test "splat: a task blocked in D state on the debug kernel (hung task)" {
	run $DEBUG --append "hung_task_panic=1" -- \
		"echo 5 > /proc/sys/kernel/hung_task_timeout_secs && echo HUNG_TASK > $LKDTM"
	assert_failure 125
	assert_splat "INFO: task .* blocked for more than 5 seconds"
	assert_splat "Kernel panic - not syncing: hung_task: blocked tasks"
}

# SOFTLOCKUP spins with preemption off forever: softlockup_panic ends the
# guest once the watchdog (20 s) has reported it, before RCU's stall (21 s).
# bats test_tags=debug
@test "splat: a CPU spinning in the kernel on the debug kernel (soft lockup)" {
	run $DEBUG --append "softlockup_panic=1" -- "echo SOFTLOCKUP > $LKDTM"
	assert_failure 125
	assert_splat "watchdog: BUG: soft lockup - CPU#[0-9]+ stuck for"
}
