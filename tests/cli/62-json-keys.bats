#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0
# Every JSON output of every command against the table of keys and types
# of zswapctl(8) (JSON OUTPUT, "Keys and types"), read from the page's
# source: status --json, --json=short, --format json and the default
# command's --json and -J; cgroups --json, --tree, -o, one cgroup; the
# lines of monitor --json (tests/cli/event-json, the same code without a
# kernel). Each key of each object is in the table, with a value of the
# type it gives; each key the table gives a command is in one of its
# outputs at least, and none it does not give it; "version" is the schema
# version of zswapctl --version.

load helpers

setup() {
	require_zswapctl
	MAN8=$TOP/man/zswapctl.8
	DOCS=$BATS_TEST_TMPDIR/docs
	mkdir -p "$DOCS"
}

# The table, "key|type|in" a line, as the page's source writes its rows
man_keys() {
	sed -n '/^\.It Em key Ta Em type Ta Em in$/,/^\.El$/p' "$MAN8" |
		sed -n 's/^\.It Li \([a-z_]*\) Ta \(.*\) Ta \(.*\)$/\1|\2|\3/p'
}

# save COMMAND NAME ARGS...: the output of zswapctl ARGS, which must
# succeed, as a document of COMMAND (status, cgroups or monitor)
save() {
	local cmd=$1 name=$2
	shift 2
	run -0 --separate-stderr "$ZSWAPCTL" "$@"
	printf '%s\n' "$output" > "$DOCS/$cmd.$name"
}

# A copy of the patched tree with what the recorded ones lack: a
# compressor and a zpool that are not UTF-8, a cgroup whose name is not,
# and one whose path is longer than 1024 bytes (shown cut short)
odd_root() {
	local root cg dir i
	root=$(copy_root patched)
	printf 'lz\xff4\n' > "$root/sys/module/zswap/parameters/compressor"
	printf 'zb\xfeud\n' > "$root/sys/module/zswap/parameters/zpool"
	cg=$root/sys/fs/cgroup
	dir=$cg/$(printf 'caf\xe9')
	for i in 1 2 3 4 5 6; do
		dir=$dir/$(printf 'n%.0s' $(seq 200))$i
	done
	mkdir -p "$dir"
	for dir in "$cg/$(printf 'caf\xe9')" "$dir"; do
		cp "$cg/work"/{cgroup.controllers,memory.stat,memory.zswap.current,memory.zswap.max} \
			"$dir/"
	done
	echo "$root"
}

# The schema version zswapctl --version names
schema_version() {
	"$ZSWAPCTL" --version | sed -n 's/.*JSON schema \([0-9]*\)).*/\1/p'
}

# check VERSION: each document of $DOCS against the table; the report of
# what does not agree, nothing when all do
check() {
	man_keys > "$BATS_TEST_TMPDIR/table"
	[ "$(grep -c . "$BATS_TEST_TMPDIR/table")" -gt 40 ] ||
		fail "few rows read from the table of zswapctl(8): $(cat "$BATS_TEST_TMPDIR/table")"
	run -0 /usr/bin/python3 - "$BATS_TEST_TMPDIR/table" "$DOCS" "$1" <<'PY'
import json, os, sys

table, docs, version = sys.argv[1], sys.argv[2], int(sys.argv[3])
types, where = {}, {}
for line in open(table):
    key, kind, into = line.rstrip("\n").split("|")
    if key in types:
        print("the table has %s twice" % key)
    types[key] = set(kind.split(" or "))
    where[key] = {"status", "cgroups", "monitor"} if into == "all" else \
        set(w.strip() for w in into.split(","))
    for t in types[key]:
        if t not in ("number", "string", "boolean", "array", "null"):
            print("%s: no such type %r" % (key, t))

def jtype(v):
    if v is None: return "null"
    if isinstance(v, bool): return "boolean"
    if isinstance(v, (int, float)): return "number"
    if isinstance(v, str): return "string"
    if isinstance(v, list): return "array"
    return "object"

seen = {"status": set(), "cgroups": set(), "monitor": set()}

def walk(obj, cmd, doc):
    for key, value in obj.items():
        seen[cmd].add(key)
        if key not in types:
            print("%s: key %s is not in the table" % (doc, key))
        elif jtype(value) not in types[key]:
            print("%s: %s is %s, the table says %s" %
                  (doc, key, jtype(value), " or ".join(sorted(types[key]))))
        elif cmd not in where[key]:
            print("%s: %s is in %s, the table says %s" %
                  (doc, key, cmd, ", ".join(sorted(where[key]))))
        items = value if isinstance(value, list) else [value]
        for item in items:
            if isinstance(item, dict):
                walk(item, cmd, doc)

n = 0
for name in sorted(os.listdir(docs)):
    cmd = name.split(".")[0]
    text = open(os.path.join(docs, name)).read()
    # one document, or (monitor) one a line
    parts = text.splitlines() if cmd == "monitor" else [text]
    for part in parts:
        doc = json.loads(part)
        n += 1
        if doc.get("version") != version:
            print("%s: version %r, not %d" % (name, doc.get("version"), version))
        walk(doc, cmd, name)
for cmd in seen:
    for key in sorted(k for k in types if cmd in where[k] and k not in seen[cmd]):
        print("the table gives %s to %s, whose outputs here never have it" % (key, cmd))
if n < 20:
    print("only %d documents" % n)
PY
	assert_output ""
}

