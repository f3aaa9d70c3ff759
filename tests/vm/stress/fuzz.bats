#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0
# 100,000 messages to the zswap family (genl-fuzz), as root so that they
# meet the policies: malformed and random ones, which must change nothing,
# and valid SET and MEMCG_SET requests with random values, so that the
# handlers run on fuzzed input and their effect is checked with GETs. A
# listener on the events group reads along, and cgroups come and go
# meanwhile. No crash, no splat (the harness checks the kernel log), the
# family still answers a real GET and dump at the end, and the state of
# the start is back (genl-fuzz restores it over netlink).

load ../suites/helpers

setup() {
	require_guest
	is_patched || skip "the stock kernel has no zswap family"
	CHURN_STOP=$BATS_TEST_TMPDIR/churn.stop
}

teardown() {
	if [ -n "${CHURN:-}" ]; then
		touch "$CHURN_STOP"
		wait "$CHURN" 2>/dev/null
		CHURN=
	fi
	local d
	for d in "$CGROOT"/fuzz-churn-*; do
		[ -d "$d" ] && rmdir "$d"
	done
	# genl-fuzz restores them; this is for a run that failed half-way
	restore_params
	cg_remove fuzz
	true
}

# churn_start: create and remove a cgroup every 0.1 s until $CHURN_STOP
# exists, at most 10,000 times (a bound for a fuzzer that hangs); how many
# it created goes to $CHURN_LOG when it ends. More often would take the
# fuzzer's CPU: a cgroup costs much on the debug kernel.
churn_start() {
	CHURN_LOG=$BATS_TEST_TMPDIR/churn.log
	# In perl: a process for each mkdir and rmdir would cost more than
	# the cgroups.
	perl -e '
		my ($root, $stop, $log) = @ARGV;
		my $made = 0;
		for (my $n = 0; $n < 10000 && ! -e $stop; $n++) {
			$made++ if mkdir "$root/fuzz-churn-" . ($n % 16);
			rmdir "$root/fuzz-churn-" . (($n + 8) % 16);
			select(undef, undef, undef, 0.1);
		}
		open(my $fh, ">", $log) or die; print $fh "$made\n";' \
		"$CGROOT" "$CHURN_STOP" "$CHURN_LOG" &
	CHURN=$!
}

@test "fuzz: 100000 malformed, random and valid messages, with a listener and cgroups coming and going" {
	local p
	for p in compressor zpool enabled max_pool_percent accept_threshold_percent; do
		SAVED_PARAMS[$p]=$(zswap_param "$p")
	done
	cg_create fuzz
	echo 5M > $CGROOT/fuzz/memory.zswap.max
	local before after
	before=$(grep -r . $ZSWAP_PARAMS; cat $CGROOT/fuzz/memory.zswap.max)
	churn_start
	run "$BUILD/tools/genl-fuzz" --count "${FUZZ_COUNT:-100000}" --seed "${FUZZ_SEED:-1}"
	touch "$CHURN_STOP"
	wait "$CHURN"
	CHURN=
	echo "$output"
	sed 's/^/# /' <<<"$(grep '^genl-fuzz: sent=' <<<"$output")" >&3
	echo "# churn: $(cat "$CHURN_LOG") cgroups created and removed meanwhile" >&3
	assert_success
	assert_output --regexp "sent=${FUZZ_COUNT:-100000} .* poison_accepted=0 .* mismatches=0 .* final=ok$"
	# The cgroups did come and go while the fuzzer ran
	[ "$(cat "$CHURN_LOG")" -ge 10 ] || fail "only $(cat "$CHURN_LOG") cgroups created meanwhile"
	after=$(grep -r . $ZSWAP_PARAMS; cat $CGROOT/fuzz/memory.zswap.max)
	assert_equal "$after" "$before"
}
