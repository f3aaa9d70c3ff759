#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0
# 100,000 malformed or random messages to the zswap family (genl-fuzz), as
# root so that they meet the policies: no crash, no splat (the harness
# checks the kernel log), and no state change from an invalid message.

load ../suites/helpers

setup() {
	require_guest
	is_patched || skip "the stock kernel has no zswap family"
}

teardown() {
	cg_remove fuzz
	true
}

@test "fuzz: 100000 malformed messages change nothing and break nothing" {
	cg_create fuzz
	echo 5M > $CGROOT/fuzz/memory.zswap.max
	local before after
	before=$(grep -r . $ZSWAP_PARAMS; cat $CGROOT/fuzz/memory.zswap.max)
	run "$BUILD/tools/genl-fuzz" --count "${FUZZ_COUNT:-100000}" --seed "${FUZZ_SEED:-1}"
	echo "$output"
	sed 's/^/# /' <<<"$output" >&3
	assert_success
	assert_output --regexp "sent=${FUZZ_COUNT:-100000} .* set_accepted=0$"
	after=$(grep -r . $ZSWAP_PARAMS; cat $CGROOT/fuzz/memory.zswap.max)
	assert_equal "$after" "$before"
	# The family still answers.
	run genl ctrl get name zswap
	assert_success
}
