#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0
# zswapctl export --output-file onto every kind of file, as root would meet
# them when it runs on a timer into a folder another user owns (Debian's
# /var/lib/prometheus is the prometheus user's): "-" is standard output; a
# regular file (or a new name) is replaced whole, through a temporary file,
# a rename and a sync of its folder; anything else at the name (a link, a
# FIFO, a device, a socket, a folder), a link anywhere in the folder's
# path, and a folder another user may change are refused with exit 2, one
# line that names the problem, and nothing changed. The traps are laid by
# a plain user (nobody) in a folder below /tmp; zswapctl runs as root.
# Nothing here may touch the host's own /dev: device nodes are made in the
# test's folder (mknod, as root).

load helpers

setup() {
	require_zswapctl
	command -v strace >/dev/null || fail "no strace (make deps installs it)"
	[ -x /usr/bin/python3 ] || fail "no /usr/bin/python3 (make deps installs it)"
	# What export prints on stdout: what every target must end up holding
	WANT=$(zc_stock export)
}

teardown() {
	if [ -n "${SHARED_DIR:-}" ]; then
		chmod -R u+w "$SHARED_DIR"
		rm -rf "$SHARED_DIR"
	fi
	true
}

# shared_dir: a folder below /tmp that user nobody can reach (the test's
# own folder is private to root), in $SHARED_DIR
shared_dir() {
	SHARED_DIR=$(mktemp -d /tmp/zswapctl-targets.XXXXXX)
	chmod 755 "$SHARED_DIR"
}

# "${UNPRIV[@]}" CMD...: CMD as user nobody, the plain user who lays the
# traps for root
UNPRIV=(setpriv --reuid=65534 --regid=65534 --clear-groups)

require_root() {
	[ "$(id -u)" = 0 ] || skip "needs root: the traps are another user's, for root to meet"
}

# private_chardev NAME MAJOR MINOR: $NODE, a character device of our own,
# so that a zswapctl that replaced it could not replace the host's
# /dev/NAME. A user who may not make one may not replace /dev/NAME either:
# then $NODE is /dev/NAME itself.
private_chardev() {
	mkdir -p "$BATS_TEST_TMPDIR/dev"
	NODE=$BATS_TEST_TMPDIR/dev/$1
	if mknod -m 666 "$NODE" c "$2" "$3" 2>/dev/null; then
		return
	fi
	[ ! -w /dev ] || fail "cannot make a device node, and /dev is writable: not risking /dev/$1"
	NODE=/dev/$1
}

# assert_kind PATH KIND: stat(1)'s %F of PATH, the link itself not followed
assert_kind() {
	assert_equal "$(stat -c %F "$1")" "$2"
}

# assert_refused PATH REGEX: export --output-file PATH as root: exit 2, one line
# "cannot write PATH: REGEX", nothing on stdout, and at once: a FIFO
# opened or waited for would keep it past the timeout
assert_refused() {
	run -2 --separate-stderr timeout 30 "$ZSWAPCTL" --sysroot "$STOCK" export --output-file "$1"
	assert_one_line_error "cannot write $1: $2"
}

# no_temp_left DIR: no temporary file of ours in DIR
no_temp_left() {
	run -0 find "$1" -maxdepth 1 -name '.*.prom.*'
	assert_output ""
}

@test "a regular file is replaced whole: synced, renamed over, then its folder synced" {
	local dir=$BATS_TEST_TMPDIR/out log inode
	mkdir "$dir"
	echo stale > "$dir/z.prom"
	inode=$(stat -c %i "$dir/z.prom")
	log=$BATS_TEST_TMPDIR/strace.log
	run -0 strace -o "$log" -e trace=openat,fsync,rename,renameat,renameat2,write \
		-e signal=none "$ZSWAPCTL" --sysroot "$STOCK" export --output-file "$dir/z.prom"
	assert_equal "$(cat "$dir/z.prom")" "$WANT"
	[ "$(stat -c %i "$dir/z.prom")" != "$inode" ] || fail "written in place, not replaced"
	assert_equal "$(stat -c %a "$dir/z.prom")" 644
	assert_equal "$(ls -A "$dir")" z.prom
	# The order that makes it durable: the data, the rename, the folder.
	# The folder is the last one opened with O_DIRECTORY|O_NOFOLLOW
	# before the temporary file is made in it with O_CREAT|O_EXCL.
	run awk '
		/O_DIRECTORY/ && /O_NOFOLLOW/ && /"out"/ {
			dfd = $NF; sub(/.*= /, "", dfd); next
		}
		/O_CREAT\|O_EXCL\|O_NOFOLLOW/ && index($0, "openat(" dfd ", \".z.prom.") {
			tmp = $NF; sub(/.*= /, "", tmp); step = "created"; next
		}
		step == "created" && $0 ~ "^write\\(" tmp "," { step = "written"; next }
		step == "written" && $0 ~ "^fsync\\(" tmp "\\)" { step = "synced"; next }
		step == "synced" && $0 ~ "^renameat2?\\(" dfd ", \"\\.z\\.prom\\.[A-Za-z0-9]+\", " dfd ", \"z\\.prom\"" {
			step = "renamed"; next
		}
		step == "renamed" && $0 ~ "^fsync\\(" dfd "\\) += 0" { step = "done" }
		END { print step }' "$log"
	assert_output done
}

