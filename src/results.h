/* Results routing (src/results.c). Never installed. */
#ifndef LADRO_RESULTS_H
#define LADRO_RESULTS_H

#include "ladro.h"
#include "overlay.h" /* ladroi_overlay_t */

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

/* Each task's result goes back to its owner, greedily over the overlay `ov` (smallworld)
 * or straight to the owner (ov == NULL, every other policy when result_bytes > 0). With
 * results on, a task counts as completed at its owner, at delivery. */
typedef struct ladroi_results ladroi_results_t;
/* Collective (duplicates the communicator). gate: the paper's termination barrier gates
 * the counting waves (off when the watchdog is on). Sets lb->res. */
int ladroi_results_init(ladro_t *lb, const ladroi_overlay_t *ov, bool gate);
/* Frees lb->res (NULL is fine); waits for sends only after LADRO_DONE. */
void ladroi_results_fini(ladro_t *lb);
/* The task (id, origin) finished here: deliver or route its result; counts completion. */
int ladroi_results_task_end(ladro_t *lb, uint64_t id, int origin);
/* The same with the result given (NULL: zeros; the journal, after the commit). */
int ladroi_results_send(ladro_t *lb, uint64_t id, int origin, const void *bytes);
/* A result taken from the journal: waiting for ladro_result_next here, counted nowhere. */
int ladroi_results_put(ladro_t *lb, uint64_t id, const void *bytes);
/* Receive, forward and deliver; send aggregated buffers (all of them when idle); drive
 * the termination barrier. */
int ladroi_results_progress(ladro_t *lb, bool idle);
void ladroi_results_dump(const ladro_t *lb, FILE *out);
/* The termination barrier gates the waves and has not passed yet (a policy's gate_waves
 * hook answers with it). */
bool ladroi_results_gating(const ladro_t *lb);

/* The result bytes of the task being completed (src/results.c; results on). */
void *ladroi_results_cur(ladro_t *lb);

#endif
