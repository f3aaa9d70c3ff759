#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0
# zswapctl cgroups against the recorded trees: columns, --output, --sort,
# --tree, selection by path and id, JSON.
#
# The recorded trees hold /, /work, /outer, /outer/inner (zswap.max 8M),
# /flat and /flat/nomem, which has no memory controller and so no row.
# Every figure of every cgroup there has a value of its own
# (tests/unit/record/distinct-values).

load helpers
load ../lib/tmux

setup() {
	require_zswapctl
}

teardown() {
	tmux_stop
}

# The PATH column of a listing, in order
paths() { zc_patched cgroups --noheadings --raw --output PATH "$@"; }

# id PATH: the cgroup id the library reports; fails when zswapctl does
# (not a pipe into jq, which would hide its status) or has no such cgroup
id_of() {
	local out id
	out=$(zc_patched cgroups --json) || return
	id=$(jq -r --arg p "$1" '.cgroups[] | select(.path == $p) | .id' <<<"$out")
	[[ $id =~ ^[0-9]+$ ]] || return 1
	echo "$id"
}

@test "the table has every column, one row per memcg" {
	run -0 zc_patched cgroups
	assert_line --index 0 --regexp '^PATH +ID +COMPRESSED +STORED +ZERO +RATIO +ZSWPIN +ZSWPOUT +MAX$'
	# The header, five rows and the note on '-'
	assert_equal "${#lines[@]}" 7
	assert_line --index 6 --regexp "^zswapctl: note: '-': "
	# outer/inner: memory.zswap.current 8192, zswapped 28672 (7 pages),
	# ratio 28672 / 8192, zswpin 19, zswpout 43, memory.zswap.max 8M
	assert_line --regexp '^/outer/inner +[0-9]+ +8 KiB +7 +- +3\.50 +19 +43 +8 MiB$'
	refute_line --partial nomem
}

@test "the root has no memory.zswap.* files: '-' and null" {
	run -0 zc_patched cgroups --output PATH,COMPRESSED,MAX --noheadings /
	assert_output --regexp '^/ +- +-$'
	run -0 zc_patched cgroups --json /
	assert_equal "$(jq -r '.cgroups[0].compressed_bytes | type' <<<"$output")" null
	assert_equal "$(jq -r '.cgroups[0].zswap_max | type' <<<"$output")" null
}

# Data on stdout, diagnostics on stderr: `zswapctl cgroups | sort` or
# `| awk` reads rows only, and the note comes after the table all the same
# (stdout is flushed before it) where both go to one terminal
@test "the note on '-' goes to stderr: stdout holds the table, and a pipe reads rows only" {
	run -0 --separate-stderr zc_patched cgroups
	assert_equal "${#lines[@]}" 6
	refute_output --partial "note"
	assert_equal "$stderr" "zswapctl: note: '-': the root cgroup has no memory.zswap.* files; zero pages need zswap's netlink family (a patched kernel)"
	run -0 --separate-stderr zc_stock status
	refute_output --partial "note"
	[[ $stderr == "zswapctl: note: '-': "* ]] || fail "stderr: $stderr"
	# one stream: the table, then the note
	run -0 bash -c '"$@" 2>&1 | tail -n 1' _ "$ZSWAPCTL" --sysroot "$PATCHED" cgroups
	assert_output --regexp "^zswapctl: note: '-': "
}

