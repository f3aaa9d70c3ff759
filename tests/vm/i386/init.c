// SPDX-License-Identifier: GPL-2.0
/*
 * /init of the 32-bit guest's initramfs (tests/vm/run --arch i386), built
 * static for i386. The 64-bit guest's /init is a busybox script that
 * chroots into the host's root and runs bash there; a 32-bit kernel cannot
 * run any of the host's 64-bit programs, and Debian ships no i386 busybox
 * that installs on an amd64 host, so this does the same setup in C: the
 * host's root read-only over 9p (for the static i386 programs built into
 * the build folder), cgroup2 with the memory controller, debugfs, swap on
 * /dev/ram0 and the writable "out" share. It then runs the job that
 * tests/vm/run left in the out share as "job32" (the working folder on the
 * first line, then one argument per line: there is no shell to parse a
 * command line), chrooted into the host's root, and hands back what
 * tests/vm/run reads: rc, tainted and dmesg.txt.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <linux/fs.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/klog.h>
#include <sys/mount.h>
#include <sys/reboot.h>
#include <sys/stat.h>
#include <sys/swap.h>
#include <sys/wait.h>
#include <unistd.h>

#define ROOT "/newroot"
#define SWAP_PAGE 4096
#define MAX_ARGS 64
#define LOG_BUF_LEN (16 << 20)	/* log_buf_len=16M of tests/vm/run */

static char out[512];

static void power_off(void)
{
	sync();
	reboot(RB_AUTOBOOT);
	_exit(1);
}

static void fail(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	fprintf(stderr, "zswapctl-vm: ");
	vfprintf(stderr, fmt, ap);
	fprintf(stderr, " (%s)\nzswapctl-vm: guest setup failed\n", strerror(errno));
	va_end(ap);
	power_off();
}

static void do_mount(const char *src, const char *dst, const char *type,
		     unsigned long flags, const char *data)
{
	mkdir(dst, 0755);
	if (mount(src, dst, type, flags, data))
		fail("cannot mount %s on %s", type, dst);
}

static int write_file(const char *path, const void *buf, size_t len)
{
	int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
	ssize_t n;

	if (fd < 0)
		return -1;
	n = write(fd, buf, len);
	if (close(fd) || n != (ssize_t)len)
		return -1;
	return 0;
}

/* The out= argument of the kernel command line */
static void read_cmdline(void)
{
	static char line[4096];
	char *arg, *save;
	FILE *f = fopen("/proc/cmdline", "r");

	if (!f || !fgets(line, sizeof(line), f))
		fail("cannot read /proc/cmdline");
	fclose(f);
	for (arg = strtok_r(line, " \n", &save); arg; arg = strtok_r(NULL, " \n", &save))
		if (!strncmp(arg, "zswapctl.out=", 13))
			snprintf(out, sizeof(out), "%s", arg + 13);
	if (!out[0]) {
		errno = EINVAL;
		fail("no zswapctl.out= on the command line");
	}
}

/*
 * mkswap: a version 1 swap header (include/linux/swap.h, union
 * swap_header) over the whole device, no bad pages.
 */
static void make_swap(const char *dev)
{
	static unsigned char page[SWAP_PAGE];
	unsigned int *info = (unsigned int *)(page + 1024);
	unsigned long long bytes;
	int fd = open(dev, O_RDWR);

	if (fd < 0 || ioctl(fd, BLKGETSIZE64, &bytes))
		fail("cannot size %s", dev);
	info[0] = 1;				/* version */
	info[1] = bytes / SWAP_PAGE - 1;	/* last_page */
	info[2] = 0;				/* nr_badpages */
	memcpy(page + SWAP_PAGE - 10, "SWAPSPACE2", 10);
	if (pwrite(fd, page, sizeof(page), 0) != sizeof(page) || fsync(fd) || close(fd))
		fail("cannot write a swap header on %s", dev);
	if (swapon(dev, 0))
		fail("cannot enable swap on %s", dev);
}

