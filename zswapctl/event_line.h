/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The events of "zswapctl monitor", one line each, with the time zswapctl
 * received them: "TIME NAME key=value ..." or one JSON object. The keys
 * are those of "zswapctl status --json"; zswapctl(8) describes both.
 */
#ifndef ZSWAPCTL_EVENT_LINE_H
#define ZSWAPCTL_EVENT_LINE_H

#include <stdint.h>
#include <stdio.h>
#include <time.h>

#include "zswapnl.h"

/* 0, -ENOMEM or -EIO */
int event_print_text(const struct zswapnl_event *ev,
		     const struct timespec *when, uint64_t page_size,
		     FILE *out);
int event_print_json(const struct zswapnl_event *ev,
		     const struct timespec *when, uint64_t page_size,
		     FILE *out);

#endif /* ZSWAPCTL_EVENT_LINE_H */
