/* Latency model: tiny runs traced by hand (the traces are in the comments), the paper's
 * Fig. 1 example, and invariants of random runs (work conservation, determinism). */
#include "../latency.h"
#include "../../tests/check.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Scripted victim choice for hand traces: thief i's k-th request (k = 0, 1, ...) goes to
 * (i - 1 - k mod (p-1)) mod p, i.e. P1: 0,2,0,2...  P2: 1,0,1,0...  P0: 2,1,2,1... With
 * p = 3 this is the paper's Fig. 1: P2->P1 and P3->P2 at t=0, then P3->P1 (paper numbering
 * from 1). */
typedef struct {
    int k[16];
} script_t;

static int32_t scripted(void *ctx, int32_t thief, int32_t p, ladroi_rng_t *rng)
{
    (void)rng;
    script_t *s = ctx;
    int k = s->k[thief]++;
    return (int32_t)(((thief - 1 - k % (p - 1)) % p + p) % p);
}

/* Observer: conserve work (sum of compute intervals must equal W) and record transfers. */
typedef struct {
    int64_t start[4096];
    int computing[4096];
    int64_t computed;
    int64_t amounts[64];
    int namounts;
    int64_t end;
} obs_t;

static void o_state(void *c, int64_t t, int32_t i, int st)
{
    obs_t *o = c;
    if (o->computing[i])
        o->computed += t - o->start[i];
    o->computing[i] = st == LADRO_SIM_ST_COMPUTE;
    o->start[i] = t;
}
static void o_send(void *c, int64_t t, int32_t from, int32_t to, int kind, int64_t amount,
                   uint64_t id)
{
    (void)t, (void)from, (void)to, (void)id;
    obs_t *o = c;
    if (kind == LADRO_SIM_MSG_WORK && o->namounts < 64)
        o->amounts[o->namounts++] = amount;
}
static void o_end(void *c, int64_t t)
{
    obs_t *o = c;
    for (int i = 0; i < 4096; i++)
        if (o->computing[i]) {
            o->computed += t - o->start[i];
            o->computing[i] = 0;
        }
    o->end = t;
}

static ladro_sim_lat_result_t run(int64_t W, int32_t p, int64_t lam, int variant, int64_t g,
                                  int split, int script, obs_t *o, uint64_t seed)
{
    script_t s;
    memset(&s, 0, sizeof s);
    ladro_sim_lat_observer_t ob = {o, o_state, o_send, NULL, o_end};
    ladro_sim_lat_params_t prm = {W, p, lam, variant, g, split, script ? scripted : NULL, &s,
                                  o ? &ob : NULL};
    ladro_sim_lat_t *sim = ladro_sim_lat_new(p);
    ladroi_rng_t r;
    ladroi_rng_seed(&r, seed, 0);
    ladro_sim_lat_result_t res;
    memset(&res, 0, sizeof res);
    CHECK_EQ(ladro_sim_lat_run(sim, &prm, &r, &res), 0);
    ladro_sim_lat_free(&sim);
    CHECK(sim == NULL);
    return res;
}

/* A run traced by hand (the trace is the comment above its row) and what it must give:
 * makespan, requests, successful and failed steals, end of the startup phase, whether the
 * startup completed, the amounts of the first work messages (0: the rest unchecked). ANY:
 * not checked. Every hand run is observed: the computed work must be W. */
#define ANY INT64_MIN
typedef struct {
    int64_t W;
    int32_t p;
    int64_t lambda;
    int variant;
    int64_t g;
    int split, script;
    int64_t makespan, requests, ok, failed, startup, complete, namounts;
    int64_t amounts[3];
} hand_t;

