#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0
# zswapctl export --output onto every kind of file: a regular file (or a
# new name) is replaced whole, through a temporary file, a rename and a
# sync of its folder; a FIFO, a character device and /dev/stdout are
# written in place and stay what they are; a symbolic link is followed and
# stays a link; a folder, a socket and a block device are refused with
# exit 2. Nothing here may touch the host's own /dev: device nodes are made
# in the test's folder (mknod, as root), and the tests that must name
# /dev/stdout run as user nobody when they run as root, so that a zswapctl
# that replaced its target could not replace the host's.

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

# "${UNPRIV[@]}" CMD...: CMD as user nobody when the tests run as root,
# who may write anywhere (in /dev too); as the user itself otherwise.
if [ "$(id -u)" = 0 ]; then
	UNPRIV=(setpriv --reuid=65534 --regid=65534 --clear-groups)
else
	UNPRIV=()
fi

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

@test "a regular file is replaced whole: synced, renamed over, then its folder synced" {
	local dir=$BATS_TEST_TMPDIR/out log inode
	mkdir "$dir"
	echo stale > "$dir/z.prom"
	inode=$(stat -c %i "$dir/z.prom")
	log=$BATS_TEST_TMPDIR/strace.log
	run -0 strace -o "$log" -e trace=openat,fsync,rename,renameat,renameat2,write \
		-e signal=none "$ZSWAPCTL" --sysroot "$STOCK" export -o "$dir/z.prom"
	assert_equal "$(cat "$dir/z.prom")" "$WANT"
	[ "$(stat -c %i "$dir/z.prom")" != "$inode" ] || fail "written in place, not replaced"
	assert_equal "$(stat -c %a "$dir/z.prom")" 644
	assert_equal "$(ls -A "$dir")" z.prom
	# The order that makes it durable: the data, the rename, the folder.
	# The temporary file is the one opened with O_CREAT|O_EXCL in $dir.
	run awk -v dir="$dir" '
		/O_CREAT\|O_EXCL/ && index($0, dir "/.z.prom.") {
			tmp = $NF; sub(/.*= /, "", tmp); step = "created"; next
		}
		step == "created" && $0 ~ "^write\\(" tmp "," { step = "written"; next }
		step == "written" && $0 ~ "^fsync\\(" tmp "\\)" { step = "synced"; next }
		step == "synced" && /^rename/ && index($0, dir "/z.prom") { step = "renamed"; next }
		step == "renamed" && /O_DIRECTORY/ && index($0, "\"" dir "\"") {
			dfd = $NF; sub(/.*= /, "", dfd); step = "opened"; next
		}
		step == "opened" && $0 ~ "^fsync\\(" dfd "\\) += 0" { step = "done" }
		END { print step }' "$log"
	assert_output done
}

@test "a FIFO is written in place: its reader gets the whole text, it stays a FIFO" {
	local dir=$BATS_TEST_TMPDIR/fifo reader
	mkdir "$dir"
	mkfifo "$dir/z.prom"
	# Bounded both ways: a zswapctl that renamed over the FIFO would leave
	# its reader waiting for a writer that never comes
	timeout 30 cat "$dir/z.prom" >"$BATS_TEST_TMPDIR/read" &
	reader=$!
	run -0 --separate-stderr timeout 30 "$ZSWAPCTL" --sysroot "$STOCK" export -o "$dir/z.prom"
	wait "$reader" || fail "the reader got no end of file (exit $?)"
	assert_equal "$(cat "$BATS_TEST_TMPDIR/read")" "$WANT"
	assert_kind "$dir/z.prom" fifo
	assert_equal "$(ls -A "$dir")" z.prom
}

@test "a FIFO in a folder nobody may write to is written all the same: no temporary file needed" {
	local reader
	shared_dir
	mkfifo -m 666 "$SHARED_DIR/z.prom"
	chmod 555 "$SHARED_DIR"
	timeout 30 cat "$SHARED_DIR/z.prom" >"$BATS_TEST_TMPDIR/read" &
	reader=$!
	run -0 --separate-stderr timeout 30 "${UNPRIV[@]}" "$ZSWAPCTL" --sysroot "$STOCK" \
		export -o "$SHARED_DIR/z.prom"
	wait "$reader" || fail "the reader got no end of file (exit $?)"
	assert_equal "$(cat "$BATS_TEST_TMPDIR/read")" "$WANT"
	assert_kind "$SHARED_DIR/z.prom" fifo
}

