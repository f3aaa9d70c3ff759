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
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include "conf.h"

/* Longer lines are refused: no value comes near it, and /dev/zero ends */
#define CONF_LINE_MAX 4096

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

#define TRAILING_COMMENT_WHY "a comment after the value (a comment takes a line of its own)"

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
			*why = trailing_comment(p) ? TRAILING_COMMENT_WHY :
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

/*
 * A line of @f into @buf without its newline: its length, -1 at the end of
 * the file (or on an error), -2 when it does not fit; @nul when it holds a
 * NUL byte
 */
static int read_line(FILE *f, char *buf, size_t size, bool *nul)
{
	size_t n = 0;
	int c;

	*nul = false;
	while ((c = getc(f)) != EOF && c != '\n') {
		if (n + 1 == size)
			return -2;
		*nul |= c == '\0';
		buf[n++] = (char)c;
	}
	if (c == EOF && !n)
		return -1;
	buf[n] = '\0';
	return (int)n;
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

/* One "key = value" of @path: checked, and kept if it is right */
static int take_line(struct conf *c, char *text, const char *path,
		     unsigned int line)
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
		return zc_usage("%s:%u: %s", path, line, why);
	p = set_param_by_name(key);
	if (!p) {
		key_list(msg, sizeof(msg));
		return zc_usage("%s:%u: unknown key '%s' (the keys: %s)", path,
				line, key, msg);
	}
	if (!*value)
		return zc_usage("%s:%u: %s has no value", path, line, key);
	if (set_param_value(p, key, value, &scratch, msg, sizeof(msg)))
		return zc_usage("%s:%u: %s", path, line, msg);
	return keep(c, p, value, path, line);
}

/* Every line of @f, the file @path: the worst exit code of them */
static int read_lines(struct conf *c, FILE *f, const char *path)
{
	static const char bom[] = "\xef\xbb\xbf";
	char buf[CONF_LINE_MAX], *text;
	unsigned int line = 0;
	int n, ret, worst = EXIT_OK;
	bool nul;

	errno = 0;
	while ((n = read_line(f, buf, sizeof(buf), &nul)) != -1) {
		line++;
		if (n == -2)
			return zc_usage("%s:%u: a line longer than %d bytes",
					path, line, CONF_LINE_MAX - 1);
		if (nul) {
			worst = zc_usage("%s:%u: a NUL byte", path, line);
			continue;
		}
		/* What some editors write at the start of a UTF-8 file */
		text = line == 1 && !strncmp(buf, bom, 3) ? buf + 3 : buf;
		ret = take_line(c, text, path, line);
		if (ret == EXIT_SYSTEM)
			return ret;
		if (ret)
			worst = ret;
	}
	if (ferror(f)) {
		zc_error("cannot read %s: %s", path,
			 strerror(errno ? errno : EIO));
		return EXIT_SYSTEM;
	}
	return worst;
}

/*
 * What a file of the configuration may be: a regular file, or /dev/null
 * (a link to it is how systemd masks a file, and reads as empty)
 */
static bool is_conf_file(const struct stat *st)
{
	return S_ISREG(st->st_mode) ||
	       (S_ISCHR(st->st_mode) && st->st_rdev == makedev(1, 3));
}

/*
 * The file @path. Not being there is no error when @optional; a file of
 * the configuration (@any_type false) that is not one of is_conf_file()
 * is, before it is read: a FIFO no one writes would wait for ever, at
 * boot. A file named on the command line may be a pipe (/dev/stdin).
 */
static int read_path(struct conf *c, const char *path, bool optional,
		     bool any_type)
{
	struct stat st;
	FILE *f;
	int fd, ret;

	/* O_NONBLOCK: opening a FIFO waits for a writer without it */
	fd = open(path, O_RDONLY | O_CLOEXEC | (any_type ? 0 : O_NONBLOCK));
	if (fd < 0 && optional && errno == ENOENT)
		return EXIT_OK;
	if (fd >= 0 && !any_type) {
		if (fstat(fd, &st) || fcntl(fd, F_SETFL, 0)) {
			ret = errno;
			close(fd);
			errno = ret;
			fd = -1;
		} else if (!is_conf_file(&st)) {
			close(fd);
			zc_error("cannot read %s: %s", path,
				 S_ISDIR(st.st_mode) ? strerror(EISDIR) :
						       "not a regular file");
			return EXIT_SYSTEM;
		}
	}
	f = fd < 0 ? NULL : fdopen(fd, "r");
	if (!f) {
		zc_error("cannot read %s: %s", path, strerror(errno));
		if (fd >= 0)
			close(fd);
		return EXIT_SYSTEM;
	}
	c->files++;
	ret = read_lines(c, f, path);
	fclose(f);
	return ret;
}

