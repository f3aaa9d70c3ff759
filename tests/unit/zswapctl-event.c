// SPDX-License-Identifier: GPL-2.0
/*
 * The lines of zswapctl monitor: the timestamp (UTC, milliseconds,
 * truncated), the event's name, and the state it carries under the keys
 * of status --json, unknown figures left out of the text and null in
 * JSON, every u64 digit for digit.
 */
#include <stdint.h>
#include <stdlib.h>

#include <cjson/cJSON.h>

#include "event_line.h"
#include "zswapctl-tap.h"

#define BIT(nr) (UINT64_C(1) << (nr))

static void stamp(time_t sec, long nsec, const char *want, const char *what)
{
	struct timespec ts = { .tv_sec = sec, .tv_nsec = nsec };
	char buf[TIMESTAMP_MAX];

	tap_str(timestamp_iso8601(&ts, buf, sizeof(buf)), want, what);
}

static void timestamps(void)
{
	stamp(0, 0, "1970-01-01T00:00:00.000Z", "the epoch");
	stamp(1796020201, 123456789, "2026-11-30T06:30:01.123Z",
	      "milliseconds, in UTC");
	stamp(1796020201, 999999999, "2026-11-30T06:30:01.999Z",
	      "milliseconds are truncated, never rounded into the next second");
	stamp(951782400, 7000000, "2000-02-29T00:00:00.007Z",
	      "a leap day, milliseconds with leading zeros");
}

/* An event as the kernel sends it, with its state */
static void event(struct zswapnl_event *ev, uint32_t type)
{
	struct zswapnl_global *g = &ev->state;

	memset(ev, 0, sizeof(*ev));
	ev->struct_size = sizeof(*ev);
	ev->type = type;
	g->struct_size = sizeof(*g);
	/* what the family sends: the figures of 1.0 */
	g->known = BIT(ZSWAPNL_G_ACCEPT_THRESHOLD_PERCENT + 1) - 1;
	g->enabled = true;
	snprintf(g->compressor, sizeof(g->compressor), "zstd");
	snprintf(g->zpool, sizeof(g->zpool), "zbud");
	g->max_pool_percent = 20;
	g->accept_threshold_percent = 90;
	g->pool_total_size = 13012992;
	g->pool_limit_bytes = 419688448;
	g->stored_pages = 9443;
	g->zero_pages = 3096;
	/* each counter a value of its own: a line that swaps two shows it */
	g->pool_limit_hit = 5;
	g->reject_reclaim_fail = 6;
	g->reject_alloc_fail = 7;
	g->reject_kmemcache_fail = 8;
	g->reject_compress_poor = 9;
	g->duplicate_entry = 10;
	g->written_back_pages = UINT64_MAX;
	g->zswpin = 21282;
	g->zswpout = 30680;
}

static const struct timespec when = { .tv_sec = 1796020201,
				      .tv_nsec = 123456789 };

static char *text_line(const struct zswapnl_event *ev)
{
	char *text = NULL;
	size_t len;
	FILE *out = open_memstream(&text, &len);
	int ret = event_print_text(ev, &when, 4096, out);

	fclose(out);
	tap_ok(ret == 0, "event_print_text() returns 0");
	return text;
}

static char *json_line(const struct zswapnl_event *ev)
{
	char *text = NULL;
	size_t len;
	FILE *out = open_memstream(&text, &len);
	int ret = event_print_json(ev, &when, 4096, out);

	fclose(out);
	tap_ok(ret == 0, "event_print_json() returns 0");
	return text;
}

