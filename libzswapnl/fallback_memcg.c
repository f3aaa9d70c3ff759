// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Per-memcg figures without the netlink family, from the cgroup v2 files.
 * A memcg is a cgroup folder with memory.stat; its id is the inode number
 * of the folder, which is what the kernel calls its cgroup id. The root
 * cgroup has no memory.zswap.current nor memory.zswap.max, and no file
 * counts zero pages: those figures stay unknown.
 */

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "internal.h"

#define CGROUP_MOUNT "/sys/fs/cgroup"
/* Cgroups nested deeper than this are not looked at */
#define WALK_DEPTH_MAX 128

static bool has_file(const char *dir, const char *file)
{
	char path[PATH_MAX];

	if (snprintf(path, sizeof(path), "%s/%s", dir, file) >= (int)sizeof(path))
		return false;
	return access(path, F_OK) == 0;
}

/*
 * The cgroup2 mount under the root: /sys/fs/cgroup, or the "unified"
 * hierarchy of a hybrid setup.
 */
int znl_cgroup_root(const struct zswapnl *h, char *buf, size_t size, struct zswapnl_error *err)
{
	char first[PATH_MAX];
	int ret;

	ret = znl_path(h, first, sizeof(first), CGROUP_MOUNT);
	if (ret)
		return znl_err(err, ret, NULL, "the root path is too long");
	if (!has_file(first, "cgroup.controllers") && has_file(first, "unified/cgroup.controllers"))
		ret = znl_path(h, buf, size, CGROUP_MOUNT "/unified");
	else
		ret = znl_path(h, buf, size, CGROUP_MOUNT);
	if (ret)
		return znl_err(err, ret, NULL, "the root path is too long");
	if (!has_file(buf, "cgroup.controllers"))
		return znl_err(err, -ENOENT, NULL, "no cgroup v2 hierarchy at %s", first);
	return 0;
}

/* A path below the cgroup2 root: no "." or ".." in it */
static int cgroup_path_check(const char *path, struct zswapnl_error *err)
{
	const char *p = path, *end;
	size_t len;

	if (!path || !*path)
		return znl_err(err, -EINVAL, "path", "no cgroup path given");
	if (strlen(path) >= PATH_MAX)
		return znl_err(err, -ENAMETOOLONG, "path", "the cgroup path is too long");
	while (*p) {
		while (*p == '/')
			p++;
		end = strchrnul(p, '/');
		len = end - p;
		if ((len == 1 && p[0] == '.') || (len == 2 && p[0] == '.' && p[1] == '.'))
			return znl_err(err, -EINVAL, "path",
				       "the cgroup path %s has a \".\" or \"..\" in it", path);
		p = end;
	}
	return 0;
}

/* "/" and "/a/b" from "", "a//b/" and the like; @out has strlen(@in) + 2 bytes */
static void normalize(const char *in, char *out)
{
	const char *p = in;
	char *o = out;

	while (*p) {
		while (*p == '/')
			p++;
		if (!*p)
			break;
		*o++ = '/';
		while (*p && *p != '/')
			*o++ = *p++;
	}
	if (o == out)
		*o++ = '/';
	*o = '\0';
}

/*
 * The folder of cgroup @path below @cgroot, for both sources' by-path
 * lookups: @rel (PATH_MAX + 1 bytes, as normalize() may add a leading '/')
 * gets the normalized path, @dir (PATH_MAX bytes) the folder, @st its stat.
 */
int znl_cgroup_dir(const char *cgroot, const char *path, char *rel, char *dir,
		   struct stat *st, struct zswapnl_error *err)
{
	int ret;

	ret = cgroup_path_check(path, err);
	if (ret)
		return ret;
	normalize(path, rel);
	if (snprintf(dir, PATH_MAX, "%s%s", cgroot, rel) >= PATH_MAX)
		return znl_err(err, -ENAMETOOLONG, "path", "the cgroup path is too long");
	if (stat(dir, st))
		return znl_err(err, -errno, "path", "no cgroup %s", rel);
	if (!S_ISDIR(st->st_mode))
		return znl_err(err, -ENOTDIR, "path", "%s is not a cgroup", rel);
	return 0;
}

