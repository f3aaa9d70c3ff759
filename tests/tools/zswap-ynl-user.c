// SPDX-License-Identifier: GPL-2.0
/*
 * zswap-ynl-user [--memcg ID]: a small user of the C library that the
 * kernel's YNL generates from kernel/spec/zswap.yaml (tools/net/ynl of
 * linux-source-7.2, built by tests/host/ynl-user.bats): a get, and a dump
 * of every memcg, or a do of memcg ID. It proves that the generated code
 * compiles, links and talks to the kernel; tests/vm/suites/25-ynl.bats
 * compares what it prints with the kernel's own files.
 *
 * One figure a line, each attribute the reply holds and no other (an
 * attribute the kernel leaves out is not printed):
 *   global KEY VALUE
 *   memcg ID KEY VALUE
 * and, after a dump, "memcgs N". Keys are the spec's attribute names.
 * Exit status 0, 1 for a usage error, 2 when the kernel refused (its
 * extack on stderr).
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <ynl.h>

#include "zswap-user.h"

#define PUT(scope, rsp, name, key)					\
	do {								\
		if ((rsp)->_present.name)				\
			printf("%s %s %" PRIu64 "\n", scope, key,	\
			       (uint64_t)(rsp)->name);			\
	} while (0)

static void print_global(const struct zswap_get_rsp *r)
{
	PUT("global", r, stored_pages, "stored-pages");
	PUT("global", r, pool_total_size, "pool-total-size");
	PUT("global", r, pool_limit_bytes, "pool-limit-bytes");
	PUT("global", r, pool_limit_hit, "pool-limit-hit");
	PUT("global", r, reject_reclaim_fail, "reject-reclaim-fail");
	PUT("global", r, reject_alloc_fail, "reject-alloc-fail");
	PUT("global", r, reject_kmemcache_fail, "reject-kmemcache-fail");
	PUT("global", r, reject_compress_fail, "reject-compress-fail");
	PUT("global", r, reject_compress_poor, "reject-compress-poor");
	PUT("global", r, written_back_pages, "written-back-pages");
	PUT("global", r, decompress_fail, "decompress-fail");
	PUT("global", r, stored_incompressible_pages,
	    "stored-incompressible-pages");
	PUT("global", r, enabled, "enabled");
	if (r->_len.compressor)
		printf("global compressor %s\n", r->compressor);
	PUT("global", r, max_pool_percent, "max-pool-percent");
	PUT("global", r, accept_threshold_percent, "accept-threshold-percent");
	PUT("global", r, shrinker_enabled, "shrinker-enabled");
	PUT("global", r, zero_pages, "zero-pages");
	PUT("global", r, duplicate_entry, "duplicate-entry");
	if (r->_len.zpool)
		printf("global zpool %s\n", r->zpool);
}

static void print_memcg(const struct zswap_memcg_get_rsp *r)
{
	char scope[64];

	snprintf(scope, sizeof(scope), "memcg %" PRIu64, (uint64_t)r->id);
	/* A path holds any byte but NUL: the tests' paths are plain */
	if (r->_len.path)
		printf("%s path %s\n", scope, r->path);
	PUT(scope, r, compressed_bytes, "compressed-bytes");
	PUT(scope, r, stored_pages, "stored-pages");
	PUT(scope, r, zswpin, "zswpin");
	PUT(scope, r, zswpout, "zswpout");
	PUT(scope, r, zswpwb, "zswpwb");
	PUT(scope, r, zswap_max, "zswap-max");
	PUT(scope, r, writeback, "writeback");
	PUT(scope, r, writeback_effective, "writeback-effective");
	PUT(scope, r, zero_pages, "zero-pages");
	PUT(scope, r, reject_zswap_max, "reject-zswap-max");
	PUT(scope, r, reject_pool_limit, "reject-pool-limit");
	PUT(scope, r, reject_incompressible, "reject-incompressible");
	PUT(scope, r, reject_alloc_fail, "reject-alloc-fail");
}

static int fail(const char *what, const struct ynl_error *yerr)
{
	fprintf(stderr, "zswap-ynl-user: %s: %s\n", what, yerr->msg);
	return 2;
}

int main(int argc, char **argv)
{
	struct zswap_memcg_get_list *list;
	struct zswap_memcg_get_req *req;
	struct zswap_memcg_get_rsp *memcg;
	struct zswap_get_rsp *global;
	struct ynl_error yerr;
	struct ynl_sock *ys;
	unsigned long long id = 0;
	unsigned int n = 0;
	char *end;
	int ret = 0;

	if (argc == 3 && !strcmp(argv[1], "--memcg")) {
		id = strtoull(argv[2], &end, 10);
		if (!*argv[2] || *end)
			argc = 0;
	}
	if (argc != 1 && argc != 3) {
		fprintf(stderr, "usage: zswap-ynl-user [--memcg ID]\n");
		return 1;
	}

	ys = ynl_sock_create(&ynl_zswap_family, &yerr);
	if (!ys)
		return fail("cannot open the zswap family", &yerr);

	global = zswap_get(ys);
	if (!global) {
		ret = fail("get", &ys->err);
		goto out;
	}
	print_global(global);
	zswap_get_rsp_free(global);

	if (id) {
		req = zswap_memcg_get_req_alloc();
		if (!req) {
			ret = 2;
			goto out;
		}
		zswap_memcg_get_req_set_id(req, id);
		memcg = zswap_memcg_get(ys, req);
		zswap_memcg_get_req_free(req);
		if (!memcg) {
			ret = fail("memcg-get", &ys->err);
			goto out;
		}
		print_memcg(memcg);
		zswap_memcg_get_rsp_free(memcg);
		goto out;
	}

	list = zswap_memcg_get_dump(ys);
	if (!list) {
		ret = fail("memcg-get dump", &ys->err);
		goto out;
	}
	ynl_dump_foreach(list, m) {
		print_memcg(m);
		n++;
	}
	zswap_memcg_get_list_free(list);
	printf("memcgs %u\n", n);
out:
	ynl_sock_destroy(ys);
	return ret;
}