static int compare_names(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/*
 * A drop-in: "*.conf", not hidden, and one of is_conf_file(), links
 * followed; a folder, a FIFO or a link to nothing is not one
 */
static bool is_dropin(const char *dir, const char *name)
{
	size_t len = strlen(name);
	char path[PATH_MAX];
	struct stat st;

	if (name[0] == '.' || len < 5 || strcmp(name + len - 5, ".conf"))
		return false;
	if ((size_t)snprintf(path, sizeof(path), "%s/%s", dir, name) >=
		    sizeof(path) ||
	    stat(path, &st))
		return false;
	return is_conf_file(&st);
}

/* The drop-ins of @dir in lexical order; no folder, no drop-in */
static int read_dropins(struct conf *c, const char *dir)
{
	char **names = NULL, **bigger, path[PATH_MAX];
	size_t n = 0, cap = 0, i;
	struct dirent *de;
	int ret = EXIT_OK, one;
	DIR *d = opendir(dir);

	if (!d && errno == ENOENT)
		return EXIT_OK;
	if (!d) {
		zc_error("cannot read the folder %s: %s", dir, strerror(errno));
		return EXIT_SYSTEM;
	}
	/* readdir() sets errno on a failure only, and stat() on a link to nothing */
	for (errno = 0; (de = readdir(d)); errno = 0) {
		if (!is_dropin(dir, de->d_name))
			continue;
		if (n == cap) {
			cap = cap ? 2 * cap : 16;
			bigger = realloc(names, cap * sizeof(*names));
			if (!bigger)
				goto oom;
			names = bigger;
		}
		names[n] = strdup(de->d_name);
		if (!names[n])
			goto oom;
		n++;
	}
	if (errno) {
		zc_error("cannot read the folder %s: %s", dir, strerror(errno));
		ret = EXIT_SYSTEM;
	}
	if (n)
		qsort(names, n, sizeof(*names), compare_names);
	for (i = 0; i < n && ret != EXIT_SYSTEM; i++) {
		/* is_dropin() made the same path */
		if ((size_t)snprintf(path, sizeof(path), "%s/%s", dir,
				     names[i]) >= sizeof(path))
			continue;
		one = read_path(c, path, false, false);
		if (one > ret)
			ret = one;
	}
	goto out;
oom:
	zc_error("out of memory");
	ret = EXIT_SYSTEM;
out:
	for (i = 0; i < n; i++)
		free(names[i]);
	free(names);
	closedir(d);
	return ret;
}

int conf_read(struct conf *c, const char *sysroot, char *const *files,
	      int nfiles)
{
	char path[PATH_MAX];
	int i, one, ret = EXIT_OK;

	memset(c, 0, sizeof(*c));
	c->settings = calloc(nr_set_params, sizeof(*c->settings));
	if (!c->settings) {
		zc_error("out of memory");
		return EXIT_SYSTEM;
	}
	/* Named files: those only, in their order, as sysctl -p FILE... */
	for (i = 0; i < nfiles && ret != EXIT_SYSTEM; i++) {
		one = read_path(c, files[i], false, true);
		if (one > ret)
			ret = one;
	}
	if (nfiles)
		return ret;
	if ((size_t)snprintf(path, sizeof(path), "%s%s", sysroot ? sysroot : "",
			     CONF_FILE) >= sizeof(path)) {
		zc_error("the --sysroot path is too long");
		return EXIT_USAGE;
	}
	ret = read_path(c, path, true, false);
	if (ret == EXIT_SYSTEM)
		return ret;
	snprintf(path, sizeof(path), "%s%s", sysroot ? sysroot : "", CONF_DIR);
	one = read_dropins(c, path);
	return one > ret ? one : ret;
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
