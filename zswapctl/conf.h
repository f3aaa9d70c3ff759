/* SPDX-License-Identifier: GPL-2.0 */
/*
 * zswap.conf(5): /etc/zswap.conf, then the *.conf files of
 * /etc/zswap.conf.d in lexical order, or the files named on the command
 * line in their order; "key = value" lines, and the last value of a key
 * wins. Every line is checked as it is read, whether its value wins or
 * not; what only the kernel can judge (a compressor's name) is for
 * "zswapctl apply" to check on the values that win.
 */
#ifndef ZSWAPCTL_CONF_H
#define ZSWAPCTL_CONF_H

#include <stddef.h>

#include "set_params.h"
#include "zswapctl.h"

#define CONF_FILE "/etc/zswap.conf"
#define CONF_DIR "/etc/zswap.conf.d"
/* The same, as conf_read() opens them from / (or the sysroot) */
#define CONF_FOLDER "etc"
#define CONF_NAME "zswap.conf"
#define CONF_DROPIN_FOLDER "etc/zswap.conf.d"

/* The value of one key that wins, and where it is */
struct conf_setting {
	char *value; /* NULL: no file sets the key */
	char *file;
	unsigned int line;
};

struct conf {
	struct conf_setting *settings; /* one per set_params[] entry */
	size_t files; /* how many were read */
};

/*
 * Read @nfiles @files, or without any the default files under @sysroot
 * (NULL for /). Each problem is one line on stderr, "FILE:LINE: why",
 * and reading goes on, so that one run names them all. Returns EXIT_OK,
 * EXIT_USAGE (a line that is wrong) or EXIT_SYSTEM (a file that cannot
 * be read); @c is to free with conf_free() in every case.
 */
int conf_read(struct conf *c, const char *sysroot, char *const *files,
	      int nfiles);
void conf_free(struct conf *c);

/*
 * One line, changed in place: 0 for a blank line or a comment, 1 with
 * @key and @value (spaces around them and one pair of quotes around the
 * value taken off), -1 with the reason in @why.
 */
int conf_split_line(char *line, char **key, char **value, const char **why);

#endif /* ZSWAPCTL_CONF_H */
