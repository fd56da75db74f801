/* A rank's steps between and after tasks, shared by ladro_next (src/core.c) and the hub
 * of threads (src/threads.c): serve the protocol, account for a finished task, an idle
 * rank's turn, and global completion. */
#include "step.h"
#include "ladro_int.h"
#include "journal.h"
#include "policy.h"
#include "results.h"

#include <string.h>

/* Protocol service shared by ladro_progress, ladro_next and the hub of threads. */
int ladroi_serve(ladro_t *lb)
{
    int rc = ladroi_pool_release(lb, &lb->pool, lb->cfg.chunk);
    /* what thieves left of the public part (ladro_hungry asks it); a release with
     * tasks to publish has just read it */
    if (rc == 0 && lb->pool.pub_est > 0 && lb->pool.priv_count <= lb->cfg.chunk)
        rc = ladroi_pool_look_self(lb, &lb->pool);
    if (rc == 0 && lb->policy->on_progress)
        rc = lb->policy->on_progress(lb, lb->policy_state);
    if (rc == 0 && lb->jnl)
        rc = ladroi_journal_poll(lb, false);
    if (rc == 0 && lb->res)
        rc = ladroi_results_progress(lb, false);
    if (rc == 0)
        rc = ladroi_term_poll(lb, &lb->term, false);
    if (rc == 0)
        rc = ladroi_net_progress(lb);
    return rc;
}

int ladroi_task_done(ladro_t *lb, const void *rec, double start, double end, double e)
{
    ladroi_rec_hdr_t h;
    memcpy(&h, rec, sizeof h);
    lb->st.work_s += e;
    if (e > lb->st.max_task_s)
        lb->st.max_task_s = e;
    lb->st.busy_s += end - start;
    lb->st.tasks_run++;
    if (end - lb->t0 > lb->st.last_task_end_s) /* workers finish out of order */
        lb->st.last_task_end_s = end - lb->t0;
    if (LADROI_MOVES(h) >= 2)
        lb->st.tasks_stolen_twice++;
    if (h.moves & LADROI_MOVES_RERUN)
        lb->st.journal_reruns++;
    if (ladroi_guard_on(lb)) {
        int rc = ladroi_guard_task_end(lb, end - start);
        if (rc)
            return rc;
    }
    LADROI_TRACE(lb, LADROI_TEV_TASK, start, end, h.id, h.origin, LADROI_MOVES(h));
    if (lb->jnl) { /* complete once its record is durable (src/journal.c) */
        void *res = lb->res && lb->cfg.result_bytes ? ladroi_results_cur(lb) : NULL;
        int rc = ladroi_journal_done(lb, h.id, h.origin, h.moves & LADROI_MOVES_RERUN, res);
        if (res)
            memset(res, 0, lb->cfg.result_bytes); /* the next task's result starts at 0 */
        if (rc)
            return rc;
    } else if (lb->res) { /* complete when the result is home (src/results.c) */
        int rc = ladroi_results_task_end(lb, h.id, h.origin);
        if (rc)
            return rc;
    } else {
        lb->completed++;
    }
    if (lb->cfg.watchdog > 0 && end - start > lb->cfg.watchdog)
        lb->wd_slow_task_s = end - start; /* raises the alarm at the next wave */
    if (lb->policy->on_task_end)
        return lb->policy->on_task_end(lb, lb->policy_state, e, end - start);
    return LADRO_OK;
}

int ladroi_idle_turn(ladro_t *lb)
{
    lb->msg_pending = false; /* served below */
    if (lb->trace.on && lb->idle_since < 0)
        lb->idle_since = ladroi_net_now();
    int rc = lb->jnl ? ladroi_journal_poll(lb, true) : LADRO_OK; /* completions count */
    if (rc == 0 && lb->res)
        rc = ladroi_results_progress(lb, true);
    if (rc == 0)
        rc = ladroi_term_poll(lb, &lb->term, true);
    if (rc == 0 && (lb->term.done || (lb->policy->finished &&
                                       lb->policy->finished(lb, lb->policy_state))))
        ladroi_mark_done(lb);
    return rc;
}

void ladroi_mark_done(ladro_t *lb)
{
    lb->state = LADROI_DONE;
    lb->t_end = ladroi_net_now();
    lb->st.wall_s = lb->t_end - lb->t0;
    lb->st.idle_s = (double)lb->st.threads * lb->st.wall_s - lb->st.busy_s;
    lb->st.term_waves = lb->term.waves;
    if (!lb->hub) /* the one thread is the busiest (src/threads.c sets it else) */
        lb->st.worker_tasks_max = lb->st.tasks_run;
    if (lb->idle_since >= 0)
        LADROI_TRACE(lb, LADROI_TEV_IDLE, lb->idle_since, lb->t_end, 0, -1, 0);
    LADROI_TRACE(lb, LADROI_TEV_DONE, lb->t_end, lb->t_end, 0, -1, 0);
}