static void text_lines(void)
{
	struct zswapnl_event ev;
	char *text;

	event(&ev, ZSWAPNL_EVENT_PARAMS_CHANGED);
	text = text_line(&ev);
	tap_str(text,
		"2026-11-30T06:30:01.123Z params-changed enabled=true "
		"compressor=zstd zpool=zbud max_pool_percent=20 "
		"accept_threshold_percent=90 page_size=4096 "
		"pool_total_size=13012992 pool_limit_bytes=419688448 "
		"pool_limit_hit=5 stored_pages=9443 zero_pages=3096 "
		"reject_reclaim_fail=6 reject_alloc_fail=7 "
		"reject_kmemcache_fail=8 reject_compress_poor=9 "
		"duplicate_entry=10 written_back_pages=18446744073709551615 "
		"zswpin=21282 zswpout=30680 pool_ratio=2.97\n",
		"params-changed: time, name, then every key=value of status --json");
	free(text);

	/* Unknown figures are left out; a value stays one word */
	event(&ev, ZSWAPNL_EVENT_POOL_SWITCHED);
	ev.state.known = BIT(ZSWAPNL_G_COMPRESSOR) | BIT(ZSWAPNL_G_ENABLED) |
			 BIT(ZSWAPNL_G_STORED_PAGES);
	ev.state.enabled = false;
	snprintf(ev.state.compressor, sizeof(ev.state.compressor), "a b\n");
	text = text_line(&ev);
	tap_str(text,
		"2026-11-30T06:30:01.123Z pool-switched enabled=false "
		"compressor=a\\x20b\\x0a page_size=4096 stored_pages=9443\n",
		"pool-switched: unknown figures left out, a string one word");
	free(text);

	event(&ev, ZSWAPNL_EVENT_POOL_LIMIT_HIT);
	ev.state.known = 0;
	text = text_line(&ev);
	tap_str(text,
		"2026-11-30T06:30:01.123Z pool-limit-hit page_size=4096\n",
		"pool-limit-hit with nothing known");
	free(text);

	event(&ev, 9);
	ev.state.known = 0;
	text = text_line(&ev);
	tap_str(text, "2026-11-30T06:30:01.123Z event-9 page_size=4096\n",
		"an event type from a newer kernel goes by its number");
	free(text);
}

static void json_lines(void)
{
	struct zswapnl_event ev;
	cJSON *doc;
	char *text;

	event(&ev, ZSWAPNL_EVENT_POOL_SWITCHED);
	ev.state.known &= ~BIT(ZSWAPNL_G_ZERO_PAGES);
	text = json_line(&ev);
	tap_str(text,
		"{\"version\":2,\"source\":\"netlink\","
		"\"timestamp\":\"2026-11-30T06:30:01.123Z\","
		"\"event\":\"pool_switched\",\"enabled\":true,"
		"\"compressor\":\"zstd\",\"zpool\":\"zbud\","
		"\"max_pool_percent\":20,\"accept_threshold_percent\":90,"
		"\"page_size\":4096,\"pool_total_size\":13012992,"
		"\"pool_limit_bytes\":419688448,\"pool_limit_hit\":5,"
		"\"stored_pages\":9443,\"zero_pages\":null,"
		"\"stored_incompressible_pages\":null,"
		"\"reject_reclaim_fail\":6,\"reject_alloc_fail\":7,"
		"\"reject_kmemcache_fail\":8,\"reject_compress_poor\":9,"
		"\"reject_compress_fail\":null,\"decompress_fail\":null,"
		"\"duplicate_entry\":10,"
		"\"written_back_pages\":18446744073709551615,"
		"\"zswpin\":21282,\"zswpout\":30680,\"zswpwb\":null,"
		"\"pool_ratio\":2.97}\n",
		"JSON: one line, snake_case name, u64 exact, null for unknown");
	doc = cJSON_Parse(text);
	tap_ok(doc && cJSON_IsObject(doc), "the line parses back");
	cJSON_Delete(doc);
	free(text);

	event(&ev, ZSWAPNL_EVENT_PARAMS_CHANGED);
	text = json_line(&ev);
	tap_ok(text && strstr(text, "\"event\":\"params_changed\""),
	       "params-changed is params_changed in JSON");
	free(text);

	event(&ev, ZSWAPNL_EVENT_POOL_LIMIT_HIT);
	text = json_line(&ev);
	tap_ok(text && strstr(text, "\"event\":\"pool_limit_hit\""),
	       "pool-limit-hit is pool_limit_hit in JSON");
	free(text);

	event(&ev, 12);
	text = json_line(&ev);
	tap_ok(text && strstr(text, "\"event\":\"event_12\""),
	       "an unknown event type is event_N in JSON");
	free(text);
}

/*
 * A memcg-limit-hit event, hand-built as zswapnl_read_memcg_event() fills
 * it from the family's message of patch 0022: a cgroup whose name has a
 * space, an escape and a byte that is not UTF-8
 */