static void read_figures(struct zswapnl *h, const char *dir, struct zswapnl_memcg *m)
{
	char path[PATH_MAX], buf[64], *text;
	uint64_t val;

	if (snprintf(path, sizeof(path), "%s/memory.zswap.current", dir) < (int)sizeof(path) &&
	    !znl_read_u64(path, &m->compressed_bytes))
		m->known |= ZNL_BIT(ZSWAPNL_M_COMPRESSED_BYTES);
	else
		m->compressed_bytes = 0;

	if (snprintf(path, sizeof(path), "%s/memory.zswap.max", dir) < (int)sizeof(path) &&
	    !znl_read_line(path, buf, sizeof(buf))) {
		if (!strcmp(buf, "max")) {
			m->zswap_max = ZSWAPNL_MAX;
			m->known |= ZNL_BIT(ZSWAPNL_M_ZSWAP_MAX);
		} else if (!znl_parse_u64(buf, &m->zswap_max)) {
			m->known |= ZNL_BIT(ZSWAPNL_M_ZSWAP_MAX);
		} else {
			m->zswap_max = 0;
		}
	}

	if (snprintf(path, sizeof(path), "%s/memory.stat", dir) >= (int)sizeof(path) ||
	    znl_read_text(path, &text, NULL))
		return;
	/* "zswapped" is in bytes of the pages stored */
	if (!znl_kv_u64(text, "zswapped", &val)) {
		m->stored_pages = val / h->page_size;
		m->known |= ZNL_BIT(ZSWAPNL_M_STORED_PAGES);
	}
	if (!znl_kv_u64(text, "zswpin", &val)) {
		m->zswpin = val;
		m->known |= ZNL_BIT(ZSWAPNL_M_ZSWPIN);
	}
	if (!znl_kv_u64(text, "zswpout", &val)) {
		m->zswpout = val;
		m->known |= ZNL_BIT(ZSWAPNL_M_ZSWPOUT);
	}
	free(text);
}

/* @m gets memcg @rel (a normalized path below @cgroot) of cgroup id @id */
static int read_memcg(struct zswapnl *h, const char *cgroot, const char *rel, uint64_t id,
		      struct zswapnl_memcg *m, struct zswapnl_error *err)
{
	char dir[PATH_MAX];

	znl_memcg_reset(m);
	if (snprintf(dir, sizeof(dir), "%s%s", cgroot, strcmp(rel, "/") ? rel : "") >=
	    (int)sizeof(dir))
		return znl_err(err, -ENAMETOOLONG, "path", "the cgroup path is too long");
	m->path = strdup(rel);
	if (!m->path)
		return znl_err(err, -ENOMEM, NULL, "out of memory");
	m->id = id;
	m->known = ZNL_BIT(ZSWAPNL_M_ID) | ZNL_BIT(ZSWAPNL_M_PATH);
	read_figures(h, dir, m);
	return 0;
}

/* Walking the cgroup2 tree, folders only, without leaving its file system */
struct walk {
	/* 0 to go on, 1 to stop, or a negative errno */
	int (*visit)(struct walk *w, const char *rel, const struct stat *st, bool is_memcg);
	dev_t dev;
	char rel[PATH_MAX];
	/* what the visitors use */
	struct zswapnl *h;
	const char *cgroot;
	uint64_t id;
	bool found, found_memcg;
	char found_rel[PATH_MAX];
	struct zswapnl_memcg_list *list;
	size_t cap;
	struct zswapnl_error *err;
};

