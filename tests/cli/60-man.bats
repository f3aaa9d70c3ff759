#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0
# The manual pages: clean for mandoc, and complete: zswapctl(8) documents
# every command, option, column, parameter, JSON key and exit code the
# program has, zswap-genl(7) every name of <linux/zswap.h> and every
# operation, attribute, event type, const and group of kernel/spec/zswap.yaml
# with its number and type, libzswapnl(3) every function of zswapnl.h in its
# NAME section (whence "man FUNCTION" finds it).

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

# The page as text on lines as long as need be, one space between words: no
# line break, so none in a word with hyphens
rendered_wide() { mandoc -Tascii -O width=1000 "$1" | col -b | tr -s ' \t\n' '   '; }

@test "zswap-genl(7) names every name of <linux/zswap.h>" {
	local header=$TOP/include/uapi/linux/zswap.h text name names count=0
	text=$(rendered "$MAN7")
	# Every ZSWAP_ name: the family, its version, the groups, the consts,
	# the commands, the attributes and the event types; not the bounds of
	# the enums (__ZSWAP_X_MAX and ZSWAP_X_MAX = __ZSWAP_X_MAX - 1)
	names=$(grep -oE '\b_*ZSWAP_[A-Z0-9_]+' "$header" | grep -v '^__' | sort -u)
	for name in $names; do
		! grep -qE "\b__${name}\b" "$header" || continue
		grep -qw -- "$name" <<<"$text" || fail "zswap-genl(7) does not name $name"
		count=$((count + 1))
	done
	[ "$count" -gt 40 ] || fail "too few names read from the header: $names"
}

@test "zswap-genl(7) gives every operation, attribute, event type, const and group of the YNL spec its number and type" {
	local text line lines
	text=$(rendered_wide "$MAN7")
	# Each operation, attribute and enum entry as the page's list shows it,
	# with its C name and number as the generator makes them (numbered from
	# 1 in a plain genetlink spec, or from the value one gives), and an
	# attribute with its type; an admin-perm operation said to be one; each
	# const with its value; each group and the family with their C names
	run /usr/bin/python3 - "$TOP/kernel/spec/zswap.yaml" <<'PY'
import sys, yaml
spec = yaml.safe_load(open(sys.argv[1]))
fam = spec["name"]
def c(*parts):
    return "_".join(p.upper().replace("-", "_") for p in parts if p)
out = ['"%s" (%s)' % (fam, c(fam, "family-name"))]
n = 0
for op in spec["operations"]["list"]:
    n = op.get("value", n + 1)
    name = op["name"]
    out.append('%s (%d), "%s"' % (c(fam, "cmd", name), n, name))
    if "admin-perm" in op.get("flags", []):
        out.append('%s (%d), "%s" do, admin:' % (c(fam, "cmd", name), n, name))
for aset in spec["attribute-sets"]:
    prefix = aset.get("name-prefix", "%s-a-%s-" % (fam, aset["name"]))
    n = 0
    for a in aset["attributes"]:
        n = a.get("value", n + 1)
        out.append("%s (%d), %s, %s" % (c(prefix + a["name"]), n, a["name"], a["type"]))
for d in spec["definitions"]:
    if d["type"] == "const":
        out.append("%s characters (%s)" % (d["value"], c(fam, d["name"])))
        continue
    prefix = d.get("name-prefix", "%s-%s-" % (fam, d["name"]))
    n = d.get("value-start", 0)
    for e in d["entries"]:
        e = e if isinstance(e, dict) else {"name": e}
        out.append("%s (%d), %s" % (c(prefix + e["name"]), n, e["name"]))
        n += 1
for g in spec["mcast-groups"]["list"]:
    out.append('"%s" (%s)' % (g["name"], c(fam, "mcgrp", g["name"])))
print("\n".join(out))
PY
	assert_success
	lines=$output
	[ "$(grep -c . <<<"$lines")" -gt 40 ] || fail "too few names read from the spec: $lines"
	while IFS= read -r line; do
		grep -qF -- "$line" <<<"$text" || fail "zswap-genl(7) lacks: $line"
	done <<<"$lines"
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
