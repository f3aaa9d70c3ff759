// SPDX-License-Identifier: GPL-2.0
/* The text table, the tree order of cgroup paths and cgroup arguments. */
#include <errno.h>
#include <stdlib.h>

#include "cgroup_ref.h"
#include "table.h"
#include "tree.h"
#include "zswapctl-tap.h"

static char *print_table(const struct table *t)
{
	char *text = NULL;
	size_t len = 0;
	FILE *mem = open_memstream(&text, &len);

	if (!mem)
		return NULL;
	table_print(t, mem);
	fclose(mem);
	return text;
}

static void fill(struct table *t)
{
	static const char *const cells[][3] = {
		{ "/", "1", "-" },
		{ "/a b", "12345", "64 MiB" },
		{ "/line\nbreak", "7", "max" },
	};
	size_t r, c;

	table_init(t, 3);
	table_set_column(t, 0, "PATH", ALIGN_LEFT);
	table_set_column(t, 1, "ID", ALIGN_RIGHT);
	table_set_column(t, 2, "MAX", ALIGN_RIGHT);
	for (r = 0; r < 3; r++) {
		table_add_row(t);
		for (c = 0; c < 3; c++)
			table_set_cell(t, r, c, cells[r][c]);
	}
}

static void check_table(void)
{
	struct table t;
	char *text;

	fill(&t);
	text = print_table(&t);
	tap_str(text,
		"PATH              ID    MAX\n"
		"/                  1      -\n"
		"/a b           12345 64 MiB\n"
		"/line\\x0abreak     7    max\n",
		"aligned table: left path, right numbers, control characters escaped");
	free(text);

	t.noheadings = true;
	text = print_table(&t);
	tap_ok(text && !strstr(text, "PATH") && !strncmp(text, "/ ", 2),
	       "--noheadings");
	free(text);

	t.noheadings = false;
	t.raw = true;
	text = print_table(&t);
	tap_str(text,
		"PATH ID MAX\n"
		"/ 1 -\n"
		"/a\\x20b 12345 64\\x20MiB\n"
		"/line\\x0abreak 7 max\n",
		"raw table: one space apart, spaces escaped");
	free(text);
	table_free(&t);

	tap_ok(table_text_width("abc") == 3, "width of ASCII");
	tap_ok(table_text_width("\u251c\u2500x") == 3 ||
		       table_text_width("\u251c\u2500x") == 7,
	       "width of box drawing (3 in a UTF-8 locale, bytes otherwise)");
}

/*
 * A table as top's screen prints it, the 91-character path of a docker
 * scope beside figures, at width columns: every line fits, the path is cut
 * in its middle, and each figure is whole.
 */
static void check_fit(size_t max, const char *want_row, const char *what)
{
	static const char scope[] =
		"/system.slice/docker-0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef.scope";
	static const char *const cells[][4] = {
		{ "/", "240", "567.9 KiB", "max" },
		{ scope, "12345678", "8 MiB", "16 EiB" },
	};
	char *text, *line, *next;
	bool fits = true;
	struct table t;
	size_t r, c;

	table_init(&t, 4);
	table_set_column(&t, 0, "PATH", ALIGN_LEFT);
	table_set_column(&t, 1, "ZSWPOUT/s", ALIGN_RIGHT);
	table_set_column(&t, 2, "COMPRESSED", ALIGN_RIGHT);
	table_set_column(&t, 3, "MAX", ALIGN_RIGHT);
	for (r = 0; r < 2; r++) {
		table_add_row(&t);
		for (c = 0; c < 4; c++)
			table_set_cell(&t, r, c, cells[r][c]);
	}
	t.max_width = max;
	t.shrink = 0;
	text = print_table(&t);
	for (line = text; line && *line; line = next) {
		next = strchr(line, '\n');
		*next++ = '\0';
		if (strlen(line) > max)
			fits = false;
		if (!strncmp(line, "/system", 7))
			tap_str(line, want_row, what);
	}
	tap_ok(fits, "every line within %zu columns", max);
	free(text);
	table_free(&t);
}

