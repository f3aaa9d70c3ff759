#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0
# Self-tests of the rules by which `make check` cannot pass on a failure:
# tap-summary keeps every stream to its plan and every skip to the allowed
# list, tests/lib/check.bash counts every producer's exit status and names
# the tests a cut-off guest did not run, and the kernel check scripts print
# a "not ok" for every check left when they die half way. Each test breaks
# one rule on purpose and expects the summary to fail.

bats_load_library bats-support
bats_load_library bats-assert

setup() {
	TOP=$(cd "$BATS_TEST_DIRNAME/../.." && pwd)
	SUMMARY=$TOP/tests/lib/tap-summary
	RESULTS=$BATS_TEST_TMPDIR/results
	mkdir -p "$RESULTS"
	: > "$RESULTS/exit-status.tap"
}

tap() { # NAME TEXT: a TAP stream in RESULTS
	printf '%b' "$2" > "$RESULTS/$1.tap"
}

@test "tap-summary: a stream that keeps its plan passes" {
	tap a '1..2\nok 1 one\nok 2 two\n'
	tap b 'ok 1 - unit\nok 2 - unit\n1..2\n'
	run "$SUMMARY" "$RESULTS/a.tap" "$RESULTS/b.tap"
	assert_success
	assert_output "4 passed, 0 failed"
}

@test "tap-summary: a stream with no plan fails (a crashed producer)" {
	tap a '1..1\nok 1 one\n'
	tap crashed 'ok 1 - first check\nok 2 - second check\n'
	run "$SUMMARY" "$RESULTS/a.tap" "$RESULTS/crashed.tap"
	assert_failure 1
	assert_line --partial "FAILED: crashed: no TAP plan"
	assert_line "3 passed, 1 failed"
}

@test "tap-summary: each test the plan promised and the stream lacks is a failure" {
	tap cut '1..5\nok 1 one\nok 2 two\n'
	run "$SUMMARY" "$RESULTS/cut.tap"
	assert_failure 1
	assert_line --partial "FAILED: cut: planned 5 tests, 2 ran"
	assert_line "2 passed, 3 failed"
}

@test "tap-summary: more tests than planned, or two plans, fail" {
	tap over '1..1\nok 1 one\nok 2 two\n'
	tap twice '1..1\nok 1 one\n1..1\nok 1 one\n'
	run "$SUMMARY" "$RESULTS/over.tap"
	assert_failure 1
	assert_line --partial "planned 1 tests, 2 ran"
	run "$SUMMARY" "$RESULTS/twice.tap"
	assert_failure 1
	assert_line --partial "2 TAP plans in one stream"
}

# "1..2", "ok 1", "ok 7": as many lines as planned, but test 2 is missing
# and a test 7 the plan never promised came instead
@test "tap-summary: a test number other than its place in the stream fails" {
	tap skipped '1..2\nok 1 one\nok 7 seven\n'
	run "$SUMMARY" "$RESULTS/skipped.tap"
	assert_failure 1
	assert_line --partial "FAILED: skipped: test number 7 on test line 2"
	tap gap '1..3\nok 1 one\nok 3 three\nok 2 two\n'
	run "$SUMMARY" "$RESULTS/gap.tap"
	assert_failure 1
	assert_line --partial "FAILED: gap: test number 3 on test line 2"
	# unnumbered lines keep their place
	tap plain '1..2\nok one\nok 2 two\n'
	run "$SUMMARY" "$RESULTS/plain.tap"
	assert_success
}