static const hand_t hands[] = {
    /* p = 1: nobody to steal from, makespan = W, no request */
    {1000, 1, 7, LADRO_SIM_SWT, 0, 0, 0, 1000, 0, ANY, ANY, 0, ANY, ANY, {0}},

    /* p = 2, lambda = 5, W = 100 (the victim is forced):
     * t=0  P1 asks P0 (arrives 5).  t=5  P0 has r=95: keeps 47, sends 48 (arrives 10), P0
     * ends at 52.  t=10 P1 computes 48 -> ends 58.  t=52 P0 idle, asks P1 (arrives 57).
     * t=57 P1 has r=1, floor(1/2)=0: fail.  t=58 P1 completes the last unit: Cmax = 58.
     * Requests 2 (t=0, t=52), 1 success, 1 failure, startup phase ends at 10. */
    {100, 2, 5, LADRO_SIM_SWT, 0, 0, 0, 58, 2, 1, 1, 10, 1, ANY, {0}},
    /* the same under MWT: nothing to serialize */
    {100, 2, 5, LADRO_SIM_MWT, 0, 0, 0, 58, ANY, ANY, ANY, ANY, ANY, ANY, {0}},

    /* threshold g = 50 with p = 2: floor(r/2) <= 47 < 50 at every request, so P1 fails at
     * t = 5, 15, ..., 95 and retries at 10, 20, ..., 90; P0 alone ends at 100 (its
     * completion at 100 was scheduled before the answer arriving at 100). */
    {100, 2, 5, LADRO_SIM_SWT, 50, 0, 0, 100, 10, 0, 10, ANY, 0, ANY, {0}},
    /* g = 46 < 47: the first steal is allowed, the run is the g = 0 run */
    {100, 2, 5, LADRO_SIM_SWT, 46, 0, 0, 58, ANY, ANY, ANY, ANY, ANY, ANY, {0}},

    /* Paper Fig. 1: lambda = 5, W = 100, p = 3, SWT, scripted victims (see scripted()).
     * t=0   P1->P0, P2->P1 (arrive 5).
     * t=5   P0 r=95: keeps 47, sends 48 (P0 ends 52, blocked until 10); P1 is stealing:
     *       P2 fails.
     * t=10  P1 computes 48 (ends 58); P2 retries -> P0 (arrives 15).
     * t=15  P0 r=37: keeps 18, sends 19 (P0 ends 33, blocked until 20).
     * t=20  P2 computes 19 (ends 39). Works (13, 38, 19); the paper's text, which keeps
     *       ceil and sends floor, has (14, 37, 19) - checked with split=floor below.
     * t=33  P0 idle -> P2 (arrives 38).  t=38 P2 r=1: fail.
     * t=39  P2 idle -> P1 (arrives 44).  t=43 P0 retries -> P1 (arrives 48).
     * t=44  P1 r=14: keeps 7, sends 7 (P1 ends 51, blocked until 49).
     * t=48  P1 r=3 but SWT-blocked until 49: fail.   t=49 P2 computes 7 (ends 56).
     * t=51  P1 idle -> P2 (arrives 56).  t=53 P0 retries -> P2 (arrives 58).
     * t=56  P2 completes (scheduled at 49, before the request scheduled at 51): the last
     *       unit -> Cmax = 56. 8 requests, 3 successes, 3 failures answered. */
    {100, 3, 5, LADRO_SIM_SWT, 0, 0, 1, 56, 8, 3, 3, 20, ANY, 3, {48, 19, 7}},

    /* Same script, MWT: identical up to t=44; then
     * t=48  P1 r=3 (not blocked under MWT): keeps 1, sends 2 (P1 ends 49, arrives 53).
     * t=49  P2 computes 7 (ends 56); P1 idle -> P2 (arrives 54).  t=53 P0 computes 2 (ends 55).
     * t=54  P2 r=2: keeps 1, sends 1 (P2 ends 55, arrives 59).
     * t=55  P0 idle -> P2, P2 idle -> P0 (both arrive 60).  t=59 P1 computes 1 (ends 60).
     * t=60  both requests fail (scheduled before P1's completion), then P1 completes:
     *       Cmax = 60. 9 requests, 5 successes, 4 failures. */
    {100, 3, 5, LADRO_SIM_MWT, 0, 0, 1, 60, 9, 5, 4, ANY, ANY, ANY, {0}},

    /* The paper's own split (keep ceil, send floor) reproduces its Fig. 1 numbers: P2 gets
     * 47 at t=10 (works (43,47,0)), P3 gets 19 at t=20 (works (14,37,19)). */
    {100, 3, 5, LADRO_SIM_SWT, 0, LADRO_SIM_SEND_FLOOR, 1, ANY, ANY, ANY, ANY, ANY, ANY, ANY,
     {47, 19}},
};

