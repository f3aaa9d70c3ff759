/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The file of --output-file. Root writes it on a timer into a folder that
 * another user may own (/var/lib/prometheus on Debian), for readers that
 * may look at any moment (node_exporter's textfile collector), so:
 *
 *  - "-" is standard output, written as it is;
 *  - anything else is a regular file, or a name with nothing there yet,
 *    in a folder reached with no symbolic link and that only root and the
 *    caller may change (safe_file.h); a link, a FIFO, a device or a folder
 *    at the name is refused;
 *  - the text goes to a temporary file of that folder, which is synced,
 *    made mode 0644 and renamed onto the name (a link put there meanwhile
 *    is replaced, never followed), then the folder is synced: a reader
 *    sees the old text or the new, never a part of it.
 */
#ifndef ZSWAPCTL_OUTFILE_H
#define ZSWAPCTL_OUTFILE_H

#include <signal.h>
#include <stdbool.h>
#include <stdio.h>

struct outfile {
	const char *path; /* as given, for messages */
	int dirfd; /* the folder of the file, or -1 */
	const char *name; /* the file's name in it, within path */
	char tmp[256]; /* the temporary file's name in it, "" when none */
	int fd; /* the temporary file, or standard output's copy */
	FILE *fp; /* write here: the text is gathered in memory */
	char *buf; /* ... here, until outfile_commit() writes it to fd */
	size_t len;
	bool blocked; /* signals wait, and saved holds the mask to restore */
	sigset_t saved; /* the signal mask before outfile_open() */
};

/*
 * Get path ready for writing, as above. While a temporary file exists,
 * SIGINT, SIGTERM and SIGHUP wait until it is renamed or removed, so that
 * none leaves it behind. Returns an exit code, after a message.
 */
int outfile_open(struct outfile *of, const char *path);

/*
 * Finish: write the text, sync the temporary file and rename it onto the
 * name. An exit code, after a message.
 */
int outfile_commit(struct outfile *of);

/* Give up: remove the temporary file, close what is open */
void outfile_abort(struct outfile *of);

#endif /* ZSWAPCTL_OUTFILE_H */
