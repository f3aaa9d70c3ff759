#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0
# zswapctl with cgroup names chosen to hurt: cgroupfs takes any byte but
# '/' and NUL in a name. setup_file() builds a recorded tree, the patched
# one plus cgroups named with ESC and OSC sequences, C1 CSI (as UTF-8 and
# as a raw byte), bytes that are not UTF-8 (0xff, 0xc3 alone), newline,
# tab, carriage return, DEL, quotes, backslashes, the text "\x1b" beside a
# real ESC, a right-to-left override, names of 255 bytes, a tree 130 levels
# deep and a chain of 255-byte names longer than PATH_MAX; the named ones,
# and /deep, have memory.zswap.writeback 0, the cgroups below /deep 1.
# Every command and output format then runs on it:
#  - JSON is valid UTF-8 (strict decoding, python3 and jq), has no raw
#    control byte, and every cgroup is in it, its exact bytes given back
#    by "path" or, for a name that is not UTF-8, by "path_hex";
#  - text has no control byte but its newlines, no C1 control, no
#    direction mark, is valid UTF-8, and has a row for every cgroup; the
#    PATH fields of --raw decode back to the exact bytes;
#  - Prometheus text passes promtool and the suite's structure check (no
#    series twice), and its "cgroup" and "cgroup_hex" labels give back
#    every cgroup's exact bytes.
# The expected cgroups come from find(1) over the tree, not from zswapctl.

load helpers
load ../lib/prom
load ../lib/tmux

# A memcg folder: the files of /work, so that every figure is known, and
# memory.zswap.writeback $2 (1 if not given)
mkmemcg() {
	mkdir -p -- "$1"
	cp "$HOSTILE/sys/fs/cgroup/work"/{cgroup.controllers,memory.stat,memory.zswap.current} \
		"$HOSTILE/sys/fs/cgroup/work/memory.zswap.max" "$1/"
	echo "${2:-1}" >"$1/memory.zswap.writeback"
}

# The names, in bash's $'...' quoting; 255 bytes is the longest a name
# may be (NAME_MAX)
hostile_names() {
	NAMES=(
		$'esc\e[31mred\e[0m'
		$'title\e]0;pwned\a'
		$'ff\xff'
		$'lone\xc3'
		$'c1\xc2\x9b31m'
		$'raw\x9b'
		'with space'
		$'new\nline'
		$'tab\there'
		$'cr\rhidden'
		'quote"s'
		"single'quote"
		'back\slash'
		'lit\x1b'
		$'lit\x1b'
		$'del\x7f'
		$'rlo\xe2\x80\xaeevil'
		$'caf\xc3\xa9'
		"$(printf 'N%.0s' {1..255})"
		"$(printf '\xe6\x97\xa5%.0s' {1..85})"
		$'\xff\xfe'"$(printf 'x%.0s' {1..253})"
	)
}

setup_file() {
	local cg name i long
	HOSTILE=$BATS_FILE_TMPDIR/hostile
	export HOSTILE
	cp -r "$TOP/tests/data/sysroot-patched" "$HOSTILE"
	cg=$HOSTILE/sys/fs/cgroup
	hostile_names
	for name in "${NAMES[@]}"; do
		mkmemcg "$cg/$name" 0
	done
	# 130 levels, the deepest with an ESC sequence in its name
	name=$cg/deep
	mkmemcg "$name" 0
	for ((i = 2; i < 130; i++)); do
		name=$name/d$i
		mkmemcg "$name"
	done
	mkmemcg "$name/"$'\e[2J\e[H'"bottom"
	# 20 names of 255 bytes, one in another: a path of 5 KiB, beyond
	# PATH_MAX, built a folder at a time as no path may be that long
	long=$(printf 'L%.0s' {1..254})
	(
		cd "$cg" || exit 1
		for ((i = 0; i < 20; i++)); do
			mkdir -- "$long$((i % 10))" && cd -- "$long$((i % 10))" || exit 1
			cp "$cg/work/memory.stat" . || exit 1
		done
	) || fail "cannot build the long chain"
	# What zswapctl must list: every folder with a memory.stat, NUL apart
	(cd "$cg" && find . -name memory.stat -printf '%h\0') |
		sed -z 's|^\.$|/|; s|^\./|/|' >"$BATS_FILE_TMPDIR/expected"
	# The patched tree's five, 21 names, 130 levels, 20 long names
	assert_equal "$(tr -cd '\0' <"$BATS_FILE_TMPDIR/expected" | wc -c)" $((5 + 21 + 130 + 20))
	[ "$(tr '\0' '\n' <"$BATS_FILE_TMPDIR/expected" | awk '{ print length }' |
		sort -n | tail -1)" -gt 4096 ] || fail "no path longer than PATH_MAX"
	assert_equal "$(tr '\0' '\n' <"$BATS_FILE_TMPDIR/expected" | grep '^/deep' |
		tr -cd '/\n' | awk '{ print length }' | sort -n | tail -1)" 130
}

