/* ladro-sim latency model: the work-stealing-with-latency model of Khatiri, Trystram and
 * Wagner, "A new analysis of Work Stealing with latency" (docs/references.md),
 * with the published simulator's resolution of its ambiguities. Every rule is listed in
 * docs/sim.md, section "Latency model", and implemented in latency.c. */
#ifndef LADRO_SIM_LATENCY_H
#define LADRO_SIM_LATENCY_H

#include "engine.h"

#include <stdint.h>
#include <stdio.h>

enum { LADRO_SIM_SWT = 0, LADRO_SIM_MWT = 1 };

/* How a successful steal splits the victim's remaining work r. */
enum {
    LADRO_SIM_SEND_CEIL = 0,  /* victim keeps floor(r/2), sends ceil(r/2) (default) */
    LADRO_SIM_SEND_FLOOR = 1, /* victim keeps ceil(r/2), sends floor(r/2) (paper Fig. 1 text) */
};

/* Processor states reported to an observer (and drawn in the Paje trace). */
enum { LADRO_SIM_ST_COMPUTE = 0, LADRO_SIM_ST_STEAL = 1, LADRO_SIM_ST_IDLE = 2 };
/* Message kinds. */
enum { LADRO_SIM_MSG_REQUEST = 0, LADRO_SIM_MSG_FAIL = 1, LADRO_SIM_MSG_WORK = 2 };

typedef struct {
    void *ctx;
    /* processor `proc` enters `state` at time t */
    void (*state)(void *ctx, int64_t t, int32_t proc, int state);
    /* message `id` leaves `from` at t_send towards `to` (arrives at t_send + lambda) */
    void (*send)(void *ctx, int64_t t_send, int32_t from, int32_t to, int kind, int64_t amount,
                 uint64_t id);
    /* message `id` is delivered at t */
    void (*recv)(void *ctx, int64_t t, uint64_t id);
    /* the run ended at t (last unit of work completed) */
    void (*end)(void *ctx, int64_t t);
} ladro_sim_lat_observer_t;

typedef struct {
    int64_t W;         /* total work, integer units (>= 1) */
    int32_t p;         /* processors (>= 1) */
    int64_t lambda;    /* latency per message, integer time units (>= 1) */
    int variant;       /* LADRO_SIM_SWT or LADRO_SIM_MWT */
    int64_t threshold; /* g: a steal succeeds only if floor(r/2) > g; 0 = no threshold */
    int split;         /* LADRO_SIM_SEND_CEIL (default) or LADRO_SIM_SEND_FLOOR */
    /* Victim choice; NULL = uniform among the other p-1 processors. Tests script it. */
    int32_t (*pick)(void *ctx, int32_t thief, int32_t p, ladroi_rng_t *rng);
    void *pick_ctx;
    const ladro_sim_lat_observer_t *obs; /* NULL = none */
} ladro_sim_lat_params_t;

typedef struct {
    int64_t makespan;       /* time the last unit of work completes */
    int64_t startup;        /* time every processor has received work at least once
                               (makespan if that never happens) */
    int startup_complete;   /* 1 if every processor did receive work */
    uint64_t requests;      /* steal requests sent */
    uint64_t steals_ok;     /* successful steals (work transfers) */
    uint64_t steals_failed; /* failure answers sent */
    uint64_t events;        /* events delivered by the engine */
} ladro_sim_lat_result_t;

/* Reusable state for many runs with the same p (avoids reallocation per run). */
typedef struct ladro_sim_lat ladro_sim_lat_t;

ladro_sim_lat_t *ladro_sim_lat_new(int32_t p);
void ladro_sim_lat_free(ladro_sim_lat_t **s);
/* One run. prm->p must be <= the p given to ladro_sim_lat_new. Returns 0, -1 on bad params. */
int ladro_sim_lat_run(ladro_sim_lat_t *s, const ladro_sim_lat_params_t *prm,
                      ladroi_rng_t *rng, ladro_sim_lat_result_t *out);
/* Check parameters; on error writes a one-line message. */
int ladro_sim_lat_check(const ladro_sim_lat_params_t *prm, char *err, size_t errlen);

/* Paper prediction (ws-latency §III-B): W/p + 2*c*lambda*log2(W/(2 lambda)), c = 1.8. */
double ladro_sim_lat_predict(double W, double p, double lambda, double c);

#endif
