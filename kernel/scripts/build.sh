#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Build the guest kernel of one flavour and print the path of its bzImage.
#
#   build.sh stock    pristine source, the baseline of tests and benchmarks
#   build.sh patched  source + kernel/series (the default)
#   build.sh debug    patched + kernel/config/flavours/debug.config
#   build.sh patched-i386  patched, built for 32-bit x86 (ARCH=i386): the
#                     same fragments plus kernel/config/arch/i386.config,
#                     for the 32-bit guest (tests/vm/run --arch i386)
#   build.sh stock-6.12  pristine linux-source-6.12, the upstream peer the
#                     benchmarks compare against; the same fragments plus
#                     kernel/config/versions/6.12.config
#   build.sh patched-upto-NNNN  source + kernel/series up to and including
#                     patch NNNN, in a tree of its own: the benchmarks'
#                     "before" of a later patch (patched-upto-0015: the
#                     series before exclusive loads)
#
# patched, debug, patched-i386 and patched-upto-NNNN also merge
# kernel/config/variants/patched.config: the options the series adds,
# which a stock build cannot take (a prefix of the series takes those its
# patches define).
#
# The build is skipped when its stamp (patches, config fragments, this
# script, compiler) matches the last successful build: an unchanged tree
# costs no compile work. Otherwise only the files the new patches touch are
# rebuilt, since re-applying the series leaves every other file's mtime.
. "$(dirname "$0")/common.sh"

FLAVOUR=${1:-patched}
KARCH=x86_64
UPTO=
case $FLAVOUR in
stock)   VARIANT=stock;   EXTRA= ;;
patched) VARIANT=patched; EXTRA= ;;
debug)   VARIANT=patched; EXTRA=$TOP/kernel/config/flavours/debug.config ;;
patched-i386) VARIANT=patched; KARCH=i386; EXTRA=$TOP/kernel/config/arch/i386.config ;;
patched-upto-[0-9][0-9][0-9][0-9])
	 VARIANT=patched; EXTRA= ; UPTO=${FLAVOUR#patched-upto-} ;;
stock-*) VARIANT=stock;   EXTRA= ; set_kver "${FLAVOUR#stock-}"
	 [ -r "$KERNEL_TARBALL" ] || die "no source for flavour '$FLAVOUR' ($KERNEL_TARBALL)"
	 FLAVOUR=stock ;;
*) die "unknown flavour '$FLAVOUR' (stock, patched, debug, patched-i386, stock-6.12, patched-upto-NNNN)" ;;
esac
# What the series adds: a stock source has no such options
[ "$VARIANT" = stock ] || EXTRA="$TOP/kernel/config/variants/$VARIANT.config $EXTRA"
# What another kernel version needs beyond the 6.1 fragments
VERSION_FRAGMENT=$TOP/kernel/config/versions/$KVER.config
[ -f "$VERSION_FRAGMENT" ] && EXTRA="$EXTRA $VERSION_FRAGMENT"

