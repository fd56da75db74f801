/* Threads inside a rank (cfg.threads > 1, or paper=1 with baseline or successonly; docs/architecture.md, "Threads inside a rank").
 *
 * ladro_run starts cfg.threads workers and turns the calling thread into the rank's
 * communication thread, the hub:
 *   - workers run tasks. Each has a Chase-Lev deque (src/deque.h): tasks a task spawns
 *     (ladro_push) go to the bottom of its worker's deque, the worker takes from there,
 *     and a worker with nothing steals the oldest task of a sibling's deque, in shared
 *     memory, before asking the hub. Workers never call the engine (no MPI);
 *   - the hub alone drives the rest of the runtime, unchanged: the rank's public pool
 *     (src/pool.c, what remote thieves see), the policy's protocol (replies,
 *     registrations, ctws's token, a2ws's information, the leader's queue), results
 *     routing and the termination waves. It hands hungry workers tasks from the pool
 *     through the inbox, moves part of a full worker deque into the pool when the pool
 *     is empty (so remote thieves find the rank's work), accounts for the tasks workers
 *     completed (statistics, results, the policy's on_task_end), and, when every
 *     worker is hungry and the pool empty, acts as an idle rank does in ladro_next. It
 *     sleeps on a condition variable between rounds (a doubling back-off up to
 *     backoff_max_us, cut short when a worker goes hungry), so it serves remote
 *     requests while workers compute without spinning on a core.
 * So ladro_progress is never needed (a no-op in a worker), and the engine is called by
 * one thread only: MPI_THREAD_FUNNELED (SERIALIZED off the main thread) suffices.
 *
 * Journal (src/journal.c): a worker's ladro_push records the child in its running task's
 * children (and drops it when the journal holds it as completed: the completed set is
 * read-only during the run, so workers read it without a lock); the children travel with
 * the completion record, and the hub alone hands out a dropped child's result, adds the
 * children to the record and commits it, as ladro_push and ladroi_task_done do with one
 * thread. One writer per file, one group commit per rank.
 *
 * Termination: the hub counts a task created by a worker when it folds the workers'
 * creation counters, which it does after taking their completion records (and before:
 * a creation counted earlier keeps the bound below) and after moving tasks into the
 * pool. A worker counts a spawned task before pushing it, and a
 * task's completion record is written after its children were pushed; so every task the
 * hub counts as completed, or lets a remote rank see, has its creation counted, and
 * created - completed >= 1 while any task exists in the rank (the four-counter argument
 * of src/term.c then holds unchanged). */
#include "threads.h"
#include "ladro_int.h"
#include "deque.h"
#include "idle.h"
#include "journal.h"
#include "policy.h"
#include "results.h"
#include "step.h"

#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* A completion record: this header, the task's record header, its result bytes. */
typedef struct ladro__done {
    double start, end, e; /* run span (padding included) and unpadded time */
    int32_t worker;
    uint32_t nkids; /* children recorded for the journal (in the worker's kids buffer) */
} ladro__done_t;

struct ladroi_worker {
    ladroi_errbind_t bind; /* first: ladroi_fail's buffer on this worker (src/error.c) */
    ladro_t *lb;
    ladroi_threads_t *th;
    int idx;
    ladroi_handle_t tid; /* its thread (ladroi_net_thread_start) */
    ladroi_deque_t dq;
    ladroi_rng_t rng;
    unsigned char *cur;    /* the running task's record */
    unsigned char *rec;    /* scratch record for ladro_push */
    unsigned char *result; /* the running task's result bytes */
    bool in_task;
    double last_end; /* the previous task's end when this one follows it at once, else < 0 */
    _Atomic uint64_t created;  /* tasks pushed from this worker's tasks */
    _Atomic double task_start; /* < 0: no task running (the hub's watchdog view) */
    /* completion records, taken by the hub */
    ladroi_mutex_t *mu;
    unsigned char *done;
    size_t ndone, done_cap;
    /* journal: the children of the completed tasks, nkids x (8 + task_bytes) per
     * record in order (under mu, taken by the hub with the records) */
    unsigned char *kids;
    size_t kids_len, kids_cap;
    /* journal: the children the running task pushed (this worker's alone) */
    unsigned char *ck;
    size_t ck_len, ck_cap;
    uint32_t nck;
    /* this worker's own counters (read by the hub after the join) */
    uint64_t steals_ok, steals_lost, steals_empty;
    int err; /* first error of a ladro_push or ladro_result made here */
    char msg[LADROI_ERRLEN]; /* ladro_last_error on this worker's thread */
    unsigned msg_count;      /* messages written into msg */
};

