/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The one-line editor of "zswapctl top" for the filter and the interval:
 * printable bytes append (UTF-8 comes as its bytes), Backspace takes back
 * one character, Ctrl-U clears, Enter accepts and Escape cancels.
 */
#ifndef ZSWAPCTL_TOP_PROMPT_H
#define ZSWAPCTL_TOP_PROMPT_H

#include <stddef.h>

#include "top_state.h"

/* Keys as the editor takes them; the curses view maps its own to these */
#define PROMPT_KEY_BACKSPACE 0x7f
#define PROMPT_KEY_ESCAPE 0x1b
#define PROMPT_KEY_KILL 0x15 /* Ctrl-U */

enum prompt_status {
	PROMPT_EDITING,
	PROMPT_ACCEPT,
	PROMPT_CANCEL,
};

struct top_prompt {
	const char *label; /* "filter", "interval" */
	char text[TOP_FILTER_MAX];
	size_t len;
};

void top_prompt_start(struct top_prompt *p, const char *label,
		      const char *text);
enum prompt_status top_prompt_key(struct top_prompt *p, int key);

#endif /* ZSWAPCTL_TOP_PROMPT_H */
