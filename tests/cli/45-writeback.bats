#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0
# memory.zswap.writeback (Linux 6.8, the series' patch 0020): "zswapctl set
# cgroup PATH writeback on|off" against copies of the 6.12 tree, whose
# cgroups have the file, the root too, and of the recorded 6.1 trees,
# which have none; and the cgroup's value and the one in effect in the
# WRITEBACK column, top, the JSON and the metrics. The values expected are
# those written into the files here.

load helpers
load ../lib/prom

setup() {
	require_zswapctl
	ROOT=$(copy_root 6.12)
	CG=$ROOT/sys/fs/cgroup
}

teardown() {
	shared_root_remove "${SHARED:-}"
}

zc_root() { "$ZSWAPCTL" --sysroot "$ROOT" "$@"; }

# wb PATH: the memory.zswap.writeback of cgroup PATH ("" for the root)
wb() { cat "$CG$1/memory.zswap.writeback"; }

# The row of cgroup PATH in "cgroups --raw -o PATH,WRITEBACK", its
# WRITEBACK field as --raw writes it (a space is \x20)
writeback_field() {
	zc_root cgroups --raw --noheadings -o PATH,WRITEBACK | awk -v p="$1" '$1 == p { print $2 }'
}

@test "set cgroup PATH writeback off and on writes memory.zswap.writeback and says what changed" {
	run -0 --separate-stderr zc_root set cgroup outer writeback off
	assert_output "cgroup /outer writeback: on -> off"
	assert_equal "$(wb /outer)" 0
	# Below it, the cgroup's own value stays, the one in effect is off
	run -0 --separate-stderr zc_root set cgroup /outer/inner writeback on
	assert_output "cgroup /outer/inner writeback: on (off) -> on (off)"
	assert_equal "$(wb /outer/inner)" 1
	run -0 zc_root set cgroup /sys/fs/cgroup/outer writeback on
	assert_output "cgroup /outer writeback: off -> on"
	assert_equal "$(wb /outer)" 1
	# The root has the file on upstream Linux: its 0 holds every cgroup
	run -0 zc_root set cgroup / writeback off
	assert_output "cgroup / writeback: on -> off"
	assert_equal "$(wb "")" 0
	assert_equal "$(writeback_field /work)" 'on\x20(off)'
}

