#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0
# The completions offer cgroup names whole, whatever they hold (bash split
# a name with a space into two words), and offer the cgroups zswapctl
# takes: those of the cgroup2 hierarchy that mountinfo names, never the
# folders of cgroup v1 on a hybrid host. Each completion follows the
# --sysroot of the line, as zswapctl does; the trees are FAKE SYSROOTS
# made from the recorded patched tree.

load helpers

setup() {
	require_zswapctl
	ROOT=$(copy_root patched)
	CG=$ROOT/sys/fs/cgroup
	local name
	# shellcheck disable=SC2016  # a name that is a command substitution, on purpose
	for name in 'my group' 'my grp2' "it's" 'a"b' 'x$(touch pwned)'; do
		mkdir "$CG/$name"
		cp "$CG/work/memory.stat" "$CG/$name/"
	done
	mkdir "$CG/my nomem"
}

# bash_complete WORDS...: what the bash completion offers for the last
# word, one a line, as typed on the command line (quotes and all)
bash_complete() {
	bash -c 'source "$1"; shift
		COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); _zswapctl
		printf "%s\n" "${COMPREPLY[@]}"' _ "$TOP/completions/zswapctl.bash" "$@"
}

@test "bash: a cgroup name with spaces is one completion, however the word is quoted" {
	cd "$BATS_TEST_TMPDIR"
	run -0 bash_complete zswapctl --sysroot "$ROOT" cgroups my
	assert_output "$(printf '%s\n' 'my group' 'my grp2')"
	run -0 bash_complete zswapctl --sysroot "$ROOT" cgroups 'my\ gro'
	assert_output 'my group'
	run -0 bash_complete zswapctl --sysroot "$ROOT" cgroups '"my gr'
	assert_output "$(printf '%s\n' 'my group' 'my grp2')"
	run -0 bash_complete zswapctl --sysroot "$ROOT" cgroups "'my grp"
	assert_output 'my grp2'
	run -0 bash_complete zswapctl --sysroot "$ROOT" set cgroup 'my\ g'
	assert_output "$(printf '%s\n' 'my group' 'my grp2')"
	run -0 bash_complete zswapctl --sysroot "$ROOT" top --filter my
	assert_output "$(printf '%s\n' 'my group' 'my grp2')"
	# quotes in names, and one that would run a command if evaluated
	run -0 bash_complete zswapctl --sysroot "$ROOT" cgroups "it"
	assert_output "it's"
	run -0 bash_complete zswapctl --sysroot "$ROOT" cgroups 'a\"'
	assert_output 'a"b'
	run -0 bash_complete zswapctl --sysroot "$ROOT" cgroups 'x$'
	# shellcheck disable=SC2016
	assert_output 'x$(touch pwned)'
	[ ! -e pwned ] || fail "a name was run as a command"
}

@test "bash: --sysroot=DIR is followed too, and the command after it found" {
	run -0 bash_complete zswapctl --sysroot = "$ROOT" cgroups 'my\ gro'
	assert_output 'my group'
}

# A hybrid tree: the cgroup2 tree in unified/, v1's memory hierarchy
# beside it with memcgs of its own
hybrid() {
	mv "$CG" "$ROOT/sys/fs/cgroup.v2"
	mkdir -p "$CG/memory/v1only"
	mv "$ROOT/sys/fs/cgroup.v2" "$CG/unified"
	echo 'cache 0' > "$CG/memory/memory.stat"
	echo 'cache 0' > "$CG/memory/v1only/memory.stat"
	mkdir -p "$ROOT/proc/self"
	cat > "$ROOT/proc/self/mountinfo" <<-'EOF'
	22 1 8:1 / / rw,relatime shared:1 - ext4 /dev/sda1 rw
	31 22 0:28 / /sys/fs/cgroup ro,nosuid shared:9 - tmpfs tmpfs ro,mode=755
	32 31 0:29 / /sys/fs/cgroup/unified rw,nosuid shared:10 - cgroup2 cgroup2 rw,nsdelegate
	35 31 0:32 / /sys/fs/cgroup/memory rw,nosuid shared:13 - cgroup cgroup rw,memory
	EOF
}

