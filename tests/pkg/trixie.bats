#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0
# The packages on Debian 13 (trixie), built there: a minimal trixie chroot
# debootstrapped from the Debian archive (tests/pkg/chroot.bash, kept as a
# cache), the build dependencies of debian/control from trixie, the
# sources as make deb copies them, dpkg-buildpackage with trixie's
# debhelper (which puts the units in /usr/lib/systemd/system), trixie's
# lintian, then apt installs the packages there and zswapctl status reads
# the host kernel through the fallback. Root and the Debian archive: some
# 300 MB from it and 315 s on a cold run (tests/check, packages-trixie).

bats_require_minimum_version 1.5.0
bats_load_library bats-support
bats_load_library bats-assert

TOP=$(cd "$BATS_TEST_DIRNAME/../.." && pwd)
BUILD=${BUILD:-$TOP/build}
CHROOT_SUITE=trixie
load chroot

VERSION=$(dpkg-parsechangelog -l "$TOP/debian/changelog" -SVersion)
UPSTREAM=${VERSION%-*}
# the sources and the packages, in the chroot
SRC=/build/zswapctl-$UPSTREAM

setup_file() {
	if [ "$(id -u)" = 0 ]; then chroot_remove; fi
}

teardown_file() {
	if [ "$(id -u)" = 0 ] && [ -z "${KEEP_CHROOT:-}" ]; then chroot_remove; fi
}

require_root() {
	[ "$(id -u)" = 0 ] || skip "needs root (debootstrap, chroot, mount)"
}

# deb NAME: the package NAME built in the chroot, as the chroot names it
deb() {
	local f
	f=$(cd "$CHROOT_DIR" && find build -maxdepth 1 -name "${1}_${VERSION}_*.deb" | head -n 1)
	[ -n "$f" ] || fail "no ${1}_${VERSION}_*.deb in $CHROOT_DIR/build: the build failed"
	echo "/$f"
}

@test "a minimal trixie chroot gets the build dependencies of debian/control" {
	require_root
	command -v debootstrap >/dev/null || fail "debootstrap missing: run make deps"
	chroot_create
	run -0 in_chroot sh -c '. /etc/os-release && echo "$VERSION_CODENAME"'
	assert_output trixie
	"$TOP/scripts/build-deb" --source "$CHROOT_DIR$SRC"
	run in_chroot apt-get update -q
	assert_success
	# apt reads Build-Depends from the tree, and adds build-essential
	run in_chroot apt-get build-dep -y -q --no-install-recommends "$SRC"
	assert_success
}

@test "dpkg-buildpackage builds the three packages in trixie, the units in /usr/lib" {
	require_root
	[ -d "$CHROOT_DIR$SRC/debian" ] || fail "no sources in the chroot: see the test before"
	run in_chroot sh -c "cd '$SRC' && DEB_BUILD_OPTIONS='parallel=$(nproc)' \
		dpkg-buildpackage -us -uc -b > ../build.log 2>&1"
	[ "$status" = 0 ] || fail "dpkg-buildpackage failed: $(tail -n 40 "$CHROOT_DIR/build/build.log")"
	local p
	for p in zswapctl libzswapnl1 libzswapnl-dev; do
		deb "$p"
	done
	run -0 dpkg-deb -c "$CHROOT_DIR$(deb zswapctl)"
	for p in zswapctl.service zswapctl-export.service zswapctl-export.timer swap.d/zswapctl.conf; do
		assert_line --regexp " \\./usr/lib/systemd/system/${p//./\\.}$"
	done
	refute_line --regexp ' \./lib/'
}

@test "trixie's lintian finds no error or warning in the packages" {
	require_root
	run in_chroot apt-get install -y -q --no-install-recommends lintian
	assert_success
	run in_chroot sh -c "lintian --pedantic --tag-display-limit 0 /build/zswapctl_${VERSION}_*.changes 2>&1"
	grep -E '^[EWIPX]: ' <<<"$output" | sed 's/^/# /' >&3 || true
	# the tags are the verdict: the exit status of a lintian that
	# found tags differs between releases, one above 2 is lintian failing
	[ "$status" -le 2 ] || fail "lintian failed, exit $status: $output"
	refute_output --regexp '^[EW]: '
}

@test "apt installs them in trixie, the unit enabled, and zswapctl status reads the host kernel" {
	require_root
	run in_chroot apt-get install -y -q --no-install-recommends "$(deb zswapctl)" \
		"$(deb libzswapnl1)" "$(deb libzswapnl-dev)"
	assert_success
	# shellcheck disable=SC2016  # dpkg-query's fields
	run -0 in_chroot dpkg-query -W -f '${Package} ${Version} ${Status}\n' zswapctl libzswapnl1
	assert_line "zswapctl $VERSION install ok installed"
	assert_line "libzswapnl1 $VERSION install ok installed"
	# (deb-systemd-helper links through /lib, one folder with /usr/lib)
	run -0 in_chroot readlink -f /etc/systemd/system/sysinit.target.wants/zswapctl.service
	assert_output /usr/lib/systemd/system/zswapctl.service
	run -0 in_chroot zswapctl --version
	assert_output --regexp "^zswapctl $UPSTREAM "
	assert_status_in_chroot
}