@test "a '-' in the table has a note that says why and what gives it" {
	run -0 zc_patched cgroups
	assert_line --index 6 "zswapctl: note: '-': the root cgroup has no memory.zswap.* files; zero pages need zswap's netlink family (a patched kernel)"
	run -0 zc_patched cgroups -o PATH,ZERO /outer
	assert_line --index 2 "zswapctl: note: '-': zero pages need zswap's netlink family (a patched kernel)"
	run -0 zc_patched cgroups -o PATH,MAX /
	assert_line --index 2 "zswapctl: note: '-': the root cgroup has no memory.zswap.* files"
	# The root's RATIO: its compressed bytes are what it lacks
	run -0 zc_patched cgroups -o PATH,RATIO /
	assert_line --index 2 "zswapctl: note: '-': the root cgroup has no memory.zswap.* files"
	# A kernel before 6.8 has no zswpwb in memory.stat
	run -0 zc_patched cgroups -o PATH,ZSWPWB /work
	assert_line --index 2 "zswapctl: note: '-': some figures are not on this kernel"
	# Nothing unknown, no note; none for scripts either
	local args
	for args in "-o PATH,ID,STORED" "--raw" "--noheadings" "--json" "-o ZERO --raw"; do
		# shellcheck disable=SC2086 # the options are words
		run -0 zc_patched cgroups $args
		refute_output --partial "note:"
	done
}

@test "a cgroup file that holds no number: '-', and the note says which file, not 'lacks'" {
	local root
	root=$(copy_root patched)
	echo 'lots' >"$root/sys/fs/cgroup/outer/memory.zswap.current"
	sed -i 's/^zswpin .*/zswpin 12x/' "$root/sys/fs/cgroup/work/memory.stat"
	run -0 "$ZSWAPCTL" --sysroot "$root" cgroups -o PATH,COMPRESSED,ZSWPIN /outer
	assert_line --index 1 --regexp '^/outer +- +[0-9]+$'
	assert_line --index 2 "zswapctl: note: '-': a cgroup's memory.zswap.current holds no valid value"
	run -0 "$ZSWAPCTL" --sysroot "$root" cgroups -o PATH,ZSWPIN /work
	assert_line --index 2 "zswapctl: note: '-': a cgroup's memory.stat has no valid zswpin line"
}

@test "memcg is another name of cgroups" {
	assert_equal "$(zc_patched memcg)" "$(zc_patched cgroups)"
}

@test "--help lists every column with its help" {
	run -0 zc cgroups --help
	local col
	for col in $(zc --list-columns); do
		assert_line --regexp "^ +$col  [a-z]"
	done
}

@test "--output picks columns in order, +COL appends, names in any case" {
	run -0 zc_patched cgroups --output MAX,path
	assert_line --index 0 --regexp '^ *MAX PATH$'
	run -0 zc_patched cgroups -o +RATIO
	assert_line --index 0 --regexp 'ZSWPOUT +MAX +RATIO$'
	run -0 zc_patched cgroups --noheadings --raw -o ID
	assert_equal "$(grep -cvE '^[0-9]+$' <<<"$output")" 0
}

@test "--noheadings and --raw: no header, one space between fields" {
	run -0 zc_patched cgroups --noheadings
	refute_line --partial PATH
	run -0 zc_patched cgroups --raw
	assert_line --index 0 'PATH ID COMPRESSED STORED ZERO RATIO ZSWPIN ZSWPOUT MAX'
	local line
	for line in "${lines[@]}"; do
		[ "$(wc -w <<<"$line")" = 9 ] || fail "not nine fields: '$line'"
	done
	assert_line --regexp '^/outer/inner [0-9]+ 8KiB 7 - 3\.50 19 43 8MiB$'
}

@test "--bytes prints sizes in bytes, and max stays max" {
	run -0 zc_patched cgroups --bytes --output PATH,MAX --noheadings
	assert_line --regexp '^/outer/inner +8388608$'
	assert_line --regexp '^/outer +max$'
}

@test "--sort orders by any column, --reverse turns it round" {
	run -0 paths --sort PATH
	assert_output "$(printf '%s\n' / /flat /outer /outer/inner /work)"
	run -0 paths --sort path --reverse
	assert_output "$(printf '%s\n' /work /outer/inner /outer /flat /)"
	# Unknown sorts first, then 8 MiB, then the three "max"
	run -0 paths --sort MAX
	assert_line --index 0 /
	assert_line --index 1 /outer/inner
	local col
	for col in $(zc --list-columns); do
		run -0 zc_patched cgroups --sort "$col" --noheadings
		assert_equal "${#lines[@]}" 5
	done
}

