// SPDX-License-Identifier: GPL-2.0
/* The column table of "zswapctl cgroups", --output parsing and the cells. */
#include <ctype.h>
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <strings.h>

#include "columns.h"
#include "zswapctl-tap.h"

static bool snake_case(const char *s)
{
	for (; *s; s++)
		if (!islower((unsigned char)*s) && *s != '_')
			return false;
	return true;
}

static void check_table(void)
{
	bool complete = true, unique = true, keys = true;
	size_t i, j;

	for (i = 0; i < nr_columns; i++) {
		const struct column *c = &columns[i];

		if (!c->name || !c->help || !c->json_key)
			complete = false;
		else if (!snake_case(c->json_key))
			keys = false;
		for (j = 0; j < i; j++)
			if (!strcasecmp(c->name, columns[j].name) ||
			    !strcmp(c->json_key, columns[j].json_key))
				unique = false;
	}
	tap_ok(complete, "every column has a name, help and JSON key");
	tap_ok(unique, "names and JSON keys are unique");
	tap_ok(keys, "JSON keys are snake_case");
	tap_ok(column_by_name("ratio") == column_by_name("RATIO") &&
		       column_by_name("Ratio"),
	       "column names match in any case");
	tap_ok(!column_by_name("NOPE"), "an unknown name has no column");
}

/* The names in a list, "A,B,C" */
static const char *names(const struct column_list *list)
{
	static char buf[512];
	size_t i, n = 0;

	buf[0] = '\0';
	for (i = 0; i < list->count; i++)
		n += snprintf(buf + n, sizeof(buf) - n, "%s%s", i ? "," : "",
			      list->cols[i]->name);
	return buf;
}

static void output_ok(const char *arg, const char *want)
{
	struct column_list list;
	char bad[32], what[128];
	int ret;

	column_list_default(&list);
	ret = column_list_parse(&list, arg, bad, sizeof(bad));
	snprintf(what, sizeof(what), "--output %s gives %s", arg, want);
	if (ret)
		tap_ok(false, "%s (ret %d, bad '%s')", what, ret, bad);
	else
		tap_str(names(&list), want, what);
}

static void output_bad(const char *arg, int want_ret, const char *want_bad)
{
	struct column_list list = { 0 }, before;
	char bad[32];
	int ret;

	/* Zeroed, so that memcmp() sees no uninitialised slots */
	column_list_default(&list);
	before = list;
	ret = column_list_parse(&list, arg, bad, sizeof(bad));
	tap_ok(ret == want_ret && (!want_bad || !strcmp(bad, want_bad)) &&
		       !memcmp(&list, &before, sizeof(list)),
	       "--output '%s' is refused, naming '%s', list unchanged", arg,
	       want_bad ? want_bad : "");
}

static void check_output(void)
{
	char many[1024] = "";
	size_t i;

	output_ok("PATH,RATIO", "PATH,RATIO");
	output_ok("path,ratio", "PATH,RATIO");
	output_ok("MAX", "MAX");
	output_ok("ID,ID", "ID,ID");
	output_ok(
		"+MAX",
		"PATH,ID,COMPRESSED,STORED,ZERO,RATIO,ZSWPIN,ZSWPOUT,MAX,MAX");
	output_ok(
		"+ratio,id",
		"PATH,ID,COMPRESSED,STORED,ZERO,RATIO,ZSWPIN,ZSWPOUT,MAX,RATIO,ID");
	output_bad("PATH,NOPE", -EINVAL, "NOPE");
	output_bad("", -EINVAL, "");
	output_bad("+", -EINVAL, "");
	output_bad("PATH,", -EINVAL, "");
	output_bad(",PATH", -EINVAL, "");
	output_bad("PATH,,ID", -EINVAL, "");
	output_bad("PATH ID", -EINVAL, "PATH ID");
	for (i = 0; i < COLUMN_LIST_MAX + 1; i++)
		strcat(many, i ? ",ID" : "ID");
	output_bad(many, -E2BIG, NULL);
}

static struct zswapnl_memcg memcg(const char *path, uint64_t stored,
				  uint64_t compressed, uint64_t max,
				  uint64_t known)
{
	struct zswapnl_memcg m = {
		.struct_size = sizeof(m),
		.known = known,
		.id = 7,
		.path = (char *)path,
		.compressed_bytes = compressed,
		.stored_pages = stored,
		.zswap_max = max,
	};

	return m;
}

#define ALL_KNOWN ((UINT64_C(1) << ZSWAPNL_M_NR_FIELDS) - 1)
#define BIT(f) (UINT64_C(1) << (f))

