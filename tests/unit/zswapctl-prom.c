// SPDX-License-Identifier: GPL-2.0
/*
 * The Prometheus text format of zswapctl export: escaping of label values
 * and HELP text, values written digit for digit, and the metrics of a
 * sample: each family once, with HELP and TYPE, "_total" on counters
 * only, unknown figures left out, "max" as +Inf.
 */
#include <regex.h>
#include <stdint.h>
#include <stdlib.h>

#include "prom_metrics.h"
#include "zswapctl-tap.h"

#define BIT(nr) (UINT64_C(1) << (nr))

/* What fn wrote, in a buffer the caller frees */
#define CAPTURE(text, call)                                 \
	do {                                                \
		size_t len_;                                \
		FILE *out = open_memstream(&(text), &len_); \
		call;                                       \
		fclose(out);                                \
	} while (0)

static void label(const char *value, const char *want, const char *what)
{
	char *text = NULL;

	CAPTURE(text, prom_put_label_value(value, out));
	tap_str(text, want, what);
	free(text);
}

static void label_values(void)
{
	label("/work/app", "/work/app", "a plain label value stays");
	label("a\\b", "a\\\\b", "a backslash is doubled");
	label("say \"hi\"", "say \\\"hi\\\"", "a double quote is escaped");
	label("two\nlines", "two\\nlines", "a newline is \\n");
	label("tab\tcr\r", "tab\\\\x09cr\\\\x0d",
	      "other control characters are the text \\xHH");
	label("caf\xc3\xa9 \xe6\x97\xa5 \xf0\x9f\x98\x80",
	      "caf\xc3\xa9 \xe6\x97\xa5 \xf0\x9f\x98\x80",
	      "UTF-8 of two, three and four bytes stays");
	label("a\xff"
	      "b",
	      "a\\\\xffb", "a byte that is not UTF-8 is the text \\xff");
	label("\xc0\x80", "\\\\xc0\\\\x80", "an overlong form is not UTF-8");
	label("\xed\xa0\x80", "\\\\xed\\\\xa0\\\\x80",
	      "a surrogate is not UTF-8");
	label("\xf4\x90\x80\x80", "\\\\xf4\\\\x90\\\\x80\\\\x80",
	      "a code point above U+10FFFF is not UTF-8");
	label("cut\xe6\x97", "cut\\\\xe6\\\\x97",
	      "a sequence cut short is not UTF-8");
}

static void help_and_lines(void)
{
	struct prom_label labels[] = { { "a", "x\"y" }, { "b", "" } };
	char *text = NULL, buf[PROM_VALUE_MAX];

	CAPTURE(text, prom_put_help("back\\slash \"quotes\"\nnext", out));
	tap_str(text, "back\\\\slash \"quotes\"\\nnext",
		"HELP text: backslash and newline escaped, quotes not");
	free(text);

	CAPTURE(text, prom_family("m_total", PROM_COUNTER, "Help.", out));
	tap_str(text, "# HELP m_total Help.\n# TYPE m_total counter\n",
		"a family opens with HELP and TYPE");
	free(text);

	CAPTURE(text, prom_sample("m", labels, 2, "7", out));
	tap_str(text, "m{a=\"x\\\"y\",b=\"\"} 7\n", "a sample with two labels");
	free(text);

	CAPTURE(text, prom_sample("m", NULL, 0, "0", out));
	tap_str(text, "m 0\n", "a sample without labels has no braces");
	free(text);

	tap_str(prom_u64(UINT64_MAX, buf, sizeof(buf)), "18446744073709551615",
		"2^64-1 is written digit for digit");
	tap_str(prom_u64(9007199254740993ULL, buf, sizeof(buf)),
		"9007199254740993", "2^53+1 is not rounded");
	tap_str(prom_u64(0, buf, sizeof(buf)), "0", "0 is 0");
}

/* A global state with every figure known */
static void full_global(struct zswapnl_global *g)
{
	memset(g, 0, sizeof(*g));
	g->struct_size = sizeof(*g);
	g->known = BIT(ZSWAPNL_G_NR_FIELDS) - 1;
	g->stored_pages = 9443;
	g->zero_pages = 3096;
	g->pool_total_size = 13012992;
	g->pool_limit_bytes = 419688448;
	g->written_back_pages = UINT64_MAX;
	g->zswpout = 30680;
	g->enabled = true;
	snprintf(g->compressor, sizeof(g->compressor), "zstd");
	snprintf(g->zpool, sizeof(g->zpool), "zsmalloc");
	g->max_pool_percent = 20;
	g->accept_threshold_percent = 90;
}