setup() {
	require_zswapctl
	[ -x /usr/bin/python3 ] || fail "no /usr/bin/python3 (make deps installs it)"
	command -v jq >/dev/null || fail "no jq (make deps installs it)"
	command -v promtool >/dev/null || fail "no promtool (make deps installs it)"
	EXPECTED=$BATS_FILE_TMPDIR/expected
	OUT=$BATS_TEST_TMPDIR/out
}

teardown() {
	tmux_stop
}

zh() { "$ZSWAPCTL" --sysroot "$HOSTILE" "$@"; }

# capture CMD...: CMD's stdout in $OUT, byte for byte; it must exit 0 and
# say nothing on stderr but the note on the figures shown as '-' (checked
# as text too)
capture() {
	local rc=0
	"$@" >"$OUT" 2>"$OUT.err" || rc=$?
	[ "$rc" = 0 ] || fail "exit $rc from $*: $(cat "$OUT.err")"
	! grep -qv "^zswapctl: note: '-': \|^ " "$OUT.err" || fail "stderr from $*: $(cat "$OUT.err")"
	[ ! -s "$OUT.err" ] || check text "$OUT.err"
}

# check MODE FILE: the checks of the file header, by python3. Modes:
#  text   valid UTF-8; no C0 control but newline, no DEL, no C1, no U+061C,
#         U+200E, U+200F, U+2028-U+202E, U+2066-U+2069
#  json   text, then JSON (python3, strictly); with --paths, its cgroups
#         are those expected, bytes from "path" or "path_hex"
# A path longer than 1024 bytes is expected as zswapctl(8) says it is
# shown, its first and last names around "/…/" (so that what root
# writes grows with the number of cgroups, not the square of their
# depth): several may then look the same, told apart by their ids, so the
# cgroups are compared as a multiset and, for JSON, the ids must differ.
#  raw    text, and the first field of each line but the header, its \xHH
#         decoded, gives the expected cgroups
#  rows N text, and N lines besides the header and the note on '-' (with
#         --count: as many as expected)
#  prom   text, and the cgroups of zswap_cgroup_stored_pages, their bytes
#         from "cgroup" or "cgroup_hex", are those expected
check() {
	run /usr/bin/python3 - "$EXPECTED" "$@" <<'PY'
import json, re, sys

expected_file, mode, path = sys.argv[1:4]
args = sys.argv[4:]
def shown(p):
    if len(p) <= 1024:
        return p
    first = p[:p.index(b"/", 1)]
    return first + "/\u2026/".encode() + p[p.rindex(b"/") + 1:]

from collections import Counter
expected = Counter(shown(p) for p in open(expected_file, "rb").read().split(b"\0") if p)
data = open(path, "rb").read()
try:
    text = data.decode("utf-8", errors="strict")
except UnicodeDecodeError as e:
    sys.exit(f"not UTF-8: {e}")
marks = {0x061C, 0x200E, 0x200F} | set(range(0x2028, 0x202F)) | set(range(0x2066, 0x206A))
for i, ch in enumerate(text):
    cp = ord(ch)
    if (cp < 0x20 and ch != "\n") or 0x7F <= cp <= 0x9F or cp in marks:
        sys.exit(f"U+{cp:04X} at {i}: {text[max(0, i - 30):i + 10]!r}")

def same(got, what):
    got = Counter(got)
    if got != expected:
        cut = lambda paths: [p if len(p) < 80 else p[:60] + b"..." for p in sorted(paths)[:5]]
        missing = cut(expected - got)
        extra = cut(got - expected)
        sys.exit(f"{what}: {sum(got.values())} cgroups, {sum(expected.values())} expected;"
                 f" missing {missing}, not expected {extra}")

def unhex(s):
    return re.sub(rb"\\x([0-9a-f]{2})", lambda m: bytes([int(m[1], 16)]), s.encode())

if mode == "json":
    doc = json.loads(text)
    if args == ["--paths"]:
        # With --tree, the rows below the tops are in "children"
        def walk(objs):
            for c in objs:
                yield c
                yield from walk(c.get("children", []))
        rows = list(walk(doc["cgroups"]))
        if len(set(c["id"] for c in rows)) != len(rows):
            sys.exit("JSON: a cgroup comes twice")
        got = []
        for c in rows:
            if ("path_shortened" in c) != ("/\u2026/" in c["path"]):
                sys.exit(f"path_shortened is not there when, and only when, the path is cut: {c['path'][:80]!r}")
            if "path_hex" in c:
                raw = bytes.fromhex(c["path_hex"])
                # The escaped "path" says the same bytes
                if unhex(c["path"]) != raw:
                    sys.exit(f"path {c['path']!r} is not path_hex {c['path_hex']}")
                got.append(raw)
            else:
                got.append(c["path"].encode())
        same(got, "JSON")
elif mode == "raw":
    same([unhex(line.split(" ")[0]) for line in text.splitlines()[1:]], "--raw")
elif mode == "rows":
    # A path starts with '/': the note on '-' under a table is no row
    lines = [l for l in text.splitlines()[1:] if not l.startswith("note: ")]
    want = sum(expected.values()) if args[0] == "--count" else int(args[0])
    if len(lines) != want:
        sys.exit(f"{len(lines)} rows, {want} expected")
elif mode == "prom":
    got = []
    label = re.compile(r'([a-z_]+)="((?:[^"\\]|\\.)*)"')
    for line in text.splitlines():
        if not line.startswith("zswap_cgroup_stored_pages{"):
            continue
        labels = {k: re.sub(r"\\(.)", lambda m: "\n" if m[1] == "n" else m[1], v)
                  for k, v in label.findall(line[:line.rindex("}")])}
        if "cgroup_hex" in labels:
            got.append(bytes.fromhex(labels["cgroup_hex"]))
        else:
            got.append(labels["cgroup"].encode())
    same(got, "Prometheus")
PY
	[ "$status" = 0 ] || fail "$1 check of $2: $output"
}

