# SPDX-License-Identifier: GPL-2.0
# zswapctl, included by the top Makefile (BUILD, CC and ALL_CFLAGS come from it).
#
#   make zswapctl              $(BUILD)/bin/zswapctl, linked to $(BUILD)/lib/libzswapnl.so
#   make unit-tests-zswapctl   $(BUILD)/tests/unit/zswapctl-*, TAP on stdout, and
#                              the tools of tests/cli ($(BUILD)/tests/cli/*)
#
# Every part but main.c also goes into an archive, from which each unit test
# links what it uses, with the static library, whose table of fields the
# outputs follow (as unit-tests-asan does, libzswapnl/build.mk).

.PHONY: zswapctl unit-tests-zswapctl

ZSWAPCTL_OUT := $(BUILD)/zswapctl
ZSWAPCTL_CPPFLAGS := -D_GNU_SOURCE -Ilibzswapnl -MMD -MP
ZSWAPCTL_SRCS := $(wildcard zswapctl/*.c)
ZSWAPCTL_OBJS := $(patsubst zswapctl/%.c,$(ZSWAPCTL_OUT)/%.o,$(ZSWAPCTL_SRCS))
ZSWAPCTL_PARTS_OBJS := $(filter-out $(ZSWAPCTL_OUT)/main.o,$(ZSWAPCTL_OBJS))
ZSWAPCTL_PARTS_LIB := $(ZSWAPCTL_OUT)/libzswapctl-parts.a
ZSWAPCTL_UNIT_SRCS := $(wildcard tests/unit/zswapctl-*.c)
ZSWAPCTL_UNIT_TESTS := $(patsubst tests/unit/%.c,$(BUILD)/tests/unit/%,$(ZSWAPCTL_UNIT_SRCS))
# Programs the host suites of tests/cli run zswapctl under
ZSWAPCTL_TEST_TOOLS := $(patsubst tests/cli/%.c,$(BUILD)/tests/cli/%,$(wildcard tests/cli/*.c))

# "zswapctl cgroups" prints its table with libsmartcols, as util-linux does
SMARTCOLS_CFLAGS := $(shell pkg-config --cflags smartcols 2>/dev/null)
SMARTCOLS_LIBS := $(or $(shell pkg-config --libs smartcols 2>/dev/null),-lsmartcols)
$(ZSWAPCTL_OUT)/cgroups_table.o: ZSWAPCTL_CPPFLAGS += $(SMARTCOLS_CFLAGS)

# "zswapctl top" draws with ncursesw; only its screen file includes curses.h
NCURSES_CFLAGS := $(shell pkg-config --cflags ncursesw 2>/dev/null)
NCURSES_LIBS := $(or $(shell pkg-config --libs ncursesw 2>/dev/null),-lncursesw)
$(ZSWAPCTL_OUT)/top_curses.o: ZSWAPCTL_CPPFLAGS += $(NCURSES_CFLAGS)

zswapctl: $(BUILD)/bin/zswapctl

unit-tests-zswapctl: $(ZSWAPCTL_UNIT_TESTS) $(ZSWAPCTL_TEST_TOOLS)

$(ZSWAPCTL_OUT)/%.o: zswapctl/%.c
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) $(ZSWAPCTL_CPPFLAGS) -c -o $@ $<

$(ZSWAPCTL_PARTS_LIB): $(ZSWAPCTL_PARTS_OBJS)
	@rm -f $@
	$(AR) rcs $@ $^

# The library is the other half of the project: "make lib" builds it.
# $(ZSWAPCTL_INST) is the same link without the rpath into the build tree:
# the copy "make install" installs (install.mk).
ZSWAPCTL_INST := $(ZSWAPCTL_OUT)/install/zswapctl
ZSWAPCTL_RPATH = -Wl,-rpath,$(BUILD)/lib
$(ZSWAPCTL_INST): ZSWAPCTL_RPATH =
$(BUILD)/bin/zswapctl $(ZSWAPCTL_INST): $(ZSWAPCTL_OBJS) | lib
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) $(LDFLAGS) -o $@ $(ZSWAPCTL_OBJS) -L$(BUILD)/lib $(ZSWAPCTL_RPATH) \
		-lzswapnl -lcjson $(SMARTCOLS_LIBS) $(NCURSES_LIBS)

$(BUILD)/tests/unit/zswapctl-%: tests/unit/zswapctl-%.c tests/unit/zswapctl-tap.h \
		$(ZSWAPCTL_PARTS_LIB) $(BUILD)/lib/libzswapnl.a
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) $(ZSWAPCTL_CPPFLAGS) -MF $(ZSWAPCTL_OUT)/unit-$*.d \
		-Izswapctl -Itests/unit -o $@ $< \
		$(ZSWAPCTL_PARTS_LIB) $(BUILD)/lib/libzswapnl.a -lmnl -lcjson \
		$(SMARTCOLS_LIBS) $(NCURSES_LIBS)

$(BUILD)/tests/cli/%: tests/cli/%.c
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) -D_GNU_SOURCE -o $@ $<

# monitor's JSON lines without a kernel: zswapctl's own code, as a unit test
# links it
$(BUILD)/tests/cli/event-json: tests/cli/event-json.c $(ZSWAPCTL_PARTS_LIB) \
		$(BUILD)/lib/libzswapnl.a
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) $(ZSWAPCTL_CPPFLAGS) -MF $(ZSWAPCTL_OUT)/cli-event-json.d \
		-Izswapctl -o $@ $< $(ZSWAPCTL_PARTS_LIB) $(BUILD)/lib/libzswapnl.a \
		-lmnl -lcjson $(SMARTCOLS_LIBS) $(NCURSES_LIBS)

-include $(ZSWAPCTL_OBJS:.o=.d) $(ZSWAPCTL_UNIT_SRCS:tests/unit/%.c=$(ZSWAPCTL_OUT)/unit-%.d)

# "make" builds the tool, and the checks build it and its unit tests first
all: zswapctl
check check-full check-host check-vm: zswapctl unit-tests-zswapctl
