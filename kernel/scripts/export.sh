#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# make kernel-export: write the commits of build/tree since "base" to
# kernel/patches/ with git format-patch and list them in kernel/series.
# Patches that are no longer in the tree are removed.
. "$(dirname "$0")/common.sh"

TREE=${KERNEL_TREE:-$BUILD/tree}
[ -e "$TREE/.git" ] || die "no tree at $TREE: run 'make kernel-tree' first"
[ -z "$(git -C "$TREE" status --porcelain --untracked-files=no)" ] ||
	die "$TREE has uncommitted changes: commit them first"

count=$(git -C "$TREE" rev-list --count base..HEAD)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# Fixed options so re-exporting an unchanged tree rewrites identical files.
git -C "$TREE" -c core.abbrev=12 -c diff.orderFile="$TOP/kernel/scripts/diff.order" format-patch -q --no-signature --zero-commit \
	--no-numbered -o "$tmp" base..HEAD
mkdir -p "$PATCHES"
rm -f "$PATCHES"/*.patch
{
	echo "# zswap series against linux-source-$KVER, applied in this order by make kernel."
	for p in "$tmp"/*.patch; do
		[ -e "$p" ] || continue
		cp "$p" "$PATCHES/"
		basename "$p"
	done
} > "$SERIES"
msg EXPORT "$count patches to kernel/patches/ and kernel/series"
