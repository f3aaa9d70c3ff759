// SPDX-License-Identifier: GPL-2.0
/*
 * The files of zswap.conf(5), read as sysctl.d(5) and systemd read theirs:
 * the main file, then the drop-ins of its folder in lexical (byte) order,
 * the last value of a key winning; comments start with '#' or ';'; no
 * file at all is no setting, not an error. Unlike theirs, a line that is
 * wrong or a file that cannot be read is an error that applies nothing:
 * half a configuration is not the one the admin wrote.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "conf.h"
#include "safe_file.h"

/* Longer lines are refused: no value comes near it, and /dev/zero ends */
#define CONF_LINE_MAX 4096
/*
 * Five keys and their comments: a file larger than this is not one of
 * ours (a binary, a log put there by mistake), and gets one error, not
 * one per line
 */
#define CONF_FILE_MAX (64 * 1024)
/* The wrong lines named for one file; a count stands for the others */
#define CONF_ERRORS_MAX 10

static bool blank(char c)
{
	return c == ' ' || c == '\t' || c == '\r' || c == '\n';
}

static char *skip_blanks(char *p)
{
	while (blank(*p))
		p++;
	return p;
}

/* Cut the blanks off the end of the text from @start to @end */
static void trim_end(char *start, char *end)
{
	while (end > start && blank(end[-1]))
		end--;
	*end = '\0';
}

/*
 * A '#' or ';' after a blank in a value: a comment the user meant to end
 * the line with, which this format (as sysctl.d's) does not have
 */
static bool trailing_comment(const char *value)
{
	const char *c;

	for (c = value; (c = strpbrk(c, "#;")); c++)
		if (c > value && blank(c[-1]))
			return true;
	return false;
}

#define TRAILING_COMMENT_WHY \
	"a comment after the value (a comment takes a line of its own)"

int conf_split_line(char *line, char **key, char **value, const char **why)
{
	char *p = skip_blanks(line), *eq;
	size_t len;

	if (!*p || *p == '#' || *p == ';')
		return 0;
	eq = strchr(p, '=');
	if (!eq) {
		*why = "not a 'key = value' line";
		return -1;
	}
	trim_end(p, eq);
	if (!*p) {
		*why = "no key before '='";
		return -1;
	}
	*key = p;
	p = skip_blanks(eq + 1);
	trim_end(p, p + strlen(p));
	len = strlen(p);
	/* One pair of quotes around the whole value, as os-release has */
	if (*p == '"' || *p == '\'') {
		if (len < 2 || p[len - 1] != *p) {
			*why = trailing_comment(p) ?
				       TRAILING_COMMENT_WHY :
				       "a quote that is not closed";
			return -1;
		}
		p[len - 1] = '\0';
		p++;
	} else if (trailing_comment(p)) {
		*why = TRAILING_COMMENT_WHY;
		return -1;
	}
	*value = p;
	return 1;
}

/* The keys, for the message about one that is not */
static void key_list(char *buf, size_t size)
{
	size_t i, n = 0;

	buf[0] = '\0';
	for (i = 0; i < nr_set_params && n < size; i++)
		n += snprintf(buf + n, size - n, "%s%s", i ? ", " : "",
			      set_params[i].sysfs_name);
}

static int keep(struct conf *c, const struct set_param *p, const char *value,
		const char *path, unsigned int line)
{
	struct conf_setting *s = &c->settings[p - set_params];
	char *v = strdup(value), *f = strdup(path);

	if (!v || !f) {
		free(v);
		free(f);
		zc_error("out of memory");
		return EXIT_SYSTEM;
	}
	free(s->value);
	free(s->file);
	*s = (struct conf_setting){ v, f, line };
	return EXIT_OK;
}

/* "FILE:LINE: why" when @say, and EXIT_USAGE */
static int wrong_line(bool say, const char *path, unsigned int line,
		      const char *fmt, ...) __attribute__((format(printf, 4, 5)));

static int wrong_line(bool say, const char *path, unsigned int line,
		      const char *fmt, ...)
{
	va_list ap;
	char *why;
	int n;

	if (!say)
		return EXIT_USAGE;
	va_start(ap, fmt);
	n = vasprintf(&why, fmt, ap);
	va_end(ap);
	if (n < 0)
		return zc_usage("%s:%u: out of memory", path, line);
	zc_usage("%s:%u: %s", path, line, why);
	free(why);
	return EXIT_USAGE;
}

