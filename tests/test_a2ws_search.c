/* a2ws by name in a search whose thieves run only leaves (src/policy/a2ws.c, "In a
 * search"). Rank 0 holds the search: its one seed pushes NTASKS leaves. From its first
 * push rank 0 sends no information to its neighbours, but it keeps its own slot current
 * for probes, and a probe takes one task from it. A thief's tasks push nothing, so after
 * its first task it steals by probes alone (random's round only comes before a rank's
 * first task): were rank 0's slot left as it was, the thieves would find no victim and
 * leave rank 0 to run the rest. Rank 0's leaves take LEAF_S each (it serves thieves
 * meanwhile), the thieves' none; the thieves must run at least a quarter of the leaves
 * (4.8 s of rank 0's work at stake), most of them taken by a probe, each steal taking
 * one task, every task once.
 *   test_a2ws_search [T]   T worker threads per rank (ladro_run; default 1: ladro_next):
 *                          rank 0's seed runs on a worker, which pushes the leaves */
#include "check_mpi.h"
#include <ladro.h>

#include <stdlib.h>
#include <time.h>

#define NTASKS 120
#define SEED 1000
#define LEAF_S 0.04 /* rank 0's work per leaf */

typedef struct {
    int rank;
    int seen[NTASKS + 1]; /* the leaves, then the seed */
} run_t;

/* One task under ladro_run: the seed pushes the leaves; a leaf on rank 0 sleeps LEAF_S
 * (its hub serves thieves meanwhile). A worker counts into seen[]: each task runs once,
 * on one worker, so no two workers write one entry. */
static int search_task(ladro_t *lb, const ladro_task_t *t, void *ud)
{
    run_t *r = ud;
    if (t->id == SEED) {
        __atomic_add_fetch(&r->seen[NTASKS], 1, __ATOMIC_RELAXED);
        for (int i = 0; i < NTASKS; i++) {
            ladro_task_t c = {.id = (uint64_t)i};
            int rc = ladro_push(lb, &c);
            if (rc)
                return rc;
        }
        return LADRO_OK;
    }
    if (t->id >= NTASKS)
        return LADRO_EINVAL;
    __atomic_add_fetch(&r->seen[t->id], 1, __ATOMIC_RELAXED);
    if (r->rank == 0) {
        struct timespec ts = {0, (long)(LEAF_S * 1e9)};
        nanosleep(&ts, NULL);
    }
    return LADRO_OK;
}

int main(int argc, char **argv)
{
    int T = argc > 1 ? atoi(argv[1]) : 1;
    if (T < 1) {
        fprintf(stderr, "test_a2ws_search: threads must be >= 1, got '%s'\n", argv[1]);
        return 2;
    }
    int provided;
    MPI_Init_thread(&argc, &argv, T > 1 ? MPI_THREAD_FUNNELED : MPI_THREAD_SINGLE, &provided);
    int rank, size;
    if (check_mpi_world(&rank, &size) || size < 2) {
        fprintf(stderr, "test_a2ws_search: needs >= 2 ranks (got %d)\n", size);
        MPI_Finalize();
        return 1;
    }
    ladro_config_t cfg;
    ladro_config_init(&cfg);
    snprintf(cfg.policy, sizeof cfg.policy, "a2ws");
    cfg.threads = (uint32_t)T;
    ladro_t *lb = check_create(&cfg);
    static run_t r;
    r.rank = rank;
    if (rank == 0) {
        ladro_task_t s = {.id = SEED};
        CHECK_EQ(ladro_push(lb, &s), LADRO_OK);
    }
    if (T > 1) {
        CHECK_EQ(ladro_run(lb, search_task, &r), LADRO_OK);
    } else {
        int rc;
        ladro_task_t t;
        while ((rc = ladro_next(lb, &t)) == LADRO_OK) {
            if (t.id == SEED || rank != 0) {
                CHECK_EQ(search_task(lb, &t, &r), LADRO_OK);
            } else if (t.id < NTASKS) { /* rank 0's leaf: its work, serving thieves */
                r.seen[t.id]++;
                check_work(lb, LEAF_S, 200);
            } else {
                CHECK(0); /* no other task exists */
            }
        }
        CHECK_EQ(rc, LADRO_DONE);
    }
    int all[NTASKS + 1];
    MPI_Allreduce(r.seen, all, NTASKS + 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    for (int i = 0; i <= NTASKS; i++)
        CHECK_EQ(all[i], 1);
    ladro_stats_t st;
    CHECK_EQ(ladro_stats_gather(lb, &st), LADRO_OK);
    uint64_t thieves_ran = 0;
    for (int i = 1; i < size; i++) {
        thieves_ran += st.ranks[i].tasks_run;
        CHECK_EQ(st.ranks[i].tasks_stolen, st.ranks[i].steals_ok); /* one task a steal */
    }
    CHECK(thieves_ran >= NTASKS / 4);
    double probes = -1;
    CHECK_EQ(ladro_stats_counter(&st, "a2ws_probes", &probes), LADRO_OK);
    CHECK(probes >= (double)thieves_ran / 2);
    if (rank == 0)
        printf("test_a2ws_search: %d ranks x %d threads: the thieves ran %llu of %d leaves "
               "in %llu steals, %.0f by a probe\n", size, T, (unsigned long long)thieves_ran,
               NTASKS, (unsigned long long)(st.total.steals_ok - st.ranks[0].steals_ok), probes);
    ladro_stats_free(&st);
    CHECK_EQ(ladro_destroy(&lb), LADRO_OK);
    int fails = check_failures, any = 0;
    MPI_Allreduce(&fails, &any, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    int status = CHECK_REPORT("test_a2ws_search");
    MPI_Finalize();
    return any ? 1 : status;
}
