// SPDX-License-Identifier: GPL-2.0
/*
 * The line zswapctl prints for a library failure (zc_lib_error()) and its
 * exit code, read back from stderr. libzswapnl gives some codes a meaning
 * of its own (libzswapnl(3), ERRORS): the line says that meaning, not the
 * C library's text for the code.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "zswapctl.h"
#include "zswapctl-tap.h"

/* What zc_lib_error(@what, @err, @e) writes to stderr, and its exit code */
static const char *lib_error_line(const char *what, int err, const struct zswapnl_error *e,
				  int *code)
{
	static char line[1024];
	FILE *tmp = tmpfile();
	int saved = dup(STDERR_FILENO);
	size_t n;

	if (!tmp || saved < 0) {
		printf("Bail out! no temporary file\n");
		exit(1);
	}
	fflush(stderr);
	dup2(fileno(tmp), STDERR_FILENO);
	*code = zc_lib_error(what, err, e);
	fflush(stderr);
	dup2(saved, STDERR_FILENO);
	close(saved);
	rewind(tmp);
	n = fread(line, 1, sizeof(line) - 1, tmp);
	line[n] = '\0';
	fclose(tmp);
	return line;
}

int main(void)
{
	/* what zswapnl_list_memcgs() leaves after two inconsistent dumps */
	struct zswapnl_error e = {
		.code = -EAGAIN,
		.msg = "the kernel marked two memcg dumps in a row with NLM_F_DUMP_INTR",
	};
	const char *line;
	int code;

	line = lib_error_line("cannot list cgroups", -EAGAIN, &e, &code);
	tap_ok(strstr(line, "zswapctl: cannot list cgroups: the kernel marked two memcg dumps") ==
		       line, "-EAGAIN: the library's message comes first");
	tap_ok(strstr(line, "(the dump changed while it was read; try again)\n"),
	       "-EAGAIN: the line says the dump changed and what to do");
	tap_ok(!strstr(line, strerror(EAGAIN)), "-EAGAIN: not the C library's \"%s\"",
	       strerror(EAGAIN));
	tap_ok(code == EXIT_SYSTEM, "-EAGAIN: exit code %d (system)", EXIT_SYSTEM);
	printf("#   %s", line);

	/* without a message from the library, the meaning alone */
	line = lib_error_line("cannot list cgroups", -EAGAIN, NULL, &code);
	tap_str(line, "zswapctl: cannot list cgroups: the dump changed while it was read; try again\n",
		"-EAGAIN without a message");

	/*
	 * The extack of the family ported to 7.2 refusing a SET of zpool (its
	 * patch's words): one line with the kernel's reason and the attribute,
	 * and the exit code of "not supported here"
	 */
	e = (struct zswapnl_error){
		.code = -EOPNOTSUPP,
		.msg = "this kernel has no zpool layer: zswap stores in zsmalloc",
		.attr = "zpool",
	};
	line = lib_error_line("setting zswap parameters", -EOPNOTSUPP, &e, &code);
	tap_str(line,
		"zswapctl: setting zswap parameters: this kernel has no zpool layer: zswap stores in zsmalloc (Operation not supported; attribute zpool)\n",
		"-EOPNOTSUPP of a SET of zpool on 7.2: the kernel's reason, the attribute");
	tap_ok(code == EXIT_UNSUPPORTED, "-EOPNOTSUPP: exit code %d (not supported here)",
	       EXIT_UNSUPPORTED);

	/* the other codes keep strerror() */
	line = lib_error_line("cannot read zswap", -ETIMEDOUT, NULL, &code);
	tap_ok(strstr(line, strerror(ETIMEDOUT)) != NULL, "-ETIMEDOUT: strerror()'s text");
	return tap_done();
}
