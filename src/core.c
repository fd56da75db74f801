/* The handle's lifecycle and the ladro_next loop: finish the previous task (with the
 * speed emulation's padding), serve the protocol, pop a local task or ask the policy
 * for work, back off, and detect termination. */
#include "core.h"
#include "ladro_int.h"
#include "config.h"
#include "idle.h"
#include "journal.h"
#include "policy.h"
#include "results.h"
#include "step.h"
#include "threads.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void ladro__free_handle(ladro_t *lb)
{
    if (!lb)
        return;
    if (lb->wd_state == LADROI_WD_LOCAL) {
        /* Some rank stopped calling the library: a collective free would hang. Leak the
         * engine's objects and the policy's state (it may hold windows); free the rest. */
        lb->policy_state = NULL;
        memset(&lb->pool.win, 0, sizeof lb->pool.win);
        memset(&lb->guard.win, 0, sizeof lb->guard.win);
        lb->comm = NULL;
    }
    ladroi_journal_fini(lb);
    ladroi_results_fini(lb); /* before the policy: it may hold the overlay */
    if (lb->policy && lb->policy->fini && lb->policy_state)
        lb->policy->fini(lb, lb->policy_state);
    ladroi_term_fini(lb, &lb->term);
    ladroi_guard_fini(lb);
    ladroi_pool_fini(&lb->pool);
    if (lb->wd_state == LADROI_WD_LOCAL)
        lb->trace.comm = NULL;
    ladroi_trace_fini(&lb->trace);
    ladroi_net_chan_free(&lb->comm);
    free(lb->cur);
    free(lb->popts);
    free(lb);
}

/* ladro_create's local checks: cfg valid (*eff: what paper=1 implies for the core,
 * ladroi_config_effective; a plain copy when cfg is refused), the transport usable, and
 * the thread level the workers need (*hub: worker threads beside the rank's
 * communication thread: threads > 1, or the paper's communication worker). */
static int ladro__check_local(const ladro_config_t *cfg, ladro_config_t *eff, bool *hub,
                              char *msg, size_t n)
{
    *eff = *cfg;
    *hub = cfg->threads > 1;
    int rc = ladro_config_validate(cfg, msg, n);
    if (rc)
        return rc;
    ladroi_config_effective(cfg, eff);
    cfg = eff;
    if ((rc = ladroi_rma_usable(msg, n)) != 0)
        return rc;
    const ladroi_policy_ops_t *pops = ladroi_policy_find(cfg->policy);
    bool paper_hub = pops && cfg->paper && pops->paper_workers;
    *hub = cfg->threads > 1 || paper_hub;
    char inner[LADROI_ERRLEN];
    rc = ladroi_net_workers_ok(*hub ? (int)(cfg->threads > 1 ? cfg->threads : 2) : 1, inner,
                               sizeof inner);
    if (rc && paper_hub && cfg->threads <= 1)
        snprintf(msg, n, "paper=1 (%.16s's communication worker, a thread beside the "
                 "computation worker): %.160s", cfg->policy, inner);
    else if (rc)
        snprintf(msg, n, "%s", inner);
    return rc;
}

/* Collective: the configuration must be the same everywhere where it shapes shared
 * structures. rc: this rank's status so far (its fields count only when 0); returns the
 * status after the check. *broken when the all-reduce itself failed. */
static int ladro__check_same(ladroi_chan_t *comm, const ladro_config_t *cfg, int rc,
                             char *msg, size_t n, bool *broken)
{
    uint64_t mine[4] = {0, 0, 0, 0}, lo[4], hi[4];
    if (rc == 0) {
        mine[0] = cfg->task_bytes;
        mine[1] = cfg->task_capacity;
        mine[3] = cfg->result_bytes;
        mine[2] = 1469598103934665603ull; /* FNV-1a of the policy name */
        for (const char *c = cfg->policy; *c; c++)
            mine[2] = (mine[2] ^ (unsigned char)*c) * 1099511628211ull;
    }
    memcpy(lo, mine, sizeof lo);
    memcpy(hi, mine, sizeof hi);
    *broken = ladroi_net_allreduce_u64(NULL, comm, lo, 4, LADROI_NET_MIN) != LADRO_OK ||
              ladroi_net_allreduce_u64(NULL, comm, hi, 4, LADROI_NET_MAX) != LADRO_OK;
    if (!*broken && rc == 0 && memcmp(lo, hi, sizeof lo) != 0)
        rc = ladroi_failbuf(msg, n, LADRO_EINVAL, "policy, task_bytes, task_capacity and "
                            "result_bytes must be the same on every rank");
    return rc;
}

