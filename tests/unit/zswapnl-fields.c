// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * The tables of struct zswapnl_global's and struct zswapnl_memcg's fields
 * (libzswapnl/fields.c), which the decoder, the fallback and the reasons
 * all follow: each field once, in a place of its own in its struct, its
 * attribute named and typed as kernel/spec/zswap.yaml has it (read here),
 * and the deprecated words of zswapnl_global_info() as they were in 1.5.
 * No recorded data: the tables and the spec alone.
 */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"
#include "tap.h"
#include "testdata.h"

static void each_field_once(void)
{
	const struct zswapnl_global_info *a, *b;
	uint64_t seen = 0;
	size_t i, j;

	for (i = 0; (a = zswapnl_global_info(i)); i++) {
		CHECK_INT(a->struct_size, sizeof(*a));
		if (!CHECK(a->field < ZSWAPNL_G_NR_FIELDS) ||
		    !CHECK(!(seen & ZNL_BIT(a->field))))
			continue;
		seen |= ZNL_BIT(a->field);
		CHECK(a->key && a->label && a->help);
		CHECK(strspn(a->key, "abcdefghijklmnopqrstuvwxyz0123456789_") == strlen(a->key));
		for (j = 0; (b = zswapnl_global_info(j)); j++) {
			if (j == i)
				continue;
			CHECK(strcmp(a->key, b->key));
			CHECK(strcmp(a->label, b->label));
			if (a->metric && b->metric)
				CHECK(strcmp(a->metric, b->metric));
		}
		/* Prometheus: "_total" on counters and on nothing else */
		if (a->metric) {
			size_t n = strlen(a->metric);
			bool total = n > 6 && !strcmp(a->metric + n - 6, "_total");

			CHECK_INT(total, !!(a->flags & ZSWAPNL_INFO_COUNTER));
		}
	}
	CHECK_INT(i, ZSWAPNL_G_NR_FIELDS);
	CHECK_U64(seen, (UINT64_C(1) << ZSWAPNL_G_NR_FIELDS) - 1);
}

/*
 * zswapnl_global_field_info() and zswapnl_memcg_field_info(): every field
 * from 0 without a gap, then NULL; the deprecated info says what they say
 */
static void field_infos(void)
{
	const struct zswapnl_global_info *old;
	const struct zswapnl_field_info *f;
	unsigned int i;

	for (i = 0; (f = zswapnl_global_field_info(i)); i++) {
		CHECK_INT(f->struct_size, sizeof(*f));
		CHECK_INT(f->field, i);
	}
	CHECK_INT(i, ZSWAPNL_G_NR_FIELDS);
	for (i = 0; (f = zswapnl_memcg_field_info(i)); i++) {
		CHECK_INT(f->struct_size, sizeof(*f));
		CHECK_INT(f->field, i);
		CHECK(f->unit >= ZSWAPNL_UNIT_PAGES && f->unit <= ZSWAPNL_UNIT_ID);
	}
	CHECK_INT(i, ZSWAPNL_M_NR_FIELDS);
	CHECK(!zswapnl_memcg_field_info(ZSWAPNL_FIELDS_MAX));
	for (i = 0; (old = zswapnl_global_info(i)); i++) {
		f = zswapnl_global_field_info(old->field);
		if (!CHECK(f))
			continue;
		CHECK_INT(f->unit, old->unit);
		CHECK_INT(f->flags, old->flags);
		CHECK(f->attr == old->attr || !strcmp(f->attr, old->attr));
		CHECK(f->file == old->file || !strcmp(f->file, old->file));
	}
}

/*
 * Each entry holds its field in a place of its own, inside the struct,
 * where a string is a buffer or, when the struct owns it, a pointer
 */
