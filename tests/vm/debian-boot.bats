#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0
# A real Debian boot, as a user installs the packages: a Debian 12
# (bookworm) root file system from the Debian archive (tests/vm/debian/
# mkimage, kept as a cache), systemd as PID 1, booted under QEMU on the
# patched 6.1 kernel of the systemd flavour (kernel/config/flavours/
# systemd.config) by tests/vm/run --disk; DEBIAN_BOOT_RELEASE=trixie does
# the same with Debian 13 on the patched 6.12 kernel. Three boots of one
# disk, each running tests/vm/debian/guest once systemd is done:
#
#   1. apt installs the project's packages (built for the release: on
#      this machine for bookworm, in a trixie chroot for trixie) from the
#      files, with no network; the admin writes /etc/zswap.conf and a
#      drop-in, a swap file in /etc/fstab, and enables the export timer;
#   2. zswapctl.service has applied both files before the swap unit
#      started, loading the compressor module on the way, under its
#      sandbox; the timer's runs write zswap.prom, which
#      prometheus-node-exporter serves over HTTP (curl, promtool); the
#      prometheus user swaps the textfile folder for one whose zswap.prom
#      leads to a root-only file, and the next run refuses it, in the
#      journal, the file untouched; the admin changes the configuration;
#   3. the new values are in force.
#
# The assertions run here on what the guest wrote into its run folder
# (the journal, systemctl show, /sys, the scrape). Each stage's wall time
# is a TAP comment ("# time: ...") and a line of build/debian-boot/
# RELEASE/times.txt. Needs root (debootstrap, the chroot) and the Debian
# archive for a cold cache; tests/check runs it as the producers
# debian-bookworm and debian-trixie. DEBIAN_BOOT_DEBS=DIR installs the
# release's zswapctl and libzswapnl1 packages of DIR instead of building
# them.

bats_require_minimum_version 1.5.0
bats_load_library bats-support
bats_load_library bats-assert

TOP=$(cd "$BATS_TEST_DIRNAME/../.." && pwd)
BUILD=${BUILD:-$TOP/build}
RELEASE=${DEBIAN_BOOT_RELEASE:-bookworm}
case $RELEASE in
bookworm) FLAVOUR=systemd LINE=6.1 ;;
trixie) FLAVOUR=systemd-6.12 LINE=6.12 ;;
*) echo "debian-boot.bats: DEBIAN_BOOT_RELEASE is bookworm or trixie, not '$RELEASE'" >&2; exit 2 ;;
esac
STATE=$BUILD/debian-boot/$RELEASE
CACHE=${ZSWAPCTL_CACHE:-${HOME:-/root}/.cache/zswapctl}/debian
# Each boot's wall-clock bound (tests/vm/run --timeout), at least three
# times what a boot takes on an idle 2-core machine, times
# CHECK_BUDGET_SCALE as the guest suites' budgets
BOOT_TIMEOUT=$(awk -v s="${CHECK_BUDGET_SCALE:-1}" 'BEGIN { print int(900 * s) }')
VERSION=$(dpkg-parsechangelog -l "$TOP/debian/changelog" -SVersion)
UPSTREAM=${VERSION%-*}

# The trixie packages are built in a chroot of that release
# shellcheck disable=SC2034 # tests/pkg/chroot.bash reads them
CHROOT_SUITE=$RELEASE
CHROOT_DIR=$STATE/chroot
load ../pkg/chroot

setup_file() {
	[ "$(id -u)" = 0 ] || return 0
	chroot_remove
	rm -rf "$STATE"
	mkdir -p "$STATE"
}

teardown_file() {
	[ "$(id -u)" = 0 ] || return 0
	chroot_remove
}

require_root() {
	[ "$(id -u)" = 0 ] || skip "needs root (debootstrap, chroot, mount)"
}

# timed NAME START: the wall time since START ($SECONDS) of the stage NAME
timed() {
	local t=$((SECONDS - $2))
	echo "$RELEASE $1 $t s" >> "$STATE/times.txt"
	echo "# time: $RELEASE $1: $t s" >&3
}

