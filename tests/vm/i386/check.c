// SPDX-License-Identifier: GPL-2.0
/*
 * The tests of the 32-bit guest (tests/vm/run --arch i386), a static i386
 * program: the guest has no shell, bats or libmnl, so this is their TAP
 * producer. It writes TAP to stdout and to suites.tap in the run folder.
 *
 *   1. The guest is 32-bit and its cgroup ids exceed 32 bits, the case a
 *      dump cursor kept in a long (cb->args[]) truncates.
 *   2. A MEMCG_GET dump of --memcgs cgroups (default 100), read over raw
 *      generic netlink in buffers small enough that it takes several dump
 *      calls, ends with NLMSG_DONE and returns each cgroup exactly once,
 *      with its path; no cgroup at all comes twice. The ids it is checked
 *      against come from the cgroup folders (name_to_handle_at), not from
 *      the family.
 *   3. swapverify (built static for i386) through a cgroup whose
 *      memory.max is below its memory: 0 mismatches, and zswap held pages
 *      while it did (zswpout rose and debugfs stored_pages with it).
 *
 * usage: check --swapverify PATH [--memcgs N] [--mib N] [--max-mib N]
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <inttypes.h>
#include <signal.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/utsname.h>
#include <sys/wait.h>
#include <unistd.h>
#include <linux/genetlink.h>
#include <linux/netlink.h>
#include <linux/zswap.h>

#define CGROOT "/sys/fs/cgroup"
#define DUMP_CG "dump32"
#define VERIFY_CG "verify32"
/*
 * The receive buffer, so the kernel's dump skb: it must hold the dump's
 * min_dump_alloc (one record with a PATH_MAX path, some 4.2 KiB), and
 * 8 KiB is some 60 records of this test, so 100 cgroups take at least
 * two dump calls, and the cursor carries the dump from one to the next.
 */
#define RECV_BUF 8192
#define DUMP_SECONDS 300

static FILE *tap;
static int test_no, failed;

static void out(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	if (tap) {
		va_start(ap, fmt);
		vfprintf(tap, fmt, ap);
		va_end(ap);
		fflush(tap);
	}
	fflush(stdout);
}

/* A diagnostic line of the current test */
#define diag(...) out("# " __VA_ARGS__)

static void result(bool ok, const char *what)
{
	test_no++;
	out("%sok %d %s\n", ok ? "" : "not ", test_no, what);
	if (!ok)
		failed = 1;
}

static int write_str(const char *path, const char *s)
{
	int fd = open(path, O_WRONLY);
	ssize_t n;

	if (fd < 0)
		return -1;
	n = write(fd, s, strlen(s));
	close(fd);
	return n == (ssize_t)strlen(s) ? 0 : -1;
}

/* The value of key KEY in a "key value" file (/proc/vmstat, memory.stat) */
static int read_key(const char *path, const char *key, uint64_t *val)
{
	char line[256], name[128];
	unsigned long long v;
	FILE *f = fopen(path, "r");

	if (!f)
		return -1;
	while (fgets(line, sizeof(line), f))
		if (sscanf(line, "%127s %llu", name, &v) == 2 && !strcmp(name, key)) {
			*val = v;
			fclose(f);
			return 0;
		}
	fclose(f);
	return -1;
}

static int read_u64(const char *path, uint64_t *val)
{
	unsigned long long v;
	FILE *f = fopen(path, "r");
	int ret = -1;

	if (f && fscanf(f, "%llu", &v) == 1) {
		*val = v;
		ret = 0;
	}
	if (f)
		fclose(f);
	return ret;
}

/*
 * The cgroup id of a cgroup2 folder: its file handle is the 64-bit kernfs
 * node id, the id the family sends (stat's inode number is its low half
 * only, on 32-bit).
 */
static int cgroup_id(const char *path, uint64_t *id)
{
	struct {
		struct file_handle fh;
		unsigned char bytes[8];
	} h = { .fh.handle_bytes = 8 };
	int mount_id;

	if (name_to_handle_at(AT_FDCWD, path, &h.fh, &mount_id, 0))
		return -1;
	if (h.fh.handle_bytes != 8) {
		errno = EPROTO;
		return -1;
	}
	memcpy(id, h.fh.f_handle, 8);
	return 0;
}

