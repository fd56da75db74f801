/* The simulated engine's entry points (sim/engine_s4u.c): a world of P ranks, each an
 * S4U actor on a host, and a ladro handle for one of them. Internal to ladro-sim policy;
 * the public API (ladro_create on an MPI communicator) is unchanged. */
#ifndef LADRO_ENGINE_S4U_H
#define LADRO_ENGINE_S4U_H

#include "ladro.h"

#include <simgrid/forward.h>
#include <stdbool.h>

typedef struct ladro_s4u_world ladro_s4u_world_t;

/* size ranks; hosts[r] is rank r's host (borrowed, must outlive the world). NULL when
 * out of memory. Created and freed outside the simulation (by the driver). */
ladro_s4u_world_t *ladro_s4u_world_new(int size, sg_host_t *hosts);
void ladro_s4u_world_free(ladro_s4u_world_t *w);

/* What the engine charges, on top of the platform's routes (docs/sim.md, "Costs"). A
 * one-sided operation on another rank costs rma_latencies route latencies (2: it waits
 * for its answer, a round trip) + its size over the route's bandwidth + rma_s; a message
 * arrives after one route latency + size / bandwidth + msg_s; every test, probe or
 * progress call costs poll_s; every sleep (an idle back-off, a speed pad's slice) ends
 * wake_s late, as a process woken by the kernel does. cpu: rma_s, poll_s and wake_s are
 * computation on the rank's host (its cores shared by the ranks computing at once, as
 * oversubscribed processes share a machine), else waits. uniform: every two distinct
 * hosts are joined by routes of the same latency and bandwidth (the driver's flat
 * cluster), so the engine asks SimGrid once. Defaults: {2, 0, 0, 0, 0}. */
typedef struct {
    double rma_latencies, rma_s, msg_s, poll_s, wake_s;
    bool cpu, uniform;
} ladro_s4u_costs_t;
/* Before the simulation starts (by the driver): one actor per rank r, named "rank<r>",
 * on the world's host of r, running main(2, {"rank<r>", "<r>"}) with `data` as its
 * actor data (sg_actor_self_get_data). */
void ladro_s4u_world_start(ladro_s4u_world_t *w, void (*main)(int argc, char **argv),
                           void *data);
/* Before the simulation starts (by the driver). */
void ladro_s4u_world_costs(ladro_s4u_world_t *w, const ladro_s4u_costs_t *costs);
/* Before the simulation starts (by the driver): idle waits (a blocking receive's
 * included) call fn(data) once every 4 096 (counted over every rank), so that a driver
 * can report progress while no task ends, as in a run's tail. fn must make no
 * simulation call: the run is the same with and without it. */
void ladro_s4u_world_tick(ladro_s4u_world_t *w, void (*fn)(void *data), void *data);
/* From rank's actor: ladro_create's contract over the world's ranks (collective: every
 * rank's actor calls it). */
int ladro_s4u_create(ladro_s4u_world_t *w, int rank, const ladro_config_t *cfg, ladro_t **out,
                     char *err, size_t errlen);

/* The counters lb's policy declares (ladro_rank_stats_t.counters[i] is counter i): how
 * many; for i below that, *name (a static string) and *max (gathered as the maximum over
 * ranks, else summed). */
size_t ladro_s4u_counters(const ladro_t *lb);
void ladro_s4u_counter(const ladro_t *lb, size_t i, const char **name, bool *max);

#endif