@test "set cgroup writeback takes the words enabled takes, in any case, and the file's name" {
	local word want
	for word in off:0 ON:1 0:0 1:1 n:0 Y:1 no:0 yes:1 False:0 true:1; do
		want=${word#*:}
		run -0 zc_root set cgroup /work writeback "${word%:*}"
		assert_equal "$(wb /work)" "$want"
	done
	run -0 zc_root set cgroup /work zswap.writeback off
	assert_equal "$(wb /work)" 0
}

@test "set cgroup writeback by id" {
	local id
	id=$(stat -c %i "$CG/flat")
	run -0 zc_root set cgroup "$id" writeback off
	assert_output "cgroup /flat writeback: on -> off"
	assert_equal "$(wb /flat)" 0
}

@test "a bad value, a missing one, a cgroup not there: exit 1, one line, nothing changed" {
	local value
	snapshot
	for value in maybe '' 2 -1 'on ' offf; do
		run -1 --separate-stderr zc_root set cgroup /outer writeback "$value"
		assert_one_line_error "invalid writeback '$value' \(expected on or off \(1 or 0, y or n, yes or no, true or false\)\)"
	done
	run -1 --separate-stderr zc_root set cgroup /outer writeback
	assert_one_line_error "usage: zswapctl set cgroup <path>\|<id> writeback on\|off$"
	run -1 --separate-stderr zc_root set cgroup /outer writeback off on
	assert_one_line_error "usage: zswapctl set cgroup <path>\|<id> writeback on\|off$"
	run -1 --separate-stderr zc_root set cgroup /nope writeback off
	assert_one_line_error "no cgroup '/nope' under .*/sys/fs/cgroup"
	run -1 --separate-stderr zc_root set cgroup /flat/nomem writeback off
	assert_one_line_error "has no memory controller"
	assert_unchanged
}

@test "a kernel without memory.zswap.writeback: exit 3, one line, no file made" {
	ROOT=$(copy_root stock)
	snapshot
	run -3 --separate-stderr zc_root set cgroup /outer writeback off
	assert_one_line_error "setting zswap.writeback of cgroup /outer: this kernel has no memory.zswap.writeback \(Linux 6.8 and later have it\)"
	assert_unchanged
	# The series' patch gives the root none: the root is not supported there
	ROOT=$(copy_root 6.12)
	rm "$ROOT/sys/fs/cgroup/memory.zswap.writeback"
	snapshot
	run -3 --separate-stderr zc_root set cgroup / writeback off
	assert_one_line_error "the root cgroup has no memory.zswap.writeback on this kernel"
	assert_unchanged
}

@test "without write access: a permission error, exit 2, nothing changes" {
	# A tree that user nobody can reach: the bats folders are private
	SHARED=$(shared_root 6.12)
	ROOT=$SHARED
	snapshot
	chmod a-w "$ROOT/sys/fs/cgroup/outer/memory.zswap.writeback"
	run -2 --separate-stderr as_unprivileged "$ZSWAPCTL" --sysroot "$ROOT" \
		set cgroup /outer writeback off
	assert_one_line_error "permission denied: setting zswap.writeback of cgroup /outer needs root \(write access to its files\): cannot write .*/sys/fs/cgroup/outer/memory.zswap.writeback"
	chmod u+w "$ROOT/sys/fs/cgroup/outer/memory.zswap.writeback"
	assert_unchanged
}

@test "WRITEBACK: on, off, and the value in effect where an ancestor differs" {
	echo 0 >"$CG/outer/memory.zswap.writeback"
	run -0 zc_root cgroups -o PATH,WRITEBACK
	assert_line --regexp '^PATH +WRITEBACK$'
	assert_line --regexp '^/work +on$'
	assert_line --regexp '^/outer +off$'
	assert_line --regexp '^/outer/inner +on \(off\)$'
	assert_line --regexp '^/ +on$'
	# Not shown by default; +WRITEBACK appends it
	run -0 zc_root cgroups
	refute_output --partial WRITEBACK
	run -0 zc_root cgroups -o +WRITEBACK /outer/inner
	assert_line --regexp '^/outer/inner .* 8 MiB +on \(off\)$'
	# By path and by id the lookup climbs to the root for the same answer
	run -0 zc_root cgroups -o PATH,WRITEBACK "$(stat -c %i "$CG/outer/inner")"
	assert_line --regexp '^/outer/inner +on \(off\)$'
	# Sorted: off, on (off), then the three that are on
	run -0 zc_root cgroups --raw --noheadings -o PATH,WRITEBACK --sort WRITEBACK
	assert_equal "$(cut -d' ' -f1 <<<"$output" | head -2 | tr '\n' ' ')" "/outer /outer/inner "
	assert_equal "$(cut -d' ' -f2 <<<"$output" | tail -3 | sort -u)" on
}

@test "WRITEBACK on a kernel without it: '-', and the note says why" {
	# By path: without --sort, rows go by cgroup id, an inode number in a
	# fake tree, which the file system hands out in no set order
	run -0 zc_stock cgroups -o PATH,WRITEBACK --sort PATH
	assert_line --regexp '^/work +-$'
	assert_line "zswapctl: note: '-': the root cgroup has no memory.zswap.* files; some figures are not on this kernel"
}

@test "--json: writeback and writeback_effective, booleans, by default; null where unknown" {
	echo 0 >"$CG/outer/memory.zswap.writeback"
	run -0 zc_root cgroups --json
	assert_equal "$(jq -c '[.cgroups[] | {path, writeback, writeback_effective}] | sort_by(.path)' <<<"$output")" \
		'[{"path":"/","writeback":true,"writeback_effective":true},{"path":"/flat","writeback":true,"writeback_effective":true},{"path":"/outer","writeback":false,"writeback_effective":false},{"path":"/outer/inner","writeback":true,"writeback_effective":false},{"path":"/work","writeback":true,"writeback_effective":true}]'
	# and zswpwb, which the table also shows on request only
	assert_equal "$(jq -r '.cgroups[] | select(.path == "/work") | .zswpwb' <<<"$output")" 277
	run -0 zc_stock cgroups --json=short /work
	assert_output --partial '"writeback":null,"writeback_effective":null,'
	# --output keeps to its columns
	run -0 zc_root cgroups --json=short -o PATH,WRITEBACK /outer
	assert_output --regexp '"cgroups":\[\{"path":"/outer","writeback":false,"writeback_effective":false\}\]\}$'
	run -0 zc_root cgroups --json=short -o PATH /outer
	refute_output --partial writeback
}

@test "export: zswap_cgroup_writeback and _effective, 1 or 0, what the files say" {
	echo 0 >"$CG/outer/memory.zswap.writeback"
	run -0 --separate-stderr zc_root export
	prom_lint "$output"
	prom_structure "$output"
	prom_check_files "$output" "$ROOT" fallback
	assert_line '# TYPE zswap_cgroup_writeback gauge'
	assert_line 'zswap_cgroup_writeback{cgroup="/outer/inner"} 1'
	assert_line 'zswap_cgroup_writeback_effective{cgroup="/outer/inner"} 0'
	assert_line 'zswap_cgroup_writeback_effective{cgroup="/"} 1'
	# No file: no sample, and no family
	run -0 zc_stock export
	refute_output --partial zswap_cgroup_writeback
}

@test "top -B: the WRITEBACK column" {
	echo 0 >"$CG/outer/memory.zswap.writeback"
	run -0 zc_root top -B -c 1 -d 0.1
	assert_line --regexp '^PATH +ZSWPOUT/s.* +MAX +WRITEBACK +REJECT/s$'
	assert_line --regexp '^/outer/inner .* 8 MiB +on \(off\) +-$'
	assert_line --regexp '^/outer .* max +off +-$'
	run -0 zc_root top -B -c 1 -d 0.1 --sort WRITEBACK
	assert_equal "$(awk '/^\// { print $1 }' <<<"$output" | head -2 | tr '\n' ' ')" "/outer /outer/inner "
}
