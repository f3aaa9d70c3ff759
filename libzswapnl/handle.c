// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * A handle: its source, chosen at open time, and what that source needs.
 * AUTO takes the netlink family when the kernel has it, and the files
 * otherwise; NETLINK fails with -EOPNOTSUPP where there is no family.
 */

#include <errno.h>
#include <linux/zswap.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>
#include <unistd.h>

#include "internal.h"

static int set_root(struct zswapnl *h, const char *root, struct zswapnl_error *err)
{
	size_t len;

	if (!root)
		root = "/";
	len = strlen(root);
	while (len && root[len - 1] == '/')
		len--;
	h->root = strndup(root, len);
	if (!h->root)
		return znl_err(err, -ENOMEM, NULL, "out of memory");
	/*
	 * The folder of another root, opened as the caller named it: every
	 * file under it is opened from it, and nothing resolves outside it
	 * (znl_open_in_root()). A root that cannot be opened fails each read
	 * with the reason, as its missing files would.
	 */
	h->root_fd = -EBADF;
	if (len) {
		h->root_fd = open(h->root, O_PATH | O_DIRECTORY | O_CLOEXEC);
		if (h->root_fd < 0)
			h->root_fd = -errno;
	}
	return 0;
}

/*
 * The page size of the system the handle reads. The kernel's family and
 * the files of "/" are the running system's; a tree under another root
 * was recorded on a system that may have had other pages (64 KiB on
 * arm64 or ppc64le), and says which in its proc/self/smaps, as every
 * process's does: the KernelPageSize of its first mapping. A tree without
 * one leaves the page size unknown, and what is counted with it.
 */
static void find_page_size(struct zswapnl *h)
{
	char path[4096], *text;
	uint64_t kb;
	int ret;

	h->page_size_error = 0;
	if (h->source == ZSWAPNL_SOURCE_NETLINK || !*h->root) {
		h->page_size = sysconf(_SC_PAGESIZE);
		if (h->page_size <= 0)
			h->page_size = 4096;
		return;
	}
	h->page_size = 0;
	ret = znl_path(h, path, sizeof(path), "/proc/self/smaps");
	if (!ret)
		ret = znl_read_text(h, path, &text, NULL);
	if (!ret) {
		ret = znl_kv_u64(text, "KernelPageSize", &kb);
		free(text);
		/* A power of two from 1 KiB to 1 GiB: no page is of another size */
		if (ret == -ENOENT || ret == -EINVAL || (!ret && (kb < 1 || kb > (1 << 20) ||
								  (kb & (kb - 1)))))
			ret = -EBADMSG;
	}
	if (ret)
		h->page_size_error = ret;
	else
		h->page_size = kb * 1024;
}

/*
 * The release of the kernel the handle reads, as the page size's: the
 * running one's (uname(2)) over netlink and under "/", else the tree's
 * proc/sys/kernel/osrelease, which is what uname(2) says on the system
 * it was copied from. "6.12.118+deb13-amd64" is 6.12; a tree without the
 * file, or with no release in it, leaves it unknown (0).
 */
static void find_kernel(struct zswapnl *h)
{
	char path[4096], buf[65];
	unsigned int major, minor;
	struct utsname uts;
	const char *release = buf;

	h->kernel = 0;
	if (h->source == ZSWAPNL_SOURCE_NETLINK || !*h->root) {
		if (uname(&uts))
			return;
		release = uts.release;
	} else if (znl_path(h, path, sizeof(path), "/proc/sys/kernel/osrelease") ||
		   znl_read_line(h, path, buf, sizeof(buf))) {
		return;
	}
	if (sscanf(release, "%u.%u", &major, &minor) == 2 && major && major < 1000 && minor < 256)
		h->kernel = ZNL_KERNEL(major, minor);
}

int zswapnl_page_size(const struct zswapnl *handle, uint64_t *size, struct zswapnl_error *why)
{
	char path[4096], buf[64];

	znl_err_clear(why);
	if (!handle)
		return znl_err(why, -EINVAL, NULL, "no handle");
	if (handle->page_size) {
		if (size)
			*size = handle->page_size;
		return 0;
	}
	if (znl_path(handle, path, sizeof(path), "/proc/self/smaps"))
		snprintf(path, sizeof(path), "/proc/self/smaps");
	return znl_err(why, handle->page_size_error, NULL,
		       "needs the page size, which %s would give: %s", path,
		       strerror_r(-handle->page_size_error, buf, sizeof(buf)));
}

/* Errors of znl_nl_open() that mean the kernel has no such family */
static bool family_absent(int ret)
{
	return ret == -ENOENT || ret == -EAFNOSUPPORT || ret == -EPROTONOSUPPORT;
}

/*
 * Errors that mean the system does not let this process use netlink: a
 * seccomp filter (a container runtime's, systemd's SystemCallFilter=) or a
 * security module refused the socket or the request. The family may well
 * be there; the files are what is left, and they say what they can.
 */
