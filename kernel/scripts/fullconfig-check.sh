#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# fullconfig-check.sh: the series under the configuration Debian ships.
#
# The guest kernel is tinyconfig plus a fragment, which leaves most of the
# kernel out; Debian's linux-image turns nearly everything on (MEMCG_KMEM,
# LOCKDEP-free but PREEMPT_DYNAMIC, modversions, BTF...). Building all of it
# takes hours here, so this check prepares a tree with Debian's amd64
# configuration (kernel/scripts/debian-config.sh), runs 'make prepare', and
# compiles only the C files the series touches, with W=1. Any compiler
# warning fails the check. TAP on stdout, one line per file, and one for
# the configuration and one for 'make prepare'. The plan is printed first
# and a death half way prints a "not ok" for every check left (common.sh).
. "$(dirname "$0")/common.sh"
only_line_6_1 "the full-config check"

SRC=$BUILD/src/$KVER-patched
OBJ=$BUILD/obj/$KVER-patched-debian
LOG=$BUILD/logs/fullconfig-check.log

# The plan comes first, from the patches themselves: whatever dies later,
# each file it did not compile is a "not ok".
tap_guard
mapfile -t files < <(series_files | xargs -r sed -n 's|^diff --git a/\([^ ]*\.c\) .*|\1|p' |
	sort -u)
tap_plan $((2 + ${#files[@]}))

mkdir -p "$(dirname "$LOG")"
: > "$LOG"
# The patched source tree is the guest build's; this makes sure it exists
# and holds the current series (a stamp hit when it does). The harness
# self-test (tests/host/check.bats) skips it to see a failure quickly.
if [ -z "${ZSWAPCTL_FULLCONFIG_NO_BUILD:-}" ]; then
	"$(dirname "$0")/build.sh" patched >/dev/null 2>>"$LOG" || true
fi
take_build_lock

# The same command line as bindeb-pkg.sh, which shares the build folder
kernel_make "$SRC" "$OBJ" LOCALVERSION= KBUILD_BUILD_USER=zswapctl KBUILD_BUILD_HOST=build

rc=0
kernel/scripts/debian-config.sh "$SRC" "$OBJ" >>"$LOG" 2>&1 || rc=$?
tap_result $rc "Debian's amd64 configuration with the series' options"
if [ $rc = 0 ]; then
	"${KMAKE[@]}" prepare </dev/null >>"$LOG" 2>&1 || rc=$?
fi
tap_result $rc "make prepare under Debian's configuration"
[ $rc = 0 ] || tail -n 20 "$LOG" | sed 's/^/# /'

for f in "${files[@]}"; do
	if [ $rc != 0 ]; then
		tap_result 1 "$f compiles with W=1 and no warning under Debian's configuration # not compiled: the tree is not prepared"
		continue
	fi
	frc=0
	w1_compile "$OBJ" "$LOG" "${f%.c}.o" "${KMAKE[@]}" || frc=1
	tap_result $frc "$f compiles with W=1 and no warning under Debian's configuration"
done
