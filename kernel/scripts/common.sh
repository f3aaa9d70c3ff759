# SPDX-License-Identifier: GPL-2.0
# Shared settings of the kernel scripts; sourced, not run.
#
# Layout under $BUILD (ignored by git):
#   linux-<ver>/        git repository of the pristine source, tag "base"
#   src/<ver>-<variant>/ worktrees: "stock" (base) and "patched" (base + series)
#   obj/<ver>-<flavour>/ out-of-tree build folders, each with its own stamp
#
# Kernel lines: the series exists for several Debian linux-source-<line>
# packages, each line with its own patches and options:
#   6.1                kernel/series, kernel/patches/,
#                      kernel/config/variants/patched.config
#   6.12, 7.2          kernel/<line>/series, kernel/<line>/patches/,
#                      kernel/<line>/patched.config
# KERNEL_LINE (6.1 unless set) picks the line the scripts work on.

set -euo pipefail

TOP=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
BUILD=${BUILD:-$TOP/build}
KERNEL_LINES="6.1 6.12 7.2"

msg() { printf '  %-8s %s\n' "$1" "$2" >&2; }
die() { printf '%s: %s\n' "${0##*/}" "$*" >&2; exit 1; }

# The kernel version whose source the scripts work on; set_line sets it
# with the line's series, set_kver alone.
set_kver() {
	KVER=$1
	KERNEL_TARBALL=/usr/src/linux-source-$KVER.tar.xz
	KREPO=$BUILD/linux-$KVER
}

# set_line LINE: work on LINE's source, series and the options its series
# adds. 6.1 keeps the paths it had before there were other lines.
# shellcheck disable=SC2034 # the scripts that source this file read them
set_line() {
	[[ " $KERNEL_LINES " == *" $1 "* ]] ||
		die "unknown kernel line '$1' (KERNEL_LINE: ${KERNEL_LINES// /, })"
	LINE=$1
	set_kver "$1"
	# LINE_TREE: make kernel-tree's editable tree; LINE_ARG: what a
	# message tells to add to a make command line
	if [ "$1" = 6.1 ]; then
		LINE_DIR=$TOP/kernel
		PATCHED_CONFIG=$TOP/kernel/config/variants/patched.config
		LINE_TREE=$BUILD/tree
		LINE_ARG=
	else
		LINE_DIR=$TOP/kernel/$1
		PATCHED_CONFIG=$LINE_DIR/patched.config
		LINE_TREE=$BUILD/tree-$1
		LINE_ARG=" KERNEL_LINE=$1"
	fi
	SERIES=$LINE_DIR/series
	PATCHES=$LINE_DIR/patches
}
set_line "${KERNEL_LINE:-6.1}"

# only_line_6_1 WHAT: refuse, with the reason, what exists for 6.1 only
# (the i386 kernel, prefixes of the series, the bisect check).
only_line_6_1() {
	[ "$LINE" = 6.1 ] || die "$1 is of the 6.1 line only, not KERNEL_LINE=$LINE"
}

# rel PATH: PATH relative to the repository, for messages
rel() { echo "${1#"$TOP"/}"; }

# Commands git needs on a machine with no identity configured.
kgit() {
	git -c user.name=zswapctl-build -c user.email=build@zswapctl.invalid \
	    -c advice.detachedHead=false -c gc.auto=0 "$@"
}

# The patch files in series order; blank lines and comments skipped.
series_files() {
	[ -f "$SERIES" ] || return 0
	sed -e 's/#.*//' -e 's/[[:space:]]*$//' "$SERIES" | grep -v '^$' |
	while read -r p; do
		[ -f "$PATCHES/$p" ] || die "$(rel "$SERIES") names $p, not in $(rel "$PATCHES")/"
		echo "$PATCHES/$p"
	done
}

# Extract the tarball once into a git repository whose first commit is the
# pristine source, so every variant is a worktree and every patch a commit.
ensure_repo() {
	[ -f "$KREPO/.git/zswapctl-base" ] && return 0
	[ -r "$KERNEL_TARBALL" ] || die "$KERNEL_TARBALL missing: run 'make deps'"
	msg EXTRACT "$KERNEL_TARBALL"
	rm -rf "$KREPO" "$KREPO.tmp"
	mkdir -p "$KREPO.tmp"
	tar -xf "$KERNEL_TARBALL" -C "$KREPO.tmp" --strip-components=1
	(
		cd "$KREPO.tmp"
		kgit init -q -b base-branch
		kgit add -A -f .
		kgit commit -q -m "Linux $KVER from $(basename "$KERNEL_TARBALL")"
		kgit tag base
	)
	touch "$KREPO.tmp/.git/zswapctl-base"
	mv "$KREPO.tmp" "$KREPO"
}