@test "the fallback lists every cgroup, 130 levels and 5 KiB paths, within 40 open files" {
	# It keeps a bounded number of folders open however deep the tree is
	capture bash -c 'ulimit -n 40 && exec "$@"' _ "$ZSWAPCTL" --sysroot "$HOSTILE" cgroups --json
	check json "$OUT" --paths
}

@test "cgroups --json, every style and option: valid UTF-8 JSON, every cgroup's exact bytes" {
	local args
	for args in "--json" "--json=short" "--json --tree" "-J -o PATH,ID" "-J -o ID,PATH,MAX" \
		"--json --sort PATH --reverse" "--json --bytes"; do
		# shellcheck disable=SC2086 # the options are words
		capture zh cgroups $args
		check json "$OUT" --paths
		# --tree nests two levels of JSON a cgroup: 130 cgroups deep
		# is beyond the 256 levels jq 1.6 parses (zswapctl(8) says so)
		[ "$args" = "--json --tree" ] && continue
		jq -e '.cgroups | length' "$OUT" >/dev/null || fail "jq cannot read cgroups $args"
	done
	# A name that is not UTF-8 has path_hex; a valid one has none
	capture zh cgroups --json=short
	jq -e '[.cgroups[] | select(.path_hex == "2f6666ff")] | length == 1' "$OUT" ||
		fail "no path_hex for /ff\\xff"
	jq -e '[.cgroups[] | select(.path == "/caf\u00e9")][0] | has("path_hex") | not' "$OUT" ||
		fail "/café is valid UTF-8: it needs no path_hex"
	jq -e '[.cgroups[] | select(.path == "/esc\u001b[31mred\u001b[0m")] | length == 1' "$OUT" ||
		fail "a valid name with controls is exact, its controls JSON escapes"
	# jq writes \u001b as a raw ESC: zswapctl itself never does
	! grep -q $'\e' "$OUT" || fail "a raw ESC in the JSON"
}

@test "cgroups --json of one cgroup, by its id: the path of a name that is not UTF-8" {
	local id
	id=$(stat -c %i "$HOSTILE/sys/fs/cgroup/"$'lone\xc3')
	capture zh cgroups --json "$id"
	check json "$OUT"
	run jq -r '.cgroups[0].path_hex' "$OUT"
	assert_output 2f6c6f6e65c3
}

