#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0
# zswapctl top on the recorded trees: batch mode prints the samples it is
# asked for, sorted, filtered and as a tree; bad options are usage errors;
# the curses view, driven in a tmux server of the test's own, draws its
# header and table, answers its keys, redraws on resize, colours only
# where allowed, and gives the terminal back on q and on signals.

load helpers
load ../lib/tmux
load ../lib/top

setup() {
	require_zswapctl
	require_tool tmux
}

teardown() {
	tmux_stop
}

@test "batch: -b -n 3 -d 0.2 prints exactly three samples and exits 0" {
	run -0 --separate-stderr zc_patched top -B -c 3 -d 0.2
	[ -z "$stderr" ] || fail "stderr: $stderr"
	assert_equal "$(grep -c '^time: ' <<<"$output")" 3
	assert_equal "$(grep -oE ' sample: [0-9]+ ' <<<"$output" | tr -d ' ')" \
		"$(printf 'sample:%s\n' 1 2 3)"
	assert_equal "$(grep -c '^PATH ' <<<"$output")" 3
	# Each: three header lines, the table header and five cgroups
	assert_equal "$(grep -c . <<<"$output")" 27
	assert_line --regexp '^time: [0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}\.[0-9]{3}Z  sample: 1  interval: [0-9]+\.[0-9]{2} s  source: fallback$'
	# The recorded tree: pool_total_size 13004800 B of MemTotal 2049260 kB
	# * 20% = 419688448 B, pool ratio 9476 * 4096 / 13004800 = 2.985, zero_pages
	# 3091 (not same_filled_pages, 3104)
	assert_line 'pool: 12.4 MiB of 400.2 MiB (3.1%)  pool ratio: 2.98  stored: 9476  zero: 3091'
	# A recorded tree does not move: every rate is 0, none unknown
	assert_line 'pages/s: store 0  load 0  reject 0  written back 0'
	assert_line --regexp '^PATH +ZSWPOUT/s(v|▼) +ZSWPIN/s +COMPRESSED +STORED +ZERO +RATIO +MAX +WRITEBACK +REJECT/s$'
	# 581559 B, 38678528 / 4096 pages, 38678528 / 581559; no memory.zswap.writeback
	assert_line --regexp '^/work +0 +0 +567\.9 KiB +9443 +- +66\.51 +max +- +-$'
	# 8192 B, 28672 / 4096 pages, 28672 / 8192
	assert_line --regexp '^/outer/inner +0 +0 +8 KiB +7 +- +3\.50 +8 MiB +- +-$'
}

@test "batch: the stock tree, and a figure the source lacks shows as '-'" {
	run -0 zc_stock top -B -c 1 -d 0.1
	assert_equal "$(grep -c '^time: ' <<<"$output")" 1
	assert_line --regexp '^pool: .*  zero: -$'
	assert_line --regexp '^/work +0 +0 +399\.5 KiB +9389 +- +94\.01 +max +- +-$'
}

@test "batch: --sort, --reverse, --tree and --filter choose and order the rows" {
	run -0 zc_patched top -B -c 1 -d 0.1 --sort PATH
	assert_equal "$(rows_of <<<"$output" | tr '\n' ' ')" "/ /flat /outer /outer/inner /work "
	assert_line --regexp '^PATH(\^|▲) '
	run -0 zc_patched top -B -c 1 -d 0.1 --sort path --reverse
	assert_equal "$(rows_of <<<"$output" | tr '\n' ' ')" "/work /outer/inner /outer /flat / "
	assert_line --regexp '^PATH(v|▼) '
	# Largest first: zswapped 38789120, 38678528, 49152, 28672, 20480
	run -0 zc_patched top -B -c 1 -d 0.1 -x STORED
	assert_equal "$(rows_of <<<"$output" | tr '\n' ' ')" "/ /work /outer /outer/inner /flat "
	# Equal ones by path: /flat as large as /outer
	local root
	root=$(copy_root patched)
	sed -i 's/^zswapped .*/zswapped 49152/' "$root/sys/fs/cgroup/flat/memory.stat"
	run -0 zc --sysroot "$root" top -B -c 1 -d 0.1 -x STORED
	assert_equal "$(rows_of <<<"$output" | tr '\n' ' ')" "/ /work /flat /outer /outer/inner "
	run -0 zc_patched top -B -c 1 -d 0.1 --filter outer
	assert_equal "$(rows_of <<<"$output" | tr '\n' ' ')" "/outer /outer/inner "
	run -0 env LC_ALL=C "$ZSWAPCTL" --sysroot "$PATCHED" top -B -c 1 -d 0.1 -T -x PATH
	assert_equal "$(sed -n '/^PATH/,/^$/p' <<<"$output" | sed -e 1d -e '/^$/d' | cut -c1-9)" \
		"$(printf '%s\n' '/        ' '|-flat   ' '|-outer  ' '| `-inner' '`-work   ')"
}