@test "a symbolic link is followed: the link stays, the file it names is replaced whole" {
	local dir=$BATS_TEST_TMPDIR/links inode
	mkdir -p "$dir/data"
	echo stale > "$dir/data/z.prom"
	inode=$(stat -c %i "$dir/data/z.prom")
	ln -s data/z.prom "$dir/link"
	ln -s link "$dir/link2"
	# A chain of two relative links
	run -0 --separate-stderr zc_stock export -o "$dir/link2"
	assert_kind "$dir/link" "symbolic link"
	assert_kind "$dir/link2" "symbolic link"
	assert_equal "$(readlink "$dir/link")" data/z.prom
	assert_equal "$(readlink "$dir/link2")" link
	assert_equal "$(cat "$dir/data/z.prom")" "$WANT"
	[ "$(stat -c %i "$dir/data/z.prom")" != "$inode" ] || fail "written in place, not replaced"
	assert_equal "$(stat -c %a "$dir/data/z.prom")" 644
	# The temporary file was beside the target, and is gone
	assert_equal "$(ls -A "$dir/data")" z.prom
	assert_equal "$(ls -A "$dir" | sort | tr '\n' ' ')" "data link link2 "
}

@test "a symbolic link to nothing yet: the file it names is created, the link stays" {
	local dir=$BATS_TEST_TMPDIR/dangling
	mkdir -p "$dir/data"
	ln -s data/new.prom "$dir/link"
	ln -s "$dir/link" "$dir/abs"
	run -0 --separate-stderr zc_stock export -o "$dir/abs"
	assert_kind "$dir/link" "symbolic link"
	assert_kind "$dir/abs" "symbolic link"
	assert_kind "$dir/data/new.prom" "regular file"
	assert_equal "$(cat "$dir/data/new.prom")" "$WANT"
	assert_equal "$(ls -A "$dir/data")" new.prom
	# A loop of links is an error, not a file
	ln -s loop2 "$dir/loop1"
	ln -s loop1 "$dir/loop2"
	run -2 --separate-stderr zc_stock export -o "$dir/loop1"
	assert_one_line_error "cannot write $dir/loop1: Too many levels of symbolic links"
	assert_kind "$dir/loop1" "symbolic link"
}

@test "a symbolic link into a folder that cannot be written: exit 2, that folder named, nothing changed" {
	local ro links
	shared_dir
	ro=$SHARED_DIR/ro
	links=$SHARED_DIR/links
	mkdir -m 777 "$links"
	mkdir "$ro"
	echo old >"$ro/z.prom"
	chmod 555 "$ro"
	ln -s ../ro/z.prom "$links/link"
	run -2 --separate-stderr "${UNPRIV[@]}" "$ZSWAPCTL" --sysroot "$STOCK" export \
		-o "$links/link"
	assert_one_line_error "cannot create a file in $ro: Permission denied"
	assert_equal "$(cat "$ro/z.prom")" old
	assert_equal "$(ls -A "$ro")" z.prom
	assert_kind "$links/link" "symbolic link"
	assert_equal "$(ls -A "$links")" link
}

@test "a character device is written in place and stays one (/dev/null, a private node)" {
	private_chardev null 1 3
	run -0 --separate-stderr zc_stock export -o "$NODE"
	[ -z "$stderr" ] || fail "stderr: $stderr"
	assert_equal "$(stat -c '%F %t:%T' "$NODE")" "character special file 1:3"
	# Nothing was created beside it
	[ "$NODE" = /dev/null ] || assert_equal "$(ls -A "$BATS_TEST_TMPDIR/dev")" null
}

