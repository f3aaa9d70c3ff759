# SPDX-License-Identifier: GPL-2.0
# zswapctl: the one entry point. `make help` lists the targets.

SHELL := /bin/bash
BUILD ?= $(CURDIR)/build
KERNEL_FLAVOUR ?= patched
# The kernel line of make kernel, kernel-tree, kernel-export, vm, demo,
# bench-dump, bench-top, bench-read-cost and bindeb-pkg: 6.1, 6.12 or 7.2
# (kernel/scripts/common.sh). make check and make bench name theirs.
KERNEL_LINE ?= 6.1
export BUILD KERNEL_FLAVOUR KERNEL_LINE

CC ?= gcc
CFLAGS ?= -O2 -g
WARNINGS := -Wall -Wextra -Wshadow -Wstrict-prototypes -Wmissing-prototypes -Wformat=2
ALL_CFLAGS := -std=gnu11 $(WARNINGS) $(CPPFLAGS) $(CFLAGS)

TOOLS := $(BUILD)/tools/swapverify $(BUILD)/tools/swapbench $(BUILD)/tools/swapmix \
	$(BUILD)/tools/genl-fuzz $(BUILD)/tools/dump-pause $(BUILD)/tools/dump-recv \
	$(BUILD)/tools/swapshare

.PHONY: all help deps deps-i386 deps-bindeb tools lib zswapctl unit-tests bench kernel kernel-tree kernel-export kernel-bisect-check \
	kernel-fullconfig-check bindeb-pkg vm demo check check-full check-all \
	check-host check-vm clean distclean

# "make": the library and the tool only. The test tools (and YNL, from the
# 150 MB linux-source-6.12) are for the targets that run the tests.
all:

# Each part's rules live beside it: lib and unit-tests (libzswapnl/build.mk),
# zswapctl (zswapctl/build.mk).
-include libzswapnl/build.mk
-include zswapctl/build.mk
# make install, uninstall and deb (install.mk)
-include install.mk

help:
	@echo 'make deps           install the Debian packages the project needs (root), and'
	@echo '                    linux-source-7.2 from trixie-backports, pinned (scripts/install-pinned)'
	@echo 'make deps-i386      those and the i386 cross compiler (check-i386, check-full)'
	@echo "make deps-bindeb    those and Debian's kernel configuration of each line (bindeb-pkg)"
	@echo 'make                build the user-space programs'
	@echo 'make tools          build the test tools and YNL (needs linux-source-6.12)'
	@echo 'KERNEL_LINE=6.1|6.12|7.2  the kernel line (6.1) of kernel, kernel-tree, kernel-export,'
	@echo '                    kernel-bisect-check, bindeb-pkg, vm, demo, bench-dump, -top,'
	@echo '                    -read-cost: kernel/series for 6.1, kernel/LINE/series for the others'
	@echo 'make kernel         build the guest kernel (KERNEL_FLAVOUR=patched|stock|debug, and for'
	@echo '                    6.1 patched-i386|patched-upto-NNNN; KERNEL_LINE=7.2: patched 7.2)'
	@echo "make kernel-tree    leave an editable git tree of the line's series in build/tree"
	@echo '                    (build/tree-LINE for 6.12 and 7.2)'
	@echo "make kernel-export  write that tree's commits back to the line's patches and series"
	@echo 'make kernel-bisect-check  build, lint and smoke-test the series of KERNEL_LINE one patch at a time'
	@echo "make kernel-fullconfig-check  compile the files the 6.1 series touches, W=1, Debian's config"
	@echo "make bindeb-pkg     the line's patched kernel as linux-image .deb, Debian's config of"
	@echo '                    that line (hours; make deps-bindeb first for 6.12 and 7.2;'
	@echo '                    DRY_RUN=1 prepares it and prints the command)'
	@echo "make vm CMD='...'   boot the guest kernel and run CMD inside it"
	@echo 'make check-i386     boot the patched kernel built for i386 and run its 32-bit tests'
	@echo 'make demo           boot the patched kernel and show zswap on a swapping workload'
	@echo 'make check          every test CI runs: host suites, packages, guest suites on the'
	@echo '                    patched, stock and debug 6.1 kernels, stress, fuzzer, harness'
	@echo '                    self-tests; netlink and zswapctl on patched 6.12 and 7.2, the'
	@echo '                    fallback on stock 6.12 and 7.2 (KERNEL_LINE plays no part)'
	@echo 'make check-full     make check, the bisect check and the Kconfig matrix of each line,'
	@echo '                    the debug kernels of each line and the 32-bit guest'
	@echo '                    (make deps-i386; run before resolving a change to kernel/)'
	@echo "make check-all      make check-full and the other user-facing suites and the zswap"
	@echo '                    suites on patched 6.12 and 7.2'
	@echo 'make bench          every workload on stock 6.1, the series before exclusive loads,'
	@echo '                    patched 6.1, stock and patched 6.12 and 7.2: table, JSON'
	@echo '                    and chart in build/bench/ (ROUNDS=5, ICOUNT=1 for instruction-counted time,'
	@echo '                    BENCH_CPU=qemu64 a CPU without ERMS, BENCH_KERNELS, BENCH_WORKLOADS)'
	@echo 'make bench-dump     time per memcg of a netlink memcg dump at 100, 1,000 and 5,000'
	@echo "                    memcgs, in a patched guest of KERNEL_LINE (make bench runs it too)"
	@echo 'make bench-top      CPU time of zswapctl top with 200 cgroups, in a patched guest'
	@echo 'make bench-read-cost  system calls and time of zswapctl status and cgroups (200'
	@echo '                    memcgs) over netlink and over the files, in a patched guest of KERNEL_LINE'
	@echo 'make install        install the tool, library, header, .pc, man pages, completions'
	@echo '                    (DESTDIR, PREFIX=/usr/local, SBINDIR, LIBDIR, INCLUDEDIR, MANDIR, PKGCONFIGDIR)'
	@echo 'make uninstall      remove what make install installed (the same variables)'
	@echo 'make deb            Debian packages and lintian report in build/deb/'
	@echo 'make clean          remove user-space build output (keeps kernel builds)'
	@echo 'make distclean      remove build/ entirely'

