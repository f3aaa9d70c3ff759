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
#   make unit-tests-asan  every unit test (zswapnl-* and zswapctl-*) with
#                    the library and zswapctl's parts, built with ASan and
#                    UBSan into $(BUILD)/tests/unit-asan/; tests/unit/run-checked
#                    runs them (and the others plain and under valgrind)

LIBZSWAPNL_VERSION := 1.6.0
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

# zswapnl_version() says it at run time
LIBZSWAPNL_DEFS := -DZSWAPNL_LIB_VERSION='"$(LIBZSWAPNL_VERSION)"'
LIBZSWAPNL_CFLAGS := $(ALL_CFLAGS) -D_GNU_SOURCE -fPIC -fvisibility=hidden \
	-Iinclude/uapi -Ilibzswapnl $(MNL_CFLAGS) $(LIBZSWAPNL_DEFS)

.PHONY: lib unit-tests

all: lib
check check-full check-host: unit-tests unit-tests-asan

lib: $(LIBZSWAPNL_SO) $(LIBZSWAPNL_LINKS) $(LIBZSWAPNL_A) $(LIBZSWAPNL_PCS)

$(BUILD)/libzswapnl/%.o: libzswapnl/%.c
	@mkdir -p $(@D)
	$(CC) $(LIBZSWAPNL_CFLAGS) -MMD -MP -c -o $@ $<

-include $(LIBZSWAPNL_OBJS:.o=.d)

# Files that hold the value of make variables, rewritten only when a value
# changes (make LIBZSWAPNL_VERSION=1.0.1, PREFIX=/usr): what is built from
# those values depends on the file, so that a new value rebuilds it and the
# same one rebuilds nothing.
.PHONY: FORCE
define znl_value_stamp
$(1): FORCE
	@mkdir -p $$(@D)
	@printf '%s\n' '$(2)' | cmp -s - $$@ || printf '%s\n' '$(2)' > $$@
endef
LIBZSWAPNL_VERSION_STAMP := $(BUILD)/libzswapnl/version.stamp
LIBZSWAPNL_PC_STAMP := $(BUILD)/libzswapnl/pc.stamp
$(eval $(call znl_value_stamp,$(LIBZSWAPNL_VERSION_STAMP),$(LIBZSWAPNL_VERSION)))
$(eval $(call znl_value_stamp,$(LIBZSWAPNL_PC_STAMP),$(LIBZSWAPNL_VERSION) $(PREFIX) $(LIBDIR) $(INCLUDEDIR)))

# zswapnl_version() is in api.c (the ASan build's: with its rules)
$(BUILD)/libzswapnl/api.o: $(LIBZSWAPNL_VERSION_STAMP)

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

$(BUILD)/lib/pkgconfig/libzswapnl.pc: libzswapnl/libzswapnl.pc.in $(LIBZSWAPNL_PC_STAMP)
	@mkdir -p $(@D)
	sed -e 's|@PREFIX@|$(PREFIX)|' -e 's|@LIBDIR@|$(LIBDIR)|' \
		-e 's|@INCLUDEDIR@|$(INCLUDEDIR)|' -e 's|@VERSION@|$(LIBZSWAPNL_VERSION)|' $< > $@

# pkg-config prefers it to libzswapnl.pc when PKG_CONFIG_PATH has
# $(BUILD)/lib/pkgconfig: programs of this tree build against the build
$(BUILD)/lib/pkgconfig/libzswapnl-uninstalled.pc: libzswapnl/libzswapnl.pc.in \
		$(LIBZSWAPNL_VERSION_STAMP)
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

# The unit tests, the library and zswapctl's parts built with AddressSanitizer
# and UndefinedBehaviorSanitizer (tests/unit/run-checked asan sets their
# options: halt on the first error, leaks included). zswapctl's parts but
# main.c go into an archive, from which each test links what it uses.
ASAN_DIR := $(BUILD)/tests/unit-asan
ASAN_CFLAGS := $(ALL_CFLAGS) -O1 -g -fsanitize=address,undefined -fno-omit-frame-pointer \
	-D_GNU_SOURCE -MMD -MP
