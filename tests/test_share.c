/* How much of its victim's public tasks a smallworld thief takes by name, exactly: a
 * quarter of them, half when they fill the victim's window (it then holds more than it
 * shows), one when the thief's own tasks push tasks (a search), and under paper=1 the
 * whole shared set.
 * Rank 0 pushes N tasks and publishes them (ladroi_pool_release, keep 0: min(N, window)
 * go public), then serves MPI; rank 1, the thief, runs one idle round of smallworld
 * (its overlay on 2 ranks is rank 0 alone) and counts what arrived. Every task id is
 * then taken exactly once. Runs with exactly 2 ranks. */
#include "check_mpi.h"
#include "check_pool.h"
#include "../src/policy.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#define MAXN 64

typedef struct {
    const char *what;
    const char *paper;
    uint32_t capacity, n; /* the victim's window and the tasks it pushes */
    bool spawns;          /* the thief's tasks push tasks */
    uint32_t expect;      /* tasks the thief takes */
} share_case_t;

static const share_case_t cases[] = {
    {"a quarter of 16 public in 64 slots", "0", 64, 16, false, 4},
    {"a quarter of 15 public in 16 slots", "0", 16, 15, false, 4},
    {"a quarter of 3 public, rounded up", "0", 64, 3, false, 1},
    {"half of a full window, 16 of 40 public", "0", 16, 40, false, 8},
    {"half of a full window, 64 public", "0", 64, 64, false, 32},
    {"one in a search", "0", 64, 16, true, 1},
    {"one in a search, full window", "0", 16, 40, true, 1},
    /* paper=1: the owner shares half of its 16 (TITUS §4.3); the thief takes all 8 */
    {"paper=1: the whole shared set", "1", 64, 16, false, 8},
};

static void run_case(int rank, const share_case_t *c)
{
    ladro_config_t cfg;
    char err[256];
    ladro_config_init(&cfg);
    CHECK_EQ(ladro_config_set(&cfg, "policy", "smallworld", err, sizeof err), LADRO_OK);
    CHECK_EQ(ladro_config_set(&cfg, "paper", c->paper, err, sizeof err), LADRO_OK);
    cfg.task_capacity = c->capacity;
    cfg.task_bytes = 8;
    ladro_t *lb = check_create(&cfg);
    int rc;
    ladroi_pool_t *p = &lb->pool;
    unsigned char *rec = malloc(p->rec_bytes);
    uint32_t taken[MAXN] = {0}, all[MAXN];
    uint64_t bad = 0, got = 0;
    if (rank == 0) {
        for (uint64_t i = 0; i < c->n; i++)
            CHECK_EQ(check_push_id(lb, p, i), LADRO_OK);
        CHECK_EQ(ladroi_pool_release(lb, p, 0), LADRO_OK);
    }
    MPI_Barrier(MPI_COMM_WORLD); /* published before the thief looks */
    if (rank == 1) {
        lb->st.tasks_run = 1; /* as after a task of its own, */
        lb->spawns = c->spawns; /* which pushed tasks or not */
        uint64_t before = lb->st.tasks_stolen;
        rc = lb->policy->on_idle(lb, lb->policy_state);
        CHECK_EQ(rc, 1);
        got = lb->st.tasks_stolen - before;
        CHECK_EQ(got, c->expect);
        while (ladroi_pool_pop(lb, p, rec) == 1)
            check_count_rec(rec, taken, MAXN, &bad);
    }
    check_barrier_serving(); /* rank 0 serves the thief until it is done */
    if (rank == 0) {
        int more;
        while ((more = ladroi_pool_pop(lb, p, rec)) == 1) /* what the thief left */
            check_count_rec(rec, taken, MAXN, &bad);
        CHECK_EQ(more, 0);
    }
    MPI_Allreduce(taken, all, MAXN, MPI_UINT32_T, MPI_SUM, MPI_COMM_WORLD);
    for (uint32_t i = 0; i < c->n; i++)
        CHECK_EQ(all[i], 1);
    CHECK_EQ(bad, 0);
    MPI_Bcast(&got, 1, MPI_UINT64_T, 1, MPI_COMM_WORLD);
    if (rank == 0)
        printf("test_share: %s: took %llu (expected %u)\n", c->what, (unsigned long long)got,
               c->expect);
    free(rec);
    CHECK_EQ(ladro_destroy(&lb), LADRO_OK);
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank, size;
    if (check_mpi_world(&rank, &size) || size != 2) {
        fprintf(stderr, "test_share: expected 2 ranks, got %d\n", size);
        MPI_Finalize();
        return 1;
    }
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
        run_case(rank, &cases[i]);
    int fails = check_failures, any = 0;
    MPI_Allreduce(&fails, &any, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
    MPI_Finalize();
    if (rank == 0)
        printf("test_share: %d checks, %d failed\n", check_count, any);
    return any ? 1 : 0;
}