/* Remove the test's cgroups left by an earlier run, children first */
static void remove_tree(const char *cg, unsigned int n)
{
	char path[256];
	unsigned int i;

	for (i = 0; i < n; i++) {
		snprintf(path, sizeof(path), CGROOT "/%s/cg%03u", cg, i);
		rmdir(path);
	}
	snprintf(path, sizeof(path), CGROOT "/%s", cg);
	rmdir(path);
}

/* ----- generic netlink, raw ----- */

struct nl_req {
	struct nlmsghdr nlh;
	struct genlmsghdr genl;
	char attrs[64];
};

static int nl_send(int fd, uint16_t type, uint16_t flags, uint8_t cmd,
		   uint16_t attr, const char *str, uint32_t seq)
{
	struct nl_req req = { 0 };
	struct nlattr *nla = (struct nlattr *)req.attrs;
	size_t len = NLMSG_LENGTH(GENL_HDRLEN);

	req.nlh.nlmsg_type = type;
	req.nlh.nlmsg_flags = NLM_F_REQUEST | flags;
	req.nlh.nlmsg_seq = seq;
	req.genl.cmd = cmd;
	req.genl.version = 1;
	if (str) {
		nla->nla_type = attr;
		nla->nla_len = NLA_HDRLEN + strlen(str) + 1;
		memcpy((char *)nla + NLA_HDRLEN, str, strlen(str) + 1);
		len += NLA_ALIGN(nla->nla_len);
	}
	req.nlh.nlmsg_len = len;
	return send(fd, &req, len, 0) == (ssize_t)len ? 0 : -1;
}

#define for_each_attr(nla, start, len)					\
	for (nla = (struct nlattr *)(start);				\
	     (char *)nla + NLA_HDRLEN <= (char *)(start) + (len) &&	\
	     nla->nla_len >= NLA_HDRLEN &&				\
	     (char *)nla + nla->nla_len <= (char *)(start) + (len);	\
	     nla = (struct nlattr *)((char *)nla + NLA_ALIGN(nla->nla_len)))

/* The id of the "zswap" family, or -1 */
static int family_id(int fd)
{
	static char buf[RECV_BUF];
	struct nlmsghdr *nlh = (struct nlmsghdr *)buf;
	struct nlattr *nla;
	ssize_t n;

	if (nl_send(fd, GENL_ID_CTRL, 0, CTRL_CMD_GETFAMILY, CTRL_ATTR_FAMILY_NAME,
		    ZSWAP_FAMILY_NAME, 1))
		return -1;
	n = recv(fd, buf, sizeof(buf), 0);
	if (n < (ssize_t)NLMSG_LENGTH(GENL_HDRLEN) || nlh->nlmsg_type == NLMSG_ERROR)
		return -1;
	for_each_attr(nla, (char *)NLMSG_DATA(nlh) + GENL_HDRLEN,
		      nlh->nlmsg_len - NLMSG_LENGTH(GENL_HDRLEN))
		if (nla->nla_type == CTRL_ATTR_FAMILY_ID)
			return *(uint16_t *)((char *)nla + NLA_HDRLEN);
	return -1;
}

struct record {
	uint64_t id;
	char path[64];
};

struct dump {
	struct record *recs;
	size_t nr, max;		/* records, and the most kept (the loop bound) */
	unsigned int batches;	/* recv() calls that carried records */
	bool done;		/* ended with NLMSG_DONE */
	int error;		/* an NLMSG_ERROR's errno, or a local one */
};

static volatile sig_atomic_t timed_out;

static void on_alarm(int sig)
{
	(void)sig;
	timed_out = 1;
}

/*
 * Read a whole dump, or stop after max records (a dump that repeats itself
 * never ends) or DUMP_SECONDS.
 */
