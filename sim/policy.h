/* ladro-sim policy: independent tasks on p heterogeneous processors under the decision
 * rule of each ladro policy. What is modelled and where it abstracts: docs/sim.md,
 * section "Policy-level simulation". */
#ifndef LADRO_SIM_POLICY_H
#define LADRO_SIM_POLICY_H

#include "latency.h"
#include "workload_gen.h" /* ladro-synth's workload (apps/common, pure) */

enum {
    LADRO_SIM_POL_STATIC,
    LADRO_SIM_POL_LEADER,
    LADRO_SIM_POL_RANDOM,
    LADRO_SIM_POL_CTWS,
    LADRO_SIM_POL_A2WS,
    LADRO_SIM_POL_BASELINE,
    LADRO_SIM_POL_SUCCESSONLY,
    LADRO_SIM_POL_SMALLWORLD,
    LADRO_SIM_POL_COUNT
};
extern const char *const ladro_sim_policy_names[LADRO_SIM_POL_COUNT];

typedef struct {
    int policy;
    int32_t p;
    wl_spec_t wl;
    const double *speed;    /* p speeds in (0, 1] */
    int64_t lambda_ns;      /* latency of one message */
    int64_t hop_ns;         /* + per unit of ring distance between the two ranks */
    int64_t poll_ns;        /* a busy rank serves requests / forwards the token this often */
    int64_t msg_ns;         /* CPU cost of serving one request (leader, baseline, successonly) */
    int64_t task_overhead_ns; /* fixed cost added to every task, whatever the speed */
    int64_t backoff_min_ns, backoff_max_ns; /* after an unsuccessful steal round */
    uint32_t chunk;         /* tasks an owner keeps private (not stealable) */
    double steal_fraction;  /* share of the victim's stealable tasks taken */
    int32_t radius;         /* a2ws: ring radius R (0 = 20% of p) */
    int32_t candidates;     /* a2ws: victims sampled in the radius per decision */
    int32_t degree;         /* smallworld: shortcut draws per rank (runtime's sw_degree;
                               0 = 2 floor(log2(p-1)), average degree ~ 4 log2 p) */
    int leader_thread;      /* leader: 1 = service thread answers on arrival (default, the
                               runtime's choice under MPI_THREAD_MULTIPLE); 0 = the leader's
                               main thread answers at its progress calls */
    uint64_t seed;
    const ladro_sim_lat_observer_t *obs; /* states + task-transfer links, or NULL */
} ladro_sim_pol_params_t;

typedef struct {
    double makespan_s, lower_bound_s, efficiency, idle_mean;
    uint64_t tasks, steals_tried, steals_ok, steals_failed, probes, tasks_moved, messages;
    uint64_t events, min_tasks_run, max_tasks_run, token_hops;
    double wall_s;
} ladro_sim_pol_result_t;

void ladro_sim_pol_defaults(ladro_sim_pol_params_t *prm);
/* Every rank's speed for a --speed spec, by the runtime's resolver (src/speed.c, the code
 * of ladro_speed_of): 0, or -1 with a one-line message. */
int ladro_sim_speeds(const char *spec, int32_t nranks, double *speed, char *err,
                     size_t errlen);
int ladro_sim_pol_run(const ladro_sim_pol_params_t *prm, ladro_sim_pol_result_t *out,
                      char *err, size_t errlen);

#endif
