/* ladro-sim policy: ladro's policies - the runtime's own code (src/, every policy
 * unchanged) - on P simulated ranks, SimGrid S4U actors over the simulated engine
 * (sim/engine_s4u.c), running ladro-synth's workload (apps/common/workload_gen.c; the
 * DLB_Bench profiles of apps/common/profile.c) and checking that every task ran exactly
 * once and, with results, that every result came home once and intact (ladro-synth
 * --verify's checks). With --app uts the ranks run ladro-uts's search instead
 * (apps/uts/uts_search.c), a node costing --node-ns of simulated time, and the summed
 * counts are checked against the sequential DFS's; with --app nqueens ladro-nqueens's
 * (apps/nqueens/nqueens_search.c), a placement costing --placement-ns, the solutions
 * checked against OEIS A000170 and the tasks run against the task tree. The apps are
 * rows of one table (ladro__apps).
 *
 * Each policy runs in a child process of its own: a fresh simulation (SimGrid's engine
 * cannot be reset), its CPU time and peak memory measured alone, and a crash of one run
 * reported as that policy's failure. The platform a user gives is loaded once first, in
 * a child too, so a file SimGrid rejects (it aborts on bad XML) is a one-line error
 * before anything is written. docs/sim.md, "Policy-level simulation". */
#include "cli.h"
#include "engine_s4u.h"
#include "nqueens_cli.h"
#include "nqueens_search.h"
#include "profile.h"
#include "uts_cli.h"
#include "uts_search.h"
#include "workload_gen.h"

#include <simgrid/actor.h>
#include <simgrid/engine.h>
#include <simgrid/host.h>
#include <xbt/config.h>

#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#define LADRO__MAXPOL 64
/* --app uts: the default cost of a node, ns: ladro-uts's CPU per node on 1 rank, T1 with
 * SHA-NI (bench/uts/README.md, "Cost of a node") */
#define LADRO__NODE_NS 68
/* --app nqueens: the default cost of a placement, ns: ladro-nqueens's CPU per placement on
 * 1 rank, -n 16 and 17 --cutoff 6 (docs/sim.md, "--app nqueens") */
#define LADRO__PLACEMENT_NS 8.4
#define LADRO__STR2(x) #x
#define LADRO__STR(x) LADRO__STR2(x)
#define LADRO__PROG "policy"
/* A row for a duration in microseconds, in [0, 1e9], into the double *dest. */
#define LADRO__US_OPT(name, dest, ...)                                                      \
    {name, 0, LADROI_OPT_DOUBLE, dest, 0, 1e9,                                              \
     .accepted = "accepted: a number of microseconds in [0, 1e9]", __VA_ARGS__}

/* What a policy's child process hands back. */
typedef struct {
    int ok;          /* the child ran to the end */
    int err_rank, err_rc;
    char err[256];
    double makespan_s, done_s, busy_s;
    uint64_t lost, twice, bad_payloads;
    uint64_t steals_tried, steals_ok, steals_failed, tasks_moved, messages, term_waves;
    uint64_t steals_declined; /* steal_guard=pace */
    uint64_t min_run, max_run;
    /* results routing (the runtime's counters, summed; hops max: the longest route) */
    uint64_t result_chunks, result_msgs, result_records, results_home, route_hops,
        route_hops_max;
    wl_results_check_t rck; /* the owners' results check, summed over ranks */
    uint64_t tasks_run;     /* summed over ranks */
    uts_counts_t uts;       /* --app uts: the search's counts, summed over ranks */
    struct {                /* --app nqueens: the search's counts, summed over ranks */
        uint64_t solutions, placements, tasks, task_sum;
    } nq;
    /* --app uts, nqueens: when each rank began its first task (from its return from
     * create): the latest, the sum over the ranks that ran one, and how many never did */
    double first_task_max_s, first_task_sum_s;
    uint64_t ranks_no_task;
    double steal_time_s; /* time in remote steal attempts, summed over ranks */
    /* the policy's own counters (ladro_stats_print's), gathered over ranks as it says */
    int ncounters;
    char counter_names[LADRO_STATS_COUNTERS_MAX][LADRO_NAME_MAX];
    double counters[LADRO_STATS_COUNTERS_MAX];
} ladro__res_t;

/* --app's flags, and what its prepare computes before the runs (the oracle). */
typedef struct {
    uts_params_t up;        /* uts: the tree flags */
    double node_ns;         /* uts: --node-ns */
    uts_tree_t tree;        /* uts: the tree */
    uts_counts_t seq;       /* uts: the sequential DFS's counts */
    int n, cutoff;          /* nqueens: -n, --cutoff */
    double placement_ns;    /* nqueens: --placement-ns */
    uint64_t solutions;     /* nqueens: A000170(n), or the sequential count beyond it */
    bool oeis;              /* nqueens: solutions is A000170's */
    uint64_t tasks, task_sum; /* nqueens: the task tree (nq_task_tree) */
    double unit_s;          /* simulated time of a node (uts) or placement (nqueens) */
} ladro__appargs_t;

typedef struct ladro__run ladro__run_t;
typedef struct ladro__app ladro__app_t;

/* One simulation (in its child process). */
struct ladro__run {
    int p;
    int stack_kib; /* --stack-kib, or 0: ladro__simgrid_load's rule */
    const char *speed; /* --speed: each rank's speed (ladro_speed_of), set by ladro_emulate */
    const wl_spec_t *wl;
    ladro_config_t cfg;
    double overhead_s; /* --task-overhead-us */
    double progress_s; /* --progress-ms: ladro_progress that often inside a task, or 0 */
    ladro_s4u_costs_t costs;
    ladro_s4u_world_t *world;
    uint64_t ntasks;
    uint64_t *const *own; /* per rank: the ids it seeds */
    const uint64_t *nown;
    uint32_t *runs; /* per task id: times run */
    const ladro__app_t *app;
    const ladro__appargs_t *args;
    ladro__res_t *res;
    /* --progress (in the child): the policy's name, its place in the list, the tasks run
     * so far, the wall clock at the start and at the last line */
    bool progress;
    const char *name;
    int index, npol;
    uint64_t done;
    double wall0, wall_last;
};

/* What the ranks run (--app): one row per app (ladro__apps); NULL members: nothing of
 * the app's own (synth: ladro-synth's workload, the main flow's flags and checks). */
struct ladro__app {
    const char *name;
    const char *flags; /* its own flags, in the messages refusing the others */
    /* one rank's tasks until LADRO_DONE (the caller then sums the runtime's counters) */
    int (*rank)(ladro__run_t *run, int rank, ladro_t *lb);
    /* its ladro configuration, after the flags': 0, or a ladro error code (err) */
    int (*config)(const ladro__appargs_t *a, ladro_config_t *cfg, char *err, size_t errlen);
    /* the oracle and unit_s, before the runs: 0, or -1 (out of memory) */
    int (*prepare)(ladro__appargs_t *a);
    /* a run's work in simulated seconds at speed 1 (the lower bound: over the speeds) */
    double (*work_s)(const ladro__appargs_t *a, const ladro__res_t *r);
    /* a run's counts are the oracle's */
    bool (*verify)(const ladro__appargs_t *a, const ladro__res_t *r);
    /* output: the params' member (JSON), the first line (text), the row's counts (JSON
     * members, a text line, CSV columns named by csv_cols) */
    void (*json_params)(const ladro__appargs_t *a);
    void (*text_head)(const ladro__appargs_t *a, int p, const char *speed, double lambda_us,
                      uint64_t seed);
    void (*json_row)(const ladro__res_t *r);
    void (*text_row)(const ladro__res_t *r, uint64_t tasks);
    const char *csv_cols;
    void (*csv_row)(FILE *f, const ladro__res_t *r);
};

static void ladro__rank_error(ladro__run_t *run, int rank, int rc, const char *what)
{
    if (run->res->err_rc == 0) {
        run->res->err_rank = rank;
        run->res->err_rc = rc;
        snprintf(run->res->err, sizeof run->res->err, "%s", what);
    }
}

static int ladro__result_next(void *lb, uint64_t *id, void *bytes)
{
    return ladro_result_next(lb, id, bytes) != LADRO_OK;
}

/* The per-task overhead (--task-overhead-us): computation on --cores, else a pause. */
static void ladro__task_overhead(const ladro__run_t *run)
{
    if (run->overhead_s >= 1e-9 && run->costs.cpu)
        sg_actor_execute(run->overhead_s * sg_host_get_speed(sg_host_self()));
    else if (run->overhead_s >= 1e-9)
        sg_actor_sleep_for(run->overhead_s);
}

/* --progress: one line on stderr, rewritten at most twice a second of wall time, from
 * the ranks' task loops (every 1 024 tasks they look at the clock) and from their idle
 * waits (every 4 096, ladro_s4u_world_tick: a run's tail ends few tasks). Reading the
 * real clock is no simulation call: a run is the same with and without the line.
 * `final`: the line with the run's end, and a newline. */
static void ladro__show(ladro__run_t *run, bool final)
{
    double now = ladroi_now();
    if (!final && now - run->wall_last < 0.5)
        return;
    run->wall_last = now;
    char total[32] = "";
    if (run->ntasks)
        snprintf(total, sizeof total, "/%llu", (unsigned long long)run->ntasks);
    fprintf(stderr, "\rladro-sim policy: %s (%d/%d): %llu%s tasks run, %.6f s simulated, "
            "%.0f s   %s", run->name, run->index + 1, run->npol,
            (unsigned long long)run->done, total, simgrid_get_clock(), now - run->wall0,
            final ? "\n" : "");
    fflush(stderr);
}

static void ladro__tick(ladro__run_t *run, bool final)
{
    if (run->progress && (final || (++run->done & 1023) == 0))
        ladro__show(run, final);
}

static void ladro__tick_idle(void *run)
{
    ladro__show(run, false);
}

/* One rank's tasks through ladro_run until LADRO_DONE. With threads inside the rank
 * (threads=T, or paper=1's communication worker) its T worker actors call ladro__task,
 * each with its own of the app's T workers (w + index * wsize), while the rank's actor
 * serves the protocol (src/threads.c); else the rank's actor runs them. */
typedef struct ladro__rank_ctx ladro__rank_ctx_t;
struct ladro__rank_ctx {
    ladro__run_t *run;
    int (*fn)(ladro__rank_ctx_t *x, ladro_t *lb, void *w, const ladro_task_t *t);
    unsigned char *w;
    size_t wsize;
    double t0, first; /* the run's start, its first task's (< 0: none yet) */
};

static int ladro__task(ladro_t *lb, const ladro_task_t *t, void *arg)
{
    ladro__rank_ctx_t *x = arg;
    int i = ladro_thread_index(lb);
    if (x->first < 0)
        x->first = simgrid_get_clock() - x->t0;
    int rc = x->fn(x, lb, x->w + (size_t)(i > 0 ? i : 0) * x->wsize, t);
    ladro__task_overhead(x->run);
    ladro__tick(x->run, false);
    return rc;
}

