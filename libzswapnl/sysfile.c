// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Small files under the handle's root: sysfs, debugfs, procfs and cgroupfs
 * files hold one value, or "key value" lines.
 */

#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <limits.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <linux/openat2.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "internal.h"

/*
 * Bigger files are not what this library reads. The biggest it reads is
 * /proc/self/mountinfo, about 150 bytes a mount: 64 MiB holds the mounts
 * of the busiest container hosts many times over. A cgroup's files are
 * read for each cgroup: memory.stat is some 2 KiB, and a file of one
 * value holds a page at most (sysfs and cgroupfs give one page, 64 KiB
 * where pages are that large), so that a tree of sparse files in their
 * place costs no more than a page or two each.
 */
#define ZNL_TEXT_MAX (64 << 20)
#define ZNL_CGROUP_FILE_MAX (1 << 20)
#define ZNL_LINE_MAX (64 << 10)

/* @buf gets the root followed by the formatted path, which starts with '/' */
int znl_path(const struct zswapnl *h, char *buf, size_t size, const char *fmt, ...)
{
	size_t root_len = strlen(h->root);
	va_list ap;
	int n;

	if (root_len >= size)
		return -ENAMETOOLONG;
	memcpy(buf, h->root, root_len);
	va_start(ap, fmt);
	n = vsnprintf(buf + root_len, size - root_len, fmt, ap);
	va_end(ap);
	if (n < 0 || (size_t)n >= size - root_len)
		return -ENAMETOOLONG;
	return 0;
}

/*
 * Every file this library reads or writes is a regular file of sysfs,
 * debugfs, procfs or cgroupfs, none of them a link. Under a --sysroot that
 * another user prepared, a link there would have root read or overwrite
 * what it leads to, and a FIFO would hang the read: open neither.
 * O_NONBLOCK keeps the open of a FIFO from waiting for a writer; it is
 * cleared before the file is used.
 */
static int keep_regular(int fd, int flags)
{
	struct stat st;
	int ret;

	if (fd < 0)
		return fd;
	if (fstat(fd, &st)) {
		ret = -errno;
	} else if (!S_ISREG(st.st_mode)) {
		ret = S_ISDIR(st.st_mode) ? -EISDIR : -EINVAL;
	} else if (fcntl(fd, F_SETFL, flags & ~O_NONBLOCK & ~O_ACCMODE)) {
		ret = -errno;
	} else {
		return fd;
	}
	close(fd);
	return ret;
}

static int open_regular(int dirfd, const char *path, int flags)
{
	int fd = openat(dirfd, path, flags | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);

	return keep_regular(fd < 0 ? -errno : fd, flags);
}

/*
 * openat2() where there is none (before Linux 5.6, or refused with ENOSYS
 * by a seccomp filter or valgrind): a folder at a time from @rootfd, none
 * of them a link, and no "..": stricter than RESOLVE_IN_ROOT, which
 * follows a link that stays in the root
 */