static void setup(void)
{
	char path[600];

	do_mount("host", ROOT, "9p", MS_RDONLY,
		 "trans=virtio,version=9p2000.L,cache=loose,msize=512000");
	do_mount("proc", ROOT "/proc", "proc", 0, NULL);
	do_mount("sysfs", ROOT "/sys", "sysfs", 0, NULL);
	do_mount("devtmpfs", ROOT "/dev", "devtmpfs", 0, NULL);
	snprintf(path, sizeof(path), ROOT "%s", out);
	do_mount("out", path, "9p", 0, "trans=virtio,version=9p2000.L,msize=512000");
	do_mount("cgroup2", ROOT "/sys/fs/cgroup", "cgroup2", 0, NULL);
	do_mount("debugfs", ROOT "/sys/kernel/debug", "debugfs", 0, NULL);
	if (write_file(ROOT "/sys/fs/cgroup/cgroup.subtree_control", "+memory", 7))
		fail("cannot enable the memory controller");
	make_swap("/dev/ram0");
}

/* Run the job file's command in the host's root; its exit status */
static int run_job(void)
{
	static char buf[8192];
	char *argv[MAX_ARGS + 1], *cwd, *p;
	char *envp[] = { "PATH=/usr/sbin:/usr/bin:/sbin:/bin", "HOME=/", "LANG=C",
			 NULL, NULL };
	char env_out[600], path[600];
	int argc = 0, status, fd;
	ssize_t n;
	pid_t pid;

	snprintf(path, sizeof(path), ROOT "%s/job32", out);
	fd = open(path, O_RDONLY);
	if (fd < 0)
		fail("cannot open %s", path);
	n = read(fd, buf, sizeof(buf) - 1);
	close(fd);
	if (n <= 0)
		fail("cannot read %s", path);
	buf[n] = '\0';
	cwd = strtok_r(buf, "\n", &p);
	while (argc < MAX_ARGS && (argv[argc] = strtok_r(NULL, "\n", &p)))
		argc++;
	argv[argc] = NULL;
	if (!cwd || !argc) {
		errno = EINVAL;
		fail("%s holds no command", path);
	}
	snprintf(env_out, sizeof(env_out), "ZSWAPCTL_VM_OUT=%s", out);
	envp[3] = env_out;

	pid = fork();
	if (pid < 0)
		fail("cannot fork");
	if (!pid) {
		if (chroot(ROOT) || chdir(cwd)) {
			perror("zswapctl-vm: cannot enter the job's folder");
			_exit(125);
		}
		execve(argv[0], argv, envp);
		fprintf(stderr, "zswapctl-vm: cannot run %s: %s\n", argv[0], strerror(errno));
		_exit(127);
	}
	if (waitpid(pid, &status, 0) != pid)
		fail("cannot wait for the job");
	return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

/* What tests/vm/run reads: the kernel log, the taint flags, then rc last */
static void report(int rc)
{
	char path[600], tmp[600], num[32];
	char *log = malloc(LOG_BUF_LEN);
	int len;
	FILE *f;

	if (log) {
		len = klogctl(3 /* SYSLOG_ACTION_READ_ALL */, log, LOG_BUF_LEN);
		snprintf(path, sizeof(path), ROOT "%s/dmesg.txt", out);
		if (len >= 0)
			write_file(path, log, len);
	}
	f = fopen("/proc/sys/kernel/tainted", "r");
	if (f && fgets(num, sizeof(num), f)) {
		snprintf(path, sizeof(path), ROOT "%s/tainted", out);
		write_file(path, num, strlen(num));
	}
	if (f)
		fclose(f);
	len = snprintf(num, sizeof(num), "%d\n", rc);
	snprintf(tmp, sizeof(tmp), ROOT "%s/rc.tmp", out);
	snprintf(path, sizeof(path), ROOT "%s/rc", out);
	if (write_file(tmp, num, len) || rename(tmp, path))
		fail("cannot write %s", path);
	sync();
	snprintf(path, sizeof(path), ROOT "%s", out);
	umount(path);
}

int main(void)
{
	int fd, rc;

	mkdir("/proc", 0755);
	mkdir("/sys", 0755);
	mkdir("/dev", 0755);
	mount("proc", "/proc", "proc", 0, NULL);
	mount("sysfs", "/sys", "sysfs", 0, NULL);
	mount("devtmpfs", "/dev", "devtmpfs", 0, NULL);
	/* The initramfs has no /dev/console node: init started without stdio */
	fd = open("/dev/console", O_RDWR);
	if (fd >= 0) {
		dup2(fd, 0);
		dup2(fd, 1);
		dup2(fd, 2);
		if (fd > 2)
			close(fd);
	}
	setvbuf(stdout, NULL, _IOLBF, 0);

	read_cmdline();
	setup();
	rc = run_job();
	report(rc);
	power_off();
	return 0;
}
