/* Errors never lost: every error a call on a valid handle returns comes with its message
 * in ladro_last_error. The calls below walk each argument and state error of the public
 * functions that take a handle — on the calling thread, and from a worker's task
 * (threads > 1, each worker has its own message) — and each message must name the call
 * (a stale message from the case before cannot pass). Then ladro_run_range's error text
 * reaches its err buffer: a mistyped LADRO_* variable, a task function's error, a trace
 * that cannot be written, a NULL function. */
#define _POSIX_C_SOURCE 200809L
#include "check_mpi.h"
#include <ladro.h>

#include <stdlib.h>
#include <string.h>

/* rc must be `want` and the handle's message must contain `sub` */
#define EXPECT(lb, call, want, sub)                                                    \
    do {                                                                               \
        CHECK_EQ((call), (want));                                                      \
        CHECK_STR_CONTAINS(ladro_last_error(lb), (sub));                               \
    } while (0)

static int quiet_task(ladro_t *lb, const ladro_task_t *t, void *ud)
{
    (void)lb, (void)t, (void)ud;
    return 0;
}

/* threads > 1: task 0 makes the bad calls from its worker; task 1 fails with the code of
 * a failed call, whose message must lead the run's */
static int worker_task(ladro_t *lb, const ladro_task_t *t, void *ud)
{
    int *worker_checked = ud;
    if (t->id == 0) {
        uint64_t x = 0;
        EXPECT(lb, ladro_push(lb, NULL), LADRO_EINVAL, "ladro_push: task is NULL");
        EXPECT(lb, ladro_push(lb, &(ladro_task_t){.id = 9}), LADRO_EINVAL,
               "ladro_push: payload is NULL");
        EXPECT(lb, ladro_result(lb, &x), LADRO_EINVAL, "ladro_result: result_bytes is 0");
        EXPECT(lb, ladro_global_counts(lb, &x, NULL), LADRO_EINVAL,
               "ladro_global_counts: completed is NULL");
        *worker_checked = 1;
    }
    return t->id == 1 ? ladro_push(lb, NULL) : 0;
}

static ladro_t *make(int threads, size_t result_bytes)
{
    ladro_config_t cfg;
    ladro_config_init(&cfg);
    cfg.task_bytes = 8;
    cfg.result_bytes = result_bytes;
    cfg.threads = (uint32_t)threads;
    ladro_t *lb = NULL;
    char err[256] = "";
    int rc = ladro_create(MPI_COMM_WORLD, &cfg, &lb, err, sizeof err);
    CHECK_EQ(rc, LADRO_OK);
    if (rc) {
        fprintf(stderr, "ladro_create: %s\n", err);
        MPI_Abort(MPI_COMM_WORLD, 1);
    }
    return lb;
}

static int fail_on_3(ladro_t *lb, const ladro_task_t *t, void *ud)
{
    (void)lb, (void)ud;
    return t->id == 3 ? -77 : 0;
}

/* returns the code of a failed call: its message must come first */
static int push_null_on_3(ladro_t *lb, const ladro_task_t *t, void *ud)
{
    (void)ud;
    return t->id == 3 ? ladro_push(lb, NULL) : 0;
}

