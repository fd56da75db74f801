/* The synthetic workload and speed profiles, as pure functions, for the policy-level
 * simulation. These are the same formulas as apps/common/workload.c (task durations and
 * initial owners, DLB_Bench style) and src/config.c (A2WS Table 2 speed profiles C1..C5);
 * they are restated here because those files include <mpi.h>, and ladro-sim must build
 * without MPI. tests/test_shared.c links both sides and checks they agree bit for bit. */
#ifndef LADRO_SIM_WORKLOAD_H
#define LADRO_SIM_WORKLOAD_H

#include <stddef.h>
#include <stdint.h>

enum { LADRO_SIM_WL_CONST, LADRO_SIM_WL_UNIFORM, LADRO_SIM_WL_GAUSS, LADRO_SIM_WL_EXP,
       LADRO_SIM_WL_BIMODAL };
enum { LADRO_SIM_INIT_EVEN, LADRO_SIM_INIT_ONE, LADRO_SIM_INIT_GAUSS70_10 };

typedef struct {
    uint64_t seed;
    uint64_t tasks_per_rank;
    double work_ms;
    int dist;
    double a, b, c;
    int init;
} ladro_sim_wl_t;

void ladro_sim_wl_init(ladro_sim_wl_t *w);
int ladro_sim_wl_parse_dist(ladro_sim_wl_t *w, const char *v); /* 0 or -1 */
int ladro_sim_wl_parse_init(ladro_sim_wl_t *w, const char *v);  /* 0 or -1 */
extern const char ladro_sim_wl_dist_accepted[], ladro_sim_wl_init_accepted[];
double ladro_sim_wl_task_seconds(const ladro_sim_wl_t *w, uint64_t id);
int ladro_sim_wl_task_owner(const ladro_sim_wl_t *w, uint64_t id, uint64_t ntasks, int nranks);

/* Speed of every rank: spec "C1".."C5" (A2WS Table 2) or a comma list cycled over ranks,
 * normalized so the fastest is 1. Returns 0, or -1 with a one-line message. */
int ladro_sim_speeds(const char *spec, int nranks, double *speed, char *err, size_t errlen);

#endif