/* A value the row expects (not ANY) is the run's. */
#define CHECK_HAND(want, got)                                                          \
    do {                                                                               \
        if ((want) != ANY)                                                             \
            CHECK_EQ(got, want);                                                       \
    } while (0)

static void check_hand(size_t k, const hand_t *h)
{
    static obs_t o;
    memset(&o, 0, sizeof o);
    int before = check_failures;
    ladro_sim_lat_result_t r =
        run(h->W, h->p, h->lambda, h->variant, h->g, h->split, h->script, &o, 1);
    CHECK_HAND(h->makespan, r.makespan);
    CHECK_HAND(h->requests, r.requests);
    CHECK_HAND(h->ok, r.steals_ok);
    CHECK_HAND(h->failed, r.steals_failed);
    CHECK_HAND(h->startup, r.startup);
    CHECK_HAND(h->complete, r.startup_complete);
    CHECK_HAND(h->namounts, o.namounts);
    for (int i = 0; i < 3 && h->amounts[i]; i++)
        CHECK_EQ(o.amounts[i], h->amounts[i]);
    CHECK_EQ(o.computed, h->W);
    if (check_failures > before)
        fprintf(stderr, "  (hand trace %zu: W %lld, p %d, g %lld)\n", k, (long long)h->W,
                (int)h->p, (long long)h->g);
}

int main(void)
{
    ladro_sim_lat_result_t r;
    static obs_t o;

    for (size_t k = 0; k < sizeof hands / sizeof hands[0]; k++)
        check_hand(k, &hands[k]);

    /* Random runs: work is conserved exactly, Cmax >= ceil(W/p), determinism per seed,
     * SWT counters add up. */
    for (uint64_t seed = 1; seed <= 20; seed++) {
        for (int v = 0; v < 2; v++) {
            memset(&o, 0, sizeof o);
            int64_t W = 1000000 + (int64_t)seed * 7919;
            int32_t p = 2 + (int32_t)(seed * 37 % 200);
            r = run(W, p, 1 + (int64_t)seed * 13, v, seed % 3 ? 0 : 20, 0, 0, &o, seed);
            CHECK_EQ(o.computed, W);
            CHECK_EQ(o.end, r.makespan);
            CHECK(r.makespan * p >= W);
            CHECK(r.steals_ok + r.steals_failed <= r.requests);
            CHECK(r.requests - (r.steals_ok + r.steals_failed) <= (uint64_t)p);
            ladro_sim_lat_result_t r2 = run(W, p, 1 + (int64_t)seed * 13, v,
                                            seed % 3 ? 0 : 20, 0, 0, NULL, seed);
            CHECK_EQ(r2.makespan, r.makespan);
            CHECK_EQ(r2.requests, r.requests);
            CHECK_EQ(r2.events, r.events);
        }
    }

    /* Bad parameters are rejected with a message */
    char err[128];
    ladro_sim_lat_params_t bad = {0, 4, 10, 0, 0, 0, NULL, NULL, NULL};
    CHECK_EQ(ladro_sim_lat_check(&bad, err, sizeof err), -1);
    CHECK(strstr(err, "W") != NULL);
    bad.W = 10;
    bad.lambda = 0;
    CHECK_EQ(ladro_sim_lat_check(&bad, err, sizeof err), -1);
    CHECK(strstr(err, "lambda") != NULL);
    return CHECK_REPORT("sim_latency");
}
