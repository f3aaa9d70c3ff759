#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0
# The manual pages: clean for mandoc, and complete: zswapctl(8) documents
# every command, option, column, parameter, JSON key and exit code the
# program has, zswap-genl(7) every command, attribute and event of
# <linux/zswap.h> and kernel/spec/zswap.yaml, libzswapnl(3) every function
# of zswapnl.h in its NAME section (whence "man FUNCTION" finds it).

load helpers

setup() {
	require_zswapctl
	MAN8=$TOP/man/zswapctl.8
	MAN7=$TOP/man/zswap-genl.7
}

@test "both pages are clean under mandoc -Tlint -Wwarning" {
	run -0 mandoc -Tlint -Wwarning "$MAN8" "$MAN7"
	assert_output ""
}

@test "zswap.conf(5) is clean under mandoc and documents every key apply takes" {
	local man5=$TOP/man/zswap.conf.5 text key
	run -0 mandoc -Tlint -Wwarning "$man5"
	assert_output ""
	text=$(rendered "$man5")
	# the keys are the parameters' file names (zswapctl set takes them too)
	for key in $(zc --list-set-params | grep -vx cgroup | tr - _); do
		grep -qw -- "$key" <<<"$text" || fail "zswap.conf(5) does not document $key"
	done
	grep -q 'zswap.conf(5)' <<<"$(rendered "$MAN8")" || fail "zswapctl(8) does not point to zswap.conf(5)"
}

@test "libzswapnl(3) is clean under mandoc and its NAME lists every function of zswapnl.h" {
	local man3=$TOP/man/libzswapnl.3 names fn
	run -0 mandoc -Tlint -Wwarning "$man3"
	assert_output ""
	names=$(sed -n 's/^\.Nm \([a-z_]*\).*/\1/p' "$man3")
	for fn in $(grep -oE '^[a-z][^(]*[ *]zswapnl_[a-z_]+\(' "$TOP/libzswapnl/zswapnl.h" |
			grep -oE 'zswapnl_[a-z_]+\($' | tr -d '('); do
		grep -qx -- "$fn" <<<"$names" || fail "the NAME section of libzswapnl(3) lacks $fn"
	done
}

# The page as text, one space between words
rendered() { mandoc -Tascii "$1" | col -b | tr -s ' \t\n' '   '; }

@test "zswapctl(8) names every command, set parameter and column" {
	local text name
	text=$(rendered "$MAN8")
	for name in $(zc --list-commands) $(zc --list-set-params) $(zc --list-columns); do
		grep -qw -- "$name" <<<"$text" || fail "zswapctl(8) does not name $name"
	done
}

@test "zswapctl(8) documents every option of every --help" {
	local text opt cmd
	text=$(rendered "$MAN8")
	for cmd in "" status cgroups set apply; do
		run -0 zc $cmd --help
		[ "$(grep -c -- '--' <<<"$output")" -gt 2 ] || fail "zswapctl $cmd --help lists no option"
		for opt in $(grep -oE -- '--[a-z-]+' <<<"$output" | sort -u); do
			grep -q -- "$opt" <<<"$text" || fail "zswapctl(8) does not document $opt ($cmd)"
		done
	done
}

@test "zswapctl(8) documents every JSON key zswapctl prints" {
	local text key keys
	text=$(rendered "$MAN8")
	# zswapctl first, then jq: a pipe would hide zswapctl's status
	run -0 zc_patched status --json
	keys=$(jq -r 'keys[]' <<<"$output")
	run -0 zc_patched cgroups --json
	keys+=" $(jq -r '.cgroups[0] | keys[]' <<<"$output")"
	[ "$(wc -w <<<"$keys")" -gt 20 ] || fail "few keys: $keys"
	for key in $keys cgroups; do
		grep -q "[\`']$key'" <<<"$text" || fail "zswapctl(8) lacks the key $key"
	done
}

@test "zswapctl(8) documents the exit codes 0 to 3" {
	run -0 bash -c "mandoc -Tascii '$MAN8' | col -b | sed -n '/^EXIT STATUS/,/^[A-Z]/p'"
	local code
	for code in 0 1 2 3; do
		assert_line --regexp "^[[:space:]]+$code[[:space:]]+[A-Z]"
	done
}

@test "zswap-genl(7) names every command, attribute and event of <linux/zswap.h>" {
	local text name
	text=$(rendered "$MAN7")
	for name in $(grep -oE '\bZSWAP_(CMD|A|MEMCG_A|EVENT)_[A-Z_]+' \
			"$TOP/include/uapi/linux/zswap.h" | grep -vE '_(UNSPEC|MAX)$' | sort -u) \
		    ZSWAP_GENL_NAME ZSWAP_GENL_VERSION ZSWAP_MCGRP_EVENTS \
		    ZSWAP_COMPRESSOR_NAME_MAX ZSWAP_ZPOOL_NAME_MAX; do
		grep -qw -- "$name" <<<"$text" || fail "zswap-genl(7) does not name $name"
	done
}

@test "zswap-genl(7) names every operation, attribute and event of the YNL spec" {
	local text name names
	text=$(rendered "$MAN7")
	# the placeholders at value 0 excepted, which nobody sends
	run /usr/bin/python3 - "$TOP/kernel/spec/zswap.yaml" <<'PY'
import sys, yaml
spec = yaml.safe_load(open(sys.argv[1]))
names = [op["name"] for op in spec["operations"]["list"] if op.get("value") != 0]
for aset in spec["attribute-sets"]:
    names += [a["name"] for a in aset["attributes"] if a["type"] != "unused"]
# the consts are the header's ZSWAP_*_NAME_MAX, which the test above checks
for d in spec["definitions"]:
    names += [e["name"] for e in d.get("entries", [])]
names += [g["name"] for g in spec["mcast-groups"]["list"]]
print("\n".join(sorted(set(names))))
PY
	assert_success
	names=$output
	[ "$(grep -c . <<<"$names")" -gt 40 ] || fail "too few names read from the spec: $names"
	for name in $names; do
		grep -qw -- "$name" <<<"$text" || fail "zswap-genl(7) does not name $name"
	done
}

@test "zswapctl(8) documents top: every option of its --help, its columns, its keys" {
	local text opt col key
	text=$(rendered "$MAN8")
	run -0 zc top --help
	[ "$(grep -c -- '--' <<<"$output")" -gt 2 ] || fail "zswapctl top --help lists no option"
	for opt in $(grep -oE -- '--[a-z-]+' <<<"$output" | sort -u); do
		grep -q -- "$opt" <<<"$text" || fail "zswapctl(8) does not document top $opt"
	done
	for col in $(zc top --list-columns); do
		grep -qF -- "$col" <<<"$text" || fail "zswapctl(8) does not name the column $col"
	done
	# The keys the help line of --help names, as the man page lists them
	for key in '<, >' 'r Reverse' 't Tree' '/ Type a filter' 'space, p' 'd Type the interval' \
		   '+, -' 'h, ?' 'q Quit'; do
		grep -qF -- "$key" <<<"$text" || fail "zswapctl(8) does not list the key '$key'"
	done
}
