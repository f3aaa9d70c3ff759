// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * The conventions of zswapnl.h: argument checks, struct_size in both
 * directions, NULL-safe frees, the error struct being optional, and
 * /proc/crypto parsing. The handles read the recorded patched tree
 * (tests/data/sysroot-patched, see zswapnl-fallback-patched.c).
 */

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "fallback.h"
#include "internal.h"
#include "tap.h"
#include "testdata.h"

#define ROOT "tests/data/sysroot-patched"

static void open_refused(void)
{
	struct zswapnl_options o = { .struct_size = sizeof(o), .mode = ZSWAPNL_MODE_FALLBACK };
	struct zswapnl_error err;
	struct zswapnl *h = (struct zswapnl *)&o;

	CHECK_INT(zswapnl_open(NULL, &o, &err), -EINVAL);
	o.struct_size = 4;
	CHECK_INT(zswapnl_open(&h, &o, &err), -EINVAL);
	CHECK(!h);
	CHECK(strstr(err.msg, "struct_size"));
	o.struct_size = sizeof(o);
	o.mode = 42;
	CHECK_INT(zswapnl_open(&h, &o, &err), -EINVAL);
	CHECK_INT(zswapnl_open(&h, &o, NULL), -EINVAL);
	CHECK(!h);
}

/* AUTO on the host: netlink where the kernel has the family, else the files */
static void open_auto(void)
{
	struct zswapnl_error err;
	struct zswapnl *h;

	CHECK_INT(zswapnl_open(&h, NULL, &err), 0);
	CHECK(zswapnl_source(h) == ZSWAPNL_SOURCE_NETLINK ||
	      zswapnl_source(h) == ZSWAPNL_SOURCE_FALLBACK);
	CHECK_INT(err.code, 0);
	tap_diag("the host's source: %s",
		 zswapnl_source(h) == ZSWAPNL_SOURCE_NETLINK ? "netlink" : "fallback");
	zswapnl_close(h);
}

static void null_safe(void)
{
	struct zswapnl_memcg_list l = { 0 };
	struct zswapnl_memcg m = { .struct_size = sizeof(m) };
	struct zswapnl_global g = { .struct_size = sizeof(g) };
	char **names = (char **)&l;

	zswapnl_close(NULL);
	zswapnl_memcg_free(NULL);
	zswapnl_memcg_free(&m);
	zswapnl_memcg_list_free(NULL);
	zswapnl_memcg_list_free(&l);
	zswapnl_names_free(NULL);
	CHECK_INT(zswapnl_memcg_list_count(NULL), 0);
	CHECK(!zswapnl_memcg_list_get(NULL, 0));
	CHECK(!zswapnl_memcg_list_get(&l, 0));
	CHECK_INT(zswapnl_source(NULL), 0);
	CHECK_INT(zswapnl_get_global(NULL, &g, NULL), -EINVAL);
	CHECK_INT(zswapnl_get_memcg(NULL, 1, &m, NULL), -EINVAL);
	CHECK_INT(zswapnl_list_memcgs(NULL, &l, NULL), -EINVAL);
	CHECK_INT(zswapnl_set_memcg_zswap_max(NULL, 1, 1, NULL), -EINVAL);
	CHECK_INT(zswapnl_set_memcg_writeback(NULL, 1, false, NULL), -EINVAL);
	CHECK_INT(zswapnl_subscribe(NULL, NULL), -EINVAL);
	CHECK_INT(zswapnl_event_fd(NULL), -EINVAL);
	CHECK_INT(zswapnl_available_compressors(NULL, &names), -EINVAL);
	CHECK(!names);
}

