#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0
# The Debian packages: "make deb" builds zswapctl, libzswapnl1 and
# libzswapnl-dev and lintian finds no error in them; apt installs them in a
# minimal Debian 12 chroot (tests/pkg/chroot.bash), where the package's
# units are enabled as debhelper does it and verified by that release's
# systemd, zswapctl reads the host kernel's zswap through the fallback (no
# kernel this runs on has the zswap netlink family but the patched guest)
# and a program builds against libzswapnl-dev. The chroot tests need root
# and the Debian archive. trixie.bats builds and installs them in Debian 13.

bats_require_minimum_version 1.5.0
bats_load_library bats-support
bats_load_library bats-assert

TOP=$(cd "$BATS_TEST_DIRNAME/../.." && pwd)
BUILD=${BUILD:-$TOP/build}
DEB=$BUILD/deb
PACKAGES=(zswapctl libzswapnl1 libzswapnl-dev)

load chroot

setup_file() {
	# the chroot of an earlier run that was killed
	if [ "$(id -u)" = 0 ]; then chroot_remove; fi
}

teardown_file() {
	if [ "$(id -u)" = 0 ] && [ -z "${KEEP_CHROOT:-}" ]; then chroot_remove; fi
}

# deb NAME: the path of package NAME's .deb in $DEB
deb() {
	local f
	f=$(find "$DEB" -maxdepth 1 -name "${1}_*_*.deb" | head -n 1)
	[ -n "$f" ] || fail "no ${1}_*.deb in $DEB: the package build failed"
	echo "$f"
}

require_root() {
	[ "$(id -u)" = 0 ] || skip "needs root (debootstrap, chroot, mount)"
}

require_chroot() {
	require_root
	[ -x "$CHROOT_DIR/usr/sbin/zswapctl" ] ||
		fail "the packages are not installed in the chroot: see the test that installs them"
}

@test "make deb builds zswapctl, libzswapnl1 and libzswapnl-dev" {
	# without the make variables of a calling make (make check)
	run env -u MAKEFLAGS -u MAKELEVEL -u MFLAGS "$TOP/scripts/build-deb"
	# lintian's errors are the next test's
	[ "$status" = 0 ] || grep -q '^E: ' "$DEB/lintian.txt" 2>/dev/null ||
		fail "$output"
	local p
	for p in "${PACKAGES[@]}"; do
		deb "$p"
	done
}

@test "lintian reports no error in the packages" {
	[ -f "$DEB/lintian.txt" ] || fail "no $DEB/lintian.txt"
	# the warnings go into the TAP as comments
	grep -E '^[EW]: ' "$DEB/lintian.txt" | sed 's/^/# /' >&3 || true
	run grep '^E: ' "$DEB/lintian.txt"
	assert_output ""
}

@test "each package holds its files and depends on what it links" {
	local ma
	ma=$(dpkg-architecture -qDEB_HOST_MULTIARCH)
	run -0 dpkg-deb -c "$(deb zswapctl)"
	assert_line --regexp ' \./usr/sbin/zswapctl$'
	assert_line --regexp ' \./usr/share/man/man8/zswapctl\.8\.gz$'
	assert_line --regexp ' \./usr/share/man/man7/zswap-genl\.7\.gz$'
	assert_line --regexp ' \./usr/share/bash-completion/completions/zswapctl$'
	assert_line --regexp ' \./usr/share/zsh/vendor-completions/_zswapctl$'
	assert_line --regexp ' \./usr/share/fish/vendor_completions\.d/zswapctl\.fish$'
	assert_line --regexp ' \./usr/share/man/man5/zswap\.conf\.5\.gz$'
	# the units, where Debian 12's debhelper puts them (13's: /usr/lib)
	local unit
	for unit in zswapctl.service zswapctl-export.service zswapctl-export.timer \
		swap.d/zswapctl.conf; do
		assert_line --regexp " \./(usr/)?lib/systemd/system/${unit//./\\.}$"
	done
	# the library's version is the package's upstream version (10-usage)
	local so
	so=$(dpkg-parsechangelog -l "$TOP/debian/changelog" -SVersion | sed 's/-[^-]*$//; s/\./\\./g')
	run -0 dpkg-deb -c "$(deb libzswapnl1)"
	assert_line --regexp " \./usr/lib/$ma/libzswapnl\.so\.$so$"
	assert_line --regexp " \./usr/lib/$ma/libzswapnl\.so\.1 -> libzswapnl\.so\.$so$"
	refute_output --regexp 'libzswapnl\.so -> '
	run -0 dpkg-deb -c "$(deb libzswapnl-dev)"
	assert_line --regexp ' \./usr/include/zswapnl\.h$'
	assert_line --regexp " \./usr/lib/$ma/libzswapnl\.so -> libzswapnl\.so\.1$"
	assert_line --regexp " \./usr/lib/$ma/pkgconfig/libzswapnl\.pc$"
	assert_line --regexp ' \./usr/share/man/man3/libzswapnl\.3\.gz$'
	# "man zswapnl_open": a link for each function (tests/host/install.bats)
	assert_line --regexp ' \./usr/share/man/man3/zswapnl_open\.3\.gz -> libzswapnl\.3\.gz$'
	assert_line --regexp ' \./usr/share/man/man3/zswapnl_memcg_known\.3\.gz -> libzswapnl\.3\.gz$'
	# ${shlibs:Depends}, with the version from the symbols file
	run -0 dpkg-deb -f "$(deb zswapctl)" Depends
	assert_output --regexp "libzswapnl1 \\(>= $so\\)"
	assert_output --partial 'libcjson1'
	run -0 dpkg-deb -f "$(deb libzswapnl1)" Depends
	assert_output --partial 'libmnl0'
}

