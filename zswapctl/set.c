// SPDX-License-Identifier: GPL-2.0
/*
 * zswapctl set PARAM VALUE [PARAM VALUE]...
 * zswapctl set cgroup PATH|ID max SIZE
 *
 * Every value is checked here before anything is sent, so that a typo
 * changes nothing; what the kernel still refuses comes back with its
 * extack reason. Several parameters are all or none with both sources
 * (netlink: one request; the files: libzswapnl writes the old values back
 * when a write fails), and a failure says what is in force after it. On
 * success each line says what changed, old -> new, as read back from the
 * kernel.
 */
#include <errno.h>
#include <getopt.h>
#include <inttypes.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>
#include <unistd.h>

#include "cgroup_ref.h"
#include "escape.h"
#include "set_params.h"
#include "size.h"
#include "zswapctl.h"

#define VALUE_MAX 96

/* Where a parameter's help text starts, and the width it has */
#define HELP_INDENT 37
#define HELP_WIDTH (80 - HELP_INDENT)

/* One parameter of the help, its text wrapped to 80 columns at spaces */
static void print_param(const char *name, const char *value, const char *help)
{
	printf(" %-25s %-9s ", name, value);
	while (strlen(help) > HELP_WIDTH) {
		int len = HELP_WIDTH;

		while (len > 0 && help[len] != ' ')
			len--;
		if (!len)
			break;
		printf("%.*s\n%*s", len, help, HELP_INDENT, "");
		help += len + 1;
	}
	printf("%s\n", help);
}

static void set_usage(void)
{
	size_t i;

	printf("Usage:\n"
	       " zswapctl set <parameter> <value> [<parameter> <value>]...\n"
	       " zswapctl set cgroup <path>|<id> max <size>\n"
	       "\n"
	       "Change zswap parameters (all at once, or none), or the zswap limit of a\n"
	       "cgroup (memory.zswap.max). Needs CAP_SYS_ADMIN over netlink, and write\n"
	       "access to the files with the fallback.\n"
	       "\n"
	       "Parameters:\n");
	for (i = 0; i < nr_set_params; i++)
		print_param(set_params[i].name, set_params[i].value_help,
			    set_params[i].help);
	print_param("cgroup <path> max", "<size>",
		    "zswap limit of a cgroup, or \"max\": 1.5G or 512MiB (powers of 1024), 10KB (of 1000)");
	printf("\n"
	       "Options:\n"
	       "     --source <mode>         netlink, fallback or auto\n"
	       "     --sysroot <dir>         write the files under <dir> instead of /\n"
	       " -h, --help                  display this help\n");
}

/*
 * "ACTION: why", where EPERM and EACCES say what is missing: the
 * capability netlink checks, or write access to the files. @then goes at
 * the end of the line (NULL for nothing).
 */