# sources_key: what the packages are built from, as a key
sources_key() {
	local dir=$STATE/sources-key
	rm -rf "$dir"
	"$TOP/scripts/build-deb" --source "$dir"
	{ echo "$RELEASE"; tar -C "$dir" --sort=name --mtime=@0 --owner=0 --group=0 \
		--numeric-owner -c .; } | sha256sum | cut -c1-16
	rm -rf "$dir"
}

# build_debs_trixie DIR: the packages, built in a trixie chroot as
# tests/pkg/trixie.bats builds them, into DIR. The chroot with the build
# dependencies is kept as a tar (named by debian/control) beside the
# minbase one, so only a changed control file fetches them again.
build_debs_trixie() {
	local out=$1 deps_tar src=/build/zswapctl-$UPSTREAM
	deps_tar=$CACHE/chroot-$RELEASE-builddeps-$(cat "$TOP/debian/control" | sha256sum | cut -c1-16).tar
	mkdir -p "$CACHE"
	if [ -s "$deps_tar" ]; then
		CHROOT_CACHE=$deps_tar chroot_create 3>/dev/null || return 1
	else
		CHROOT_CACHE=$CACHE/chroot-$RELEASE-minbase.tar chroot_create 3>/dev/null || return 1
		"$TOP/scripts/build-deb" --source "$CHROOT_DIR$src" || return 1
		in_chroot apt-get update -q > "$STATE/builddeps.log" 2>&1 &&
			in_chroot apt-get build-dep -y -q --no-install-recommends "$src" \
			>> "$STATE/builddeps.log" 2>&1 || { tail -n 20 "$STATE/builddeps.log"; return 1; }
		rm -rf "$CHROOT_DIR/build"
		in_chroot apt-get clean
		tar -C "$CHROOT_DIR" -cf "$deps_tar.part" . && mv "$deps_tar.part" "$deps_tar" || return 1
	fi
	rm -rf "$CHROOT_DIR/build"
	"$TOP/scripts/build-deb" --source "$CHROOT_DIR$src" || return 1
	in_chroot sh -c "cd '$src' && DEB_BUILD_OPTIONS='nocheck parallel=$(nproc)' \
		dpkg-buildpackage -us -uc -b > ../build.log 2>&1" ||
		{ tail -n 40 "$CHROOT_DIR/build/build.log"; return 1; }
	cp "$CHROOT_DIR"/build/*.deb "$out/"
	chroot_remove
}

# build_debs_host DIR: the packages, built on this machine (bookworm) as
# make deb builds them, without the unit tests and lintian the packages
# stage runs
build_debs_host() {
	local out=$1 src=$STATE/debbuild/zswapctl-$UPSTREAM
	rm -rf "$STATE/debbuild"
	"$TOP/scripts/build-deb" --source "$src" || return 1
	(cd "$src" && env -u BUILD -u KERNEL_FLAVOUR -u MAKEFLAGS -u MAKELEVEL -u MFLAGS \
		DEB_BUILD_OPTIONS="nocheck parallel=$(nproc)" dpkg-buildpackage -us -uc -b) \
		> "$STATE/debbuild.log" 2>&1 || { tail -n 40 "$STATE/debbuild.log"; return 1; }
	cp "$STATE"/debbuild/*.deb "$out/"
	rm -rf "$STATE/debbuild"
}

# debs: the two packages a user installs, as paths
debs() {
	ls "$STATE"/debs/zswapctl_"$VERSION"_*.deb "$STATE"/debs/libzswapnl1_"$VERSION"_*.deb
}

# deps_of DEB...: the packages they depend on, ours left out
deps_of() {
	local d
	for d in "$@"; do
		dpkg-deb -f "$d" Depends | tr ',' '\n'
	done | sed -e 's/|.*//' -e 's/(.*)//' -e 's/:any//' -e 's/[[:space:]]//g' |
		grep -v -x -e '' -e zswapctl -e libzswapnl1 | sort -u
}

