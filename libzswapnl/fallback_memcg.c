// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Per-memcg figures without the netlink family, from the cgroup v2 files.
 * A memcg is a cgroup folder with memory.stat; its id is the kernel's cgroup
 * id, which znl_cgroup_id() reads from the folder's file handle. The files
 * and lines each figure comes from are in its entry of fields.c. The root
 * cgroup has no memory.zswap.current nor memory.zswap.max, and no file
 * counts zero pages: those figures stay unknown. memory.zswap.writeback
 * (Linux 6.8) is hierarchical: a memcg's effective value is its own file
 * and that of every ancestor, which the listing's walk carries down and a
 * lookup of one memcg climbs to.
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

#include "cgroup2_mount.h"
#include "internal.h"

#define CGROUP_MOUNT "/sys/fs/cgroup"
/* include/linux/exportfs.h: the handle type of a kernfs node, its u64 id */
#define FILEID_KERNFS 0xfe

/* 0 when @dir/@file exists, -ENOENT when not, or why it cannot be known */
static int find_file(const struct zswapnl *h, const char *dir, const char *file)
{
	char path[PATH_MAX];
	int fd;

	if (snprintf(path, sizeof(path), "%s/%s", dir, file) >= (int)sizeof(path))
		return -ENAMETOOLONG;
	fd = znl_open_in_root(h, path, O_PATH);
	if (fd < 0)
		return fd;
	close(fd);
	return 0;
}

/* Is "memory" one of the words of the file @dir/cgroup.controllers? */
static bool has_memory_controller(const struct zswapnl *h, const char *dir)
{
	char path[PATH_MAX], *text, *word, *save;
	bool found = false;

	if (snprintf(path, sizeof(path), "%s/cgroup.controllers", dir) >= (int)sizeof(path) ||
	    znl_read_text(h, path, &text, NULL))
		return false;
	for (word = strtok_r(text, " \t\n", &save); word && !found;
	     word = strtok_r(NULL, " \t\n", &save))
		found = !strcmp(word, "memory");
	free(text);
	return found;
}

/*
 * The cgroup2 mount under the root, as /proc/self/mountinfo under the root
 * names it: /sys/fs/cgroup, or /sys/fs/cgroup/unified on a hybrid host, or
 * wherever it is. A root without that file (a recorded tree without one,
 * or no /proc) has it at /sys/fs/cgroup. -EOPNOTSUPP, saying why, when
 * there is no cgroup2 hierarchy, or one without the memory controller (a
 * hybrid host that left it to cgroup v1): these figures are not to be had
 * here, which is not the same as a cgroup that does not exist.
 */
int znl_cgroup_root(const struct zswapnl *h, char *buf, size_t size, struct zswapnl_error *err)
{
	char mountinfo[PATH_MAX], mnt[PATH_MAX], *text;
	int ret;

	ret = znl_path(h, mountinfo, sizeof(mountinfo), "/proc/self/mountinfo");
	if (ret)
		return znl_err(err, ret, NULL, "the root path is too long");
	ret = znl_read_text(h, mountinfo, &text, NULL);
	if (!ret) {
		ret = znl_cgroup2_mount(text, mnt, sizeof(mnt));
		free(text);
		if (ret == -ENOENT)
			return znl_err(err, -EOPNOTSUPP, NULL,
				       "no cgroup v2 hierarchy is mounted (%s lists no cgroup2)",
				       mountinfo);
		if (!ret)
			ret = znl_path(h, buf, size, "%s", mnt);
	} else if (ret == -ENOENT) {
		ret = znl_path(h, buf, size, CGROUP_MOUNT);
	} else {
		/* Guessing /sys/fs/cgroup could name a cgroup v1 tree */
		return znl_err(err, ret, NULL, "cannot read %s", mountinfo);
	}
	if (ret)
		return znl_err(err, ret, NULL, "the cgroup2 path is too long");
	ret = find_file(h, buf, "cgroup.controllers");
	if (ret == -ENOENT || ret == -ENOTDIR)
		return znl_err(err, -EOPNOTSUPP, NULL, "no cgroup v2 hierarchy at %s", buf);
	if (ret)
		return znl_err(err, ret, NULL, "cannot look into %s", buf);
	if (!has_memory_controller(h, buf))
		return znl_err(err, -EOPNOTSUPP, NULL,
			       "the cgroup v2 hierarchy at %s has no memory controller (cgroup v1 may hold it)",
			       buf);
	return 0;
}

