// SPDX-License-Identifier: GPL-2.0
#include <inttypes.h>
#include <stdio.h>

#include "ratio.h"

bool ratio_hundredths(uint64_t stored_pages, uint64_t page_size,
		      uint64_t pool_bytes, uint64_t *hundredths)
{
	unsigned __int128 num;

	if (!pool_bytes)
		return false;
	/* 128 bits: pages * page size * 100 overflows 64 past 2^45 pages */
	num = (unsigned __int128)stored_pages * page_size * 100 +
	      pool_bytes / 2;
	num /= pool_bytes;
	*hundredths = num > UINT64_MAX ? UINT64_MAX : (uint64_t)num;
	return true;
}

char *ratio_format(uint64_t hundredths, char *buf, size_t len)
{
	/* Integer arithmetic: printf("%f") would follow LC_NUMERIC's comma */
	snprintf(buf, len, "%" PRIu64 ".%02" PRIu64, hundredths / 100,
		 hundredths % 100);
	return buf;
}

bool ratio_permille(uint64_t part, uint64_t whole, uint64_t *permille)
{
	/* 128 bits, since part * 1000 may not fit in 64 */
	unsigned __int128 num = part;

	if (!whole)
		return false;
	num = (num * 1000 + whole / 2) / whole;
	*permille = num > UINT64_MAX ? UINT64_MAX : (uint64_t)num;
	return true;
}
