/* SPDX-License-Identifier: GPL-2.0 */
/*
 * JSON output on top of cJSON. cJSON keeps numbers as doubles, which hold
 * integers exactly only up to 2^53: every counter goes out as a raw token
 * printed from its uint64_t instead, digit for digit. Every document is
 * valid UTF-8 without a raw control character, whatever the names in it.
 */
#ifndef ZSWAPCTL_JSON_H
#define ZSWAPCTL_JSON_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include <cjson/cJSON.h>

/*
 * The "version" of every object zswapctl prints: the schema's, see
 * zswapctl(8). One more whenever a key changes its type or its meaning;
 * a new key does not change it. The changes of each are in NEWS.
 */
#define ZSWAPCTL_JSON_VERSION 2

enum json_style {
	JSON_PRETTY, /* indented, one key a line */
	JSON_SHORT, /* one line */
};

/* The argument of --json[=pretty|short]; NULL means pretty. 0 or -EINVAL */
int json_parse_style(const char *arg, enum json_style *style);

/*
 * Add key to obj with the value, or with null when the value is not known.
 * A string that is not valid UTF-8 goes in escaped (escape.h, with its
 * backslashes as \x5c), with a second key, key + "_hex", holding its bytes
 * in hex: see zswapctl(8), JSON OUTPUT. 0 or -ENOMEM.
 */
int json_add_u64(cJSON *obj, const char *key, bool known, uint64_t value);
int json_add_string(cJSON *obj, const char *key, bool known, const char *value);
int json_add_bool(cJSON *obj, const char *key, bool known, bool value);
/* A fixed-point number with two decimals, given in hundredths: 342 is 3.42 */
int json_add_hundredths(cJSON *obj, const char *key, bool known,
			uint64_t hundredths);

/* An object holding "version" and "source", the start of every document */
cJSON *json_new_document(const char *source);

/* Print the document and a newline; 0, -ENOMEM or -EIO */
int json_print(const cJSON *doc, enum json_style style, FILE *out);

#endif /* ZSWAPCTL_JSON_H */