static void dump_memcgs(int fd, int family, struct dump *d)
{
	static char buf[RECV_BUF];
	struct sigaction sa = { .sa_handler = on_alarm };
	struct nlmsghdr *nlh;
	struct nlattr *nla;
	ssize_t n;

	sigaction(SIGALRM, &sa, NULL);
	alarm(DUMP_SECONDS);
	if (nl_send(fd, family, NLM_F_DUMP, ZSWAP_CMD_MEMCG_GET, 0, NULL, 2)) {
		d->error = errno;
		return;
	}
	while (!d->done && !d->error && d->nr < d->max) {
		bool any = false;

		n = recv(fd, buf, sizeof(buf), 0);
		if (n < 0) {
			d->error = timed_out ? ETIME : errno;
			break;
		}
		for (nlh = (struct nlmsghdr *)buf; NLMSG_OK(nlh, n); nlh = NLMSG_NEXT(nlh, n)) {
			struct record *r;

			if (nlh->nlmsg_type == NLMSG_DONE) {
				d->done = true;
				break;
			}
			if (nlh->nlmsg_type == NLMSG_ERROR) {
				d->error = -((struct nlmsgerr *)NLMSG_DATA(nlh))->error;
				break;
			}
			if (d->nr == d->max)
				break;
			r = &d->recs[d->nr++];
			memset(r, 0, sizeof(*r));
			any = true;
			for_each_attr(nla, (char *)NLMSG_DATA(nlh) + GENL_HDRLEN,
				      nlh->nlmsg_len - NLMSG_LENGTH(GENL_HDRLEN)) {
				size_t len = nla->nla_len - NLA_HDRLEN;
				char *val = (char *)nla + NLA_HDRLEN;

				/* a "uint": 4 bytes, or 8 when the id needs them */
				if (nla->nla_type == ZSWAP_A_MEMCG_ID && len == 4) {
					uint32_t id32;

					memcpy(&id32, val, 4);
					r->id = id32;
				} else if (nla->nla_type == ZSWAP_A_MEMCG_ID && len == 8) {
					memcpy(&r->id, val, 8);
				} else if (nla->nla_type == ZSWAP_A_MEMCG_PATH)
					snprintf(r->path, sizeof(r->path), "%.*s",
						 (int)len, val);
			}
		}
		d->batches += any;
	}
	alarm(0);
}

/* ----- the tests ----- */

static bool ids_above_32_bits(unsigned int memcgs)
{
	struct utsname u;
	uint64_t id;
	bool ok = true;

	if (uname(&u) || (strcmp(u.machine, "i686") && strcmp(u.machine, "i386"))) {
		diag("the kernel's machine is %s, not i686\n", u.machine);
		ok = false;
	}
	if (sizeof(long) != 4) {
		diag("this program is not 32-bit (sizeof(long) %zu)\n", sizeof(long));
		ok = false;
	}
	if (cgroup_id(CGROOT "/" DUMP_CG, &id)) {
		diag("no id for " CGROOT "/" DUMP_CG ": %s\n", strerror(errno));
		return false;
	}
	diag("%u cgroups below " DUMP_CG ", whose id is %#" PRIx64 "\n", memcgs, id);
	if (id <= UINT32_MAX) {
		diag("cgroup id %#" PRIx64 " fits 32 bits: no truncation to guard\n", id);
		ok = false;
	}
	return ok;
}

static bool dump_each_once(unsigned int memcgs)
{
	size_t nr = memcgs + 1, i, j, seen, wrong = 0;
	struct dump d = { 0 };
	uint64_t *want;
	char path[256];
	bool ok = true, repeat = false;
	int fd, family;

	want = calloc(nr, sizeof(*want));
	if (!want)
		return false;
	/* want[0] is the parent, want[1 + i] its child cg<i> */
	if (cgroup_id(CGROOT "/" DUMP_CG, &want[0]))
		ok = false;
	for (i = 0; i < memcgs; i++) {
		snprintf(path, sizeof(path), CGROOT "/" DUMP_CG "/cg%03zu", i);
		if (cgroup_id(path, &want[1 + i]))
			ok = false;
	}
	if (!ok) {
		diag("cannot read the ids of the cgroups: %s\n", strerror(errno));
		free(want);
		return false;
	}

	fd = socket(AF_NETLINK, SOCK_RAW | SOCK_CLOEXEC, NETLINK_GENERIC);
	family = fd < 0 ? -1 : family_id(fd);
	if (family < 0) {
		diag("no zswap generic netlink family: %s\n", strerror(errno));
		free(want);
		return false;
	}
	/* Ten times what the dump should send ends a dump that loops */
	d.max = 10 * (nr + 64);
	d.recs = calloc(d.max, sizeof(*d.recs));
	if (!d.recs) {
		free(want);
		return false;
	}
	dump_memcgs(fd, family, &d);
	close(fd);
	diag("%zu records in %u receive buffers, %s\n", d.nr, d.batches,
	     d.done ? "then NLMSG_DONE" : "no NLMSG_DONE");

	if (d.error) {
		diag("the dump failed: %s\n", strerror(d.error));
		ok = false;
	}
	if (!d.done) {
		diag("the dump did not end (stopped after %zu records)\n", d.nr);
		ok = false;
	}
	if (d.batches < 2) {
		diag("the dump fit one buffer: it does not exercise the cursor\n");
		ok = false;
	}
	for (i = 0; i < nr; i++) {
		if (i)
			snprintf(path, sizeof(path), "/" DUMP_CG "/cg%03zu", i - 1);
		else
			snprintf(path, sizeof(path), "/" DUMP_CG);
		seen = 0;
		for (j = 0; j < d.nr; j++) {
			if (d.recs[j].id != want[i])
				continue;
			seen++;
			if (strcmp(d.recs[j].path, path)) {
				diag("id %#" PRIx64 " came with path '%s', not %s\n",
				     want[i], d.recs[j].path, path);
				ok = false;
			}
		}
		if (seen != 1 && wrong++ < 10)
			diag("%s (id %#" PRIx64 ") came %zu times\n", path, want[i], seen);
	}
	if (wrong) {
		diag("%zu of the %zu cgroups did not come exactly once\n", wrong, nr);
		ok = false;
	}
	/* Not ours either: no cgroup comes twice; the first repeat says it */
	for (i = 0; i < d.nr && !repeat; i++)
		for (j = i + 1; j < d.nr && !repeat; j++)
			if (d.recs[i].id == d.recs[j].id) {
				diag("record %zu repeats record %zu (id %#" PRIx64 ")\n",
				     j, i, d.recs[i].id);
				repeat = true;
				ok = false;
			}
	free(d.recs);
	free(want);
	return ok;
}