@test "--sort STORED puts the cgroup with pages in zswap last, --reverse first" {
	run -0 paths --sort STORED --reverse
	assert_line --index 0 --regexp '^/(work)?$'
	run -0 zc_patched cgroups --sort STORED --output STORED --noheadings
	assert_equal "$(sort -n <<<"$output" | tr -d ' ')" "$(tr -d ' ' <<<"$output")"
}

@test "--tree puts parents before children and indents by depth" {
	run -0 zc_patched cgroups --tree --output PATH
	assert_line --index 0 PATH
	assert_line --index 1 /
	local outer inner
	outer=$(grep -n 'outer$' <<<"$output" | cut -d: -f1)
	inner=$(grep -n 'inner$' <<<"$output" | cut -d: -f1)
	[ "$inner" = $((outer + 1)) ] || fail "inner is not right below outer"
	# Two levels of drawing before inner, one before outer
	assert_line --regexp '^(\|-|`-|├─|└─)outer$'
	assert_line --regexp '^(\| |  |│ )(\|-|`-|├─|└─)inner$'
	run -0 env LC_ALL=C "$ZSWAPCTL" --sysroot "$PATCHED" cgroups --tree -o PATH --noheadings
	assert_output "$(printf '%s\n' / '|-flat' '|-outer' '| `-inner' '`-work')"
}

@test "--tree with a cgroup shows it and what is below it; --raw keeps full paths" {
	run -0 env LC_ALL=C "$ZSWAPCTL" --sysroot "$PATCHED" cgroups --tree -o PATH --noheadings outer
	assert_output "$(printf '%s\n' /outer '`-inner')"
	run -0 paths --tree
	assert_output "$(printf '%s\n' / /flat /outer /outer/inner /work)"
}

@test "a cgroup by relative, absolute and /sys/fs/cgroup path, and by id" {
	local want arg id
	want=$(zc_patched cgroups --noheadings --raw /outer/inner)
	assert_equal "$(wc -l <<<"$want")" 1
	id=$(id_of /outer/inner)
	for arg in outer/inner /outer/inner /sys/fs/cgroup/outer/inner outer//inner/ "$id"; do
		assert_equal "$(zc_patched cgroups --noheadings --raw "$arg")" "$want"
	done
}

@test "a cgroup that is not there: one line, exit 1" {
	run -1 --separate-stderr zc_patched cgroups /nope
	assert_one_line_error "no cgroup '/nope' under .*/sys/fs/cgroup"
	run -1 --separate-stderr zc_patched cgroups 4242424242
	assert_one_line_error "no cgroup with id 4242424242"
	run -1 --separate-stderr zc_patched cgroups --tree /nope
	assert_one_line_error "no cgroup '/nope'"
	run -1 --separate-stderr zc_patched cgroups flat/nomem
	assert_one_line_error "'/flat/nomem' has no memory controller"
}

