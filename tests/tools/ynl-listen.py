#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0
"""ynl-listen YNL-DIR SPEC SCHEMA GROUP COUNT: join multicast GROUP of the
family SPEC describes, through the kernel's YNL library (YNL-DIR is
tools/net/ynl of a kernel tree), and print the first COUNT notifications as
one JSON list, as `cli.py --subscribe GROUP --output-json` prints them.

cli.py listens for a fixed --sleep and prints what came by then, which makes
a test depend on how fast the rest of it runs; this waits for the
notifications instead. It gives up after ten minutes, so a lost event fails
the test rather than hanging it (exit 1, with what did come).
"""
import json
import select
import sys
import time

DEADLINE_S = 600


def main():
    ynl_dir, spec, schema, group, count = sys.argv[1:6]
    sys.path.insert(0, ynl_dir)
    from lib import YnlFamily  # pylint: disable=import-outside-toplevel

    ynl = YnlFamily(spec, schema)
    ynl.ntf_subscribe(group)
    end = time.monotonic() + DEADLINE_S
    while len(ynl.async_msg_queue) < int(count):
        left = end - time.monotonic()
        if left <= 0:
            break
        select.select([ynl.sock], [], [], left)
        ynl.check_ntf()
    print(json.dumps(ynl.async_msg_queue,
                     default=lambda o: o.hex() if isinstance(o, bytes) else list(o)))
    return 0 if len(ynl.async_msg_queue) >= int(count) else 1


if __name__ == "__main__":
    sys.exit(main())
