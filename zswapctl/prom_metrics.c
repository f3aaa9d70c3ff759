// SPDX-License-Identifier: GPL-2.0
/*
 * The metrics of zswapctl export. Names follow Prometheus' conventions:
 * base units (bytes), "_total" on counters and on nothing else, one family
 * per figure, and no figure the node exporter has already (its meminfo
 * and vmstat collectors read the pool and stored sizes and the zswp*
 * counters from the same kernel files). The global ones, with their help,
 * come from the library's table of fields (zswapnl_global_info()). A
 * cgroup's metrics carry its path in the label "cgroup"; the node exporter
 * has no per-cgroup figures of zswap.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "escape.h"
#include "prom_metrics.h"
#include "tree.h"

/* The format: what must be escaped, and how lines look */

char *prom_u64(uint64_t value, char *buf, size_t len)
{
	snprintf(buf, len, "%" PRIu64, value);
	return buf;
}

void prom_put_label_value(const char *value, FILE *out)
{
	char one[ESCAPE_CHAR_MAX], *c;

	while (*value) {
		escape_char(&value, ESCAPE_KEEP_NEWLINE, one);
		for (c = one; *c; c++) {
			if (*c == '\\')
				fputs("\\\\", out);
			else if (*c == '"')
				fputs("\\\"", out);
			else if (*c == '\n')
				fputs("\\n", out);
			else
				putc(*c, out);
		}
	}
}

bool prom_label_exact(const char *value)
{
	return !escape_needed(value, ESCAPE_KEEP_NEWLINE);
}

void prom_put_help(const char *text, FILE *out)
{
	for (; *text; text++) {
		if (*text == '\\')
			fputs("\\\\", out);
		else if (*text == '\n')
			fputs("\\n", out);
		else
			putc(*text, out);
	}
}

void prom_family(const char *name, enum prom_type type, const char *help,
		 FILE *out)
{
	fprintf(out, "# HELP %s ", name);
	prom_put_help(help, out);
	fprintf(out, "\n# TYPE %s %s\n", name,
		type == PROM_COUNTER ? "counter" : "gauge");
}

void prom_sample(const char *name, const struct prom_label *labels,
		 size_t nlabels, const char *value, FILE *out)
{
	size_t i;

	fputs(name, out);
	for (i = 0; i < nlabels; i++) {
		fprintf(out, "%c%s=\"", i ? ',' : '{', labels[i].name);
		prom_put_label_value(labels[i].value, out);
		putc('"', out);
	}
	fprintf(out, "%s %s\n", nlabels ? "}" : "", value);
}

enum metric_value {
	METRIC_U64,
	METRIC_LIMIT, /* bytes, or +Inf for ZSWAPNL_MAX (no limit) */
	METRIC_BOOL, /* 1 or 0 */
};

struct metric {
	const char *name;
	enum prom_type type;
	const char *help;
	enum metric_value value;
	size_t offset; /* in struct zswapnl_memcg */
	int known_bit;
	/*
	 * The label "reason" of a family with a series for each: its entries
	 * follow one another, with the same name, type and help
	 */
	const char *reason;
};

#define MEMCG(field, bit, kind)                                         \
	.value = kind, .offset = offsetof(struct zswapnl_memcg, field), \
	.known_bit = bit

