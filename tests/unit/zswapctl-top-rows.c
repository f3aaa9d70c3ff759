// SPDX-License-Identifier: GPL-2.0
/*
 * The rows of "zswapctl top": its column table, the filter, the sort by
 * every column either way, the tree, and the table and meters as batch
 * mode prints them.
 */
#include <stdint.h>
#include <stdlib.h>
#include <strings.h>

#include "top.h"
#include "tree.h"
#include "zswapctl-tap.h"

#define SEC 1000000000ULL
#define ALL_MEMCG ((UINT64_C(1) << ZSWAPNL_M_NR_FIELDS) - 1)
#define ALL_GLOBAL ((UINT64_C(1) << ZSWAPNL_G_NR_FIELDS) - 1)
/* As the library fills them: their figures are read by their size */
#define SIZED .struct_size = sizeof(struct zswapnl_memcg)

static struct zswapnl_memcg memcg(uint64_t id, const char *path,
				  uint64_t zswpout, uint64_t zswpin,
				  uint64_t stored)
{
	return (struct zswapnl_memcg){
		SIZED,
		.known = ALL_MEMCG,
		.id = id,
		.path = (char *)path,
		.zswpout = zswpout,
		.zswpin = zswpin,
		.stored_pages = stored,
		.compressed_bytes = stored * 1024,
		.zswap_max = ZSWAPNL_MAX,
		.writeback = true,
		.writeback_effective = true,
	};
}

/* One second apart: the rates are the differences */
static struct zswapnl_memcg before[] = {
	{ SIZED, .known = ALL_MEMCG, .id = 1, .path = "/" },
	{ SIZED, .known = ALL_MEMCG, .id = 10, .path = "/work" },
	{ SIZED, .known = ALL_MEMCG, .id = 11, .path = "/work/a" },
	{ SIZED, .known = ALL_MEMCG, .id = 12, .path = "/work/b" },
	{ SIZED, .known = ALL_MEMCG, .id = 13, .path = "/idle" },
};
static struct zswapnl_memcg after[5];
/* A list holds pointers to the memcgs (zswapnl.h) */
static struct zswapnl_memcg *before_p[] = { &before[0], &before[1], &before[2], &before[3],
					    &before[4] };
static struct zswapnl_memcg *after_p[] = { &after[0], &after[1], &after[2], &after[3],
					   &after[4] };
static struct sample prev = { .mono_ns = SEC, .memcgs = { 5, before_p } };
static struct sample cur = { .mono_ns = 2 * SEC, .memcgs = { 5, after_p } };

static void setup(void)
{
	after[0] = memcg(1, "/", 300, 30, 900);
	after[1] = memcg(10, "/work", 300, 30, 900);
	after[2] = memcg(11, "/work/a", 100, 20, 300);
	after[3] = memcg(12, "/work/b", 200, 10, 600);
	after[4] = memcg(13, "/idle", 0, 0, 0);
	/* memory.zswap.writeback off in /work, on in /work/a and /work/b */
	after[1].writeback = after[1].writeback_effective = false;
	after[2].writeback_effective = after[3].writeback_effective = false;
	/* /work/b: 12 stores refused in the second, 7 of them at its limit */
	after[3].reject_zswap_max = 7;
	after[3].reject_pool_limit = 2;
	after[3].reject_incompressible = 2;
	after[3].reject_alloc_fail = 1;
	/* /work: one reason unknown, so the sum is not shown */
	after[1].reject_zswap_max = 7;
	after[1].known &= ~(UINT64_C(1) << ZSWAPNL_M_REJECT_ALLOC_FAIL);
	/* /idle has no zswap figures at all (no memory.zswap.* files) */
	after[4].known = UINT64_C(1) << ZSWAPNL_M_ID |
			 UINT64_C(1) << ZSWAPNL_M_PATH;
}

static struct top_order order(const char *sort, bool reverse, bool tree,
			      const char *filter)
{
	return (struct top_order){
		.sort = top_column_by_name(sort),
		.reverse = reverse,
		.tree = tree,
		.filter = filter,
		.ctx = { .page_size = 4096, .size_style = SIZE_SPACED },
	};
}

