/* How much random's thief takes. Every task starts on rank 0; the others must steal.
 * By default a steal takes one task, the victim's oldest: on every rank tasks_stolen
 * equals steals_ok. With paper=1 it takes half of the victim's public tasks, the classic
 * rule: with 120 tasks queued at the start, some steal takes more than one. Either way
 * every task runs exactly once and the thieves run some. The default steal_guard (auto)
 * resolves to pace under random, off under its paper and under ctws. Rank 0 runs nothing
 * until a thief has run a task (a message tells it), so a loaded machine that leaves the
 * thieves unscheduled while rank 0 runs all 120 tasks cannot pass for a failed steal. */
#define _GNU_SOURCE
#include "check_mpi.h"
#include <ladro.h>

#include <stdbool.h>
#include <stdlib.h>

#define NTASKS 120
#define TAG_FIRST 91 /* a thief's first task ran */

/* Rank 0 serves thieves until one reports a task run (at most 30 s); returns reports taken. */
static int wait_first_theft(ladro_t *lb)
{
    int flag = 0, one;
    double t0 = MPI_Wtime();
    while (!flag && MPI_Wtime() - t0 < 30.0) {
        ladro_progress(lb);
        MPI_Iprobe(MPI_ANY_SOURCE, TAG_FIRST, MPI_COMM_WORLD, &flag, MPI_STATUS_IGNORE);
    }
    CHECK(flag);
    if (!flag)
        return 0;
    MPI_Recv(&one, 1, MPI_INT, MPI_ANY_SOURCE, TAG_FIRST, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    return 1;
}

static void run(int rank, int size, bool paper)
{
    ladro_config_t cfg;
    char err[256];
    ladro_config_init(&cfg);
    CHECK_EQ(ladro_config_set(&cfg, "policy", "random", err, sizeof err), LADRO_OK);
    CHECK_EQ(ladro_config_set(&cfg, "paper", paper ? "1" : "0", err, sizeof err), LADRO_OK);
    ladro_t *lb = check_create(&cfg);
    /* steal_guard=auto: random's guard is on, but not under its paper */
    CHECK_EQ(ladro_config(lb)->steal_guard,
             paper ? LADRO_STEAL_GUARD_OFF : LADRO_STEAL_GUARD_PACE);
    int rc;
    if (rank == 0)
        for (int i = 0; i < NTASKS; i++) {
            ladro_task_t t = {.id = (uint64_t)i};
            CHECK_EQ(ladro_push(lb, &t), LADRO_OK);
        }
    int seen[NTASKS] = {0}, all[NTASKS], taken = rank == 0 ? wait_first_theft(lb) : 0;
    int reported = 0, one = 1, reporters;
    MPI_Request req = MPI_REQUEST_NULL;
    ladro_task_t t;
    while ((rc = ladro_next(lb, &t)) == LADRO_OK) {
        if (t.id < NTASKS)
            seen[t.id]++;
        if (rank != 0 && !reported++)
            MPI_Isend(&one, 1, MPI_INT, 0, TAG_FIRST, MPI_COMM_WORLD, &req);
        check_work(lb, 0.001, 0);
    }
    CHECK_EQ(rc, LADRO_DONE);
    MPI_Wait(&req, MPI_STATUS_IGNORE);
    reported = reported > 0;
    MPI_Allreduce(&reported, &reporters, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    for (; rank == 0 && taken < reporters; taken++)
        MPI_Recv(&one, 1, MPI_INT, MPI_ANY_SOURCE, TAG_FIRST, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
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
    { /* the other policies' default leaves the guard off */
        ladro_config_t cfg;
        ladro_task_t t;
        ladro_config_init(&cfg);
        snprintf(cfg.policy, sizeof cfg.policy, "%s", "ctws");
        ladro_t *lb = check_create(&cfg);
        CHECK_EQ(ladro_config(lb)->steal_guard, LADRO_STEAL_GUARD_OFF);
        CHECK_EQ(ladro_next(lb, &t), LADRO_DONE);
        CHECK_EQ(ladro_destroy(&lb), LADRO_OK);
    }
    int fails = check_failures, any = 0;
    MPI_Allreduce(&fails, &any, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    int status = CHECK_REPORT("test_steal_amount");
    MPI_Finalize();
    return any ? 1 : status;
}
