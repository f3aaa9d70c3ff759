#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Build the guest kernel of one flavour and print the path of its bzImage.
#
#   build.sh stock    pristine source, the baseline of tests and benchmarks
#   build.sh patched  source + the series (the default)
#   build.sh debug    patched + kernel/config/flavours/debug.config (and
#                     debug-VERSION.config): KASAN, lockdep, UBSAN and the
#                     other checkers; debug-6.12 and debug-7.2 are the same
#                     on those lines
#   build.sh patched-i386  patched, built for 32-bit x86 (ARCH=i386): the
#                     same fragments plus kernel/config/arch/i386.config,
#                     for the 32-bit guest (tests/vm/run --arch i386)
#   build.sh patched-upto-NNNN  source + kernel/series up to and including
#                     patch NNNN, in a tree of its own: the benchmarks'
#                     "before" of a later patch (patched-upto-0015: the
#                     series before exclusive loads)
#   build.sh systemd  patched + kernel/config/flavours/systemd.config (and
#                     systemd-LINE.config): what systemd needs as PID 1 of a
#                     Debian root file system on a virtio disk
#                     (tests/vm/debian-boot.bats), and a compressor built as
#                     a module; systemd-6.12 is the same on the 6.12 line
#                     (kernel/6.12/series)
#   build.sh stock-LINE, patched-LINE  the same for another kernel line
#                     (6.12, 7.2; common.sh): linux-source-LINE, pristine or
#                     with kernel/LINE/series, the same fragments plus
#                     kernel/config/versions/LINE.config (stock-6.12 and
#                     stock-7.2 are the benchmarks' upstream peers)
#
# KERNEL_LINE (6.1 unless set) is the line of "stock" and "patched":
# KERNEL_LINE=7.2 build.sh patched is build.sh patched-7.2, and so for
# debug. patched-i386 and patched-upto-NNNN exist for 6.1 only.
#
# The patched flavours also merge the options their line's series adds
# (kernel/config/variants/patched.config for 6.1, kernel/LINE/patched.config
# for the others), which a stock build cannot take (a prefix of the series
# takes those its patches define).
#
#   build.sh --source FLAVOUR  prepare the flavour's source tree only (the
#                     series applied) and print its path: bindeb-pkg.sh
#                     builds it under another configuration
#
# The build is skipped when its stamp (patches, config fragments, this
# script, compiler) matches the last successful build: an unchanged tree
# costs no compile work. Otherwise only the files the new patches touch are
# rebuilt, since re-applying the series leaves every other file's mtime.
. "$(dirname "$0")/common.sh"

SOURCE_ONLY=
if [ "${1:-}" = --source ]; then
	SOURCE_ONLY=1
	shift
fi
FLAVOUR=${1:-patched}

# line_flavour BASE: a flavour BASE-LINE is of that kernel line, whatever
# KERNEL_LINE says: set the line (and die naming the flavour if there is no
# such line or no source for it); BASE alone keeps the line it has
line_flavour() {
	[ "$FLAVOUR" != "$1" ] || return 0
	[[ " $KERNEL_LINES " == *" ${FLAVOUR#*-} "* ]] ||
		die "unknown flavour '$FLAVOUR' (no kernel line ${FLAVOUR#*-}: ${KERNEL_LINES// /, })"
	set_line "${FLAVOUR#*-}"
	[ -r "$KERNEL_TARBALL" ] || die "no source for flavour '$FLAVOUR' ($KERNEL_TARBALL): run 'make deps'"
}
KARCH=x86_64
UPTO=
# A flavour that names no line is of KERNEL_LINE's; 6.1's keep their names.
case $FLAVOUR in
stock|patched|debug) [ "$LINE" = 6.1 ] || FLAVOUR=$FLAVOUR-$LINE ;;
stock-6.1|patched-6.1|debug-6.1) set_line 6.1; FLAVOUR=${FLAVOUR%-6.1} ;;
esac
case $FLAVOUR in
stock)   VARIANT=stock;   EXTRA= ;;
patched) VARIANT=patched; EXTRA= ;;
debug|debug-*)
	 # the patched tree of the line the name gives (6.1's names none),
	 # in a folder of the version's (obj/6.12-debug)
	 line_flavour debug
	 VARIANT=patched; EXTRA=$TOP/kernel/config/flavours/debug.config; FLAVOUR=debug
	 [ ! -f "$TOP/kernel/config/flavours/debug-$KVER.config" ] ||
		EXTRA="$EXTRA $TOP/kernel/config/flavours/debug-$KVER.config" ;;
