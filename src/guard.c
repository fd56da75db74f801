/* The steal guard (steal_guard=pace): what a slow rank may take or keep. It never touches
 * the pool's word: it answers a cap that the caller passes to the pool's claim
 * (ladroi_pool_claim), and tells a slow owner when to release its tasks (the pool's
 * ladroi_pool_release). The pool's claim is correct for every amount (tests/model/
 * pool.pml), so the guard cannot lose a task or run one twice. Rules and their reasons:
 * src/guard.h; what was tried: bench/beyond/README.md, "The steal guard on C5 speeds". */
#include "guard.h"
#include "ladro_int.h"
#include "policy.h"

#include <math.h>
#include <string.h>

/* The guard's window: two doubles per rank, stored by their owner (local stores). */
#define LADRO__PACE 0u                 /* its pace */
#define LADRO__REF sizeof(double)      /* the fastest pace it knows */
#define LADRO__WIN_BYTES (2 * sizeof(double))

void ladroi_guard_init(ladro_t *lb)
{
    ladroi_guard_t *g = &lb->guard;
    memset(g, 0, sizeof *g);
    if (lb->cfg.steal_guard == LADRO_STEAL_GUARD_AUTO) { /* resolved: ladro_config shows it */
        const ladroi_policy_ops_t *o = lb->policy;
        bool on = o->guard_auto_on ? o->guard_auto_on(lb) : o->guard_auto;
        lb->cfg.steal_guard = on ? LADRO_STEAL_GUARD_PACE : LADRO_STEAL_GUARD_OFF;
    }
    g->on = lb->cfg.steal_guard == LADRO_STEAL_GUARD_PACE && lb->policy->guard;
    ladroi_rng_seed(&g->rng, lb->cfg.seed, ((uint64_t)1 << 32) + (uint64_t)lb->rank + 1);
}

int ladroi_guard_open(ladro_t *lb)
{
    /* Collective: whether the window exists depends on the policy alone, the same on
     * every rank (steal_guard is not checked to be). */
    if (!lb->policy->guard || !lb->policy->steals)
        return LADRO_OK;
    return ladroi_win_alloc(lb, LADRO__WIN_BYTES, &lb->guard.win);
}

void ladroi_guard_fini(ladro_t *lb)
{
    ladroi_win_free(&lb->guard.win);
}

bool ladroi_guard_on(const ladro_t *lb)
{
    return lb->guard.on;
}

double ladroi_own_pace(const ladro_t *lb)
{
    if (lb->st.tasks_run == 0)
        return 0;
    double workers = lb->cfg.threads > 1 ? (double)lb->cfg.threads : 1.0;
    return lb->st.busy_s / (double)lb->st.tasks_run / workers;
}

bool ladroi_guard_alike(uint64_t n, double sum_s, double sq_s)
{
    if (n < 2 || !(sum_s > 0))
        return false;
    double mean = sum_s / (double)n, var = sq_s / (double)n - mean * mean;
    return var <= LADROI_GUARD_ALIKE * LADROI_GUARD_ALIKE * mean * mean;
}

/* The pace the guard weighs: the rank's own (ladroi_own_pace) once its tasks are alike
 * (ladroi_guard_alike), else 0, unknown: such a rank is never slow, publishes no pace
 * and adds none to the waves. */
static double ladro__pace(const ladro_t *lb)
{
    return ladroi_guard_alike(lb->st.tasks_run, lb->st.busy_s, lb->guard.sq_s)
               ? ladroi_own_pace(lb)
               : 0;
}

/* The fastest pace this rank knows: its own and what it read. */
static void ladro__fold_pace(ladroi_guard_t *g, double pace)
{
    if (pace > 0 && pace < 1e9 && (g->ref_pace == 0 || pace < g->ref_pace))
        g->ref_pace = pace;
}

/* Store this rank's pace and the fastest it knows in its window (local stores). */
static int ladro__publish_pace(ladro_t *lb, ladroi_guard_t *g)
{
    double v[2] = {ladro__pace(lb), 0};
    ladro__fold_pace(g, v[0]);
    v[1] = g->ref_pace;
    memcpy((unsigned char *)g->win.base + LADRO__PACE, v, sizeof v);
    return ladroi_rma_sync(lb, &g->win);
}

