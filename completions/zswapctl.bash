# SPDX-License-Identifier: GPL-2.0
# bash completion for zswapctl(8). The lists below are checked against
# "zswapctl --list-commands", "--list-columns", "--list-set-params" and
# "zswapctl top --list-columns" by tests/cli/50-completions.bats.
# shellcheck disable=SC2207  # COMPREPLY=($(compgen ...)) is the idiom

# The cgroup2 mount point in mountinfo file $1, as zswapctl finds it: the
# one at /sys/fs/cgroup, else /sys/fs/cgroup/unified (a hybrid host, whose
# cgroup v1 folders are not cgroups zswapctl takes), else the first; none
# when no cgroup2 is mounted
_zswapctl_mountinfo_cgroup2()
{
	awk '{
		for (i = 7; i <= NF && $i != "-"; i++)
			;
		mp[NR] = $5
		if ($(i + 1) == "cgroup2")
			cg[NR] = 1
	}
	END {
		rank = 3
		for (n = 1; n <= NR; n++) {
			if (!(n in cg))
				continue
			# a mount over it hides it
			for (m = n + 1; m <= NR && mp[m] != mp[n]; m++)
				;
			if (m <= NR)
				continue
			r = mp[n] == "/sys/fs/cgroup" ? 0 : mp[n] == "/sys/fs/cgroup/unified" ? 1 : 2
			if (r < rank) {
				rank = r
				best = mp[n]
			}
		}
		if (rank == 3)
			exit 1
		# the kernel writes space, tab, newline and backslash as \ooo
		while (match(best, /\\[0-3][0-7][0-7]/)) {
			v = substr(best, RSTART + 1, 1) * 64 + substr(best, RSTART + 2, 1) * 8 + \
				substr(best, RSTART + 3, 1)
			out = out substr(best, 1, RSTART - 1) sprintf("%c", v)
			best = substr(best, RSTART + 4)
		}
		print out best
	}' "$1"
}