@test "bash, fish and zsh on a hybrid host: the cgroups of unified/, not v1's" {
	local want
	hybrid
	want=$(printf '%s\n' flat 'my group' 'my grp2' outer work)
	run -0 bash_complete zswapctl --sysroot "$ROOT" cgroups m
	assert_output "$(printf '%s\n' 'my group' 'my grp2')"
	run -0 bash_complete zswapctl --sysroot "$ROOT" cgroups ''
	refute_output --partial memory
	refute_output --partial unified
	assert_equal "$(grep -vE "^(it's|a\"b|x\\$)" <<<"$output" | sort)" "$want"
	# and what they offer, zswapctl takes
	run -0 zc --sysroot "$ROOT" cgroups --raw --noheadings -o PATH 'my group'
	assert_output '/my\x20group'

	require_tool fish
	run -0 fish -c "source '$TOP/completions/zswapctl.fish'; complete -C'zswapctl --sysroot $ROOT cgroups '"
	assert_equal "$(cut -f1 <<<"$output" | grep -vE "^(it's|a\"b|x\\$)" | grep -v / | sort)" "$want"
	refute_output --partial memory

	require_tool zsh
	# zsh's completion system needs a terminal; its helper runs alone
	run -0 zsh -c "source '$TOP/completions/_zswapctl' 2>/dev/null
		_describe() { print -rl -- \${(P)4}; }
		words=(zswapctl --sysroot '$ROOT' cgroups '')
		_zswapctl_cgroup_paths"
	assert_equal "$(grep -vE "^(it's|a\"b|x\\$)" <<<"$output" | grep -v / | sort)" "$want"
	refute_output --partial memory
}

@test "bash: no cgroup2 mounted, no completion; no mountinfo, sys/fs/cgroup" {
	mkdir -p "$ROOT/proc/self"
	echo '22 1 8:1 / / rw - ext4 /dev/sda1 rw' > "$ROOT/proc/self/mountinfo"
	run -0 bash_complete zswapctl --sysroot "$ROOT" cgroups ''
	assert_output ""
	rm "$ROOT/proc/self/mountinfo"
	run -0 bash_complete zswapctl --sysroot "$ROOT" cgroups 'my\ gro'
	assert_output 'my group'
}

@test "bash and fish: set compressor and zpool offer what the line's --sysroot has, not the host's" {
	local want
	# the recorded tree's /proc/crypto, with a compressor of its own
	printf 'name         : testcomp\ndriver       : testcomp-generic\ntype         : scomp\n\n' \
		>> "$ROOT/proc/crypto"
	want=$(awk '/^name/ { n = $3 } /^type/ && ($3 == "compression" || $3 == "scomp" ||
		$3 == "acomp") { print n }' "$ROOT/proc/crypto" | sort -u)
	run -0 bash_complete zswapctl --sysroot "$ROOT" set compressor ''
	assert_output "$want"
	assert_line testcomp
	run -0 bash_complete zswapctl --sysroot "$ROOT" set zpool ''
	assert_output "$(printf '%s\n' zbud z3fold zsmalloc)"
	# Linux 6.18 has no zpool parameter
	run -0 bash_complete zswapctl --sysroot "$TOP/tests/data/sysroot-6.18" set zpool ''
	assert_output ""
	require_tool fish
	run -0 fish -c "source '$TOP/completions/zswapctl.fish'; complete -C'zswapctl --sysroot $ROOT set compressor '"
	assert_output "$want"
	run -0 fish -c "source '$TOP/completions/zswapctl.fish'; complete -C'zswapctl --sysroot $TOP/tests/data/sysroot-6.18 set zpool '"
	assert_output ""
}
