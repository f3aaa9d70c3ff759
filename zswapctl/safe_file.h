/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Files that root reads or writes on another user's behalf: the exporter
 * writes into /var/lib/prometheus, which Debian gives to the prometheus
 * user, and zswapctl.service reads zswap.conf(5) at boot. A path there is
 * not trusted to stay what it was when someone looked at it, so:
 *
 *  - no symbolic link in it is followed: each folder is opened from its
 *    parent with O_NOFOLLOW, so whoever may change a folder on the way
 *    can make the path fail, never lead somewhere else;
 *  - the folder that holds the file must be one that only root and the
 *    caller may change: owned by one of them, and writable by no other
 *    user (through its group or others bits, which also show any ACL's
 *    mask) unless it is sticky;
 *  - the file is a regular file, looked at before it is opened: a link,
 *    a FIFO, a device or a socket is refused, never opened.
 *
 * The functions say what is wrong in @why, a phrase that follows
 * "cannot write PATH: " or "cannot read PATH: ".
 */
#ifndef ZSWAPCTL_SAFE_FILE_H
#define ZSWAPCTL_SAFE_FILE_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/stat.h>
#include <sys/types.h>

/* Room for any reason these functions give: they name a path */
#define SAFE_WHY_MAX 4352

/*
 * Open the folder @path, relative to the folder @at (or AT_FDCWD), with
 * no symbolic link followed on the way: a descriptor opened O_RDONLY |
 * O_DIRECTORY, or -1 with the reason in @why and errno set (ENOENT when
 * a folder on the way is not there). A reason names a folder on the way
 * as @at_name and a slash (none for NULL), then a part of @path.
 */
int safe_folder_open(int at, const char *at_name, const char *path, char *why,
		     size_t size);

/*
 * May only root and the caller change the folder @dirfd (named @path in
 * the reason)? false with the reason in @why. A folder others may write is
 * trusted when it is sticky and @sticky_ok: to write a file, which they
 * can then neither remove nor rename; never to read what is in it, which
 * they could have put there.
 */
bool safe_folder_trusted(int dirfd, const char *path, bool sticky_ok,
			 char *why, size_t size);

/*
 * May only root and the caller change the open file @fd? false with the
 * reason in @why (as sshd's StrictModes: owned by one of them, writable by
 * no group and no other user).
 */
bool safe_file_trusted(int fd, char *why, size_t size);

/*
 * What is at @name in the folder @dirfd, the link itself if it is one:
 * 1 for a regular file (in @st), 0 for nothing there (when @may_be_missing),
 * -1 with the reason in @why for anything else or an error.
 */
int safe_file_kind(int dirfd, const char *name, bool may_be_missing,
		   struct stat *st, char *why, size_t size);

/*
 * Open the regular file @name of the folder @dirfd for reading, no link
 * followed and no FIFO or device opened: a descriptor, or -1 with the
 * reason in @why (errno ENOENT when it is not there).
 */
int safe_file_open_read(int dirfd, const char *name, char *why, size_t size);

/*
 * The whole of the regular file @rel ("proc/self/mountinfo") of the tree
 * @root, or of "/" when @root is NULL, NUL-terminated, in @text to free:
 * its length, or -1 with errno set (EFBIG when longer than @max). A tree
 * that --sysroot names may be another user's: no link in it is followed
 * and no FIFO or device opened there. "/" is the running system's, whose
 * links (/proc/self) are the kernel's.
 */
ssize_t safe_read_in_root(const char *root, const char *rel, size_t max, char **text);

/*
 * Split @path into the folder and the last name: "a/b" gives "a" and "b",
 * "b" gives "." and "b", "/b" gives "/" and "b". The folder is to free;
 * NULL when out of memory.
 */
char *safe_split(const char *path, const char **name);

#endif /* ZSWAPCTL_SAFE_FILE_H */