/* A path below the cgroup2 root: no "." or ".." in it */
static int cgroup_path_check(const char *path, struct zswapnl_error *err)
{
	const char *p = path, *end;
	size_t len;

	if (!path || !*path)
		return znl_err(err, -EINVAL, "path", "no cgroup path given");
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
 * The folder of cgroup @path below the cgroup2 root (znl_cgroup_root()),
 * for both sources' by-path lookups, opened a component at a time from
 * the root's folder, as the
 * walk opens folders: a cgroup name may be 255 bytes and the tree as deep
 * as its owner likes, so that its path may be far longer than PATH_MAX,
 * and a cgroup a listing shows can be asked for by its path. No link is
 * followed and no other file system entered. Its fd, with *@rel (to free)
 * the normalized path and @st its stat, or a negative errno.
 */
int znl_cgroup_open(const struct zswapnl *h, const char *path, char **rel, struct stat *st,
		    struct zswapnl_error *err)
{
	char cgroot[PATH_MAX], *name, *end;
	char why[64];
	dev_t dev;
	int fd, next, ret;

	*rel = NULL;
	ret = znl_cgroup_root(h, cgroot, sizeof(cgroot), err);
	if (!ret)
		ret = cgroup_path_check(path, err);
	if (ret)
		return ret;
	*rel = malloc(strlen(path) + 2);
	name = malloc(strlen(path) + 1);
	if (!*rel || !name) {
		ret = znl_err(err, -ENOMEM, NULL, "out of memory");
		goto fail;
	}
	normalize(path, *rel);
	fd = znl_open_in_root(h, cgroot, O_RDONLY | O_DIRECTORY);
	if (fd < 0 || fstat(fd, st)) {
		ret = znl_err_sys(err, fd < 0 ? fd : -errno, NULL, "open", cgroot);
		if (fd >= 0)
			close(fd);
		goto fail;
	}
	dev = st->st_dev;
	for (end = *rel; *end == '/' && end[1];) {
		size_t len = strcspn(end + 1, "/");

		memcpy(name, end + 1, len);
		name[len] = '\0';
		end += 1 + len;
		next = openat(fd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
		ret = next < 0 ? -errno : 0;
		close(fd);
		fd = next;
		if (!ret && fstat(fd, st))
			ret = -errno;
		else if (!ret && st->st_dev != dev)
			ret = -ENOTDIR;
		if (!ret)
			continue;
		if (fd >= 0)
			close(fd);
		/* A file, a link, another file system: not a cgroup */
		if (ret == -ENOTDIR || ret == -ELOOP)
			ret = znl_err(err, -ENOTDIR, "path", "%s is not a cgroup", *rel);
		else if (ret == -ENOENT)
			ret = znl_err(err, ret, "path", "no cgroup %s", *rel);
		else
			ret = znl_err(err, ret, "path", "cannot open cgroup %s: %s", *rel,
				      strerror_r(-ret, why, sizeof(why)));
		goto fail;
	}
	free(name);
	return fd;

fail:
	free(name);
	free(*rel);
	*rel = NULL;
	return ret;
}

/* Why a file's figure is unknown: a value of the wrong kind is -EBADMSG */
static int file_error(int ret)
{
	return ret == -EINVAL || ret == -EOVERFLOW ? -EBADMSG : ret;
}

/* A file of the memcg's folder: a number, or "max" for a limit */
static int read_file_value(int dirfd, const struct znl_field *f, uint64_t *val)
{
	char buf[64];
	int ret;

	ret = znl_read_line_at(dirfd, f->name_in_source, buf, sizeof(buf));
	if (!ret && (f->info.flags & ZSWAPNL_INFO_MAX) && !strcmp(buf, "max"))
		*val = ZSWAPNL_MAX;
	else if (!ret)
		ret = znl_parse_u64(buf, val);
	return ret;
}

/*
 * The figures of the memcg whose folder is open as @dirfd that its files
 * and the lines of its memory.stat give (fields.c)
 */
static void read_figures(struct zswapnl *h, int dirfd, struct zswapnl_memcg *m)
{
	const struct znl_table *t = &znl_memcg_table;
	const struct znl_field *f;
	char *stat = NULL;
	uint64_t val;
	int ret, stat_ret;
	size_t i;

	stat_ret = znl_read_text_at(dirfd, "memory.stat", &stat, NULL);
	for (i = 0; (f = znl_field_at(t, i)); i++) {
		if (f->from == ZNL_FROM_CGROUP_FILE)
			ret = read_file_value(dirfd, f, &val);
		else if (f->from == ZNL_FROM_MEMORY_STAT)
			ret = stat_ret ?: znl_kv_u64(stat, f->name_in_source, &val);
		else
			continue;
		if (ret) {
			znl_memcg_unknown(m, f->info.field, file_error(ret));
		} else if (f->source_bytes && !h->page_size) {
			znl_memcg_unknown(m, f->info.field, h->page_size_error);
		} else {
			if (f->source_bytes)
				val /= h->page_size;
			znl_field_set(t, m, f, val);
		}
	}
	free(stat);
}

/*
 * What no cgroup file gives (zero pages), and nothing read above says
 * why, this source does not have
 */
static void mark_unsupported(struct zswapnl_memcg *m)
{
	const struct znl_field *f;
	size_t i;

	for (i = 0; (f = znl_field_at(&znl_memcg_table, i)); i++)
		if (!znl_field_recorded(&znl_memcg_table, m, f->info.field))
			znl_memcg_unknown(m, f->info.field, -EOPNOTSUPP);
}

/* memory.zswap.writeback of the folder open as @dirfd: 1, 0 or a negative errno */
static int read_writeback(int dirfd)
{
	uint64_t val;
	int ret;

	ret = znl_read_u64_at(dirfd, "memory.zswap.writeback", &val);
	if (ret)
		return file_error(ret);
	return val > 1 ? -ERANGE : (int)val;
}

/*
 * Writeback of a memcg and of its ancestors together (each 1, 0 or a
 * negative errno): off in one is off, whatever could not be read; else the
 * first error, which is the nearest one
 */
static int writeback_and(int near, int far)
{
	if (!near || !far)
		return 0;
	return near < 0 ? near : far;
}

/*
 * What the root's file @own means to the cgroups below it: a kernel that
 * gives the file to the other cgroups only (the series' patch does) cannot
 * turn writeback off at the root
 */
static int root_for_children(int own)
{
	return own == -ENOENT ? 1 : own;
}

/*
 * The writeback of the ancestors of memcg @rel (normalized), open as
 * @dirfd: the file of each folder up to the cgroup2 root, opened a level
 * at a time as the walk opens them, since the path may be longer than
 * PATH_MAX
 */
static int ancestors_writeback(int dirfd, const char *rel)
{
	size_t levels = 0;
	int fd = dirfd, up, val = 1, own;
	const char *p;

	/* "/" has none, "/a" the root, "/a/b" /a and the root */
	for (p = rel; *p; p++)
		levels += *p == '/' && p[1];
	while (levels-- && val) {
		up = openat(fd, "..", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
		own = up < 0 ? -errno : read_writeback(up);
		if (fd != dirfd)
			close(fd);
		fd = up;
		if (fd < 0)
			return writeback_and(val, own);
		val = writeback_and(val, levels ? own : root_for_children(own));
	}
	if (fd != dirfd)
		close(fd);
	return val;
}

/* A flag of @m from @val, 1, 0 or why it is unknown */
static void set_flag(struct zswapnl_memcg *m, enum zswapnl_memcg_field field, bool *flag,
		     int val)
{
	if (val < 0) {
		znl_memcg_unknown(m, field, val);
		return;
	}
	*flag = val;
	m->known |= ZNL_BIT(field);
}

/* "Not known yet": the ancestors' writeback is found by climbing to the root */
#define WB_CLIMB INT_MIN

/*
 * @m gets its memory.zswap.writeback, the folder's file @own, and the
 * effective value, with @above the writeback of its ancestors (1 for the
 * root, which has none; WB_CLIMB to climb for it). Returns what it is to
 * the memcgs below it.
 */
static int fill_writeback(struct zswapnl_memcg *m, int dirfd, const char *rel, int above)
{
	bool root = !strcmp(rel, "/");
	int own = read_writeback(dirfd), eff;

	/* Off here is off below, whatever is above */
	if (above == WB_CLIMB)
		above = root || !own ? 1 : ancestors_writeback(dirfd, rel);
	eff = writeback_and(own, above);
	set_flag(m, ZSWAPNL_M_WRITEBACK, &m->writeback, own);
	set_flag(m, ZSWAPNL_M_WRITEBACK_EFFECTIVE, &m->writeback_effective, eff);
	return root ? root_for_children(own) : eff;
}

/*
 * The cgroup id of the cgroup2 folder open as @fd: the kernfs node id, which
 * is what name_to_handle_at() gives as the folder's handle. On a 64-bit
 * kernel it equals the inode number, but a 32-bit kernel puts a generation
 * in the high half and only the low half in st_ino, so the inode number is
 * used only where the kernel gives no kernfs handle.
 */
uint64_t znl_cgroup_id(int fd, const struct stat *st)
{
	struct {
		struct file_handle fh;
		uint64_t kernfs_id;
	} handle = { .fh.handle_bytes = sizeof(uint64_t) };
	uint64_t id;
	int mount_id;

	if (name_to_handle_at(fd, "", &handle.fh, &mount_id, AT_EMPTY_PATH) == 0 &&
	    handle.fh.handle_type == FILEID_KERNFS &&
	    handle.fh.handle_bytes == sizeof(uint64_t)) {
		memcpy(&id, handle.fh.f_handle, sizeof(id));
		return id;
	}
	/*
	 * Not cgroupfs (a test's sysroot), or no handles at all: a kernel
	 * without CONFIG_FHANDLE (ENOSYS), a seccomp filter. The inode number
	 * is the id on every 64-bit kernel.
	 */
	return st->st_ino;
}

/*
 * @m gets memcg @rel (a normalized path) of cgroup id @id, its folder open
 * as @dirfd, with @above the writeback of its ancestors (fill_writeback());
 * *@below, when not NULL, what its writeback is to the memcgs below it
 */
static int read_memcg(struct zswapnl *h, int dirfd, const char *rel, uint64_t id,
		      struct zswapnl_memcg *m, int above, int *below, struct zswapnl_error *err)
{
	int wb;

	znl_memcg_reset(m);
	m->path = strdup(rel);
	if (!m->path)
		return znl_err(err, -ENOMEM, NULL, "out of memory");
	m->id = id;
	m->known = ZNL_BIT(ZSWAPNL_M_ID) | ZNL_BIT(ZSWAPNL_M_PATH);
	read_figures(h, dirfd, m);
	wb = fill_writeback(m, dirfd, rel, above);
	mark_unsupported(m);
	if (below)
		*below = wb;
	return 0;
}

/*
 * Walking the cgroup2 tree, folders only, without leaving its file system,
 * to any depth and whatever the length of the paths: a cgroup name may be
 * 255 bytes and the tree as deep as its owner likes (cgroup.max.depth is
 * "max" unless set), and a cgroup the walk left out would be one a monitor
 * never sees. Folders are opened with openat() from their parent, never
 * by path, and their figures read the same way; at most WALK_FDS_MAX of
 * them stay open, the others are opened again, from the nearest open one,
 * when the walk comes back to them.
 */
#define WALK_FDS_MAX 32

struct frame {
	int fd;			/* -1 while closed */
	ino_t ino;		/* to check that a folder opened again is the same */
	size_t rel_len;		/* the length of its path in walk.rel */
	char **names;		/* its subfolders, read when the walk entered it */
	size_t nnames, next;
	int writeback;		/* what its writeback is to the memcgs below (listing) */
};

struct walk {
	/* 0 to go on, 1 to stop, or a negative errno */
	int (*visit)(struct walk *w, const char *rel, int fd, const struct stat *st,
		     bool is_memcg);
	dev_t dev;
	char *rel;		/* "/a/b" of the folder visited, "" for the root */
	size_t rel_cap;
	struct frame *stack;	/* the folders from the root down to the one walked */
	size_t depth, stack_cap, open_fds;
	/* what the visitors use */
	struct zswapnl *h;
	uint64_t id;
	bool found, found_memcg;
	char *found_rel;
	int found_fd;
	struct zswapnl_memcg_list *list;
	size_t cap;
	int writeback;		/* of the folder visited last, for its frame */
	struct zswapnl_error *err;
	/* The folders that could not be opened, the first error, some paths */
	size_t skipped;
	int skip_error;
	char skip_paths[160];
};

/*
 * The names of the subfolders of the folder open as @fd: 0, or a negative
 * errno, with those read before it in @f
 */
static int read_subfolders(int fd, struct frame *f)
{
	struct dirent *de;
	size_t cap = 0;
	char **bigger;
	DIR *dir;
	int dfd, ret;

	dfd = fcntl(fd, F_DUPFD_CLOEXEC, 0);
	if (dfd < 0)
		return -errno;
	dir = fdopendir(dfd);
	if (!dir) {
		ret = -errno;
		close(dfd);
		return ret;
	}
	for (;;) {
		errno = 0;
		de = readdir(dir);
		if (!de)
			break;
		if (de->d_type != DT_DIR && de->d_type != DT_UNKNOWN)
			continue;
		if (!strcmp(de->d_name, ".") || !strcmp(de->d_name, ".."))
			continue;
		if (f->nnames == cap) {
			cap = cap ? 2 * cap : 16;
			bigger = reallocarray(f->names, cap, sizeof(*f->names));
			if (!bigger)
				break;
			f->names = bigger;
		}
		f->names[f->nnames] = strdup(de->d_name);
		if (!f->names[f->nnames])
			break;
		f->nnames++;
	}
	ret = de ? -ENOMEM : -errno;
	closedir(dir);
	return ret;
}

static void close_frame(struct walk *w, struct frame *f)
{
	if (f->fd < 0)
		return;
	close(f->fd);
	f->fd = -1;
	w->open_fds--;
}

/*
 * Over the limit, close the folders nearest the root, which the walk needs
 * last, but never the root's, nor frame @top and its parent
 */
static void close_over_limit(struct walk *w, size_t top)
{
	size_t i;

	for (i = 1; i + 1 < top && w->open_fds > WALK_FDS_MAX; i++)
		close_frame(w, &w->stack[i]);
}

static void pop_frame(struct walk *w)
{
	struct frame *f = &w->stack[--w->depth];
	struct frame *up = w->depth ? &w->stack[w->depth - 1] : NULL;
	struct stat st;
	int fd;

	/*
	 * A parent that close_over_limit() closed is opened again as ".." of
	 * this folder while it is open, and taken if it is the folder the
	 * walk left: one open, where frame_fd() would open the chain again
	 * from the nearest open folder above (a comb, a chain with a folder
	 * beside each level, made the walk quadratic in its depth).
	 */
	if (up && up->fd < 0 && f->fd >= 0) {
		fd = openat(f->fd, "..", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
		if (fd >= 0 && !fstat(fd, &st) && st.st_dev == w->dev && st.st_ino == up->ino) {
			up->fd = fd;
			w->open_fds++;
		} else if (fd >= 0) {
			close(fd);
		}
	}
	close_frame(w, f);
	while (f->nnames)
		free(f->names[--f->nnames]);
	free(f->names);
}

/*
 * The folder @name in the first @rel_len bytes of w->rel could not be
 * opened ("*": the folder there could not be read): one gone since it was
 * listed, a file (DT_UNKNOWN), another file system mounted there or a link
 * is no cgroup this walk was to find; anything else (a folder closed to
 * this user, no file descriptor left) loses cgroups, which the caller is
 * to hear of
 */
static void skip_folder(struct walk *w, size_t rel_len, const char *name, int error)
{
	size_t used = strlen(w->skip_paths);

	if (error == -ENOENT || error == -ENOTDIR || error == -EXDEV || error == -ELOOP)
		return;
	if (!w->skipped++)
		w->skip_error = error;
	if (used < sizeof(w->skip_paths) - 1)
		snprintf(w->skip_paths + used, sizeof(w->skip_paths) - used, "%s%.*s/%s",
			 used ? ", " : "", (int)rel_len, w->rel, name);
}

/*
 * What @err says of the folders the walk could not open or read: for a
 * listing (@code 0, a note), that their cgroups are not in it; for a
 * lookup by id, that the cgroup may be one of them
 */
static int skipped_msg(const struct walk *w, int code)
{
	bool denied = w->skip_error == -EACCES || w->skip_error == -EPERM;
	bool cut = strlen(w->skip_paths) >= sizeof(w->skip_paths) - 1;
	char why[64], folders[96];

	snprintf(folders, sizeof(folders), "%zu cgroup folder%s could not be opened or read (%s)",
		 w->skipped, w->skipped == 1 ? "" : "s",
		 strerror_r(-w->skip_error, why, sizeof(why)));
	if (code)
		return znl_err(w->err, code, "id", "not among the cgroups it could see: %s: %s%s",
			       folders, w->skip_paths, cut ? "..." : "");
	return znl_err(w->err, 0, NULL, "%s; not listed, with the cgroups below them%s: %s%s",
		       folders, denied ? " (root would list them)" : "",
		       w->skip_paths, cut ? "..." : "");
}

/* Enter the folder open as @fd, whose path is the first @rel_len bytes of w->rel */
static int push_frame(struct walk *w, int fd, const struct stat *st, size_t rel_len)
{
	struct frame *f, *bigger;
	int ret;

	if (w->depth == w->stack_cap) {
		w->stack_cap = w->stack_cap ? 2 * w->stack_cap : 64;
		bigger = reallocarray(w->stack, w->stack_cap, sizeof(*w->stack));
		if (!bigger) {
			close(fd);
			return -ENOMEM;
		}
		w->stack = bigger;
	}
	f = &w->stack[w->depth++];
	*f = (struct frame){ .fd = fd, .ino = st->st_ino, .rel_len = rel_len,
			     .writeback = w->writeback };
	w->open_fds++;
	close_over_limit(w, w->depth - 1);
	ret = read_subfolders(fd, f);
	if (ret == -ENOMEM)
		return ret;
	/* What it could read of them, it walks */
	if (ret)
		skip_folder(w, rel_len, "*", ret);
	return 0;
}

/* w->rel gets "/@name" at @len: 0 or -ENOMEM */
static int rel_append(struct walk *w, size_t len, const char *name)
{
	size_t need = len + 1 + strlen(name) + 1;
	char *bigger;

	if (need > w->rel_cap) {
		bigger = realloc(w->rel, 2 * need);
		if (!bigger)
			return -ENOMEM;
		w->rel = bigger;
		w->rel_cap = 2 * need;
	}
	w->rel[len] = '/';
	strcpy(w->rel + len + 1, name);
	return 0;
}

/* @name in the folder open as @dirfd, if it is a folder on the walk's file system */
static int open_folder(struct walk *w, int dirfd, const char *name, struct stat *st)
{
	int fd = openat(dirfd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);

	if (fd < 0)
		return -errno;
	if (fstat(fd, st) || st->st_dev != w->dev) {
		close(fd);
		return -EXDEV;
	}
	return fd;
}

/*
 * The folder of frame @i, opened again from the nearest open folder above
 * it when it was closed: its fd, or a negative errno when it is gone or is
 * not the same folder any more.
 */
static int frame_fd(struct walk *w, size_t i)
{
	struct frame *f = &w->stack[i];
	size_t j = i, k;
	struct stat st;
	char *name;
	int fd;

	if (f->fd >= 0)
		return f->fd;
	/* The root's folder stays open */
	while (w->stack[j].fd < 0)
		j--;
	for (k = j + 1; k <= i; k++) {
		struct frame *up = &w->stack[k - 1];

		name = strndup(w->rel + up->rel_len + 1,
			       w->stack[k].rel_len - up->rel_len - 1);
		if (!name)
			return -ENOMEM;
		fd = open_folder(w, up->fd, name, &st);
		free(name);
		if (fd >= 0 && st.st_ino != w->stack[k].ino) {
			close(fd);
			fd = -ENOENT;
		}
		if (fd < 0)
			return fd;
		w->stack[k].fd = fd;
		w->open_fds++;
		/* The last folders opened are the ones the walk needs next */
		close_over_limit(w, k);
	}
	return f->fd;
}

static bool has_memory_stat(int fd)
{
	return faccessat(fd, "memory.stat", F_OK, 0) == 0;
}

/* The next folder of the walk: 0, 1 when the walk is over, or a negative errno */
static int walk_step(struct walk *w)
{
	struct frame *f = &w->stack[w->depth - 1];
	struct stat st;
	int fd, ret;

	if (f->next == f->nnames) {
		pop_frame(w);
		return w->depth ? 0 : 1;
	}
	fd = frame_fd(w, w->depth - 1);
	if (fd == -ENOMEM)
		return fd;
	if (fd < 0) {
		/* The folder went away, or was replaced: its subfolders went with it */
		f->next = f->nnames;
		return 0;
	}
	fd = open_folder(w, fd, f->names[f->next++], &st);
	if (fd == -ENOMEM)
		return fd;
	if (fd < 0) {
		skip_folder(w, f->rel_len, f->names[f->next - 1], fd);
		return 0;
	}
	ret = rel_append(w, f->rel_len, f->names[f->next - 1]);
	if (!ret)
		ret = w->visit(w, w->rel, fd, &st, has_memory_stat(fd));
	if (ret) {
		close(fd);
		return ret;
	}
	return push_frame(w, fd, &st, f->rel_len + 1 + strlen(f->names[f->next - 1]));
}

static int walk(struct walk *w, const char *cgroot)
{
	struct stat st;
	int fd, ret;

	fd = znl_open_in_root(w->h, cgroot, O_RDONLY | O_DIRECTORY);
	if (fd < 0)
		return znl_err_sys(w->err, fd, NULL, "open", cgroot);
	if (fstat(fd, &st)) {
		ret = -errno;
		close(fd);
		return znl_err_sys(w->err, ret, NULL, "stat", cgroot);
	}
	w->dev = st.st_dev;
	ret = rel_append(w, 0, "");
	if (!ret)
		ret = w->visit(w, "/", fd, &st, has_memory_stat(fd));
	if (ret) {
		close(fd);
	} else {
		w->rel[0] = '\0';
		ret = push_frame(w, fd, &st, 0);
		while (!ret)
			ret = walk_step(w);
	}
	while (w->depth)
		pop_frame(w);
	free(w->stack);
	free(w->rel);
	if (ret == -ENOMEM)
		return znl_err(w->err, ret, NULL, "out of memory");
	return ret < 0 ? ret : 0;
}

static int list_visit(struct walk *w, const char *rel, int fd, const struct stat *st,
		      bool is_memcg)
{
	/* The parent's frame is on top: the walk visits a folder before it enters it */
	int above = w->depth ? w->stack[w->depth - 1].writeback : 1;
	struct zswapnl_memcg m;
	int ret;

	/* A folder without the memory controller turns nothing off */
	w->writeback = above;
	if (!is_memcg)
		return 0;
	ret = read_memcg(w->h, fd, rel, znl_cgroup_id(fd, st), &m, above, &w->writeback,
			 w->err);
	if (ret)
		return ret;
	znl_list_path_bound(&m);
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
	struct walk w = { .visit = list_visit, .h = h, .list = list, .err = err };
	char cgroot[PATH_MAX];
	int ret;

	ret = znl_cgroup_root(h, cgroot, sizeof(cgroot), err);
	if (ret)
		return ret;
	ret = walk(&w, cgroot);
	if (ret < 0)
		return ret;
	znl_list_sort(list);
	/* A success, with a note in @err for the caller to pass on */
	if (w.skipped)
		skipped_msg(&w, 0);
	return 0;
}

/* The walk stops at the folder of cgroup w->id, and keeps it open */
static int find_visit(struct walk *w, const char *rel, int fd, const struct stat *st,
		      bool is_memcg)
{
	if (znl_cgroup_id(fd, st) != w->id)
		return 0;
	w->found = true;
	w->found_memcg = is_memcg;
	w->found_rel = strdup(rel);
	if (!w->found_rel)
		return -ENOMEM;
	w->found_fd = fcntl(fd, F_DUPFD_CLOEXEC, 0);
	if (w->found_fd < 0)
		return znl_err_sys(w->err, -errno, NULL, "keep open the folder of cgroup", rel);
	return 1;
}

static void found_free(struct walk *w)
{
	free(w->found_rel);
	w->found_rel = NULL;
	if (w->found_fd >= 0)
		close(w->found_fd);
	w->found_fd = -1;
}

/* @w gets the path and the open folder of memcg @id, to free with found_free() */
static int find_cgroup(struct zswapnl *h, const char *cgroot, uint64_t id, struct walk *w,
		       struct zswapnl_error *err)
{
	int ret;

	*w = (struct walk){ .visit = find_visit, .h = h, .id = id, .found_fd = -1,
			    .err = err };
	ret = walk(w, cgroot);
	/* Not among the folders it could open: it may be in one of the others */
	if (ret >= 0 && !w->found && w->skipped)
		ret = skipped_msg(w, w->skip_error);
	else if (ret >= 0 && !w->found)
		ret = znl_err(err, -ENOENT, "id", "no cgroup with this id");
	else if (ret >= 0 && !w->found_memcg)
		ret = znl_err(err, -ENOENT, "id",
			      "the memory controller is not enabled for this cgroup");
	if (ret < 0)
		found_free(w);
	return ret < 0 ? ret : 0;
}

/* The cgroup2 root into @cgroot and, into @w, memcg @id found below it */
static int find_memcg(struct zswapnl *h, uint64_t id, char *cgroot, size_t size, struct walk *w,
		      struct zswapnl_error *err)
{
	int ret = znl_cgroup_root(h, cgroot, size, err);

	return ret ? ret : find_cgroup(h, cgroot, id, w, err);
}

int znl_fb_get_memcg(struct zswapnl *h, uint64_t id, struct zswapnl_memcg *m,
		     struct zswapnl_error *err)
{
	char cgroot[PATH_MAX];
	struct walk w;
	int ret;

	ret = find_memcg(h, id, cgroot, sizeof(cgroot), &w, err);
	if (ret)
		return ret;
	ret = read_memcg(h, w.found_fd, w.found_rel, id, m, WB_CLIMB, NULL, err);
	found_free(&w);
	return ret;
}

int znl_fb_get_memcg_by_path(struct zswapnl *h, const char *path, struct zswapnl_memcg *m,
			     struct zswapnl_error *err)
{
	struct stat st;
	char *rel;
	int ret, fd;

	fd = znl_cgroup_open(h, path, &rel, &st, err);
	if (fd < 0)
		return fd;
	if (!has_memory_stat(fd))
		ret = znl_err(err, -ENOENT, "path",
			      "the memory controller is not enabled for this cgroup");
	else
		ret = read_memcg(h, fd, rel, znl_cgroup_id(fd, &st), m, WB_CLIMB, NULL, err);
	close(fd);
	free(rel);
	return ret;
}

/*
 * Write @val into the file @file of the memcg @w found; @attr names the
 * figure in @err. -ENOENT when the kernel has no such file there.
 */
static int write_memcg_file(const char *cgroot, const struct walk *w, const char *file,
			    const char *attr, const char *val, struct zswapnl_error *err)
{
	char *path;
	int ret;

	ret = znl_write_text_at(w->found_fd, file, val);
	if (ret) {
		/* The message names the file, as much of it as fits */
		if (asprintf(&path, "%s%s/%s", cgroot, w->found_rel, file) < 0)
			path = NULL;
		znl_err_sys(err, ret, attr, "write", path ? path : file);
		free(path);
	}
	return ret;
}

int znl_fb_set_memcg_zswap_max(struct zswapnl *h, uint64_t id, uint64_t max,
			       struct zswapnl_error *err)
{
	char cgroot[PATH_MAX], val[32];
	struct walk w;
	int ret;

	ret = find_memcg(h, id, cgroot, sizeof(cgroot), &w, err);
	if (ret)
		return ret;
	if (!strcmp(w.found_rel, "/")) {
		found_free(&w);
		return znl_err(err, -EINVAL, "id", "the root cgroup has no memory.zswap.max");
	}
	if (max == ZSWAPNL_MAX)
		snprintf(val, sizeof(val), "max");
	else
		snprintf(val, sizeof(val), "%" PRIu64, max);
	ret = write_memcg_file(cgroot, &w, "memory.zswap.max", "zswap-max", val, err);
	found_free(&w);
	return ret;
}

int znl_fb_set_memcg_writeback(struct zswapnl *h, uint64_t id, bool writeback,
			       struct zswapnl_error *err)
{
	char cgroot[PATH_MAX];
	struct walk w;
	bool root;
	int ret;

	ret = find_memcg(h, id, cgroot, sizeof(cgroot), &w, err);
	if (ret)
		return ret;
	root = !strcmp(w.found_rel, "/");
	ret = write_memcg_file(cgroot, &w, "memory.zswap.writeback", "writeback",
			       writeback ? "1" : "0", err);
	found_free(&w);
	/* Upstream Linux has the file in every cgroup, the series' patch in all but the root */
	if (ret == -ENOENT && root)
		return znl_err(err, -EOPNOTSUPP, NULL,
			       "the root cgroup has no memory.zswap.writeback on this kernel");
	if (ret == -ENOENT)
		return znl_err(err, -EOPNOTSUPP, NULL,
			       "this kernel has no memory.zswap.writeback (Linux 6.8 and later have it)");
	return ret;
}
