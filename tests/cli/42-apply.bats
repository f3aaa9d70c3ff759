#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0
# zswapctl apply against a copy of a recorded tree (a FAKE SYSROOT: its
# etc/zswap.conf and etc/zswap.conf.d/ are the files, its parameter files
# the kernel): the files are read as zswap.conf(5) says, every line that
# is wrong is named FILE:LINE and changes nothing, and what is right is set
# as one change, all or none, as set makes it. A line of each class the
# man page names.

load helpers

setup() {
	require_zswapctl
	ROOT=$(copy_root patched)
	PARAMS=$ROOT/sys/module/zswap/parameters
	CONF=$ROOT/etc/zswap.conf
	DROPINS=$ROOT/etc/zswap.conf.d
	mkdir -p "$ROOT/etc"
}

zc_root() { "$ZSWAPCTL" --sysroot "$ROOT" "$@"; }
param() { cat "$PARAMS/$1"; }

# params: the five parameter files, one line, to see that nothing changed
params() {
	local f
	for f in compressor zpool enabled max_pool_percent accept_threshold_percent; do
		printf '%s=%s ' "$f" "$(cat "$PARAMS/$f" 2>/dev/null)"
	done
}

# refused CODE REGEX [ARGS...]: zswapctl apply ARGS fails with CODE, one
# line on stderr matching REGEX, no output, and the parameters as they were
refused() {
	local code=$1 regex=$2 before
	shift 2
	before=$(params)
	run "-$code" --separate-stderr zc_root apply "$@"
	assert_one_line_error "$regex"
	assert_equal "$(params)" "$before"
}

@test "apply sets the file's values and says old -> new, with the line of each" {
	printf '%s\n' '# zswap at boot' 'compressor = zstd' '' 'max_pool_percent = 30' > "$CONF"
	run -0 --separate-stderr zc_root apply
	assert_output "$(printf '%s\n' "compressor: lzo -> zstd ($CONF:2)" \
		"max_pool_percent: 20 -> 30 ($CONF:4)")"
	assert_equal "$stderr" ""
	assert_equal "$(param compressor)" zstd
	assert_equal "$(param max_pool_percent)" 30
	assert_equal "$(param zpool)" zbud
}

@test "apply --dry-run prints the same lines, each change saying 'would', and changes nothing" {
	printf '%s\n' 'compressor = zstd' 'enabled = yes' 'accept_threshold_percent = 80' > "$CONF"
	local before
	before=$(params)
	run -0 --separate-stderr zc_root apply --dry-run
	assert_output "$(printf '%s\n' "compressor: lzo -> zstd (would be set, $CONF:1)" \
		"enabled: yes (unchanged, $CONF:2)" \
		"accept_threshold_percent: 90 -> 80 (would be set, $CONF:3)")"
	assert_equal "$stderr" ""
	assert_equal "$(params)" "$before"
	# -n, the old spelling: the same, and a note that names --dry-run
	local dry=$output
	run -0 --separate-stderr zc_root apply -n
	assert_equal "$output" "$dry"
	assert_equal "$stderr" "zswapctl: note: 'apply -n' is now 'apply --dry-run'"
	assert_equal "$(params)" "$before"
	# and what was said would be set is what apply sets
	run -0 zc_root apply
	assert_output "$(printf '%s\n' "compressor: lzo -> zstd ($CONF:1)" \
		"enabled: yes (unchanged, $CONF:2)" \
		"accept_threshold_percent: 90 -> 80 ($CONF:3)")"
}

@test "a value the kernel holds already is not written again" {
	printf '%s\n' 'compressor = lzo' 'max_pool_percent = 20' > "$CONF"
	# a write would fail: the file refuses it, even to root
	run -0 frozen "$PARAMS/compressor" "$ZSWAPCTL" --sysroot "$ROOT" apply
	assert_output "$(printf '%s\n' "compressor: lzo (unchanged, $CONF:1)" \
		"max_pool_percent: 20 (unchanged, $CONF:2)")"
}