static char *render(const struct metrics_sample *s)
{
	char *text = NULL;
	int ret = 0;

	CAPTURE(text, ret = metrics_write(s, out));
	tap_ok(ret == 0, "metrics_write() returns 0");
	return text;
}

static bool has_line(const char *text, const char *line)
{
	size_t n = strlen(line);
	const char *p = text;

	while ((p = strstr(p, line))) {
		if ((p == text || p[-1] == '\n') && p[n] == '\n')
			return true;
		p += n;
	}
	return false;
}

static void expect_line(const char *text, const char *line)
{
	if (!tap_ok(has_line(text, line), "the line '%s'", line))
		printf("# in:\n%s", text);
}

static void expect_no(const char *text, const char *what)
{
	tap_ok(!strstr(text, what), "nothing of '%s'", what);
}

#define FAMILIES_MAX 64
#define NAME_MAX_LEN 128

/* What check_line() has seen so far */
struct structure {
	char seen[FAMILIES_MAX][NAME_MAX_LEN]; /* the families opened */
	size_t nseen;
	const char *family; /* the last one opened, or NULL */
	bool want_type; /* its HELP came, its TYPE not yet */
	regex_t valid; /* a metric name */
};

static bool open_family(struct structure *st, const char *line)
{
	char name[NAME_MAX_LEN];
	size_t i;

	if (st->want_type || sscanf(line, "# HELP %127s", name) != 1 ||
	    st->nseen == FAMILIES_MAX || regexec(&st->valid, name, 0, NULL, 0))
		return false;
	for (i = 0; i < st->nseen; i++)
		if (!strcmp(st->seen[i], name))
			return false; /* opened a second time */
	snprintf(st->seen[st->nseen], NAME_MAX_LEN, "%s", name);
	st->family = st->seen[st->nseen++];
	st->want_type = true;
	return true;
}

/* Its TYPE: "_total" on a counter, and on nothing else */
static bool family_type(struct structure *st, const char *line)
{
	char name[NAME_MAX_LEN], type[16];
	size_t n;

	if (!st->want_type ||
	    sscanf(line, "# TYPE %127s %15s", name, type) != 2 ||
	    strcmp(name, st->family))
		return false;
	st->want_type = false;
	n = strlen(name);
	if (!strcmp(type, "counter"))
		return n > 6 && !strcmp(name + n - 6, "_total");
	return !strcmp(type, "gauge") && !strstr(name, "_total");
}

/* A sample of the family just opened */
static bool family_sample(struct structure *st, const char *line)
{
	size_t n = st->family ? strlen(st->family) : 0;

	return !st->want_type && n && !strncmp(line, st->family, n) &&
	       (line[n] == ' ' || line[n] == '{');
}

static bool check_line(struct structure *st, const char *line)
{
	if (!strncmp(line, "# HELP ", 7))
		return open_family(st, line);
	if (!strncmp(line, "# TYPE ", 7))
		return family_type(st, line);
	return family_sample(st, line);
}

/*
 * The rules the output must keep: each family once, HELP, then TYPE, then
 * its samples; valid names; "_total" on counters only; a newline at the
 * end of every line.
 */
static void check_structure(char *text, const char *what)
{
	struct structure st = { .nseen = 0 };
	char *line, *end;
	bool ok = true;

	regcomp(&st.valid, "^[a-zA-Z_:][a-zA-Z0-9_:]*$",
		REG_EXTENDED | REG_NOSUB);
	for (line = text; ok && *line; line = end + 1) {
		end = strchr(line, '\n');
		if (!end) {
			ok = false;
			break;
		}
		*end = '\0';
		ok = check_line(&st, line);
		if (!ok)
			printf("# bad line: %s\n", line);
		*end = '\n';
	}
	regfree(&st.valid);
	tap_ok(ok && !st.want_type, "%s: well formed", what);
}