struct ladroi_threads {
    int n;
    ladroi_worker_t *w;
    size_t rec_bytes, rb, done_bytes;
    ladro_task_fn fn;
    void *ud;
    atomic_int fn_err;
    char fn_msg[LADROI_ERRLEN]; /* the message the failing task left (its worker writes
                                   it, the hub reads it after the join) */
    atomic_bool stop;
    atomic_int hungry; /* workers waiting for work (changed under mu) */
    ladroi_mutex_t *mu;
    ladroi_cond_t *work_cv, *hub_cv;
    bool kick; /* a worker went hungry since the hub last looked (under mu) */
    /* inbox: tasks the hub hands to hungry workers (ring, under mu) */
    unsigned char *inbox;
    size_t in_cap, in_head;
    atomic_size_t in_count; /* written under mu, read lock-free as a hint */
    /* the hub's */
    unsigned char *batch;   /* records popped from the pool, before the inbox */
    size_t batch_cap;
    unsigned char *drained; /* completion records being accounted for */
    size_t drained_cap;
    unsigned char *drained_kids; /* and their children (journal) */
    size_t drained_kids_cap;
    uint64_t created_seen; /* the workers' creation counts folded into tasks_pushed */
    uint64_t *ran;         /* tasks each worker completed */
};

/* The worker running on this thread, for ladro_push and ladro_result from a task: the
 * engine's thread-local start argument, checked against the handle the call is made on. */
ladroi_worker_t *ladroi_worker_self(const ladro_t *lb)
{
    /* lb->hub first: a rank without workers pays no thread-local access (a call into
     * the dynamic linker's TLS lookup from a shared library) on every push and progress */
    if (!lb->hub)
        return NULL;
    ladroi_worker_t *w = ladroi_net_thread_arg(); /* a worker's thread was started with it */
    return w && w->lb == lb ? w : NULL;
}

int ladroi_worker_hungry(const ladro_t *lb)
{
    ladroi_worker_t *w = ladroi_worker_self(lb);
    return !w || ladroi_dq_size(&w->dq) <= lb->cfg.chunk; /* else its deque serves them */
}

int ladro_thread_index(const ladro_t *lb)
{
    if (!lb)
        return -1;
    const ladroi_worker_t *w = ladroi_worker_self(lb);
    if (w)
        return w->idx;
    return lb->hub ? -1 : 0;
}

/* ---- workers -------------------------------------------------------------------------- */
int ladroi_worker_push(ladroi_worker_t *w, const ladro_task_t *task)
{
    ladro_t *lb = w->lb;
    if (!w->in_task)
        return ladroi_fail(lb, LADRO_ESTATE, "ladro_push from worker %d outside a task",
                           w->idx);
    if (lb->cfg.task_bytes && !task->payload)
        return ladroi_fail(lb, LADRO_EINVAL, "ladro_push: payload is NULL but task_bytes "
                           "is %zu", lb->cfg.task_bytes);
    ladroi_rec_hdr_t h = {.id = task->id, .origin = lb->rank, .moves = 0};
    if (lb->jnl) { /* the journal (src/journal.c): the child goes into the task's record */
        if (ladroi_journal_kid_put(&w->ck, &w->ck_len, &w->ck_cap, &w->nck, task->id,
                                   task->payload, lb->cfg.task_bytes))
            return ladroi_fail(lb, LADRO_ENOMEM, "ladro_push: worker %d: out of memory "
                               "for its task's children", w->idx);
        /* completed in the journal: not created again; the hub hands its result out
         * when it records this task's completion (the completed set is read-only) */
        if (ladroi_journal_has(lb->jnl, task->id))
            return LADRO_OK;
        ladroi_rec_hdr_t ch;
        memcpy(&ch, w->cur, sizeof ch);
        h.moves = ch.moves & LADROI_MOVES_RERUN; /* a rerun task's children may have run */
    }
    memcpy(w->rec, &h, sizeof h);
    if (lb->cfg.task_bytes)
        memcpy(w->rec + sizeof h, task->payload, lb->cfg.task_bytes);
    /* counted before it can be taken: see the file's comment */
    atomic_fetch_add(&w->created, 1);
    if (ladroi_dq_push(&w->dq, w->rec) != 0) {
        atomic_fetch_sub(&w->created, 1);
        if (lb->jnl) { /* not created: not the task's child either */
            w->ck_len -= 8 + lb->cfg.task_bytes;
            w->nck--;
        }
        return ladroi_fail(lb, LADRO_ENOMEM, "ladro_push: worker %d's deque cannot grow",
                           w->idx);
    }
    ladroi_threads_t *th = w->th;
    if (atomic_load(&th->hungry) > 0) { /* a sleeping sibling may take it */
        ladroi_net_mutex_lock(th->mu);
        ladroi_net_cond_broadcast(th->work_cv);
        ladroi_net_mutex_unlock(th->mu);
    }
    return LADRO_OK;
}

