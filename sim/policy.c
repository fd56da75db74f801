/* Policy-level simulation: independent tasks, heterogeneous ranks, one latency per message,
 * and the decision rule of each ladro policy. docs/sim.md "Policy-level simulation" says
 * what each rule keeps from its paper and where the simulation abstracts. */
#include "a2ws_math.h" /* the runtime's A2WS equations (pure C, no MPI) */
#include "speed.h"     /* the runtime's speed specs (pure C, no MPI) */
#include "sw_math.h"   /* the runtime's small-world overlay graph (pure C, no MPI) */
#include "policy.h"

#include "cli.h"
#include "engine.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

const char *const ladro_sim_policy_names[LADRO_SIM_POL_COUNT] = {
    "static", "leader", "random", "ctws", "a2ws", "baseline", "successonly", "smallworld"};

/* message kinds (handle MSG of the thief / worker that owns the message) */
enum {
    M_NONE,
    M_CLAIM,     /* RMA steal (random, smallworld, a2ws) reaches the victim */
    M_FAIL,      /* the thief learns its RMA steal found nothing */
    M_RETRY,     /* back-off over: try again */
    M_REQ,       /* leader: a worker's request reaches the leader */
    M_NONE_LEFT, /* leader: "no task left" reaches the worker */
    M_VERIFY,    /* ctws: MPI_Get of the victim's count reaches it */
    M_CT_LOCK,   /* ctws: exclusive lock + steal reaches the victim */
    M_CT_RETRY,  /* ctws: the holder learns its victim was empty */
    M_PROBE,     /* baseline/successonly: load read + trylock/registration reaches victim */
    M_REPICK,    /* baseline/successonly: the thief learns the probe failed */
    M_REGDONE,   /* successonly: the thief learns its registration is in place */
    M_DENY,      /* baseline: the victim's refusal reaches the thief */
};
/* server kinds (handle SRV of the rank) */
enum { S_NONE, S_SERVE, S_TOKEN, S_FORWARD };

typedef struct ladro__batch {
    int64_t at;
    uint32_t *ids;
    uint32_t n;
    int32_t from;
    uint64_t id;
} ladro__batch_t;

typedef struct {
    /* hot: touched by every steal attempt (thief and victim side), first cache line */
    uint32_t qh, qt; /* deque q[qh..qt): owner pops at qh, thieves take at qt */
    int32_t victim;
    uint8_t running, stealing, mkind, skind, stopped, published;
    int64_t backoff;
    int64_t run_start, run_end;
    /* colder */
    uint32_t *q, qcap;
    double speed;
    int64_t cur_ns, busy_ns;
    ladro__batch_t *in; /* task transfers in flight to this rank */
    uint32_t nin, incap;
    int32_t *pend; /* thieves / workers waiting for this rank's service (FIFO) */
    uint32_t pendh, pendt, pendcap;
    int32_t *cont; /* successonly: victims contacted and not yet heard from */
    uint32_t ncont, contcap;
    int32_t locker;
    int64_t lock_until;
    int64_t want; /* a2ws: tasks to steal (eq. 7) */
    uint32_t ndone;
} ladro__rank_t;

typedef struct {
    const ladro_sim_pol_params_t *prm;
    int32_t p, R;
    ladro__rank_t *r;
    ladro_sim_heap_t q;
    ladroi_rng_t rng;
    int64_t *dur; /* per task, ns at speed 1 */
    uint8_t *ran; /* exactly-once check: times each task started */
    uint64_t dup;
    uint64_t N, ndone;
    int finished;
    int64_t end_t;
    ladro_sim_pol_result_t *out;
    const ladro_sim_lat_observer_t *obs;
    uint64_t msgid;
    /* ctws: the token's list of stealable tasks per rank, as a max segment tree */
    int32_t holder, ct_finish, segn;
    int64_t *seg;
    /* a2ws: published information, Fenwick trees over ring positions */
    double *pub_n, *pub_inv, *fn, *fi, *fu;
    /* smallworld overlay, the runtime's graph (ladroi_sw_graph, src/sw_math.c), CSR:
     * neighbours of i are nbr[off[i] .. off[i+1]) */
    int *nbr;
    int64_t *off;
    /* leader service thread: busy until */
    int64_t srv_busy;
} ladro__sim_t;

#define H_COMP(s, i) (i)
#define H_MSG(s, i) ((s)->p + (i))
#define H_SRV(s, i) (2 * (s)->p + (i))
#define H_IN(s, i) (3 * (s)->p + (i))

static const int64_t LADRO__INF = INT64_MAX / 4;

static inline int64_t ladro__lat(const ladro__sim_t *s, int32_t i, int32_t j)
{
    int32_t d = i > j ? i - j : j - i;
    if (s->p - d < d)
        d = s->p - d;
    return s->prm->lambda_ns + s->prm->hop_ns * d;
}

static inline uint32_t ladro__qlen(const ladro__rank_t *r) { return r->qt - r->qh; }

static inline uint32_t ladro__stealable(const ladro__sim_t *s, int32_t v)
{
    uint32_t n = ladro__qlen(&s->r[v]);
    return n > s->prm->chunk ? n - s->prm->chunk : 0;
}

static inline uint32_t ladro__take(const ladro__sim_t *s, uint32_t n)
{
    if (n == 0)
        return 0;
    uint32_t k = (uint32_t)ceil(s->prm->steal_fraction * n);
    return k < 1 ? 1 : k > n ? n : k;
}

