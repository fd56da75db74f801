/* smallworld: work stealing constrained to a Kleinberg small-world overlay (TITUS_DLB,
 * Fontenaille et al.). Each rank builds its own neighbour list from the seed
 * (src/overlay.c) and learns the ranks whose shortcuts point at it by messages
 * (ladro__sw_incoming); an idle rank steals only from its neighbours, a quarter of
 * a victim's shared tasks (LADRO__SW_FRACTION; half of a full window) with the shared
 * pool transfer (and the steal guard's limits under steal_guard=pace, with the ring
 * spread by default). Task results go back to their owner greedily over the same overlay,
 * aggregated per next hop (src/results.c), and the paper's termination (local completion
 * -> non-blocking barrier) gates the counting waves (docs/policies/smallworld.md).
 * With paper=1, the paper's theft and overlay (TITUS_DLB §4.3, §5): the victim's public
 * set is reached under a lock in its pool word, the thief takes the whole set and hands
 * the lock to the victim, which refills the set with half of its private tasks
 * (ladroi_pool_lock_whole, src/pool.c); the overlay's mean degree is 4·log2 P
 * (ladroi_sw_paper_draws). */
#include "../ladro_int.h"
#include "../coll.h"
#include "../config.h"
#include "../idle.h"
#include "../overlay.h"
#include "../policy.h"
#include "../results.h"
#include "../sw_math.h"

#include <stdlib.h>
#include <string.h>

typedef struct ladro__sw_opts {
    int sw_degree;
    int sw_ring;
} ladro__sw_opts_t;

static const ladroi_opt_t ladro__sw_opts[] = {
    {.key = "sw_degree", .type = LADROI_OPT_INT,
     LADROI_OPT_FIELD(ladro__sw_opts_t, sw_degree), .max = 4096, .def = "0", .fixed = true,
     .accepted = "0 (= 2*floor(log2(P-1))) or an integer in [1, 4096]",
     .doc = "shortcut draws per rank; 0 = 2·⌊log2(P−1)⌋ (mean degree 39 at 3 584 ranks), "
            "under paper=1 the draws whose expected mean degree is nearest 4·log2 P (§5)"},
    LADROI_OPT_ORDER("sw_ring", ladro__sw_opts_t, sw_ring,
                     "the overlay's ring: `rank` (the paper's), `spread` (rank r at r·m mod "
                     "P, m ≈ 0.618·P: a block of slow ranks has fast neighbours; "
                     "docs/policies/smallworld.md, \"The ring's order\")"),
};

enum { LADRO__TAG_NOTE = LADROI_TAG_POLICY, LADRO__TAG_ACK, LADRO__TAG_DONE };

/* Collective: add to ov the ranks whose draws hit this rank (the graph's edges go both
 * ways). Regenerating every rank's draws costs O(P * draws) per rank, O(P^2 log P) in all:
 * hours at 100 000 ranks. Instead each rank tells the targets of its own draws (a note),
 * every note is acknowledged, and a rank whose notes are all acknowledged enters a
 * non-blocking barrier while it goes on receiving and acknowledging notes; when the
 * barrier completes every rank's notes have been received (Hoefler et al.'s NBX, with
 * acknowledgements for synchronous sends). O(draws) messages and memory per rank plus
 * the barrier; the same neighbour list as ladroi_overlay_build (tests/test_overlay.c,
 * smallworld tests). */