@test "a path longer than PATH_MAX: selected by that path, in cgroups and set" {
	local long path i
	long=$(printf 'L%.0s' {1..254})
	path=
	for ((i = 0; i < 20; i++)); do
		path=$path/$long$((i % 10))
	done
	[ "${#path}" -gt 4096 ] || fail "the path is not longer than PATH_MAX"
	capture zh cgroups --raw --noheadings -o PATH "$path"
	# shown as its first and last names (--raw may write the ellipsis as
	# \x escapes, which printf decodes): zswapctl(8)
	assert_equal "$(printf '%b' "$(cat "$OUT")")" "/${long}0/"$'\xe2\x80\xa6'"/${long}9"
	# and by its full path below the mount point, with what is below it
	capture zh cgroups --raw --noheadings -o PATH --tree "/sys/fs/cgroup${path%/*}"
	assert_equal "$(wc -l <"$OUT")" 2
	# a path through it that is not there is not there
	run -1 --separate-stderr zh cgroups "$path/nope"
	assert_one_line_error "no cgroup '/L"
	# set: the deepest folder gets a memory.zswap.max for the test, a
	# folder at a time, as no path may be that long
	deepest() {
		cd "$HOSTILE/sys/fs/cgroup" || return
		for ((i = 0; i < 20; i++)); do
			cd -- "$long$((i % 10))" || return
		done
		"$@"
	}
	(deepest eval 'echo max >memory.zswap.max') || fail "cannot reach the deepest folder"
	capture zh set cgroup "$path" max 1M
	[[ $(cat "$OUT") == *" max: max -> 1048576 (1 MiB)" ]] || fail "set said: $(cat "$OUT")"
	assert_equal "$(deepest cat memory.zswap.max)" 1048576
	(deepest rm memory.zswap.max)
}

@test "cgroups as text: aligned, --tree, --raw, -o: no control byte, every cgroup a row" {
	local args locale
	for locale in C.UTF-8 C; do
		for args in "" "--tree" "-o PATH" "--bytes -o PATH,MAX" "--sort PATH"; do
			# shellcheck disable=SC2086
			capture env LC_ALL=$locale "$ZSWAPCTL" --sysroot "$HOSTILE" cgroups $args
			check text "$OUT"
			check rows "$OUT" --count
		done
	done
	# The names are there, escaped
	capture zh cgroups -o PATH
	grep -qxF '/esc\x1b[31mred\x1b[0m' "$OUT" || fail "no /esc\\x1b[31mred\\x1b[0m"
	grep -qxF '/c1\xc2\x9b31m' "$OUT" || fail "no /c1\\xc2\\x9b31m"
	grep -qxF '/raw\x9b' "$OUT" || fail "no /raw\\x9b"
	grep -qxF '/new\x0aline' "$OUT" || fail "no /new\\x0aline"
	grep -qxF '/rlo\xe2\x80\xaeevil' "$OUT" || fail "no /rlo\\xe2\\x80\\xaeevil"
	grep -qxF '/back\slash' "$OUT" || fail "no /back\\slash"
	# Valid UTF-8 is kept in a UTF-8 locale; in another, it is bytes
	capture env LC_ALL=C.UTF-8 "$ZSWAPCTL" --sysroot "$HOSTILE" cgroups -o PATH
	grep -qxF $'/caf\xc3\xa9' "$OUT" || fail "valid UTF-8 is kept: no /café"
	capture env LC_ALL=C "$ZSWAPCTL" --sysroot "$HOSTILE" cgroups -o PATH
	grep -qxF '/caf\xc3\xa9' "$OUT" || fail "no /caf\\xc3\\xa9 in the C locale"
	! LC_ALL=C grep -q $'[\x80-\xff]' "$OUT" || fail "a byte beyond ASCII in the C locale"
	# --raw decodes back to every name
	for args in "--raw" "--raw --tree" "--raw -o PATH,ID"; do
		# shellcheck disable=SC2086
		capture zh cgroups $args
		check text "$OUT"
		check raw "$OUT"
	done
}