static int open_beneath(int rootfd, const char *path, int flags)
{
	char name[NAME_MAX + 1];
	const char *p = path;
	int fd, next;
	bool last;
	size_t len;

	fd = dup(rootfd);
	if (fd < 0)
		return -errno;
	for (;;) {
		p += strspn(p, "/");
		len = strcspn(p, "/");
		if (len > NAME_MAX) {
			close(fd);
			return -ENAMETOOLONG;
		}
		memcpy(name, p, len);
		name[len] = '\0';
		p += len;
		/* nothing but slashes after it */
		last = !p[strspn(p, "/")];
		if (!strcmp(name, "..")) {
			close(fd);
			return -EXDEV;
		}
		if (last)
			break;
		if (!strcmp(name, "."))
			continue;
		next = openat(fd, name, O_PATH | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
		close(fd);
		if (next < 0)
			return -errno;
		fd = next;
	}
	next = openat(fd, *name ? name : ".", flags);
	close(fd);
	return next < 0 ? -errno : next;
}

/*
 * Open @path, which znl_path() made: the handle's root and a path in it.
 * The files of "/" are the running system's, whose links are the
 * kernel's (/proc/self). Another root is a tree that another user may
 * have prepared, and nothing is resolved outside it, as in a chroot:
 * openat2()'s RESOLVE_IN_ROOT takes its folder for "/" for an absolute
 * link and stops ".." there, and no magic link (/proc/PID/fd/N) is
 * followed. The last name is never a link.
 */
int znl_open_in_root(const struct zswapnl *h, const char *path, int flags)
{
	struct open_how how = {
		.flags = flags | O_NOFOLLOW | O_CLOEXEC,
		.resolve = RESOLVE_IN_ROOT | RESOLVE_NO_MAGICLINKS,
	};
	size_t root_len = strlen(h->root);
	int fd;

	if (!root_len) {
		fd = open(path, how.flags);
		return fd < 0 ? -errno : fd;
	}
	if (h->root_fd < 0)
		return h->root_fd;
	if (strncmp(path, h->root, root_len) || path[root_len] != '/')
		return -EINVAL;
	fd = syscall(SYS_openat2, h->root_fd, path + root_len, &how, sizeof(how));
	if (fd < 0 && errno == ENOSYS)
		return open_beneath(h->root_fd, path + root_len, how.flags);
	return fd < 0 ? -errno : fd;
}

static int open_regular_in_root(const struct zswapnl *h, const char *path, int flags)
{
	return keep_regular(znl_open_in_root(h, path, flags | O_NONBLOCK), flags);
}

/*
 * The whole of the open file @fd, NUL-terminated, in a buffer to free:
 * -EFBIG when it is longer than @max
 */
static int read_all(int fd, size_t max, char **text, size_t *len)
{
	size_t size = 4096, used = 0;
	char *buf, *bigger;
	ssize_t n;
	int ret = 0;

	*text = NULL;
	if (fd < 0)
		return fd;
	buf = malloc(size);
	if (!buf) {
		close(fd);
		return -ENOMEM;
	}
	for (;;) {
		if (used + 1 >= size) {
			if (size >= max) {
				ret = -EFBIG;
				break;
			}
			bigger = realloc(buf, size * 2);
			if (!bigger) {
				ret = -ENOMEM;
				break;
			}
			buf = bigger;
			size *= 2;
		}
		n = read(fd, buf + used, size - used - 1);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0) {
			ret = -errno;
			break;
		}
		if (!n)
			break;
		used += n;
	}
	close(fd);
	if (ret) {
		free(buf);
		return ret;
	}
	buf[used] = '\0';
	*text = buf;
	if (len)
		*len = used;
	return 0;
}

/*
 * The whole of @path, NUL-terminated, in a buffer to free; @path is
 * relative to the folder @dirfd (openat(2)), so that the files of a
 * cgroup are read whatever the length of its path.
 */
int znl_read_text_at(int dirfd, const char *path, char **text, size_t *len)
{
	return read_all(open_regular(dirfd, path, O_RDONLY), ZNL_CGROUP_FILE_MAX, text, len);
}

/* The same for @path under the handle's root (znl_path()) */
int znl_read_text(const struct zswapnl *h, const char *path, char **text, size_t *len)
{
	return read_all(open_regular_in_root(h, path, O_RDONLY), ZNL_TEXT_MAX, text, len);
}

/* @text, read into @buf without its trailing white space; -EOVERFLOW if too long */
static int one_line(char *text, size_t len, char *buf, size_t size)
{
	int ret = 0;

	while (len && isspace((unsigned char)text[len - 1]))
		len--;
	text[len] = '\0';
	if (len >= size || strchr(text, '\n'))
		ret = -EOVERFLOW;
	else
		memcpy(buf, text, len + 1);
	free(text);
	return ret;
}

/* A one-line file without its trailing white space; -EOVERFLOW if too long */
int znl_read_line_at(int dirfd, const char *path, char *buf, size_t size)
{
	size_t len;
	char *text;
	int ret;

	ret = read_all(open_regular(dirfd, path, O_RDONLY), ZNL_LINE_MAX, &text, &len);
	return ret ?: one_line(text, len, buf, size);
}