static int set_error(struct zswapnl *nl, const char *action, int ret,
		     const struct zswapnl_error *err, const char *then)
{
	if (!then)
		then = "";
	/* Refused to root (a read-only file system, an LSM): no hint helps */
	if ((ret != -EPERM && ret != -EACCES) ||
	    (zswapnl_source(nl) != ZSWAPNL_SOURCE_NETLINK && !geteuid()))
		return zc_lib_error_then(action, ret, err, then);
	if (zswapnl_source(nl) == ZSWAPNL_SOURCE_NETLINK)
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
	char path[PATH_MAX];
	struct utsname uts;
	FILE *f;
	bool ok;

	if (!ctl->sysroot) {
		if (uname(&uts))
			return false;
		snprintf(buf, len, "%s", uts.release);
		return true;
	}
	snprintf(path, sizeof(path), "%s/proc/sys/kernel/osrelease",
		 ctl->sysroot);
	f = fopen(path, "re");
	if (!f)
		return false;
	buf[0] = '\0';
	ok = fgets(buf, (int)len, f) && buf[0] && buf[0] != '\n';
	fclose(f);
	buf[strcspn(buf, "\n")] = '\0';
	return ok && !strchr(buf, '/');
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

/* The whole of file @path (NULs and all): its length, or -1 */
static ssize_t read_file(const char *path, char **text)
{
	size_t cap = 0, len = 0, n;
	char *buf = NULL, *bigger;
	FILE *f = fopen(path, "re");

	*text = NULL;
	if (!f)
		return -1;
	do {
		if (len == cap) {
			cap = cap ? 2 * cap : 65536;
			bigger = realloc(buf, cap);
			if (!bigger) {
				free(buf);
				fclose(f);
				return -1;
			}
			buf = bigger;
		}
		n = fread(buf + len, 1, cap - len, f);
		len += n;
	} while (n);
	if (ferror(f)) {
		free(buf);
		fclose(f);
		return -1;
	}
	fclose(f);
	*text = buf;
	return (ssize_t)len;
}

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
		snprintf(path, sizeof(path), "%s/lib/modules/%s/%s",
			 ctl->sysroot ? ctl->sysroot : "", release, files[i]);
		len = read_file(path, &text);
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

/* An exit code after a message if name is not a compressor the kernel has */
static int check_compressor(const struct zswapctl *ctl, struct zswapnl *nl,
			    const char *name)
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
	return zc_usage("unknown compressor '%s' (available: %s)", name, list);
}

/*
 * An exit code after a message if @name is not a zpool the kernel has, as
 * far as its modules can say (module_aliases(): zpool-NAME); the zpool in
 * use is one. Where that cannot be known, or the kernel has no zpool
 * parameter (@g does not know one), the kernel (or the library) judges.
 */
static int check_zpool(const struct zswapctl *ctl,
		       const struct zswapnl_global *g, const char *name)
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
	return zc_usage("unknown zpool '%s' (available: %s)", name, list);
}

static int read_global(struct zswapnl *nl, struct zswapnl_global *g)
{
	struct zswapnl_error err = { 0 };
	int ret;

	memset(g, 0, sizeof(*g));
	g->struct_size = sizeof(*g);
	ret = zswapnl_get_global(nl, g, &err);
	return ret ? zc_lib_error("cannot read zswap parameters", ret, &err) :
		     EXIT_OK;
}

static int parse_pairs(int argc, char **argv, const struct set_param **which,
		       struct zswapnl_params *params)
{
	int i;

	if (!argc)
		return zc_usage(
			"set needs a parameter and a value (see zswapctl set --help)");
	for (i = 0; i < argc; i += 2) {
		const struct set_param *p = set_param_by_name(argv[i]);
		int ret;

		if (!p && !strcmp(argv[i], "cgroup"))
			return zc_usage(
				"set cgroup comes first and alone: zswapctl set cgroup <path>|<id> max <size>");
		if (!p)
			return zc_usage(
				"unknown parameter '%s' (see zswapctl set --help)",
				argv[i]);
		if (i + 1 == argc)
			return zc_usage("%s needs a value: %s", p->name,
					p->value_help);
		if (params->set & p->flag)
			return zc_usage("%s given twice", p->name);
		ret = p->parse(argv[i + 1], params);
		if (ret == -ERANGE)
			return zc_usage("%s '%s' out of range (expected %s)",
					p->name, argv[i + 1], p->expected);
		if (ret)
			return zc_usage("invalid %s '%s' (expected %s)",
					p->name, argv[i + 1], p->expected);
		params->set |= p->flag;
		which[i / 2] = p;
	}
	return EXIT_OK;
}

/*
 * After a failed set, what the kernel holds for each parameter asked for,
 * read back, for the end of the error line: "; nothing changed, in force:
 * compressor lzo, zpool zbud", or "; CHANGED, in force: compressor zstd
 * (was lzo), zpool zbud" when the files could not all be set back. A
 * failure never leaves the state to guesswork.
 */