/* The handle's local part: allocations, the policy's options, the pool's deque, the
 * guard, and a journal's reading (which changes no file). *plb is set once allocated,
 * also on error (the caller frees it). */
static int ladro__alloc_local(ladroi_chan_t *comm, const ladro_config_t *cfg, bool hub,
                              ladro_t **plb, char *msg, size_t n)
{
    ladro_t *lb = *plb = calloc(1, sizeof *lb);
    if (!lb)
        return ladroi_failbuf(msg, n, LADRO_ENOMEM, "ladro_create: out of memory");
    lb->cfg = *cfg;
    lb->hub = hub;
    lb->idle_since = -1;
    lb->rank = ladroi_net_chan_rank(comm);
    lb->size = ladroi_net_chan_size(comm);
    lb->policy = ladroi_policy_find(cfg->policy); /* validated: registered */
    lb->st.struct_size = sizeof lb->st;
    ladroi_rng_seed(&lb->rng, cfg->seed, (uint64_t)lb->rank + 1);
    int rc = 0;
    lb->speed = 1.0;
    if (lb->policy->opts_size) {
        lb->popts = calloc(1, lb->policy->opts_size);
        rc = lb->popts ? ladroi_policy_opts(lb->policy, cfg, lb->popts, msg, n)
                       : ladroi_failbuf(msg, n, LADRO_ENOMEM, "ladro_create: out of memory");
    }
    /* a lone rank has no thief: its tasks stay private, no window round trip for each of
     * them (a release, then taking it back) */
    if (rc == 0)
        rc = ladroi_pool_init(lb, &lb->pool, cfg->task_bytes, cfg->task_capacity,
                              lb->policy->steals && lb->size > 1);
    if (rc == 0)
        ladroi_guard_init(lb);
    if (rc == 0) {
        lb->cur = calloc(1, lb->pool.rec_bytes);
        if (!lb->cur)
            rc = ladroi_fail(lb, LADRO_ENOMEM, "ladro_create: out of memory");
    }
    if (rc == 0 && cfg->journal[0]) /* reads only: a refused journal stays as it was */
        rc = ladroi_journal_open(lb, msg, n);
    if (rc && !msg[0])
        snprintf(msg, n, "%s", lb->err);
    return rc;
}

/* Collective, every rank whatever it returns: the modules' windows, channels and states,
 * the policy's init, results routed straight home, the journal's start. */
static int ladro__open_all(ladro_t *lb, char *msg, size_t n)
{
    int rc = ladroi_idle_init(lb);
    if (rc == 0)
        rc = ladroi_pool_open(lb, &lb->pool);
    if (rc == 0)
        rc = ladroi_guard_open(lb);
    if (rc == 0)
        rc = ladroi_term_init(lb, &lb->term);
    if (rc == 0)
        rc = ladroi_trace_init(lb);
    if (rc == 0 && lb->policy->init)
        rc = lb->policy->init(lb, &lb->policy_state);
    if (rc == 0 && !lb->res && lb->cfg.result_bytes > 0) /* results straight home */
        rc = ladroi_results_init(lb, NULL, false);
    if (rc == 0 && lb->jnl)
        rc = ladroi_journal_start(lb);
    if (rc)
        snprintf(msg, n, "%s", lb->err);
    return rc;
}