@test "drop-ins are read after the file in lexical order, and the last value wins" {
	mkdir -p "$DROPINS"
	printf '%s\n' 'compressor = lz4' 'max_pool_percent = 25' 'zpool = z3fold' > "$CONF"
	printf '%s\n' 'compressor = deflate' > "$DROPINS/20-b.conf"
	printf '%s\n' 'compressor = zstd' 'max_pool_percent = 40' > "$DROPINS/30-c.conf"
	# byte order, not the locale's: "Z" before "a"
	printf '%s\n' 'max_pool_percent = 35' > "$DROPINS/Z.conf"
	printf '%s\n' 'max_pool_percent = 33' > "$DROPINS/a.conf"
	# in one file too, the later line wins
	printf '%s\n' 'zpool = zsmalloc' 'zpool = zbud' > "$DROPINS/10-a.conf"
	run -0 zc_root apply
	assert_output "$(printf '%s\n' "compressor: lzo -> zstd ($DROPINS/30-c.conf:1)" \
		"zpool: zbud (unchanged, $DROPINS/10-a.conf:2)" \
		"max_pool_percent: 20 -> 33 ($DROPINS/a.conf:1)")"
	assert_equal "$(param compressor)" zstd
	assert_equal "$(param max_pool_percent)" 33
}

@test "only *.conf files of the folder count: not hidden ones or other names; a link to /dev/null masks" {
	mkdir -p "$DROPINS"
	printf '%s\n' 'compressor = zstd' > "$DROPINS/50-zstd.conf"
	for f in .hidden.conf 50-zstd.conf~ 50-zstd.conf.dpkg-old README .conf; do
		printf '%s\n' 'not a setting' > "$DROPINS/$f"
	done
	mkfifo "$DROPINS/fifo.conf.d"
	ln -s /nowhere "$DROPINS/dangling"
	# a link to /dev/null is an empty file, as systemd masks with it
	ln -s /dev/null "$DROPINS/60-masked.conf"
	run -0 --separate-stderr zc_root apply
	assert_output "compressor: lzo -> zstd ($DROPINS/50-zstd.conf:1)"
	assert_equal "$stderr" ""
}

# zswapctl.service reads these as root at boot: a drop-in that is not a
# regular file is not read, whatever it leads to (safe_file.h)
@test "a FIFO, a folder, a device or a link among the drop-ins: each named, exit 2, nothing changed" {
	local kind
	mkdir -p "$DROPINS"
	printf '%s\n' 'compressor = zstd' > "$BATS_TEST_TMPDIR/elsewhere.conf"
	for kind in fifo folder link dangling device; do
		rm -rf "$DROPINS/x.conf"
		case $kind in
		fifo) mkfifo "$DROPINS/x.conf"; want="a FIFO" ;;
		folder) mkdir "$DROPINS/x.conf"; want="a folder" ;;
		link) ln -s "$BATS_TEST_TMPDIR/elsewhere.conf" "$DROPINS/x.conf"
		      want="a symbolic link, which zswapctl does not follow here" ;;
		dangling) ln -s /nowhere "$DROPINS/x.conf"
			  want="a symbolic link, which zswapctl does not follow here" ;;
		device) ln -s /dev/zero "$DROPINS/x.conf"
			want="a symbolic link, which zswapctl does not follow here" ;;
		esac
		before=$(params)
		run -2 --separate-stderr timeout 20 "$ZSWAPCTL" --sysroot "$ROOT" apply
		assert_one_line_error "cannot read $DROPINS/x.conf: $want$"
		assert_equal "$(params)" "$before"
	done
}

