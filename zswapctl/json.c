// SPDX-License-Identifier: GPL-2.0
/* JSON values that say exactly what zswapctl knows, and null when it doesn't. */
#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "escape.h"
#include "json.h"
#include "size.h"

int json_parse_style(const char *arg, enum json_style *style)
{
	if (!arg || !strcmp(arg, "pretty"))
		*style = JSON_PRETTY;
	else if (!strcmp(arg, "short"))
		*style = JSON_SHORT;
	else
		return -EINVAL;
	return 0;
}

/* cJSON_AddItemToObject() copies the key; the item is freed on failure */
static int add_item(cJSON *obj, const char *key, cJSON *item)
{
	if (!item)
		return -ENOMEM;
	if (!cJSON_AddItemToObject(obj, key, item)) {
		cJSON_Delete(item);
		return -ENOMEM;
	}
	return 0;
}

int json_add_u64(cJSON *obj, const char *key, bool known, uint64_t value)
{
	char num[24];

	if (!known)
		return add_item(obj, key, cJSON_CreateNull());
	snprintf(num, sizeof(num), "%" PRIu64, value);
	return add_item(obj, key, cJSON_CreateRaw(num));
}

/*
 * A string that is not UTF-8 (a cgroup name may hold any byte) cannot go
 * into JSON as it is: the key gets its reversible escaped form, and
 * KEY_hex its bytes, which is what a script needs to get them back.
 */
static int add_bytes(cJSON *obj, const char *key, const char *value)
{
	char *text = escape_alloc(value, ESCAPE_BACKSLASH);
	char *hex = hex_alloc(value);
	char *hex_key = NULL;
	int ret = -ENOMEM;

	if (text && hex && asprintf(&hex_key, "%s_hex", key) >= 0 &&
	    !add_item(obj, key, cJSON_CreateString(text)))
		ret = add_item(obj, hex_key, cJSON_CreateString(hex));
	free(hex_key);
	free(hex);
	free(text);
	return ret;
}

int json_add_string(cJSON *obj, const char *key, bool known, const char *value)
{
	if (!known || !value)
		return add_item(obj, key, cJSON_CreateNull());
	if (!utf8_valid(value))
		return add_bytes(obj, key, value);
	return add_item(obj, key, cJSON_CreateString(value));
}

int json_add_bool(cJSON *obj, const char *key, bool known, bool value)
{
	if (!known)
		return add_item(obj, key, cJSON_CreateNull());
	return add_item(obj, key, cJSON_CreateBool(value));
}

int json_add_hundredths(cJSON *obj, const char *key, bool known,
			uint64_t hundredths)
{
	char num[32];

	if (!known)
		return add_item(obj, key, cJSON_CreateNull());
	return add_item(
		obj, key,
		cJSON_CreateRaw(ratio_format(hundredths, num, sizeof(num))));
}

cJSON *json_new_document(const char *source)
{
	cJSON *doc = cJSON_CreateObject();

	if (!doc)
		return NULL;
	if (json_add_u64(doc, "version", true, ZSWAPCTL_JSON_VERSION) ||
	    json_add_string(doc, "source", true, source)) {
		cJSON_Delete(doc);
		return NULL;
	}
	return doc;
}

/*
 * A string between quotes. RFC 8259 wants '"', '\\' and the C0 controls
 * escaped; the other characters that text output escapes (escape.h: DEL,
 * the C1 controls, the invisible line and direction marks) are \uXXXX
 * too, so that a document printed on a terminal cannot act on it, and
 * says the same once parsed. json_add_string() leaves only UTF-8 here;
 * a byte that is not would become U+FFFD, never an invalid document.
 */
static void put_string(const char *s, FILE *out)
{
	size_t n;

	putc('"', out);
	for (; *s; s += n) {
		uint32_t cp;

		n = utf8_sequence(s);
		if (!n) {
			fputs("\\ufffd", out);
			n = 1;
			continue;
		}
		cp = utf8_decode(s, n);
		if (cp == '"' || cp == '\\')
			fprintf(out, "\\%c", (char)cp);
		else if (cp == '\b')
			fputs("\\b", out);
		else if (cp == '\f')
			fputs("\\f", out);
		else if (cp == '\n')
			fputs("\\n", out);
		else if (cp == '\r')
			fputs("\\r", out);
		else if (cp == '\t')
			fputs("\\t", out);
		else if (escape_code_point(cp) && cp > 0xffff)
			/* JSON's \u takes 16 bits: a surrogate pair */
			fprintf(out, "\\u%04" PRIx32 "\\u%04" PRIx32,
				0xd800 + ((cp - 0x10000) >> 10),
				0xdc00 + ((cp - 0x10000) & 0x3ff));
		else if (escape_code_point(cp))
			fprintf(out, "\\u%04" PRIx32, cp);
		else
			fwrite(s, 1, n, out);
	}
	putc('"', out);
}

/*
 * The short style is what cJSON_PrintUnformatted() prints; the pretty one
 * what jq does: two spaces a level, "key": value. cJSON builds the tree;
 * strings are written here (put_string), raw numbers as they are.
 */
static int print_item(const cJSON *item, int depth, enum json_style style,
		      FILE *out)
{
	bool pretty = style == JSON_PRETTY, object = cJSON_IsObject(item);
	const cJSON *child;
	char *text;

	if (cJSON_IsString(item)) {
		put_string(item->valuestring, out);
	} else if (cJSON_IsRaw(item)) {
		fputs(item->valuestring, out);
	} else if (cJSON_IsNull(item)) {
		fputs("null", out);
	} else if (cJSON_IsBool(item)) {
		fputs(cJSON_IsTrue(item) ? "true" : "false", out);
	} else if (!object && !cJSON_IsArray(item)) {
		/* A number: zswapctl writes its integers as raw text */
		text = cJSON_PrintUnformatted(item);
		if (!text)
			return -ENOMEM;
		fputs(text, out);
		cJSON_free(text);
	} else {
		putc(object ? '{' : '[', out);
		for (child = item->child; child; child = child->next) {
			if (pretty)
				fprintf(out, "\n%*s", 2 * (depth + 1), "");
			if (object) {
				put_string(child->string, out);
				fputs(pretty ? ": " : ":", out);
			}
			if (print_item(child, depth + 1, style, out))
				return -ENOMEM;
			if (child->next)
				putc(',', out);
		}
		if (pretty && item->child)
			fprintf(out, "\n%*s", 2 * depth, "");
		putc(object ? '}' : ']', out);
	}
	return 0;
}

int json_print(const cJSON *doc, enum json_style style, FILE *out)
{
	int ret = print_item(doc, 0, style, out);

	if (!ret && (putc('\n', out) == EOF || ferror(out)))
		ret = -EIO;
	return ret;
}
