/* ladro_hungry, under every policy: 0 on one rank, under static (no task leaves its
 * rank), for NULL and after LADRO_DONE; 1 on several ranks under the other policies,
 * however many tasks the pool holds. A task that splits its work on the hint (a range
 * of units it halves while the hint is 1) runs every unit exactly once, and keeps all
 * of them where the hint is 0. */
#include "check_mpi.h"
#include <ladro.h>

#include <stdbool.h>
#include <stdlib.h>

#define UNITS 1000u /* work units of the one splitting task: a2ws publishes its info at every
                       * task, ~6 ms each with MPICH on 4 ranks sharing 2 cores */

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank, size;
    if (check_mpi_world(&rank, &size))
        return 1;
    CHECK_EQ(ladro_hungry(NULL), 0);
    for (const char *const *pol = ladro_policy_names(); *pol; pol++) {
        ladro_config_t cfg;
        char err[256];
        ladro_config_init(&cfg);
        snprintf(cfg.policy, sizeof cfg.policy, "%s", *pol);
        cfg.task_bytes = 2 * sizeof(uint32_t); /* [first unit, count) */
        cfg.seed = 5;
        ladro_t *lb;
        int rc = ladro_create(MPI_COMM_WORLD, &cfg, &lb, err, sizeof err);
        CHECK_EQ(rc, LADRO_OK);
        if (rc)
            break;
        bool moves = size > 1 && strcmp(*pol, "static") != 0;
        CHECK_EQ(ladro_hungry(lb), moves); /* an empty pool */
        /* Seeding empty tasks does not change the hint. */
        uint32_t seeded = 0;
        uint32_t none[2] = {0, 0};
        while (seeded < 100) {
            ladro_task_t t = {.id = UNITS + seeded++, .payload = none};
            CHECK_EQ(ladro_push(lb, &t), LADRO_OK);
        }
        CHECK_EQ(ladro_hungry(lb), moves);
        /* Rank 0's root task splits its units while the hint says so. */
        if (rank == 0) {
            uint32_t all[2] = {0, UNITS};
            ladro_task_t t = {.id = 0, .payload = all};
            CHECK_EQ(ladro_push(lb, &t), LADRO_OK);
        }
        uint8_t *seen = calloc(UNITS, 1);
        uint64_t empty_tasks = 0, splits = 0;
        ladro_task_t t;
        while ((rc = ladro_next(lb, &t)) == LADRO_OK) {
            uint32_t r[2];
            memcpy(r, t.payload, sizeof r);
            if (t.id >= UNITS) { /* a seeded empty task */
                empty_tasks++;
                continue;
            }
            uint32_t lo = r[0], n = r[1];
            while (n > 0) {
                if (n >= 2 && ladro_hungry(lb)) { /* hand out the upper half */
                    uint32_t half[2] = {lo + n / 2, n - n / 2};
                    ladro_task_t c = {.id = half[0], .payload = half};
                    CHECK_EQ(ladro_push(lb, &c), LADRO_OK);
                    n /= 2;
                    splits++;
                    continue;
                }
                if (lo < UNITS && seen[lo] < 255)
                    seen[lo]++;
                lo++, n--;
                if (n % 64 == 0)
                    CHECK_EQ(ladro_progress(lb), LADRO_OK);
            }
        }
        CHECK_EQ(rc, LADRO_DONE);
        CHECK_EQ(ladro_hungry(lb), 0);
        MPI_Allreduce(MPI_IN_PLACE, seen, (int)UNITS, MPI_UINT8_T, MPI_SUM, MPI_COMM_WORLD);
        uint64_t bad = 0;
        for (uint32_t i = 0; i < UNITS; i++)
            bad += seen[i] != 1;
        CHECK_EQ(bad, 0);
        uint64_t tot[2] = {empty_tasks, splits};
        MPI_Allreduce(MPI_IN_PLACE, tot, 2, MPI_UINT64_T, MPI_SUM, MPI_COMM_WORLD);
        uint64_t seeds = seeded;
        MPI_Allreduce(MPI_IN_PLACE, &seeds, 1, MPI_UINT64_T, MPI_SUM, MPI_COMM_WORLD);
        CHECK_EQ(tot[0], seeds);
        if (!moves) /* nobody could take a part: the root keeps all of it */
            CHECK_EQ(tot[1], 0);
        else /* every range of 2 or more units is split */
            CHECK(tot[1] >= UNITS - 1);
        if (rank == 0)
            printf("hungry %-12s %d ranks: %llu seeded, %llu splits, %llu units once\n", *pol,
                   size, (unsigned long long)seeds, (unsigned long long)tot[1],
                   (unsigned long long)UNITS - bad);
        free(seen);
        CHECK_EQ(ladro_destroy(&lb), LADRO_OK);
    }
    int fails = check_failures, any = 0;
    MPI_Allreduce(&fails, &any, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
    MPI_Finalize();
    if (rank == 0)
        printf("test_hungry: %d checks, %d failed\n", check_count, any);
    return any ? 1 : 0;
}
