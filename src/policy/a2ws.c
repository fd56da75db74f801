/* a2ws: Adaptive Asynchronous Work-Stealing (Fernandes et al.), docs/policies/a2ws.md.
 *
 * Information vector over a bidirectional ring (§2.1): rank i keeps one slot per rank
 * j of its subsystem i-L..i+Rr (L, Rr: the radius R, clamped so the slots name distinct
 * ranks). Slot j holds t_j (average task runtime), n_j (tasks executed + queued +
 * running) and q_j (tasks j exposes to thieves). The slots j < i of rank i's window are
 * written only by i-1 and the slots j > i only by i+1, with MPI_Put and no lock; a
 * rank sends only its dirty slots (Table 1) that lie in the receiver's subsystem, in one
 * MPI_Put per neighbour. By default (a2ws_exchange=lean) a rank's own slot becomes dirty
 * only when it changed enough (ladroi_a2ws_significant) or its last publication is old,
 * and a task's end runs Algorithm 1 at most every 20 us while tasks remain; paper=1 does
 * both at every change and every task, as Table 1 and Algorithm 1.
 *
 * Smart stealing (§2.2): after every task (Algorithm 1 lines 3-9, preemptive, §2.2.1)
 * and whenever idle, the rank computes its steal rate by eq. (5), picks a victim by the
 * "closest rate" probabilities, or by "in-pair" (eqs. 9-10) when the subsystem looks
 * balanced, rounds the amount by eqs. (6)-(8) (by name one task from a rank of like
 * pace: ladro__amount), and steals it with one fetch-and-add on the victim's head/tail
 * word (§2.3.2, ladroi_pool_steal_faa). No extra thread: the vector travels in
 * ladro_next/ladro_progress (and while slow ranks are padded). By name a rank without a
 * finished task counts at its elapsed time only up to when news of that task's end could
 * have come (ladro__entry, docs/policies/a2ws.md "Old news"); paper=1 counts it to now.
 *
 * In a search (not in the paper; docs/policies/a2ws.md, "In a search"): the equations
 * predict a rank's end from its task count and mean runtime, which a search does not
 * have (a task of a few nodes may hold most of the tree). Once this rank's tasks push
 * tasks, a2ws by name stops its exchange and steals as random does: one task, from a
 * rank drawn at random (ladroi_random_step), its search splitting on ladro_hungry's rule.
 * It keeps its own slot current for probes (a put to its own window, no message), its
 * runtime LADRO__SEARCH_T: a probe takes one task from it, as random would (a rank whose
 * tasks were leaves of the search pushes nothing and probes on). A rank that has run no
 * task and whose view and probes name no victim takes random's round too (a search
 * starts on few ranks). Not after its first task: on the A2WS tables' cells a slow rank
 * then took one of the last tasks (C5, 1 920 tasks: 4.80 s against 3.70). paper=1
 * keeps the equations in a search. */
#include "../a2ws_math.h"
#include "../ladro_int.h"
#include "../config.h"
#include "../idle.h"
#include "../policy.h"
#include "../threads.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* One slot of the information vector, exactly as Put into a neighbour's window. */
typedef struct ladro__a2ws_slot {
    double t;       /* average task runtime (s); 0: no task finished yet; LADRO__SEARCH_T */
    double n;       /* tasks executed + queued + running */
    double q;       /* tasks in the public part of the pool (what a thief can take) */
    double first;   /* start of the first task, s after the common start; -1: none yet */
    double stamp;   /* when this was true, s after the common start (newest wins) */
    uint64_t check; /* mix of the fields: a record torn by a concurrent Put is ignored */
} ladro__a2ws_slot_t;

/* t of a rank in a search (ladro__searching): its own slot shows probes its public
 * tasks, of which a probe takes one (the comment at the top) */
#define LADRO__SEARCH_T (-1.0)

/* Where a dirty slot is still to be sent (ladro__a2ws_t.dirty). */
enum { LADRO__TO_RIGHT = 1, LADRO__TO_LEFT = 2, LADRO__TO_BOTH = 3 };

typedef struct ladro__a2ws {
    ladroi_win_t win;   /* inbox: `width` slots, index x = (j - i) + L */
    int R;              /* the radius in force (option radius, 0 resolved) */
    int L, Rr, width;   /* offsets -L..+Rr around this rank */
    int left, right;    /* ring neighbours i-1, i+1 */
    ladro__a2ws_slot_t *view; /* what this rank knows, index as the inbox */
    /* Table 1 flags, one per slot: which neighbours the slot is still to go to (both
     * when it changes; each side's bit is cleared as that side is sent) */
    uint8_t *dirty;
    /* the dirty slots of each side lie in [dlo[s], dhi[s]] (s = bit - 1; empty: lo > hi),
     * so finding and clearing them does not walk the whole view */
    int dlo[2], dhi[2];
    /* offers[x]: slot x (not this rank's) exposes a task to thieves (news of it, q >= 1);
     * noffers of them. With none, no equation can name a victim (ladro__decide). */
    uint8_t *offers;
    int noffers;
    bool resume;        /* a message stopped the idle round's sending: finish it first */
    /* The decision cache: `version` counts the view's changes; `idle_at` is the version
     * at which the last decision found no victim without reading the clock (no slot's
     * runtime estimated from its elapsed time), UINT64_MAX when none. The same view then
     * gives the same answer, without the O(width) work (ladro__decide). */
    uint64_t version, idle_at;
    double sum_t;       /* runtime of the tasks finished here */
    uint64_t ntasks;
    double first;       /* as the slot field, for this rank */
    int probe; /* setting a2ws_probe: 0 none (paper=1); 1 when idle, probe a rank beyond the
                * subsystem (any other rank when the subsystem is the whole ring) */
    /* setting a2ws_exchange (ladro__publish, ladro__a2ws_task_end): `sent` is the own
     * slot as last published, put_s the mean time of one put (ladro__send_range) */
    bool lean;
    ladro__a2ws_slot_t sent;
    uint64_t own, own_sent; /* changes of the own slot: made, and when last published */
    double put_s;
    double end_at; /* a2ws_exchange=lean: when a task's end last ran Algorithm 1 */
    /* by name: travel[x], how long slot x's last news took to come (s; ladro__read_inbox),
     * NULL under paper=1 (ladro__entry) */
    float *travel;
} ladro__a2ws_t;