static int ladro__reserve(void **p, uint32_t *cap, uint32_t need, size_t elt)
{
    if (need <= *cap)
        return 0;
    uint32_t c = *cap ? *cap : 8;
    while (c < need)
        c *= 2;
    void *n = realloc(*p, (size_t)c * elt);
    if (!n)
        return -1;
    *p = n;
    *cap = c;
    return 0;
}

static int ladro__qpush(ladro__rank_t *r, const uint32_t *ids, uint32_t n)
{
    if (r->qt + n > r->qcap && r->qh > 0) {
        memmove(r->q, r->q + r->qh, (size_t)(r->qt - r->qh) * sizeof *r->q);
        r->qt -= r->qh;
        r->qh = 0;
    }
    if (ladro__reserve((void **)&r->q, &r->qcap, r->qt + n, sizeof *r->q))
        return -1;
    memcpy(r->q + r->qt, ids, (size_t)n * sizeof *ids);
    r->qt += n;
    return 0;
}

static void ladro__pend_push(ladro__rank_t *r, int32_t who)
{
    if (r->pendt == r->pendcap && r->pendh > 0) {
        memmove(r->pend, r->pend + r->pendh, (size_t)(r->pendt - r->pendh) * sizeof *r->pend);
        r->pendt -= r->pendh;
        r->pendh = 0;
    }
    if (ladro__reserve((void **)&r->pend, &r->pendcap, r->pendt + 1, sizeof *r->pend) == 0)
        r->pend[r->pendt++] = who;
}

/* ---- ctws: max segment tree over the token's list ---------------------------------- */
static void ladro__seg_set(ladro__sim_t *s, int32_t i, int64_t v)
{
    int32_t k = s->segn + i;
    s->seg[k] = v;
    for (k >>= 1; k >= 1; k >>= 1)
        s->seg[k] = s->seg[2 * k] >= s->seg[2 * k + 1] ? s->seg[2 * k] : s->seg[2 * k + 1];
}

/* index of the max over all ranks except `ex` (ties: lowest index), or -1 */
static int32_t ladro__seg_argmax_except(ladro__sim_t *s, int32_t ex)
{
    int64_t keep = s->seg[s->segn + ex];
    ladro__seg_set(s, ex, -1);
    int32_t k = 1;
    if (s->seg[1] < 0) {
        ladro__seg_set(s, ex, keep);
        return -1;
    }
    while (k < s->segn)
        k = s->seg[2 * k] >= s->seg[2 * k + 1] ? 2 * k : 2 * k + 1;
    ladro__seg_set(s, ex, keep);
    return k - s->segn;
}

/* ---- a2ws: Fenwick trees ------------------------------------------------------------- */
static void ladro__fw_add(double *f, int32_t n, int32_t i, double d)
{
    for (i++; i <= n; i += i & -i)
        f[i] += d;
}
static double ladro__fw_prefix(const double *f, int32_t i) /* sum of [0, i) */
{
    double x = 0;
    for (; i > 0; i -= i & -i)
        x += f[i];
    return x;
}
/* sum over the ring window [c-R, c+R] */
static double ladro__fw_window(const ladro__sim_t *s, const double *f, int32_t c)
{
    int32_t p = s->p, R = s->R;
    if (2 * (int64_t)R + 1 >= p)
        return ladro__fw_prefix(f, p);
    int32_t lo = c - R, hi = c + R; /* inclusive */
    if (lo < 0)
        return ladro__fw_prefix(f, hi + 1) + ladro__fw_prefix(f, p) - ladro__fw_prefix(f, p + lo);
    if (hi >= p)
        return ladro__fw_prefix(f, p) - ladro__fw_prefix(f, lo) + ladro__fw_prefix(f, hi - p + 1);
    return ladro__fw_prefix(f, hi + 1) - ladro__fw_prefix(f, lo);
}

/* ---- common mechanics ---------------------------------------------------------------- */
static void ladro__state(ladro__sim_t *s, int32_t i, int64_t t, int st)
{
    if (s->obs && s->obs->state)
        s->obs->state(s->obs->ctx, t, i, st);
}

/* Move k tasks from the back of `from`'s deque to `to`, leaving at `depart`. */
static int ladro__send_tasks(ladro__sim_t *s, int32_t from, int32_t to, uint32_t k,
                             int64_t now, int64_t depart)
{
    ladro__rank_t *f = &s->r[from], *d = &s->r[to];
    if (ladro__reserve((void **)&d->in, &d->incap, d->nin + 1, sizeof *d->in))
        return -1;
    ladro__batch_t *b = &d->in[d->nin];
    b->ids = malloc((size_t)k * sizeof *b->ids);
    if (!b->ids)
        return -1;
    memcpy(b->ids, f->q + f->qt - k, (size_t)k * sizeof *b->ids);
    f->qt -= k;
    b->n = k;
    b->from = from;
    b->at = depart + ladro__lat(s, from, to);
    b->id = s->msgid++;
    d->nin++;
    int32_t h = H_IN(s, to);
    if (!ladro_sim_heap_pending(&s->q, h) || ladro_sim_heap_time(&s->q, h) > b->at)
        ladro_sim_heap_schedule(&s->q, h, b->at);
    s->out->tasks_moved += k;
    s->out->messages++;
    if (s->obs && s->obs->send)
        s->obs->send(s->obs->ctx, now, from, to, LADRO_SIM_MSG_WORK, k, b->id);
    return 0;
}

static void ladro__msg(ladro__sim_t *s, int32_t i, int kind, int64_t at)
{
    s->r[i].mkind = (uint8_t)kind;
    ladro_sim_heap_schedule(&s->q, H_MSG(s, i), at);
    s->out->messages++;
}

