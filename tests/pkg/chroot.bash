# SPDX-License-Identifier: GPL-2.0
# A minimal Debian chroot for tests/pkg/ (root only): Debian 12 (bookworm)
# for packages.bats, or the release CHROOT_SUITE names (trixie.bats sets
# trixie before it loads this file).
#
# The debootstrapped tree (variant minbase, from the Debian archive this
# machine's apt uses) is kept as $CHROOT_CACHE and reused for as long as it
# exists: delete it to debootstrap afresh. Each run unpacks it into
# $CHROOT_DIR, which chroot_remove deletes. /proc and /sys are mounted only
# while a command runs in the chroot, by in_chroot, which unmounts them on
# every way out; chroot_remove unmounts whatever is left below the chroot
# before it deletes anything, and deletes nothing on another file system.

CHROOT_SUITE=${CHROOT_SUITE:-bookworm}
CHROOT_CACHE=${CHROOT_CACHE:-$BUILD/deb/chroot-$CHROOT_SUITE-minbase.tar}
CHROOT_DIR=${CHROOT_DIR:-$BUILD/deb/chroot-$CHROOT_SUITE}

# The Debian archive of this machine's apt sources, deb.debian.org without one
debian_mirror() {
	local uri
	uri=$(awk '$1 == "URIs:" { for (i = 2; i <= NF; i++) print $i }' \
		/etc/apt/sources.list.d/*.sources 2>/dev/null | grep -m1 -E '/debian/?$')
	[ -n "$uri" ] || uri=$(awk '$1 == "deb" { for (i = 2; i <= NF; i++) if ($i ~ /^https?:/) { print $i; break } }' \
		/etc/apt/sources.list /etc/apt/sources.list.d/*.list 2>/dev/null | grep -m1 -E '/debian/?$')
	echo "${uri:-http://deb.debian.org/debian}"
}

# The security archive of this machine's apt sources, or Debian's
debian_security_mirror() {
	local uri
	uri=$(grep -hoE 'https?://[^ ]*/debian-security/?' /etc/apt/sources.list.d/*.sources \
		/etc/apt/sources.list.d/*.list /etc/apt/sources.list 2>/dev/null | head -n 1)
	echo "${uri:-http://deb.debian.org/debian-security}"
}

# chroot_sources: the chroot's apt sources. This machine's own, with its
# updates and security suites, when the chroot is of its release; for
# another release, the same suites of that one, from the same archives.
chroot_sources() {
	local f codename
	codename=$(. /etc/os-release && echo "${VERSION_CODENAME:-}")
	rm -f "$CHROOT_DIR/etc/apt/sources.list"
	if [ "$codename" != "$CHROOT_SUITE" ]; then
		cat > "$CHROOT_DIR/etc/apt/sources.list.d/debian.sources" <<-EOF
			Types: deb
			URIs: $(debian_mirror)
			Suites: $CHROOT_SUITE $CHROOT_SUITE-updates
			Components: main
			Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg

			Types: deb
			URIs: $(debian_security_mirror)
			Suites: $CHROOT_SUITE-security
			Components: main
			Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
		EOF
		return
	fi
	for f in /etc/apt/sources.list.d/*.sources /etc/apt/sources.list.d/*.list \
		/etc/apt/sources.list; do
		if [ ! -f "$f" ] || ! grep -qE '^[^#]*(deb|security)\.debian\.org' "$f"; then
			continue
		fi
		cp "$f" "$CHROOT_DIR/etc/apt/sources.list.d/"
	done
}

# unmount_below DIR: unmount DIR and every mount below it, deepest first
unmount_below() {
	local m
	awk -v d="$1" '$2 == d || index($2, d "/") == 1 { print $2 }' /proc/self/mounts |
		sort -r | while read -r m; do
			umount "$m" 2>/dev/null || umount -l "$m"
		done
}

# remove_tree DIR: rm -rf, once nothing is mounted below DIR, and never
# across a file system boundary
remove_tree() {
	[ -e "$1" ] || return 0
	unmount_below "$1"
	if awk -v d="$1" '$2 == d || index($2, d "/") == 1 { found = 1 } END { exit !found }' \
		/proc/self/mounts; then
		echo "chroot: still mounted below $1, not removing it" >&2
		return 1
	fi
	rm -rf --one-file-system "$1"
}

chroot_remove() {
	remove_tree "$CHROOT_DIR"
}

# chroot_create: a fresh chroot in $CHROOT_DIR from the cached tree
# (debootstrapped first when there is none), with this machine's Debian
# apt sources and its resolv.conf
chroot_create() {
	local tmp=$CHROOT_CACHE.d mirror
	chroot_remove || return
	# make check may run this before anything else made build/deb
	mkdir -p "$(dirname "$CHROOT_CACHE")" || return
	if [ ! -s "$CHROOT_CACHE" ]; then
		remove_tree "$tmp" || return
		mirror=$(debian_mirror)
		echo "# debootstrap --variant=minbase $CHROOT_SUITE from $mirror" >&3
		if ! debootstrap --variant=minbase "$CHROOT_SUITE" "$tmp" "$mirror" \
			> "$CHROOT_CACHE.log" 2>&1; then
			tail -n 20 "$CHROOT_CACHE.log"
			remove_tree "$tmp"
			return 1
		fi
		tar -C "$tmp" -cf "$CHROOT_CACHE.part" . &&
			mv "$CHROOT_CACHE.part" "$CHROOT_CACHE" || return
		remove_tree "$tmp" || return
	fi
	mkdir -p "$CHROOT_DIR"
	tar -C "$CHROOT_DIR" -xf "$CHROOT_CACHE" || return
	# in place of debootstrap's one line
	chroot_sources
	cp -L /etc/resolv.conf "$CHROOT_DIR/etc/resolv.conf"
}

# in_chroot CMD...: run CMD in the chroot, with /proc and /sys mounted for
# its duration and a clean environment
in_chroot() {
	(
		trap 'unmount_below "$CHROOT_DIR/sys"; unmount_below "$CHROOT_DIR/proc"' EXIT
		mount -t proc proc "$CHROOT_DIR/proc" &&
			mount -t sysfs sysfs "$CHROOT_DIR/sys" || exit 125
		chroot "$CHROOT_DIR" /usr/bin/env -i HOME=/root LC_ALL=C.UTF-8 \
			PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
			DEBIAN_FRONTEND=noninteractive "$@"
	)
}

# assert_status_in_chroot: zswapctl status in the chroot reads the host
# kernel, in text and in JSON, through the fallback: no kernel this runs on
# has the zswap netlink family but the patched guest
assert_status_in_chroot() {
	run -0 in_chroot zswapctl status
	assert_line --regexp '^source: +fallback$'
	assert_line --regexp '^compressor: +[a-z0-9-]+$'
	run -0 in_chroot zswapctl status --json
	jq -e '.source == "fallback" and (.compressor | type == "string") and (.zswpout | type == "number")' \
		<<<"$output"
}
