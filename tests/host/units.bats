#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0
# The systemd units of the Debian package (debian/*.service, *.timer and
# the swap units' drop-in), checked by this machine's systemd-analyze
# verify in a staged root: the units where the package puts them, the
# zswapctl that make install writes at /usr/sbin, and this machine's own
# units beside them (sysinit.target, timers.target, ...), which the
# default dependencies of the export units need. systemd-analyze security
# rates the sandbox of each service (2.0 at most), and every setting must
# carry a comment that says why. What the package installs, and how,
# tests/pkg/packages.bats checks in a chroot; tests/vm/debian-boot.bats
# boots the units under systemd in Debian 12 and 13.

bats_require_minimum_version 1.5.0
bats_load_library bats-support
bats_load_library bats-assert

TOP=$(cd "$BATS_TEST_DIRNAME/../.." && pwd)
BUILD=${BUILD:-$TOP/build}
# debian/PACKAGE.NAME.TYPE is installed as NAME.TYPE, debian/PACKAGE.TYPE
# as PACKAGE.TYPE (dh_installsystemd)
UNITS=(zswapctl.service zswapctl-export.service zswapctl-export.timer)

require_tool() {
	command -v "$1" >/dev/null || fail "$1 missing: run make deps"
}

# unit_source NAME: the file of debian/ that is installed as NAME
unit_source() {
	if [ -f "$TOP/debian/$1" ]; then
		echo "$TOP/debian/$1"
	else
		echo "$TOP/debian/zswapctl.$1"
	fi
}

setup_file() {
	local unit dir
	command -v systemd-analyze >/dev/null || return 0
	export ROOT=$BATS_FILE_TMPDIR/root
	dir=$ROOT/lib/systemd/system
	mkdir -p "$dir/swap.d"
	cp -a "$(pkg-config --variable=systemdsystemunitdir systemd 2>/dev/null || echo /lib/systemd/system)/." \
		"$dir/"
	for unit in "${UNITS[@]}"; do
		rm -f "$dir/$unit"
		cp "$(unit_source "$unit")" "$dir/$unit"
	done
	cp "$TOP/debian/zswapctl-swap.conf" "$dir/swap.d/zswapctl.conf"
	env -u MAKEFLAGS -u MAKELEVEL -u MFLAGS make -s --no-print-directory -C "$TOP" \
		install DESTDIR="$ROOT" PREFIX=/usr > "$BATS_FILE_TMPDIR/install.log" 2>&1
}

setup() {
	require_tool systemd-analyze
	[ -x "$ROOT/usr/sbin/zswapctl" ] || fail "make install failed: $(cat "$BATS_FILE_TMPDIR/install.log")"
}

# verify UNIT...: systemd-analyze verify in the staged root; man:
# references are not checked, the pages being in no man path of this
# machine
verify() {
	systemd-analyze verify --root="$ROOT" --man=no "$@" 2>&1
}

@test "systemd-analyze verify finds nothing to say about each unit" {
	local unit
	for unit in "${UNITS[@]}"; do
		run -0 verify "$unit"
		assert_output ""
	done
}

@test "systemd-analyze verify refuses a unit whose program is not there" {
	# the check above can fail: the same unit, its ExecStart misspelt
	sed 's|^ExecStart=/usr/sbin/zswapctl |ExecStart=/usr/sbin/zswapctl-none |' \
		"$(unit_source zswapctl.service)" > "$ROOT/lib/systemd/system/zswapctl-bad.service"
	run verify zswapctl-bad.service
	rm "$ROOT/lib/systemd/system/zswapctl-bad.service"
	assert_failure
	assert_output --partial "/usr/sbin/zswapctl-none is not executable"
}

@test "the swap units' drop-in verifies, and systemd reads it for a swap unit" {
	local dir=$ROOT/lib/systemd/system
	printf '%s\n' '[Swap]' 'What=/dev/zram9' > "$dir/dev-zram9.swap"
	run -0 verify dev-zram9.swap
	assert_output ""
	# the same drop-in with a key systemd does not know: that it says so
	# shows it reads swap.d/ for the swap unit (systemd.unit(5), "type.d/")
	cp "$dir/swap.d/zswapctl.conf" "$dir/swap.d/zz-canary.conf"
	echo 'NotAKey=1' >> "$dir/swap.d/zz-canary.conf"
	run verify dev-zram9.swap
	rm "$dir/swap.d/zz-canary.conf" "$dir/dev-zram9.swap"
	assert_output --partial "swap.d/zz-canary.conf:$(($(wc -l < "$TOP/debian/zswapctl-swap.conf") + 1)): Unknown key 'NotAKey'"
}