int ladroi_create(ladroi_chan_t *comm, const ladro_config_t *cfg, ladro_t **out, char *err,
                  size_t errlen)
{
    char msg[LADROI_ERRLEN] = "";
    ladro_config_t eff;
    bool hub, broken;
    int rc = ladro__check_local(cfg, &eff, &hub, msg, sizeof msg);
    rc = ladro__check_same(comm, &eff, rc, msg, sizeof msg, &broken);
    if (broken)
        return ladroi_failbuf(err, errlen, LADRO_EMPI, "ladro_create: the configuration "
                              "check (an all-reduce) failed");
    ladro_t *lb = NULL;
    if (rc == 0)
        rc = ladro__alloc_local(comm, &eff, hub, &lb, msg, sizeof msg);
    int all = ladroi_net_agree(NULL, comm, rc);
    if (all == 0) {
        rc = ladroi_net_chan_dup(lb, comm, &lb->comm);
        all = ladroi_net_agree(NULL, comm, rc);
    }
    if (all == 0) {
        rc = ladro__open_all(lb, msg, sizeof msg);
        all = ladroi_net_agree(NULL, comm, rc);
    }
    if (all != 0) {
        if (rc == 0)
            snprintf(msg, sizeof msg, "another rank failed to create the handle (%s)",
                     ladro_err_name(all));
        ladroi_failbuf(err, errlen, all, "%s", msg);
        ladro__free_handle(lb);
        return all;
    }
    lb->st.speed = lb->speed;
    lb->st.threads = lb->cfg.threads;
    lb->state = LADROI_SEEDING;
    ladroi_net_barrier(lb, lb->comm); /* the common start of the makespan */
    lb->t0 = ladroi_net_now();
    *out = lb;
    return LADRO_OK;
}

/* ladro_destroy, and the message of its error into err (the handle is gone after). */
static int ladro__destroy(ladro_t **plb, char *err, size_t errlen)
{
    if (!plb || !*plb)
        return LADRO_OK;
    ladro_t *lb = *plb;
    int rc = LADRO_OK;
    if (lb->wd_state == LADROI_WD_LOCAL)
        rc = LADRO_ETIMEDOUT; /* local clean-up only: see src/watchdog.c */
    else { /* every rank reached LADRO_DONE (or gave up): no RMA access is outstanding */
        rc = ladroi_trace_write(lb);
        ladroi_net_barrier(lb, lb->comm);
        if (lb->policy->on_destroy && lb->policy_state) {
            int prc = lb->policy->on_destroy(lb, lb->policy_state);
            if (rc == LADRO_OK)
                rc = prc;
        }
    }
    if (rc && err)
        ladroi_failbuf(err, errlen, rc, "%s", lb->err);
    ladro__free_handle(lb);
    *plb = NULL;
    return rc;
}

int ladro_destroy(ladro_t **plb)
{
    return ladro__destroy(plb, NULL, 0);
}

