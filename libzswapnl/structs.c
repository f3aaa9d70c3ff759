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
