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
# A line that posts its series (numbered) carries NOT-FOR-UPSTREAM: commits
# around the posted ones (stable backports the posted patches sit on before
# them, the project's own extensions after them). Those are not numbered,
# so that the posted patches read 1/N to N/N as their cover letter counts
# them; the files are numbered in series order all through.
nfu_run() { # FROM: the commits from FROM (base..HEAD order) up to the first whose NFU-ness differs
	git -C "$TREE" log --reverse --format='%H %s' base..HEAD | awk -v from="$1" '
		$1 == from { on = 1; nfu = ($2 == "NOT-FOR-UPSTREAM:") }
		on && ($2 == "NOT-FOR-UPSTREAM:") != nfu { exit }
		on { print $1 }'
}
if [ "${numbering[*]}" != --no-numbered ]; then
	done_files=0
	next=$(git -C "$TREE" rev-list --reverse base..HEAD | awk 'NR == 1')
	while [ -n "$next" ]; do
		mapfile -t run < <(nfu_run "$next")
		first=${run[0]} last=${run[-1]}
		if [ "$(git -C "$TREE" log -1 --format=%s "$first" | cut -d' ' -f1)" = NOT-FOR-UPSTREAM: ]; then
			format_patch "$first^..$last" "${numbering[@]}" --no-numbered \
				--start-number=$((done_files + 1))
		else
			# Numbered from 1 in its subjects; its files renumbered after
			# the NOT-FOR-UPSTREAM ones before it
			mkdir "$tmp/posted"
			git -C "$TREE" -c core.abbrev=12 -c diff.orderFile="$TOP/kernel/scripts/diff.order" \
				format-patch -q --no-signature --zero-commit "${numbering[@]}" \
				-o "$tmp/posted" "$first^..$last"
			for f in "$tmp/posted"/*.patch; do
				name=${f##*/} prefix=${name%%[0-9][0-9][0-9][0-9]-*}
				rest=${name#"$prefix"[0-9][0-9][0-9][0-9]-}
				n=$((10#${name:${#prefix}:4} + done_files))
				mv "$f" "$tmp/$(printf '%s%04d-%s' "$prefix" "$n" "$rest")"
			done
			rmdir "$tmp/posted"
		fi
		done_files=$((done_files + ${#run[@]}))
		next=$(git -C "$TREE" rev-list --reverse "$last..HEAD" | awk 'NR == 1')
	done
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
