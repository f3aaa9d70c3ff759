// SPDX-License-Identifier: GPL-2.0
/* Write a temporary file beside the target, then rename it over the target. */
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

static void restore_signals(struct outfile *of)
{
	sigprocmask(SIG_SETMASK, &of->saved, NULL);
}

static void block_signals(struct outfile *of)
{
	sigset_t set;

	sigemptyset(&set);
	sigaddset(&set, SIGINT);
	sigaddset(&set, SIGTERM);
	sigaddset(&set, SIGHUP);
	sigprocmask(SIG_BLOCK, &set, &of->saved);
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

/* The folder path is in, for messages */
static void folder_of(const char *path, char *buf, size_t len)
{
	const char *slash = strrchr(path, '/');

	if (!slash)
		snprintf(buf, len, ".");
	else if (slash == path)
		snprintf(buf, len, "/");
	else
		snprintf(buf, len, "%.*s", (int)(slash - path), path);
}

int outfile_open(struct outfile *of, const char *path)
{
	char folder[PATH_MAX];
	int fd, err;

	memset(of, 0, sizeof(*of));
	of->path = path;
	if (!*path || path[strlen(path) - 1] == '/')
		return zc_usage("--output needs a file name, got '%s'", path);
	if (temp_name(path, &of->tmp)) {
		zc_error("out of memory");
		return EXIT_SYSTEM;
	}
	block_signals(of);
	fd = mkostemp(of->tmp, O_CLOEXEC);
	if (fd < 0) {
		err = errno;
		folder_of(path, folder, sizeof(folder));
		zc_error("cannot create a file in %s: %s", folder,
			 strerror(err));
		free(of->tmp);
		of->tmp = NULL;
		restore_signals(of);
		return EXIT_SYSTEM;
	}
	of->fp = fdopen(fd, "w");
	if (!of->fp) {
		close(fd);
		outfile_abort(of);
		zc_error("out of memory");
		return EXIT_SYSTEM;
	}
	return EXIT_OK;
}

void outfile_abort(struct outfile *of)
{
	if (of->fp)
		fclose(of->fp);
	of->fp = NULL;
	if (of->tmp)
		unlink(of->tmp);
	free(of->tmp);
	of->tmp = NULL;
	restore_signals(of);
}

int outfile_commit(struct outfile *of)
{
	int fd = fileno(of->fp), err = 0;

	/* A write that failed earlier left its errno (ENOSPC, EIO...) */
	if (fflush(of->fp) || ferror(of->fp))
		err = errno ? errno : EIO;
	else if (fchmod(fd, OUTFILE_MODE) || fsync(fd))
		err = errno;
	if (fclose(of->fp) && !err)
		err = errno;
	of->fp = NULL;
	if (!err && rename(of->tmp, of->path))
		err = errno;
	if (err) {
		zc_error("cannot write %s: %s", of->path, strerror(err));
		outfile_abort(of);
		return EXIT_SYSTEM;
	}
	free(of->tmp);
	of->tmp = NULL;
	restore_signals(of);
	return EXIT_OK;
}