static void check_ellipsize(void)
{
	char *s;

	/* 7 columns: 2 of the start, "...", 2 of the end */
	s = table_ellipsize("/a/b/c/d/e/f", 7, false);
	tap_str(s, "/a.../f", "ellipsis in the middle");
	free(s);
	s = table_ellipsize("/a/b", 4, false);
	tap_str(s, "/a/b", "a text that fits stays");
	free(s);
	s = table_ellipsize("/abcdefgh", 2, false);
	tap_str(s, "..", "no room for more than the ellipsis: as much of it as fits");
	free(s);
	/*
	 * The figures take 9 + 10 + 6 columns and three spaces: PATH gets 52
	 * of 80 (25 of the start, 24 of the end) and 72 of 100 (35 and 34).
	 */
	check_fit(80,
		  "/system.slice/docker-0123...ef0123456789abcdef.scope  12345678      8 MiB 16 EiB",
		  "80 columns: the path cut in its middle, the figures whole");
	check_fit(100,
		  "/system.slice/docker-0123456789abcd...456789abcdef0123456789abcdef.scope  12345678      8 MiB 16 EiB",
		  "100 columns: the same, less of the path cut");
	/* PATH at its least, 12, and one figure column fit: 22 columns */
	check_fit(30, "/syst...cope  12345678",
		  "30 columns: the path at its least, then whole columns left out");
}

static const char *const paths[] = {
	"/", "/b", "/a", "/a/y", "/a/x", "/b/z/deep", "/c", "/a/x/1",
};
#define NPATHS (sizeof(paths) / sizeof(paths[0]))

static char *render_tree(tree_compare_fn cmp, const struct tree_symbols *sym,
			 const char *const *p, size_t n)
{
	struct tree_row rows[16];
	char *out = calloc(1, 1024);
	size_t i;

	if (!out || tree_order(p, n, cmp, NULL, sym, rows)) {
		free(out);
		return NULL;
	}
	for (i = 0; i < n; i++) {
		strcat(out, rows[i].prefix);
		strcat(out, tree_basename(p[rows[i].index]));
		strcat(out, "\n");
	}
	tree_rows_free(rows, n);
	return out;
}

/* Reverse name order, to show that the caller orders the siblings */
static int reverse_names(size_t a, size_t b, void *data)
{
	(void)data;
	return strcmp(paths[b], paths[a]);
}

static void check_tree(void)
{
	static const char *const orphans[] = { "/q/r", "/q/s", "/p" };
	char *text;

	text = render_tree(NULL, &tree_ascii, paths, NPATHS);
	tap_str(text,
		"/\n"
		"|-a\n"
		"| |-x\n"
		"| | `-1\n"
		"| `-y\n"
		"|-b\n"
		"| `-deep\n"
		"`-c\n",
		"tree: parents before children, siblings by name, a missing parent skipped");
	free(text);

	text = render_tree(reverse_names, &tree_ascii, paths, NPATHS);
	tap_str(text,
		"/\n"
		"|-c\n"
		"|-b\n"
		"| `-deep\n"
		"`-a\n"
		"  |-y\n"
		"  `-x\n"
		"    `-1\n",
		"tree: siblings in the caller's order");
	free(text);

	text = render_tree(NULL, &tree_utf8, paths, 3);
	tap_str(text, "/\n\u251c\u2500a\n\u2514\u2500b\n", "tree: UTF-8 lines");
	free(text);

	text = render_tree(NULL, &tree_ascii, orphans, 3);
	tap_str(text, "p\nr\ns\n",
		"tree: rows without a listed parent are roots");
	free(text);

	tap_str(tree_basename("/a/b"), "b", "basename of /a/b");
	tap_str(tree_basename("/"), "/", "basename of /");
}