# vm_boot STAGE ARG...: boot the disk once, run the guest's STAGE, keep
# its run folder as $STATE/STAGE
vm_boot() {
	local stage=$1 start=$SECONDS rc=0 out
	shift
	[ -f "$STATE/disk.qcow2" ] || fail "no disk: see the test that builds the image"
	(cd "$TOP" && KERNEL_FLAVOUR=$FLAVOUR "$TOP/tests/vm/run" --quiet --no-zswap \
		--disk "$STATE/disk.qcow2" --timeout "$BOOT_TIMEOUT" --record "$STATE/$stage.run" \
		-- tests/vm/debian/guest "$stage" "$@") > "$STATE/$stage.log" 2>&1 || rc=$?
	timed "boot $stage" "$start"
	out=$(cat "$STATE/$stage.run" 2>/dev/null) || fail "tests/vm/run did not start: $(cat "$STATE/$stage.log")"
	ln -sfn "$out" "$STATE/$stage"
	echo "$rc" > "$STATE/$stage.rc"
	[ "$rc" = 0 ] ||
		fail "the $stage boot ended with exit $rc (125: panic or time out, 126: kernel splat): $(cat "$STATE/$stage.log"; tail -n 30 "$out/console.log")"
}

# booted STAGE: the boot STAGE ran to its end
booted() {
	[ "$(cat "$STATE/$1.rc" 2>/dev/null)" = 0 ] || fail "the $1 boot did not complete: see the test that boots it"
}

# param STAGE NAME: a zswap parameter as the guest's kernel had it
param() {
	sed -n "s/^$2=//p" "$STATE/$1/$1-params.txt"
}

# unit_prop STAGE FILE UNIT PROPERTY: one property of systemctl show's output
unit_prop() {
	# one paragraph a unit, its properties in systemctl's order
	awk -v unit="$3" -v prop="$4" 'BEGIN { RS = ""; FS = "\n" }
		{
			id = ""; val = ""; found = 0
			for (i = 1; i <= NF; i++) {
				if ($i == "Id=" unit) id = unit
				if (index($i, prop "=") == 1) { val = substr($i, length(prop) + 2); found = 1 }
			}
			if (id == unit && found) { print val; exit }
		}' "$STATE/$1/$2"
}

# assert_has FILE REGEX: a line of FILE (a scrape, some 1,700 lines)
# matches REGEX; the failure shows the zswap_ and textfile lines only
assert_has() {
	grep -qE -- "$2" "$1" ||
		fail "no line of ${1#"$STATE"/} matches '$2'; its zswap and textfile lines:
$(grep -E '^(zswap_|node_textfile)' "$1" | head -n 40)"
}

# assert_boot_state STAGE: systemd finished the boot with no unit failed
assert_boot_state() {
	run -0 cat "$STATE/$1/$1-system-state.txt"
	assert_output running
	run -0 cat "$STATE/$1/$1-release.txt"
	assert_output "$RELEASE"
}

# assert_applied_before_swap STAGE: zswapctl.service ran to its end, with
# success, before the swap file's unit began to start, and the swap file
# is in use
assert_applied_before_swap() {
	local active starting
	run -0 unit_prop "$1" "$1-units.txt" zswapctl.service Result
	assert_output success
	run -0 unit_prop "$1" "$1-units.txt" swapfile.swap ActiveState
	assert_output active
	grep -q '^/swapfile ' "$STATE/$1/$1-swaps.txt" || fail "no /swapfile in /proc/swaps: $(cat "$STATE/$1/$1-swaps.txt")"
	# the journal's order: the job of zswapctl.service done, then systemd's
	# "Activating swap" of the swap unit
	run -0 jq -rs 'map(select((.UNIT == "zswapctl.service" and .JOB_TYPE == "start" and .JOB_RESULT == "done")
			or (.UNIT == "swapfile.swap" and .MESSAGE_ID == "7d4958e842da4a758f6c1cdc7b36dcc5")))
		| map(.UNIT) | join(" ")' "$STATE/$1/$1-order.json"
	assert_output "zswapctl.service swapfile.swap"
	# and systemd's own record: zswapctl.service active before the swap
	# unit left its inactive state
	active=$(unit_prop "$1" "$1-units.txt" zswapctl.service ActiveEnterTimestampMonotonic)
	starting=$(unit_prop "$1" "$1-units.txt" swapfile.swap InactiveExitTimestampMonotonic)
	[ -n "$active" ] && [ "$active" -gt 0 ] && [ -n "$starting" ] && [ "$starting" -gt 0 ] ||
		fail "no timestamps: $(cat "$STATE/$1/$1-units.txt")"
	[ "$active" -le "$starting" ] ||
		fail "zswapctl.service became active at $active us, after the swap unit started at $starting us"
}