/* swapverify --hold in cgroup VERIFY_CG; its output on the pipe */
static pid_t start_verify(const char *swapverify, unsigned int mib, int *rfd)
{
	char size[16], procs[64];
	int p[2];
	pid_t pid;

	if (pipe(p))
		return -1;
	pid = fork();
	if (pid)
		goto parent;
	snprintf(procs, sizeof(procs), "%d", getpid());
	if (write_str(CGROOT "/" VERIFY_CG "/cgroup.procs", procs)) {
		perror("check: cannot join " VERIFY_CG);
		_exit(2);
	}
	dup2(p[1], 1);
	dup2(p[1], 2);
	close(p[0]);
	close(p[1]);
	snprintf(size, sizeof(size), "%u", mib);
	execl(swapverify, swapverify, "--size", size, "--hold", (char *)NULL);
	perror("check: cannot run swapverify");
	_exit(2);
parent:
	close(p[1]);
	*rfd = p[0];
	return pid;
}

/*
 * Read the child's output into buf until a whole line starts with prefix
 * (NULL: until EOF, so the child never writes to a closed pipe).
 */
static bool read_until(int fd, char *buf, size_t size, size_t *len, const char *prefix)
{
	ssize_t n;
	char *line;

	for (;;) {
		buf[*len] = '\0';
		for (line = buf; prefix && line;
		     line = strchr(line, '\n'), line = line ? line + 1 : NULL)
			if (!strncmp(line, prefix, strlen(prefix)) && strchr(line, '\n'))
				return true;
		if (*len + 1 >= size)
			return false;
		n = read(fd, buf + *len, size - 1 - *len);
		if (n <= 0)
			return !prefix && !n;
		*len += n;
	}
}

