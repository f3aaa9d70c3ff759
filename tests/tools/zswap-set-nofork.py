#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0
"""zswap-set-nofork FAMILY-ID NAME=VALUE...: send the zswap family one SET
of the given parameters (compressor, zpool, enabled 0/1, max_pool_percent,
accept_threshold_percent) while no thread can be created: kernel.threads-max
is at its minimum, 20, from just before the request until its answer, and
then set back. A zpool whose pool needs a thread (z3fold: two workqueues
with a rescuer thread each) then cannot create one. This process exists
before and forks nothing in between. Prints the error of the answer (0 for
success), its extack message and the attribute it points at.
"""
import os
import socket
import struct
import sys

THREADS_MAX = "/proc/sys/kernel/threads-max"
UAPI = os.path.join(os.path.dirname(os.path.abspath(__file__)),
                    "../../include/uapi/linux/zswap.h")


def uapi_enum(first):
    """The names of the UAPI enum that starts with FIRST = 1, by value"""
    text = open(UAPI).read()
    body = text[text.index(first + " = 1"):]
    body = body[:body.index("}")]
    names = [w.strip().split(" ")[0] for w in body.split(",")]
    return {n: i + 1 for i, n in enumerate(n for n in names
                                            if n and not n.startswith("__"))}


# The numbers as include/uapi/linux/zswap.h gives them, not copies of them
CMDS = uapi_enum("ZSWAP_CMD_GET")
GLOBAL = uapi_enum("ZSWAP_A_GLOBAL_STORED_PAGES")
ZSWAP_CMD_SET = CMDS["ZSWAP_CMD_SET"]
# the spec's types: u32 for the flag and the percentages, strings
ATTRS = {
    "enabled": (GLOBAL["ZSWAP_A_GLOBAL_ENABLED"], "I"),
    "compressor": (GLOBAL["ZSWAP_A_GLOBAL_COMPRESSOR"], "s"),
    "zpool": (GLOBAL["ZSWAP_A_GLOBAL_ZPOOL"], "s"),
    "max_pool_percent": (GLOBAL["ZSWAP_A_GLOBAL_MAX_POOL_PERCENT"], "I"),
    "accept_threshold_percent":
        (GLOBAL["ZSWAP_A_GLOBAL_ACCEPT_THRESHOLD_PERCENT"], "I"),
}


def attr(typ, fmt, value):
    data = value.encode() + b"\0" if fmt == "s" else \
        struct.pack("=" + fmt, int(value))
    return struct.pack("=HH", 4 + len(data), typ) + data + \
        b"\0" * (-len(data) % 4)


def parse_ack(buf, offsets):
    """The error of an NLMSG_ERROR, and its extack message and attribute"""
    ln, typ, flags = struct.unpack_from("=IHH", buf, 0)
    if typ != 2:
        return f"message type {typ}"
    err = struct.unpack_from("=i", buf, 16)[0]
    # The TLVs follow the request, whole in an error without NLM_F_CAPPED
    inner = struct.unpack_from("=I", buf, 20)[0]
    tlv = 20 + (16 if err == 0 or flags & 0x100 else (inner + 3) & ~3)
    out = f"error {err}"
    while tlv + 4 <= ln:
        tlen, ttype = struct.unpack_from("=HH", buf, tlv)
        if tlen < 4:
            break
        if ttype == 1:  # NLMSGERR_ATTR_MSG
            text = buf[tlv + 4:tlv + tlen].split(b"\0")[0].decode()
            out += f" '{text}'"
        elif ttype == 2:  # NLMSGERR_ATTR_OFFS, from the netlink header
            off = struct.unpack_from("=I", buf, tlv + 4)[0]
            out += f" at {offsets.get(off, f'offset {off}')}"
        tlv += (tlen + 3) & ~3
    return out


def main():
    fam = int(sys.argv[1], 0)
    payload, offsets = b"", {}
    for arg in sys.argv[2:]:
        name, value = arg.split("=", 1)
        offsets[20 + len(payload)] = name
        payload += attr(*ATTRS[name], value)
    msg = struct.pack("=IHHIIBBH", 20 + len(payload), fam, 0x1 | 0x4,
                      1, 0, ZSWAP_CMD_SET, 1, 0) + payload
    sock = socket.socket(socket.AF_NETLINK, socket.SOCK_RAW, 16)
    sock.setsockopt(270, 11, 1)  # SOL_NETLINK, NETLINK_EXT_ACK
    sock.settimeout(60)
    with open(THREADS_MAX, "r+") as f:
        old = f.read().strip()
        f.seek(0)
        f.write("20")
        f.flush()
        try:
            sock.send(msg)
            reply = sock.recv(1 << 16)
        finally:
            f.seek(0)
            f.write(old)
    print(parse_ack(reply, offsets))


if __name__ == "__main__":
    main()