/* Subsystem entry x -> rank. */
static int ladro__rank_of(const ladro_t *lb, const ladro__a2ws_t *a, int x)
{
    return ((lb->rank + x - a->L) % lb->size + lb->size) % lb->size;
}

static uint64_t ladro__bits(double d)
{
    uint64_t u;
    memcpy(&u, &d, sizeof u);
    return u;
}
static uint64_t ladro__rotl(uint64_t x, int k)
{
    return (x << k) | (x >> (64 - k));
}
static uint64_t ladro__check(const ladro__a2ws_slot_t *s)
{
    return ladro__bits(s->t) ^ ladro__rotl(ladro__bits(s->n), 13) ^
           ladro__rotl(ladro__bits(s->q), 29) ^ ladro__rotl(ladro__bits(s->first), 41) ^
           ladro__rotl(ladro__bits(s->stamp), 53) ^ 0x9E3779B97F4A7C15ull;
}

typedef struct ladro__a2ws_opts {
    int radius;
    int whole_max;
    int radius_max;
    int probe;
    int exchange;
} ladro__a2ws_opts_t;

enum { LADRO__EXCHANGE_EVERY, LADRO__EXCHANGE_LEAN };
static const char *const ladro__exchange_names[] = {"every", "lean", NULL};
/* a2ws_exchange=lean: after a task, while the rank holds more, Algorithm 1's steal and
 * exchange run at most this often (s): the core's own service cadence (src/core.c). */
#define LADRO__END_S 20e-6

static const ladroi_opt_t ladro__a2ws_opts[] = {
    {.key = "radius", .type = LADROI_OPT_INT, LADROI_OPT_FIELD(ladro__a2ws_opts_t, radius),
     .max = 1u << 24, .def = "0",
     .accepted = "0 (the default rule) or an integer in [1, 16777216]",
     .doc = "ring radius R; 0 = the whole ring (P/2) up to whole_max ranks, beyond "
            "min(⌈P/4⌉, radius_max); under paper=1, 0 = max(1, round(P/5)), the paper's "
            "20 %"},
    {.key = "whole_max", .type = LADROI_OPT_INT,
     LADROI_OPT_FIELD(ladro__a2ws_opts_t, whole_max), .max = 1u << 24, .def = "1024",
     .fixed = true,
     .accepted = "0 (never: ⌈P/4⌉) or an integer in [1, 16777216]",
     .doc = "the default radius (radius=0) is the whole ring up to this many ranks "
            "(docs/policies/a2ws.md, \"The radius\")"},
    {.key = "radius_max", .type = LADROI_OPT_INT,
     LADROI_OPT_FIELD(ladro__a2ws_opts_t, radius_max), .max = 1u << 24, .def = "256",
     .fixed = true,
     .accepted = "0 (no cap) or an integer in [1, 16777216]",
     .doc = "cap of the default radius beyond whole_max ranks: memory and time per rank "
            "grow with R (docs/policies/a2ws.md, \"The radius\")"},
    {.key = "a2ws_probe", .type = LADROI_OPT_INT, LADROI_OPT_FIELD(ladro__a2ws_opts_t, probe),
     .max = 1, .def = "1", .paper = "0", .fixed = true, .accepted = "0, 1",
     .doc = "1: an idle rank whose subsystem offers no victim reads one random rank "
            "beyond it (docs/policies/a2ws.md, \"Beyond the information horizon\")"},
    {.key = "a2ws_exchange", .type = LADROI_OPT_ENUM,
     LADROI_OPT_FIELD(ladro__a2ws_opts_t, exchange), .names = ladro__exchange_names,
     .def = "lean", .paper = "every", .fixed = true, .accepted = "every, lean",
     .doc = "`every`: after every task a steal attempt and the exchange, every change of "
            "the own slot sent (Algorithm 1, Table 1); `lean`: at most every 20 us while "
            "tasks remain, the own slot when it changed enough (docs/policies/a2ws.md, "
            "\"A lean exchange\")"},
};

/* Counters (lb->st.counters[]): the A2WS mechanisms at work. */
enum { LADRO__C_CORRECTIONS, LADRO__C_PREEMPTIVE, LADRO__C_INPAIR, LADRO__C_PROBES };
static const ladroi_counter_t ladro__a2ws_counters[] = {
    {"a2ws_corrections", LADROI_SUM, "fetch-and-add claims larger than the victim had, "
                                     "corrected by an accumulate"},
    {"a2ws_preemptive", LADROI_SUM, "steals made right after a task, with local tasks left"},
    {"a2ws_inpair", LADROI_SUM, "victims chosen by the in-pair criterion (eq. 9-10)"},
    {"a2ws_probes", LADROI_SUM, "steals from a rank beyond the subsystem, read by a probe"},
};