static void ladro__backoff(ladro__sim_t *s, int32_t i, int64_t t)
{
    ladro__rank_t *r = &s->r[i];
    r->mkind = M_RETRY;
    ladro_sim_heap_schedule(&s->q, H_MSG(s, i), t + r->backoff);
    r->backoff *= 2;
    if (r->backoff > s->prm->backoff_max_ns)
        r->backoff = s->prm->backoff_max_ns;
    if (r->backoff < 1)
        r->backoff = 1;
}

/* Next moment a rank serves messages: now if idle, else its next progress call (every
 * poll_ns of task time) or the end of its task. */
static int64_t ladro__next_poll(const ladro__sim_t *s, int32_t i, int64_t t)
{
    const ladro__rank_t *r = &s->r[i];
    if (!r->running)
        return t;
    int64_t poll = s->prm->poll_ns > 0 ? s->prm->poll_ns : 1;
    int64_t k = (t - r->run_start + poll - 1) / poll;
    int64_t tick = r->run_start + k * poll;
    return tick < r->run_end ? tick : r->run_end;
}

static void ladro__schedule_serve(ladro__sim_t *s, int32_t v, int64_t t)
{
    int32_t h = H_SRV(s, v);
    int64_t at = ladro__next_poll(s, v, t);
    if (ladro_sim_heap_pending(&s->q, h) && ladro_sim_heap_time(&s->q, h) <= at)
        return;
    s->r[v].skind = S_SERVE;
    ladro_sim_heap_schedule(&s->q, h, at);
}

/* Serving messages costs CPU: a busy rank's task ends later. */
static void ladro__charge(ladro__sim_t *s, int32_t v, int64_t cost)
{
    ladro__rank_t *r = &s->r[v];
    if (r->running && cost > 0) {
        r->run_end += cost;
        ladro_sim_heap_schedule(&s->q, H_COMP(s, v), r->run_end);
    }
}

static int32_t ladro__uniform_other(ladro__sim_t *s, int32_t i)
{
    int32_t v = (int32_t)ladroi_rng_below(&s->rng, (uint64_t)(s->p - 1));
    return v >= i ? v + 1 : v;
}

static void ladro__idle(ladro__sim_t *s, int32_t i, int64_t t);

static void ladro__start_next(ladro__sim_t *s, int32_t i, int64_t t)
{
    ladro__rank_t *r = &s->r[i];
    if (r->running)
        return;
    if (ladro__qlen(r) > 0) {
        uint32_t id = r->q[r->qh++];
        if (s->ran[id]++)
            s->dup++;
        int64_t d = (int64_t)ceil((double)s->dur[id] / r->speed) + s->prm->task_overhead_ns;
        r->running = 1;
        r->run_start = t;
        r->cur_ns = d;
        r->run_end = t + d;
        ladro_sim_heap_schedule(&s->q, H_COMP(s, i), r->run_end);
        ladro__state(s, i, t, LADRO_SIM_ST_COMPUTE);
        return;
    }
    int pol = s->prm->policy;
    ladro__state(s, i, t,
                 pol == LADRO_SIM_POL_STATIC || r->stopped ? LADRO_SIM_ST_IDLE
                                                          : LADRO_SIM_ST_STEAL);
    ladro__idle(s, i, t);
}

/* ---- policies ----------------------------------------------------------------------- */

/* random / smallworld: one RMA steal = claim at the victim (lambda) + data back (lambda) */
static void ladro__rma_steal(ladro__sim_t *s, int32_t i, int64_t t)
{
    ladro__rank_t *r = &s->r[i];
    if (r->stealing || s->p < 2)
        return;
    int32_t v;
    if (s->prm->policy == LADRO_SIM_POL_SMALLWORLD) {
        int64_t n = s->off[i + 1] - s->off[i];
        if (n < 1)
            return;
        v = s->nbr[s->off[i] + (int64_t)ladroi_rng_below(&s->rng, (uint64_t)n)];
    } else
        v = ladro__uniform_other(s, i);
    r->stealing = 1;
    r->victim = v;
    s->out->steals_tried++;
    ladro__msg(s, i, M_CLAIM, t + ladro__lat(s, i, v));
}

/* ctws: the token holder steals from the max of its list, verified by MPI_Get */
static void ladro__ct_forward(ladro__sim_t *s, int32_t i, int64_t t)
{
    ladro__seg_set(s, i, ladro__stealable(s, i));
    s->holder = -1;
    if (s->ct_finish || s->p < 2)
        return; /* token set to "finish": nobody steals any more */
    int32_t nxt = (i + 1) % s->p;
    s->r[nxt].skind = S_TOKEN;
    ladro_sim_heap_schedule(&s->q, H_SRV(s, nxt), t + ladro__lat(s, i, nxt));
    s->out->messages++;
}

static void ladro__ct_steal(ladro__sim_t *s, int32_t i, int64_t t)
{
    ladro__rank_t *r = &s->r[i];
    int32_t v = ladro__seg_argmax_except(s, i);
    if (v < 0 || s->seg[s->segn + v] <= 0) {
        s->ct_finish = 1; /* no more tasks to steal per the list: token := finish */
        r->stealing = 0;
        s->holder = -1;
        return;
    }
    r->stealing = 1;
    r->victim = v;
    s->out->steals_tried++;
    ladro__msg(s, i, M_VERIFY, t + ladro__lat(s, i, v));
}

/* a2ws: estimated time per task of rank j (elapsed wall time if it has finished none:
 * the preemptive-stealing rule) */
static inline double ladro__a2_t(const ladro__sim_t *s, int32_t j, int64_t t)
{
    if (s->r[j].published && s->pub_inv[j] > 0)
        return 1.0 / s->pub_inv[j];
    return t > 0 ? (double)t : 1.0;
}