@test "tap-summary: 1..0 beside a real stream, a number twice, Bail out! and subtests fail" {
	local d=$BATS_TEST_TMPDIR
	printf '1..1\nok 1 real\n' > "$d/real.tap"
	# a bats --filter that matched nothing prints 1..0 and exits 0
	printf '1..0\n' > "$d/filtered.tap"
	run "$TOP/tests/lib/tap-summary" "$d/real.tap" "$d/filtered.tap"
	assert_failure 1
	assert_line "  FAILED: filtered: plans no test (1..0) and says no skip"
	printf '1..2\nok 1 a\nok 1 b\n' > "$d/twice.tap"
	run "$TOP/tests/lib/tap-summary" "$d/twice.tap"
	assert_failure 1
	assert_line "  FAILED: twice: test number 1 twice"
	printf '1..1\nok 1 a\nBail out! the disk is gone\n' > "$d/bail.tap"
	run "$TOP/tests/lib/tap-summary" "$d/bail.tap"
	assert_failure 1
	assert_line "  FAILED: bail: Bail out! the disk is gone"
	printf '1..1\n    not ok 1 inner\nok 1 outer\n' > "$d/sub.tap"
	run "$TOP/tests/lib/tap-summary" "$d/sub.tap"
	assert_failure 1
	assert_line --partial "FAILED: sub: an indented test line"
}

# (A test name holding the directive itself would be read as a skip.)
@test "tap-summary: 'okay' is no test line, and a skip directive with no space is a skip" {
	local d=$BATS_TEST_TMPDIR
	# a plan of 2 that a stray "okay" line must not fill
	printf '1..2\nok 1 a\nokay, moving on\n' > "$d/okay.tap"
	run "$TOP/tests/lib/tap-summary" "$d/okay.tap"
	assert_failure 1
	assert_line --partial "okay: planned 2 tests, 1 ran"
	printf '1..1\nok 1 a #skip no tool\n' > "$d/skip.tap"
	: > "$d/none-allowed"
	run "$TOP/tests/lib/tap-summary" --allowed-skips "$d/none-allowed" "$d/skip.tap"
	assert_failure 1
	assert_line "0 passed, 1 failed"
}

# An entry names the file, the flavours, the exact test and the exact
# reason: the same skip in a stream of another flavour, under another test
# of the suite, with another reason or in another suite is not allowed.
@test "tap-summary: a skip not in the allowed list fails; a listed one passes" {
	local allowed=$BATS_TEST_TMPDIR/allowed
	cat > "$allowed" <<-'EOF'
	# why
	tests/vm/suites/20-netlink.bats [stock,stock-7.2] get # skip the stock kernel has no zswap family
	kernel/scripts/kconfig-matrix.sh NET=n: mm/zswap_netlink.c # skip not built in this configuration
	kernel/scripts/kconfig-matrix.sh [7.2] NET=n: mm/zswap-nl-gen.c # skip not built in this configuration
	EOF
	tap vm-stock-20-netlink '1..3\nok 1 [stock] get # skip the stock kernel has no zswap family\nok 2 [stock] tmux # skip no tmux\nok 3 [stock] set # skip the stock kernel has no zswap family\n'
	tap vm-stock-7.2-20-netlink '1..1\nok 1 [stock-7.2] get #SKIP the stock kernel has no zswap family\n'
	tap kconfig-matrix '1..1\nok 1 NET=n: mm/zswap_netlink.c # SKIP not built in this configuration\n'
	tap kconfig-matrix-7.2 '1..1\nok 1 NET=n: mm/zswap-nl-gen.c # SKIP not built in this configuration\n'
	run "$SUMMARY" --allowed-skips "$allowed" "$RESULTS"/vm-stock-20-netlink.tap \
		"$RESULTS"/vm-stock-7.2-20-netlink.tap "$RESULTS"/kconfig-matrix.tap \
		"$RESULTS"/kconfig-matrix-7.2.tap
	assert_failure 1
	assert_line "  FAILED (skip not in the allowed list): vm-stock-20-netlink: [stock] tmux # skip no tmux"
	assert_line "  FAILED (skip not in the allowed list): vm-stock-20-netlink: [stock] set # skip the stock kernel has no zswap family"
	assert_line "0 passed, 2 failed, 4 skipped"
	# The same skip in a stream of a flavour the entry does not name, of
	# another suite, or with another reason
	tap vm-patched-20-netlink '1..1\nok 1 [patched] get # skip the stock kernel has no zswap family\n'
	tap vm-stock-30-zswapctl '1..1\nok 1 [stock] get # skip the stock kernel has no zswap family\n'
	tap vm-stock-6.12-20-netlink '1..1\nok 1 [stock-6.12] get # skip the stock kernel has no zswap family\n'
	tap vm-stock-20-netlink '1..1\nok 1 [stock] get # skip the stock kernel has no zswap family, really\n'
	tap kconfig-matrix '1..1\nok 1 MEMCG=n: mm/zswap_netlink.c # SKIP not built in this configuration\n'
	# a line's entry in another line's stream, or in 6.1's
	tap kconfig-matrix-6.12 '1..1\nok 1 NET=n: mm/zswap-nl-gen.c # SKIP not built in this configuration\n'
	tap kconfig-matrix-6.1 '1..1\nok 1 NET=n: mm/zswap-nl-gen.c # SKIP not built in this configuration\n'
	for f in vm-patched-20-netlink vm-stock-30-zswapctl vm-stock-6.12-20-netlink vm-stock-20-netlink kconfig-matrix \
		 kconfig-matrix-6.12 kconfig-matrix-6.1; do
		run "$SUMMARY" --allowed-skips "$allowed" "$RESULTS/$f.tap"
		assert_failure 1
		assert_line "0 passed, 1 failed"
	done
	# A list that is not entries, such as the regular expressions it once
	# held, is refused rather than read as allowing nothing or everything
	printf '%s\n' '^vm-stock-[0-9a-z-]+: \[stock\] .* # skip the stock kernel has no zswap family$' > "$allowed"
	run "$SUMMARY" --allowed-skips "$allowed" "$RESULTS/kconfig-matrix.tap"
	assert_failure 2
	assert_output --partial "allowed:1: not FILE [FLAVOUR,...] TEST # skip REASON"
	printf '%s\n' 'tests/vm/suites/20-netlink.bats get # skip no flavour' > "$allowed"
	run "$SUMMARY" --allowed-skips "$allowed" "$RESULTS/kconfig-matrix.tap"
	assert_failure 2
	# a script's bracket names kernel lines, not flavours, and not 6.1,
	# whose stream names no line
	local bad
	for bad in patched-7.2 6.1 7.2,6.1; do
		printf 'kernel/scripts/kconfig-matrix.sh [%s] NET=n: mm/zswap.c # skip x\n' "$bad" > "$allowed"
		run "$SUMMARY" --allowed-skips "$allowed" "$RESULTS/kconfig-matrix.tap"
		assert_failure 2
	done
}