@test "'-' is standard output, as it is: a pipe, a regular file appended to, a socket" {
	local out inode
	run -0 --separate-stderr bash -c 'set -o pipefail
		"$@" | cat' _ "$ZSWAPCTL" --sysroot "$STOCK" export --output-file -
	assert_output "$WANT"
	# A regular file: appended to as the shell opened it, never replaced
	out=$BATS_TEST_TMPDIR/out.prom
	echo first >"$out"
	inode=$(stat -c %i "$out")
	"$ZSWAPCTL" --sysroot "$STOCK" export --output-file - >>"$out" || fail "export --output-file - into a file failed"
	assert_equal "$(stat -c %i "$out")" "$inode"
	assert_equal "$(cat "$out")" "first"$'\n'"$WANT"
	# A socket, as a service's stdout is when it goes to the journal
	run -0 /usr/bin/python3 - "$ZSWAPCTL" --sysroot "$STOCK" export --output-file - <<'PY'
import socket, subprocess, sys
a, b = socket.socketpair()
p = subprocess.Popen(sys.argv[1:], stdout=a)
a.close()
data = b""
while chunk := b.recv(65536):
    data += chunk
sys.stdout.write(data.decode())
sys.exit(p.wait())
PY
	assert_output "$WANT"
}

# The attack of issue 30: the owner of /var/lib/prometheus swaps root's
# node-exporter folder for one of its own that holds zswap.prom -> a file
# of root's
@test "the owner of /var/lib/prometheus swaps node-exporter/ for a folder with a link: refused, the target untouched" {
	require_root
	local lib victim
	shared_dir
	lib=$SHARED_DIR/var/lib/prometheus
	mkdir -p "$lib/node-exporter"
	chown 65534:65534 "$lib"
	victim=$SHARED_DIR/shadow
	echo secret > "$victim"
	chmod 640 "$victim"
	# the export works while the folder is root's
	run -0 zc_stock export --output-file "$lib/node-exporter/zswap.prom"
	"${UNPRIV[@]}" sh -ec 'cd "$1" && mv node-exporter old && mkdir node-exporter &&
		ln -s "$2" node-exporter/zswap.prom' _ "$lib" "$victim"
	assert_refused "$lib/node-exporter/zswap.prom" \
		"the folder $lib/node-exporter belongs to user nobody, uid 65534, who may change what is in it$"
	assert_equal "$(cat "$victim")" secret
	assert_equal "$(stat -c '%a %U' "$victim")" "640 root"
	assert_kind "$lib/node-exporter/zswap.prom" "symbolic link"
	no_temp_left "$lib/node-exporter"
	# nor does a link in place of the folder lead anywhere
	"${UNPRIV[@]}" sh -ec 'cd "$1" && rm -r node-exporter && ln -s "$2" node-exporter' \
		_ "$lib" "$SHARED_DIR"
	assert_refused "$lib/node-exporter/shadow" \
		"$lib/node-exporter is a symbolic link, which zswapctl does not follow here$"
	assert_equal "$(cat "$victim")" secret
}

