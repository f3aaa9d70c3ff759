// SPDX-License-Identifier: GPL-2.0
/*
 * deny-netlink EPERM|EACCES CMD [ARG]...: run CMD under a seccomp filter
 * that makes socket(AF_NETLINK, any type, NETLINK_GENERIC) fail with that
 * errno, as a container runtime's seccomp profile or a security module
 * denies it. Every other system call and every other socket passes. The
 * refusal is the kernel's: nothing in CMD's process is replaced.
 *
 * deny-netlink NO-OPENAT2 CMD [ARG]...: openat2(2) fails with ENOSYS
 * instead, as on a kernel before 5.6 or under an older seccomp profile.
 *
 * A tool of tests/cli/43-netlink-denied.bats and 84-sysroot-links.bats,
 * built by "make unit-tests-zswapctl" into $(BUILD)/tests/cli/deny-netlink.
 */
#include <errno.h>
#include <linux/audit.h>
#include <linux/filter.h>
#include <linux/netlink.h>
#include <linux/seccomp.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <unistd.h>

#if defined(__x86_64__)
#define THIS_ARCH AUDIT_ARCH_X86_64
#elif defined(__aarch64__)
#define THIS_ARCH AUDIT_ARCH_AARCH64
#else
#error "deny-netlink: add this architecture's AUDIT_ARCH_*"
#endif

/* The low 32 bits of argument @n: an int, on a little-endian machine */
#define ARG_LO(n) (offsetof(struct seccomp_data, args[n]))

/* Install the seccomp filter of @len instructions at @code */
static int install(struct sock_filter *code, unsigned short len)
{
	struct sock_fprog prog = { .len = len, .filter = code };

	/* Needed without CAP_SYS_ADMIN; harmless with it */
	if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0))
		return -1;
	return prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, &prog);
}

/* Install the filter: socket(AF_NETLINK, *, NETLINK_GENERIC) fails with @err */
static int deny(unsigned int err)
{
	struct sock_filter code[] = {
		/* another architecture's calls: not this filter's business */
		BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, arch)),
		BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, THIS_ARCH, 0, 7),
		BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, nr)),
		BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_socket, 0, 5),
		BPF_STMT(BPF_LD | BPF_W | BPF_ABS, ARG_LO(0)),
		BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, AF_NETLINK, 0, 3),
		BPF_STMT(BPF_LD | BPF_W | BPF_ABS, ARG_LO(2)),
		BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, NETLINK_GENERIC, 0, 1),
		BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | err),
		BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
	};

	return install(code, sizeof(code) / sizeof(code[0]));
}

/* Install the filter: openat2() fails with ENOSYS */
static int no_openat2(void)
{
	struct sock_filter code[] = {
		BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, arch)),
		BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, THIS_ARCH, 0, 3),
		BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, nr)),
		BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_openat2, 0, 1),
		BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | ENOSYS),
		BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
	};

	return install(code, sizeof(code) / sizeof(code[0]));
}

int main(int argc, char **argv)
{
	bool openat2 = argc >= 3 && !strcmp(argv[1], "NO-OPENAT2");

	if (argc < 3 || (!openat2 && strcmp(argv[1], "EPERM") && strcmp(argv[1], "EACCES"))) {
		fprintf(stderr, "usage: deny-netlink EPERM|EACCES|NO-OPENAT2 CMD [ARG]...\n");
		return 125;
	}
	if (openat2 ? no_openat2() : deny(strcmp(argv[1], "EPERM") ? EACCES : EPERM)) {
		perror("deny-netlink: cannot install the seccomp filter");
		return 125;
	}
	execvp(argv[2], argv + 2);
	fprintf(stderr, "deny-netlink: cannot run %s: %s\n", argv[2], strerror(errno));
	return 127;
}
