// SPDX-License-Identifier: GPL-2.0
/* The one escaping of names for text output: see escape.h. */
#include <errno.h>
#include <langinfo.h>
#include <stdlib.h>
#include <string.h>

#include "escape.h"

static const char hex_digits[] = "0123456789abcdef";

size_t utf8_sequence(const char *s)
{
	const unsigned char *u = (const unsigned char *)s;
	unsigned char lo = 0x80, hi = 0xbf;
	size_t n, i;

	if (u[0] < 0x80)
		return 1;
	if (u[0] >= 0xc2 && u[0] <= 0xdf)
		n = 2;
	else if (u[0] >= 0xe0 && u[0] <= 0xef)
		n = 3;
	else if (u[0] >= 0xf0 && u[0] <= 0xf4)
		n = 4;
	else
		return 0;
	/* The second byte's range is narrower after four lead bytes */
	if (u[0] == 0xe0)
		lo = 0xa0;
	else if (u[0] == 0xed)
		hi = 0x9f;
	else if (u[0] == 0xf0)
		lo = 0x90;
	else if (u[0] == 0xf4)
		hi = 0x8f;
	if (u[1] < lo || u[1] > hi)
		return 0;
	/* A NUL is no continuation byte: a sequence cut short stops here */
	for (i = 2; i < n; i++)
		if (u[i] < 0x80 || u[i] > 0xbf)
			return 0;
	return n;
}

uint32_t utf8_decode(const char *s, size_t n)
{
	const unsigned char *u = (const unsigned char *)s;
	static const unsigned char lead_mask[] = { 0, 0x7f, 0x1f, 0x0f, 0x07 };
	uint32_t cp = u[0] & lead_mask[n];
	size_t i;

	for (i = 1; i < n; i++)
		cp = cp << 6 | (u[i] & 0x3f);
	return cp;
}

bool utf8_valid(const char *s)
{
	size_t n;

	for (; *s; s += n) {
		n = utf8_sequence(s);
		if (!n)
			return false;
	}
	return true;
}

/*
 * Controls, and the characters that draw nothing but change what is seen:
 * the bidi marks that reorder a line, the separators that break it, and
 * the invisible ones that let '/wo<U+200B>rk' pass for '/work' (soft
 * hyphen, zero-width space and joiners, word joiner and invisible
 * operators, BOM, interlinear annotation marks, language tags).
 */
bool escape_code_point(uint32_t cp)
{
	return cp < 0x20 || (cp >= 0x7f && cp <= 0x9f) || cp == 0x00ad ||
	       cp == 0x061c || cp == 0x180e || (cp >= 0x200b && cp <= 0x200f) ||
	       (cp >= 0x2028 && cp <= 0x202e) || (cp >= 0x2060 && cp <= 0x2064) ||
	       (cp >= 0x2066 && cp <= 0x2069) || cp == 0xfeff ||
	       (cp >= 0xfff9 && cp <= 0xfffb) || cp == 0xe0001 ||
	       (cp >= 0xe0020 && cp <= 0xe007f);
}

/* How many bytes at s make the next character, and must they be escaped */
static size_t next_char(const char *s, unsigned int flags, bool *escape)
{
	size_t n = utf8_sequence(s);

	if (!n) {
		*escape = true;
		return 1;
	}
	if (n == 1 && *s == '\n' && (flags & ESCAPE_KEEP_NEWLINE))
		*escape = false;
	else if (n == 1 && *s == ' ')
		*escape = flags & ESCAPE_SPACE;
	else if (n == 1 && *s == '\\')
		*escape = flags & ESCAPE_BACKSLASH;
	else if (n > 1 && (flags & ESCAPE_ASCII))
		*escape = true;
	else
		*escape = escape_code_point(utf8_decode(s, n));
	return n;
}

bool escape_needed(const char *text, unsigned int flags)
{
	bool escape;
	size_t n;

	for (; *text; text += n) {
		n = next_char(text, flags, &escape);
		if (escape)
			return true;
	}
	return false;
}

size_t escape_char(const char **s, unsigned int flags, char *buf)
{
	const char *c = *s;
	size_t n, i, used = 0;
	bool escape;

	n = next_char(c, flags, &escape);
	for (i = 0; i < n; i++) {
		unsigned char byte = c[i];

		if (!escape) {
			buf[used++] = byte;
			continue;
		}
		buf[used++] = '\\';
		buf[used++] = 'x';
		buf[used++] = hex_digits[byte >> 4];
		buf[used++] = hex_digits[byte & 0xf];
	}
	buf[used] = '\0';
	*s = c + n;
	return used;
}

size_t escape_text(const char *text, unsigned int flags, char *buf, size_t len)
{
	char one[ESCAPE_CHAR_MAX];
	size_t used = 0, n;

	if (!len)
		return 0;
	while (*text) {
		n = escape_char(&text, flags, one);
		/* A character goes whole, or the text ends before it */
		if (used + n >= len)
			break;
		memcpy(buf + used, one, n);
		used += n;
	}
	buf[used] = '\0';
	return used;
}

char *escape_alloc(const char *text, unsigned int flags)
{
	size_t len = ESCAPE_SIZE(strlen(text));
	char *buf = malloc(len);

	if (buf)
		escape_text(text, flags, buf, len);
	return buf;
}

int escape_fputs(const char *text, unsigned int flags, FILE *out)
{
	char *buf = escape_alloc(text, flags);
	int ret = 0;

	if (!buf)
		return -ENOMEM;
	if (fputs(buf, out) == EOF)
		ret = -EIO;
	free(buf);
	return ret;
}

char *hex_alloc(const char *text)
{
	size_t len = strlen(text), i;
	char *buf = malloc(2 * len + 1);

	if (!buf)
		return NULL;
	for (i = 0; i < len; i++) {
		unsigned char c = text[i];

		buf[2 * i] = hex_digits[c >> 4];
		buf[2 * i + 1] = hex_digits[c & 0xf];
	}
	buf[2 * len] = '\0';
	return buf;
}

unsigned int escape_locale_flags(void)
{
	return strcmp(nl_langinfo(CODESET), "UTF-8") ? ESCAPE_ASCII : 0;
}
