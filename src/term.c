/* Termination detection by counting waves (the four-counter method of Mattern).
 *
 * Each rank counts the tasks it created (seeded or spawned) and the tasks it completed.
 * A wave is one non-blocking sum of {created, completed} over all ranks (a tree sum,
 * src/coll.c); a rank joins a wave only when it has no local work. Because a rank
 * starts wave w+1 only after wave w completed (which needs every rank's contribution to
 * w), every reading of wave w precedes every reading of wave w+1. With monotone
 * counters, at an instant between the two:
 *     completed_now >= completed(w) == created(w+1) >= created_now,
 * and completed <= created always, so no task existed then; as only a running task can
 * create one, none ever will. Every rank sees the same sums and decides at the same
 * wave. Seeding pushes happen before a rank's first ladro_next, hence before its first
 * contribution.
 *
 * The third field counts stall-watchdog alarms (src/watchdog.c), the next four carry
 * steal_guard=pace's estimate of the run's remaining time (ladroi_guard_remaining, zeros
 * when the guard is off). The sums of the last wave are also what ladro_global_counts
 * reports. */
#include "term.h"
#include "ladro_int.h"
#include "coll.h"
#include "policy.h"
#include "watchdog.h"

#include <string.h>

int ladroi_term_init(ladro_t *lb, ladroi_term_t *t)
{
    memset(t, 0, sizeof *t);
    t->prev_completed = UINT64_MAX; /* no previous wave */
    /* The guard's sums ride along always (zeros when it is off): the waves' size must not
     * depend on a key that ladro_create does not check to be the same on every rank. */
    return ladroi_coll_init(lb, &t->wave, LADROI_COLL_SUM, 3 + LADROI_GUARD_SUMS,
                            LADROI_TAG_TERM, 0);
}

void ladroi_term_fini(ladro_t *lb, ladroi_term_t *t)
{
    /* A wave in flight: only on error paths, after ladro_destroy's barrier, where every
     * rank tests its part of it — unless a rank stopped calling MPI (the watchdog's local
     * failure), when waiting would hang and the buffers are left to MPI. */
    if (ladroi_coll_pending(&t->wave) && lb->wd_state != LADROI_WD_LOCAL)
        ladroi_coll_wait(lb, &t->wave);
    ladroi_coll_fini(&t->wave);
}

/* Test the wave in flight; *over when it completed (its sums are then read). */
static int ladro__term_test(ladro_t *lb, ladroi_term_t *t, bool idle, double now, bool *over)
{
    *over = false;
    int rc = ladroi_coll_test(lb, &t->wave, over);
    if (rc)
        return rc;
    if (!*over) {
        /* Every rank that calls the library joins a wave at least every wd/4 s
         * (ladroi_term_poll), so a wave pending for 8 wd means a rank stopped calling it. */
        double wd = lb->cfg.watchdog;
        if (wd > 0 && idle && t->waves > 0 && now - t->joined_at > 8 * wd)
            return ladroi_wd_unresponsive(lb, now - t->joined_at);
        return LADRO_OK;
    }
    t->waves++;
    LADROI_TRACE_MSG(lb, -1, LADROI_MSG_WAVE_END);
    const uint64_t *sum = t->wave.out;
    /* atomic: ladro_global_counts may be called from worker threads (threads > 1) */
    __atomic_store_n(&t->seen_created, sum[0], __ATOMIC_RELAXED);
    __atomic_store_n(&t->seen_completed, sum[1], __ATOMIC_RELAXED);
    memcpy(t->seen_guard, sum + 3, sizeof t->seen_guard);
    ladroi_guard_wave_seen(lb);
    if (t->prev_completed == sum[0] && sum[0] == sum[1]) {
        t->done = true;
        return LADRO_OK;
    }
    if (sum[2] > 0) /* the same result on every rank: all fail together */
        return ladroi_wd_trip(lb, sum[2]);
    if (sum[1] != t->prev_completed)
        t->progress_at = now;
    t->prev_completed = sum[1];
    return LADRO_OK;
}

int ladroi_term_poll(ladro_t *lb, ladroi_term_t *t, bool idle)
{
    if (t->done)
        return LADRO_OK;
    double wd = lb->cfg.watchdog, ps = lb->cfg.progress;
    bool guard = ladroi_guard_on(lb);
    double now = wd > 0 || ps > 0 || guard ? ladroi_net_now() : 0;
    bool over;
    int rc;
    if (ladroi_coll_pending(&t->wave) &&
        ((rc = ladro__term_test(lb, t, idle, now, &over)) != 0 || !over || t->done))
        return rc;
    /* With the watchdog on, a busy rank also joins a wave every wd/4 s (and at once
     * when its task overran), so stalls are seen while other ranks keep working. The
     * counting argument above does not need the contributors to be idle. */
    bool join = idle && !(lb->policy->gate_waves && lb->policy_state &&
                          lb->policy->gate_waves(lb, lb->policy_state));
    if (!join && wd > 0)
        join = now - t->joined_at >= wd / 4 || lb->wd_slow_task_s > 0 ||
               (lb->in_task && now - lb->task_start > wd);
    if (!join && ps > 0) /* progress counts: the same argument, another period */
        join = now - t->joined_at >= ps;
    if (!join && guard) { /* the guard's estimate: the same argument, its own period */
        double gp = ladroi_guard_wave_period(lb, now);
        join = gp > 0 && now - t->joined_at >= gp;
    }
    if (!join)
        return LADRO_OK;
    uint64_t mine[3 + LADROI_GUARD_SUMS] = {lb->st.tasks_pushed, lb->completed,
                                            wd > 0 ? ladroi_wd_alarm(lb, idle, now) : 0};
    ladroi_guard_wave(lb, now, mine + 3);
    if ((rc = ladroi_coll_start(lb, &t->wave, mine)) != 0)
        return rc;
    t->joined_at = now;
    LADROI_TRACE_MSG(lb, -1, LADROI_MSG_WAVE);
    /* Test it at once: a leaf sends its contribution now (a rank whose children have
     * all contributed passes the sum on), not at its next poll, which an idle rank may
     * reach only after its pause. */
    return ladro__term_test(lb, t, idle, now, &over);
}

int ladro_global_counts(const ladro_t *lb, uint64_t *created, uint64_t *completed)
{
    if (!lb)
        return LADRO_EINVAL;
    if (!created || !completed) /* the message is not part of what const protects */
        return ladroi_fail((ladro_t *)lb, LADRO_EINVAL, "ladro_global_counts: %s is NULL",
                           !created ? "created" : "completed");
    *created = __atomic_load_n(&lb->term.seen_created, __ATOMIC_RELAXED);
    *completed = __atomic_load_n(&lb->term.seen_completed, __ATOMIC_RELAXED);
    return LADRO_OK;
}
