/* The simulator restates the runtime's pure workload and speed functions (ladro-sim must
 * build without MPI). This test links both sides - the runtime's ladro_speed_of
 * (src/config.c) and wl_task_seconds / wl_task_owner (apps/common/workload.c) - and checks
 * they agree bit for bit, so simulation and runtime see the same tasks and speeds.
 * Pure functions: no MPI_Init needed. */
#include "../workload.h"
#include "../../apps/common/workload.h"
#include "check.h"

#include "../../src/ladro_int.h"
#include "../policy.h"

#include <ladro.h>
#include <stdlib.h>
#include <string.h>

int main(void)
{
    const char *specs[] = {"C1", "C2", "C3", "C4", "C5", "1,0.5", "3,1,2,0.25"};
    int ps[] = {1, 2, 7, 8, 16, 33, 100, 256, 1000};
    long bad = 0;
    for (size_t s = 0; s < sizeof specs / sizeof *specs; s++)
        for (size_t k = 0; k < sizeof ps / sizeof *ps; k++) {
            int p = ps[k];
            double sim[1000], rt;
            char err[256];
            CHECK_EQ(ladro_sim_speeds(specs[s], p, sim, err, sizeof err), 0);
            for (int r = 0; r < p; r++) {
                CHECK_EQ(ladro_speed_of(specs[s], r, p, &rt, err, sizeof err), LADRO_OK);
                bad += rt != sim[r];
            }
        }
    CHECK_EQ(bad, 0);

    const char *dists[] = {"const", "uniform:0.5,1.5", "gauss:1,0.3", "exp", "bimodal:0.1,1,9"};
    const char *inits[] = {"even", "one", "gauss70-10"};
    for (size_t d = 0; d < sizeof dists / sizeof *dists; d++)
        for (size_t i = 0; i < sizeof inits / sizeof *inits; i++) {
            wl_spec_t w;
            ladro_sim_wl_t x;
            wl_spec_init(&w);
            ladro_sim_wl_init(&x);
            w.seed = x.seed = 12345 + d;
            w.work_ms = x.work_ms = 7.5;
            CHECK_EQ(wl_parse_dist(&w, dists[d]), 0);
            CHECK_EQ(ladro_sim_wl_parse_dist(&x, dists[d]), 0);
            CHECK_EQ(wl_parse_init(&w, inits[i]), 0);
            CHECK_EQ(ladro_sim_wl_parse_init(&x, inits[i]), 0);
            for (uint64_t id = 0; id < 20000; id++) {
                bad += wl_task_seconds(&w, id) != ladro_sim_wl_task_seconds(&x, id);
                bad += wl_task_owner(&w, id, 20000, 37) != ladro_sim_wl_task_owner(&x, id, 20000, 37);
            }
        }
    CHECK_EQ(bad, 0);
    /* the parsers accept and reject the same strings */
    const char *probe[] = {"uniform:2,1", "gauss:-1,1", "bimodal:2,1,1", "exp:1", "const", ""};
    for (size_t k = 0; k < sizeof probe / sizeof *probe; k++) {
        wl_spec_t w;
        ladro_sim_wl_t x;
        wl_spec_init(&w);
        ladro_sim_wl_init(&x);
        CHECK_EQ(wl_parse_dist(&w, probe[k]), ladro_sim_wl_parse_dist(&x, probe[k]));
    }
    /* the smallworld overlay: the simulator builds the runtime's graph, rank by rank */
    int sizes[] = {1, 2, 3, 4, 16, 100, 257};
    long diff = 0;
    for (size_t k = 0; k < sizeof sizes / sizeof *sizes; k++)
        for (int deg = 0; deg <= 3; deg += 3) {
            int p = sizes[k];
            int64_t *off = NULL;
            int32_t *nbr = NULL;
            CHECK_EQ(ladro_sim_overlay(77, p, deg, &off, &nbr), 0);
            CHECK_EQ(ladro_sim_sw_draws(p, deg), ladroi_sw_draws(p, deg));
            for (int r = 0; r < p && off; r++) {
                ladroi_overlay_t ov;
                CHECK_EQ(ladroi_overlay_build(&ov, 77, p, r, ladroi_sw_draws(p, deg)), LADRO_OK);
                if (ov.n != off[r + 1] - off[r])
                    diff++;
                else
                    for (int i = 0; i < ov.n; i++)
                        diff += ov.nbr[i] != nbr[off[r] + i];
                ladroi_overlay_fini(&ov);
            }
            free(off);
            free(nbr);
        }
    CHECK_EQ(diff, 0);
    return CHECK_DONE();
}
