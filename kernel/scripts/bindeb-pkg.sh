#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# bindeb-pkg.sh [--dry-run]: the patched kernel of KERNEL_LINE (6.1 unless
# set) as a Debian package, built with Debian's own amd64 configuration of
# that line (package linux-config-LINE; kernel/scripts/debian-config.sh),
# the way a user would install it: linux-image-LINE.N-zswapctl_*.deb and
# its headers package, in build/deb/kernel/.
#
# This builds the whole kernel and its modules: hours on a 2-core machine,
# so it is not part of 'make check', which compiles only the files the
# 6.1 series touches under the same configuration (fullconfig-check.sh). It
# shares that check's build folder, so the check's work is not done twice.
#
# --dry-run prepares the tree and the configuration, prints the release,
# the package version and the make command, and stops before the build.
. "$(dirname "$0")/common.sh"

DRY_RUN=
case ${1:-} in
'') ;;
--dry-run) DRY_RUN=1 ;;
*) die "usage: bindeb-pkg.sh [--dry-run]" ;;
esac

OBJ=$BUILD/obj/$KVER-patched-debian
OUT=$BUILD/deb/kernel
LOG=$BUILD/logs/bindeb-pkg-$KVER.log

# The source tree with the line's series; Debian's configuration, not the
# guest's, is what this builds, so the guest kernel is not built first.
SRC=$("$(dirname "$0")/build.sh" --source patched)
take_build_lock
"$(dirname "$0")/debian-config.sh" "$SRC" "$OBJ"
mkdir -p "$OUT" "$(dirname "$LOG")"

# An empty LOCALVERSION keeps setlocalversion from adding "+" for a git
# tree: the release is the version plus CONFIG_LOCALVERSION, no more.
kernel_make "$SRC" "$OBJ" LOCALVERSION= KBUILD_BUILD_USER=zswapctl KBUILD_BUILD_HOST=build
# kernelrelease reads the configuration syncconfig writes, so sync first.
"${KMAKE[@]}" -s syncconfig </dev/null
release=$("${KMAKE[@]}" -s kernelrelease)
# The Debian revision names the series, so two builds of different series
# never share a version.
# shellcheck disable=SC2046
KMAKE+=(KDEB_PKGVERSION="$release-1+zswapctl.$(hash_of $(series_files) | cut -c1-8)")

if [ -n "$DRY_RUN" ]; then
	msg DRY-RUN "linux-image-$release from $(rel "$SRC"), $(series_files | grep -c . || true) patches of $(rel "$SERIES")"
	printf '%q ' "${KMAKE[@]}" bindeb-pkg
	echo
	exit 0
fi
msg BUILD "linux-image-$release (log: $(rel "$LOG")); this takes hours on 2 cores"
start=$(date +%s)
if ! "${KMAKE[@]}" bindeb-pkg </dev/null >"$LOG" 2>&1; then
	tail -n 40 "$LOG" >&2
	die "bindeb-pkg failed, full log in $LOG"
fi
# dpkg-buildpackage leaves the packages beside the build folder.
mv "$(dirname "$OBJ")"/*.deb "$(dirname "$OBJ")"/*.buildinfo "$(dirname "$OBJ")"/*.changes "$OUT"/
msg DONE "in $(($(date +%s) - start)) s: $(ls "$OUT"/*.deb | tr '\n' ' ')"