@test "a configuration folder another user may change: refused, naming it, nothing changed" {
	[ "$(id -u)" = 0 ] || skip "needs root, to give a folder to another user"
	mkdir -p "$DROPINS"
	printf '%s\n' 'compressor = zstd' > "$DROPINS/50-zstd.conf"
	chown 65534 "$DROPINS"
	refused 2 "cannot read $DROPINS: the folder $DROPINS belongs to user nobody, uid 65534, who may change what is in it$"
	chown 0 "$DROPINS"
	chmod 777 "$DROPINS"
	refused 2 "cannot read $DROPINS: the folder $DROPINS may be written by any user$"
	# sticky or not: anyone may put a drop-in there
	chmod 1777 "$DROPINS"
	refused 2 "cannot read $DROPINS: the folder $DROPINS may be written by any user$"
	chmod 775 "$DROPINS"
	refused 2 "cannot read $DROPINS: the folder $DROPINS may be written by its group$"
	chmod 755 "$DROPINS"
	chmod 777 "$ROOT/etc"
	refused 2 "cannot read $ROOT/etc: the folder $ROOT/etc may be written by any user$"
	chmod 755 "$ROOT/etc"
	# a file of the configuration another user may change
	chown 65534 "$DROPINS/50-zstd.conf"
	refused 2 "cannot read $DROPINS/50-zstd.conf: it belongs to user nobody, uid 65534$"
	chown 0 "$DROPINS/50-zstd.conf"
	chmod 666 "$DROPINS/50-zstd.conf"
	refused 2 "cannot read $DROPINS/50-zstd.conf: it may be written by any user$"
	chmod 664 "$DROPINS/50-zstd.conf"
	refused 2 "cannot read $DROPINS/50-zstd.conf: it may be written by its group$"
	chmod 644 "$DROPINS/50-zstd.conf"
	printf '%s\n' 'max_pool_percent = 30' > "$ROOT/etc/zswap.conf"
	chmod 666 "$ROOT/etc/zswap.conf"
	refused 2 "cannot read $ROOT/etc/zswap.conf: it may be written by any user$"
	rm "$ROOT/etc/zswap.conf"
	# a link on the way to the folder is not followed either
	mv "$DROPINS" "$ROOT/dropins"
	ln -s ../dropins "$DROPINS"
	refused 2 "cannot read $DROPINS: $DROPINS is a symbolic link, which zswapctl does not follow here$"
}

@test "drop-ins without the main file, and a main file without drop-ins" {
	mkdir -p "$DROPINS"
	printf '%s\n' 'enabled = off' > "$DROPINS/x.conf"
	run -0 zc_root apply
	assert_output "enabled: yes -> no ($DROPINS/x.conf:1)"
	rm -r "$DROPINS"
	printf '%s\n' 'enabled = on' > "$CONF"
	run -0 zc_root apply
	assert_output "enabled: no -> yes ($CONF:1)"
}

@test "no file at all, or files that set nothing: nothing changes, exit 0" {
	local before
	before=$(params)
	run -0 --separate-stderr zc_root apply
	assert_equal "$stderr" "zswapctl: no $CONF nor $DROPINS/*.conf: nothing to apply"
	assert_output ""
	mkdir -p "$DROPINS"
	printf '%s\n' '# nothing yet' > "$CONF"
	: > "$DROPINS/empty.conf"
	run -0 --separate-stderr zc_root apply
	assert_equal "$stderr" "zswapctl: the files set nothing: nothing to apply"
	assert_equal "$(params)" "$before"
}

@test "blanks, tabs, quotes, comments, CRLF lines and a UTF-8 BOM are read as the man page says" {
	printf '\xef\xbb\xbf; written on Windows\r\n\t compressor\t=  "zstd"  \r\n' > "$CONF"
	printf "%s\n" "   # indented comment" "zpool='zsmalloc'" "enabled=N" "max-pool-percent = 30%" >> "$CONF"
	run -0 zc_root apply
	assert_output "$(printf '%s\n' "compressor: lzo -> zstd ($CONF:2)" \
		"zpool: zbud -> zsmalloc ($CONF:4)" "enabled: yes -> no ($CONF:5)" \
		"max_pool_percent: 20 -> 30 ($CONF:6)")"
}

@test "an unknown key: FILE:LINE, the keys there are, exit 1, nothing changed" {
	printf '%s\n' 'compressor = zstd' 'Compressor = zstd' > "$CONF"
	refused 1 "$CONF:2: unknown key 'Compressor' \\(the keys: compressor, zpool, enabled, max_pool_percent, accept_threshold_percent\\)$"
}