@test "a full device (/dev/full, a private node): ENOSPC, exit 2, still a character device" {
	private_chardev full 1 7
	run -2 --separate-stderr zc_stock export -o "$NODE"
	assert_one_line_error "cannot write $NODE: No space left on device"
	assert_equal "$(stat -c '%F %t:%T' "$NODE")" "character special file 1:7"
	[ "$NODE" = /dev/full ] || assert_equal "$(ls -A "$BATS_TEST_TMPDIR/dev")" full
}

@test "/dev/stdout is standard output itself: a pipe, a regular file written in place, a socket" {
	local out inode
	shared_dir
	chmod 777 "$SHARED_DIR"
	# A pipe
	run -0 --separate-stderr bash -c 'set -o pipefail
		"$@" | cat' _ "${UNPRIV[@]}" "$ZSWAPCTL" --sysroot "$STOCK" export -o /dev/stdout
	assert_output "$WANT"
	# A regular file: appended to as the shell opened it, never replaced
	out=$SHARED_DIR/out.prom
	echo first >"$out"
	chmod 666 "$out"
	inode=$(stat -c %i "$out")
	"${UNPRIV[@]}" "$ZSWAPCTL" --sysroot "$STOCK" export -o /dev/stdout >>"$out" ||
		fail "export -o /dev/stdout into a file failed"
	assert_equal "$(stat -c %i "$out")" "$inode"
	assert_equal "$(cat "$out")" "first"$'\n'"$WANT"
	assert_equal "$(ls -A "$SHARED_DIR")" out.prom
	# A socket, as a service's stdout is when it goes to the journal
	run -0 /usr/bin/python3 - "${UNPRIV[@]}" "$ZSWAPCTL" --sysroot "$STOCK" export \
		-o /dev/stdout <<'PY'
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
	assert_kind /dev/stdout "symbolic link"
}

@test "a socket, a block device, a folder and a link to a folder: refused, exit 2, nothing changed" {
	local dir=$BATS_TEST_TMPDIR/refused block
	mkdir -p "$dir/folder"
	/usr/bin/python3 -c 'import socket, sys; socket.socket(socket.AF_UNIX).bind(sys.argv[1])' \
		"$dir/sock"
	run -2 --separate-stderr zc_stock export -o "$dir/sock"
	assert_one_line_error "cannot write $dir/sock: a socket"
	assert_kind "$dir/sock" socket

	run -2 --separate-stderr zc_stock export -o "$dir/folder"
	assert_one_line_error "cannot write $dir/folder: Is a directory"
	ln -s folder "$dir/to-folder"
	run -2 --separate-stderr zc_stock export -o "$dir/to-folder"
	assert_one_line_error "cannot write $dir/to-folder: Is a directory"
	assert_kind "$dir/to-folder" "symbolic link"
	assert_equal "$(ls -A "$dir/folder")" ""

	# A block device: a private node of a loop device nobody uses, or, for
	# a user who cannot make one, whichever the system has (only looked at)
	block=$dir/block
	if ! mknod "$block" b 7 250 2>/dev/null; then
		block=$(find /dev -maxdepth 1 -type b -print -quit)
		[ -n "$block" ] || fail "no block device to try"
	fi
	run -2 --separate-stderr zc_stock export -o "$block"
	assert_one_line_error "cannot write $block: a block device"
	assert_kind "$block" "block special file"
	assert_equal "$(ls -A "$dir" | sort | tr '\n' ' ')" "block folder sock to-folder "
}

@test "valgrind: the FIFO, the device, the link and the refusals leak nothing" {
	local vg=(valgrind --quiet --leak-check=full --show-leak-kinds=all --errors-for-leak-kinds=all
		  --error-exitcode=9) dir=$BATS_TEST_TMPDIR/vg reader
	command -v valgrind >/dev/null || fail "no valgrind (make deps installs it)"
	mkdir -p "$dir/folder"
	mkfifo "$dir/fifo"
	timeout 60 cat "$dir/fifo" >/dev/null &
	reader=$!
	run -0 timeout 60 "${vg[@]}" "$ZSWAPCTL" --sysroot "$STOCK" export -o "$dir/fifo"
	wait "$reader"
	ln -s gone/../new.prom "$dir/link"
	ln -s new.prom "$dir/link2"
	run -0 "${vg[@]}" "$ZSWAPCTL" --sysroot "$STOCK" export -o "$dir/link2"
	private_chardev full 1 7
	run -2 "${vg[@]}" "$ZSWAPCTL" --sysroot "$STOCK" export -o "$NODE"
	run -2 "${vg[@]}" "$ZSWAPCTL" --sysroot "$STOCK" export -o "$dir/folder"
	run -2 "${vg[@]}" "$ZSWAPCTL" --sysroot "$STOCK" export -o "$dir/link"
}