int ladroi_worker_result(ladroi_worker_t *w, const void *bytes)
{
    if (!w->in_task)
        return ladroi_fail(w->lb, LADRO_ESTATE, "ladro_result from worker %d outside a task",
                           w->idx);
    memcpy(w->result, bytes, w->th->rb);
    return LADRO_OK;
}

static bool ladro__inbox_take(ladroi_threads_t *th, void *rec)
{
    if (atomic_load(&th->in_count) == 0)
        return false;
    bool got = false;
    ladroi_net_mutex_lock(th->mu);
    size_t n = atomic_load(&th->in_count);
    if (n > 0) {
        memcpy(rec, th->inbox + th->in_head * th->rec_bytes, th->rec_bytes);
        th->in_head = (th->in_head + 1) % th->in_cap;
        atomic_store(&th->in_count, n - 1);
        got = true;
    }
    ladroi_net_mutex_unlock(th->mu);
    return got;
}

static bool ladro__steal_sibling(ladroi_worker_t *w)
{
    ladroi_threads_t *th = w->th;
    int first = (int)(ladroi_rng_next(&w->rng) % (uint64_t)th->n);
    for (int k = 0; k < th->n; k++) {
        ladroi_worker_t *v = &th->w[(first + k) % th->n];
        if (v == w)
            continue;
        int r;
        while ((r = ladroi_dq_steal(&v->dq, w->cur)) == LADROI_DQ_LOST)
            w->steals_lost++;
        if (r == LADROI_DQ_GOT) {
            w->steals_ok++;
            return true;
        }
    }
    w->steals_empty++;
    return false;
}

static bool ladro__any_queued(ladroi_threads_t *th)
{
    if (atomic_load(&th->in_count) > 0)
        return true;
    for (int i = 0; i < th->n; i++)
        if (ladroi_dq_size(&th->w[i].dq) > 0)
            return true;
    return false;
}

/* The next task into w->cur: own deque, the inbox, a sibling; else sleep until one of
 * them has work. false when the run stops. */
static bool ladro__find(ladroi_worker_t *w)
{
    ladroi_threads_t *th = w->th;
    for (;;) {
        if (atomic_load(&th->stop))
            return false;
        if (ladroi_dq_take(&w->dq, w->cur) == LADROI_DQ_GOT || ladro__inbox_take(th, w->cur) ||
            ladro__steal_sibling(w))
            return true;
        w->last_end = -1; /* the next task starts after a wait: read the clock then */
        /* Hungry: tell the hub, sleep. A pusher that sees hungry > 0 broadcasts under mu;
         * one that does not pushed before we looked below (both sequentially
         * consistent), so no wake-up is lost; the timeout is a second line. */
        ladroi_net_mutex_lock(th->mu);
        atomic_fetch_add(&th->hungry, 1);
        th->kick = true;
        ladroi_net_cond_signal(th->hub_cv);
        while (!atomic_load(&th->stop) && !ladro__any_queued(th))
            ladroi_net_cond_wait(th->work_cv, th->mu, 0.01);
        atomic_fetch_sub(&th->hungry, 1);
        ladroi_net_mutex_unlock(th->mu);
    }
}

/* Out of memory for a completion record (w->mu held): the hub cannot complete this task,
 * so the run stops with LADRO_ENOMEM. */
