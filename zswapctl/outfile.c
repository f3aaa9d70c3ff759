// SPDX-License-Identifier: GPL-2.0
/*
 * --output: replace a regular file through a temporary file and a rename,
 * write a FIFO or a character device in place, refuse anything else.
 * The text is gathered in memory and written at the end with write(2), so
 * that the error of the write that failed (ENOSPC, EIO, EPIPE) is the one
 * reported.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "outfile.h"
#include "zswapctl.h"

/* What readers of the file need; mkostemp() makes it 0600 */
#define OUTFILE_MODE 0644
/* Symbolic links followed in a row, as the kernel's MAXSYMLINKS */
#define LINKS_MAX 40

static void restore_signals(struct outfile *of)
{
	if (of->blocked)
		sigprocmask(SIG_SETMASK, &of->saved, NULL);
	of->blocked = false;
}

static void block_signals(struct outfile *of)
{
	sigset_t set;

	sigemptyset(&set);
	sigaddset(&set, SIGINT);
	sigaddset(&set, SIGTERM);
	sigaddset(&set, SIGHUP);
	sigprocmask(SIG_BLOCK, &set, &of->saved);
	of->blocked = true;
}

/* The folder path is in, to free; NULL when out of memory */
static char *folder_of(const char *path)
{
	const char *slash = strrchr(path, '/');

	if (!slash)
		return strdup(".");
	if (slash == path)
		return strdup("/");
	return strndup(path, slash - path);
}

/*
 * ".NAME.XXXXXX" in the folder of path: hidden, and without the ".prom"
 * ending the textfile collector looks for, so that it is never read half
 * written. 0 or -ENOMEM.
 */
static int temp_name(const char *path, char **tmp)
{
	const char *slash = strrchr(path, '/');
	int dirlen = slash ? (int)(slash - path + 1) : 0;

	if (asprintf(tmp, "%.*s.%s.XXXXXX", dirlen, path, path + dirlen) < 0) {
		*tmp = NULL;
		return -ENOMEM;
	}
	return 0;
}

/* The names of this process's standard output, written in place */
static bool is_stdout(const char *path)
{
	return !strcmp(path, "/dev/stdout") || !strcmp(path, "/dev/fd/1") ||
	       !strcmp(path, "/proc/self/fd/1");
}

/* The text of a symbolic link, to free; NULL with errno set */
static char *read_link(const char *path)
{
	size_t size = 256;
	char *buf = NULL, *bigger;
	ssize_t n;

	for (;;) {
		bigger = realloc(buf, size);
		if (!bigger) {
			free(buf);
			errno = ENOMEM;
			return NULL;
		}
		buf = bigger;
		n = readlink(path, buf, size);
		if (n < 0) {
			free(buf);
			return NULL;
		}
		if ((size_t)n < size) {
			buf[n] = '\0';
			return buf;
		}
		size *= 2;
	}
}

/*
 * A symbolic link that points to nothing yet: the name at the end of its
 * chain of links, which is the file to create. 0 or a negative errno.
 */
static int follow_dangling(const char *path, char **target)
{
	char *cur = strdup(path), *link, *next, *slash;
	struct stat st;
	int hops, dirlen, err;

	for (hops = 0; cur && hops < LINKS_MAX; hops++) {
		link = read_link(cur);
		if (!link)
			goto fail;
		/* A relative link is relative to the folder it is in */
		slash = strrchr(cur, '/');
		dirlen = slash ? (int)(slash - cur + 1) : 0;
		next = NULL;
		if (link[0] == '/' || !dirlen)
			next = link;
		else if (asprintf(&next, "%.*s%s", dirlen, cur, link) < 0)
			next = NULL;
		if (next != link)
			free(link);
		free(cur);
		cur = next;
		if (!cur)
			return -ENOMEM;
		if (lstat(cur, &st)) {
			if (errno != ENOENT)
				goto fail;
			*target = cur;
			return 0;
		}
		/* It exists now: something changed it while we looked */
		if (!S_ISLNK(st.st_mode)) {
			free(cur);
			return -EAGAIN;
		}
	}
	if (!cur)
		return -ENOMEM;
	free(cur);
	return -ELOOP;
fail:
	err = errno;
	free(cur);
	return -err;
}

/*
 * What path is, symbolic links followed, in st (st_mode 0 when nothing is
 * there yet), and *target the name to create or replace when that is
 * none or a regular file (else NULL). 0 or a negative errno.
 */
static int resolve(const char *path, struct stat *st, char **target)
{
	*target = NULL;
	if (lstat(path, st)) {
		if (errno != ENOENT)
			return -errno;
		st->st_mode = 0;
		*target = strdup(path);
		return *target ? 0 : -ENOMEM;
	}
	if (!S_ISLNK(st->st_mode)) {
		if (S_ISREG(st->st_mode)) {
			*target = strdup(path);
			if (!*target)
				return -ENOMEM;
		}
		return 0;
	}
	if (stat(path, st)) {
		if (errno != ENOENT)
			return -errno;
		st->st_mode = 0;
		return follow_dangling(path, target);
	}
	/* The rename must go to the file itself, not over the link */
	if (S_ISREG(st->st_mode)) {
		*target = realpath(path, NULL);
		if (!*target)
			return -errno;
	}
	return 0;
}

