/* ladro-nqueens: count the solutions of the N-Queens problem with ladro.
 *
 * Every partial placement of the first d rows with d <= CUTOFF is a task. A task above
 * the cutoff (d < CUTOFF) spawns one task per safe square of row d; a task at the cutoff
 * counts its completions sequentially (nqueens.c), calling ladro_progress every 2^16
 * placements. Each rank sums its counts; the total is reduced to rank 0 and checked
 * against OEIS A000170. As in the SuccessOnlyWS paper's runs: -n 18 -c 6. The search
 * itself (nqueens_search.c, no MPI) is shared with ladro-sim policy --app nqueens. */
#include "nqueens_search.h"

#include "app_cli.h"
#include "app_mpi.h"
#include "nqueens_cli.h"

#include <ladro.h>
#include <mpi.h>

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* Check a count: --expect when given (only for the run of -n itself), and A000170. */
static int nq__check(const nq_opts_t *o, int n, uint64_t count)
{
    int bad = 0;
    int64_t want = nq_oeis(n);
    if (want >= 0 && (uint64_t)want != count) {
        fprintf(stderr, "n = %d: %" PRIu64 " solutions, OEIS A000170 says %" PRId64 "\n", n,
                count, want);
        bad = 1;
    }
    if (o->have_expect && n == o->n && count != o->expect) {
        fprintf(stderr, "n = %d: %" PRIu64 " solutions, --expect says %" PRIu64 "\n", n, count,
                o->expect);
        bad = 1;
    }
    return bad;
}

