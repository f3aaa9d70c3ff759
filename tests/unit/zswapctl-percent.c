// SPDX-License-Identifier: GPL-2.0
/* Percentages, on/off switches and ids, and the set parameters that use them. */
#include <errno.h>
#include <inttypes.h>
#include <stdint.h>

#include "parse.h"
#include "set_params.h"
#include "zswapctl-tap.h"

static void percent(const char *str, int want_ret, uint32_t want)
{
	uint32_t got = 777;
	int ret = parse_percent(str, &got);

	if (want_ret)
		tap_ok(ret == want_ret && got == 777,
		       "percent \"%s\" is refused (%s)", str,
		       want_ret == -ERANGE ? "out of range" : "syntax");
	else
		tap_ok(!ret && got == want, "percent \"%s\" is %" PRIu32, str,
		       want);
}

static void on_off(const char *str, int want_ret, bool want)
{
	bool got = !want;
	int ret = parse_on_off(str, &got);

	if (want_ret)
		tap_ok(ret == want_ret, "switch \"%s\" is refused", str);
	else
		tap_ok(!ret && got == want, "switch \"%s\" is %s", str,
		       want ? "on" : "off");
}

static void set_param(const char *name, const char *value, int want_ret)
{
	struct zswapnl_params params = { .struct_size = sizeof(params) };
	const struct set_param *p = set_param_by_name(name);
	int ret;

	if (!p) {
		tap_ok(false, "set parameter %s exists", name);
		return;
	}
	ret = p->parse(value, &params);
	tap_ok(ret == want_ret, "set %s \"%s\" %s", name, value,
	       want_ret ? "is refused" : "is taken");
}

int main(void)
{
	uint64_t id;

	percent("0", 0, 0);
	percent("1", 0, 1);
	percent("20", 0, 20);
	percent("100", 0, 100);
	percent("050", 0, 50);
	percent("30%", 0, 30);
	percent("101", -ERANGE, 0);
	percent("1000", -ERANGE, 0);
	percent("200%", -ERANGE, 0);
	percent("99999999999999999999999", -ERANGE, 0);
	percent("-1", -EINVAL, 0);
	percent("+5", -EINVAL, 0);
	percent("", -EINVAL, 0);
	percent(" 5", -EINVAL, 0);
	percent("5 ", -EINVAL, 0);
	percent("5.5", -EINVAL, 0);
	percent("five", -EINVAL, 0);
	percent("%", -EINVAL, 0);
	percent("5%%", -EINVAL, 0);
	percent("0x10", -EINVAL, 0);

	on_off("on", 0, true);
	on_off("ON", 0, true);
	on_off("1", 0, true);
	on_off("y", 0, true);
	on_off("Y", 0, true);
	on_off("yes", 0, true);
	on_off("off", 0, false);
	on_off("0", 0, false);
	on_off("n", 0, false);
	on_off("N", 0, false);
	on_off("", -EINVAL, false);
	on_off("2", -EINVAL, false);
	on_off("onn", -EINVAL, false);

	tap_ok(!parse_u64("18446744073709551615", &id) && id == UINT64_MAX,
	       "u64 maximum");
	tap_ok(parse_u64("18446744073709551616", &id) == -ERANGE,
	       "u64 overflow");
	tap_ok(parse_u64("12a", &id) == -EINVAL, "u64 with garbage");

	set_param("max-pool-percent", "20", 0);
	set_param("max_pool_percent", "20", 0);
	set_param("max-pool-percent", "101", -ERANGE);
	set_param("accept-threshold-percent", "90", 0);
	set_param("accept-threshold-percent", "-1", -EINVAL);
	set_param("enabled", "off", 0);
	set_param("enabled", "maybe", -EINVAL);
	set_param("compressor", "zstd", 0);
	set_param("compressor", "", -EINVAL);
	set_param("compressor", "a/b", -EINVAL);
	set_param(
		"compressor",
		"0123456789012345678901234567890123456789012345678901234567890123",
		-ERANGE);
	set_param("zpool", "zsmalloc", 0);
	set_param("zpool", "01234567890123456789012345678901", -ERANGE);
	tap_ok(!set_param_by_name("nope"), "an unknown parameter has no entry");

	return tap_done();
}
