#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0
# Where the cgroup v2 hierarchy is, and what happens where there is none.
# zswapctl finds cgroup2 in /proc/self/mountinfo (under --sysroot), so that
# a hybrid host (cgroup v1 controllers in /sys/fs/cgroup/<name>, cgroup2
# in /sys/fs/cgroup/unified) gets its v2 cgroups and none of v1's; without
# a cgroup2 hierarchy with the memory controller, the global figures still
# come out (export, top) with a note on stderr, and "cgroups" says why
# and exits 3 instead of printing an empty table.
#
# The trees are FAKE SYSROOTS made from the recorded patched tree, with a
# proc/self/mountinfo of lines as the kernel writes them: the hybrid one
# as a Debian host with systemd's legacy layout has it.

load helpers
load ../lib/tmux

ROOT_LINE='22 1 8:1 / / rw,relatime shared:1 - ext4 /dev/sda1 rw'
PROC_LINE='23 22 0:21 / /proc rw,nosuid,nodev,noexec,relatime shared:12 - proc proc rw'
HYBRID_LINES='31 23 0:28 / /sys/fs/cgroup ro,nosuid,nodev,noexec shared:9 - tmpfs tmpfs ro,mode=755
32 31 0:29 / /sys/fs/cgroup/unified rw,nosuid,nodev,noexec,relatime shared:10 - cgroup2 cgroup2 rw,nsdelegate
33 31 0:30 / /sys/fs/cgroup/systemd rw,nosuid,nodev,noexec,relatime shared:11 - cgroup cgroup rw,xattr,name=systemd
35 31 0:32 / /sys/fs/cgroup/memory rw,nosuid,nodev,noexec,relatime shared:13 - cgroup cgroup rw,memory'

setup() {
	require_zswapctl
	ROOT=$(copy_root patched)
	CG=$ROOT/sys/fs/cgroup
	mkdir -p "$ROOT/proc/self"
}

teardown() {
	tmux_stop
	if [ -n "${SHARED_ROOT:-}" ]; then
		chmod -R u+rwX "$SHARED_ROOT"
		rm -rf "$SHARED_ROOT"
	fi
}

zc_root() { "$ZSWAPCTL" --sysroot "$ROOT" "$@"; }

# A tree without cgroup v2: no cgroup2 in mountinfo, no cgroup files
no_cgroup2() {
	rm -rf "$CG"
	mkdir -p "$CG"
	printf '%s\n' "$ROOT_LINE" "$PROC_LINE" > "$ROOT/proc/self/mountinfo"
}

# A hybrid tree: the recorded cgroup2 tree in unified/, and v1's memory
# hierarchy beside it with memcgs of its own (memory.stat, as v1 has)
hybrid() {
	mv "$CG" "$ROOT/sys/fs/cgroup.v2"
	mkdir -p "$CG/memory/v1only/deeper" "$CG/systemd/user.slice"
	mv "$ROOT/sys/fs/cgroup.v2" "$CG/unified"
	echo 'cache 0' > "$CG/memory/memory.stat"
	echo 'cache 0' > "$CG/memory/v1only/memory.stat"
	echo 'cache 0' > "$CG/memory/v1only/deeper/memory.stat"
	printf '%s\n' "$ROOT_LINE" "$PROC_LINE" "$HYBRID_LINES" > "$ROOT/proc/self/mountinfo"
}

@test "no cgroup2: export prints every global metric, a note on stderr, exit 0" {
	local global
	run -0 zc_root export --no-cgroups
	global=$output
	no_cgroup2
	run -0 --separate-stderr zc_root export
	assert_output "$global"
	assert_line --regexp '^zswap_max_pool_percent [0-9]+$'
	[ "${#stderr_lines[@]}" -eq 1 ] || fail "expected one note: $stderr"
	assert_equal "${stderr_lines[0]}" "zswapctl: note: no cgroup figures: no cgroup v2 hierarchy is mounted ($ROOT/proc/self/mountinfo lists no cgroup2)"
	# into a file too, which a textfile collector reads
	run -0 --separate-stderr zc_root export --output-file "$BATS_TEST_TMPDIR/zswap.prom"
	assert_equal "$(cat "$BATS_TEST_TMPDIR/zswap.prom")" "$global"
	# --no-cgroups asks for none: nothing to note
	run -0 --separate-stderr zc_root export --no-cgroups
	assert_equal "$stderr" ""
}