/* rank's pace (*pace; 0: none yet); its fastest known is folded into g->ref_pace. */
static int ladro__read_pace(ladro_t *lb, ladroi_guard_t *g, int rank, double *pace)
{
    unsigned char b[LADRO__WIN_BYTES];
    double v[2];
    int rc = ladroi_rma_get(lb, &g->win, rank, LADRO__PACE, b, sizeof b);
    if (rc)
        return rc;
    memcpy(v, b, sizeof v);
    *pace = v[0] > 0 && v[0] < 1e9 ? v[0] : 0; /* 0: not yet published, or not a pace */
    double before = g->ref_pace;
    ladro__fold_pace(g, v[0]);
    ladro__fold_pace(g, v[1]);
    if (g->ref_pace != before) { /* passed on to the ranks that read this one */
        memcpy((unsigned char *)g->win.base + LADRO__REF, &g->ref_pace, sizeof g->ref_pace);
        rc = ladroi_rma_sync(lb, &g->win);
    }
    return rc;
}

int ladroi_guard_task_end(ladro_t *lb, double secs)
{
    ladroi_guard_t *g = &lb->guard;
    g->sq_s += secs * secs;
    double now = ladroi_net_now();
    if (g->io_at > 0 && now - g->io_at < LADROI_GUARD_PERIOD_S)
        return LADRO_OK;
    g->io_at = now;
    int rc = ladro__publish_pace(lb, g);
    if (rc || lb->size < 2)
        return rc;
    double pace;
    return ladro__read_pace(lb, g, ladroi_rng_other(&g->rng, lb->rank, lb->size), &pace);
}

bool ladroi_guard_slow(double pace, double ref)
{
    return pace > 0 && ref > 0 && pace > LADROI_GUARD_SLOW * ref;
}

uint32_t ladroi_guard_cap(double thief, double ref, uint32_t n)
{
    if (!ladroi_guard_slow(thief, ref))
        return UINT32_MAX;
    return ((double)n + 0.5) * ref >= thief ? 1 : 0;
}

/* The cap between a thief and a victim of known paces (none known: no limit), against
 * the faster of the victim's pace and the fastest this rank knows; both sides' rule. */
static uint32_t ladro__pair_cap(const ladroi_guard_t *g, double thief, double victim,
                                uint32_t n)
{
    if (!(thief > 0 && victim > 0))
        return UINT32_MAX;
    return ladroi_guard_cap(thief, g->ref_pace > 0 && g->ref_pace < victim ? g->ref_pace
                                                                           : victim, n);
}

const char *const ladroi_order_names[] = {"auto", "rank", "spread", NULL};

bool ladroi_order_spread(const ladro_t *lb, int order)
{
    return order == LADROI_ORDER_SPREAD ||
           (order == LADROI_ORDER_AUTO && lb->cfg.steal_guard == LADRO_STEAL_GUARD_PACE);
}

double ladroi_guard_remaining(uint64_t created, const uint64_t sums[LADROI_GUARD_SUMS],
                              double since)
{
    if (sums[0] == 0)
        return -1;
    double n = (double)created -
               1e-6 * ((double)sums[1] + since * (double)sums[2] - (double)sums[3]);
    return n > 0 ? n * 1e6 / (double)sums[0] : 0;
}

void ladroi_guard_wave(const ladro_t *lb, double now, uint64_t out[LADROI_GUARD_SUMS])
{
    memset(out, 0, LADROI_GUARD_SUMS * sizeof *out);
    double pace = ladroi_guard_on(lb) ? ladro__pace(lb) : 0;
    if (pace <= 0)
        return;
    double rate = 1e6 / pace;
    out[0] = (uint64_t)(rate + 0.5);
    out[1] = lb->st.tasks_run * 1000000u;
    if (lb->in_task && !lb->hub) { /* workers' tasks: counted when done */
        double done = (now - lb->task_start) / pace;
        out[1] += (uint64_t)(1e6 * (done < 0.99 ? done : 0.99));
        out[2] = out[0];
        out[3] = (uint64_t)((now - lb->t0) * rate + 0.5);
    }
}

double ladroi_guard_wave_period(const ladro_t *lb, double now)
{
    if (!ladroi_guard_on(lb))
        return 0;
    double pace = ladro__pace(lb);
    if (pace == 0 && lb->in_task)
        pace = now - lb->task_start;
    if (pace <= 0)
        return 0;
    return 0.1 * pace > LADROI_GUARD_PERIOD_S ? 0.1 * pace : LADROI_GUARD_PERIOD_S;
}