@test "apt installs zswapctl and libzswapnl1 in a minimal bookworm chroot" {
	require_root
	command -v debootstrap >/dev/null || fail "debootstrap missing: run make deps"
	chroot_create
	mkdir -p "$CHROOT_DIR/tmp/debs"
	cp "$(deb zswapctl)" "$(deb libzswapnl1)" "$(deb libzswapnl-dev)" "$CHROOT_DIR/tmp/debs/"
	run in_chroot apt-get update -q
	assert_success
	# the tool and its library first: whatever they need, apt resolves
	run in_chroot apt-get install -y -q --no-install-recommends \
		"/tmp/debs/$(basename "$(deb zswapctl)")" "/tmp/debs/$(basename "$(deb libzswapnl1)")"
	assert_success
	# shellcheck disable=SC2016  # dpkg-query's fields
	run -0 in_chroot dpkg-query -W -f '${Package} ${Status}\n' zswapctl libzswapnl1
	assert_line "zswapctl install ok installed"
	assert_line "libzswapnl1 install ok installed"
}

@test "the package enables zswapctl.service, ships the export timer disabled, and systemd verifies both" {
	require_chroot
	# deb-systemd-helper's links, made at install whether systemd runs or not
	run -0 in_chroot readlink /etc/systemd/system/sysinit.target.wants/zswapctl.service
	assert_output --regexp '^/(usr/)?lib/systemd/system/zswapctl\.service$'
	run in_chroot find /etc/systemd/system -name 'zswapctl-export*'
	assert_output ""
	# the installed units, with the installed program, to the release's own
	# systemd (not in minbase: about 10 MB)
	run in_chroot apt-get install -y -q --no-install-recommends systemd
	assert_success
	run -0 in_chroot systemd-analyze verify --man=no zswapctl.service zswapctl-export.service \
		zswapctl-export.timer
	assert_output ""
	printf '%s\n' '[Swap]' 'What=/dev/zram9' > "$CHROOT_DIR/etc/systemd/system/dev-zram9.swap"
	run -0 in_chroot systemd-analyze verify --man=no dev-zram9.swap
	rm "$CHROOT_DIR/etc/systemd/system/dev-zram9.swap"
	assert_output ""
}

@test "zswapctl apply --dry-run in the chroot reads /etc/zswap.conf and the host kernel" {
	require_chroot
	# --dry-run only: the chroot's /sys is this machine's
	printf '%s\n' 'max_pool_percent = 21' > "$CHROOT_DIR/etc/zswap.conf"
	run -0 in_chroot zswapctl apply --dry-run
	rm "$CHROOT_DIR/etc/zswap.conf"
	assert_output --regexp '^max_pool_percent: [0-9]+ (-> 21 \(would be set, |\(unchanged, )/etc/zswap\.conf:1\)$'
}

@test "zswapctl status in the chroot reads the host kernel through the fallback" {
	require_chroot
	local so
	so=$(dpkg-parsechangelog -l "$TOP/debian/changelog" -SVersion | sed 's/-[^-]*$//; s/\./\\./g')
	run -0 in_chroot zswapctl --version
	# the packaged library: the package's upstream version
	assert_output --regexp "^zswapctl [0-9.]+ \\(libzswapnl $so,"
	assert_status_in_chroot
}

@test "the installed completions and man pages are where their programs look" {
	require_chroot
	run -0 in_chroot bash -c 'source /usr/share/bash-completion/completions/zswapctl && complete -p zswapctl'
	assert_output "complete -F _zswapctl zswapctl"
	run -0 in_chroot sh -c 'ls /usr/share/man/man8/zswapctl.8.gz /usr/share/man/man7/zswap-genl.7.gz \
		/usr/share/zsh/vendor-completions/_zswapctl /usr/share/fish/vendor_completions.d/zswapctl.fish'
}

@test "a program builds against libzswapnl-dev in the chroot and reads zswap" {
	require_chroot
	[ -z "${PKG_TEST_NO_GCC:-}" ] || skip "PKG_TEST_NO_GCC is set: no compiler in the chroot"
	# gcc and pkg-config are not in minbase: about 60 MB from the archive
	run in_chroot apt-get install -y -q --no-install-recommends \
		"/tmp/debs/$(basename "$(deb libzswapnl-dev)")" gcc libc6-dev pkg-config
	assert_success
	cp "$TOP/tests/lib/zswapnl-user.c" "$CHROOT_DIR/tmp/"
	cp -r "$TOP/tests/data/sysroot-patched" "$CHROOT_DIR/tmp/"
	# shellcheck disable=SC2016  # expanded by the chroot's shell
	run -0 in_chroot sh -c 'cd /tmp && gcc -std=c99 -Wall -Werror -o zswapnl-user zswapnl-user.c \
		$(pkg-config --cflags --libs libzswapnl)'
	run -0 in_chroot /tmp/zswapnl-user /tmp/sysroot-patched
	assert_output "$(printf '%s\n' source=fallback compressor=lzo \
		"stored_pages=$(cat "$TOP/tests/data/sysroot-patched/sys/kernel/debug/zswap/stored_pages")" enabled=1)"
	# and the host kernel's zswap, as the chroot sees it
	run -0 in_chroot /tmp/zswapnl-user
	assert_line source=fallback
	assert_line --regexp '^compressor=[a-z0-9-]+$'
}
