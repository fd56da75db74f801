/* ladro-uts: the Unbalanced Tree Search benchmark on ladro.
 *
 * A ladro task is a chunk of up to -c tree nodes (as in the reference's distributed
 * versions). A rank runs a task by a depth-first search on a private stack; when the
 * stack holds more than 2c nodes and ladro_hungry says a thief could use them, it hands
 * its c oldest (shallowest, so largest subtrees) to ladro as a new task, which the
 * runtime keeps private or exposes to thieves; every -i nodes it calls ladro_progress. The counts (nodes, leaves, depth)
 * do not depend on where a node is expanded, so every rank count and every policy must
 * give the reference's numbers; --expect and --verify check that. The search itself
 * (uts_search.c, no MPI) is shared with ladro-sim policy --app uts.
 *
 * --sequential runs the plain DFS of uts_tree.c instead, in the same binary, so the
 * runtime's share of a node's cost can be measured (docs/uts.md). */
#include "uts_search.h"

#include "app_cli.h"
#include "app_mpi.h"
#include "uts_cli.h"

#include <ladro.h>
#include <mpi.h>

#include <errno.h>
#include <stdbool.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static double uts__clock(clockid_t id)
{
    struct timespec ts;
    clock_gettime(id, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

typedef struct uts_result {
    double wall_s, thread_cpu_s, proc_cpu_s; /* this rank */
    uint64_t released, tasks, polls;
    bool task_failed; /* a task failed on some rank; every rank ended the run, lb is gone */
} uts_result_t;

/* ladro_run's callback: the task on the calling worker's stack. */
static int uts__task(ladro_t *lb, const ladro_task_t *task, void *arg)
{
    uts_worker_t *w = (uts_worker_t *)arg + ladro_thread_index(lb);
    int r = uts_run_task(w, task);
    if (r && !w->failed)
        w->failed = r;
    return r;
}

static void uts__free_workers(uts_worker_t *ws, int n)
{
    for (int i = 0; ws && i < n; i++)
        uts_worker_free(&ws[i]);
    free(ws);
}

/* The search with cfg->threads workers per rank; *w receives this rank's sums. */
static int uts__run_ladro(MPI_Comm comm, const uts_tree_t *tree, ladro_config_t *cfg,
                          uts_worker_t *w, uts_result_t *res, ladro_stats_t *st,
                          char *err, size_t errlen)
{
    ladro_t *lb = NULL;
    /* With a journal the counts of tasks completed in an earlier run come back as their
     * results: every task's counts are its result, summed at the owners. */
    bool journal = cfg->journal[0] != '\0';
    if (journal)
        cfg->result_bytes = sizeof(uts_counts_t);
    int rc = ladro_create(comm, cfg, &lb, err, errlen);
    if (rc)
        return rc;
    uts_worker_t *out = w;
    out->lb = lb;
    int nt = (int)cfg->threads;
    uts_worker_t *ws = aligned_alloc(_Alignof(uts_worker_t), (size_t)nt * sizeof *ws);
    if (ws)
        memset(ws, 0, (size_t)nt * sizeof *ws);
    int local = ws ? 0 : LADRO_ENOMEM;
    for (int i = 0; ws && i < nt; i++)
        if (uts_worker_init(&ws[i], lb, tree, cfg->task_bytes, nt, i))
            local = LADRO_ENOMEM;
    if (local == 0 && ladro_rank(lb) == 0)
        local = uts_seed_root(&ws[0]); /* the root goes out as worker 0's task */
    MPI_Allreduce(MPI_IN_PLACE, &local, 1, MPI_INT, MPI_MIN, comm);
    double c0 = uts__clock(CLOCK_THREAD_CPUTIME_ID);
    double p0 = uts__clock(CLOCK_PROCESS_CPUTIME_ID);
    double t0 = MPI_Wtime();
    rc = local;
    bool ended = false; /* ladro_run returned OK or a task's error: the run ended everywhere */
    if (rc == 0) {
        rc = ladro_run(lb, uts__task, ws); /* cfg->threads workers */
        ended = rc == 0;
        for (int i = 0; i < nt; i++)
            ended |= rc < 0 && rc == ws[i].failed;
        if (rc < 0 && !err[0])
            snprintf(err, errlen, "rank %d: ladro_run: %s (%s)", ladro_rank(lb),
                     ladro_strerror(rc), ladro_last_error(lb));
    }
    res->wall_s = MPI_Wtime() - t0;
    res->thread_cpu_s = uts__clock(CLOCK_THREAD_CPUTIME_ID) - c0;
    res->proc_cpu_s = uts__clock(CLOCK_PROCESS_CPUTIME_ID) - p0;
    for (int i = 0; ws && i < nt; i++) { /* this rank: the sums over its workers */
        out->c.nodes += ws[i].c.nodes;
        out->c.leaves += ws[i].c.leaves;
        if (ws[i].c.max_depth > out->c.max_depth)
            out->c.max_depth = ws[i].c.max_depth;
        out->released += ws[i].released;
        out->tasks += ws[i].tasks;
        out->polls += ws[i].polls;
    }
    uts__free_workers(ws, nt);
    if (journal && rc == 0) { /* the counts: this rank's tasks' results, from any run */
        uts_counts_t k, sum = {0, 0, 0};
        uint64_t id;
        while (ladro_result_next(lb, &id, &k) == LADRO_OK) {
            sum.nodes += k.nodes;
            sum.leaves += k.leaves;
            if (k.max_depth > sum.max_depth)
                sum.max_depth = k.max_depth;
        }
        out->c = sum;
    }
    res->released = out->released;
    res->tasks = out->tasks;
    res->polls = out->polls;
    if (ended) { /* a task's error stops nothing globally: all ranks are here, agree */
        int failed = rc != 0;
        MPI_Allreduce(MPI_IN_PLACE, &failed, 1, MPI_INT, MPI_MAX, comm);
        if (failed) { /* every rank ends cleanly, so no line of the failing rank is lost */
            res->task_failed = true;
            ladro_destroy(&lb);
            out->lb = NULL;
            return rc;
        }
    }
    if (rc)
        return rc; /* caller aborts: other ranks may wait for this one */
    rc = ladro_stats_gather(lb, st);
    ladro_destroy(&lb);
    return rc;
}

/* The reference's banner and parameter lines, once per launch. */
static void uts__header(const uts_params_t *p)
{
    printf("UTS - Unbalanced Tree Search (ladro-uts, ladro %s)\n", ladro_version());
    uts_params_print(stdout, p);
}

static int uts__check_expect(const uts_opts_t *o, const uts_counts_t *c, const char *what)
{
    if (!o->have_expect)
        return 0;
    if (c->nodes == o->expect.nodes && c->leaves == o->expect.leaves &&
        c->max_depth == o->expect.max_depth) {
        printf("expect: OK (%s)\n", what);
        return 0;
    }
    fprintf(stderr, "expect: MISMATCH (%s): got nodes %" PRIu64 ", leaves %" PRIu64
            ", depth %" PRId64 "; expected %" PRIu64 ", %" PRIu64 ", %" PRId64 "\n", what,
            c->nodes, c->leaves, c->max_depth, o->expect.nodes, o->expect.leaves,
            o->expect.max_depth);
    return 1;
}

/* Plain DFS of the whole tree, timed in CPU time of this thread. */
static int uts__sequential(const uts_tree_t *tree, uts_counts_t *c, double *cpu_s,
                           double *wall_s)
{
    uts_node_t root;
    uts_root(tree, &root);
    memset(c, 0, sizeof *c);
    double c0 = uts__clock(CLOCK_THREAD_CPUTIME_ID), t0 = MPI_Wtime();
    int rc = uts_dfs(tree, &root, c);
    *cpu_s = uts__clock(CLOCK_THREAD_CPUTIME_ID) - c0;
    *wall_s = MPI_Wtime() - t0;
    return rc;
}

/* One parallel search under one policy. Returns 0 (counts right), 1 (wrong counts),
 * 2 (bad configuration, the same on every rank), 3 (policy skipped: cannot spawn). */
static int uts__parallel(const uts_opts_t *o, const app_mpi_t *mpi, const uts_tree_t *tree,
                         const char *policy, const char *sha)
{
    int rank = mpi->rank, size = mpi->size;
    char err[512] = "";
    ladro_config_t cfg;
    ladro_config_init(&cfg);
    cfg.chunk = 1;
    int rc = app_config_run(&cfg, policy, o->run.threads, err, sizeof err);
    if (rc == 0)
        rc = uts_config(&cfg, &o->tree, o->chunk, err, sizeof err);
    if (rc) {
        if (rank == 0)
            fprintf(stderr, "ladro-uts: %s\n", err);
        return 2;
    }

    uts_worker_t w;
    memset(&w, 0, sizeof w);
    uts_result_t res;
    memset(&res, 0, sizeof res);
    ladro_stats_t st;
    memset(&st, 0, sizeof st);
    err[0] = '\0';
    rc = uts__run_ladro(MPI_COMM_WORLD, tree, &cfg, &w, &res, &st, err, sizeof err);
    if (res.task_failed) { /* a task failed on some rank: the failing rank says why */
        if (rc)
            fprintf(stderr, "ladro-uts: %s\n", err);
        return 1;
    }
    if (rc == LADRO_ENOTSUP && w.lb == NULL) { /* create refused it on every rank */
        if (rank == 0)
            printf("policy %s skipped: %s\n", cfg.policy, err);
        return 3;
    }
    if (rc == LADRO_ETIMEDOUT && w.lb) { /* stall watchdog: every rank dumps its state */
        fprintf(stderr, "ladro-uts: rank %d: stalled: %s\n", rank, ladro_last_error(w.lb));
        ladro_dump_state(w.lb, stderr);
        fflush(stderr);
        if (ladro_destroy(&w.lb) != LADRO_OK)
            MPI_Abort(MPI_COMM_WORLD, 3);
        MPI_Finalize();
        exit(3);
    }
    if (rc) {
        fprintf(stderr, "ladro-uts: %s\n", err[0] ? err : ladro_strerror(rc));
        if (w.lb == NULL) /* create failed everywhere: a configuration error */
            return 2;
        MPI_Abort(MPI_COMM_WORLD, 1);
    }

    /* Global counts and per-rank figures. */
    uts_counts_t tot;
    MPI_Reduce(&w.c.nodes, &tot.nodes, 1, MPI_UINT64_T, MPI_SUM, 0, MPI_COMM_WORLD);
    MPI_Reduce(&w.c.leaves, &tot.leaves, 1, MPI_UINT64_T, MPI_SUM, 0, MPI_COMM_WORLD);
    MPI_Reduce(&w.c.max_depth, &tot.max_depth, 1, MPI_INT64_T, MPI_MAX, 0, MPI_COMM_WORLD);
    double mine[5] = {(double)w.c.nodes, res.wall_s, res.thread_cpu_s, res.proc_cpu_s,
                      (double)res.tasks};
    double *all = rank == 0 ? malloc(sizeof mine * (size_t)size) : NULL;
    MPI_Gather(mine, 5, MPI_DOUBLE, all, 5, MPI_DOUBLE, 0, MPI_COMM_WORLD);
    uint64_t agg[3] = {res.released, res.tasks, res.polls}, aggs[3];
    MPI_Reduce(agg, aggs, 3, MPI_UINT64_T, MPI_SUM, 0, MPI_COMM_WORLD);

    char oversub[128];
    bool sliced = app_oversubscribed(MPI_COMM_WORLD, oversub, sizeof oversub);
    int bad = 0;
    if (rank == 0) {
        double wall = 0, cpu = 0, pcpu = 0;
        for (int r = 0; r < size; r++) {
            wall = all[5 * r + 1] > wall ? all[5 * r + 1] : wall;
            cpu += all[5 * r + 2];
            pcpu += all[5 * r + 3];
        }
        double rate = (double)tot.nodes / wall;
        const ladro_config_t *used = &cfg;
        if (!o->quiet)
            printf("Execution strategy:  Parallel search using %d processes\n"
                   "   Load balance by work stealing (ladro, policy %s), chunk size = %d "
                   "nodes\n   Polling Interval: %d\n\n", size, used->policy,
                   o->tree.chunk, o->tree.poll);
        uts_counts_print(stdout, &tot, o->quiet ? 0 : wall, size);
        printf("%sladro %s, policy %s, %d rank%s, %u task(s) kept private, sha1: %s\n",
               o->quiet ? "" : "\n", ladro_version(), used->policy, size,
               size == 1 ? "" : "s", used->chunk, sha);
        if (!o->quiet) {
            printf("time %.3f s, %.4g nodes/s overall, %.4g nodes/s per rank\n", wall, rate,
                   rate / size);
            printf("cpu %.1f ns/node (main threads; %.1f ns/node whole processes)\n",
                   1e9 * cpu / (double)tot.nodes, 1e9 * pcpu / (double)tot.nodes);
            printf("runtime traffic: %.3f tasks/node, %.3f ladro_progress calls/node\n",
                   (double)aggs[1] / (double)tot.nodes, (double)aggs[2] / (double)tot.nodes);
            if (o->ref_rate > 0)
                printf("efficiency vs 1 rank: %.3f (rate / (%d x %.4g))\n",
                       rate / (size * o->ref_rate), size, o->ref_rate);
            else if (size == 1)
                printf("efficiency vs 1 rank: 1 (this is the 1-rank run; pass --ref-rate "
                       "%.6g to runs on more ranks)\n", rate);
            for (int r = 0; r < size; r++)
                printf("  rank %d: %.0f nodes, %.4g nodes/s, %.0f tasks, cpu %.3f s\n", r,
                       all[5 * r], all[5 * r] / all[5 * r + 1], all[5 * r + 4],
                       all[5 * r + 2]);
            ladro_stats_print(stdout, &st, used->policy);
            if (sliced)
                printf("  %s\n", oversub);
        }
        bad = uts__check_expect(o, &tot, "parallel");
        bad |= app_check_max_failed(o->run.max_failed, &st, used->policy);
        if (o->verify) {
            uts_counts_t s;
            double scpu, swall;
            if (uts__sequential(tree, &s, &scpu, &swall) == 0) {
                int same = s.nodes == tot.nodes && s.leaves == tot.leaves &&
                           s.max_depth == tot.max_depth;
                printf("verify: sequential DFS gives nodes %" PRIu64 ", leaves %" PRIu64
                       ", depth %" PRId64 ": %s\n", s.nodes, s.leaves, s.max_depth,
                       same ? "OK" : "MISMATCH");
                double seq_ns = 1e9 * scpu / (double)s.nodes;
                double lad_ns = 1e9 * cpu / (double)tot.nodes;
                if (size == 1)
                    printf("verify: CPU per node: sequential %.1f ns, ladro %.1f ns (runtime "
                           "share %.1f%%)\n", seq_ns, lad_ns, 100.0 * (lad_ns - seq_ns) / lad_ns);
                else
                    printf("verify: CPU per node: sequential %.1f ns; ladro %.1f ns summed "
                           "over %d ranks (steals, idle polling included)\n", seq_ns, lad_ns,
                           size);
                if (!same)
                    bad = 1;
            } else {
                fprintf(stderr, "verify: out of memory\n");
                bad = 1;
            }
        }
    }
    free(all);
    ladro_stats_free(&st);
    return app_root_status(bad);
}

int main(int argc, char **argv)
{
    app_mpi_t mpi;
    uts_opts_t o = {0};
    int rc;
    if (!app_mpi_start_threads(&argc, &argv, "ladro-uts", uts_parse, &o, &o.run.threads, &mpi,
                               &rc))
        return rc;
    int rank = mpi.rank;

    /* Open MPI turns on mpi_yield_when_idle when a node is oversubscribed; then every
     * ladro_progress (each -i nodes) gives the core away and a node costs ~20x more
     * (docs/uts.md). Say so once, since the numbers would otherwise mislead. */
    if (!o.quiet && !o.sequential) {
        MPI_Comm node;
        int local = 1;
        if (MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, 0, MPI_INFO_NULL,
                                &node) == MPI_SUCCESS) {
            MPI_Comm_size(node, &local);
            MPI_Comm_free(&node);
        }
        long cores = sysconf(_SC_NPROCESSORS_ONLN);
        if (rank == 0 && cores > 0 && local > cores && getenv("OMPI_COMM_WORLD_SIZE") &&
            !getenv("OMPI_MCA_mpi_yield_when_idle"))
            printf("note: %d ranks on %ld cores: Open MPI yields the core in every MPI "
                   "progress call; OMPI_MCA_mpi_yield_when_idle=0 or a larger -i avoids "
                   "it\n", local, cores);
    }

    uts_tree_t tree;
    uts_tree_init(&tree, &o.tree, o.portable_sha1 ? sha1_compress_portable : NULL);
    const char *sha = sha1_compress_name(tree.compress);
    if (rank == 0 && !o.quiet)
        uts__header(&o.tree);

    if (o.sequential) {
        int bad = 0;
        if (rank == 0) {
            uts_counts_t c;
            double cpu, wall;
            if (uts__sequential(&tree, &c, &cpu, &wall)) {
                fprintf(stderr, "ladro-uts: out of memory\n");
                MPI_Abort(MPI_COMM_WORLD, 1);
            }
            if (!o.quiet)
                printf("Execution strategy:  Iterative sequential search (no runtime)\n\n");
            uts_counts_print(stdout, &c, o.quiet ? 0 : wall, 1);
            printf("%sladro-uts sequential DFS, sha1: %s\n", o.quiet ? "" : "\n", sha);
            if (!o.quiet)
                printf("time %.3f s, %.4g nodes/s, %.1f ns/node CPU\n", wall,
                       (double)c.nodes / wall, 1e9 * cpu / (double)c.nodes);
            bad = uts__check_expect(&o, &c, "sequential");
        }
        MPI_Bcast(&bad, 1, MPI_INT, 0, MPI_COMM_WORLD);
        MPI_Finalize();
        return bad;
    }

    int bad = 0, ran = 0;
    app_policy_iter_t it;
    app_policy_begin(&it, o.run.policy);
    for (const char *pol; bad != 2 && (pol = app_policy_next(&it));) {
        int r = uts__parallel(&o, &mpi, &tree, pol, sha);
        if (r == 3)
            continue;
        ran++;
        if (r > bad)
            bad = r;
    }
    if (rank == 0 && ran > 1)
        printf("%d policies run: %s\n", ran, bad ? "FAILED" : "all counts right");
    MPI_Finalize();
    return bad;
}
