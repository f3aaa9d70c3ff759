// SPDX-License-Identifier: GPL-2.0
/*
 * An event as one line. Both forms come from one JSON object: "version",
 * "source", "timestamp", "event", then the state the event carries under
 * the keys of "zswapctl status --json". The text form writes the keys
 * after "event" as key=value, leaving out the unknown ones (null). A memcg
 * event carries the memcg under the keys of "zswapctl cgroups --json".
 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "columns.h"
#include "escape.h"
#include "event_line.h"
#include "status.h"
#include "tree.h"

/* The names of zswap-genl(7), indexed by enum zswapnl_event_type */
static const char *const event_names[] = {
	[ZSWAPNL_EVENT_PARAMS_CHANGED] = "params-changed",
	[ZSWAPNL_EVENT_POOL_SWITCHED] = "pool-switched",
	[ZSWAPNL_EVENT_POOL_LIMIT_HIT] = "pool-limit-hit",
	[ZSWAPNL_EVENT_MEMCG_LIMIT_HIT] = "memcg-limit-hit",
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

/* "version", "source", "timestamp" and "event": the head of every event */
static cJSON *event_head(uint32_t type, const struct timespec *when, char sep)
{
	char stamp[TIMESTAMP_MAX], name[EVENT_NAME_MAX];
	cJSON *doc = json_new_document("netlink");

	if (!doc)
		return NULL;
	timestamp_iso8601(when, stamp, sizeof(stamp));
	event_name(type, sep, name, sizeof(name));
	if (json_add_string(doc, "timestamp", true, stamp) ||
	    json_add_string(doc, "event", true, name)) {
		cJSON_Delete(doc);
		return NULL;
	}
	return doc;
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
	cJSON *doc = event_head(ev->type, when, sep);

	if (doc && status_json_add(doc, &view)) {
		cJSON_Delete(doc);
		return NULL;
	}
	return doc;
}

/* The memcg's figures under the keys of every column of "zswapctl cgroups" */
static cJSON *memcg_event_doc(const struct zswapnl_memcg_event *ev,
			      const struct timespec *when, uint64_t page_size,
			      char sep)
{
	const struct column_ctx ctx = { .page_size = page_size, .bytes = true };
	cJSON *doc = event_head(ev->type, when, sep);
	struct column_list cols;
	size_t i;

	if (!doc)
		return NULL;
	column_list_all(&cols);
	for (i = 0; i < cols.count; i++) {
		if (column_to_json(cols.cols[i], &ev->memcg, &ctx, doc)) {
			cJSON_Delete(doc);
			return NULL;
		}
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
				    ESCAPE_SPACE | ESCAPE_BACKSLASH | escape_locale_flags(), out);
	if (cJSON_IsRaw(item))
		text = item->valuestring;
	else
		text = cJSON_IsTrue(item) ? "true" : "false";
	return fputs(text, out) == EOF ? -EIO : 0;
}

/*
 * The text form of the document @doc, which this frees. A memcg's @path,
 * when not NULL, is written from its bytes, escaped once as "cgroups
 * --raw" escapes it, in place of the document's "path" (which holds an
 * escaped form already for a path that is not UTF-8) and "path_hex".
 */
static int print_text(cJSON *doc, const char *path, FILE *out)
{
	const cJSON *item;
	int ret = 0;

	if (!doc)
		return -ENOMEM;
	item = cJSON_GetObjectItemCaseSensitive(doc, "timestamp");
	fprintf(out, "%s %s", item->valuestring, item->next->valuestring);
	for (item = item->next->next; item && !ret; item = item->next) {
		if (cJSON_IsNull(item))
			continue;
		if (path && !strcmp(item->string, "path_hex"))
			continue;
		fprintf(out, " %s=", item->string);
		if (path && !strcmp(item->string, "path"))
			ret = escape_fputs(path,
					   ESCAPE_SPACE | ESCAPE_BACKSLASH | escape_locale_flags(),
					   out);
		else
			ret = put_value(item, out);
	}
	cJSON_Delete(doc);
	if (ret == -ENOMEM)
		return ret;
	return putc('\n', out) == EOF || ferror(out) ? -EIO : 0;
}

/* The JSON form of the document @doc, which this frees */
static int print_json(cJSON *doc, FILE *out)
{
	int ret;

	if (!doc)
		return -ENOMEM;
	ret = json_print(doc, JSON_SHORT, out);
	cJSON_Delete(doc);
	return ret;
}

int event_print_text(const struct zswapnl_event *ev,
		     const struct timespec *when, uint64_t page_size, FILE *out)
{
	return print_text(event_doc(ev, when, page_size, '-'), NULL, out);
}

int event_print_json(const struct zswapnl_event *ev,
		     const struct timespec *when, uint64_t page_size, FILE *out)
{
	return print_json(event_doc(ev, when, page_size, '_'), out);
}

int memcg_event_print_text(const struct zswapnl_memcg_event *ev,
			   const struct timespec *when, uint64_t page_size,
			   FILE *out)
{
	const struct zswapnl_memcg *m = &ev->memcg;
	bool known = zswapnl_memcg_known(m, ZSWAPNL_M_PATH) && m->path;
	char shown[CGROUP_PATH_SHOWN_MAX + 1];

	return print_text(
		memcg_event_doc(ev, when, page_size, '-'),
		known ? cgroup_path_shown(m->path, shown, sizeof(shown)) : NULL,
		out);
}

int memcg_event_print_json(const struct zswapnl_memcg_event *ev,
			   const struct timespec *when, uint64_t page_size,
			   FILE *out)
{
	return print_json(memcg_event_doc(ev, when, page_size, '_'), out);
}