static double ladro__rel(const ladro_t *lb)
{
    return ladroi_net_now() - lb->t0;
}

/* The radius in force (option radius; 0 resolved). */
static int ladro__radius(const ladro_t *lb)
{
    const ladro__a2ws_opts_t *o = lb->popts;
    if (o->radius == 0 && lb->cfg.paper) /* A2WS §4 after Fig. 4: 20 % of the nodes */
        return ladroi_a2ws_paper_radius(lb->size);
    if (o->radius == 0) /* the whole ring up to whole_max ranks; beyond, §4's quarter, capped */
        return ladroi_a2ws_default_radius(lb->size, o->whole_max, o->radius_max);
    return o->radius;
}

/* steal_guard=auto: on once a rank's view is not the whole ring (by name beyond 1 024
 * ranks). The equations weigh the speeds the view shows; beyond it a 1/24-speed rank
 * still takes a second task at 2.4 s that its view cannot tell it not to. On C5 speeds
 * backing off a2ws took 7.203 s at 2 048 and 4 096 simulated ranks without the guard,
 * 4.978 and 4.990 s with it, 5.000 and 5.019 at 16 384 and 100 000 (leader 4.848;
 * bench/a2ws/README.md, "Slow ranks beyond the horizon"). Within the whole ring the guard
 * cost gauss70-10 at 1 024 (0.905 against 0.972 backing off, bench/defaults/README.md),
 * so it stays off there. */
static bool ladro__a2ws_guard_auto_on(const ladro_t *lb)
{
    int L, Rr;
    ladroi_a2ws_ring(lb->size, ladro__radius(lb), &L, &Rr);
    return L + Rr + 1 < lb->size;
}

static int ladro__a2ws_init(ladro_t *lb, void **state)
{
    ladro__a2ws_t *a = calloc(1, sizeof *a);
    if (!a)
        return ladroi_fail(lb, LADRO_ENOMEM, "a2ws: out of memory");
    *state = a;
    const ladro__a2ws_opts_t *o = lb->popts;
    int P = lb->size, R = ladro__radius(lb);
    a->R = R;
    a->probe = o->probe;
    a->lean = o->exchange == LADRO__EXCHANGE_LEAN;
    if (a->lean) /* an idle round (a decision over 2R+1 slots, the puts) at most as often
                  * as a busy rank's: at the core's 5 us pause a2ws at 100 000 simulated
                  * ranks took over 10 minutes of CPU (9.4 at 20 us) */
        lb->spin_pause_us = LADRO__END_S * 1e6;
    /* Eq. (1): P_sub = 2R + 1 slots, clamped so that no rank appears twice. */
    ladroi_a2ws_ring(P, R, &a->L, &a->Rr);
    a->width = a->L + a->Rr + 1;
    a->left = (lb->rank + P - 1) % P;
    a->right = (lb->rank + 1) % P;
    a->first = -1;
    a->idle_at = UINT64_MAX;
    a->dlo[0] = a->dlo[1] = a->width;
    a->dhi[0] = a->dhi[1] = -1;
    size_t W = (size_t)a->width;
    a->view = calloc(W, sizeof *a->view);
    a->dirty = calloc(W, sizeof *a->dirty);
    a->offers = calloc(W, sizeof *a->offers);
    a->travel = lb->cfg.paper ? NULL : calloc(W, sizeof *a->travel);
    /* The window is collective: allocate it even if a local allocation failed. */
    int rc = ladroi_win_alloc(lb, W * sizeof(ladro__a2ws_slot_t), &a->win);
    if (rc)
        return rc;
    if (!a->view || !a->dirty || !a->offers || (!lb->cfg.paper && !a->travel))
        return ladroi_fail(lb, LADRO_ENOMEM, "a2ws: out of memory for %d slots", a->width);
    return LADRO_OK;
}

static void ladro__a2ws_fini(ladro_t *lb, void *state)
{
    (void)lb;
    ladro__a2ws_t *a = state;
    ladroi_win_free(&a->win);
    free(a->view);
    free(a->dirty);
    free(a->offers);
    free(a->travel);
    free(a);
}

static void ladro__set(ladro__a2ws_slot_t *s, double stamp)
{
    s->stamp = stamp;
    s->check = ladro__check(s);
}

/* Slot x of the view changed: it is to go to both neighbours, and decisions are redone. */
static void ladro__changed(ladro__a2ws_t *a, int x)
{
    a->dirty[x] = LADRO__TO_BOTH;
    for (int d = 0; d < 2; d++) {
        if (x < a->dlo[d])
            a->dlo[d] = x;
        if (x > a->dhi[d])
            a->dhi[d] = x;
    }
    a->version++;
    uint8_t offers = x != a->L && a->view[x].stamp > 0 && a->view[x].q >= 1;
    a->noffers += offers - a->offers[x];
    a->offers[x] = offers;
}

static bool ladro__differs(const ladro__a2ws_slot_t *x, const ladro__a2ws_slot_t *y)
{
    return x->t != y->t || x->n != y->n || x->q != y->q || x->first != y->first;
}

