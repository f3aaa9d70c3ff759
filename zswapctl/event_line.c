// SPDX-License-Identifier: GPL-2.0
/*
 * An event as one line. Both forms come from one JSON object: "version",
 * "source", "timestamp", "event", then the state the event carries under
 * the keys of "zswapctl status --json". The text form writes the keys
 * after "event" as key=value, leaving out the unknown ones (null).
 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "escape.h"
#include "event_line.h"
#include "status.h"

/* The names of zswap-genl(7), indexed by enum zswapnl_event_type */
static const char *const event_names[] = {
	[ZSWAPNL_EVENT_PARAMS_CHANGED] = "params-changed",
	[ZSWAPNL_EVENT_POOL_SWITCHED] = "pool-switched",
	[ZSWAPNL_EVENT_POOL_LIMIT_HIT] = "pool-limit-hit",
};

#define EVENT_NAME_MAX 32

char *timestamp_iso8601(const struct timespec *ts, char *buf, size_t len)
{
	struct tm tm;
	size_t n;

	if (!gmtime_r(&ts->tv_sec, &tm)) {
		snprintf(buf, len, "-");
		return buf;
	}
	n = strftime(buf, len, "%Y-%m-%dT%H:%M:%S", &tm);
	snprintf(buf + n, len - n, ".%03ldZ", ts->tv_nsec / 1000000);
	return buf;
}

/*
 * The event's name with sep between its words; a type this zswapctl does
 * not know (from a newer kernel) is "event" and its number.
 */
static char *event_name(uint32_t type, char sep, char *buf, size_t len)
{
	char *p;

	if (type < sizeof(event_names) / sizeof(event_names[0]) &&
	    event_names[type])
		snprintf(buf, len, "%s", event_names[type]);
	else
		snprintf(buf, len, "event-%" PRIu32, type);
	for (p = buf; *p; p++)
		if (*p == '-')
			*p = sep;
	return buf;
}

static cJSON *event_doc(const struct zswapnl_event *ev,
			const struct timespec *when, uint64_t page_size,
			char sep)
{
	struct status_view view = {
		.source = ZSWAPNL_SOURCE_NETLINK,
		.global = ev->state,
		.page_size = page_size,
	};
	char stamp[TIMESTAMP_MAX], name[EVENT_NAME_MAX];
	cJSON *doc = json_new_document("netlink");

	if (!doc)
		return NULL;
	timestamp_iso8601(when, stamp, sizeof(stamp));
	event_name(ev->type, sep, name, sizeof(name));
	if (json_add_string(doc, "timestamp", true, stamp) ||
	    json_add_string(doc, "event", true, name) ||
	    status_json_add(doc, &view)) {
		cJSON_Delete(doc);
		return NULL;
	}
	return doc;
}

/*
 * A value of the text form: one word, as "cgroups --raw" writes a field
 * (escape.h: control characters, spaces, backslashes and bytes that are
 * not UTF-8 as \xHH). 0, -ENOMEM or -EIO.
 */
static int put_value(const cJSON *item, FILE *out)
{
	const char *text;

	if (cJSON_IsString(item))
		return escape_fputs(item->valuestring,
				    ESCAPE_SPACE | ESCAPE_BACKSLASH, out);
	if (cJSON_IsRaw(item))
		text = item->valuestring;
	else
		text = cJSON_IsTrue(item) ? "true" : "false";
	return fputs(text, out) == EOF ? -EIO : 0;
}

int event_print_text(const struct zswapnl_event *ev,
		     const struct timespec *when, uint64_t page_size, FILE *out)
{
	cJSON *doc = event_doc(ev, when, page_size, '-');
	const cJSON *item;
	int ret = 0;

	if (!doc)
		return -ENOMEM;
	item = cJSON_GetObjectItemCaseSensitive(doc, "timestamp");
	fprintf(out, "%s %s", item->valuestring, item->next->valuestring);
	for (item = item->next->next; item && !ret; item = item->next) {
		if (cJSON_IsNull(item))
			continue;
		fprintf(out, " %s=", item->string);
		ret = put_value(item, out);
	}
	cJSON_Delete(doc);
	if (ret == -ENOMEM)
		return ret;
	return putc('\n', out) == EOF || ferror(out) ? -EIO : 0;
}

int event_print_json(const struct zswapnl_event *ev,
		     const struct timespec *when, uint64_t page_size, FILE *out)
{
	cJSON *doc = event_doc(ev, when, page_size, '_');
	int ret;

	if (!doc)
		return -ENOMEM;
	ret = json_print(doc, JSON_SHORT, out);
	cJSON_Delete(doc);
	return ret;
}
