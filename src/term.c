/* Termination detection by counting waves (the four-counter method of Mattern).
 *
 * Each rank counts the tasks it created (seeded or spawned) and the tasks it completed.
 * A wave is one MPI_Iallreduce(SUM) of {created, completed}; a rank joins a wave only
 * when it has no local work. Because a rank starts wave w+1 only after wave w completed
 * (which needs every rank's contribution to w), every reading of wave w precedes every
 * reading of wave w+1. With monotone counters, at an instant between the two:
 *     completed_now >= completed(w) == created(w+1) >= created_now,
 * and completed <= created always, so no task existed then; as only a running task can
 * create one, none ever will. Every rank sees the same sums and decides at the same
 * wave. Seeding pushes happen before a rank's first ladro_next, hence before its first
 * contribution. */
#include "ladro_int.h"

int ladroi_term_init(ladro_t *lb, ladroi_term_t *t)
{
    (void)lb;
    memset(t, 0, sizeof *t);
    t->req = MPI_REQUEST_NULL;
    t->prev_completed = UINT64_MAX; /* no previous wave */
    return LADRO_OK;
}

void ladroi_term_fini(ladroi_term_t *t)
{
    if (t->pending && t->req != MPI_REQUEST_NULL) {
        /* Only reachable on error paths: the collective must still complete. */
        MPI_Wait(&t->req, MPI_STATUS_IGNORE);
    }
    t->pending = false;
}

int ladroi_term_poll(ladro_t *lb, ladroi_term_t *t, bool idle)
{
    if (t->done)
        return LADRO_OK;
    if (t->pending) {
        int flag = 0;
        LADROI_MPI(lb, MPI_Test(&t->req, &flag, MPI_STATUS_IGNORE));
        if (!flag)
            return LADRO_OK;
        t->pending = false;
        t->waves++;
        if (t->prev_completed == t->recv[0] && t->recv[0] == t->recv[1]) {
            t->done = true;
            return LADRO_OK;
        }
        t->prev_completed = t->recv[1];
    }
    if (idle) {
        t->send[0] = lb->st.tasks_pushed;
        t->send[1] = lb->completed;
        LADROI_MPI(lb, MPI_Iallreduce(t->send, t->recv, 2, MPI_UINT64_T, MPI_SUM, lb->comm,
                                      &t->req));
        t->pending = true;
    }
    return LADRO_OK;
}
