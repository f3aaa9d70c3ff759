// SPDX-License-Identifier: GPL-2.0
/*
 * One change of zswap's parameters, all or none: what "zswapctl set" and
 * "zswapctl apply" share (set_change.h). Every name is checked before
 * anything is sent, so that a typo changes nothing; what the kernel still
 * refuses comes back with its extack reason, or, with the files, with
 * what libzswapnl set back.
 */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>
#include <unistd.h>

#include "escape.h"
#include "safe_file.h"
#include "set_change.h"

#define VALUE_MAX 96

int set_error(struct zswapnl *nl, const char *action, bool cgroup_files,
	      int ret, const struct zswapnl_error *err, const char *then)
{
	bool files = cgroup_files || zswapnl_source(nl) != ZSWAPNL_SOURCE_NETLINK;

	if (!then)
		then = "";
	/* Refused to root (a read-only file system, an LSM): no hint helps */
	if ((ret != -EPERM && ret != -EACCES) || (files && !geteuid()))
		return zc_lib_error_then(action, ret, err, then);
	/*
	 * A cgroup's memory.zswap.* files are written as any file is,
	 * whatever the source: their mode and the delegation decide
	 */
	if (!files)
		zc_error("permission denied: %s needs CAP_SYS_ADMIN (root)%s",
			 action, then);
	else
		/* Which file, and what was set back after it */
		zc_error(
			"permission denied: %s needs root (write access to its files): %s%s",
			action, err && err->msg[0] ? err->msg : strerror(-ret),
			then);
	return EXIT_SYSTEM;
}

/*
 * The release of the kernel whose files these are: uname's, or with
 * --sysroot the tree's proc/sys/kernel/osrelease (none: not known)
 */
static bool kernel_release(const struct zswapctl *ctl, char *buf, size_t len)
{
	struct utsname uts;
	char *text;
	bool ok;

	if (!ctl->sysroot) {
		if (uname(&uts))
			return false;
		snprintf(buf, len, "%s", uts.release);
		return true;
	}
	if (safe_read_in_root(ctl->sysroot, "proc/sys/kernel/osrelease", 4096, &text) < 0)
		return false;
	text[strcspn(text, "\n")] = '\0';
	ok = text[0] && strlen(text) < len && !strchr(text, '/');
	if (ok)
		memcpy(buf, text, strlen(text) + 1);
	free(text);
	return ok;
}

/* Add @name (@n bytes) to the comma-separated @list, once */
static void list_add(char *list, size_t size, const char *name, size_t n)
{
	size_t len = strlen(list);
	const char *p = list;

	while (*p) {
		size_t w = strcspn(p, ",");

		if (w == n && !strncmp(p, name, n))
			return;
		p += w;
		p += strspn(p, ", ");
	}
	if (len + 2 + n + 1 > size)
		return;
	snprintf(list + len, size - len, "%s%.*s", len ? ", " : "", (int)n,
		 name);
}

/*
 * The biggest modules.alias or modules.builtin.modinfo read: Debian's are
 * some 1.5 MB and 0.3 MB
 */
#define MODULE_FILE_MAX (64 << 20)

/* The alias of one entry of modules.alias (@builtin false) or modules.builtin.modinfo */
static const char *entry_alias(const char *p, const char *end, bool builtin,
			       const char **aend)
{
	const char *alias;

	if (!builtin) {
		/* "alias crypto-lz4 lz4" */
		if (end - p < 6 || memcmp(p, "alias ", 6))
			return NULL;
		alias = p + 6;
		*aend = memchr(alias, ' ', end - alias);
		return *aend ? alias : NULL;
	}
	/* "lz4.alias=crypto-lz4" */
	alias = memchr(p, '=', end - p);
	if (!alias || alias - p < 7 || memcmp(alias - 6, ".alias", 6))
		return NULL;
	*aend = end;
	return alias + 1;
}

/*
 * The kernel's modules that answer to an alias PREFIX<name> (crypto-lz4,
 * zpool-zbud), loadable (modules.alias) or built in
 * (modules.builtin.modinfo, entries NUL apart), for the kernel of the
 * files (kernel_release()): the names in @list, and whether @want is one.
 * The kernel loads such a module on demand, so a name is available before
 * it is in use. Returns how many of the two files it read: with one only
 * (a kernel older than 5.2 has no modules.builtin.modinfo), @found can
 * say yes but @list is not the whole list.
 */
