#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0
# zswapctl apply on a real kernel, run as zswapctl.service runs it at boot:
# the unit's own ExecStart line (debian/zswapctl.service), word for word,
# with its capabilities (CapabilityBoundingSet=) and no others, and with
# /etc/zswap.conf and /etc/zswap.conf.d where that line reads them.
# The guest's root is the host's, read-only, without the package: the line
# runs in a mount namespace of its own, with a tmpfs over /etc holding the
# test's files (and the loader's cache), and one over /usr/sbin holding
# the zswapctl of the build tree as /usr/sbin/zswapctl. Over netlink on
# the patched kernel, the files on the stock one. The files change the
# kernel's parameters; a file that is wrong changes nothing and says
# where; a value the kernel itself refuses leaves every parameter as it
# was.

load helpers

ZSWAPCTL=$BUILD/bin/zswapctl
UNIT=$TOP/debian/zswapctl.service
PARAMS=(compressor zpool enabled max_pool_percent accept_threshold_percent)

setup() {
	require_guest
	[ -x "$ZSWAPCTL" ] || fail "no $ZSWAPCTL: run 'make zswapctl' on the host"
	bats_require_minimum_version 1.5.0
	ETC=$BATS_TEST_TMPDIR/etc
	mkdir -p "$ETC/zswap.conf.d"
	local p
	for p in "${PARAMS[@]}"; do
		# a line without a zpool layer has no zpool parameter
		[ "$p" != zpool ] || line_has zpool || continue
		SAVED_PARAMS[$p]=$(zswap_param "$p")
	done
}

teardown() {
	restore_params
	true
}

# as_the_unit: the unit's ExecStart, with $ETC as /etc and the build's
# zswapctl as /usr/sbin/zswapctl, and the unit's CapabilityBoundingSet=
# only (a set without one the kernel checks fails the boot's apply: the
# family's set needs CAP_NET_ADMIN for its admin-perm flag, and
# CAP_SYS_ADMIN)
as_the_unit() {
	local line caps
	line=$(sed -n 's/^ExecStart=//p' "$UNIT")
	[ -n "$line" ] || fail "no ExecStart in $UNIT"
	caps=$(sed -n 's/^CapabilityBoundingSet=//p' "$UNIT" | tr 'A-Z ' 'a-z\n' |
		sed -n 's/^cap_\(.*\)/+\1/p' | paste -sd, -)
	[ -n "$caps" ] || fail "no CapabilityBoundingSet= in $UNIT"
	[ -f /etc/ld.so.cache ] && cp /etc/ld.so.cache "$ETC/"
	unshare --mount --propagation private bash -c '
		set -e
		mount --bind "$1" /etc
		mount -t tmpfs -o mode=755 tmpfs /usr/sbin
		cp "$2" /usr/sbin/zswapctl
		exec setpriv --bounding-set "-all,$4" --inh-caps -all -- $3' \
		as_the_unit "$ETC" "$ZSWAPCTL" "$line" "$caps"
}

# other PARAM NAME...: the first NAME other than the parameter's value
# that the kernel has (a compressor: in /proc/crypto)
other() {
	local param=$1 name
	shift
	for name; do
		[ "$name" != "$(zswap_param "$param")" ] || continue
		[ "$param" != compressor ] || grep -qx "name *: $name" /proc/crypto || continue
		echo "$name"
		return
	done
}

other_compressor() { other compressor lz4 zstd lzo deflate; }
other_zpool() { other zpool zsmalloc z3fold zbud; }

# refused CODE REGEX: the unit's line fails with CODE, one line on stderr
# matching REGEX, no output, and every parameter as it was
refused() {
	local before
	before=$(params_snapshot)
	run "-$1" --separate-stderr as_the_unit
	assert_one_line_error "$2"
	assert_output ""
	assert_equal "$(params_snapshot)" "$before"
}

