// SPDX-License-Identifier: GPL-2.0
/*
 * How one line of zswap.conf(5) splits into a key and a value
 * (conf_split_line()), a line of each class the man page names: blank
 * lines and comments, blanks around the key and the value, a pair of
 * quotes, and the lines that are wrong. Plain strings, no file: reading
 * the files is tests/cli/42-apply.bats's, on real files.
 */
#include <stdio.h>
#include <string.h>

#include "conf.h"
#include "zswapctl-tap.h"

/* Split @text: "key|value", "-" for nothing, or "error: why" */
static const char *split(const char *text)
{
	static char out[256];
	char line[256], *key, *value;
	const char *why;
	int ret;

	snprintf(line, sizeof(line), "%s", text);
	ret = conf_split_line(line, &key, &value, &why);
	if (ret > 0)
		snprintf(out, sizeof(out), "%s|%s", key, value);
	else if (!ret)
		snprintf(out, sizeof(out), "-");
	else
		snprintf(out, sizeof(out), "error: %s", why);
	return out;
}

int main(void)
{
	tap_str(split(""), "-", "an empty line is nothing");
	tap_str(split(" \t \r"), "-", "a line of blanks (and a CR) is nothing");
	tap_str(split("# compressor = zstd"), "-", "'#' starts a comment");
	tap_str(split("; compressor = zstd"), "-", "';' starts a comment");
	tap_str(split("   # indented"), "-", "a comment after blanks");

	tap_str(split("compressor=zstd"), "compressor|zstd", "no blanks");
	tap_str(split("  compressor \t=\t zstd  "), "compressor|zstd",
		"blanks around key and value go");
	tap_str(split("compressor = zstd\r"), "compressor|zstd",
		"a CR of a CRLF line goes");
	tap_str(split("compressor = \"zstd\""), "compressor|zstd",
		"a pair of double quotes goes");
	tap_str(split("compressor = 'zstd'"), "compressor|zstd",
		"a pair of single quotes goes");
	tap_str(split("compressor = \"\""), "compressor|",
		"quotes around nothing: an empty value");
	tap_str(split("compressor = \"z\"std\""), "compressor|z\"std",
		"quotes inside the pair stay");
	tap_str(split("compressor = zstd # fast"),
		"error: a comment after the value (a comment takes a line of its own)",
		"'#' after a blank in a value: no comment there, as in sysctl.d");
	tap_str(split("compressor = \"zstd\" ; fast"),
		"error: a comment after the value (a comment takes a line of its own)",
		"';' after a quoted value: a comment, not an open quote");
	tap_str(split("compressor = zs#td"), "compressor|zs#td",
		"'#' inside a word is the value's, for the caller to refuse");
	tap_str(split("compressor = a=b"), "compressor|a=b",
		"the first '=' splits, later ones are the value's");
	tap_str(split("compressor ="), "compressor|",
		"no value: an empty one, for the caller to refuse");
	tap_str(split("max pool = 1"), "max pool|1",
		"a key with a blank inside is the caller's to refuse");

	tap_str(split("compressor zstd"), "error: not a 'key = value' line",
		"no '='");
	tap_str(split("[zswap]"), "error: not a 'key = value' line",
		"a section header is not a line of this format");
	tap_str(split(" = zstd"), "error: no key before '='", "no key");
	tap_str(split("compressor = \"zstd"),
		"error: a quote that is not closed", "an opening quote alone");
	tap_str(split("compressor = 'zstd\""),
		"error: a quote that is not closed", "quotes that do not match");
	tap_str(split("compressor = \""), "error: a quote that is not closed",
		"one quote character");
	return tap_done();
}