static void places(const struct znl_table *t, size_t struct_size)
{
	const struct znl_field *f, *g;
	size_t i, j;

	for (i = 0; (f = znl_field_at(t, i)); i++) {
		CHECK(f->offset >= sizeof(uint32_t) + sizeof(uint64_t));
		CHECK(f->offset + f->size <= struct_size);
		CHECK(f->offset + f->size <= t->unknown || f->offset >= t->unknown + 2 * ZSWAPNL_FIELDS_MAX);
		if (f->info.unit == ZSWAPNL_UNIT_NAME)
			CHECK(f->owned ? f->size == sizeof(char *) : f->size > sizeof(char *));
		else
			CHECK(f->size == 8 || f->size == 4 || f->size == 1);
		for (j = 0; (g = znl_field_at(t, j)); j++)
			if (j != i)
				CHECK(f->offset + f->size <= g->offset ||
				      g->offset + g->size <= f->offset);
	}
}

static void fields_in_place(void)
{
	places(&znl_global_table, sizeof(struct zswapnl_global));
	places(&znl_memcg_table, sizeof(struct zswapnl_memcg));
}

#define SPEC_ATTRS_MAX 64

/* The attributes of the spec's set @set: names and types by number, from 1 */
struct spec_set {
	char names[SPEC_ATTRS_MAX][64];
	char types[SPEC_ATTRS_MAX][64];
	unsigned int count;
};

/*
 * kernel/spec/zswap.yaml's attribute set @name, read as the spec writes
 * it: "  -" entries of "attribute-sets:", each "    name:" and its
 * "        name:" and "        type:" lines, numbered from 1 in order
 * (the spec gives no attribute a value of its own)
 */
static void read_spec_set(const char *name, struct spec_set *out)
{
	FILE *f = fopen(td_path("kernel/spec/zswap.yaml"), "r");
	bool in_sets = false, in_set = false;
	char line[512], word[64];

	memset(out, 0, sizeof(*out));
	if (!CHECK(f))
		return;
	while (fgets(line, sizeof(line), f)) {
		if (line[0] != ' ' && line[0] != '\n') {
			in_sets = !strncmp(line, "attribute-sets:", 15);
			continue;
		}
		if (!in_sets)
			continue;
		if (sscanf(line, "    name: %63s", word) == 1 && line[4] != ' ') {
			in_set = !strcmp(word, name);
			continue;
		}
		if (!in_set)
			continue;
		CHECK(strncmp(line, "        value:", 14));
		if (sscanf(line, "        name: %63s", word) == 1 && line[8] != ' ' &&
		    CHECK(out->count + 1 < SPEC_ATTRS_MAX))
			snprintf(out->names[++out->count], sizeof(out->names[0]), "%s", word);
		else if (sscanf(line, "        type: %63s", word) == 1 && line[8] != ' ')
			snprintf(out->types[out->count], sizeof(out->types[0]), "%s", word);
	}
	fclose(f);
}

static enum mnl_attr_data_type spec_type(const char *type)
{
	if (!strcmp(type, "string"))
		return MNL_TYPE_NUL_STRING;
	if (!strcmp(type, "u32"))
		return MNL_TYPE_U32;
	if (!strcmp(type, "uint"))
		return ZNL_TYPE_UINT;
	return MNL_TYPE_UNSPEC;
}

/*
 * Every attribute of the spec's set, and none past it, is in the policy
 * the decoder checks with (names.c's, and the table's figures) under its
 * name and type there; each figure's attribute is one of them; a figure
 * without one is read from files (/proc/vmstat in both sources)
 */
