# SPDX-License-Identifier: GPL-2.0
# bash completion for zswapctl(8). The lists below are checked against
# "zswapctl --list-commands", "--list-columns", "--list-set-params" and
# "zswapctl top --list-columns" by tests/cli/50-completions.bats.
# shellcheck disable=SC2207  # COMPREPLY=($(compgen ...)) is the idiom

_zswapctl_cgroups()
{
	local root=/sys/fs/cgroup dir
	# Paths relative to the cgroup2 root, the way zswapctl takes them
	while IFS= read -r dir; do
		[ -f "$dir/memory.stat" ] && printf '%s\n' "${dir#"$root"/}"
	done < <(compgen -d -- "$root/${1#/}")
}

_zswapctl()
{
	local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD - 1]}
	local commands='status cgroups memcg set monitor export top'
	local columns='PATH ID COMPRESSED STORED ZERO RATIO ZSWPIN ZSWPOUT MAX'
	local top_columns='PATH ZSWPOUT/s ZSWPIN/s COMPRESSED STORED ZERO RATIO MAX'
	local params='compressor zpool enabled max-pool-percent accept-threshold-percent cgroup'
	local global='--source --sysroot --help --version'
	local cmd='' i nargs=0

	# The command is the first word that is neither an option nor its argument
	for ((i = 1; i < COMP_CWORD; i++)); do
		case ${COMP_WORDS[i]} in
		--source|--sysroot|-o|--output|-x|--sort|-c|--count|--format) ((i++)) ;;
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

	# export writes a file, the other commands' --output is columns
	if [ "$cmd" = export ] && [[ $prev == -o || $prev == --output ]]; then
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
		-d|--delay|-n|--iterations) return ;;
		-f|--filter)
			COMPREPLY=($(compgen -W "$(_zswapctl_cgroups "$cur")" -- "$cur"))
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
	-c|--count)
		return
		;;
	esac

	case $cmd in
	'')
		if [[ $cur == -* ]]; then
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
	monitor)
		COMPREPLY=($(compgen -W '--count --json --help --source' -- "$cur"))
		;;
	top)
		COMPREPLY=($(compgen -W '--batch --delay --iterations --sort --reverse --tree
			--filter --help --source --sysroot' -- "$cur"))
		;;
	export)
		COMPREPLY=($(compgen -W '--output --no-cgroups --help --source --sysroot' -- "$cur"))
		;;
	cgroups|memcg)
		case $cur in
		--json=*) COMPREPLY=($(compgen -P --json= -W 'pretty short' -- "${cur#--json=}")) ;;
		-*)
			COMPREPLY=($(compgen -W '--bytes --json --json= --noheadings --output --raw
				--sort --reverse --tree --help --source --sysroot' -- "$cur"))
			;;
		*) COMPREPLY=($(compgen -W "$(_zswapctl_cgroups "$cur")" -- "$cur")) ;;
		esac
		;;
	set)
		if [[ $cur == -* ]]; then
			COMPREPLY=($(compgen -W '--help --source --sysroot' -- "$cur"))
			return
		fi
		# set cgroup PATH max SIZE
		if [ "$nargs" -ge 1 ] && [ "$(_zswapctl_word_after set)" = cgroup ]; then
			case $nargs in
			1) COMPREPLY=($(compgen -W "$(_zswapctl_cgroups "$cur")" -- "$cur")) ;;
			2) COMPREPLY=($(compgen -W max -- "$cur")) ;;
			esac
			return
		fi
		if ((nargs % 2 == 0)); then
			[ "$nargs" -eq 0 ] || params=${params% cgroup}
			COMPREPLY=($(compgen -W "$params" -- "$cur"))
			return
		fi
		case $prev in
		compressor)
			COMPREPLY=($(compgen -W "$(awk '/^name/ { n = $3 }
				/^type/ && ($3 == "compression" || $3 == "scomp" || $3 == "acomp") { print n }' \
				/proc/crypto 2>/dev/null | sort -u)" -- "$cur"))
			;;
		zpool) COMPREPLY=($(compgen -W 'zbud z3fold zsmalloc' -- "$cur")) ;;
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