@test "top -B: no control byte, every cgroup a row, flat and as a tree" {
	local args
	for args in "" "--tree" "--sort PATH"; do
		# shellcheck disable=SC2086
		capture zh top -B -c 1 -d 0.1 $args
		check text "$OUT"
		# The block: three header lines, the table, an empty line
		sed -n '4,$p' "$OUT" | sed '$d' >"$OUT.table"
		check rows "$OUT.table" --count
	done
	capture zh top -B -c 1 -d 0.1 --filter lit
	check text "$OUT"
	# The text "\x1b" and an ESC look alike here, as the aligned table is
	# for people; --raw and JSON tell them apart
	assert_equal "$(grep -c '^/lit\\x1b ' "$OUT")" 2
}

@test "export and status --format=prometheus: promtool content, no series twice, every cgroup" {
	capture zh export
	check text "$OUT"
	prom_lint "$(cat "$OUT")"
	prom_structure "$(cat "$OUT")"
	check prom "$OUT"
	# The text of an ESC and an ESC: one label value, two series by cgroup_hex
	grep -qF 'zswap_cgroup_stored_pages{cgroup="/lit\\x1b"} ' "$OUT" ||
		fail "the name '/lit\\x1b' is not exact"
	grep -qF 'zswap_cgroup_stored_pages{cgroup="/lit\\x1b",cgroup_hex="2f6c69741b"} ' "$OUT" ||
		fail "the name '/lit<ESC>' has no cgroup_hex"
	capture zh export --output-file "$BATS_TEST_TMPDIR/z.prom"
	check prom "$BATS_TEST_TMPDIR/z.prom"
	capture zh status --format=prometheus
	check text "$OUT"
	prom_lint "$(cat "$OUT")"
}

@test "WRITEBACK, its JSON keys and its metrics: every cgroup, its name escaped" {
	local off bottom i
	capture zh cgroups -o PATH,WRITEBACK
	check text "$OUT"
	check rows "$OUT" --count
	capture zh cgroups --raw --noheadings -o PATH,WRITEBACK
	check text "$OUT"
	grep -qxF '/esc\x1b[31mred\x1b[0m off' "$OUT" || fail "no /esc\x1b[31mred\x1b[0m off"
	grep -qxF '/ff\xff off' "$OUT" || fail "no /ff\xff off"
	# Below /deep, on but not in effect; the deepest's name has an ESC
	grep -qF '\x1b[2J\x1b[Hbottom on\x20(off)' "$OUT" || fail "no bottom on (off)"
	# and by its path, 130 folders up to the root's
	bottom=/deep
	for ((i = 2; i < 130; i++)); do
		bottom=$bottom/d$i
	done
	capture zh cgroups --raw --noheadings -o WRITEBACK "$bottom/"$'\e[2J\e[H'bottom
	assert_equal "$(cat "$OUT")" 'on\x20(off)'
	capture zh cgroups --json
	check json "$OUT" --paths
	jq -e '[.cgroups[] | select(.path_hex == "2f6666ff")][0] |
		.writeback == false and .writeback_effective == false' "$OUT" ||
		fail "/ff\\xff: not off in JSON"
	# The 129 cgroups below /deep
	assert_equal "$(jq '[.cgroups[] | select(.path | startswith("/deep/")) |
		select(.writeback and (.writeback_effective | not))] | length' "$OUT")" 129
	capture zh export
	prom_lint "$(cat "$OUT")"
	prom_structure "$(cat "$OUT")"
	grep -qxF 'zswap_cgroup_writeback{cgroup="/lit\\x1b",cgroup_hex="2f6c69741b"} 0' "$OUT" ||
		fail "the name '/lit<ESC>' has no writeback sample of its own"
	grep -qxF 'zswap_cgroup_writeback_effective{cgroup="/lit\\x1b"} 0' "$OUT" ||
		fail "the name '/lit\\x1b' has no writeback_effective sample"
	off=$(grep -c '^zswap_cgroup_writeback_effective{.*} 0$' "$OUT")
	assert_equal "$off" $((21 + 130))
	# Set through the path of a name that is not UTF-8; the line escapes it
	capture zh set cgroup $'/ff\xff' writeback on
	check text "$OUT"
	assert_equal "$(cat "$OUT")" 'cgroup /ff\xff writeback: off -> on'
	assert_equal "$(cat "$HOSTILE/sys/fs/cgroup/"$'ff\xff'/memory.zswap.writeback)" 1
	capture zh set cgroup $'/ff\xff' writeback off
}

