#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0
# The shell completions know every command, column and set parameter that
# zswapctl itself lists (--list-commands, --list-columns, --list-set-params),
# and load in their shells.

load helpers

COMPLETIONS=(zswapctl.bash _zswapctl zswapctl.fish)

setup() {
	require_zswapctl
}

# assert_words_in LIST-OPTION: every name zswapctl lists is a word of each file
assert_words_in() {
	local file name
	for file in "${COMPLETIONS[@]}"; do
		for name in $(zc "$1"); do
			grep -qw -- "$name" "$TOP/completions/$file" ||
				fail "$name (from zswapctl $1) is not in completions/$file"
		done
	done
}

@test "every command is in each completion file" {
	assert_words_in --list-commands
}

@test "every column is in each completion file" {
	assert_words_in --list-columns
}

@test "every set parameter is in each completion file" {
	assert_words_in --list-set-params
}

@test "the bash completion loads and registers zswapctl" {
	run -0 bash -c "source '$TOP/completions/zswapctl.bash' && complete -p zswapctl"
	assert_output "complete -F _zswapctl zswapctl"
}

# bash_complete WORDS...: what the bash completion offers for the last word
bash_complete() {
	bash -c 'source "$1"; shift
		COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); _zswapctl
		printf "%s\n" "${COMPREPLY[@]}"' _ "$TOP/completions/zswapctl.bash" "$@"
}

@test "the bash completion offers the commands, columns and parameters zswapctl lists" {
	run -0 bash_complete zswapctl ''
	assert_output "$(zc --list-commands)"
	run -0 bash_complete zswapctl cgroups --sort ''
	assert_output "$(zc --list-columns)"
	run -0 bash_complete zswapctl set ''
	assert_output "$(zc --list-set-params)"
	run -0 bash_complete zswapctl cgroups --output PATH,RA
	assert_output PATH,RATIO
	run -0 bash_complete zswapctl set enabled ''
	assert_output "$(printf '%s\n' on off)"
}

@test "the zsh completion parses" {
	require_tool zsh
	run -0 zsh -n "$TOP/completions/_zswapctl"
	head -1 "$TOP/completions/_zswapctl" | grep -qx '#compdef zswapctl'
}

@test "the fish completion parses and offers what zswapctl lists" {
	require_tool fish
	run -0 fish -n "$TOP/completions/zswapctl.fish"
	run -0 fish -c "source '$TOP/completions/zswapctl.fish'; complete -C'zswapctl '"
	assert_equal "$(cut -f1 <<<"$output" | sort)" "$(zc --list-commands | sort)"
	run -0 fish -c "source '$TOP/completions/zswapctl.fish'; complete -C'zswapctl set '"
	assert_equal "$(cut -f1 <<<"$output" | sort)" "$(zc --list-set-params | sort)"
	run -0 fish -c "source '$TOP/completions/zswapctl.fish'; complete -C'zswapctl cgroups --sort '"
	assert_equal "$(cut -f1 <<<"$output" | sort)" "$(zc --list-columns | sort)"
}

@test "the completions know status --format, monitor's and export's options" {
	run -0 bash_complete zswapctl status --format ''
	assert_output "$(printf '%s\n' text json prometheus)"
	run -0 bash_complete zswapctl status --format=pro
	assert_output --format=prometheus
	run -0 bash_complete zswapctl monitor --c
	assert_output --count
	run -0 bash_complete zswapctl monitor --count 5 --j
	assert_output --json
	run -0 bash_complete zswapctl export --no
	assert_output --no-cgroups
	local word
	for word in --format prometheus --count --no-cgroups; do
		grep -qw -- "${word#--}" "$TOP/completions/_zswapctl" ||
			fail "$word is not in completions/_zswapctl"
		grep -qw -- "${word#--}" "$TOP/completions/zswapctl.fish" ||
			fail "$word is not in completions/zswapctl.fish"
	done
}

