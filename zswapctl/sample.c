// SPDX-License-Identifier: GPL-2.0
/* Taking samples through libzswapnl, two at a time. */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "sample.h"

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
	struct sample *slot;
	int ret;

	/* The time before the reads: the counters are at least this new */
	next.mono_ns = monotonic_ns();
	clock_gettime(CLOCK_REALTIME, &next.wall);
	ret = zswapnl_get_global(sp->nl, &next.global, err);
	if (!ret)
		ret = zswapnl_list_memcgs(sp->nl, &next.memcgs, err);
	/* The global figures are worth showing alone */
	if (ret == -EOPNOTSUPP) {
		snprintf(sp->no_cgroups, sizeof(sp->no_cgroups), "%s",
			 err && err->msg[0] ? err->msg :
					      "no cgroup v2 hierarchy");
		ret = 0;
	}
	if (ret) {
		sample_free(&next);
		return ret;
	}
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