@test "the project's packages build for the release" {
	require_root
	local start=$SECONDS key
	mkdir -p "$STATE/debs" "$CACHE"
	if [ -n "${DEBIAN_BOOT_DEBS:-}" ]; then
		# packages built elsewhere, for this release
		cp "$DEBIAN_BOOT_DEBS"/zswapctl_*.deb "$DEBIAN_BOOT_DEBS"/libzswapnl1_*.deb "$STATE/debs/"
		echo "# packages of $RELEASE from $DEBIAN_BOOT_DEBS" >&3
		timed packages "$start"
		run -0 debs
		return
	fi
	key=$(sources_key)
	if [ -d "$CACHE/debs-$RELEASE-$key" ]; then
		cp "$CACHE/debs-$RELEASE-$key"/*.deb "$STATE/debs/"
		echo "# packages of $RELEASE from the cache ($key)" >&3
	else
		if [ "$RELEASE" = bookworm ]; then
			build_debs_host "$STATE/debs"
		else
			build_debs_trixie "$STATE/debs"
		fi || fail "the packages did not build"
		rm -rf "$CACHE/debs-$RELEASE-$key.part"
		mkdir -p "$CACHE/debs-$RELEASE-$key.part"
		cp "$STATE"/debs/*.deb "$CACHE/debs-$RELEASE-$key.part/" &&
			mv "$CACHE/debs-$RELEASE-$key.part" "$CACHE/debs-$RELEASE-$key"
	fi
	timed packages "$start"
	run -0 debs
	[ "${#lines[@]}" = 2 ] || fail "not two packages: $output"
}

@test "the kernel of the systemd flavour builds, with its compressor module" {
	local start=$SECONDS image
	image=$(KERNEL_LINE=6.1 "$TOP/kernel/scripts/build.sh" "$FLAVOUR" 2>"$STATE/kernel.log") ||
		fail "the kernel did not build: $(tail -n 20 "$STATE/kernel.log")"
	timed "kernel $FLAVOUR" "$start"
	[ -f "$image" ]
	run -0 find "$BUILD/obj/$LINE-systemd/modules/lib/modules" -name 'lz4hc*.ko*'
	refute_output ""
}

@test "a root file system from the Debian archive, systemd as PID 1, the dependencies in it" {
	require_root
	local start=$SECONDS image
	run -0 debs
	# shellcheck disable=SC2046 # one path a line, no blanks
	image=$("$TOP/tests/vm/debian/mkimage" "$RELEASE" $(deps_of $(debs)) 2>"$STATE/image.log") ||
		fail "mkimage failed: $(cat "$STATE/image.log")"
	timed image "$start"
	# a disk of the run's own over the cached image, which stays as it is
	rm -f "$STATE/disk.qcow2"
	qemu-img create -q -f qcow2 -b "$image" -F raw "$STATE/disk.qcow2"
}

@test "first boot: apt installs the packages from the files, the timer is enabled" {
	require_root
	run -0 debs
	vm_boot install "${lines[@]}"
	assert_boot_state install
	run -0 cat "$STATE/install/install-apt.rc"
	[ "$output" = 0 ] || fail "apt failed: $(cat "$STATE/install/install-apt.txt")"
	run -0 cat "$STATE/install/install-dpkg.txt"
	assert_line "zswapctl $VERSION install ok installed"
	assert_line "libzswapnl1 $VERSION install ok installed"
	run -0 cat "$STATE/install/install-timer.rc"
	assert_output 0
	# the package enables zswapctl.service; the admin enabled the timer
	run -0 cat "$STATE/install/install-enabled.txt"
	assert_output "$(printf '%s\n' enabled enabled)"
	# the trap of the issue is there: the parent folder is the
	# prometheus user's, the textfile folder root's
	run -0 cat "$STATE/install/install-owners.txt"
	assert_output "$(printf '%s\n' 'prometheus:prometheus 755' 'root:root 755')"
}

@test "second boot: zswap.conf and its drop-in applied before the swap file, the compressor module loaded on demand" {
	require_root
	booted install
	vm_boot boot
	assert_boot_state boot
	assert_applied_before_swap boot
	# the values that win: zswap.conf's, and the drop-in's over it
	[ "$(param boot enabled)" = Y ] || fail "enabled: $(param boot enabled)"
	[ "$(param boot compressor)" = lz4hc ] || fail "compressor: $(param boot compressor)"
	[ "$(param boot max_pool_percent)" = 33 ] || fail "max_pool_percent: $(param boot max_pool_percent)"
	[ "$(param boot accept_threshold_percent)" = 80 ] ||
		fail "accept_threshold_percent: $(param boot accept_threshold_percent)"
	# apply's own lines in the journal, each with the file and line
	run -0 cat "$STATE/boot/boot-apply-journal.txt"
	assert_line --regexp '^compressor: [a-z0-9-]+ -> lz4hc \(/etc/zswap\.conf:3\)$'
	assert_line --regexp '^max_pool_percent: [0-9]+ -> 33 \(/etc/zswap\.conf\.d/50-site\.conf:1\)$'
	assert_line --regexp '^enabled: .* -> .* \(/etc/zswap\.conf:2\)$'
	# lz4hc is a module of this kernel: loaded by the kernel's request,
	# with zswapctl.service's sandbox around the SET that caused it
	run -0 awk '{ print $1 }' "$STATE/boot/boot-modules.txt"
	assert_line lz4hc
	# and zswapctl reads it all over the family
	run -0 jq -r '.source, .compressor' "$STATE/boot/boot-status.json"
	assert_output "$(printf '%s\n' netlink lz4hc)"
}

@test "second boot: the running systemd rates both loaded services 2.0 or safer" {
	booted boot
	local unit score
	for unit in zswapctl.service zswapctl-export.service; do
		score=$(sed -n "s/^.*Overall exposure level for $unit: \([0-9.]*\) .*$/\1/p" \
			"$STATE/boot/boot-security.txt")
		[ -n "$score" ] || fail "no score for $unit: $(cat "$STATE/boot/boot-security.txt")"
		echo "# $RELEASE's systemd: $unit $score" >&3
		awk -v s="$score" 'BEGIN { exit !(s <= 2.0) }' || fail "$unit: $score"
	done
}

@test "second boot: the timer's runs write zswap.prom and the node exporter serves it over HTTP" {
	booted boot
	run -0 unit_prop boot boot-export-units.txt zswapctl-export.service Result
	assert_output success
	run -0 unit_prop boot boot-export-units.txt zswapctl-export.timer ActiveState
	assert_output active
	run -0 cat "$STATE/boot/boot-prom-stat.txt"
	assert_output "root:root 644 regular file"
	# a real scrape of localhost:9100 with our metrics, read back from
	# the file by the textfile collector, and no collector error
	run -0 cat "$STATE/boot/boot-scrape.rc"
	assert_output 0
	assert_has "$STATE/boot/boot-scrape.txt" '^zswap_source\{source="netlink"\} 1$'
	# The unit has no CAP_SYS_ADMIN, which the family's per-cgroup reads
	# need: the cgroups come from their files, and the metrics say so
	assert_has "$STATE/boot/boot-scrape.txt" '^zswap_cgroups_source\{source="fallback"\} 1$'
	assert_has "$STATE/boot/boot-scrape.txt" '^zswap_info\{.*compressor="lz4hc".*\} 1$'
	assert_has "$STATE/boot/boot-scrape.txt" '^zswap_cgroup_stored_pages\{cgroup="/system.slice"\} [0-9]+$'
	assert_has "$STATE/boot/boot-scrape.txt" \
		'^node_textfile_mtime_seconds\{file="/var/lib/prometheus/node-exporter/zswap\.prom"\} '
	assert_has "$STATE/boot/boot-scrape.txt" '^node_textfile_scrape_error 0$'
	# promtool finds nothing to say about our part of the scrape, and
	# names none of ours in its complaints about the node exporter's own
	run -0 cat "$STATE/boot/boot-promtool.rc"
	[ "$output" = 0 ] || fail "promtool check metrics: $(cat "$STATE/boot/boot-promtool.txt")"
	run -0 cat "$STATE/boot/boot-promtool.txt"
	assert_output ""
	[ "$(grep -c '^zswap_' "$STATE/boot/boot-scrape-zswap.txt")" -gt 100 ] ||
		fail "few zswap_ samples in the scrape: $(cat "$STATE/boot/boot-scrape-zswap.txt")"
	run grep zswap_ "$STATE/boot/boot-promtool-all.txt"
	assert_output ""
}

@test "second boot: on the files instead of the family, apply writes sysfs and the exporter reads debugfs, sandboxed" {
	booted boot
	# the package's units, but for --source fallback and the file name
	run -0 cat "$STATE/boot/fallback-exec.txt"
	assert_line --regexp '^/run/systemd/system/zswapctl-fallback\.service:ExecStart=/usr/sbin/zswapctl --source fallback apply$'
	assert_line --regexp '^/run/systemd/system/zswapctl-export-fallback\.service:ExecStart=/usr/sbin/zswapctl --source fallback export --output-file /var/lib/prometheus/node-exporter/zswap-fallback\.prom$'
	[ "$(grep -c '^[<>] ' "$STATE/boot/fallback-exec.txt")" = 4 ] ||
		fail "the copies differ in more than ExecStart=: $output"
	run -0 unit_prop boot fallback-units.txt zswapctl-fallback.service Result
	assert_output success
	run -0 unit_prop boot fallback-units.txt zswapctl-export-fallback.service Result
	assert_output success
	# apply wrote /sys/module/zswap/parameters, through the one writable
	# folder of its read-only /sys
	run -0 cat "$STATE/boot/fallback-apply-journal.txt"
	assert_line 'accept_threshold_percent: 50 -> 80 (/etc/zswap.conf.d/50-site.conf:2)'
	run -0 sed -n 's/^accept_threshold_percent=//p' "$STATE/boot/fallback-params.txt"
	assert_output 80
	# the exporter read debugfs as root: its counters are there
	assert_has "$STATE/boot/fallback.prom" '^zswap_source\{source="fallback"\} 1$'
	assert_has "$STATE/boot/fallback.prom" '^zswap_pool_limit_hit_total [0-9]+$'
}

@test "second boot: the prometheus user's symlink attack is refused, in the journal, the target untouched" {
	booted boot
	run -0 cat "$STATE/boot/attack-setup.rc"
	[ "$output" = 0 ] || fail "the attack could not be set up: $(cat "$STATE/boot/attack-setup.txt")"
	# the run after the swap failed, with zswapctl's exit status for a
	# system error and its message naming the folder
	run -0 unit_prop boot attack-units.txt zswapctl-export.service Result
	assert_output exit-code
	run -0 unit_prop boot attack-units.txt zswapctl-export.service ExecMainStatus
	assert_output 2
	run -0 cat "$STATE/boot/attack-journal.txt"
	assert_line --regexp '^zswapctl: cannot write /var/lib/prometheus/node-exporter[/:].*'
	# the stand-in for /etc/shadow: same owner, mode, size, time and bytes
	run -0 cat "$STATE/boot/attack-standin-after.txt"
	assert_output "$(cat "$STATE/boot/attack-standin-before.txt")"
	assert_line --regexp '^root:root 640 '
	# and the attacker's link is still a link, not replaced by a file
	run -0 cat "$STATE/boot/attack-link.txt"
	assert_output "symbolic link"
}

@test "second boot: the timer runs on after the refused run" {
	booted boot
	run -0 unit_prop boot restore-units.txt zswapctl-export.service Result
	assert_output success
	run -0 cat "$STATE/boot/restore-prom-stat.txt"
	assert_output "root:root 644 regular file"
}

@test "third boot: the changed configuration is in force, applied before swap again" {
	require_root
	booted boot
	vm_boot reboot
	assert_boot_state reboot
	assert_applied_before_swap reboot
	[ "$(param reboot compressor)" = zstd ] || fail "compressor: $(param reboot compressor)"
	[ "$(param reboot max_pool_percent)" = 27 ] || fail "max_pool_percent: $(param reboot max_pool_percent)"
	[ "$(param reboot accept_threshold_percent)" = 80 ] ||
		fail "accept_threshold_percent: $(param reboot accept_threshold_percent)"
	run -0 cat "$STATE/reboot/reboot-apply-journal.txt"
	assert_line --regexp '^compressor: [a-z0-9-]+ -> zstd \(/etc/zswap\.conf:3\)$'
	assert_line --regexp '^max_pool_percent: [0-9]+ -> 27 \(/etc/zswap\.conf\.d/50-site\.conf:1\)$'
}