/*
 * A chain of DEEP_LEVELS cgroups below "/", and a sibling of the deepest
 * drawn level: the drawing stops at TREE_DEPTH_MAX, what is deeper hangs
 * from the row there by its relative path, and the sibling stays in place
 */
#define DEEP_LEVELS (TREE_DEPTH_MAX + 8)
static void check_deep_tree(void)
{
	char *p[DEEP_LEVELS + 3];
	struct tree_row rows[DEEP_LEVELS + 3];
	size_t n = 0, i, longest = 0, at_depth[DEEP_LEVELS + 3] = { 0 };
	bool order = true, names = true, depths = true;
	unsigned int want_depth;

	p[n++] = strdup("/");
	for (i = 1; i <= DEEP_LEVELS; i++) {
		if (asprintf(&p[n], "%s%sd%zu", p[n - 1], i > 1 ? "/" : "",
			     i) < 0)
			return;
		n++;
	}
	/* beside d(TREE_DEPTH_MAX + 1), the first row that is flattened */
	if (asprintf(&p[n], "%.*s/zz", (int)strlen(p[TREE_DEPTH_MAX]),
		     p[TREE_DEPTH_MAX]) < 0)
		return;
	n++;
	if (!tap_ok(!tree_order((const char *const *)p, n, NULL, NULL,
				&tree_ascii, rows),
		    "deep tree: ordered"))
		return;
	for (i = 0; i < n; i++) {
		const char *path = p[rows[i].index];
		size_t k = rows[i].index;

		want_depth = k <= TREE_DEPTH_MAX ? k : TREE_DEPTH_MAX + 1;
		if (rows[i].depth != want_depth)
			depths = false;
		if (strlen(rows[i].prefix) > longest)
			longest = strlen(rows[i].prefix);
		at_depth[i] = k;
		/* below level TREE_DEPTH_MAX: relative to the row there */
		if (k > TREE_DEPTH_MAX && k <= DEEP_LEVELS &&
		    strncmp(path + rows[i].name_from, "d33", 3))
			names = false;
	}
	/* the chain in order, the sibling after the whole chain's rows */
	for (i = 0; i + 1 < n; i++)
		if (at_depth[i] != i)
			order = false;
	tap_ok(order && rows[n - 1].index == n - 1,
	       "deep tree: the chain in order, then the sibling");
	tap_ok(depths, "deep tree: drawn %d levels deep, no deeper",
	       TREE_DEPTH_MAX + 1);
	tap_ok(names, "deep tree: flattened rows named from level %d",
	       TREE_DEPTH_MAX);
	tap_str(p[DEEP_LEVELS] + rows[DEEP_LEVELS].name_from,
		"d33/d34/d35/d36/d37/d38/d39/d40",
		"deep tree: the deepest row's name, relative to d32");
	tap_str(p[TREE_DEPTH_MAX] + rows[TREE_DEPTH_MAX].name_from, "d32",
		"deep tree: d32 by its own name");
	tap_ok(longest <= (TREE_DEPTH_MAX + 1) * 2,
	       "deep tree: no prefix longer than %d levels (%zu)",
	       TREE_DEPTH_MAX + 1, longest);
	tap_str(rows[n - 1].prefix + TREE_DEPTH_MAX * 2, "`-",
		"deep tree: the last row below d32 closes its drawing");
	tree_rows_free(rows, n);
	for (i = 0; i < n; i++)
		free(p[i]);
}

