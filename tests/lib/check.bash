# SPDX-License-Identifier: GPL-2.0
# The producers of tests/check, sourced by it and by the harness self-tests
# (tests/host/check.bats). Every producer (a unit test program, one bats run,
# one guest, a kernel check script) writes one TAP stream to
# $RESULTS/NAME.tap, and its exit status becomes a TAP line of its own in
# $RESULTS/exit-status.tap: a producer that dies, is killed or exits non-zero
# fails `make check` even when the TAP it left looks clean.
# tests/lib/tap-summary then reads every stream with its plan.

# RESULTS: the folder of the TAP streams; TOP: the repository.

banner() { printf '\n=== %s\n' "$*"; }

# record_exit NAME STATUS [REPORTED]: one line of exit-status.tap. A bats run
# exits 1 when a test failed; that failure is already a "not ok" in its own
# stream, so with REPORTED=1 an exit 1 next to such a line is not counted
# twice. Anything else (a signal, a crash, exit 2 or more) is.
record_exit() {
	local name=$1 rc=$2 reported=${3:-0} n
	n=$(($(grep -c '^\(not \)\{0,1\}ok ' "$RESULTS/exit-status.tap" 2>/dev/null || true) + 1))
	if [ "$rc" = 0 ] ||
	   { [ "$reported" = 1 ] && [ "$rc" = 1 ] && grep -q '^not ok' "$RESULTS/$name.tap"; }; then
		echo "ok $n $name exited $rc"
	else
		echo "not ok $n $name exited $rc"
	fi >> "$RESULTS/exit-status.tap"
}

# run_producer NAME CMD...: CMD's standard output is the TAP stream NAME,
# shown on the console as it comes; its exit status is recorded.
run_producer() {
	local name=$1 rc
	shift
	banner "$name"
	"$@" | tee "$RESULTS/$name.tap"
	rc=${PIPESTATUS[0]}
	record_exit "$name" "$rc" 1
	return 0
}

run_bats() { # NAME FILES...
	local name=$1
	shift
	run_producer "$name" bats --formatter tap "$@"
}

# suite_tests FILE: the names of the @test blocks of a bats file, one a line
suite_tests() {
	sed -n 's/^@test "\(.*\)" {[[:space:]]*$/\1/p' "$1" | sed 's/\\"/"/g'
}

# suite_budget FILE FLAVOUR: the guest's wall-clock budget in seconds for one
# suite file, from tests/vm/budgets, times CHECK_BUDGET_SCALE (1; more on a
# machine slower than the 2-core one the budgets were measured on, or one
# busy with other work). A suite without a budget fails.
suite_budget() {
	awk -v f="$1" -v fl="$2" -v scale="${CHECK_BUDGET_SCALE:-1}" '
		/^[[:space:]]*(#|$)/ { next }
		$1 == f && ($2 == fl || $2 == "*") { print int($3 * scale); found = 1; exit }
		END { exit !found }' "$TOP/tests/vm/budgets"
}

# complete_stream TAPFILE SUITE NOTE: a guest cut off by its budget or a
# panic leaves a stream with tests missing. Name each missing test as a
# "not ok" with NOTE, and make the plan the suite's real count, so the
# summary says which tests did not run instead of a bare count.
complete_stream() {
	local tap=$1 suite=$2 note=$3 ran total name body
	total=$(suite_tests "$suite" | wc -l)
	ran=$(sed -n -E 's/^(not )?ok [0-9]+ (\[[a-z]+\] )?//p' "$tap" 2>/dev/null |
		sed -E 's/ # [Ss][Kk][Ii][Pp].*$//')
	body=$(grep -E '^(not )?ok ' "$tap" 2>/dev/null || true)
	local n
	n=$(printf '%s' "$body" | grep -c . || true)
	{
		echo "1..$total"
		[ -z "$body" ] || printf '%s\n' "$body"
		while IFS= read -r name; do
			grep -qxF -- "$name" <<<"$ran" && continue
			n=$((n + 1))
			echo "not ok $n $name # did not run: $note"
		done < <(suite_tests "$suite")
	} > "$tap.new"
	mv "$tap.new" "$tap"
}

# guest_suite FLAVOUR SUITE-FILE [NAME]: boot the flavour's kernel and run one
# bats file inside it, within the file's own budget. The stream is
# vm-FLAVOUR-<file> (or NAME); a guest that panics, hangs past its budget
# or logs a kernel splat fails its exit-status line even when every test
# inside passed.
guest_suite() {
	local f=$1 suite=$2 base name budget rc out tap
	base=$(basename "$suite" .bats)
	name=${3:-vm-$f-$base}
	tap=$RESULTS/$name.tap
	banner "$name"
	if ! budget=$(suite_budget "$suite" "$f"); then
		echo "1..1" > "$tap"
		echo "not ok 1 $suite has no budget for the $f kernel in tests/vm/budgets" >> "$tap"
		record_exit "$name" 2
		return 0
	fi
	if ! "$TOP/kernel/scripts/build.sh" "$f" >/dev/null; then
		echo "1..1" > "$tap"
		echo "not ok 1 [$f] kernel builds" >> "$tap"
		record_exit "$name" 2
		return 0
	fi
	rc=0
	local start=$SECONDS
	KERNEL_FLAVOUR=$f "$TOP/tests/vm/run" --timeout "$budget" --record "$RESULTS/.run-$name" \
		-- tests/vm/guest-suites "$suite" || rc=$?
	# For tuning tests/vm/budgets: how much of its budget each guest used
	printf '%-40s %5d s of %5d s\n' "$name" $((SECONDS - start)) "$budget" \
		>> "$RESULTS/guest-times.txt"
	out=$(cat "$RESULTS/.run-$name" 2>/dev/null || true)
	sed "s/^\(\(not \)\{0,1\}ok [0-9]*\) /\1 [$f] /" "$out/suites.tap" > "$tap" 2>/dev/null ||
		: > "$tap"
	if [ "$rc" != 0 ] && [ "$rc" != 1 ]; then
		complete_stream "$tap" "$suite" "the guest ended with exit $rc (budget $budget s; 125: panic or time out, 126: kernel splat); logs in $out"
	fi
	record_exit "$name" "$rc" 1
	[ "$rc" = 0 ] || echo "# guest exit $rc, logs in $out" >> "$RESULTS/exit-status.notes"
	return 0
}
