#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0
# Host-side checks of the harness pieces that need no guest: the splat
# scanner on recorded log lines, the TAP summary, the kernel series files.

bats_require_minimum_version 1.5.0
bats_load_library bats-support
bats_load_library bats-assert

setup() {
	TOP=$(cd "$BATS_TEST_DIRNAME/../.." && pwd)
}

@test "splat-scan flags a kernel WARNING line and names the file" {
	printf '[    1.000000] ok\n[    2.000001] WARNING: CPU: 0 PID: 1 at mm/zswap.c:99 f+0x1/0x2\n' \
		> "$BATS_TEST_TMPDIR/log"
	run "$TOP/tests/vm/splat-scan" "$BATS_TEST_TMPDIR/log"
	assert_failure 1
	assert_output --partial "log:2:"
	assert_output --partial "mm/zswap.c:99"
}

# The first line of each report the guests printed in tests/vm/selftest.bats
# (and one a guest suite hit), as recorded in their console logs.
REPORTS=(
	"WARNING: CPU: 0 PID: 60 at drivers/misc/lkdtm/bugs.c:85 lkdtm_WARNING+0x8/0xb"
	"kernel BUG at drivers/misc/lkdtm/bugs.c:78!"
	"invalid opcode: 0000 [#1] SMP"
	"BUG: kernel NULL pointer dereference, address: 0000000000000000"
	"Oops: 0002 [#1] SMP"
	"Kernel panic - not syncing: Fatal exception"
	"BUG lkdtm-heap-double_free (Not tainted): Slab has 0 allocated objects but 1 are to be freed"
	"BUG z3fold_handle (Tainted: G    B   W         ): Objects remaining in z3fold_handle on __kmem_cache_shutdown()"
	"rcu: INFO: rcu_sched detected stalls on CPUs/tasks:"
	"list_add corruption. next->prev should be prev (ffff888005277cc0), but was 0000000000000000. (next=ffff888005277ce0)."
	"list_del corruption. next->prev should be ffff888005277cb0, but was 0000000000000000. (next=ffff888005277cf0)"
	"UBSAN: array-index-out-of-bounds in ../../src/6.1-patched/drivers/misc/lkdtm/bugs.c:349:16"
	"WARNING: lock held when returning to user space!"
	"BUG: scheduling while atomic: bash/66/0x00000002"
	"BUG: KASAN: slab-out-of-bounds in lkdtm_SLAB_LINEAR_OVERFLOW+0x43/0x58"
	"INFO: task bash:64 blocked for more than 5 seconds."
	# reports that taint nothing and begin with neither WARNING nor BUG,
	# as the kernel prints them (kernel/locking/lockdep.c, mm/page_alloc.c,
	# mm/swapfile.c)
	"INFO: trying to register non-static key."
	"kworker/u4:1: page allocation failure: order:4, mode:0x40cc0(GFP_KERNEL|__GFP_COMP), nodemask=(null),cpuset=/,mems_allowed=0"
	"swap_info_get: Bad swap file entry 3ffffffffffff"
	"swap_entry_free: Unused swap offset entry 00001234"
	"get_swap_device: Bad swap offset entry 00ffffff"
	"watchdog: BUG: soft lockup - CPU#0 stuck for 26s! [bash:65]"
)

@test "splat-scan flags the first line of every report a guest printed" {
	local line
	for line in "${REPORTS[@]}"; do
		printf '[   12.345678] %s\r\n' "$line" > "$BATS_TEST_TMPDIR/log"
		run "$TOP/tests/vm/splat-scan" "$BATS_TEST_TMPDIR/log"
		[ "$status" = 1 ] || fail "splat-scan missed: $line"
		assert_output "$BATS_TEST_TMPDIR/log:1:[   12.345678] $line"
	done
}

@test "splat-scan ignores those lines when a program, not the kernel, printed them" {
	local line
	for line in "${REPORTS[@]}"; do
		printf '%s\r\n# %s\n' "$line" "$line" > "$BATS_TEST_TMPDIR/log"
		run "$TOP/tests/vm/splat-scan" "$BATS_TEST_TMPDIR/log"
		[ "$status" = 0 ] || fail "splat-scan flagged a program's line: $line"
		assert_output ""
	done
}

