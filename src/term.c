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
 * contribution.
 *
 * The third field counts stall-watchdog alarms (src/watchdog.c). The sums of the last
 * wave are also what ladro_global_counts reports. */
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
    double wd = lb->cfg.watchdog_s, ps = lb->cfg.progress_s;
    double now = wd > 0 || ps > 0 ? ladroi_now() : 0;
    if (t->pending) {
        int flag = 0;
        LADROI_MPI(lb, MPI_Test(&t->req, &flag, MPI_STATUS_IGNORE));
        if (!flag) {
            /* Every rank that calls the library joins a wave at least every wd/4 s
             * (below), so a wave pending for 8 wd means a rank stopped calling it. */
            if (wd > 0 && idle && t->waves > 0 && now - t->joined_at > 8 * wd)
                return ladroi_wd_unresponsive(lb, now - t->joined_at);
            return LADRO_OK;
        }
        t->pending = false;
        t->waves++;
        t->seen_created = t->recv[0];
        t->seen_completed = t->recv[1];
        if (t->prev_completed == t->recv[0] && t->recv[0] == t->recv[1]) {
            t->done = true;
            return LADRO_OK;
        }
        if (t->recv[2] > 0) /* the same result on every rank: all fail together */
            return ladroi_wd_trip(lb, t->recv[2]);
        if (t->recv[1] != t->prev_completed)
            t->progress_at = now;
        t->prev_completed = t->recv[1];
    }
    /* With the watchdog on, a busy rank also joins a wave every wd/4 s (and at once
     * when its task overran), so stalls are seen while other ranks keep working. The
     * counting argument above does not need the contributors to be idle. */
    bool join = idle && !t->gated;
    if (!join && wd > 0)
        join = now - t->joined_at >= wd / 4 || lb->wd_slow_task_s > 0 ||
               (lb->in_task && now - lb->task_start > wd);
    if (!join && ps > 0) /* progress counts: the same argument, another period */
        join = now - t->joined_at >= ps;
    if (join) {
        t->send[0] = lb->st.tasks_pushed;
        t->send[1] = lb->completed;
        t->send[2] = wd > 0 ? ladroi_wd_alarm(lb, idle, now) : 0;
        LADROI_MPI(lb, MPI_Iallreduce(t->send, t->recv, 3, MPI_UINT64_T, MPI_SUM, lb->comm,
                                      &t->req));
        t->pending = true;
        t->joined_at = now;
    }
    return LADRO_OK;
}

int ladro_global_counts(const ladro_t *lb, uint64_t *created, uint64_t *completed)
{
    if (!lb || !created || !completed)
        return LADRO_EINVAL;
    *created = lb->term.seen_created;
    *completed = lb->term.seen_completed;
    return LADRO_OK;
}
