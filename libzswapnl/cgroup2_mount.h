/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Where the cgroup v2 hierarchy is mounted, from the text of
 * /proc/self/mountinfo (proc(5)): /sys/fs/cgroup on a unified host,
 * /sys/fs/cgroup/unified on a hybrid one (cgroup v1 controllers in
 * /sys/fs/cgroup/<controller>), anywhere an admin chose otherwise.
 *
 * A header of static functions, not a call of the library: zswapctl needs
 * the same answer to resolve the absolute paths it is given and to name
 * the root in its messages, and this keeps it out of libzswapnl's ABI.
 */
#ifndef ZSWAPNL_CGROUP2_MOUNT_H
#define ZSWAPNL_CGROUP2_MOUNT_H

#include <errno.h>
#include <stdbool.h>
#include <string.h>

/*
 * The next field of a mountinfo line at *@p, up to @end: its start, its
 * length in @len, and *@p past it; NULL at the end of the line
 */
static inline const char *znl_mi_next(const char **p, const char *end, size_t *len)
{
	const char *start;

	while (*p < end && **p == ' ')
		(*p)++;
	if (*p == end)
		return NULL;
	start = *p;
	while (*p < end && **p != ' ')
		(*p)++;
	*len = *p - start;
	return start;
}

/*
 * Field @n (0 first) of the mountinfo line at @line, up to @end: its start,
 * its length in @len; NULL when the line has fewer fields
 */
static inline const char *znl_mi_field(const char *line, const char *end, unsigned int n,
				       size_t *len)
{
	const char *p = line, *f;

	while ((f = znl_mi_next(&p, end, len)) && n--)
		;
	return f;
}

/*
 * The file system type: the field after the "-" that ends the optional
 * fields (one pass over the line, whatever its number of fields)
 */
static inline bool znl_mi_is_cgroup2(const char *line, const char *end)
{
	const char *p = line, *f;
	unsigned int n = 0;
	size_t len;

	while ((f = znl_mi_next(&p, end, &len))) {
		if (n++ >= 6 && len == 1 && *f == '-') {
			f = znl_mi_next(&p, end, &len);
			return f && len == 7 && !memcmp(f, "cgroup2", 7);
		}
	}
	return false;
}

/*
 * The mount point field, which the kernel writes with space, tab, newline
 * and backslash as \ooo octal escapes, decoded into @buf: 0, or
 * -ENAMETOOLONG when it does not fit @size
 */
static inline int znl_mi_unescape(const char *f, size_t len, char *buf, size_t size)
{
	size_t i, o = 0;

	for (i = 0; i < len; i++) {
		char c = f[i];

		if (c == '\\' && i + 3 < len && f[i + 1] >= '0' && f[i + 1] <= '3' &&
		    f[i + 2] >= '0' && f[i + 2] <= '7' && f[i + 3] >= '0' && f[i + 3] <= '7') {
			c = (char)((f[i + 1] - '0') << 6 | (f[i + 2] - '0') << 3 | (f[i + 3] - '0'));
			i += 3;
		}
		if (o + 1 >= size)
			return -ENAMETOOLONG;
		buf[o++] = c;
	}
	if (o >= size)
		return -ENAMETOOLONG;
	buf[o] = '\0';
	return 0;
}

/* Does a later line of @text mount something over @mnt (@len bytes, escaped)? */
static inline bool znl_mi_covered(const char *text, const char *mnt, size_t len)
{
	const char *line, *end, *f;
	size_t flen;

	for (line = text; *line; line = *end ? end + 1 : end) {
		end = strchrnul(line, '\n');
		f = znl_mi_field(line, end, 4, &flen);
		if (f && flen == len && !memcmp(f, mnt, len))
			return true;
	}
	return false;
}

/*
 * The mount point of the cgroup v2 hierarchy in @text, into @buf: 0,
 * -ENOENT when no cgroup2 file system is mounted, or -ENAMETOOLONG.
 * Several are possible (a container runtime, an admin's extra mount): the
 * one at /sys/fs/cgroup wins, then /sys/fs/cgroup/unified, then the first
 * listed. A mount that a later one covers (same mount point) is not seen
 * through that path, and does not count.
 */
static inline int znl_cgroup2_mount(const char *text, char *buf, size_t size)
{
	static const char *const usual[] = { "/sys/fs/cgroup", "/sys/fs/cgroup/unified" };
	const char *line, *end, *mnt, *best = NULL;
	size_t len, best_len = 0;
	unsigned int rank, best_rank = 0, checked = 0;

	for (line = text; *line; line = *end ? end + 1 : end) {
		end = strchrnul(line, '\n');
		if (!znl_mi_is_cgroup2(line, end))
			continue;
		mnt = znl_mi_field(line, end, 4, &len);
		if (!mnt)
			continue;
		for (rank = 0; rank < 2; rank++)
			if (strlen(usual[rank]) == len && !memcmp(mnt, usual[rank], len))
				break;
		/* One that passed the pass below has no later line at its place */
		if (best && rank >= best_rank)
			continue;
		/*
		 * Whether a later line covers it is a pass over the rest, up to
		 * the next line at the same place: at a usual place, the passes
		 * together go over the text once; elsewhere, 64 passes at most,
		 * so that thousands of cgroup2 mounts (no host has that many)
		 * cost a bounded number of them
		 */
		if (rank == 2 && checked++ >= 64)
			continue;
		if (znl_mi_covered(*end ? end + 1 : end, mnt, len))
			continue;
		if (!best || rank < best_rank) {
			best = mnt;
			best_len = len;
			best_rank = rank;
		}
	}
	if (!best)
		return -ENOENT;
	return znl_mi_unescape(best, best_len, buf, size);
}

#endif /* ZSWAPNL_CGROUP2_MOUNT_H */