static bool netlink_denied(int ret)
{
	return ret == -EPERM || ret == -EACCES;
}

/* @err->msg becomes "netlink denied: WHAT: why THEN", and its code @code */
static void denied_msg(struct zswapnl_error *err, int ret, int code, const char *then)
{
	char what[sizeof(err->msg)], why[64];

	if (!err)
		return;
	/* A refusal in the kernel's reply may come without a message */
	snprintf(what, sizeof(what), "%s", err->msg[0] ? err->msg : "the request for the family");
	znl_err(err, code, NULL, "netlink denied: %s: %s%s", what,
		strerror_r(-ret, why, sizeof(why)), then);
}

/*
 * A family of another layout (the project's earlier draft, whose commands
 * and attributes have other numbers) would be misread. Rather than that,
 * AUTO reads the files, with a note in @err, and NETLINK fails. A later
 * kernel's additions are fine: what the library does not know, it skips.
 */
static int family_other_layout(struct zswapnl *h, enum zswapnl_mode mode,
			       struct zswapnl_error *err)
{
	znl_nl_close(h);
	return znl_err(err, mode == ZSWAPNL_MODE_AUTO ? 0 : -EOPNOTSUPP, NULL,
		       "the kernel's \"%s\" netlink family is an earlier draft, not the one this library speaks%s",
		       ZSWAP_FAMILY_NAME,
		       mode == ZSWAPNL_MODE_AUTO ? "; reading the files instead" : "");
}

/* zswapnl_open() over @xport, or over a socket of its own when NULL */
int znl_open(struct zswapnl **handle, const struct zswapnl_options *opts,
	     const struct znl_transport *xport, void *xport_data, struct zswapnl_error *err)
{
	enum zswapnl_mode mode = ZSWAPNL_MODE_AUTO;
	const char *root = NULL;
	struct zswapnl *h;
	int ret;

	znl_err_clear(err);
	if (!handle)
		return znl_err(err, -EINVAL, NULL, "no place for the handle");
	*handle = NULL;
	if (opts) {
		ret = znl_check_size(opts->struct_size, ZNL_OPTIONS_SIZE_V1, "options", err);
		if (ret)
			return ret;
		mode = opts->mode;
		root = opts->root;
	}
	if (mode != ZSWAPNL_MODE_AUTO && mode != ZSWAPNL_MODE_NETLINK &&
	    mode != ZSWAPNL_MODE_FALLBACK)
		return znl_err(err, -EINVAL, NULL, "unknown mode %d", (int)mode);

	h = calloc(1, sizeof(*h));
	if (!h)
		return znl_err(err, -ENOMEM, NULL, "out of memory");
	h->xport = xport;
	h->xport_data = xport_data;
	h->root_fd = -EBADF;
	ret = set_root(h, root, err);
	if (ret)
		goto fail;

	h->mode = mode;
	h->source = ZSWAPNL_SOURCE_FALLBACK;
	if (mode != ZSWAPNL_MODE_FALLBACK) {
		ret = znl_nl_open(h, err);
		if (!ret && !h->family_ok) {
			ret = family_other_layout(h, mode, err);
			if (ret)
				goto fail;
		} else if (!ret) {
			h->source = ZSWAPNL_SOURCE_NETLINK;
		} else if (family_absent(ret)) {
			znl_nl_close(h);
			if (mode == ZSWAPNL_MODE_NETLINK) {
				ret = znl_err(err, -EOPNOTSUPP, NULL,
					      "the kernel has no \"zswap\" generic netlink family");
				goto fail;
			}
			znl_err_clear(err);
		} else if (netlink_denied(ret) && mode == ZSWAPNL_MODE_AUTO) {
			/* A success, with a note in @err for the caller to pass on */
			znl_nl_close(h);
			denied_msg(err, ret, 0, "; reading the files instead");
		} else {
			if (netlink_denied(ret))
				denied_msg(err, ret, ret, "");
			goto fail;
		}
	}
	h->memcg_source = h->source;
	find_page_size(h);
	find_kernel(h);
	*handle = h;
	return 0;

fail:
	zswapnl_close(h);
	return ret;
}

int zswapnl_open(struct zswapnl **handle, const struct zswapnl_options *opts,
		 struct zswapnl_error *err)
{
	return znl_open(handle, opts, NULL, NULL, err);
}

void zswapnl_close(struct zswapnl *handle)
{
	if (!handle)
		return;
	znl_nl_close(handle);
	if (handle->root_fd >= 0)
		close(handle->root_fd);
	free(handle->root);
	free(handle);
}

enum zswapnl_source zswapnl_source(const struct zswapnl *handle)
{
	return handle ? handle->source : 0;
}

enum zswapnl_source zswapnl_memcg_source(const struct zswapnl *handle)
{
	return handle ? handle->memcg_source : 0;
}