# series_options_defined SRC FRAGMENT: the lines of FRAGMENT (CONFIG_X=...)
# whose option the tree in SRC defines in some Kconfig file. A build of a
# prefix of the series (a bisect step, the flavour patched-upto-NNNN) takes
# the series' options that its patches have added so far, and none of those
# that only a later patch adds: Kconfig would drop them, which is right there
# and an error everywhere else.
series_options_defined() {
	local line sym
	while read -r line || [ -n "$line" ]; do
		[[ $line == CONFIG_* ]] || continue
		sym=${line%%=*}
		kgit -C "$1" grep -q -e "^\\(menu\\)\\{0,1\\}config ${sym#CONFIG_}\$" -- '*Kconfig*' &&
			echo "$line"
	done <"$2"
	return 0
}

# ccache keys carry the compiler's arguments, and Kbuild passes absolute
# paths: with the build folder as ccache's base, they become relative, so a
# fresh clone elsewhere (CI's) hits the cache that an earlier build filled.
export CCACHE_BASEDIR=$BUILD

hash_of() { cat "$@" /dev/null | sha256sum | cut -c1-16; }

# kernel_make SRC OBJ [VAR=VALUE...]: set KMAKE to the make command line of
# an out-of-tree build of SRC in OBJ for KERNEL_ARCH (x86_64 unless set:
# i386 for the 32-bit guest, the host's gcc with -m32), through ccache when
# there is one.
kernel_make() {
	KMAKE=(make -C "$1" O="$2" ARCH="${KERNEL_ARCH:-x86_64}" -j"$(nproc)" "${@:3}")
	if command -v ccache >/dev/null; then
		KMAKE+=(CC="ccache gcc")
	fi
}

# One kernel build at a time: flavours share source trees and two runs of
# the same flavour share a build folder. Children inherit the lock.
take_build_lock() {
	[ -n "${ZSWAPCTL_BUILD_LOCKED:-}" ] && return 0
	mkdir -p "$BUILD"
	exec 9>"$BUILD/.kernel-build.lock"
	if ! flock -n 9; then
		msg WAIT "another kernel build holds $BUILD/.kernel-build.lock"
		flock 9
	fi
	export ZSWAPCTL_BUILD_LOCKED=1
}

# TAP for the check scripts (bisect-check.sh, fullconfig-check.sh), which
# run under set -e: a failing step may end the script anywhere. tap_guard
# first, then tap_plan N before any work that can fail, then one tap_result
# per check. If the script dies before it printed N results, the EXIT trap
# prints a "not ok" for each result it still owed (and a plan of its own if
# it died before tap_plan), so a reader of the TAP counts the death.
TAP_PLANNED=
TAP_DONE=0
TAP_FAILED=0
tap_finish() {
	local rc=$? i
	if [ -z "$TAP_PLANNED" ]; then
		echo "1..1"
		echo "not ok 1 ${0##*/} died before its plan (exit $rc)"
		exit 1
	fi
	for ((i = TAP_DONE + 1; i <= TAP_PLANNED; i++)); do
		echo "not ok $i ${0##*/} died (exit $rc) before this check ran"
		TAP_FAILED=1
	done
	[ "$TAP_FAILED" = 0 ] || exit 1
	exit "$rc"
}
tap_guard() { trap tap_finish EXIT; }
tap_plan() { TAP_PLANNED=$1; echo "1..$1"; }
tap_result() { # STATUS DESCRIPTION
	TAP_DONE=$((TAP_DONE + 1))
	if [ "$1" = 0 ]; then
		echo "ok $TAP_DONE $2"
	else
		echo "not ok $TAP_DONE $2"
		TAP_FAILED=1
	fi
}

# w1_compile OBJDIR LOG OBJECT MAKE-COMMAND...: compile one object with W=1,
# whatever an earlier run left (an object already there compiles without
# output), append the output to LOG, print the compiler's diagnostics as TAP
# comments and return non-zero on any diagnostic, a failed make or a missing
# object. Only diagnostics with FILE:LINE:COL: count: the host tools Kbuild
# builds on the way (genksyms' bison grammar) warn without a line.
w1_compile() {
	local objdir=$1 log=$2 obj=$3 out diags rc=0
	shift 3
	rm -f "$objdir/$obj"
	out=$("$@" W=1 "$obj" </dev/null 2>&1) || rc=$?
	printf '%s\n' "$out" >>"$log"
	diags=$(printf '%s\n' "$out" | grep -E '^[^ :]+:[0-9]+:[0-9]+: (warning|error):' || true)
	[ -z "$diags" ] || printf '%s\n' "$diags" | sed 's/^/# /'
	[ $rc = 0 ] && [ -z "$diags" ] && [ -f "$objdir/$obj" ]
}