/* rc: the setup's (0 to run). LADRO_DONE when every task ran, else the error. */
static int ladro__rank_run(ladro__run_t *run, ladro_t *lb, int rc, ladro__rank_ctx_t *x)
{
    x->run = run;
    x->t0 = simgrid_get_clock();
    x->first = -1;
    if (rc == 0)
        rc = ladro_run(lb, ladro__task, x);
    return rc == LADRO_OK ? LADRO_DONE : rc;
}

/* ladro-synth's task (wl_burn): its duration of simulated time in slices of
 * --progress-ms, ladro_progress after each (the runtime pads it to duration / speed).
 * out: the rank's result buffer, which its workers share (actors run one at a time and
 * no simulation call comes between its filling and ladro_result). */
static int ladro__synth_task(ladro__rank_ctx_t *x, ladro_t *lb, void *out,
                             const ladro_task_t *t)
{
    ladro__run_t *run = x->run;
    size_t pb = run->cfg.task_bytes, rb = run->cfg.result_bytes;
    if (t->id >= run->ntasks || !wl_check_payload(t->payload, pb, t->id))
        run->res->bad_payloads++;
    else
        run->runs[t->id]++;
    int rc;
    if (rb) { /* ladro-synth's result (wl_task), home through the runtime */
        wl_task_result(t->payload, pb, t->id, out, rb);
        if ((rc = ladro_result(lb, out)) != LADRO_OK)
            return rc;
    }
    double d = wl_task_seconds(run->wl, t->id), start = simgrid_get_clock(), left;
    while ((left = d - (simgrid_get_clock() - start)) >= 1e-9) { /* SimGrid's accuracy */
        sg_actor_sleep_for(run->progress_s > 0 && left > run->progress_s ? run->progress_s
                                                                         : left);
        if (run->progress_s > 0)
            ladro_progress(lb);
        else
            break;
    }
    return 0;
}

/* ladro-synth's tasks: seed this rank's, run them until LADRO_DONE. */
static int ladro__synth_rank(ladro__run_t *run, int rank, ladro_t *lb)
{
    size_t pb = run->cfg.task_bytes, rb = run->cfg.result_bytes;
    unsigned char *pay = malloc(pb ? pb : 1), *out = malloc(rb ? rb : 1);
    int rc = pay && out ? 0 : LADRO_ENOMEM;
    for (uint64_t i = 0; pay && i < run->nown[rank] && rc == 0; i++) {
        uint64_t id = run->own[rank][i];
        wl_fill_payload(pay, pb, id, wl_task_seconds(run->wl, id));
        ladro_task_t t = {.id = id, .payload = pay};
        rc = ladro_push(lb, &t);
    }
    free(pay);
    ladro__rank_ctx_t x = {.fn = ladro__synth_task, .w = out, .wsize = 0};
    rc = ladro__rank_run(run, lb, rc, &x);
    free(out);
    return rc;
}

/* --app uts, nqueens: the nodes or placements a rank went through cost unit_s of
 * simulated time each (the search's charge hook). */
static void ladro__charge(void *ctx, uint64_t units)
{
    const ladro__run_t *run = ctx;
    double d = (double)units * run->args->unit_s;
    if (d >= 1e-9) /* SimGrid's accuracy */
        sg_actor_sleep_for(d);
}

/* --app uts, nqueens: the ramp-up of a rank's run into res. */
static void ladro__ramp(ladro__res_t *res, const ladro__rank_ctx_t *x)
{
    if (x->first < 0)
        res->ranks_no_task++;
    else
        res->first_task_sum_s += x->first;
    if (x->first > res->first_task_max_s)
        res->first_task_max_s = x->first;
}

/* The rank's workers: cfg.threads of them (one without threads inside the rank). */
static int ladro__nworkers(const ladro__run_t *run)
{
    return run->cfg.threads > 1 ? (int)run->cfg.threads : 1;
}

static int ladro__uts_task(ladro__rank_ctx_t *x, ladro_t *lb, void *w, const ladro_task_t *t)
{
    (void)x;
    (void)lb;
    return uts_run_task(w, t);
}

/* --app uts: ladro-uts's search (apps/uts/uts_search.c) on this rank's workers, rank 0
 * seeding the root, until LADRO_DONE; its counts into res (the caller sums the
 * runtime's). */
static int ladro__uts_rank(ladro__run_t *run, int rank, ladro_t *lb)
{
    int nt = ladro__nworkers(run);
    uts_worker_t *ws = calloc((size_t)nt, sizeof *ws);
    int rc = ws ? 0 : LADRO_ENOMEM;
    for (int i = 0; ws && i < nt; i++) {
        if (uts_worker_init(&ws[i], lb, &run->args->tree, run->cfg.task_bytes, nt, i))
            rc = LADRO_ENOMEM;
        ws[i].charge = ladro__charge;
        ws[i].charge_ctx = run;
    }
    if (rc == 0 && rank == 0)
        rc = uts_seed_root(&ws[0]);
    ladro__rank_ctx_t x = {.fn = ladro__uts_task, .w = (unsigned char *)ws,
                           .wsize = sizeof *ws};
    rc = ladro__rank_run(run, lb, rc, &x);
    ladro__ramp(run->res, &x);
    for (int i = 0; ws && i < nt; i++) {
        run->res->uts.nodes += ws[i].c.nodes;
        run->res->uts.leaves += ws[i].c.leaves;
        if (ws[i].c.max_depth > run->res->uts.max_depth)
            run->res->uts.max_depth = ws[i].c.max_depth;
        uts_worker_free(&ws[i]);
    }
    free(ws);
    return rc;
}

static int ladro__nq_task(ladro__rank_ctx_t *x, ladro_t *lb, void *w, const ladro_task_t *t)
{
    (void)x;
    (void)lb;
    return nq_run_task(w, t);
}

/* --app nqueens: ladro-nqueens's search (apps/nqueens/nqueens_search.c) on this rank's
 * workers, rank 0 seeding the empty board, until LADRO_DONE; its counts into res. */
static int ladro__nq_rank(ladro__run_t *run, int rank, ladro_t *lb)
{
    int nt = ladro__nworkers(run);
    nq_worker_t *ws = calloc((size_t)nt, sizeof *ws);
    int rc = ws ? 0 : LADRO_ENOMEM;
    for (int i = 0; ws && i < nt; i++) {
        nq_worker_init(&ws[i], lb, run->args->n, run->args->cutoff, nt, i);
        ws[i].charge = ladro__charge;
        ws[i].charge_ctx = run;
    }
    if (rc == 0 && rank == 0)
        rc = nq_seed_root(&ws[0]);
    ladro__rank_ctx_t x = {.fn = ladro__nq_task, .w = (unsigned char *)ws,
                           .wsize = sizeof *ws};
    rc = ladro__rank_run(run, lb, rc, &x);
    ladro__ramp(run->res, &x);
    for (int i = 0; ws && i < nt; i++) {
        run->res->nq.solutions += ws[i].count;
        run->res->nq.placements += ws[i].nodes;
        run->res->nq.tasks += ws[i].tasks;
        run->res->nq.task_sum += ws[i].task_sum;
    }
    free(ws);
    return rc;
}

/* One rank: the app's tasks until LADRO_DONE; then the runtime's counters into res. */
static void ladro__rank_main(int argc, char **argv)
{
    (void)argc;
    ladro__run_t *run = sg_actor_self_get_data();
    ladro__res_t *res = run->res;
    int rank = atoi(argv[1]);
    char err[256] = "";
    ladro_t *lb = NULL;
    int rc = ladro_s4u_create(run->world, rank, &run->cfg, &lb, err, sizeof err);
    if (rc) {
        ladro__rank_error(run, rank, rc, err);
        return;
    }
    double speed = 1; /* the spec checked for the run's rank count (ladro__workload) */
    if (ladro_speed_of(run->speed, rank, run->p, &speed, err, sizeof err) == 0 && speed < 1 &&
        (rc = ladro_emulate(lb, speed, LADRO_EMULATE_SLEEP)) != 0) {
        ladro__rank_error(run, rank, rc, ladro_last_error(lb));
        return;
    }
    rc = run->app->rank(run, rank, lb);
    if (rc == LADRO_DONE) {
        ladro_rank_stats_t st;
        if ((rc = ladro_stats_local(lb, &st)) == 0) {
            if (st.last_task_end_s > res->makespan_s)
                res->makespan_s = st.last_task_end_s;
            if (st.wall_s > res->done_s)
                res->done_s = st.wall_s;
            res->busy_s += st.busy_s;
            res->steals_tried += st.steals_tried;
            res->steals_ok += st.steals_ok;
            res->steals_failed += st.steals_failed;
            res->steals_declined += st.steals_declined;
            res->tasks_run += st.tasks_run;
            res->steal_time_s += st.steal_time_s;
            res->tasks_moved += st.tasks_stolen;
            res->messages += st.info_msgs;
            res->result_chunks += st.result_chunks;
            res->result_msgs += st.result_msgs;
            res->result_records += st.result_records_sent;
            res->results_home += st.results_home;
            res->route_hops += st.route_hops;
            if (st.term_waves > res->term_waves)
                res->term_waves = st.term_waves;
            if (st.route_hops_max > res->route_hops_max)
                res->route_hops_max = st.route_hops_max;
            if (rank == 0 || st.tasks_run < res->min_run)
                res->min_run = st.tasks_run;
            if (st.tasks_run > res->max_run)
                res->max_run = st.tasks_run;
            size_t nc = ladro_s4u_counters(lb);
            for (size_t i = 0; i < nc && i < LADRO_STATS_COUNTERS_MAX; i++) {
                const char *cname;
                bool max;
                ladro_s4u_counter(lb, i, &cname, &max);
                snprintf(res->counter_names[i], sizeof res->counter_names[i], "%s", cname);
                res->counters[i] = max ? fmax(res->counters[i], st.counters[i])
                                       : res->counters[i] + st.counters[i];
            }
            res->ncounters = (int)(nc < LADRO_STATS_COUNTERS_MAX ? nc : LADRO_STATS_COUNTERS_MAX);
        }
        if (run->cfg.result_bytes) /* this owner takes its results and checks them
                                      (ladro-synth --verify) */
            wl_check_owner_results(run->wl, rank, run->own[rank], run->nown[rank],
                                   run->cfg.result_bytes, ladro__result_next, lb,
                                   "ladro-sim policy", &res->rck);
    }
    if (rc != LADRO_DONE && rc != LADRO_OK)
        ladro__rank_error(run, rank, rc, ladro_last_error(lb));
    rc = ladro_destroy(&lb);
    if (rc)
        ladro__rank_error(run, rank, rc, "ladro_destroy failed");
}

/* The default platform: a flat cluster of p hosts (1 Gflop/s) where a message between two
 * hosts takes lambda (two private links of lambda/2) and 10 GB/s; with cores > 0, one
 * host of that many cores instead (--cores). */
