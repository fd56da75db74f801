/* ladro-bench: every policy side by side in one MPI job.
 *
 * A scenario is a list of configurations (speed profile x tasks per rank); each is run
 * under every policy of the list, repeats interleaved (A B C A B C ...) so that drift of
 * a shared machine hits all policies alike. Every run checks exactly-once execution.
 * Rank 0 prints per configuration and policy the medians over the repeats, then the
 * gain matrix of A2WS eq. 13: gain(A, B) = (1 - median(A) / median(B)) * 100%. */
#define _POSIX_C_SOURCE 200809L /* strtok_r */
#include <ladro.h>

#include "app_cli.h"
#include "bench.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

/* One run of one policy on one configuration; collective. */
static int run_one(bench_t *b, int conf, int pol, int repeat, run_t *out)
{
    int size, rank, rc;
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    ladro_config_t cfg;
    char err[256];
    if (bench_apply_entry(&b->base, b->policies[pol], &cfg, err, sizeof err)) { /* checked at parse */
        if (rank == 0)
            fprintf(stderr, "ladro-bench: %s\n", err);
        return LADRO_EINVAL;
    }
    app_emulation_t emu = b->emu;
    snprintf(emu.speed, sizeof emu.speed, "%s", b->speeds[conf / b->ntpr]);
    wl_spec_t wl = b->wl;
    wl.tasks_per_rank = b->tpr[conf % b->ntpr];
    uint64_t ntasks = wl.tasks_per_rank * (uint64_t)size;
    ladro_t *lb;
    if ((rc = ladro_create(MPI_COMM_WORLD, &cfg, &lb, err, sizeof err))) {
        if (rank == 0)
            fprintf(stderr, "ladro-bench: policy %s: %s: %s\n", cfg.policy, ladro_err_name(rc),
                    err);
        return rc;
    }
    if ((rc = app_emulate(lb, &emu, err, sizeof err))) { /* the spec checked at parse */
        fprintf(stderr, "ladro-bench: %s\n", err);
        MPI_Abort(MPI_COMM_WORLD, 1);
    }
    uint32_t *seen = calloc(ntasks, sizeof *seen);
    if (!seen || wl_seed(lb, &wl)) {
        fprintf(stderr, "ladro-bench: rank %d: out of memory\n", rank);
        MPI_Abort(MPI_COMM_WORLD, 1);
    }
    wl_result_t res;
    rc = wl_run(lb, &wl, seen, &res);
    if (rc != LADRO_DONE) {
        fprintf(stderr, "ladro-bench: rank %d: policy %s: %s: %s\n", rank, cfg.policy,
                ladro_err_name(rc), ladro_last_error(lb));
        ladro_dump_state(lb, stderr);
        MPI_Abort(MPI_COMM_WORLD, rc == LADRO_ETIMEDOUT ? 3 : 1);
    }
    ladro_stats_t st;
    if ((rc = ladro_stats_gather(lb, &st))) {
        fprintf(stderr, "ladro-bench: stats: %s\n", ladro_last_error(lb));
        MPI_Abort(MPI_COMM_WORLD, 1);
    }
    uint64_t missing, dup, bad_mine = res.corrupt + res.out_of_range, bad_all = 0;
    bool once = wl_verify(MPI_COMM_WORLD, "ladro-bench", seen, ntasks, &missing, &dup);
    MPI_Allreduce(&bad_mine, &bad_all, 1, MPI_UINT64_T, MPI_SUM, MPI_COMM_WORLD);
    *out = (run_t){
        .conf = conf, .pol = pol, .repeat = repeat, .makespan = st.makespan,
        .lower_bound = st.lower_bound, .idle_mean = st.idle_mean, .idle_max = st.idle_max,
        .steals_ok = st.total.steals_ok, .steals_failed = st.total.steals_failed,
        .tasks_moved = st.total.tasks_stolen, .verified = once && bad_all == 0, .st = st,
    };
    if (rank != 0)
        ladro_stats_free(&out->st);
    free(seen);
    ladro_destroy(&lb);
    return out->verified ? 0 : LADRO_EINVAL;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* Median over the repeats of one (conf, pol) of the field at byte offset off. */
static double median(const bench_t *b, int conf, int pol, size_t off, bool is_u64)
{
    double v[1000];
    int n = 0;
    for (int i = 0; i < b->nruns; i++) {
        const run_t *r = &b->runs[i];
        if (r->conf != conf || r->pol != pol)
            continue;
        const char *p = (const char *)r + off;
        if (is_u64) {
            uint64_t u;
            memcpy(&u, p, sizeof u);
            v[n++] = (double)u;
        } else {
            memcpy(&v[n++], p, sizeof(double));
        }
    }
    if (n == 0)
        return NAN;
    qsort(v, (size_t)n, sizeof v[0], cmp_double);
    return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}
#define MED_D(b, c, p, f) median(b, c, p, offsetof(run_t, f), false)
#define MED_U(b, c, p, f) median(b, c, p, offsetof(run_t, f), true)

/* The tables on o (stdout, or stderr when the JSON goes to stdout). */
static void print_tables(FILE *o, const bench_t *b, int size)
{
    for (int c = 0; c < b->nspeed * b->ntpr; c++) {
        fprintf(o, "\n== %s: %d ranks, speed %s, %llu tasks per rank (%llu tasks), median of %d\n",
               b->scenario, size, b->speeds[c / b->ntpr],
               (unsigned long long)b->tpr[c % b->ntpr],
               (unsigned long long)(b->tpr[c % b->ntpr] * (uint64_t)size), b->repeat);
        fprintf(o, "%-16s %10s %10s %7s %7s %7s %9s %9s %8s %8s\n", "policy", "makespan", "lower_bd",
               "effic", "idle%", "idlemx%", "steals_ok", "failed", "moved", "verified");
        double best = INFINITY;
        for (int p = 0; p < b->npol; p++)
            best = fmin(best, MED_D(b, c, p, makespan));
        for (int p = 0; p < b->npol; p++) {
            double mk = MED_D(b, c, p, makespan), lbd = MED_D(b, c, p, lower_bound);
            bool ok = true;
            for (int i = 0; i < b->nruns; i++)
                if (b->runs[i].conf == c && b->runs[i].pol == p)
                    ok = ok && b->runs[i].verified;
            fprintf(o, "%-16s %10.4f %10.4f %7.3f %7.1f %7.1f %9.0f %9.0f %8.0f %8s%s\n",
                   b->policies[p], mk, lbd, lbd / mk, 100 * MED_D(b, c, p, idle_mean),
                   100 * MED_D(b, c, p, idle_max), MED_U(b, c, p, steals_ok),
                   MED_U(b, c, p, steals_failed), MED_U(b, c, p, tasks_moved),
                   ok ? "yes" : "NO", mk == best ? "  <- best" : "");
        }
        if (b->npol > 1) {
            fprintf(o, "gain %% (A2WS eq. 13) = (1 - median(row) / median(column)) x 100\n%-16s",
                   "row \\ col");
            for (int q = 0; q < b->npol; q++)
                fprintf(o, " %16s", b->policies[q]);
            fprintf(o, "\n");
            for (int p = 0; p < b->npol; p++) {
                fprintf(o, "%-16s", b->policies[p]);
                for (int q = 0; q < b->npol; q++)
                    fprintf(o, " %16.2f", 100 * (1 - MED_D(b, c, p, makespan) /
                                                 MED_D(b, c, q, makespan)));
                fprintf(o, "\n");
            }
        }
        /* idle-time reduction against static (CTWS's comparison), when static ran */
        int st = -1;
        for (int p = 0; p < b->npol; p++)
            if (!strcmp(b->policies[p], "static"))
                st = p;
        if (st >= 0 && MED_D(b, c, st, idle_mean) > 0) {
            fprintf(o, "idle-time reduction vs static:");
            for (int p = 0; p < b->npol; p++)
                if (p != st)
                    fprintf(o, " %s %.1f%%", b->policies[p],
                           100 * (1 - MED_D(b, c, p, idle_mean) / MED_D(b, c, st, idle_mean)));
            fprintf(o, "\n");
        }
    }
}

/* One run: the bench's own columns, then the library's (ladro_stats_write). */
static void fprint_run(FILE *f, const bench_t *b, const run_t *r, int size, bool json)
{
    const char *fmt = json ? "{\"scenario\": \"%s\", \"policy\": \"%s\", \"speed\": \"%s\", "
                             "\"tasks_per_rank\": %llu, \"repeat\": %d, \"verified\": %s, "
                           : "%s,%s,%s,%llu,%d,%s,";
    fprintf(f, fmt, b->scenario, b->policies[r->pol], b->speeds[r->conf / b->ntpr],
            (unsigned long long)b->tpr[r->conf % b->ntpr], r->repeat,
            r->verified ? "true" : "false");
    ladro_stats_write(f, &r->st, -1, json ? LADRO_STATS_JSON : LADRO_STATS_CSV);
    if (json) {
        fprintf(f, ", \"per_rank\": [");
        for (int k = 0; r->st.ranks && k < size; k++) {
            fprintf(f, "%s{\"rank\": %d, ", k ? ", " : "", k);
            ladro_stats_write(f, &r->st, k, LADRO_STATS_JSON);
            fprintf(f, "}");
        }
        fprintf(f, "]}");
    } else
        fprintf(f, "\n");
}

/* Write to a temporary name and rename, so a failed run leaves no half-written file. */
enum { OUT_CSV, OUT_JSON, OUT_RANKS };
static int write_file(const bench_t *b, const char *path, int mode, int size)
{
    bool to_stdout = !strcmp(path, "-");
    char tmp[LADRO_PATH_MAX + 8];
    snprintf(tmp, sizeof tmp, "%s.tmp", path);
    FILE *f = to_stdout ? stdout : fopen(tmp, "w");
    if (!f) {
        fprintf(stderr, "ladro-bench: cannot write '%s': %s\n", path, strerror(errno));
        return 1;
    }
    bool json = mode == OUT_JSON;
    if (mode == OUT_RANKS) {
        fprintf(f, "scenario,policy,speed,tasks_per_rank,repeat,rank,rank_speed,busy,idle,"
                   "idle_frac,tasks\n");
        for (int i = 0; i < b->nruns; i++) {
            const run_t *r = &b->runs[i];
            for (int k = 0; r->st.ranks && k < size; k++) {
                const ladro_rank_stats_t *x = &r->st.ranks[k];
                fprintf(f, "%s,%s,%s,%llu,%d,%d,%.4f,%.6f,%.6f,%.4f,%llu\n", b->scenario,
                        b->policies[r->pol], b->speeds[r->conf / b->ntpr],
                        (unsigned long long)b->tpr[r->conf % b->ntpr], r->repeat, k, x->speed,
                        x->busy_s, x->idle_s, x->idle_s / r->makespan,
                        (unsigned long long)x->tasks_run);
            }
        }
    } else if (json)
        fprintf(f, "{\"results\": [\n");
    else {
        fprintf(f, "scenario,policy,speed,tasks_per_rank,repeat,verified,");
        ladro_stats_write(f, NULL, -1, LADRO_STATS_CSV_HEADER);
        fprintf(f, "\n");
    }
    for (int i = 0; mode != OUT_RANKS && i < b->nruns; i++) {
        if (json)
            fprintf(f, "  ");
        fprint_run(f, b, &b->runs[i], size, json);
        if (json)
            fprintf(f, "%s\n", i + 1 < b->nruns ? "," : "");
    }
    if (json)
        fprintf(f, "]}\n");
    if (to_stdout)
        return fflush(f) != 0;
    if (fclose(f) || rename(tmp, path)) {
        fprintf(stderr, "ladro-bench: cannot write '%s': %s\n", path, strerror(errno));
        remove(tmp);
        return 1;
    }
    return 0;
}

/* Will a run of this job use the leader policy? (Then its service thread needs
 * MPI_THREAD_MULTIPLE, asked for before MPI_Init; parsing proper comes after.) */
static bool leader_listed(int argc, char **argv)
{
    const char *pol = NULL;
    for (int i = 1; i + 1 < argc; i++)
        if (!strcmp(argv[i], "--policy"))
            pol = argv[i + 1];
    if (!pol || !strcasecmp(pol, "all")) /* every scenario's default list has leader */
        return true;
    char tmp[512];
    snprintf(tmp, sizeof tmp, ",%s,", pol);
    for (char *c = tmp; *c; c++)
        *c = (char)tolower((unsigned char)*c);
    return strstr(tmp, ",leader,") != NULL || strstr(tmp, ",leader:") != NULL;
}

int main(int argc, char **argv)
{
    app_mpi_t mpi;
    if (app_mpi_init(&argc, &argv, "ladro-bench",
                     app_leader_thread_level(leader_listed(argc, argv)), &mpi))
        return 1;
    int rank = mpi.rank, size = mpi.size;
    bench_t b;
    memset(&b, 0, sizeof b);
    int rc = bench_parse(argc, argv, &b, rank, size);
    if (rc) {
        MPI_Finalize();
        return rc == 1 ? 0 : rc;
    }
    int nconf = b.nspeed * b.ntpr, total = nconf * b.npol * b.repeat;
    b.runs = calloc((size_t)total, sizeof *b.runs);
    if (!b.runs) {
        fprintf(stderr, "ladro-bench: out of memory\n");
        MPI_Abort(MPI_COMM_WORLD, 1);
    }
    char oversub[128];
    bool sliced = app_oversubscribed(MPI_COMM_WORLD, oversub, sizeof oversub);
    /* the tables go to stderr when the JSON takes stdout */
    FILE *tab = b.json && !strcmp(b.json, "-") ? stderr : stdout;
    if (rank == 0 && !b.quiet) {
        fprintf(tab, "ladro-bench: scenario %s, %d ranks, policies", b.scenario, size);
        for (int p = 0; p < b.npol; p++)
            fprintf(tab, "%s%s", p ? "," : " ", b.policies[p]);
        fprintf(tab, "; %d configurations x %d repeats, interleaved\n", nconf, b.repeat);
        if (sliced) /* efficiencies below are of a time-sliced machine */
            fprintf(tab, "  %s\n", oversub);
        fflush(tab);
    }
    int failed = 0;
    int tty = rank == 0 && app_stderr_tty(); /* rank 0 prints; every rank: one config */
    MPI_Bcast(&tty, 1, MPI_INT, 0, MPI_COMM_WORLD);
    if (tty && b.progress && b.base.progress == 0)
        b.base.progress = 0.5; /* busy ranks refresh the task counts the live line shows */
    double t0 = MPI_Wtime();
    char what[256];
    for (int c = 0; c < nconf; c++)
        for (int r = 0; r < b.repeat; r++)
            for (int p = 0; p < b.npol; p++) {
                run_t *out = &b.runs[b.nruns++];
                /* the progress inside the run (rank 0's wl_run): its tasks done, and an
                 * ETA that counts the runs after it at the mean time of those so far */
                double el = MPI_Wtime() - t0;
                snprintf(what, sizeof what, "ladro-bench: run %d/%d (%s, speed %s, %llu/rank)",
                         b.nruns, total, b.policies[p], b.speeds[c / b.ntpr],
                         (unsigned long long)b.tpr[c % b.ntpr]);
                b.wl.progress = b.progress && tty && rank == 0 ? what : NULL; /* in a
                                                 log: the line per finished run below */
                b.wl.progress_after_s = b.nruns > 1 ? el / (b.nruns - 1) * (total - b.nruns)
                                                    : 0;
                if (run_one(&b, c, p, r, out))
                    failed++;
                el = MPI_Wtime() - t0;
                if (rank == 0 && b.progress)
                    fprintf(stderr, "%s%s: makespan %.3f s%s, %.1f s, ETA %.1f s%s",
                            tty ? "\r" : "", what, out->makespan,
                            out->verified ? "" : " NOT VERIFIED", el,
                            el / b.nruns * (total - b.nruns), tty ? "\033[K" : "\n");
            }
    b.wl.progress = NULL;
    if (rank == 0) {
        if (b.progress && tty)
            fprintf(stderr, "\n");
        print_tables(tab, &b, size);
        if (b.csv && write_file(&b, b.csv, OUT_CSV, size))
            failed++;
        if (b.json && write_file(&b, b.json, OUT_JSON, size))
            failed++;
        if (b.ranks_csv && write_file(&b, b.ranks_csv, OUT_RANKS, size))
            failed++;
        if (failed)
            fprintf(stderr, "ladro-bench: %d run(s) failed the exactly-once check or output\n",
                    failed);
    }
    MPI_Bcast(&failed, 1, MPI_INT, 0, MPI_COMM_WORLD);
    for (int i = 0; i < b.nruns; i++)
        ladro_stats_free(&b.runs[i].st);
    free(b.runs);
    MPI_Finalize();
    return failed ? 1 : 0;
}