@test "a value that does not parse or is out of range: FILE:LINE, exit 1, nothing changed" {
	printf '%s\n' 'compressor = zstd' 'enabled = maybe' > "$CONF"
	refused 1 "$CONF:2: invalid enabled 'maybe' \\(expected on or off \\(1 or 0, y or n, yes or no, true or false\\)\\)$"
	printf '%s\n' 'compressor = zstd' 'max_pool_percent = 101' > "$CONF"
	refused 1 "$CONF:2: max_pool_percent '101' out of range \\(expected a whole number from 0 to 100\\)$"
	printf '%s\n' 'compressor = zstd' 'accept_threshold_percent = -5' > "$CONF"
	refused 1 "$CONF:2: invalid accept_threshold_percent '-5'"
	# no comment after a value, quoted or not
	printf '%s\n' 'compressor = zstd # fast' > "$CONF"
	refused 1 "$CONF:1: a comment after the value \\(a comment takes a line of its own\\)$"
	printf '%s\n' 'compressor = "zstd" # fast' > "$CONF"
	refused 1 "$CONF:1: a comment after the value \\(a comment takes a line of its own\\)$"
	printf '%s\n' "compressor = $(printf 'z%.0s' $(seq 64))" > "$CONF"
	refused 1 "$CONF:1: compressor 'z+' out of range \\(expected a compressor name of at most 63 characters\\)$"
}

@test "lines that are not 'key = value': FILE:LINE, exit 1, nothing changed" {
	printf '%s\n' 'compressor zstd' > "$CONF"
	refused 1 "$CONF:1: not a 'key = value' line$"
	printf '%s\n' '[zswap]' > "$CONF"
	refused 1 "$CONF:1: not a 'key = value' line$"
	printf '%s\n' '= zstd' > "$CONF"
	refused 1 "$CONF:1: no key before '='$"
	printf '%s\n' 'compressor =' > "$CONF"
	refused 1 "$CONF:1: compressor has no value$"
	printf '%s\n' 'compressor = "zstd' > "$CONF"
	refused 1 "$CONF:1: a quote that is not closed$"
	printf 'compressor = zs\0td\n' > "$CONF"
	refused 1 "$CONF:1: a NUL byte, not a text file$"
	{ printf 'compressor = '; head -c 5000 /dev/zero | tr '\0' z; echo; } > "$CONF"
	refused 1 "$CONF:1: a line longer than 4095 bytes$"
}

@test "every wrong line of every file is named in one run, a value that loses too" {
	mkdir -p "$DROPINS"
	printf '%s\n' 'compressor = zstd' 'enabled = maybe' 'max_pool_percent = 30' > "$CONF"
	printf '%s\n' 'enabled = on' 'bogus = 1' > "$DROPINS/10-x.conf"
	local before
	before=$(params)
	run -1 --separate-stderr zc_root apply
	assert_output ""
	assert_equal "$stderr" "$(printf '%s\n' \
		"zswapctl: $CONF:2: invalid enabled 'maybe' (expected on or off (1 or 0, y or n, yes or no, true or false))" \
		"zswapctl: $DROPINS/10-x.conf:2: unknown key 'bogus' (the keys: compressor, zpool, enabled, max_pool_percent, accept_threshold_percent)")"
	assert_equal "$(params)" "$before"
}