static int ladro__flat_platform(char *path, size_t n, int p, double lambda_us, int cores)
{
    const char *tmp = getenv("TMPDIR");
    snprintf(path, n, "%s/ladro-sim-XXXXXX.xml", tmp && *tmp ? tmp : "/tmp");
    int fd = mkstemps(path, 4);
    if (fd < 0)
        return -1;
    FILE *f = fdopen(fd, "w");
    if (!f) {
        close(fd);
        remove(path);
        return -1;
    }
    fprintf(f, "<?xml version='1.0'?>\n"
               "<!DOCTYPE platform SYSTEM \"https://simgrid.org/simgrid.dtd\">\n"
               "<platform version=\"4.1\">\n");
    if (cores > 0)
        fprintf(f, "  <zone id=\"ladro\" routing=\"None\">\n"
                   "    <host id=\"machine\" speed=\"1Gf\" core=\"%d\"/>\n"
                   "  </zone>\n", cores);
    else
        fprintf(f, "  <cluster id=\"ladro\" prefix=\"r\" suffix=\"\" radical=\"0-%d\" "
                   "speed=\"1Gf\"\n           bw=\"10GBps\" lat=\"%.9fs\"/>\n",
                p - 1, lambda_us * 0.5e-6);
    fprintf(f, "</platform>\n");
    if (fclose(f) != 0) {
        remove(path);
        return -1;
    }
    return 0;
}

/* Hosts in natural name order: digit runs compare as numbers (node-2 before node-10). */
static int ladro__natcmp(const char *x, const char *y)
{
    while (*x && *y) {
        if (isdigit((unsigned char)*x) && isdigit((unsigned char)*y)) {
            while (*x == '0' && isdigit((unsigned char)x[1]))
                x++;
            while (*y == '0' && isdigit((unsigned char)y[1]))
                y++;
            size_t lx = 0, ly = 0;
            while (isdigit((unsigned char)x[lx]))
                lx++;
            while (isdigit((unsigned char)y[ly]))
                ly++;
            if (lx != ly)
                return lx < ly ? -1 : 1;
            int c = strncmp(x, y, lx);
            if (c)
                return c;
            x += lx;
            y += ly;
        } else {
            if (*x != *y)
                return (unsigned char)*x < (unsigned char)*y ? -1 : 1;
            x++;
            y++;
        }
    }
    return (unsigned char)*x - (unsigned char)*y;
}

static int ladro__host_cmp(const void *a, const void *b)
{
    return ladro__natcmp(sg_host_get_name(*(const sg_host_t *)a),
                         sg_host_get_name(*(const sg_host_t *)b));
}

/* The kernel's limit on a process's memory mappings; its default if it cannot be read. */
static long ladro__max_map_count(void)
{
    long v = 0;
    FILE *f = fopen("/proc/sys/vm/max_map_count", "r");
    if (f) {
        if (fscanf(f, "%ld", &v) != 1)
            v = 0;
        fclose(f);
    }
    return v > 0 ? v : 65530;
}

/* SimGrid in this (child) process: quiet (unless asked), the stack and guard settings
 * for p actors (docs/sim.md; stack_kib: --stack-kib, or 0), the CPU model's update. Then
 * the platform; the hosts in natural name order. */
static sg_host_t *ladro__simgrid_load(const char *platform, bool quiet, int p, int stack_kib,
                                      bool cpu, size_t *nh)
{
    char a0[] = "ladro-sim", a1[] = "--log=root.thres:critical";
    char *sgargv[] = {a0, a1, NULL};
    int sgargc = quiet ? 2 : 1;
    if (!quiet)
        sgargv[1] = NULL;
    simgrid_init(&sgargc, sgargv); /* registers the keys, which the platform's loading reads */
    /* Many actors need small stacks. A guard page turns an overflow into a crash at once
     * instead of a neighbour's corruption, and only a guarded stack's touched pages are
     * resident; but each guarded stack is two memory mappings, and the kernel allows
     * vm.max_map_count of them (65 530 unless raised). So: 64 KiB stacks with guards
     * while the limit allows them, else 32 KiB without (every policy runs in 16 KiB: the
     * tests run with --stack-kib 16; docs/sim.md, "Scaling the simulated engine"). */
    bool guards = 2L * p + 4096 <= ladro__max_map_count();
    sg_cfg_set_int("contexts/stack-size", stack_kib > 0 ? stack_kib : guards ? 64 : 32);
    if (!guards)
        sg_cfg_set_int("contexts/guard-size", 0);
    /* Ranks only sleep unless costs are computation (--cores): the CPU model's
     * trace-integration update gives the same dates as the default, for about 30% less
     * CPU */
    if (!cpu)
        sg_cfg_set_string("cpu/optim", "TI");
    simgrid_load_platform(platform);
    *nh = sg_host_count();
    sg_host_t *all = sg_host_list();
    if (all && *nh)
        qsort(all, *nh, sizeof *all, ladro__host_cmp);
    return all;
}

/* Load a user's platform in a child process (SimGrid aborts the process on a file it
 * rejects): its host count, or -1 with SimGrid's first error line in why. */
static long ladro__platform_hosts(const char *platform, char *why, size_t whylen)
{
    int out[2], errp[2];
    why[0] = 0;
    if (pipe(out) || pipe(errp)) {
        snprintf(why, whylen, "cannot create a pipe: %s", strerror(errno));
        return -1;
    }
    fflush(NULL);
    pid_t pid = fork();
    if (pid < 0) {
        snprintf(why, whylen, "cannot fork: %s", strerror(errno));
        return -1;
    }
    if (pid == 0) {
        close(out[0]);
        close(errp[0]);
        dup2(errp[1], 2);
        dup2(errp[1], 1);
        size_t nh = 0;
        sg_host_t *all = ladro__simgrid_load(platform, false, 0, 0, false, &nh);
        free(all);
        long v = (long)nh;
        ssize_t w = write(out[1], &v, sizeof v);
        _exit(w == (ssize_t)sizeof v ? 0 : 1);
    }
    close(out[1]);
    close(errp[1]);
    long nh = -1;
    if (read(out[0], &nh, sizeof nh) != (ssize_t)sizeof nh)
        nh = -1;
    char buf[4096];
    size_t n = 0;
    ssize_t k;
    while ((k = read(errp[0], buf + n, sizeof buf - 1 - n)) > 0 && n < sizeof buf - 1)
        n += (size_t)k;
    buf[n] = 0;
    close(out[0]);
    close(errp[0]);
    int status = 0;
    waitpid(pid, &status, 0);
    if (WIFEXITED(status) && WEXITSTATUS(status) == 0 && nh >= 0)
        return nh;
    /* SimGrid's complaint: the first line that says what is wrong, shortened */
    char *line = NULL;
    for (char *s = strtok(buf, "\n"); s && !line; s = strtok(NULL, "\n"))
        if (strstr(s, "rror") || strstr(s, "arse") || strstr(s, "nknown"))
            line = s;
    if (!line)
        line = strtok(buf, "\n");
    if (line) {
        for (char *b; (b = strstr(line, "] ")) != NULL;) /* drop "[category/LEVEL] " */
            line = b + 2;
        snprintf(why, whylen, "%.160s", line);
    } else if (WIFSIGNALED(status)) {
        snprintf(why, whylen, "SimGrid stopped on signal %d", WTERMSIG(status));
    } else {
        snprintf(why, whylen, "SimGrid could not load it");
    }
    return -1;
}

/* One policy in this (child) process: simulate, check, fill res. */
static void ladro__simulate(ladro__run_t *run, const char *platform)
{
    size_t nh = 0;
    sg_host_t *all = ladro__simgrid_load(platform, true, run->p, run->stack_kib, run->costs.cpu,
                                           &nh);
    if (all && nh == 1 && run->costs.cpu) { /* --cores: every rank on the one host */
        sg_host_t *one = realloc(all, (size_t)run->p * sizeof *one);
        for (int r = 1; one && r < run->p; r++)
            one[r] = one[0];
        all = one;
        nh = one ? (size_t)run->p : 0;
    }
    run->runs = calloc(run->ntasks ? run->ntasks : 1, sizeof *run->runs);
    run->world = all && nh >= (size_t)run->p && run->runs ? ladro_s4u_world_new(run->p, all)
                                                          : NULL;
    if (!run->world) {
        ladro__rank_error(run, 0, LADRO_ENOMEM, "out of memory for the simulated ranks");
        return;
    }
    ladro_s4u_world_costs(run->world, &run->costs);
    if (run->progress)
        ladro_s4u_world_tick(run->world, ladro__tick_idle, run);
    ladro_s4u_world_start(run->world, ladro__rank_main, run);
    run->wall0 = run->wall_last = ladroi_now();
    simgrid_run();
    ladro__tick(run, true);
    ladro_s4u_world_free(run->world);
    for (uint64_t id = 0; id < run->ntasks; id++) {
        run->res->lost += run->runs[id] == 0;
        run->res->twice += run->runs[id] > 1;
    }
    run->res->ok = 1;
    free(run->runs);
    free(all);
}

/* Run one policy in a child: its result, CPU seconds and peak RSS (MB). 0, or -1 with a
 * one-line reason in why. */
static int ladro__run_child(ladro__run_t *run, const char *platform, ladro__res_t *res,
                            double *cpu_s, double *rss_mb, char *why, size_t whylen)
{
    int fd[2];
    memset(res, 0, sizeof *res);
    if (pipe(fd)) {
        snprintf(why, whylen, "cannot create a pipe: %s", strerror(errno));
        return -1;
    }
    fflush(NULL);
    pid_t pid = fork();
    if (pid < 0) {
        close(fd[0]);
        close(fd[1]);
        snprintf(why, whylen, "cannot fork: %s", strerror(errno));
        return -1;
    }
    if (pid == 0) {
        close(fd[0]);
        run->res = res;
        ladro__simulate(run, platform);
        const char *b = (const char *)res;
        size_t left = sizeof *res;
        while (left) {
            ssize_t w = write(fd[1], b, left);
            if (w <= 0)
                _exit(1);
            b += w;
            left -= (size_t)w;
        }
        _exit(0);
    }
    close(fd[1]);
    size_t got = 0;
    ssize_t k;
    while (got < sizeof *res && (k = read(fd[0], (char *)res + got, sizeof *res - got)) > 0)
        got += (size_t)k;
    close(fd[0]);
    int status = 0;
    struct rusage ru;
    memset(&ru, 0, sizeof ru);
    while (wait4(pid, &status, 0, &ru) < 0 && errno == EINTR)
        ;
    *cpu_s = (double)ru.ru_utime.tv_sec + 1e-6 * (double)ru.ru_utime.tv_usec +
             (double)ru.ru_stime.tv_sec + 1e-6 * (double)ru.ru_stime.tv_usec;
    *rss_mb = (double)ru.ru_maxrss / 1024.0;
    if (got != sizeof *res || !res->ok) {
        if (WIFSIGNALED(status))
            snprintf(why, whylen, "the simulation stopped on signal %d (%s)%s",
                     WTERMSIG(status), strsignal(WTERMSIG(status)),
                     WTERMSIG(status) == SIGSEGV ? "; if a rank's stack overflowed, a larger "
                                                   "--stack-kib helps" : "");
        else
            snprintf(why, whylen, "the simulation ended without a result (exit %d)",
                     WIFEXITED(status) ? WEXITSTATUS(status) : -1);
        return -1;
    }
    return 0;
}

