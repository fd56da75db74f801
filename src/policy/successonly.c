/* successonly: SuccessOnlyWS (docs/references.md,
 * docs/policies/successonly.md). No lock: an idle rank registers itself at a random
 * loaded victim by appending its rank to the victim's request ring (an RMA fetch-and-add
 * on the ring's counter, then a compare-and-swap of rank + 1 into the slot), remembers
 * the victim and never contacts it again until that victim has served it; meanwhile it
 * goes on registering at other loaded victims. A victim serves its registered thieves,
 * oldest first, from its surplus in ladro_next/ladro_progress: it promises each a share
 * of its public tasks and replies; the thief takes exactly those with the pool's
 * transfer, so no remote steal fails. A victim without surplus keeps its thieves
 * registered (Alg. 2 line 9) and serves them once it has surplus again; a thief is never
 * blocked by that — it keeps searching elsewhere and takes part in termination waves.
 *
 * Cyclic steals (the paper's caveat): a grant from a victim to a thief at which the
 * victim itself is still registered; counted (cyclic_steals).
 *
 * By name (not in the paper; docs/policies/successonly.md, "By name"): a grant waits for
 * the victim's next service, and in a search for surplus the victim rarely has. So
 * outside paper=1 an idle rank first claims a task where it reads a load (a round of
 * ladroi_la_claim_step, baseline's step); when that round brought none it claims at the
 * next loaded victim it finds and registers there only when that claim failed (the task
 * went: the thief waits in the victim's queue for its next surplus); a grant is one
 * task, as a claim is; once this rank's tasks push tasks it only claims. Registering
 * without that claim made a thief wait for a grant (1.1 ms on average, half a task) where
 * it could take a task at once: gauss70-10 at 16 384 simulated ranks, spinning, 20.88 ms
 * against 19.75 (medians of seeds 1-3; bench/defaults/README.md, "Steal amounts by
 * name"). At 1 024 simulated ranks claiming first made gauss70-10 0.0203 / 0.0197 s
 * spinning / backing off against 0.0205 / 0.0215 s for a claim while grants are awaited,
 * and UTS 0.0342 / 0.0340 against 0.0349 / 0.0355 s; at 10 000 ranks gauss70-10 0.0207
 * against 0.0222 s spinning (bench/defaults/README.md, "Steal amounts by name"). A claim
 * fails when the task went between the read and the claim; it may take a task promised
 * to a granted thief, whose transfer then brings fewer. paper=1: grants only, no steal
 * fails. */
#include "../idle.h"
#include "../loadaware.h"

#include <stdlib.h>
#include <string.h>

/* This rank's registration at victim v. The victims a thief knows about are few (those it
 * registered at and not yet served by), so they are kept in an array sorted by v, not in arrays of P: O(victims) memory per rank
 * instead of O(P), and the scans visit victims in increasing rank order as before. */
typedef struct ladro__so_reg {
    int v;
    uint8_t contacted;  /* registered at v and not yet served (Alg. 1 line 6) */
    uint64_t reg_index; /* ring index of this rank's (last) registration at v */
    double reg_time;    /* when this rank registered at v */
} ladro__so_reg_t;

typedef struct ladro__so {
    ladroi_la_t la;
    uint64_t head;       /* next entry of this rank's request ring to serve */
    uint64_t count_seen; /* the ring's counter as last read */
    int ncontacted;
    ladro__so_reg_t *reg; /* sorted by v; an entry lives while contacted */
    int nreg, capreg;
    double next_reg_at;  /* search phase: no new registration before this time */
    double reg_gap_us;   /* and the gap after the next one (doubles, backoff_max cap) */
} ladro__so_t;

typedef struct ladro__so_opts {
    ladroi_la_opts_t la; /* first: loadaware.c reads it */
} ladro__so_opts_t;

static const ladroi_opt_t ladro__so_opts[] = {LADROI_LA_OPTS};

enum { LADRO__C_CYCLIC = LADROI_LA_C_N };
static const ladroi_counter_t ladro__so_counters[] = {
    LADROI_LA_COUNTERS,
    {"cyclic_steals", LADROI_SUM, "grants this rank (victim) made to a thief it was itself "
                                  "registered at (the paper's steal cycles)"},
};

