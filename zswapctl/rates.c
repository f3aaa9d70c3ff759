// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rates.h"
#include "size.h"

#define NSEC_PER_SEC 1000000000ULL

/* Taking samples through libzswapnl, two at a time */

uint64_t monotonic_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000 + (uint64_t)ts.tv_nsec;
}

void sampler_init(struct sampler *sp, struct zswapnl *nl)
{
	memset(sp, 0, sizeof(*sp));
	sp->nl = nl;
}

static void sample_free(struct sample *s)
{
	zswapnl_memcg_list_free(&s->memcgs);
	memset(s, 0, sizeof(*s));
}

int sampler_step(struct sampler *sp, struct zswapnl_error *err)
{
	struct sample next = { .global.struct_size = sizeof(next.global) };
	char note[sizeof(sp->cgroups_note)] = "";
	struct sample *slot;
	int ret;

	/* The time before the reads: the counters are at least this new */
	next.mono_ns = monotonic_ns();
	clock_gettime(CLOCK_REALTIME, &next.wall);
	ret = zswapnl_get_global(sp->nl, &next.global, err);
	if (!ret) {
		ret = zswapnl_list_memcgs(sp->nl, &next.memcgs, err);
		/* Listed without the folders it could not open: which */
		if (!ret && err && err->msg[0])
			snprintf(note, sizeof(note), "%s", err->msg);
	}
	/* The global figures are worth showing alone */
	if (ret == -EOPNOTSUPP) {
		snprintf(note, sizeof(note), "no cgroup figures: %s",
			 err && err->msg[0] ? err->msg : "no cgroup v2 hierarchy");
		ret = 0;
	}
	if (ret) {
		sample_free(&next);
		return ret;
	}
	sp->note_changed = strcmp(note, sp->cgroups_note);
	memcpy(sp->cgroups_note, note, sizeof(note));
	/* The slot that is not the current sample: the previous one, if any */
	slot = sp->cur == &sp->slots[0] ? &sp->slots[1] : &sp->slots[0];
	sample_free(slot);
	*slot = next;
	sp->prev = sp->cur;
	sp->cur = slot;
	sp->taken++;
	return 0;
}

void sampler_free(struct sampler *sp)
{
	sample_free(&sp->slots[0]);
	sample_free(&sp->slots[1]);
	sp->prev = sp->cur = NULL;
}

static struct rate rate_of(uint64_t delta, uint64_t elapsed_ns)
{
	struct rate r = { 0 };

	/* 128 bits: delta * 100 * 10^9 overflows 64 past 2^27 events */
	r.known = div_round_u64((unsigned __int128)delta * 100 * NSEC_PER_SEC,
				elapsed_ns, &r.hundredths);
	return r;
}

/* A reset counter restarted from 0: what it gained since is not known */
static uint64_t counter_delta(uint64_t before, uint64_t now)
{
	return now >= before ? now - before : 0;
}

struct rate rate_between(uint64_t before, uint64_t now, uint64_t elapsed_ns)
{
	return rate_of(counter_delta(before, now), elapsed_ns);
}

char *rate_format(struct rate r, char *buf, size_t len)
{
	uint64_t tenths;

	if (!r.known) {
		snprintf(buf, len, "-");
		return buf;
	}
	tenths = r.hundredths / 10 + (r.hundredths % 10 >= 5);
	if (!r.hundredths)
		snprintf(buf, len, "0");
	else if (tenths < 100)
		/* Integers only: "%.1f" would follow LC_NUMERIC */
		snprintf(buf, len, "%" PRIu64 ".%" PRIu64, tenths / 10,
			 tenths % 10);
	else
		snprintf(buf, len, "%" PRIu64,
			 r.hundredths / 100 + (r.hundredths % 100 >= 50));
	return buf;
}

int rate_compare(struct rate a, struct rate b)
{
	if (a.known != b.known)
		return a.known - b.known;
	return (a.hundredths > b.hundredths) - (a.hundredths < b.hundredths);
}

uint64_t samples_elapsed_ns(const struct sample *prev, const struct sample *cur)
{
	if (!prev || !cur || cur->mono_ns <= prev->mono_ns)
		return 0;
	return cur->mono_ns - prev->mono_ns;
}

/* The rate of one global counter, if both samples know it */
static struct rate global_rate(const struct sample *prev,
			       const struct sample *cur,
			       enum zswapnl_global_field f, uint64_t before,
			       uint64_t now)
{
	struct rate unknown = { 0 };

	if (!zswapnl_global_known(&prev->global, f) ||
	    !zswapnl_global_known(&cur->global, f))
		return unknown;
	return rate_between(before, now, samples_elapsed_ns(prev, cur));
}