/*
 * One "key = value" of @path: checked, and kept if it is right; what is
 * wrong with it named when @say
 */
static int take_line(struct conf *c, char *text, const char *path,
		     unsigned int line, bool say)
{
	struct zswapnl_params scratch = { .struct_size = sizeof(scratch) };
	const struct set_param *p;
	char *key, *value, msg[256];
	const char *why;
	int ret;

	ret = conf_split_line(text, &key, &value, &why);
	if (!ret)
		return EXIT_OK;
	if (ret < 0)
		return wrong_line(say, path, line, "%s", why);
	p = set_param_by_name(key);
	if (!p) {
		key_list(msg, sizeof(msg));
		return wrong_line(say, path, line,
				  "unknown key '%s' (the keys: %s)", key, msg);
	}
	if (!*value)
		return wrong_line(say, path, line, "%s has no value", key);
	if (set_param_value(p, key, value, &scratch, msg, sizeof(msg)))
		return wrong_line(say, path, line, "%s", msg);
	return keep(c, p, value, path, line);
}

/*
 * The whole of the open file @fd into @buf (NUL-terminated, to free): its
 * length, -1 when it is larger than CONF_FILE_MAX, or -2 with errno set
 */
static ssize_t read_whole(int fd, char **buf)
{
	size_t len = 0;
	ssize_t n;

	/* One byte more than allowed tells a file that is too large */
	*buf = malloc(CONF_FILE_MAX + 2);
	if (!*buf)
		return -2;
	while (len <= CONF_FILE_MAX) {
		n = read(fd, *buf + len, CONF_FILE_MAX + 1 - len);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			return -2;
		if (!n)
			break;
		len += n;
	}
	(*buf)[len] = '\0';
	return len > CONF_FILE_MAX ? -1 : (ssize_t)len;
}

/* The number of the line of @text that @at is on */
static unsigned int line_of(const char *text, const char *at)
{
	unsigned int line = 1;

	for (; text < at; text++)
		line += *text == '\n';
	return line;
}

/*
 * Every line of @text, @len bytes of the file @path: the worst exit code
 * of them. A file that is not text at all gets one error.
 */
static int read_lines(struct conf *c, char *text, size_t len,
		      const char *path)
{
	static const char bom[] = "\xef\xbb\xbf";
	char *p = text, *end, *nul = memchr(text, '\0', len);
	unsigned int line = 0, wrong = 0;
	int ret, worst = EXIT_OK;

	if (nul)
		return zc_usage("%s:%u: a NUL byte, not a text file", path,
				line_of(text, nul));
	while (p < text + len) {
		line++;
		end = strchrnul(p, '\n');
		if (end - p >= CONF_LINE_MAX)
			return zc_usage("%s:%u: a line longer than %d bytes",
					path, line, CONF_LINE_MAX - 1);
		*end = '\0';
		/* What some editors write at the start of a UTF-8 file */
		if (line == 1 && !strncmp(p, bom, 3))
			p += 3;
		/* Past CONF_ERRORS_MAX, the lines are checked but not named */
		ret = take_line(c, p, path, line, wrong < CONF_ERRORS_MAX);
		if (ret == EXIT_SYSTEM)
			return ret;
		if (ret) {
			worst = ret;
			wrong++;
		}
		p = end + 1;
	}
	if (wrong > CONF_ERRORS_MAX)
		zc_usage("%s: %u more wrong lines", path,
			 wrong - CONF_ERRORS_MAX);
	return worst;
}

/*
 * A link to /dev/null in place of a file: how systemd masks one, which
 * reads as empty. The link is read, never followed.
 */
static bool masked(int dirfd, const char *name)
{
	static const char null[] = "/dev/null";
	char target[sizeof(null) + 1];
	ssize_t n = readlinkat(dirfd, name, target, sizeof(target));

	return n == (ssize_t)strlen(null) && !memcmp(target, null, n);
}

/* Every line of the open file @fd, named @path; closes @fd */
static int read_fd(struct conf *c, int fd, const char *path)
{
	char *text;
	ssize_t len = read_whole(fd, &text);
	int ret;

	if (len == -2) {
		zc_error("cannot read %s: %s", path, strerror(errno));
		ret = EXIT_SYSTEM;
	} else if (len == -1) {
		ret = zc_usage("%s: larger than %d KiB, not a zswap.conf(5) file",
			       path, CONF_FILE_MAX / 1024);
	} else {
		c->files++;
		ret = read_lines(c, text, len, path);
	}
	free(text);
	close(fd);
	return ret;
}

