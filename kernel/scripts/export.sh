#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# make kernel-export: write the commits of build/tree since "base" to
# kernel/patches/ with git format-patch and list them in kernel/series.
# Patches that are no longer in the tree are removed. With KERNEL_LINE=6.12
# or 7.2: build/tree-LINE to kernel/LINE/patches/ and kernel/LINE/series.
. "$(dirname "$0")/common.sh"

TREE=${KERNEL_TREE:-$LINE_TREE}
[ -e "$TREE/.git" ] || die "no tree at $TREE: run 'make kernel-tree${LINE_ARG}' first"
# A tree of another line would write its commits over this line's series
if [ -e "$KREPO/.git" ] &&
   [ "$(git -C "$TREE" rev-parse -q --verify 'base^{commit}')" != "$(git -C "$KREPO" rev-parse -q --verify 'base^{commit}')" ]; then
	die "$TREE is not a tree of linux-source-$KVER: its base is not that of $KREPO (KERNEL_LINE=$LINE)"
fi
[ -z "$(git -C "$TREE" status --porcelain --untracked-files=no)" ] ||
	die "$TREE has uncommitted changes: commit them first"

count=$(git -C "$TREE" rev-list --count base..HEAD)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# Fixed options so re-exporting an unchanged tree rewrites identical files;
# a line's own (kernel/LINE/format-patch-options: the 7.2 series is an RFC,
# numbered) take the place of --no-numbered.
numbering=(--no-numbered)
options_file=$(dirname "$PATCHES")/format-patch-options
# shellcheck disable=SC2207 # options are words
[ ! -f "$options_file" ] || numbering=($(grep -v '^#' "$options_file"))
format_patch() { # RANGE OPTION...
	local range=$1
	shift
	git -C "$TREE" -c core.abbrev=12 -c diff.orderFile="$TOP/kernel/scripts/diff.order" \
		format-patch -q --no-signature --zero-commit "$@" -o "$tmp" "$range"
}
# A line that posts its series (numbered) carries its NOT-FOR-UPSTREAM:
# commits after the posted ones: those are not numbered, so that the posted
# patches read 1/N to N/N as their cover letter counts them, and their files
# go on from the posted ones' numbers.
carried=$(git -C "$TREE" log --reverse --format='%H %s' base..HEAD |
	  awk '$2 == "NOT-FOR-UPSTREAM:" { print $1; exit }')
if [ "${numbering[*]}" != --no-numbered ] && [ -n "$carried" ]; then
	posted=$(git -C "$TREE" rev-list --count "base..$carried^")
	format_patch "base..$carried^" "${numbering[@]}"
	format_patch "$carried^..HEAD" "${numbering[@]}" --no-numbered --start-number=$((posted + 1))
else
	format_patch base..HEAD "${numbering[@]}"
fi
mkdir -p "$PATCHES"
rm -f "$PATCHES"/*.patch
{
	echo "# zswap series against linux-source-$KVER, applied in this order by make kernel${LINE_ARG}."
	for p in "$tmp"/*.patch; do
		[ -e "$p" ] || continue
		cp "$p" "$PATCHES/"
		basename "$p"
	done
} > "$SERIES"
msg EXPORT "$count patches to $(rel "$PATCHES")/ and $(rel "$SERIES")"
