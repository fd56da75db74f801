/* The core (src/core.c): the handle's creation over an engine's channel, and the run of
 * a range of tasks. Never installed. */
#ifndef LADRO_CORE_H
#define LADRO_CORE_H

#include "ladro.h"
#include "engine.h" /* ladroi_chan_t */

#include <stddef.h>
#include <stdint.h>

/* Create a handle over the ranks of `world` (collective; world is only borrowed: the
 * handle's channels are duplicates). The engines' entry points call it. */
int ladroi_create(ladroi_chan_t *world, const ladro_config_t *cfg, ladro_t **out, char *err,
                  size_t errlen);
/* ladro_run_range after the creation: seed ids [n*rank/size, n*(rank+1)/size), run,
 * destroy *plb; the message of an error into err (when non-NULL). */
int ladroi_run_range(ladro_t **plb, uint64_t n, ladro_task_fn fn, void *user_data, char *err,
                     size_t errlen);

#endif