@test "a zswap.conf and a drop-in, applied by the unit's command line, change the kernel's parameters" {
	local c z=
	c=$(other_compressor)
	[ -n "$c" ] || fail "no second compressor in /proc/crypto"
	# A line without a zpool layer gets the same file without that line
	if line_has zpool; then
		z=$(other_zpool)
		printf '%s\n' '# as an admin writes it' "compressor = $c" "zpool = $z" \
			'max_pool_percent = 33' 'enabled = on' > "$ETC/zswap.conf"
	else
		printf '%s\n' '# as an admin writes it' "compressor = $c" \
			'max_pool_percent = 33' 'enabled = on' > "$ETC/zswap.conf"
	fi
	printf '%s\n' 'max_pool_percent = 35' 'accept_threshold_percent = 75' \
		> "$ETC/zswap.conf.d/50-pool.conf"
	run -0 --separate-stderr as_the_unit
	assert_equal "$stderr" ""
	assert_line "compressor: ${SAVED_PARAMS[compressor]} -> $c (/etc/zswap.conf:2)"
	[ -z "$z" ] || assert_line "zpool: ${SAVED_PARAMS[zpool]} -> $z (/etc/zswap.conf:3)"
	assert_line "max_pool_percent: ${SAVED_PARAMS[max_pool_percent]} -> 35 (/etc/zswap.conf.d/50-pool.conf:1)"
	assert_line "accept_threshold_percent: ${SAVED_PARAMS[accept_threshold_percent]} -> 75 (/etc/zswap.conf.d/50-pool.conf:2)"
	# the kernel's own files say so
	assert_equal "$(zswap_param compressor)" "$c"
	[ -z "$z" ] || assert_equal "$(zswap_param zpool)" "$z"
	assert_equal "$(zswap_param max_pool_percent)" 35
	assert_equal "$(zswap_param accept_threshold_percent)" 75
	assert_equal "$(zswap_param enabled)" Y
	# a second boot with the same files writes nothing and says so
	run -0 as_the_unit
	assert_line "compressor: $c (unchanged, /etc/zswap.conf:2)"
}

@test "a file that is wrong changes nothing and names the file and the line" {
	printf '%s\n' "compressor = $(other_compressor)" 'max_pool_percent = 30' \
		'enabled = maybe' > "$ETC/zswap.conf"
	refused 1 "/etc/zswap.conf:3: invalid enabled 'maybe' \\(expected on or off \\(1 or 0, y or n, yes or no, true or false\\)\\)$"
	# and a compressor this kernel does not have, at its line
	printf '%s\n' 'max_pool_percent = 30' 'compressor = nonesuch' > "$ETC/zswap.conf.d/10-x.conf"
	: > "$ETC/zswap.conf"
	refused 1 "/etc/zswap.conf.d/10-x.conf:2: unknown compressor 'nonesuch' \\(available: .*\\)$"
}

# A kernel without a zpool layer leaves the line out, says so, and applies
# the rest: one zswap.conf serves the kernels a machine boots.
@test "a zpool the kernel itself refuses: every parameter stays as it was, and the line says so" {
	if ! line_has zpool; then
		printf '%s\n' "compressor = $(other_compressor)" 'zpool = zsmalloc' \
			'max_pool_percent = 30' > "$ETC/zswap.conf"
		run -0 --separate-stderr as_the_unit
		[[ $stderr == *"/etc/zswap.conf:2: warning: this kernel has no zswap parameter zpool: left out" ]] ||
			fail "no warning for the zpool line: $stderr"
		assert_equal "$(zswap_param max_pool_percent)" 30
		return
	fi
	# no modules.alias for this kernel: only the kernel can judge the zpool
	printf '%s\n' "compressor = $(other_compressor)" 'zpool = nonesuch' \
		'max_pool_percent = 30' > "$ETC/zswap.conf"
	refused 2 "/etc/zswap.conf:2: setting zswap parameters: .*nothing changed, in force: compressor ${SAVED_PARAMS[compressor]}, zpool ${SAVED_PARAMS[zpool]}, max_pool_percent ${SAVED_PARAMS[max_pool_percent]}$"
}

@test "no file at all: the line does nothing and exits 0" {
	local before
	before=$(params_snapshot)
	rmdir "$ETC/zswap.conf.d"
	run -0 --separate-stderr as_the_unit
	assert_equal "$stderr" "zswapctl: no /etc/zswap.conf nor /etc/zswap.conf.d/*.conf: nothing to apply"
	assert_equal "$(params_snapshot)" "$before"
}