static int module_aliases(const struct zswapctl *ctl, const char *prefix,
			  const char *want, char *list, size_t size,
			  bool *found)
{
	static const char *const files[] = { "modules.alias",
					     "modules.builtin.modinfo" };
	size_t plen = strlen(prefix), wlen = strlen(want), i, n;
	char release[256], path[PATH_MAX], *text;
	const char *p, *end, *alias, *aend;
	int files_read = 0;
	ssize_t len;

	list[0] = '\0';
	*found = false;
	if (!kernel_release(ctl, release, sizeof(release)))
		return 0;
	for (i = 0; i < sizeof(files) / sizeof(files[0]); i++) {
		snprintf(path, sizeof(path), "lib/modules/%s/%s", release, files[i]);
		len = safe_read_in_root(ctl->sysroot, path, MODULE_FILE_MAX, &text);
		if (len < 0)
			continue;
		files_read++;
		for (p = text; p < text + len; p = end + 1) {
			end = memchr(p, i ? '\0' : '\n', text + len - p);
			if (!end)
				end = text + len;
			alias = entry_alias(p, end, i, &aend);
			if (!alias || (size_t)(aend - alias) <= plen ||
			    memcmp(alias, prefix, plen))
				continue;
			alias += plen;
			n = aend - alias;
			if (n == wlen && !memcmp(alias, want, n))
				*found = true;
			list_add(list, size, alias, n);
		}
		free(text);
	}
	return files_read;
}

int set_check_compressor(const struct zswapctl *ctl, struct zswapnl *nl,
			 const char *name, const char *where)
{
	char list[512] = "", modules[512], **names = NULL;
	size_t i, n = 0;
	bool found = false, module = false;

	/* No list (no /proc/crypto, or nothing in it): let the kernel judge */
	if (zswapnl_available_compressors(nl, &names) || !names || !names[0]) {
		zswapnl_names_free(names);
		return EXIT_OK;
	}
	for (i = 0; names[i]; i++) {
		if (!strcmp(names[i], name))
			found = true;
		if (n < sizeof(list))
			n += snprintf(list + n, sizeof(list) - n, "%s%s",
				      i ? ", " : "", names[i]);
	}
	zswapnl_names_free(names);
	/*
	 * /proc/crypto lists the algorithms loaded so far; the kernel loads a
	 * compressor module on demand (crypto_has_acomp() requests
	 * "crypto-NAME"), so a name with such a module alias is available too
	 */
	if (!found)
		module_aliases(ctl, "crypto-", name, modules, sizeof(modules),
			       &module);
	if (found || module)
		return EXIT_OK;
	return zc_usage("%sunknown compressor '%s' (available: %s)", where,
			name, list);
}

/*
 * The zpools are those of the kernel's modules (module_aliases():
 * zpool-NAME), and the one in use. Where that cannot be known, or the
 * kernel has no zpool parameter (@g does not know one), the kernel (or
 * the library) judges.
 */
int set_check_zpool(const struct zswapctl *ctl, const struct zswapnl_global *g,
		    const char *name, const char *where)
{
	char list[512];
	bool found;
	int n;

	if (!zswapnl_global_known(g, ZSWAPNL_G_ZPOOL) ||
	    !strcmp(g->zpool, name))
		return EXIT_OK;
	/* Both files, and a zpool in them, or the list is not known */
	n = module_aliases(ctl, "zpool-", name, list, sizeof(list), &found);
	if (n < 2 || !list[0] || found)
		return EXIT_OK;
	return zc_usage("%sunknown zpool '%s' (available: %s)", where, name,
			list);
}

int set_read_global(struct zswapnl *nl, struct zswapnl_global *g)
{
	struct zswapnl_error err = { 0 };
	int ret;

	memset(g, 0, sizeof(*g));
	g->struct_size = sizeof(*g);
	ret = zswapnl_get_global(nl, g, &err);
	return ret ? zc_lib_error("cannot read zswap parameters", ret, &err) :
		     EXIT_OK;
}

/*
 * A parameter the kernel does not have at all (zpool since Linux 6.18, as
 * the file or attribute it lacks says) holds nothing to show as in force
 */
static bool kernel_has(struct zswapnl *nl, const struct set_change *c,
		       const struct zswapnl_global *after)
{
	return zswapnl_global_unknown(nl, after, c->param->field, NULL) !=
	       -ENOENT;
}

/*
 * After a failed set, what the kernel holds for each parameter asked for,
 * read back, for the end of the error line: "; nothing changed, in force:
 * compressor lzo, zpool zbud", or "; CHANGED, in force: compressor zstd
 * (was lzo), zpool zbud" when the files could not all be set back. A
 * failure never leaves the state to guesswork.
 */
