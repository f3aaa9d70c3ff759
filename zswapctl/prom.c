// SPDX-License-Identifier: GPL-2.0
/* The Prometheus text format: what must be escaped, and how lines look. */
#include <inttypes.h>

#include "prom.h"

char *prom_u64(uint64_t value, char *buf, size_t len)
{
	snprintf(buf, len, "%" PRIu64, value);
	return buf;
}

/*
 * The length of the well-formed UTF-8 sequence at s (Unicode, table 3-7:
 * no overlong forms, no surrogates, nothing above U+10FFFF), or 0.
 */
static size_t utf8_sequence(const unsigned char *s)
{
	unsigned char lo = 0x80, hi = 0xbf;
	size_t n, i;

	if (s[0] < 0x80)
		return 1;
	if (s[0] >= 0xc2 && s[0] <= 0xdf)
		n = 2;
	else if (s[0] >= 0xe0 && s[0] <= 0xef)
		n = 3;
	else if (s[0] >= 0xf0 && s[0] <= 0xf4)
		n = 4;
	else
		return 0;
	/* The second byte's range is narrower after four lead bytes */
	if (s[0] == 0xe0)
		lo = 0xa0;
	else if (s[0] == 0xed)
		hi = 0x9f;
	else if (s[0] == 0xf0)
		lo = 0x90;
	else if (s[0] == 0xf4)
		hi = 0x8f;
	if (s[1] < lo || s[1] > hi)
		return 0;
	for (i = 2; i < n; i++)
		if (s[i] < 0x80 || s[i] > 0xbf)
			return 0;
	return n;
}

void prom_put_label_value(const char *value, FILE *out)
{
	const unsigned char *p = (const unsigned char *)value;
	size_t n;

	while (*p) {
		n = utf8_sequence(p);
		if (!n) {
			fprintf(out, "\\\\x%02x", *p++);
			continue;
		}
		if (*p == '\\')
			fputs("\\\\", out);
		else if (*p == '"')
			fputs("\\\"", out);
		else if (*p == '\n')
			fputs("\\n", out);
		else
			fwrite(p, 1, n, out);
		p += n;
	}
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
