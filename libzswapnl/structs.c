// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * struct_size: callers compiled against another version of zswapnl.h pass
 * structs of another size. The library fills its own full-size copy and
 * hands over what fits.
 */

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"

int znl_check_size(uint32_t size, size_t min, const char *what, struct zswapnl_error *err)
{
	if (size < min)
		return znl_err(err, -EINVAL, NULL, "%s: struct_size %u, below the %zu of version 1.0",
			       what, size, min);
	return 0;
}

/*
 * Copy @src (@src_size bytes, starting with its struct_size) into @dst,
 * whose struct_size says how large it is: a larger @dst gets the fields it
 * has and this library does not as zeroes, that is unknown.
 */
void znl_copy_out(void *dst, const void *src, size_t src_size)
{
	uint32_t dst_size;

	memcpy(&dst_size, dst, sizeof(dst_size));
	memcpy(dst, src, ZNL_MIN(dst_size, src_size));
	if (dst_size > src_size)
		memset((char *)dst + src_size, 0, dst_size - src_size);
	memcpy(dst, &dst_size, sizeof(dst_size));
}

/* An empty memcg of this version's size: nothing known, no path */
void znl_memcg_reset(struct zswapnl_memcg *m)
{
	memset(m, 0, sizeof(*m));
	m->struct_size = sizeof(*m);
}

/* The figures added after 1.0, and where each ends in the struct */
static const struct {
	enum zswapnl_memcg_field field;
	size_t end;
} memcg_added[] = {
	{ ZSWAPNL_M_ZSWPWB, znl_offsetofend(struct zswapnl_memcg, zswpwb) },
	{ ZSWAPNL_M_WRITEBACK, znl_offsetofend(struct zswapnl_memcg, writeback) },
	{ ZSWAPNL_M_WRITEBACK_EFFECTIVE,
	  znl_offsetofend(struct zswapnl_memcg, writeback_effective) },
	{ ZSWAPNL_M_REJECT_ZSWAP_MAX, znl_offsetofend(struct zswapnl_memcg, reject_zswap_max) },
	{ ZSWAPNL_M_REJECT_POOL_LIMIT, znl_offsetofend(struct zswapnl_memcg, reject_pool_limit) },
	{ ZSWAPNL_M_REJECT_INCOMPRESSIBLE,
	  znl_offsetofend(struct zswapnl_memcg, reject_incompressible) },
	{ ZSWAPNL_M_REJECT_ALLOC_FAIL, znl_offsetofend(struct zswapnl_memcg, reject_alloc_fail) },
};

/* Those a caller's smaller struct has no room for are not known */
void znl_memcg_mask_known(struct zswapnl_memcg *m)
{
	size_t i;

	for (i = 0; i < ZNL_ARRAY_SIZE(memcg_added); i++)
		if (m->struct_size < memcg_added[i].end)
			m->known &= ~ZNL_BIT(memcg_added[i].field);
}

void znl_memcg_unknown(struct zswapnl_memcg *m, enum zswapnl_memcg_field field, int error)
{
	if (!(m->known & ZNL_BIT(field)))
		m->unknown[field] = error < -4095 || error >= 0 ? -EIO : error;
}

void zswapnl_memcg_free(struct zswapnl_memcg *memcg)
{
	if (!memcg || memcg->struct_size < offsetof(struct zswapnl_memcg, path) +
					   sizeof(memcg->path))
		return;
	free(memcg->path);
	memcg->path = NULL;
	memcg->known &= ~ZNL_BIT(ZSWAPNL_M_PATH);
}

void zswapnl_names_free(char **names)
{
	char **p;

	if (!names)
		return;
	for (p = names; *p; p++)
		free(*p);
	free(names);
}