static void state_after_failure(struct zswapnl *nl,
				const struct set_param *const *which, int n,
				const struct zswapnl_global *before, char *buf,
				size_t size)
{
	struct zswapnl_global after = { .struct_size = sizeof(after) };
	struct zswapnl_error err = { 0 };
	char old[VALUE_MAX], new[VALUE_MAX];
	bool changed = false;
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
		which[i]->show(before, old, sizeof(old));
		which[i]->show(&after, new, sizeof(new));
		changed |= strcmp(old, new) != 0;
	}
	len = snprintf(buf, size, "; %s, in force:",
		       changed ? "CHANGED" : "nothing changed");
	for (i = 0; i < n && len < size; i++) {
		which[i]->show(before, old, sizeof(old));
		which[i]->show(&after, new, sizeof(new));
		len += snprintf(buf + len, size - len, "%s %s %s", i ? "," : "",
				which[i]->name, new);
		if (strcmp(old, new) && len < size)
			len += snprintf(buf + len, size - len, " (was %s)",
					old);
	}
}

static int set_parameters(const struct zswapctl *ctl, int argc, char **argv)
{
	const struct set_param *which[16] = { 0 };
	struct zswapnl_params params = { .struct_size = sizeof(params) };
	struct zswapnl_global before, after;
	struct zswapnl_error err = { 0 };
	char state[512];
	struct zswapnl *nl;
	int i, ret;

	if (argc > 2 * (int)(sizeof(which) / sizeof(which[0])))
		return zc_usage("too many parameters");
	ret = parse_pairs(argc, argv, which, &params);
	if (ret)
		return ret;
	ret = zc_open(ctl, &nl);
	if (ret)
		return ret;
	ret = read_global(nl, &before);
	/* Names the kernel does not have change nothing, as typos do */
	if (!ret && (params.set & ZSWAPNL_SET_COMPRESSOR))
		ret = check_compressor(ctl, nl, params.compressor);
	if (!ret && (params.set & ZSWAPNL_SET_ZPOOL))
		ret = check_zpool(ctl, &before, params.zpool);
	if (ret)
		goto out;
	ret = zswapnl_set_params(nl, &params, &err);
	if (ret) {
		state_after_failure(nl, which, argc / 2, &before, state,
				    sizeof(state));
		ret = set_error(nl, "setting zswap parameters", ret, &err,
				state);
		goto out;
	}
	/* What the kernel holds now, which is what a reader will see */
	if (read_global(nl, &after))
		after = before;
	for (i = 0; i < argc / 2; i++) {
		char old[VALUE_MAX], new[VALUE_MAX];
		char old_text[ESCAPE_SIZE(VALUE_MAX)];
		char new_text[ESCAPE_SIZE(VALUE_MAX)];

		which[i]->show(&before, old, sizeof(old));
		which[i]->show(&after, new, sizeof(new));
		/* A compressor's name comes from the kernel or its files */
		escape_text(old, 0, old_text, sizeof(old_text));
		escape_text(new, 0, new_text, sizeof(new_text));
		if (!strcmp(old, new))
			printf("%s: %s (unchanged)\n", which[i]->name,
			       new_text);
		else
			printf("%s: %s -> %s\n", which[i]->name, old_text,
			       new_text);
	}
	ret = EXIT_OK;
out:
	zswapnl_close(nl);
	return ret;
}

/* "max", or "67108864 (64 MiB)", or "-" */
static char *limit_text(const struct zswapnl_memcg *m, char *buf, size_t len)
{
	char iec[SIZE_STR_MAX];

	if (!zswapnl_memcg_known(m, ZSWAPNL_M_ZSWAP_MAX))
		snprintf(buf, len, "-");
	else if (m->zswap_max == ZSWAPNL_MAX)
		snprintf(buf, len, "max");
	else
		snprintf(buf, len, "%" PRIu64 " (%s)", m->zswap_max,
			 size_format_iec(m->zswap_max, SIZE_SPACED, iec,
					 sizeof(iec)));
	return buf;
}