@test "batch: --filter matches a name as it is shown, escaped, and as its bytes" {
	local root
	root=$(copy_root patched)
	mkdir "$root/sys/fs/cgroup/"$'esc\e[31m' "$root/sys/fs/cgroup/"$'caf\xe9'
	cp "$root/sys/fs/cgroup/flat/memory.stat" "$root/sys/fs/cgroup/"$'esc\e[31m/'
	cp "$root/sys/fs/cgroup/flat/memory.stat" "$root/sys/fs/cgroup/"$'caf\xe9/'
	# what the screen shows, typed back
	run -0 zc --sysroot "$root" top -B -c 1 -d 0.1 --filter '\x1b[31'
	assert_equal "$(rows_of <<<"$output" | tr '\n' ' ')" '/esc\x1b[31m '
	run -0 zc --sysroot "$root" top -B -c 1 -d 0.1 --filter 'caf\xe9'
	assert_equal "$(rows_of <<<"$output" | tr '\n' ' ')" '/caf\xe9 '
	# the bytes themselves
	run -0 zc --sysroot "$root" top -B -c 1 -d 0.1 --filter $'\e[31'
	assert_equal "$(rows_of <<<"$output" | tr '\n' ' ')" '/esc\x1b[31m '
	# a filter that matches neither
	run -0 zc --sysroot "$root" top -B -c 1 -d 0.1 --filter '\x1c'
	assert_equal "$(rows_of <<<"$output" | tr '\n' ' ')" ''
}

@test "bad --delay and --count: exit 1 and one line naming the problem" {
	local bad
	for bad in 0 0.05 86401 abc -1 1e3 1,5 ''; do
		run -1 --separate-stderr zc_patched top -B -d "$bad"
		assert_one_line_error "--delay '$bad'"
	done
	run -1 --separate-stderr zc_patched top -B -d 0.05
	assert_one_line_error "out of range \\(0\\.1 to 86400 seconds\\)"
	run -1 --separate-stderr zc_patched top -B -d soon
	assert_one_line_error "invalid --delay 'soon' \\(expected seconds"
	for bad in 0 -3 x 1.5 ''; do
		run -1 --separate-stderr zc_patched top -B -c "$bad"
		assert_one_line_error "invalid --count '$bad' \\(expected a whole number from 1\\)"
	done
	run -1 --separate-stderr zc_patched top -B --delay
	assert_one_line_error "option '--delay' needs an argument"
	run -1 --separate-stderr zc_patched top -B -x ID
	assert_one_line_error "unknown column 'ID' for --sort"
	run -1 --separate-stderr zc_patched top -B now
	assert_one_line_error "top takes no arguments, got 'now'"
}

@test "the curses view needs a terminal, and says to use --batch" {
	run -1 --separate-stderr zc_patched top </dev/null
	assert_one_line_error "top needs a terminal; use --batch"
}

@test "the curses view refuses TERM=dumb, an unknown TERM and none: exit 1, use -B" {
	local term
	tmux_start 150 20
	for term in dumb no-such-terminal ''; do
		pane_run "clear; TERM=$term $ZSWAPCTL --sysroot $PATCHED top -d 0.2"
		wait_for_pane '^zswapctl: top cannot draw here \(.*\); use --batch \(-B\) for plain text$'
		wait_for_shell
		assert_equal "$(pane_status)" 1
	done
	# The terminal of the pane itself is one top can draw on
	pane_run "clear; $ZSWAPCTL --sysroot $PATCHED top -c 1 -d 0.1"
	wait_for_shell
	assert_equal "$(pane_status)" 0
}

# fields LINE: the words of a table row after its PATH, one space apart,
# sizes in one word ("567.9 KiB" as "567.9KiB")
fields() { sed -E 's/ ([KMGTPE]?i?B)( |$)/\1\2/g' <<<"${1#* }" | tr -s ' ' | sed 's/^ //'; }