@test "--json: version, source and one object per cgroup with every documented key" {
	run -0 zc_patched cgroups --json
	assert_equal "$(jq -r .version <<<"$output")" 2
	assert_equal "$(jq -r .source <<<"$output")" fallback
	assert_equal "$(jq -r '.cgroups | length' <<<"$output")" 5
	local keys want=${CGROUP_KEYS[*]}
	keys=$(jq -r '.cgroups[0] | keys_unsorted | join(" ")' <<<"$output")
	assert_equal "${keys:0:${#want}}" "$want"
	[[ -z ${keys:${#want}} || ${keys:${#want}} == " "* ]] ||
		fail "the last key of 1.6 runs on: $keys"
	assert_equal "$(jq -r '.cgroups[] | select(.path == "/outer/inner") | .zswap_max' <<<"$output")" \
		8388608
}

@test "--json writes no limit as zswap_unlimited, true, and zswap_max null: one type a key" {
	run -0 zc_patched cgroups --json=short /outer
	assert_output --partial '"zswap_max":null,"zswap_unlimited":true,'
}

@test "--json with --output has only those keys, in that order" {
	run -0 zc_patched cgroups --json=short --output PATH,RATIO /work
	assert_output --regexp '^\{"version":2,"source":"fallback","page_size":[0-9]+,"cgroups":\[\{"path":"/work","compression_ratio":[0-9.]+\}\]\}$'
}

@test "--json gives the page size, the unit of the page counts" {
	run -0 zc_patched cgroups --json
	assert_equal "$(jq -r .page_size <<<"$output")" "$(getconf PAGESIZE)"
}

@test "--json --tree nests each cgroup's children in \"children\", as lsblk does" {
	run -0 zc_patched cgroups --json --tree
	# The one top, /, its three children by name, and /outer's child
	assert_equal "$(jq -c '[.cgroups[].path]' <<<"$output")" '["/"]'
	assert_equal "$(jq -c '[.cgroups[0].children[].path]' <<<"$output")" \
		'["/flat","/outer","/work"]'
	assert_equal "$(jq -c '[.cgroups[0].children[1].children[].path]' <<<"$output")" \
		'["/outer/inner"]'
	# A leaf has no "children"; the other keys are the flat listing's
	assert_equal "$(jq -c '[.. | objects | select(has("path") and (has("children") | not)) | .path]' \
		<<<"$output")" '["/flat","/outer/inner","/work"]'
	assert_equal "$(jq -c '.cgroups[0].children[1].children[0]' <<<"$output")" \
		"$(zc_patched cgroups --json=short /outer/inner | jq -c '.cgroups[0]')"
	# A subtree: its top holds the rest
	run -0 zc_patched cgroups --json --tree /outer
	assert_equal "$(jq -c '[.cgroups[].path, .cgroups[0].children[].path]' <<<"$output")" \
		'["/outer","/outer/inner"]'
	# Without --tree the list stays flat
	run -0 zc_patched cgroups --json
	assert_equal "$(jq '[.cgroups[] | select(has("children"))] | length' <<<"$output")" 0
}

@test "on an 80-column terminal a long PATH is cut and every figure stays whole" {
	local root want line
	require_tool tmux
	root=$(docker_root)
	want=$(zc --sysroot "$root" cgroups --raw --noheadings "$DOCKER_SCOPE" | cut -d' ' -f2-)
	tmux_start 80 40
	pane_run "$ZSWAPCTL --sysroot $root cgroups; echo done"
	wait_for_pane '^done$'
	# No line wider than the screen: tmux would have wrapped it
	while IFS= read -r line; do
		[ "${#line}" -le 80 ] || fail "wider than 80: $line"
	done < <(pane -J | sed -n '/^PATH/,/^done$/p')
	pane -J | grep -qE '^PATH +ID +COMPRESSED .* MAX$' || fail "no header: $(pane -J)"
	# The scope's row: a cut path, then the figures of --raw, whole
	line=$(pane -J | grep '^/system.slice/docker-')
	[ -n "$line" ] || fail "no row of the scope: $(pane -J)"
	[[ $line != *"$DOCKER_SCOPE"* ]] || fail "the path was not cut: $line"
	assert_equal "$(sed 's/ KiB/KiB/g; s/ MiB/MiB/g' <<<"$line" | tr -s ' ' | cut -d' ' -f2-)" "$want"
	tmux_stop
}

@test "the stock tree: no zero-page figures per cgroup either" {
	run -0 zc_stock cgroups --json
	assert_equal "$(jq -r '[.cgroups[].zero_pages] | unique | .[0] | type' <<<"$output")" null
	run -0 zc_stock cgroups --output PATH,ZERO --noheadings /work
	assert_output --regexp '^/work +-$'
}
