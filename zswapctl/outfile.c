// SPDX-License-Identifier: GPL-2.0
/*
 * --output-file: standard output, or a regular file replaced whole through a
 * temporary file and a rename, in a folder reached and checked as
 * safe_file.h says. The text is gathered in memory and written at the
 * end with write(2), so that the error of the write that failed (ENOSPC,
 * EIO, EPIPE) is the one reported.
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <unistd.h>

#include "outfile.h"
#include "safe_file.h"
#include "zswapctl.h"

/* What readers of the file need: the temporary file is made 0600 */
#define OUTFILE_MODE 0644
/* Names tried before giving up, should others keep taking them */
#define TEMP_TRIES 64

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

/*
 * A new file ".NAME.XXXXXX" in the folder: hidden, and without the
 * ".prom" ending the textfile collector looks for, so that it is never
 * read half written. NAME is cut to keep the whole within NAME_MAX.
 * O_EXCL | O_NOFOLLOW: a name someone else took, or a link, is not ours.
 */
static int open_temp(struct outfile *of)
{
	static const char digits[] =
		"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
	int namelen = NAME_MAX - (int)strlen("..XXXXXX");
	unsigned char rnd[6];
	int i, len, try;

	for (try = 0; try < TEMP_TRIES; try++) {
		if (getrandom(rnd, sizeof(rnd), 0) != sizeof(rnd))
			return -errno;
		len = snprintf(of->tmp, sizeof(of->tmp), ".%.*s.", namelen,
			       of->name);
		for (i = 0; i < 6; i++)
			of->tmp[len + i] =
				digits[rnd[i] % (sizeof(digits) - 1)];
		of->tmp[len + 6] = '\0';
		of->fd = openat(of->dirfd, of->tmp,
				O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW |
					O_CLOEXEC,
				0600);
		if (of->fd >= 0)
			return 0;
		if (errno != EEXIST)
			break;
	}
	of->tmp[0] = '\0';
	return errno == EEXIST ? -EEXIST : -errno;
}

/* The folder and the name, checked; an exit code after a message */
static int open_target(struct outfile *of)
{
	char why[SAFE_WHY_MAX], *folder;
	const char *name;
	struct stat st;
	int ret;

	folder = safe_split(of->path, &name);
	if (!folder) {
		zc_error("out of memory");
		return EXIT_SYSTEM;
	}
	of->name = name;
	of->dirfd = safe_folder_open(AT_FDCWD, NULL, folder, why, sizeof(why));
	if (of->dirfd < 0 ||
	    !safe_folder_trusted(of->dirfd, folder, true, why, sizeof(why)) ||
	    safe_file_kind(of->dirfd, name, true, &st, why, sizeof(why)) < 0) {
		zc_error("cannot write %s: %s", of->path, why);
		free(folder);
		return EXIT_SYSTEM;
	}
	block_signals(of);
	ret = open_temp(of);
	if (ret)
		zc_error("cannot create a file in %s: %s", folder,
			 strerror(-ret));
	free(folder);
	return ret ? EXIT_SYSTEM : EXIT_OK;
}

int outfile_open(struct outfile *of, const char *path)
{
	const char *name;
	int ret;

	memset(of, 0, sizeof(*of));
	of->path = path;
	of->dirfd = -1;
	of->fd = -1;
	name = strrchr(path, '/') ? strrchr(path, '/') + 1 : path;
	if (!*name || !strcmp(name, ".") || !strcmp(name, ".."))
		return zc_usage(
			"--output-file needs a file name or '-' for standard output, got '%s'",
			path);
	if (!strcmp(path, "-")) {
		of->fd = fcntl(STDOUT_FILENO, F_DUPFD_CLOEXEC, 0);
		ret = of->fd < 0 ? EXIT_SYSTEM : EXIT_OK;
		if (ret)
			zc_error("cannot write standard output: %s",
				 strerror(errno));
	} else {
		ret = open_target(of);
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
	if (of->tmp[0])
		unlinkat(of->dirfd, of->tmp, 0);
	of->tmp[0] = '\0';
	if (of->dirfd >= 0)
		close(of->dirfd);
	of->dirfd = -1;
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

int outfile_commit(struct outfile *of)
{
	int err = 0;

	/* The text was gathered in memory: only memory can have failed */
	if (fclose(of->fp))
		err = ENOMEM;
	of->fp = NULL;
	if (!err)
		err = write_all(of->fd, of->buf, of->len);
	if (!err && of->tmp[0] &&
	    (fchmod(of->fd, OUTFILE_MODE) || fsync(of->fd)))
		err = errno;
	if (close(of->fd) && !err && errno != EINTR)
		err = errno;
	of->fd = -1;
	if (!err && of->tmp[0] &&
	    renameat(of->dirfd, of->tmp, of->dirfd, of->name))
		err = errno;
	/* A reader of stdout that stopped reading: no word, as main() */
	if (err == EPIPE && !of->tmp[0]) {
		outfile_abort(of);
		return EXIT_OK;
	}
	if (err) {
		zc_error("cannot write %s: %s", of->path, strerror(err));
		outfile_abort(of);
		return EXIT_SYSTEM;
	}
	/*
	 * The rename is on disk once the folder is. A file system that
	 * cannot sync folders says EINVAL, and has nothing more to do.
	 */
	if (of->tmp[0]) {
		of->tmp[0] = '\0';
		if (fsync(of->dirfd) && errno != EINVAL)
			err = errno;
	}
	outfile_abort(of);
	if (err) {
		zc_error("cannot sync the folder of %s: %s", of->path,
			 strerror(err));
		return EXIT_SYSTEM;
	}
	return EXIT_OK;
}