/*
 * The file @name of the folder @dirfd, @path for messages, as safe_file.h
 * says: a regular file, no link followed, no FIFO opened (one no one
 * writes would wait for ever, at boot), or a mask. Not being there is no
 * error when @optional. A file of the configuration (@trusted_only) must
 * be one that only root and the caller may change, as its folder: what a
 * user writes into it, root would set.
 */
static int read_at(struct conf *c, int dirfd, const char *name,
		   const char *path, bool optional, bool trusted_only)
{
	char why[SAFE_WHY_MAX];
	int fd;

	if (masked(dirfd, name))
		return EXIT_OK;
	fd = safe_file_open_read(dirfd, name, why, sizeof(why));
	if (fd < 0 && optional && errno == ENOENT)
		return EXIT_OK;
	if (fd >= 0 && trusted_only && !safe_file_trusted(fd, why, sizeof(why))) {
		close(fd);
		fd = -1;
	}
	if (fd < 0) {
		zc_error("cannot read %s: %s", path, why);
		return EXIT_SYSTEM;
	}
	return read_fd(c, fd, path);
}

/*
 * A file named on the command line: "-" is standard input; any other is
 * read as the configuration's files are, but may be in any folder (the
 * caller chose it, links aside)
 */
static int read_named(struct conf *c, const char *path)
{
	char why[SAFE_WHY_MAX], *folder;
	const char *name;
	int dirfd, fd, ret;

	if (!strcmp(path, "-")) {
		fd = fcntl(STDIN_FILENO, F_DUPFD_CLOEXEC, 0);
		if (fd < 0) {
			zc_error("cannot read standard input: %s",
				 strerror(errno));
			return EXIT_SYSTEM;
		}
		return read_fd(c, fd, "<stdin>");
	}
	folder = safe_split(path, &name);
	if (!folder) {
		zc_error("out of memory");
		return EXIT_SYSTEM;
	}
	dirfd = safe_folder_open(AT_FDCWD, NULL, folder, why, sizeof(why));
	free(folder);
	if (dirfd < 0) {
		zc_error("cannot read %s: %s", path, why);
		return EXIT_SYSTEM;
	}
	ret = read_at(c, dirfd, name, path, false, false);
	close(dirfd);
	return ret;
}

/*
 * The folder @rel of @root (the sysroot), @path for messages, opened as
 * safe_file.h says and one that only root and the caller may change: a
 * user who could put a file there could set zswap's parameters as root.
 * A descriptor, -ENOENT when it is not there, or -1 after a message.
 */
static int open_conf_folder(int root, const char *sysroot, const char *rel,
			    const char *path)
{
	char why[SAFE_WHY_MAX];
	int fd = safe_folder_open(root, sysroot, rel, why, sizeof(why));

	if (fd < 0 && errno == ENOENT)
		return -ENOENT;
	if (fd >= 0 && !safe_folder_trusted(fd, path, false, why, sizeof(why))) {
		close(fd);
		fd = -1;
	}
	if (fd < 0)
		zc_error("cannot read %s: %s", path, why);
	return fd < 0 ? -1 : fd;
}