# A tree whose module parameters hold control characters and bytes that are
# not UTF-8, as a recorded tree may: the compressor and the zpool are
# strings from outside too
hostile_params() {
	local root
	root=$(copy_root patched)
	printf 'lz\033]0;pwned\007\377o\n' >"$root/sys/module/zswap/parameters/compressor"
	printf 'zb\302\233ud\n' >"$root/sys/module/zswap/parameters/zpool"
	echo "$root"
}

@test "status, its JSON and its metrics with a compressor and a zpool that are not clean" {
	local root
	root=$(hostile_params)
	capture "$ZSWAPCTL" --sysroot "$root" status
	check text "$OUT"
	grep -qxF 'compressor:                 lz\x1b]0;pwned\x07\xffo' "$OUT" ||
		fail "compressor: $(grep compressor "$OUT")"
	grep -qxF 'zpool:                      zb\xc2\x9bud' "$OUT" || fail "zpool: $(grep zpool "$OUT")"
	capture "$ZSWAPCTL" --sysroot "$root" status --json
	check json "$OUT"
	run jq -r '.compressor_hex, .zpool, has("zpool_hex")' "$OUT"
	assert_output "6c7a1b5d303b70776e656407ff6f"$'\n'$'zb\xc2\x9bud'$'\nfalse'
	capture "$ZSWAPCTL" --sysroot "$root" status --format=prometheus
	check text "$OUT"
	prom_lint "$(cat "$OUT")"
}

@test "set and error messages: the path and the arguments escaped, on stdout and stderr" {
	local root id
	root=$(copy_root patched)
	mkdir "$root/sys/fs/cgroup/"$'evil\e[2J\xff'
	cp "$root/sys/fs/cgroup/work"/{cgroup.controllers,memory.stat,memory.zswap.max} \
		"$root/sys/fs/cgroup/"$'evil\e[2J\xff/'
	id=$(stat -c %i "$root/sys/fs/cgroup/"$'evil\e[2J\xff')
	capture "$ZSWAPCTL" --sysroot "$root" set cgroup "$id" max 1M
	check text "$OUT"
	assert_equal "$(cat "$OUT")" 'cgroup /evil\x1b[2J\xff max: max -> 1048576 (1 MiB)'
	run -1 --separate-stderr "$ZSWAPCTL" --sysroot "$root" cgroups $'/nope\e[2J\xff\x9b'
	assert_one_line_error "no cgroup '/nope\\\\x1b\\[2J\\\\xff\\\\x9b'"
	printf '%s' "$stderr" >"$OUT"
	check text "$OUT"
}

# Outside a UTF-8 locale, a name's bytes beyond ASCII are escaped in
# every text a person reads: U+065B is \xd9\x9b in UTF-8, and 0x9b is CSI
# to a terminal that takes 8-bit controls (the Linux console in a
# non-UTF-8 mode, xterm under such a locale)
@test "a C locale: no byte beyond ASCII in top -B, set, messages or status" {
	local root id name=$'evil\xd9\x9b2J\xd9\x9b31mRED'
	root=$(copy_root patched)
	mkdir "$root/sys/fs/cgroup/$name"
	cp "$root/sys/fs/cgroup/work"/{cgroup.controllers,memory.stat,memory.zswap.max} \
		"$root/sys/fs/cgroup/$name/"
	id=$(stat -c %i "$root/sys/fs/cgroup/$name")
	LC_ALL=C COLUMNS=200 "$ZSWAPCTL" --sysroot "$root" top -B -c 1 >"$OUT" 2>&1 ||
		fail "top -B failed: $(cat "$OUT")"
	LC_ALL=C "$ZSWAPCTL" --sysroot "$root" set cgroup "$id" max 1M >>"$OUT" 2>&1 ||
		fail "set failed: $(cat "$OUT")"
	LC_ALL=C "$ZSWAPCTL" --sysroot "$root" cgroups "/nope$name" >>"$OUT" 2>&1 &&
		fail "a cgroup that is not there was found"
	LC_ALL=C "$ZSWAPCTL" --sysroot "$root" cgroups >>"$OUT" 2>&1 ||
		fail "cgroups failed: $(cat "$OUT")"
	grep -q 'evil\\xd9\\x9b2J' "$OUT" || fail "the name is not shown escaped: $(cat "$OUT")"
	! LC_ALL=C grep -n $'[\x80-\xff]' "$OUT" || fail "a byte beyond ASCII reached the terminal"
}