static bool integrity(const char *swapverify, unsigned int mib, unsigned int max_mib)
{
	uint64_t out_before, out_held = 0, stored = 0, limit_pages, must_leave;
	char buf[8192], max[32], *tally, *p;
	size_t len = 0;
	bool ok = true;
	int fd, status;
	pid_t pid;

	remove_tree(VERIFY_CG, 0);
	snprintf(max, sizeof(max), "%uM", max_mib);
	if (mkdir(CGROOT "/" VERIFY_CG, 0755) ||
	    write_str(CGROOT "/" VERIFY_CG "/memory.max", max)) {
		diag("cannot set up " VERIFY_CG ": %s\n", strerror(errno));
		return false;
	}
	if (read_key("/proc/vmstat", "zswpout", &out_before)) {
		diag("no zswpout in /proc/vmstat\n");
		return false;
	}
	pid = start_verify(swapverify, mib, &fd);
	if (pid < 0)
		return false;
	/*
	 * While it holds its memory, all but memory.max of it is in swap:
	 * what zswap stores now, it stored for this run.
	 */
	if (!read_until(fd, buf, sizeof(buf), &len, "swapverify: holding")) {
		diag("swapverify never held its memory:\n%s\n", buf);
		ok = false;
	}
	if (read_key("/proc/vmstat", "zswpout", &out_held) ||
	    read_u64("/sys/kernel/debug/zswap/stored_pages", &stored)) {
		diag("cannot read zswpout or debugfs stored_pages\n");
		ok = false;
	}
	kill(pid, SIGUSR1);
	read_until(fd, buf, sizeof(buf), &len, NULL);
	close(fd);
	waitpid(pid, &status, 0);
	remove_tree(VERIFY_CG, 0);

	limit_pages = (uint64_t)max_mib << 8;
	must_leave = ((uint64_t)mib << 8) - limit_pages;
	diag("zswpout +%" PRIu64 ", stored_pages %" PRIu64 " while held, %" PRIu64
	     " pages beyond memory.max\n", out_held - out_before, stored, must_leave);
	for (tally = NULL, p = buf; (p = strstr(p, "swapverify: pages_verified=")); p++)
		tally = p;
	if (tally)
		diag("%.*s\n", (int)strcspn(tally, "\n"), tally);
	if (!WIFEXITED(status) || WEXITSTATUS(status)) {
		diag("swapverify failed (status %#x):\n%s\n", status, buf);
		ok = false;
	}
	if (!tally || !strstr(tally, " mismatches=0 ") ||
	    !strncmp(tally, "swapverify: pages_verified=0 ", 29)) {
		diag("not every page verified, or a mismatch\n");
		ok = false;
	}
	/*
	 * A quarter of swapverify's pages are random and may be refused by
	 * zswap (poor compression) and go to the disk: at least half of what
	 * had to leave the cgroup went through zswap, and is still there.
	 */
	if (out_held - out_before < must_leave / 2) {
		diag("zswpout rose by %" PRIu64 ", not the %" PRIu64 " pages of half the excess\n",
		     out_held - out_before, must_leave / 2);
		ok = false;
	}
	if (stored < must_leave / 2) {
		diag("zswap held %" PRIu64 " pages, not half the excess (%" PRIu64 ")\n",
		     stored, must_leave / 2);
		ok = false;
	}
	return ok;
}

int main(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "swapverify", required_argument, NULL, 's' },
		{ "memcgs", required_argument, NULL, 'n' },
		{ "mib", required_argument, NULL, 'm' },
		{ "max-mib", required_argument, NULL, 'x' },
		{ NULL, 0, NULL, 0 },
	};
	unsigned int memcgs = 100, mib = 64, max_mib = 24, i;
	const char *swapverify = NULL, *vm_out = getenv("ZSWAPCTL_VM_OUT");
	char path[512];
	bool made = true;
	int c;

	while ((c = getopt_long(argc, argv, "", opts, NULL)) != -1) {
		switch (c) {
		case 's':
			swapverify = optarg;
			break;
		case 'n':
			memcgs = strtoul(optarg, NULL, 10);
			break;
		case 'm':
			mib = strtoul(optarg, NULL, 10);
			break;
		case 'x':
			max_mib = strtoul(optarg, NULL, 10);
			break;
		default:
			return 2;
		}
	}
	if (!swapverify || !memcgs || memcgs > 999 || max_mib >= mib) {
		fprintf(stderr,
			"usage: check --swapverify PATH [--memcgs 1-999] [--mib N] [--max-mib M<N]\n");
		return 2;
	}
	if (vm_out) {
		snprintf(path, sizeof(path), "%s/suites.tap", vm_out);
		tap = fopen(path, "w");
	}

	out("1..3\n");
	remove_tree(DUMP_CG, memcgs);
	/* Its children get memcgs of their own only with this */
	made = !mkdir(CGROOT "/" DUMP_CG, 0755) &&
	       !write_str(CGROOT "/" DUMP_CG "/cgroup.subtree_control", "+memory");
	for (i = 0; made && i < memcgs; i++) {
		snprintf(path, sizeof(path), CGROOT "/" DUMP_CG "/cg%03u", i);
		made = !mkdir(path, 0755);
	}
	if (!made)
		diag("cannot create %s: %s\n", path, strerror(errno));
	result(made && ids_above_32_bits(memcgs),
	       "the guest is 32-bit and its cgroup ids exceed 32 bits");
	result(made && dump_each_once(memcgs),
	       "a memcg dump over several calls ends and returns each cgroup exactly once");
	remove_tree(DUMP_CG, memcgs);
	result(integrity(swapverify, mib, max_mib),
	       "swapverify through zswap in a 32-bit guest: 0 mismatches, pages held in zswap");
	if (tap)
		fclose(tap);
	return failed;
}