static const struct metric cgroup_metrics[] = {
	{ "zswap_cgroup_compressed_bytes", PROM_GAUGE,
	  "Compressed bytes the cgroup has in zswap (memory.zswap.current).",
	  MEMCG(compressed_bytes, ZSWAPNL_M_COMPRESSED_BYTES, METRIC_U64) },
	{ "zswap_cgroup_stored_pages", PROM_GAUGE,
	  "Pages of the cgroup in zswap, zero pages included.",
	  MEMCG(stored_pages, ZSWAPNL_M_STORED_PAGES, METRIC_U64) },
	{ "zswap_cgroup_zero_pages", PROM_GAUGE,
	  "Zero-filled pages of the cgroup in zswap.",
	  MEMCG(zero_pages, ZSWAPNL_M_ZERO_PAGES, METRIC_U64) },
	{ "zswap_cgroup_zswpin_pages_total", PROM_COUNTER,
	  "Pages of the cgroup loaded back from zswap (zswpin in memory.stat).",
	  MEMCG(zswpin, ZSWAPNL_M_ZSWPIN, METRIC_U64) },
	{ "zswap_cgroup_zswpout_pages_total", PROM_COUNTER,
	  "Pages of the cgroup stored into zswap (zswpout in memory.stat).",
	  MEMCG(zswpout, ZSWAPNL_M_ZSWPOUT, METRIC_U64) },
	{ "zswap_cgroup_zswpwb_pages_total", PROM_COUNTER,
	  "Pages of the cgroup written back from zswap to the swap device (zswpwb in memory.stat).",
	  MEMCG(zswpwb, ZSWAPNL_M_ZSWPWB, METRIC_U64) },
	{ "zswap_cgroup_max_bytes", PROM_GAUGE,
	  "The zswap limit of the cgroup in bytes (memory.zswap.max), +Inf for none.",
	  MEMCG(zswap_max, ZSWAPNL_M_ZSWAP_MAX, METRIC_LIMIT) },
	{ "zswap_cgroup_writeback", PROM_GAUGE,
	  "1 when the cgroup's memory.zswap.writeback lets its pages go to the swap device, 0 when not.",
	  MEMCG(writeback, ZSWAPNL_M_WRITEBACK, METRIC_BOOL) },
	{ "zswap_cgroup_writeback_effective", PROM_GAUGE,
	  "1 when the cgroup's pages may go to the swap device: its memory.zswap.writeback and every ancestor's are 1.",
	  MEMCG(writeback_effective, ZSWAPNL_M_WRITEBACK_EFFECTIVE,
		METRIC_BOOL) },
#define REJECT_HELP                                                                         \
	"Stores of the cgroup's pages that zswap refused, by reason: zswap_max (its or an " \
	"ancestor's memory.zswap.max), pool_limit (the pool was full), incompressible, "    \
	"alloc_fail (zswap_reject_* in memory.stat)."
	{ "zswap_cgroup_reject_total", PROM_COUNTER, REJECT_HELP,
	  MEMCG(reject_zswap_max, ZSWAPNL_M_REJECT_ZSWAP_MAX, METRIC_U64),
	  .reason = "zswap_max" },
	{ "zswap_cgroup_reject_total", PROM_COUNTER, REJECT_HELP,
	  MEMCG(reject_pool_limit, ZSWAPNL_M_REJECT_POOL_LIMIT, METRIC_U64),
	  .reason = "pool_limit" },
	{ "zswap_cgroup_reject_total", PROM_COUNTER, REJECT_HELP,
	  MEMCG(reject_incompressible, ZSWAPNL_M_REJECT_INCOMPRESSIBLE,
		METRIC_U64),
	  .reason = "incompressible" },
	{ "zswap_cgroup_reject_total", PROM_COUNTER, REJECT_HELP,
	  MEMCG(reject_alloc_fail, ZSWAPNL_M_REJECT_ALLOC_FAIL, METRIC_U64),
	  .reason = "alloc_fail" },
#undef REJECT_HELP
};

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

/*
 * The value of m in the memcg at base, or NULL when it is unknown: @known
 * is zswapnl_memcg_known() of its bit
 */
static const char *value_text(const struct metric *m, const void *base,
			      bool known, char *buf, size_t len)
{
	const char *field = (const char *)base + m->offset;
	uint64_t u64;
	bool on;

	if (!known)
		return NULL;
	switch (m->value) {
	case METRIC_BOOL:
		memcpy(&on, field, sizeof(on));
		return prom_u64(on, buf, len);
	case METRIC_LIMIT:
		memcpy(&u64, field, sizeof(u64));
		if (u64 == ZSWAPNL_MAX) {
			snprintf(buf, len, "+Inf");
			return buf;
		}
		return prom_u64(u64, buf, len);
	default:
		memcpy(&u64, field, sizeof(u64));
		return prom_u64(u64, buf, len);
	}
}

/* A source as a fact: the family @name, 1 with the label "source" */
static void write_source(const char *name, const char *help,
			 enum zswapnl_source from, FILE *out)
{
	struct prom_label source = { "source", from == ZSWAPNL_SOURCE_NETLINK ?
						       "netlink" :
						       "fallback" };

	prom_family(name, PROM_GAUGE, help, out);
	prom_sample(name, &source, 1, "1", out);
}

/* zswap_source and zswap_info: facts as labels, with the value 1 */
static void write_info(const struct metrics_sample *s, FILE *out)
{
	const struct zswapnl_global *g = s->global;
	struct prom_label params[2];
	size_t n = 0;

	write_source(
		"zswap_source",
		"Where zswapctl read these figures, in the label: the zswap netlink family or the files (fallback).",
		s->source, out);

	if (zswapnl_global_known(g, ZSWAPNL_G_COMPRESSOR))
		params[n++] =
			(struct prom_label){ "compressor", g->compressor };
	if (zswapnl_global_known(g, ZSWAPNL_G_ZPOOL))
		params[n++] = (struct prom_label){ "zpool", g->zpool };
	if (!n)
		return;
	prom_family("zswap_info", PROM_GAUGE,
		    "The compressor and the zpool of zswap, in the labels.",
		    out);
	prom_sample("zswap_info", params, n, "1", out);
}