/* A2WS eq. (5) ingredients over c's window: N = sum n_j, T = sum 1/t_j */
static void ladro__a2_window(const ladro__sim_t *s, int32_t c, int64_t t, double *N, double *T)
{
    *N = ladro__fw_window(s, s->fn, c);
    *T = ladro__fw_window(s, s->fi, c) +
         ladro__fw_window(s, s->fu, c) / (t > 0 ? (double)t : 1.0);
}

/* A2WS eq. (5): S = n_ideal (eq. 3) - n_k, from the runtime's src/a2ws_math.c */
static inline double ladro__a2_S(double N, double T, double n_k, double t_k)
{
    return T > 0 ? ladroi_a2ws_n_ideal(N, T, t_k) - n_k : 0;
}

/* A2WS eqs. (6)-(8): round S to floor or ceil, whichever gives the smaller max finish time
 * of the pair (the runtime's function) */
static int64_t ladro__a2_round(double S, double ni, double ti, double nj, double tj)
{
    return (int64_t)ladroi_a2ws_round(S, ni, ti, nj, tj);
}

static void ladro__a2_set_n(ladro__sim_t *s, int32_t j, double n)
{
    ladro__fw_add(s->fn, s->p, j, n - s->pub_n[j]);
    s->pub_n[j] = n;
}

static void ladro__a2_publish(ladro__sim_t *s, int32_t i, int64_t t)
{
    ladro__rank_t *r = &s->r[i];
    ladro__a2_set_n(s, i, ladro__qlen(r));
    if (r->ndone > 0 && t > 0) {
        double inv = (double)r->ndone / (double)t; /* t_i = elapsed / tasks done */
        if (!r->published) {
            ladro__fw_add(s->fu, s->p, i, -1);
            r->published = 1;
        }
        ladro__fw_add(s->fi, s->p, i, inv - s->pub_inv[i]);
        s->pub_inv[i] = inv;
    }
    s->out->messages += s->p > 2 ? 2 : (uint64_t)(s->p - 1); /* to both ring neighbours */
}

static void ladro__a2_decide(ladro__sim_t *s, int32_t i, int64_t t, int idle)
{
    ladro__rank_t *r = &s->r[i];
    if (r->stealing || s->p < 2)
        return;
    double ni = ladro__qlen(r) + (r->running ? 1 : 0);
    double ti = r->ndone > 0 && t > 0 ? (double)t / r->ndone : (t > 0 ? (double)t : 1.0);
    double N, T;
    ladro__a2_window(s, i, t, &N, &T); /* the thief's information: its own subsystem */
    double Si = ladro__a2_S(N, T, ni, ti);
    if (!idle && Si < 1)
        return; /* balanced enough: no preemptive steal */
    int32_t C = s->prm->candidates > 0 ? s->prm->candidates : 8;
    int32_t span = 2 * (int64_t)s->R + 1 >= s->p ? s->p - 1 : 2 * s->R;
    int32_t cand[256];
    double w[256], need[256];
    int nc = 0;
    double wsum = 0;
    if (C > 256)
        C = 256;
    /* criterion 1, closest rate: victims whose own S_j < 0 (surplus), weight by how close
     * their surplus is to the thief's need */
    for (int k = 0; k < C; k++) {
        int32_t off = (int32_t)ladroi_rng_below(&s->rng, (uint64_t)span);
        int32_t j;
        if (span == s->p - 1)
            j = off >= i ? off + 1 : off;
        else {
            int32_t d = off < s->R ? -(off + 1) : off - s->R + 1;
            j = (int32_t)(((int64_t)i + d + s->p) % s->p);
        }
        double nj = s->pub_n[j], tj = ladro__a2_t(s, j, t);
        /* the victim's rate as the thief sees it: eq. (5) with the thief's window totals
         * (the thief holds no information beyond its radius) */
        double Sj = ladro__a2_S(N, T, nj, tj);
        if (Sj <= -1 && Si >= 1) {
            int64_t D = ladro__a2_round(Si < -Sj ? Si : -Sj, ni, ti, nj, tj);
            if (D >= 1) {
                cand[nc] = j;
                need[nc] = (double)D;
                w[nc] = 1.0 / (1.0 + fabs(Si + Sj));
                wsum += w[nc++];
            }
        }
    }
    if (nc == 0) {
        /* criterion 2, in-pair comparison (eq. 10) */
        for (int k = 0; k < C; k++) {
            int32_t j = span == s->p - 1 ? ladro__uniform_other(s, i)
                                         : (int32_t)(((int64_t)i + s->p +
                                                      ((int64_t)ladroi_rng_below(
                                                           &s->rng, (uint64_t)(2 * s->R + 1)) -
                                                       s->R)) % s->p);
            if (j == i)
                continue;
            double nj = s->pub_n[j], tj = ladro__a2_t(s, j, t);
            double Sp = ladroi_a2ws_pair_rate(ni, ti, nj, tj);
            if (Sp >= 1) {
                int64_t D = ladro__a2_round(Sp, ni, ti, nj, tj);
                if (D >= 1) {
                    cand[nc] = j;
                    need[nc] = (double)D;
                    w[nc] = Sp;
                    wsum += w[nc++];
                }
            }
        }
    }
    if (nc == 0) {
        if (idle)
            ladro__backoff(s, i, t);
        return;
    }
    double x = ladroi_rng_unit(&s->rng) * wsum;
    int pick = 0;
    for (; pick < nc - 1; pick++) {
        x -= w[pick];
        if (x < 0)
            break;
    }
    r->stealing = 1;
    r->victim = cand[pick];
    r->want = (int64_t)need[pick];
    s->out->steals_tried++;
    ladro__msg(s, i, M_CLAIM, t + ladro__lat(s, i, cand[pick]));
}

