/* Termination detection (src/term.c): four-counter waves, a tree sum each. Never
 * installed. */
#ifndef LADRO_TERM_H
#define LADRO_TERM_H

#include "coll.h" /* ladroi_coll_t */
#include "guard.h" /* LADROI_GUARD_SUMS */

#include <stdbool.h>
#include <stdint.h>

typedef struct ladroi_term {
    ladroi_coll_t wave; /* sum of {created, completed, watchdog alarms}; in flight:
                         * ladroi_coll_pending(&wave) */
    uint64_t prev_completed;
    uint64_t waves;
    uint64_t seen_created, seen_completed; /* sums of the last completed wave */
    uint64_t seen_guard[LADROI_GUARD_SUMS]; /* and its steal_guard=pace sums */
    bool done;
    /* watchdog (src/watchdog.c) */
    double joined_at;   /* when this rank last contributed to a wave */
    double progress_at; /* when a wave last showed the global completed count grow */
} ladroi_term_t;

int ladroi_term_init(ladro_t *lb, ladroi_term_t *t);
void ladroi_term_fini(ladro_t *lb, ladroi_term_t *t);
/* Advance detection. `idle`: this rank has no local work (a new wave is started only
 * when idle). Sets t->done when global completion is established. */
int ladroi_term_poll(ladro_t *lb, ladroi_term_t *t, bool idle);

#endif