@test "a link at the name, to a file in another folder, to a device, to a FIFO: refused at once, each untouched" {
	require_root
	local dir victim
	shared_dir
	dir=$SHARED_DIR/out
	mkdir "$dir"
	mkdir "$SHARED_DIR/other"
	victim=$SHARED_DIR/other/victim
	echo secret > "$victim"
	chmod 600 "$victim"
	private_chardev full 1 7
	mkfifo -m 666 "$SHARED_DIR/other/fifo"
	chmod 1777 "$dir"
	"${UNPRIV[@]}" ln -s "$victim" "$dir/file.prom"
	"${UNPRIV[@]}" ln -s "$NODE" "$dir/device.prom"
	"${UNPRIV[@]}" ln -s "$SHARED_DIR/other/fifo" "$dir/fifo.prom"
	# root's own link is not followed either
	ln -s "$victim" "$dir/own.prom"
	for name in file device fifo own; do
		assert_refused "$dir/$name.prom" "a symbolic link, which zswapctl does not follow here$"
		assert_kind "$dir/$name.prom" "symbolic link"
	done
	assert_equal "$(cat "$victim")" secret
	assert_equal "$(stat -c %a "$victim")" 600
	assert_equal "$(stat -c '%F %t:%T' "$NODE")" "character special file 1:7"
	assert_kind "$SHARED_DIR/other/fifo" fifo
	no_temp_left "$dir"
}

@test "a FIFO, a device, a socket, a block device or a folder at the name: refused, each what it was" {
	local dir=$BATS_TEST_TMPDIR/refused block
	mkdir -p "$dir/folder"
	mkfifo "$dir/fifo"
	private_chardev null 1 3
	ln "$NODE" "$dir/null" 2>/dev/null || cp -a "$NODE" "$dir/null"
	/usr/bin/python3 -c 'import socket, sys; socket.socket(socket.AF_UNIX).bind(sys.argv[1])' \
		"$dir/sock"
	assert_refused "$dir/fifo" "a FIFO$"
	assert_kind "$dir/fifo" fifo
	assert_refused "$dir/null" "a character device$"
	assert_refused "$dir/sock" "a socket$"
	assert_kind "$dir/sock" socket
	assert_refused "$dir/folder" "a folder$"
	assert_equal "$(ls -A "$dir/folder")" ""
	# A block device: a private node of a loop device nobody uses, or, for
	# a user who cannot make one, whichever the system has (only looked at)
	block=$dir/block
	if ! mknod "$block" b 7 250 2>/dev/null; then
		block=$(find /dev -maxdepth 1 -type b -print -quit)
		[ -n "$block" ] || fail "no block device to try"
	fi
	assert_refused "$block" "a block device$"
	assert_kind "$block" "block special file"
	no_temp_left "$dir"
	assert_equal "$(ls -A "$dir" | sort | tr '\n' ' ')" "block fifo folder null sock "
}

@test "a link anywhere in the folder's path: refused, naming it; /dev/stdout is one" {
	local dir=$BATS_TEST_TMPDIR/path
	mkdir -p "$dir/real/deeper"
	ln -s real "$dir/link"
	assert_refused "$dir/link/z.prom" "$dir/link is a symbolic link, which zswapctl does not follow here$"
	assert_refused "$dir/link/deeper/z.prom" "$dir/link is a symbolic link, which zswapctl does not follow here$"
	# relative paths are walked the same way
	cd "$dir"
	assert_refused "link/deeper/z.prom" "link is a symbolic link, which zswapctl does not follow here$"
	echo file > "$dir/real/plain"
	assert_refused "real/plain/z.prom" "real/plain is not a folder$"
	assert_refused "real/none/z.prom" "real/none: No such file or directory$"
	assert_equal "$(ls -A "$dir/real" | tr '\n' ' ')" "deeper plain "
	# /dev/stdout names standard output through a link: '-' is its name here
	assert_refused /dev/stdout "a symbolic link, which zswapctl does not follow here$"
	assert_kind /dev/stdout "symbolic link"
	# and ".." goes up without a link
	run -0 zc_stock export --output-file "real/deeper/../z.prom"
	assert_equal "$(cat "$dir/real/z.prom")" "$WANT"
}