# The serial console interleaves a kernel message with the output of a test
# that was writing at the time; a guest that then panics leaves no dmesg.txt.
@test "splat-scan flags a kernel line that starts in the middle of a console line" {
	printf 'ok 3 zswap stores[   30.000001] BUG: KASAN: use-after-free in zswap_load+0x1\r\n' \
		> "$BATS_TEST_TMPDIR/log"
	run "$TOP/tests/vm/splat-scan" "$BATS_TEST_TMPDIR/log"
	assert_failure 1
	assert_output --partial "BUG: KASAN: use-after-free"
}

@test "splat-scan passes kernel lines that only name a checker" {
	printf '[    0.1] %s\n' "kasan: KernelAddressSanitizer initialized (generic)" \
		"lkdtm: Performing direct entry BUG" \
		"Kernel command line: console=ttyS0 oops=panic hung_task_panic=1" \
		> "$BATS_TEST_TMPDIR/log"
	run "$TOP/tests/vm/splat-scan" "$BATS_TEST_TMPDIR/log"
	assert_success
	assert_output ""
}

@test "splat-scan passes a clean log and ignores words a test printed" {
	printf '[    1.000000] zswap: loaded using pool lzo/zbud\nWARNING: printed by a test\n' \
		> "$BATS_TEST_TMPDIR/log"
	run "$TOP/tests/vm/splat-scan" "$BATS_TEST_TMPDIR/log"
	assert_success
	assert_output ""
}

# A test that exhausts the guest's memory on purpose says so on the kernel
# log (helpers.bash, expect_alloc_failures): between its two lines a "page
# allocation failure" report is printed on stderr as expected, with the
# reason, and does not fail the scan; any other report there does, and so
# does an allocation failure before the window or after it.
@test "splat-scan: allocation failures inside a test's declared window only are expected" {
	local log=$BATS_TEST_TMPDIR/log alloc="kswapd0: page allocation failure: order:0, mode:0xc0ce0(GFP_KERNEL|__GFP_HIGH|__GFP_COMP|__GFP_NOMEMALLOC), nodemask=(null)"
	printf '[   10.0] %s\n' \
		"zswapctl-splat-scan: allocation failures expected: test_zswap raises min_free_kbytes" \
		"$alloc" \
		"zswapctl-splat-scan: allocation failures no longer expected" > "$log"
	run --separate-stderr "$TOP/tests/vm/splat-scan" "$log"
	assert_success
	assert_output ""
	assert_equal "$stderr" "$log:2: expected (test_zswap raises min_free_kbytes): [   10.0] $alloc"
	# Another report in the window, and the same failure after it
	printf '[   11.0] %s\n' "WARNING: CPU: 0 PID: 1 at mm/zswap.c:1 zswap_store" "$alloc" >> "$log"
	run --separate-stderr "$TOP/tests/vm/splat-scan" "$log"
	assert_failure 1
	assert_output "$log:4:[   11.0] WARNING: CPU: 0 PID: 1 at mm/zswap.c:1 zswap_store
$log:5:[   11.0] $alloc"
	# Lines a program printed open no window
	printf '%s\n[   12.0] %s\n' "zswapctl-splat-scan: allocation failures expected: a program's line" \
		"$alloc" > "$log"
	run "$TOP/tests/vm/splat-scan" "$log"
	assert_failure 1
	assert_output "$log:2:[   12.0] $alloc"
}

@test "tap-summary counts passed, failed and skipped tests" {
	printf '1..3\nok 1 a\nnot ok 2 b\nok 3 c # skip why\n' > "$BATS_TEST_TMPDIR/t.tap"
	run "$TOP/tests/lib/tap-summary" "$BATS_TEST_TMPDIR/t.tap"
	assert_failure 1
	assert_line "  FAILED: t: 2 b"
	assert_line "1 passed, 1 failed, 1 skipped"
}

@test "tap-summary fails when no test ran" {
	printf '1..0\n' > "$BATS_TEST_TMPDIR/t.tap"
	run "$TOP/tests/lib/tap-summary" "$BATS_TEST_TMPDIR/t.tap"
	assert_failure 1
	assert_line "  FAILED: t: plans no test (1..0) and says no skip"
	assert_line "0 passed, 1 failed"
}

@test "kernel/series and kernel/patches name the same files, and so do the other lines'" {
	local listed present dir
	for dir in "$TOP/kernel" "$TOP"/kernel/[0-9]*.[0-9]*; do
		listed=$(sed -e 's/#.*//' -e '/^[[:space:]]*$/d' "$dir/series" | sort)
		present=$(ls -1 "$dir/patches" 2>/dev/null | grep '\.patch$' | sort || true)
		assert_equal "$listed" "$present"
	done
}