/* baseline / successonly: load-aware random victim (published load read by RDMA) */
static void ladro__probe(ladro__sim_t *s, int32_t i, int64_t t)
{
    ladro__rank_t *r = &s->r[i];
    if (r->stealing || s->p < 2)
        return;
    int32_t v = -1;
    for (int tries = 0; tries < 8 && v < 0; tries++) {
        int32_t c = ladro__uniform_other(s, i);
        int seen = 0;
        for (uint32_t k = 0; k < r->ncont; k++)
            seen |= r->cont[k] == c;
        if (!seen)
            v = c;
    }
    if (v < 0) {
        ladro__backoff(s, i, t); /* every victim drawn is already contacted */
        return;
    }
    r->stealing = 1;
    r->victim = v;
    s->out->probes++;
    ladro__msg(s, i, M_PROBE, t + ladro__lat(s, i, v));
}

static void ladro__idle(ladro__sim_t *s, int32_t i, int64_t t)
{
    ladro__rank_t *r = &s->r[i];
    switch (s->prm->policy) {
    case LADRO_SIM_POL_LEADER:
        if (i != 0 && !r->stealing && !r->stopped) {
            r->stealing = 1;
            s->out->steals_tried++;
            ladro__msg(s, i, M_REQ, t + ladro__lat(s, i, 0));
        }
        break;
    case LADRO_SIM_POL_RANDOM:
    case LADRO_SIM_POL_SMALLWORLD:
        ladro__rma_steal(s, i, t);
        break;
    case LADRO_SIM_POL_CTWS:
        if (s->holder == i && !s->ct_finish && !r->stealing) {
            ladro_sim_heap_cancel(&s->q, H_SRV(s, i));
            ladro__ct_steal(s, i, t);
        }
        break;
    case LADRO_SIM_POL_A2WS:
        ladro__a2_decide(s, i, t, 1);
        break;
    case LADRO_SIM_POL_BASELINE:
    case LADRO_SIM_POL_SUCCESSONLY:
        ladro__probe(s, i, t);
        break;
    default:
        break;
    }
}

/* tasks arrived at i from `from` */
static void ladro__received(ladro__sim_t *s, int32_t i, int32_t from, int64_t t)
{
    ladro__rank_t *r = &s->r[i];
    r->backoff = s->prm->backoff_min_ns;
    switch (s->prm->policy) {
    case LADRO_SIM_POL_SUCCESSONLY:
        for (uint32_t k = 0; k < r->ncont; k++)
            if (r->cont[k] == from) {
                r->cont[k] = r->cont[--r->ncont];
                break;
            }
        break;
    case LADRO_SIM_POL_CTWS:
        r->stealing = 0;
        if (s->holder == i)
            ladro__ct_forward(s, i, t);
        break;
    case LADRO_SIM_POL_A2WS:
        r->stealing = 0;
        ladro__a2_set_n(s, i, ladro__qlen(r)); /* my own entry is exact */
        break;
    default:
        r->stealing = 0;
        break;
    }
}

/* ---- event handlers ----------------------------------------------------------------- */
static void ladro__on_complete(ladro__sim_t *s, int32_t i, int64_t t)
{
    ladro__rank_t *r = &s->r[i];
    r->running = 0;
    r->busy_ns += r->cur_ns;
    r->ndone++;
    if (++s->ndone == s->N) {
        s->finished = 1;
        s->end_t = t;
        return;
    }
    if (s->prm->policy == LADRO_SIM_POL_A2WS)
        ladro__a2_publish(s, i, t);
    ladro__start_next(s, i, t);
    if (s->prm->policy == LADRO_SIM_POL_A2WS && r->running)
        ladro__a2_decide(s, i, t, 0); /* preemptive stealing from the first finished task */
}

static void ladro__on_inbox(ladro__sim_t *s, int32_t i, int64_t t)
{
    ladro__rank_t *r = &s->r[i];
    int64_t next = LADRO__INF;
    uint32_t k = 0;
    for (uint32_t b = 0; b < r->nin; b++) {
        ladro__batch_t *x = &r->in[b];
        if (x->at <= t) {
            ladro__qpush(r, x->ids, x->n);
            free(x->ids);
            if (s->obs && s->obs->recv)
                s->obs->recv(s->obs->ctx, t, x->id);
            ladro__received(s, i, x->from, t);
        } else {
            if (x->at < next)
                next = x->at;
            r->in[k++] = *x;
        }
    }
    r->nin = k;
    if (next < LADRO__INF)
        ladro_sim_heap_schedule(&s->q, H_IN(s, i), next);
    ladro__start_next(s, i, t);
}

