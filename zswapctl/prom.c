// SPDX-License-Identifier: GPL-2.0
/* The Prometheus text format: what must be escaped, and how lines look. */
#include <inttypes.h>

#include "escape.h"
#include "prom.h"

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
