#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0
# scripts/install-pinned without the network and without root: a
# dpkg-query on PATH says what is installed (a fake, recorded here), and
# apt-get, dpkg and sudo on PATH only note that they were called. What
# the script decides from the installed state is the real outcome.

bats_load_library bats-support
bats_load_library bats-assert

setup() {
	bats_require_minimum_version 1.5.0
	TOP=$(cd "$BATS_TEST_DIRNAME/../.." && pwd)
	FAKE=$BATS_TEST_TMPDIR/bin
	mkdir -p "$FAKE"
	# fake dpkg-query: the status and version in $INSTALLED, or not installed
	cat > "$FAKE/dpkg-query" <<-'EOS'
		#!/bin/sh
		[ -n "$INSTALLED" ] || exit 1
		printf '%s' "$INSTALLED"
	EOS
	# what must not run when nothing is to be installed
	for tool in apt-get sudo; do
		printf '#!/bin/sh\necho "%s $*" >> "%s/called"\nexit 1\n' "$tool" "$BATS_TEST_TMPDIR" \
			> "$FAKE/$tool"
	done
	chmod +x "$FAKE"/*
	PIN=$(sed -n 's/^[[:space:]]*"linux-source-7.2 \([^ ]*\) .*/\1/p' "$TOP/scripts/install-pinned")
	[ -n "$PIN" ] || fail "no pin of linux-source-7.2 in scripts/install-pinned"
}

pinned() { PATH=$FAKE:$PATH "$TOP/scripts/install-pinned" "$@"; }

@test "install-pinned: the pinned version installed already is exit 0, silent, nothing fetched" {
	INSTALLED="install ok installed $PIN" run -0 pinned linux-source-7.2
	assert_output ''
	[ ! -e "$BATS_TEST_TMPDIR/called" ] || fail "called: $(cat "$BATS_TEST_TMPDIR/called")"
}

@test "install-pinned: a newer version installed is not downgraded: exit 1, named" {
	INSTALLED="install ok installed ${PIN%%-*}.99-1" run -1 pinned linux-source-7.2
	assert_output --partial "linux-source-7.2 ${PIN%%-*}.99-1 is installed, newer than the pinned $PIN"
	assert_output --partial 'apt-get remove linux-source-7.2'
	[ ! -e "$BATS_TEST_TMPDIR/called" ] || fail "called: $(cat "$BATS_TEST_TMPDIR/called")"
}

@test "install-pinned: an older version is to be installed: it goes on to fetch" {
	# the fake apt-get (or sudo, for a plain user) stops it there
	INSTALLED="install ok installed 7.1.1-1" run -1 pinned linux-source-7.2
	assert_output --partial 'install-pinned: installing linux-source-7.2 (from trixie-backports)'
	run -0 cat "$BATS_TEST_TMPDIR/called"
	assert_output --regexp '^(apt-get|sudo) '
}

@test "install-pinned: a package without a pin, or no package, is exit 2" {
	run -2 pinned linux-source-9.9
	assert_output 'install-pinned: no pin for linux-source-9.9'
	run -2 pinned
	assert_output --partial usage
}