static int ladro__sw_incoming(ladro_t *lb, ladroi_overlay_t *ov, const int *mine, int draws)
{
    static const int one = 1; /* what notes and acks carry: only their source matters */
    int nt = 0, acks = 0, nacks = 0, capacks = 0, rc;
    int *tgt = malloc(((size_t)draws + 1) * sizeof *tgt);
    ladroi_req_t *notes = calloc((size_t)draws + 1, sizeof *notes), *ackreq = NULL;
    ladroi_coll_t bar;
    bool started = false, done = false;
    memset(&bar, 0, sizeof bar);
    rc = tgt && notes ? ladroi_coll_init(lb, &bar, LADROI_COLL_SUM, 1, LADRO__TAG_DONE, 0)
                      : ladroi_fail(lb, LADRO_ENOMEM, "smallworld: out of memory");
    /* one note per distinct target (a rank drawing r twice is one edge) */
    for (int i = 0; i < draws && rc == 0; i++) {
        bool dup = mine[i] < 0 || mine[i] == lb->rank;
        for (int k = 0; k < nt && !dup; k++)
            dup = tgt[k] == mine[i];
        if (!dup) {
            tgt[nt] = mine[i];
            rc = ladroi_net_isend(lb, lb->comm, &one, sizeof one, tgt[nt], LADRO__TAG_NOTE,
                                  &notes[nt]);
            nt++;
        }
    }
    double nap = lb->cfg.backoff_min_us;
    while (rc == 0 && !done) {
        bool found, moved = false;
        ladroi_msg_t m;
        int x;
        if ((rc = ladroi_net_iprobe(lb, lb->comm, LADROI_ANY, LADRO__TAG_NOTE, &found, &m)) ||
            (found && (rc = ladroi_net_recv(lb, lb->comm, &x, sizeof x, m.source,
                                            LADRO__TAG_NOTE, NULL))))
            break;
        if (found) { /* an incoming edge: keep it and acknowledge it */
            moved = true;
            if (ladroi_grow((void **)&ackreq, &capacks, nacks, sizeof *ackreq)) {
                rc = ladroi_fail(lb, LADRO_ENOMEM, "smallworld: out of memory");
                break;
            }
            if ((rc = ladroi_overlay_add(ov, m.source)) != 0 ||
                (rc = ladroi_net_isend(lb, lb->comm, &one, sizeof one, m.source,
                                       LADRO__TAG_ACK, &ackreq[nacks++])) != 0)
                break;
        }
        if ((rc = ladroi_net_iprobe(lb, lb->comm, LADROI_ANY, LADRO__TAG_ACK, &found, &m)) ||
            (found && (rc = ladroi_net_recv(lb, lb->comm, &x, sizeof x, m.source,
                                            LADRO__TAG_ACK, NULL))))
            break;
        acks += found;
        moved |= found;
        if (!started && acks == nt) { /* all my notes arrived: join the barrier */
            uint64_t zero = 0;
            if ((rc = ladroi_coll_start(lb, &bar, &zero)) != 0)
                break;
            started = moved = true;
        }
        if (started && (rc = ladroi_coll_test(lb, &bar, &done)) != 0)
            break;
        if (!done && !moved) { /* nothing came: back off as the core's idle loop does */
            ladroi_net_sleep_us(nap);
            nap = ladroi_idle_next_us(lb, nap);
        } else {
            nap = lb->cfg.backoff_min_us;
        }
    }
    /* Every send was received by now (the barrier), so these complete at once. */
    for (int i = 0; i < nt && rc == 0; i++)
        rc = ladroi_net_wait(lb, &notes[i]);
    for (int i = 0; i < nacks && rc == 0; i++)
        rc = ladroi_net_wait(lb, &ackreq[i]);
    ladroi_coll_fini(&bar);
    free(tgt);
    free(notes);
    free(ackreq);
    return rc;
}

static int ladro__sw_init(ladro_t *lb, void **state)
{
    ladroi_overlay_t *ov = calloc(1, sizeof *ov); /* the state: this rank's overlay */
    if (!ov)
        return ladroi_fail(lb, LADRO_ENOMEM, "smallworld: out of memory");
    *state = ov; /* from here on, fini releases what init made */
    const ladro__sw_opts_t *o = lb->popts;
    /* TITUS §5: "small world graphs with an average degree of 4 log2(|V|)" */
    int draws = lb->cfg.paper && o->sw_degree == 0 ? ladroi_sw_paper_draws(lb->size)
                                                   : ladroi_sw_draws(lb->size, o->sw_degree);
    if (lb->cfg.paper) /* TITUS §4.3: the TASK segment is reached under its lock */
        ladroi_pool_lock_whole(&lb->pool);
    ladroi_sw_ring_t ring;
    ladroi_sw_ring_init(&ring, lb->size, ladroi_order_spread(lb, o->sw_ring));
    int *mine = malloc(((size_t)draws + 1) * sizeof *mine);
    int rc = mine ? ladroi_overlay_own(ov, lb->cfg.seed, &ring, lb->rank, draws, mine)
                  : LADRO_ENOMEM;
    /* Collective: every rank takes part, even one whose own part failed. */
    int rc2 = ladro__sw_incoming(lb, ov, mine ? mine : &draws, mine ? draws : 0);
    free(mine);
    if (rc)
        return ladroi_fail(lb, rc, "smallworld: cannot build the overlay (%d ranks, %d "
                           "draws): %s", lb->size, draws, ladro_strerror(rc));
    if (rc2)
        return rc2;
    ladroi_overlay_finish(ov);
    /* Every task's result (possibly 0 bytes: a completion notice) goes home over the
     * overlay; local completion then drives the paper's barrier. */
    return ladroi_results_init(lb, ov, true);
}

