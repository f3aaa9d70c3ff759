#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# kconfig-matrix.sh: the series in the configurations that cut away what its
# code leans on. Each row is the guest's configuration (tinyconfig plus
# kernel/config/*.config and variants/patched.config, as build.sh makes it)
# with one option flipped and 'make olddefconfig' after it: MEMCG=n,
# CGROUPS=n, SLOB (so MEMCG_KMEM=n; 6.1 only, 6.4 removed SLOB), NET=n,
# ZSWAP_NETLINK=n, ZSWAP=n. KERNEL_LINE=6.12 or 7.2 runs it on that line's
# series (kernel/LINE/series) and guest configuration. In
# each, every C file the series touches whose object that configuration
# builds compiles with W=1 and no warning; one whose object it leaves out is
# a skip. TAP on stdout: per row, one line for the configuration (the
# flipped option took), one for 'make prepare', one per file, and for the
# rows of LINK_ROWS one for a whole vmlinux, linked.
#
# All rows share one build folder, one after the other: a row recompiles
# only what its configuration changes. Run it niced on a shared machine.
. "$(dirname "$0")/common.sh"

SRC=$BUILD/src/$KVER-patched
BASE=$BUILD/obj/$KVER-patched/.config
OBJ=$BUILD/obj/$KVER-kconfig-matrix
LOG=$BUILD/logs/kconfig-matrix-$KVER.log

# NAME|scripts/config arguments|what the resulting .config must say:
# CONFIG_X=y, a line it holds; !CONFIG_X, neither =y nor =m (a symbol
# without a prompt, as MEMCG_KMEM, has no "is not set" line)
ROWS=(
	"MEMCG=n|--disable MEMCG|!CONFIG_MEMCG"
	"CGROUPS=n|--disable CGROUPS|!CONFIG_CGROUPS"
	"SLOB|--disable SLUB --enable SLOB|CONFIG_SLOB=y|!CONFIG_MEMCG_KMEM"
	"NET=n|--disable NET|!CONFIG_NET"
	"ZSWAP_NETLINK=n|--disable ZSWAP_NETLINK|CONFIG_ZSWAP=y|!CONFIG_ZSWAP_NETLINK"
	"ZSWAP=n|--disable ZSWAP|!CONFIG_ZSWAP"
)
# SLOB went in 6.4: the later lines have SLUB alone
[ "$LINE" = 6.1 ] || mapfile -t ROWS < <(printf '%s\n' "${ROWS[@]}" | grep -v '^SLOB|')

# Rows whose whole vmlinux is built and linked, not only the files; a run
# short of time may name fewer in KCONFIG_MATRIX_LINK_ROWS, or none with an
# empty value (a cold MEMCG=n vmlinux is some 45 min of a 2-core machine's
# time); the TAP says so.
LINK_ROWS=" ${KCONFIG_MATRIX_LINK_ROWS-MEMCG=n} "

tap_guard
for name in $LINK_ROWS; do
	printf '%s\n' "${ROWS[@]}" | grep -q "^$name|" ||
		die "KCONFIG_MATRIX_LINK_ROWS names '$name', which is no row (${ROWS[*]%%|*})"
done
[ -z "${KCONFIG_MATRIX_LINK_ROWS+set}" ] ||
	echo "# KCONFIG_MATRIX_LINK_ROWS: vmlinux linked for:$LINK_ROWS(rows only)"
# the kernel's C files: not the selftests under tools/ (7.2's series), which
# Kbuild does not build
mapfile -t files < <(series_files | xargs -r sed -n 's|^diff --git a/\([^ ]*\.c\) .*|\1|p' |
	grep -v '^tools/' | sort -u)
nlinks=0
for row in "${ROWS[@]}"; do
	[[ $LINK_ROWS != *" ${row%%|*} "* ]] || nlinks=$((nlinks + 1))
done
tap_plan $((${#ROWS[@]} * (2 + ${#files[@]}) + nlinks))

mkdir -p "$(dirname "$LOG")" "$OBJ"
: > "$LOG"
# The patched source and the guest's configuration: a stamp hit when the
# guest kernel is up to date.
"$(dirname "$0")/build.sh" patched >/dev/null 2>>"$LOG" || true
take_build_lock
kernel_make "$SRC" "$OBJ"

# built_in CONFIG FILE.c: whether CONFIG builds FILE's object, from the
# obj-$(CONFIG_X) line of the folder's Makefile that names it
built_in() {
	local dir=${2%/*} obj sym
	obj=$(basename "${2%.c}.o")
	sym=$(sed -n "s/^obj-\\\$(\\(CONFIG_[A-Z0-9_]*\\))[[:space:]]*+=.*[[:space:]]$obj\\b.*/\\1/p" \
		"$SRC/$dir/Makefile" | head -n 1)
	[ -n "$sym" ] || return 0
	grep -qx "$sym=y" "$1"
}

for row in "${ROWS[@]}"; do
	name=${row%%|*}
	rest=${row#*|}
	flips=${rest%%|*}
	IFS='|' read -ra want <<<"${rest#*|}"
	echo "== $name" >>"$LOG"
	t0=$SECONDS
	rc=0
	cp "$BASE" "$OBJ/.config"
	# shellcheck disable=SC2086 # the words of the flips
	"$SRC/scripts/config" --file "$OBJ/.config" $flips >>"$LOG" 2>&1 || rc=$?
	[ $rc != 0 ] || "${KMAKE[@]}" olddefconfig </dev/null >>"$LOG" 2>&1 || rc=$?
	missing=
	for w in "${want[@]}"; do
		case $w in
		!*) ! grep -qE "^${w#!}=[ym]$" "$OBJ/.config" || missing+=" $w" ;;
		*) grep -qxF "$w" "$OBJ/.config" || missing+=" $w" ;;
		esac
	done
	[ -z "$missing" ] || { echo "# $name: .config does not say$missing"; rc=1; }
	tap_result $rc "$name: the configuration takes it (olddefconfig)"
	[ $rc != 0 ] || "${KMAKE[@]}" prepare </dev/null >>"$LOG" 2>&1 || rc=$?
	tap_result $rc "$name: make prepare"
	for f in "${files[@]}"; do
		if [ $rc != 0 ]; then
			tap_result 1 "$name: $f # not compiled: the tree is not prepared"
			continue
		fi
		if ! built_in "$OBJ/.config" "$f"; then
			TAP_DONE=$((TAP_DONE + 1))
			echo "ok $TAP_DONE $name: $f # SKIP not built in this configuration"
			continue
		fi
		frc=0
		w1_compile "$OBJ" "$LOG" "${f%.c}.o" "${KMAKE[@]}" || frc=1
		tap_result $frc "$name: $f compiles with W=1 and no warning"
	done
	if [[ $LINK_ROWS != *" $name "* ]]; then
		echo "# $name: $((SECONDS - t0)) s"
		continue
	fi
	lrc=$rc
	rm -f "$OBJ/vmlinux"
	[ $lrc != 0 ] || "${KMAKE[@]}" vmlinux </dev/null >>"$LOG" 2>&1 || lrc=$?
	[ $lrc != 0 ] || [ -f "$OBJ/vmlinux" ] || lrc=1
	[ $lrc = 0 ] || tail -n 20 "$LOG" | sed 's/^/# /'
	tap_result $lrc "$name: vmlinux builds and links"
	echo "# $name: $((SECONDS - t0)) s"
done
