// SPDX-License-Identifier: GPL-2.0
/*
 * The note on '-' under status and the cgroups table: the library's
 * reasons (zswapnl_global_unknown(), zswapnl_memcg_unknown()), each said
 * once in the order of the figures, and none when all is known. The
 * reasons are set in the structs by hand, as the fallback records them;
 * without a handle the library words them as for the files.
 */
#include <errno.h>
#include <stdint.h>
#include <string.h>

#include "unknown.h"
#include "zswapctl-tap.h"

#define ALL_KNOWN ((UINT64_C(1) << ZSWAPNL_G_NR_FIELDS) - 1)
#define BIT(f) (UINT64_C(1) << (f))

static void status_note(const struct status_view *v, const char *want,
			const char *what)
{
	char buf[1024];

	if (!want) {
		tap_ok(!unknown_note_status(NULL, v, buf, sizeof(buf)), "%s",
		       what);
		return;
	}
	if (!unknown_note_status(NULL, v, buf, sizeof(buf)))
		strcpy(buf, "(none)");
	tap_str(buf, want, what);
}

static void status_notes(void)
{
	struct status_view v = { .global.struct_size = sizeof(v.global) };
	struct zswapnl_global *g = &v.global;

	g->known = ALL_KNOWN;
	status_note(&v, NULL, "every figure known: no note");

	/* Not root: every debugfs counter, one reason; zero pages another */
	g->known = ALL_KNOWN & ~BIT(ZSWAPNL_G_POOL_LIMIT_HIT) &
		   ~BIT(ZSWAPNL_G_DUPLICATE_ENTRY) & ~BIT(ZSWAPNL_G_ZERO_PAGES);
	g->unknown[ZSWAPNL_G_POOL_LIMIT_HIT] = -EACCES;
	g->unknown[ZSWAPNL_G_DUPLICATE_ENTRY] = -EACCES;
	g->unknown[ZSWAPNL_G_ZERO_PAGES] = -EACCES;
	status_note(
		&v,
		"zswapctl: note: '-': needs root (for /sys/kernel/debug/zswap) or zswap's netlink family",
		"three figures for one reason: said once");

	/* The order of the figures, parameters first */
	g->known &= ~BIT(ZSWAPNL_G_MAX_POOL_PERCENT) & ~BIT(ZSWAPNL_G_ZSWPWB);
	g->unknown[ZSWAPNL_G_MAX_POOL_PERCENT] = -EBADMSG;
	g->unknown[ZSWAPNL_G_ZSWPWB] = -ENOENT;
	status_note(
		&v,
		"zswapctl: note: '-': /sys/module/zswap/parameters/max_pool_percent holds no valid value; "
		"needs root (for /sys/kernel/debug/zswap) or zswap's netlink family; "
		"some figures are not on this kernel",
		"three reasons, in the order of the figures");
}

static void cgroups_note(const struct cgroups_view *v, const char *want,
			 const char *what)
{
	char buf[1024];

	if (!unknown_note_cgroups(NULL, v, buf, sizeof(buf)))
		strcpy(buf, "(none)");
	tap_str(buf, want, what);
}

