// SPDX-License-Identifier: GPL-2.0
/* JSON values that say exactly what zswapctl knows, and null when it doesn't. */
#include <errno.h>
#include <inttypes.h>
#include <string.h>

#include "json.h"
#include "ratio.h"

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

int json_add_string(cJSON *obj, const char *key, bool known, const char *value)
{
	if (!known || !value)
		return add_item(obj, key, cJSON_CreateNull());
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
 * cJSON_Print() indents with tabs and puts a tab after each colon; this
 * prints what jq does: two spaces a level, "key": value. Leaves go through
 * cJSON, which escapes strings and writes raw numbers as they are.
 */
static int print_pretty(const cJSON *item, int depth, FILE *out)
{
	const cJSON *child;
	char *text;

	if (!cJSON_IsObject(item) && !cJSON_IsArray(item)) {
		text = cJSON_PrintUnformatted(item);
		if (!text)
			return -ENOMEM;
		fputs(text, out);
		cJSON_free(text);
		return 0;
	}
	if (!item->child) {
		fputs(cJSON_IsObject(item) ? "{}" : "[]", out);
		return 0;
	}
	putc(cJSON_IsObject(item) ? '{' : '[', out);
	for (child = item->child; child; child = child->next) {
		fprintf(out, "\n%*s", 2 * (depth + 1), "");
		if (cJSON_IsObject(item)) {
			cJSON *key = cJSON_CreateString(child->string);

			text = key ? cJSON_PrintUnformatted(key) : NULL;
			cJSON_Delete(key);
			if (!text)
				return -ENOMEM;
			fprintf(out, "%s: ", text);
			cJSON_free(text);
		}
		if (print_pretty(child, depth + 1, out))
			return -ENOMEM;
		if (child->next)
			putc(',', out);
	}
	fprintf(out, "\n%*s%c", 2 * depth, "",
		cJSON_IsObject(item) ? '}' : ']');
	return 0;
}

int json_print(const cJSON *doc, enum json_style style, FILE *out)
{
	char *text;
	int ret;

	if (style == JSON_PRETTY) {
		ret = print_pretty(doc, 0, out);
	} else {
		text = cJSON_PrintUnformatted(doc);
		if (!text)
			return -ENOMEM;
		fputs(text, out);
		cJSON_free(text);
		ret = 0;
	}
	if (!ret && (putc('\n', out) == EOF || ferror(out)))
		ret = -EIO;
	return ret;
}