static void global_metrics(void)
{
	struct zswapnl_global g;
	struct metrics_sample s = { .source = ZSWAPNL_SOURCE_NETLINK,
				    .global = &g,
				    .page_size = 4096 };
	char *text;

	full_global(&g);
	text = render(&s);
	check_structure(text, "every global figure known");
	expect_line(text, "zswap_source{source=\"netlink\"} 1");
	expect_line(text,
		    "zswap_info{compressor=\"zstd\",zpool=\"zsmalloc\"} 1");
	expect_line(text, "zswap_enabled 1");
	expect_line(text, "zswap_page_size_bytes 4096");
	expect_line(text, "zswap_pool_limit_bytes 419688448");
	expect_line(text, "zswap_zero_pages 3096");
	expect_line(text, "zswap_max_pool_percent 20");
	expect_line(text, "zswap_accept_threshold_percent 90");
	expect_line(text, "zswap_reject_compress_poor_total 0");
	expect_line(text, "# TYPE zswap_pool_limit_hit_total counter");
	expect_line(text, "# TYPE zswap_zero_pages gauge");
	expect_no(text, "zswap_cgroup_");
	/*
	 * What the node exporter has from /proc/meminfo and /proc/vmstat:
	 * none of it here, debugfs's writeback count either when vmstat has
	 * zswpwb (Linux 6.8 on)
	 */
	expect_no(text, "zswap_pool_bytes");
	expect_no(text, "zswap_stored_pages");
	expect_no(text, "zswap_zswpin");
	expect_no(text, "zswap_zswpout");
	expect_no(text, "zswap_zswpwb");
	expect_no(text, "zswap_written_back_pages_total");
	free(text);

	/* Linux 6.1: no zswpwb, so debugfs's count is the one there is */
	g.known &= ~BIT(ZSWAPNL_G_ZSWPWB);
	text = render(&s);
	check_structure(text, "every global figure of 6.1 known");
	expect_line(text,
		    "zswap_written_back_pages_total 18446744073709551615");
	expect_line(text, "# TYPE zswap_written_back_pages_total counter");
	free(text);
}

static void unknown_global(void)
{
	struct zswapnl_global g;
	struct metrics_sample s = { .source = ZSWAPNL_SOURCE_FALLBACK,
				    .global = &g,
				    .page_size = 4096 };
	char *text;

	full_global(&g);
	/* The stock kernel without debugfs: the parameters and vmstat only */
	g.known = BIT(ZSWAPNL_G_ENABLED) | BIT(ZSWAPNL_G_ZPOOL) |
		  BIT(ZSWAPNL_G_ZSWPIN) | BIT(ZSWAPNL_G_ZSWPOUT);
	g.enabled = false;
	text = render(&s);
	check_structure(text, "few global figures known");
	expect_line(text, "zswap_source{source=\"fallback\"} 1");
	expect_line(text, "zswap_info{zpool=\"zsmalloc\"} 1");
	expect_line(text, "zswap_enabled 0");
	expect_no(text, "compressor=");
	expect_no(text, "zswap_zero_pages");
	expect_no(text, "zswap_stored_pages");
	expect_no(text, "zswap_pool_bytes");
	expect_no(text, "zswap_max_pool_percent");
	free(text);

	g.known = 0;
	text = render(&s);
	check_structure(text, "no global figure known");
	expect_no(text, "zswap_info");
	expect_line(text, "zswap_page_size_bytes 4096");
	free(text);
}

static void memcg(struct zswapnl_memcg *m, char *path, uint64_t known)
{
	memset(m, 0, sizeof(*m));
	m->struct_size = sizeof(*m);
	m->known = known;
	m->path = path;
}

