# SPDX-License-Identifier: GPL-2.0
# Helpers of the guest suites. They run as root in the guest that
# tests/vm/run boots: real kernel, real swap, real cgroups, nothing mocked.

TOP=$(cd "$BATS_TEST_DIRNAME/../../.." && pwd)
BUILD=${BUILD:-$TOP/build}
SWAPVERIFY=$BUILD/tools/swapverify
ZSWAP_DEBUGFS=/sys/kernel/debug/zswap
ZSWAP_PARAMS=/sys/module/zswap/parameters
CGROOT=/sys/fs/cgroup

bats_load_library bats-support
bats_load_library bats-assert

require_guest() {
	[ -n "${ZSWAPCTL_VM:-}" ] || skip "guest suite: run through tests/vm/run"
}

zswap_debug() { cat "$ZSWAP_DEBUGFS/$1"; }
zswap_param() { cat "$ZSWAP_PARAMS/$1"; }
vmstat() { awk -v k="$1" '$1 == k { print $2 }' /proc/vmstat; }

# cg_create NAME [MEMORY_MAX]: a fresh child of the root cgroup.
cg_create() {
	local cg=$CGROOT/$1
	[ -d "$cg" ] && cg_remove "$1"
	mkdir "$cg"
	[ -z "${2:-}" ] || echo "$2" > "$cg/memory.max"
}

cg_stat() { awk -v k="$2" '$1 == k { print $2 }' "$CGROOT/$1/memory.stat"; }

# cg_run NAME CMD...: run CMD as a member of cgroup NAME.
cg_run() {
	local cg=$CGROOT/$1
	shift
	bash -c 'echo $$ > "$1/cgroup.procs" && shift && exec "$@"' cg_run "$cg" "$@"
}

# cg_remove NAME: kill what is left in it and remove it.
cg_remove() {
	local cg=$CGROOT/$1 i
	[ -d "$cg" ] || return 0
	[ -f "$cg/cgroup.kill" ] && echo 1 > "$cg/cgroup.kill"
	for i in $(seq 50); do
		rmdir "$cg" 2>/dev/null && return 0
		sleep 0.1
	done
	rmdir "$cg"
}

# wait_for_line FILE REGEX [TRIES]: a bounded wait for a process to report
# that it reached a state; not a timing assertion.
wait_for_line() {
	local i
	for i in $(seq "${3:-600}"); do
		grep -qE "$2" "$1" 2>/dev/null && return 0
		sleep 0.5
	done
	echo "no line matching '$2' in $1:" >&2
	cat "$1" >&2
	return 1
}

# tally_field OUTPUT NAME: a field of swapverify's closing line.
tally_field() {
	grep '^swapverify: pages_verified=' <<<"$1" | tail -n 1 |
		tr ' ' '\n' | awk -F= -v k="$2" '$1 == k { print $2 }'
}