int ladro_push(ladro_t *lb, const ladro_task_t *task)
{
    if (!lb)
        return LADRO_EINVAL;
    if (!task)
        return ladroi_fail(lb, LADRO_EINVAL, "ladro_push: task is NULL");
    ladroi_worker_t *w = ladroi_worker_self(lb);
    if (w) /* spawning from a worker's task (threads > 1): its own deque */
        return ladroi_worker_push(w, task);
    if (lb->state == LADROI_DONE)
        return ladroi_fail(lb, LADRO_ESTATE, "ladro_push after LADRO_DONE");
    if (lb->state == LADROI_RUNNING && !lb->in_task)
        return ladroi_fail(lb, LADRO_ESTATE, "ladro_push outside a task after the first "
                           "ladro_next (push before it, or from inside a task)");
    if (lb->cfg.task_bytes && !task->payload)
        return ladroi_fail(lb, LADRO_EINVAL, "ladro_push: payload is NULL but task_bytes "
                           "is %zu", lb->cfg.task_bytes);
    uint32_t rerun = 0;
    if (lb->jnl) { /* a task the journal records as completed is not created again */
        bool done;
        int jrc = ladroi_journal_take(lb, task->id, &done); /* its result is handed here */
        /* a dropped child stays a child in the running task's record: a later resume,
         * where that task is completed and pushes nothing, finds its result there */
        if (jrc == 0 && done && lb->state == LADROI_RUNNING)
            jrc = ladroi_journal_child(lb, task->id, task->payload);
        if (jrc || done)
            return jrc;
        rerun = (lb->state == LADROI_RUNNING ? lb->cur_rerun : ladroi_journal_resumed(lb))
                    ? LADROI_MOVES_RERUN : 0;
    }
    if (lb->state == LADROI_RUNNING && lb->policy->on_spawn) {
        int src = lb->policy->on_spawn(lb, lb->policy_state);
        if (src < 0)
            return src;
    }
    int rc;
    if (lb->jnl && lb->state == LADROI_RUNNING &&
        (rc = ladroi_journal_child(lb, task->id, task->payload)) != 0)
        return rc;
    ladroi_rec_hdr_t h = {.id = task->id, .origin = lb->rank, .moves = rerun};
    rc = ladroi_pool_push(lb, &lb->pool, &h, task->payload, lb->cfg.task_bytes);
    if (rc)
        return rc;
    lb->st.tasks_pushed++;
    if (lb->state == LADROI_RUNNING)
        lb->spawns = true;
    return LADRO_OK;
}

uint32_t ladroi_take_cap(const ladro_t *lb)
{
    return !lb->cfg.paper && (lb->spawns || lb->st.tasks_run == 0) ? 1 : 0;
}

int ladro_result(ladro_t *lb, const void *bytes)
{
    if (!lb)
        return LADRO_EINVAL;
    if (!bytes)
        return ladroi_fail(lb, LADRO_EINVAL, "ladro_result: bytes is NULL");
    ladroi_worker_t *w = ladroi_worker_self(lb);
    if (w && lb->cfg.result_bytes == 0)
        return ladroi_fail(lb, LADRO_EINVAL, "ladro_result: result_bytes is 0 (set "
                           "LADRO_RESULT_BYTES / cfg.result_bytes)");
    if (w) /* a worker's task (threads > 1): the hub routes it when the task ends */
        return ladroi_worker_result(w, bytes);
    if (!lb->in_task)
        return ladroi_fail(lb, LADRO_ESTATE, "ladro_result outside a task (call it between "
                           "ladro_next returning the task and the next ladro_next)");
    if (!lb->res || lb->cfg.result_bytes == 0)
        return ladroi_fail(lb, LADRO_EINVAL, "ladro_result: result_bytes is 0 (set "
                           "LADRO_RESULT_BYTES / cfg.result_bytes)");
    memcpy(ladroi_results_cur(lb), bytes, lb->cfg.result_bytes);
    return LADRO_OK;
}

/* A busy rank's service. The local part of ladroi_serve (the pool's release, so thieves
 * see new tasks at once) runs at every ladro_progress and ladro_next; the rest (the
 * policy's protocol, results, journal, termination waves, one MPI probe: ~500
 * instructions, most of them the probe) runs once LADRO__SERVE_S have passed since it
 * last ran. A request to a busy rank is answered within about that much, whatever the
 * application's calling rate; a call costs a counter and the release check otherwise.
 * ladro_next knows the time (it reads the clock to close the task); ladro_progress does
 * not, so it runs the full service every serve_stride calls, the stride set at each run
 * from the calls' measured pace to about LADRO__SERVE_S (at most doubling, and dropping
 * at once when calls get sparse). 20 us: the full service then costs under 1 % of a busy
 * rank's time, and where RMA needs the target's MPI calls (Open MPI's osc pt2pt, networks
 * without RDMA atomics) each remote operation on a busy rank waits at most about that. */
#define LADRO__SERVE_S 20e-6
#define LADRO__STRIDE_MAX 1024u

/* Between two full services a rank publishes new tasks only while thieves see none
 * (the pool's estimate of its public part is 0): one atomic on its own window per
 * service instead of one per pushed task, and tasks run soon after their push stay
 * private (no publish, no take-back). A task pushed while others are public waits at
 * most LADRO__SERVE_S for the next full service's release. */
