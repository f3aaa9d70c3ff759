// SPDX-License-Identifier: GPL-2.0
/*
 * The one escaping of names (zswapctl/escape.c) and the JSON strings built
 * on it (zswapctl/json.c). The expected texts are written out by hand from
 * the rule in zswapctl(8); the round trips check against this file's own
 * decoder and against iconv(3), not against the code under test.
 */
#include <errno.h>
#include <iconv.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "escape.h"
#include "event_line.h"
#include "json.h"
#include "zswapctl-tap.h"

static void text(const char *in, unsigned int flags, const char *want,
		 const char *what)
{
	char *got = escape_alloc(in, flags);

	tap_str(got, want, what);
	/* escape_needed() says whether the text changes, no more, no less */
	tap_ok(escape_needed(in, flags) == !!strcmp(in, want),
	       "escape_needed() agrees: %s", what);
	free(got);
}

static void plain_text(void)
{
	text("/work/app-1.slice", 0, "/work/app-1.slice",
	     "printable ASCII stays");
	text("caf\xc3\xa9 \xe6\x97\xa5 \xf0\x9f\x98\x80", 0,
	     "caf\xc3\xa9 \xe6\x97\xa5 \xf0\x9f\x98\x80",
	     "UTF-8 of two, three and four bytes stays");
	text("\xc2\xa0nbsp", 0, "\xc2\xa0nbsp",
	     "U+00A0, the first after C1, stays");
	text("system-systemd\\x2dfsck.slice", 0,
	     "system-systemd\\x2dfsck.slice",
	     "a backslash stays without ESCAPE_BACKSLASH (systemd's names)");
	text("a b\"c'd", 0, "a b\"c'd", "spaces and quotes stay");
	text("", 0, "", "the empty string");
}

static void controls(void)
{
	text("esc\x1b[31mred", 0, "esc\\x1b[31mred", "ESC is \\x1b");
	text("a\nb\tc\rd", 0, "a\\x0ab\\x09c\\x0dd",
	     "newline, tab and carriage return are \\xHH");
	text("\x01\x1f", 0, "\\x01\\x1f", "the first and last C0 controls");
	text("del\x7f", 0, "del\\x7f", "DEL is \\x7f");
	text("csi\xc2\x9b"
	     "31m",
	     0, "csi\\xc2\\x9b31m",
	     "C1 CSI (U+009B as UTF-8) is its two bytes as \\xHH");
	text("\xc2\x80\xc2\x9f", 0, "\\xc2\\x80\\xc2\\x9f",
	     "the first and last C1 controls");
	text("rlo\xe2\x80\xae"
	     "evil",
	     0, "rlo\\xe2\\x80\\xaeevil",
	     "U+202E RIGHT-TO-LEFT OVERRIDE is escaped");
	text("\xe2\x80\xa8\xe2\x81\xa6\xd8\x9c\xe2\x80\x8e", 0,
	     "\\xe2\\x80\\xa8\\xe2\\x81\\xa6\\xd8\\x9c\\xe2\\x80\\x8e",
	     "U+2028, U+2066, U+061C and U+200E are escaped");
	text("\xe2\x80\xa7\xe2\x80\xaf\xe2\x81\xaa", 0,
	     "\xe2\x80\xa7\xe2\x80\xaf\xe2\x81\xaa",
	     "their neighbours U+2027, U+202F and U+206A stay");
}

static void not_utf8(void)
{
	text("ff\xff", 0, "ff\\xff", "0xff is \\xff");
	text("lone\xc3", 0, "lone\\xc3", "a lead byte at the end");
	text("\xc3"
	     "A",
	     0, "\\xc3A", "a lead byte before ASCII");
	text("raw\x9b", 0, "raw\\x9b", "a lone continuation byte (raw CSI)");
	text("\xc0\x80", 0, "\\xc0\\x80", "an overlong form");
	text("\xed\xa0\x80", 0, "\\xed\\xa0\\x80", "a surrogate");
	text("\xf4\x90\x80\x80", 0, "\\xf4\\x90\\x80\\x80",
	     "a code point above U+10FFFF");
	text("cut\xe6\x97", 0, "cut\\xe6\\x97", "a sequence cut short");
	tap_ok(utf8_valid("caf\xc3\xa9") && !utf8_valid("caf\xe9"),
	       "utf8_valid() tells UTF-8 from Latin-1");
}