/* Whether the own slot v, changed since the last publication, goes out now: with
 * a2ws_exchange=every (the paper's Table 1), at once; with `lean`, when
 * ladroi_a2ws_significant says so (src/a2ws_math.h), or when the last publication had
 * stamp 0 (the start), which the neighbours do not take as news. */
static bool ladro__publish(const ladro__a2ws_t *a, const ladro__a2ws_slot_t *v)
{
    const ladro__a2ws_slot_t *o = &a->sent;
    if (!a->lean || !(o->stamp > 0)) /* a stamp 0 (the start) is no news */
        return true;
    ladroi_a2ws_info_t cur = {v->t, v->n, v->q, v->first}, last = {o->t, o->n, o->q, o->first};
    return ladroi_a2ws_significant(&cur, &last, v->stamp - o->stamp, a->put_s) != 0;
}

/* This rank's tasks push tasks, outside paper=1: the equations have no input (the
 * comment at the top). */
static bool ladro__searching(const ladro_t *lb)
{
    return lb->spawns && !lb->cfg.paper;
}

/* Algorithm 1 lines 2 and 11, update_process_info: this rank's own slot. A change of
 * t (Table 1 row 1) or of n/q — notably n dropping because thieves took tasks (row 4,
 * the victim realises it was stolen) — sets its flag. */
static int ladro__update_self(ladro_t *lb, ladro__a2ws_t *a)
{
    uint32_t pub = 0;
    int rc = ladroi_pool_peek(lb, &lb->pool, lb->rank, &pub);
    if (rc)
        return rc;
    ladro__a2ws_slot_t s = {
        .t = ladro__searching(lb) ? LADRO__SEARCH_T
             : a->ntasks          ? a->sum_t / (double)a->ntasks
                                  : 0,
        /* running, and with threads in the workers' deques (ladroi_tasks_held) */
        .n = (double)(lb->st.tasks_run + ladroi_tasks_held(lb) + lb->pool.priv_count + pub),
        .q = (double)pub,
        .first = a->first,
    };
    ladro__a2ws_slot_t *v = &a->view[a->L];
    if (v->stamp == 0 || ladro__differs(&s, v)) {
        *v = s;
        ladro__set(v, ladro__rel(lb));
        a->version++; /* this rank's own decisions see it at once */
        a->own++;
    }
    if (a->own_sent == a->own || !ladro__publish(a, v))
        return LADRO_OK;
    a->sent = *v;
    a->own_sent = a->own;
    ladro__changed(a, a->L);
    /* The own inbox slot x = L, which no neighbour writes, shows it to probes
     * (ladro__probe); a put to the own window costs no message. */
    if (a->probe)
        return ladroi_rma_put(lb, &a->win, lb->rank, (size_t)a->L * sizeof *v, v, sizeof *v);
    return LADRO_OK;
}

/* Take what the neighbours Put into the inbox when it is newer than what we know; a
 * slot learnt this way is dirty (it travels on along the ring). */
static int ladro__read_inbox(ladro_t *lb, ladro__a2ws_t *a)
{
    /* Only the slots put since the last scan: every other slot was compared with the
     * view then, and the view's stamps only grow, so nothing else in the inbox is newer. */
    size_t lo, hi;
    if (!ladroi_rma_written(lb, &a->win, &lo, &hi))
        return LADRO_OK;
    int rc = ladroi_rma_sync(lb, &a->win);
    if (rc)
        return rc;
    const ladro__a2ws_slot_t *in = a->win.base;
    size_t end = (hi + sizeof *in - 1) / sizeof *in;
    int x1 = end < (size_t)a->width ? (int)end : a->width;
    for (int x = (int)(lo / sizeof *in); x < x1; x++) {
        /* the stamp first: most slots bring nothing newer, and are not copied */
        if (x == a->L || !(in[x].stamp > a->view[x].stamp))
            continue;
        ladro__a2ws_slot_t s;
        memcpy(&s, &in[x], sizeof s);
        if (s.check != ladro__check(&s) || !(s.stamp > a->view[x].stamp))
            continue;
        a->view[x] = s;
        ladro__changed(a, x);
        if (a->travel)
            a->travel[x] = (float)(ladro__rel(lb) - s.stamp);
    }
    return LADRO_OK;
}

/* The view brought up to date: the inbox, then this rank's own slot. */
static int ladro__refresh(ladro_t *lb, ladro__a2ws_t *a)
{
    int rc = ladro__read_inbox(lb, a);
    return rc ? rc : ladro__update_self(lb, a);
}

/* Put the slots of [x0, x1] (this rank's indices) still flagged for `target` (bit `to`)
 * into it, whose index for them is x + shift: one MPI_Put of the span from the first
 * such slot to the last, then clear the bit everywhere (slots outside the range never go
 * there). A slot inside the span without the bit holds what this rank last put there (a
 * change sets both bits), so re-putting it changes nothing; one put costs a latency,
 * which outweighs the bytes of the slots between two runs at any gap a subsystem has
 * (513 slots of 48 bytes at most). *puts counts the puts of this call; with `yield`,
 * before the call's second put, a message that came stops the sending (*stopped; the
 * bits left say what is left). */
