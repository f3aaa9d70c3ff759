// SPDX-License-Identifier: GPL-2.0
/* Sizes in (suffixes, "max", overflow, garbage) and out (IEC). */
#include <errno.h>
#include <inttypes.h>
#include <stdint.h>

#include "size.h"
#include "zswapctl-tap.h"

static void parses(const char *str, uint64_t want)
{
	uint64_t got = 0;
	int ret = size_parse(str, &got);

	if (!tap_ok(!ret && got == want, "size_parse(\"%s\") is %" PRIu64, str,
		    want))
		printf("#   ret %d, got %" PRIu64 "\n", ret, got);
}

static void refuses(const char *str, int want)
{
	uint64_t got = 12345;
	int ret = size_parse(str, &got);

	if (!tap_ok(ret == want && got == 12345,
		    "size_parse(\"%s\") fails with %s", str,
		    want == -ERANGE ? "ERANGE" : "EINVAL"))
		printf("#   ret %d, got %" PRIu64 "\n", ret, got);
}

static void formats(uint64_t bytes, enum size_style style, const char *want)
{
	char buf[SIZE_STR_MAX], what[96];

	snprintf(what, sizeof(what), "size_format_iec(%" PRIu64 ") is \"%s\"",
		 bytes, want);
	tap_str(size_format_iec(bytes, style, buf, sizeof(buf)), want, what);
}

int main(void)
{
	parses("0", 0);
	parses("4096", 4096);
	parses("1B", 1);
	parses("1K", 1024);
	parses("1k", 1024);
	parses("64M", 64ULL << 20);
	parses("64m", 64ULL << 20);
	parses("3G", 3ULL << 30);
	parses("2T", 2ULL << 40);
	parses("1P", 1ULL << 50);
	parses("15E", 15ULL << 60);
	parses("1KiB", 1024);
	parses("64MiB", 64ULL << 20);
	parses("1GiB", 1ULL << 30);
	parses("1gib", 1ULL << 30);
	parses("5TiB", 5ULL << 40);
	parses("max", UINT64_MAX);
	parses("MAX", UINT64_MAX);
	parses("18446744073709551615", UINT64_MAX);
	parses("007", 7);
	parses("17592186044415M", 17592186044415ULL << 20);
	/* util-linux's strtosize(): XB is a power of 1000, fractions */
	parses("10KB", 10000);
	parses("10kb", 10000);
	parses("3MB", 3000000);
	parses("2GB", 2000000000);
	parses("1EB", 1000000000000000000ULL);
	parses("1.5G", 3ULL << 29);
	parses("1.5GiB", 1610612736);
	parses("0.5MiB", 524288);
	parses("0.5M", 524288);
	parses("0.5MB", 500000);
	parses("2.25K", 2304);
	parses("0.05K", 51);
	parses("0.1K", 102);
	parses("0.001KB", 1);
	parses("0.0001KB", 0);
	parses("1.0000000000000000000000001K", 1024);
	parses("15.99999999999999999999E", 18446744073709551615ULL);
	parses("0Y", 0);
	parses("1KIB", 1024);

	refuses("", -EINVAL);
	refuses("M", -EINVAL);
	refuses("-1", -EINVAL);
	refuses("+1", -EINVAL);
	refuses(" 1", -EINVAL);
	refuses("1 ", -EINVAL);
	refuses("0x10", -EINVAL);
	refuses("1Ki", -EINVAL);
	refuses("1X", -EINVAL);
	refuses("1MM", -EINVAL);
	refuses("1MiBs", -EINVAL);
	refuses("maximum", -EINVAL);
	refuses("12abc", -EINVAL);
	refuses("1.5", -EINVAL);
	refuses("1.", -EINVAL);
	refuses("1.G", -EINVAL);
	refuses(".5G", -EINVAL);
	refuses("1.5.5G", -EINVAL);
	refuses("1,5G", -EINVAL);
	refuses("1 G", -EINVAL);
	refuses("1.5B", -EINVAL);
	refuses("1iB", -EINVAL);
	refuses("1KBB", -EINVAL);
	refuses("010x", -EINVAL);
	refuses("16E", -ERANGE);
	refuses("18446744073709551616", -ERANGE);
	refuses("1Z", -ERANGE);
	refuses("1ZB", -ERANGE);
	refuses("18446744073709551.616KB", -ERANGE);
	refuses("99999999999999999999999", -ERANGE);
	refuses("16E", -ERANGE);
	refuses("17592186044416T", -ERANGE);
	refuses("16384P", -ERANGE);

	formats(0, SIZE_SPACED, "0 B");
	formats(1023, SIZE_SPACED, "1023 B");
	formats(1024, SIZE_SPACED, "1 KiB");
	formats(1536, SIZE_SPACED, "1.5 KiB");
	formats(12897485, SIZE_SPACED, "12.3 MiB");
	formats(64ULL << 20, SIZE_SPACED, "64 MiB");
	formats((1ULL << 20) - 1, SIZE_SPACED, "1 MiB");
	formats((1ULL << 30) + (1ULL << 29), SIZE_SPACED, "1.5 GiB");
	formats(1ULL << 40, SIZE_SPACED, "1 TiB");
	formats(UINT64_MAX, SIZE_SPACED, "16 EiB");
	formats(15ULL << 60, SIZE_SPACED, "15 EiB");
	formats(12897485, SIZE_COMPACT, "12.3MiB");
	formats(100, SIZE_COMPACT, "100B");

	return tap_done();
}
