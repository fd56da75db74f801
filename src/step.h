/* A rank's steps (src/step.c): what ladro_next (src/core.c) and the hub of threads
 * (src/threads.c) both do between and after tasks. Never installed. */
#ifndef LADRO_STEP_H
#define LADRO_STEP_H

#include "ladro.h"

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