/* The paths of the rows, "a b c", with their tree prefixes if any */
static const char *paths(const struct top_order *ord)
{
	static char buf[512];
	struct top_rows rows;
	size_t i, n = 0;

	buf[0] = '\0';
	if (top_rows_build(&prev, &cur, ord, &rows))
		return "(-ENOMEM)";
	for (i = 0; i < rows.count; i++) {
		const struct top_row *r = &rows.rows[i];

		/* As the table shows them: below a tree's top, names */
		n += snprintf(buf + n, sizeof(buf) - n, "%s%s%s", i ? " " : "",
			      r->prefix ? r->prefix : "",
			      r->prefix && *r->prefix ?
				      tree_basename(r->m->path) :
				      r->m->path);
	}
	top_rows_free(&rows);
	return buf;
}

static void order_is(const char *sort, bool reverse, bool tree,
		     const char *filter, const char *want)
{
	struct top_order ord = order(sort, reverse, tree, filter);
	char what[160];

	snprintf(what, sizeof(what), "sort %s%s%s%s%s gives %s", sort,
		 reverse ? " reversed" : "", tree ? " as a tree" : "",
		 filter ? " filtered by " : "", filter ? filter : "", want);
	tap_str(paths(&ord), want, what);
}

static void check_table(void)
{
	bool complete = true, unique = true, bases = true;
	size_t i, j;

	for (i = 0; i < nr_top_columns; i++) {
		const struct top_column *c = &top_columns[i];

		if (!c->name || !top_column_help(c))
			complete = false;
		if (c->value == TOP_MEMCG &&
		    (!c->memcg_column || !column_by_name(c->memcg_column)))
			bases = false;
		for (j = 0; j < i; j++)
			if (!strcasecmp(c->name, top_columns[j].name))
				unique = false;
	}
	tap_ok(nr_top_columns == 10, "ten columns");
	tap_ok(complete, "every column has a name and a help line");
	tap_ok(bases, "every memcg column is a column of zswapctl cgroups");
	tap_ok(unique, "names are unique");
	tap_ok(top_column_by_name("zswpout/S") ==
			       top_column_by_name("ZSWPOUT/s") &&
		       top_column_by_name("zswpout/s"),
	       "names match in any case");
	tap_ok(!top_column_by_name("ID") && !top_column_by_name("ZSWPOUT"),
	       "columns top does not show are not top's");
	tap_str(top_column_default()->name, "ZSWPOUT/s",
		"the default sort is ZSWPOUT/s");
	tap_ok(top_column_default()->descending &&
		       !top_column_by_name("PATH")->descending,
	       "numbers sort largest first, paths from A");
}

static void check_order(void)
{
	order_is("ZSWPOUT/s", false, false, NULL,
		 "/ /work /work/b /work/a /idle");
	order_is("ZSWPOUT/s", true, false, NULL,
		 "/idle /work/a /work/b / /work");
	order_is("ZSWPIN/s", false, false, NULL,
		 "/ /work /work/a /work/b /idle");
	order_is("PATH", false, false, NULL, "/ /idle /work /work/a /work/b");
	order_is("PATH", true, false, NULL, "/work/b /work/a /work /idle /");
	order_is("STORED", false, false, NULL, "/ /work /work/b /work/a /idle");
	order_is("COMPRESSED", true, false, NULL,
		 "/idle /work/a /work/b / /work");
	order_is("RATIO", false, false, NULL, "/ /work /work/a /work/b /idle");
	order_is("MAX", false, false, NULL, "/ /work /work/a /work/b /idle");
	/* Unknown last when the largest come first */
	order_is("ZERO", false, false, "", "/ /work /work/a /work/b /idle");
}

static void check_filter_and_tree(void)
{
	order_is("PATH", false, false, "work/b", "/work/b");
	order_is("PATH", false, false, "work", "/work /work/a /work/b");
	order_is("PATH", false, false, "nothing", "");
	order_is("PATH", false, true, NULL, "/ |-idle `-work   |-a   `-b");
	order_is("ZSWPOUT/s", false, true, NULL, "/ |-work | |-b | `-a `-idle");
	order_is("ZSWPOUT/s", true, true, NULL, "/ |-idle `-work   |-a   `-b");
	order_is("PATH", false, true, "work", "/work |-a `-b");
	order_is("PATH", false, true, "/work/", "/work/a /work/b");
}