static void check_path_shown(void)
{
	char buf[CGROUP_PATH_SHOWN_MAX + 1], *path, *name;
	size_t i;

	tap_str(cgroup_path_shown("/a/b", buf, sizeof(buf)), "/a/b",
		"shown: a short path as it is");
	name = malloc(256);
	path = malloc(20 * 256 + 1);
	if (!name || !path)
		return;
	memset(name, 'N', 254);
	name[254] = '\0';
	*path = '\0';
	for (i = 0; i < 4; i++) {
		strcat(path, "/");
		strcat(path, name);
		path[strlen(path) - 1] = (char)('0' + i);
	}
	/* 4 x 255 = 1020 bytes: whole */
	tap_ok(cgroup_path_shown(path, buf, sizeof(buf)) == path &&
		       !cgroup_path_shortened(path),
	       "shown: 1020 bytes whole");
	strcat(path, "/");
	strcat(path, name);
	path[strlen(path) - 1] = '4';
	tap_ok(cgroup_path_shortened(path), "shown: 1275 bytes shortened");
	/* names of 254 bytes: "/N..0", the ellipsis, "N..4" */
	cgroup_path_shown(path, buf, sizeof(buf));
	tap_ok(strlen(buf) == 1 + 254 + 5 + 254 && buf[254] == '0' &&
		       !strncmp(buf + 255, "/\u2026/", 5) &&
		       buf[strlen(buf) - 1] == '4',
	       "shown: the first and the last name around an ellipsis");
	/* relative, as a flattened row's name is */
	cgroup_path_shown(path + 1, buf, sizeof(buf));
	tap_ok(strlen(buf) == 254 + 5 + 254 && buf[0] == 'N',
	       "shown: a relative path keeps no leading slash");
	free(path);
	free(name);
}

static void ref_ok(const char *arg, const char *want)
{
	struct cgroup_ref ref;
	int ret = cgroup_ref_parse(arg, &ref);
	char what[128];

	snprintf(what, sizeof(what), "cgroup '%s' is %s", arg, want);
	if (ret || ref.by_id)
		tap_ok(false, "%s (ret %d)", what, ret);
	else
		tap_str(ref.path, want, what);
	cgroup_ref_free(&ref);
}

static void check_refs(void)
{
	char long_path[5000];
	struct cgroup_ref ref;

	ref_ok("a", "/a");
	ref_ok("/a/b", "/a/b");
	ref_ok("a/b/", "/a/b");
	ref_ok("//a///b//", "/a/b");
	ref_ok("./a/./b", "/a/b");
	ref_ok("/", "/");
	ref_ok("/sys/fs/cgroup", "/");
	ref_ok("/sys/fs/cgroup/", "/");
	ref_ok("/sys/fs/cgroup/a/b", "/a/b");
	ref_ok("/sys/fs/cgroupx", "/sys/fs/cgroupx");
	ref_ok("./123", "/123");
	ref_ok("12a", "/12a");
	tap_ok(!cgroup_ref_parse("123", &ref) && ref.by_id && ref.id == 123,
	       "digits are an id");
	tap_ok(cgroup_ref_parse("0", &ref) == -EINVAL, "id 0 is refused");
	tap_ok(cgroup_ref_parse("99999999999999999999", &ref) == -EINVAL,
	       "an id past 2^64");
	tap_ok(cgroup_ref_parse("", &ref) == -EINVAL,
	       "an empty cgroup is refused");
	tap_ok(cgroup_ref_parse("/a/../b", &ref) == -EINVAL, ".. is refused");
	/* As long as its cgroups make it: a cgroup path knows no PATH_MAX */
	memset(long_path, 'x', sizeof(long_path) - 1);
	long_path[sizeof(long_path) - 1] = '\0';
	long_path[0] = long_path[2000] = long_path[4000] = '/';
	tap_ok(!cgroup_ref_parse(long_path, &ref) && ref.path &&
		       !strcmp(ref.path, long_path),
	       "a path longer than PATH_MAX is a path");
	cgroup_ref_free(&ref);

	tap_ok(cgroup_path_within("/a/b", "/a"), "/a/b is within /a");
	tap_ok(cgroup_path_within("/a", "/a"), "/a is within /a");
	tap_ok(!cgroup_path_within("/ab", "/a"), "/ab is not within /a");
	tap_ok(cgroup_path_within("/x", "/"), "everything is within /");
}

int main(void)
{
	check_table();
	check_ellipsize();
	check_tree();
	check_deep_tree();
	check_path_shown();
	check_refs();
	return tap_done();
}
