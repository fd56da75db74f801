/* leader (LW): chunked hand-outs. Every seed is pushed on rank 1 and shipped to the
 * leader; workers must run only tasks the leader handed them, in replies of `chunk`
 * tasks (only the reply that empties the queue may be short), the leader computes too,
 * and every task runs exactly once — served by the service thread (MPI_THREAD_MULTIPLE;
 * by default and with paper=1) and by the leader's main thread (without it).
 * `test_leader single`: MPI initialised without threads; paper=1 (the paper's service
 * thread) must fail with LADRO_ENOTSUP and say why, the default must fall back to the
 * main thread. */
#define _GNU_SOURCE
#include "check_mpi.h"
#include <ladro.h>

#include <stdbool.h>
#include <stdlib.h>
#include <time.h>

#define NTASKS 90

/* The leader's dump line says who serves. */
static int served_by_thread(ladro_t *lb)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    ladro_dump_state(lb, f);
    fclose(f);
    int r = strstr(buf, "served by a service thread") != NULL;
    free(buf);
    return r;
}

static void run(int rank, int size, bool paper, bool thread, uint32_t chunk)
{
    ladro_config_t cfg;
    char err[256];
    ladro_config_init(&cfg);
    snprintf(cfg.policy, sizeof cfg.policy, "%s", "leader");
    cfg.chunk = chunk;
    CHECK_EQ(ladro_config_set(&cfg, "paper", paper ? "1" : "0", err, sizeof err), LADRO_OK);
    ladro_t *lb = check_create(&cfg);
    int rc;
    if (rank == 0)
        CHECK_EQ(served_by_thread(lb), thread);
    if (rank == 1)
        for (int i = 0; i < NTASKS; i++) {
            ladro_task_t t = {.id = (uint64_t)i};
            CHECK_EQ(ladro_push(lb, &t), LADRO_OK);
        }
    int seen[NTASKS] = {0}, all[NTASKS];
    long bad_moves = 0;
    ladro_task_t t;
    while ((rc = ladro_next(lb, &t)) == LADRO_OK) {
        if (t.id < NTASKS)
            seen[t.id]++;
        /* a hand-out is one move; the leader's own takes are none */
        bad_moves += t.moves != (rank == 0 ? 0u : 1u);
        check_work(lb, 0.004, 500);
    }
    CHECK_EQ(rc, LADRO_DONE);
    CHECK_EQ(bad_moves, 0);
    ladro_stats_t st;
    CHECK_EQ(ladro_stats_gather(lb, &st), LADRO_OK);
    MPI_Allreduce(seen, all, NTASKS, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    int missing = 0, dup = 0;
    for (int i = 0; i < NTASKS; i++) {
        missing += all[i] == 0;
        dup += all[i] > 1;
    }
    CHECK_EQ(missing, 0);
    CHECK_EQ(dup, 0);
    uint64_t ok = 0, moved = 0;
    for (int r = 1; r < size; r++) {
        const ladro_rank_stats_t *x = &st.ranks[r];
        CHECK_EQ(x->tasks_run, x->tasks_stolen); /* workers run only what they were given */
        CHECK(x->tasks_stolen <= (uint64_t)chunk * x->steals_ok);
        ok += x->steals_ok;
        moved += x->tasks_stolen;
    }
    /* every reply carried `chunk` tasks but the one that emptied the queue */
    CHECK(moved + chunk > (uint64_t)chunk * ok);
    CHECK(st.ranks[0].tasks_run > 0); /* the leader computes too */
    CHECK_EQ(st.total.tasks_run, NTASKS);
    /* every worker's request/reply round trip is timed: a positive latency, and the mean
     * is the total over the attempts */
    if (st.total.steals_tried > 0) {
        CHECK(st.total.steal_time_s > 0.0);
        double lat = ladro_stats_steal_latency(&st);
        CHECK(lat > 0.0);
        CHECK(lat * (double)st.total.steals_tried <= st.total.steal_time_s * 1.000001);
        CHECK(lat * (double)st.total.steals_tried >= st.total.steal_time_s * 0.999999);
    }
    CHECK(ladro_stats_steal_latency(NULL) == 0.0);
    if (rank == 0)
        printf("test_leader: thread=%d chunk=%u: leader ran %llu, workers %llu in %llu "
               "replies (+%llu empty)\n", thread, chunk,
               (unsigned long long)st.ranks[0].tasks_run, (unsigned long long)moved,
               (unsigned long long)ok, (unsigned long long)st.total.steals_failed);
    ladro_stats_free(&st);
    CHECK_EQ(ladro_destroy(&lb), LADRO_OK);
}

int main(int argc, char **argv)
{
    int single = argc > 1 && !strcmp(argv[1], "single"), provided = MPI_THREAD_SINGLE;
    if (single)
        MPI_Init(&argc, &argv);
    else
        MPI_Init_thread(&argc, &argv, MPI_THREAD_MULTIPLE, &provided);
    int rank, size;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    const char *np = getenv("LADRO_EXPECT_NP");
    if ((np && atoi(np) != size) || size < 2) {
        fprintf(stderr, "test_leader: needs >= 2 ranks (got %d, expected %s)\n", size,
                np ? np : "?");
        MPI_Finalize();
        return 1;
    }
    if (single) {
        MPI_Query_thread(&provided);
        ladro_config_t cfg;
        char err[256] = "";
        ladro_t *lb = NULL;
        ladro_config_init(&cfg);
        snprintf(cfg.policy, sizeof cfg.policy, "%s", "leader");
        CHECK_EQ(ladro_config_set(&cfg, "paper", "1", err, sizeof err), LADRO_OK);
        if (provided < MPI_THREAD_MULTIPLE) {
            CHECK_EQ(ladro_create(MPI_COMM_WORLD, &cfg, &lb, err, sizeof err), LADRO_ENOTSUP);
            CHECK(lb == NULL);
            CHECK_STR_CONTAINS(err, "MPI_THREAD_MULTIPLE");
            CHECK_STR_CONTAINS(err, "paper=1: the paper's leader serves from a service thread");
        }
        run(rank, size, false, false, 2); /* serves from the main thread */
    } else {
        CHECK_EQ(provided, MPI_THREAD_MULTIPLE);
        run(rank, size, true, true, 3);
        run(rank, size, false, true, 3);
        run(rank, size, true, true, 1);
    }
    int fails = check_failures, any = 0;
    MPI_Allreduce(&fails, &any, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    int status = CHECK_REPORT("test_leader");
    MPI_Finalize();
    return any ? 1 : status;
}
