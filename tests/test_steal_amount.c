/* How much random's thief takes. Every task starts on rank 0; the others must steal.
 * By default a steal takes one task, the victim's oldest: on every rank tasks_stolen
 * equals steals_ok. With paper=1 it takes half of the victim's public tasks, the classic
 * rule: with 120 tasks queued at the start, some steal takes more than one. Either way
 * every task runs exactly once and the thieves run some. */
#define _GNU_SOURCE
#include "check_mpi.h"
#include <ladro.h>

#include <stdbool.h>
#include <stdlib.h>

#define NTASKS 120

static void run(int rank, int size, bool paper)
{
    ladro_config_t cfg;
    char err[256];
    ladro_config_init(&cfg);
    CHECK_EQ(ladro_config_set(&cfg, "policy", "random", err, sizeof err), LADRO_OK);
    CHECK_EQ(ladro_config_set(&cfg, "paper", paper ? "1" : "0", err, sizeof err), LADRO_OK);
    ladro_t *lb = check_create(&cfg);
    int rc;
    if (rank == 0)
        for (int i = 0; i < NTASKS; i++) {
            ladro_task_t t = {.id = (uint64_t)i};
            CHECK_EQ(ladro_push(lb, &t), LADRO_OK);
        }
    int seen[NTASKS] = {0}, all[NTASKS];
    ladro_task_t t;
    while ((rc = ladro_next(lb, &t)) == LADRO_OK) {
        if (t.id < NTASKS)
            seen[t.id]++;
        check_work(lb, 0.001, 0);
    }
    CHECK_EQ(rc, LADRO_DONE);
    MPI_Allreduce(seen, all, NTASKS, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    for (int i = 0; i < NTASKS; i++)
        CHECK_EQ(all[i], 1);
    ladro_stats_t st;
    CHECK_EQ(ladro_stats_gather(lb, &st), LADRO_OK);
    uint64_t ok = 0, moved = 0, run_elsewhere = 0;
    int bigger = 0; /* ranks where some steal took more than one task */
    for (int r = 0; r < size; r++) {
        const ladro_rank_stats_t *x = &st.ranks[r];
        if (!paper)
            CHECK_EQ(x->tasks_stolen, x->steals_ok);
        bigger += x->tasks_stolen > x->steals_ok;
        ok += x->steals_ok;
        moved += x->tasks_stolen;
        if (r != 0)
            run_elsewhere += x->tasks_run;
    }
    CHECK(ok > 0);
    CHECK(run_elsewhere > 0);
    if (paper)
        CHECK(bigger > 0);
    CHECK_EQ(st.total.tasks_run, NTASKS);
    if (rank == 0)
        printf("test_steal_amount: paper=%d: %llu steals moved %llu tasks; other ranks ran "
               "%llu\n", paper, (unsigned long long)ok, (unsigned long long)moved,
               (unsigned long long)run_elsewhere);
    ladro_stats_free(&st);
    CHECK_EQ(ladro_destroy(&lb), LADRO_OK);
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank, size;
    if (check_mpi_world(&rank, &size) || size < 2) {
        fprintf(stderr, "test_steal_amount: needs >= 2 ranks (got %d)\n", size);
        MPI_Finalize();
        return 1;
    }
    run(rank, size, false);
    run(rank, size, true);
    int fails = check_failures, any = 0;
    MPI_Allreduce(&fails, &any, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    int status = CHECK_REPORT("test_steal_amount");
    MPI_Finalize();
    return any ? 1 : status;
}