/* The entry of v, or NULL. */
static ladro__so_reg_t *ladro__so_find(ladro__so_t *s, int v)
{
    int lo = 0, hi = s->nreg - 1;
    while (lo <= hi) {
        int mid = lo + (hi - lo) / 2;
        if (s->reg[mid].v == v)
            return &s->reg[mid];
        if (s->reg[mid].v < v)
            lo = mid + 1;
        else
            hi = mid - 1;
    }
    return NULL;
}

/* The entry of v, created (zeroed) if absent; NULL when out of memory. */
static ladro__so_reg_t *ladro__so_entry(ladro__so_t *s, int v)
{
    ladro__so_reg_t *e = ladro__so_find(s, v);
    if (e)
        return e;
    if (ladroi_grow((void **)&s->reg, &s->capreg, s->nreg, sizeof *s->reg))
        return NULL;
    int i = s->nreg;
    while (i > 0 && s->reg[i - 1].v > v)
        i--;
    memmove(&s->reg[i + 1], &s->reg[i], (size_t)(s->nreg - i) * sizeof *s->reg);
    s->nreg++;
    s->reg[i] = (ladro__so_reg_t){.v = v};
    return &s->reg[i];
}

static bool ladro__so_contacted(ladro__so_t *s, int v)
{
    const ladro__so_reg_t *e = ladro__so_find(s, v);
    return e && e->contacted;
}

static int ladro__so_init(ladro_t *lb, void **state)
{
    ladro__so_t *s = calloc(1, sizeof *s);
    if (!s)
        return ladroi_fail(lb, LADRO_ENOMEM, "successonly: out of memory");
    *state = s; /* from here on, fini releases what init made */
    return ladroi_la_init(lb, &s->la);
}

static void ladro__so_fini(ladro_t *lb, void *state)
{
    (void)lb;
    ladro__so_t *s = state;
    ladroi_la_fini(&s->la);
    free(s->reg);
    free(s);
}

/* Not contacted any more (the caller drops the entry). */
static void ladro__so_forget(ladro__so_t *s, int v)
{
    ladro__so_reg_t *e = ladro__so_find(s, v);
    if (e && e->contacted) {
        e->contacted = 0;
        s->ncontacted--;
    }
}

/* Thief side, Alg. 1 lines 14-16: take what the contacted victims granted. Returns 1
 * when tasks arrived. */
static int ladro__so_collect(ladro_t *lb, ladro__so_t *s)
{
    int got = 0;
    for (int i = 0; i < s->nreg && s->ncontacted > 0; i++) {
        if (!s->reg[i].contacted)
            continue;
        int v = s->reg[i].v;
        uint64_t reply;
        int rc = ladroi_la_reply(lb, &s->la, v, &reply);
        if (rc)
            return rc;
        if (!reply)
            continue;
        if (!LADROI_LA_IS_GRANT(reply))
            return ladroi_fail(lb, LADRO_ESTATE, "successonly: rank %d denied a request "
                               "(reply 0x%llx): protocol violation", v,
                               (unsigned long long)reply);
        ladro__so_forget(s, v); /* line 16: FORGETVICTIM */
        ladroi_la_replied(lb, ladroi_net_now() - s->reg[i].reg_time);
        /* nothing left to remember about v */
        memmove(&s->reg[i], &s->reg[i + 1], (size_t)(s->nreg - i - 1) * sizeof *s->reg);
        s->nreg--;
        i--;
        rc = ladroi_la_take(lb, &s->la, v, LADROI_LA_GRANTED(reply));
        if (rc < 0)
            return rc;
        got |= rc;
    }
    if (got)
        ladroi_la_phase_close(lb, &s->la); /* line 17: end of the search phase */
    return got;
}

typedef struct ladro__so_skip {
    ladro_t *lb;
    ladro__so_t *s;
    int rc;
} ladro__so_skip_t;

/* Victims this rank must not contact now (Alg. 1 line 6). */
static bool ladro__so_skip(void *ctx, int v)
{
    ladro__so_skip_t *k = ctx;
    ladro__so_reg_t *r = ladro__so_find(k->s, v);
    if (k->rc || (r && r->contacted)) /* line 6: already_contacted[v] */
        return true;
    return false;
}

/* Thief side, Alg. 1 lines 7-8: QUEUE_MY_PLACE at v (append to v's request ring). The
 * operations are flushed before returning: the registration is complete (line 8). */