@test "curses: a 91-character PATH at 80 and 100 columns: PATH cut in its middle, every figure whole" {
	local root cols want line
	root=$(docker_root)
	[ "${#DOCKER_SCOPE}" = 91 ] || fail "the scope is ${#DOCKER_SCOPE} characters"
	# The row as batch mode prints it, where nothing is cut
	want=$(fields "$(zc --sysroot "$root" top -B -c 1 -d 0.1 | grep -F "$DOCKER_SCOPE ")")
	[ -n "$want" ] || fail "no row of the scope in batch mode"
	for cols in 80 100; do
		tmux_start "$cols" 30
		pane_run "$ZSWAPCTL --sysroot $root top -d 0.2"
		# The second sample has rates
		wait_until sample_past 1
		line=$(pane | grep -E '^/syste')
		# The start and the end of the path, an ellipsis between
		[[ $line =~ ^/syste[^\ ]*…[^\ ]*scope\  ]] || fail "$cols columns: the path is not cut in its middle: $line"
		# At 80 columns REJECT/s, the last, is left out: the figures before it are whole
		if [ "$cols" = 80 ]; then
			assert_equal "$(fields "$line")" "${want% *}"
		else
			assert_equal "$(fields "$line")" "$want"
		fi
		# The header is whole too, WRITEBACK last but for REJECT/s
		pane | grep -qE '^PATH +ZSWPOUT/s. +ZSWPIN/s +COMPRESSED +STORED +ZERO +RATIO +MAX +WRITEBACK( +REJECT/s)?$' ||
			fail "$cols columns: the header is cut: $(pane | grep '^PATH')"
		pane_keys q
		wait_for_shell
		tmux_stop
	done
}

@test "--help and --list-columns: the columns of top, one table" {
	run -0 zc top --list-columns
	assert_output "$(printf '%s\n' PATH ZSWPOUT/s ZSWPIN/s COMPRESSED STORED ZERO RATIO MAX WRITEBACK REJECT/s)"
	local cols=$output col
	run -0 zc top --help
	for col in $cols; do
		assert_line --regexp "^ +$col  [a-z]"
	done
	assert_output --partial "--batch"
	assert_output --partial "--count"
}

start_top() {
	tmux_start "${COLS:-120}" 40
	pane_run "$ZSWAPCTL --sysroot $PATCHED top $*"
	wait_for_pane '^zswapctl top - [0-9:]+  sample [0-9]+  every '
}

@test "curses: the header and the table; h shows the help; q quits and restores the terminal" {
	start_top -d 0.2
	wait_for_pane '^Pool \[.*12\.4 MiB of 400\.2 MiB \(3\.1%\)\]$'
	wait_for_pane '^Pool ratio 2\.98   Stored 9476   Zero 3091'
	wait_for_pane '^Pages/s  store 0   load 0   reject 0   written back 0'
	wait_for_pane '^PATH +ZSWPOUT/s[▼v] +ZSWPIN/s '
	wait_for_pane '^/outer/inner +0 +0 +8 KiB +7 +- +3\.50 +8 MiB +- +-$'
	assert_equal "$(pane_get '#{alternate_on}')" 1
	pane_keys h
	wait_for_pane '^zswapctl top: keys$'
	wait_for_pane '^  q +quit$'
	wait_for_pane '^  ZSWPOUT/s +pages stored into zswap per second'
	pane_keys Space
	wait_for_pane '^PATH '
	pane_keys q
	wait_for_shell
	assert_equal "$(pane_status)" 0
}

@test "curses: -n 2 quits by itself after two samples, and restores the terminal" {
	# the first sample stays on the screen for the whole interval: 5 s
	# so that a busy machine's polling still sees it (1 s was missed once)
	start_top -d 5 -c 2
	wait_for_pane '  sample 1  '
	wait_for_shell
	assert_equal "$(pane_status)" 0
}