void ladroi_guard_wave_seen(ladro_t *lb)
{
    const uint64_t *s = lb->term.seen_guard;
    if (ladroi_guard_on(lb) && s[0] > 0) /* the ranks' mean pace: the fastest is no slower */
        ladro__fold_pace(&lb->guard, (double)lb->size * 1e6 / (double)s[0]);
}

/* The run's remaining time by the last wave this rank saw; -1: unknown. */
static double ladro__remaining(const ladro_t *lb, double now)
{
    const ladroi_term_t *t = &lb->term;
    return ladroi_guard_remaining(t->seen_created, t->seen_guard, now - lb->t0);
}

uint32_t ladroi_guard_room(double thief, double rem, double ref, double held)
{
    if (rem < 0 || !ladroi_guard_slow(thief, ref))
        return UINT32_MAX;
    double k = floor((rem + ref) / thief - held);
    return k <= 0 ? 0 : k < (double)(UINT32_MAX - 1) ? (uint32_t)k : UINT32_MAX - 1;
}

/* Not one task fits (for positive doubles, x / y < 1 exactly when x < y, so this is
 * rem + ref < thief). */
bool ladroi_guard_late(double thief, double rem, double ref)
{
    return ladroi_guard_room(thief, rem, ref, 0) == 0;
}

uint32_t ladroi_guard_room_now(const ladro_t *lb)
{
    if (!ladroi_guard_on(lb))
        return UINT32_MAX;
    return ladroi_guard_room(ladro__pace(lb), ladro__remaining(lb, ladroi_net_now()),
                             lb->guard.ref_pace,
                             (double)ladroi_pool_local_count(&lb->pool));
}

/* The pairwise cap, then the run's end: both thief's and victim's side. */
static uint32_t ladro__guard_cap(const ladro_t *lb, double thief, double victim, uint32_t n)
{
    uint32_t cap = ladro__pair_cap(&lb->guard, thief, victim, n);
    if (cap > 0 && lb->policy->guard_hold &&
        ladroi_guard_late(thief, ladro__remaining(lb, ladroi_net_now()), lb->guard.ref_pace))
        return 0; /* faster thieves will come for it */
    return cap;
}

int ladroi_guard_limit(ladro_t *lb, int victim, uint32_t n, uint32_t *cap)
{
    *cap = UINT32_MAX;
    double mine = ladroi_guard_on(lb) ? ladro__pace(lb) : 0, theirs;
    if (mine == 0)
        return LADRO_OK; /* no task run yet: no pace to weigh */
    int rc = ladro__read_pace(lb, &lb->guard, victim, &theirs);
    if (rc == 0)
        *cap = ladro__guard_cap(lb, mine, theirs, n);
    return rc;
}

int ladroi_guard_grant(ladro_t *lb, int thief, uint32_t *cap)
{
    *cap = UINT32_MAX;
    double mine = ladroi_guard_on(lb) ? ladro__pace(lb) : 0, theirs;
    if (mine == 0)
        return LADRO_OK;
    int rc = ladro__read_pace(lb, &lb->guard, thief, &theirs);
    if (rc == 0) {
        uint64_t n = ladroi_pool_local_count(&lb->pool);
        *cap = ladro__guard_cap(lb, theirs, mine, n < UINT32_MAX ? (uint32_t)n : UINT32_MAX - 1);
    }
    return rc;
}

double ladroi_guard_patience(double pace, double rem, double ref)
{
    double w = (pace - rem - ref) / 4;
    return w > 2 * ref ? w : 2 * ref;
}

