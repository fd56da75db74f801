/* Stall watchdog (cfg.watchdog seconds, LADRO_WATCHDOG) and the state dump.
 *
 * "No task completes anywhere for `watchdog`" is decided on the termination waves
 * (src/term.c), which already sum {created, completed} over all ranks; a third field
 * counts alarms. A rank raises one in its contribution when
 *   - its current task, or the one it just finished, ran longer than `watchdog`
 *     (a task that never calls back is seen when it finally calls ladro_progress or
 *     ladro_next), or
 *   - it is idle and the global completed count has not grown between waves for
 *     `watchdog` (work exists but nobody runs it: a lost task, a protocol deadlock).
 * With the watchdog on, busy ranks join a wave every `watchdog`/4, so waves keep
 * completing while anybody calls the library. Every rank reads the same sums, so all
 * fail in the same wave with LADRO_ETIMEDOUT (LADROI_WD_AGREED): no rank is left
 * waiting, and the handle can still be destroyed collectively.
 * When a wave cannot complete because some rank stopped calling the library for
 * 8 x `watchdog`, an idle rank fails alone (LADROI_WD_LOCAL): no collective can finish,
 * so ladro_destroy then frees local memory only and the program should MPI_Abort. */
#include "watchdog.h"
#include "ladro_int.h"
#include "coll.h"
#include "policy.h"
#include "results.h"

#include <inttypes.h>
#include <string.h>

uint64_t ladroi_wd_alarm(ladro_t *lb, bool idle, double now)
{
    double wd = lb->cfg.watchdog;
    const ladroi_term_t *t = &lb->term;
    if (lb->wd_slow_task_s > 0) {
        snprintf(lb->wd_reason, sizeof lb->wd_reason, "rank %d ran one task for %.3g s",
                 lb->rank, lb->wd_slow_task_s);
        return 1;
    }
    if (lb->in_task && now - lb->task_start > wd) {
        snprintf(lb->wd_reason, sizeof lb->wd_reason, "rank %d has been inside one task "
                 "for %.3g s", lb->rank, now - lb->task_start);
        return 1;
    }
    if (idle && t->waves > 0 && now - t->progress_at > wd) {
        snprintf(lb->wd_reason, sizeof lb->wd_reason, "rank %d idle, and no task completed "
                 "anywhere for %.3g s (%" PRIu64 " of %" PRIu64 " tasks done)", lb->rank,
                 now - t->progress_at, t->seen_completed, t->seen_created);
        return 1;
    }
    lb->wd_reason[0] = '\0';
    return 0;
}

int ladroi_wd_trip(ladro_t *lb, uint64_t alarms)
{
    lb->wd_state = LADROI_WD_AGREED;
    return ladroi_fail(lb, LADRO_ETIMEDOUT, "watchdog (%g s): stalled, %" PRIu64 " rank(s) "
                       "raised the alarm%s%s", lb->cfg.watchdog, alarms,
                       lb->wd_reason[0] ? "; " : "", lb->wd_reason);
}

int ladroi_wd_unresponsive(ladro_t *lb, double waited)
{
    lb->wd_state = LADROI_WD_LOCAL;
    return ladroi_fail(lb, LADRO_ETIMEDOUT, "watchdog (%g s): no termination wave completed "
                       "for %.3g s (8 x the watchdog): a rank stopped calling ladro_next/"
                       "ladro_progress (a task longer than the watchdog, or a dead rank); "
                       "abort the job",
                       lb->cfg.watchdog, waited);
}

static const char *ladro__state_name(const ladro_t *lb)
{
    if (lb->wd_state == LADROI_WD_AGREED)
        return "timed out (all ranks agreed)";
    if (lb->wd_state == LADROI_WD_LOCAL)
        return "timed out (this rank alone)";
    switch (lb->state) {
    case LADROI_SEEDING:
        return "seeding";
    case LADROI_RUNNING:
        return "running";
    case LADROI_DONE:
        return "done";
    }
    return "?";
}

void ladro_dump_state(const ladro_t *lb, FILE *out)
{
    if (!lb || !out)
        return;
    double now = ladroi_net_now();
    const ladroi_term_t *t = &lb->term;
    fprintf(out, "ladro state, rank %d of %d: policy %s, %s, %.3f s since start\n", lb->rank,
            lb->size, lb->policy->name, ladro__state_name(lb), now - lb->t0);
    fprintf(out, "  idle ranks %s (this node: %d ranks on %d cores)\n",
            lb->cfg.idle == LADRO_IDLE_SPIN ? "spin" : "back off", lb->node_ranks,
            lb->node_cores);
    if (lb->in_task) {
        ladroi_rec_hdr_t h;
        memcpy(&h, lb->cur, sizeof h);
        fprintf(out, "  in task %" PRIu64 " (origin %d, moved %u) for %.3f s\n", h.id,
                (int)h.origin, (unsigned)LADROI_MOVES(h), now - lb->task_start);
    } else {
        fprintf(out, "  not in a task\n");
    }
    fprintf(out, "  queue: %zu private, %u public (last seen), capacity %u\n",
            lb->pool.priv_count, (unsigned)lb->pool.pub_est, (unsigned)lb->pool.capacity);
    fprintf(out, "  here: %" PRIu64 " created, %" PRIu64 " completed; steals %" PRIu64
            " tried, %" PRIu64 " ok, %" PRIu64 " failed, %" PRIu64 " tasks stolen\n",
            lb->st.tasks_pushed, lb->completed, lb->st.steals_tried, lb->st.steals_ok,
            lb->st.steals_failed, lb->st.tasks_stolen);
    bool pending = ladroi_coll_pending(&t->wave);
    fprintf(out, "  termination: %" PRIu64 " waves, wave %s", t->waves,
            pending ? "pending: " : "not pending");
    if (pending)
        fprintf(out, "%s", ladroi_coll_phase(&t->wave));
    if (pending && lb->cfg.watchdog > 0)
        fprintf(out, " (joined %.3f s ago)", now - t->joined_at);
    if (t->waves > 0)
        fprintf(out, "; last wave: %" PRIu64 " created, %" PRIu64 " completed everywhere",
                t->seen_created, t->seen_completed);
    fprintf(out, "\n");
    if (lb->cfg.watchdog > 0)
        fprintf(out, "  watchdog %g s: global progress last seen %.3f s ago; alarm here: %s\n",
                lb->cfg.watchdog, t->waves > 0 ? now - t->progress_at : now - lb->t0,
                lb->wd_reason[0] ? lb->wd_reason : "none");
    if (lb->policy->dump)
        lb->policy->dump(lb, lb->policy_state, out);
    ladroi_results_dump(lb, out); /* results in flight (src/results.c; nothing when off) */
    if (lb->err[0])
        fprintf(out, "  last error: %s\n", lb->err);
}