static int ladro__send_range(ladro_t *lb, ladro__a2ws_t *a, int target, int x0, int x1,
                             int shift, uint8_t to, bool yield, int *puts, bool *stopped)
{
    int d = to == LADRO__TO_RIGHT ? 0 : 1, rc;
    int first = x0 > a->dlo[d] ? x0 : a->dlo[d], last = x1 < a->dhi[d] ? x1 : a->dhi[d];
    while (first <= last && !(a->dirty[first] & to))
        first++;
    while (last >= first && !(a->dirty[last] & to))
        last--;
    if (first <= last) {
        if (yield && *puts > 0 && ((rc = ladroi_idle_yield(lb, stopped)) != 0 || *stopped))
            return rc;
        double t0 = ladroi_net_now();
        rc = ladroi_rma_put(lb, &a->win, target,
                            (size_t)(first + shift) * sizeof(ladro__a2ws_slot_t),
                            &a->view[first],
                            (size_t)(last - first + 1) * sizeof(ladro__a2ws_slot_t));
        if (rc)
            return rc;
        double c = ladroi_net_now() - t0; /* a2ws_exchange=lean's refresh */
        a->put_s = a->put_s > 0 ? 0.9 * a->put_s + 0.1 * c : c;
        (*puts)++;
        lb->st.info_msgs++;
        LADROI_TRACE_MSG(lb, target, LADROI_MSG_INFO);
    }
    for (int y = a->dlo[d]; y <= a->dhi[d]; y++)
        a->dirty[y] &= (uint8_t)~to;
    a->dlo[d] = a->width;
    a->dhi[d] = -1;
    return LADRO_OK;
}

/* Algorithm 1 line 13, info_communication(): send only if some flag is set, only the
 * slots inside the receiver's subsystem: to i+1 the slots j in [i+1-L, i] (it keeps
 * them at j - (i+1) + L), to i-1 the slots j in [i, i-1+Rr]; each side's flags are reset
 * once it is sent. With `yield` (the core's idle round), a message that comes between
 * two puts stops it (a->resume): the next idle call sends the rest first. */
static int ladro__communicate(ladro_t *lb, ladro__a2ws_t *a, bool yield)
{
    a->resume = false;
    int rc = ladro__refresh(lb, a);
    if (rc)
        return rc;
    bool any = a->dlo[0] <= a->dhi[0] || a->dlo[1] <= a->dhi[1];
    if (!any || lb->size < 2)
        return LADRO_OK;
    int x0, x1, shift, puts = 0;
    ladroi_a2ws_send_range(a->L, a->Rr, +1, &x0, &x1, &shift);
    rc = ladro__send_range(lb, a, a->right, x0, x1, shift, LADRO__TO_RIGHT, yield, &puts,
                           &a->resume);
    if (rc || a->resume)
        return rc;
    ladroi_a2ws_send_range(a->L, a->Rr, -1, &x0, &x1, &shift);
    return ladro__send_range(lb, a, a->left, x0, x1, shift, LADRO__TO_LEFT, yield, &puts,
                             &a->resume);
}

/* The subsystem as the equations see it (ladro__entry), for one decision. */
typedef struct ladro__sub {
    double now;   /* the clock, read once per decision */
    double tdef;  /* t of a rank that never had a task: the mean known t */
    int known;    /* slots with a known t; -1: not counted yet (most decisions need none) */
    bool timed;   /* some estimate came from the clock */
} ladro__sub_t;

/* Slot x as the equations see it: *n, *t and the return value q. A rank that has not
 * finished a task yet gets the elapsed wall time of its first task as t_j (§2.2.1,
 * preemptive stealing); a rank that never had a task gets the mean known t (speed
 * unknown: assume average). Slots never heard of are left out: n = q = 0 and t = 1e300
 * (1/t = 0 in T), so they add nothing to N or T. */
static double ladro__entry(const ladro__a2ws_t *a, ladro__sub_t *u, int x, double *n,
                           double *t)
{
    const ladro__a2ws_slot_t *v = &a->view[x];
    double tt = v->t;
    if (!(v->stamp > 0)) { /* no news yet: no tasks, no speed */
        *t = 1e300;
        *n = 0;
        return 0;
    }
    if (!(tt > 0)) {
        /* by name, the elapsed time only up to when news of the first task's end
         * could have come (ladroi_a2ws_unfinished_t) */
        double lag = v->first >= 0 && a->travel ? a->travel[x] : 0;
        if ((v->first < 0 || lag > 0) && u->known < 0) {
            double sum = 0;
            u->known = 0;
            for (int y = 0; y < a->width; y++)
                if (a->view[y].t > 0) {
                    sum += a->view[y].t;
                    u->known++;
                }
            u->tdef = u->known ? sum / u->known : (u->now > 1e-6 ? u->now : 1e-6);
        }
        if (v->first < 0)
            tt = u->tdef;
        else
            tt = ladroi_a2ws_unfinished_t(u->now, v->first, lag, u->tdef);
        u->timed |= v->first >= 0 || !u->known;
    }
    *t = tt > 1e-9 ? tt : 1e-9;
    *n = v->n;
    return v->q;
}

/* One decision's weighing (ladro__decide): the criterion chosen (closest rate with
 * S_self and the sums, else in-pair) and what the equations need of the thief. */
typedef struct ladro__weigh {
    const ladro__a2ws_t *a;
    ladro__sub_t *u;
    bool inpair;
    double N, T, s_self, n_i, t_i;
    long take; /* the amount of the slot weighed last */
} ladro__weigh_t;

/* The weight of slot x under the criterion chosen (0 unless it is an offer, a slot with
 * a task to take), its amount in take; a ladroi_a2ws_weight_fn. */
