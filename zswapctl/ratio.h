/* SPDX-License-Identifier: GPL-2.0 */
/* The compression ratio: page data held against the memory it takes. */
#ifndef ZSWAPCTL_RATIO_H
#define ZSWAPCTL_RATIO_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/*
 * stored_pages * page_size / pool_bytes in hundredths (342 is 3.42).
 * False, and no ratio, when pool_bytes is 0: nothing to divide by.
 */
bool ratio_hundredths(uint64_t stored_pages, uint64_t page_size,
		      uint64_t pool_bytes, uint64_t *hundredths);

/* "3.42"; returns buf */
char *ratio_format(uint64_t hundredths, char *buf, size_t len);

/* part / whole in tenths of a percent, rounded; false when whole is 0 */
bool ratio_permille(uint64_t part, uint64_t whole, uint64_t *permille);

#endif /* ZSWAPCTL_RATIO_H */