static int compare_names(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* A drop-in's name: "*.conf", not hidden */
static bool is_dropin(const char *name)
{
	size_t len = strlen(name);

	return name[0] != '.' && len >= 5 && !strcmp(name + len - 5, ".conf");
}

/*
 * The names of the drop-ins of the folder @dirfd in lexical order, in
 * @names (to free with each name); their number, or -1 after a message
 */
static ssize_t dropin_names(int dirfd, const char *dir, char ***names)
{
	char **bigger;
	size_t n = 0, cap = 0;
	struct dirent *de;
	int fd = fcntl(dirfd, F_DUPFD_CLOEXEC, 0);
	DIR *d = fd < 0 ? NULL : fdopendir(fd);

	*names = NULL;
	if (!d) {
		zc_error("cannot read the folder %s: %s", dir, strerror(errno));
		if (fd >= 0)
			close(fd);
		return -1;
	}
	/* readdir() sets errno on a failure only */
	for (errno = 0; (de = readdir(d)); errno = 0) {
		if (!is_dropin(de->d_name))
			continue;
		if (n == cap) {
			cap = cap ? 2 * cap : 16;
			bigger = realloc(*names, cap * sizeof(**names));
			if (!bigger)
				goto oom;
			*names = bigger;
		}
		(*names)[n] = strdup(de->d_name);
		if (!(*names)[n])
			goto oom;
		n++;
	}
	if (errno) {
		zc_error("cannot read the folder %s: %s", dir, strerror(errno));
		goto fail;
	}
	closedir(d);
	if (n)
		qsort(*names, n, sizeof(**names), compare_names);
	return (ssize_t)n;
oom:
	zc_error("out of memory");
fail:
	while (n)
		free((*names)[--n]);
	free(*names);
	*names = NULL;
	closedir(d);
	return -1;
}

/* The drop-ins of the folder @dirfd, named @dir, in lexical order */
static int read_dropins(struct conf *c, int dirfd, const char *dir)
{
	char **names, *path;
	ssize_t n = dropin_names(dirfd, dir, &names), i;
	int ret = EXIT_OK, one;

	if (n < 0)
		return EXIT_SYSTEM;
	for (i = 0; i < n && ret != EXIT_SYSTEM; i++) {
		if (asprintf(&path, "%s/%s", dir, names[i]) < 0) {
			zc_error("out of memory");
			ret = EXIT_SYSTEM;
			break;
		}
		one = read_at(c, dirfd, names[i], path, false, true);
		if (one > ret)
			ret = one;
		free(path);
	}
	for (i = 0; i < n; i++)
		free(names[i]);
	free(names);
	return ret;
}

/*
 * The folder @rel of the folder @root, named @sysroot@rel in messages,
 * then what is in it: read_at() of the file @file, or with none
 * read_dropins(). No folder, nothing to read.
 */
static int read_folder(struct conf *c, int root, const char *sysroot,
		       const char *rel, const char *file)
{
	char *dir = NULL, *path = NULL;
	int dirfd, ret = EXIT_SYSTEM;

	if (asprintf(&dir, "%s/%s", sysroot, rel) < 0 ||
	    (file && asprintf(&path, "%s/%s", dir, file) < 0)) {
		zc_error("out of memory");
		free(dir);
		return EXIT_SYSTEM;
	}
	dirfd = open_conf_folder(root, sysroot, rel, dir);
	if (dirfd == -ENOENT)
		ret = EXIT_OK;
	else if (dirfd >= 0 && file)
		ret = read_at(c, dirfd, file, path, true, true);
	else if (dirfd >= 0)
		ret = read_dropins(c, dirfd, dir);
	if (dirfd >= 0)
		close(dirfd);
	free(path);
	free(dir);
	return ret;
}

/* /etc/zswap.conf and /etc/zswap.conf.d/ under @sysroot (NULL for /) */
static int read_default(struct conf *c, const char *sysroot)
{
	int root, ret, one;

	/* The caller chose the sysroot: below it, no link is followed */
	root = open(sysroot ? sysroot : "/",
		    O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (root < 0) {
		zc_error("cannot read %s: %s", sysroot ? sysroot : "/",
			 strerror(errno));
		return EXIT_SYSTEM;
	}
	sysroot = sysroot ? sysroot : "";
	ret = read_folder(c, root, sysroot, CONF_FOLDER, CONF_NAME);
	if (ret != EXIT_SYSTEM) {
		one = read_folder(c, root, sysroot, CONF_DROPIN_FOLDER, NULL);
		if (one > ret)
			ret = one;
	}
	close(root);
	return ret;
}

int conf_read(struct conf *c, const char *sysroot, char *const *files,
	      int nfiles)
{
	int i, one, ret = EXIT_OK;

	memset(c, 0, sizeof(*c));
	c->settings = calloc(nr_set_params, sizeof(*c->settings));
	if (!c->settings) {
		zc_error("out of memory");
		return EXIT_SYSTEM;
	}
	if (!nfiles)
		return read_default(c, sysroot);
	/* Named files: those only, in their order, as sysctl -p FILE... */
	for (i = 0; i < nfiles && ret != EXIT_SYSTEM; i++) {
		one = read_named(c, files[i]);
		if (one > ret)
			ret = one;
	}
	return ret;
}

void conf_free(struct conf *c)
{
	size_t i;

	for (i = 0; c->settings && i < nr_set_params; i++) {
		free(c->settings[i].value);
		free(c->settings[i].file);
	}
	free(c->settings);
	c->settings = NULL;
}
