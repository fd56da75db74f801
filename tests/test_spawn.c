/* Dynamic spawning and termination under every policy: a complete B-ary task tree of
 * depth D seeded as one root on one rank; every node must run exactly once, and every
 * rank must see LADRO_DONE only after the whole tree ran. Random per-task delays make
 * the interleavings vary. Usage: test_spawn [B D] (default 3 7: 3280 nodes). */
#define _POSIX_C_SOURCE 200809L
#include "check_mpi.h"
#include <ladro.h>

#include <stdlib.h>
#include <time.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank, size;
    if (check_mpi_world(&rank, &size))
        return 1;
    int B = argc > 2 ? atoi(argv[1]) : 3, D = argc > 2 ? atoi(argv[2]) : 7;
    uint64_t nodes = 0, width = 1;
    for (int d = 0; d <= D; d++, width *= (uint64_t)B)
        nodes += width;
    for (const char *const *pol = ladro_policy_names(); *pol; pol++) {
        ladro_config_t cfg;
        char err[256];
        ladro_config_init(&cfg);
        ladro_config_from_env(&cfg, err, sizeof err);
        snprintf(cfg.policy, sizeof cfg.policy, "%s", *pol);
        cfg.task_bytes = 4; /* depth */
        cfg.seed = 11;
        ladro_t *lb;
        int rc = ladro_create(MPI_COMM_WORLD, &cfg, &lb, err, sizeof err);
        CHECK_EQ(rc, LADRO_OK);
        if (rc)
            break;
        uint8_t *seen = calloc(nodes, 1);
        if (rank == size - 1) { /* the root starts on the last rank */
            int32_t depth = 0;
            ladro_task_t t = {.id = 0, .payload = &depth};
            CHECK_EQ(ladro_push(lb, &t), LADRO_OK);
        }
        ladro_task_t t;
        uint64_t mine = 0;
        unsigned seedr = (unsigned)rank * 7919u + 1;
        while ((rc = ladro_next(lb, &t)) == LADRO_OK) {
            int32_t depth;
            memcpy(&depth, t.payload, 4);
            if (t.id < nodes && seen[t.id] < 255)
                seen[t.id]++;
            mine++;
            if (rand_r(&seedr) % 8 == 0) { /* a random short delay */
                struct timespec ts = {0, (long)(rand_r(&seedr) % 200) * 1000};
                nanosleep(&ts, NULL);
            }
            if (depth < D) {
                int32_t cd = depth + 1;
                for (int i = 0; i < B; i++) {
                    ladro_task_t c = {.id = t.id * (uint64_t)B + (uint64_t)i + 1, .payload = &cd};
                    CHECK_EQ(ladro_push(lb, &c), LADRO_OK);
                }
            }
        }
        CHECK_EQ(rc, LADRO_DONE);
        CHECK_EQ(ladro_next(lb, &t), LADRO_DONE);              /* DONE is sticky */
        CHECK_EQ(ladro_push(lb, &t), LADRO_ESTATE);            /* no push after DONE */
        uint8_t *all = calloc(nodes, 1);
        MPI_Allreduce(seen, all, (int)nodes, MPI_UINT8_T, MPI_SUM, MPI_COMM_WORLD);
        uint64_t lost = 0, dup = 0, total = 0;
        for (uint64_t i = 0; i < nodes; i++) {
            lost += all[i] == 0;
            dup += all[i] > 1;
        }
        MPI_Allreduce(&mine, &total, 1, MPI_UINT64_T, MPI_SUM, MPI_COMM_WORLD);
        CHECK_EQ(lost, 0);
        CHECK_EQ(dup, 0);
        CHECK_EQ(total, nodes);
        ladro_stats_t st;
        CHECK_EQ(ladro_stats_gather(lb, &st), LADRO_OK);
        CHECK_EQ(st.total.tasks_run, nodes);
        CHECK_EQ(st.total.tasks_pushed, nodes);
        if (rank == 0)
            printf("spawn %-12s %d ranks: %llu nodes, lost %llu, duplicated %llu, steals %llu\n",
                   *pol, size, (unsigned long long)total, (unsigned long long)lost,
                   (unsigned long long)dup, (unsigned long long)st.total.steals_ok);
        ladro_stats_free(&st);
        free(all);
        free(seen);
        CHECK_EQ(ladro_destroy(&lb), LADRO_OK);
        CHECK(lb == NULL);
    }
    int fails = check_failures, any = 0;
    MPI_Allreduce(&fails, &any, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
    MPI_Finalize();
    if (rank == 0)
        printf("test_spawn: %d checks, %d failed\n", check_count, any);
    return any ? 1 : 0;
}
