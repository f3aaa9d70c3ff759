#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0
# 100,000 messages to the zswap family (genl-fuzz, ABI v2), as root so
# that they meet the policies: malformed and random ones, which must change
# nothing, valid SET requests with random values, whose effect is checked
# with GETs, and valid MEMCG_GET requests by id, of live, removed and
# never-existing cgroups, whose memory.zswap.max and memory.zswap.writeback
# genl-fuzz writes through cgroupfs now and then. A listener on the events
# group reads along, and cgroups come and go meanwhile. No crash, no splat
# (the harness checks the kernel log), the family still answers a real GET
# and dump at the end, and the state of the start is back (genl-fuzz
# restores the parameters over netlink and the cgroups' files through
# cgroupfs).

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
	# What genl-fuzz sets; 7.2 has no zpool, 6.1 no shrinker
	for p in compressor zpool enabled max_pool_percent accept_threshold_percent shrinker_enabled; do
		[ -e "$ZSWAP_PARAMS/$p" ] || continue
		SAVED_PARAMS[$p]=$(zswap_param "$p")
	done
	# Values of the start that are not the defaults, for the restore to
	# put back
	cg_create fuzz
	echo 5M > $CGROOT/fuzz/memory.zswap.max
	echo 0 > $CGROOT/fuzz/memory.zswap.writeback
	local before after
	before=$(grep -r . $ZSWAP_PARAMS; cat $CGROOT/fuzz/memory.zswap.{max,writeback})
	churn_start
	run "$BUILD/tools/genl-fuzz" --count "${FUZZ_COUNT:-100000}" --seed "${FUZZ_SEED:-1}" \
		--cgroup-root "$CGROOT" --line "$(kernel_line)"
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
	after=$(grep -r . $ZSWAP_PARAMS; cat $CGROOT/fuzz/memory.zswap.{max,writeback})
	assert_equal "$after" "$before"
}