static void ladro__oom_stop(ladroi_worker_t *w)
{
    ladroi_net_mutex_unlock(w->mu);
    atomic_store(&w->task_start, -1.0);
    if (!w->err)
        w->err = LADRO_ENOMEM;
    atomic_store(&w->th->stop, true);
}

static void ladro__run_task(ladroi_worker_t *w)
{
    ladro_t *lb = w->lb;
    ladroi_threads_t *th = w->th;
    ladroi_rec_hdr_t h;
    memcpy(&h, w->cur, sizeof h);
    ladro_task_t t = {.id = h.id, .origin = h.origin, .moves = LADROI_MOVES(h),
                      .flags = h.moves & LADROI_MOVES_RERUN ? LADRO_TASK_RERUN : 0,
                      .payload = lb->cfg.task_bytes ? w->cur + sizeof h : NULL};
    if (th->rb)
        memset(w->result, 0, th->rb); /* a task that sets no result returns zeros */
    /* straight from the previous task: its end is this one's start (one clock read per
     * task, as in ladro_next) */
    double start = w->last_end >= 0 ? w->last_end : ladroi_net_now();
    atomic_store(&w->task_start, start);
    w->in_task = true;
    unsigned m0 = w->msg_count;
    int r = th->fn(lb, &t, th->ud);
    if (r < 0) {
        int none = 0; /* the first failure, and the message a call of its task left */
        if (atomic_compare_exchange_strong(&th->fn_err, &none, r))
            snprintf(th->fn_msg, sizeof th->fn_msg, "%s", w->msg_count != m0 ? w->msg : "");
    }
    double now = ladroi_net_now(), e = now - start;
    if (lb->speed < 1.0) { /* a rank of speed s takes e/s (the hub serves meanwhile) */
        double end = start + e / lb->speed;
        while ((now = ladroi_net_now()) < end) {
            if (lb->emulate == LADRO_EMULATE_SPIN)
                ladroi_spin_s(end - now);
            else
                ladroi_net_sleep_us((end - now) * 1e6);
        }
    }
    w->in_task = false;
    ladroi_net_mutex_lock(w->mu);
    if (w->ndone == w->done_cap) {
        size_t nc = w->done_cap ? 2 * w->done_cap : 64;
        unsigned char *n = realloc(w->done, nc * th->done_bytes);
        if (!n) {
            ladro__oom_stop(w);
            return;
        }
        w->done = n;
        w->done_cap = nc;
    }
    if (w->ck_len && ladroi_grow_bytes(&w->kids, &w->kids_cap, w->kids_len + w->ck_len, 1024)) {
        ladro__oom_stop(w);
        return;
    }
    if (w->ck_len) {
        memcpy(w->kids + w->kids_len, w->ck, w->ck_len);
        w->kids_len += w->ck_len;
    }
    unsigned char *d = w->done + w->ndone * th->done_bytes;
    ladro__done_t m = {.start = start, .end = now, .e = e, .worker = w->idx,
                       .nkids = w->nck};
    w->ck_len = 0;
    w->nck = 0;
    memcpy(d, &m, sizeof m);
    memcpy(d + sizeof m, &h, sizeof h);
    if (th->rb)
        memcpy(d + sizeof m + sizeof h, w->result, th->rb);
    w->ndone++;
    ladroi_net_mutex_unlock(w->mu);
    atomic_store(&w->task_start, -1.0); /* after the record: ladroi_tasks_held sees one */
    w->last_end = now;
}

static void ladro__worker_main(void *arg)
{
    ladroi_worker_t *w = arg;
    while (ladro__find(w))
        ladro__run_task(w);
}

uint64_t ladroi_tasks_held(const ladro_t *lb)
{
    ladroi_threads_t *th = lb->threads;
    if (!th)
        return lb->in_task ? 1 : 0;
    uint64_t n = atomic_load(&th->in_count);
    for (int i = 0; i < th->n; i++) {
        ladroi_worker_t *w = &th->w[i];
        n += ladroi_dq_size(&w->dq) + (atomic_load(&w->task_start) >= 0 ? 1u : 0u);
        ladroi_net_mutex_lock(w->mu);
        n += w->ndone;
        ladroi_net_mutex_unlock(w->mu);
    }
    return n;
}

