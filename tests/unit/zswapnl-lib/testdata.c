// SPDX-License-Identifier: LGPL-2.1-or-later
/* See testdata.h */

#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <libmnl/libmnl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "tap.h"
#include "testdata.h"

#ifndef ZSWAPNL_TEST_TOP
#define ZSWAPNL_TEST_TOP "."
#endif

const char *td_path(const char *rel)
{
	static char path[PATH_MAX];
	const char *top = getenv("ZSWAPNL_TEST_TOP");

	snprintf(path, sizeof(path), "%s/%s", top && *top ? top : ZSWAPNL_TEST_TOP, rel);
	return path;
}

static int hexval(int c)
{
	return isdigit(c) ? c - '0' : tolower(c) - 'a' + 10;
}

struct td_bytes td_hex(const char *rel)
{
	struct td_bytes b = { 0 };
	const char *path = td_path(rel);
	char line[1024], *p;
	size_t cap = 0;
	FILE *f;

	f = fopen(path, "r");
	if (!f) {
		tap_diag("cannot open %s: %m", path);
		exit(1);
	}
	while (fgets(line, sizeof(line), f)) {
		if (line[0] == '#')
			continue;
		for (p = line; *p; p++) {
			if (isspace((unsigned char)*p))
				continue;
			if (!isxdigit((unsigned char)p[0]) || !isxdigit((unsigned char)p[1])) {
				tap_diag("%s: not hex: %s", path, line);
				exit(1);
			}
			if (b.len == cap) {
				cap = cap ? cap * 2 : 256;
				b.data = realloc(b.data, cap);
				if (!b.data)
					exit(1);
			}
			b.data[b.len++] = hexval(p[0]) << 4 | hexval(p[1]);
			p++;
		}
	}
	fclose(f);
	return b;
}

void td_free(struct td_bytes *b)
{
	free(b->data);
	b->data = NULL;
	b->len = 0;
}

unsigned int td_hex_datagrams(const char *rel, struct td_bytes *out, unsigned int max)
{
	struct td_bytes all = td_hex(rel);
	char line[1024];
	unsigned int n = 0, idx;
	size_t off = 0, len;
	FILE *f = fopen(td_path(rel), "r");

	while (f && fgets(line, sizeof(line), f)) {
		if (sscanf(line, "# datagram %u: %zu bytes", &idx, &len) != 2)
			continue;
		if (n == max || off + len > all.len) {
			tap_diag("%s: datagram %u does not fit", rel, idx);
			exit(1);
		}
		out[n].data = td_dup(all.data + off, len);
		out[n++].len = len;
		off += len;
	}
	if (f)
		fclose(f);
	if (off != all.len) {
		tap_diag("%s: the datagrams hold %zu of %zu bytes", rel, off, all.len);
		exit(1);
	}
	td_free(&all);
	return n;
}

const struct nlmsghdr *td_msg(const struct td_bytes *b, unsigned int index)
{
	const struct nlmsghdr *nlh;
	int len = b->len;

	for (nlh = (const struct nlmsghdr *)b->data; mnl_nlmsg_ok(nlh, len);
	     nlh = mnl_nlmsg_next(nlh, &len))
		if (!index--)
			return nlh;
	return NULL;
}

unsigned int td_msg_count(const struct td_bytes *b)
{
	unsigned int n = 0;

	while (td_msg(b, n))
		n++;
	return n;
}

unsigned char *td_dup(const void *data, size_t len)
{
	unsigned char *p = malloc(len ? len : 1);

	if (!p)
		exit(1);
	memcpy(p, data, len);
	return p;
}

static const char *copy_dst;
static size_t copy_src_len;

static int copy_one(const char *path, const struct stat *st, int type, struct FTW *ftw)
{
	char dst[PATH_MAX], buf[8192];
	int in, out, ret = 0;
	ssize_t n;

	(void)ftw;
	snprintf(dst, sizeof(dst), "%s%s", copy_dst, path + copy_src_len);
	if (type == FTW_D)
		return mkdir(dst, st->st_mode & 0777) && errno != EEXIST ? -1 : 0;
	if (type != FTW_F)
		return 0;
	in = open(path, O_RDONLY);
	out = open(dst, O_WRONLY | O_CREAT | O_TRUNC, st->st_mode & 0777);
	if (in < 0 || out < 0)
		ret = -1;
	while (!ret && (n = read(in, buf, sizeof(buf))) > 0)
		if (write(out, buf, n) != n)
			ret = -1;
	if (in >= 0)
		close(in);
	if (out >= 0)
		close(out);
	return ret;
}

int td_copy_tree(const char *src, const char *dst)
{
	copy_dst = dst;
	copy_src_len = strlen(src);
	return nftw(src, copy_one, 16, FTW_PHYS);
}

static int remove_one(const char *path, const struct stat *st, int type, struct FTW *ftw)
{
	(void)st;
	(void)type;
	(void)ftw;
	return remove(path);
}

int td_remove_tree(const char *path)
{
	return nftw(path, remove_one, 16, FTW_DEPTH | FTW_PHYS);
}

/* The name of every td_tmpdir() folder starts so */
#define TD_TMPDIR_PREFIX "zswapnl-test."

int td_remove_copy(const char *root)
{
	char dir[PATH_MAX];
	char *slash, *base;

	/* Only ever "<td_tmpdir()>/<name>": nothing else is removed */
	if (snprintf(dir, sizeof(dir), "%s", root) >= (int)sizeof(dir))
		return -1;
	slash = strrchr(dir, '/');
	if (!slash || !slash[1])
		return -1;
	*slash = '\0';
	base = strrchr(dir, '/');
	if (!base || strncmp(base + 1, TD_TMPDIR_PREFIX, strlen(TD_TMPDIR_PREFIX)))
		return -1;
	if (td_remove_tree(root))
		return -1;
	return rmdir(dir);
}

const char *td_tmpdir(void)
{
	static char path[PATH_MAX];
	const char *tmp = getenv("TMPDIR");

	snprintf(path, sizeof(path), "%s/" TD_TMPDIR_PREFIX "XXXXXX", tmp && *tmp ? tmp : "/tmp");
	if (!mkdtemp(path)) {
		tap_diag("mkdtemp %s: %m", path);
		exit(1);
	}
	return path;
}

const char *td_read_line(const char *path)
{
	static char line[4096];
	FILE *f = fopen(path, "r");

	line[0] = '\0';
	if (!f)
		return "(unreadable)";
	if (!fgets(line, sizeof(line), f))
		line[0] = '\0';
	fclose(f);
	line[strcspn(line, "\n")] = '\0';
	return line;
}

int td_write(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");
	int ret;

	if (!f)
		return -1;
	ret = fputs(text, f) < 0 ? -1 : 0;
	return fclose(f) ? -1 : ret;
}
