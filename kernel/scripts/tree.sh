#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# make kernel-tree: leave an editable git tree in build/tree, on branch
# "zswap" = base + kernel/series. Commit there, then `make kernel-export`.
# An existing tree is left alone unless it is clean and behind the series.
# With KERNEL_LINE=6.12 or 7.2, the line's tree is build/tree-LINE, on
# linux-source-LINE with kernel/LINE/series.
. "$(dirname "$0")/common.sh"

TREE=${KERNEL_TREE:-$LINE_TREE}
ensure_repo

if [ -e "$TREE/.git" ]; then
	if [ -n "$(git -C "$TREE" status --porcelain --untracked-files=no)" ]; then
		msg KEEP "$TREE has uncommitted changes; left as it is"
		exit 0
	fi
	if [ "$(git -C "$TREE" rev-list --count base..HEAD)" != "$(series_files | grep -c . || true)" ]; then
		msg KEEP "$TREE has $(git -C "$TREE" rev-list --count base..HEAD) commits, $(rel "$SERIES") another count; export or remove it first"
		exit 0
	fi
	msg READY "$TREE (branch $(git -C "$TREE" branch --show-current))"
	exit 0
fi

kgit -C "$KREPO" worktree prune
kgit -C "$KREPO" worktree add -q -B zswap "$TREE" base
mapfile -t files < <(series_files)
if [ ${#files[@]} -gt 0 ]; then
	kgit -C "$TREE" am -q --keep-cr "${files[@]}" ||
		die "$(rel "$SERIES") does not apply; resolve in $TREE with git am"
fi
msg READY "$TREE on branch zswap: base + ${#files[@]} patches"
