/* Paje trace writer (for one simulated run) and a consistency checker. The writer is a
 * ladro_sim_lat_observer_t, so the latency model and the policy simulation share it. */
#ifndef LADRO_SIM_PAJE_H
#define LADRO_SIM_PAJE_H

#include "latency.h"

typedef struct ladro_sim_paje ladro_sim_paje_t;

/* Open `path` and write the header and the containers of processors 0..p-1. NULL on error. */
ladro_sim_paje_t *ladro_sim_paje_open(const char *path, int32_t p);
/* Fill an observer that writes states (Compute / Steal / Idle) and links (Request / Fail /
 * Work) into the trace. */
void ladro_sim_paje_observer(ladro_sim_paje_t *pj, ladro_sim_lat_observer_t *ob);
/* Close the links still open and the containers (at the end time), write, free.
 * Returns 0 or -1 on a write error. */
int ladro_sim_paje_close(ladro_sim_paje_t **pj);

/* Check a Paje file: every event id defined with its field count, containers created
 * before use and destroyed at the end, every link started is ended, entity values
 * defined, times non-decreasing. Returns 0 (and fills a summary) or -1 (first error). */
int ladro_sim_paje_check(const char *path, char *msg, size_t msglen);

#endif