deps:
	@scripts/install-deps

deps-i386:
	@scripts/install-deps --i386

deps-bindeb:
	@scripts/install-deps --bindeb

tools: $(TOOLS) $(BUILD)/ynl/.stamp $(BUILD)/ynl-7.2/zswap-ynl-user

# The kernel's own netlink client (YNL) from linux-source-6.12: the guest
# tests drive the zswap family through it with kernel/spec/zswap.yaml.
YNL_TARBALL := /usr/src/linux-source-6.12.tar.xz
$(BUILD)/ynl/.stamp: $(YNL_TARBALL)
	@rm -rf $(@D) && mkdir -p $(@D)
	tar -xJf $< -C $(@D) --strip-components=1 --wildcards \
		'*/tools/net/ynl/*' '*/Documentation/netlink/*'
	@touch $@

# linux-source-7.2's YNL C library with kernel/spec/zswap.yaml added, and a
# small user of it (tests/host/ynl-user.bats; the guest runs it in
# tests/vm/suites/25-ynl.bats)
YNL_7_2_TARBALL := /usr/src/linux-source-7.2.tar.xz
$(BUILD)/ynl-7.2/zswap-ynl-user: tests/tools/build-ynl-user tests/tools/zswap-ynl-user.c \
		kernel/spec/zswap.yaml $(YNL_7_2_TARBALL)
	tests/tools/build-ynl-user $(@D)

$(BUILD)/tools/%: tests/tools/%.c tests/tools/mix64.h tests/tools/genl-raw.h
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) -pthread -o $@ $<

$(BUILD)/tools/%: tests/stress/%.c include/uapi/linux/zswap.h
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) -Iinclude/uapi -o $@ $<

# The 32-bit guest's programs (tests/vm/run --arch i386), static for i386:
# its /init, its tests and the swap checker. The cross compiler, not
# gcc -m32: gcc-multilib would remove every cross compiler installed.
CC32 ?= i686-linux-gnu-gcc
I386_TOOLS := $(BUILD)/i386/init $(BUILD)/i386/check $(BUILD)/i386/swapverify
.PHONY: i386-tools check-i386
i386-tools: $(I386_TOOLS)

$(BUILD)/i386/init: tests/vm/i386/init.c
	@mkdir -p $(@D)
	$(CC32) -static $(ALL_CFLAGS) -o $@ $<

$(BUILD)/i386/check: tests/vm/i386/check.c include/uapi/linux/zswap.h
	@mkdir -p $(@D)
	$(CC32) -static $(ALL_CFLAGS) -Iinclude/uapi -o $@ $<