@test "export --output-file completes a file name (and its old spellings), cgroups --output a column" {
	cd "$BATS_TEST_TMPDIR"
	touch zswap.prom
	run -0 bash_complete zswapctl export --output-file zsw
	assert_output zswap.prom
	run -0 bash_complete zswapctl export --output zsw
	assert_output zswap.prom
	run -0 bash_complete zswapctl export -o zsw
	assert_output zswap.prom
	run -0 bash_complete zswapctl cgroups --output ZSW
	assert_output "$(printf '%s\n' ZSWPIN ZSWPOUT ZSWPWB)"
	require_tool fish
	run -0 fish -c "source '$TOP/completions/zswapctl.fish'; complete -C'zswapctl export --output-file zsw'"
	assert_output zswap.prom
}

@test "the completions know top's columns (zswapctl top --list-columns) and options" {
	local file name
	for file in "${COMPLETIONS[@]}"; do
		for name in $(zc top --list-columns) --batch --delay --count --filter; do
			grep -qF -- "${name#--}" "$TOP/completions/$file" ||
				fail "$name (zswapctl top) is not in completions/$file"
		done
	done
	run -0 bash_complete zswapctl top --sort ''
	assert_output "$(zc top --list-columns)"
	run -0 bash_complete zswapctl top -x ZSWPI
	assert_output ZSWPIN/s
	# cgroups keeps its own columns
	run -0 bash_complete zswapctl cgroups --sort ZSWPI
	assert_output ZSWPIN
	run -0 bash_complete zswapctl top --cou
	assert_output --count
	run -0 bash_complete zswapctl top --delay ''
	assert_output ""
	require_tool fish
	run -0 fish -c "source '$TOP/completions/zswapctl.fish'; complete -C'zswapctl top --sort '"
	assert_equal "$(cut -f1 <<<"$output" | sort)" "$(zc top --list-columns | sort)"
}

@test "set cgroup PATH: max and writeback, and on and off after writeback" {
	run -0 bash_complete zswapctl set cgroup /work ''
	assert_output "$(printf '%s\n' max writeback)"
	run -0 bash_complete zswapctl set cgroup /work writeback ''
	assert_output "$(printf '%s\n' on off)"
	run -0 bash_complete zswapctl set cgroup /work max ''
	assert_output ''
	require_tool fish
	run -0 fish -c "source '$TOP/completions/zswapctl.fish'; complete -C'zswapctl set cgroup /work '"
	assert_equal "$(cut -f1 <<<"$output" | sort | tr '\n' ' ')" "max writeback "
	run -0 fish -c "source '$TOP/completions/zswapctl.fish'; complete -C'zswapctl set cgroup /work writeback '"
	assert_equal "$(cut -f1 <<<"$output" | sort | tr '\n' ' ')" "off on "
	grep -qF 'compadd max writeback' "$TOP/completions/_zswapctl" ||
		fail "_zswapctl does not offer writeback after the path"
	grep -qF 'compadd on off' "$TOP/completions/_zswapctl" ||
		fail "_zswapctl does not offer on and off for writeback"
}

@test "apply: --dry-run, and file names as its arguments, in bash and fish" {
	cd "$BATS_TEST_TMPDIR"
	touch zswap.conf
	run -0 bash_complete zswapctl apply --d
	assert_output --dry-run
	run -0 bash_complete zswapctl apply zsw
	assert_output zswap.conf
	run -0 bash_complete zswapctl --sysroot / apply -n zsw
	assert_output zswap.conf
	grep -q -- "--dry-run" "$TOP/completions/_zswapctl" || fail "no --dry-run in completions/_zswapctl"
	require_tool fish
	run -0 fish -c "source '$TOP/completions/zswapctl.fish'; complete -C'zswapctl apply --d'"
	assert_equal "$(cut -f1 <<<"$output")" --dry-run
	run -0 fish -c "source '$TOP/completions/zswapctl.fish'; complete -C'zswapctl apply zsw'"
	assert_equal "$(cut -f1 <<<"$output")" zswap.conf
}
