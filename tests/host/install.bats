#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0
# make install and make uninstall, into temporary DESTDIRs: as Debian runs
# it (PREFIX=/usr, a multiarch LIBDIR) and with the default prefix
# (/usr/local). The installed files are used as installed: pkg-config
# through a sysroot, a program built against the header and the library,
# the tool itself with no rpath into the build tree, the completions in
# their shells. Nothing outside $BATS_FILE_TMPDIR is written except the
# build tree.

bats_require_minimum_version 1.5.0
bats_load_library bats-support
bats_load_library bats-assert

TOP=$(cd "$BATS_TEST_DIRNAME/../.." && pwd)
BUILD=${BUILD:-$TOP/build}
PATCHED=$TOP/tests/data/sysroot-patched
MULTIARCH=$(dpkg-architecture -qDEB_HOST_MULTIARCH 2>/dev/null || gcc -print-multiarch)

# Make's own variables from a calling make (tests/check under make check)
# would pass a jobserver this make cannot use
mk() { env -u MAKEFLAGS -u MAKELEVEL -u MFLAGS make -s --no-print-directory -C "$TOP" "$@"; }

# require_tool NAME: a program that `make deps` installs; the test fails
# without it (a check that could not run has not passed)
require_tool() {
	command -v "$1" >/dev/null || fail "$1 missing: run make deps"
}

# install_to DIR [VAR=VALUE...]: make install DESTDIR=DIR, quietly
install_to() {
	local dir=$1
	shift
	mk install DESTDIR="$dir" "$@" > "$dir.log" 2>&1 || { cat "$dir.log"; return 1; }
}

setup_file() {
	export USR=$BATS_FILE_TMPDIR/usr LOCAL=$BATS_FILE_TMPDIR/local
	mkdir -p "$USR" "$LOCAL"
	install_to "$USR" PREFIX=/usr LIBDIR="/usr/lib/$MULTIARCH"
	install_to "$LOCAL"
}

# Every function zswapnl.h declares, its static inline helpers included:
# "man NAME" finds libzswapnl(3) for each
header_functions() {
	grep -oE '^[a-z][^(]*[ *]zswapnl_[a-z_]+\(' "$TOP/libzswapnl/zswapnl.h" |
		grep -oE 'zswapnl_[a-z_]+\($' | tr -d '('
}

# The files of an install, relative to the prefix, each with its mode, or
# "-> target" for a link. $1 is the library directory below the prefix.
expected_files() {
	local libdir=$1 m
	echo "sbin/zswapctl 755"
	echo "$libdir/libzswapnl.so.1.6.0 644"
	echo "$libdir/libzswapnl.so.1 -> libzswapnl.so.1.6.0"
	echo "$libdir/libzswapnl.so -> libzswapnl.so.1"
	echo "$libdir/pkgconfig/libzswapnl.pc 644"
	echo "include/zswapnl.h 644"
	for m in "$TOP"/man/*.[1-8]; do
		echo "share/man/man${m##*.}/${m##*/} 644"
	done
	[ "$(header_functions | wc -l)" -gt 15 ] || fail "few functions in zswapnl.h: $(header_functions)"
	for m in $(header_functions); do
		echo "share/man/man3/$m.3 -> libzswapnl.3"
	done
	echo "share/bash-completion/completions/zswapctl 644"
	echo "share/zsh/vendor-completions/_zswapctl 644"
	echo "share/fish/vendor_completions.d/zswapctl.fish 644"
}

# What DESTDIR holds below PREFIX, in the format of expected_files
actual_files() { # DESTDIR PREFIX
	(cd "$1$2" && find . ! -type d | sed 's|^\./||' | while read -r path; do
		if [ -L "$path" ]; then
			echo "$path -> $(readlink "$path")"
		else
			echo "$path $(stat -c %a "$path")"
		fi
	done)
}

assert_install() { # DESTDIR PREFIX LIBDIR-BELOW-PREFIX
	local d
	assert_equal "$(actual_files "$1" "$2" | sort)" "$(expected_files "$3" | sort)"
	# the only things outside the prefix are the directories above it
	run find "$1" -mindepth 1 ! -path "$1$2" ! -path "$1$2/*" ! -type d
	assert_output ""
	# every directory install made is 755
	while read -r d; do
		[ "$(stat -c %a "$d")" = 755 ] || fail "$d is $(stat -c %a "$d"), not 755"
	done < <(find "$1$2" -type d)
	# the installed files are the tree's
	cmp "$1$2/include/zswapnl.h" "$TOP/libzswapnl/zswapnl.h"
	cmp "$1$2/share/bash-completion/completions/zswapctl" "$TOP/completions/zswapctl.bash"
	cmp "$1$2/share/zsh/vendor-completions/_zswapctl" "$TOP/completions/_zswapctl"
	cmp "$1$2/share/fish/vendor_completions.d/zswapctl.fish" "$TOP/completions/zswapctl.fish"
}