systemd|systemd-*)
	 # KERNEL_LINE's, as "patched" is, or the line the name gives;
	 # the folders are named by the version (obj/6.12-systemd)
	 line_flavour systemd
	 [ -r "$KERNEL_TARBALL" ] || die "no source for flavour '$FLAVOUR' ($KERNEL_TARBALL): run 'make deps'"
	 VARIANT=patched; EXTRA=$TOP/kernel/config/flavours/systemd.config; FLAVOUR=systemd
	 # and what only the line's Kconfig spells that way
	 [ ! -f "$TOP/kernel/config/flavours/systemd-$KVER.config" ] ||
		EXTRA="$EXTRA $TOP/kernel/config/flavours/systemd-$KVER.config" ;;
patched-i386) only_line_6_1 "flavour patched-i386"
	 VARIANT=patched; KARCH=i386; EXTRA=$TOP/kernel/config/arch/i386.config ;;
patched-upto-[0-9][0-9][0-9][0-9]) only_line_6_1 "flavour patched-upto-NNNN"
	 VARIANT=patched; EXTRA= ; UPTO=${FLAVOUR#patched-upto-} ;;
stock-*|patched-*)
	 line_flavour "${FLAVOUR%%-*}"
	 VARIANT=${FLAVOUR%%-*}; EXTRA=
	 FLAVOUR=$VARIANT ;;
*) die "unknown flavour '$FLAVOUR' (stock, patched, debug, systemd, patched-i386, patched-upto-NNNN, stock-LINE, patched-LINE, debug-LINE, systemd-LINE; lines ${KERNEL_LINES// /, })" ;;
esac
# What the series adds: a stock source has no such options
[ "$VARIANT" = stock ] || EXTRA="$PATCHED_CONFIG $EXTRA"
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
	grep -q "/$UPTO-[^/]*\$" <<<"$PATCH_FILES" || die "$(rel "$SERIES") has no patch $UPTO"
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
[ -n "$SOURCE_ONLY" ] || current_image

take_build_lock

[ -n "$SOURCE_ONLY" ] || current_image

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
			die "$(rel "$SERIES") does not apply to $KVER (see 'git -C $SRC am --show-current-patch')"
	fi
	echo "$SRC_KEY" > "$BUILD/src/.$KVER-$TREE.applied"
fi
if [ -n "$SOURCE_ONLY" ]; then
	echo "$SRC"
	exit 0
fi
# A prefix takes the series' options its tree defines, in a fragment of its
# own in place of variants/patched.config (the whole series' flavours must
# take every one: the check below fails on an option Kconfig dropped).
if [ -n "$UPTO" ]; then
	prefix_fragment=$BUILD/obj/.variant-$KVER-$FLAVOUR.config
	series_options_defined "$SRC" "$PATCHED_CONFIG" >"$prefix_fragment"
	EXTRA=${EXTRA/"$PATCHED_CONFIG"/$prefix_fragment}
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
# A kernel with loadable modules (the systemd flavour's compressor) gets
# them installed beside its image, in modules/lib/modules/RELEASE, which a
# guest copies to its own /lib/modules
if grep -q '^CONFIG_MODULES=y' "$OBJ/.config"; then
	rm -rf "$OBJ/modules"
	if ! "${KMAKE[@]}" modules >>"$LOG" 2>&1 ||
	   ! "${KMAKE[@]}" INSTALL_MOD_PATH="$OBJ/modules" modules_install >>"$LOG" 2>&1; then
		tail -n 40 "$LOG" >&2
		die "kernel modules failed, full log in $LOG"
	fi
fi
msg DONE "$KVER-$FLAVOUR in $(($(date +%s) - start)) s"
echo "$BUILD_KEY" > "$OBJ/.zswapctl-stamp"
echo "$IMAGE"