static void attrs_of(const char *set, enum znl_attr_set which, const struct znl_table *t)
{
	const struct znl_policy *pol = &znl_policies[which];
	struct znl_attr_policy p;
	const struct znl_field *f;
	struct spec_set spec;
	unsigned int type;
	size_t i;

	read_spec_set(set, &spec);
	if (!CHECK(spec.count > 10))
		return;
	CHECK_INT(pol->max, spec.count);
	for (type = 1; type <= spec.count; type++) {
		if (!CHECK(znl_policy_find(pol, type, &p))) {
			tap_diag("%s: %s", set, spec.names[type]);
			continue;
		}
		CHECK_STR(p.name, spec.names[type]);
		if (!CHECK_INT(p.type, spec_type(spec.types[type])))
			tap_diag("%s: %s", set, spec.names[type]);
	}
	CHECK(!znl_policy_find(pol, spec.count + 1, &p));
	for (i = 0; (f = znl_field_at(t, i)); i++) {
		/* The family lacks it: the files give it */
		if (!f->attr) {
			CHECK(!f->info.attr);
			CHECK(f->from != ZNL_FROM_NONE);
			continue;
		}
		CHECK(f->from != ZNL_FROM_VMSTAT);
		if (CHECK(f->attr <= spec.count) && CHECK(f->info.attr))
			CHECK_STR(f->info.attr, spec.names[f->attr]);
	}
}

static void attrs_as_in_the_spec(void)
{
	attrs_of("global", ZNL_SET_GLOBAL, &znl_global_table);
	attrs_of("memcg", ZNL_SET_MEMCG, &znl_memcg_table);
}

/* The keys of 1.0, in their 1.0 order: scripts read them (zswapctl(8)) */
static void keys_of_1_0(void)
{
	static const char *const v1[] = {
		"enabled", "compressor", "zpool", "max_pool_percent", "accept_threshold_percent",
		"pool_total_size", "pool_limit_bytes", "pool_limit_hit", "stored_pages",
		"zero_pages", "reject_reclaim_fail", "reject_alloc_fail", "reject_kmemcache_fail",
		"reject_compress_poor", "duplicate_entry", "written_back_pages", "zswpin",
		"zswpout",
	};
	const struct zswapnl_global_info *info;
	size_t i, n = 0;

	for (i = 0; (info = zswapnl_global_info(i)); i++)
		if (info->field <= ZSWAPNL_G_ACCEPT_THRESHOLD_PERCENT && n < ZNL_ARRAY_SIZE(v1))
			CHECK_STR(info->key, v1[n++]);
	CHECK_INT(n, ZNL_ARRAY_SIZE(v1));
	CHECK(!zswapnl_global_info(i + 1));
}

/* The value of a field, or none (NO_VALUE) */
#define NO_VALUE UINT64_C(0xdead)
#define GLOBAL_VALUE(g, f) (zswapnl_global_value(g, f, &v) ? v : NO_VALUE)
#define MEMCG_VALUE(m, f) (zswapnl_memcg_value(m, f, &v) ? v : NO_VALUE)

static void values(void)
{
	struct zswapnl_global g = { .struct_size = sizeof(g) };
	uint64_t v = 7;

	g.enabled = true;
	g.max_pool_percent = 33;
	g.zswpwb = UINT64_MAX;
	strcpy(g.compressor, "lz4");
	g.known = ZNL_BIT(ZSWAPNL_G_ENABLED) | ZNL_BIT(ZSWAPNL_G_MAX_POOL_PERCENT) |
		  ZNL_BIT(ZSWAPNL_G_ZSWPWB) | ZNL_BIT(ZSWAPNL_G_COMPRESSOR);
	CHECK_U64(GLOBAL_VALUE(&g, ZSWAPNL_G_ENABLED), 1);
	CHECK_U64(GLOBAL_VALUE(&g, ZSWAPNL_G_MAX_POOL_PERCENT), 33);
	CHECK_U64(GLOBAL_VALUE(&g, ZSWAPNL_G_ZSWPWB), UINT64_MAX);
	/* a name has no number; an unknown field none either */
	CHECK_U64(GLOBAL_VALUE(&g, ZSWAPNL_G_COMPRESSOR), NO_VALUE);
	CHECK_U64(GLOBAL_VALUE(&g, ZSWAPNL_G_STORED_PAGES), NO_VALUE);
	CHECK_U64(GLOBAL_VALUE(&g, ZSWAPNL_G_NR_FIELDS), NO_VALUE);
	CHECK_U64(GLOBAL_VALUE(NULL, ZSWAPNL_G_ENABLED), NO_VALUE);
}