$(BUILD)/i386/swapverify: tests/tools/swapverify.c tests/tools/mix64.h
	@mkdir -p $(@D)
	$(CC32) -static $(ALL_CFLAGS) -pthread -o $@ $<

# The i386 kernel and its guest's tests, TAP on stdout
check-i386: i386-tools
	@tests/vm/check-i386

kernel:
	@kernel/scripts/build.sh $(KERNEL_FLAVOUR) >/dev/null

kernel-tree:
	@kernel/scripts/tree.sh

kernel-export:
	@kernel/scripts/export.sh

kernel-bisect-check: tools
	@kernel/scripts/bisect-check.sh

kernel-fullconfig-check:
	@kernel/scripts/fullconfig-check.sh

# DRY_RUN=1: the tree and the configuration, then the command it would run
bindeb-pkg:
	@kernel/scripts/bindeb-pkg.sh $(if $(DRY_RUN),--dry-run)

vm: tools
	@tests/vm/run -- $(CMD)

demo: all tools
	@tests/vm/run -- tests/vm/demo.sh

# Benchmarks, not tests: ROUNDS, ICOUNT=1 (instruction-counted guest time),
# BENCH_CPU (QEMU's CPU model: qemu64 has no ERMS), BENCH_KERNELS and
# BENCH_WORKLOADS (tests/bench/bench names them)
bench: tools
	@tests/bench/bench --rounds $(or $(ROUNDS),5) $(if $(ICOUNT),--icount) \
		$(if $(BENCH_CPU),--cpu '$(BENCH_CPU)') \
		$(if $(BENCH_KERNELS),--kernels '$(BENCH_KERNELS)') \
		$(if $(BENCH_WORKLOADS),--workloads '$(BENCH_WORKLOADS)')
	@$(MAKE) --no-print-directory bench-dump

# The guest writes the figures to the run folder, whose path --record gives
.PHONY: bench-dump
bench-dump: tools
	@mkdir -p $(BUILD)/bench
	@tests/vm/run --quiet $(if $(ICOUNT),--icount) --timeout 3600 \
		--kernel "$$(kernel/scripts/build.sh patched)" --flavour patched \
		--record $(BUILD)/bench/.dump-run -- tests/bench/dump-scale; \
		rc=$$?; cat "$$(cat $(BUILD)/bench/.dump-run)/dump-scale.txt" 2>/dev/null; exit $$rc

# The guest writes the figures to the run folder, whose path --record gives
.PHONY: bench-top
bench-top: all
	@mkdir -p $(BUILD)/bench
	@tests/vm/run --quiet --record $(BUILD)/bench/.top-run -- tests/bench/top-cpu; \
		rc=$$?; cat "$$(cat $(BUILD)/bench/.top-run)/top-cpu.txt" 2>/dev/null; exit $$rc

# The guest writes the figures to the run folder, whose path --record gives
.PHONY: bench-read-cost
bench-read-cost: all
	@mkdir -p $(BUILD)/bench
	@tests/vm/run --quiet --timeout 1800 --flavour patched \
		--record $(BUILD)/bench/.read-cost-run -- tests/bench/read-cost; \
		rc=$$?; cat "$$(cat $(BUILD)/bench/.read-cost-run)/read-cost.txt" 2>/dev/null; exit $$rc

check: all tools
	@tests/check all

# make check and the checks that do not fit CI's time (the bisect check and
# the Kconfig matrix of each line, the debug kernels, the 32-bit guest)
check-full: all tools
	@tests/check full

# make check-full and, on the patched kernels of the other lines, the
# user-facing suites make check leaves out there (35-apply, 40-top,
# 50-monitor-export) and the zswap suites of the 6.1 series (00-harness to
# 15-stress-ng): tests/check CHECK_ALL_LINE_PAIRS
check-all: all tools
	@tests/check all-lines

check-host: all tools
	@tests/check host

check-vm: all tools
	@tests/check vm

clean:
	rm -rf $(BUILD)/tools $(BUILD)/lib $(BUILD)/bin $(BUILD)/libzswapnl $(BUILD)/zswapctl \
		$(BUILD)/tests $(BUILD)/test-results $(BUILD)/vm/runs $(BUILD)/vm/last-*

distclean:
	rm -rf $(BUILD)
