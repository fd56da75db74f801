/* Threads inside a rank (cfg.threads > 1, ladro_run): under every policy, a complete
 * B-ary task tree spawned from the workers' tasks, seeded as one root on the last rank;
 * every node runs exactly once, its result (8 bytes) comes home to the rank that pushed
 * it, and the statistics count every worker. Then the API's threaded rules: ladro_next
 * is refused, ladro_progress is a no-op in a task, DONE is sticky.
 *   test_threads T [B D]   T workers per rank (default tree 3 6: 1093 nodes)
 *   test_threads single    MPI_Init (MPI_THREAD_SINGLE): threads=2 must be refused
 *                          with the level to ask for.
 *   test_threads held      1 rank, 3 workers, a2ws: a task that pushed K children sees
 *                          ladroi_tasks_held = K + 1 (children parked in a deque or
 *                          blocked on a sibling, itself running): what a2ws's
 *                          information vector adds to n_i. */
#define _POSIX_C_SOURCE 200809L
#include "../src/ladro_int.h"
#include "../src/threads.h"
#include "check_mpi.h"
#include <ladro.h>

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

typedef struct tree {
    int B, D;
    uint64_t nodes;
    uint8_t *seen;      /* executions per node (atomic) */
    uint64_t mine;      /* tasks run on this rank (atomic) */
    uint64_t bad;       /* failed calls inside tasks (atomic) */
} tree_t;

static int tree_task(ladro_t *lb, const ladro_task_t *t, void *arg)
{
    tree_t *tr = arg;
    int32_t depth;
    memcpy(&depth, t->payload, 4);
    if (t->id < tr->nodes)
        __atomic_fetch_add(&tr->seen[t->id], 1, __ATOMIC_RELAXED);
    __atomic_fetch_add(&tr->mine, 1, __ATOMIC_RELAXED);
    uint64_t r = t->id * 3 + 1;
    if (ladro_result(lb, &r) != LADRO_OK || ladro_progress(lb) != LADRO_OK)
        __atomic_fetch_add(&tr->bad, 1, __ATOMIC_RELAXED);
    if (t->id % 7 == 0) { /* a short delay now and then: vary the interleavings */
        struct timespec ts = {0, (long)(t->id % 5) * 40000};
        nanosleep(&ts, NULL);
    }
    if (depth < tr->D) {
        int32_t cd = depth + 1;
        for (int i = 0; i < tr->B; i++) {
            ladro_task_t c = {.id = t->id * (uint64_t)tr->B + (uint64_t)i + 1, .payload = &cd};
            if (ladro_push(lb, &c) != LADRO_OK)
                __atomic_fetch_add(&tr->bad, 1, __ATOMIC_RELAXED);
        }
    }
    return 0;
}

/* held: the root pushes HELD_K children that wait for `go`, then watches the count. */
#define HELD_K 20
typedef struct held {
    int go;         /* atomic */
    uint64_t seen;  /* ladroi_tasks_held when it reached K + 1 (or last value) */
    uint64_t ran;   /* atomic */
} held_t;

static int held_task(ladro_t *lb, const ladro_task_t *t, void *arg)
{
    held_t *h = arg;
    struct timespec ms = {0, 1000000};
    __atomic_fetch_add(&h->ran, 1, __ATOMIC_RELAXED);
    if (t->id > 0) { /* a child: parked until the root has counted */
        while (!__atomic_load_n(&h->go, __ATOMIC_ACQUIRE))
            nanosleep(&ms, NULL);
        return 0;
    }
    for (uint64_t i = 1; i <= HELD_K; i++)
        if (ladro_push(lb, &(ladro_task_t){.id = i}) != LADRO_OK)
            return -1;
    /* siblings take children and block in them: the count settles at K + 1 */
    for (int k = 0; k < 10000; k++) {
        h->seen = ladroi_tasks_held(lb);
        if (h->seen == HELD_K + 1)
            break;
        nanosleep(&ms, NULL);
    }
    __atomic_store_n(&h->go, 1, __ATOMIC_RELEASE);
    return 0;
}

static int held_counts(void)
{
    ladro_config_t cfg;
    char err[256] = "";
    ladro_config_init(&cfg);
    snprintf(cfg.policy, sizeof cfg.policy, "a2ws");
    cfg.threads = 3;
    ladro_t *lb = NULL;
    CHECK_EQ(ladro_create(MPI_COMM_WORLD, &cfg, &lb, err, sizeof err), LADRO_OK);
    if (!lb)
        return check_failures;
    held_t h = {0};
    CHECK_EQ(ladroi_tasks_held(lb), 0);
    CHECK_EQ(ladro_push(lb, &(ladro_task_t){.id = 0}), LADRO_OK);
    CHECK_EQ(ladro_run(lb, held_task, &h), LADRO_OK);
    CHECK_EQ(h.seen, HELD_K + 1);
    CHECK_EQ(h.ran, HELD_K + 1);
    CHECK_EQ(ladroi_tasks_held(lb), 0);
    printf("test_threads held: a task with %d children pushed counted %llu held tasks "
           "(expected %d)\n", HELD_K, (unsigned long long)h.seen, HELD_K + 1);
    CHECK_EQ(ladro_destroy(&lb), LADRO_OK);
    return check_failures;
}

static int level_refused(void)
{
    ladro_config_t cfg;
    char err[256] = "";
    ladro_config_init(&cfg);
    cfg.threads = 2;
    ladro_t *lb = NULL;
    int rc = ladro_create(MPI_COMM_WORLD, &cfg, &lb, err, sizeof err);
    CHECK_EQ(rc, LADRO_ENOTSUP);
    CHECK(lb == NULL);
    CHECK_STR_CONTAINS(err, "MPI_THREAD_FUNNELED");
    cfg.threads = 1; /* one thread needs nothing more */
    CHECK_EQ(ladro_create(MPI_COMM_WORLD, &cfg, &lb, err, sizeof err), LADRO_OK);
    CHECK_EQ(ladro_destroy(&lb), LADRO_OK);
    return check_failures;
}