static inline double ladro__weight(void *ctx, int x)
{
    ladro__weigh_t *g = ctx;
    if (!g->a->offers[x])
        return 0;
    double n_j, t_j, q_j = ladro__entry(g->a, g->u, x, &n_j, &t_j);
    return g->inpair
               ? ladroi_a2ws_pair_one(g->n_i, g->t_i, n_j, t_j, q_j, &g->take)
               : ladroi_a2ws_closest_one(g->N, g->T, g->s_self, g->n_i, g->t_i, n_j, t_j, q_j,
                                         &g->take);
}

/* Eqs. (2)-(10) over the subsystem: the victim's entry x (-1: none) and how many tasks
 * to take; *inpair when chosen by the in-pair criterion. The weights of
 * ladroi_a2ws_closest_one / _pair_one and ladroi_a2ws_draw, without arrays: N and T
 * summed over every slot in index order, then the offers weighed and summed, and
 * weighed again by the draw up to the victim (the same numbers, so the same victim). */
static int ladro__decide(ladro_t *lb, ladro__a2ws_t *a, int *x, uint32_t *want, bool *inpair)
{
    *inpair = false;
    *x = -1;
    *want = 0;
    if (a->idle_at == a->version) /* the view that gave no victim, unchanged */
        return LADRO_OK;
    if (a->noffers == 0) /* both criteria need a slot with a task to take (avail >= 1) */
        return LADRO_OK;
    ladro__sub_t u = {.now = ladro__rel(lb), .known = -1};
    double N = 0, T = 0, n_i = 0, t_i = 1;
    for (int y = 0; y < a->width; y++) { /* eq. (2)'s sums, as ladroi_a2ws_t_ideal's */
        double n, t;
        ladro__entry(a, &u, y, &n, &t);
        N += n;
        T += 1.0 / t;
        if (y == a->L) {
            n_i = n;
            t_i = t;
        }
    }
    ladro__weigh_t g = {.a = a, .u = &u, .N = N, .T = T, .n_i = n_i, .t_i = t_i,
                        .s_self = ladroi_a2ws_n_ideal(N, T, t_i) - n_i};
    double sum = 0;
    int c = 0;
    for (int pass = 0; pass < 2 && c == 0; pass++) { /* closest rate, else in-pair */
        g.inpair = pass == 1;
        sum = 0;
        for (int y = 0; y < a->width; y++)
            if (a->offers[y]) { /* every other slot weighs 0 */
                double w = ladro__weight(&g, y);
                sum += w;
                c += w > 0;
            }
    }
    *inpair = g.inpair;
    if (c > 0) { /* one draw per decision with candidates */
        *x = ladroi_a2ws_draw(ladro__weight, &g, a->width, sum, ladroi_rng_unit(&lb->rng));
        if (*x >= 0) {
            (void)ladro__weight(&g, *x); /* the victim's amount: weighed once more */
            *want = (uint32_t)g.take;
        }
    }
    a->idle_at = c == 0 && !u.timed ? a->version : UINT64_MAX;
    return LADRO_OK;
}

/* By name (not in the paper) a steal from a rank of like pace takes one task: neither
 * mean task runtime is over LADROI_GUARD_SLOW times the other (the guard's "slow"); the
 * rank steals again after its next task (Algorithm 1 at task ends). Between ranks of one
 * speed the equations' amounts only even out counts, and the tasks move again: 210 000
 * moves for 80 000 tasks on gauss70-10 at 10 000 simulated ranks. From a slower rank the
 * equations' amount, which A2WS's tables need (C4 with 960 tasks: 3.70 s, one task
 * always 4.80). bench/defaults/README.md, "Steal amounts by name". paper=1: eqs. (6)-(8).
 * t_victim, t_self: mean task runtimes (0: unknown, the equations' amount). */
static uint32_t ladro__amount(const ladro_t *lb, double t_victim, double t_self,
                              uint32_t want)
{
    if (lb->cfg.paper || want <= 1 || !(t_victim > 0) || !(t_self > 0))
        return want;
    bool alike = !ladroi_guard_slow(t_victim, t_self) && !ladroi_guard_slow(t_self, t_victim);
    return alike ? 1 : want;
}

/* Algorithm 1 lines 6-7, steal_task: `want` tasks from `victim` with one fetch-and-add
 * (§2.3.2); *got what came, *avail what the victim exposed. 0 or an error. */
static int ladro__take(ladro_t *lb, int victim, uint32_t want, uint32_t *got, uint32_t *avail)
{
    double t0 = ladroi_net_now();
    lb->st.steals_tried++;
    bool corrected = false;
    int rc = ladroi_pool_steal_faa(lb, &lb->pool, victim, want, got, avail, &corrected);
    LADROI_COUNT(lb, LADRO__C_CORRECTIONS, corrected);
    lb->st.steal_time_s += ladroi_net_now() - t0;
    if (rc < 0)
        return rc;
    if (*got > 0) {
        lb->st.steals_ok++;
        lb->st.tasks_stolen += *got;
        lb->st.bytes_stolen += (uint64_t)*got * lb->pool.rec_bytes;
    } else {
        lb->st.steals_failed++;
    }
    return LADRO_OK;
}

