#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0
# scripts/install-pinned without the network and without root. Fakes on
# PATH, recorded here: dpkg-query says what is installed (the status and
# version in $INSTALLED_<package>, '-' and '.' as '_'), apt-get and sudo
# only note that they were called and fail. dpkg itself is the real one:
# its version comparison is what the script's decision rests on.

bats_load_library bats-support
bats_load_library bats-assert

setup() {
	bats_require_minimum_version 1.5.0
	TOP=$(cd "$BATS_TEST_DIRNAME/../.." && pwd)
	FAKE=$BATS_TEST_TMPDIR/bin
	mkdir -p "$FAKE"
	cat > "$FAKE/dpkg-query" <<-'EOS'
		#!/bin/bash
		# dpkg-query -W -f=FORMAT PACKAGE
		var=INSTALLED_$(echo "${!#}" | tr -- '-.' '__')
		[ -n "${!var:-}" ] || exit 1
		printf '%s' "${!var}"
	EOS
	for tool in apt-get sudo; do
		printf '#!/bin/sh\necho "%s $*" >> "%s/called"\nexit 1\n' "$tool" "$BATS_TEST_TMPDIR" \
			> "$FAKE/$tool"
	done
	chmod +x "$FAKE"/*
	PIN=$(sed -n 's/^[[:space:]]*"linux-source-7.2 \([^ ]*\) .*/\1/p' "$TOP/scripts/install-pinned")
	[ "$PIN" = 7.2.11-1~bpo13+1 ] ||
		fail "the pin of linux-source-7.2 is '$PIN': the versions below are chosen around 7.2.11-1~bpo13+1"
}

pinned() { PATH=$FAKE:$PATH "$TOP/scripts/install-pinned" "$@"; }

nothing_called() {
	[ ! -e "$BATS_TEST_TMPDIR/called" ] || fail "called: $(cat "$BATS_TEST_TMPDIR/called")"
}

@test "install-pinned: the pinned version installed, or on hold, is exit 0, silent, nothing fetched" {
	export INSTALLED_linux_source_7_2="install ok installed $PIN"
	run -0 pinned linux-source-7.2
	assert_output ''
	INSTALLED_linux_source_7_2="hold ok installed $PIN" run -0 pinned linux-source-7.2
	assert_output ''
	nothing_called
}

# By dpkg's order, not the strings': 7.2.11-1 is newer than the backport
# 7.2.11-1~bpo13+1 and sorts before it as a string; 7.2.9-1 is older and
# sorts after it
@test "install-pinned: a newer version installed is not downgraded: exit 1, named, nothing fetched" {
	local v
	for v in 7.2.11-1 7.2.12-1~bpo13+1 7.2.100-1; do
		INSTALLED_linux_source_7_2="install ok installed $v" run -1 pinned linux-source-7.2
		assert_output "install-pinned: linux-source-7.2 $v is installed, newer than the pinned $PIN: 'sudo apt-get remove linux-source-7.2' and 'make deps' again, or move the pin in scripts/install-pinned; not changed"
	done
	nothing_called
}

@test "install-pinned: another version on hold is not changed: exit 1, named" {
	INSTALLED_linux_source_7_2="hold ok installed 7.2.6-1~bpo13+1" run -1 pinned linux-source-7.2
	assert_output --partial "linux-source-7.2 7.2.6-1~bpo13+1 is installed, on hold; the project is tested with $PIN: 'sudo apt-mark unhold linux-source-7.2'"
	nothing_called
}

@test "install-pinned: an older version is to be installed: it goes on to fetch" {
	local v
	for v in 7.2.9-1 7.2.11-1~bpo13+0 "7.2.11-1~bpo13+1 half"; do
		rm -f "$BATS_TEST_TMPDIR/called"
		INSTALLED_linux_source_7_2="install ok installed $v" run -1 pinned linux-source-7.2
		assert_output --partial 'install-pinned: installing linux-source-7.2 (from trixie-backports)'
		# the fake apt-get (or sudo, for a plain user) stops it there
		run -0 cat "$BATS_TEST_TMPDIR/called"
		assert_output --regexp '^(apt-get|sudo) '
	done
}

@test "install-pinned: one package refused, the other still installed, then exit 1" {
	export INSTALLED_linux_config_7_2="install ok installed 7.2.100-1"
	run -1 pinned linux-config-7.2 linux-source-7.2
	assert_line --partial 'linux-config-7.2 7.2.100-1 is installed, newer than the pinned'
	assert_line 'install-pinned: installing linux-source-7.2 (from trixie-backports)'
}

@test "install-pinned: a package without a pin, or no package, is exit 2" {
	run -2 pinned linux-source-9.9
	assert_output 'install-pinned: no pin for linux-source-9.9'
	run -2 pinned
	assert_output --partial usage
}