/* ---- the hub -------------------------------------------------------------------------- */
static void ladro__fold_created(ladro_t *lb, ladroi_threads_t *th)
{
    uint64_t sum = 0;
    for (int i = 0; i < th->n; i++)
        sum += atomic_load(&th->w[i].created);
    lb->st.tasks_pushed += sum - th->created_seen;
    if (sum > th->created_seen)
        lb->spawns = true; /* ladroi_take_cap */
    th->created_seen = sum;
}

/* Account for the tasks workers completed, then fold their creation counts. They are
 * folded first too: a policy's on_task_end reads lb->spawns (a2ws's search rule), and
 * workers may have run a whole search before the hub drains its first completion. */
static int ladro__drain(ladro_t *lb, ladroi_threads_t *th)
{
    int rc = LADRO_OK;
    ladro__fold_created(lb, th);
    for (int i = 0; i < th->n && rc == 0; i++) {
        ladroi_worker_t *w = &th->w[i];
        ladroi_net_mutex_lock(w->mu);
        size_t n = w->ndone;
        if (n > 0) { /* swap buffers: the worker keeps going while we account */
            unsigned char *b = w->done;
            size_t cap = w->done_cap;
            w->done = th->drained;
            w->done_cap = th->drained_cap;
            w->ndone = 0;
            th->drained = b;
            th->drained_cap = cap;
            b = w->kids;
            cap = w->kids_cap;
            w->kids = th->drained_kids;
            w->kids_cap = th->drained_kids_cap;
            w->kids_len = 0;
            th->drained_kids = b;
            th->drained_kids_cap = cap;
        }
        ladroi_net_mutex_unlock(w->mu);
        const unsigned char *kid = th->drained_kids;
        size_t kb = 8 + lb->cfg.task_bytes;
        for (size_t k = 0; k < n && rc == 0; k++) {
            const unsigned char *d = th->drained + k * th->done_bytes;
            ladro__done_t m;
            memcpy(&m, d, sizeof m);
            /* journal: the task's children into its record, as ladro_push does with one
             * thread; a child completed in the journal has its result handed out here */
            for (uint32_t c = 0; c < m.nkids && rc == 0; c++, kid += kb) {
                uint64_t id;
                memcpy(&id, kid, 8);
                bool done;
                rc = ladroi_journal_take(lb, id, &done);
                if (rc == 0)
                    rc = ladroi_journal_child(lb, id, kid + 8);
            }
            if (rc)
                break;
            if (th->rb)
                memcpy(ladroi_results_cur(lb), d + sizeof m + sizeof(ladroi_rec_hdr_t), th->rb);
            th->ran[m.worker]++;
            lb->trace_worker = m.worker + 1; /* the task's trace record names its worker */
            rc = ladroi_task_done(lb, d + sizeof m, m.start, m.end, m.e);
            lb->trace_worker = 0;
        }
    }
    ladro__fold_created(lb, th);
    return rc;
}

/* Hand hungry workers tasks from the pool: one each, more when the pool holds many
 * (fewer round trips), never so many that remote thieves find nothing. *empty when the
 * pool had none. */
static int ladro__feed(ladro_t *lb, ladroi_threads_t *th, int hungry, bool *fed, bool *empty)
{
    size_t have = atomic_load(&th->in_count);
    if (have >= (size_t)hungry)
        return LADRO_OK;
    size_t want = (size_t)hungry - have;
    uint64_t local = ladroi_pool_local_count(&lb->pool);
    uint64_t extra = local / (2u * ((uint64_t)th->n + 1));
    want += extra < 4u * (uint64_t)th->n ? (size_t)extra : 4u * (size_t)th->n;
    if (want > th->batch_cap) {
        unsigned char *b = realloc(th->batch, want * th->rec_bytes);
        if (!b)
            return ladroi_fail(lb, LADRO_ENOMEM, "threads: out of memory");
        th->batch = b;
        th->batch_cap = want;
    }
    size_t got = 0;
    while (got < want) {
        int rc = ladroi_pool_pop(lb, &lb->pool, th->batch + got * th->rec_bytes);
        if (rc < 0)
            return rc;
        if (rc == 0) {
            *empty = true;
            break;
        }
        got++;
    }
    if (got == 0)
        return LADRO_OK;
    int rc = LADRO_OK;
    ladroi_net_mutex_lock(th->mu);
    size_t n = atomic_load(&th->in_count);
    if (n + got > th->in_cap) { /* grow the ring, unrolled to start at 0 */
        size_t nc = th->in_cap ? th->in_cap : 64;
        while (nc < n + got)
            nc *= 2;
        unsigned char *b = malloc(nc * th->rec_bytes);
        if (b) {
            for (size_t i = 0; i < n; i++)
                memcpy(b + i * th->rec_bytes,
                       th->inbox + ((th->in_head + i) % th->in_cap) * th->rec_bytes,
                       th->rec_bytes);
            free(th->inbox);
            th->inbox = b;
            th->in_cap = nc;
            th->in_head = 0;
        } else {
            rc = LADRO_ENOMEM;
        }
    }
    if (rc == 0) {
        for (size_t i = 0; i < got; i++)
            memcpy(th->inbox + ((th->in_head + n + i) % th->in_cap) * th->rec_bytes,
                   th->batch + i * th->rec_bytes, th->rec_bytes);
        atomic_store(&th->in_count, n + got);
        ladroi_net_cond_broadcast(th->work_cv);
    }
    ladroi_net_mutex_unlock(th->mu);
    if (rc)
        return ladroi_fail(lb, rc, "threads: out of memory for the inbox");
    *fed = true;
    return LADRO_OK;
}

