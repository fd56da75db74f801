/* smallworld: work stealing constrained to a Kleinberg small-world overlay (TITUS_DLB,
 * Fontenaille et al.). Each rank builds its own neighbour list from the seed
 * (src/overlay.c, no communication); an idle rank steals only from its neighbours, half of
 * a victim's shared tasks (steal_fraction) with the shared pool transfer. Task results go
 * back to their owner greedily over the same overlay, aggregated per next hop
 * (src/results.c), and the paper's termination (local completion -> non-blocking barrier)
 * gates the counting waves (docs/policies/smallworld.md). */
#include "../ladro_int.h"

#include <stdlib.h>

typedef struct ladro__sw {
    ladroi_overlay_t ov;
} ladro__sw_t;

typedef struct ladro__sw_opts {
    int sw_degree;
} ladro__sw_opts_t;

static const ladroi_opt_t ladro__sw_opts[] = {
    {.key = "sw_degree", .type = LADROI_OPT_INT,
     LADROI_OPT_FIELD(ladro__sw_opts_t, sw_degree), .max = 4096, .def = "0",
     .accepted = "0 (= 2*floor(log2(P-1))) or an integer in [1, 4096]",
     .doc = "shortcut draws per rank; 0 = 2·⌊log2(P−1)⌋ (average degree ≈ 4·log2 P)"},
};

static int ladro__sw_init(ladro_t *lb, void **state)
{
    ladro__sw_t *s = calloc(1, sizeof *s);
    if (!s)
        return ladroi_fail(lb, LADRO_ENOMEM, "smallworld: out of memory");
    *state = s; /* from here on, fini releases what init made */
    const ladro__sw_opts_t *o = lb->popts;
    int draws = ladroi_sw_draws(lb->size, o->sw_degree);
    int rc = ladroi_overlay_build(&s->ov, lb->cfg.seed, lb->size, lb->rank, draws);
    if (rc)
        return ladroi_fail(lb, rc, "smallworld: cannot build the overlay (%d ranks, %d "
                           "draws): %s", lb->size, draws, ladro_strerror(rc));
    /* Every task's result (possibly 0 bytes: a completion notice) goes home over the
     * overlay; local completion then drives the paper's barrier. */
    return ladroi_results_init(lb, &s->ov, true);
}

static void ladro__sw_fini(ladro_t *lb, void *state)
{
    (void)lb;
    ladro__sw_t *s = state;
    ladroi_overlay_fini(&s->ov);
    free(s);
}

/* TITUS §2.2/§4: the thief picks a victim among its overlay neighbours only. */
static int ladro__sw_idle(ladro_t *lb, void *state)
{
    ladro__sw_t *s = state;
    if (s->ov.n == 0)
        return 0;
    int victim = s->ov.nbr[ladroi_rng_below(&lb->rng, (uint64_t)s->ov.n)];
    return ladroi_steal_attempt(lb, victim, lb->cfg.steal_fraction, 0);
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
    (void)lb;
    const ladro__sw_t *s = state;
    fprintf(out, "  smallworld: %d neighbours (%d draws):", s->ov.n, s->ov.draws);
    for (int i = 0; i < s->ov.n && i < 12; i++)
        fprintf(out, " %d", s->ov.nbr[i]);
    fprintf(out, "%s\n", s->ov.n > 12 ? " ..." : "");
}

LADROI_POLICY_DEFINE(smallworld, ladro__sw, ladro__sw_opts_t, true,
                     "steal from Kleinberg small-world neighbours; results routed greedily home",
                     .gate_waves = ladro__sw_gate);
