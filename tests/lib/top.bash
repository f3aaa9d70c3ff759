# SPDX-License-Identifier: GPL-2.0
# Reading what "zswapctl top" shows, for its host and guest suites: the
# rows of its table (from the screen through tests/lib/tmux.bash, or from
# a block of batch mode) and the sample number in its title line.

# rows_of: the first word of each line after a table header (the path,
# unless --tree draws before it), up to an empty line or the status line;
# for every block of batch mode in turn
rows_of() {
	sed -n '/^PATH/,/^$/p' | sed -e '/^PATH/d' -e '/^$/d' -e '/^h help/d' | awk '{ print $1 }'
}

# The paths of the table on the screen, on one line: "/ /a /b"
screen_rows() { pane | rows_of | paste -sd ' '; }

# The number in the title line: "zswapctl top - 12:00:00  sample 7  ..."
screen_sample() { pane | sed -n 's/^zswapctl top - [0-9:]*  sample \([0-9]*\) .*/\1/p'; }

# sample_past N: the screen shows a sample after the Nth
sample_past() { [ "$(screen_sample)" -gt "$1" ]; }

# column_bounds NAME HEADER: "START END", the characters of right-aligned
# column NAME in the rows under HEADER. A column ends where its header (and
# the sort arrow) ends and starts after the header before it, so values
# with a space in them ("12 KiB") come whole; after PATH, which is
# left-aligned and as wide as its longest path, START is 0: a value there
# is the last word before END. Fails when HEADER has no NAME.
column_bounds() {
	local LC_ALL=C.UTF-8 before token end
	before=${2%%"$1"*}
	[ "$before" != "$2" ] || return 1
	token=${2:${#before}}
	token=${token%% *}
	end=$((${#before} + ${#token}))
	before=${before%"${before##*[! ]}"}
	if [ "$before" = PATH ]; then
		echo "0 $end"
	else
		echo "$((${#before} + 1)) $end"
	fi
}

# screen_column NAME: the values of a right-aligned column of the table on
# the screen, one a line (column_bounds says where a value is)
screen_column() {
	local LC_ALL=C.UTF-8 text bounds line start end
	text=$(pane | sed -n '/^PATH/,/^$/p' | sed -e '/^$/d' -e '/^h help/d')
	bounds=$(column_bounds "$1" "${text%%$'\n'*}") || return 1
	read -r start end <<<"$bounds"
	while IFS= read -r line; do
		line=${line:start:end - start}
		[ "$start" != 0 ] || line=${line##* }
		echo "${line// /}"
	done < <(tail -n +2 <<<"$text")
}

# batch_column NAME PATH: the value of right-aligned column NAME in the row
# of PATH, in the first block of batch mode on stdin: the last word before
# the column's end (column_bounds), so "12 KiB" would come as "KiB": for a
# count
batch_column() {
	local LC_ALL=C.UTF-8 text bounds line end
	text=$(sed -n '/^PATH/,/^$/p' | sed -e '/^$/q')
	bounds=$(column_bounds "$1" "${text%%$'\n'*}") || return 1
	read -r _ end <<<"$bounds"
	while IFS= read -r line; do
		[ "${line%% *}" = "$2" ] || continue
		line=${line:0:end}
		echo "${line##* }"
		return
	done < <(tail -n +2 <<<"$text")
	return 1
}