/* The pool has nothing for remote thieves but a worker's deque has tasks: move half of
 * the fullest deque into the pool, where remote thieves see it (stealing from the top, as
 * a sibling would; hungry workers of this rank get them back through the inbox). The core
 * publishes the pool's private tasks beyond `chunk` once it holds 2 x chunk of them
 * (ladroi_serve, ladroi_pool_release): so the pool is topped up past 2 x chunk, else an
 * app with chunk > 0 (ladro-uts) would leave them all private and its rank unstealable
 * while its workers are busy. */
static int ladro__export(ladro_t *lb, ladroi_threads_t *th)
{
    uint64_t have = ladroi_pool_local_count(&lb->pool), keep = lb->cfg.chunk;
    if (!lb->policy->steals || lb->size < 2 || have > 2 * keep)
        return LADRO_OK;
    ladroi_worker_t *v = NULL;
    size_t most = 0;
    for (int i = 0; i < th->n; i++) {
        size_t s = ladroi_dq_size(&th->w[i].dq);
        if (s > most) {
            most = s;
            v = &th->w[i];
        }
    }
    if (most < 2)
        return LADRO_OK;
    /* half, but enough that the pool then publishes some (release) */
    size_t k = most / 2 > 64 ? 64 : most / 2, need = (size_t)(2 * keep + 1 - have);
    if (k < need)
        k = most < need ? most : need;
    if (th->batch_cap < 1) {
        th->batch = malloc(th->rec_bytes);
        if (!th->batch)
            return ladroi_fail(lb, LADRO_ENOMEM, "threads: out of memory");
        th->batch_cap = 1;
    }
    int rc = LADRO_OK;
    for (size_t i = 0; i < k && rc == 0;) {
        int r = ladroi_dq_steal(&v->dq, th->batch);
        if (r == LADROI_DQ_EMPTY)
            break;
        if (r == LADROI_DQ_LOST)
            continue;
        ladroi_rec_hdr_t h;
        memcpy(&h, th->batch, sizeof h);
        rc = ladroi_pool_push(lb, &lb->pool, &h, th->batch + sizeof h, lb->cfg.task_bytes);
        i++;
    }
    ladro__fold_created(lb, th); /* before a remote rank can run them */
    return rc;
}

/* The hub's view of the workers for the modules that read lb->in_task / task_start
 * (ctws's "about to be idle", the watchdog's overrun check). */
static void ladro__view(ladro_t *lb, ladroi_threads_t *th, bool idle)
{
    lb->in_task = !idle;
    double oldest = -1;
    for (int i = 0; i < th->n; i++) {
        double s = atomic_load(&th->w[i].task_start);
        if (s >= 0 && (oldest < 0 || s < oldest))
            oldest = s;
    }
    if (oldest >= 0)
        lb->task_start = oldest;
    else if (!idle) /* tasks held, none started yet: none has overrun (not the clock's 0) */
        lb->task_start = ladroi_net_now();
}