static int ladro__release_quick(ladro_t *lb)
{
    if (lb->pool.pub_est > 0)
        return LADRO_OK;
    return ladroi_pool_release(lb, &lb->pool, lb->cfg.chunk);
}

static int ladro__serve_full(ladro_t *lb, double now)
{
    lb->serve_at = now;
    lb->serve_left = lb->serve_stride;
    return ladroi_serve(lb);
}

/* Only where a task could leave the rank, and, on a stealable pool, only while thieves
 * would find nothing: no public task left (as of the last full service, which reads
 * the pool's word) and no private one beyond chunk waiting for the next release. A
 * search then keeps its surplus on its own stack, where it costs nothing, instead of
 * pushing a task every few nodes that it takes back itself (UTS T1L at 2 ranks: 1.26 M
 * tasks a rank, 231 of them stolen). A thief waits at most LADRO__SERVE_S to be seen.
 * leader and paper=1: whenever a task could leave; a2ws until this rank's tasks push
 * tasks (src/policy.h, push_always). */
int ladro_hungry(const ladro_t *lb)
{
    if (!lb || lb->state == LADROI_DONE)
        return 0;
    /* the policy's amounts count tasks, or paper=1: a search splits as the papers' UTS
     * (whenever it can) */
    bool always = (lb->policy->push_always && !lb->spawns) || lb->cfg.paper;
    if (lb->hub) /* a worker's task: siblings and remote thieves take from its deque */
        return always || ladroi_worker_hungry(lb);
    if (lb->size < 2 || lb->policy->local_only)
        return 0;
    if (always || !lb->pool.stealable)
        return 1; /* or tasks move by the policy's messages */
    return lb->pool.pub_est == 0 && lb->pool.priv_count <= lb->cfg.chunk;
}

int ladro_progress(ladro_t *lb)
{
    if (!lb)
        return LADRO_EINVAL;
    if (ladroi_worker_self(lb))
        return LADRO_OK; /* a worker's task: the hub serves the protocol meanwhile */
    if (lb->state == LADROI_DONE)
        return LADRO_OK;
    if (lb->wd_state)
        return LADRO_ETIMEDOUT;
    if (lb->serve_left > 1) {
        lb->serve_left--;
        return ladro__release_quick(lb);
    }
    double now = ladroi_net_now(), gap = now - lb->serve_at;
    unsigned s = lb->serve_stride ? lb->serve_stride : 1;
    if (gap <= 0)
        s *= 2;
    else {
        double fit = LADRO__SERVE_S * s / gap; /* calls per LADRO__SERVE_S at this pace */
        s = fit >= 2.0 * s ? 2 * s : fit < 1 ? 1 : (unsigned)fit;
    }
    lb->serve_stride = s < LADRO__STRIDE_MAX ? s : LADRO__STRIDE_MAX;
    return ladro__serve_full(lb, now);
}

/* Complete the current task: emulate this rank's speed, then account for it. */
static int ladro__finish_task(ladro_t *lb, double *end)
{
    double now = ladroi_net_now();
    double e = now - lb->task_start;
    if (lb->speed < 1.0) {
        /* A rank of speed s takes e/s for what the fastest rank does in e. Pad in
         * slices, serving the protocol, so thieves and tokens never wait on a pad. */
        double end = lb->task_start + e / lb->speed;
        while ((now = ladroi_net_now()) < end) {
            double slice = end - now < 1e-3 ? end - now : 1e-3;
            if (lb->emulate == LADRO_EMULATE_SPIN)
                ladroi_spin_s(slice);
            else
                ladroi_net_sleep_us(slice * 1e6);
            int rc = ladroi_serve(lb);
            if (rc)
                return rc;
        }
    }
    lb->in_task = false;
    *end = now;
    return ladroi_task_done(lb, lb->cur, lb->task_start, now, e);
}

