/* Policy-level simulation: hand-traced tiny runs (the traces are in the comments), and
 * invariants over every policy (all tasks run exactly once - checked inside the simulator -,
 * makespan >= lower bound, determinism per seed). */
#include "../policy.h"
#include "../../tests/check.h"

#include <math.h>
#include <string.h>

static ladro_sim_pol_result_t run(ladro_sim_pol_params_t *prm, int expect_ok)
{
    ladro_sim_pol_result_t r;
    char err[256] = "";
    int rc = ladro_sim_pol_run(prm, &r, err, sizeof err);
    if ((rc == 0) != expect_ok)
        fprintf(stderr, "policy %s: rc %d (%s)\n", ladro_sim_policy_names[prm->policy], rc, err);
    CHECK_EQ(rc == 0, expect_ok);
    return r;
}

#define NEAR(a, b) (fabs((a) - (b)) < 1e-12)

int main(void)
{
    ladro_sim_pol_params_t prm;
    ladro_sim_pol_result_t r;
    double sp4[4] = {1, 0.5, 1, 0.5}, sp2[2] = {1, 1};

    /* static, 4 ranks of speeds 1, .5, 1, .5, 3 tasks of 10 ms each: the slow ranks take
     * 3 x 20 ms = 60 ms; fluid bound 120 ms / 3 = 40 ms */
    ladro_sim_pol_defaults(&prm);
    prm.policy = LADRO_SIM_POL_STATIC;
    prm.p = 4;
    prm.speed = sp4;
    prm.wl.tasks_per_rank = 3;
    r = run(&prm, 1);
    CHECK(NEAR(r.makespan_s, 0.060));
    CHECK(NEAR(r.lower_bound_s, 0.040));
    CHECK_EQ(r.steals_tried, 0);

    /* leader, 2 ranks of speed 1, 2 tasks of 10 ms, lambda 5 us, serving costs 1 us, polls
     * every 1 ms: t=0 the leader starts task A; the worker's request arrives at 5 us; the
     * leader serves it at its next poll (1 ms): task A ends 1 us later (10.001 ms), task B
     * leaves at 1.001 ms and arrives at 1.006 ms; the worker ends at 11.006 ms. */
    ladro_sim_pol_defaults(&prm);
    prm.policy = LADRO_SIM_POL_LEADER;
    prm.p = 2;
    prm.speed = sp2;
    prm.wl.tasks_per_rank = 1;
    prm.leader_thread = 0;
    r = run(&prm, 1);
    CHECK(NEAR(r.makespan_s, 0.011006));
    CHECK_EQ(r.steals_ok, 1);
    CHECK_EQ(r.tasks_moved, 1);
    /* with the leader's service thread (default) the request is served on arrival (5 us),
     * task B leaves at 6 us, arrives at 11 us: the worker ends at 10.011 ms */
    prm.leader_thread = 1;
    r = run(&prm, 1);
    CHECK(NEAR(r.makespan_s, 0.010011));

    /* random, 2 ranks, all 4 tasks on rank 0 (init one), chunk 1: t=0 rank 0 starts a task
     * (3 queued, 2 stealable); rank 1's claim at 5 us takes ceil(2/2) = 1, which arrives at
     * 10 us; afterwards rank 0's last queued task is private, so rank 1's later claims fail
     * and rank 0 runs 3 tasks: Cmax = 30 ms. With chunk 0 the first claim takes 2 of 3:
     * rank 1 runs them 10 us .. 20.010 ms, rank 0 ends at 20 ms: Cmax = 20.010 ms. */
    ladro_sim_pol_defaults(&prm);
    prm.policy = LADRO_SIM_POL_RANDOM;
    prm.p = 2;
    prm.speed = sp2;
    prm.wl.tasks_per_rank = 2;
    prm.wl.init = WL_ONE;
    r = run(&prm, 1);
    CHECK(NEAR(r.makespan_s, 0.030));
    CHECK_EQ(r.steals_ok, 1);
    CHECK_EQ(r.max_tasks_run, 3);
    CHECK(r.steals_failed >= 1);
    prm.chunk = 0;
    r = run(&prm, 1);
    CHECK(NEAR(r.makespan_s, 0.020010));
    CHECK_EQ(r.tasks_moved, 2);

    /* ctws, same workload, chunk 0: the token starts at rank 0, which is computing, so it
     * forwards at its first progress point (t = 0); rank 1 gets it at 5 us, reads rank 0's
     * 3 queued tasks (MPI_Get, 10 us), locks and takes 2 (20 us), which arrive at 25 us:
     * rank 1 ends at 20.025 ms, rank 0 at 20 ms. */
    prm.policy = LADRO_SIM_POL_CTWS;
    r = run(&prm, 1);
    CHECK(NEAR(r.makespan_s, 0.020025));
    CHECK_EQ(r.steals_ok, 1);
    CHECK_EQ(r.tasks_moved, 2);

    /* every policy, heterogeneous C1 speeds, 16 ranks, several distributions and initial
     * placements: all tasks exactly once (else rc != 0), Cmax >= lower bound, dynamic
     * policies beat static on the skewed placement, a seed reproduces a run */
    double sp16[16];
    char err[128];
    CHECK_EQ(ladro_sim_speeds("C1", 16, sp16, err, sizeof err), 0);
    CHECK(NEAR(sp16[0], 1 / 24.0));
    CHECK(NEAR(sp16[15], 1.0));
    const char *dists[3] = {"const", "uniform:0.5,1.5", "exp"};
    for (int init = 0; init < 3; init++)
        for (int d = 0; d < 3; d++) {
            double static_ms = 0;
            for (int pol = 0; pol < LADRO_SIM_POL_COUNT; pol++) {
                ladro_sim_pol_defaults(&prm);
                prm.policy = pol;
                prm.p = 16;
                prm.speed = sp16;
                prm.wl.tasks_per_rank = 12;
                prm.wl.init = init;
                CHECK_EQ(wl_parse_dist(&prm.wl, dists[d]), 0);
                prm.seed = prm.wl.seed = 3 + (uint64_t)d;
                r = run(&prm, 1);
                CHECK(r.makespan_s >= r.lower_bound_s * (1 - 1e-9));
                CHECK(r.efficiency <= 1 + 1e-9);
                CHECK_EQ(r.tasks, 192);
                if (pol == LADRO_SIM_POL_STATIC)
                    static_ms = r.makespan_s;
                else if (init == WL_ONE && pol != LADRO_SIM_POL_CTWS)
                    CHECK(r.makespan_s < static_ms);
                ladro_sim_pol_result_t r2 = run(&prm, 1);
                CHECK(r2.makespan_s == r.makespan_s);
                CHECK_EQ(r2.events, r.events);
                if (pol == LADRO_SIM_POL_SUCCESSONLY)
                    CHECK_EQ(r.steals_failed, 0); /* SuccessOnlyWS: no failed remote steal */
            }
        }
    /* p = 1: every policy is the sequential run */
    for (int pol = 0; pol < LADRO_SIM_POL_COUNT; pol++) {
        double one = 1;
        ladro_sim_pol_defaults(&prm);
        prm.policy = pol;
        prm.p = 1;
        prm.speed = &one;
        prm.wl.tasks_per_rank = 5;
        r = run(&prm, 1);
        CHECK(NEAR(r.makespan_s, 0.050));
    }
    /* speeds: list cycled and normalized; bad specs rejected with a message */
    double sp3[3];
    CHECK_EQ(ladro_sim_speeds("2,1", 3, sp3, err, sizeof err), 0);
    CHECK(NEAR(sp3[0], 1) && NEAR(sp3[1], 0.5) && NEAR(sp3[2], 1));
    CHECK_EQ(ladro_sim_speeds("1,-2", 3, sp3, err, sizeof err), -1);
    CHECK(strstr(err, "C1..C5") != NULL);
    CHECK_EQ(ladro_sim_speeds("C6", 3, sp3, err, sizeof err), -1);
    return CHECK_REPORT("sim_policy");
}
