// SPDX-License-Identifier: GPL-2.0
#include <stdio.h>

#include "top_prompt.h"

void top_prompt_start(struct top_prompt *p, const char *label, const char *text)
{
	p->label = label;
	p->len = (size_t)snprintf(p->text, sizeof(p->text), "%s", text);
	if (p->len >= sizeof(p->text))
		p->len = sizeof(p->text) - 1;
}

/* Is c a UTF-8 continuation byte (10xxxxxx) */
static int continuation(char c)
{
	return ((unsigned char)c & 0xc0) == 0x80;
}

enum prompt_status top_prompt_key(struct top_prompt *p, int key)
{
	switch (key) {
	case '\n':
	case '\r':
		return PROMPT_ACCEPT;
	case PROMPT_KEY_ESCAPE:
		return PROMPT_CANCEL;
	case PROMPT_KEY_BACKSPACE:
	case '\b':
		/* A whole character: its continuation bytes and its lead */
		while (p->len && continuation(p->text[p->len - 1]))
			p->len--;
		if (p->len)
			p->len--;
		break;
	case PROMPT_KEY_KILL:
		p->len = 0;
		break;
	default:
		/* Bytes only: function keys and control characters do nothing */
		if (key < 0x20 || key > 0xff || key == 0x7f)
			break;
		if (p->len + 1 < sizeof(p->text))
			p->text[p->len++] = (char)key;
		break;
	}
	p->text[p->len] = '\0';
	return PROMPT_EDITING;
}