/* Beyond the information horizon (not in the paper; docs/policies/a2ws.md): an idle rank
 * whose subsystem offers no victim reads the own slot (inbox x = L) of one rank drawn
 * uniformly among those outside its subsystem (among all others when the subsystem is
 * the whole ring and none lies outside it), and applies in-pair (eqs. 9-10) to the two,
 * counting a rank without a finished task at its elapsed time (§2.2.1) and one that never
 * had a task at the other's speed; by name an idle round draws up to LADROI_ROUND_DRAWS
 * of them (ladro__try_steal). A slot of a rank in a search (LADRO__SEARCH_T) offering
 * a task gives one task, taken as random takes it. Returns the tasks obtained (>= 0) or
 * an error. */
static int ladro__probe(ladro_t *lb, ladro__a2ws_t *a)
{
    /* the candidates: offsets first .. first + among - 1 from this rank */
    bool all = a->width >= lb->size;
    int first = all ? 1 : a->Rr + 1;
    int among = all ? lb->size - 1 : lb->size - a->width;
    if (!a->probe || among < 1)
        return 0;
    int off = first + (int)ladroi_rng_below(&lb->rng, (uint64_t)among);
    int victim = (lb->rank + off) % lb->size;
    ladro__a2ws_slot_t s;
    int rc = ladroi_rma_get(lb, &a->win, victim, (size_t)a->L * sizeof s, &s, sizeof s);
    if (rc)
        return rc;
    if (s.check != ladro__check(&s) || !(s.stamp > 0) || s.q < 1)
        return 0;
    if (s.t == LADRO__SEARCH_T) { /* in a search: one task, as random takes it */
        rc = ladroi_steal_attempt(lb, victim, LADROI_STEAL_FRACTION, 1);
        LADROI_COUNT(lb, LADRO__C_PROBES, rc > 0);
        return rc;
    }
    const ladro__a2ws_slot_t *me = &a->view[a->L];
    double now = ladro__rel(lb);
    double tj = s.t > 0 ? s.t : s.first >= 0 ? now - s.first : 0;
    double ti = me->t > 0 ? me->t : a->first >= 0 ? now - a->first : 0;
    if (!(ti > 0) && !(tj > 0))
        ti = tj = 1; /* neither speed known: count them equal */
    else if (!(ti > 0))
        ti = tj;
    else if (!(tj > 0))
        tj = ti;
    double rate = ladroi_a2ws_pair_rate(me->n, ti, s.n, tj);
    if (!(rate > 0))
        return 0;
    long d = ladroi_a2ws_round(rate, me->n, ti, s.n, tj);
    if (d > (long)s.q)
        d = (long)s.q;
    d = (long)ladro__amount(lb, s.t, me->t, (uint32_t)(d > 0 ? d : 0));
    uint32_t room = ladroi_guard_room_now(lb); /* steal_guard=pace: the run's end */
    if (d > 0 && (uint64_t)d > room)
        d = (long)room;
    if (d < 1)
        return 0;
    uint32_t got = 0, avail = 0;
    if ((rc = ladro__take(lb, victim, (uint32_t)d, &got, &avail)) < 0)
        return rc;
    if (got == 0)
        return 0;
    LADROI_COUNT(lb, LADRO__C_PROBES, 1);
    if ((rc = ladro__update_self(lb, a)) != 0)
        return rc;
    return (int)got;
}

/* ladro__probe as an idle round's step (ladroi_idle_round): > 0 when tasks came. */
static int ladro__probe_step(ladro_t *lb, void *ctx)
{
    return ladro__probe(lb, ctx);
}

/* Algorithm 1 lines 4-8: steal_equation, select_victim, steal_task. Without a victim in
 * view, `probe` allows the probe (ladro__probe; never in a preemptive steal). Returns the
 * number of tasks obtained (>= 0) or an error. */
static int ladro__try_steal(ladro_t *lb, ladro__a2ws_t *a, bool preemptive, bool probe)
{
    if (lb->size < 2)
        return 0;
    int rc = ladro__refresh(lb, a);
    if (rc)
        return rc;
    bool inpair = false;
    int x = -1;
    uint32_t want = 0, got = 0, avail = 0;
    if ((rc = ladro__decide(lb, a, &x, &want, &inpair)) != 0)
        return rc;
    if (x < 0) { /* no victim in view: the probe (by name a round of them, random's
                  * LADROI_ROUND_DRAWS), then (by name, before the first task) random's
                  * round (the comment at the top) */
        if (!probe)
            return 0;
        rc = lb->cfg.paper ? ladro__probe(lb, a)
                           : ladroi_idle_round(lb, LADROI_ROUND_DRAWS, ladro__probe_step, a);
        if (rc == 0 && !lb->cfg.paper && lb->st.tasks_run == 0)
            rc = ladroi_idle_round(lb, LADROI_ROUND_DRAWS, ladroi_random_step, NULL);
        return rc;
    }
    want = ladro__amount(lb, a->view[x].t, a->view[a->L].t, want);
    uint32_t room = ladroi_guard_room_now(lb); /* steal_guard=pace: the run's end */
    if (want > room)
        want = room;
    if (want == 0) {
        lb->st.steals_declined++;
        return 0;
    }
    if ((rc = ladro__take(lb, ladro__rank_of(lb, a, x), want, &got, &avail)) < 0)
        return rc;
    ladro__a2ws_slot_t *v = &a->view[x];
    double stamp = ladro__rel(lb);
    if (got > 0) {
        if (preemptive)
            LADROI_COUNT(lb, LADRO__C_PREEMPTIVE, 1);
        if (inpair)
            LADROI_COUNT(lb, LADRO__C_INPAIR, 1);
        v->n = v->n > got ? v->n - got : 0;
    }
    /* Table 1 rows 2-3: the victim's slot (what the get-accumulate showed) is dirty,
     * and after a successful steal this rank's own slot too (update_self sees it). */
    v->q = avail > got ? avail - got : 0;
    ladro__set(v, stamp);
    ladro__changed(a, x);
    if (got > 0 && (rc = ladro__update_self(lb, a)) != 0)
        return rc;
    return (int)got;
}

