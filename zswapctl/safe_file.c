// SPDX-License-Identifier: GPL-2.0
/*
 * Paths that root may follow on another user's behalf: opened one folder
 * at a time with O_NOFOLLOW, the last folder checked for who may change
 * it, the file looked at before it is opened (safe_file.h).
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <pwd.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "safe_file.h"

#define FOLDER_FLAGS (O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)

char *safe_split(const char *path, const char **name)
{
	const char *slash = strrchr(path, '/');

	*name = slash ? slash + 1 : path;
	if (!slash)
		return strdup(".");
	/* "/b", and "//b", whose folder is the root as well */
	while (slash > path && slash[-1] == '/')
		slash--;
	if (slash == path)
		return strdup("/");
	return strndup(path, slash - path);
}

/* What kind of file @mode is, for a reason */
static const char *kind_of(mode_t mode)
{
	if (S_ISLNK(mode))
		return "a symbolic link, which zswapctl does not follow here";
	if (S_ISDIR(mode))
		return "a folder";
	if (S_ISFIFO(mode))
		return "a FIFO";
	if (S_ISCHR(mode))
		return "a character device";
	if (S_ISBLK(mode))
		return "a block device";
	if (S_ISSOCK(mode))
		return "a socket";
	return "not a regular file";
}

/*
 * Why the component @name of the folder @dirfd did not open as a folder:
 * @len bytes of @path name it
 */
static void folder_refused(int dirfd, const char *name, const char *at_name,
			   const char *path, size_t len, int err, char *why,
			   size_t size)
{
	const char *sep = at_name ? "/" : "";
	struct stat st;

	if ((err == ELOOP || err == ENOTDIR) &&
	    !fstatat(dirfd, name, &st, AT_SYMLINK_NOFOLLOW))
		snprintf(why, size, "%s%s%.*s is %s", at_name ? at_name : "",
			 sep, (int)len, path,
			 S_ISLNK(st.st_mode) ? kind_of(st.st_mode) :
					       "not a folder");
	else
		snprintf(why, size, "%s%s%.*s: %s", at_name ? at_name : "", sep,
			 (int)len, path, strerror(err));
}

int safe_folder_open(int at, const char *at_name, const char *path, char *why,
		     size_t size)
{
	const char *p = path, *end;
	char name[NAME_MAX + 1];
	int fd, next, err;
	size_t len;

	fd = openat(at, *path == '/' ? "/" : ".", FOLDER_FLAGS);
	if (fd < 0) {
		snprintf(why, size, "%s: %s", *path == '/' ? "/" : ".",
			 strerror(errno));
		return -1;
	}
	for (;;) {
		while (*p == '/')
			p++;
		if (!*p)
			return fd;
		end = strchrnul(p, '/');
		len = end - p;
		if (len > NAME_MAX) {
			err = ENAMETOOLONG;
			folder_refused(fd, "", at_name, path, end - path, err,
				       why, size);
			break;
		}
		memcpy(name, p, len);
		name[len] = '\0';
		/*
		 * ".." goes up to the folder the kernel finds, which no link
		 * decides: a path given as "a/../b" is still walked without one
		 */
		next = openat(fd, name, FOLDER_FLAGS);
		if (next < 0) {
			err = errno;
			folder_refused(fd, name, at_name, path, end - path, err,
				       why, size);
			break;
		}
		close(fd);
		fd = next;
		p = end;
	}
	close(fd);
	errno = err;
	return -1;
}

/*
 * May a user other than root and the caller change what @st describes?
 * The reason in @why, naming it "@kind@name" ("the folder /x", "it"); a
 * sticky one that others may write passes when @sticky_ok.
 */
static bool others_may_change(const struct stat *st, const char *kind,
			      const char *name, const char *owner_note,
			      bool sticky_ok, char *why, size_t size)
{
	struct passwd *pw;

	if (st->st_uid != 0 && st->st_uid != geteuid()) {
		pw = getpwuid(st->st_uid);
		snprintf(why, size, "%s%s belongs to %s%s%suid %u%s", kind, name,
			 pw ? "user " : "", pw ? pw->pw_name : "",
			 pw ? ", " : "", (unsigned int)st->st_uid, owner_note);
		return true;
	}
	if ((st->st_mode & (S_IWGRP | S_IWOTH)) &&
	    !(sticky_ok && (st->st_mode & S_ISVTX))) {
		snprintf(why, size, "%s%s may be written by %s%s", kind, name,
			 st->st_mode & S_IWOTH ? "any user" : "its group",
			 sticky_ok ? " and is not sticky" : "");
		return true;
	}
	return false;
}