@test "curses: < > move the sort, r reverses, t draws the tree, / filters" {
	start_top -d 0.2
	pane_keys '<'
	wait_for_pane '^Sort PATH up '
	wait_for_pane '^PATH[▲^] '
	assert_equal "$(screen_rows)" "/ /flat /outer /outer/inner /work"
	pane_keys r
	wait_for_pane '^Sort PATH down '
	assert_equal "$(screen_rows)" "/work /outer/inner /outer /flat /"
	pane_keys '>' '>' '>' '>'
	wait_for_pane '^Sort STORED up '
	wait_for_pane '^PATH +ZSWPOUT/s +ZSWPIN/s +COMPRESSED +STORED[▲^] '
	pane_keys r t
	wait_for_pane '^Sort STORED down   Tree on '
	wait_for_pane '^(│| ) └─inner '
	pane_keys t /
	wait_for_pane '^Filter:'
	pane_type inner
	pane_keys Enter
	wait_for_pane 'Filter inner$'
	assert_equal "$(screen_rows)" /outer/inner
	# Enter on an empty filter shows every cgroup again
	pane_keys / C-u Enter
	wait_for_pane 'Filter none$'
	assert_equal "$(pane | rows_of | wc -l)" 5
	# Escape leaves the filter as it was
	pane_keys / f l a t Escape
	wait_for_pane '^h help'
	wait_for_pane 'Filter none$'
	pane_keys q
	wait_for_shell
}

@test "curses: space pauses, and the sample number stays; space resumes, and it moves on" {
	start_top -d 0.1
	wait_until sample_past 1
	pane_keys Space
	wait_for_pane ' PAUSED *$'
	local paused
	paused=$(screen_sample)
	# Ten intervals: long enough for a running view to move on
	sleep 1
	assert_equal "$(screen_sample)" "$paused"
	pane_keys p
	wait_until sample_past "$paused"
	run ! pane_has PAUSED
	pane_keys q
	wait_for_shell
}

@test "curses: d sets the interval, + and - step it, a bad one is refused" {
	start_top -d 2
	pane_keys d
	wait_for_pane '^Interval \(seconds\): 2$'
	pane_keys C-u
	pane_type 0.5
	pane_keys Enter
	wait_for_pane '  every 0\.5 s  '
	pane_keys +
	wait_for_pane '  every 1 s  '
	pane_keys - -
	wait_for_pane '  every 0\.2 s  '
	pane_keys d C-u
	pane_type 0.01
	pane_keys Enter
	wait_for_pane "^interval '0\\.01' out of range \\(0\\.1 to 86400 seconds\\)"
	pane_keys d C-u
	pane_type soon
	pane_keys Enter
	wait_for_pane "^invalid interval 'soon' \\(expected seconds"
	pane | grep -q '  every 0\.2 s  '
	pane_keys q
	wait_for_shell
}

@test "curses: a resize redraws the screen to the new size" {
	start_top -d 0.2
	wait_for_pane '^Pool \[.{113}\]$'
	tmx resize-window -x 70 -y 20
	wait_for_pane '^Pool \[.{63}\]$'
	wait_for_pane '^h help  q quit'
	tmx resize-window -x 100 -y 30
	wait_for_pane '^Pool \[.{93}\]$'
	pane_keys q
	wait_for_shell
}

@test "curses: SIGTERM, SIGINT and SIGHUP give the terminal back" {
	local sig status
	for sig in TERM INT HUP; do
		tmux_start 100 30
		pane_run "$ZSWAPCTL --sysroot $PATCHED top -d 5"
		wait_for_pane '^zswapctl top - '
		assert_equal "$(pane_get '#{alternate_on}')" 1
		kill -s "$sig" "$(pane_child)"
		wait_for_shell
		# It dies of the signal it got, as the shell sees it
		status=$(pane_status)
		assert_equal "$sig $status" "$sig $((128 + $(kill -l "$sig")))"
		tmux_stop
	done
}

@test "curses: colour where the terminal has it, none with NO_COLOR" {
	local sgr_colour=$'\e\\[[0-9;]*(3[0-7]|4[0-7])m'
	start_top -d 0.2
	wait_for_pane '^PATH '
	pane -e | grep -qE "$sgr_colour" || fail "no colour in: $(pane -e | head -8 | cat -v)"
	pane_keys q
	wait_for_shell
	pane_run "clear; NO_COLOR=1 $ZSWAPCTL --sysroot $PATCHED top -d 0.2"
	wait_for_pane '^PATH '
	! pane -e | grep -qE "$sgr_colour" || fail "colour with NO_COLOR: $(pane -e | head -8 | cat -v)"
	# Still marked without colour: the table header in reverse video
	pane -e | grep -qE $'\e\\[[0-9;]*7m(\e\\[[0-9;]*m)*PATH' || fail "no reverse header: $(pane -e | head -8 | cat -v)"
	pane_keys q
	wait_for_shell
}
