/* leader: centralized leader/workers (LW), the A2WS paper's baseline (§5: "a classical
 * master-slave scheduler where an extra thread of the main process is responsible for
 * distributing all tasks").
 *
 * Rank 0 is the leader. It holds every task in one queue and hands out `chunk` tasks per
 * request, while its main thread computes like any worker (it takes its own chunks from
 * the same queue). Seeds pushed on other ranks are shipped to the leader when those ranks
 * start (their first ladro_next), so the queue is the union of all seeds; tasks spawned
 * during the run stay on the rank that spawned them.
 *
 * Who serves the requests (setting leader_thread: paper=1 requires the thread; docs/policies/leader.md):
 *   - a service thread of the leader (the paper's set-up) when the engine lets a second
 *     thread communicate (MPI_THREAD_MULTIPLE; on the simulated engine, an actor on the
 *     leader's host: ladroi_net_thread_start). The thread touches only this file's state: its own
 *     channel, its receive/send buffers and the queue under a mutex; never the handle,
 *     the pool or the statistics, which stay the main thread's;
 *   - otherwise the leader's main thread, from ladro_next/ladro_progress (the same code,
 *     called between tasks and at every ladro_progress).
 *
 * Messages on the policy's communicator (tags below): a worker's REQ (one uint64: how many
 * tasks it wants), the leader's REPLY (uint64 count, then the records), SEED (records sent
 * to the leader at start), BYE (a worker's last message, from ladro_destroy: the leader's
 * server stops after every worker's BYE, so no reply is ever left unmatched). */
#include "../ladro_int.h"
#include "../config.h"
#include "../policy.h"

#include <inttypes.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

enum { LADRO__TAG_SEED = 1, LADRO__TAG_REQ = 2, LADRO__TAG_REPLY = 3, LADRO__TAG_BYE = 4 };
#define LADRO__LEADER 0
#define LADRO__SEED_BYTES (64u * 1024u) /* seeds travel in batches of about this size */

typedef struct ladro__leader {
    ladroi_chan_t *comm; /* the policy's own channel (dup of the handle's) */
    int rank, size;
    size_t rec;      /* record bytes */
    uint32_t chunk;  /* tasks per hand-out */
    uint32_t batch;  /* records per SEED message */
    bool ok;         /* every rank's init completed: the BYE protocol runs at fini */
    /* leader: the queue (FIFO ring of records), shared by the main and service threads */
    ladroi_mutex_t *mu;
    unsigned char *q;
    size_t qcap, qhead, qcount;
    /* leader: the server (service thread or main thread, never both) */
    bool threaded;
    ladroi_handle_t thr;
    bool thr_started;
    atomic_bool stop;
    atomic_int svc_err; /* LADRO_E* code seen by the service thread (0 = none) */
    ladroi_req_t rreq;
    unsigned char *rbuf, *sbuf;
    size_t rbuf_bytes;
    int byes;
    atomic_uint_fast64_t served, handed, empty, seeds_in;
    /* worker */
    ladroi_req_t wreq;
    unsigned char *wbuf;
    bool waiting;
    double asked_at; /* when the pending request was sent (trace) */
} ladro__leader_t;

/* ---- the queue (leader only; callers hold s->mu) ----------------------------------- */
static int ladro__q_append(ladro__leader_t *s, const unsigned char *recs, size_t n)
{
    if (s->qcount + n > s->qcap) {
        size_t ncap = s->qcap ? s->qcap : 64;
        while (ncap < s->qcount + n)
            ncap *= 2;
        unsigned char *nq = malloc(ncap * s->rec);
        if (!nq)
            return LADRO_ENOMEM;
        for (size_t i = 0; i < s->qcount; i++)
            memcpy(nq + i * s->rec, s->q + ((s->qhead + i) % s->qcap) * s->rec, s->rec);
        free(s->q);
        s->q = nq;
        s->qcap = ncap;
        s->qhead = 0;
    }
    for (size_t i = 0; i < n; i++)
        memcpy(s->q + ((s->qhead + s->qcount + i) % s->qcap) * s->rec, recs + i * s->rec,
               s->rec);
    s->qcount += n;
    return LADRO_OK;
}