/* Named sets of engine costs (--costs; docs/sim.md, "Costs"). A flag given on its own
 * overrides its set's value. */
typedef struct {
    const char *name;
    double rma_latencies, rma_us, msg_us, poll_us, wake_us, task_us, progress_ms;
    int cores; /* 0: a host per rank */
} ladro__costset_t;
static const ladro__costset_t ladro__costsets[] = {
    /* the platform's routes only: a one-sided operation is a round trip */
    {"flat", 2, 0, 0, 0, 0, 0, 1, 0},
    /* fitted once for every policy against Open MPI on an oversubscribed 2-core machine,
     * 8 and 16 ranks (bench/sim-calibrate/fit.py; bench/sim-calibrate/README.md) */
    {"this-machine", 2, 10, 20, 2, 0, 100, 1, 2},
};
#define LADRO__NCOSTSETS (sizeof ladro__costsets / sizeof ladro__costsets[0])

static int ladro__opt_wl(const ladroi_opt_t *opt, const char *v, void *ctx, char *msg,
                         size_t msglen)
{
    (void)ctx, (void)msg, (void)msglen;
    return opt->data ? wl_parse_init(opt->dest, v) : wl_parse_dist(opt->dest, v);
}

/* --profile NAME | list, with --profile-scale (an EARLY option: --profile uses it
 * wherever it stands): the workload's tasks per rank, payload and work per task, in place
 * (later flags override), and the task capacity (ladro-synth --profile's meaning). */
typedef struct {
    wl_spec_t *wl;
    double scale;
    uint32_t cap;     /* 0: no profile (the runtime's default) */
    const char *name; /* the profile's, or NULL */
} ladro__prof_t;

static int ladro__opt_profile(const ladroi_opt_t *opt, const char *v, void *ctx, char *msg,
                              size_t msglen)
{
    (void)opt;
    ladro__prof_t *c = ctx;
    return wl_profile_opt(v, c->scale, stdout, c->wl, &c->cap, &c->name, msg, msglen);
}

/* The runtime configuration of policy `name`: the flags' settings (cap: the profile's
 * task capacity, or 0; app: --app's, with its flags a), then every KEY=VALUE and, for
 * this policy, every NAME:KEY=VALUE. 0, or 2 after a one-line error. */
static int ladro__policy_config(ladro_config_t *cfg, const char *name, const char *speed,
                                const wl_spec_t *wl, unsigned cap, uint64_t rb,
                                const ladro__app_t *app, const ladro__appargs_t *a,
                                const char *const *keys, int nkeys)
{
    char err[1024], v[32];
    ladro_config_init(cfg);
    if (ladro_config_set(cfg, "policy", name, err, sizeof err))
        return ladro_sim_usage_error(LADRO__PROG, "--policy '%s': %s", name, err);
    double s;
    if (ladro_speed_of(speed, 0, 1, &s, err, sizeof err))
        return ladro_sim_usage_error(LADRO__PROG, "--speed: %s", err);
    snprintf(v, sizeof v, "%llu", (unsigned long long)wl->seed);
    ladro_config_set(cfg, "seed", v, err, sizeof err);
    snprintf(v, sizeof v, "%zu", wl->payload);
    ladro_config_set(cfg, "task_bytes", v, err, sizeof err);
    snprintf(v, sizeof v, "%llu", (unsigned long long)rb);
    ladro_config_set(cfg, "result_bytes", v, err, sizeof err);
    snprintf(v, sizeof v, "%u", cap);
    if (cap && ladro_config_set(cfg, "task_capacity", v, err, sizeof err))
        return ladro_sim_usage_error(LADRO__PROG, "--profile: %s", err);
    /* Idle ranks back off unless told otherwise (idle=spin): a simulated host has a core
     * per rank, so auto would spin, and every spin pause is an event for every idle rank
     * (10 000 ranks: 38 s of CPU backing off, 2 464 s spinning). */
    ladro_config_set(cfg, "idle", "backoff", err, sizeof err);
    /* the app's settings (uts: ladro-uts's, one task kept private,
     * chunks of -c nodes; nqueens: ladro-nqueens's, a placement per task) */
    if (app->config && app->config(a, cfg, err, sizeof err))
        return ladro_sim_usage_error(LADRO__PROG, "--app %s: %s", app->name, err);
    const char *const *names = ladro_policy_names();
    for (int k = 0; k < nkeys; k++) {
        char kv[512];
        snprintf(kv, sizeof kv, "%s", keys[k]);
        char *key = kv, *colon = strchr(kv, ':'), *eq = strchr(kv, '=');
        if (!eq || eq == kv)
            return ladro_sim_usage_error(LADRO__PROG, "argument '%s': accepted: KEY=VALUE or "
                                         "POLICY:KEY=VALUE (keys: ladro_print_config)", keys[k]);
        if (colon && colon < eq) {
            *colon = 0;
            for (char *c = kv; *c; c++) /* POLICY in any case, as --policy */
                *c = (char)tolower((unsigned char)*c);
            int known = 0;
            for (int n = 0; names[n]; n++)
                known |= !strcmp(names[n], kv);
            if (!known)
                return ladro_sim_usage_error(LADRO__PROG, "'%s': unknown policy '%s' (see "
                                             "--policy)", keys[k], kv);
            key = colon + 1;
        }
        *eq = 0;
        if (key != kv && strcmp(kv, name) != 0) {
            /* another policy's key: refused here too when that policy would refuse it */
            ladro_config_t other;
            ladro_config_init(&other);
            if (ladro_config_set(&other, "policy", kv, err, sizeof err) == 0 &&
                ladro_config_set(&other, key, eq + 1, err, sizeof err) != 0)
                return ladro_sim_usage_error(LADRO__PROG, "'%s': %s", keys[k], err);
            continue;
        }
        if (!strcmp(key, "policy"))
            return ladro_sim_usage_error(LADRO__PROG, "'%s': the policies are chosen by "
                                         "--policy", keys[k]);
        if (ladro_config_set(cfg, key, eq + 1, err, sizeof err))
            return ladro_sim_usage_error(LADRO__PROG, "'%s': %s", keys[k], err);
    }
    if (ladro_config_validate(cfg, err, sizeof err))
        return ladro_sim_usage_error(LADRO__PROG, "policy %s: %s", name, err);
    return 0;
}

/* Every rank's seeded task ids (own[r], nown[r]: allocated here), the sum of the speeds
 * and the lower bound, the runtime's: max(sum of work / sum of speeds, longest task), and
 * the longest task. 0, or -1 out of memory. */
static int ladro__workload(const wl_spec_t *wl, int p, const char *speed, uint64_t ntasks,
                           uint64_t **own, uint64_t *nown, double *speeds, double *lower,
                           double *longest_s)
{
    int *owner = malloc((ntasks ? ntasks : 1) * sizeof *owner);
    double work = 0, longest = 0, speed_sum = 0;
    if (!owner)
        return -1;
    for (uint64_t id = 0; id < ntasks; id++) {
        owner[id] = wl_task_owner(wl, id, ntasks, p);
        nown[owner[id]]++;
        double d = wl_task_seconds(wl, id);
        work += d;
        longest = d > longest ? d : longest;
    }
    for (int r = 0; r < p; r++) {
        if (!(own[r] = malloc((nown[r] ? nown[r] : 1) * sizeof **own))) {
            free(owner);
            return -1;
        }
        nown[r] = 0;
        double s = 1;
        ladro_speed_of(speed, r, p, &s, NULL, 0);
        speed_sum += s;
    }
    for (uint64_t id = 0; id < ntasks; id++)
        own[owner[id]][nown[owner[id]]++] = id;
    free(owner);
    *speeds = speed_sum;
    *lower = speed_sum > 0 ? work / speed_sum : 0;
    if (longest > *lower)
        *lower = longest;
    *longest_s = longest;
    return 0;
}

static void ladro__csv_head(FILE *f, const char *app_cols)
{
    fprintf(f, "policy,p,tasks,speed,lambda_us,makespan_s,lower_bound_s,efficiency,idle_mean,"
               "steals_tried,steals_ok,steals_failed,tasks_moved,messages,term_waves,"
               "min_tasks_run,max_tasks_run,lost,twice,verified,done_s,cpu_s,peak_rss_mb,"
               "result_bytes,results,result_chunks,result_msgs,msgs_per_chunk,"
               "result_records,results_home,route_hops_mean,route_hops_max%s\n",
            app_cols ? app_cols : "");
}

/* s as a JSON string on stdout (NULL: null). */
static void ladro__json_str(const char *s)
{
    if (!s) {
        fputs("null", stdout);
        return;
    }
    putchar('"');
    for (; *s; s++) {
        if (*s == '"' || *s == '\\')
            printf("\\%c", *s);
        else if ((unsigned char)*s < 0x20)
            printf("\\u%04x", (unsigned char)*s);
        else
            putchar(*s);
    }
    putchar('"');
}

/* Where and how the results go. */
typedef struct {
    bool json, text; /* JSON on stdout, else a text line (unless the CSV is stdout) */
    FILE *csv;       /* or NULL */
    int p;
    uint64_t ntasks;
    const char *speed;
    double lambda_us, lower;
    double longest; /* the longest task (synth), a floor of the lower bound */
    unsigned workers; /* the policy's worker threads per rank (threads=T): the bound's
                         processors are p x workers */
    uint64_t rb; /* the policy's result_bytes */
    const ladro__app_t *app; /* with rank counts (not synth): ntasks is the policy's
                                tasks run, and its counts and ramp-up are shown */
} ladro__out_t;

