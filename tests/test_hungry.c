/* ladro_hungry, under every policy: 0 on one rank, under static (no task leaves its
 * rank), for NULL and after LADRO_DONE. On several ranks: 1 on an empty pool; with tasks
 * queued, 1 only where a pushed task goes out whatever the pool holds (leader: tasks move
 * by its messages; a2ws, until this rank's tasks push tasks: its steal amounts count
 * tasks), else 0 (thieves take the queued ones first). A task that splits its work on the
 * hint (a range of units it halves while the hint is 1) runs every unit exactly once; it
 * splits at least once where a task could leave (it starts on an empty pool), every range
 * of 2 or more units under leader, and never where the hint is 0. */
#include "check_mpi.h"
#include <ladro.h>

#include <stdbool.h>
#include <stdlib.h>

#define UNITS 1000u /* work units of the one splitting task: a2ws publishes its info at every
                       * task, ~6 ms each with MPICH on 4 ranks sharing 2 cores */

static ladro_t *hungry_create(const char *pol)
{
    ladro_config_t cfg;
    char err[256];
    ladro_config_init(&cfg);
    snprintf(cfg.policy, sizeof cfg.policy, "%s", pol);
    cfg.task_bytes = 2 * sizeof(uint32_t); /* [first unit, count) */
    cfg.seed = 5;
    ladro_t *lb = NULL;
    int rc = ladro_create(MPI_COMM_WORLD, &cfg, &lb, err, sizeof err);
    CHECK_EQ(rc, LADRO_OK);
    if (rc)
        fprintf(stderr, "ladro_create(%s): %s\n", pol, err);
    return rc ? NULL : lb;
}

/* Runs every task; a task of units [lo, lo + n) hands out its upper half while the hint
 * is 1. Counts each unit run in seen, the seeded empty tasks run and the splits. */
static void hungry_run(ladro_t *lb, uint8_t *seen, uint64_t *empty_tasks, uint64_t *splits)
{
    int rc;
    ladro_task_t t;
    while ((rc = ladro_next(lb, &t)) == LADRO_OK) {
        uint32_t r[2];
        memcpy(r, t.payload, sizeof r);
        if (t.id >= UNITS) { /* a seeded empty task */
            (*empty_tasks)++;
            continue;
        }
        uint32_t lo = r[0], n = r[1];
        while (n > 0) {
            if (n >= 2 && ladro_hungry(lb)) { /* hand out the upper half */
                uint32_t half[2] = {lo + n / 2, n - n / 2};
                ladro_task_t c = {.id = half[0], .payload = half};
                CHECK_EQ(ladro_push(lb, &c), LADRO_OK);
                n /= 2;
                (*splits)++;
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
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank, size;
    if (check_mpi_world(&rank, &size))
        return 1;
    CHECK_EQ(ladro_hungry(NULL), 0);
    for (const char *const *pol = ladro_policy_names(); *pol; pol++) {
        bool moves = size > 1 && strcmp(*pol, "static") != 0;
        bool always = moves && (!strcmp(*pol, "leader") || !strcmp(*pol, "a2ws"));
        bool splits_all = moves && !strcmp(*pol, "leader"); /* a2ws: until tasks spawn */
        /* Run 1: the hint with tasks queued; every seeded task runs once. */
        ladro_t *lb = hungry_create(*pol);
        if (!lb)
            break;
        CHECK_EQ(ladro_hungry(lb), moves); /* an empty pool */
        uint32_t seeded = 0;
        uint32_t none[2] = {0, 0};
        while (seeded < 100) {
            ladro_task_t t = {.id = UNITS + seeded++, .payload = none};
            CHECK_EQ(ladro_push(lb, &t), LADRO_OK);
        }
        CHECK_EQ(ladro_hungry(lb), always);
        uint8_t *seen = calloc(UNITS, 1);
        uint64_t tot[2] = {0, 0}; /* empty tasks run, splits */
        hungry_run(lb, seen, &tot[0], &tot[1]);
        CHECK_EQ(ladro_destroy(&lb), LADRO_OK);
        uint64_t seeds = seeded;
        MPI_Allreduce(MPI_IN_PLACE, tot, 2, MPI_UINT64_T, MPI_SUM, MPI_COMM_WORLD);
        MPI_Allreduce(MPI_IN_PLACE, &seeds, 1, MPI_UINT64_T, MPI_SUM, MPI_COMM_WORLD);
        CHECK_EQ(tot[0], seeds);
        /* Run 2: rank 0's root task, alone in its pool, splits while the hint says so. */
        if (!(lb = hungry_create(*pol)))
            break;
        if (rank == 0) {
            uint32_t all[2] = {0, UNITS};
            ladro_task_t t = {.id = 0, .payload = all};
            CHECK_EQ(ladro_push(lb, &t), LADRO_OK);
        }
        tot[0] = tot[1] = 0;
        hungry_run(lb, seen, &tot[0], &tot[1]);
        CHECK_EQ(ladro_destroy(&lb), LADRO_OK);
        MPI_Allreduce(MPI_IN_PLACE, seen, (int)UNITS, MPI_UINT8_T, MPI_SUM, MPI_COMM_WORLD);
        uint64_t bad = 0;
        for (uint32_t i = 0; i < UNITS; i++)
            bad += seen[i] != 1;
        CHECK_EQ(bad, 0);
        MPI_Allreduce(MPI_IN_PLACE, tot, 2, MPI_UINT64_T, MPI_SUM, MPI_COMM_WORLD);
        if (!moves) /* nobody could take a part: the root keeps all of it */
            CHECK_EQ(tot[1], 0);
        else if (splits_all) /* every range of 2 or more units is split */
            CHECK(tot[1] >= UNITS - 1);
        else /* at its start, on an empty pool */
            CHECK(tot[1] >= 1);
        if (rank == 0)
            printf("hungry %-12s %d ranks: %llu seeded, %llu splits, %llu units once\n", *pol,
                   size, (unsigned long long)seeds, (unsigned long long)tot[1],
                   (unsigned long long)UNITS - bad);
        free(seen);
    }
    int fails = check_failures, any = 0;
    MPI_Allreduce(&fails, &any, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
    MPI_Finalize();
    if (rank == 0)
        printf("test_hungry: %d checks, %d failed\n", check_count, any);
    return any ? 1 : 0;
}
