/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The screen of "zswapctl top", htop's way: meters at the top (the pool as
 * a bar against its limit, the ratio, the pages, the rates), then the panel
 * of cgroups, then a status line for hints, prompts and messages. Drawing
 * only: the loop around it is top_curses.c's.
 */
#ifndef ZSWAPCTL_TOP_SCREEN_H
#define ZSWAPCTL_TOP_SCREEN_H

#include <stdbool.h>
#include <stddef.h>

#include "top.h"
#include "top_prompt.h"

struct screen {
	size_t scroll; /* the first row of the panel shown */
	size_t page; /* panel rows the last frame had room for */
};

/* What one frame shows */
struct frame {
	const struct top_opts *opts;
	const struct sampler *sp;
	const struct top_prompt *prompt; /* being edited, or NULL */
	const char *message; /* for the status line, or NULL */
};

/* Colours, where the terminal has them and NO_COLOR does not say no */
void screen_init(struct screen *scr);

/* Erase and draw a frame; 0 or -ENOMEM */
int screen_draw(struct screen *scr, const struct frame *f);

void screen_draw_help(void);

/* Scroll the panel for an arrow, page or home/end key; false for others */
bool screen_scroll_key(struct screen *scr, int key);

#endif /* ZSWAPCTL_TOP_SCREEN_H */