@test "no cgroup2: top -B shows the global figures and says why the table is empty" {
	no_cgroup2
	run -0 --separate-stderr zc_root top -B -c 1 -d 0.1
	assert_line --regexp '^pool: .* stored: 9476 '
	assert_line --regexp '^PATH +ZSWPOUT/s'
	[ "${#stderr_lines[@]}" -eq 1 ] || fail "expected one note: $stderr"
	assert_equal "${stderr_lines[0]}" "zswapctl: note: no cgroup figures: no cgroup v2 hierarchy is mounted ($ROOT/proc/self/mountinfo lists no cgroup2)"
}

@test "no cgroup2: the curses view of top starts, says why on its status line and at the end" {
	require_tool tmux
	no_cgroup2
	tmux_start 120 30
	pane_run "$ZSWAPCTL --sysroot $ROOT top -d 0.2 2>$BATS_TEST_TMPDIR/err"
	wait_for_pane '^zswapctl top - [0-9:]+  sample [0-9]+  every '
	wait_for_pane '^Pool ratio 2\.98   Stored 9476'
	wait_for_pane '^no cgroup figures: no cgroup v2 hierarchy is mounted'
	pane_keys q
	wait_for_shell
	assert_equal "$(pane_status)" 0
	assert_equal "$(cat "$BATS_TEST_TMPDIR/err")" \
		"zswapctl: note: no cgroup figures: no cgroup v2 hierarchy is mounted ($ROOT/proc/self/mountinfo lists no cgroup2)"
}

@test "no cgroup2: cgroups exits 3 and says why, with a path or an id too" {
	no_cgroup2
	run -3 --separate-stderr zc_root cgroups
	assert_one_line_error "no cgroup figures here: no cgroup v2 hierarchy is mounted"
	run -3 --separate-stderr zc_root cgroups --json
	assert_one_line_error "no cgroup figures here: no cgroup v2 hierarchy is mounted"
	run -3 --separate-stderr zc_root cgroups /work
	assert_one_line_error "cannot read cgroup '/work': no cgroup v2 hierarchy is mounted"
	run -3 --separate-stderr zc_root cgroups 42
	assert_one_line_error "no cgroup v2 hierarchy is mounted"
	run -3 --separate-stderr zc_root set cgroup /work max 1G
	assert_one_line_error "no cgroup v2 hierarchy is mounted"
	run -0 zc_root status
}

@test "hybrid: the cgroups of unified/, none of cgroup v1's" {
	local want
	hybrid
	want=$(cd "$CG/unified" && find . -name memory.stat -printf '%h\n' |
		sed -e 's|^\.||' -e 's|^$|/|' | sort)
	run -0 zc_root cgroups --raw --noheadings -o PATH
	assert_equal "$(sort <<<"$output")" "$want"
	run -0 zc_root cgroups --json
	assert_equal "$(jq -r '.cgroups[].path' <<<"$output" | sort)" "$want"
	run -0 zc_root export
	refute_output --partial v1only
	refute_output --partial unified
}

@test "hybrid: full paths are under unified/, and errors name that root" {
	hybrid
	run -0 zc_root cgroups --raw --noheadings -o PATH,MAX /sys/fs/cgroup/unified/outer/inner
	assert_output "/outer/inner 8MiB"
	run -0 zc_root cgroups --raw --noheadings -o PATH outer/inner
	assert_output "/outer/inner"
	run -1 --separate-stderr zc_root cgroups /nope
	assert_one_line_error "no cgroup '/nope' under $ROOT/sys/fs/cgroup/unified$"
	# a v1 path is no v2 cgroup
	run -1 --separate-stderr zc_root cgroups /sys/fs/cgroup/memory/v1only
	assert_one_line_error "no cgroup '/sys/fs/cgroup/memory/v1only' under $ROOT/sys/fs/cgroup/unified$"
	run -1 --separate-stderr zc_root cgroups memory/v1only
	assert_one_line_error "no cgroup '/memory/v1only' under $ROOT/sys/fs/cgroup/unified$"
	run -0 zc_root set cgroup /sys/fs/cgroup/unified/outer max 2G
	assert_equal "$(cat "$CG/unified/outer/memory.zswap.max")" 2147483648
}