# A word as the shell passes it on: without the quotes and backslashes
# that keep its spaces
_zswapctl_dequote()
{
	local in=$1 out='' c q='' i
	for ((i = 0; i < ${#in}; i++)); do
		c=${in:i:1}
		if [ "$q" = "'" ]; then
			if [ "$c" = "'" ]; then q=''; else out+=$c; fi
		elif [ "$c" = "\\" ]; then
			# in double quotes, only these lose their backslash
			if [ "$q" = '"' ] && [[ ${in:i+1:1} != [\$\`\"\\] ]]; then
				out+=$c
			else
				((i++))
				out+=${in:i:1}
			fi
		elif [ -n "$q" ]; then
			if [ "$c" = "$q" ]; then q=''; else out+=$c; fi
		elif [ "$c" = "'" ] || [ "$c" = '"' ]; then
			q=$c
		else
			out+=$c
		fi
	done
	printf '%s' "$out"
}

# The --sysroot of the command line, or nothing; bash splits
# "--sysroot=DIR" into three words, "=" the second
_zswapctl_sysroot()
{
	local i
	for ((i = 1; i < COMP_CWORD; i++)); do
		case ${COMP_WORDS[i]} in
		--sysroot)
			[ "${COMP_WORDS[i + 1]}" = = ] && ((i++))
			_zswapctl_dequote "${COMP_WORDS[i + 1]}"
			return
			;;
		--sysroot=*) _zswapctl_dequote "${COMP_WORDS[i]#--sysroot=}"; return ;;
		esac
	done
}

# The memcgs whose path starts with $1, one a line, relative to the
# cgroup2 root the way zswapctl takes them, under the line's --sysroot
_zswapctl_cgroups()
{
	local sysroot mnt root dir
	sysroot=$(_zswapctl_sysroot)
	if [ -r "$sysroot/proc/self/mountinfo" ]; then
		mnt=$(_zswapctl_mountinfo_cgroup2 "$sysroot/proc/self/mountinfo") || return
	else
		mnt=/sys/fs/cgroup
	fi
	root=$sysroot${mnt%/}
	while IFS= read -r dir; do
		[ -f "$dir/memory.stat" ] && printf '%s\n' "${dir#"$root"/}"
	done < <(compgen -d -- "$root/${1#/}")
}

# COMPREPLY gets the memcgs that complete the current word, whole whatever
# their names hold; readline quotes them as it would file names
_zswapctl_complete_cgroups()
{
	mapfile -t COMPREPLY < <(_zswapctl_cgroups "$(_zswapctl_dequote "$cur")")
	compopt -o filenames 2>/dev/null
}

_zswapctl()
{
	local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD - 1]}
	local commands='status cgroups memcg set apply monitor export top'
	local columns='PATH ID COMPRESSED STORED ZERO RATIO ZSWPIN ZSWPOUT ZSWPWB MAX WRITEBACK REJ-MAX REJ-POOL REJ-INCOMP REJ-ALLOC'
	local top_columns='PATH ZSWPOUT/s ZSWPIN/s COMPRESSED STORED ZERO RATIO MAX WRITEBACK REJECT/s'
	local params='compressor zpool enabled max-pool-percent accept-threshold-percent cgroup'
	# and the default command's, which options before a command are
	local global='--source --sysroot --help --version --bytes --json --json= --format'
	local sysroot
	local cmd='' i nargs=0

	# The command is the first word that is neither an option nor its argument
	for ((i = 1; i < COMP_CWORD; i++)); do
		case ${COMP_WORDS[i]} in
		--source|--sysroot|-o|--output|--output-file|-x|--sort|-c|--count|-d|--delay|-f|--filter|--format|--memcg-events)
			# "--sysroot=DIR" is three words to bash, "=" the second
			[ "${COMP_WORDS[i + 1]}" = = ] && ((i++))
			((i++))
			;;
		-*) ;;
		*)
			if [ -z "$cmd" ]; then
				cmd=${COMP_WORDS[i]}
			else
				((nargs++))
			fi
			;;
		esac
	done

	# export writes a file (-o and --output its old spellings); --output
	# is the columns elsewhere
	if [ "$cmd" = export ] && [[ $prev == --output-file || $prev == -o || $prev == --output ]]; then
		COMPREPLY=($(compgen -f -- "$cur"))
		return
	fi

	# top's own: its columns, a number, or a part of a cgroup path
	if [ "$cmd" = top ]; then
		case $prev in
		-x|--sort)
			COMPREPLY=($(compgen -W "$top_columns" -- "$cur"))
			return
			;;
		-c|--count|-d|--delay|-n|--iterations) return ;;
		-f|--filter)
			_zswapctl_complete_cgroups
			return
			;;
		esac
	fi

	case $prev in
	--source)
		COMPREPLY=($(compgen -W 'auto netlink fallback' -- "$cur"))
		return
		;;
	--sysroot)
		COMPREPLY=($(compgen -d -- "$cur"))
		return
		;;
	-o|--output)
		# A comma-separated list: complete the last name, keep the rest
		local head=${cur%"${cur##*,}"}
		COMPREPLY=($(compgen -P "$head" -W "$columns" -- "${cur##*,}"))
		[ "${cur:0:1}" = + ] && [ -z "${head#+}" ] &&
			COMPREPLY=($(compgen -P + -W "$columns" -- "${cur#+}"))
		compopt -o nospace 2>/dev/null
		return
		;;
	-x|--sort)
		COMPREPLY=($(compgen -W "$columns" -- "$cur"))
		return
		;;
	--format)
		COMPREPLY=($(compgen -W 'text json prometheus' -- "$cur"))
		return
		;;
	--memcg-events)
		COMPREPLY=($(compgen -W 'auto always never' -- "$cur"))
		return
		;;
	-c|--count)
		return
		;;
	esac

	case $cmd in
	'')
		if [[ $cur == --json=* ]]; then
			COMPREPLY=($(compgen -P --json= -W 'pretty short' -- "${cur#--json=}"))
		elif [[ $cur == --format=* ]]; then
			COMPREPLY=($(compgen -P --format= -W 'text json prometheus' -- "${cur#--format=}"))
		elif [[ $cur == -* ]]; then
			COMPREPLY=($(compgen -W "$global" -- "$cur"))
		else
			COMPREPLY=($(compgen -W "$commands" -- "$cur"))
		fi
		;;
	status)
		case $cur in
		--json=*) COMPREPLY=($(compgen -P --json= -W 'pretty short' -- "${cur#--json=}")) ;;
		--format=*)
			COMPREPLY=($(compgen -P --format= -W 'text json prometheus' -- "${cur#--format=}"))
			;;
		*)
			COMPREPLY=($(compgen -W '--bytes --json --json= --format --help --source
				--sysroot' -- "$cur"))
			;;
		esac
		;;
	apply)
		# zswap.conf(5) files, or its options
		if [[ $cur == -* ]]; then
			COMPREPLY=($(compgen -W '--dry-run --help --source --sysroot' -- "$cur"))
		else
			COMPREPLY=($(compgen -f -- "$cur"))
			compopt -o filenames 2>/dev/null
		fi
		;;
	monitor)
		COMPREPLY=($(compgen -W '--count --json --memcg-events --help --source' -- "$cur"))
		;;
	top)
		COMPREPLY=($(compgen -W '--batch --count --delay --sort --reverse --tree
			--filter --help --source --sysroot' -- "$cur"))
		;;
	export)
		COMPREPLY=($(compgen -W '--output-file --no-cgroups --help --source --sysroot' -- "$cur"))
		;;
	cgroups|memcg|cgroup)
		case $cur in
		--json=*) COMPREPLY=($(compgen -P --json= -W 'pretty short' -- "${cur#--json=}")) ;;
		-*)
			COMPREPLY=($(compgen -W '--bytes --json --json= --noheadings --output --raw
				--sort --reverse --tree --help --source --sysroot' -- "$cur"))
			;;
		*) _zswapctl_complete_cgroups ;;
		esac
		;;
	set)
		if [[ $cur == -* ]]; then
			COMPREPLY=($(compgen -W '--help --source --sysroot' -- "$cur"))
			return
		fi
		# set cgroup PATH max SIZE, set cgroup PATH writeback on|off
		if [ "$nargs" -ge 1 ] && [ "$(_zswapctl_word_after set)" = cgroup ]; then
			case $nargs in
			1) _zswapctl_complete_cgroups ;;
			2) COMPREPLY=($(compgen -W 'max writeback' -- "$cur")) ;;
			3) [ "$prev" = writeback ] && COMPREPLY=($(compgen -W 'on off' -- "$cur")) ;;
			esac
			return
		fi
		if ((nargs % 2 == 0)); then
			[ "$nargs" -eq 0 ] || params=${params% cgroup}
			COMPREPLY=($(compgen -W "$params" -- "$cur"))
			return
		fi
		# the compressors and the zpool parameter of the line's --sysroot
		sysroot=$(_zswapctl_sysroot)
		case $prev in
		compressor)
			COMPREPLY=($(compgen -W "$(awk '/^name/ { n = $3 }
				/^type/ && ($3 == "compression" || $3 == "scomp" || $3 == "acomp") { print n }' \
				"$sysroot/proc/crypto" 2>/dev/null | sort -u)" -- "$cur"))
			;;
		zpool)
			# Linux 6.18 has no zpool parameter: nothing to offer
			[ -e "$sysroot/sys/module/zswap/parameters/zpool" ] &&
				COMPREPLY=($(compgen -W 'zbud z3fold zsmalloc' -- "$cur"))
			;;
		enabled) COMPREPLY=($(compgen -W 'on off' -- "$cur")) ;;
		esac
		;;
	esac
}

# The word after the first occurrence of WORD on the line
_zswapctl_word_after()
{
	local i
	for ((i = 1; i < COMP_CWORD; i++)); do
		if [ "${COMP_WORDS[i]}" = "$1" ]; then
			printf '%s' "${COMP_WORDS[i + 1]}"
			return
		fi
	done
}

complete -F _zswapctl zswapctl
