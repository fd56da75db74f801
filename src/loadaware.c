/* Load-aware victim selection and the victim-reply mechanics shared by the baseline
 * (BaselineWS) and successonly (SuccessOnlyWS) policies; see loadaware.h. */
#include "loadaware.h"
#include "idle.h"
#include "policy.h"

#include <string.h>

int ladroi_la_init(ladro_t *lb, ladroi_la_t *la)
{
    memset(la, 0, sizeof *la);
    la->nranks = lb->size;
    return ladroi_win_alloc(lb, ladroi_la_disp_word(LADROI_LA_REPLY + 2 * (size_t)lb->size),
                            &la->win);
}

void ladroi_la_fini(ladroi_la_t *la)
{
    ladroi_win_free(&la->win);
}

int ladroi_la_load(ladro_t *lb, int victim, uint32_t *load)
{
    LADROI_COUNT(lb, LADROI_LA_C_LOAD_READS, 1);
    return ladroi_pool_peek(lb, &lb->pool, victim, load);
}

int ladroi_la_pick(ladro_t *lb, ladroi_la_t *la, bool (*skip)(void *ctx, int v), void *ctx,
                   int *victim, bool *yielded)
{
    *victim = -1;
    *yielded = false;
    /* A bounded search step, then the core's back-off: P-1 reads per step make every idle
     * rank read back to back, O(P) reads per step and O(P^2) in all
     * (docs/policies/baseline.md, "Search step"). */
    const ladroi_la_opts_t *o = lb->popts;
    if (la->draws_left == 0) /* a new step */
        la->draws_left = o->load_draws && o->load_draws < (uint64_t)lb->size - 1
                             ? o->load_draws : (uint64_t)lb->size - 1;
    while (la->draws_left > 0) {
        la->draws_left--;
        /* Alg. 1 line 3: GETRANDOMVICTIMID */
        int v = ladroi_rng_other(&lb->rng, lb->rank, lb->size);
        if (!(skip && skip(ctx, v))) {
            uint32_t load;
            int rc = ladroi_la_load(lb, v, &load);
            if (rc)
                return rc;
            uint32_t cap = UINT32_MAX;
            if (load > o->load_threshold && (rc = ladroi_guard_limit(lb, v, load, &cap)) != 0)
                return rc;
            if (cap == 0) /* steal_guard=pace: v ends even one task before this rank */
                lb->st.steals_declined++;
            else if (load > o->load_threshold) { /* Alg. 1 line 4 */
                la->draws_left = 0; /* the step ends with its victim */
                *victim = v;
                return LADRO_OK;
            }
        }
        /* Before the next draw's remote read: a message that came meanwhile (a wave) is
         * served by the core first; the step goes on at the next call. */
        if (la->draws_left > 0) {
            int rc = ladroi_idle_yield(lb, yielded);
            if (rc || *yielded)
                return rc;
        }
    }
    return LADRO_OK;
}

int ladroi_la_claim_step(ladro_t *lb, ladroi_la_t *la)
{
    int v;
    bool yielded;
    int rc = ladroi_la_pick(lb, la, NULL, NULL, &v, &yielded);
    if (rc || v < 0)
        return rc;
    la->phase_victims++; /* the claim counts the attempt (no request message) */
    return ladroi_la_claim(lb, la, v);
}

int ladroi_la_claim(ladro_t *lb, ladroi_la_t *la, int victim)
{
    int got = ladroi_steal_attempt(lb, victim, LADROI_STEAL_FRACTION, 1);
    if (got > 0)
        ladroi_la_phase_close(lb, la); /* Alg. 1 line 17 */
    return got;
}

int ladroi_la_promise(ladro_t *lb, int thief, bool at_least_one, uint32_t *k)
{
    /* Alg. 2 lines 4/13 (LOCALSTEAL): the tasks a thief gets are a share of the public
     * ones not yet promised, set aside for it in the pool. "Running short" is the
     * thieves' own criterion: a victim keeps load_threshold of them (Alg. 1 line 4).
     * steal_guard=pace: no more than the thief ends before this rank would reach them. */
    uint32_t cap;
    int rc = ladroi_guard_grant(lb, thief, &cap);
    if (rc)
        return rc;
    if (cap == 0 && !at_least_one) {
        *k = 0;
        return LADRO_OK;
    }
    if (cap == 0)
        cap = 1;
    if (!lb->cfg.paper) /* by name one task, as a claim takes (successonly's grants;
                         * baseline by name promises none); paper=1: the share */
        cap = 1;
    return ladroi_pool_reserve(lb, &lb->pool, LADROI_STEAL_FRACTION,
                               cap == UINT32_MAX ? 0 : cap, /* 0: no limit */
                               ((const ladroi_la_opts_t *)lb->popts)->load_threshold, k);
}

