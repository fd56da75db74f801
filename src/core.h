/* The core (src/core.c): the handle's creation, and the steps of a rank's loop that the
 * hub of threads (src/threads.c) shares. Never installed. */
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

/* ---- the core's steps (src/core.c), shared with the hub ------------------------------ */
/* Serve the protocol once: expose tasks, the policy's progress, results, termination
 * waves, engine progress. */
int ladroi_serve(ladro_t *lb);
/* A task (its record header at rec) ran over [start, end] (padding included), e seconds
 * at full speed: statistics, trace, completion (or its result's route home), the
 * policy's on_task_end. */
int ladroi_task_done(ladro_t *lb, const void *rec, double start, double end, double e);
/* An idle rank's turn: the idle span starts, results are sent, the termination wave is
 * joined; when global completion is established the handle is LADRO_DONE
 * (ladroi_mark_done). LADRO_OK or an error. */
int ladroi_idle_turn(ladro_t *lb);
/* Global completion established: state LADRO_DONE, final statistics and trace. */
void ladroi_mark_done(ladro_t *lb);

#endif
