#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# make kernel-bisect-check: prove that every prefix of kernel/series (of
# kernel/LINE/series with KERNEL_LINE=6.12 or 7.2) is a kernel upstream
# could bisect through. For each patch, in order, on top of the ones before
# it:
#   - checkpatch.pl --strict reports nothing,
#   - the kernel builds,
#   - every C file the patch touches compiles with W=1 and sparse (C=1)
#     without a warning the stock tree's copy of the file does not have,
#   - the guest smoke suite (tests/vm/suites/00-harness.bats) passes.
# Output is TAP, one line per check, so tests/check can count it.
#
# BISECT_FROM=NNNN starts the checks at patch NNNN (7.2's vN-NNNN-... are
# numbered by NNNN too): the patches before it are only applied (one
# "applies" line each), so a run that a stop cut off can be finished later
# on the same series without paying again for the prefix it already
# proved.
#
# It works in the patched flavour's tree and build folder, one patch at a
# time, so each step rebuilds only what that patch touched; at the end the
# tree holds the whole series again, as `make kernel` left it.
. "$(dirname "$0")/common.sh"

SRC=$BUILD/src/$KVER-patched
OBJ=$BUILD/obj/$KVER-patched
STOCK_SRC=$BUILD/src/$KVER-stock
STOCK_OBJ=$BUILD/obj/$KVER-stock
SMOKE=${SMOKE:-tests/vm/suites/00-harness.bats}
# What build.sh merges for another line beyond the 6.1 fragments, and the
# patched flavour's full name there (6.1's names no line)
VERSION_FRAGMENT=
[ ! -f "$TOP/kernel/config/versions/$KVER.config" ] ||
	VERSION_FRAGMENT=$TOP/kernel/config/versions/$KVER.config
FLAVOUR_NAME=patched
[ "$LINE" = 6.1 ] || FLAVOUR_NAME=patched-$LINE
LOGDIR=$BUILD/logs/bisect-$KVER
mkdir -p "$LOGDIR"

