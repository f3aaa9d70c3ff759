/* SPDX-License-Identifier: GPL-2.0 */
#ifndef TESTS_TOOLS_MIX64_H
#define TESTS_TOOLS_MIX64_H

#include <stdint.h>

/*
 * splitmix64's finalizer: nearby inputs give unrelated outputs, so page
 * contents derived from (seed, page, generation) look random and can be
 * rebuilt at any time.
 */
static inline uint64_t mix64(uint64_t x)
{
	x += 0x9e3779b97f4a7c15ULL;
	x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
	x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
	return x ^ (x >> 31);
}

#endif /* TESTS_TOOLS_MIX64_H */