int znl_read_line(const struct zswapnl *h, const char *path, char *buf, size_t size)
{
	size_t len;
	char *text;
	int ret;

	ret = read_all(open_regular_in_root(h, path, O_RDONLY), ZNL_LINE_MAX, &text, &len);
	return ret ?: one_line(text, len, buf, size);
}

/* A decimal u64 and nothing else but white space around it */
int znl_parse_u64(const char *s, uint64_t *val)
{
	unsigned long long v;
	char *end;

	while (isspace((unsigned char)*s))
		s++;
	if (!isdigit((unsigned char)*s))
		return -EINVAL;
	errno = 0;
	v = strtoull(s, &end, 10);
	if (errno)
		return -errno;
	while (isspace((unsigned char)*end))
		end++;
	if (*end)
		return -EINVAL;
	*val = v;
	return 0;
}

int znl_read_u64_at(int dirfd, const char *path, uint64_t *val)
{
	char buf[64];
	int ret;

	ret = znl_read_line_at(dirfd, path, buf, sizeof(buf));
	return ret ?: znl_parse_u64(buf, val);
}

/*
 * The value of @key in lines of "key value" (/proc/vmstat, memory.stat)
 * or "key: value kB" (/proc/meminfo): -ENOENT when no line has it.
 */
int znl_kv_u64(const char *text, const char *key, uint64_t *val)
{
	size_t key_len = strlen(key);
	const char *line, *next, *p;
	unsigned long long v;
	char *end;

	for (line = text; *line; line = next) {
		next = strchrnul(line, '\n');
		if (*next)
			next++;
		if (strncmp(line, key, key_len))
			continue;
		p = line + key_len;
		if (*p == ':')
			p++;
		if (*p != ' ' && *p != '\t')
			continue;
		while (*p == ' ' || *p == '\t')
			p++;
		if (!isdigit((unsigned char)*p))
			return -EINVAL;
		errno = 0;
		v = strtoull(p, &end, 10);
		if (errno)
			return -errno;
		if (*end && *end != '\n' && *end != ' ')
			return -EINVAL;
		*val = v;
		return 0;
	}
	return -ENOENT;
}

/* Write @text to the open file @fd in one write(), as sysfs and cgroupfs want it */
static int write_all(int fd, const char *text)
{
	size_t len = strlen(text);
	ssize_t n;
	int ret = 0;

	if (fd < 0)
		return fd;
	do {
		n = write(fd, text, len);
	} while (n < 0 && errno == EINTR);
	if (n < 0)
		ret = -errno;
	else if ((size_t)n != len)
		ret = -EIO;
	if (close(fd) && !ret && errno != EINTR)
		ret = -errno;
	return ret;
}

int znl_write_text_at(int dirfd, const char *path, const char *text)
{
	return write_all(open_regular(dirfd, path, O_WRONLY | O_TRUNC), text);
}

int znl_write_text(const struct zswapnl *h, const char *path, const char *text)
{
	return write_all(open_regular_in_root(h, path, O_WRONLY | O_TRUNC), text);
}

/* zswpin, zswpout and zswpwb (the ZNL_FROM_VMSTAT fields), from /proc/vmstat in both sources */
void znl_read_vmstat(const struct zswapnl *h, struct zswapnl_global *g)
{
	const struct znl_field *d;
	char path[4096], *text = NULL;
	uint64_t val;
	size_t i;
	int ret, line;

	ret = znl_path(h, path, sizeof(path), "/proc/vmstat");
	if (!ret)
		ret = znl_read_text(h, path, &text, NULL);
	for (i = 0; (d = znl_global_field(i)); i++) {
		if (d->from != ZNL_FROM_VMSTAT)
			continue;
		znl_global_set_u64(g, d, 0);
		g->known &= ~ZNL_BIT(d->info.field);
		line = ret ?: znl_kv_u64(text, d->name_in_source, &val);
		if (line)
			znl_global_unknown(g, d->info.field, line == -EINVAL ? -EBADMSG : line);
		else
			znl_global_set_u64(g, d, val);
	}
	free(text);
}