@test "kernel build script refuses an unknown flavour" {
	run "$TOP/kernel/scripts/build.sh" fancy
	assert_failure
	assert_output --partial "unknown flavour 'fancy'"
}

# Refused before the build lock and before any source is touched
@test "kernel build script refuses an unknown line, and the 6.1-only flavours on another" {
	run "$TOP/kernel/scripts/build.sh" patched-9.9
	assert_failure
	assert_output --partial "unknown flavour 'patched-9.9' (no kernel line 9.9"
	run "$TOP/kernel/scripts/build.sh" systemd-9.9
	assert_failure
	assert_output --partial "unknown flavour 'systemd-9.9' (no kernel line 9.9"
	run "$TOP/kernel/scripts/build.sh" debug-9.9
	assert_failure
	assert_output --partial "unknown flavour 'debug-9.9' (no kernel line 9.9"
	KERNEL_LINE=9.9 run "$TOP/kernel/scripts/build.sh" patched
	assert_failure
	assert_output --partial "unknown kernel line '9.9'"
	local f
	for f in patched-i386 patched-upto-0016; do
		KERNEL_LINE=7.2 run "$TOP/kernel/scripts/build.sh" "$f"
		assert_failure
		assert_output --partial "is of the 6.1 line only, not KERNEL_LINE=7.2"
	done
}