@test "a compressor or zpool the kernel does not have: the line of the value that wins" {
	modules 6.1.192+ zpool-z3fold -- zpool-zsmalloc zpool-zbud
	mkdir -p "$DROPINS"
	printf '%s\n' 'compressor = zstd' 'max_pool_percent = 30' > "$CONF"
	printf '%s\n' '' 'zpool = zbudx' > "$DROPINS/10-pool.conf"
	refused 1 "$DROPINS/10-pool.conf:2: unknown zpool 'zbudx' \\(available: z3fold, zsmalloc, zbud\\)$"
	printf '%s\n' 'compressor = nope' > "$DROPINS/10-pool.conf"
	refused 1 "$DROPINS/10-pool.conf:1: unknown compressor 'nope' \\(available: .*lzo.*\\)$"
	# a name the kernel lacks, overridden by a later file, is not the kernel's to judge
	printf '%s\n' 'compressor = lzo' > "$DROPINS/20-lzo.conf"
	run -0 zc_root apply
	assert_output "$(printf '%s\n' "compressor: lzo (unchanged, $DROPINS/20-lzo.conf:1)" \
		"max_pool_percent: 20 -> 30 ($CONF:2)")"
}

@test "Linux 6.18 (no zpool parameter): the zpool line is a warning, the rest is set" {
	ROOT=$(copy_root 6.18)
	PARAMS=$ROOT/sys/module/zswap/parameters
	mkdir -p "$ROOT/etc"
	printf '%s\n' 'zpool = zsmalloc' 'compressor = lzo' 'max_pool_percent = 30' > "$ROOT/etc/zswap.conf"
	run -0 --separate-stderr zc_root apply
	assert_equal "$stderr" "zswapctl: $ROOT/etc/zswap.conf:1: warning: this kernel has no zswap parameter zpool: left out"
	assert_output "$(printf '%s\n' "compressor: zstd -> lzo ($ROOT/etc/zswap.conf:2)" \
		"max_pool_percent: 20 -> 30 ($ROOT/etc/zswap.conf:3)")"
	assert_equal "$(param compressor)" lzo
	[ ! -e "$PARAMS/zpool" ] || fail "apply made a zpool file"
	# a zpool line alone: nothing to set, and no failure
	printf '%s\n' 'zpool = zsmalloc' > "$ROOT/etc/zswap.conf"
	run -0 --separate-stderr zc_root apply
	assert_output ""
}

@test "a parameter file that does not read back is set, not left out as missing" {
	# the kernel has the parameter: only its value cannot be read
	echo garbage > "$PARAMS/max_pool_percent"
	printf '%s\n' 'max_pool_percent = 30' > "$CONF"
	run -0 --separate-stderr zc_root apply
	assert_equal "$stderr" ""
	assert_output "max_pool_percent: - -> 30 ($CONF:1)"
	assert_equal "$(param max_pool_percent)" 30
}

@test "files named on the command line: those only, in their order" {
	printf '%s\n' 'compressor = deflate' > "$CONF"
	printf '%s\n' 'compressor = lz4' 'enabled = no' > "$BATS_TEST_TMPDIR/one"
	printf '%s\n' 'compressor = zstd' > "$BATS_TEST_TMPDIR/two"
	run -0 zc_root apply "$BATS_TEST_TMPDIR/one" "$BATS_TEST_TMPDIR/two"
	assert_output "$(printf '%s\n' "compressor: lzo -> zstd ($BATS_TEST_TMPDIR/two:1)" \
		"enabled: yes -> no ($BATS_TEST_TMPDIR/one:2)")"
	# standard input, as "-"
	run -0 zc_root apply --dry-run - <<<'compressor = lz4'
	assert_output "compressor: zstd -> lz4 (would be set, <stdin>:1)"
}

@test "a file that cannot be read: its name and why, exit 2, nothing changed" {
	refused 2 "cannot read $BATS_TEST_TMPDIR/none: No such file or directory$" \
		"$BATS_TEST_TMPDIR/none"
	mkdir "$CONF"
	refused 2 "cannot read $CONF: a folder$"
	rmdir "$CONF"
	printf '%s\n' 'compressor = zstd' > "$CONF"
	printf '%s\n' 'not a folder' > "$DROPINS"
	refused 2 "cannot read $DROPINS: $DROPINS is not a folder$"
}