int ladroi_la_answer(ladro_t *lb, ladroi_la_t *la, int thief, uint32_t k)
{
    uint64_t reply = k ? LADROI_LA_GRANT(k) : LADROI_LA_DENY, seen;
    /* Alg. 2 lines 7/14 (ASYNCAT to the thief): the reply slot is free, because a thief
     * has at most one request at a victim and consumes the reply before the next. */
    int rc = ladroi_rma_cas_u64(lb, &la->win, thief, ladroi_la_disp_reply(lb->rank), 0, reply,
                                &seen);
    if (rc)
        return rc;
    lb->st.info_msgs++;
    LADROI_TRACE_MSG(lb, thief, LADROI_MSG_REPLY);
    if (seen != 0)
        return ladroi_fail(lb, LADRO_ESTATE, "%s: rank %d's reply slot for rank %d is busy "
                           "(0x%llx): protocol violation", lb->policy->name, thief, lb->rank,
                           (unsigned long long)seen);
    return LADRO_OK;
}

int ladroi_la_reply(ladro_t *lb, ladroi_la_t *la, int victim, uint64_t *reply)
{
    int rc = ladroi_rma_fetch_u64(lb, &la->win, lb->rank, ladroi_la_disp_reply(victim), reply);
    if (rc || *reply == 0)
        return rc;
    uint64_t seen;
    return ladroi_rma_cas_u64(lb, &la->win, lb->rank, ladroi_la_disp_reply(victim), *reply, 0,
                              &seen);
}

int ladroi_la_take(ladro_t *lb, ladroi_la_t *la, int victim, uint32_t k)
{
    (void)la;
    uint32_t got = 0;
    double t = ladroi_net_now();
    int rc = ladroi_pool_steal(lb, &lb->pool, victim, 1.0, k, &got);
    if (rc == LADROI_STEAL_GOT)
        rc = ladroi_guard_took(lb); /* the guard: a slow thief keeps one task private */
    else if (rc >= 0)
        rc = LADRO_OK;
    lb->st.steal_time_s += ladroi_net_now() - t;
    if (rc < 0)
        return rc;
    if (got == 0) {
        /* Under paper=1 it cannot happen: every thief takes only what it was promised.
         * By name successonly's claims (ladroi_la_claim_step) may take a promised task
         * first; counted as a failed steal. */
        lb->st.steals_failed++;
        return 0;
    }
    lb->st.steals_ok++;
    lb->st.tasks_stolen += got;
    lb->st.bytes_stolen += (uint64_t)got * lb->pool.rec_bytes;
    return 1;
}

void ladroi_la_contacted(ladro_t *lb, ladroi_la_t *la, int victim)
{
    lb->st.steals_tried++;
    lb->st.info_msgs++;
    LADROI_TRACE_MSG(lb, victim, LADROI_MSG_REQUEST);
    la->phase_victims++;
}

void ladroi_la_phase_close(ladro_t *lb, ladroi_la_t *la)
{
    la->draws_left = 0; /* tasks came: an interrupted search step is over */
    if (!la->in_phase)
        return;
    la->in_phase = false;
    LADROI_COUNT(lb, LADROI_LA_C_SEARCH_PHASES, 1);
    LADROI_COUNT(lb, LADROI_LA_C_VICTIMS + (la->phase_victims < 7 ? la->phase_victims : 7), 1);
}

/* Counter `name`, 0 when the policy has none (lock_busy: baseline only). */
static double ladro__ctr(const ladro_stats_t *st, const char *name)
{
    double v = 0;
    ladro_stats_counter(st, name, &v);
    return v;
}

void ladroi_la_replied(ladro_t *lb, double wait)
{
    LADROI_COUNT(lb, LADROI_LA_C_REPLIES, 1);
    LADROI_COUNT(lb, LADROI_LA_C_REPLY_WAIT, wait);
    if (wait > lb->st.counters[LADROI_LA_C_REPLY_WAIT_MAX])
        lb->st.counters[LADROI_LA_C_REPLY_WAIT_MAX] = wait;
}

void ladroi_la_print_stats(FILE *out, const ladro_stats_t *st)
{
    double phases = ladro__ctr(st, "search_phases"), replies = ladro__ctr(st, "replies");
    double cyclic = ladro__ctr(st, "cyclic_steals"), ok = (double)st->total.steals_ok;
    if (phases == 0 && ladro__ctr(st, "load_reads") == 0)
        return;
    fprintf(out, "  load-aware: load reads %.0f  lock busy %.0f  cyclic steals "
            "%.0f (%.3f%% of steals)  reply after %.3f ms mean, %.3f ms max (%.0f replies)\n",
            ladro__ctr(st, "load_reads"), ladro__ctr(st, "lock_busy"),
            cyclic, ok > 0 ? 100.0 * cyclic / ok : 0.0,
            replies > 0 ? 1e3 * ladro__ctr(st, "reply_wait_s") / replies : 0.0,
            1e3 * ladro__ctr(st, "reply_wait_max_s"), replies);
    fprintf(out, "  victims per search phase (%.0f phases):", phases);
    for (int i = 0; i < 8; i++) {
        char name[32];
        snprintf(name, sizeof name, i < 7 ? "victims_%d" : "victims_%dplus", i);
        fprintf(out, " %d%s:%.1f%%", i, i == 7 ? "+" : "",
                phases > 0 ? 100.0 * ladro__ctr(st, name) / phases : 0.0);
    }
    fprintf(out, "\n");
}