static void write_global(const struct metrics_sample *s, FILE *out)
{
	const struct zswapnl_global_info *info;
	char buf[PROM_VALUE_MAX];
	size_t i;

	/* Left out, as every unknown figure, for a tree that does not say it */
	if (s->page_size) {
		prom_family("zswap_page_size_bytes", PROM_GAUGE,
			    "The page size, to turn page counts into bytes.",
			    out);
		prom_sample("zswap_page_size_bytes", NULL, 0,
			    prom_u64(s->page_size, buf, sizeof(buf)), out);
	}

	/* The figures of the library's table that have a metric, in its order */
	for (i = 0; (info = zswapnl_global_info(i)); i++) {
		uint64_t value;

		if (!info->metric ||
		    !zswapnl_global_value(s->global, info->field, &value))
			continue;
		/*
		 * debugfs's written_back_pages counts the event that vmstat's
		 * zswpwb counts where the kernel has it (6.8 on): then it is
		 * the node exporter's node_vmstat_zswpwb, not ours too
		 */
		if (info->field == ZSWAPNL_G_WRITTEN_BACK_PAGES &&
		    zswapnl_global_known(s->global, ZSWAPNL_G_ZSWPWB))
			continue;
		prom_family(info->metric,
			    info->flags & ZSWAPNL_INFO_COUNTER ? PROM_COUNTER :
								 PROM_GAUGE,
			    info->help, out);
		prom_sample(info->metric, NULL, 0,
			    prom_u64(value, buf, sizeof(buf)), out);
	}
}

/* What a cgroup's labels point into */
struct cgroup_label_text {
	char shown[CGROUP_PATH_SHOWN_MAX + 1];
	char id[24];
	char *hex; /* to free */
};

/*
 * A cgroup's labels: "cgroup", its path as cgroup_path_shown() gives it;
 * when that label cannot say it exactly (a byte that is not UTF-8, a
 * control character), also "cgroup_hex", those bytes in hex; and when it
 * is shortened or not known, "cgroup_id", the cgroup's id: two cgroups
 * never share a series. 1 to 3 labels. -ENOMEM.
 */
static int cgroup_labels(const struct zswapnl_memcg *mc,
			 struct prom_label *labels, struct cgroup_label_text *t)
{
	const char *shown;
	int n = 0;

	t->hex = NULL;
	/*
	 * No path (longer than a list keeps, or no longer there): an empty
	 * "cgroup", which no path is, and the id
	 */
	if (!zswapnl_memcg_known(mc, ZSWAPNL_M_PATH) || !mc->path) {
		snprintf(t->id, sizeof(t->id), "%" PRIu64, mc->id);
		labels[n++] = (struct prom_label){ "cgroup", "" };
		labels[n++] = (struct prom_label){ "cgroup_id", t->id };
		return n;
	}
	shown = cgroup_path_shown(mc->path, t->shown, sizeof(t->shown));
	labels[n++] = (struct prom_label){ "cgroup", shown };
	if (!prom_label_exact(shown)) {
		t->hex = hex_alloc(shown);
		if (!t->hex)
			return -ENOMEM;
		labels[n++] = (struct prom_label){ "cgroup_hex", t->hex };
	}
	if (shown != mc->path) {
		snprintf(t->id, sizeof(t->id), "%" PRIu64, mc->id);
		labels[n++] = (struct prom_label){ "cgroup_id", t->id };
	}
	return n;
}

/*
 * One family, a line for each cgroup that has the figure, or nothing; or
 * the part of a family that has the reason of @m, *@opened saying whether
 * an earlier part wrote its HELP and TYPE
 */
static int write_cgroup_family(const struct metric *m,
			       const struct zswapnl_memcg_list *list,
			       bool *opened, FILE *out)
{
	char buf[PROM_VALUE_MAX];
	const char *text;
	size_t i;

	/* items, not zswapnl_memcg_list_get(): this part links no library */
	for (i = 0; i < list->count; i++) {
		const struct zswapnl_memcg *mc = list->items[i];
		struct cgroup_label_text t;
		struct prom_label labels[4];
		int n;

		text = value_text(m, mc, zswapnl_memcg_known(mc, m->known_bit),
				  buf, sizeof(buf));
		if (!text)
			continue;
		n = cgroup_labels(mc, labels, &t);
		if (n < 0)
			return n;
		if (m->reason)
			labels[n++] =
				(struct prom_label){ "reason", m->reason };
		if (!*opened)
			prom_family(m->name, m->type, m->help, out);
		*opened = true;
		prom_sample(m->name, labels, n, text, out);
		free(t.hex);
	}
	return 0;
}

/*
 * zswap_cgroups_source: where the cgroup figures came from, which is the
 * files when the family keeps its per-cgroup reads from this process
 * (they need CAP_SYS_ADMIN) while the global figures come from it
 */
static void write_cgroups_source(const struct metrics_sample *s, FILE *out)
{
	write_source(
		"zswap_cgroups_source",
		"Where zswapctl read the cgroup figures, in the label: the zswap netlink family or the cgroup files (fallback).",
		s->memcg_source ? s->memcg_source : s->source, out);
}

int metrics_write(const struct metrics_sample *s, FILE *out)
{
	bool opened = false;
	size_t i;
	int ret;

	write_info(s, out);
	write_global(s, out);
	if (s->memcgs)
		write_cgroups_source(s, out);
	for (i = 0; s->memcgs && i < ARRAY_SIZE(cgroup_metrics); i++) {
		/* The parts of a family by reason: one HELP and TYPE */
		if (!i ||
		    strcmp(cgroup_metrics[i].name, cgroup_metrics[i - 1].name))
			opened = false;
		ret = write_cgroup_family(&cgroup_metrics[i], s->memcgs,
					  &opened, out);
		if (ret)
			return ret;
	}
	return ferror(out) ? -EIO : 0;
}
