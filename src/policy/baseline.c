/* baseline: BaselineWS of the SuccessOnlyWS paper (docs/references.md,
 * docs/policies/baseline.md). An idle rank picks a random victim whose published load
 * (placeLoad) exceeds the load_threshold option.
 *
 * With paper=1, the paper's protocol: the thief try-locks the victim with an RMA
 * compare-and-swap (only one thief at a time talks to a victim), marks itself as the
 * victim's queued thief and waits for the reply, a grant of tasks (taken with the pool's
 * transfer) or a denial (a failed steal), then unlocks; the victim answers from its
 * communication worker.
 *
 * Without it, the thief takes the victim's oldest public task itself with the pool's
 * claim, as random's thieves do; an empty claim is the failed steal. A victim answers
 * only between its tasks when it has no communication worker, and the claim keeps
 * concurrent thieves apart by itself, so neither the reply nor the lock is kept: at
 * 1 024 simulated ranks the claim made gauss70-10 1.15x faster than the reply, UTS 1.4x,
 * and dropping the lock UTS another 1.23x, N-Queens 1.11x, gauss70-10 1.05x
 * (bench/defaults/README.md, "BaselineWS: the thief takes"). An idle round is up to
 * LADROI_LA_STEPS search steps. */
#include "../idle.h"
#include "../loadaware.h"

#include <stdlib.h>

typedef struct ladro__bl {
    ladroi_la_t la;
    int locked;      /* victim whose lock this rank holds, -1 = none */
    double asked_at; /* when the request to `locked` was queued */
} ladro__bl_t;

static const ladroi_opt_t ladro__bl_opts[] = {LADROI_LA_OPTS};

enum { LADRO__C_LOCK_BUSY = LADROI_LA_C_N };
static const ladroi_counter_t ladro__bl_counters[] = {
    LADROI_LA_COUNTERS,
    {"lock_busy", LADROI_SUM, "try-locks that found the victim occupied (paper=1)"},
};

static int ladro__bl_init(ladro_t *lb, void **state)
{
    ladro__bl_t *s = calloc(1, sizeof *s);
    if (!s)
        return ladroi_fail(lb, LADRO_ENOMEM, "baseline: out of memory");
    s->locked = -1;
    *state = s; /* from here on, fini releases what init made */
    return ladroi_la_init(lb, &s->la);
}

static void ladro__bl_fini(ladro_t *lb, void *state)
{
    (void)lb;
    ladro__bl_t *s = state;
    ladroi_la_fini(&s->la);
    free(s);
}

/* Victim side, Alg. 2 lines 11-15: answer the queued thief, if any. */
static int ladro__bl_serve(ladro_t *lb, ladro__bl_t *s)
{
    uint64_t q, seen;
    int rc = ladroi_rma_fetch_u64(lb, &s->la.win, lb->rank,
                                  ladroi_la_disp_word(LADROI_LA_QUEUED), &q);
    if (rc || q == 0) /* line 12: thief_queued[my place] == EMPTY */
        return rc;
    /* Line 15 (thief_queued <- EMPTY) before the reply of line 14: once replied, the
     * thief unlocks and the next thief (maybe the same rank) may queue itself at once;
     * clearing after the reply could erase that new mark and strand it. */
    rc = ladroi_rma_cas_u64(lb, &s->la.win, lb->rank, ladroi_la_disp_word(LADROI_LA_QUEUED), q,
                            0, &seen);
    if (rc)
        return rc;
    uint32_t k;
    /* Lines 13-14: LOCALSTEAL, then the tasks (k > 0) or a denial (k = 0). */
    if ((rc = ladroi_la_promise(lb, (int)(q - 1), false, &k)) != 0)
        return rc;
    return ladroi_la_answer(lb, &s->la, (int)(q - 1), k);
}

static int ladro__bl_progress(ladro_t *lb, void *state)
{
    if (!lb->cfg.paper) /* thieves take by themselves: nobody queues */
        return LADRO_OK;
    return ladro__bl_serve(lb, state);
}

/* paper=1, thief side, Alg. 1 lines 3-4 and 10: choose a loaded victim and try-lock it.
 * *v: the victim this rank now holds locked, or -1 (none was loaded, or it was occupied). */
static int ladro__bl_lock(ladro_t *lb, ladro__bl_t *s, int *v)
{
    int victim;
    uint64_t seen;
    bool yielded; /* a message stopped the step: the core serves it, the step goes on */
    *v = -1;
    int rc = ladroi_la_pick(lb, &s->la, NULL, NULL, &victim, &yielded);
    if (rc || victim < 0)
        return rc;
    rc = ladroi_rma_cas_u64(lb, &s->la.win, victim, ladroi_la_disp_word(LADROI_LA_LOCK), 0,
                            (uint64_t)lb->rank + 1, &seen); /* line 10: TRYLOCK(v) */
    if (rc)
        return rc;
    if (seen != 0) { /* occupied: a thief never chooses a pre-occupied victim */
        LADROI_COUNT(lb, LADRO__C_LOCK_BUSY, 1);
        return LADRO_OK;
    }
    *v = victim;
    return LADRO_OK;
}