# The guest suites tell the kernels apart by the flavour's full name
@test "helpers.bash: is_patched, is_debug and kernel_line by flavour" {
	eval "$(sed -n '/^is_patched()/,/^}/p;/^is_debug()/,/^}/p;/^kernel_line()/,/^}/p' "$TOP/tests/vm/suites/helpers.bash")"
	local f want patched debug
	for f in patched:yes:no:6.1 stock:no:no:6.1 debug:yes:yes:6.1 patched-i386:yes:no:6.1 \
		 patched-upto-0016:yes:no:6.1 stock-6.12:no:no:6.12 patched-6.12:yes:no:6.12 \
		 stock-7.2:no:no:7.2 patched-7.2:yes:no:7.2 debug-6.12:yes:yes:6.12 \
		 debug-7.2:yes:yes:7.2; do
		KERNEL_FLAVOUR=${f%%:*}
		want=${f#*:}
		is_patched && patched=yes || patched=no
		is_debug && debug=yes || debug=no
		assert_equal "$KERNEL_FLAVOUR $patched:$debug:$(kernel_line)" "$KERNEL_FLAVOUR $want"
	done
}

# ... and check that the kernel booted is of that line (a uname of our own)
@test "helpers.bash: require_guest fails a guest whose kernel is not of its flavour's line" {
	bats_require_minimum_version 1.5.0
	eval "$(sed -n '/^require_guest()/,/^}/p;/^kernel_line()/,/^}/p' "$TOP/tests/vm/suites/helpers.bash")"
	mkdir -p "$BATS_TEST_TMPDIR/bin"
	printf '#!/bin/sh\necho "$RELEASE"\n' > "$BATS_TEST_TMPDIR/bin/uname"
	chmod +x "$BATS_TEST_TMPDIR/bin/uname"
	PATH=$BATS_TEST_TMPDIR/bin:$PATH
	export ZSWAPCTL_VM=1
	local f
	for f in stock-7.2:7.2.11+ patched-6.12:6.12.118+ patched:6.1.158 debug:6.1.158; do
		KERNEL_FLAVOUR=${f%%:*} RELEASE=${f#*:} run -0 require_guest
	done
	for f in stock-7.2:6.12.118+ patched-6.12:6.1.158 patched:6.12.118+ patched-6.1:7.2.11; do
		KERNEL_FLAVOUR=${f%%:*} RELEASE=${f#*:} run -1 require_guest
		assert_output --partial "the guest runs Linux ${f#*:}, but its flavour ${f%%:*} is of"
	done
}

# The 32-bit guest has no shell and only the series is built for i386: the
# harness says so before it builds or boots anything.
@test "tests/vm/run --arch i386 refuses another flavour and a missing command" {
	run "$TOP/tests/vm/run" --arch i386 --flavour stock -- true
	assert_failure 2
	assert_output --partial "boots the patched kernel only, not 'stock'"
	run "$TOP/tests/vm/run" --arch i386
	assert_failure 2
	assert_output --partial "needs a command: the guest has no shell"
	run "$TOP/tests/vm/run" --arch arm -- true
	assert_failure 2
	assert_output --partial "unknown --arch arm"
}

# A Debian guest (tests/vm/debian-boot.bats) runs its command through the
# image's unit: the harness refuses what cannot work before it builds or
# boots anything.
@test "tests/vm/run --disk refuses a missing image, a missing command and i386" {
	run "$TOP/tests/vm/run" --disk "$BATS_TEST_TMPDIR/none.qcow2" -- true
	assert_failure 2
	assert_output "vm: no disk image $BATS_TEST_TMPDIR/none.qcow2"
	touch "$BATS_TEST_TMPDIR/disk.img"
	run "$TOP/tests/vm/run" --disk "$BATS_TEST_TMPDIR/disk.img"
	assert_failure 2
	assert_output --partial "needs a command"
	run "$TOP/tests/vm/run" --arch i386 --disk "$BATS_TEST_TMPDIR/disk.img" -- true
	assert_failure 2
	assert_output "vm: --disk boots x86_64 guests only"
}

# KERNEL_LINE picks the line of stock and patched; a flavour of 6.1 alone
# beside another line is refused before anything is built or booted.
@test "tests/vm/run refuses a 6.1-only flavour beside another KERNEL_LINE" {
	local f
	for f in patched-i386 patched-upto-0016; do
		KERNEL_LINE=7.2 run "$TOP/tests/vm/run" --flavour "$f" -- true
		assert_failure 2
		assert_output "vm: the flavour '$f' is of the 6.1 line only, not KERNEL_LINE=7.2: unset KERNEL_LINE or set it to 6.1"
	done
	# the line's own, named in full or not, passes this check: it goes on
	# to the initramfs, which a busybox that is not there stops (nothing
	# is written)
	for f in patched patched-7.2 stock stock-6.12 stock-6.1 debug debug-7.2; do
		KERNEL_LINE=7.2 BUSYBOX=/nonexistent run "$TOP/tests/vm/run" --flavour "$f" -- true
		assert_failure
		assert_output --partial 'mkinitramfs: /nonexistent missing'
		refute_output --partial 'of the 6.1 line only'
	done
}

# A fake QEMU on PATH stands for the guest: it writes the files a guest's
# /init writes into the run folder (status, taint flags, kernel log), then
# powers off, hangs or fails as FAKE_QEMU says. No kernel boots.
fake_qemu() {
	mkdir -p "$BATS_TEST_TMPDIR/bin"
	cat > "$BATS_TEST_TMPDIR/bin/qemu-system-x86_64" <<'QEMU'
#!/bin/bash
out=
for a in "$@"; do
	case $a in
	local,path=*,mount_tag=out,*) out=${a#local,path=}; out=${out%%,*} ;;
	esac
done
[ -d "$out" ] || { echo "fake qemu: no run folder" >&2; exit 1; }
echo 0 > "$out/rc"
echo 0 > "$out/tainted"
: > "$out/dmesg.txt"
case $FAKE_QEMU in
poweroff) exit 0 ;;
hang) exec sleep 600 ;;
fail) exit 1 ;;
esac
QEMU
	chmod +x "$BATS_TEST_TMPDIR/bin/qemu-system-x86_64"
	: > "$BATS_TEST_TMPDIR/bzImage"
}

@test "tests/vm/run fails a guest that wrote its status and then hung or failed" {
	[ -x "${BUSYBOX:-/bin/busybox}" ] || skip "busybox-static is not installed (make deps)"
	fake_qemu
	local -x PATH="$BATS_TEST_TMPDIR/bin:$PATH" BUILD="$BATS_TEST_TMPDIR/build"
	# positive control: a guest that powers off after its status passes
	FAKE_QEMU=poweroff run "$TOP/tests/vm/run" --quiet --kernel "$BATS_TEST_TMPDIR/bzImage" -- true
	assert_success
	FAKE_QEMU=hang run "$TOP/tests/vm/run" --quiet --timeout 3 --kernel "$BATS_TEST_TMPDIR/bzImage" -- true
	assert_failure 125
	assert_output --partial 'vm: the guest wrote exit status 0, then hung until the 3 s timeout'
	FAKE_QEMU=fail run "$TOP/tests/vm/run" --quiet --kernel "$BATS_TEST_TMPDIR/bzImage" -- true
	assert_failure 125
	assert_output --partial 'vm: the guest wrote exit status 0, then QEMU exited 1'
}