# A prefix of the series has a tree of its own, beside the whole series'
TREE=$VARIANT${UPTO:+-upto-$UPTO}
SRC=$BUILD/src/$KVER-$TREE
OBJ=$BUILD/obj/$KVER-$FLAVOUR
LOG=$BUILD/logs/kernel-$KVER-$FLAVOUR.log
FRAGMENTS=$(ls "$TOP"/kernel/config/*.config)
# shellcheck disable=SC2086
PATCH_FILES=$([ "$VARIANT" = patched ] && series_files || true)
if [ -n "$UPTO" ]; then
	grep -q "/$UPTO-[^/]*\$" <<<"$PATCH_FILES" || die "kernel/series has no patch $UPTO"
	# the series in its order, up to and including patch UPTO
	PATCH_FILES=$(sed "\|/$UPTO-[^/]*\$|q" <<<"$PATCH_FILES")
fi
SRC_KEY=$(hash_of $PATCH_FILES)
# shellcheck disable=SC2086
BUILD_KEY=$(printf '%s\n' "$FLAVOUR" "$SRC_KEY" "$(gcc --version | head -1)" |
	    cat - $FRAGMENTS $EXTRA "$0" "$(dirname "$0")/common.sh" | sha256sum | cut -c1-16)
IMAGE=$OBJ/arch/x86/boot/bzImage

# current_image: exit with the image's path when its stamp matches
current_image() {
	if [ -f "$OBJ/.zswapctl-stamp" ] && [ "$(cat "$OBJ/.zswapctl-stamp")" = "$BUILD_KEY" ] &&
	   [ -f "$IMAGE" ]; then
		msg UPTODATE "$KVER-$FLAVOUR ($BUILD_KEY)"
		echo "$IMAGE"
		exit 0
	fi
}

# An image whose stamp matches needs no lock: guests in two lanes, the
# harness self-tests and fullconfig (which holds the lock for its whole
# run) must not queue behind one another only to learn it is up to date.
# A build that changes the tree removes the stamp first (bisect-check.sh).
current_image

take_build_lock

current_image

ensure_repo
mkdir -p "$BUILD/src" "$OBJ" "$(dirname "$LOG")"
if [ ! -e "$SRC/.git" ]; then
	kgit -C "$KREPO" worktree prune
	kgit -C "$KREPO" worktree add -q --detach "$SRC" base
fi

# Re-apply the series only when it changed, so an unchanged source tree
# keeps its mtimes and make has nothing to do.
if [ "$(cat "$BUILD/src/.$KVER-$TREE.applied" 2>/dev/null || true)" != "$SRC_KEY" ]; then
	msg APPLY "$(echo "$PATCH_FILES" | grep -c . || true) patches onto $KVER-$TREE"
	kgit -C "$SRC" am --abort >/dev/null 2>&1 || true
	kgit -C "$SRC" checkout -q -f --detach base
	if [ -n "$PATCH_FILES" ]; then
		# shellcheck disable=SC2086
		kgit -C "$SRC" am -q --keep-cr $PATCH_FILES ||
			die "kernel/series does not apply to $KVER (see 'git -C $SRC am --show-current-patch')"
	fi
	echo "$SRC_KEY" > "$BUILD/src/.$KVER-$TREE.applied"
fi
# A prefix takes the series' options its tree defines, in a fragment of its
# own in place of variants/patched.config (the whole series' flavours must
# take every one: the check below fails on an option Kconfig dropped).
if [ -n "$UPTO" ]; then
	prefix_fragment=$BUILD/obj/.variant-$KVER-$FLAVOUR.config
	series_options_defined "$SRC" "$TOP/kernel/config/variants/patched.config" \
		>"$prefix_fragment"
	EXTRA=${EXTRA/"$TOP/kernel/config/variants/patched.config"/$prefix_fragment}
fi

KERNEL_ARCH=$KARCH kernel_make "$SRC" "$OBJ" \
	KBUILD_BUILD_TIMESTAMP="zswapctl" KBUILD_BUILD_USER=zswapctl KBUILD_BUILD_HOST=build

# Build the config in a scratch folder and install it only when it differs:
# an identical .config must not make Kbuild think every option changed.
CFG=$BUILD/obj/.config-$KVER-$FLAVOUR
rm -rf "$CFG.d" && mkdir -p "$CFG.d"
make -s -C "$SRC" O="$CFG.d" ARCH=$KARCH tinyconfig >"$LOG" 2>&1
# shellcheck disable=SC2086
(cd "$CFG.d" && "$SRC/scripts/kconfig/merge_config.sh" -m .config $FRAGMENTS $EXTRA) >>"$LOG" 2>&1
make -s -C "$SRC" O="$CFG.d" ARCH=$KARCH olddefconfig >>"$LOG" 2>&1
# A later fragment overrides an earlier one (merge_config.sh's rule), and
# "# CONFIG_X is not set" asks for X to be off: i386.config turns 64BIT off.
# shellcheck disable=SC2086
missing=$(cat $FRAGMENTS $EXTRA |
	sed -n -e 's/^\(CONFIG_[A-Z0-9_]*\)=.*/\1 &/p' \
	       -e 's/^# \(CONFIG_[A-Z0-9_]*\) is not set$/\1 &/p' |
	awk '{ want[$1] = $0; if (!($1 in seen)) { seen[$1] = 1; order[n++] = $1 } }
	     END { for (i = 0; i < n; i++) print want[order[i]] }' |
	while read -r sym want; do
		if [ "${want:0:1}" = "#" ]; then
			! grep -q "^$sym=" "$CFG.d/.config" || echo "$want"
		else
			grep -qxF "$want" "$CFG.d/.config" || echo "$want"
		fi
	done)
[ -z "$missing" ] || die "options dropped by Kconfig: $(echo $missing)"
cmp -s "$CFG.d/.config" "$OBJ/.config" || cp "$CFG.d/.config" "$OBJ/.config"
rm -rf "$CFG.d"

msg BUILD "$KVER-$FLAVOUR (log: ${LOG#"$TOP"/})"
start=$(date +%s)
if ! "${KMAKE[@]}" olddefconfig bzImage >>"$LOG" 2>&1; then
	tail -n 40 "$LOG" >&2
	die "kernel build failed, full log in $LOG"
fi
msg DONE "$KVER-$FLAVOUR in $(($(date +%s) - start)) s"
echo "$BUILD_KEY" > "$OBJ/.zswapctl-stamp"
echo "$IMAGE"
