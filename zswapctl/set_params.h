/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The parameters "zswapctl set" takes: names, the values they accept and
 * how to show them. --list-set-params, --help and the completions read it.
 */
#ifndef ZSWAPCTL_SET_PARAMS_H
#define ZSWAPCTL_SET_PARAMS_H

#include <stddef.h>
#include <stdint.h>

#include "zswapnl.h"

/* Longest names the kernel takes: ZSWAP_COMPRESSOR_NAME_MAX, ZSWAP_ZPOOL_NAME_MAX */
#define COMPRESSOR_NAME_MAX 63
#define ZPOOL_NAME_MAX 31

struct set_param {
	const char *name; /* as typed: "max-pool-percent" */
	const char *sysfs_name; /* "max_pool_percent", taken too */
	const char *value_help; /* "<0-100>" */
	const char *expected; /* for errors: "a number from 0 to 100" */
	const char *help;
	uint32_t flag; /* ZSWAPNL_SET_* */
	enum zswapnl_global_field field;
	/* Put the value into params: 0, -EINVAL (syntax) or -ERANGE */
	int (*parse)(const char *value, struct zswapnl_params *params);
	/* The parameter's value in g as text ("-" if unknown) */
	void (*show)(const struct zswapnl_global *g, char *buf, size_t len);
	/* Put the value params holds for it into g, where show() finds it */
	void (*put)(const struct zswapnl_params *params,
		    struct zswapnl_global *g);
};

extern const struct set_param set_params[];
extern const size_t nr_set_params;

/* By name, either spelling; NULL if there is none */
const struct set_param *set_param_by_name(const char *name);

/*
 * Put @value into @params as @p takes it: 0, or -EINVAL or -ERANGE with
 * the reason in @msg, which calls the parameter @name ("invalid enabled
 * 'maybe' (expected on, off, ...)")
 */
int set_param_value(const struct set_param *p, const char *name,
		    const char *value, struct zswapnl_params *params, char *msg,
		    size_t len);

#endif /* ZSWAPCTL_SET_PARAMS_H */