/* A caller built with a later, larger struct gets zeroes past this version's */
static void larger_structs(void)
{
	struct zswapnl *h = fb_open(ROOT);
	struct {
		struct zswapnl_global g;
		unsigned char later[40];
	} big;
	struct {
		struct zswapnl_memcg m;
		unsigned char later[24];
	} bigm;
	size_t i;
	bool zero = true;

	memset(&big, 0xa5, sizeof(big));
	big.g.struct_size = sizeof(big);
	CHECK_INT(zswapnl_get_global(h, &big.g, NULL), 0);
	CHECK_INT(big.g.struct_size, sizeof(big));
	CHECK_U64(big.g.stored_pages, 9476);
	CHECK_STR(big.g.compressor, "lzo");
	for (i = 0; i < sizeof(big.later); i++)
		zero = zero && !big.later[i];
	CHECK(zero);

	memset(&bigm, 0xa5, sizeof(bigm));
	bigm.m.struct_size = sizeof(bigm);
	CHECK_INT(zswapnl_get_memcg_by_path(h, "/work", &bigm.m, NULL), 0);
	CHECK_INT(bigm.m.struct_size, sizeof(bigm));
	CHECK_STR(bigm.m.path, "/work");
	for (i = 0, zero = true; i < sizeof(bigm.later); i++)
		zero = zero && !bigm.later[i];
	CHECK(zero);
	zswapnl_memcg_free(&bigm.m);
	zswapnl_close(h);
}

/*
 * The structs as version 1.0 of zswapnl.h has them, frozen here: what a
 * program built against 1.0 passes as struct_size (its sizeof), however
 * many fields later versions append.
 */
struct options_v1 {
	uint32_t struct_size;
	enum zswapnl_mode mode;
	const char *root;
};

struct global_v1 {
	uint32_t struct_size;
	uint64_t known;
	uint64_t stored_pages;
	uint64_t more_counters[12];
	bool enabled;
	char compressor[64];
	char zpool[32];
	uint32_t max_pool_percent;
	uint32_t accept_threshold_percent;
};

struct memcg_v1 {
	uint32_t struct_size;
	uint64_t known;
	uint64_t id;
	char *path;
	uint64_t figures[6];
};

struct params_v1 {
	uint32_t struct_size;
	uint32_t set;
	const char *compressor;
	const char *zpool;
	bool enabled;
	uint32_t max_pool_percent;
	uint32_t accept_threshold_percent;
};

struct event_v1 {
	uint32_t struct_size;
	uint32_t type;
	struct global_v1 state;
};

/*
 * A caller built against 1.0 is served by every later library: the size
 * the library requires is 1.0's, not the sizeof() of its own structs,
 * which grows with the first field a version appends
 */
static void v1_callers(void)
{
	struct options_v1 o = { sizeof(o), ZSWAPNL_MODE_FALLBACK, td_path(ROOT) };
	struct global_v1 g = { .struct_size = sizeof(g) };
	struct memcg_v1 m = { .struct_size = sizeof(m) };
	struct params_v1 p = { .struct_size = sizeof(p) };
	struct event_v1 ev = { .struct_size = sizeof(ev) };
	struct zswapnl_error err;
	struct zswapnl *h = NULL;

	CHECK(sizeof(g) <= sizeof(struct zswapnl_global));
	CHECK(sizeof(m) <= sizeof(struct zswapnl_memcg));
	CHECK(sizeof(ev) <= sizeof(struct zswapnl_event));
	if (!CHECK_INT(zswapnl_open(&h, (const struct zswapnl_options *)&o, &err), 0)) {
		tap_diag("open: %s", err.msg);
		return;
	}
	if (!CHECK_INT(zswapnl_get_global(h, (struct zswapnl_global *)&g, &err), 0))
		tap_diag("get_global: %s", err.msg);
	CHECK_INT(g.struct_size, sizeof(g));
	CHECK_U64(g.stored_pages, 9476);
	CHECK_STR(g.compressor, "lzo");
	if (!CHECK_INT(zswapnl_get_memcg_by_path(h, "/work", (struct zswapnl_memcg *)&m, &err), 0))
		tap_diag("get_memcg_by_path: %s", err.msg);
	CHECK_STR(m.path, "/work");
	zswapnl_memcg_free((struct zswapnl_memcg *)&m);
	/* past the size check: refused for having no bit in set */
	CHECK_INT(zswapnl_set_params(h, (const struct zswapnl_params *)&p, &err), -EINVAL);
	CHECK_STR(err.msg, "no parameter to set");
	/* past the size check: the files have no events */
	CHECK_INT(zswapnl_read_event(h, (struct zswapnl_event *)&ev, &err), -EOPNOTSUPP);
	zswapnl_close(h);
}