static void ladro__fill(ladro_t *lb, ladro_task_t *task)
{
    ladroi_rec_hdr_t h;
    memcpy(&h, lb->cur, sizeof h);
    task->id = h.id;
    task->origin = h.origin;
    task->moves = LADROI_MOVES(h);
    task->flags = h.moves & LADROI_MOVES_RERUN ? LADRO_TASK_RERUN : 0;
    lb->cur_rerun = (h.moves & LADROI_MOVES_RERUN) != 0;
    task->payload = lb->cfg.task_bytes ? lb->cur + sizeof h : NULL;
}

int ladro_next(ladro_t *lb, ladro_task_t *task)
{
    int rc;
    if (!lb)
        return LADRO_EINVAL;
    if (!task)
        return ladroi_fail(lb, LADRO_EINVAL, "ladro_next: task is NULL (the ladro_task_t "
                           "to fill)");
    if (lb->hub)
        return ladroi_fail(lb, LADRO_ESTATE, "ladro_next with threads=%u%s: run the tasks "
                           "with ladro_run (it starts the workers)", lb->cfg.threads,
                           lb->cfg.threads > 1 ? "" : " and paper=1 (the paper's "
                           "communication worker)");
    if (lb->state == LADROI_DONE)
        return LADRO_DONE;
    if (lb->wd_state)
        return LADRO_ETIMEDOUT; /* sticky: lb->err says why */
    double now = -1; /* the end of the task just finished, else the call's start */
    bool finished = lb->in_task;
    if (finished && (rc = ladro__finish_task(lb, &now)) != 0)
        return rc;
    if (lb->state == LADROI_SEEDING) {
        lb->state = LADROI_RUNNING;
        if (lb->policy->on_start && (rc = lb->policy->on_start(lb, lb->policy_state)) != 0)
            return rc;
    }
    if (!finished)
        now = ladroi_net_now();
    /* between two tasks: the full service when due (ladro_progress's comment) */
    if (!finished || now - lb->serve_at >= LADRO__SERVE_S)
        rc = ladro__serve_full(lb, now);
    else
        rc = ladro__release_quick(lb);
    if (rc)
        return rc;
    for (;;) {
        bool leave; /* steal_guard=pace: a slow rank leaves its tasks to hungry thieves */
        if ((rc = ladroi_guard_leave(lb, &leave)) != 0)
            return rc;
        rc = leave ? 0 : ladroi_pool_pop(lb, &lb->pool, lb->cur);
        if (rc < 0)
            return rc;
        if (rc == 1) {
            lb->in_task = true;
            lb->backoff_us = lb->cfg.backoff_min_us;
            /* straight from the previous task (or this call's start): that instant is
             * this one's start, the few ns of the call between counted as busy (a clock
             * read is a third of the runtime's cost of a task) */
            lb->task_start = now >= 0 ? now : ladroi_net_now();
            if (lb->idle_since >= 0) {
                LADROI_TRACE(lb, LADROI_TEV_IDLE, lb->idle_since, lb->task_start, 0, -1, 0);
                lb->idle_since = -1;
            }
            ladro__fill(lb, task);
            return LADRO_OK;
        }
        /* Idle: send results, join termination waves, ask the policy for work, pause
         * (src/idle.c). */
        now = -1; /* the next task starts later: read the clock then */
        if ((rc = ladroi_idle_turn(lb)) != 0)
            return rc;
        if (lb->state == LADROI_DONE)
            return LADRO_DONE;
        lb->idle_round = true; /* the policy's round may stop at a message */
        rc = lb->policy->on_idle(lb, lb->policy_state);
        if (rc == 0 && !lb->msg_pending && lb->policy->on_progress)
            rc = lb->policy->on_progress(lb, lb->policy_state);
        lb->idle_round = false;
        if (rc < 0)
            return rc;
        if (rc > 0) {
            lb->backoff_us = lb->cfg.backoff_min_us;
            continue;
        }
        if (lb->msg_pending) /* a message came during the round: serve it now, no pause */
            continue;
        if ((rc = ladroi_net_progress(lb)) != 0 || (rc = ladroi_idle_pause(lb)) != 0)
            return rc;
    }
}

