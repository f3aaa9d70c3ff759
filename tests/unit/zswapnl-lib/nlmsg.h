/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Editing a copy of one recorded generic netlink message: inject, remove
 * or replace top-level attributes, with nlmsg_len kept right.
 */
#ifndef ZSWAPNL_TEST_NLMSG_H
#define ZSWAPNL_TEST_NLMSG_H

#include <stddef.h>
#include <stdint.h>

#include "testdata.h"

#define TD_ATTRS_OFFSET 20 /* nlmsghdr and genlmsghdr */

/* A copy of the netlink message at @nlh, in its own buffer */
struct td_bytes td_msg_copy(const struct nlmsghdr *nlh);

/* Byte offset of the first attribute of @type, or 0 if there is none */
size_t td_attr_offset(const struct td_bytes *m, uint16_t type);
/* Byte offset just past the last attribute */
size_t td_attrs_end(const struct td_bytes *m);

/* Insert an attribute of @len bytes of payload at @offset (an attribute boundary) */
void td_insert_attr(struct td_bytes *m, size_t offset, uint16_t type, const void *data,
		    uint16_t len);
/* Insert raw bytes at @offset */
void td_insert_raw(struct td_bytes *m, size_t offset, const void *data, size_t len);
/* Remove the first attribute of @type; 0, or -1 if there is none */
int td_remove_attr(struct td_bytes *m, uint16_t type);
/* Replace the payload of the first attribute of @type */
int td_replace_attr(struct td_bytes *m, uint16_t type, const void *data, uint16_t len);
/* Set nlmsg_len */
void td_set_msg_len(struct td_bytes *m, uint32_t len);

#endif /* ZSWAPNL_TEST_NLMSG_H */