/* One policy's result (the i-th): a JSON member, a text line, a CSV row. */
static void ladro__row(const ladro__out_t *o, int i, const char *name, const ladro__res_t *r,
                       bool verified, double cpu, double rss)
{
    double workers = o->workers > 1 ? o->workers : 1;
    double lower = fmax(o->lower / workers, o->longest);
    double eff = r->makespan_s > 0 ? lower / r->makespan_s : 0;
    double idle = r->done_s > 0 ? 1 - r->busy_s / ((double)o->p * workers * r->done_s) : 0;
    /* messages per routed result (chunk), the mean route of results home from afar */
    double per_chunk = r->result_chunks ? (double)r->result_msgs / (double)r->result_chunks : 0;
    double hops = r->results_home ? (double)r->route_hops / (double)r->results_home : 0;
    typedef unsigned long long ull;
    if (o->json)
        printf("%s\n  {\"policy\": \"%s\", \"makespan_s\": %.9g, \"lower_bound_s\": %.9g, "
               "\"efficiency\": %.6f, \"idle_mean\": %.6g, \"steals_tried\": %llu, "
               "\"steals_ok\": %llu, \"steals_failed\": %llu, \"steals_declined\": %llu, "
               "\"tasks_moved\": %llu, \"messages\": %llu, \"term_waves\": %llu, "
               "\"min_tasks_run\": %llu, "
               "\"max_tasks_run\": %llu, \"tasks\": %llu, \"lost\": %llu, \"twice\": %llu, "
               "\"verified\": %s, \"done_s\": %.9g, \"cpu_s\": %.3f, \"peak_rss_mb\": %.1f, "
               "\"result_bytes\": %llu, \"results\": %llu, \"results_wrong\": %llu, "
               "\"results_missing\": %llu, \"result_checksums_bad\": %llu, "
               "\"result_chunks\": %llu, \"result_msgs\": %llu, \"msgs_per_chunk\": %.6g, "
               "\"result_records\": %llu, \"results_home\": %llu, \"route_hops_mean\": %.6g, "
               "\"route_hops_max\": %llu",
               i ? "," : "", name, r->makespan_s, lower, eff, idle, (ull)r->steals_tried,
               (ull)r->steals_ok, (ull)r->steals_failed, (ull)r->steals_declined,
               (ull)r->tasks_moved, (ull)r->messages, (ull)r->term_waves, (ull)r->min_run, (ull)r->max_run,
               (ull)o->ntasks, (ull)r->lost, (ull)r->twice, verified ? "true" : "false",
               r->done_s, cpu, rss, (ull)o->rb, (ull)r->rck.received, (ull)r->rck.wrong,
               (ull)r->rck.missing, (ull)r->rck.bad_sums, (ull)r->result_chunks,
               (ull)r->result_msgs, per_chunk, (ull)r->result_records, (ull)r->results_home,
               hops, (ull)r->route_hops_max);
    if (o->json && r->ncounters > 0) {
        printf(", \"counters\": {");
        for (int c = 0; c < r->ncounters; c++)
            printf("%s\"%s\": %.9g", c ? ", " : "", r->counter_names[c], r->counters[c]);
        putchar('}');
    }
    if (o->json && o->app->json_row) {
        uint64_t got = (uint64_t)o->p - r->ranks_no_task;
        o->app->json_row(r);
        printf(", \"first_task_max_s\": %.9g, \"first_task_mean_s\": %.9g, "
               "\"ranks_no_task\": %llu, \"steal_time_s\": %.9g}", r->first_task_max_s,
               got ? r->first_task_sum_s / (double)got : 0, (ull)r->ranks_no_task,
               r->steal_time_s);
    }
    else if (o->json)
        putchar('}');
    else if (o->text) {
        printf("%-12s makespan %.6f s  lower bound %.6f s  efficiency %.3f  done %.6f s  "
               "verified %s (lost %llu, twice %llu)  cpu %.2f s  rss %.0f MB\n",
               name, r->makespan_s, lower, eff, r->done_s, verified ? "yes" : "NO",
               (ull)r->lost, (ull)r->twice, cpu, rss);
        if (o->rb || r->result_msgs)
            printf("%-12s results %llu of %llu home (%llu wrong or twice, %llu missing, %llu "
                   "checksums bad); %llu chunks, %llu messages (%.3f per chunk), routes %.2f "
                   "hops (max %llu)\n", "", (ull)r->rck.received, (ull)(o->rb ? o->ntasks : 0),
                   (ull)r->rck.wrong, (ull)r->rck.missing, (ull)r->rck.bad_sums,
                   (ull)r->result_chunks, (ull)r->result_msgs, per_chunk, hops,
                   (ull)r->route_hops_max);
        if (o->app->text_row)
            o->app->text_row(r, o->ntasks);
    }
    if (o->csv) {
        const char *q = strchr(o->speed, ',') ? "\"" : ""; /* a list of speeds: quoted */
        fprintf(o->csv, "%s,%d,%llu,%s%s%s,%g,%.9g,%.9g,%.6f,%.6g,%llu,%llu,%llu,%llu,%llu,"
                        "%llu,%llu,%llu,%llu,%llu,%s,%.9g,%.3f,%.1f,%llu,%llu,%llu,%llu,%.6g,"
                        "%llu,%llu,%.6g,%llu",
                name, o->p, (ull)o->ntasks, q, o->speed, q, o->lambda_us, r->makespan_s,
                lower, eff, idle, (ull)r->steals_tried, (ull)r->steals_ok,
                (ull)r->steals_failed, (ull)r->tasks_moved, (ull)r->messages,
                (ull)r->term_waves, (ull)r->min_run, (ull)r->max_run, (ull)r->lost,
                (ull)r->twice, verified ? "true" : "false", r->done_s, cpu, rss, (ull)o->rb,
                (ull)r->rck.received, (ull)r->result_chunks, (ull)r->result_msgs, per_chunk,
                (ull)r->result_records, (ull)r->results_home, hops, (ull)r->route_hops_max);
        if (o->app->csv_row)
            o->app->csv_row(o->csv, r);
        fputc('\n', o->csv);
    }
}

typedef unsigned long long ladro__ull;

/* ---- --app uts: ladro-uts's search, checked against uts_tree's sequential DFS ---- */

static int ladro__uts_config(const ladro__appargs_t *a, ladro_config_t *cfg, char *err,
                             size_t errlen)
{
    return uts_config(cfg, &a->up, 1, err, errlen);
}

static int ladro__uts_prepare(ladro__appargs_t *a)
{
    uts_tree_init(&a->tree, &a->up, NULL);
    uts_node_t root;
    uts_root(&a->tree, &root);
    a->unit_s = a->node_ns * 1e-9;
    return uts_dfs(&a->tree, &root, &a->seq) ? -1 : 0;
}

static double ladro__uts_work(const ladro__appargs_t *a, const ladro__res_t *r)
{
    (void)r;
    return (double)a->seq.nodes * a->node_ns * 1e-9;
}

static bool ladro__uts_verify(const ladro__appargs_t *a, const ladro__res_t *r)
{
    return r->uts.nodes == a->seq.nodes && r->uts.leaves == a->seq.leaves &&
           r->uts.max_depth == a->seq.max_depth;
}

static void ladro__uts_json_params(const ladro__appargs_t *a)
{
    const uts_params_t *u = &a->up;
    printf(", \"uts\": {\"t\": %d, \"b\": %g, \"a\": %d, \"d\": %d, \"q\": %g, "
           "\"m\": %d, \"r\": %d, \"f\": %g, \"g\": %d, \"c\": %d, \"i\": %d, "
           "\"node_ns\": %g, \"nodes\": %llu, \"leaves\": %llu, \"max_depth\": %lld}",
           u->type, u->b0, u->shape, u->gen_mx, u->q, u->m, u->root_seed, u->shift, u->gran,
           u->chunk, u->poll, a->node_ns, (ladro__ull)a->seq.nodes, (ladro__ull)a->seq.leaves,
           (long long)a->seq.max_depth);
}

static void ladro__uts_text_head(const ladro__appargs_t *a, int p, const char *speed,
                                 double lambda_us, uint64_t seed)
{
    printf("ladro-sim policy: p=%d app=uts tree: %llu nodes, %llu leaves, depth %lld "
           "(sequential DFS); -c %d -i %d, node %g ns, speed=%s lambda=%g us seed=%llu "
           "(simulated engine)\n", p, (ladro__ull)a->seq.nodes, (ladro__ull)a->seq.leaves,
           (long long)a->seq.max_depth, a->up.chunk, a->up.poll, a->node_ns, speed, lambda_us,
           (ladro__ull)seed);
}

static void ladro__uts_json_row(const ladro__res_t *r)
{
    printf(", \"nodes\": %llu, \"leaves\": %llu, \"max_depth\": %lld", (ladro__ull)r->uts.nodes,
           (ladro__ull)r->uts.leaves, (long long)r->uts.max_depth);
}

static void ladro__uts_text_row(const ladro__res_t *r, uint64_t tasks)
{
    printf("%-12s %llu nodes, %llu leaves, depth %lld in %llu tasks; steals %llu ok, "
           "%llu failed\n", "", (ladro__ull)r->uts.nodes, (ladro__ull)r->uts.leaves,
           (long long)r->uts.max_depth, (ladro__ull)tasks, (ladro__ull)r->steals_ok,
           (ladro__ull)r->steals_failed);
}

static void ladro__uts_csv_row(FILE *f, const ladro__res_t *r)
{
    fprintf(f, ",%llu,%llu,%lld", (ladro__ull)r->uts.nodes, (ladro__ull)r->uts.leaves,
            (long long)r->uts.max_depth);
}

/* ---- --app nqueens: ladro-nqueens's search, checked against A000170 and the task tree */

static int ladro__nq_config(const ladro__appargs_t *a, ladro_config_t *cfg, char *err,
                            size_t errlen)
{
    (void)a;
    return nq_config(cfg, err, errlen);
}

static int ladro__nq_prepare(ladro__appargs_t *a)
{
    a->cutoff = a->cutoff < a->n ? a->cutoff : a->n; /* capped, as ladro-nqueens's */
    int64_t want = nq_oeis(a->n);
    a->oeis = want >= 0;
    if (a->oeis) {
        a->solutions = (uint64_t)want;
    } else { /* beyond the table: the sequential count */
        nq_state_t root = {0, 0, 0, 0};
        a->solutions = nq_count(a->n, &root, NULL, NULL, NULL, NULL);
    }
    nq_task_tree(a->n, a->cutoff, &a->tasks, &a->task_sum);
    a->unit_s = a->placement_ns * 1e-9;
    return 0;
}

/* the run's own placements: the same in every run that ran each task once */
static double ladro__nq_work(const ladro__appargs_t *a, const ladro__res_t *r)
{
    return (double)r->nq.placements * a->placement_ns * 1e-9;
}

/* the solutions, and every task of the tree run once: as many as the tree's, by the
 * search and by the runtime, and the sum of their hashes the tree's */
static bool ladro__nq_verify(const ladro__appargs_t *a, const ladro__res_t *r)
{
    return r->nq.solutions == a->solutions && r->nq.tasks == a->tasks &&
           r->tasks_run == a->tasks && r->nq.task_sum == a->task_sum;
}

static void ladro__nq_json_params(const ladro__appargs_t *a)
{
    printf(", \"nqueens\": {\"n\": %d, \"c\": %d, \"placement_ns\": %g, \"solutions\": %llu, "
           "\"solutions_from\": \"%s\", \"tasks\": %llu}", a->n, a->cutoff, a->placement_ns,
           (ladro__ull)a->solutions, a->oeis ? "A000170" : "sequential count",
           (ladro__ull)a->tasks);
}

static void ladro__nq_text_head(const ladro__appargs_t *a, int p, const char *speed,
                                double lambda_us, uint64_t seed)
{
    printf("ladro-sim policy: p=%d app=nqueens -n %d --cutoff %d: %llu solutions (%s), %llu tasks; "
           "placement %g ns, speed=%s lambda=%g us seed=%llu (simulated engine)\n", p, a->n,
           a->cutoff, (ladro__ull)a->solutions, a->oeis ? "OEIS A000170" : "sequential count",
           (ladro__ull)a->tasks, a->placement_ns, speed, lambda_us, (ladro__ull)seed);
}