ASAN_LIB_OBJS := $(LIBZSWAPNL_SRCS:libzswapnl/%.c=$(ASAN_DIR)/obj/libzswapnl/%.o)
ASAN_ZC_OBJS := $(patsubst zswapctl/%.c,$(ASAN_DIR)/obj/zswapctl/%.o, \
	$(filter-out zswapctl/main.c,$(wildcard zswapctl/*.c)))
ASAN_UNIT_BINS := $(patsubst tests/unit/%.c,$(ASAN_DIR)/%,$(wildcard tests/unit/zswap*-*.c))
ASAN_NCURSES_CFLAGS := $(shell pkg-config --cflags ncursesw 2>/dev/null)
ASAN_NCURSES_LIBS := $(or $(shell pkg-config --libs ncursesw 2>/dev/null),-lncursesw)

.PHONY: unit-tests-asan
unit-tests-asan: $(ASAN_UNIT_BINS) $(ASAN_DIR)/zswapctl

$(ASAN_DIR)/obj/libzswapnl/%.o: libzswapnl/%.c
	@mkdir -p $(@D)
	$(CC) $(ASAN_CFLAGS) -fvisibility=hidden -Iinclude/uapi -Ilibzswapnl $(MNL_CFLAGS) \
		$(LIBZSWAPNL_DEFS) -c -o $@ $<

$(ASAN_DIR)/obj/libzswapnl/api.o: $(LIBZSWAPNL_VERSION_STAMP)

$(ASAN_DIR)/obj/zswapctl/%.o: zswapctl/%.c
	@mkdir -p $(@D)
	$(CC) $(ASAN_CFLAGS) -Ilibzswapnl $(ASAN_NCURSES_CFLAGS) $(SMARTCOLS_CFLAGS) -c -o $@ $<

$(ASAN_DIR)/libzswapnl.a: $(ASAN_LIB_OBJS)
	rm -f $@
	$(AR) rcs $@ $^

$(ASAN_DIR)/libzswapctl.a: $(ASAN_ZC_OBJS)
	rm -f $@
	$(AR) rcs $@ $^

-include $(ASAN_LIB_OBJS:.o=.d) $(ASAN_ZC_OBJS:.o=.d)

$(ASAN_DIR)/zswapnl-%: tests/unit/zswapnl-%.c $(UNIT_HELPERS) \
		$(wildcard tests/unit/zswapnl-lib/*.h) $(ASAN_DIR)/libzswapnl.a
	$(CC) $(ASAN_CFLAGS) -MF $(ASAN_DIR)/obj/$(@F).d -Iinclude/uapi -Ilibzswapnl -Itests/unit/zswapnl-lib \
		-DZSWAPNL_TEST_TOP='"$(CURDIR)"' $(MNL_CFLAGS) -o $@ $< $(UNIT_HELPERS) \
		$(ASAN_DIR)/libzswapnl.a $(MNL_LIBS)

$(ASAN_DIR)/zswapctl-%: tests/unit/zswapctl-%.c tests/unit/zswapctl-tap.h \
		$(ASAN_DIR)/libzswapctl.a $(ASAN_DIR)/libzswapnl.a
	$(CC) $(ASAN_CFLAGS) -MF $(ASAN_DIR)/obj/$(@F).d -Ilibzswapnl -Izswapctl -Itests/unit -o $@ $< \
		$(ASAN_DIR)/libzswapctl.a $(ASAN_DIR)/libzswapnl.a $(MNL_LIBS) -lcjson \
		$(ASAN_NCURSES_LIBS)

-include $(ASAN_UNIT_BINS:$(ASAN_DIR)/%=$(ASAN_DIR)/obj/%.d)

# zswapctl itself, built the same way, which tests/cli/92-sanitized.bats
# runs through every command
$(ASAN_DIR)/zswapctl: zswapctl/main.c $(ASAN_DIR)/libzswapctl.a $(ASAN_DIR)/libzswapnl.a
	$(CC) $(ASAN_CFLAGS) -MF $(ASAN_DIR)/obj/zswapctl-main.d -Ilibzswapnl -o $@ $< \
		$(ASAN_DIR)/libzswapctl.a $(ASAN_DIR)/libzswapnl.a $(MNL_LIBS) -lcjson \
		$(SMARTCOLS_LIBS) $(ASAN_NCURSES_LIBS)

-include $(ASAN_DIR)/obj/zswapctl-main.d
