/* The policy registry: every policy is one file with one ops table, listed here. */
#include "../ladro_int.h"

static const ladroi_policy_ops_t *const ladro__policies[] = {
    &ladroi_policy_static,
    &ladroi_policy_random,
};
#define LADRO__NPOL (sizeof ladro__policies / sizeof ladro__policies[0])

static const char *const ladro__names[LADRO__NPOL + 1] = {"static", "random", NULL};

const ladroi_policy_ops_t *ladroi_policy_find(const char *name)
{
    for (size_t i = 0; i < LADRO__NPOL; i++)
        if (name && strcmp(ladro__policies[i]->name, name) == 0)
            return ladro__policies[i];
    return NULL;
}

const char *const *ladro_policy_names(void)
{
    return ladro__names;
}
