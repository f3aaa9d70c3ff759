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
# the configuration and one for 'make prepare'.
. "$(dirname "$0")/common.sh"

SRC=$BUILD/src/$KVER-patched
OBJ=$BUILD/obj/$KVER-patched-debian
LOG=$BUILD/logs/fullconfig-check.log

# The patched source tree is the guest build's; this makes sure it exists
# and holds the current series (a stamp hit when it does).
"$(dirname "$0")/build.sh" patched >/dev/null
take_build_lock
mkdir -p "$(dirname "$LOG")"
: > "$LOG"

# The same command line as bindeb-pkg.sh, which shares the build folder
kernel_make "$SRC" "$OBJ" LOCALVERSION= KBUILD_BUILD_USER=zswapctl KBUILD_BUILD_HOST=build

n=0
failed=0
tap() { # OK DESCRIPTION
	n=$((n + 1))
	if [ "$1" = 0 ]; then
		echo "ok $n $2"
	else
		echo "not ok $n $2"
		failed=1
	fi
}

mapfile -t files < <(kgit -C "$SRC" diff --name-only base..HEAD -- '*.c')

kernel/scripts/debian-config.sh "$SRC" "$OBJ" >>"$LOG" 2>&1
tap $? "Debian's amd64 configuration with the series' options"
"${KMAKE[@]}" prepare </dev/null >>"$LOG" 2>&1
rc=$?
tap $rc "make prepare under Debian's configuration"
if [ $rc != 0 ]; then
	tail -n 20 "$LOG" | sed 's/^/# /'
	echo "1..$n"
	exit 1
fi

for f in "${files[@]}"; do
	obj=${f%.c}.o
	# Force the compile: an object left from an earlier run has no output.
	rm -f "$OBJ/$obj"
	out=$("${KMAKE[@]}" W=1 "$obj" </dev/null 2>&1)
	rc=$?
	printf '%s\n' "$out" >>"$LOG"
	# Compiler diagnostics only (FILE:LINE:COL:): the host tools Kbuild
	# builds on the way (genksyms' bison grammar) warn without a line.
	warnings=$(printf '%s\n' "$out" | grep -E '^[^ :]+:[0-9]+:[0-9]+: warning:' || true)
	[ -z "$warnings" ] || printf '%s\n' "$warnings" | sed 's/^/# /'
	[ $rc = 0 ] && [ -z "$warnings" ] && [ -f "$OBJ/$obj" ]
	tap $? "$f compiles with W=1 and no warning under Debian's configuration"
done
echo "1..$n"
exit $failed
