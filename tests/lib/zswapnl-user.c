// SPDX-License-Identifier: GPL-2.0
/*
 * A user of the installed libzswapnl: tests/host/install.bats builds it
 * against a make install, tests/pkg/packages.bats against libzswapnl-dev in
 * a chroot. Reads zswap's global figures through the fallback, under the
 * root given as the argument (/ without one), and prints a few of them.
 */
#include <stdio.h>
#include <zswapnl.h>

int main(int argc, char **argv)
{
	struct zswapnl_options opts = {
		.struct_size = sizeof(opts),
		.mode = ZSWAPNL_MODE_FALLBACK,
		.root = argc > 1 ? argv[1] : NULL,
	};
	struct zswapnl_global g = { .struct_size = sizeof(g) };
	struct zswapnl_error err = { 0 };
	struct zswapnl *h;
	int ret;

	ret = zswapnl_open(&h, &opts, &err);
	if (ret) {
		fprintf(stderr, "open: %d %s\n", ret, err.msg);
		return 1;
	}
	ret = zswapnl_get_global(h, &g, &err);
	if (ret) {
		fprintf(stderr, "get_global: %d %s\n", ret, err.msg);
		return 1;
	}
	printf("source=%s\n", zswapnl_source(h) == ZSWAPNL_SOURCE_FALLBACK ? "fallback" : "netlink");
	if (g.known & (1ULL << ZSWAPNL_G_COMPRESSOR))
		printf("compressor=%s\n", g.compressor);
	if (g.known & (1ULL << ZSWAPNL_G_STORED_PAGES))
		printf("stored_pages=%llu\n", (unsigned long long)g.stored_pages);
	if (g.known & (1ULL << ZSWAPNL_G_ENABLED))
		printf("enabled=%d\n", g.enabled);
	zswapnl_close(h);
	return 0;
}
