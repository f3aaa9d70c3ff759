/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The file of --output, written so that nothing is destroyed:
 *
 *  - a regular file, or a name that does not exist yet, is replaced whole,
 *    for readers that may look at any moment, such as node_exporter's
 *    textfile collector: the text goes to a temporary file in the same
 *    folder, which is synced, made mode 0644 and renamed over the file,
 *    and the folder is synced. A reader sees the old content or the new,
 *    never a part of it;
 *  - a FIFO, a character device (/dev/null, a terminal) and a descriptor
 *    we have (/dev/stdout, /dev/stderr, /dev/fd/N, /proc/self/fd/N) are
 *    written in place, and stay what they are;
 *  - a symbolic link is followed: what it points to is replaced or
 *    written as above, and the link stays; but another user's link in a
 *    sticky folder anyone can write is refused, as fs.protected_symlinks
 *    does;
 *  - anything else (a folder, a socket, a block device) is refused.
 */
#ifndef ZSWAPCTL_OUTFILE_H
#define ZSWAPCTL_OUTFILE_H

#include <signal.h>
#include <stdbool.h>
#include <stdio.h>

struct outfile {
	const char *path; /* as given, for messages */
	char *target; /* the file to replace, symlinks followed; or NULL */
	char *tmp; /* the temporary file, until renamed or removed */
	int fd; /* the temporary file, or what is written in place */
	FILE *fp; /* write here: the text is gathered in memory */
	char *buf; /* ... here, until outfile_commit() writes it to fd */
	size_t len;
	bool blocked; /* signals wait, and saved holds the mask to restore */
	sigset_t saved; /* the signal mask before outfile_open() */
};

/*
 * Get path ready for writing, as above. While a temporary file exists,
 * SIGINT, SIGTERM and SIGHUP wait until it is renamed or removed, so that
 * none leaves it behind. Opening a FIFO waits for its reader. Returns an
 * exit code, after a message.
 */
int outfile_open(struct outfile *of, const char *path);

/*
 * Finish: flush and check the writes, then sync the temporary file and
 * rename it over the target (or remove it). An exit code, after a message.
 */
int outfile_commit(struct outfile *of);

/* Give up: remove the temporary file, close what is open */
void outfile_abort(struct outfile *of);

#endif /* ZSWAPCTL_OUTFILE_H */