static int ladro__so_register(ladro_t *lb, ladro__so_t *s, int v)
{
    uint64_t idx, seen, me = (uint64_t)lb->rank + 1;
    ladro__so_reg_t *r = ladro__so_entry(s, v);
    if (!r)
        return ladroi_fail(lb, LADRO_ENOMEM, "successonly: out of memory");
    int rc = ladroi_rma_fadd_u64(lb, &s->la.win, v, ladroi_la_disp_word(LADROI_LA_COUNT), 1,
                                 &idx);
    if (rc)
        return rc;
    rc = ladroi_rma_cas_u64(lb, &s->la.win, v, ladroi_la_disp_slot(&s->la, idx), 0, me, &seen);
    if (rc)
        return rc;
    if (seen != 0)
        return ladroi_fail(lb, LADRO_ESTATE, "successonly: slot %llu of rank %d's request "
                           "ring still holds 0x%llx: protocol violation",
                           (unsigned long long)idx, v, (unsigned long long)seen);
    r = ladro__so_find(s, v); /* the same entry: nothing was added meanwhile */
    r->contacted = 1;
    s->ncontacted++;
    r->reg_index = idx;
    r->reg_time = ladroi_net_now();
    ladroi_la_contacted(lb, &s->la, v);
    return LADRO_OK;
}

/* Victim side, Alg. 2 lines 3-9: serve registered thieves, oldest first, while this
 * rank has surplus. */
static int ladro__so_serve(ladro_t *lb, ladro__so_t *s)
{
    ladroi_win_t *w = &s->la.win;
    int rc;
    for (;;) {
        if (s->head == s->count_seen) { /* line 3: total queued thieves > 0 ? */
            rc = ladroi_rma_fetch_u64(lb, w, lb->rank, ladroi_la_disp_word(LADROI_LA_COUNT),
                                      &s->count_seen);
            if (rc || s->head == s->count_seen)
                return rc;
        }
        uint64_t e, seen;
        size_t slot = ladroi_la_disp_slot(&s->la, s->head);
        if ((rc = ladroi_rma_fetch_u64(lb, w, lb->rank, slot, &e)) != 0)
            return rc;
        if (e == 0)
            return LADRO_OK; /* the thief added but has not written its rank yet */
        int t = (int)(e - 1);
        bool cyclic = ladro__so_contacted(s, t);
        uint32_t k;
        /* Lines 4-5: LOCALSTEAL; none left: line 9, break (the thief stays registered
         * and is served when surplus returns). */
        if ((rc = ladroi_la_promise(lb, t, true, &k)) != 0 || k == 0)
            return rc;
        /* Lines 6/8: POPTHIEF and FORGETTHIEF, before the reply. Only this rank writes a
         * written slot (a thief writes it once, from 0). */
        if ((rc = ladroi_rma_cas_u64(lb, w, lb->rank, slot, e, 0, &seen)) != 0)
            return rc;
        if (seen != e)
            return ladroi_fail(lb, LADRO_ESTATE, "successonly: slot %llu of the request "
                               "ring changed from 0x%llx to 0x%llx: protocol violation",
                               (unsigned long long)s->head, (unsigned long long)e,
                               (unsigned long long)seen);
        s->head++;
        if (cyclic)
            LADROI_COUNT(lb, LADRO__C_CYCLIC, 1);
        if ((rc = ladroi_la_answer(lb, &s->la, t, k)) != 0) /* line 7: ASYNCAT(thief, tasks) */
            return rc;
    }
}

static int ladro__so_progress(ladro_t *lb, void *state)
{
    ladro__so_t *s = state;
    int rc = ladro__so_collect(lb, s);
    if (rc < 0)
        return rc;
    return ladro__so_serve(lb, s);
}

/* Lines 3-8: register at one more loaded, not yet contacted victim; by name first claim
 * a task there and register only when the claim brought none (top comment). Returns 1
 * when a claim brought tasks (the search phase closed). *yielded: a message stopped the
 * search step (ladroi_la_pick); the next call goes on with it. */
static int ladro__so_search(ladro_t *lb, ladro__so_t *s, bool *yielded)
{
    ladro__so_skip_t k = {.lb = lb, .s = s, .rc = 0};
    int v;
    int rc = ladroi_la_pick(lb, &s->la, ladro__so_skip, &k, &v, yielded);
    if (rc == 0 && k.rc)
        rc = k.rc;
    if (rc != 0 || v < 0)
        return rc;
    if (!lb->cfg.paper) {
        /* the victim counts once in the phase's histogram: by this claim when it brings
         * tasks (the claim closes the phase), else by the registration that follows */
        s->la.phase_victims++;
        if ((rc = ladroi_la_claim(lb, &s->la, v)) != 0)
            return rc;
        s->la.phase_victims--;
    }
    return ladro__so_register(lb, s, v);
}

