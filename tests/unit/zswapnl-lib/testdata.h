/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The recorded data of the unit tests: hex files of netlink messages
 * (tests/unit/data) and fake roots (tests/data/sysroot-*), found under the
 * source tree (ZSWAPNL_TEST_TOP, set at build time, or that variable in
 * the environment).
 */
#ifndef ZSWAPNL_TEST_DATA_H
#define ZSWAPNL_TEST_DATA_H

#include <stddef.h>
#include <stdint.h>

struct nlmsghdr;

struct td_bytes {
	unsigned char *data;
	size_t len;
};

/* @rel below the top of the source tree, in a static buffer */
const char *td_path(const char *rel);

/*
 * The bytes of the hex file @rel: "#" lines are comments, the rest pairs
 * of hex digits. Exits the case on an unreadable file.
 */
struct td_bytes td_hex(const char *rel);
void td_free(struct td_bytes *b);
/*
 * The datagrams of the hex file @rel, as its "# datagram N: LEN bytes"
 * lines cut it, into @out (at most @max); returns how many. Exits the case
 * when the lengths do not add up to the file's bytes.
 */
unsigned int td_hex_datagrams(const char *rel, struct td_bytes *out, unsigned int max);

/* The @index-th netlink message of @b (0 first), or NULL */
const struct nlmsghdr *td_msg(const struct td_bytes *b, unsigned int index);
unsigned int td_msg_count(const struct td_bytes *b);

/* A copy of @len bytes in a buffer of its own, so that valgrind sees overreads */
unsigned char *td_dup(const void *data, size_t len);

/* Copy the tree @src (files and folders) to the new folder @dst */
int td_copy_tree(const char *src, const char *dst);
/* Remove the tree @path */
int td_remove_tree(const char *path);
/*
 * Remove the tree @root and the folder that holds it: a copy made into
 * "td_tmpdir()/root", as td_copy_tree() wants a folder that is not there yet
 */
int td_remove_copy(const char *root);
/* A new temporary folder, in a static buffer */
const char *td_tmpdir(void);

/* The content of file @path, first line, without its newline, in a static buffer */
const char *td_read_line(const char *path);
int td_write(const char *path, const char *text);

#endif /* ZSWAPNL_TEST_DATA_H */