static void ladro__nq_json_row(const ladro__res_t *r)
{
    printf(", \"solutions\": %llu, \"placements\": %llu", (ladro__ull)r->nq.solutions,
           (ladro__ull)r->nq.placements);
}

static void ladro__nq_text_row(const ladro__res_t *r, uint64_t tasks)
{
    printf("%-12s %llu solutions, %llu placements in %llu tasks; steals %llu ok, %llu "
           "failed\n", "", (ladro__ull)r->nq.solutions, (ladro__ull)r->nq.placements,
           (ladro__ull)tasks, (ladro__ull)r->steals_ok, (ladro__ull)r->steals_failed);
}

static void ladro__nq_csv_row(FILE *f, const ladro__res_t *r)
{
    fprintf(f, ",%llu,%llu", (ladro__ull)r->nq.solutions, (ladro__ull)r->nq.placements);
}

static const ladro__app_t ladro__apps[] = {
    {.name = "synth", .flags = "workload flags (--tasks-per-rank ... --progress-ms)",
     .rank = ladro__synth_rank},
    {.name = "uts", .flags = "tree and search flags (-t ... -i, --node-ns)",
     .rank = ladro__uts_rank, .config = ladro__uts_config, .prepare = ladro__uts_prepare,
     .work_s = ladro__uts_work, .verify = ladro__uts_verify,
     .json_params = ladro__uts_json_params, .text_head = ladro__uts_text_head,
     .json_row = ladro__uts_json_row, .text_row = ladro__uts_text_row,
     .csv_cols = ",nodes,leaves,max_depth", .csv_row = ladro__uts_csv_row},
    {.name = "nqueens", .flags = "board flags (-n, --cutoff, --placement-ns)",
     .rank = ladro__nq_rank, .config = ladro__nq_config, .prepare = ladro__nq_prepare,
     .work_s = ladro__nq_work, .verify = ladro__nq_verify,
     .json_params = ladro__nq_json_params, .text_head = ladro__nq_text_head,
     .json_row = ladro__nq_json_row, .text_row = ladro__nq_text_row,
     .csv_cols = ",solutions,placements", .csv_row = ladro__nq_csv_row},
};
#define LADRO__NAPPS (sizeof ladro__apps / sizeof ladro__apps[0])

/* The command line's context for FN rows: --profile's (first: ladro__opt_profile reads
 * the context as a ladro__prof_t). */
typedef struct {
    ladro__prof_t prof;
    const char *const *app;    /* --app (EARLY: set before the other flags) */
    const ladroi_opt_t *opts;  /* the table */
} ladro__ctx_t;

/* One `ladro-sim policy` command: its flags (with their defaults), then what the runs
 * share, and what ladro_sim_policy_main releases at its end. */
typedef struct {
    ladro__ctx_t ctx;
    wl_spec_t wl;
    int p, quiet, progress, json;
    const char *jsonp, *pols, *speed, *platform, *csvp, *costs;
    double lambda_us;
    int stack_kib; /* --stack-kib; 0: the rule of ladro__simgrid_load */
    /* -1: not given, the --costs set's value */
    double rma_lat, rma_us, msg_us, poll_us, wake_us, overhead_us, progress_ms;
    int cores;
    uint64_t rb;
    /* --app: the apps' flags (uts: the tree, the cost of a node; nqueens: the board, the
     * cost of a placement). *_seen: the argv index of the last flag given of ladro-synth's
     * workload, the UTS flags, the N-Queens flags; each app refuses the others' */
    const char *app;
    ladro__appargs_t a;
    int synth_seen, uts_seen, nq_seen;
    const char **keys; /* KEY=VALUE and POLICY:KEY=VALUE arguments */
    int nkeys, threads; /* --threads T: the key threads=T, first (a threads= key wins) */
    char threads_kv[32];
    /* from the flags */
    const ladro__app_t *ap;
    const ladro__costset_t *set;
    char polbuf[512], *list[LADRO__MAXPOL];
    ladro_config_t cfgs[LADRO__MAXPOL];
    int npol;
    uint64_t ntasks;
    char tmp[512]; /* the flat platform's file, written here; "" with --platform */
    FILE *csv;
    ladro_sim_json_t jout;
    /* the workload: every rank's seeded tasks; the lower bound (an app's: per run) */
    uint64_t *nown, **own;
    double lower, speed_sum, longest;
    ladro__run_t run;
} ladro__cmd_t;

static void ladro__cmd_init(ladro__cmd_t *m, int argc)
{
    memset(m, 0, sizeof *m);
    wl_spec_init(&m->wl);
    m->wl.tasks_per_rank = 10;
    m->p = 8;
    m->progress = isatty(2);
    m->jout.saved = -1;
    m->pols = "random";
    m->speed = "1";
    m->lambda_us = 5;
    m->costs = "flat";
    m->rma_lat = m->rma_us = m->msg_us = m->poll_us = m->wake_us = m->overhead_us = -1;
    m->progress_ms = -1;
    m->cores = -1;
    m->app = "synth";
    m->ctx = (ladro__ctx_t){{&m->wl, WL_PROFILE_SCALE, 0, NULL}, &m->app, NULL};
    uts_params_default(&m->a.up);
    m->a.node_ns = LADRO__NODE_NS;
    m->a.n = NQ_DEFAULT_N;
    m->a.cutoff = NQ_DEFAULT_CUTOFF;
    m->a.placement_ns = LADRO__PLACEMENT_NS;
    m->keys = calloc((size_t)argc + 1, sizeof *m->keys);
}

/* The option table is built in three parts, in --help's order: the run and its
 * workload (ladro__rows_run), the engine (ladro__rows_engine), then the apps' and the
 * output flags (ladro__parse). Each part holds at most LADRO__ROWS rows. */
#define LADRO__ROWS 24

static int ladro__rows_run(ladro__cmd_t *m, ladroi_opt_t *o)
{
    const ladroi_opt_t rows[] = {
        {"--policy", 0, LADROI_OPT_STR, &m->pols, .arg = "LIST",
         .help = "comma list or 'all' (any case): static, leader, random, ctws,\n"
                 "a2ws, baseline, successonly, smallworld (default random);\n"
                 "per-policy keys: POLICY:KEY=VALUE arguments (below)"},
        {"--p", 0, LADROI_OPT_INT, &m->p, 1, 1 << 20, .arg = "N",
         .help = "simulated ranks (default 8)"},
        {"--threads", 0, LADROI_OPT_INT, &m->threads, 1, 1024, .arg = "T",
         .help = "worker threads per rank (worker actors beside the rank's\n"
                 "communication actor), the key threads=T (LADRO_THREADS)"},
        {"--app", 0, LADROI_OPT_STR, &m->app, .arg = "APP", .flags = LADROI_OPT_EARLY,
         .help = "the workload: synth (default: ladro-synth's tasks, the flags\n"
                 "below), uts (ladro-uts's search of the tree the UTS flags give)\n"
                 "or nqueens (ladro-nqueens's search, the N-Queens flags)"},
        {"--tasks-per-rank", 0, LADROI_OPT_U64, &m->wl.tasks_per_rank, 1, 1e7, .arg = "K",
         .help = "tasks per rank on average (default 10)",
         .accepted = "accepted: an integer in [1, 1e7]", .seen = &m->synth_seen},
        {"--tasks", 0, LADROI_OPT_U64, &m->wl.tasks, 1, 1e10, .arg = "N",
         .help = "tasks in all, spread over the ranks as --init says (even: the\n"
                 "first N mod P ranks get one more); instead of --tasks-per-rank",
         .accepted = "accepted: an integer in [1, 1e10]", .seen = &m->synth_seen},
        {"--work-ms", 0, LADROI_OPT_DOUBLE, &m->wl.work_ms, 1e-6, 1e9, .arg = "X",
         .help = "mean task duration at full speed, ms (default 10)",
         .accepted = "accepted: a number of ms in [1e-6, 1e9]", .seen = &m->synth_seen},
        {"--work-dist", 0, LADROI_OPT_FN, &m->wl, .arg = "D", .help = APP_WORK_DIST_HELP,
         .accepted = wl_dist_accepted, .fn = ladro__opt_wl, .seen = &m->synth_seen},
        {"--init", 0, LADROI_OPT_FN, &m->wl, .arg = "I",
         .help = "even | one | gauss70-10 (initial placement; default even)",
         .accepted = wl_init_accepted, .fn = ladro__opt_wl, .data = "init",
         .seen = &m->synth_seen},
        wl_opt_profile(ladro__opt_profile, &m->synth_seen),
        wl_opt_profile_scale(&m->ctx.prof.scale, &m->synth_seen),
        {"--result-bytes", 0, LADROI_OPT_U64, &m->rb, 0, 1 << 20, .arg = "B",
         .help = "each task returns B result bytes to its origin rank through\n"
                 "ladro's results API, checked there (default 0: none)",
         .accepted = "accepted: bytes in [0, 1048576]", .seen = &m->synth_seen},
        {"--speed", 0, LADROI_OPT_STR, &m->speed, .arg = "SPEC",
         .help = "C1..C5 (A2WS Table 2 profiles) or a list '1,0.5' cycled over\n"
                 "ranks (default 1)"},
    };
    _Static_assert(sizeof rows / sizeof rows[0] <= LADRO__ROWS, "too many rows");
    memcpy(o, rows, sizeof rows);
    return (int)(sizeof rows / sizeof rows[0]);
}

