// SPDX-License-Identifier: GPL-2.0
/*
 * The metrics of zswapctl export. Names follow Prometheus' conventions:
 * base units (bytes), "_total" on counters and on nothing else, one family
 * per figure, and no figure the node exporter has already (its meminfo
 * and vmstat collectors read the pool and stored sizes and the zswp*
 * counters from the same kernel files). The global ones, with their help,
 * come from the table of global figures (figures.c), a cgroup's from the
 * column table (columns.c); whether one is a counter, and what its value
 * is, the library's tables say. A cgroup's metrics carry its path in the
 * label "cgroup"; the node exporter has no per-cgroup figures of zswap.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "columns.h"
#include "escape.h"
#include "figures.h"
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

/*
 * The value of the figure @field of @mc as the format writes it, or NULL
 * when it is unknown: a flag is 1 or 0 (zswapnl_memcg_value()), no limit
 * +Inf
 */
static const char *value_text(const struct zswapnl_memcg *mc,
			      enum zswapnl_memcg_field field, char *buf,
			      size_t len)
{
	const struct zswapnl_field_info *info = zswapnl_memcg_field_info(field);
	uint64_t value;

	if (!zswapnl_memcg_value(mc, field, &value))
		return NULL;
	if ((info->flags & ZSWAPNL_INFO_MAX) && value == ZSWAPNL_MAX) {
		snprintf(buf, len, "+Inf");
		return buf;
	}
	return prom_u64(value, buf, len);
}

/* Only grows, until a reboot: a counter */
static enum prom_type metric_type(const struct zswapnl_field_info *info)
{
	return info->flags & ZSWAPNL_INFO_COUNTER ? PROM_COUNTER : PROM_GAUGE;
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
	const struct global_figure *fig;
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

	/* The global figures that have a metric, in the order of their table */
	for (i = 0; i < nr_global_figures; i++) {
		uint64_t value;

		fig = &global_figures[i];
		if (!fig->metric ||
		    !zswapnl_global_value(s->global, fig->field, &value))
			continue;
		/*
		 * debugfs's written_back_pages counts the event that vmstat's
		 * zswpwb counts where the kernel has it (6.8 on): then it is
		 * the node exporter's node_vmstat_zswpwb, not ours too
		 */
		if (fig->field == ZSWAPNL_G_WRITTEN_BACK_PAGES &&
		    zswapnl_global_known(s->global, ZSWAPNL_G_ZSWPWB))
			continue;
		prom_family(fig->metric, metric_type(global_figure_info(fig)),
			    fig->help, out);
		prom_sample(fig->metric, NULL, 0,
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
static int write_cgroup_family(const struct column_metric *m,
			       const struct zswapnl_memcg_list *list,
			       bool *opened, FILE *out)
{
	const struct zswapnl_memcg *mc;
	char buf[PROM_VALUE_MAX];
	const char *text;
	size_t i;

	for (i = 0; (mc = zswapnl_memcg_list_get(list, i)); i++) {
		struct cgroup_label_text t;
		struct prom_label labels[4];
		int n;

		text = value_text(mc, m->field, buf, sizeof(buf));
		if (!text)
			continue;
		n = cgroup_labels(mc, labels, &t);
		if (n < 0)
			return n;
		if (m->reason)
			labels[n++] =
				(struct prom_label){ "reason", m->reason };
		if (!*opened)
			prom_family(
				m->name,
				metric_type(zswapnl_memcg_field_info(m->field)),
				m->help, out);
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

/* The families of the cgroup figures, in the order of the column table */
static int write_cgroups(const struct zswapnl_memcg_list *list, FILE *out)
{
	const struct column_metric *m, *prev = NULL;
	bool opened = false;
	size_t i, j;
	int ret;

	for (i = 0; i < nr_columns; i++) {
		for (j = 0; j < COLUMN_METRICS_MAX; j++) {
			m = &columns[i].metrics[j];
			if (!m->name)
				break;
			/* The parts of a family by reason: one HELP and TYPE */
			if (!prev || strcmp(m->name, prev->name))
				opened = false;
			prev = m;
			ret = write_cgroup_family(m, list, &opened, out);
			if (ret)
				return ret;
		}
	}
	return 0;
}

void metrics_list(FILE *out)
{
	const char *prev = NULL;
	size_t i, j;

	for (i = 0; i < nr_global_figures; i++)
		if (global_figures[i].metric)
			fprintf(out, "%s\n", global_figures[i].metric);
	for (i = 0; i < nr_columns; i++) {
		for (j = 0; j < COLUMN_METRICS_MAX; j++) {
			const char *name = columns[i].metrics[j].name;

			/* The parts of a family by reason follow one another */
			if (name && (!prev || strcmp(name, prev)))
				fprintf(out, "%s\n", name);
			prev = name ? name : prev;
		}
	}
}

int metrics_write(const struct metrics_sample *s, FILE *out)
{
	int ret = 0;

	write_info(s, out);
	write_global(s, out);
	if (s->memcgs) {
		write_cgroups_source(s, out);
		ret = write_cgroups(s->memcgs, out);
	}
	if (ret)
		return ret;
	return ferror(out) ? -EIO : 0;
}