static void ladro__on_msg(ladro__sim_t *s, int32_t i, int64_t t)
{
    ladro__rank_t *r = &s->r[i];
    int32_t v = r->victim;
    int pol = s->prm->policy;
    int idle = !r->running && ladro__qlen(r) == 0;
    switch (r->mkind) {
    case M_CLAIM: {
        uint32_t n = ladro__stealable(s, v);
        uint32_t k = pol == LADRO_SIM_POL_A2WS ? (uint32_t)(r->want < n ? r->want : n)
                                               : ladro__take(s, n);
        if (k > 0) {
            s->out->steals_ok++;
            ladro__send_tasks(s, v, i, k, t, t);
        } else if (pol != LADRO_SIM_POL_A2WS) {
            /* random / smallworld thieves are idle while they steal: the failure answer
             * (lambda) and the back-off are one event; `stealing` stays set until then */
            s->out->steals_failed++;
            s->out->messages++;
            r->mkind = M_RETRY;
            ladro_sim_heap_schedule(&s->q, H_MSG(s, i), t + ladro__lat(s, v, i) + r->backoff);
            r->backoff *= 2;
            if (r->backoff > s->prm->backoff_max_ns)
                r->backoff = s->prm->backoff_max_ns;
            if (r->backoff < 1)
                r->backoff = 1;
        } else {
            s->out->steals_failed++;
            ladro__msg(s, i, M_FAIL, t + ladro__lat(s, v, i));
        }
        /* a2ws: the head/tail word returned by the steal tells the thief the victim's
         * count; it enters the thief's information (shared table in the simulation) */
        if (pol == LADRO_SIM_POL_A2WS)
            ladro__a2_set_n(s, v, ladro__qlen(&s->r[v]));
        break;
    }
    case M_FAIL:
        r->stealing = 0;
        if (idle)
            ladro__backoff(s, i, t);
        break;
    case M_RETRY:
        r->stealing = 0;
        if (idle)
            ladro__idle(s, i, t);
        break;
    case M_REQ:
        ladro__pend_push(&s->r[0], i);
        if (s->prm->leader_thread) {
            s->r[0].skind = S_SERVE; /* the service thread answers on arrival */
            if (!ladro_sim_heap_pending(&s->q, H_SRV(s, 0)))
                ladro_sim_heap_schedule(&s->q, H_SRV(s, 0), t);
        } else
            ladro__schedule_serve(s, 0, t);
        break;
    case M_NONE_LEFT:
        r->stealing = 0;
        r->stopped = 1;
        ladro__state(s, i, t, LADRO_SIM_ST_IDLE);
        break;
    case M_VERIFY:
        if (ladro__stealable(s, v) > 0) {
            s->out->messages++; /* the Get's reply; the lock request is the next message */
            ladro__msg(s, i, M_CT_LOCK, t + 2 * ladro__lat(s, v, i));
        } else {
            ladro__seg_set(s, v, 0);
            s->out->steals_failed++;
            ladro__msg(s, i, M_CT_RETRY, t + ladro__lat(s, v, i));
        }
        break;
    case M_CT_LOCK: {
        uint32_t k = ladro__take(s, ladro__stealable(s, v));
        if (k > 0) {
            s->out->steals_ok++;
            ladro__send_tasks(s, v, i, k, t, t);
            ladro__seg_set(s, v, ladro__stealable(s, v));
            ladro__seg_set(s, i, k);
        } else {
            ladro__seg_set(s, v, 0);
            s->out->steals_failed++;
            ladro__msg(s, i, M_CT_RETRY, t + ladro__lat(s, v, i));
        }
        break;
    }
    case M_CT_RETRY:
        r->stealing = 0;
        if (s->holder == i && idle)
            ladro__ct_steal(s, i, t);
        else if (s->holder == i)
            ladro__ct_forward(s, i, t);
        break;
    case M_PROBE: {
        ladro__rank_t *vr = &s->r[v];
        uint32_t load = ladro__stealable(s, v);
        if (pol == LADRO_SIM_POL_BASELINE) {
            int locked = vr->locker >= 0 && t < vr->lock_until;
            if (load > 0 && !locked) {
                vr->locker = i; /* TRY_LOCK succeeded: thief_queued[v] = me */
                vr->lock_until = LADRO__INF;
                s->out->steals_tried++;
                ladro__pend_push(vr, i);
                ladro__schedule_serve(s, v, t);
            } else
                ladro__msg(s, i, M_REPICK, t + ladro__lat(s, v, i));
        } else {
            if (load > 0) {
                s->out->steals_tried++;
                ladro__pend_push(vr, i);
                if (ladro__reserve((void **)&r->cont, &r->contcap, r->ncont + 1,
                                   sizeof *r->cont) == 0)
                    r->cont[r->ncont++] = v;
                ladro__schedule_serve(s, v, t);
                ladro__msg(s, i, M_REGDONE, t + ladro__lat(s, v, i));
            } else
                ladro__msg(s, i, M_REPICK, t + ladro__lat(s, v, i));
        }
        break;
    }
    case M_REPICK:
        r->stealing = 0;
        if (idle)
            ladro__backoff(s, i, t);
        break;
    case M_REGDONE:
        r->stealing = 0;
        if (idle)
            ladro__probe(s, i, t); /* keep hunting until tasks arrive */
        break;
    case M_DENY:
        r->stealing = 0;
        if (idle)
            ladro__backoff(s, i, t);
        break;
    default:
        break;
    }
}

