/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Names from the system as text. A cgroup name may hold any byte but '/'
 * and NUL; a terminal acts on some of them (ESC, CSI, a carriage return)
 * and JSON cannot carry the others (bytes that are not UTF-8). Every view
 * writes such strings through escape_text(), as ls, systemd and util-linux
 * do: valid, printable UTF-8 stays as it is, and each byte of anything else
 * is written as the four characters \xHH (two lower-case hex digits):
 *
 *  - a byte that is not part of a well-formed UTF-8 sequence (Unicode,
 *    table 3-7: no overlong forms, no surrogates, nothing above U+10FFFF),
 *  - the C0 controls U+0000-U+001F and DEL,
 *  - the C1 controls U+0080-U+009F (a terminal takes U+009B as CSI),
 *  - the characters that reorder or break a line without being seen:
 *    U+061C, U+200E, U+200F, U+2028-U+202E and U+2066-U+2069.
 *
 * With ESCAPE_BACKSLASH, '\' is \x5c too and the text decodes back to the
 * exact bytes: every \xHH is one byte, every other character itself.
 */
#ifndef ZSWAPCTL_ESCAPE_H
#define ZSWAPCTL_ESCAPE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

enum escape_flags {
	ESCAPE_SPACE = 1 << 0, /* ' ' as \x20: a field stays one word */
	ESCAPE_BACKSLASH = 1 << 1, /* '\' as \x5c: the text decodes back */
	ESCAPE_KEEP_NEWLINE = 1 << 2, /* the format escapes '\n' itself */
	ESCAPE_ASCII = 1 << 3, /* every byte beyond ASCII: not a UTF-8 locale */
};

/* The buffer escape_text() needs for a string of len bytes */
#define ESCAPE_SIZE(len) (4 * (len) + 1)

/*
 * The length of the well-formed UTF-8 sequence at s (1 to 4), or 0 when
 * the byte at s does not start one. s is NUL-terminated.
 */
size_t utf8_sequence(const char *s);

/* The code point of a well-formed sequence of n bytes at s */
uint32_t utf8_decode(const char *s, size_t n);

/* Is the whole string well-formed UTF-8 */
bool utf8_valid(const char *s);

/* A valid code point that text output writes escaped (see above) */
bool escape_code_point(uint32_t cp);

/*
 * The flags of text for a person (a terminal, a message): ESCAPE_ASCII
 * outside a UTF-8 locale, where a C1 byte (0x9b, CSI) of a UTF-8
 * sequence would be a control to an 8-bit terminal; 0 in one
 */
unsigned int escape_locale_flags(void);

/* Would escape_text() change the string */
bool escape_needed(const char *text, unsigned int flags);

/* Room for one character escaped: four bytes as \xHH each, and a NUL */
#define ESCAPE_CHAR_MAX 17

/*
 * Write the character at *s into buf, escaped or not, NUL-terminated, and
 * move *s past it; returns the length written. *s must not be at its NUL.
 */
size_t escape_char(const char **s, unsigned int flags, char *buf);

/*
 * Write the escaped text into buf, NUL-terminated, and return its length.
 * len should be ESCAPE_SIZE(strlen(text)); with less, the text is cut
 * between two characters.
 */
size_t escape_text(const char *text, unsigned int flags, char *buf, size_t len);

/* The escaped text in a buffer to free, or NULL when out of memory */
char *escape_alloc(const char *text, unsigned int flags);

/* Write the escaped text; 0, -ENOMEM or -EIO */
int escape_fputs(const char *text, unsigned int flags, FILE *out);

/*
 * The bytes of text as lower-case hex digits, two a byte, in a buffer to
 * free, or NULL when out of memory.
 */
char *hex_alloc(const char *text);

#endif /* ZSWAPCTL_ESCAPE_H */