/* Take up to n of the oldest records. */
static size_t ladro__q_take(ladro__leader_t *s, unsigned char *out, size_t n)
{
    size_t k = s->qcount < n ? s->qcount : n;
    for (size_t i = 0; i < k; i++) {
        memcpy(out + i * s->rec, s->q + s->qhead * s->rec, s->rec);
        s->qhead = (s->qhead + 1) % s->qcap;
    }
    s->qcount -= k;
    return k;
}

/* ---- the server: one function for the service thread and the main thread ----------
 * Handles every message that has arrived; returns the number handled, or a negative
 * LADRO_E* code. Touches only s (no handle): it may run on the service thread. */
static int ladro__serve(ladro__leader_t *s)
{
    int handled = 0;
    while (s->rreq.active) {
        bool flag;
        ladroi_msg_t stt;
        int rc = ladroi_net_test(NULL, &s->rreq, &flag, &stt);
        if (rc)
            return rc;
        if (!flag)
            break;
        handled++;
        if (stt.tag == LADRO__TAG_SEED) {
            ladroi_net_mutex_lock(s->mu);
            rc = ladro__q_append(s, s->rbuf, stt.bytes / s->rec);
            ladroi_net_mutex_unlock(s->mu);
            if (rc)
                return LADRO_ENOMEM;
            s->seeds_in += stt.bytes / s->rec;
        } else if (stt.tag == LADRO__TAG_REQ) {
            uint64_t want;
            memcpy(&want, s->rbuf, sizeof want);
            if (want > s->chunk)
                want = s->chunk;
            ladroi_net_mutex_lock(s->mu);
            uint64_t k = ladro__q_take(s, s->sbuf + 8, (size_t)want);
            ladroi_net_mutex_unlock(s->mu);
            for (uint64_t i = 0; i < k; i++) { /* a hand-out is a move */
                ladroi_rec_hdr_t h;
                unsigned char *r = s->sbuf + 8 + i * s->rec;
                memcpy(&h, r, sizeof h);
                h.moves++;
                memcpy(r, &h, sizeof h);
            }
            memcpy(s->sbuf, &k, 8);
            /* The worker posted its receive before sending the request: this send
             * completes without waiting for the worker's next call of the library. */
            if ((rc = ladroi_net_send(NULL, s->comm, s->sbuf, 8 + k * s->rec, stt.source,
                                      LADRO__TAG_REPLY)) != 0)
                return rc;
            s->served++;
            s->handed += k;
            if (k == 0)
                s->empty++;
        } else if (stt.tag == LADRO__TAG_BYE) {
            s->byes++;
        }
        if (s->byes == s->size - 1)
            break; /* every worker is gone: nothing else will arrive */
        if ((rc = ladroi_net_irecv(NULL, s->comm, s->rbuf, s->rbuf_bytes, LADROI_ANY,
                                   LADROI_ANY, &s->rreq)) != 0)
            return rc;
    }
    return handled;
}

/* The paper's extra thread: serve until every worker said BYE (or an error). Sleeps a
 * little when idle (20 us doubling to 500 us): a busy-polling thread would take a core
 * from the ranks that compute on an oversubscribed node. */
static void ladro__service(void *arg)
{
    ladro__leader_t *s = arg;
    double nap = 20;
    while (!atomic_load(&s->stop) && s->rreq.active) {
        int r = ladro__serve(s);
        if (r < 0) {
            atomic_store(&s->svc_err, r);
            break;
        }
        if (r > 0) {
            nap = 20;
            continue;
        }
        ladroi_net_sleep_us(nap); /* real time under MPI, simulated time in a simulation */
        nap = nap * 2 > 500 ? 500 : nap * 2;
    }
}

static int ladro__leader_check(ladro_t *lb, ladro__leader_t *s)
{
    int e = atomic_load(&s->svc_err);
    if (e)
        return ladroi_fail(lb, e, "leader: the service thread failed (%s)", ladro_err_name(e));
    return LADRO_OK;
}

/* Main-thread serving when there is no service thread. */
static int ladro__leader_poll(ladro_t *lb, ladro__leader_t *s)
{
    if (lb->rank != LADRO__LEADER || s->threaded)
        return ladro__leader_check(lb, s);
    int r = ladro__serve(s);
    if (r < 0)
        return ladroi_fail(lb, r, "leader: serving a request failed (%s)", ladro_err_name(r));
    return LADRO_OK;
}