static int walk_dir(struct walk *w, int fd, size_t rel_len, int depth)
{
	struct dirent *de;
	struct stat st;
	DIR *dir;
	int ret = 0, sub;
	size_t name_len;

	if (fstat(fd, &st)) {
		close(fd);
		return 0; /* removed while walking */
	}
	ret = w->visit(w, rel_len ? w->rel : "/", &st,
		       faccessat(fd, "memory.stat", F_OK, 0) == 0);
	if (ret || depth >= WALK_DEPTH_MAX) {
		close(fd);
		return ret;
	}
	dir = fdopendir(fd);
	if (!dir) {
		close(fd);
		return 0;
	}
	while ((de = readdir(dir))) {
		if (de->d_type != DT_DIR && de->d_type != DT_UNKNOWN)
			continue;
		if (!strcmp(de->d_name, ".") || !strcmp(de->d_name, ".."))
			continue;
		name_len = strlen(de->d_name);
		if (rel_len + 1 + name_len >= sizeof(w->rel))
			continue;
		sub = openat(dirfd(dir), de->d_name,
			     O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
		if (sub < 0)
			continue;
		if (fstat(sub, &st) || st.st_dev != w->dev) {
			close(sub);
			continue;
		}
		w->rel[rel_len] = '/';
		memcpy(w->rel + rel_len + 1, de->d_name, name_len + 1);
		ret = walk_dir(w, sub, rel_len + 1 + name_len, depth + 1);
		w->rel[rel_len] = '\0';
		if (ret)
			break;
	}
	closedir(dir);
	return ret;
}

static int walk(struct walk *w)
{
	struct stat st;
	int fd;

	fd = open(w->cgroot, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (fd < 0)
		return znl_err_sys(w->err, -errno, NULL, "open", w->cgroot);
	if (fstat(fd, &st)) {
		close(fd);
		return znl_err_sys(w->err, -errno, NULL, "stat", w->cgroot);
	}
	w->dev = st.st_dev;
	w->rel[0] = '\0';
	return walk_dir(w, fd, 0, 0);
}

static int list_visit(struct walk *w, const char *rel, const struct stat *st, bool is_memcg)
{
	struct zswapnl_memcg m;
	int ret;

	if (!is_memcg)
		return 0;
	ret = read_memcg(w->h, w->cgroot, rel, st->st_ino, &m, w->err);
	if (ret)
		return ret;
	ret = znl_list_append(w->list, &w->cap, &m);
	if (ret) {
		zswapnl_memcg_free(&m);
		return znl_err(w->err, ret, NULL, "out of memory");
	}
	return 0;
}

int znl_fb_list_memcgs(struct zswapnl *h, struct zswapnl_memcg_list *list,
		       struct zswapnl_error *err)
{
	char cgroot[PATH_MAX];
	struct walk *w = NULL;
	int ret;

	ret = znl_cgroup_root(h, cgroot, sizeof(cgroot), err);
	if (ret)
		return ret;
	w = calloc(1, sizeof(*w));
	if (!w)
		return znl_err(err, -ENOMEM, NULL, "out of memory");
	w->visit = list_visit;
	w->h = h;
	w->cgroot = cgroot;
	w->list = list;
	w->err = err;
	ret = walk(w);
	free(w);
	if (ret < 0)
		return ret;
	znl_list_sort(list);
	return 0;
}

static int find_visit(struct walk *w, const char *rel, const struct stat *st, bool is_memcg)
{
	if (st->st_ino != w->id)
		return 0;
	w->found = true;
	w->found_memcg = is_memcg;
	snprintf(w->found_rel, sizeof(w->found_rel), "%s", rel);
	return 1;
}

/* *@found gets the walk that found memcg @id, to free */
static int find_cgroup(struct zswapnl *h, const char *cgroot, uint64_t id, struct walk **found,
		       struct zswapnl_error *err)
{
	struct walk *w = NULL;
	int ret;

	w = calloc(1, sizeof(*w));
	if (!w)
		return znl_err(err, -ENOMEM, NULL, "out of memory");
	w->visit = find_visit;
	w->h = h;
	w->cgroot = cgroot;
	w->id = id;
	w->err = err;
	ret = walk(w);
	if (ret >= 0 && !w->found)
		ret = znl_err(err, -ENOENT, "id", "no cgroup with this id");
	else if (ret >= 0 && !w->found_memcg)
		ret = znl_err(err, -ENOENT, "id",
			      "the memory controller is not enabled for this cgroup");
	if (ret < 0) {
		free(w);
		return ret;
	}
	*found = w;
	return 0;
}

int znl_fb_get_memcg(struct zswapnl *h, uint64_t id, struct zswapnl_memcg *m,
		     struct zswapnl_error *err)
{
	char cgroot[PATH_MAX];
	struct walk *w = NULL;
	int ret;

	ret = znl_cgroup_root(h, cgroot, sizeof(cgroot), err);
	if (ret)
		return ret;
	ret = find_cgroup(h, cgroot, id, &w, err);
	if (ret)
		return ret;
	ret = read_memcg(h, cgroot, w->found_rel, id, m, err);
	free(w);
	return ret;
}

int znl_fb_get_memcg_by_path(struct zswapnl *h, const char *path, struct zswapnl_memcg *m,
			     struct zswapnl_error *err)
{
	char cgroot[PATH_MAX], rel[PATH_MAX + 1], dir[PATH_MAX];
	struct stat st;
	int ret;

	ret = znl_cgroup_root(h, cgroot, sizeof(cgroot), err);
	if (ret)
		return ret;
	ret = znl_cgroup_dir(cgroot, path, rel, dir, &st, err);
	if (ret)
		return ret;
	if (!has_file(dir, "memory.stat"))
		return znl_err(err, -ENOENT, "path",
			       "the memory controller is not enabled for this cgroup");
	return read_memcg(h, cgroot, rel, st.st_ino, m, err);
}

int znl_fb_set_memcg_zswap_max(struct zswapnl *h, uint64_t id, uint64_t max,
			       struct zswapnl_error *err)
{
	char cgroot[PATH_MAX], path[PATH_MAX], val[32];
	struct walk *w = NULL;
	int ret;

	ret = znl_cgroup_root(h, cgroot, sizeof(cgroot), err);
	if (ret)
		return ret;
	ret = find_cgroup(h, cgroot, id, &w, err);
	if (ret)
		return ret;
	if (!strcmp(w->found_rel, "/")) {
		free(w);
		return znl_err(err, -EINVAL, "id", "the root cgroup has no memory.zswap.max");
	}
	ret = snprintf(path, sizeof(path), "%s%s/memory.zswap.max", cgroot, w->found_rel);
	free(w);
	if (ret >= (int)sizeof(path))
		return znl_err(err, -ENAMETOOLONG, "path", "the cgroup path is too long");
	if (max == ZSWAPNL_MAX)
		snprintf(val, sizeof(val), "max");
	else
		snprintf(val, sizeof(val), "%" PRIu64, max);
	ret = znl_write_text(path, val);
	if (ret)
		return znl_err_sys(err, ret, "zswap-max", "write", path);
	return 0;
}
