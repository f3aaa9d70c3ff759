# SPDX-License-Identifier: GPL-2.0
# make install, make uninstall and make deb; included by the top Makefile
# after libzswapnl/build.mk (which sets PREFIX, LIBDIR and INCLUDEDIR and
# builds the library) and zswapctl/build.mk (which links $(ZSWAPCTL_INST),
# the tool without the rpath into the build tree that build/bin/zswapctl has).
#
#   make install [DESTDIR=/tmp/stage] [PREFIX=/usr/local] [SBINDIR=...]
#       [LIBDIR=...] [INCLUDEDIR=...] [MANDIR=...] [PKGCONFIGDIR=...]
#       [BASHCOMPDIR=...] [ZSHCOMPDIR=...] [FISHCOMPDIR=...]
#   make uninstall (the same variables): removes the files install wrote,
#       and no directory, since every one of them is shared
#   make deb: the Debian packages and lintian's report in $(BUILD)/deb/
#
# zswapctl goes to sbin, as zramctl and swapon do: its man page is in
# section 8, writing settings is its reason to exist, and through the
# fallback most of its figures need root (debugfs). A user can still run
# /usr/sbin/zswapctl status.
#
# The header goes to $(INCLUDEDIR)/zswapnl.h, "#include <zswapnl.h>" as
# libzswapnl(3) says, and the .pc's Cflags are -I${includedir}. libzswapnl.a
# is not installed: it exists for the unit tests, which reach the library's
# hidden symbols through it.

# (the same defaults as libzswapnl/build.mk's)
PREFIX ?= /usr/local
LIBDIR ?= $(PREFIX)/lib
INCLUDEDIR ?= $(PREFIX)/include
DATADIR ?= $(PREFIX)/share
SBINDIR ?= $(PREFIX)/sbin
MANDIR ?= $(DATADIR)/man
PKGCONFIGDIR ?= $(LIBDIR)/pkgconfig
# bash-completion's own directory when it is installed for this prefix
BASHCOMPDIR ?= $(or $(if $(filter /usr,$(PREFIX)),$(shell pkg-config \
	--variable=completionsdir bash-completion 2>/dev/null)),$(DATADIR)/bash-completion/completions)
ZSHCOMPDIR ?= $(DATADIR)/zsh/vendor-completions
FISHCOMPDIR ?= $(DATADIR)/fish/vendor_completions.d
INSTALL ?= install

MAN_PAGES := $(wildcard man/*.[1-8])
# One name a function for "man zswapnl_open": a link to libzswapnl.3 for
# each function its NAME section lists (tests/host/install.bats checks that
# the list is every function of zswapnl.h). Symbolic links, which
# dh_compress points at the compressed page in the Debian package.
MAN3_LINKS := $(patsubst %,%.3,$(shell sed -n 's/^\.Nm \(zswapnl_[a-z_]*\).*/\1/p' man/libzswapnl.3))
# The .pc, with libdir and includedir relative to the prefix when they are
# below it; written at install time, so that PREFIX and LIBDIR are the
# install's, not the build's
INSTALL_PC := $(BUILD)/libzswapnl/install/libzswapnl.pc
pc_rel = $(patsubst $(PREFIX)/%,$${$(2)}/%,$(1))

# Every file install writes, below $(DESTDIR)
INSTALLED_FILES := $(SBINDIR)/zswapctl \
	$(LIBDIR)/libzswapnl.so.$(LIBZSWAPNL_VERSION) $(LIBDIR)/$(LIBZSWAPNL_SONAME) \
	$(LIBDIR)/libzswapnl.so $(INCLUDEDIR)/zswapnl.h $(PKGCONFIGDIR)/libzswapnl.pc \
	$(foreach m,$(MAN_PAGES),$(MANDIR)/man$(subst .,,$(suffix $(m)))/$(notdir $(m))) \
	$(MAN3_LINKS:%=$(MANDIR)/man3/%) \
	$(BASHCOMPDIR)/zswapctl $(ZSHCOMPDIR)/_zswapctl $(FISHCOMPDIR)/zswapctl.fish

.PHONY: install uninstall deb FORCE

$(INSTALL_PC): libzswapnl/libzswapnl.pc.in FORCE
	@mkdir -p $(@D)
	sed -e 's|@PREFIX@|$(PREFIX)|' -e 's|@LIBDIR@|$(call pc_rel,$(LIBDIR),exec_prefix)|' \
		-e 's|@INCLUDEDIR@|$(call pc_rel,$(INCLUDEDIR),prefix)|' \
		-e 's|@VERSION@|$(LIBZSWAPNL_VERSION)|' $< > $@

install: $(ZSWAPCTL_INST) $(LIBZSWAPNL_SO) $(INSTALL_PC)
	$(INSTALL) -d $(DESTDIR)$(SBINDIR) $(DESTDIR)$(LIBDIR) $(DESTDIR)$(INCLUDEDIR) \
		$(DESTDIR)$(PKGCONFIGDIR) $(DESTDIR)$(BASHCOMPDIR) $(DESTDIR)$(ZSHCOMPDIR) \
		$(DESTDIR)$(FISHCOMPDIR) $(addprefix $(DESTDIR),$(sort $(dir $(filter $(MANDIR)/%,$(INSTALLED_FILES)))))
	$(INSTALL) -m 755 $(ZSWAPCTL_INST) $(DESTDIR)$(SBINDIR)/zswapctl
	$(INSTALL) -m 644 $(LIBZSWAPNL_SO) $(DESTDIR)$(LIBDIR)/
	ln -sfn libzswapnl.so.$(LIBZSWAPNL_VERSION) $(DESTDIR)$(LIBDIR)/$(LIBZSWAPNL_SONAME)
	ln -sfn $(LIBZSWAPNL_SONAME) $(DESTDIR)$(LIBDIR)/libzswapnl.so
	$(INSTALL) -m 644 libzswapnl/zswapnl.h $(DESTDIR)$(INCLUDEDIR)/zswapnl.h
	$(INSTALL) -m 644 $(INSTALL_PC) $(DESTDIR)$(PKGCONFIGDIR)/libzswapnl.pc
	$(foreach m,$(MAN_PAGES),$(INSTALL) -m 644 $(m) \
		$(DESTDIR)$(MANDIR)/man$(subst .,,$(suffix $(m)))/$(notdir $(m)) &&) true
	$(foreach l,$(MAN3_LINKS),ln -sfn libzswapnl.3 $(DESTDIR)$(MANDIR)/man3/$(l) &&) true
	$(INSTALL) -m 644 completions/zswapctl.bash $(DESTDIR)$(BASHCOMPDIR)/zswapctl
	$(INSTALL) -m 644 completions/_zswapctl $(DESTDIR)$(ZSHCOMPDIR)/_zswapctl
	$(INSTALL) -m 644 completions/zswapctl.fish $(DESTDIR)$(FISHCOMPDIR)/zswapctl.fish

uninstall:
	rm -f $(INSTALLED_FILES:%=$(DESTDIR)%)

# dpkg-buildpackage writes the packages next to the source tree: this builds
# a copy of the tree in $(BUILD)/deb/zswapctl-<version>/, so that they land
# in $(BUILD)/deb/, with lintian's report in $(BUILD)/deb/lintian.txt
deb:
	@scripts/build-deb