static int ladro__rows_engine(ladro__cmd_t *m, ladroi_opt_t *o)
{
    const ladroi_opt_t rows[] = {
        {"--platform", 0, LADROI_OPT_STR, &m->platform, .arg = "FILE",
         .help = "a SimGrid platform (XML) instead of the flat cluster: rank r\n"
                 "on its r-th host in natural name order; at least --p hosts"},
        LADRO__US_OPT("--lambda-us", &m->lambda_us, .arg = "L",
                      .help = "latency between two hosts of the default flat cluster, us\n"
                              "(default 5; --lambda too)"),
        LADRO__US_OPT("--lambda", &m->lambda_us, .flags = LADROI_OPT_HIDDEN),
        {"--costs", 0, LADROI_OPT_STR, &m->costs, .arg = "SET",
         .help = "the engine's costs (docs/sim.md, \"Costs\"): flat (default: the\n"
                 "routes only: every cost below 0, a host per rank) or\n"
                 "this-machine (fitted to Open MPI, 8-16 ranks on 2 cores: --cores 2,\n"
                 "rma 10, msg 20, poll 2, wake 0, task overhead 100 us); a flag\n"
                 "below overrides that one cost of the set"},
        {"--rma-latencies", 0, LADROI_OPT_DOUBLE, &m->rma_lat, 0, 1e3, .arg = "K",
         .help = "route latencies per one-sided operation (default 2: a round trip)",
         .accepted = "accepted: a number in [0, 1000]"},
        LADRO__US_OPT("--rma-us", &m->rma_us, .arg = "X",
                      .help = "software cost per one-sided operation on another rank, us"),
        LADRO__US_OPT("--msg-us", &m->msg_us, .arg = "X",
                      .help = "added to every message's travel time, us"),
        LADRO__US_OPT("--poll-us", &m->poll_us, .arg = "X",
                      .help = "cost of every test, probe and progress call, us"),
        LADRO__US_OPT("--wake-us", &m->wake_us, .arg = "X",
                      .help = "a sleeping rank (back-off, speed padding) wakes this late, us"),
        LADRO__US_OPT("--task-overhead-us", &m->overhead_us, .arg = "X",
                      .help = "added to every task's duration, us (the runtime's and the\n"
                              "machine's per-task cost)"),
        {"--cores", 0, LADROI_OPT_INT, &m->cores, 0, 1 << 20, .arg = "N",
         .help = "every rank on ONE host of N cores, instead of a host per rank:\n"
                 "the rma, poll, wake and task costs are computation shared by\n"
                 "the ranks computing at once (an oversubscribed machine)"},
        {"--progress-ms", 0, LADROI_OPT_DOUBLE, &m->progress_ms, 0, 1e9, .arg = "X",
         .help = "a task calls ladro_progress every X ms of its run, as\n"
                 "ladro-synth's do (default 1; 0: never)",
         .accepted = "accepted: a number of ms in [0, 1e9]", .seen = &m->synth_seen},
        {"--seed", 0, LADROI_OPT_U64, &m->wl.seed, 0, 9223372036854775807.0, .arg = "S",
         .help = "workload and runtime seed (default 1)",
         .accepted = "accepted: a non-negative integer"},
        {"--stack-kib", 0, LADROI_OPT_INT, &m->stack_kib, 16, 1 << 20, .arg = "K",
         .help = "each simulated rank's stack, KiB (default 64 with a guard page,\n"
                 "or 32 without when vm.max_map_count is too low; docs/sim.md)",
         .accepted = "accepted: an integer of KiB in [16, 1048576]"},
    };
    _Static_assert(sizeof rows / sizeof rows[0] <= LADRO__ROWS, "too many rows");
    memcpy(o, rows, sizeof rows);
    return (int)(sizeof rows / sizeof rows[0]);
}

/* The command line into m: ladroi_cli_parse's 0 (run), 1 (help printed) or 2 (usage
 * error printed). The apps' rows are this function's own: the UTS rows' names are
 * compound literals, alive while it parses. */
static int ladro__parse(ladro__cmd_t *m, int argc, char **argv)
{
    const ladroi_opt_t tail[] = {
        {.kind = LADROI_OPT_TEXT, .help = "--app uts: ladro-uts's tree and search flags "
                                           "(docs/uts.md; default: the reference's)"},
        UTS_TREE_OPTS(&m->a.up, &m->uts_seen),
        UTS_CHUNK_OPTS(&m->a.up, &m->uts_seen),
        {"--node-ns", 0, LADROI_OPT_DOUBLE, &m->a.node_ns, 0, 1e9, .arg = "NS",
         .help = "--app uts: simulated time of one node, ns (default " LADRO__STR(
                     LADRO__NODE_NS) ": ladro-uts's\n"
                 "measured CPU per node on 1 rank, T1, docs/results.md)",
         .accepted = "accepted: a number of ns in [0, 1e9]", .seen = &m->uts_seen},
        {.kind = LADROI_OPT_TEXT, .help = "--app nqueens: ladro-nqueens's flags (docs/nqueens.md)"},
        NQ_BOARD_OPTS(&m->a.n, &m->a.cutoff, &m->nq_seen),
        {"--placement-ns", 0, LADROI_OPT_DOUBLE, &m->a.placement_ns, 0, 1e9, .arg = "NS",
         .help = "--app nqueens: simulated time of one placement, ns (default\n"
                 LADRO__STR(LADRO__PLACEMENT_NS) ": ladro-nqueens's measured CPU per placement "
                 "on 1 rank,\n-n 16 and 17 --cutoff 6, docs/sim.md)",
         .accepted = "accepted: a number of ns in [0, 1e9]", .seen = &m->nq_seen},
        {.kind = LADROI_OPT_TEXT, .help = "output:"},
        {"--csv", 0, LADROI_OPT_STR, &m->csvp, .arg = "FILE",
         .help = "one CSV row per policy ('-' = stdout)"},
        APP_OPT_JSON(&m->jsonp, "JSON {\"params\": ..., \"policies\": [...]} on stdout, or\n"
                             "into FILE"),
        APP_OPT_PROGRESS(&m->progress, "a progress line per policy on stderr: tasks run,\n"
                                    "simulated and wall time (default: when stderr is a\n"
                                    "terminal)"),
        APP_OPT_QUIET(&m->quiet),
        {"--help", 'h', LADROI_OPT_HELP, .help = "this text"},
        APP_OPT_RENAMED,
        {0},
    };
    ladroi_opt_t opts[2 * LADRO__ROWS + sizeof tail / sizeof tail[0]];
    int n = ladro__rows_run(m, opts);
    n += ladro__rows_engine(m, opts + n);
    memcpy(opts + n, tail, sizeof tail);
    const ladroi_cli_t cli = {
        .prog = "ladro-sim policy",
        .usage = "usage: ladro-sim policy --policy LIST --p N [options] [KEY=VALUE | "
                 "POLICY:KEY=VALUE ...]\n"
                 "ladro's runtime (every policy's own code) on N simulated ranks (SimGrid S4U "
                 "actors),\non ladro-synth's workload; checks that every task ran exactly "
                 "once and every\nresult came home once and intact (docs/sim.md). --app uts: "
                 "on ladro-uts's search\ninstead, its counts checked against the sequential "
                 "DFS's; --app nqueens: on\nladro-nqueens's, its solutions against OEIS "
                 "A000170 and its tasks against the\ntask tree.\n"
                 "KEY=VALUE sets a runtime configuration key "
                 "(ladro_print_config) for every policy,\nPOLICY:KEY=VALUE for that one.\n",
        .opts = opts,
        .ctx = &m->ctx,
        .pos = m->keys,
        .maxpos = argc,
        .npos = &m->nkeys,
    };
    m->ctx.opts = opts;
    int rc = ladroi_cli_parse(&cli, argc, argv, NULL, 0);
    m->ctx.opts = NULL; /* the table lives in this function only */
    return rc;
}

/* The flags' combinations, --app and --costs: 0, or 2 after a one-line usage error. */
static int ladro__check_flags(ladro__cmd_t *m, char **argv)
{
    if (m->json && strcmp(m->jsonp, "-") && m->csvp && !strcmp(m->csvp, "-"))
        return ladro_sim_usage_error(LADRO__PROG, "--csv - with --json FILE: accepted: one "
                                     "of them on stdout");
    for (size_t i = 0; i < LADRO__NAPPS && !m->ap; i++)
        if (!strcmp(m->app, ladro__apps[i].name))
            m->ap = &ladro__apps[i];
    if (!m->ap) {
        char names[64] = ""; /* the table's names: "synth, uts, nqueens" */
        for (size_t i = 0, at = 0; i < LADRO__NAPPS && at < sizeof names; i++)
            at += (size_t)snprintf(names + at, sizeof names - at, "%s%s", i ? ", " : "",
                                   ladro__apps[i].name);
        return ladro_sim_usage_error(LADRO__PROG, "--app '%s': accepted: %s", m->app, names);
    }
    const ladro__app_t *ap = m->ap;
    bool uts = ap->rank == ladro__uts_rank, nq = ap->rank == ladro__nq_rank;
    /* a flag of another app's than --app's, named as given, and whose it is */
    int other = 0;
    const char *owner = NULL;
    if (!uts && m->uts_seen)
        other = m->uts_seen, owner = "uts";
    else if (!nq && m->nq_seen)
        other = m->nq_seen, owner = "nqueens";
    else if (ap->prepare && m->synth_seen)
        other = m->synth_seen, owner = "synth";
    if (other)
        return ladro_sim_usage_error(LADRO__PROG, "%s with --app %s: accepted: the %s (%s is "
                                     "for --app %s)", argv[other], m->app, ap->flags,
                                     argv[other], owner);
    for (size_t i = 0; i < LADRO__NCOSTSETS && !m->set; i++)
        if (!strcmp(m->costs, ladro__costsets[i].name))
            m->set = &ladro__costsets[i];
    if (!m->set)
        return ladro_sim_usage_error(LADRO__PROG, "--costs '%s': accepted: flat, this-machine",
                                     m->costs);
#define LADRO__FROM_SET(v, f) (v) = (v) < 0 ? m->set->f : (v)
    LADRO__FROM_SET(m->rma_lat, rma_latencies);
    LADRO__FROM_SET(m->rma_us, rma_us);
    LADRO__FROM_SET(m->msg_us, msg_us);
    LADRO__FROM_SET(m->poll_us, poll_us);
    LADRO__FROM_SET(m->wake_us, wake_us);
    LADRO__FROM_SET(m->overhead_us, task_us);
    LADRO__FROM_SET(m->progress_ms, progress_ms);
    LADRO__FROM_SET(m->cores, cores);
#undef LADRO__FROM_SET
    return 0;
}

/* The policy list and every policy's configuration, before anything runs: 0, or 2 after
 * a one-line usage error. */
static int ladro__policies(ladro__cmd_t *m)
{
    const char *const *names = ladro_policy_names();
    if (m->threads > 0) { /* --threads T: the key, before the others (a threads= key wins) */
        memmove(m->keys + 1, m->keys, (size_t)m->nkeys * sizeof *m->keys);
        snprintf(m->threads_kv, sizeof m->threads_kv, "threads=%d", m->threads);
        m->keys[0] = m->threads_kv;
        m->nkeys++;
    }
    if (!strcasecmp(m->pols, "all")) {
        m->polbuf[0] = 0;
        for (int i = 0; names[i]; i++)
            snprintf(m->polbuf + strlen(m->polbuf), sizeof m->polbuf - strlen(m->polbuf),
                     "%s%s", i ? "," : "", names[i]);
    } else if (snprintf(m->polbuf, sizeof m->polbuf, "%s", m->pols) >= (int)sizeof m->polbuf) {
        return ladro_sim_usage_error(LADRO__PROG, "--policy: too long");
    }
    char *save = NULL;
    for (char *t = strtok_r(m->polbuf, ",", &save); t; t = strtok_r(NULL, ",", &save)) {
        if (m->npol == LADRO__MAXPOL)
            return ladro_sim_usage_error(LADRO__PROG, "--policy: more than %d policies",
                                         m->npol);
        for (char *c = t; *c; c++) /* names in any case, printed (and keyed) lower case */
            *c = (char)tolower((unsigned char)*c);
        m->list[m->npol] = t;
        if (ladro__policy_config(&m->cfgs[m->npol], t, m->speed, &m->wl, m->ctx.prof.cap,
                                 m->rb, m->ap, &m->a, m->keys, m->nkeys))
            return 2;
        m->npol++;
    }
    if (m->npol == 0)
        return ladro_sim_usage_error(LADRO__PROG, "--policy '%s': accepted: all or a comma "
                                     "list of policies", m->pols);
    return 0;
}

