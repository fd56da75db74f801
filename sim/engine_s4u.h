/* The simulated engine's entry points (sim/engine_s4u.c): a world of P ranks, each an
 * S4U actor on a host, and a ladro handle for one of them. Internal to ladro-sim policy;
 * the public API (ladro_create on an MPI communicator) is unchanged. */
#ifndef LADRO_ENGINE_S4U_H
#define LADRO_ENGINE_S4U_H

#include "ladro.h"

#include <simgrid/forward.h>

typedef struct ladro_s4u_world ladro_s4u_world_t;

/* size ranks; hosts[r] is rank r's host (borrowed, must outlive the world). NULL when
 * out of memory. Created and freed outside the simulation (by the driver). */
ladro_s4u_world_t *ladro_s4u_world_new(int size, sg_host_t *hosts);
void ladro_s4u_world_free(ladro_s4u_world_t *w);
/* From rank's actor: ladro_create's contract over the world's ranks (collective: every
 * rank's actor calls it). */
int ladro_s4u_create(ladro_s4u_world_t *w, int rank, const ladro_config_t *cfg, ladro_t **out,
                     char *err, size_t errlen);

#endif