typedef struct ladro__leader_opts {
    int leader_thread; /* 0 auto, 1 on (paper=1) */
} ladro__leader_opts_t;

static const char *const ladro__thread_names[] = {"auto", "on", NULL};
static const ladroi_opt_t ladro__leader_opts[] = {
    {.key = "leader_thread", .type = LADROI_OPT_ENUM,
     LADROI_OPT_FIELD(ladro__leader_opts_t, leader_thread), .names = ladro__thread_names,
     .def = "auto", .paper = "on", .fixed = true, .accepted = "auto, on",
     .doc = "who serves the workers: a service thread of the leader when MPI provides "
            "`MPI_THREAD_MULTIPLE` (ladro-sim: always), else the leader's `ladro_next`/`ladro_progress` (auto); "
            "the thread, refused without `MPI_THREAD_MULTIPLE` (on: the paper's)"},
};

static int ladro__leader_init(ladro_t *lb, void **state)
{
    int thread = ((const ladro__leader_opts_t *)lb->popts)->leader_thread;
    bool multiple = false;
    int rc = ladroi_net_threads(lb, &multiple);
    if (rc)
        return rc;
    /* The same answer everywhere under one launcher; agree anyway before any collective. */
    int64_t low = multiple;
    if ((rc = ladroi_net_allreduce_i64(lb, lb->comm, &low, 1, LADROI_NET_MIN)) != 0)
        return rc;
    if (thread == 1 && !low)
        return ladroi_fail(lb, LADRO_ENOTSUP, "paper=1: the paper's leader serves from a "
                           "service thread, which needs MPI_THREAD_MULTIPLE, and MPI does not "
                           "provide it (initialize MPI with MPI_Init_thread(..., "
                           "MPI_THREAD_MULTIPLE, ...))");
    ladro__leader_t *s = calloc(1, sizeof *s);
    if (!s)
        return ladroi_fail(lb, LADRO_ENOMEM, "leader: out of memory");
    *state = s;
    s->rank = lb->rank;
    s->size = lb->size;
    s->rec = lb->pool.rec_bytes;
    s->chunk = lb->cfg.chunk;
    s->batch = (uint32_t)(LADRO__SEED_BYTES / s->rec > 0 ? LADRO__SEED_BYTES / s->rec : 1);
    s->threaded = low && lb->size > 1;
    atomic_init(&s->stop, false);
    atomic_init(&s->svc_err, 0);
    if ((rc = ladroi_net_chan_dup(lb, lb->comm, &s->comm)) != 0)
        return rc;
    if (!(s->mu = ladroi_net_mutex_new()))
        rc = ladroi_fail(lb, LADRO_ENOMEM, "leader: cannot create a mutex");
    size_t seedb = (size_t)s->batch * s->rec, reqb = 8 + (size_t)s->chunk * s->rec;
    if (rc == 0 && lb->rank == LADRO__LEADER) {
        s->rbuf_bytes = seedb > 8 ? seedb : 8;
        s->rbuf = malloc(s->rbuf_bytes);
        s->sbuf = malloc(reqb);
        if (!s->rbuf || !s->sbuf)
            rc = ladroi_fail(lb, LADRO_ENOMEM, "leader: out of memory for %zu-byte buffers",
                             s->rbuf_bytes + reqb);
        if (rc == 0 && lb->size > 1)
            rc = ladroi_net_irecv(lb, s->comm, s->rbuf, s->rbuf_bytes, LADROI_ANY, LADROI_ANY,
                                  &s->rreq);
        if (rc == 0 && s->threaded) {
            if (ladroi_net_thread_start(lb, 0, ladro__service, s, &s->thr) == LADRO_OK)
                s->thr_started = true;
            else
                rc = ladroi_fail(lb, LADRO_ENOMEM, "leader: cannot start the service thread");
        }
    } else if (rc == 0) {
        s->wbuf = malloc(reqb > seedb ? reqb : seedb);
        if (!s->wbuf)
            rc = ladroi_fail(lb, LADRO_ENOMEM, "leader: out of memory for a %zu-byte buffer",
                             reqb);
    }
    int all = ladroi_net_agree(lb, lb->comm, rc);
    if (all != 0 && rc == 0)
        return ladroi_fail(lb, all, "leader: another rank failed to initialize");
    s->ok = all == 0;
    return rc;
}