static int ladro__a2ws_start(ladro_t *lb, void *state)
{
    ladro__a2ws_t *a = state;
    /* Tasks seeded here start now; publish n_i at once (§2.2.1: the counts are known
     * before the first task ends, the speeds are not). */
    if (lb->pool.priv_count > 0)
        a->first = ladro__rel(lb);
    return ladro__communicate(lb, a, false);
}

static int ladro__a2ws_task_end(ladro_t *lb, void *state, double elapsed_s, double padded_s)
{
    (void)elapsed_s;
    ladro__a2ws_t *a = state;
    if (ladro__searching(lb)) /* no equation, no exchange: the own slot for probes */
        return ladro__update_self(lb, a);
    if (a->first < 0) /* first task obtained by stealing: it started padded_s ago */
        a->first = ladro__rel(lb) - padded_s;
    a->sum_t += padded_s; /* this rank's real runtime per task, speed emulation included */
    a->ntasks++;
    /* tasks left here, with threads also in the workers' deques and hands */
    bool more = ladroi_pool_local_count(&lb->pool) > 0 ||
                (lb->threads && ladroi_tasks_held(lb) > 0);
    if (a->lean && more) { /* a2ws_exchange=lean: at most every LADRO__END_S */
        double now = ladroi_net_now();
        if (now - a->end_at < LADRO__END_S)
            return LADRO_OK;
        a->end_at = now;
    }
    /* Algorithm 1 line 3: the process ran a task -> it may steal (preemptively). By name
     * a rank whose last task ended probes from its idle round, which joins the
     * termination wave first and stops at a message: a round of probes here held a wave
     * 16 remote reads at the last rank (detection at 4 096 simulated ranks, 10 tasks of
     * 10 ms each, spinning: 375 us against random's 180). */
    int rc = ladro__try_steal(lb, a, more, !more && lb->cfg.paper);
    if (rc < 0)
        return rc;
    return ladro__communicate(lb, a, false);
}

/* An idle round: a steal attempt, then the information vector to the neighbours. A
 * message that comes meanwhile (a wave's) is served first (ladroi_idle_yield): after
 * the steal attempt's remote reads, or between two puts; the next call then finishes
 * the sending before it tries another steal. */
static int ladro__a2ws_idle(ladro_t *lb, void *state)
{
    ladro__a2ws_t *a = state;
    if (ladro__searching(lb))
        return ladroi_idle_round(lb, LADROI_ROUND_DRAWS, ladroi_random_step, NULL);
    if (a->resume)
        return ladro__communicate(lb, a, true);
    int rc = ladro__try_steal(lb, a, false, true);
    if (rc > 0 && a->first < 0)
        a->first = ladro__rel(lb);
    if (rc < 0)
        return rc;
    if (rc == 0) {
        int rc2 = ladroi_idle_yield(lb, &a->resume);
        if (rc2 || a->resume)
            return rc2;
    }
    int rc2 = ladro__communicate(lb, a, rc == 0);
    return rc2 < 0 ? rc2 : rc > 0;
}

static int ladro__a2ws_progress(ladro_t *lb, void *state)
{
    ladro__a2ws_t *a = state;
    if (!ladro__searching(lb))
        return ladro__communicate(lb, a, true);
    /* An idle round of a searching rank: once its own slot shows no public task and went
     * out as it is, nothing a probe reads can change before this rank takes a task (its
     * pool is empty; n is not read in a search), so no read of its own pool word. */
    if (lb->idle_round && a->view[a->L].q == 0 && a->own_sent == a->own)
        return LADRO_OK;
    return ladro__update_self(lb, a);
}

static void ladro__a2ws_dump(const ladro_t *lb, const void *state, FILE *out)
{
    const ladro__a2ws_t *a = state;
    fprintf(out, "  a2ws: R=%d (slots %d..+%d), own t=%.4g n=%.0f q=%.0f, info puts %llu\n",
            a->R, -a->L, a->Rr, a->view[a->L].t, a->view[a->L].n, a->view[a->L].q,
            (unsigned long long)lb->st.info_msgs);
    fprintf(out, "  a2ws view:");
    for (int x = 0; x < a->width && x < 9; x++)
        fprintf(out, " r%d(n%.0f,q%.0f,t%.3g)", ladro__rank_of(lb, a, x), a->view[x].n,
                a->view[x].q,
                a->view[x].t);
    fprintf(out, "\n");
}

LADROI_POLICY_DEFINE(a2ws, ladro__a2ws, ladro__a2ws_opts_t, true,
                     "adaptive asynchronous WS: ring info vector, steal equations, FAA theft",
                     .on_progress = ladro__a2ws_progress, .on_start = ladro__a2ws_start,
                     .on_task_end = ladro__a2ws_task_end, .guard = true, .push_always = true,
                     .guard_auto_on = ladro__a2ws_guard_auto_on,
                     LADROI_POLICY_COUNTERS(ladro__a2ws_counters));