@test "a FIFO or a device in place of zswap.conf: exit 2 at once, not a read that waits" {
	mkfifo "$CONF"
	before=$(params)
	# a FIFO no one writes: the old read waited for a writer forever
	run -2 --separate-stderr timeout 20 "$ZSWAPCTL" --sysroot "$ROOT" apply
	assert_one_line_error "cannot read $CONF: a FIFO$"
	assert_equal "$(params)" "$before"
	rm "$CONF"
	ln -s /dev/zero "$CONF"
	refused 2 "cannot read $CONF: a symbolic link, which zswapctl does not follow here$"
	# named on the command line, a pipe is "-": /dev/fd/N is a link
	run -0 zc_root apply --dry-run - < <(echo 'compressor = zstd')
	assert_output "compressor: lzo -> zstd (would be set, <stdin>:1)"
	run -2 --separate-stderr zc_root apply --dry-run <(echo 'compressor = zstd')
	assert_one_line_error "cannot read /dev/fd/[0-9]+: /dev/fd is a symbolic link, which zswapctl does not follow here$"
}

@test "a file without read access: exit 2, nothing changed" {
	local tree
	# nobody must reach the tree: outside the private bats folders
	tree=$(mktemp -d /tmp/zswapctl-apply.XXXXXX)
	cp -r "$ROOT" "$tree/root"
	chmod -R a+rX "$tree"
	printf '%s\n' 'compressor = zstd' > "$tree/root/etc/zswap.conf"
	chmod 600 "$tree/root/etc/zswap.conf"
	if [ "$(id -u)" = 0 ]; then chown root "$tree/root/etc/zswap.conf"; fi
	run -2 --separate-stderr as_unprivileged "$ZSWAPCTL" --sysroot "$tree/root" apply --dry-run
	rm -rf "$tree"
	assert_one_line_error "cannot read .*/etc/zswap.conf: Permission denied$"
}

@test "a failing write sets back what was written: nothing changed, and the line says so" {
	printf '%s\n' 'compressor = zstd' 'zpool = zsmalloc' 'max_pool_percent = 33' > "$CONF"
	local before
	before=$(params)
	run -2 --separate-stderr frozen "$PARAMS/max_pool_percent" \
		"$ZSWAPCTL" --sysroot "$ROOT" apply
	assert_one_line_error "$CONF:3: setting zswap parameters: cannot write $PARAMS/max_pool_percent: Read-only file system; set back: zpool, compressor \\(attribute max-pool-percent\\); nothing changed, in force: compressor lzo, zpool zbud, max_pool_percent 20$"
	assert_equal "$(params)" "$before"
}

@test "a file name with control characters and invalid UTF-8 is escaped, one line" {
	mkdir -p "$DROPINS"
	local name=$'10-a\nb\x1b[31m\xff.conf'
	printf '%s\n' 'bogus = 1' > "$DROPINS/$name"
	refused 1 "$DROPINS/10-a\\\\x0ab\\\\x1b\\[31m\\\\xff.conf:1: unknown key 'bogus'"
	printf '%s\n' 'compressor = zstd' > "$DROPINS/$name"
	run -0 zc_root apply --dry-run
	assert_output "compressor: lzo -> zstd (would be set, $DROPINS/10-a\\x0ab\\x1b[31m\\xff.conf:1)"
}

@test "apply's options: --help, and an unknown one is a usage error" {
	run -0 zc apply --help
	assert_line --partial 'zswapctl apply [options] [<file>...]'
	assert_line --regexp '^     --dry-run '
	run -1 --separate-stderr zc apply --bogus
	assert_one_line_error "unknown option '--bogus' \\(see zswapctl apply --help\\)$"
}

@test "valgrind: apply, a refused file and a 6.18 warning leak nothing" {
	printf '%s\n' 'compressor = zstd' 'zpool = zsmalloc' > "$CONF"
	valgrind_run 0 "$ZSWAPCTL" --sysroot "$ROOT" apply
	mkdir -p "$DROPINS"
	printf '%s\n' 'enabled = maybe' 'x = 1' > "$DROPINS/a.conf"
	valgrind_run 1 "$ZSWAPCTL" --sysroot "$ROOT" apply
	ROOT=$(copy_root 6.18)
	mkdir -p "$ROOT/etc"
	printf '%s\n' 'zpool = zsmalloc' 'compressor = lzo' > "$ROOT/etc/zswap.conf"
	valgrind_run 0 "$ZSWAPCTL" --sysroot "$ROOT" apply
}

