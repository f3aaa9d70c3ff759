/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Replacing a file whole, for readers that may look at any moment, such as
 * node_exporter's textfile collector: the text goes to a temporary file in
 * the same folder, which is synced, made mode 0644 and renamed over the
 * file. A reader sees the old content or the new, never a part of it.
 */
#ifndef ZSWAPCTL_OUTFILE_H
#define ZSWAPCTL_OUTFILE_H

#include <signal.h>
#include <stdio.h>

struct outfile {
	const char *path; /* the file to replace */
	char *tmp; /* the temporary file, until renamed or removed */
	FILE *fp; /* write here */
	sigset_t saved; /* the signal mask before outfile_open() */
};

/*
 * Create the temporary file. SIGINT, SIGTERM and SIGHUP wait until it is
 * renamed or removed, so that none leaves it behind. Returns an exit
 * code, after a message.
 */
int outfile_open(struct outfile *of, const char *path);

/* Sync it and rename it over the file, or remove it; an exit code */
int outfile_commit(struct outfile *of);

/* Remove the temporary file */
void outfile_abort(struct outfile *of);

#endif /* ZSWAPCTL_OUTFILE_H */