@test "make install PREFIX=/usr with a multiarch LIBDIR puts every file in place with its mode" {
	assert_install "$USR" /usr "lib/$MULTIARCH"
}

@test "make install with the default prefix installs under /usr/local" {
	assert_install "$LOCAL" /usr/local lib
}

@test "the pkg-config file has the install's prefix and libdir, not the build tree's" {
	run -0 cat "$USR/usr/lib/$MULTIARCH/pkgconfig/libzswapnl.pc"
	assert_line "prefix=/usr"
	assert_line "libdir=\${exec_prefix}/lib/$MULTIARCH"
	assert_line "includedir=\${prefix}/include"
	assert_line "Version: 1.6.0"
	refute_output --partial "$BUILD"
	run -0 cat "$LOCAL/usr/local/lib/pkgconfig/libzswapnl.pc"
	assert_line "prefix=/usr/local"
	assert_line "libdir=\${exec_prefix}/lib"
}

# pc DESTDIR PCDIR ARGS...: pkg-config seeing the install (and the system's
# .pc files, for libmnl, which libzswapnl requires) through a sysroot, without
# the trailing space pkg-config leaves. With PREFIX=/usr the flags are the
# system's -I/usr/include and -L/usr/lib/<multiarch>, which pkg-config drops
# unless told to keep them: below a sysroot they are needed.
pc() {
	local root=$1 dir=$2 out
	shift 2
	out=$(PKG_CONFIG_SYSROOT_DIR=$root PKG_CONFIG_PATH=$root$dir pkg-config "$@") || return
	echo "${out%"${out##*[! ]}"}"
}

@test "pkg-config resolves libzswapnl through PKG_CONFIG_SYSROOT_DIR and PKG_CONFIG_PATH" {
	export PKG_CONFIG_ALLOW_SYSTEM_CFLAGS=1 PKG_CONFIG_ALLOW_SYSTEM_LIBS=1
	run -0 pc "$USR" "/usr/lib/$MULTIARCH/pkgconfig" --modversion libzswapnl
	assert_output "1.6.0"
	run -0 pc "$USR" "/usr/lib/$MULTIARCH/pkgconfig" --cflags libzswapnl
	assert_output "-I$USR/usr/include"
	run -0 pc "$USR" "/usr/lib/$MULTIARCH/pkgconfig" --libs libzswapnl
	assert_output "-L$USR/usr/lib/$MULTIARCH -lzswapnl"
	unset PKG_CONFIG_ALLOW_SYSTEM_CFLAGS PKG_CONFIG_ALLOW_SYSTEM_LIBS
	# (libmnl's -I/usr/include, from Requires.private, comes out below the
	# sysroot too: pkg-config only drops system directories it sees bare)
	run -0 pc "$LOCAL" /usr/local/lib/pkgconfig --cflags libzswapnl
	assert_output --regexp "^-I$LOCAL/usr/local/include( |\$)"
	run -0 pc "$LOCAL" /usr/local/lib/pkgconfig --libs libzswapnl
	assert_output "-L$LOCAL/usr/local/lib -lzswapnl"
}

# A user of the library (tests/lib/zswapnl-user.c) on the recorded tree of the
# patched kernel, through the fallback: the figures
# tests/unit/zswapnl-fallback-patched knows
@test "a program built with pkg-config's flags against the installed header and library reads the recorded tree" {
	local lib=$USR/usr/lib/$MULTIARCH
	# shellcheck disable=SC2046  # the flags are words
	gcc -std=c99 -Wall -Werror -o "$BATS_TEST_TMPDIR/prog" "$TOP/tests/lib/zswapnl-user.c" \
		$(PKG_CONFIG_ALLOW_SYSTEM_CFLAGS=1 PKG_CONFIG_ALLOW_SYSTEM_LIBS=1 \
			pc "$USR" "/usr/lib/$MULTIARCH/pkgconfig" --cflags --libs libzswapnl)
	run -0 readelf -d "$BATS_TEST_TMPDIR/prog"
	assert_output --partial "Shared library: [libzswapnl.so.1]"
	# the loader finds the installed copy, not the build tree's
	run -0 env LD_LIBRARY_PATH="$lib" ldd "$BATS_TEST_TMPDIR/prog"
	assert_output --regexp "libzswapnl\.so\.1 => $lib/libzswapnl\.so\.1 "
	run -0 env LD_LIBRARY_PATH="$lib" "$BATS_TEST_TMPDIR/prog" "$PATCHED"
	assert_output "$(printf '%s\n' source=fallback compressor=lzo \
		"stored_pages=$(cat "$PATCHED/sys/kernel/debug/zswap/stored_pages")" enabled=1)"
}

@test "the installed zswapctl has no RPATH or RUNPATH" {
	run -0 readelf -d "$USR/usr/sbin/zswapctl"
	assert_output --partial "Shared library: [libzswapnl.so.1]"
	refute_output --partial RPATH
	refute_output --partial RUNPATH
	refute_output --partial "$BUILD"
	run -0 readelf -d "$LOCAL/usr/local/sbin/zswapctl"
	refute_output --regexp 'RPATH|RUNPATH'
}

@test "the installed zswapctl runs --version, --help and status on the recorded tree" {
	local lib=$USR/usr/lib/$MULTIARCH zc=$USR/usr/sbin/zswapctl
	run -0 env LD_LIBRARY_PATH="$lib" ldd "$zc"
	assert_output --regexp "libzswapnl\.so\.1 => $lib/libzswapnl\.so\.1 "
	run -0 env LD_LIBRARY_PATH="$lib" "$zc" --version
	assert_output --regexp '^zswapctl [0-9]+\.[0-9]+\.[0-9]+ \(libzswapnl 1\.6\.0,'
	run -0 env LD_LIBRARY_PATH="$lib" "$zc" --help
	assert_line --regexp '^Usage:'
	assert_line --partial "zswapctl(8)"
	run -0 env LD_LIBRARY_PATH="$lib" "$zc" --sysroot "$PATCHED" status
	assert_line --regexp '^source: +fallback$'
	assert_line --regexp '^compressor: +lzo$'
	local stored
	stored=$(cat "$PATCHED/sys/kernel/debug/zswap/stored_pages")
	assert_line --regexp "^stored pages: +$stored "
	run -0 env LD_LIBRARY_PATH="$LOCAL/usr/local/lib" "$LOCAL/usr/local/sbin/zswapctl" \
		--sysroot "$PATCHED" status --json
	jq -e --argjson s "$stored" '.source == "fallback" and .stored_pages == $s' <<<"$output"
}

@test "the installed bash completion loads and registers zswapctl" {
	run -0 bash -c "source '$USR/usr/share/bash-completion/completions/zswapctl' && complete -p zswapctl"
	assert_output "complete -F _zswapctl zswapctl"
}

@test "the installed zsh and fish completions parse" {
	require_tool zsh
	require_tool fish
	run -0 zsh -n "$USR/usr/share/zsh/vendor-completions/_zswapctl"
	run -0 fish --no-execute "$USR/usr/share/fish/vendor_completions.d/zswapctl.fish"
	assert_output ""
}

@test "make uninstall removes every file make install wrote, with either prefix" {
	local d=$BATS_TEST_TMPDIR/u
	mkdir -p "$d/usr" "$d/local"
	install_to "$d/usr" PREFIX=/usr LIBDIR="/usr/lib/$MULTIARCH"
	install_to "$d/local"
	# a file of someone else's in a shared directory stays
	touch "$d/usr/usr/share/man/man8/other.8"
	mk uninstall DESTDIR="$d/usr" PREFIX=/usr LIBDIR="/usr/lib/$MULTIARCH"
	mk uninstall DESTDIR="$d/local"
	run find "$d/usr" "$d/local" ! -type d
	assert_output "$d/usr/usr/share/man/man8/other.8"
}

@test "debian/libzswapnl1.symbols lists exactly what libzswapnl.map exports" {
	[ -r "$BUILD/lib/libzswapnl.so.1.6.0" ] || fail "no library: make install built none"
	run -0 "$TOP/scripts/gen-symbols" "$BUILD/lib/libzswapnl.so.1.6.0"
	assert_output "$(cat "$TOP/debian/libzswapnl1.symbols")"
	# The soname stays libzswapnl.so.1: 1.1 to 1.6 only add, each in
	# a node of its own that inherits the one before, whose symbols keep
	# their version
	run -0 grep -c '{' "$TOP/libzswapnl/libzswapnl.map"
	assert_output 7
	run -0 grep -o '^LIBZSWAPNL_[0-9.]*' "$TOP/libzswapnl/libzswapnl.map"
	assert_output "$(printf '%s\n' LIBZSWAPNL_1.0 LIBZSWAPNL_1.1 LIBZSWAPNL_1.2 LIBZSWAPNL_1.3 \
		LIBZSWAPNL_1.4 LIBZSWAPNL_1.5 LIBZSWAPNL_1.6)"
	run -0 grep -x '} LIBZSWAPNL_1.0;' "$TOP/libzswapnl/libzswapnl.map"
	run -0 grep -x '} LIBZSWAPNL_1.1;' "$TOP/libzswapnl/libzswapnl.map"
	run -0 grep -x '} LIBZSWAPNL_1.2;' "$TOP/libzswapnl/libzswapnl.map"
	run -0 grep -x '} LIBZSWAPNL_1.3;' "$TOP/libzswapnl/libzswapnl.map"
}