static void ladro__leader_fini(ladro_t *lb, void *state)
{
    ladro__leader_t *s = state;
    (void)lb;
    if (s->ok && s->rank != LADRO__LEADER) {
        /* A request may still be pending (its reply is empty: every task completed); the
         * leader serves until our BYE, so the reply comes. */
        if (s->waiting)
            ladroi_net_wait(NULL, &s->wreq);
        ladroi_net_send(NULL, s->comm, NULL, 0, LADRO__LEADER, LADRO__TAG_BYE);
    } else if (s->ok && s->rank == LADRO__LEADER) {
        if (s->thr_started) {
            ladroi_net_thread_join(&s->thr); /* it returns after the last BYE */
            s->thr_started = false;
        } else {
            while (s->rreq.active && ladro__serve(s) >= 0)
                ladroi_net_sleep_us(50);
        }
    }
    if (s->thr_started) { /* error path: stop the thread, then cancel its receive */
        atomic_store(&s->stop, true);
        ladroi_net_thread_join(&s->thr);
    }
    ladroi_net_mutex_free(s->mu); /* no service thread any more: nothing takes it */
    ladroi_net_cancel(&s->rreq);
    ladroi_net_chan_free(&s->comm);
    free(s->q);
    free(s->rbuf);
    free(s->sbuf);
    free(s->wbuf);
    free(s);
}

/* Pop every seed of this rank's pool into buf (newest first). */
static int ladro__drain(ladro_t *lb, unsigned char **buf, size_t *n)
{
    size_t cnt = (size_t)ladroi_pool_local_count(&lb->pool);
    *n = 0;
    *buf = malloc(cnt ? cnt * lb->pool.rec_bytes : 1);
    if (!*buf)
        return ladroi_fail(lb, LADRO_ENOMEM, "leader: out of memory for %zu seeds", cnt);
    for (;;) {
        if (*n == cnt)
            break;
        int rc = ladroi_pool_pop(lb, &lb->pool, *buf + *n * lb->pool.rec_bytes);
        if (rc < 0)
            return rc;
        if (rc == 0)
            break;
        (*n)++;
    }
    return LADRO_OK;
}

/* Start: the leader's queue becomes the union of all seeds, in push order per rank. */
static int ladro__leader_start(ladro_t *lb, void *state)
{
    ladro__leader_t *s = state;
    unsigned char *buf;
    size_t n;
    int rc = ladro__drain(lb, &buf, &n);
    if (rc) {
        free(buf);
        return rc;
    }
    /* reverse: the pool gave newest first */
    for (size_t i = 0; i < n / 2; i++) {
        unsigned char *a = buf + i * s->rec, *b = buf + (n - 1 - i) * s->rec;
        for (size_t k = 0; k < s->rec; k++) {
            unsigned char t = a[k];
            a[k] = b[k];
            b[k] = t;
        }
    }
    if (lb->rank == LADRO__LEADER) {
        ladroi_net_mutex_lock(s->mu);
        rc = ladro__q_append(s, buf, n);
        ladroi_net_mutex_unlock(s->mu);
        if (rc)
            rc = ladroi_fail(lb, LADRO_ENOMEM, "leader: out of memory for %zu tasks", n);
    } else {
        for (size_t off = 0; off < n && rc == 0; off += s->batch) {
            size_t m = n - off < s->batch ? n - off : s->batch;
            rc = ladroi_net_send(lb, s->comm, buf + off * s->rec, m * s->rec, LADRO__LEADER,
                                 LADRO__TAG_SEED);
            lb->st.info_msgs++;
        }
    }
    free(buf);
    return rc;
}

/* Put k received records into this rank's pool. */
static int ladro__take_in(ladro_t *lb, const unsigned char *recs, size_t k)
{
    for (size_t i = 0; i < k; i++) {
        ladroi_rec_hdr_t h;
        const unsigned char *r = recs + i * lb->pool.rec_bytes;
        memcpy(&h, r, sizeof h);
        int rc = ladroi_pool_push(lb, &lb->pool, &h, r + sizeof h, lb->cfg.task_bytes);
        if (rc)
            return rc;
    }
    return LADRO_OK;
}