int main(int argc, char **argv)
{
    bool single = argc > 1 && !strcmp(argv[1], "single");
    int provided = MPI_THREAD_SINGLE;
    if (single)
        MPI_Init(&argc, &argv);
    else
        MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &provided);
    int rank, size;
    if (check_mpi_world(&rank, &size))
        return 1;
    if (argc > 1 && !strcmp(argv[1], "held")) {
        int f = held_counts();
        MPI_Finalize();
        return f ? 1 : 0;
    }
    if (single) {
        int f = level_refused(), any = 0;
        MPI_Allreduce(&f, &any, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
        MPI_Finalize();
        if (rank == 0)
            printf("test_threads single: %d checks, %d failed\n", check_count, any);
        return any ? 1 : 0;
    }
    int T = argc > 1 ? atoi(argv[1]) : 2;
    tree_t tr = {.B = argc > 3 ? atoi(argv[2]) : 3, .D = argc > 3 ? atoi(argv[3]) : 6};
    uint64_t width = 1;
    for (int d = 0; d <= tr.D; d++, width *= (uint64_t)tr.B)
        tr.nodes += width;
    for (const char *const *pol = ladro_policy_names(); *pol; pol++) {
        ladro_config_t cfg;
        char err[256] = "";
        ladro_config_init(&cfg);
        int rc = ladro_config_from_env(&cfg, err, sizeof err);
        CHECK_EQ(rc, LADRO_OK);
        snprintf(cfg.policy, sizeof cfg.policy, "%s", *pol);
        cfg.task_bytes = 4; /* depth */
        cfg.result_bytes = 8;
        cfg.threads = (uint32_t)T;
        cfg.seed = 11;
        ladro_t *lb;
        rc = ladro_create(MPI_COMM_WORLD, &cfg, &lb, err, sizeof err);
        CHECK_EQ(rc, LADRO_OK);
        if (rc) {
            fprintf(stderr, "ladro_create: %s\n", err);
            break;
        }
        tr.seen = calloc(tr.nodes, 1);
        tr.mine = tr.bad = 0;
        if (rank == size - 1) { /* the root starts on the last rank */
            int32_t depth = 0;
            CHECK_EQ(ladro_push(lb, &(ladro_task_t){.id = 0, .payload = &depth}), LADRO_OK);
        }
        ladro_task_t t;
        if (T > 1)
            CHECK_EQ(ladro_next(lb, &t), LADRO_ESTATE); /* workers run the tasks */
        CHECK_EQ(ladro_run(lb, tree_task, &tr), LADRO_OK);
        CHECK_EQ(tr.bad, 0);
        CHECK_EQ(ladro_run(lb, tree_task, &tr), LADRO_OK); /* DONE is sticky */
        CHECK_EQ(ladro_push(lb, &t), LADRO_ESTATE);       /* no push after DONE */
        uint8_t *all = calloc(tr.nodes, 1);
        MPI_Allreduce(tr.seen, all, (int)tr.nodes, MPI_UINT8_T, MPI_SUM, MPI_COMM_WORLD);
        uint64_t lost = 0, dup = 0, total = 0, home = 0, wrong = 0, id, r;
        for (uint64_t i = 0; i < tr.nodes; i++) {
            lost += all[i] == 0;
            dup += all[i] > 1;
        }
        while (ladro_result_next(lb, &id, &r) == LADRO_OK) {
            home++;
            wrong += r != id * 3 + 1;
        }
        uint64_t mine[2] = {tr.mine, home}, sum[2];
        MPI_Allreduce(mine, sum, 2, MPI_UINT64_T, MPI_SUM, MPI_COMM_WORLD);
        total = sum[0];
        CHECK_EQ(lost, 0);
        CHECK_EQ(dup, 0);
        CHECK_EQ(total, tr.nodes);
        CHECK_EQ(sum[1], tr.nodes); /* every result home */
        CHECK_EQ(wrong, 0);
        ladro_stats_t st;
        CHECK_EQ(ladro_stats_gather(lb, &st), LADRO_OK);
        CHECK_EQ(st.total.tasks_run, tr.nodes);
        CHECK_EQ(st.total.tasks_pushed, tr.nodes);
        CHECK_EQ(st.total.threads, (uint64_t)T * (uint64_t)size);
        CHECK(st.total.worker_tasks_max <= tr.nodes);
        CHECK(st.total.worker_tasks_max > 0);
        CHECK(st.efficiency <= 1.0 + 1e-9);
        CHECK(st.idle_mean >= -1e-9 && st.idle_mean <= 1.0 + 1e-9);
        if (rank == 0)
            printf("threads %-12s %d ranks x %d: %llu nodes, lost %llu, duplicated %llu, "
                   "steals %llu, worker steals %llu\n", *pol, size, T,
                   (unsigned long long)total, (unsigned long long)lost,
                   (unsigned long long)dup, (unsigned long long)st.total.steals_ok,
                   (unsigned long long)st.total.worker_steals);
        ladro_stats_free(&st);
        free(all);
        free(tr.seen);
        CHECK_EQ(ladro_destroy(&lb), LADRO_OK);
    }
    int fails = check_failures, any = 0;
    MPI_Allreduce(&fails, &any, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
    MPI_Finalize();
    if (rank == 0)
        printf("test_threads: %d checks, %d failed\n", check_count, any);
    return any ? 1 : 0;
}
