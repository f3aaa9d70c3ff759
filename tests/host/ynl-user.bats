#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0
# The C library that linux-source-7.2's YNL generates (tools/net/ynl: lib/
# and generated/, every family of the tree) builds with kernel/spec/zswap.yaml
# added, and a small C user of it (tests/tools/zswap-ynl-user.c) compiles
# and links against it (tests/tools/build-ynl-user, which make tools runs
# into build/ynl-7.2). The guest runs that program
# (tests/vm/suites/25-ynl.bats). Issue 31: a spec whose generated C puts an
# enum and a struct of one name in C's one tag namespace did not build,
# and nothing of ours had compiled the generated user code.

bats_load_library bats-support
bats_load_library bats-assert

setup() {
	TOP=$(cd "$BATS_TEST_DIRNAME/../.." && pwd)
	BUILD=${BUILD:-$TOP/build}
	OUT=$BUILD/ynl-7.2
	export PATH=/usr/bin:$PATH
}

@test "7.2's tools/net/ynl lib and generated build with our spec added; a C user links" {
	[ -r /usr/src/linux-source-7.2.tar.xz ] || fail "linux-source-7.2 missing: run make deps"
	# A rebuild of what changed since make tools: the spec, the program
	run "$TOP/tests/tools/build-ynl-user" "$OUT"
	assert_success
	# The family's generated code is in the library, as each family's is
	[ -f "$OUT/src/tools/net/ynl/generated/zswap-user.o" ] || fail "no zswap-user.o"
	run nm "$OUT/src/tools/net/ynl/libynl.a"
	assert_success
	assert_line --regexp ' T zswap_get$'
	assert_line --regexp ' T zswap_memcg_get_dump$'
	assert_line --regexp ' T netdev_dev_get_dump$'
	# The user calls the family's get and dump
	run nm "$OUT/zswap-ynl-user"
	assert_line --regexp ' T zswap_get$'
	assert_line --regexp ' T zswap_memcg_get_dump$'
	# Built from the spec as it is now, not an older one
	cmp "$TOP/kernel/spec/zswap.yaml" "$OUT/src/Documentation/netlink/specs/zswap.yaml" ||
		fail "build/ynl-7.2 was built from another spec"
}

@test "the generated user code of a spec with issue 31's name clash does not compile" {
	# What the check above guards against: the enum "event" and the
	# operation "event" both become zswap_event in C's tag namespace.
	# The same compile of the real spec passes (above), so this one
	# failing shows the check can fail.
	local src=$OUT/src tree=$BATS_TEST_TMPDIR/tree
	[ -f "$src/tools/net/ynl/pyynl/ynl_gen_c.py" ] || fail "$src missing: run make tools"
	mkdir -p "$tree/Documentation/netlink/specs" "$tree/include/linux"
	touch "$tree/MAINTAINERS"
	cp "$src"/Documentation/netlink/*.yaml "$tree/Documentation/netlink/"
	sed -e 's/^    name: event-type$/    name: event/' -e 's/enum: event-type$/enum: event/' \
		"$TOP/kernel/spec/zswap.yaml" > "$tree/Documentation/netlink/specs/zswap.yaml"
	grep -q '^    name: event$' "$tree/Documentation/netlink/specs/zswap.yaml" ||
		fail "the enum was not renamed"
	cd "$tree"
	python3 "$src/tools/net/ynl/pyynl/ynl_gen_c.py" --mode uapi --header \
		--spec Documentation/netlink/specs/zswap.yaml -o include/linux/zswap.h
	python3 "$src/tools/net/ynl/pyynl/ynl_gen_c.py" --mode user --header \
		--spec Documentation/netlink/specs/zswap.yaml -o zswap-user.h
	python3 "$src/tools/net/ynl/pyynl/ynl_gen_c.py" --mode user --source \
		--spec Documentation/netlink/specs/zswap.yaml -o zswap-user.c
	run env CPATH="$OUT/usr/include" gcc -std=gnu11 -c -I"$tree/include" \
		-I"$src/tools/net/ynl/lib" -I. -o zswap-user.o zswap-user.c
	assert_failure
	assert_output --regexp 'zswap_event.{1,3} defined as wrong kind of tag'
}

@test "zswap-ynl-user: a usage error is exit status 1, a socket without the family 2" {
	[ -x "$OUT/zswap-ynl-user" ] || fail "no $OUT/zswap-ynl-user: run make tools"
	run "$OUT/zswap-ynl-user" --memcg
	assert_failure 1
	assert_output --partial "usage:"
	run "$OUT/zswap-ynl-user" --memcg 12x
	assert_failure 1
	# The host's kernel has no zswap family: the library says so
	if ! grep -q '^zswap ' <(genl ctrl list 2>/dev/null | awk '/^Name:/ { print $2 " " }'); then
		run "$OUT/zswap-ynl-user"
		assert_failure 2
		assert_output --partial "cannot open the zswap family"
	fi
}
