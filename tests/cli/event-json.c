// SPDX-License-Identifier: GPL-2.0
/*
 * event-json: the lines "zswapctl monitor --json" prints, one event of
 * each kind, from events built as libzswapnl fills them: every figure
 * known, some unknown, a type this zswapctl does not know, a cgroup with
 * a limit and one without, a path and a compressor that are not UTF-8,
 * a path cut short.
 * monitor itself needs a kernel with the zswap family; its lines are the
 * same code's (event_line.c).
 *
 * A tool of tests/cli/62-json-keys.bats, which checks each key against
 * the table of zswapctl(8); built by "make unit-tests-zswapctl" into
 * $(BUILD)/tests/cli/event-json.
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "event_line.h"

#define BIT(nr) (UINT64_C(1) << (nr))

static const struct timespec when = { .tv_sec = 1796020201,
				      .tv_nsec = 123456789 };

static void global_event(uint32_t type, uint64_t known, const char *compressor)
{
	struct zswapnl_event ev = { .struct_size = sizeof(ev), .type = type };
	struct zswapnl_global *g = &ev.state;

	g->struct_size = sizeof(*g);
	g->known = known;
	g->enabled = true;
	snprintf(g->compressor, sizeof(g->compressor), "%s", compressor);
	/* Not UTF-8: "zpool" and "zpool_hex" */
	snprintf(g->zpool, sizeof(g->zpool), "zb\xffud");
	g->max_pool_percent = 20;
	g->accept_threshold_percent = 90;
	g->pool_total_size = 13012992;
	g->pool_limit_bytes = 419688448;
	g->stored_pages = 9443;
	g->zero_pages = 3096;
	g->pool_limit_hit = 5;
	g->written_back_pages = UINT64_MAX;
	g->zswpin = 21282;
	g->zswpout = 30680;
	event_print_json(&ev, &when, 4096, stdout);
}

static void memcg_event(char *path, uint64_t known, uint64_t max)
{
	struct zswapnl_memcg_event ev = {
		.struct_size = sizeof(ev),
		.type = ZSWAPNL_EVENT_MEMCG_LIMIT_HIT,
	};
	struct zswapnl_memcg *m = &ev.memcg;

	m->struct_size = sizeof(*m);
	m->known = known;
	m->id = 42;
	m->path = path;
	m->compressed_bytes = 1048000;
	m->stored_pages = 1024;
	m->zero_pages = 3;
	m->zswpin = 5;
	m->zswpout = 6;
	m->zswpwb = 7;
	m->zswap_max = max;
	m->writeback = true;
	m->writeback_effective = false;
	m->reject_zswap_max = 11;
	m->reject_pool_limit = 12;
	m->reject_incompressible = 13;
	m->reject_alloc_fail = 14;
	memcg_event_print_json(&ev, &when, 4096, stdout);
}

int main(void)
{
	static char plain[] = "/work/app", odd[] = "/a b\x1b[2J\xff";
	static char deep[4096];
	uint64_t all_global = BIT(ZSWAPNL_G_NR_FIELDS) - 1;
	uint64_t all_memcg = BIT(ZSWAPNL_M_NR_FIELDS) - 1;
	size_t i;

	/* Longer than 1024 bytes: shown cut short, "path_shortened" */
	for (i = 0; i + 8 < sizeof(deep) - 1; i += 8)
		memcpy(deep + i, "/abcdefg", 8);
	deep[i] = '\0';

	global_event(ZSWAPNL_EVENT_PARAMS_CHANGED, all_global, "zstd");
	/* A compressor name that is not UTF-8: "compressor_hex" too */
	global_event(ZSWAPNL_EVENT_POOL_SWITCHED,
		     BIT(ZSWAPNL_G_COMPRESSOR) | BIT(ZSWAPNL_G_ZPOOL), "lz\xfe" "4");
	global_event(ZSWAPNL_EVENT_POOL_LIMIT_HIT, 0, "zstd");
	/* From a newer kernel: "event_99" */
	global_event(99, all_global, "zstd");
	memcg_event(plain, all_memcg, 1048576);
	memcg_event(odd, all_memcg, ZSWAPNL_MAX);
	memcg_event(deep, all_memcg & ~BIT(ZSWAPNL_M_ZSWAP_MAX), 0);
	memcg_event(plain, BIT(ZSWAPNL_M_ID) | BIT(ZSWAPNL_M_PATH), 0);
	return fflush(stdout) ? 1 : 0;
}
