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
	# producers in two lanes may finish at once: one number each
	{
		flock 9
		n=$(($(grep -c '^\(not \)\{0,1\}ok ' "$RESULTS/exit-status.tap" 2>/dev/null || true) + 1))
		if [ "$rc" = 0 ] ||
		   { [ "$reported" = 1 ] && [ "$rc" = 1 ] && grep -q '^not ok' "$RESULTS/$name.tap"; }; then
			echo "ok $n $name exited $rc"
		else
			echo "not ok $n $name exited $rc"
		fi >> "$RESULTS/exit-status.tap"
	} 9>> "$RESULTS/.exit-status.lock"
}

# Lanes. A guest under TCG keeps one host CPU busy whatever its vCPU count
# (measured: 101% of a CPU for a 130 s suite), so on a 2-core machine two
# guests at once take half the wall time of one after the other. in_lane
# runs a producer in the background once one of CHECK_JOBS lanes (the CPU
# count) is free; its console output is held back and shown whole when it
# ends, so two producers never interleave their lines. The kernels and the
# initramfs must be built before the lanes start (prepare_guests).
CHECK_JOBS=${CHECK_JOBS:-$(nproc 2>/dev/null || echo 1)}

in_lane() { # NAME CMD...
	local name=$1
	shift
	if [ "$CHECK_JOBS" -le 1 ]; then
		"$@"
		return 0
	fi
	while [ "$(jobs -rp | wc -l)" -ge "$CHECK_JOBS" ]; do
		wait -n || true
	done
	echo "# started $name"
	{
		"$@" > "$RESULTS/.console-$name" 2>&1
		{
			flock 8
			cat "$RESULTS/.console-$name"
		} 8>> "$RESULTS/.console.lock"
		rm -f "$RESULTS/.console-$name"
	} &
}

lanes_wait() {
	wait
}

# queue SECONDS NAME CMD...: a producer for the lanes, with the time it
# takes on an idle machine; run_queue starts the longest first, so the two
# lanes end close together (the longest job started last would leave one
# lane idle while the other runs it).
QUEUE=()
# every producer queued, by name: one that never writes its exit line (a
# lane killed, a bash error in it) fails at the end instead of vanishing
QUEUED=()
queue() {
	local weight=$1 name=$2
	shift
	# one producer per name: two would share a stream and a status
	[[ " ${QUEUED[*]} " == *" $name "* ]] && return 0
	QUEUED+=("$name")
	QUEUE+=("$(printf '%08d' "$weight") $(printf '%q ' "$@")")
}

run_queue() {
	local line
	[ ${#QUEUE[@]} -gt 0 ] || return 0
	while IFS= read -r line <&3; do
		eval "in_lane ${line#* }" < /dev/null
	done 3< <(printf '%s\n' "${QUEUE[@]}" | sort -r)
	QUEUE=()
	lanes_wait
}

# fail_unreported: a queued producer that wrote no exit line died with its
# lane (killed, a bash error in it) and what it printed is still held back:
# show that, and fail it.
fail_unreported() {
	local name
	for name in "${QUEUED[@]}"; do
		grep -q "^\(not \)\{0,1\}ok [0-9]* $name exited " "$RESULTS/exit-status.tap" &&
			continue
		[ ! -f "$RESULTS/.console-$name" ] || cat "$RESULTS/.console-$name"
		record_exit "$name" never-reported
	done
}

# prepare_guests FLAVOUR...: build each kernel and the initramfs once,
# before the lanes start, so that no two guests build the same tree; a
# kernel that fails to build is remembered, and each of its guests fails.
prepare_guests() {
	local f
	"$TOP/tests/vm/mkinitramfs" > /dev/null || true
	for f in "$@"; do
		[ -e "$RESULTS/.kernel-$f" ] && continue
		banner "kernel $f"
		if "$TOP/kernel/scripts/build.sh" "$f" > /dev/null; then
			echo ok > "$RESULTS/.kernel-$f"
		else
			echo failed > "$RESULTS/.kernel-$f"
		fi
	done
}

# run_producer NAME CMD...: CMD's standard output is the TAP stream NAME,
# shown on the console as it comes; its exit status is recorded. A guest
# has its own budget; any other producer ends after PRODUCER_TIMEOUT
# seconds (45 minutes, many times what each takes), so a hang fails with
# exit 124 instead of holding CI until its limit with no summary.
run_producer() {
	local name=$1 rc
	shift
	banner "$name"
	timeout -k 30 "${PRODUCER_TIMEOUT:-2700}" "$@" | tee "$RESULTS/$name.tap"
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

# suite_idle_time FILE FLAVOUR: the file's time on an idle machine, the
# fourth column of its line in tests/vm/budgets
suite_idle_time() {
	awk -v f="$1" -v fl="$2" '
		/^[[:space:]]*(#|$)/ { next }
		$1 == f && ($2 == fl || $2 == "*") { print $4; found = ($4 != ""); exit }
		END { exit !found }' "$TOP/tests/vm/budgets"
}

# complete_stream TAPFILE SUITE NOTE: a guest cut off by its budget or a
# panic leaves a stream with tests missing. Name each missing test as a
# "not ok" with NOTE, and make the plan the suite's real count, so the
# summary says which tests did not run instead of a bare count.
complete_stream() {
	local tap=$1 suite=$2 note=$3 ran total name body
	total=$(suite_tests "$suite" | wc -l)
	ran=$(sed -n -E 's/^(not )?ok [0-9]+ (\[[a-z0-9.-]+\] )?//p' "$tap" 2>/dev/null |
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
	local f=$1 suite=$2 base name budget rc out tap kernel_ok
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
	if [ -e "$RESULTS/.kernel-$f" ]; then
		kernel_ok=$(cat "$RESULTS/.kernel-$f")
	elif "$TOP/kernel/scripts/build.sh" "$f" >/dev/null; then
		kernel_ok=ok
	else
		kernel_ok=failed
	fi
	if [ "$kernel_ok" != ok ]; then
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
	elif [ "$(grep -cE '^(not )?ok ' "$tap")" -lt "$(suite_tests "$suite" | wc -l)" ]; then
		# a guest that exits 0 or 1 after fewer tests than the file
		# holds (a filter, a bats that stopped early) names the others
		complete_stream "$tap" "$suite" "the guest's bats ran fewer tests than the file holds (exit $rc); logs in $out"
	fi
	record_exit "$name" "$rc" 1
	[ "$rc" = 0 ] || echo "# guest exit $rc, logs in $out" >> "$RESULTS/exit-status.notes"
	return 0
}