# expected_skips: the entries of tests/expected-skips, one a line, as
# FILE, FLAVOURS, TEST and REASON apart by the character US (\x1f, which no
# test name holds; a tab, as whitespace, would let read merge an empty
# field), FLAVOURS empty for a producer that is no guest suite: the way
# tap-summary reads them
expected_skips() {
	local line re='^([^[:space:]]+)[[:space:]]+(\[([^]]*)\] )?(.*[^[:space:]])[[:space:]]*#[[:space:]]*[Ss][Kk][Ii][Pp][[:space:]]*(.*)$'
	while IFS= read -r line; do
		[[ $line =~ ^[[:space:]]*(#|$) ]] && continue
		[[ $line =~ $re ]] || { printf 'BAD\x1f%s\n' "$line"; continue; }
		printf '%s\x1f%s\x1f%s\x1f%s\n' "${BASH_REMATCH[1]}" "${BASH_REMATCH[3]}" \
			"${BASH_REMATCH[4]}" "${BASH_REMATCH[5]}"
	done < "$TOP/tests/expected-skips"
}

# A renamed test, a suite file moved away or a skip reason reworded would
# leave an entry that allows nothing, and the list would only grow.
@test "tests/expected-skips: each entry names a file that exists, a test in it, its flavours and a reason the file gives" {
	. "$TOP/tests/lib/check.bash"
	local file flavours test reason f n=0 lines seen= dir
	lines=$(cd "$TOP/kernel" && ls -d [0-9]*.[0-9]* | tr '\n' '|')
	while IFS=$'\x1f' read -r file flavours test reason; do
		n=$((n + 1))
		[ "$file" != BAD ] || fail "not FILE [FLAVOUR,...] TEST # skip REASON: $flavours"
		[ -f "$TOP/$file" ] || fail "$file: no such file ($test)"
		[ -n "$reason" ] || fail "$file: $test: no reason"
		case $file in
		tests/vm/suites/*.bats|tests/vm/stress/*.bats)
			grep -qF -- "skip \"$reason\"" "$TOP/$file" ||
				fail "$file: skips nowhere with '$reason' ($test)"
			suite_tests "$TOP/$file" | grep -qxF -- "$test" ||
				fail "$file has no test '$test'"
			[ -n "$flavours" ] || fail "$file: $test: no flavour"
			for f in ${flavours//,/ }; do
				[[ $f =~ ^(stock|patched|debug)$ || $f =~ ^(stock|patched|debug)-(${lines%|})$ ]] ||
					fail "$file: $test: no flavour '$f'"
				[[ $seen != *"|$file $f $test|"* ]] || fail "$file: $test: [$f] twice"
				seen+="|$file $f $test|"
			done
			;;
		kernel/scripts/kconfig-matrix.sh)
			# "ROW: FILE.c": a row of the matrix and a file of the
			# series, 6.1's or, in brackets, each line's
			grep -qF -- "# SKIP $reason" "$TOP/$file" ||
				fail "$file: skips nowhere with '$reason' ($test)"
			grep -qF -- "\"${test%%: *}|" "$TOP/$file" || fail "$file has no row '${test%%: *}'"
			local line lines_of_entry=${flavours:-6.1}
			for line in ${lines_of_entry//,/ }; do
				dir=$TOP/kernel
				if [ -n "$flavours" ]; then
					[ "$line" != 6.1 ] ||
						fail "$file: $test: [6.1], which is the entry without brackets"
					dir=$TOP/kernel/$line
				fi
				[ -f "$dir/series" ] || fail "$file: $test: no kernel line '$line'"
				grep -qF -- "diff --git a/${test#*: } " $(sed -e 's/#.*//' \
					-e '/^[[:space:]]*$/d' -e "s|^|$dir/patches/|" "$dir/series") ||
					fail "$file: the $line series touches no ${test#*: }"
			done
			;;
		*)
			fail "$file: tap-summary knows no stream for it ($test)"
			;;
		esac
	done < <(expected_skips)
	[ "$n" -gt 20 ]
}

# Each entry, written as the skip it allows, is one tap-summary counts as
# skipped: the list and the checker read the same format.
@test "tests/expected-skips: every skip it lists passes tap-summary" {
	local file flavours test reason f base n=0
	while IFS=$'\x1f' read -r file flavours test reason; do
		base=$(basename "$file")
		case $file in
		tests/vm/suites/*.bats|tests/vm/stress/*.bats)
			for f in ${flavours//,/ }; do
				n=$((n + 1))
				printf '[%s] %s # skip %s\n' "$f" "$test" "$reason" \
					>> "$RESULTS/vm-$f-${base%.bats}.body"
			done ;;
		*)
			# a script's stream, or with kernel lines each line's
			for f in ${flavours:--}; do
				for f in ${f//,/ }; do
					n=$((n + 1))
					[ "$f" = - ] && f= || f=-$f
					printf '%s # skip %s\n' "$test" "$reason" \
						>> "$RESULTS/${base%.*}$f.body"
				done
			done ;;
		esac
	done < <(expected_skips)
	for f in "$RESULTS"/*.body; do
		# each stream numbered from 1, with its plan
		awk '{ print "ok " NR " " $0 } END { print "1.." NR }' "$f" > "${f%.body}.tap"
	done
	rm -f "$RESULTS/exit-status.tap"
	run "$SUMMARY" --allowed-skips "$TOP/tests/expected-skips" "$RESULTS"/*.tap
	assert_success
	assert_output "0 passed, 0 failed, $n skipped"
}

# The hole this list had when it held patterns: a 10-zswap and a smoke run
# whose every test skipped, with a reason the list allowed for another
# suite, passed ("0 passed, 0 failed, 4 skipped"). Here every test of the
# two suites skips on every flavour with each reason any guest suite skips
# with; not one of those skips may pass. (The reasons come from the suite
# files, not from the list, so that a list of patterns is held to the
# same test.)
@test "tests/expected-skips: a suite whose every test skips with another suite's reason fails" {
	. "$TOP/tests/lib/check.bash"
	local s f tests reasons
	for s in 00-harness 10-zswap; do
		! grep -q "^tests/vm/suites/$s.bats " "$TOP/tests/expected-skips" ||
			fail "tests/expected-skips lists a test of $s: pick suites it does not list"
	done
	reasons=$(cat "$TOP"/tests/vm/suites/*.bats "$TOP"/tests/vm/suites/helpers.bash |
		sed -n 's/.*skip "\([^"$]*\)".*/\1/p' | sort -u)
	[ "$(wc -l <<<"$reasons")" -ge 10 ]
	# one stream a flavour and suite: each test once with each reason
	printf '%s\n' "$reasons" > "$BATS_TEST_TMPDIR/reasons"
	for s in 00-harness 10-zswap; do
		suite_tests "$TOP/tests/vm/suites/$s.bats" > "$BATS_TEST_TMPDIR/$s"
		for f in stock patched debug stock-6.12 patched-6.12 stock-7.2 patched-7.2; do
			awk -v f="$f" 'NR == FNR { r[n++] = $0; next }
				{ for (i = 0; i < n; i++) print "ok " ++t " [" f "] " $0 " # skip " r[i] }
				END { print "1.." t }' "$BATS_TEST_TMPDIR/reasons" "$BATS_TEST_TMPDIR/$s" \
				> "$RESULTS/vm-$f-$s.tap"
		done
	done
	rm "$RESULTS/exit-status.tap"
	tests=$(cat "$RESULTS"/*.tap | grep -c '^ok ')
	run "$SUMMARY" --allowed-skips "$TOP/tests/expected-skips" "$RESULTS"/*.tap
	assert_failure 1
	assert_line "0 passed, $tests failed"
	# and the same streams with the tests passing do pass
	sed -i 's/ # skip .*//' "$RESULTS"/*.tap
	run "$SUMMARY" --allowed-skips "$TOP/tests/expected-skips" "$RESULTS"/*.tap
	assert_success
	assert_output "$tests passed, 0 failed"
}

@test "record_exit: a producer that exits non-zero fails, even with a clean stream" {
	. "$TOP/tests/lib/check.bash"
	run_producer clean bash -c 'printf "1..1\nok 1 fine\n"; exit 3' > /dev/null
	run_producer crashed bash -c 'printf "1..1\nok 1 fine\n"; kill -SEGV $$' > /dev/null
	run_producer good bash -c 'printf "1..1\nok 1 fine\n"' > /dev/null
	# A bats-style exit 1 next to its own "not ok" is counted once.
	run_producer reported bash -c 'printf "1..1\nnot ok 1 bad\n"; exit 1' > /dev/null
	run cat "$RESULTS/exit-status.tap"
	assert_line "not ok 1 clean exited 3"
	assert_line "not ok 2 crashed exited 139"
	assert_line "ok 3 good exited 0"
	assert_line "ok 4 reported exited 1"
	printf '1..4\n' | cat - "$RESULTS/exit-status.tap" > "$RESULTS/x" && mv "$RESULTS/x" "$RESULTS/exit-status.tap"
	run "$SUMMARY" "$RESULTS"/*.tap
	assert_failure 1
	assert_line "  FAILED: exit-status: 1 clean exited 3"
	assert_line "  FAILED: exit-status: 2 crashed exited 139"
	assert_line "  FAILED: reported: 1 bad"
}

@test "complete_stream: a cut-off guest names each test that did not run" {
	. "$TOP/tests/lib/check.bash"
	# Written with printf: bats would take a literal @test line here as
	# one of this file's own tests.
	printf '%stest "%s" {\n\ttrue\n}\n' @ first @ 'second, with \"quotes\"' @ third \
		> "$BATS_TEST_TMPDIR/suite.bats"
	tap vm-patched-suite '1..3\nok 1 [patched] first\n'
	complete_stream "$RESULTS/vm-patched-suite.tap" "$BATS_TEST_TMPDIR/suite.bats" "out of budget"
	run cat "$RESULTS/vm-patched-suite.tap"
	assert_line "1..3"
	assert_line 'not ok 2 second, with "quotes" # did not run: out of budget'
	assert_line "not ok 3 third # did not run: out of budget"
	# A guest that died before bats printed anything
	: > "$RESULTS/vm-patched-suite.tap"
	complete_stream "$RESULTS/vm-patched-suite.tap" "$BATS_TEST_TMPDIR/suite.bats" "panic"
	run "$SUMMARY" "$RESULTS/vm-patched-suite.tap"
	assert_failure 1
	assert_line "0 passed, 3 failed"
}

@test "every suite file that tests/check boots has a budget in tests/vm/budgets" {
	. "$TOP/tests/lib/check.bash"
	local s f
	for s in "$TOP"/tests/vm/suites/*.bats "$TOP"/tests/vm/stress/*.bats; do
		for f in patched stock debug; do
			suite_budget "tests/vm/${s#"$TOP"/tests/vm/}" "$f" > /dev/null ||
				fail "no budget for ${s#"$TOP"/} on $f"
		done
	done
	run suite_budget tests/vm/suites/nope.bats patched
	assert_failure
}

# A pair that names no suite file would only fail when its guest runs
@test "tests/check: the other kernel lines' FLAVOUR:SUITE pairs name suite files with budgets" {
	. "$TOP/tests/lib/check.bash"
	local pairs p n=0
	local file
	pairs=$(grep -oE '\b(patched|stock|debug)-[0-9]+\.[0-9]+:[0-9a-z-]+' "$TOP/tests/check")
	for p in $pairs; do
		n=$((n + 1))
		# the suites, and the stress and the fuzzer of the debug kernels
		file=tests/vm/suites/${p#*:}.bats
		[ -f "$TOP/$file" ] || file=tests/vm/stress/${p#*:}.bats
		[ -f "$TOP/$file" ] || fail "$p: no tests/vm/suites/${p#*:}.bats nor $file"
		# a line of its own, not the '*' line: the other lines' guests
		# are measured apart
		awk -v f="$file" -v fl="${p%%:*}" \
			'$1 == f && $2 == fl { found = 1 } END { exit !found }' "$TOP/tests/vm/budgets" ||
			fail "$p: no budget line of its own in tests/vm/budgets"
	done
	[ "$n" -ge 6 ]
}

@test "budgets: every line has its idle time, and a budget of at least three times it" {
	local n=0 file flavour budget idle rest
	while read -r file flavour budget idle rest; do
		case $file in '#'*|'') continue ;; esac
		n=$((n + 1))
		[ -z "$rest" ] || fail "$file $flavour: more than four columns"
		[[ $budget =~ ^[0-9]+$ && $idle =~ ^[0-9]+$ ]] ||
			fail "$file $flavour: budget '$budget' or idle time '$idle' is not a number"
		[ "$budget" -ge $((3 * idle)) ] ||
			fail "$file $flavour: budget $budget s is less than three times $idle s"
	done < "$TOP/tests/vm/budgets"
	[ "$n" -gt 10 ]
}

@test "lanes: producers that end together keep one exit line each and their output whole" {
	. "$TOP/tests/lib/check.bash"
	RESULTS=$BATS_TEST_TMPDIR
	: > "$RESULTS/exit-status.tap"
	CHECK_JOBS=2
	# each producer writes its lines with pauses, so that two running
	# at once would interleave them on a shared console
	producer() {
		local i
		for i in 1 2 3 4 5; do
			echo "$1 line $i"
			sleep 0.1
		done
		echo "1..1" > "$RESULTS/$1.tap"
		echo "ok 1 $1" >> "$RESULTS/$1.tap"
		record_exit "$1" "$2"
	}
	{
		local p
		for p in a b c d; do
			in_lane "$p" producer "$p" 0
		done
		in_lane e producer e 3
		lanes_wait
	} > "$BATS_TEST_TMPDIR/console"
	run grep -c ' line ' "$BATS_TEST_TMPDIR/console"
	assert_output 25
	# each producer's five lines follow one another
	run bash -c "grep ' line ' '$BATS_TEST_TMPDIR/console' | cut -d' ' -f1 | uniq -c"
	assert_equal "$(wc -l <<<"$output")" 5
	refute_output --regexp '^ *[1-4] '
	run cat "$RESULTS/exit-status.tap"
	assert_equal "$(sed -E 's/^(not )?ok ([0-9]+) .*/\2/' "$RESULTS/exit-status.tap" | sort -n | tr '\n' ' ')" "1 2 3 4 5 "
	assert_line --regexp "^not ok [0-9] e exited 3$"
	assert_equal "$(grep -c '^ok ' "$RESULTS/exit-status.tap")" 4
}

@test "run_queue: an empty queue runs nothing; a name queued twice runs once" {
	. "$TOP/tests/lib/check.bash"
	RESULTS=$BATS_TEST_TMPDIR
	: > "$RESULTS/exit-status.tap"
	CHECK_JOBS=2
	run run_queue
	assert_success
	producer() { echo "ran $1" >> "$RESULTS/ran"; record_exit "$1" "$2"; }
	queue 10 twin producer twin 1
	queue 20 twin producer twin 0
	queue 5 other producer other 0
	run_queue > /dev/null
	run sort "$RESULTS/ran"
	assert_output "ran other
ran twin"
	run grep -c . "$RESULTS/exit-status.tap"
	assert_output 2
	run grep -c "^not ok [0-9] twin exited 1" "$RESULTS/exit-status.tap"
	assert_output 1
}

# A lane job that records its status under another name than the one it
# was queued under is taken for a dead lane (CI's run of a job "unit" that
# ran unit-plain, unit-valgrind and unit-asan did just that).
@test "tests/check: each queued producer records its exit under the name it is queued as" {
	local n=0 line
	while read -r line; do
		n=$((n + 1))
		[[ $line =~ ^queue\ [0-9]+\ ([^ ]+)\ (run_producer|run_bats)\ ([^ ]+) ]] ||
			fail "queued producer that is no run_producer or run_bats: $line"
		assert_equal "${BASH_REMATCH[3]}" "${BASH_REMATCH[1]}"
	done < <(sed -n 's/^[[:space:]]*\(queue [0-9].*\)/\1/p' "$TOP/tests/check")
	[ "$n" -ge 5 ]
}

@test "fail_unreported: a lane that dies without its exit line fails, its output shown" {
	. "$TOP/tests/lib/check.bash"
	RESULTS=$BATS_TEST_TMPDIR
	: > "$RESULTS/exit-status.tap"
	CHECK_JOBS=2
	producer() { echo "1..1" > "$RESULTS/$1.tap"; echo "ok 1 $1" >> "$RESULTS/$1.tap"; record_exit "$1" 0; }
	# the lane's own shell is killed before it can record anything
	victim() { echo "victim was here"; kill -9 "$BASHPID"; }
	queue 10 victim victim
	queue 5 fine producer fine
	run_queue > /dev/null 2>&1
	run fail_unreported
	assert_output --partial "victim was here"
	run cat "$RESULTS/exit-status.tap"
	assert_line --regexp "^ok [0-9] fine exited 0$"
	assert_line --regexp "^not ok [0-9] victim exited never-reported$"
}

# A fake guest (a script in place of tests/vm/run) that ran one of the
# file's two tests and exited 0, as a bats --filter or an early stop does.
@test "guest_suite: a guest that exits 0 after fewer tests than its file names the rest" {
	. "$TOP/tests/lib/check.bash"
	RESULTS=$BATS_TEST_TMPDIR/results
	mkdir -p "$RESULTS" "$BATS_TEST_TMPDIR/top/tests/vm/suites" "$BATS_TEST_TMPDIR/top/kernel/scripts"
	: > "$RESULTS/exit-status.tap"
	TOP=$BATS_TEST_TMPDIR/top
	printf '@test "first" {\n\ttrue\n}\n\n@test "second" {\n\ttrue\n}\n' \
		> "$TOP/tests/vm/suites/99-two.bats"
	echo "tests/vm/suites/99-two.bats * 60 10" > "$TOP/tests/vm/budgets"
	printf '#!/bin/sh\necho /nonexistent/bzImage\n' > "$TOP/kernel/scripts/build.sh"
	cat > "$TOP/tests/vm/run" <<-'EOF'
	#!/bin/bash
	while [ "$1" != -- ]; do
		[ "$1" = --record ] && { echo "$(dirname "$2")/out" > "$2"; mkdir -p "$(dirname "$2")/out"; out=$(dirname "$2")/out; }
		shift
	done
	printf '1..1\nok 1 first\n' > "$out/suites.tap"
	exit 0
	EOF
	chmod +x "$TOP/tests/vm/run" "$TOP/kernel/scripts/build.sh"
	(cd "$TOP" && guest_suite patched tests/vm/suites/99-two.bats) > /dev/null
	run cat "$RESULTS/vm-patched-99-two.tap"
	assert_line "1..2"
	assert_line "ok 1 [patched] first"
	assert_line --regexp "^not ok 2 second # did not run: the guest's bats ran fewer tests than the file holds \(exit 0\)"
	run "$BATS_TEST_DIRNAME/../lib/tap-summary" "$RESULTS/vm-patched-99-two.tap"
	assert_failure 1
}

@test "kernel check scripts: a death half way prints a not ok for every check left" {
	cat > "$BATS_TEST_TMPDIR/dies.sh" <<-EOF
	#!/bin/bash
	. "$TOP/kernel/scripts/common.sh"
	tap_guard
	tap_plan 4
	tap_result 0 "first"
	false
	tap_result 0 "never"
	EOF
	run bash "$BATS_TEST_TMPDIR/dies.sh"
	assert_failure
	assert_line "1..4"
	assert_line "ok 1 first"
	assert_line --partial "not ok 2 dies.sh died (exit 1)"
	assert_line --partial "not ok 4 dies.sh died (exit 1)"
	# Dead before its plan
	printf '#!/bin/bash\n. "%s/kernel/scripts/common.sh"\ntap_guard\ndie "no series"\n' "$TOP" \
		> "$BATS_TEST_TMPDIR/early.sh"
	run bash "$BATS_TEST_TMPDIR/early.sh"
	assert_failure
	assert_line "1..1"
	assert_line --partial "not ok 1 early.sh died before its plan"
}

@test "fullconfig-check: a broken Debian configuration is a not ok, not a silent end" {
	# debian-config.sh refuses a configuration file that does not exist;
	# the script must still print its plan and a not ok for every check.
	run env DEBIAN_CONFIG=/nonexistent/config.xz BUILD="$BATS_TEST_TMPDIR/build" \
		ZSWAPCTL_FULLCONFIG_NO_BUILD=1 "$TOP/kernel/scripts/fullconfig-check.sh"
	assert_failure
	assert_line --regexp '^1\.\.[0-9]+$'
	assert_line "not ok 1 Debian's amd64 configuration with the series' options"
	refute_line --regexp '^ok '
	local plan lines
	plan=$(sed -n 's/^1\.\.//p' <<<"$output")
	lines=$(grep -cE '^(not )?ok ' <<<"$output")
	assert_equal "$lines" "$plan"
}

@test "tests/check: too little free space stops it at once, with one line, before any result" {
	local build=$BATS_TEST_TMPDIR/build
	mkdir -p "$build/test-results"
	echo kept > "$build/test-results/earlier.tap"
	# more than any filesystem here holds
	BUILD=$build CHECK_MIN_FREE_GIB=999999999 run "$TOP/tests/check" host
	assert_failure 2
	assert_output --regexp "^tests/check: [0-9]+ MiB free on the filesystem of $build; a run needs 999999999 GiB \(CHECK_MIN_FREE_GIB\): free some space first$"
	# the results of the run before are left as they were
	assert_equal "$(cat "$build/test-results/earlier.tap")" kept
	BUILD=$build CHECK_MIN_FREE_GIB=8G run "$TOP/tests/check" host
	assert_failure 2
	assert_output "tests/check: CHECK_MIN_FREE_GIB must be a number of GiB, not '8G'"
}
