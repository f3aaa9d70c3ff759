// SPDX-License-Identifier: GPL-2.0
/*
 * --output: replace a regular file through a temporary file and a rename,
 * write a FIFO, a character device or a descriptor we have in place,
 * refuse anything else.
 * The text is gathered in memory and written at the end with write(2), so
 * that the error of the write that failed (ENOSPC, EIO, EPIPE) is the one
 * reported.
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
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
 * written. NAME is cut to keep the whole within NAME_MAX. 0 or -ENOMEM.
 */
static int temp_name(const char *path, char **tmp)
{
	const char *slash = strrchr(path, '/');
	int dirlen = slash ? (int)(slash - path + 1) : 0;
	int namelen = NAME_MAX - (int)strlen("..XXXXXX");

	if (asprintf(tmp, "%.*s.%.*s.XXXXXX", dirlen, path, namelen,
		     path + dirlen) < 0) {
		*tmp = NULL;
		return -ENOMEM;
	}
	return 0;
}

/*
 * The descriptor that path names, written in place: /dev/stdout,
 * /dev/stderr, /dev/fd/N and /proc/self/fd/N name a file this process has
 * open already, which the shell may have opened to append (2>>log); a
 * rename would replace that file instead. -1 for any other path.
 */
static int named_fd(const char *path)
{
	static const char *const prefixes[] = { "/dev/fd/", "/proc/self/fd/" };
	const char *digits = NULL;
	char *end;
	unsigned long n;
	size_t i;

	if (!strcmp(path, "/dev/stdout"))
		return STDOUT_FILENO;
	if (!strcmp(path, "/dev/stderr"))
		return STDERR_FILENO;
	for (i = 0; i < sizeof(prefixes) / sizeof(prefixes[0]); i++)
		if (!strncmp(path, prefixes[i], strlen(prefixes[i])))
			digits = path + strlen(prefixes[i]);
	if (!digits || *digits < '0' || *digits > '9')
		return -1;
	errno = 0;
	n = strtoul(digits, &end, 10);
	if (errno || *end || n > INT_MAX)
		return -1;
	return (int)n;
}

/*
 * fs.protected_symlinks' rule, kept whatever the sysctl says: a symbolic
 * link in a sticky folder that anyone can write is followed only when it
 * is the caller's or the folder owner's. Otherwise any user could point
 * a link there at a file of root's, for a root cron job to replace.
 */
static bool link_may_be_followed(const char *link, const struct stat *lst)
{
	char *folder = folder_of(link);
	struct stat fst;
	bool ok;

	if (!folder || stat(folder, &fst)) {
		free(folder);
		return false;
	}
	free(folder);
	ok = !(fst.st_mode & S_ISVTX) || !(fst.st_mode & S_IWOTH) ||
	     lst->st_uid == geteuid() || lst->st_uid == fst.st_uid;
	return ok;
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
 * The name a symbolic link points to, as a path from where we are (a
 * relative link is relative to the folder it is in); to free, or NULL
 * with errno set.
 */
static char *link_destination(const char *link_path)
{
	const char *slash = strrchr(link_path, '/');
	int dirlen = slash ? (int)(slash - link_path + 1) : 0;
	char *link = read_link(link_path), *dest;

	if (!link || link[0] == '/' || !dirlen)
		return link;
	if (asprintf(&dest, "%.*s%s", dirlen, link_path, link) < 0) {
		dest = NULL;
		errno = ENOMEM;
	}
	free(link);
	return dest;
}

/*
 * Follow the chain of symbolic links that starts at @path, each held to
 * link_may_be_followed(): *@end gets the first name of the chain that is
 * not a link, or that does not exist (the file a link to nothing yet
 * creates). 0, a negative errno, or 1 after a message.
 */
static int walk_links(const char *path, char **end)
{
	char *cur = strdup(path), *next;
	struct stat st;
	int hops, err;

	for (hops = 0; cur && hops <= LINKS_MAX; hops++) {
		if (lstat(cur, &st)) {
			if (errno != ENOENT)
				goto fail;
			*end = cur;
			return 0;
		}
		if (!S_ISLNK(st.st_mode)) {
			*end = cur;
			return 0;
		}
		if (!link_may_be_followed(cur, &st)) {
			zc_error(
				"cannot write %s: %s is another user's symbolic link in a sticky folder that anyone can write",
				path, cur);
			free(cur);
			return 1;
		}
		next = link_destination(cur);
		if (!next)
			goto fail;
		free(cur);
		cur = next;
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
	struct stat end_st;
	char *end = NULL;
	int ret;

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
	ret = walk_links(path, &end);
	if (ret)
		return ret;
	if (stat(path, st)) {
		ret = errno == ENOENT ? 0 : -errno;
		/* The end exists now: something changed it while we looked */
		if (!ret && !lstat(end, &end_st))
			ret = -EAGAIN;
		st->st_mode = 0;
		if (!ret)
			*target = end;
		else
			free(end);
		return ret;
	}
	free(end);
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

/* A FIFO or a character device, or (path NULL) a descriptor we have */
static int open_in_place(struct outfile *of, const char *path, int fd)
{
	struct stat st;

	if (path)
		of->fd = open(path, O_WRONLY | O_NOCTTY | O_CLOEXEC);
	else
		of->fd = fcntl(fd, F_DUPFD_CLOEXEC, 0);
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
	int ret, fd;

	memset(of, 0, sizeof(*of));
	of->path = path;
	of->fd = -1;
	if (!*path || path[strlen(path) - 1] == '/')
		return zc_usage("--output needs a file name, got '%s'", path);
	fd = named_fd(path);
	if (fd >= 0) {
		ret = open_in_place(of, NULL, fd);
	} else {
		ret = resolve(path, &st, &of->target);
		if (ret > 0) {
			ret = EXIT_SYSTEM;
		} else if (ret) {
			zc_error("cannot write %s: %s", path, strerror(-ret));
			ret = EXIT_SYSTEM;
		} else if (of->target) {
			ret = open_temp(of);
		} else if (S_ISFIFO(st.st_mode) || S_ISCHR(st.st_mode)) {
			ret = open_in_place(of, path, -1);
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
