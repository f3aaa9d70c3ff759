// SPDX-License-Identifier: GPL-2.0
/*
 * JSON exactness: cJSON keeps numbers as doubles, which round integers
 * above 2^53; zswapctl's counters must come out digit for digit.
 */
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>

#include "json.h"
#include "zswapctl-tap.h"

/* The document as one line, in a buffer the caller frees */
static char *render(const cJSON *doc, enum json_style style)
{
	char *text = NULL;
	size_t len = 0;
	FILE *mem = open_memstream(&text, &len);

	if (!mem)
		return NULL;
	if (json_print(doc, style, mem)) {
		fclose(mem);
		free(text);
		return NULL;
	}
	fclose(mem);
	return text;
}

static void one_value(uint64_t value, const char *digits)
{
	cJSON *obj = cJSON_CreateObject();
	char *text, want[64], what[96];

	json_add_u64(obj, "v", true, value);
	text = render(obj, JSON_SHORT);
	snprintf(want, sizeof(want), "{\"v\":%s}\n", digits);
	snprintf(what, sizeof(what), "u64 %s comes out digit for digit",
		 digits);
	tap_str(text, want, what);
	free(text);
	cJSON_Delete(obj);
}

int main(void)
{
	enum json_style style = JSON_SHORT;
	cJSON *doc, *parsed;
	char *text;

	one_value(UINT64_MAX, "18446744073709551615");
	one_value(9007199254740993ULL, "9007199254740993");
	one_value(9007199254740992ULL + 3, "9007199254740995");
	one_value(0, "0");
	one_value(1ULL << 63, "9223372036854775808");

	doc = json_new_document("netlink");
	json_add_u64(doc, "big", true, UINT64_MAX);
	json_add_u64(doc, "odd", true, 9007199254740993ULL);
	json_add_u64(doc, "unknown", false, 42);
	json_add_string(doc, "name", true, "zstd");
	json_add_string(doc, "noname", false, "zstd");
	json_add_bool(doc, "on", true, true);
	json_add_bool(doc, "maybe", false, true);
	json_add_hundredths(doc, "ratio", true, 342);
	json_add_hundredths(doc, "small", true, 5);
	json_add_hundredths(doc, "noratio", false, 342);
	text = render(doc, JSON_SHORT);
	tap_str(text,
		"{\"version\":2,\"source\":\"netlink\",\"big\":18446744073709551615,"
		"\"odd\":9007199254740993,\"unknown\":null,\"name\":\"zstd\","
		"\"noname\":null,\"on\":true,\"maybe\":null,\"ratio\":3.42,"
		"\"small\":0.05,\"noratio\":null}\n",
		"a document: version, source, exact numbers, null for unknown");

	parsed = cJSON_Parse(text);
	tap_ok(parsed && cJSON_IsObject(parsed),
	       "the short document parses back");
	tap_ok(parsed && cJSON_IsNull(cJSON_GetObjectItem(parsed, "unknown")),
	       "an unknown value parses back as null, not 0");
	cJSON_Delete(parsed);
	free(text);

	text = render(doc, JSON_PRETTY);
	tap_ok(text && strstr(text, "\n") < text + strlen(text) - 1 &&
		       strstr(text, "18446744073709551615") &&
		       strstr(text, "9007199254740993"),
	       "the pretty document spans lines and keeps the digits");
	parsed = cJSON_Parse(text);
	tap_ok(parsed != NULL, "the pretty document parses back");
	cJSON_Delete(parsed);
	free(text);
	cJSON_Delete(doc);

	tap_ok(!json_parse_style(NULL, &style) && style == JSON_PRETTY,
	       "--json alone is pretty");
	tap_ok(!json_parse_style("short", &style) && style == JSON_SHORT,
	       "--json=short");
	tap_ok(!json_parse_style("pretty", &style) && style == JSON_PRETTY,
	       "--json=pretty");
	tap_ok(json_parse_style("ugly", &style) == -EINVAL,
	       "--json=ugly is refused");
	tap_ok(json_parse_style("", &style) == -EINVAL, "--json= is refused");

	return tap_done();
}
