// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <string.h>

#include "cgroup_ref.h"
#include "parse.h"

/* Skip the mount point of a full path, but not of "/sys/fs/cgroupX" */
static const char *strip_mount(const char *arg, const char *mount)
{
	size_t len = strlen(mount);

	/* "/": every absolute path is a full path already */
	if (len == 1 && mount[0] == '/')
		return arg;
	if (!strncmp(arg, mount, len) && (arg[len] == '/' || !arg[len]))
		return arg + len;
	return arg;
}

int cgroup_ref_parse(const char *arg, struct cgroup_ref *ref)
{
	return cgroup_ref_parse_under(arg, CGROUP_ROOT, ref);
}

int cgroup_ref_parse_under(const char *arg, const char *mount,
			   struct cgroup_ref *ref)
{
	const char *p;
	size_t n = 0;

	memset(ref, 0, sizeof(*ref));
	if (!*arg)
		return -EINVAL;
	if (!parse_u64(arg, &ref->id)) {
		ref->by_id = true;
		return ref->id ? 0 : -EINVAL;
	}
	if (strspn(arg, "0123456789") == strlen(arg))
		return -EINVAL; /* digits, but too many */

	/* Copy one component at a time, each after one slash */
	for (p = strip_mount(arg, mount); *p;) {
		size_t len;

		while (*p == '/')
			p++;
		len = strcspn(p, "/");
		if (!len)
			break;
		if (len == 1 && p[0] == '.') {
			p += len;
			continue;
		}
		if (len == 2 && p[0] == '.' && p[1] == '.')
			return -EINVAL;
		if (n + 1 + len + 1 > sizeof(ref->path))
			return -ENAMETOOLONG;
		ref->path[n++] = '/';
		memcpy(ref->path + n, p, len);
		n += len;
		p += len;
	}
	if (!n)
		ref->path[n++] = '/';
	ref->path[n] = '\0';
	return 0;
}

bool cgroup_path_within(const char *path, const char *top)
{
	size_t len = strlen(top);

	if (!strcmp(top, "/"))
		return path[0] == '/';
	return !strncmp(path, top, len) && (path[len] == '/' || !path[len]);
}
