// SPDX-License-Identifier: GPL-2.0
/*
 * A full cgroup path on the command line is one under the cgroup2 mount
 * point, wherever mountinfo says it is: /sys/fs/cgroup/unified on a hybrid
 * host, where a path under /sys/fs/cgroup/memory (cgroup v1) is no full
 * path at all, and stays what it is, to be reported as not found.
 */
#include <errno.h>

#include "cgroup_ref.h"
#include "zswapctl-tap.h"

static void under(const char *mount, const char *arg, const char *want)
{
	struct cgroup_ref ref;
	int ret = cgroup_ref_parse_under(arg, mount, &ref);
	char what[256];

	snprintf(what, sizeof(what), "'%s' with cgroup2 at %s is %s", arg,
		 mount, want);
	if (ret || ref.by_id)
		tap_ok(false, "%s (ret %d)", what, ret);
	else
		tap_str(ref.path, want, what);
	cgroup_ref_free(&ref);
}

int main(void)
{
	const char *unified = "/sys/fs/cgroup/unified";
	struct cgroup_ref ref;

	under(unified, "/sys/fs/cgroup/unified/a/b", "/a/b");
	under(unified, "/sys/fs/cgroup/unified", "/");
	under(unified, "/sys/fs/cgroup/unified/", "/");
	under(unified, "/sys/fs/cgroup/unifiedx/a",
	      "/sys/fs/cgroup/unifiedx/a");
	under(unified, "/sys/fs/cgroup/memory/a", "/sys/fs/cgroup/memory/a");
	under(unified, "/a/b", "/a/b");
	under(unified, "a", "/a");
	under("/mnt/cg two", "/mnt/cg two/x", "/x");
	/* cgroup2 mounted at "/" (a container's): absolute is below it */
	under("/", "/a/b", "/a/b");
	under("/", "/", "/");
	/* the default is /sys/fs/cgroup */
	tap_ok(!cgroup_ref_parse("/sys/fs/cgroup/a", &ref) &&
		       !strcmp(ref.path, "/a"),
	       "cgroup_ref_parse() takes /sys/fs/cgroup");
	cgroup_ref_free(&ref);
	tap_ok(cgroup_ref_parse_under("/sys/fs/cgroup/unified/../b", unified,
				      &ref) == -EINVAL,
	       ".. is refused under any mount point");
	tap_ok(!cgroup_ref_parse_under("42", unified, &ref) && ref.by_id &&
		       ref.id == 42,
	       "digits are an id whatever the mount point");
	return tap_done();
}