@test "the curses view of top draws every name escaped and leaves the title alone" {
	local filter line
	command -v tmux >/dev/null || fail "no tmux (make deps installs it)"
	tmux_start 200 50
	# One name at a time: the deep and long paths would make PATH wider
	# than the screen
	for filter in red pwned c1 raw line evil; do
		case $filter in
		red) line='/esc\\x1b\[31mred\\x1b\[0m' ;;
		pwned) line='/title\\x1b\]0;pwned\\x07' ;;
		c1) line='/c1\\xc2\\x9b31m' ;;
		raw) line='/raw\\x9b' ;;
		line) line='/new\\x0aline' ;;
		evil) line='/rlo\\xe2\\x80\\xaeevil' ;;
		esac
		pane_run "$ZSWAPCTL --sysroot $HOSTILE top -d 0.2 --filter $filter"
		wait_for_pane "^$line +[0-9]"
		pane_keys q
		wait_for_shell
	done
	# The OSC of a name would have set the pane's title
	[ "$(pane_get '#{pane_title}')" != pwned ] || fail "a name set the title"
}

@test "valgrind: the hostile tree through cgroups, top -B and export leaks nothing" {
	local vg=(valgrind --quiet --leak-check=full --show-leak-kinds=all --errors-for-leak-kinds=all
		  --error-exitcode=9)
	command -v valgrind >/dev/null || fail "no valgrind (make deps installs it)"
	run -0 "${vg[@]}" "$ZSWAPCTL" --sysroot "$HOSTILE" cgroups --json
	run -0 "${vg[@]}" "$ZSWAPCTL" --sysroot "$HOSTILE" cgroups --tree
	run -0 "${vg[@]}" "$ZSWAPCTL" --sysroot "$HOSTILE" top -B -c 1 -d 0.1 --tree
	run -0 "${vg[@]}" "$ZSWAPCTL" --sysroot "$HOSTILE" export
}


# asan EXIT ARGS...: zswapctl built with ASan and UBSan (make
# unit-tests-asan), which stops at the first error or leak with exit 99
asan() {
	local want=$1
	shift
	run --separate-stderr env ASAN_OPTIONS=halt_on_error=1:detect_leaks=1:exitcode=99 \
		UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1 "$ASAN_ZSWAPCTL" "$@"
	[ "$status" = "$want" ] || fail "exit $status, not $want, from $*: $stderr"
	! grep -q 'runtime error\|Sanitizer' <<<"$stderr" || fail "$*: $stderr"
}

@test "ASan and UBSan: every command and output on the hostile tree and the recorded ones" {
	local root fmt
	ASAN_ZSWAPCTL=$BUILD/tests/unit-asan/zswapctl
	[ -x "$ASAN_ZSWAPCTL" ] || fail "no $ASAN_ZSWAPCTL: run make unit-tests-asan"
	for root in "$HOSTILE" "$TOP/tests/data/sysroot-stock" "$TOP/tests/data/sysroot-6.18"; do
		for fmt in text json prometheus; do
			asan 0 --sysroot "$root" status --format "$fmt"
		done
		asan 0 --sysroot "$root" cgroups
		asan 0 --sysroot "$root" cgroups --json --tree
		asan 0 --sysroot "$root" cgroups --raw -o +ZSWPWB,WRITEBACK --sort RATIO --reverse
		asan 0 --sysroot "$root" cgroups -o +WRITEBACK /outer/inner
		asan 0 --sysroot "$root" top -B -c 2 -d 0.1 --tree --filter L
		asan 0 --sysroot "$root" export
		asan 0 --sysroot "$root" export --output-file "$BATS_TEST_TMPDIR/z.prom"
		asan 3 --sysroot "$root" monitor
		asan 1 --sysroot "$root" cgroups /nope
	done
	root=$(copy_root patched)
	asan 0 --sysroot "$root" set compressor zstd max-pool-percent 30
	asan 0 --sysroot "$root" set cgroup /outer max 1M
	asan 1 --sysroot "$root" set compressor nope
	asan 3 --sysroot "$root" set cgroup /outer writeback off
	asan 1 --sysroot "$root" set cgroup /outer writeback maybe
	root=$(copy_root 6.12)
	asan 0 --sysroot "$root" set cgroup /outer/inner writeback off
	# no file it could read: what a tree without zswap's files gives
	asan 3 --sysroot "$BATS_TEST_TMPDIR" status
	asan 0 --help
	asan 1 --bytes=5
}
