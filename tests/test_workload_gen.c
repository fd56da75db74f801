/* The synthetic workload's definition (apps/common/workload_gen.c), shared by
 * ladro-synth, ladro-bench and ladro-sim, pinned: durations, owners and results are
 * functions of (seed, id), and every documented result depends on them. Pure: links
 * ladro_workload_gen only, no MPI. */
#include "check.h"
#include "workload_gen.h"

#include <string.h>

int main(void)
{
    wl_spec_t w;
    /* by hand: const is work_ms exactly, even is block placement, one is rank 0 */
    wl_spec_init(&w);
    w.work_ms = 7.5;
    CHECK(wl_task_seconds(&w, 123) == 7.5e-3);
    for (uint64_t id = 0; id < 1000; id++)
        CHECK_EQ(wl_task_owner(&w, id, 1000, 7), (int)(id * 7 / 1000));
    CHECK_EQ(wl_parse_init(&w, "one"), 0);
    CHECK_EQ(wl_task_owner(&w, 999, 1000, 7), 0);

    /* pinned: seed 7, the first tasks of each distribution (work_ms 10) */
    static const char *dist[4] = {"uniform:0.5,1.5", "gauss:1,0.3", "exp", "bimodal:0.1,1,9"};
    static const double want[4][3] = {
        {0x1.af6f3072c0164p-7, 0x1.cb28779150ce5p-7, 0x1.f011b2c8432b9p-8},
        {0x1.4df2437d649e1p-7, 0x1.441fe1d65c8c8p-7, 0x1.f343ff9bc1afbp-8},
        {0x1.0981a8ea48099p-9, 0x1.1096d5f4c7953p-10, 0x1.bd496456576eap-7},
        {0x1.47ae147ae147bp-7, 0x1.47ae147ae147bp-7, 0x1.47ae147ae147bp-7}};
    for (int d = 0; d < 4; d++) {
        wl_spec_init(&w);
        w.seed = 7;
        CHECK_EQ(wl_parse_dist(&w, dist[d]), 0);
        for (int id = 0; id < 3; id++)
            CHECK(wl_task_seconds(&w, (uint64_t)id) == want[d][id]);
    }
    /* pinned: gauss70-10 owners, seed 7, 1000 tasks on 50 ranks (around rank 25) */
    static const int own[12] = {25, 23, 24, 25, 26, 26, 24, 28, 22, 27, 24, 20};
    wl_spec_init(&w);
    w.seed = 7;
    CHECK_EQ(wl_parse_init(&w, "gauss70-10"), 0);
    for (int id = 0; id < 12; id++)
        CHECK_EQ(wl_task_owner(&w, (uint64_t)id, 1000, 50), own[id]);

    /* pinned: a payload's result and its checksum term */
    static const unsigned char res[12] = {0xe0, 0xae, 0xfb, 0x3a, 0x99, 0x81,
                                          0x26, 0xa9, 0x79, 0xc5, 0xe5, 0x19};
    unsigned char p[24], out[12];
    wl_fill_payload(p, sizeof p, 5, 0.25);
    CHECK(wl_check_payload(p, sizeof p, 5));
    CHECK(!wl_check_payload(p, sizeof p, 6));
    wl_task_result(p, sizeof p, 5, out, sizeof out);
    CHECK(memcmp(out, res, sizeof res) == 0);
    CHECK(wl_result_sum(5, out, sizeof out) == 0x83448501f10b7a11ull);

    /* the parsers accept and reject as documented */
    static const char *no[] = {"uniform:2,1", "gauss:-1,1", "bimodal:2,1,1", "exp:1", "", "x"};
    for (size_t i = 0; i < sizeof no / sizeof *no; i++)
        CHECK_EQ(wl_parse_dist(&w, no[i]), -1);
    CHECK_EQ(wl_parse_init(&w, "gauss"), -1);
    return CHECK_REPORT("workload_gen");
}