int ladroi_guard_leave(ladro_t *lb, bool *leave)
{
    ladroi_guard_t *g = &lb->guard;
    ladroi_pool_t *p = &lb->pool;
    *leave = false;
    if (!p->stealable || !ladroi_guard_on(lb) ||
        !ladroi_guard_slow(ladro__pace(lb), g->ref_pace))
        return LADRO_OK;
    uint32_t top;
    int rc = ladroi_pool_top(lb, p, &top);
    if (rc)
        return rc;
    double now = ladroi_net_now(), rem = ladro__remaining(lb, now);
    if (top != g->top) { /* thieves took some since the last look */
        g->top = top;
        g->theft_at = now;
    }
    /* Thieves came within two of the fastest tasks: they are hungry, and take these
     * sooner than this slow rank would end them. Else they are busy: run them here. */
    bool hungry = g->theft_at > 0 && now - g->theft_at < 2 * g->ref_pace;
    if (rem >= 0) { /* the last wave's estimate of the run's end decides */
        if (rem + g->ref_pace >= ladro__pace(lb)) {
            g->leave_at = 0; /* the run lasts one more task of this rank's: run it now */
            return LADRO_OK;
        }
        if (g->leave_at == 0) /* it does not: leave them, and give thieves the time */
            g->leave_at = now;
        hungry = hungry || now - g->leave_at < ladroi_guard_patience(ladro__pace(lb), rem,
                                                                     g->ref_pace);
    }
    if (hungry) {
        *leave = true;
        return ladroi_pool_release(lb, p, 0); /* every private task within their reach */
    }
    g->leave_at = 0;
    return LADRO_OK;
}

int ladroi_guard_took(ladro_t *lb)
{
    ladroi_guard_t *g = &lb->guard;
    if (!ladroi_guard_on(lb) || !ladroi_guard_slow(ladro__pace(lb), g->ref_pace))
        return LADRO_OK;
    g->theft_at = 0; /* it runs what it chose to take, */
    return ladroi_pool_release(lb, &lb->pool, lb->in_task ? 0 : 1); /* and no more than one */
}

/* Look, ask the guard, claim: the guard's decision lies between the look and the claim,
 * where the pool's model lets a thief choose any amount (or none). A victim whose public
 * tasks fill its window holds more than it shows: there the share is `full`. */
static int ladro__guarded(ladro_t *lb, int victim, double fraction, double full,
                          uint32_t max_take, uint32_t *got)
{
    ladroi_pool_t *p = &lb->pool;
    ladroi_pool_look_t look;
    *got = 0;
    int rc = ladroi_pool_look(lb, p, victim, &look);
    if (rc < 0 || look.n == 0)
        return rc < 0 ? rc : LADROI_STEAL_EMPTY;
    if (look.n >= p->capacity)
        fraction = full;
    uint32_t cap;
    if ((rc = ladroi_guard_limit(lb, victim, look.n, &cap)) != 0)
        return rc;
    if (cap == 0) {
        lb->st.steals_declined++;
        return LADROI_STEAL_DECLINED;
    }
    if (cap < UINT32_MAX && (max_take == 0 || cap < max_take))
        max_take = cap;
    return ladroi_pool_claim(lb, p, victim, &look, fraction, max_take, got);
}

static int ladro__steal(ladro_t *lb, int victim, double fraction, double full,
                        uint32_t max_take, uint32_t *got)
{
    double t0 = lb->trace.on ? ladroi_net_now() : 0;
    int rc = ladro__guarded(lb, victim, fraction, full, max_take, got);
    if (rc >= 0)
        LADROI_TRACE(lb, LADROI_TEV_STEAL, t0, ladroi_net_now(), 0, victim, *got);
    if (rc == LADROI_STEAL_GOT) {
        int e = ladroi_guard_took(lb);
        if (e)
            return e;
    }
    return rc;
}

int ladroi_guard_steal(ladro_t *lb, int victim, double fraction, uint32_t max_take,
                       uint32_t *got)
{
    return ladro__steal(lb, victim, fraction, fraction, max_take, got);
}

int ladroi_steal_attempt(ladro_t *lb, int victim, double fraction, uint32_t max_take)
{
    return ladroi_steal_attempt_share(lb, victim, fraction, fraction, max_take);
}

int ladroi_steal_attempt_share(ladro_t *lb, int victim, double fraction, double full,
                               uint32_t max_take)
{
    uint32_t got = 0;
    double t = ladroi_net_now();
    lb->st.steals_tried++;
    int rc = ladro__steal(lb, victim, fraction, full, max_take, &got);
    lb->st.steal_time_s += ladroi_net_now() - t;
    if (rc < 0)
        return rc;
    if (rc == LADROI_STEAL_GOT) {
        lb->st.steals_ok++;
        lb->st.tasks_stolen += got;
        lb->st.bytes_stolen += (uint64_t)got * lb->pool.rec_bytes;
        return 1;
    }
    lb->st.steals_failed++;
    return 0;
}