static void cgroup_metrics(void)
{
	const uint64_t all = BIT(ZSWAPNL_M_NR_FIELDS) - 1;
	struct zswapnl_memcg items[4];
	struct zswapnl_memcg *item_p[] = { &items[0], &items[1], &items[2], &items[3] };
	struct zswapnl_memcg_list list = { 4, item_p };
	struct zswapnl_global g;
	struct metrics_sample s = { .source = ZSWAPNL_SOURCE_FALLBACK,
				    .global = &g,
				    .page_size = 4096,
				    .memcgs = &list };
	char root[] = "/", odd[] = "/we\"ird\\na\nme\xff", app[] = "/app";
	char *text;

	full_global(&g);
	/* The root: no memory.zswap.* files (as patch 0020 has it), no zero pages */
	memcg(&items[0], root,
	      all & ~(BIT(ZSWAPNL_M_COMPRESSED_BYTES) |
		      BIT(ZSWAPNL_M_ZSWAP_MAX) | BIT(ZSWAPNL_M_ZERO_PAGES) |
		      BIT(ZSWAPNL_M_WRITEBACK) |
		      BIT(ZSWAPNL_M_WRITEBACK_EFFECTIVE)));
	items[0].stored_pages = 100;
	memcg(&items[1], odd, all & ~BIT(ZSWAPNL_M_ZERO_PAGES));
	items[1].compressed_bytes = 581559;
	items[1].zswap_max = ZSWAPNL_MAX;
	items[1].zswpout = UINT64_MAX - 1;
	memcg(&items[2], app, all & ~BIT(ZSWAPNL_M_ZERO_PAGES));
	items[2].zswap_max = 8388608;
	items[2].zswpin = 7;
	/* On in /app, off above it */
	items[2].writeback = true;
	items[2].writeback_effective = false;
	items[2].reject_zswap_max = 11;
	items[2].reject_pool_limit = 12;
	items[2].reject_incompressible = 13;
	items[2].reject_alloc_fail = 14;
	/* The odd one: its memory.stat of a stock kernel has no refusals */
	items[1].known &= ~(BIT(ZSWAPNL_M_REJECT_ZSWAP_MAX) |
			    BIT(ZSWAPNL_M_REJECT_POOL_LIMIT) |
			    BIT(ZSWAPNL_M_REJECT_INCOMPRESSIBLE) |
			    BIT(ZSWAPNL_M_REJECT_ALLOC_FAIL));
	/*
	 * A row without its path (longer than a list keeps): an empty
	 * cgroup label, which no path is, and its id
	 */
	memcg(&items[3], NULL, all & ~(BIT(ZSWAPNL_M_PATH) | BIT(ZSWAPNL_M_ZERO_PAGES)));
	items[3].id = 777;
	items[3].stored_pages = 4242;

	text = render(&s);
	check_structure(text, "cgroups");
	expect_line(text, "zswap_cgroup_stored_pages{cgroup=\"/\"} 100");
	expect_line(
		text,
		"zswap_cgroup_compressed_bytes{cgroup=\"/we\\\"ird\\\\na\\nme\\\\xff\",cgroup_hex=\"2f7765226972645c6e610a6d65ff\"} 581559");
	expect_line(
		text,
		"zswap_cgroup_max_bytes{cgroup=\"/we\\\"ird\\\\na\\nme\\\\xff\",cgroup_hex=\"2f7765226972645c6e610a6d65ff\"} +Inf");
	expect_line(
		text,
		"zswap_cgroup_zswpout_pages_total{cgroup=\"/we\\\"ird\\\\na\\nme\\\\xff\",cgroup_hex=\"2f7765226972645c6e610a6d65ff\"} 18446744073709551614");
	expect_line(text, "zswap_cgroup_max_bytes{cgroup=\"/app\"} 8388608");
	expect_line(text, "zswap_cgroup_zswpin_pages_total{cgroup=\"/app\"} 7");
	expect_line(text, "zswap_cgroup_writeback{cgroup=\"/app\"} 1");
	expect_line(text,
		    "zswap_cgroup_writeback_effective{cgroup=\"/app\"} 0");
	expect_line(
		text,
		"zswap_cgroup_writeback{cgroup=\"/we\\\"ird\\\\na\\nme\\\\xff\",cgroup_hex=\"2f7765226972645c6e610a6d65ff\"} 0");
	/* One family for the refusals, a series per reason (check_structure(): one HELP) */
	expect_line(text, "# TYPE zswap_cgroup_reject_total counter");
	expect_line(text,
		    "zswap_cgroup_reject_total{cgroup=\"/app\",reason=\"zswap_max\"} 11");
	expect_line(text,
		    "zswap_cgroup_reject_total{cgroup=\"/app\",reason=\"pool_limit\"} 12");
	expect_line(
		text,
		"zswap_cgroup_reject_total{cgroup=\"/app\",reason=\"incompressible\"} 13");
	expect_line(text,
		    "zswap_cgroup_reject_total{cgroup=\"/app\",reason=\"alloc_fail\"} 14");
	expect_line(text,
		    "zswap_cgroup_reject_total{cgroup=\"/\",reason=\"alloc_fail\"} 0");
	expect_no(text, "zswap_cgroup_reject_total{cgroup=\"/we");
	expect_line(text, "# TYPE zswap_cgroup_writeback gauge");
	expect_line(text, "# TYPE zswap_cgroup_writeback_effective gauge");
	expect_no(text, "zswap_cgroup_writeback{cgroup=\"/\"}");
	expect_no(text, "zswap_cgroup_compressed_bytes{cgroup=\"/\"}");
	expect_no(text, "zswap_cgroup_max_bytes{cgroup=\"/\"}");
	expect_line(text, "zswap_cgroup_stored_pages{cgroup=\"\",cgroup_id=\"777\"} 4242");
	/* Unknown in every cgroup: no family at all, not even its HELP */
	expect_no(text, "zswap_cgroup_zero_pages");
	free(text);

	list.count = 0;
	text = render(&s);
	check_structure(text, "no cgroups");
	expect_no(text, "zswap_cgroup_");
	free(text);
}

int main(void)
{
	label_values();
	help_and_lines();
	global_metrics();
	unknown_global();
	cgroup_metrics();
	return tap_done();
}