static int set_cgroup_max(const struct zswapctl *ctl, int argc, char **argv)
{
	struct zswapnl_memcg before, after;
	struct zswapnl_error err = { 0 };
	char old[VALUE_MAX], new[VALUE_MAX], what[PATH_MAX + 32];
	struct cgroup_ref ref = { 0 };
	char *shown;
	struct zswapnl *nl;
	uint64_t bytes;
	int ret;

	if (argc == 4 && strcmp(argv[2], "max") && strcmp(argv[2], "zswap.max"))
		return zc_usage(
			"a cgroup has one zswap setting, max, not '%s': zswapctl set cgroup <path>|<id> max <size>",
			argv[2]);
	if (argc != 4)
		return zc_usage(
			"usage: zswapctl set cgroup <path>|<id> max <size>");
	ret = size_parse(argv[3], &bytes);
	if (ret == -ERANGE)
		return zc_usage("size '%s' out of range (at most 16 EiB - 1)",
				argv[3]);
	if (ret)
		return zc_usage(
			"invalid size '%s' (expected bytes with a unit as in 1.5G, 512MiB or 10KB = 10000 bytes, or max)",
			argv[3]);
	ret = cgroup_arg(ctl, argv[1], &ref);
	if (ret)
		return ret;

	ret = zc_open(ctl, &nl);
	if (ret)
		goto free_ref;
	ret = cgroup_lookup(ctl, nl, &ref, &before);
	if (ret)
		goto close;
	/* The root takes no limits: it has no memory.zswap.max to set */
	if (before.path && !strcmp(before.path, "/")) {
		ret = zc_usage("the root cgroup has no zswap.max");
		goto free;
	}
	snprintf(what, sizeof(what), "setting zswap.max of cgroup %s",
		 before.path ? before.path : argv[1]);
	ret = zswapnl_set_memcg_zswap_max(nl, before.id, bytes, &err);
	if (ret) {
		ret = set_error(nl, what, ret, &err, NULL);
		goto free;
	}
	limit_text(&before, old, sizeof(old));
	if (cgroup_lookup(ctl, nl, &ref, &after)) {
		/* Set, but gone before it could be read back */
		snprintf(new, sizeof(new), "%s", argv[3]);
	} else {
		limit_text(&after, new, sizeof(new));
		zswapnl_memcg_free(&after);
	}
	/* The path is the cgroup's name, which may hold any byte */
	shown = escape_alloc(before.path ? before.path : argv[1], 0);
	if (!shown) {
		zc_error("out of memory");
		ret = EXIT_SYSTEM;
		goto free;
	}
	printf("cgroup %s max: %s -> %s\n", shown, old, new);
	free(shown);
	ret = EXIT_OK;
free:
	zswapnl_memcg_free(&before);
close:
	zswapnl_close(nl);
free_ref:
	cgroup_ref_free(&ref);
	return ret;
}

int cmd_set(struct zswapctl *ctl, int argc, char **argv)
{
	static const struct option opts[] = { { "help", no_argument, NULL,
						'h' },
					      GLOBAL_OPTIONS,
					      { NULL, 0, NULL, 0 } };
	int opt, ret;

	/* '+': a value such as "-5" is a value, and refused as one */
	while ((opt = getopt_long(argc, argv, "+:h", opts, NULL)) != -1) {
		ret = global_option(ctl, "set", opt, argv, opts);
		if (ret > 0)
			return ret;
		if (ret < 0)
			continue;
		if (opt == 'h') {
			set_usage();
			return EXIT_OK;
		}
	}
	argc -= optind;
	argv += optind;
	if (argc && !strcmp(argv[0], "cgroup"))
		return set_cgroup_max(ctl, argc, argv);
	return set_parameters(ctl, argc, argv);
}