# One class of file each: a binary drop-in, a huge one, a text one of
# many wrong lines. The first two are not configuration files at all: one
# line says so, not one per line (a 10 MB random drop-in made 40,623).
@test "a binary drop-in, 10 MB of random bytes: one line, exit 1, nothing changed" {
	mkdir -p "$DROPINS"
	head -c 10M /dev/urandom > "$DROPINS/junk.conf"
	refused 1 "$DROPINS/junk.conf: larger than 64 KiB, not a zswap.conf\\(5\\) file$"
}

@test "a binary drop-in under 64 KiB: one line for its first NUL byte, whatever else is wrong" {
	mkdir -p "$DROPINS"
	# text lines that are wrong first, then the NUL: still one line
	{ printf 'junk line %s\n' 1 2 3; printf 'x\0y\n'; head -c 30000 /dev/urandom; } > "$DROPINS/bin.conf"
	refused 1 "$DROPINS/bin.conf:4: a NUL byte, not a text file$"
}

@test "a file of 64 KiB is read, one byte more is refused" {
	local pad
	pad=$(printf '#%.0s' $(seq 100))
	{ echo 'compressor = zstd'; yes "$pad" | head -c $((65536 - 18)); } > "$CONF"
	assert_equal "$(stat -c %s "$CONF")" 65536
	run -0 --separate-stderr zc_root apply --dry-run
	assert_output "compressor: lzo -> zstd (would be set, $CONF:1)"
	echo >> "$CONF"
	refused 1 "$CONF: larger than 64 KiB, not a zswap.conf\\(5\\) file$"
	# standard input too, which has no size to look at first
	run -1 --separate-stderr zc_root apply --dry-run - < "$CONF"
	assert_one_line_error "<stdin>: larger than 64 KiB, not a zswap.conf\\(5\\) file$"
}

@test "a text drop-in of many wrong lines: the first ten named, then how many more" {
	mkdir -p "$DROPINS"
	seq 1 500 | sed 's/^/wrong line /' > "$DROPINS/text.conf"
	local before
	before=$(params)
	run -1 --separate-stderr zc_root apply
	assert_output ""
	assert_equal "${#stderr_lines[@]}" 11
	assert_equal "${stderr_lines[0]}" "zswapctl: $DROPINS/text.conf:1: not a 'key = value' line"
	assert_equal "${stderr_lines[9]}" "zswapctl: $DROPINS/text.conf:10: not a 'key = value' line"
	assert_equal "${stderr_lines[10]}" "zswapctl: $DROPINS/text.conf: 490 more wrong lines"
	assert_equal "$(params)" "$before"
}

# A device node itself, not a link to one (the test above): root can make
# one in the folder, and zswapctl.service reads the folder as root
@test "a character device, a block device and a socket among the drop-ins: refused, never opened" {
	[ "$(id -u)" = 0 ] || skip "needs root, to make device nodes"
	local kind want
	mkdir -p "$DROPINS"
	for kind in char block socket; do
		rm -f "$DROPINS/x.conf"
		case $kind in
		char) mknod "$DROPINS/x.conf" c 1 5; want="a character device" ;;
		block) mknod "$DROPINS/x.conf" b 7 0; want="a block device" ;;
		socket) /usr/bin/python3 -c 'import socket, sys; socket.socket(socket.AF_UNIX).bind(sys.argv[1])' \
				"$DROPINS/x.conf"; want="a socket" ;;
		esac
		refused 2 "cannot read $DROPINS/x.conf: $want$"
	done
	rm -f "$DROPINS/x.conf"
	# /etc/zswap.conf as the same: the rules of one are the other's
	mknod "$CONF" c 1 5
	refused 2 "cannot read $CONF: a character device$"
}
