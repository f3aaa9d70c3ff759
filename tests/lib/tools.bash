# SPDX-License-Identifier: GPL-2.0
# Helpers of the host suites (tests/cli/helpers.bash loads this file) and
# the guest suites (tests/vm/suites/*.bats that run valgrind): the tools
# that `make deps` installs, and valgrind with an exact exit status. They
# fail the test through bats-support's fail.

# require_tool NAME: a program that `make deps` installs (the guest runs on
# the host's root). Without it the test fails, not skips: a check that
# could not run has not passed.
require_tool() {
	command -v "$1" >/dev/null || fail "$1 missing: run make deps"
}

# valgrind_run STATUS CMD...: CMD under valgrind's memcheck (bats' `run`, so
# $status and $output are set), every leak kind an error. Fails unless CMD
# exits with STATUS: valgrind exits 99 on a memory error or leak, and
# 128+N when CMD dies of signal N, which no expected status is.
VALGRIND_MEMCHECK=(valgrind --quiet --leak-check=full --show-leak-kinds=all --errors-for-leak-kinds=all
		   --error-exitcode=99)
valgrind_run() {
	local want=$1
	shift
	require_tool valgrind
	run "${VALGRIND_MEMCHECK[@]}" "$@"
	[ "$status" != 99 ] || fail "valgrind reports errors for '$*': $output"
	[ "$status" -lt 128 ] ||
		fail "'$*' died of signal $((status - 128)) under valgrind: $output"
	[ "$status" = "$want" ] || fail "'$*' exited $status under valgrind, not $want: $output"
}