static int ladro__hub(ladro_t *lb, ladroi_threads_t *th)
{
    double backoff = lb->cfg.backoff_min_us;
    for (;;) {
        int rc = ladro__drain(lb, th);
        if (rc == 0)
            rc = ladroi_serve(lb);
        if (rc)
            return rc;
        for (int i = 0; i < th->n; i++)
            if (th->w[i].err)
                return ladroi_fail(lb, th->w[i].err, "threads: worker %d: %s", i,
                                   ladro_strerror(th->w[i].err));
        bool fed = false, empty = false;
        int hungry = atomic_load(&th->hungry);
        if (hungry > 0 && (rc = ladro__feed(lb, th, hungry, &fed, &empty)) != 0)
            return rc;
        if ((rc = ladro__export(lb, th)) != 0)
            return rc;
        /* Idle: every worker waits, nothing queued, the pool empty (all hungry, so none
         * pushes). */
        bool idle = false;
        if (empty && hungry == th->n) {
            ladroi_net_mutex_lock(th->mu);
            idle = atomic_load(&th->hungry) == th->n && !ladro__any_queued(th);
            ladroi_net_mutex_unlock(th->mu);
        }
        ladro__view(lb, th, idle);
        if (idle) {
            if ((rc = ladro__drain(lb, th)) != 0) /* the last completions, then count */
                return rc;
            if ((rc = ladroi_idle_turn(lb)) != 0 || lb->state == LADROI_DONE)
                return rc;
            if ((rc = lb->policy->on_idle(lb, lb->policy_state)) < 0)
                return rc;
            if (rc > 0) { /* tasks arrived in the pool: feed at once */
                backoff = lb->cfg.backoff_min_us;
                continue;
            }
        } else if (lb->idle_since >= 0) {
            double now = ladroi_net_now();
            LADROI_TRACE(lb, LADROI_TEV_IDLE, lb->idle_since, now, 0, -1, 0);
            lb->idle_since = -1;
        }
        if (fed)
            backoff = lb->cfg.backoff_min_us;
        ladroi_net_mutex_lock(th->mu);
        if (!th->kick)
            ladroi_net_cond_wait(th->hub_cv, th->mu, backoff * 1e-6);
        th->kick = false;
        ladroi_net_mutex_unlock(th->mu);
        /* An idle rank's hub waits as an idle rank does (src/idle.c: its cap, with the
         * pacing on the rank's task time). While workers compute it doubles to
         * backoff_max_us whatever the pacing: the pace is for a thief not to sleep
         * through a short task, and here the workers are running them; a hub capped at
         * a share of a microsecond task would wake every backoff_min_us, a core's worth
         * of polling taken from the workers. A worker that needs it wakes it anyway. */
        if (idle)
            backoff = ladroi_idle_next_us(lb, backoff);
        else
            backoff = 2 * backoff < lb->cfg.backoff_max_us ? 2 * backoff
                                                            : lb->cfg.backoff_max_us;
    }
}

static void ladro__free(ladroi_threads_t *th)
{
    for (int i = 0; i < th->n; i++) {
        ladroi_worker_t *w = &th->w[i];
        ladroi_dq_fini(&w->dq);
        free(w->cur);
        free(w->rec);
        free(w->result);
        free(w->done);
        free(w->kids);
        free(w->ck);
        ladroi_net_mutex_free(w->mu);
    }
    ladroi_net_cond_free(th->work_cv);
    ladroi_net_cond_free(th->hub_cv);
    ladroi_net_mutex_free(th->mu);
    free(th->w);
    free(th->inbox);
    free(th->batch);
    free(th->drained);
    free(th->drained_kids);
    free(th->ran);
    free(th);
}