static void ladro__on_srv(ladro__sim_t *s, int32_t v, int64_t t)
{
    ladro__rank_t *vr = &s->r[v];
    int pol = s->prm->policy;
    if (vr->skind == S_TOKEN) {
        s->holder = v;
        s->out->token_hops++;
        ladro__seg_set(s, v, ladro__stealable(s, v)); /* updateList: my own entry */
        if (!vr->running && ladro__qlen(vr) == 0)
            ladro__ct_steal(s, v, t);
        else {
            vr->skind = S_FORWARD;
            ladro_sim_heap_schedule(&s->q, H_SRV(s, v), ladro__next_poll(s, v, t));
        }
        return;
    }
    if (vr->skind == S_FORWARD) {
        if (s->holder == v && !vr->stealing)
            ladro__ct_forward(s, v, t);
        return;
    }
    /* S_SERVE: answer the waiting requests in arrival order, msg_ns of CPU each */
    int64_t cost = 0;
    while (vr->pendh < vr->pendt) {
        int32_t w = vr->pend[vr->pendh];
        if (pol == LADRO_SIM_POL_LEADER) {
            /* hand out `chunk` tasks per request (at least 1), or "none left" */
            vr->pendh++;
            int64_t depart;
            if (s->prm->leader_thread) { /* service thread: serialized on its own clock */
                int64_t b0 = s->srv_busy > t ? s->srv_busy : t;
                s->srv_busy = b0 + s->prm->msg_ns;
                depart = s->srv_busy;
            } else { /* main thread: delays the leader's own task */
                cost += s->prm->msg_ns;
                depart = t + cost;
            }
            uint32_t n = ladro__qlen(vr), want = s->prm->chunk > 0 ? s->prm->chunk : 1;
            if (n > 0) {
                s->out->steals_ok++;
                ladro__send_tasks(s, v, w, n < want ? n : want, t, depart);
            } else
                ladro__msg(s, w, M_NONE_LEFT, depart + ladro__lat(s, v, w));
        } else if (pol == LADRO_SIM_POL_BASELINE) {
            vr->pendh++;
            cost += s->prm->msg_ns;
            uint32_t k = ladro__take(s, ladro__stealable(s, v));
            if (k > 0) {
                s->out->steals_ok++;
                ladro__send_tasks(s, v, w, k, t, t + cost);
            } else {
                s->out->steals_failed++;
                ladro__msg(s, w, M_DENY, t + cost + ladro__lat(s, v, w));
            }
            /* the thief unlocks after the reply reaches it */
            vr->lock_until = t + cost + 2 * ladro__lat(s, v, w);
        } else { /* successonly: serve while a local steal yields tasks; never deny */
            uint32_t k = ladro__take(s, ladro__stealable(s, v));
            if (k == 0)
                break;
            vr->pendh++;
            cost += s->prm->msg_ns;
            s->out->steals_ok++;
            ladro__send_tasks(s, v, w, k, t, t + cost);
        }
    }
    ladro__charge(s, v, cost);
}

/* ---- set-up, run, tear-down --------------------------------------------------------- */
int ladro_sim_speeds(const char *spec, int32_t nranks, double *speed, char *err,
                     size_t errlen)
{
    for (int32_t r = 0; r < nranks; r++)
        if (ladroi_speed_of(spec, r, nranks, &speed[r], err, errlen))
            return -1;
    return 0;
}

void ladro_sim_pol_defaults(ladro_sim_pol_params_t *prm)
{
    memset(prm, 0, sizeof *prm);
    prm->policy = LADRO_SIM_POL_RANDOM;
    prm->p = 8;
    wl_spec_init(&prm->wl);
    prm->wl.tasks_per_rank = 10;
    prm->lambda_ns = 5000;
    prm->poll_ns = 1000000;
    prm->msg_ns = 1000;
    prm->backoff_min_ns = 20000;
    prm->backoff_max_ns = 2000000;
    prm->chunk = 1;
    prm->steal_fraction = 0.5;
    prm->candidates = 8;
    prm->leader_thread = 1;
    prm->seed = 1;
}

static void ladro__free(ladro__sim_t *s)
{
    if (s->r) {
        for (int32_t i = 0; i < s->p; i++) {
            ladro__rank_t *r = &s->r[i];
            for (uint32_t b = 0; b < r->nin; b++)
                free(r->in[b].ids);
            free(r->in);
            free(r->q);
            free(r->pend);
            free(r->cont);
        }
    }
    free(s->r);
    free(s->dur);
    free(s->ran);
    free(s->seg);
    free(s->pub_n);
    free(s->pub_inv);
    free(s->fn);
    free(s->fi);
    free(s->fu);
    free(s->nbr);
    free(s->off);
    ladro_sim_heap_free(&s->q);
}

