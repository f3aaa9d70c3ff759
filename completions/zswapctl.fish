# SPDX-License-Identifier: GPL-2.0
# fish completion for zswapctl(8). The lists below are checked against
# "zswapctl --list-commands", "--list-columns", "--list-set-params" and
# "zswapctl top --list-columns" by tests/cli/50-completions.bats.

# "cgroup" is taken for "cgroups" but not offered, beside it
set -l commands status cgroups memcg cgroup set apply monitor export top
set -l columns PATH ID COMPRESSED STORED ZERO RATIO ZSWPIN ZSWPOUT ZSWPWB MAX WRITEBACK REJ-MAX REJ-POOL REJ-INCOMP REJ-ALLOC
set -l top_columns PATH ZSWPOUT/s ZSWPIN/s COMPRESSED STORED ZERO RATIO MAX WRITEBACK REJECT/s

# The cgroup2 mount point, as zswapctl finds it in mountinfo: the one at
# /sys/fs/cgroup, else /sys/fs/cgroup/unified (a hybrid host, whose cgroup
# v1 folders are not cgroups zswapctl takes), else the first; none when no
# cgroup2 is mounted. Under the line's --sysroot, /sys/fs/cgroup without
# that file.
function __zswapctl_cgroup_root
    set -l args (commandline -opc)
    set -l sysroot ''
    set -l i (contains -i -- --sysroot $args)
    and set sysroot $args[(math $i + 1)]
    set -l mnt /sys/fs/cgroup
    if test -r $sysroot/proc/self/mountinfo
        set mnt (awk '{
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
            while (match(best, /\\[0-3][0-7][0-7]/)) {
                v = substr(best, RSTART + 1, 1) * 64 + substr(best, RSTART + 2, 1) * 8 + \
                    substr(best, RSTART + 3, 1)
                out = out substr(best, 1, RSTART - 1) sprintf("%c", v)
                best = substr(best, RSTART + 4)
            }
            print out best
        }' $sysroot/proc/self/mountinfo)
        or return 1
    end
    # string replace fails when there is nothing to replace
    printf '%s\n' (string replace -r '/$' '' -- $sysroot$mnt)
end

function __zswapctl_cgroups
    set -l root (__zswapctl_cgroup_root)
    or return
    for f in $root/**/memory.stat
        set -l dir (string replace -r '/memory.stat$' '' -- $f)
        test "$dir" = "$root"; and continue
        string sub -s (math (string length -- $root) + 2) -- $dir
    end
end

# The --sysroot of the line, or nothing
function __zswapctl_sysroot
    set -l args (commandline -opc)
    set -l i (contains -i -- --sysroot $args)
    and echo $args[(math $i + 1)]
end

function __zswapctl_compressors
    set -l root (__zswapctl_sysroot)
    awk '/^name/ { n = $3 }
        /^type/ && ($3 == "compression" || $3 == "scomp" || $3 == "acomp") { print n }' \
        "$root/proc/crypto" 2>/dev/null | sort -u
end

# Linux 6.18 has no zpool parameter: nothing to offer there
function __zswapctl_zpools
    set -l root (__zswapctl_sysroot)
    test -e "$root/sys/module/zswap/parameters/zpool"
    and printf '%s\n' zbud z3fold zsmalloc
end

# The words after "set", and whether the next one is a parameter name
function __zswapctl_set_wants_param
    set -l args (commandline -opc)
    set -l i (contains -i -- set $args)
    or return 1
    set -l n (math (count $args) - $i)
    test $n -eq 0; and return 0
    # set cgroup PATH SETTING VALUE takes no more parameters
    set -l first (math $i + 1)
    test "$args[$first]" = cgroup; and return 1
    test (math $n % 2) -eq 0
end

function __zswapctl_set_value_of
    set -l args (commandline -opc)
    contains -- set $args; and test "$args[-1]" = $argv[1]
end

# Whether "set cgroup" has $argv[1] words after it: 1, the path
function __zswapctl_set_cgroup_at
    set -l args (commandline -opc)
    set -l i (contains -i -- set $args)
    or return 1
    set -l first (math $i + 1)
    test "$args[$first]" = cgroup; or return 1
    test (math (count $args) - $first) -eq $argv[1]
end

complete -c zswapctl -f
complete -c zswapctl -n "not __fish_seen_subcommand_from $commands" -l source -x -a 'auto netlink fallback' -d 'Where the figures come from'
complete -c zswapctl -l sysroot -x -a '(__fish_complete_directories)' -d 'Read and write the files under this folder'
complete -c zswapctl -s h -l help -d 'Display help'
complete -c zswapctl -n "not __fish_seen_subcommand_from $commands" -s V -l version -d 'Display the version'
# Before a command they are the command's, without one status's
complete -c zswapctl -n "not __fish_seen_subcommand_from $commands" -s b -l bytes -d 'Sizes in bytes'
complete -c zswapctl -n "not __fish_seen_subcommand_from $commands" -s J -l json -a 'pretty short' -d 'JSON output'
complete -c zswapctl -n "not __fish_seen_subcommand_from $commands" -l format -x -a 'text json prometheus' -d 'Output format'

complete -c zswapctl -n "not __fish_seen_subcommand_from $commands" -a status -d 'Counters and parameters'
complete -c zswapctl -n "not __fish_seen_subcommand_from $commands" -a cgroups -d 'Per-cgroup zswap figures'
complete -c zswapctl -n "not __fish_seen_subcommand_from $commands" -a memcg -d 'Per-cgroup zswap figures'
complete -c zswapctl -n "not __fish_seen_subcommand_from $commands" -a set -d 'Change a parameter or the zswap.max of a cgroup'
complete -c zswapctl -n "not __fish_seen_subcommand_from $commands" -a apply -d 'Set the parameters of zswap.conf(5)'
complete -c zswapctl -n "not __fish_seen_subcommand_from $commands" -a monitor -d 'Print the events of zswap as they come'
complete -c zswapctl -n "not __fish_seen_subcommand_from $commands" -a export -d 'The figures in the Prometheus text format'
complete -c zswapctl -n "not __fish_seen_subcommand_from $commands" -a top -d 'Live view of zswap and its cgroups, with rates'