static int open_temp(struct outfile *of)
{
	char *folder;
	int err;

	if (temp_name(of->target, &of->tmp)) {
		zc_error("out of memory");
		return EXIT_SYSTEM;
	}
	block_signals(of);
	of->fd = mkostemp(of->tmp, O_CLOEXEC);
	if (of->fd < 0) {
		err = errno;
		folder = folder_of(of->target);
		zc_error("cannot create a file in %s: %s",
			 folder ? folder : of->target, strerror(err));
		free(folder);
		free(of->tmp);
		of->tmp = NULL;
		restore_signals(of);
		return EXIT_SYSTEM;
	}
	return EXIT_OK;
}

/* A FIFO, a character device, or standard output itself (path NULL) */
static int open_in_place(struct outfile *of, const char *path)
{
	struct stat st;

	if (path)
		of->fd = open(path, O_WRONLY | O_NOCTTY | O_CLOEXEC);
	else
		of->fd = fcntl(STDOUT_FILENO, F_DUPFD_CLOEXEC, 0);
	if (of->fd < 0) {
		zc_error("cannot write %s: %s", of->path, strerror(errno));
		return EXIT_SYSTEM;
	}
	/* Replaced by something else between the look and the open */
	if (path && (fstat(of->fd, &st) ||
		     (!S_ISFIFO(st.st_mode) && !S_ISCHR(st.st_mode)))) {
		zc_error("cannot write %s: it changed while being opened",
			 of->path);
		return EXIT_SYSTEM;
	}
	return EXIT_OK;
}

static int refuse(const struct outfile *of, const struct stat *st)
{
	const char *what;

	if (S_ISDIR(st->st_mode))
		what = strerror(EISDIR);
	else if (S_ISSOCK(st->st_mode))
		what = "a socket";
	else if (S_ISBLK(st->st_mode))
		what = "a block device";
	else
		what = "not a regular file";
	zc_error(
		"cannot write %s: %s (--output writes a regular file, a FIFO or a character device)",
		of->path, what);
	return EXIT_SYSTEM;
}

int outfile_open(struct outfile *of, const char *path)
{
	struct stat st;
	int ret;

	memset(of, 0, sizeof(*of));
	of->path = path;
	of->fd = -1;
	if (!*path || path[strlen(path) - 1] == '/')
		return zc_usage("--output needs a file name, got '%s'", path);
	if (is_stdout(path)) {
		ret = open_in_place(of, NULL);
	} else {
		ret = resolve(path, &st, &of->target);
		if (ret) {
			zc_error("cannot write %s: %s", path, strerror(-ret));
			ret = EXIT_SYSTEM;
		} else if (of->target) {
			ret = open_temp(of);
		} else if (S_ISFIFO(st.st_mode) || S_ISCHR(st.st_mode)) {
			ret = open_in_place(of, path);
		} else {
			ret = refuse(of, &st);
		}
	}
	if (!ret) {
		of->fp = open_memstream(&of->buf, &of->len);
		if (!of->fp) {
			zc_error("out of memory");
			ret = EXIT_SYSTEM;
		}
	}
	if (ret)
		outfile_abort(of);
	return ret;
}

void outfile_abort(struct outfile *of)
{
	if (of->fp)
		fclose(of->fp);
	of->fp = NULL;
	if (of->fd >= 0)
		close(of->fd);
	of->fd = -1;
	if (of->tmp)
		unlink(of->tmp);
	free(of->tmp);
	of->tmp = NULL;
	free(of->target);
	of->target = NULL;
	free(of->buf);
	of->buf = NULL;
	restore_signals(of);
}

/* All of the text, or the errno of the write that failed */
static int write_all(int fd, const char *buf, size_t len)
{
	ssize_t n;

	while (len) {
		n = write(fd, buf, len);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			return errno;
		buf += n;
		len -= n;
	}
	return 0;
}

/*
 * The rename is on disk once the folder is: 0 or a negative errno. A file
 * system that cannot sync folders says EINVAL, and has nothing more to do.
 */
static int sync_folder(const char *target)
{
	char *folder = folder_of(target);
	int fd, ret = 0;

	if (!folder)
		return -ENOMEM;
	fd = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	free(folder);
	if (fd < 0)
		return -errno;
	if (fsync(fd) && errno != EINVAL)
		ret = -errno;
	close(fd);
	return ret;
}

int outfile_commit(struct outfile *of)
{
	int err = 0;

	/* The text was gathered in memory: only memory can have failed */
	if (fclose(of->fp))
		err = ENOMEM;
	of->fp = NULL;
	if (!err)
		err = write_all(of->fd, of->buf, of->len);
	if (!err && of->tmp && (fchmod(of->fd, OUTFILE_MODE) || fsync(of->fd)))
		err = errno;
	if (close(of->fd) && !err && errno != EINTR)
		err = errno;
	of->fd = -1;
	if (!err && of->tmp && rename(of->tmp, of->target))
		err = errno;
	if (err) {
		zc_error("cannot write %s: %s", of->path, strerror(err));
		outfile_abort(of);
		return EXIT_SYSTEM;
	}
	if (of->tmp) {
		free(of->tmp);
		of->tmp = NULL;
		err = -sync_folder(of->target);
	}
	outfile_abort(of);
	if (err) {
		zc_error("cannot sync the folder of %s: %s", of->path,
			 strerror(err));
		return EXIT_SYSTEM;
	}
	return EXIT_OK;
}