@test "the units run the commands zswapctl(8) documents" {
	# what the guest suite runs (tests/vm/suites/35-apply.bats) and the
	# man page promises
	run -0 sed -n 's/^ExecStart=//p' "$(unit_source zswapctl.service)"
	assert_output "/usr/sbin/zswapctl apply"
	run -0 sed -n 's/^ExecStart=//p' "$(unit_source zswapctl-export.service)"
	assert_output "/usr/sbin/zswapctl export --output-file /var/lib/prometheus/node-exporter/zswap.prom"
	grep -qF 'zswapctl export --output-file /var/lib/prometheus/node-exporter/zswap.prom' "$TOP/man/zswapctl.8" ||
		fail "zswapctl(8) does not give the export unit's command"
	# every 15 s, and not a minute late (AccuracySec's default)
	run -0 grep -E '^(OnBootSec|OnUnitActiveSec|AccuracySec)=' "$(unit_source zswapctl-export.timer)"
	assert_output "$(printf '%s\n' OnBootSec=0 OnUnitActiveSec=15s AccuracySec=1s)"
}

# security_score UNIT: the overall exposure systemd-analyze security gives
# the unit as staged (0.0 to 10.0, the lower the safer), offline: systemd
# need not run, nor the unit be loaded
security_score() {
	systemd-analyze security --offline=yes --root="$ROOT" "$1" 2>&1 |
		sed -n 's/^.*Overall exposure level for [^:]*: \([0-9][0-9]*\.[0-9]\) .*$/\1/p'
}

@test "systemd-analyze security rates each service 2.0 or safer" {
	local unit score
	for unit in zswapctl.service zswapctl-export.service; do
		score=$(security_score "$unit")
		[ -n "$score" ] || fail "systemd-analyze security gave no score for $unit: $(systemd-analyze security --offline=yes --root="$ROOT" "$unit" 2>&1 | tail -n 5)"
		echo "# $unit: $score" >&3
		awk -v s="$score" 'BEGIN { exit !(s <= 2.0) }' ||
			fail "$unit is rated $score, above 2.0: $(systemd-analyze security --offline=yes --root="$ROOT" "$unit" 2>&1 | grep '✗')"
		# the same through systemd-analyze's own threshold (in tenths)
		run systemd-analyze security --offline=yes --threshold=20 --root="$ROOT" "$unit"
		assert_success
	done
}

@test "systemd-analyze security gives an unhardened unit a score above 2.0" {
	local score
	# the check above can fail: the apply unit with its sandbox cut off
	# at the first setting after ExecStart=
	sed '/^TimeoutSec=/,$d' "$(unit_source zswapctl.service)" \
		> "$ROOT/lib/systemd/system/zswapctl-bare.service"
	score=$(security_score zswapctl-bare.service)
	rm "$ROOT/lib/systemd/system/zswapctl-bare.service"
	[ -n "$score" ] || fail "no score for the unhardened unit"
	awk -v s="$score" 'BEGIN { exit !(s > 2.0) }' || fail "the unhardened unit is rated $score"
}

# uncommented FILE...: each setting line (Key=value) that no comment line
# above it in its paragraph (no blank line or section header between)
# explains, as FILE:LINE: text
uncommented() {
	awk '/^[[:space:]]*$/ || /^\[/ { c = 0; next }
	     /^[#;]/ { c = 1; next }
	     /^[A-Za-z][A-Za-z0-9]*=/ && !c { print FILENAME ":" FNR ": " $0 }' "$@"
}

@test "every setting of the units and the swap drop-in has a comment that says why" {
	local unit files=()
	for unit in "${UNITS[@]}"; do
		files+=("$(unit_source "$unit")")
	done
	run -0 uncommented "${files[@]}" "$TOP/debian/zswapctl-swap.conf"
	assert_output ""
	# and the check finds a setting without one
	printf '[Service]\n# why\nUser=root\n\nGroup=root\n' > "$BATS_TEST_TMPDIR/bare.service"
	run -0 uncommented "$BATS_TEST_TMPDIR/bare.service"
	assert_output "$BATS_TEST_TMPDIR/bare.service:5: Group=root"
}

@test "the sandbox leaves each service what it needs" {
	# what tests/vm/debian-boot.bats shows working under systemd: the
	# apply unit's SET (CAP_NET_ADMIN for genetlink's admin-perm check,
	# CAP_SYS_ADMIN for the command's), its sysfs writes and netlink;
	# the exporter's one folder, debugfs as root, unreadable cgroup
	# folders, netlink, and a start timeout
	local apply exporter
	apply=$(unit_source zswapctl.service)
	exporter=$(unit_source zswapctl-export.service)
	run -0 grep -E '^(CapabilityBoundingSet|ReadWritePaths|RestrictAddressFamilies|User|PrivateNetwork|PrivateUsers|ProtectKernelModules)=' "$apply"
	assert_output "$(printf '%s\n' 'CapabilityBoundingSet=CAP_SYS_ADMIN CAP_NET_ADMIN' \
		ReadWritePaths=/sys/module/zswap/parameters PrivateNetwork=yes \
		RestrictAddressFamilies=AF_NETLINK)"
	run -0 grep -E '^(CapabilityBoundingSet|ReadWritePaths|RestrictAddressFamilies|User|PrivateNetwork|PrivateUsers|TimeoutStartSec)=' "$exporter"
	assert_output "$(printf '%s\n' TimeoutStartSec=60s CapabilityBoundingSet=CAP_DAC_READ_SEARCH \
		ReadWritePaths=/var/lib/prometheus/node-exporter PrivateNetwork=yes \
		RestrictAddressFamilies=AF_NETLINK)"
}