static int ladro__leader_idle(ladro_t *lb, void *state)
{
    ladro__leader_t *s = state;
    int rc;
    if (lb->rank == LADRO__LEADER) {
        /* The leader computes too: it takes its chunk from the queue directly. */
        if ((rc = ladro__leader_poll(lb, s)) != 0)
            return rc;
        unsigned char *tmp = malloc((size_t)s->chunk * s->rec);
        if (!tmp)
            return ladroi_fail(lb, LADRO_ENOMEM, "leader: out of memory");
        ladroi_net_mutex_lock(s->mu);
        size_t k = ladro__q_take(s, tmp, s->chunk);
        ladroi_net_mutex_unlock(s->mu);
        rc = ladro__take_in(lb, tmp, k);
        free(tmp);
        return rc ? rc : k > 0;
    }
    /* A worker asks the leader for a chunk and waits for the reply without blocking:
     * the core backs off between checks and keeps joining termination waves. */
    if (!s->waiting) {
        uint64_t want = s->chunk;
        if ((rc = ladroi_net_irecv(lb, s->comm, s->wbuf, 8 + (size_t)s->chunk * s->rec,
                                   LADRO__LEADER, LADRO__TAG_REPLY, &s->wreq)) != 0)
            return rc;
        s->waiting = true;
        if ((rc = ladroi_net_send(lb, s->comm, &want, 8, LADRO__LEADER, LADRO__TAG_REQ)) != 0)
            return rc;
        lb->st.steals_tried++;
        lb->st.info_msgs++;
        LADROI_TRACE_MSG(lb, LADRO__LEADER, LADROI_MSG_REQUEST);
        s->asked_at = ladroi_net_now();
    }
    bool flag;
    if ((rc = ladroi_net_test(lb, &s->wreq, &flag, NULL)) != 0)
        return rc;
    if (!flag)
        return 0;
    s->waiting = false;
    lb->st.info_msgs++;
    uint64_t k;
    memcpy(&k, s->wbuf, 8);
    /* the request/reply round trip is this policy's steal: timed and traced as one */
    lb->st.steal_time_s += ladroi_net_now() - s->asked_at;
    LADROI_TRACE(lb, LADROI_TEV_STEAL, s->asked_at, ladroi_net_now(), 0, LADRO__LEADER, (uint32_t)k);
    if (k == 0) {
        lb->st.steals_failed++;
        return 0;
    }
    if ((rc = ladro__take_in(lb, s->wbuf + 8, (size_t)k)) != 0)
        return rc;
    lb->st.steals_ok++;
    lb->st.tasks_stolen += k;
    lb->st.bytes_stolen += k * s->rec;
    return 1;
}

static int ladro__leader_progress(ladro_t *lb, void *state)
{
    return ladro__leader_poll(lb, state);
}

static void ladro__leader_dump(const ladro_t *lb, const void *state, FILE *out)
{
    ladro__leader_t *s = (ladro__leader_t *)state; /* the queue's mutex, nothing else */
    if (lb->rank == LADRO__LEADER) {
        ladroi_net_mutex_lock(s->mu);
        size_t qn = s->qcount;
        ladroi_net_mutex_unlock(s->mu);
        fprintf(out, "  leader: served by %s; queue %zu tasks; %" PRIu64 " requests served "
                "(%" PRIu64 " empty), %" PRIu64 " tasks handed out, %" PRIu64 " seeds received, "
                "%d of %d workers gone\n", s->threaded ? "a service thread" : "the main thread",
                qn, (uint64_t)s->served, (uint64_t)s->empty, (uint64_t)s->handed,
                (uint64_t)s->seeds_in, s->byes, s->size - 1);
    } else {
        fprintf(out, "  leader: worker, request %s, chunk %u\n",
                s->waiting ? "pending" : "not pending", s->chunk);
    }
}

LADROI_POLICY_DEFINE(leader, ladro__leader, ladro__leader_opts_t, false,
                     "rank 0 hands out chunks of tasks on request while it computes (LW)",
                     .on_progress = ladro__leader_progress, .on_start = ladro__leader_start);