static void ladro__sw_fini(ladro_t *lb, void *state)
{
    (void)lb;
    ladroi_overlay_t *ov = state;
    ladroi_overlay_fini(ov);
    free(ov);
}

/* A thief's share of its victim's public tasks: a quarter, not the other policies' half
 * (LADROI_STEAL_FRACTION). Only a thief's own neighbours can steal from it again, so
 * tasks left with the victim reach more ranks than tasks taken: gauss70-10 spinning,
 * seed 1, 0.0211 against 0.0225 s at 100 000 simulated ranks and 0.0209 against 0.0217
 * at 10 000. Half still when the victim's public tasks fill its window (it holds more
 * than it shows): with a quarter there, DLB 1s-1M (8 slots) fell from 0.866 to 0.814 at
 * 16 ranks (bench/defaults/README.md, "Steal amounts by name"). */
#define LADRO__SW_FRACTION 0.25

/* TITUS §2.2/§4: the thief picks a victim among its overlay neighbours only; it takes
 * a quarter of the victim's public tasks, half of a full window (one in a search,
 * ladroi_take_cap), or under paper=1 the whole shared set (§4.3). */
static int ladro__sw_step(ladro_t *lb, void *state)
{
    const ladroi_overlay_t *ov = state;
    int victim = ov->nbr[ladroi_rng_below(&lb->rng, (uint64_t)ov->n)];
    if (lb->cfg.paper)
        return ladroi_steal_attempt(lb, victim, 1.0, 0);
    return ladroi_steal_attempt_share(lb, victim, LADRO__SW_FRACTION, LADROI_STEAL_FRACTION,
                                      ladroi_take_cap(lb));
}

/* An idle round: up to LADROI_ROUND_DRAWS neighbours (not in the paper; paper=1: one).
 * At 1 024 simulated ranks backing off, 16 against one made N-Queens 1.7x faster (0.0131
 * against 0.0220 s), UTS 1.7x (0.0307 against 0.0515 s) and gauss70-10 1.16x (0.0219
 * against 0.0253 s) (bench/defaults/README.md, "The policies by name"). */
static int ladro__sw_idle(ladro_t *lb, void *state)
{
    const ladroi_overlay_t *ov = state;
    if (ov->n == 0)
        return 0;
    return ladroi_idle_round(lb, lb->cfg.paper ? 1 : LADROI_ROUND_DRAWS, ladro__sw_step,
                             state);
}

/* TITUS §4: idle ranks join the counting waves only once the termination barrier
 * (entered at local completion) passed. */
static bool ladro__sw_gate(const ladro_t *lb, const void *state)
{
    (void)state;
    return ladroi_results_gating(lb);
}

static void ladro__sw_dump(const ladro_t *lb, const void *state, FILE *out)
{
    const ladroi_overlay_t *ov = state;
    fprintf(out, "  smallworld: %s ring, %d neighbours (%d draws%s):",
            ov->ring.mult == 1 ? "rank" : "spread", ov->n, ov->draws,
            lb->pool.locked ? "; locked whole-set theft" : "");
    for (int i = 0; i < ov->n && i < 12; i++)
        fprintf(out, " %d", ov->nbr[i]);
    fprintf(out, "%s\n", ov->n > 12 ? " ..." : "");
}

LADROI_POLICY_DEFINE(smallworld, ladro__sw, ladro__sw_opts_t, true,
                     "steal from Kleinberg small-world neighbours; results routed greedily home",
                     .gate_waves = ladro__sw_gate, .guard = true, .guard_auto = true);