# fs.protected_symlinks' rule, which zswapctl keeps whatever the sysctl
# says: in a sticky folder anyone can write, a link is followed only when
# it is the caller's or the folder owner's.
@test "another user's link in a sticky world-writable folder: refused, exit 2, its target untouched" {
	[ "$(id -u)" = 0 ] || skip "needs root, to make a link as another user"
	local victim
	shared_dir
	chmod 1777 "$SHARED_DIR"
	victim=$SHARED_DIR/victim
	echo secret > "$victim"
	chmod 600 "$victim"
	"${UNPRIV[@]}" ln -s "$victim" "$SHARED_DIR/z.prom"
	# a chain: the caller's link to the other user's link is refused too
	ln -s "$SHARED_DIR/z.prom" "$SHARED_DIR/chain.prom"
	for name in z.prom chain.prom; do
		run -2 --separate-stderr zc_stock export -o "$SHARED_DIR/$name"
		assert_one_line_error "cannot write $SHARED_DIR/$name: $SHARED_DIR/z.prom is another user's symbolic link in a sticky folder that anyone can write"
		assert_equal "$(cat "$victim")" secret
		assert_equal "$(stat -c %a "$victim")" 600
	done
	# the caller's own link there is followed
	ln -s "$victim" "$SHARED_DIR/own.prom"
	run -0 zc_stock export -o "$SHARED_DIR/own.prom"
	assert_equal "$(cat "$victim")" "$WANT"
	assert_kind "$SHARED_DIR/own.prom" "symbolic link"
	# a folder that is not sticky: the owner of the folder decides, not us
	chmod 0777 "$SHARED_DIR"
	echo secret > "$victim"
	run -0 zc_stock export -o "$SHARED_DIR/z.prom"
	assert_equal "$(cat "$victim")" "$WANT"
	assert_equal "$(ls -A "$SHARED_DIR" | sort | tr '\n' ' ')" "chain.prom own.prom victim z.prom "
}

@test "/dev/stderr, /dev/fd/N and /proc/self/fd/N: the file the shell opened is appended to, not replaced" {
	local log=$BATS_TEST_TMPDIR/log inode
	echo first > "$log"
	inode=$(stat -c %i "$log")
	"$ZSWAPCTL" --sysroot "$STOCK" export -o /dev/stderr 2>>"$log" ||
		fail "export -o /dev/stderr failed"
	"$ZSWAPCTL" --sysroot "$STOCK" export -o /dev/fd/7 7>>"$log" ||
		fail "export -o /dev/fd/7 failed"
	"$ZSWAPCTL" --sysroot "$STOCK" export -o /proc/self/fd/8 8>>"$log" ||
		fail "export -o /proc/self/fd/8 failed"
	assert_equal "$(stat -c %i "$log")" "$inode"
	assert_equal "$(cat "$log")" "first"$'\n'"$WANT"$'\n'"$WANT"$'\n'"$WANT"
	assert_equal "$(ls -A "$BATS_TEST_TMPDIR" | grep -c '^\.log\.' || true)" 0
	# a descriptor that is not open
	run -2 --separate-stderr zc_stock export -o /dev/fd/9
	assert_one_line_error "cannot write /dev/fd/9: Bad file descriptor"
}

@test "a file name of 250 bytes: replaced whole, through a temporary name cut short" {
	local dir=$BATS_TEST_TMPDIR/long name
	mkdir "$dir"
	name=$(printf 'n%.0s' {1..246}).prom
	echo stale > "$dir/$name"
	run -0 zc_stock export -o "$dir/$name"
	assert_equal "$(cat "$dir/$name")" "$WANT"
	assert_equal "$(ls -A "$dir")" "$name"
}