@test "hybrid, memory left to cgroup v1: cgroups exits 3 saying so; export and top go on" {
	hybrid
	echo 'cpu io pids' > "$CG/unified/cgroup.controllers"
	run -3 --separate-stderr zc_root cgroups
	assert_one_line_error "no cgroup figures here: the cgroup v2 hierarchy at $ROOT/sys/fs/cgroup/unified has no memory controller \\(cgroup v1 may hold it\\)$"
	run -0 --separate-stderr zc_root export
	refute_output --partial zswap_cgroup_
	assert_line --regexp '^zswap_max_pool_percent [0-9]+$'
	assert_equal "${stderr_lines[0]}" "zswapctl: note: no cgroup figures: the cgroup v2 hierarchy at $ROOT/sys/fs/cgroup/unified has no memory controller (cgroup v1 may hold it)"
	run -0 --separate-stderr zc_root top -B -c 1 -d 0.1
	assert_equal "${#stderr_lines[@]}" 1
}

@test "a tree without proc/self/mountinfo has its cgroup2 at sys/fs/cgroup" {
	rm -f "$ROOT/proc/self/mountinfo"
	run -0 zc_root cgroups --raw --noheadings -o PATH
	# id order, that is the inodes of the copy's folders: sorted here
	assert_equal "$(sort <<<"$output")" "$(printf '%s\n' / /flat /outer /outer/inner /work)"
	# and does not guess at unified/
	hybrid
	rm "$ROOT/proc/self/mountinfo"
	run -3 --separate-stderr zc_root cgroups
	assert_one_line_error "no cgroup v2 hierarchy at $ROOT/sys/fs/cgroup$"
}

@test "hybrid, with 40,000 mounts (a 5 MiB mountinfo): still the cgroups of unified/" {
	local want i
	hybrid
	for ((i = 100; i < 40100; i++)); do
		echo "$i 22 0:$i / /run/containers/c$i/rootfs rw,relatime shared:$i - overlay overlay rw,lowerdir=/var/lib/l$i,upperdir=/var/lib/u$i"
	done >> "$ROOT/proc/self/mountinfo"
	[ "$(stat -c %s "$ROOT/proc/self/mountinfo")" -gt $((4 << 20)) ] || fail "mountinfo is too small"
	want=$(cd "$CG/unified" && find . -name memory.stat -printf '%h\n' |
		sed -e 's|^\.||' -e 's|^$|/|' | sort)
	run -0 zc_root cgroups --raw --noheadings -o PATH
	assert_equal "$(sort <<<"$output")" "$want"
}

@test "a mountinfo or a cgroup root it may not read: exit 2 naming it, never a guess or 'no cgroup v2'" {
	local unpriv=(setpriv --reuid=65534 --regid=65534 --clear-groups)
	[ "$(id -u)" = 0 ] || unpriv=()
	# A tree user nobody can reach: the test's own folder is root's alone
	SHARED_ROOT=$(mktemp -d /tmp/zswapctl-cgroot.XXXXXX)
	cp -r "$ROOT/." "$SHARED_ROOT"
	ROOT=$SHARED_ROOT CG=$SHARED_ROOT/sys/fs/cgroup
	chmod -R a+rX "$ROOT"
	hybrid
	# /sys/fs/cgroup would be cgroup v1's tree here: no guessing at it
	chmod 000 "$ROOT/proc/self/mountinfo"
	if [ "${#unpriv[@]}" = 0 ] && [ -r "$ROOT/proc/self/mountinfo" ]; then
		fail "cannot make mountinfo unreadable"
	fi
	run -2 --separate-stderr "${unpriv[@]}" "$ZSWAPCTL" --sysroot "$ROOT" cgroups
	assert_one_line_error "cannot list cgroups: cannot read $ROOT/proc/self/mountinfo \\(Permission denied\\)$"
	run -2 --separate-stderr "${unpriv[@]}" "$ZSWAPCTL" --sysroot "$ROOT" export
	assert_line --regexp '^zswap_max_pool_percent [0-9]+$'
	chmod 644 "$ROOT/proc/self/mountinfo"
	chmod 700 "$CG/unified"
	run -2 --separate-stderr "${unpriv[@]}" "$ZSWAPCTL" --sysroot "$ROOT" cgroups
	assert_one_line_error "cannot list cgroups: cannot look into $ROOT/sys/fs/cgroup/unified \\(Permission denied\\)$"
	chmod 755 "$CG/unified"
}

