/* ladro-sim event engine: an indexed binary min-heap of events keyed by (time, seq).
 *
 * Each event is identified by a small integer handle chosen by the model (for example
 * "completion of processor i" = i, "message in flight for thief i" = p + i). A handle has
 * at most one pending event; scheduling a pending handle again moves it (decrease or
 * increase key) instead of leaving a stale copy behind. Ties on time are broken by a
 * sequence number taken when the event is (re)scheduled, so events at the same time pop
 * in the order they were scheduled: a seed reproduces a run exactly.
 * No MPI, no global state. */
#ifndef LADRO_SIM_ENGINE_H
#define LADRO_SIM_ENGINE_H

#include "util.h" /* the runtime's RNG (ladroi_rng_*) and clock (ladroi_now), src/util.h */

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct {
    int64_t t;     /* simulated time */
    uint64_t seq;  /* tie-break: scheduling order */
    int32_t h;     /* handle */
} ladro_sim_ev_t;

typedef struct {
    ladro_sim_ev_t *a; /* heap array, a[0] is the minimum */
    int32_t *pos;      /* pos[h] = index in a, or -1 if h is not pending */
    int32_t n;         /* pending events */
    int32_t nh;        /* handle space 0..nh-1 */
    uint64_t seq;      /* next sequence number */
    uint64_t pops;     /* events delivered (statistics) */
} ladro_sim_heap_t;

/* Allocate for handles 0..nhandles-1. Returns 0, or -1 on allocation failure. */
int ladro_sim_heap_init(ladro_sim_heap_t *q, int32_t nhandles);
void ladro_sim_heap_free(ladro_sim_heap_t *q);
/* Forget every pending event (keeps the allocation; restarts the sequence). */
void ladro_sim_heap_clear(ladro_sim_heap_t *q);
/* Schedule handle h at time t (insert, or move it if already pending). */
void ladro_sim_heap_schedule(ladro_sim_heap_t *q, int32_t h, int64_t t);
/* Remove h if pending. */
void ladro_sim_heap_cancel(ladro_sim_heap_t *q, int32_t h);
/* Pop the minimum: returns its handle and stores its time, or -1 if empty. */
int32_t ladro_sim_heap_pop(ladro_sim_heap_t *q, int64_t *t);

static inline bool ladro_sim_heap_pending(const ladro_sim_heap_t *q, int32_t h)
{
    return q->pos[h] >= 0;
}
static inline int32_t ladro_sim_heap_size(const ladro_sim_heap_t *q) { return q->n; }
/* Time of a pending handle (undefined if not pending). */
static inline int64_t ladro_sim_heap_time(const ladro_sim_heap_t *q, int32_t h)
{
    return q->a[q->pos[h]].t;
}

#endif