static void cell(const char *col, const struct zswapnl_memcg *m,
		 const struct column_ctx *ctx, const char *want,
		 const char *what)
{
	char buf[64];

	tap_str(column_format(column_by_name(col), m, ctx, buf, sizeof(buf)),
		want, what);
}

static void check_cells(void)
{
	struct column_ctx iec = { .page_size = 4096,
				  .size_style = SIZE_SPACED };
	struct column_ctx bytes = { .page_size = 4096, .bytes = true };
	struct zswapnl_memcg full =
		memcg("/a/b", 1000, 1024000, ZSWAPNL_MAX, ALL_KNOWN);
	struct zswapnl_memcg some =
		memcg("/c", 1000, 0, 64 << 20,
		      BIT(ZSWAPNL_M_PATH) | BIT(ZSWAPNL_M_STORED_PAGES) |
			      BIT(ZSWAPNL_M_ZSWAP_MAX));
	struct zswapnl_memcg empty = memcg("/d", 0, 0, 0, ALL_KNOWN);
	const struct column *ratio = column_by_name("RATIO");
	cJSON *obj = cJSON_CreateObject();
	char *text;

	cell("PATH", &full, &iec, "/a/b", "PATH is the path");
	cell("ID", &full, &iec, "7", "ID is the id");
	cell("STORED", &full, &iec, "1000", "STORED counts pages");
	cell("COMPRESSED", &full, &iec, "1000 KiB", "COMPRESSED in IEC units");
	cell("COMPRESSED", &full, &bytes, "1024000",
	     "COMPRESSED in bytes with --bytes");
	cell("RATIO", &full, &iec, "4.00",
	     "RATIO is stored * page size / compressed");
	cell("MAX", &full, &iec, "max", "MAX of 2^64-1 is max");
	cell("MAX", &full, &bytes, "max", "MAX stays max with --bytes");
	cell("MAX", &some, &iec, "64 MiB", "MAX of a limit in IEC units");
	cell("COMPRESSED", &some, &iec, "-", "an unknown size is -, not 0");
	cell("ZERO", &some, &iec, "-", "an unknown count is -, not 0");
	cell("RATIO", &some, &iec, "-", "no ratio without the compressed size");
	cell("RATIO", &empty, &iec, "-", "no ratio when nothing is compressed");
	cell("ZERO", &empty, &iec, "0", "a known 0 is 0");

	tap_ok(column_compare(ratio, &some, &full, &iec) < 0,
	       "an unknown value sorts before a known one");
	tap_ok(column_compare(column_by_name("MAX"), &some,
					      &full, &iec) < 0,
	       "a limit sorts below max");
	tap_ok(column_compare(column_by_name("PATH"), &full,
					       &some, &iec) < 0,
	       "paths sort as strings");
	tap_ok(column_compare(column_by_name("STORED"), &full, &some, &iec) == 0,
	       "equal values compare equal");

	column_to_json(column_by_name("MAX"), &full, &iec, obj);
	column_to_json(column_by_name("COMPRESSED"), &some, &iec, obj);
	column_to_json(column_by_name("RATIO"), &full, &iec, obj);
	column_to_json(column_by_name("PATH"), &full, &iec, obj);
	text = cJSON_PrintUnformatted(obj);
	tap_str(text,
		"{\"zswap_max\":null,\"zswap_unlimited\":true,"
		"\"compressed_bytes\":null,"
		"\"compression_ratio\":4.00,\"path\":\"/a/b\"}",
		"JSON cells: no limit as null with zswap_unlimited, unknown null, ratio with two decimals");
	cJSON_free(text);
	cJSON_Delete(obj);
}

/* The JSON object of one cell */
static void cell_json(const struct column *col, const struct zswapnl_memcg *m,
		      const char *want, const char *what)
{
	struct column_ctx ctx = { .page_size = 4096 };
	cJSON *obj = cJSON_CreateObject();
	char *text;

	column_to_json(col, m, &ctx, obj);
	text = cJSON_PrintUnformatted(obj);
	tap_str(text, want, what);
	cJSON_free(text);
	cJSON_Delete(obj);
}

/* A memcg whose writeback is @own and effective @eff: 1, 0 or -1 for unknown */
static struct zswapnl_memcg writeback(int own, int eff)
{
	struct zswapnl_memcg m = memcg("/w", 0, 0, 0, BIT(ZSWAPNL_M_PATH));

