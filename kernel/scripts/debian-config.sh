#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# debian-config.sh SRC OBJ: write OBJ/.config from Debian's own amd64
# configuration of the kernel line (KERNEL_LINE, 6.1 unless set; package
# linux-config-LINE), as Debian builds its linux-image, for a tree outside
# Debian's packaging:
#   - the signing and trusted keys name files of Debian's packaging
#     (debian/certs/...), which a source tree does not have: cleared, so
#     Kbuild makes its own throwaway signing key;
#   - the release is LINE.N-zswapctl, so the package installs beside
#     Debian's own kernels instead of replacing one;
#   - the zswap options our series adds take their Kconfig defaults, and
#     the family is asked for explicitly so a default change cannot drop it.
# OBJ/.config is rewritten only when it changes, so Kbuild keeps its work.
. "$(dirname "$0")/common.sh"

SRC=$(realpath "${1:?usage: debian-config.sh SRC OBJ}")
OBJ=$(realpath -m "${2:?usage: debian-config.sh SRC OBJ}")
DEBIAN_CONFIG=${DEBIAN_CONFIG:-/usr/src/linux-config-$KVER/config.amd64_none_amd64.xz}
# 6.1's comes with make deps (the full-config check of make check needs
# it); the other lines' only with make deps-bindeb
[ -r "$DEBIAN_CONFIG" ] ||
	die "$DEBIAN_CONFIG missing: run 'make $([ "$LINE" = 6.1 ] && echo deps || echo deps-bindeb)'"

mkdir -p "$OBJ"
tmp=$(mktemp -d "$OBJ/.config.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
xzcat "$DEBIAN_CONFIG" > "$tmp/.config"
"$SRC/scripts/config" --file "$tmp/.config" \
	--set-str SYSTEM_TRUSTED_KEYS "" \
	--set-str SYSTEM_REVOCATION_KEYS "" \
	--set-str MODULE_SIG_KEY "certs/signing_key.pem" \
	--set-str LOCALVERSION "-zswapctl" --disable LOCALVERSION_AUTO
if grep -q '^config ZSWAP_NETLINK$' "$SRC/mm/Kconfig"; then
	"$SRC/scripts/config" --file "$tmp/.config" --enable ZSWAP_NETLINK
fi
make -s -C "$SRC" O="$tmp" ARCH=x86_64 olddefconfig >/dev/null
for want in CONFIG_ZSWAP=y CONFIG_MEMCG=y; do
	grep -qxF "$want" "$tmp/.config" || die "Debian's configuration lost $want"
done
if grep -q '^config ZSWAP_NETLINK$' "$SRC/mm/Kconfig"; then
	grep -qxF CONFIG_ZSWAP_NETLINK=y "$tmp/.config" || die "CONFIG_ZSWAP_NETLINK not set"
fi
cmp -s "$tmp/.config" "$OBJ/.config" || cp "$tmp/.config" "$OBJ/.config"