static void cgroups_notes(void)
{
	struct zswapnl_memcg root = { .struct_size = sizeof(root),
				      .path = "/" };
	struct zswapnl_memcg a = { .struct_size = sizeof(a), .path = "/a" };
	struct zswapnl_memcg b = { .struct_size = sizeof(b), .path = "/b" };
	const struct zswapnl_memcg *rows[] = { &root, &a, &b };
	struct cgroups_view v = { .rows = rows,
				  .nrows = 3,
				  .ctx.page_size = 4096 };
	uint64_t all = (UINT64_C(1) << ZSWAPNL_M_NR_FIELDS) - 1;
	char bad[32];

	column_list_default(&v.cols);
	root.known = all & ~BIT(ZSWAPNL_M_COMPRESSED_BYTES) &
		     ~BIT(ZSWAPNL_M_ZSWAP_MAX);
	root.unknown[ZSWAPNL_M_COMPRESSED_BYTES] = -ENOENT;
	root.unknown[ZSWAPNL_M_ZSWAP_MAX] = -ENOENT;
	a.known = b.known = all;
	a.compressed_bytes = b.compressed_bytes = 100;
	cgroups_note(&v,
		     "zswapctl: note: '-': the root cgroup has no memory.zswap.* files",
		     "the root's COMPRESSED, RATIO and MAX: one reason");

	/* Two cgroups with one corrupt file: said once */
	a.known &= ~BIT(ZSWAPNL_M_ZSWPIN);
	b.known &= ~BIT(ZSWAPNL_M_ZSWPIN);
	a.unknown[ZSWAPNL_M_ZSWPIN] = b.unknown[ZSWAPNL_M_ZSWPIN] = -EBADMSG;
	cgroups_note(&v,
		     "zswapctl: note: '-': the root cgroup has no memory.zswap.* files; "
		     "a cgroup's memory.stat has no valid zswpin line",
		     "a reason of two cgroups: said once, after the root's");

	/* An empty cgroup has no ratio, and that needs no word */
	root.known = a.known = b.known = all;
	a.compressed_bytes = 0;
	cgroups_note(&v, "(none)", "RATIO of an empty cgroup: no note");

	/*
	 * WRITEBACK: the cgroup's own flag known, the effective one not, for
	 * an ancestor's file it could not read: that reason
	 */
	tap_ok(!column_list_parse(&v.cols, "PATH,WRITEBACK", bad, sizeof(bad)),
	       "--output PATH,WRITEBACK");
	a.known &= ~BIT(ZSWAPNL_M_WRITEBACK_EFFECTIVE);
	a.unknown[ZSWAPNL_M_WRITEBACK_EFFECTIVE] = -EACCES;
	cgroups_note(
		&v,
		"zswapctl: note: '-': cannot read a cgroup's memory.zswap.writeback: "
		"Permission denied",
		"WRITEBACK: the reason of the effective value");
}

/* The deprecated words of libzswapnl 1.5, from its static archive */
int znl_reason_words(const struct zswapnl_reason *r, bool memcg,
		     struct zswapnl_error *why);

/*
 * zswapctl words each reason as libzswapnl 1.5 did, which its notes said
 * then: every code, of a global figure and of a memcg's, with each kind of
 * error, with a line of its file and without
 */
static void words_of_1_5(void)
{
	static const int errors[] = { -ENOENT, -EACCES, -EBADMSG, -ERANGE,
				      -EISDIR, -EOPNOTSUPP };
	struct zswapnl_reason r = { .struct_size = sizeof(r) };
	unsigned int code, same = 0, cases = 0;
	struct zswapnl_error why;
	char words[256];
	size_t e, l;
	int memcg;

	for (code = ZSWAPNL_REASON_KNOWN; code <= ZSWAPNL_REASON_FILE; code++)
		for (memcg = 0; memcg <= 1; memcg++)
			for (e = 0; e < sizeof(errors) / sizeof(errors[0]); e++)
				for (l = 0; l < 2; l++) {
					r.code = code;
					r.error = errors[e];
					snprintf(r.path, sizeof(r.path), "%s",
						 memcg ? "memory.stat" :
							 "/proc/vmstat");
					snprintf(r.line, sizeof(r.line), "%s",
						 l ? "zswpin" : "");
					memset(&why, 0, sizeof(why));
					znl_reason_words(&r, memcg, &why);
					if (!reason_words(&r, memcg, words,
							  sizeof(words)))
						words[0] = '\0';
					cases++;
					if (!strcmp(words, why.msg))
						same++;
					else
						printf("# %u: '%s', not '%s'\n",
						       code, words, why.msg);
				}
	tap_ok(same == cases && cases > 400,
	       "every reason in the words of libzswapnl 1.5 (%u of %u)", same,
	       cases);
}

int main(void)
{
	status_notes();
	cgroups_notes();
	words_of_1_5();
	return tap_done();
}