@test "zswapctl(8) has the table of keys and types, and it renders" {
	run -0 man_keys
	[ "${#lines[@]}" -gt 40 ] || fail "few rows: $output"
	# Each row as the reader sees it, its key first
	local text key
	text=$(mandoc -Tascii "$MAN8" | col -bx)
	for key in $(cut -d'|' -f1 <<<"$output"); do
		grep -qE "^ +$key +(number|string|boolean|array)" <<<"$text" ||
			fail "the rendered table has no row for $key"
	done
}

@test "every JSON output of every command has the keys and types of zswapctl(8)" {
	local version odd tool=$BUILD/tests/cli/event-json
	[ -x "$tool" ] || fail "no $tool: run 'make unit-tests-zswapctl' first"
	version=$(schema_version)
	[ -n "$version" ] || fail "no schema version in zswapctl --version"
	odd=$(odd_root)

	save status pretty --sysroot "$PATCHED" status --json
	save status short --sysroot "$PATCHED" status --json=short
	save status format --sysroot "$PATCHED" status --format json
	save status default --sysroot "$PATCHED" --json
	save status default-J --sysroot "$PATCHED" -J
	save status stock --sysroot "$STOCK" status --json
	save status 612 --sysroot "$LINUX612" status --json
	save status 72 --sysroot "$LINUX72" status --json
	save status odd --sysroot "$odd" status --json

	save cgroups pretty --sysroot "$PATCHED" cgroups --json
	save cgroups short --sysroot "$PATCHED" cgroups --json=short
	save cgroups tree --sysroot "$PATCHED" cgroups --tree --json
	save cgroups before --sysroot "$PATCHED" -J cgroups
	save cgroups some --sysroot "$PATCHED" cgroups --json -o PATH,MAX,RATIO
	save cgroups one --sysroot "$PATCHED" cgroups --json /outer/inner
	save cgroups subtree --sysroot "$PATCHED" cgroups --json --tree outer
	save cgroups stock --sysroot "$STOCK" cgroups --json
	save cgroups 612 --sysroot "$LINUX612" cgroups --json --tree
	save cgroups 72 --sysroot "$LINUX72" cgroups --json
	save cgroups odd --sysroot "$odd" cgroups --json --tree

	run -0 "$tool"
	printf '%s\n' "$output" > "$DOCS/monitor.lines"
	check "$version"
}

@test "the checker finds a key outside the table, a wrong type and a wrong place" {
	local v
	v=$(schema_version)
	printf '%s\n' '{"version":'"$v"',"source":"x","bogus":1}' > "$DOCS/status.a"
	run check "$v"
	assert_failure
	assert_output --partial "status.a: key bogus is not in the table"
	rm "$DOCS/status.a"
	printf '%s\n' '{"version":'"$v"',"source":"x","zswap_max":"max"}' > "$DOCS/cgroups.a"
	run check "$v"
	assert_output --partial "cgroups.a: zswap_max is string, the table says null or number"
	rm "$DOCS/cgroups.a"
	printf '%s\n' '{"version":'"$v"',"source":"x","compression_ratio":2.5}' > "$DOCS/status.a"
	run check "$v"
	assert_output --partial "status.a: compression_ratio is in status, the table says cgroups, monitor"
	assert_output --partial "the table gives pool_ratio to status, whose outputs here never have it"
}

@test "one key, one type: zswap_max is a number or null, zswap_unlimited says when it has none" {
	run -0 zc_patched cgroups --json=short -o PATH,MAX
	assert_equal "$(jq -c '[.cgroups[] | [.path, .zswap_max, .zswap_unlimited]]' <<<"$output")" \
		'[["/",null,null],["/flat",null,true],["/outer",null,true],["/outer/inner",8388608,false],["/work",null,true]]'
	assert_equal "$(jq -r '[.cgroups[].zswap_max | type] | unique | join(" ")' <<<"$output")" "null number"
}

@test "one name, one meaning: compression_ratio is a cgroup's, status has pool_ratio alone" {
	run -0 zc_patched status --json
	assert_equal "$(jq 'has("compression_ratio")' <<<"$output")" false
	assert_equal "$(jq 'has("pool_ratio")' <<<"$output")" true
	run -0 zc_patched cgroups --json -o PATH,RATIO
	assert_equal "$(jq '[.cgroups[] | has("compression_ratio")] | all' <<<"$output")" true
}