int main(int argc, char **argv)
{
    int provided, rank, size;
    MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &provided);
    if (check_mpi_world(&rank, &size))
        return 1;
    uint64_t id, v = 0, a, b;
    ladro_rank_stats_t rs;
    ladro_task_t t;
    int rc;

    /* one thread, results on: every argument error while seeding */
    ladro_t *lb = make(1, 8);
    CHECK_STR_CONTAINS(ladro_last_error(lb), ""); /* never NULL */
    EXPECT(lb, ladro_push(lb, NULL), LADRO_EINVAL, "ladro_push: task is NULL");
    EXPECT(lb, ladro_push(lb, &(ladro_task_t){.id = 1}), LADRO_EINVAL,
           "ladro_push: payload is NULL");
    EXPECT(lb, ladro_next(lb, NULL), LADRO_EINVAL, "ladro_next: task is NULL");
    EXPECT(lb, ladro_run(lb, NULL, NULL), LADRO_EINVAL, "ladro_run: fn is NULL");
    EXPECT(lb, ladro_result(lb, NULL), LADRO_EINVAL, "ladro_result: bytes is NULL");
    EXPECT(lb, ladro_result(lb, &v), LADRO_ESTATE, "ladro_result outside a task");
    EXPECT(lb, ladro_result_next(lb, NULL, &v), LADRO_EINVAL, "ladro_result_next: id is NULL");
    EXPECT(lb, ladro_result_next(lb, &id, NULL), LADRO_EINVAL,
           "ladro_result_next: bytes is NULL");
    EXPECT(lb, ladro_stats_local(lb, NULL), LADRO_EINVAL, "ladro_stats_local: out is NULL");
    EXPECT(lb, ladro_global_counts(lb, NULL, &b), LADRO_EINVAL,
           "ladro_global_counts: created is NULL");
    EXPECT(lb, ladro_global_counts(lb, &a, NULL), LADRO_EINVAL,
           "ladro_global_counts: completed is NULL");
    /* the handle is still good: one task per rank runs, its result comes home */
    CHECK_EQ(ladro_push(lb, &(ladro_task_t){.id = (uint64_t)rank, .payload = &v}), LADRO_OK);
    while ((rc = ladro_next(lb, &t)) == LADRO_OK)
        CHECK_EQ(ladro_result(lb, &t.id), LADRO_OK);
    CHECK_EQ(rc, LADRO_DONE);
    CHECK_EQ(ladro_result_next(lb, &id, &v), LADRO_OK);
    CHECK_EQ(id, rank);
    EXPECT(lb, ladro_push(lb, &(ladro_task_t){.id = 1, .payload = &v}), LADRO_ESTATE,
           "ladro_push after LADRO_DONE");
    EXPECT(lb, ladro_stats_gather(lb, NULL), LADRO_EINVAL, "ladro_stats_gather: st is NULL");
    CHECK_EQ(ladro_stats_local(lb, &rs), LADRO_OK);
    CHECK_EQ(ladro_destroy(&lb), LADRO_OK);

    /* results off: ladro_result inside a task */
    lb = make(1, 0);
    CHECK_EQ(ladro_push(lb, &(ladro_task_t){.id = (uint64_t)rank, .payload = &v}), LADRO_OK);
    while ((rc = ladro_next(lb, &t)) == LADRO_OK)
        EXPECT(lb, ladro_result(lb, &v), LADRO_EINVAL, "ladro_result: result_bytes is 0");
    CHECK_EQ(rc, LADRO_DONE);
    ladro_destroy(&lb);

    /* a task function's error: ladro_run returns it with its message */
    lb = make(1, 0);
    for (uint64_t i = 0; i < 5; i++)
        ladro_push(lb, &(ladro_task_t){.id = i * (uint64_t)size + (uint64_t)rank, .payload = &v});
    rc = ladro_run(lb, fail_on_3, NULL);
    if (rc) /* the rank that ran task 3 */
        EXPECT(lb, rc, -77, "ladro_run: the task function returned -77 on task 3");
    int failed = rc != 0, nfailed = 0;
    MPI_Allreduce(&failed, &nfailed, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    CHECK_EQ(nfailed, 1);
    ladro_destroy(&lb);
    lb = make(1, 0);
    for (uint64_t i = 0; i < 5; i++)
        ladro_push(lb, &(ladro_task_t){.id = i * (uint64_t)size + (uint64_t)rank, .payload = &v});
    rc = ladro_run(lb, push_null_on_3, NULL);
    if (rc)
        EXPECT(lb, rc, LADRO_EINVAL, "ladro_push: task is NULL (then the task function "
               "returned -1 on task 3; the run went on)");
    failed = rc != 0;
    MPI_Allreduce(&failed, &nfailed, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    CHECK_EQ(nfailed, 1);
    ladro_destroy(&lb);

    /* worker threads: the workers' messages are their own, the run's error is the hub's */
    if (provided >= MPI_THREAD_FUNNELED) {
        lb = make(2, 0);
        EXPECT(lb, ladro_next(lb, &t), LADRO_ESTATE, "ladro_next with threads=2");
        int worker_checked = 0, any_checked = 0;
        if (rank == 0)
            for (uint64_t i = 0; i < 2; i++)
                ladro_push(lb, &(ladro_task_t){.id = i, .payload = &v});
        rc = ladro_run(lb, worker_task, &worker_checked);
        if (rc)
            EXPECT(lb, rc, LADRO_EINVAL, "ladro_push: task is NULL (then the task function "
                   "returned -1 on a worker; the run went on)");
        /* task 0's messages stayed in its worker's buffer */
        CHECK(strstr(ladro_last_error(lb), "ladro_global_counts") == NULL);
        failed = rc != 0;
        MPI_Allreduce(&failed, &nfailed, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
        MPI_Allreduce(&worker_checked, &any_checked, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
        CHECK_EQ(nfailed, 1);
        CHECK_EQ(any_checked, 1);
        ladro_destroy(&lb);
    }

    /* ladro_run_range: every error's text in err */
    char err[256];
    CHECK_EQ(ladro_run_range(MPI_COMM_WORLD, 10, NULL, NULL, err, sizeof err), LADRO_EINVAL);
    CHECK_STR_CONTAINS(err, "ladro_run_range: fn is NULL");
    setenv("LADRO_POLCY", "random", 1); /* a typo */
    CHECK_EQ(ladro_run_range(MPI_COMM_WORLD, 10, quiet_task, NULL, err, sizeof err),
             LADRO_EINVAL);
    CHECK_STR_CONTAINS(err, "LADRO_POLCY");
    unsetenv("LADRO_POLCY");
    rc = ladro_run_range(MPI_COMM_WORLD, 10, fail_on_3, NULL, err, sizeof err);
    if (rc) /* the rank that ran task 3 */
        CHECK_STR_CONTAINS(err, "ladro_run: the task function returned -77 on task 3");
    else
        CHECK(err[0] == '\0');
    failed = rc != 0;
    MPI_Allreduce(&failed, &nfailed, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    CHECK_EQ(nfailed, 1);
    setenv("LADRO_TRACE", "/nonexistent-dir/run.csv", 1);
    CHECK_EQ(ladro_run_range(MPI_COMM_WORLD, 10, quiet_task, NULL, err, sizeof err),
             LADRO_EIO);
    CHECK_STR_CONTAINS(err, "/nonexistent-dir/run.csv");
    unsetenv("LADRO_TRACE");
    CHECK_EQ(ladro_run_range(MPI_COMM_WORLD, 10, quiet_task, NULL, NULL, 0), LADRO_OK);

    int fails = check_failures, any = 0;
    MPI_Allreduce(&fails, &any, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
    MPI_Finalize();
    if (rank == 0)
        printf("test_errors: %d checks, %d failed\n", check_count, any);
    return any ? 1 : 0;
}