/* --platform checked (readable, loadable, enough hosts), or the flat cluster written to
 * m->tmp; then --csv opened and --json begun: 0, or 2 after a one-line usage error. */
static int ladro__outputs(ladro__cmd_t *m)
{
    char why[256];
    if (m->platform && m->cores > 0)
        return ladro_sim_usage_error(LADRO__PROG, "--cores %d with --platform: accepted: one "
                                     "of them (--cores makes the platform: one host)",
                                     m->cores);
    if (m->platform) {
        if (access(m->platform, R_OK) != 0)
            return ladro_sim_usage_error(LADRO__PROG, "--platform '%s': cannot read it (%s)",
                                         m->platform, strerror(errno));
        long nh = ladro__platform_hosts(m->platform, why, sizeof why);
        if (nh < 0)
            return ladro_sim_usage_error(LADRO__PROG, "--platform '%s': not a platform "
                                         "SimGrid can load: %s", m->platform, why);
        if (nh < m->p)
            return ladro_sim_usage_error(LADRO__PROG, "--platform '%s': %ld hosts for --p %d; "
                                         "accepted: a platform with at least --p hosts (one "
                                         "rank per host)", m->platform, nh, m->p);
    } else {
        if (ladro__flat_platform(m->tmp, sizeof m->tmp, m->p, m->lambda_us, m->cores)) {
            ladro_sim_usage_error(LADRO__PROG, "cannot write the platform file '%s' (TMPDIR): "
                                  "%s", m->tmp, strerror(errno));
            m->tmp[0] = 0;
            return 2;
        }
        m->platform = m->tmp;
    }
    if (m->csvp) {
        m->csv = strcmp(m->csvp, "-") ? fopen(m->csvp, "w") : stdout;
        if (!m->csv)
            return ladro_sim_usage_error(LADRO__PROG, "--csv '%s': cannot write it (%s)",
                                         m->csvp, strerror(errno));
    }
    return ladro_sim_json_begin(LADRO__PROG, m->jsonp, &m->jout) ? 2 : 0;
}

/* The app's oracle (uts: its counts by uts_tree's sequential DFS; nqueens: A000170 and
 * the task tree), the workload and what every run shares: 0, or 1 after a message. */
static int ladro__prepare(ladro__cmd_t *m)
{
    const ladro__app_t *ap = m->ap;
    if (ap->prepare && ap->prepare(&m->a)) {
        fprintf(stderr, "ladro-sim policy: out of memory for the sequential search\n");
        return 1;
    }
    ladro__run_t *run = &m->run;
    run->app = ap;
    run->args = &m->a;
    int p = m->p;
    m->nown = calloc((size_t)p, sizeof *m->nown);
    m->own = calloc((size_t)p, sizeof *m->own);
    if (!m->nown || !m->own ||
        ladro__workload(&m->wl, p, m->speed, m->ntasks, m->own, m->nown, &m->speed_sum,
                        &m->lower, &m->longest)) {
        fprintf(stderr, "ladro-sim policy: out of memory for %llu tasks\n",
                (unsigned long long)m->ntasks);
        return 1;
    }
    run->p = p;
    run->stack_kib = m->stack_kib;
    run->speed = m->speed;
    run->wl = &m->wl;
    run->overhead_s = m->overhead_us * 1e-6;
    run->progress_s = m->progress_ms * 1e-3;
    run->costs = (ladro_s4u_costs_t){.rma_latencies = m->rma_lat, .rma_s = m->rma_us * 1e-6,
                                     .msg_s = m->msg_us * 1e-6, .poll_s = m->poll_us * 1e-6,
                                     .wake_s = m->wake_us * 1e-6, .cpu = m->cores > 0,
                                     .uniform = m->tmp[0] != 0 /* the flat cluster */};
    run->ntasks = m->ntasks;
    run->progress = m->progress != 0;
    run->npol = m->npol;
    run->own = m->own;
    run->nown = m->nown;
    return 0;
}

/* --json's "params" object, opening the "policies" array. */
static void ladro__json_head(const ladro__cmd_t *m)
{
    /* tasks_per_rank: the average when --tasks gave the total */
    printf("{\"params\": {\"p\": %d, \"tasks\": %llu, \"tasks_per_rank\": %g, "
           "\"work_ms\": %g, \"speed\": \"%s\", \"lambda_us\": %g, \"platform\": ",
           m->p, (unsigned long long)m->ntasks, (double)m->ntasks / m->p, m->wl.work_ms,
           m->speed, m->lambda_us);
    ladro__json_str(m->tmp[0] ? NULL : m->platform);
    printf(", \"costs\": \"%s\", \"rma_latencies\": %g, \"rma_us\": %g, \"msg_us\": %g, "
           "\"poll_us\": %g, \"wake_us\": %g, \"task_overhead_us\": %g, "
           "\"progress_ms\": %g, \"cores\": %d, \"seed\": %llu, \"engine\": \"s4u\", "
           "\"payload\": %zu, \"task_capacity\": %u, \"profile\": ", m->set->name, m->rma_lat,
           m->rma_us, m->msg_us, m->poll_us, m->wake_us, m->overhead_us, m->progress_ms,
           m->cores, (unsigned long long)m->wl.seed,
           m->ap->config ? m->cfgs[0].task_bytes : m->wl.payload, m->cfgs[0].task_capacity);
    ladro__json_str(m->ctx.prof.name);
    printf(", \"profile_scale\": %g, \"result_bytes\": %llu, \"app\": \"%s\"",
           m->ctx.prof.scale, (unsigned long long)m->rb, m->app);
    if (m->ap->json_params)
        m->ap->json_params(&m->a);
    printf("},\n \"policies\": [");
}

/* What is printed before the runs: the CSV header, the JSON parameters or the text
 * header line (none when the CSV goes to stdout). */
static void ladro__head(const ladro__cmd_t *m)
{
    const ladro__app_t *ap = m->ap;
    FILE *csv = m->csv;
    if (csv)
        ladro__csv_head(csv, ap->csv_cols);
    if (m->json) {
        ladro__json_head(m);
    } else if (ap->text_head && (!csv || csv != stdout)) {
        ap->text_head(&m->a, m->p, m->speed, m->lambda_us, m->wl.seed);
    } else if (!csv || csv != stdout) {
        char where[300];
        if (m->tmp[0])
            snprintf(where, sizeof where, "lambda=%g us", m->lambda_us);
        else
            snprintf(where, sizeof where, "platform=%s", m->platform);
        const char *prof = m->ctx.prof.name;
        printf("ladro-sim policy: p=%d tasks=%llu speed=%s %s seed=%llu%s%s result_bytes=%llu "
               "(simulated engine)\n", m->p, (unsigned long long)m->ntasks, m->speed, where,
               (unsigned long long)m->wl.seed, prof ? " profile=" : "", prof ? prof : "",
               (unsigned long long)m->rb);
    }
}

/* Every policy in its child process, a row each: 0 when every run was verified. */
static int ladro__run_all(ladro__cmd_t *m)
{
    const ladro__app_t *ap = m->ap;
    FILE *csv = m->csv;
    char why[256];
    ladro__out_t out = {.json = m->json, .text = !m->json && (!csv || csv != stdout),
                        .csv = csv, .p = m->p, .ntasks = m->ntasks, .speed = m->speed,
                        .lambda_us = m->lambda_us, .lower = m->lower,
                        .longest = m->longest, .app = ap};
    int failed = 0;
    for (int i = 0; i < m->npol; i++) {
        ladro__res_t res;
        double cpu = 0, rss = 0;
        m->run.cfg = m->cfgs[i];
        m->run.name = m->list[i];
        m->run.index = i;
        if (ladro__run_child(&m->run, m->platform, &res, &cpu, &rss, why, sizeof why)) {
            fprintf(stderr, "ladro-sim policy: %s: %s\n", m->list[i], why);
            failed = 1;
            continue;
        }
        if (res.err_rc)
            fprintf(stderr, "ladro-sim policy: %s: rank %d: %s: %s\n", m->list[i],
                    res.err_rank, ladro_err_name(res.err_rc), res.err);
        out.rb = m->run.cfg.result_bytes; /* --result-bytes, or a result_bytes key */
        out.workers = m->run.cfg.threads;
        bool verified = res.err_rc == 0 && res.lost == 0 && res.twice == 0 &&
                        res.bad_payloads == 0 &&
                        (out.rb == 0 || (res.rck.received == m->ntasks && res.rck.wrong == 0 &&
                                         res.rck.missing == 0 && res.rck.bad_sums == 0));
        if (ap->verify) { /* the ranks' counts summed: the oracle's */
            verified = verified && ap->verify(&m->a, &res);
            out.ntasks = res.tasks_run;
            out.lower = m->speed_sum > 0 ? ap->work_s(&m->a, &res) / m->speed_sum : 0;
            out.longest = 0;
        }
        failed |= !verified;
        ladro__row(&out, i, m->list[i], &res, verified, cpu, rss);
        fflush(stdout);
    }
    if (m->json)
        printf("\n ]}\n");
    return failed;
}

int ladro_sim_policy_main(int argc, char **argv)
{
    static ladro__cmd_t m; /* static: the UTS tree and the configurations are large */
    ladro__cmd_init(&m, argc);
    if (!m.keys)
        return 1;
    int rc = ladro__parse(&m, argc, argv);
    if (rc) {
        free(m.keys);
        return rc == 1 ? 0 : rc;
    }
    m.json = m.jsonp != NULL;
    if (m.quiet)
        m.progress = 0;
    rc = ladro__check_flags(&m, argv);
    if (rc) {
        free(m.keys);
        return rc;
    }
    rc = 2; /* usage errors */
    if (ladro__policies(&m) == 0) {
        m.ntasks = m.ap->prepare ? 0 : wl_ntasks(&m.wl, m.p);
        if (ladro__outputs(&m) == 0) {
            rc = 1; /* from here on, failures are the runs' */
            if (ladro__prepare(&m) == 0) {
                ladro__head(&m);
                rc = ladro__run_all(&m);
            }
        }
    }
    if (ladro_sim_json_end(LADRO__PROG, &m.jout, rc == 0))
        rc = 1;
    if (m.tmp[0])
        remove(m.tmp);
    if (m.csv && m.csv != stdout && fclose(m.csv) != 0 && rc == 0) {
        fprintf(stderr, "ladro-sim policy: error writing '%s'\n", m.csvp);
        rc = 1;
    }
    for (int r = 0; m.own && r < m.p; r++)
        free(m.own[r]);
    free(m.own);
    free(m.nown);
    free(m.keys);
    return rc;
}
