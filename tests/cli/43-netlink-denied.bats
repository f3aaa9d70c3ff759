#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0
# Netlink denied is not "no family": when a seccomp filter or a security
# module refuses the generic netlink socket (EPERM, EACCES), auto mode
# reads the files and says why on stderr, and --source netlink reports the
# denial with exit 2 (3 stays for a kernel without the family).
#
# The denial is real: deny-netlink (tests/cli/deny-netlink.c, built by
# make unit-tests-zswapctl) runs zswapctl under a seccomp filter that
# makes the kernel refuse socket(AF_NETLINK, *, NETLINK_GENERIC).

load helpers

DENY=$BUILD/tests/cli/deny-netlink

setup() {
	require_zswapctl
	[ -x "$DENY" ] || fail "no $DENY: run 'make unit-tests-zswapctl' first"
}

@test "the filter denies generic netlink sockets and nothing else" {
	require_tool python3
	# 16 is NETLINK_GENERIC, 0 NETLINK_ROUTE (<linux/netlink.h>)
	run -0 "$DENY" EPERM python3 -c '
import errno, socket
try:
    socket.socket(socket.AF_NETLINK, socket.SOCK_RAW, 16)
    print("generic: allowed")
except OSError as e:
    print("generic:", errno.errorcode[e.errno])
socket.socket(socket.AF_NETLINK, socket.SOCK_RAW, 0)
socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
print("others: allowed")'
	assert_output "$(printf '%s\n' 'generic: EPERM' 'others: allowed')"
	run -0 "$DENY" EACCES python3 -c '
import socket
try:
    socket.socket(socket.AF_NETLINK, socket.SOCK_RAW, 16)
except PermissionError as e:
    print(e.errno)'
	assert_output 13
}

@test "auto mode, netlink denied (EPERM): the files, and one note on stderr saying why" {
	# --source auto with --sysroot: netlink is tried, the files are the tree's
	run -0 --separate-stderr "$DENY" EPERM "$ZSWAPCTL" --source auto --sysroot "$PATCHED" status
	assert_line "source:                     fallback"
	assert_line --regexp '^compressor: +lzo$'
	# the denial, once; and then the note on the figures shown as '-'
	assert_equal "${stderr_lines[0]}" "zswapctl: note: netlink denied: cannot open a generic netlink socket: Operation not permitted; reading the files instead"
	[ "$(grep -c 'netlink denied' <<<"$stderr")" = 1 ] || fail "the denial twice: $stderr"
	[ "${#stderr_lines[@]}" -le 2 ] && [[ ${stderr_lines[1]:-zswapctl: note: \'-\'} == "zswapctl: note: '-': "* ]] ||
		fail "not one note of each: $stderr"
}

@test "auto mode, netlink denied (EACCES): every command reads the files" {
	local cmd
	for cmd in status cgroups export "top -B -c 1 -d 0.1"; do
		# shellcheck disable=SC2086  # the words of top's options
		run -0 --separate-stderr "$DENY" EACCES "$ZSWAPCTL" --source auto --sysroot "$PATCHED" $cmd
		[ -n "$output" ] || fail "$cmd printed nothing"
		[[ ${stderr_lines[0]} == "zswapctl: note: netlink denied: "*": Permission denied; reading the files instead" ]] ||
			fail "$cmd: no note: $stderr"
	done
	run -0 --separate-stderr "$DENY" EACCES "$ZSWAPCTL" --source auto --sysroot "$PATCHED" \
		status --json
	assert_equal "$(jq -r .source <<<"$output")" fallback
}

@test "--source netlink, netlink denied: exit 2, one line naming the denial" {
	run -2 --separate-stderr "$DENY" EPERM "$ZSWAPCTL" --source netlink status
	assert_one_line_error "cannot open zswap: netlink denied: cannot open a generic netlink socket: Operation not permitted$"
	run -2 --separate-stderr "$DENY" EACCES "$ZSWAPCTL" --source netlink cgroups
	assert_one_line_error "netlink denied: .*Permission denied$"
}

@test "--source fallback, netlink denied: no socket is tried, no note of netlink" {
	run -0 --separate-stderr "$DENY" EPERM "$ZSWAPCTL" --sysroot "$PATCHED" status
	# at most the note on the figures shown as '-'
	[ -z "$stderr" ] || [[ $stderr == "zswapctl: note: '-': "* && ${#stderr_lines[@]} == 1 ]] ||
		fail "stderr: $stderr"
	refute_line --partial netlink
}

@test "valgrind: the fallback after a denial, and the denial itself, leak nothing" {
	valgrind_run 0 "$DENY" EPERM "$ZSWAPCTL" --source auto --sysroot "$PATCHED" status
	valgrind_run 2 "$DENY" EACCES "$ZSWAPCTL" --source netlink status
}