static int ladro__alloc(ladro_t *lb, ladro_task_fn fn, void *ud, ladroi_threads_t **out)
{
    int n = (int)lb->cfg.threads;
    ladroi_threads_t *th = calloc(1, sizeof *th);
    if (!th)
        return LADRO_ENOMEM;
    th->fn = fn;
    th->ud = ud;
    th->rec_bytes = lb->pool.rec_bytes;
    th->rb = lb->cfg.result_bytes;
    th->done_bytes = (sizeof(ladro__done_t) + sizeof(ladroi_rec_hdr_t) + th->rb + 7u) &
                     ~(size_t)7u;
    atomic_init(&th->fn_err, 0);
    atomic_init(&th->stop, false);
    atomic_init(&th->hungry, 0);
    atomic_init(&th->in_count, 0);
    th->w = calloc((size_t)n, sizeof *th->w);
    th->ran = calloc((size_t)n, sizeof *th->ran);
    if (!th->w || !th->ran) {
        ladro__free(th);
        return LADRO_ENOMEM;
    }
    th->mu = ladroi_net_mutex_new();
    th->work_cv = ladroi_net_cond_new();
    th->hub_cv = ladroi_net_cond_new();
    if (!th->mu || !th->work_cv || !th->hub_cv) {
        ladro__free(th);
        return LADRO_ENOMEM;
    }
    for (int i = 0; i < n; i++) {
        ladroi_worker_t *w = &th->w[i];
        if (!(w->mu = ladroi_net_mutex_new())) {
            ladro__free(th);
            return LADRO_ENOMEM;
        }
        th->n = i + 1; /* what ladro__free releases */
        w->lb = lb;
        w->bind = (ladroi_errbind_t){.lb = lb, .msg = w->msg, .count = &w->msg_count};
        w->th = th;
        w->idx = i;
        ladroi_rng_seed(&w->rng, lb->cfg.seed ^ 0x7468726561647321ull,
                        (uint64_t)lb->rank * 1024u + (uint64_t)i + 1);
        atomic_init(&w->created, 0);
        atomic_init(&w->task_start, -1.0);
        w->last_end = -1;
        w->cur = malloc(th->rec_bytes);
        w->rec = malloc(th->rec_bytes);
        w->result = th->rb ? malloc(th->rb) : NULL;
        /* a failed init leaves no buffer: ladro__free's fini is then a no-op */
        if (ladroi_dq_init(&w->dq, th->rec_bytes, 64) != 0 || !w->cur || !w->rec ||
            (th->rb && !w->result)) {
            ladro__free(th);
            return LADRO_ENOMEM;
        }
    }
    *out = th;
    return LADRO_OK;
}

int ladroi_threads_run(ladro_t *lb, ladro_task_fn fn, void *ud)
{
    int rc;
    if (lb->state == LADROI_DONE)
        return LADRO_OK;
    if (lb->wd_state)
        return LADRO_ETIMEDOUT;
    ladroi_threads_t *th = NULL;
    if ((rc = ladro__alloc(lb, fn, ud, &th)) != 0)
        return ladroi_fail(lb, rc, "threads: out of memory for %u workers", lb->cfg.threads);
    if (lb->state == LADROI_SEEDING) {
        lb->state = LADROI_RUNNING;
        if (lb->policy->on_start && (rc = lb->policy->on_start(lb, lb->policy_state)) != 0) {
            ladro__free(th);
            return rc;
        }
    }
    lb->threads = th;
    int started = 0;
    for (; started < th->n; started++)
        if (ladroi_net_thread_start(lb, started, ladro__worker_main, &th->w[started],
                                    &th->w[started].tid) != 0)
            break;
    if (started < th->n)
        rc = ladroi_fail(lb, LADRO_ENOMEM, "threads: could not start worker %d of %d",
                         started + 1, th->n);
    else
        rc = ladro__hub(lb, th);
    ladroi_net_mutex_lock(th->mu);
    atomic_store(&th->stop, true);
    ladroi_net_cond_broadcast(th->work_cv);
    ladroi_net_mutex_unlock(th->mu);
    for (int i = 0; i < started; i++)
        ladroi_net_thread_join(&th->w[i].tid);
    uint64_t max_ran = 0;
    for (int i = 0; i < th->n; i++) {
        ladroi_worker_t *w = &th->w[i];
        lb->st.worker_steals += w->steals_ok;
        lb->st.worker_steal_races += w->steals_lost;
        if (th->ran[i] > max_ran)
            max_ran = th->ran[i];
    }
    lb->st.worker_tasks_max = max_ran;
    lb->in_task = false;
    lb->threads = NULL;
    int fe = atomic_load(&th->fn_err);
    if (rc >= 0 && fe < 0 && th->fn_msg[0]) /* what a call of that task said, first */
        ladroi_fail(lb, fe, "%s (then the task function returned %d on a worker; the run "
                    "went on)", th->fn_msg, fe);
    else if (rc >= 0 && fe < 0)
        ladroi_fail(lb, fe, "ladro_run: the task function returned %d on a worker (the run "
                    "went on)", fe);
    ladro__free(th);
    if (rc < 0)
        return rc;
    return fe;
}