static void state_after_failure(struct zswapnl *nl,
				const struct set_change *changes, int n,
				const struct zswapnl_global *before, char *buf,
				size_t size)
{
	struct zswapnl_global after = { .struct_size = sizeof(after) };
	struct zswapnl_error err = { 0 };
	char old[VALUE_MAX], new[VALUE_MAX];
	bool changed = false, first = true;
	size_t len;
	int i, ret;

	ret = zswapnl_get_global(nl, &after, &err);
	if (ret) {
		snprintf(buf, size,
			 "; what is in force could not be read back: %s",
			 err.msg[0] ? err.msg : strerror(-ret));
		return;
	}
	for (i = 0; i < n; i++) {
		changes[i].param->show(before, old, sizeof(old));
		changes[i].param->show(&after, new, sizeof(new));
		changed |= strcmp(old, new) != 0;
	}
	len = snprintf(buf, size, "; %s",
		       changed ? "CHANGED" : "nothing changed");
	for (i = 0; i < n && len < size; i++) {
		if (!kernel_has(nl, &changes[i], &after))
			continue;
		changes[i].param->show(before, old, sizeof(old));
		changes[i].param->show(&after, new, sizeof(new));
		len += snprintf(buf + len, size - len, "%s %s %s",
				first ? ", in force:" : ",", changes[i].name,
				new);
		first = false;
		if (strcmp(old, new) && len < size)
			len += snprintf(buf + len, size - len, " (was %s)",
					old);
	}
}

void set_print_change(const struct set_change *c, const char *old,
		      const char *new, bool dry_run)
{
	char old_text[ESCAPE_SIZE(VALUE_MAX)], new_text[ESCAPE_SIZE(VALUE_MAX)];
	bool same = !strcmp(old, new);
	const char *sep = " (";

	/* A compressor's name comes from the kernel or its files */
	escape_text(old, escape_locale_flags(), old_text, sizeof(old_text));
	escape_text(new, escape_locale_flags(), new_text, sizeof(new_text));
	if (same)
		printf("%s: %s (unchanged", c->name, new_text);
	else
		printf("%s: %s -> %s", c->name, old_text, new_text);
	if (same) {
		sep = ", ";
	} else if (dry_run) {
		/* Not what the kernel holds after it: nothing was sent */
		fputs(" (would be set", stdout);
		sep = ", ";
	}
	/* A file's name may hold any byte */
	if (c->origin) {
		fputs(sep, stdout);
		escape_fputs(c->origin, escape_locale_flags(), stdout);
		putchar(')');
	} else if (same || dry_run) {
		putchar(')');
	}
	putchar('\n');
}

/*
 * "ORIGIN: setting zswap parameters" when the error names the attribute
 * (netlink's extack, the fallback's file) of a change that has an origin:
 * a refused value of a file says where it is
 */
static void failed_action(const struct set_change *changes, int n,
			  const struct zswapnl_error *err, char *buf,
			  size_t size)
{
	const char *origin = NULL;
	int i;

	for (i = 0; i < n && err->attr[0]; i++)
		if (changes[i].origin &&
		    !strcmp(changes[i].param->name, err->attr))
			origin = changes[i].origin;
	snprintf(buf, size, "%s%ssetting zswap parameters",
		 origin ? origin : "", origin ? ": " : "");
}

int set_send(struct zswapnl *nl, const struct set_change *changes, int n,
	     const struct zswapnl_params *params,
	     const struct zswapnl_global *before)
{
	struct zswapnl_global after = *before;
	struct zswapnl_error err = { 0 };
	char state[512], old[VALUE_MAX], new[VALUE_MAX];
	char action[PATH_MAX + 64];
	int i, ret;

	if (params->set) {
		ret = zswapnl_set_params(nl, params, &err);
		if (ret) {
			state_after_failure(nl, changes, n, before, state,
					    sizeof(state));
			failed_action(changes, n, &err, action, sizeof(action));
			return set_error(nl, action, false, ret, &err, state);
		}
		/* What the kernel holds now, which is what a reader will see */
		if (set_read_global(nl, &after))
			after = *before;
	}
	for (i = 0; i < n; i++) {
		changes[i].param->show(before, old, sizeof(old));
		changes[i].param->show(&after, new, sizeof(new));
		set_print_change(&changes[i], old, new, false);
	}
	return EXIT_OK;
}