/* zswapnl_global_value() or zswapnl_memcg_value(), for either struct */
typedef bool (*value_of)(const void *s, unsigned int field, uint64_t *value);

static bool global_value(const void *s, unsigned int field, uint64_t *value)
{
	return zswapnl_global_value(s, field, value);
}

static bool memcg_value(const void *s, unsigned int field, uint64_t *value)
{
	return zswapnl_memcg_value(s, field, value);
}

/*
 * The rate of the sum of the counters @fields from @a to @b: unknown
 * unless every one is known in both, since some would pass for all; each
 * delta on its own, so that one counter's reset does not hide the others
 */
static struct rate sum_rate(value_of value, const void *a, const void *b,
			    const unsigned int *fields, size_t n,
			    uint64_t elapsed_ns)
{
	struct rate unknown = { 0 };
	uint64_t before, now, delta = 0;
	size_t i;

	for (i = 0; i < n; i++) {
		if (!value(a, fields[i], &before) || !value(b, fields[i], &now))
			return unknown;
		delta += counter_delta(before, now);
	}
	return rate_of(delta, elapsed_ns);
}

/* The stores zswap refused, every reason */
static const unsigned int global_rejects[] = {
	ZSWAPNL_G_REJECT_RECLAIM_FAIL,
	ZSWAPNL_G_REJECT_ALLOC_FAIL,
	ZSWAPNL_G_REJECT_KMEMCACHE_FAIL,
	ZSWAPNL_G_REJECT_COMPRESS_POOR,
};

static const unsigned int memcg_rejects[] = {
	ZSWAPNL_M_REJECT_ZSWAP_MAX,
	ZSWAPNL_M_REJECT_POOL_LIMIT,
	ZSWAPNL_M_REJECT_INCOMPRESSIBLE,
	ZSWAPNL_M_REJECT_ALLOC_FAIL,
};

#define NR(a) (sizeof(a) / sizeof((a)[0]))

void global_rates(const struct sample *prev, const struct sample *cur,
		  struct global_rates *r)
{
	const struct zswapnl_global *a, *b;

	*r = (struct global_rates){ 0 };
	if (!prev || !cur)
		return;
	a = &prev->global;
	b = &cur->global;
	r->store = global_rate(prev, cur, ZSWAPNL_G_ZSWPOUT, a->zswpout,
			       b->zswpout);
	r->load =
		global_rate(prev, cur, ZSWAPNL_G_ZSWPIN, a->zswpin, b->zswpin);
	r->reject = sum_rate(global_value, a, b, global_rejects,
			     NR(global_rejects), samples_elapsed_ns(prev, cur));
	r->written_back = global_rate(prev, cur, ZSWAPNL_G_WRITTEN_BACK_PAGES,
				      a->written_back_pages,
				      b->written_back_pages);
}

static int compare_id(const void *key, const void *item)
{
	uint64_t id = *(const uint64_t *)key;
	const struct zswapnl_memcg *m = *(struct zswapnl_memcg *const *)item;

	return (id > m->id) - (id < m->id);
}

static struct rate memcg_rate(const struct zswapnl_memcg *a,
			      const struct zswapnl_memcg *b,
			      enum zswapnl_memcg_field f, uint64_t before,
			      uint64_t now, uint64_t elapsed_ns)
{
	struct rate unknown = { 0 };

	if (!zswapnl_memcg_known(a, f) || !zswapnl_memcg_known(b, f))
		return unknown;
	return rate_between(before, now, elapsed_ns);
}

void memcg_rates(const struct sample *prev, const struct sample *cur,
		 const struct zswapnl_memcg *m, struct memcg_rates *r)
{
	struct zswapnl_memcg *const *found;
	const struct zswapnl_memcg *old;
	uint64_t elapsed = samples_elapsed_ns(prev, cur);

	*r = (struct memcg_rates){ 0 };
	if (!elapsed || !prev->memcgs.count ||
	    !zswapnl_memcg_known(m, ZSWAPNL_M_ID))
		return;
	/* Both lists are in id order; items is an array of pointers (zswapnl.h) */
	found = bsearch(&m->id, prev->memcgs.items, prev->memcgs.count,
			sizeof(*found), compare_id);
	old = found ? *found : NULL;
	if (!old || !zswapnl_memcg_known(old, ZSWAPNL_M_ID))
		return;
	r->zswpout = memcg_rate(old, m, ZSWAPNL_M_ZSWPOUT, old->zswpout,
				m->zswpout, elapsed);
	r->zswpin = memcg_rate(old, m, ZSWAPNL_M_ZSWPIN, old->zswpin, m->zswpin,
			       elapsed);
	r->reject = sum_rate(memcg_value, old, m, memcg_rejects,
			     NR(memcg_rejects), elapsed);
}