/*
 * A list holds pointers to memcgs of the library's size: a caller never
 * steps through memcgs with its own sizeof (which a later version's
 * larger struct zswapnl_memcg would get wrong).
 */
static void list_of_pointers(void)
{
	struct zswapnl *h = fb_open(ROOT);
	struct zswapnl_memcg_list l;
	const struct zswapnl_memcg *m;
	size_t i, n;

	CHECK_INT(zswapnl_list_memcgs(h, &l, NULL), 0);
	n = zswapnl_memcg_list_count(&l);
	CHECK_INT(n, l.count);
	CHECK(n >= 2);
	for (i = 0; i < n; i++) {
		m = zswapnl_memcg_list_get(&l, i);
		CHECK(m == l.items[i]);
		CHECK_INT(m->struct_size, sizeof(struct zswapnl_memcg));
		if (i)
			CHECK(zswapnl_memcg_list_get(&l, i - 1)->id < m->id);
	}
	CHECK(!zswapnl_memcg_list_get(&l, n));
	zswapnl_memcg_list_free(&l);
	CHECK_INT(zswapnl_memcg_list_count(&l), 0);
	zswapnl_close(h);
}

/* The known helpers test one bit each; a field past the enum is unknown */
static void known_helpers(void)
{
	struct zswapnl_global g = { .known = UINT64_C(1) << ZSWAPNL_G_ZPOOL };
	struct zswapnl_memcg m = { .known = UINT64_C(1) << ZSWAPNL_M_ZSWAP_MAX };

	CHECK(zswapnl_global_known(&g, ZSWAPNL_G_ZPOOL));
	CHECK(!zswapnl_global_known(&g, ZSWAPNL_G_COMPRESSOR));
	CHECK(!zswapnl_global_known(&g, ZSWAPNL_G_NR_FIELDS));
	CHECK(!zswapnl_global_known(&g, (enum zswapnl_global_field)200));
	CHECK(zswapnl_memcg_known(&m, ZSWAPNL_M_ZSWAP_MAX));
	CHECK(!zswapnl_memcg_known(&m, ZSWAPNL_M_ID));
	m.known = ~UINT64_C(0);
	CHECK(!zswapnl_memcg_known(&m, ZSWAPNL_M_NR_FIELDS));
	CHECK(!zswapnl_memcg_known(&m, (enum zswapnl_memcg_field)-1));
}

/* A struct smaller than version 1.0's is refused, and left alone */
static void smaller_structs(void)
{
	struct zswapnl *h = fb_open(ROOT);
	struct zswapnl_global g;
	struct zswapnl_memcg m;
	struct zswapnl_event ev;
	struct zswapnl_error err;

	memset(&g, 0xa5, sizeof(g));
	g.struct_size = offsetof(struct zswapnl_global, compressor);
	CHECK_INT(zswapnl_get_global(h, &g, &err), -EINVAL);
	CHECK(strstr(err.msg, "zswapnl_global"));
	CHECK_U64(g.stored_pages, 0xa5a5a5a5a5a5a5a5ULL);
	memset(&m, 0, sizeof(m));
	CHECK_INT(zswapnl_get_memcg(h, 1, &m, &err), -EINVAL);
	memset(&ev, 0, sizeof(ev));
	ev.struct_size = sizeof(struct event_v1) - 1;
	CHECK_INT(zswapnl_read_event(h, &ev, &err), -EINVAL);
	zswapnl_close(h);
}