	m.writeback = own > 0;
	m.writeback_effective = eff > 0;
	if (own >= 0)
		m.known |= BIT(ZSWAPNL_M_WRITEBACK);
	if (eff >= 0)
		m.known |= BIT(ZSWAPNL_M_WRITEBACK_EFFECTIVE);
	return m;
}

/*
 * The columns of 1.6, in their order, which scripts name (zswapctl(8)): a
 * figure added later comes after them
 */
static const char columns_1_6[] =
	"PATH,ID,COMPRESSED,STORED,ZERO,RATIO,ZSWPIN,ZSWPOUT,ZSWPWB,MAX,WRITEBACK,"
	"REJ-MAX,REJ-POOL,REJ-INCOMP,REJ-ALLOC";

static void check_writeback(void)
{
	struct column_ctx ctx = { .page_size = 4096 };
	const struct column *col = column_by_name("WRITEBACK");
	struct zswapnl_memcg on = writeback(1, 1), held = writeback(1, 0);
	struct zswapnl_memcg off = writeback(0, 0), none = writeback(-1, -1);
	struct zswapnl_memcg half = writeback(1, -1);
	struct column_list list;

	tap_ok(col && col->extra, "WRITEBACK is a column, shown on request");
	cell("WRITEBACK", &on, &ctx, "on", "writeback on, and in effect: on");
	cell("WRITEBACK", &off, &ctx, "off", "writeback off: off");
	cell("WRITEBACK", &held, &ctx, "on (off)",
	     "on, but off above: the effective value in parentheses");
	cell("WRITEBACK", &none, &ctx, "-", "neither known: -");
	cell("WRITEBACK", &half, &ctx, "on (-)", "the effective value unknown");
	tap_ok(column_compare(col, &none, &off, &ctx) < 0 &&
		       column_compare(col, &off, &held, &ctx) < 0 &&
		       column_compare(col, &held, &on, &ctx) < 0,
	       "WRITEBACK sorts unknown, off, on (off), on");

	cell_json(col, &held,
		  "{\"writeback\":true,\"writeback_effective\":false}",
		  "JSON: writeback and writeback_effective, booleans");
	cell_json(col, &half,
		  "{\"writeback\":true,\"writeback_effective\":null}",
		  "JSON: an unknown one is null");

	column_list_all(&list);
	tap_ok(list.count == nr_columns &&
		       !strncmp(names(&list), columns_1_6, strlen(columns_1_6)),
	       "every column, the extra ones too, for JSON: those of 1.6 first, in their order");
	column_list_default(&list);
	tap_str(names(&list),
		"PATH,ID,COMPRESSED,STORED,ZERO,RATIO,ZSWPIN,ZSWPOUT,MAX",
		"the table's default leaves the extra ones out");
}

/*
 * The table against libzswapnl's (zswapnl_memcg_field_info()): every
 * figure of a cgroup is a column's, or the figure of a column's metric
 * (the effective writeback is the WRITEBACK column's), and every one but
 * the id and the path, which name the series, has a metric, a counter's
 * ending in "_total" and no other's. A figure the table lacks, and so
 * cgroups, its JSON, export and the completions lack, fails here.
 */
static void check_figures(void)
{
	const struct zswapnl_field_info *info;
	unsigned int f;
	size_t i, j;

	for (f = 0; (info = zswapnl_memcg_field_info(f)); f++) {
		const struct column_metric *metric = NULL;
		bool column = false;

		for (i = 0; i < nr_columns; i++) {
			column |= columns[i].kind != KIND_RATIO &&
				  columns[i].field == f;
			for (j = 0; j < COLUMN_METRICS_MAX; j++)
				if (columns[i].metrics[j].name &&
				    columns[i].metrics[j].field == f)
					metric = &columns[i].metrics[j];
		}
		tap_ok(column || metric,
		       "figure %u of a cgroup has a column, or a metric of one",
		       f);
		if (f == ZSWAPNL_M_ID || f == ZSWAPNL_M_PATH) {
			tap_ok(!metric, "figure %u labels the series", f);
			continue;
		}
		if (!tap_ok(metric && metric->help, "figure %u has a metric",
			    f))
			continue;
		tap_ok(!!strstr(metric->name, "_total") ==
			       !!(info->flags & ZSWAPNL_INFO_COUNTER),
		       "%s: _total on counters only", metric->name);
	}
	tap_ok(f == ZSWAPNL_M_NR_FIELDS, "the library has %u figures", f);
}

int main(void)
{
	check_table();
	check_figures();
	check_output();
	check_cells();
	check_writeback();
	return tap_done();
}