static void memcg_event(struct zswapnl_memcg_event *ev, char *path)
{
	struct zswapnl_memcg *m = &ev->memcg;

	memset(ev, 0, sizeof(*ev));
	ev->struct_size = sizeof(*ev);
	ev->type = ZSWAPNL_EVENT_MEMCG_LIMIT_HIT;
	m->struct_size = sizeof(*m);
	/* The figures of 1.6: the keys below */
	m->known = BIT(ZSWAPNL_M_REJECT_ALLOC_FAIL + 1) - 1;
	m->known &= ~(BIT(ZSWAPNL_M_ZSWPWB) | BIT(ZSWAPNL_M_WRITEBACK) |
		      BIT(ZSWAPNL_M_WRITEBACK_EFFECTIVE));
	m->id = 42;
	m->path = path;
	m->compressed_bytes = 1048000;
	m->stored_pages = 1024;
	m->zero_pages = 3;
	m->zswpin = 5;
	m->zswpout = 6;
	m->zswap_max = 1048576;
	m->reject_zswap_max = 11;
	m->reject_pool_limit = 12;
	m->reject_incompressible = 13;
	m->reject_alloc_fail = 14;
}

/* The JSON of the memcg event below, up to the last key of 1.6 */
static const char keys_of_1_6[] =
	"{\"version\":2,\"source\":\"netlink\","
	"\"timestamp\":\"2026-11-30T06:30:01.123Z\","
	"\"event\":\"memcg_limit_hit\","
	"\"path\":\"/a b\\\\x1b[2J\\\\xff\","
	"\"path_hex\":\"2f6120621b5b324aff\","
	"\"id\":42,\"compressed_bytes\":1048000,"
	"\"stored_pages\":1024,\"zero_pages\":3,"
	"\"compression_ratio\":4.00,\"zswpin\":5,\"zswpout\":6,"
	"\"zswpwb\":null,\"zswap_max\":1048576,"
	"\"zswap_unlimited\":false,\"writeback\":null,"
	"\"writeback_effective\":null,\"reject_zswap_max\":11,"
	"\"reject_pool_limit\":12,\"reject_incompressible\":13,"
	"\"reject_alloc_fail\":14";

static void memcg_event_lines(void)
{
	struct zswapnl_memcg_event ev;
	char path[] = "/a b\x1b[2J\xff", *text = NULL;
	char head[sizeof(keys_of_1_6)];
	size_t len;
	FILE *out;
	cJSON *doc;
	int ret;

	memcg_event(&ev, path);
	out = open_memstream(&text, &len);
	ret = memcg_event_print_text(&ev, &when, 4096, out);
	fclose(out);
	tap_ok(ret == 0, "memcg_event_print_text() returns 0");
	tap_str(text,
		"2026-11-30T06:30:01.123Z memcg-limit-hit "
		"path=/a\\x20b\\x1b[2J\\xff id=42 compressed_bytes=1048000 "
		"stored_pages=1024 zero_pages=3 compression_ratio=4.00 "
		"zswpin=5 zswpout=6 zswap_max=1048576 zswap_unlimited=false "
		"reject_zswap_max=11 "
		"reject_pool_limit=12 reject_incompressible=13 "
		"reject_alloc_fail=14\n",
		"memcg-limit-hit: the path escaped once, the cgroups keys");
	free(text);

	text = NULL;
	out = open_memstream(&text, &len);
	ret = memcg_event_print_json(&ev, &when, 4096, out);
	fclose(out);
	tap_ok(ret == 0, "memcg_event_print_json() returns 0");
	/* The keys of 1.6 in their order; a figure's added later, after them */
	snprintf(head, sizeof(head), "%.*s", (int)strlen(keys_of_1_6),
		 text ? text : "");
	tap_str(head, keys_of_1_6,
		"memcg_limit_hit in JSON: every key of cgroups --json, null when unknown");
	tap_ok(text && strlen(text) > strlen(keys_of_1_6) &&
		       strchr(",}", text[strlen(keys_of_1_6)]),
	       "and the last value of those ends there");
	doc = cJSON_Parse(text);
	tap_ok(doc && cJSON_IsObject(doc), "the line parses back");
	cJSON_Delete(doc);
	free(text);
}

int main(void)
{
	timestamps();
	text_lines();
	json_lines();
	memcg_event_lines();
	return tap_done();
}