static int ladro__so_claim(ladro_t *lb, void *state)
{
    ladro__so_t *s = state;
    return ladroi_la_claim_step(lb, &s->la);
}

static int ladro__so_idle(ladro_t *lb, void *state)
{
    ladro__so_t *s = state;
    if (lb->size < 2)
        return 0;
    if (!s->la.in_phase) { /* line 2: a new task search cycle; first victim at once */
        ladroi_la_phase_open(&s->la);
        s->next_reg_at = 0;
        s->reg_gap_us = lb->cfg.backoff_min_us;
    }
    /* Until tasks arrive (line 14), for at most ladroi_idle_wait_cap_us per call and not
     * past a message's arrival (a wave's, served by the core): look for grants
     * every backoff_min_us — the paper's thief sees the victim's asyncAt at once — and
     * register at the next victim at exponentially growing gaps. The paper's thief moves
     * on after each registration's round trip; its victims' communication workers answer
     * about as fast. Here a victim answers only when it next runs ladro_next/
     * ladro_progress, so registering at that pace would contact nearly every rank in
     * each phase. Meanwhile this rank serves its own registered thieves. */
    double start = ladroi_net_now();
    for (;;) {
        int rc = ladro__so_collect(lb, s);
        if (rc != 0)
            return rc; /* > 0: tasks arrived, the phase closed */
        /* by name a claim round first, a registration only when it brought none (top
         * comment); a message that stopped a search step is served first */
        if (!lb->cfg.paper &&
            ((rc = ladroi_idle_round(lb, LADROI_LA_STEPS, ladro__so_claim, s)) != 0 ||
             lb->msg_pending))
            return rc;
        if (!lb->cfg.paper && lb->spawns)
            return 0; /* by name, a search: claims only (top comment) */
        double now = ladroi_net_now();
        if (now >= s->next_reg_at) {
            bool yielded;
            int before = s->ncontacted;
            if ((rc = ladro__so_search(lb, s, &yielded)) != 0)
                return rc;
            if (yielded) /* a message (a wave): the core serves it, then the step goes on */
                return 0;
            /* the gap grows with each registration; by name a step that found no loaded
             * victim does not widen it (the next idle call searches again) */
            if (lb->cfg.paper || s->ncontacted > before) {
                s->next_reg_at = now + 1e-6 * s->reg_gap_us;
                s->reg_gap_us = ladroi_idle_next_us(lb, s->reg_gap_us);
            }
        }
        if ((rc = ladro__so_serve(lb, s)) != 0 || (rc = ladroi_net_progress(lb)) != 0)
            return rc;
        if (s->ncontacted == 0 || (now - start) * 1e6 >= ladroi_idle_wait_cap_us(lb))
            return 0; /* nobody to wait for, or waited enough: the core backs off */
        bool leave; /* a message came (a wave): the core serves it, then this resumes */
        if ((rc = ladroi_idle_nap(lb, &leave)) != 0 || leave)
            return rc;
    }
}

static void ladro__so_dump(const ladro_t *lb, const void *state, FILE *out)
{
    (void)lb;
    const ladro__so_t *s = state;
    const uint64_t *w = s->la.win.base;
    fprintf(out, "  successonly: registered at %d victim(s):", s->ncontacted);
    for (int i = 0, n = 0; i < s->nreg && n < 16; i++)
        if (s->reg[i].contacted) {
            fprintf(out, " %d", s->reg[i].v);
            n++;
        }
    fprintf(out, "\n  successonly: own request ring: %llu appended, %llu served; search "
            "phase %s, %u victims so far\n", (unsigned long long)w[LADROI_LA_COUNT],
            (unsigned long long)s->head, s->la.in_phase ? "open" : "closed",
            s->la.phase_victims);
}

LADROI_POLICY_DEFINE(successonly, ladro__so, ladro__so_opts_t, true,
                     "SuccessOnlyWS: load-aware, thieves register at victims, no failed steals",
                     .on_progress = ladro__so_progress, LADROI_POLICY_COUNTERS(ladro__so_counters),
                     .print_stats = ladroi_la_print_stats, .guard = true, .guard_hold = true,
                     .guard_auto = true,
                     .paper_workers = true);