/* A failed call leaves an empty memcg, safe to free */
static void failed_memcg_empty(void)
{
	struct zswapnl *h = fb_open(ROOT);
	struct zswapnl_memcg m;

	memset(&m, 0xa5, sizeof(m));
	m.struct_size = sizeof(m);
	CHECK_INT(zswapnl_get_memcg_by_path(h, "/nope", &m, NULL), -ENOENT);
	CHECK(!m.path);
	CHECK_U64(m.known, 0);
	CHECK_U64(m.id, 0);
	zswapnl_memcg_free(&m);
	zswapnl_close(h);
}

/* The root may end in slashes; "/" alone is the real root */
static void root_spelling(void)
{
	char root[PATH_MAX];
	struct zswapnl *h;
	struct zswapnl_global g = { .struct_size = sizeof(g) };

	snprintf(root, sizeof(root), "%s///", td_path(ROOT));
	h = fb_open(root);
	CHECK_INT(zswapnl_get_global(h, &g, NULL), 0);
	CHECK_U64(g.stored_pages, 9476);
	zswapnl_close(h);
}

/* /proc/crypto as the kernel writes it, and odder */
static void crypto_parsing(void)
{
	static const char text[] =
		"name         : zstd\n"
		"driver       : zstd-generic\n"
		"type         : scomp\n"
		"\n"
		"name         : sha256\n"
		"type         : shash\n"
		"\n"
		"name         : zstd\n"
		"type         : compression\n"
		"\n"
		"name         : 842\n"
		"type         : acomp\n"
		"\n"
		"name         : aes\n"
		"type         : cipher\n"
		"\n"
		"type         : scomp\n"
		"name         : lz4hc\n"
		"\n"
		"name         : nameless-type\n"
		"\n"
		"name: tight\n"
		"type: compression"; /* no blank line, no newline at the end */
	static const char *const want[] = { "842", "lz4hc", "tight", "zstd" };
	char root[PATH_MAX], path[2 * PATH_MAX];
	struct zswapnl *h;
	char **names;
	size_t i;

	snprintf(root, sizeof(root), "%s", td_tmpdir());
	snprintf(path, sizeof(path), "%s/proc", root);
	CHECK_INT(mkdir(path, 0755), 0);
	snprintf(path, sizeof(path), "%s/proc/crypto", root);
	CHECK_INT(td_write(path, text), 0);
	h = fb_open(root);
	CHECK_INT(zswapnl_available_compressors(h, &names), 0);
	for (i = 0; names && names[i] && i < ZNL_ARRAY_SIZE(want); i++)
		CHECK_STR(names[i], want[i]);
	CHECK_INT(i, ZNL_ARRAY_SIZE(want));
	CHECK(names && !names[i]);
	zswapnl_names_free(names);

	/* none at all: an empty list */
	CHECK_INT(td_write(path, "name : aes\ntype : cipher\n"), 0);
	CHECK_INT(zswapnl_available_compressors(h, &names), 0);
	CHECK(names && !names[0]);
	zswapnl_names_free(names);
	CHECK_INT(unlink(path), 0);
	CHECK_INT(zswapnl_available_compressors(h, &names), -ENOENT);
	CHECK(!names);
	zswapnl_close(h);
	td_remove_tree(root);
}

TAP_CASES(
	{ "open refuses a NULL handle pointer, a small struct_size, an unknown mode", open_refused },
	{ "open in AUTO mode picks a source", open_auto },
	{ "frees and calls take NULL", null_safe },
	{ "structs larger than this version's get zeroes past it", larger_structs },
	{ "structs smaller than version 1.0's are refused", smaller_structs },
	{ "callers built against 1.0 pass 1.0's sizes", v1_callers },
	{ "a memcg list is read through pointers of the library's struct size", list_of_pointers },
	{ "zswapnl_global_known() and zswapnl_memcg_known()", known_helpers },
	{ "a failed get leaves an empty memcg", failed_memcg_empty },
	{ "a root with trailing slashes", root_spelling },
	{ "compressors from /proc/crypto: compression types only, once, sorted", crypto_parsing },
)