complete -c zswapctl -n '__fish_seen_subcommand_from status cgroups memcg cgroup' -s b -l bytes -d 'Sizes in bytes'
complete -c zswapctl -n '__fish_seen_subcommand_from status cgroups memcg cgroup' -s J -l json -a 'pretty short' -d 'JSON output'
complete -c zswapctl -n '__fish_seen_subcommand_from status' -l format -x -a 'text json prometheus' -d 'Output format'
complete -c zswapctl -n '__fish_seen_subcommand_from apply' -l dry-run -d 'Print what would change, change nothing'
complete -c zswapctl -n '__fish_seen_subcommand_from apply' -F -d 'zswap.conf file'
complete -c zswapctl -n '__fish_seen_subcommand_from monitor' -s c -l count -x -d 'Exit after this many events'
complete -c zswapctl -n '__fish_seen_subcommand_from monitor' -s J -l json -d 'One JSON object a line'
complete -c zswapctl -n '__fish_seen_subcommand_from monitor' -l memcg-events -x -a 'auto always never' -d 'memcg-limit-hit events (CAP_SYS_ADMIN)'
complete -c zswapctl -n '__fish_seen_subcommand_from export' -l output-file -r -F -d 'Replace this file whole'
complete -c zswapctl -n '__fish_seen_subcommand_from export' -l no-cgroups -d 'Only the global metrics'
complete -c zswapctl -n '__fish_seen_subcommand_from top' -s B -l batch -d 'Plain text samples, no screen'
complete -c zswapctl -n '__fish_seen_subcommand_from top' -s c -l count -x -d 'Exit after this many samples'
complete -c zswapctl -n '__fish_seen_subcommand_from top' -s d -l delay -x -d 'Seconds between samples'
complete -c zswapctl -n '__fish_seen_subcommand_from top' -s x -l sort -x -a "$top_columns" -d 'Sort by a column'
complete -c zswapctl -n '__fish_seen_subcommand_from top' -l reverse -d 'Reverse the order'
complete -c zswapctl -n '__fish_seen_subcommand_from top' -s T -l tree -d 'Show the hierarchy'
complete -c zswapctl -n '__fish_seen_subcommand_from top' -s f -l filter -x -a '(__zswapctl_cgroups)' -d 'Only the cgroups whose path contains this'
complete -c zswapctl -n '__fish_seen_subcommand_from cgroups memcg cgroup' -s n -l noheadings -d 'No header line'
complete -c zswapctl -n '__fish_seen_subcommand_from cgroups memcg cgroup' -s o -l output -x -a "$columns" -d 'Columns to show'
complete -c zswapctl -n '__fish_seen_subcommand_from cgroups memcg cgroup' -s r -l raw -d 'Unaligned output'
complete -c zswapctl -n '__fish_seen_subcommand_from cgroups memcg cgroup' -s x -l sort -x -a "$columns" -d 'Sort by a column'
complete -c zswapctl -n '__fish_seen_subcommand_from cgroups memcg cgroup' -l reverse -d 'Reverse the order'
complete -c zswapctl -n '__fish_seen_subcommand_from cgroups memcg cgroup' -s T -l tree -d 'Show the hierarchy'
complete -c zswapctl -n '__fish_seen_subcommand_from cgroups memcg cgroup' -a '(__zswapctl_cgroups)' -d cgroup

complete -c zswapctl -n '__fish_seen_subcommand_from set; and __zswapctl_set_wants_param' -a compressor -d 'Compression algorithm'
complete -c zswapctl -n '__fish_seen_subcommand_from set; and __zswapctl_set_wants_param' -a zpool -d 'Allocator of the compressed pool'
complete -c zswapctl -n '__fish_seen_subcommand_from set; and __zswapctl_set_wants_param' -a enabled -d 'Whether zswap takes new pages'
complete -c zswapctl -n '__fish_seen_subcommand_from set; and __zswapctl_set_wants_param' -a max-pool-percent -d 'Largest pool size, percent of RAM'
complete -c zswapctl -n '__fish_seen_subcommand_from set; and __zswapctl_set_wants_param' -a accept-threshold-percent -d 'Fill below which a full pool takes pages again'
complete -c zswapctl -n '__fish_seen_subcommand_from set; and __zswapctl_set_wants_param' -a cgroup -d 'A setting of a cgroup'
complete -c zswapctl -n '__zswapctl_set_value_of compressor' -a '(__zswapctl_compressors)'
complete -c zswapctl -n '__zswapctl_set_value_of zpool' -a '(__zswapctl_zpools)'
complete -c zswapctl -n '__zswapctl_set_value_of enabled' -a 'on off'
complete -c zswapctl -n '__zswapctl_set_value_of cgroup' -a '(__zswapctl_cgroups)'
complete -c zswapctl -n '__zswapctl_set_cgroup_at 1' -a max -d 'zswap limit (memory.zswap.max)'
complete -c zswapctl -n '__zswapctl_set_cgroup_at 1' -a writeback -d 'Pages may go to swap (memory.zswap.writeback)'
complete -c zswapctl -n '__zswapctl_set_cgroup_at 2; and __zswapctl_set_value_of writeback' -a 'on off'