/* CPU seconds of this thread, or of the whole process (worker threads: threads > 1) */
static double nq__cpu(bool process)
{
    struct timespec ts;
    clock_gettime(process ? CLOCK_PROCESS_CPUTIME_ID : CLOCK_THREAD_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* ladro_run's callback: the task with the calling worker's counts. */
static int nq__run_task(ladro_t *lb, const ladro_task_t *task, void *arg)
{
    nq_worker_t *w = (nq_worker_t *)arg + ladro_thread_index(lb);
    int r = nq_run_task(w, task);
    if (r && !w->failed)
        w->failed = r;
    return r;
}

/* One parallel count. Returns 0 right, 1 wrong count, 2 configuration error. */
static int nq__parallel(const nq_opts_t *o, const app_mpi_t *mpi, int n, const char *policy)
{
    int rank = mpi->rank, size = mpi->size;
    char err[512] = "";
    ladro_config_t cfg;
    ladro_config_init(&cfg);
    int rc = app_config_run(&cfg, policy, o->run.threads, err, sizeof err);
    if (rc == 0)
        rc = nq_config(&cfg, err, sizeof err);
    /* With a journal the counts of tasks completed in an earlier run come back as their
     * results: every task's {solutions, placements} is its result, summed at the owners. */
    bool journal = cfg.journal[0] != '\0';
    if (journal)
        cfg.result_bytes = 2 * sizeof(uint64_t);
    ladro_t *lb = NULL;
    if (rc == 0)
        rc = ladro_create(MPI_COMM_WORLD, &cfg, &lb, err, sizeof err);
    if (rc) {
        if (rank == 0)
            fprintf(stderr, "ladro-nqueens: %s\n", err);
        return 2;
    }
    int nt = (int)cfg.threads;
    nq_worker_t *ws = aligned_alloc(_Alignof(nq_worker_t), (size_t)nt * sizeof *ws);
    if (ws)
        memset(ws, 0, (size_t)nt * sizeof *ws);
    if (!ws) {
        fprintf(stderr, "ladro-nqueens: rank %d: out of memory\n", rank);
        MPI_Abort(MPI_COMM_WORLD, 1);
    }
    for (int i = 0; i < nt; i++)
        nq_worker_init(&ws[i], lb, n, o->cutoff, nt, i);
    if (rank == 0)
        rc = nq_seed_root(&ws[0]);
    MPI_Allreduce(MPI_IN_PLACE, &rc, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
    if (rc) {
        if (rank == 0)
            fprintf(stderr, "ladro-nqueens: cannot seed the root: %s\n", ladro_strerror(rc));
        ladro_destroy(&lb);
        free(ws);
        return 2;
    }
    double t0 = MPI_Wtime(), c0 = nq__cpu(nt > 1);
    rc = ladro_run(lb, nq__run_task, ws); /* cfg.threads workers */
    bool ended = rc == LADRO_OK; /* or a task's error, which stops nothing globally */
    for (int i = 0; i < nt; i++)
        ended |= rc < 0 && rc == ws[i].failed;
    if (rc == LADRO_OK)
        rc = LADRO_DONE;
    double wall = MPI_Wtime() - t0, cpu = nq__cpu(nt > 1) - c0;
    nq_worker_t c = {.cutoff = ws[0].cutoff}; /* this rank: the sum over its workers */
    for (int i = 0; i < nt; i++) {
        c.count += ws[i].count;
        c.nodes += ws[i].nodes;
        c.tasks += ws[i].tasks;
    }
    free(ws);
    if (ended) { /* every rank ended the run: agree, and end cleanly on a task's error, so
                  * that no line of the failing rank is lost (MPICH drops the output of
                  * ranks it kills on MPI_Abort) */
        int failed = rc != LADRO_DONE;
        MPI_Allreduce(MPI_IN_PLACE, &failed, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
        if (failed) {
            if (rc != LADRO_DONE)
                fprintf(stderr, "ladro-nqueens: rank %d: ladro_run: %s (%s)\n", rank,
                        ladro_strerror(rc), ladro_last_error(lb));
            ladro_destroy(&lb);
            return 1;
        }
    }
    if (rc == LADRO_ETIMEDOUT) { /* stall watchdog: every rank dumps its state */
        fprintf(stderr, "ladro-nqueens: rank %d: stalled: %s\n", rank, ladro_last_error(lb));
        ladro_dump_state(lb, stderr);
        fflush(stderr);
        if (ladro_destroy(&lb) != LADRO_OK)
            MPI_Abort(MPI_COMM_WORLD, 3);
        MPI_Finalize();
        exit(3); /* the caller's collectives must not run after MPI_Finalize */
    }
    if (rc != LADRO_DONE) {
        fprintf(stderr, "ladro-nqueens: rank %d: ladro_run: %s (%s)\n", rank,
                ladro_strerror(rc), ladro_last_error(lb));
        MPI_Abort(MPI_COMM_WORLD, 1);
    }
    if (journal) { /* this rank's tasks' counts, from any run */
        uint64_t id, r[2];
        c.count = c.nodes = 0;
        while (ladro_result_next(lb, &id, r) == LADRO_OK) {
            c.count += r[0];
            c.nodes += r[1];
        }
    }
    ladro_stats_t st;
    memset(&st, 0, sizeof st);
    rc = ladro_stats_gather(lb, &st);
    ladro_destroy(&lb);
    char oversub[128];
    bool sliced = app_oversubscribed(MPI_COMM_WORLD, oversub, sizeof oversub);
    uint64_t mine[3] = {c.count, c.nodes, c.tasks}, tot[3];
    MPI_Reduce(mine, tot, 3, MPI_UINT64_T, MPI_SUM, 0, MPI_COMM_WORLD);
    double maxwall, sumcpu;
    MPI_Reduce(&wall, &maxwall, 1, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);
    MPI_Reduce(&cpu, &sumcpu, 1, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
    int bad = 0;
    if (rank == 0) {
        printf("n = %d, cutoff %d, policy %s, %d rank%s: solutions = %" PRIu64 "\n", n,
               c.cutoff, cfg.policy, size, size == 1 ? "" : "s", tot[0]);
        if (!o->quiet) {
            printf("time %.3f s, %" PRIu64 " tasks, %.4g placements/s, cpu %.3f s (%s of all "
                   "ranks)\n", maxwall, tot[2], (double)tot[1] / maxwall, sumcpu,
                   nt > 1 ? "processes" : "main threads");
            if (rc == 0)
                ladro_stats_print(stdout, &st, cfg.policy);
            if (rc == 0 && sliced)
                printf("  %s\n", oversub);
        }
        bad = nq__check(o, n, tot[0]);
        if (rc == 0)
            bad |= app_check_max_failed(o->run.max_failed, &st, cfg.policy);
    }
    ladro_stats_free(&st);
    return app_root_status(bad);
}

/* The plain sequential count of rank 0, no runtime. Returns 0 right, 1 wrong count. */
static int nq__sequential(const nq_opts_t *o, int n)
{
    nq_state_t root = {0, 0, 0, 0};
    uint64_t nodes = 0;
    double t0 = MPI_Wtime(), c0 = nq__cpu(false);
    uint64_t s = nq_count(n, &root, &nodes, NULL, NULL, NULL);
    double wall = MPI_Wtime() - t0, cpu = nq__cpu(false) - c0;
    printf("n = %d, sequential: solutions = %" PRIu64 "\n", n, s);
    if (!o->quiet)
        printf("time %.3f s, %.4g placements/s, cpu %.3f s\n", wall, (double)nodes / wall, cpu);
    return nq__check(o, n, s);
}

int main(int argc, char **argv)
{
    app_mpi_t mpi;
    nq_opts_t o = {0};
    int rc;
    if (!app_mpi_start_threads(&argc, &argv, "ladro-nqueens", nq_parse, &o, &o.run.threads,
                               &mpi, &rc))
        return rc;
    int rank = mpi.rank;
    int bad = 0;
    for (int n = o.upto ? 1 : o.n; n <= o.n && bad < 2; n++) {
        if (o.sequential) {
            if (rank == 0)
                bad |= nq__sequential(&o, n);
            continue;
        }
        app_policy_iter_t it;
        app_policy_begin(&it, o.run.policy);
        for (const char *pol; bad < 2 && (pol = app_policy_next(&it));) {
            int r = nq__parallel(&o, &mpi, n, pol);
            bad = r > bad ? r : bad;
        }
    }
    MPI_Bcast(&bad, 1, MPI_INT, 0, MPI_COMM_WORLD);
    if (rank == 0 && !o.quiet)
        printf("%s\n", bad ? "FAILED" : "all counts right");
    MPI_Finalize();
    return bad;
}