static void memcg_values(void)
{
	struct zswapnl_memcg m = { .struct_size = sizeof(m), .path = "/a" };
	uint64_t v = 7;

	m.id = 42;
	m.writeback_effective = true;
	m.zswap_max = ZSWAPNL_MAX;
	m.reject_alloc_fail = 5;
	m.known = ZNL_BIT(ZSWAPNL_M_ID) | ZNL_BIT(ZSWAPNL_M_PATH) |
		  ZNL_BIT(ZSWAPNL_M_WRITEBACK) | ZNL_BIT(ZSWAPNL_M_WRITEBACK_EFFECTIVE) |
		  ZNL_BIT(ZSWAPNL_M_ZSWAP_MAX) | ZNL_BIT(ZSWAPNL_M_REJECT_ALLOC_FAIL);
	CHECK_U64(MEMCG_VALUE(&m, ZSWAPNL_M_ID), 42);
	CHECK_U64(MEMCG_VALUE(&m, ZSWAPNL_M_WRITEBACK), 0);
	CHECK_U64(MEMCG_VALUE(&m, ZSWAPNL_M_WRITEBACK_EFFECTIVE), 1);
	CHECK_U64(MEMCG_VALUE(&m, ZSWAPNL_M_ZSWAP_MAX), ZSWAPNL_MAX);
	CHECK_U64(MEMCG_VALUE(&m, ZSWAPNL_M_REJECT_ALLOC_FAIL), 5);
	/* the path has no number; an unknown field none; nor one past struct_size */
	CHECK_U64(MEMCG_VALUE(&m, ZSWAPNL_M_PATH), NO_VALUE);
	CHECK_U64(MEMCG_VALUE(&m, ZSWAPNL_M_ZSWPIN), NO_VALUE);
	m.struct_size = offsetof(struct zswapnl_memcg, reject_alloc_fail);
	CHECK_U64(MEMCG_VALUE(&m, ZSWAPNL_M_REJECT_ALLOC_FAIL), NO_VALUE);
	CHECK_U64(MEMCG_VALUE(&m, ZSWAPNL_M_ID), 42);
	CHECK_U64(MEMCG_VALUE(NULL, ZSWAPNL_M_ID), NO_VALUE);
}

/* A struct of 1.0's size has no bit of a field it has no room for */
static void mask_known(void)
{
	struct zswapnl_memcg m = { .struct_size = ZNL_MEMCG_SIZE_V1 };
	const struct znl_field *f;
	size_t i;

	m.known = ~UINT64_C(0);
	znl_field_mask_known(&znl_memcg_table, &m);
	for (i = 0; (f = znl_field_at(&znl_memcg_table, i)); i++)
		CHECK_INT(!!(m.known & ZNL_BIT(f->info.field)),
			  f->offset + f->size <= ZNL_MEMCG_SIZE_V1);
	CHECK(m.known & ZNL_BIT(ZSWAPNL_M_ZSWAP_MAX));
	CHECK(!(m.known & ZNL_BIT(ZSWAPNL_M_ZSWPWB)));
}

TAP_CASES(
	{ "every field once, keys, labels and metrics unique, _total on counters only",
	  each_field_once },
	{ "field infos: every field of both structs from 0, as the deprecated info says",
	  field_infos },
	{ "each field in a place of its own in its struct", fields_in_place },
	{ "the attribute names and types are those of kernel/spec/zswap.yaml",
	  attrs_as_in_the_spec },
	{ "the JSON keys of 1.0 keep their names and order", keys_of_1_0 },
	{ "zswapnl_global_value() of a bool, a percentage, a u64, a name, an unknown field",
	  values },
	{ "zswapnl_memcg_value() of an id, flags, no limit, a counter, the path, past struct_size",
	  memcg_values },
	{ "a memcg of 1.0's size knows no field past it", mask_known },
)