int ladro_sim_pol_run(const ladro_sim_pol_params_t *prm, ladro_sim_pol_result_t *out,
                      char *err, size_t errlen)
{
    ladro__sim_t S, *s = &S;
    memset(s, 0, sizeof *s);
    memset(out, 0, sizeof *out);
    if (prm->policy < 0 || prm->policy >= LADRO_SIM_POL_COUNT || prm->p < 1 ||
        prm->p > (1 << 24) || !prm->speed || prm->lambda_ns < 0 || prm->hop_ns < 0 ||
        prm->steal_fraction <= 0 || prm->steal_fraction > 1) {
        snprintf(err, errlen, "invalid policy-simulation parameters");
        return -1;
    }
    uint64_t N = wl_ntasks(&prm->wl, prm->p);
    if (N == 0 || N > 0xFFFFFFF0ull) {
        snprintf(err, errlen, "tasks (%llu) must be in [1, 2^32)", (unsigned long long)N);
        return -1;
    }
    double t0 = ladroi_now();
    s->prm = prm;
    s->p = prm->p;
    s->N = N;
    s->out = out;
    s->obs = prm->obs;
    s->holder = -1;
    ladroi_rng_seed(&s->rng, prm->seed, 0x51u);
    s->r = calloc((size_t)s->p, sizeof *s->r);
    s->dur = malloc(N * sizeof *s->dur);
    s->ran = calloc(N, 1);
    uint32_t *cnt = calloc((size_t)s->p, sizeof *cnt);
    int32_t *own = malloc(N * sizeof *own);
    if (!s->r || !s->dur || !s->ran || !cnt || !own || ladro_sim_heap_init(&s->q, 4 * s->p)) {
        free(cnt);
        free(own);
        ladro__free(s);
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    /* workload: same durations and owners as ladro-synth for the same seed */
    double sum_d = 0, max_d = 0, sum_speed = 0;
    for (uint64_t id = 0; id < N; id++) {
        double sec = wl_task_seconds(&prm->wl, id);
        s->dur[id] = (int64_t)llround(sec * 1e9);
        sum_d += (double)s->dur[id];
        if ((double)s->dur[id] > max_d)
            max_d = (double)s->dur[id];
        own[id] = prm->policy == LADRO_SIM_POL_LEADER
                      ? 0
                      : wl_task_owner(&prm->wl, id, N, s->p);
        cnt[own[id]]++;
    }
    for (int32_t i = 0; i < s->p; i++) {
        ladro__rank_t *r = &s->r[i];
        r->speed = prm->speed[i];
        sum_speed += r->speed;
        r->backoff = prm->backoff_min_ns;
        r->victim = -1;
        r->locker = -1;
        if (ladro__reserve((void **)&r->q, &r->qcap, cnt[i] ? cnt[i] : 1, sizeof *r->q)) {
            free(cnt);
            free(own);
            ladro__free(s);
            snprintf(err, errlen, "out of memory");
            return -1;
        }
    }
    for (uint64_t id = 0; id < N; id++) {
        ladro__rank_t *r = &s->r[own[id]];
        r->q[r->qt++] = (uint32_t)id;
    }
    free(cnt);
    free(own);
    int fail = 0;
    if (prm->policy == LADRO_SIM_POL_CTWS) {
        s->segn = 1;
        while (s->segn < s->p)
            s->segn *= 2;
        s->seg = malloc((size_t)2 * s->segn * sizeof *s->seg);
        fail = !s->seg;
        if (!fail) {
            for (int32_t k = 0; k < 2 * s->segn; k++)
                s->seg[k] = -1;
            for (int32_t i = 0; i < s->p; i++)
                ladro__seg_set(s, i, ladro__stealable(s, i));
        }
    }
    if (prm->policy == LADRO_SIM_POL_A2WS) {
        s->R = prm->radius > 0 ? prm->radius : (int32_t)fmax(1.0, floor(0.2 * s->p));
        s->pub_n = calloc((size_t)s->p, sizeof(double));
        s->pub_inv = calloc((size_t)s->p, sizeof(double));
        s->fn = calloc((size_t)s->p + 1, sizeof(double));
        s->fi = calloc((size_t)s->p + 1, sizeof(double));
        s->fu = calloc((size_t)s->p + 1, sizeof(double));
        fail = !s->pub_n || !s->pub_inv || !s->fn || !s->fi || !s->fu;
        for (int32_t i = 0; !fail && i < s->p; i++) {
            s->pub_n[i] = ladro__qlen(&s->r[i]); /* known from the static distribution */
            ladro__fw_add(s->fn, s->p, i, s->pub_n[i]);
            ladro__fw_add(s->fu, s->p, i, 1);
        }
    }
    if (prm->policy == LADRO_SIM_POL_SMALLWORLD && s->p > 1)
        fail = ladroi_sw_graph(prm->seed, s->p, ladroi_sw_draws(s->p, prm->degree), &s->off,
                               &s->nbr) != 0;
    if (fail) {
        ladro__free(s);
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    /* t = 0: everybody starts its first task or goes stealing; ctws token at rank 0 */
    if (prm->policy == LADRO_SIM_POL_CTWS && s->p > 1) {
        s->r[0].skind = S_TOKEN;
        ladro_sim_heap_schedule(&s->q, H_SRV(s, 0), 0);
    }
    for (int32_t i = 0; i < s->p; i++)
        ladro__start_next(s, i, 0);
    int64_t t = 0;
    while (!s->finished) {
        int32_t h = ladro_sim_heap_pop(&s->q, &t);
        if (h < 0)
            break;
        int32_t i = h % s->p;
        switch (h / s->p) {
        case 0: ladro__on_complete(s, i, t); break;
        case 1: ladro__on_msg(s, i, t); break;
        case 2: ladro__on_srv(s, i, t); break;
        default: ladro__on_inbox(s, i, t); break;
        }
    }
    int rc = 0;
    if (!s->finished) {
        snprintf(err, errlen, "simulation stalled: %llu of %llu tasks done",
                 (unsigned long long)s->ndone, (unsigned long long)N);
        rc = -1;
    } else {
        uint64_t missing = 0;
        for (uint64_t id = 0; id < N; id++)
            missing += s->ran[id] == 0;
        if (missing || s->dup) {
            snprintf(err, errlen, "exactly-once violated: %llu tasks never ran, %llu ran twice",
                     (unsigned long long)missing, (unsigned long long)s->dup);
            rc = -1;
        }
    }
    if (s->obs && s->obs->end)
        s->obs->end(s->obs->ctx, s->end_t);
    double busy = 0;
    out->min_tasks_run = UINT64_MAX;
    for (int32_t i = 0; i < s->p; i++) {
        busy += (double)s->r[i].busy_ns;
        if (s->r[i].ndone < out->min_tasks_run)
            out->min_tasks_run = s->r[i].ndone;
        if (s->r[i].ndone > out->max_tasks_run)
            out->max_tasks_run = s->r[i].ndone;
    }
    out->tasks = N;
    out->makespan_s = (double)s->end_t * 1e-9;
    double lb = sum_d / sum_speed; /* fluid bound; speeds are normalized, the max is 1 */
    out->lower_bound_s = (lb > max_d ? lb : max_d) * 1e-9;
    out->efficiency = out->makespan_s > 0 ? out->lower_bound_s / out->makespan_s : 0;
    out->idle_mean = s->end_t > 0 ? 1.0 - busy / ((double)s->p * (double)s->end_t) : 0;
    out->events = s->q.pops;
    out->wall_s = ladroi_now() - t0;
    ladro__free(s);
    return rc;
}