static void flags(void)
{
	text("a b\\c", ESCAPE_SPACE, "a\\x20b\\c", "ESCAPE_SPACE");
	text("a b\\c", ESCAPE_BACKSLASH, "a b\\x5cc", "ESCAPE_BACKSLASH");
	text("a\nb\tc", ESCAPE_KEEP_NEWLINE, "a\nb\\x09c",
	     "ESCAPE_KEEP_NEWLINE keeps only the newline");
	text("caf\xc3\xa9 \xe6\x97\xa5\x1b", ESCAPE_ASCII,
	     "caf\\xc3\\xa9 \\xe6\\x97\\xa5\\x1b",
	     "ESCAPE_ASCII: every byte beyond ASCII, valid UTF-8 too");
}

/* A buffer too small ends the text between two characters */
static void cut(void)
{
	char buf[8];
	size_t n;

	n = escape_text("ab\xff"
			"cd",
			0, buf, 6);
	tap_ok(n == 2 && !strcmp(buf, "ab"), "\\xff does not fit in 6: 'ab'");
	n = escape_text("a\xe2\x80\xae", 0, buf, sizeof(buf));
	tap_ok(n == 1 && !strcmp(buf, "a"),
	       "an escaped character of 12 bytes goes whole or not at all");
	n = escape_text("abc", 0, buf, 4);
	tap_ok(n == 3 && !strcmp(buf, "abc"), "exactly enough room");
}

/* This test's own reading of the rule: \xHH is a byte, the rest itself */
static char *decode(const char *s)
{
	char *out = malloc(strlen(s) + 1), *o = out;

	while (out && *s) {
		if (s[0] == '\\' && s[1] == 'x' && s[2] && s[3]) {
			char hex[3] = { s[2], s[3], 0 };

			*o++ = (char)strtoul(hex, NULL, 16);
			s += 4;
		} else {
			*o++ = *s++;
		}
	}
	if (out)
		*o = '\0';
	return out;
}

/* glibc's iconv, strict about overlong forms, surrogates and range */
static bool iconv_utf8(const char *s)
{
	iconv_t cd = iconv_open("UTF-32LE", "UTF-8");
	size_t in = strlen(s), out = 4 * in + 4, ret;
	char *buf = malloc(out), *inp = (char *)s, *outp = buf;

	ret = iconv(cd, &inp, &in, &outp, &out);
	iconv_close(cd);
	free(buf);
	return ret != (size_t)-1 && !in;
}

/* No byte below 0x20, no DEL and no C1 control among the characters */
static bool no_control(const char *s)
{
	const unsigned char *u = (const unsigned char *)s;

	for (; *u; u++) {
		if (*u < 0x20 || *u == 0x7f)
			return false;
		/* U+0080-U+009F is 0xc2 0x80-0x9f */
		if (u[0] == 0xc2 && u[1] >= 0x80 && u[1] <= 0x9f)
			return false;
	}
	return true;
}

/*
 * Random names of any byte but NUL, weighted towards the troublesome ones:
 * every one escapes to valid UTF-8 without a control character, and with
 * ESCAPE_BACKSLASH decodes back to itself.
 */
static void round_trip(void)
{
	static const unsigned char pick[] = { 0x1b, '\\', 'x',	'\n', 0xc2,
					      0x9b, 0xe2, 0x80, 0xae, 0xff,
					      0xc3, 0xa9, 'a',	' ',  0xf0 };
	uint64_t seed = 0x9e3779b97f4a7c15ULL;
	int i, j, bad_utf8 = 0, bad_ctl = 0, bad_back = 0;
	char name[40], *esc, *back;

	for (i = 0; i < 20000; i++) {
		int len = 1 + i % 39;

		for (j = 0; j < len; j++) {
			seed = seed * 6364136223846793005ULL +
			       1442695040888963407ULL;
			name[j] =
				(seed >> 60) < 8 ?
					(char)pick[(seed >> 33) % sizeof(pick)] :
					(char)(1 + (seed >> 40) % 255);
		}
		name[len] = '\0';
		esc = escape_alloc(name, ESCAPE_BACKSLASH);
		back = esc ? decode(esc) : NULL;
		bad_utf8 += !esc || !iconv_utf8(esc);
		bad_ctl += !esc || !no_control(esc);
		bad_back += !back || strcmp(back, name);
		free(back);
		free(esc);
	}
	tap_ok(!bad_utf8, "20000 random names escape to valid UTF-8 (%d not)",
	       bad_utf8);
	tap_ok(!bad_ctl, "... without a control character (%d with)", bad_ctl);
	tap_ok(!bad_back, "... and decode back to their bytes (%d not)",
	       bad_back);
}

