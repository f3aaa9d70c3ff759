// SPDX-License-Identifier: GPL-2.0
/* The commands: main(), --help and --list-commands all read this table. */
#include <string.h>

#include "zswapctl.h"

const struct command commands[] = {
	{ "status", NULL, NULL, "zswap's counters and parameters (the default)",
	  cmd_status },
	{ "cgroups", "memcg", "cgroup", "per-cgroup zswap figures",
	  cmd_cgroups },
	{ "set", NULL, NULL, "change a parameter or the zswap.max of a cgroup",
	  cmd_set },
	{ "apply", NULL, NULL, "set the parameters of zswap.conf(5)",
	  cmd_apply },
	{ "monitor", NULL, NULL, "print zswap's events as they come",
	  cmd_monitor },
	{ "export", NULL, NULL, "the figures in the Prometheus text format",
	  cmd_export },
	{ "top", NULL, NULL, "live view of zswap and its cgroups, with rates",
	  cmd_top },
};

const size_t nr_commands = sizeof(commands) / sizeof(commands[0]);

const struct command *command_by_name(const char *name)
{
	size_t i;

	for (i = 0; i < nr_commands; i++)
		if (!strcmp(commands[i].name, name) ||
		    (commands[i].alias && !strcmp(commands[i].alias, name)) ||
		    (commands[i].hidden_alias &&
		     !strcmp(commands[i].hidden_alias, name)))
			return &commands[i];
	return NULL;
}