# The plan first: if anything below dies (set -e, die), the EXIT trap of
# common.sh prints a "not ok" for every check not yet done.
tap_guard
mapfile -t files < <(series_files)
[ ${#files[@]} -gt 0 ] || die "$(rel "$SERIES") is empty"
from=${BISECT_FROM:-0001}
[[ $from =~ ^[0-9]{4}$ ]] || die "BISECT_FROM must be a patch number such as 0012, not '$from'"
nbefore=0
# patch_number FILE: the NNNN of NNNN-subject.patch or vN-NNNN-subject.patch
patch_number() { basename "$1" | sed -E 's/^(v[0-9]+-)?([0-9]{4})-.*/\2/'; }

for f in "${files[@]}"; do
	[[ $(patch_number "$f") < $from ]] && nbefore=$((nbefore + 1))
done
[ "$nbefore" -lt "${#files[@]}" ] || die "BISECT_FROM=$from: $(rel "$SERIES") has no patch $from or later"
tap_plan $((2 + nbefore + (${#files[@]} - nbefore) * 6))

# The whole check holds the build lock: it rewrites the patched tree.
take_build_lock
rc=0
bash "$(dirname "$0")/build.sh" stock >/dev/null || rc=$?
tap_result $rc "the stock tree builds"
rc=0
bash "$(dirname "$0")/build.sh" patched >/dev/null || rc=$?
tap_result $rc "the whole series builds"

check() { # DESCRIPTION COMMAND...
	local desc=$1 log=$LOGDIR/$((TAP_DONE + 1)).log rc=0
	shift
	"$@" > "$log" 2>&1 || rc=$?
	tap_result $rc "$desc"
	[ $rc = 0 ] || sed 's/^/# /' "$log" | tail -n 30
}

checkpatch_clean() { # PATCH
	local out
	# Debian's python3 first: checkpatch runs spdxcheck.py, which needs python3-ply.
	# The tree comes from a tarball without upstream history, so checkpatch
	# cannot look up the upstream commits the messages cite: it would call
	# every one unknown. They were looked up by hand in upstream's history.
	out=$(cd "$SRC" && PATH=/usr/bin:$PATH ./scripts/checkpatch.pl --strict -q --show-types \
		--ignore UNKNOWN_COMMIT_ID "$1" 2>&1)
	echo "$out"
	[ -z "$out" ]
}

kmake() { make -s -C "$SRC" O="$OBJ" ARCH=x86_64 -j"$(nproc)" CC="ccache gcc" "$@"; }

# The W=1 and sparse warnings of one C file, without the tree's path (every
# one: sparse's "note: in included file (through HEADER)" names two) and
# line numbers, sorted: compiled in SRC with OBJ as build folder.
# Every diagnostic of the compile counts, in the .c file or in a header it
# includes: sparse reports a lock imbalance of a function of the .c file
# at the header's inline helper that unlocks (list.h for 6.12's
# shrink_memcg_cb), and the stock tree's copy, compared with, cancels what
# the headers say on their own. A compile that fails is a warning too,
# since its status would be lost in the process substitution that reads
# this.
file_warnings() { # SRC OBJ FILE
	local obj=${3%.c}.o out rc=0
	rm -f "$2/$obj"
	out=$(make -s -C "$1" O="$2" ARCH=x86_64 CC="ccache gcc" W=1 C=1 "$obj" 2>&1) || rc=$?
	[ "$rc" = 0 ] || echo "$3: does not compile (make exit $rc)"
	[ -z "$out" ] ||
		sed -E -e "s|$1/||g" -e "s|\.\./\.\./src/[^/]*/||g" -e 's/:[0-9]+(:[0-9]+)?:/:/' <<<"$out" |
		sort -u
}

# Every C file the patch touches compiles without a W=1 or sparse warning
# that the same file in the stock tree does not have already.
w1_sparse_clean() { # PATCH
	local f new bad=0
	for f in $(git -C "$SRC" show --pretty= --name-only HEAD -- '*.c'); do
		[ -f "$OBJ/${f%.c}.o" ] || continue # not in this config
		new=$(comm -23 <(file_warnings "$SRC" "$OBJ" "$f") \
			<([ -f "$STOCK_SRC/$f" ] && file_warnings "$STOCK_SRC" "$STOCK_OBJ" "$f"))
		if [ -n "$new" ]; then
			echo "$new"
			bad=1
		fi
	done
	return $bad
}

# The guest's configuration as this prefix of the series knows it: an
# option a patch adds (ZSWAP_NETLINK in the family's patch) must take the
# value the guest's fragments give it, not Kconfig's default, or the steps
# from that patch on build and boot without the code they are to prove
# (syncconfig drops the option at every step before it exists).
sync_config() {
	local line rc=0
	# shellcheck disable=SC2086 # no version fragment on 6.1
	(cd "$OBJ" && "$SRC/scripts/kconfig/merge_config.sh" -m .config \
		"$TOP"/kernel/config/*.config "$PATCHED_CONFIG" $VERSION_FRAGMENT) &&
		kmake olddefconfig || return 1
	# each option of the series that this prefix defines holds its value
	while read -r line; do
		grep -qxF "$line" "$OBJ/.config" || { echo "$line did not take"; rc=1; }
	done < <(series_options_defined "$SRC" "$PATCHED_CONFIG")
	return $rc
}

# the guest's suites go by the flavour's line (helpers.bash kernel_line)
smoke() { # PATCH-NUMBER
	tests/vm/run --quiet --kernel "$OBJ/arch/x86/boot/bzImage" --flavour "$FLAVOUR_NAME" \
		-- tests/vm/guest-suites "$SMOKE"
}

cd "$TOP"
kgit -C "$SRC" checkout -q -f --detach base
# The tree is about to hold partial series: make build.sh re-apply and
# rebuild later, also if this script dies half way (build.sh trusts a
# matching stamp without looking further).
echo interrupted > "$BUILD/src/.$KVER-patched.applied"
rm -f "$OBJ/.zswapctl-stamp"
for f in "${files[@]}"; do
	p=$(basename "$f")
	check "$p: applies" kgit -C "$SRC" am -q --keep-cr "$f"
	[[ $(patch_number "$f") < $from ]] && continue
	check "$p: the guest's configuration takes" sync_config
	check "$p: checkpatch --strict is clean" checkpatch_clean "$f"
	check "$p: kernel builds" kmake bzImage
	check "$p: no W=1 or sparse warning in the files it touches" w1_sparse_clean "$f"
	check "$p: guest smoke suite passes" smoke
done
# The last step built the whole series: the patched build is current again.
hash_of "${files[@]}" > "$BUILD/src/.$KVER-patched.applied"