int ladro_run(ladro_t *lb, ladro_task_fn fn, void *user_data)
{
    if (!lb)
        return LADRO_EINVAL;
    if (!fn)
        return ladroi_fail(lb, LADRO_EINVAL, "ladro_run: fn is NULL");
    if (lb->hub)
        return ladroi_threads_run(lb, fn, user_data);
    ladro_task_t t;
    int rc, first_err = 0;
    while ((rc = ladro_next(lb, &t)) == LADRO_OK) {
        unsigned e0 = lb->err_count;
        int r = fn(lb, &t, user_data);
        if (r < 0 && first_err == 0 && lb->err_count != e0) {
            char cause[LADROI_ERRLEN]; /* what a call of the task said comes first */
            snprintf(cause, sizeof cause, "%s", lb->err);
            first_err = ladroi_fail(lb, r, "%s (then the task function returned %d on task "
                                    "%" PRIu64 "; the run went on)", cause, r, t.id);
        } else if (r < 0 && first_err == 0)
            first_err = ladroi_fail(lb, r, "ladro_run: the task function returned %d on "
                                    "task %" PRIu64 " (the run went on)", r, t.id);
    }
    if (rc < 0)
        return rc;
    return first_err;
}

int ladroi_run_range(ladro_t **plb, uint64_t n, ladro_task_fn fn, void *user_data, char *err,
                     size_t errlen)
{
    ladro_t *lb = *plb;
    int rc = LADRO_OK, rank = lb->rank, size = lb->size;
    uint64_t lo = n * (uint64_t)rank / (uint64_t)size;
    uint64_t hi = n * (uint64_t)(rank + 1) / (uint64_t)size;
    for (uint64_t i = lo; i < hi && rc == 0; i++) {
        ladro_task_t t = {.id = i};
        rc = ladro_push(lb, &t);
    }
    /* a rank that cannot seed must not strand the others */
    int all = ladroi_net_agree(lb, lb->comm, rc);
    if (all && !rc)
        ladroi_fail(lb, all, "ladro_run_range: another rank could not seed its tasks (%s)",
                    ladro_err_name(all));
    rc = all;
    if (rc == 0)
        rc = ladro_run(lb, fn, user_data);
    if (rc && err) /* the handle's message, before the handle goes */
        ladroi_failbuf(err, errlen, rc, "%s", lb->err[0] ? lb->err : ladro_strerror(rc));
    int drc = ladro__destroy(plb, rc ? NULL : err, errlen); /* e.g. the trace's write */
    return rc ? rc : drc;
}

int ladro_rank(const ladro_t *lb)
{
    return lb ? lb->rank : -1;
}
int ladro_size(const ladro_t *lb)
{
    return lb ? lb->size : 0;
}
double ladro_speed(const ladro_t *lb)
{
    return lb ? lb->speed : 0;
}
int ladro_emulate(ladro_t *lb, double speed, int how)
{
    if (!lb)
        return LADRO_EINVAL;
    if (!(speed > 0 && speed <= 1) || (how != LADRO_EMULATE_SLEEP && how != LADRO_EMULATE_SPIN))
        return ladroi_fail(lb, LADRO_EINVAL, "ladro_emulate: speed %g, mode %d: accepted: a "
                           "speed in (0, 1] and LADRO_EMULATE_SLEEP or LADRO_EMULATE_SPIN",
                           speed, how);
    if (lb->state != LADROI_SEEDING || lb->in_task)
        return ladroi_fail(lb, LADRO_ESTATE, "ladro_emulate: tasks already run: call it "
                           "before the first ladro_next or ladro_run");
    lb->speed = speed;
    lb->st.speed = speed;
    lb->emulate = how;
    return LADRO_OK;
}
const ladro_config_t *ladro_config(const ladro_t *lb)
{
    return lb ? &lb->cfg : NULL;
}
