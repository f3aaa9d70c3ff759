// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>

#include "top_signal.h"

static volatile sig_atomic_t stop_signal;

static void note_signal(int sig)
{
	stop_signal = sig;
}

int top_signals_install(void)
{
	static const int sigs[] = { SIGINT, SIGTERM, SIGHUP };
	struct sigaction sa;
	size_t i;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = note_signal;
	sigemptyset(&sa.sa_mask);
	/* No SA_RESTART: a sleep or a wait for a key ends at once */
	for (i = 0; i < sizeof(sigs) / sizeof(sigs[0]); i++)
		if (sigaction(sigs[i], &sa, NULL))
			return -errno;
	return 0;
}

int top_signal_pending(void)
{
	return stop_signal;
}

void top_signal_reraise(void)
{
	int sig = stop_signal;

	if (!sig)
		return;
	fflush(stdout);
	signal(sig, SIG_DFL);
	raise(sig);
}