/* paper=1, line 13: UNLOCK(v). */
static int ladro__bl_unlock(ladro_t *lb, ladro__bl_t *s, int v)
{
    uint64_t seen;
    return ladroi_rma_cas_u64(lb, &s->la.win, v, ladroi_la_disp_word(LADROI_LA_LOCK),
                              (uint64_t)lb->rank + 1, 0, &seen);
}

/* paper=1, thief side, line 11: queue at the victim just locked. */
static int ladro__bl_request(ladro_t *lb, ladro__bl_t *s)
{
    int v;
    uint64_t seen;
    int rc = ladro__bl_lock(lb, s, &v);
    if (rc || v < 0)
        return rc;
    rc = ladroi_rma_cas_u64(lb, &s->la.win, v, ladroi_la_disp_word(LADROI_LA_QUEUED), 0,
                            (uint64_t)lb->rank + 1, &seen); /* thief_queued[v] <- my place */
    if (rc)
        return rc;
    if (seen != 0)
        return ladroi_fail(lb, LADRO_ESTATE, "baseline: rank %d's queued-thief word holds "
                           "%llu under this rank's lock: protocol violation", v,
                           (unsigned long long)seen);
    s->locked = v;
    s->asked_at = ladroi_net_now();
    ladroi_la_contacted(lb, &s->la, v);
    return LADRO_OK;
}

/* Outside paper=1, one search step and its steal (ladroi_la_claim_step). */
static int ladro__bl_step(ladro_t *lb, void *state)
{
    ladro__bl_t *s = state;
    return ladroi_la_claim_step(lb, &s->la);
}

static int ladro__bl_idle(ladro_t *lb, void *state)
{
    ladro__bl_t *s = state;
    if (lb->size < 2)
        return 0;
    ladroi_la_phase_open(&s->la);
    if (!lb->cfg.paper)
        return ladroi_idle_round(lb, LADROI_LA_STEPS, ladro__bl_step, s);
    int rc;
    if (s->locked < 0) {
        if ((rc = ladro__bl_request(lb, s)) != 0)
            return rc;
        if (s->locked < 0)
            return 0; /* no loaded free victim: the core backs off (or serves a message) */
    }
    /* Line 12: WAITUNTILVICTIMREPLY, for at most ladroi_idle_wait_cap_us per call and
     * not past a message's arrival (the core's round, and its termination waves, between
     * two calls); meanwhile this rank answers its own queued thief (a denial: it has
     * nothing), so chains of waiting thieves cannot deadlock. */
    int v = s->locked;
    double start = ladroi_net_now();
    uint64_t reply = 0;
    for (;;) {
        if ((rc = ladroi_la_reply(lb, &s->la, v, &reply)) != 0)
            return rc;
        if (reply)
            break;
        if ((rc = ladro__bl_serve(lb, s)) != 0 || (rc = ladroi_net_progress(lb)) != 0)
            return rc;
        /* Waited enough, or a message came (a wave: the core serves it): still waiting,
         * the core runs its round and comes back. */
        bool leave = (ladroi_net_now() - start) * 1e6 >= ladroi_idle_wait_cap_us(lb);
        if (!leave && (rc = ladroi_idle_nap(lb, &leave)) != 0)
            return rc;
        if (leave) {
            lb->st.steal_time_s += ladroi_net_now() - start;
            return 0;
        }
    }
    lb->st.steal_time_s += ladroi_net_now() - start;
    ladroi_la_replied(lb, ladroi_net_now() - s->asked_at);
    rc = ladro__bl_unlock(lb, s, v); /* after the reply, whatever it was */
    s->locked = -1;
    if (rc)
        return rc;
    if (!LADROI_LA_IS_GRANT(reply)) { /* a denial: failed steal; the search restarts */
        lb->st.steals_failed++;
        return 0;
    }
    rc = ladroi_la_take(lb, &s->la, v, LADROI_LA_GRANTED(reply)); /* line 14 */
    if (rc > 0)
        ladroi_la_phase_close(lb, &s->la); /* line 17 */
    return rc;
}

static void ladro__bl_dump(const ladro_t *lb, const void *state, FILE *out)
{
    const ladro__bl_t *s = state;
    const uint64_t *w = s->la.win.base;
    if (s->locked >= 0)
        fprintf(out, "  baseline: holds the lock of rank %d, waiting %.3f s for its reply\n",
                s->locked, ladroi_net_now() - s->asked_at);
    else
        fprintf(out, "  baseline: holds no lock\n");
    fprintf(out, "  baseline: own lock word %llu, queued thief word %llu (rank + 1; 0 = "
            "none); search phase %s, %u victims so far\n",
            (unsigned long long)w[LADROI_LA_LOCK], (unsigned long long)w[LADROI_LA_QUEUED],
            s->la.in_phase ? "open" : "closed", s->la.phase_victims);
    (void)lb;
}

LADROI_POLICY_DEFINE(baseline, ladro__bl, ladroi_la_opts_t, true,
                     "BaselineWS: load-aware random victim, the thief takes (paper=1: lock, the victim replies)",
                     .on_progress = ladro__bl_progress, LADROI_POLICY_COUNTERS(ladro__bl_counters),
                     .print_stats = ladroi_la_print_stats, .guard = true, .guard_hold = true,
                     .guard_auto = true,
                     .paper_workers = true);