bool safe_folder_trusted(int dirfd, const char *path, bool sticky_ok,
			 char *why, size_t size)
{
	struct stat st;

	if (fstat(dirfd, &st)) {
		snprintf(why, size, "%s: %s", path, strerror(errno));
		return false;
	}
	return !others_may_change(&st, "the folder ", path,
				  ", who may change what is in it", sticky_ok,
				  why, size);
}

bool safe_file_trusted(int fd, char *why, size_t size)
{
	struct stat st;

	if (fstat(fd, &st)) {
		snprintf(why, size, "%s", strerror(errno));
		return false;
	}
	return !others_may_change(&st, "it", "", "", false, why, size);
}

int safe_file_kind(int dirfd, const char *name, bool may_be_missing,
		   struct stat *st, char *why, size_t size)
{
	if (fstatat(dirfd, name, st, AT_SYMLINK_NOFOLLOW)) {
		if (errno == ENOENT && may_be_missing)
			return 0;
		snprintf(why, size, "%s", strerror(errno));
		return -1;
	}
	if (S_ISREG(st->st_mode))
		return 1;
	snprintf(why, size, "%s", kind_of(st->st_mode));
	errno = EINVAL;
	return -1;
}

int safe_file_open_read(int dirfd, const char *name, char *why, size_t size)
{
	struct stat before, after;
	int fd, err;

	if (safe_file_kind(dirfd, name, false, &before, why, size) < 0)
		return -1;
	/*
	 * Something put in its place since would be opened without
	 * O_NOFOLLOW's refusal of a link and O_NONBLOCK's of a FIFO's wait,
	 * then refused here: the descriptor must be the file looked at
	 */
	fd = openat(dirfd, name,
		    O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
	if (fd < 0) {
		err = errno;
		snprintf(why, size, "%s", strerror(err));
		errno = err;
		return -1;
	}
	if (fstat(fd, &after) || after.st_dev != before.st_dev ||
	    after.st_ino != before.st_ino || fcntl(fd, F_SETFL, 0)) {
		close(fd);
		snprintf(why, size, "it changed while being opened");
		errno = EAGAIN;
		return -1;
	}
	return fd;
}

/* Open the regular file @rel of @root (NULL for "/"): safe_read_in_root() */
static int open_in_root(const char *root, const char *rel)
{
	char why[SAFE_WHY_MAX], path[PATH_MAX];
	int rootfd, dirfd, fd, err;
	const char *name;
	struct stat st;
	char *dir;

	if (!root) {
		if (snprintf(path, sizeof(path), "/%s", rel) >= (int)sizeof(path)) {
			errno = ENAMETOOLONG;
			return -1;
		}
		fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
		if (fd < 0)
			return -1;
		if (fstat(fd, &st) || !S_ISREG(st.st_mode) || fcntl(fd, F_SETFL, 0)) {
			close(fd);
			errno = EINVAL;
			return -1;
		}
		return fd;
	}
	dir = safe_split(rel, &name);
	if (!dir)
		return -1;
	rootfd = open(root, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	dirfd = rootfd < 0 ? -1 : safe_folder_open(rootfd, root, dir, why, sizeof(why));
	fd = dirfd < 0 ? -1 : safe_file_open_read(dirfd, name, why, sizeof(why));
	err = errno;
	if (dirfd >= 0)
		close(dirfd);
	if (rootfd >= 0)
		close(rootfd);
	free(dir);
	errno = err;
	return fd;
}

ssize_t safe_read_in_root(const char *root, const char *rel, size_t max, char **text)
{
	size_t cap = 0, len = 0;
	char *buf = NULL, *bigger;
	int fd, err = 0;
	ssize_t n;

	*text = NULL;
	fd = open_in_root(root, rel);
	if (fd < 0)
		return -1;
	for (;;) {
		if (len + 1 >= cap) {
			if (cap > max) {
				err = EFBIG;
				break;
			}
			cap = cap ? 2 * cap : 65536;
			bigger = realloc(buf, cap);
			if (!bigger) {
				err = ENOMEM;
				break;
			}
			buf = bigger;
		}
		n = read(fd, buf + len, cap - len - 1);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0) {
			err = n ? errno : 0;
			break;
		}
		len += n;
	}
	close(fd);
	if (!err && len > max)
		err = EFBIG;
	if (err) {
		free(buf);
		errno = err;
		return -1;
	}
	buf[len] = '\0';
	*text = buf;
	return (ssize_t)len;
}