@test "cgroup folders the user may not open: the rest listed, a note on stderr naming them, exit 0" {
	local note cg
	SHARED_ROOT=$(mktemp -d /tmp/zswapctl-cgroot.XXXXXX)
	cp -r "$ROOT/." "$SHARED_ROOT"
	ROOT=$SHARED_ROOT CG=$SHARED_ROOT/sys/fs/cgroup
	# Another user's memcgs, a folder closed to the others and one below it
	for cg in private private/below; do
		mkdir "$CG/$cg"
		cp "$CG/work"/{cgroup.controllers,memory.stat,memory.zswap.current,memory.zswap.max} "$CG/$cg/"
	done
	chmod -R a+rX "$ROOT"
	# Closed to its owner too, so that the test runs as any user
	chmod 000 "$CG/private"
	note="note: 1 cgroup folder could not be opened or read (Permission denied); not listed, with the cgroups below them (root would list them): /private"
	run -0 --separate-stderr as_unprivileged "$ZSWAPCTL" --sysroot "$ROOT" cgroups --raw --noheadings -o PATH --sort PATH
	assert_output "$(printf '%s\n' / /flat /outer /outer/inner /work)"
	assert_equal "$stderr" "zswapctl: $note"
	run -0 --separate-stderr as_unprivileged "$ZSWAPCTL" --sysroot "$ROOT" cgroups --json
	jq -e '.cgroups | length == 5' <<<"$output" >/dev/null || fail "not the five cgroups: $output"
	assert_equal "$stderr" "zswapctl: $note"
	run -0 --separate-stderr as_unprivileged "$ZSWAPCTL" --sysroot "$ROOT" export
	assert_line --regexp '^zswap_cgroup_stored_pages\{cgroup="/work"\} [0-9]+$'
	refute_output --partial private
	assert_equal "$stderr" "zswapctl: $note"
	run -0 --separate-stderr as_unprivileged "$ZSWAPCTL" --sysroot "$ROOT" top -B -c 1 -d 0.1
	assert_output --partial /outer/inner
	assert_equal "$stderr" "zswapctl: $note"
	# By id, a cgroup in a closed folder cannot be told apart from none
	run -2 --separate-stderr as_unprivileged "$ZSWAPCTL" --sysroot "$ROOT" cgroups 4242424242
	assert_one_line_error "cannot read cgroup 4242424242: not among the cgroups it could see: 1 cgroup folder could not be opened or read \\(Permission denied\\): /private"
	# Who may open them all (root) gets them all, and no note
	if [ "$(id -u)" = 0 ]; then
		run -0 --separate-stderr "$ZSWAPCTL" --sysroot "$ROOT" cgroups --raw --noheadings -o PATH
		assert_line /private/below
		assert_equal "$stderr" ""
	fi
}

@test "this machine: export exits 0 with the global figures, cgroups never a silent empty table" {
	[ -d /sys/module/zswap ] || skip "this kernel has no zswap"
	run -0 --separate-stderr zc export
	assert_line --regexp '^zswap_max_pool_percent [0-9]+$'
	# a note on the cgroups, or nothing
	[ -z "$stderr" ] || [[ $stderr =~ ^zswapctl:\ note:\ no\ cgroup\ figures:\ [^$'\n']+$ ]] ||
		fail "stderr: $stderr"
	run --separate-stderr zc cgroups --raw --noheadings
	case $status in
	0) [ -n "$output" ] || fail "exit 0 and no cgroup" ;;
	3) assert_one_line_error "no cgroup figures here: " ;;
	*) fail "cgroups exited $status: $stderr" ;;
	esac
}

@test "valgrind: export, top and cgroups without cgroup2, and on a hybrid tree, leak nothing" {
	hybrid
	valgrind_run 0 "$ZSWAPCTL" --sysroot "$ROOT" cgroups /sys/fs/cgroup/unified/outer
	valgrind_run 1 "$ZSWAPCTL" --sysroot "$ROOT" cgroups /nope
	echo 'cpu' > "$CG/unified/cgroup.controllers"
	valgrind_run 3 "$ZSWAPCTL" --sysroot "$ROOT" cgroups
	valgrind_run 0 "$ZSWAPCTL" --sysroot "$ROOT" export
	valgrind_run 0 "$ZSWAPCTL" --sysroot "$ROOT" top -B -c 1 -d 0.1
}
