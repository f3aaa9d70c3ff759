#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0
"""ynl-dump-pause PYYNL SPEC: tests/tools/dump-pause for the family as
kernel/spec/zswap.yaml has it, with the kernel's own YNL library (PYYNL:
the pyynl folder of tools/net/ynl) encoding the request and decoding the
replies.

It starts a memcg-get dump, looks at its first part with MSG_PEEK and
prints

  first ID PATH        one line per memcg of the first part
  paused ID            the last of them: the dump's cursor

then waits for a line on standard input. Meanwhile the kernel holds the
dump where it stopped: it builds a dump's next part only from recvmsg(),
and only when that leaves the socket's queue at most half full; the peeked
part stays queued, and the receive buffer is made smaller than twice that
part (SO_RCVBUF), so the peek does not advance the dump. After the line it
reads the whole dump, the first part again and the rest, printing

  memcg ID PATH        one line per memcg, as they come
  done                 the dump ended with NLMSG_DONE and no error

Exit 0 at the end of the dump, 1 when the dump failed or its first part
ended it, 2 on a setup error. YnlFamily reads a dump to its end in one
call; this uses its encoder and decoder (_encode_message, _decode) around
reads of its own.
"""
import select
import socket
import sys

# A part of a dump fills at most the larger of the last recvmsg() size and
# NLMSG_GOODSIZE (some 3.7 KiB): reads of 8 KiB hold every part
RECV_SIZE = 8192
# The kernel doubles it; the first part takes more than half of that
SMALL_RCVBUF = 2048
WAIT_S = 20



# include/uapi/linux/netlink.h; 7.2's pyynl Netlink class does not name it
NLM_F_MULTI = 0x2

def main():
    if len(sys.argv) != 3:
        print("usage: ynl-dump-pause PYYNL SPEC", file=sys.stderr)
        return 2
    sys.path.insert(0, sys.argv[1])
    # pylint: disable=import-outside-toplevel,import-error
    from lib import YnlFamily, Netlink
    from lib.ynl import NlMsgs

    try:
        ynl = YnlFamily(sys.argv[2], schema='')
    except Exception as err:  # pylint: disable=broad-except
        print(f"ynl-dump-pause: {err}", file=sys.stderr)
        return 2
    # The family was resolved on a socket of its own: the dump's socket has
    # had no read that would raise the size of its parts
    sock = ynl.sock
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, SMALL_RCVBUF)
    op = ynl.ops['memcg-get']
    sock.send(ynl._encode_message(op, {}, [Netlink.NLM_F_DUMP], 1))  # pylint: disable=protected-access

    def read_part(flags, tag):
        """One recv() of the dump: 1 while it goes on, 0 at its end, -1
        when it failed. Returns the last id too."""
        last = None
        if not select.select([sock], [], [], WAIT_S)[0]:
            print(f"error no reply within {WAIT_S} s")
            return -1, last
        reply = sock.recv(RECV_SIZE, flags)
        for msg in NlMsgs(reply):
            # NLMSG_ERROR, or NLMSG_DONE with an error: the dump failed
            if msg.error:
                print(f"error {msg.error} {msg.extack or ''}")
                return -1, last
            if msg.done:
                return 0, last
            if not msg.nl_flags & NLM_F_MULTI:
                print("error a part of a dump without NLM_F_MULTI")
                return -1, last
            decoded = ynl.nlproto.decode(ynl, msg, op)
            attrs = ynl._decode(decoded.raw_attrs, op.attr_set.name)  # pylint: disable=protected-access
            print(f"{tag} {attrs['id']} {attrs.get('path', '-')}")
            last = attrs['id']
        return 1, last

    ret, last = read_part(socket.MSG_PEEK, "first")
    if ret <= 0:
        print("error the dump ended in its first part")
        return 1
    print(f"paused {last}", flush=True)
    if not sys.stdin.readline():
        print("ynl-dump-pause: no line on standard input", file=sys.stderr)
        return 2
    while True:
        ret, _ = read_part(0, "memcg")
        if ret <= 0:
            break
    if ret < 0:
        return 1
    print("done")
    return 0


if __name__ == '__main__':
    sys.exit(main())
