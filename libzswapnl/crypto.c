// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * The compressors the kernel has, from /proc/crypto: the names of its
 * entries of type scomp, acomp or compression, each once, sorted.
 */

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"

static bool is_compression(const char *type, size_t len)
{
	static const char *const types[] = { "scomp", "acomp", "compression" };
	size_t i;

	for (i = 0; i < ZNL_ARRAY_SIZE(types); i++)
		if (strlen(types[i]) == len && !memcmp(types[i], type, len))
			return true;
	return false;
}

/* The value of a "key : value" line of @line (up to @end), or NULL */
static const char *field(const char *line, const char *end, const char *key, size_t *len)
{
	size_t key_len = strlen(key);
	const char *p;

	if ((size_t)(end - line) <= key_len || memcmp(line, key, key_len) ||
	    (line[key_len] != ' ' && line[key_len] != '\t' && line[key_len] != ':'))
		return NULL;
	p = line + key_len;
	while (p < end && (*p == ' ' || *p == '\t'))
		p++;
	if (p == end || *p != ':')
		return NULL;
	p++;
	while (p < end && (*p == ' ' || *p == '\t'))
		p++;
	*len = end - p;
	while (*len && (p[*len - 1] == ' ' || p[*len - 1] == '\t' || p[*len - 1] == '\r'))
		(*len)--;
	return p;
}

static int by_name(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

struct names {
	char **v;
	size_t count, cap;
};

static int add_name(struct names *n, const char *name, size_t len)
{
	char **v;
	size_t i;

	for (i = 0; i < n->count; i++)
		if (strlen(n->v[i]) == len && !memcmp(n->v[i], name, len))
			return 0;
	if (n->count + 2 > n->cap) {
		v = reallocarray(n->v, n->cap ? n->cap * 2 : 16, sizeof(*v));
		if (!v)
			return -ENOMEM;
		n->v = v;
		n->cap = n->cap ? n->cap * 2 : 16;
	}
	n->v[n->count] = strndup(name, len);
	if (!n->v[n->count])
		return -ENOMEM;
	n->count++;
	n->v[n->count] = NULL;
	return 0;
}

struct entry {
	const char *name, *type;
	size_t name_len, type_len;
};

static int end_entry(struct entry *e, struct names *n)
{
	int ret = 0;

	if (e->name && e->type && is_compression(e->type, e->type_len))
		ret = add_name(n, e->name, e->name_len);
	e->name = e->type = NULL;
	return ret;
}

/* Parse @text; entries are blocks of "key : value" lines between blank lines */
static int parse(const char *text, struct names *n)
{
	struct entry e = { 0 };
	const char *line, *end, *v;
	size_t len;
	int ret;

	for (line = text;; line = end + 1) {
		end = strchrnul(line, '\n');
		if (end == line) {
			ret = end_entry(&e, n);
			if (ret)
				return ret;
		} else if ((v = field(line, end, "name", &len))) {
			e.name = v;
			e.name_len = len;
		} else if ((v = field(line, end, "type", &len))) {
			e.type = v;
			e.type_len = len;
		}
		if (!*end)
			break;
	}
	return end_entry(&e, n);
}

int zswapnl_available_compressors(struct zswapnl *handle, char ***names)
{
	struct names n = { 0 };
	char path[4096], *text;
	int ret;

	if (!names)
		return -EINVAL;
	*names = NULL;
	if (!handle)
		return -EINVAL;
	ret = znl_path(handle, path, sizeof(path), "/proc/crypto");
	if (ret)
		return ret;
	ret = znl_read_text(handle, path, &text, NULL);
	if (ret)
		return ret;
	ret = parse(text, &n);
	free(text);
	if (!ret && !n.v) {
		n.v = calloc(1, sizeof(*n.v));
		if (!n.v)
			ret = -ENOMEM;
	}
	if (ret) {
		zswapnl_names_free(n.v);
		return ret;
	}
	qsort(n.v, n.count, sizeof(*n.v), by_name);
	*names = n.v;
	return 0;
}
