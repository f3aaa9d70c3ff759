/* SPDX-License-Identifier: GPL-2.0 */
/*
 * SIGINT, SIGTERM and SIGHUP while "zswapctl top" runs: the handler only
 * notes the signal; the loops see it, leave the terminal as they found it,
 * and then die of the same signal, so the parent learns how it ended.
 */
#ifndef ZSWAPCTL_TOP_SIGNAL_H
#define ZSWAPCTL_TOP_SIGNAL_H

/* 0 or -errno */
int top_signals_install(void);

/* The signal that asked to stop, or 0 */
int top_signal_pending(void);

/* Die of the pending signal, with its default action; back if none */
void top_signal_reraise(void);

#endif /* ZSWAPCTL_TOP_SIGNAL_H */