static void hex(void)
{
	char *h = hex_alloc("/a\xff\n");

	tap_str(h, "2f61ff0a", "hex_alloc(): two lower-case digits a byte");
	free(h);
}

/* The document as one line, in a buffer to free */
static char *render(const cJSON *doc)
{
	char *out = NULL;
	size_t len = 0;
	FILE *mem = open_memstream(&out, &len);

	if (!mem)
		return NULL;
	json_print(doc, JSON_SHORT, mem);
	fclose(mem);
	return out;
}

static void json_strings(void)
{
	cJSON *doc = cJSON_CreateObject(), *parsed;
	char *out;

	json_add_string(doc, "path", true, "/ff\xff\\x");
	json_add_string(doc, "ctl", true,
			"\x1b[2J\xc2\x9b\x7f\xe2\x80\xae\t\"");
	out = render(doc);
	tap_str(out,
		"{\"path\":\"/ff\\\\xff\\\\x5cx\",\"path_hex\":\"2f6666ff5c78\","
		"\"ctl\":\"\\u001b[2J\\u009b\\u007f\\u202e\\t\\\"\"}\n",
		"JSON: not UTF-8 gives KEY and KEY_hex; controls, C1, DEL and "
		"bidi as \\uXXXX");
	/* Its one control byte is the newline that ends it */
	if (out && *out && out[strlen(out) - 1] == '\n')
		out[strlen(out) - 1] = '\0';
	tap_ok(out && iconv_utf8(out) && no_control(out),
	       "JSON: the document is UTF-8 without a control character");
	parsed = out ? cJSON_Parse(out) : NULL;
	tap_str(cJSON_GetStringValue(cJSON_GetObjectItem(parsed, "ctl")),
		"\x1b[2J\xc2\x9b\x7f\xe2\x80\xae\t\"",
		"JSON: a valid UTF-8 string parses back to its exact bytes");
	cJSON_Delete(parsed);
	free(out);
	cJSON_Delete(doc);
}

/*
 * The lines of "zswapctl monitor" carry the compressor's and the zpool's
 * names: as text a word each, control characters and non-UTF-8 escaped;
 * as JSON valid UTF-8 with the _hex key
 */
static void monitor_lines(void)
{
	struct zswapnl_event ev = { .struct_size = sizeof(ev),
				    .type = ZSWAPNL_EVENT_POOL_SWITCHED };
	struct timespec when = { .tv_sec = 1795933801 };
	char *out = NULL;
	size_t len = 0;
	FILE *mem;

	ev.state.known = (1ULL << ZSWAPNL_G_COMPRESSOR) |
			 (1ULL << ZSWAPNL_G_ZPOOL);
	snprintf(ev.state.compressor, sizeof(ev.state.compressor),
		 "lz\x1b]0;x\x07\xff");
	snprintf(ev.state.zpool, sizeof(ev.state.zpool), "z\xc2\x9b b");
	mem = open_memstream(&out, &len);
	event_print_text(&ev, &when, 4096, mem);
	fclose(mem);
	tap_str(out,
		"2026-11-29T06:30:01.000Z pool-switched "
		"compressor=lz\\x5cx1b]0;x\\x5cx07\\x5cxff "
		"compressor_hex=6c7a1b5d303b7807ff "
		"zpool=z\\xc2\\x9b\\x20b page_size=4096\n",
		"monitor text: one word a value, nothing raw, the bytes in _hex");
	free(out);
	out = NULL;
	mem = open_memstream(&out, &len);
	event_print_json(&ev, &when, 4096, mem);
	fclose(mem);
	if (out && len)
		out[len - 1] = '\0';
	tap_ok(out && iconv_utf8(out) && no_control(out) &&
		       strstr(out,
			      "\"compressor_hex\":\"6c7a1b5d303b7807ff\"") &&
		       strstr(out, "\"zpool\":\"z\\u009b b\""),
	       "monitor JSON: UTF-8, no control character, compressor_hex");
	free(out);
}

int main(void)
{
	plain_text();
	controls();
	not_utf8();
	flags();
	cut();
	round_trip();
	hex();
	json_strings();
	monitor_lines();
	return tap_done();
}
