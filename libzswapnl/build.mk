# SPDX-License-Identifier: LGPL-2.1-or-later
# libzswapnl and its unit tests; included by the top Makefile, which sets
# BUILD (absolute), CC and ALL_CFLAGS.
#
#   make lib         $(BUILD)/lib/libzswapnl.so.1.0.0, its links, libzswapnl.a
#                    and pkgconfig/libzswapnl.pc (PREFIX, LIBDIR, INCLUDEDIR
#                    say where an install would put them)
#   make unit-tests  $(BUILD)/tests/unit/zswapnl-<name> for each
#                    tests/unit/zswapnl-<name>.c, which tests/check runs, and
#                    $(BUILD)/tools/nl-record, which recorded the netlink
#                    replies they decode (tests/unit/record/README)

LIBZSWAPNL_VERSION := 1.0.0
LIBZSWAPNL_SONAME := libzswapnl.so.1

PREFIX ?= /usr/local
LIBDIR ?= $(PREFIX)/lib
INCLUDEDIR ?= $(PREFIX)/include

MNL_CFLAGS := $(shell pkg-config --cflags libmnl 2>/dev/null)
MNL_LIBS := $(or $(shell pkg-config --libs libmnl 2>/dev/null),-lmnl)

LIBZSWAPNL_SRCS := $(wildcard libzswapnl/*.c)
LIBZSWAPNL_OBJS := $(LIBZSWAPNL_SRCS:libzswapnl/%.c=$(BUILD)/libzswapnl/%.o)
LIBZSWAPNL_SO := $(BUILD)/lib/libzswapnl.so.$(LIBZSWAPNL_VERSION)
LIBZSWAPNL_LINKS := $(BUILD)/lib/$(LIBZSWAPNL_SONAME) $(BUILD)/lib/libzswapnl.so
LIBZSWAPNL_A := $(BUILD)/lib/libzswapnl.a
LIBZSWAPNL_PCS := $(BUILD)/lib/pkgconfig/libzswapnl.pc \
	$(BUILD)/lib/pkgconfig/libzswapnl-uninstalled.pc

LIBZSWAPNL_CFLAGS := $(ALL_CFLAGS) -D_GNU_SOURCE -fPIC -fvisibility=hidden \
	-Iinclude/uapi -Ilibzswapnl $(MNL_CFLAGS)

.PHONY: lib unit-tests

all: lib
check check-full check-host: unit-tests

lib: $(LIBZSWAPNL_SO) $(LIBZSWAPNL_LINKS) $(LIBZSWAPNL_A) $(LIBZSWAPNL_PCS)

$(BUILD)/libzswapnl/%.o: libzswapnl/%.c
	@mkdir -p $(@D)
	$(CC) $(LIBZSWAPNL_CFLAGS) -MMD -MP -c -o $@ $<

-include $(LIBZSWAPNL_OBJS:.o=.d)

$(LIBZSWAPNL_SO): $(LIBZSWAPNL_OBJS) libzswapnl/libzswapnl.map
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) $(LDFLAGS) -shared -Wl,-soname,$(LIBZSWAPNL_SONAME) \
		-Wl,--version-script=libzswapnl/libzswapnl.map -Wl,-z,defs \
		-o $@ $(LIBZSWAPNL_OBJS) $(MNL_LIBS)

$(BUILD)/lib/$(LIBZSWAPNL_SONAME): $(LIBZSWAPNL_SO)
	ln -sfn $(notdir $<) $@

$(BUILD)/lib/libzswapnl.so: $(BUILD)/lib/$(LIBZSWAPNL_SONAME)
	ln -sfn $(notdir $<) $@

# The unit tests link it statically, to reach the library's hidden parts
$(LIBZSWAPNL_A): $(LIBZSWAPNL_OBJS)
	@mkdir -p $(@D)
	rm -f $@
	$(AR) rcs $@ $^

$(BUILD)/lib/pkgconfig/libzswapnl.pc: libzswapnl/libzswapnl.pc.in libzswapnl/build.mk
	@mkdir -p $(@D)
	sed -e 's|@PREFIX@|$(PREFIX)|' -e 's|@LIBDIR@|$(LIBDIR)|' \
		-e 's|@INCLUDEDIR@|$(INCLUDEDIR)|' -e 's|@VERSION@|$(LIBZSWAPNL_VERSION)|' $< > $@

# pkg-config prefers it to libzswapnl.pc when PKG_CONFIG_PATH has
# $(BUILD)/lib/pkgconfig: programs of this tree build against the build
$(BUILD)/lib/pkgconfig/libzswapnl-uninstalled.pc: libzswapnl/libzswapnl.pc.in libzswapnl/build.mk
	@mkdir -p $(@D)
	sed -e 's|@PREFIX@|$(BUILD)|' -e 's|@LIBDIR@|$(BUILD)/lib|' \
		-e 's|@INCLUDEDIR@|$(CURDIR)/libzswapnl|' -e 's|@VERSION@|$(LIBZSWAPNL_VERSION)|' $< > $@

# Unit tests: one program per tests/unit/zswapnl-*.c, with the helpers of
# tests/unit/zswapnl-lib (zswapctl's tests are zswapctl/build.mk's)
UNIT_SRCS := $(wildcard tests/unit/zswapnl-*.c)
UNIT_BINS := $(UNIT_SRCS:tests/unit/%.c=$(BUILD)/tests/unit/%)
UNIT_HELPERS := $(wildcard tests/unit/zswapnl-lib/*.c)
UNIT_CFLAGS := $(ALL_CFLAGS) -D_GNU_SOURCE -Iinclude/uapi -Ilibzswapnl \
	-Itests/unit/zswapnl-lib -DZSWAPNL_TEST_TOP='"$(CURDIR)"' $(MNL_CFLAGS)

unit-tests: $(UNIT_BINS) $(BUILD)/tools/nl-record

$(BUILD)/tests/unit/zswapnl-%: tests/unit/zswapnl-%.c $(UNIT_HELPERS) \
		$(wildcard tests/unit/zswapnl-lib/*.h) $(LIBZSWAPNL_A)
	@mkdir -p $(@D)
	$(CC) $(UNIT_CFLAGS) -o $@ $< $(UNIT_HELPERS) $(LIBZSWAPNL_A) $(MNL_LIBS)

$(BUILD)/tools/nl-record: tests/unit/record/nl-record.c include/uapi/linux/zswap.h
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) -D_GNU_SOURCE -Iinclude/uapi $(MNL_CFLAGS) -o $@ $< $(MNL_LIBS)

# The same under valgrind: every case (a child process each) must be free
# of memory errors and leaks, or it fails
.PHONY: unit-tests-valgrind
unit-tests-valgrind: unit-tests
	@set -e; for t in $(UNIT_BINS); do \
		echo "=== valgrind $${t##*/}"; \
		valgrind -q --leak-check=full --errors-for-leak-kinds=definite,indirect,possible \
			--error-exitcode=99 $$t; \
	done
