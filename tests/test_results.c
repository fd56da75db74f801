/* Results routing under every policy (src/results.c): a task tree grown from one root by
 * spawning (so owners are many ranks, and tasks are created after their creator may have
 * reached local completion — the case the termination barrier alone would get wrong);
 * every task returns a result computed from its id; at LADRO_DONE every owner must hold
 * exactly the results of the tasks it created, each once and right, without calling the
 * library again. Also the API's errors: ladro_result outside a task (LADRO_ESTATE), with
 * result_bytes 0 (LADRO_EINVAL), ladro_result_next with nothing waiting (LADRO_NONE).
 * Usage: test_results [B D [POLICY]] (default 3 6: 1093 tasks, every policy). */
#define _POSIX_C_SOURCE 200809L
#include "check_mpi.h"
#include <ladro.h>

#include <stdlib.h>
#include <time.h>

#define RB 24

static void result_of(uint64_t id, unsigned char *r)
{
    for (int i = 0; i < RB; i++)
        r[i] = (unsigned char)((id * 2654435761u) >> (i % 24));
    memcpy(r, &id, 8);
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank, size;
    if (check_mpi_world(&rank, &size))
        return 1;
    int B = argc > 2 ? atoi(argv[1]) : 3, D = argc > 2 ? atoi(argv[2]) : 6;
    uint64_t nodes = 0, width = 1;
    for (int d = 0; d <= D; d++, width *= (uint64_t)B)
        nodes += width;
    char err[256];
    unsigned char res[RB], want[RB];

    /* result_bytes 0: ladro_result is refused, nothing ever waits */
    {
        ladro_config_t cfg;
        ladro_config_init(&cfg);
        snprintf(cfg.policy, sizeof cfg.policy, "random");
        ladro_t *lb;
        CHECK_EQ(ladro_create(MPI_COMM_WORLD, &cfg, &lb, err, sizeof err), LADRO_OK);
        ladro_task_t t = {.id = (uint64_t)rank};
        CHECK_EQ(ladro_push(lb, &t), LADRO_OK);
        int rc;
        while ((rc = ladro_next(lb, &t)) == LADRO_OK)
            CHECK_EQ(ladro_result(lb, res), LADRO_EINVAL);
        CHECK_EQ(rc, LADRO_DONE);
        uint64_t id;
        CHECK_EQ(ladro_result_next(lb, &id, res), LADRO_NONE);
        ladro_destroy(&lb);
    }

    const char *only = argc > 3 ? argv[3] : NULL;
    for (const char *const *pol = ladro_policy_names(); *pol; pol++) {
        if (only && strcmp(only, *pol))
            continue;
        ladro_config_t cfg;
        ladro_config_init(&cfg);
        ladro_config_from_env(&cfg, err, sizeof err);
        snprintf(cfg.policy, sizeof cfg.policy, "%s", *pol);
        cfg.task_bytes = 4; /* depth */
        cfg.result_bytes = RB;
        cfg.seed = 5;
        ladro_t *lb;
        int rc = ladro_create(MPI_COMM_WORLD, &cfg, &lb, err, sizeof err);
        CHECK_EQ(rc, LADRO_OK);
        if (rc) {
            fprintf(stderr, "%s: %s\n", *pol, err);
            break;
        }
        CHECK_EQ(ladro_result(lb, res), LADRO_ESTATE); /* no task running */
        /* created[id] = 1 on the rank that pushed task id (its owner) */
        uint8_t *created = calloc(nodes, 1), *got = calloc(nodes, 1);
        if (rank == size / 2) {
            int32_t depth = 0;
            ladro_task_t t = {.id = 0, .payload = &depth};
            CHECK_EQ(ladro_push(lb, &t), LADRO_OK);
            created[0] = 1;
        }
        ladro_task_t t;
        unsigned seedr = (unsigned)rank * 7919u + 3;
        while ((rc = ladro_next(lb, &t)) == LADRO_OK) {
            int32_t depth;
            memcpy(&depth, t.payload, 4);
            if (rand_r(&seedr) % 4 == 0) {
                struct timespec ts = {0, (long)(rand_r(&seedr) % 300) * 1000};
                nanosleep(&ts, NULL);
            }
            if (depth < D) {
                int32_t cd = depth + 1;
                for (int i = 0; i < B; i++) {
                    ladro_task_t c = {.id = t.id * (uint64_t)B + (uint64_t)i + 1, .payload = &cd};
                    CHECK_EQ(ladro_push(lb, &c), LADRO_OK);
                    if (c.id < nodes)
                        created[c.id] = 1;
                }
            }
            result_of(t.id, res);
            CHECK_EQ(ladro_result(lb, res), LADRO_OK);
        }
        CHECK_EQ(rc, LADRO_DONE);
        /* every result is home at LADRO_DONE: take them without calling ladro_next */
        uint64_t id, bad = 0, n = 0;
        while (ladro_result_next(lb, &id, res) == LADRO_OK) {
            n++;
            result_of(id, want);
            if (id >= nodes || !created[id] || got[id]++ || memcmp(res, want, RB))
                bad++;
        }
        uint64_t missing = 0;
        for (uint64_t i = 0; i < nodes; i++)
            missing += created[i] && !got[i];
        uint64_t mine[3] = {n, bad, missing}, all[3];
        MPI_Allreduce(mine, all, 3, MPI_UINT64_T, MPI_SUM, MPI_COMM_WORLD);
        CHECK_EQ(all[0], nodes);
        CHECK_EQ(all[1], 0);
        CHECK_EQ(all[2], 0);
        ladro_rank_stats_t st;
        ladro_stats_local(lb, &st);
        uint64_t r[3] = {st.result_chunks, st.results_home, st.result_msgs}, rs[3];
        MPI_Allreduce(r, rs, 3, MPI_UINT64_T, MPI_SUM, MPI_COMM_WORLD);
        CHECK_EQ(rs[0], rs[1]); /* every routed result came home (and was counted once) */
        if (rank == 0)
            printf("%-12s %llu tasks, %llu results routed, %llu messages\n", *pol,
                   (unsigned long long)nodes, (unsigned long long)rs[0],
                   (unsigned long long)rs[2]);
        free(created);
        free(got);
        ladro_destroy(&lb);
    }
    int fails = CHECK_REPORT("test_results");
    int any = 0;
    MPI_Allreduce(&fails, &any, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
    MPI_Finalize();
    return any;
}