static void check_new_rows(void)
{
	struct top_order ord = order("ZSWPOUT/s", false, false, NULL);
	struct top_rows rows;

	/* The first sample: no rates, the rows still listed by path */
	tap_ok(!top_rows_build(NULL, &cur, &ord, &rows) && rows.count == 5 &&
		       !rows.rows[0].rates.zswpout.known,
	       "without a previous sample: every row, rates unknown");
	tap_str(rows.count ? rows.rows[0].m->path : NULL, "/",
		"... in path order");
	top_rows_free(&rows);
}

/* The table as batch mode prints it */
static char *printed(const struct top_order *ord)
{
	struct top_rows rows;
	char *text = NULL;
	size_t size = 0;
	FILE *mem = open_memstream(&text, &size);

	if (!mem)
		return NULL;
	if (!top_rows_build(&prev, &cur, ord, &rows)) {
		top_table_print(&rows, ord, 0, mem);
		top_rows_free(&rows);
	}
	fclose(mem);
	return text;
}

static void check_print(void)
{
	struct top_order ord = order("ZSWPOUT/s", false, true, "work");
	char *text;

	text = printed(&ord);
	tap_str(text,
		"PATH  ZSWPOUT/sv ZSWPIN/s COMPRESSED STORED ZERO RATIO MAX WRITEBACK REJECT/s\n"
		"/work        300       30    900 KiB    900    0  4.00 max       off        -\n"
		"|-b          200       10    600 KiB    600    0  4.00 max  on (off)       12\n"
		"`-a          100       20    300 KiB    300    0  4.00 max  on (off)        0\n",
		"the table: an arrow on the sort column, the rates, the tree");
	free(text);
	ord = order("PATH", true, false, "idle");
	text = printed(&ord);
	tap_str(text,
		"PATHv ZSWPOUT/s ZSWPIN/s COMPRESSED STORED ZERO RATIO MAX WRITEBACK REJECT/s\n"
		"/idle         -        -          -      -    -     -   -         -        -\n",
		"unknown figures as '-'; PATH reversed points down");
	free(text);
	ord.utf8 = true;
	ord.reverse = false;
	text = printed(&ord);
	tap_ok(text && !strncmp(text, "PATH\u25b2 ", strlen("PATH\u25b2 ")),
	       "with UTF-8, the arrow is a triangle, up for A to Z");
	free(text);
}

static void check_meters(void)
{
	struct sample a = {
		.mono_ns = SEC,
		.global = { .struct_size = sizeof(struct zswapnl_global),
			    .known = ALL_GLOBAL,
			    .zswpout = 1000,
			    .zswpin = 10 },
	};
	struct sample b = a;
	struct top_meters mt;
	char buf[16];

	b.mono_ns = 3 * SEC;
	b.global.zswpout = 1500;
	b.global.zswpin = 11;
	b.global.stored_pages = 9443;
	b.global.zero_pages = 3096;
	b.global.pool_total_size = 13002342;
	b.global.pool_limit_bytes = 419637248;
	top_meters_fill(&a, &b, 4096, &mt);
	tap_str(mt.pool, "12.4 MiB of 400.2 MiB (3.1%)",
		"pool: size of limit (percent), as zswapctl status says it");
	tap_ok(mt.pool_known && mt.pool_permille == 31, "the bar fills 3.1%%");
	tap_str(mt.ratio, "2.97", "ratio");
	tap_str(mt.stored, "9443", "stored pages");
	tap_str(mt.zero, "3096", "zero pages");
	tap_str(mt.store, "250", "store rate: 500 zswpout in 2 s");
	tap_str(mt.load, "0.5", "load rate: 1 zswpin in 2 s");
	tap_str(mt.reject, "0", "no rejects");

	b.global.known = UINT64_C(1) << ZSWAPNL_G_ZSWPOUT;
	top_meters_fill(NULL, &b, 4096, &mt);
	tap_str(mt.pool, "- of -", "pool unknown");
	tap_ok(!mt.pool_known, "no bar without a size and a limit");
	tap_str(mt.zero, "-", "zero pages unknown (stock kernel)");
	tap_str(mt.store, "-", "the first sample has no rates");
	tap_str(seconds_hundredths(1004999999, buf, sizeof(buf)), "1.00",
		"1.004999999 s is 1.00 s");
	tap_str(seconds_hundredths(1005000000, buf, sizeof(buf)), "1.01",
		"1.005 s is 1.01 s");
}

int main(void)
{
	setup();
	check_table();
	check_order();
	check_filter_and_tree();
	check_new_rows();
	check_print();
	check_meters();
	return tap_done();
}