@test "a folder another user may change: refused unless sticky; the caller's and root's are fine" {
	require_root
	local dir
	shared_dir
	dir=$SHARED_DIR/d
	mkdir "$dir"
	chmod 777 "$dir"
	assert_refused "$dir/z.prom" "the folder $dir may be written by any user and is not sticky$"
	chmod 775 "$dir"
	chgrp 65534 "$dir"
	assert_refused "$dir/z.prom" "the folder $dir may be written by its group and is not sticky$"
	# an ACL that lets another user write shows in the group bits (its mask)
	chmod 755 "$dir"
	chgrp 0 "$dir"
	if setfacl -m u:65534:rwx "$dir" 2>/dev/null; then
		assert_refused "$dir/z.prom" "the folder $dir may be written by its group and is not sticky$"
		setfacl -b "$dir"
	fi
	chown 65534 "$dir"
	chmod 755 "$dir"
	assert_refused "$dir/z.prom" "the folder $dir belongs to user nobody, uid 65534, who may change what is in it$"
	# sticky: others cannot take the file away; but not when it is theirs
	chmod 1777 "$dir"
	assert_refused "$dir/z.prom" "the folder $dir belongs to user nobody, uid 65534, who may change what is in it$"
	assert_equal "$(ls -A "$dir")" ""
	chown 0 "$dir"
	run -0 zc_stock export --output-file "$dir/z.prom"
	assert_equal "$(cat "$dir/z.prom")" "$WANT"
	# a plain user's own folder is fine for that user
	mkdir "$SHARED_DIR/mine"
	chown 65534:65534 "$SHARED_DIR/mine"
	run -0 "${UNPRIV[@]}" "$ZSWAPCTL" --sysroot "$STOCK" export --output-file "$SHARED_DIR/mine/z.prom"
	assert_equal "$(stat -c '%U %a' "$SHARED_DIR/mine/z.prom")" "nobody 644"
}

# What a check before the rename cannot see: a link put at the name
# between the look and the rename. A preloaded renameat() lays it first,
# deterministically, as a user racing the timer would.
@test "a link laid at the name just before the rename is replaced, never followed" {
	local dir=$BATS_TEST_TMPDIR/race victim=$BATS_TEST_TMPDIR/victim shim
	require_tool cc
	mkdir "$dir"
	echo secret > "$victim"
	shim=$BATS_TEST_TMPDIR/race.so
	cat > "$BATS_TEST_TMPDIR/race.c" <<'C'
#define _GNU_SOURCE
#include <dlfcn.h>
#include <fcntl.h>
#include <stdlib.h>
#include <unistd.h>
/* Whichever call puts the file in place, the link is there first */
int renameat(int od, const char *o, int nd, const char *n)
{
	int (*real)(int, const char *, int, const char *) = dlsym(RTLD_NEXT, "renameat");

	symlinkat(getenv("RACE_TARGET"), nd, n);
	return real(od, o, nd, n);
}
int renameat2(int od, const char *o, int nd, const char *n, unsigned int f)
{
	int (*real)(int, const char *, int, const char *, unsigned int) =
		dlsym(RTLD_NEXT, "renameat2");

	symlinkat(getenv("RACE_TARGET"), nd, n);
	return real(od, o, nd, n, f);
}
int rename(const char *o, const char *n)
{
	int (*real)(const char *, const char *) = dlsym(RTLD_NEXT, "rename");

	symlink(getenv("RACE_TARGET"), n);
	return real(o, n);
}
C
	cc -shared -fPIC -o "$shim" "$BATS_TEST_TMPDIR/race.c" -ldl
	run -0 env LD_PRELOAD="$shim" RACE_TARGET="$victim" "$ZSWAPCTL" --sysroot "$STOCK" \
		export --output-file "$dir/z.prom"
	assert_equal "$(cat "$victim")" secret
	assert_kind "$dir/z.prom" "regular file"
	assert_equal "$(cat "$dir/z.prom")" "$WANT"
}

@test "valgrind: the file, standard output and the refusals leak nothing" {
	local vg=(valgrind --quiet --leak-check=full --show-leak-kinds=all --errors-for-leak-kinds=all
		  --error-exitcode=9) dir=$BATS_TEST_TMPDIR/vg
	command -v valgrind >/dev/null || fail "no valgrind (make deps installs it)"
	mkdir -p "$dir/folder"
	mkfifo "$dir/fifo"
	ln -s folder "$dir/link"
	run -0 "${vg[@]}" "$ZSWAPCTL" --sysroot "$STOCK" export --output-file "$dir/z.prom"
	run -0 "${vg[@]}" "$ZSWAPCTL" --sysroot "$STOCK" export --output-file -
	for target in fifo folder link link/z.prom none/z.prom; do
		run -2 timeout 60 "${vg[@]}" "$ZSWAPCTL" --sysroot "$STOCK" export --output-file "$dir/$target"
	done
}

@test "a file name of 250 bytes: replaced whole, through a temporary name cut short" {
	local dir=$BATS_TEST_TMPDIR/long name
	mkdir "$dir"
	name=$(printf 'n%.0s' {1..246}).prom
	echo stale > "$dir/$name"
	run -0 zc_stock export --output-file "$dir/$name"
	assert_equal "$(cat "$dir/$name")" "$WANT"
	assert_equal "$(ls -A "$dir")" "$name"
}
