/* ladro-synth: DLB_Bench-style synthetic tasks under any ladro policy.
 *
 * Every task's duration and payload are a pure function of (seed, task id), so every
 * policy and rank count sees the same workload. --verify checks exactly-once execution
 * (every id run once, gathered at rank 0) and the payload's integrity after moves. */
#define _POSIX_C_SOURCE 200809L
#include <ladro.h>

#include "../common/workload.h"

#include <errno.h>
#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

typedef struct opts {
    ladro_config_t cfg;
    wl_spec_t wl;
    bool verify, json, quiet;
    uint64_t repeat; /* runs, one handle each, seeds seed, seed + 1, ... */
} opts_t;

static void usage(FILE *f)
{
    fprintf(f,
        "usage: ladro-synth [options]   (run under mpirun; every rank gets the same options)\n"
        "  --policy NAME        load balancer (default: LADRO_POLICY or random); one of:");
    for (const char *const *n = ladro_policy_names(); *n; n++)
        fprintf(f, " %s", *n);
    fprintf(f, "\n"
        "  --tasks-per-rank N   tasks per rank on average (default 50)\n"
        "  --work-ms X          mean task duration in ms at full speed (default 10)\n"
        "  --work-dist D        const | uniform:A,B | gauss:MEAN,SD | exp | bimodal:P,A,B\n"
        "                       (A, B, MEAN, SD in units of --work-ms; bimodal: a fraction P\n"
        "                       of tasks takes B, the rest A; default const)\n"
        "  --init I             even | one | gauss70-10 (initial placement; default even)\n"
        "  --profile NAME       DLB_Bench profile of TITUS_DLB Table 1 (sets tasks per rank,\n"
        "                       payload, work per task, task capacity; later flags override);\n"
        "                       'list' prints them\n"
        "  --profile-scale F    tasks per rank = paper's x F (default 0.02: seconds -> ms)\n"
        "  --payload BYTES      inline payload per task (default 16, min 16)\n"
        "  --speed SPEC         emulated speeds: list '1,0.5' cycled over ranks or C1..C5\n"
        "  --emulate sleep|spin how tasks and slow-rank padding burn time (default sleep)\n"
        "  --seed S             workload and runtime seed (default 1)\n"
        "  --chunk N            tasks kept private per rank (default 1)\n"
        "  --delay-us X         debug: random delay up to X us before each remote operation\n"
        "  --steal-log FILE     ctws: write the steal log (attempt, thief, victim, tasks) as CSV\n"
        "  --result-bytes N     each task returns N result bytes to its owner (default 0)\n"
        "  --repeat N           N runs in this job, one after the other, each with its own\n"
        "                       handle and seed (--seed, --seed + 1, ...), each verified and\n"
        "                       reported; stops at the first that fails (default 1); files a\n"
        "                       run writes (--steal-log, LADRO_TRACE) hold the last run\n"
        "  --verify             check every task ran exactly once, payloads intact, and (with\n"
        "                       --result-bytes) each owner's results and their checksum\n"
        "  --json               one JSON object per run on stdout instead of the summary\n"
        "  --quiet              no summary (exit status only)\n"
        "  --progress, --no-progress  progress line on stderr (default: on when stderr\n"
        "                       is a terminal); sets LADRO_PROGRESS=0.5 unless given\n"
        "  --help               this text\n"
        "Environment: every LADRO_* variable of docs/envvars.md applies (flags win).\n");
}

static int bad(int rank, const char *flag, const char *val, const char *accepted)
{
    if (rank == 0)
        fprintf(stderr, "ladro-synth: %s '%s': %s (try --help)\n", flag, val ? val : "",
                accepted);
    return 2;
}

static int parse_num(const char *s, double lo, double hi, double *out)
{
    char *end;
    errno = 0;
    double v = strtod(s, &end);
    if (!*s || *end || errno || !isfinite(v) || v < lo || v > hi)
        return -1;
    *out = v;
    return 0;
}

/* DLB_Bench workload profiles (TITUS_DLB Table 1): average work W and problem size S per
 * process, tasks per process, shared-task segment size S/2, cycles per byte. Every
 * profile has 2 KiB tasks (S / tasks). Work is proportional to payload bytes: a task
 * takes payload * cycles_per_byte / 2.4 GHz (the paper's Broadwell nodes), i.e. W / tasks.
 * Scaled to this machine by `scale` (default 1/50): tasks per process are multiplied by
 * it, task size and duration (so cycles per byte) kept, so W becomes tens to hundreds of
 * ms; the segment stays half the tasks (task_capacity). */
typedef struct profile {
    const char *name;
    double work_s, size_mb;
    unsigned tasks;
    double paper_cpb; /* as printed in Table 1 (see docs/policies/smallworld.md) */
} profile_t;

static const profile_t profiles[] = {
    {"10s-4M", 10, 4, 2048, 6000},   {"10s-16M", 10, 16, 8192, 3000},
    {"10s-32M", 10, 32, 16384, 750}, {"5s-2M", 5, 2, 1024, 6000},
    {"5s-8M", 5, 8, 4096, 1500},     {"5s-16M", 5, 16, 8192, 3000},
    {"5s-32M", 5, 32, 16384, 375},   {"1s-1M", 1, 1, 512, 2400},
    {"1s-4M", 1, 4, 2048, 600},      {"1s-8M", 1, 8, 4096, 1200},
    {"1s-16M", 1, 16, 8192, 150},
};
#define NPROFILES (sizeof profiles / sizeof profiles[0])
#define PROFILE_HZ 2.4e9

static void profile_list(FILE *f, double scale)
{
    fprintf(f, "profile   W/proc  S/proc  tasks/proc  segment  cycles/byte | scaled by %g: "
            "tasks/proc  payload  task ms  W/proc ms  task_capacity\n", scale);
    for (size_t i = 0; i < NPROFILES; i++) {
        const profile_t *p = &profiles[i];
        double payload = p->size_mb * 1048576.0 / p->tasks;
        double cpb = p->work_s * PROFILE_HZ / (p->size_mb * 1048576.0);
        unsigned t = (unsigned)lround(p->tasks * scale);
        unsigned cap = 2;
        while (cap < (t + 1) / 2)
            cap *= 2;
        fprintf(f, "%-9s %4.0f s  %3.0f MB  %10u  %4.1f MB  %5.0f (%4.0f) | %10u  %7.0f  %7.3f  "
                "%9.1f  %13u\n", p->name, p->work_s, p->size_mb, p->tasks, p->size_mb / 2, cpb,
                p->paper_cpb, t ? t : 1, payload, 1e3 * p->work_s / p->tasks,
                1e3 * p->work_s / p->tasks * (t ? t : 1), cap);
    }
}

/* Apply a profile: tasks per rank, payload, task duration and segment (capacity). */
static int profile_apply(opts_t *o, const char *name, double scale)
{
    for (size_t i = 0; i < NPROFILES; i++) {
        const profile_t *p = &profiles[i];
        if (strcmp(p->name, name))
            continue;
        unsigned t = (unsigned)lround(p->tasks * scale);
        if (t < 1)
            t = 1;
        unsigned cap = 2;
        while (cap < (t + 1) / 2)
            cap *= 2;
        o->wl.tasks_per_rank = t;
        o->wl.payload = (size_t)lround(p->size_mb * 1048576.0 / p->tasks);
        /* work proportional to payload: payload * cycles_per_byte / clock = W / tasks */
        o->wl.work_ms = 1e3 * p->work_s / p->tasks;
        o->cfg.task_capacity = cap;
        return 0;
    }
    return -1;
}

static int parse_args(int argc, char **argv, opts_t *o, int rank)
{
    char err[256];
    ladro_config_init(&o->cfg);
    if (ladro_config_from_env(&o->cfg, err, sizeof err)) {
        if (rank == 0)
            fprintf(stderr, "ladro-synth: %s\n", err);
        return 2;
    }
    wl_spec_init(&o->wl);
    o->repeat = 1;
    int progress = isatty(2);
    /* --profile-scale first: --profile uses it wherever it stands */
    double scale = 0.02;
    for (int i = 1; i + 1 < argc; i++)
        if (!strcmp(argv[i], "--profile-scale")) {
            double x;
            if (parse_num(argv[i + 1], 1e-4, 1, &x))
                return bad(rank, argv[i], argv[i + 1], "accepted: a factor in [0.0001, 1]");
            scale = x;
        }
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        const char *v = i + 1 < argc ? argv[i + 1] : NULL;
        double x;
        const char *key = NULL; /* flags that map to a runtime config key */
        if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
            if (rank == 0)
                usage(stdout);
            return 1;
        } else if (!strcmp(a, "--verify")) {
            o->verify = true;
            continue;
        } else if (!strcmp(a, "--json")) {
            o->json = true;
            continue;
        } else if (!strcmp(a, "--quiet")) {
            o->quiet = true;
            continue;
        } else if (!strcmp(a, "--progress") || !strcmp(a, "--no-progress")) {
            progress = a[2] == 'p';
            continue;
        }
        if (strncmp(a, "--", 2) != 0)
            return bad(rank, "argument", a, "not an option");
        if (!v)
            return bad(rank, a, "", "needs a value");
        i++;
        if (!strcmp(a, "--policy")) key = "policy";
        else if (!strcmp(a, "--speed")) key = "speed";
        else if (!strcmp(a, "--emulate")) key = "emulate";
        else if (!strcmp(a, "--seed")) key = "seed";
        else if (!strcmp(a, "--chunk")) key = "chunk";
        else if (!strcmp(a, "--delay-us")) key = "delay_us";
        else if (!strcmp(a, "--steal-log")) key = "ctws_log";
        else if (!strcmp(a, "--result-bytes")) key = "result_bytes";
        if (key) {
            if (ladro_config_set(&o->cfg, key, v, err, sizeof err)) {
                if (rank == 0)
                    fprintf(stderr, "ladro-synth: %s: %s\n", a, err);
                return 2;
            }
        } else if (!strcmp(a, "--tasks-per-rank")) {
            if (parse_num(v, 0, 1e7, &x) || x != floor(x))
                return bad(rank, a, v, "accepted: an integer in [0, 10000000]");
            o->wl.tasks_per_rank = (uint64_t)x;
        } else if (!strcmp(a, "--repeat")) {
            if (parse_num(v, 1, 1e6, &x) || x != floor(x))
                return bad(rank, a, v, "accepted: an integer in [1, 1000000]");
            o->repeat = (uint64_t)x;
        } else if (!strcmp(a, "--work-ms")) {
            if (parse_num(v, 0, 1e6, &x))
                return bad(rank, a, v, "accepted: milliseconds in [0, 1e6]");
            o->wl.work_ms = x;
        } else if (!strcmp(a, "--payload")) {
            if (parse_num(v, 16, 1 << 20, &x) || x != floor(x))
                return bad(rank, a, v, "accepted: bytes in [16, 1048576]");
            o->wl.payload = (size_t)x;
        } else if (!strcmp(a, "--profile-scale")) {
            /* parsed above */
        } else if (!strcmp(a, "--profile")) {
            if (!strcmp(v, "list")) {
                if (rank == 0)
                    profile_list(stdout, scale);
                return 1;
            }
            if (profile_apply(o, v, scale)) {
                char names[256] = "accepted: list";
                for (size_t k = 0; k < NPROFILES; k++) {
                    strncat(names, ", ", sizeof names - strlen(names) - 1);
                    strncat(names, profiles[k].name, sizeof names - strlen(names) - 1);
                }
                return bad(rank, a, v, names);
            }
        } else if (!strcmp(a, "--init")) {
            if (wl_parse_init(&o->wl, v))
                return bad(rank, a, v, wl_init_accepted);
        } else if (!strcmp(a, "--work-dist")) {
            if (wl_parse_dist(&o->wl, v))
                return bad(rank, a, v, wl_dist_accepted);
        } else {
            return bad(rank, "option", a, "unknown");
        }
    }
    o->cfg.task_bytes = o->wl.payload;
    o->wl.seed = o->cfg.seed;
    o->wl.spin = o->cfg.emulate == LADRO_EMULATE_SPIN;
    if (progress) {
        o->wl.progress = "ladro-synth";
        if (o->cfg.progress == 0)
            o->cfg.progress = 0.5;
    }
    if (ladro_config_validate(&o->cfg, err, sizeof err)) {
        if (rank == 0)
            fprintf(stderr, "ladro-synth: %s\n", err);
        return 2;
    }
    return 0;
}

/* Before MPI_Init: does this run use the leader policy with its service thread? */
static bool leader_listed(int argc, char **argv)
{
    const char *pol = getenv("LADRO_POLICY");
    for (int i = 1; i + 1 < argc; i++)
        if (!strcmp(argv[i], "--policy"))
            pol = argv[i + 1];
    return pol && !strcmp(pol, "leader");
}

static int run(opts_t *opts, int rank, int size, uint64_t rep);

int main(int argc, char **argv)
{
    /* The leader serves from its own thread (A2WS's LW) when MPI provides it. */
    wl_mpi_init(&argc, &argv, leader_listed(argc, argv));
    int rank, size, rc;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    const char *expect = getenv("LADRO_EXPECT_NP");
    if (expect && *expect && atoi(expect) != size) {
        if (rank == 0)
            fprintf(stderr, "ladro-synth: expected %s ranks, got %d (launcher of another MPI "
                    "library?)\n", expect, size);
        MPI_Finalize();
        return 1;
    }
    opts_t o;
    memset(&o, 0, sizeof o);
    if ((rc = parse_args(argc, argv, &o, rank)) != 0) {
        MPI_Finalize();
        return rc == 1 ? 0 : rc;
    }
    uint64_t seed0 = o.cfg.seed;
    int status = 0;
    for (uint64_t i = 0; i < o.repeat && status == 0; i++) {
        o.cfg.seed = seed0 + i;
        o.wl.seed = o.cfg.seed;
        status = run(&o, rank, size, i);
    }
    MPI_Finalize();
    return status;
}

/* One run: create, seed, run, verify, report, destroy. 0 when it passed, 1 when the
 * verification failed, 3 when the stall watchdog stopped it; other errors abort. */
static int run(opts_t *opts, int rank, int size, uint64_t rep)
{
    opts_t o = *opts;
    int rc;
    char err[256];
    ladro_t *lb;
    if ((rc = ladro_create(MPI_COMM_WORLD, &o.cfg, &lb, err, sizeof err)) != 0) {
        if (rank == 0)
            fprintf(stderr, "ladro-synth: %s: %s\n", ladro_err_name(rc), err);
        return 1;
    }
    uint64_t ntasks = o.wl.tasks_per_rank * (uint64_t)size;
    uint32_t *seen = o.verify ? calloc(ntasks ? ntasks : 1, sizeof *seen) : NULL;
    if (o.verify && !seen) {
        fprintf(stderr, "ladro-synth: rank %d: out of memory\n", rank);
        MPI_Abort(MPI_COMM_WORLD, 1);
    }
    if ((rc = wl_seed(lb, &o.wl)) != 0) {
        fprintf(stderr, "ladro-synth: push: %s\n", ladro_last_error(lb));
        MPI_Abort(MPI_COMM_WORLD, 1);
    }
    wl_result_t res;
    rc = wl_run(lb, &o.wl, seen, &res);
    if (rc == LADRO_ETIMEDOUT) { /* stall watchdog: every rank dumps its state */
        fprintf(stderr, "ladro-synth: rank %d: stalled: %s\n", rank, ladro_last_error(lb));
        ladro_dump_state(lb, stderr);
        fflush(stderr);
        if (ladro_destroy(&lb) != LADRO_OK) /* some rank stopped responding */
            MPI_Abort(MPI_COMM_WORLD, 3);
        return 3;
    }
    if (rc != LADRO_DONE) {
        fprintf(stderr, "ladro-synth: rank %d: ladro_next: %s: %s\n", rank, ladro_err_name(rc),
                ladro_last_error(lb));
        MPI_Abort(MPI_COMM_WORLD, 1);
    }
    size_t rb = o.cfg.result_bytes;
    wl_results_check_t rck = {0, 0, 0, 0};
    bool results_ok = true;
    if (rb) /* every owner takes (and, to be useful, checks) its tasks' results */
        results_ok = wl_verify_results(lb, &o.wl, "ladro-synth", &rck);
    ladro_stats_t st;
    ladro_stats_gather(lb, &st);
    int status = 0;
    uint64_t missing = 0, dup = 0, bad_all[2] = {0, 0};
    uint64_t bad_mine[2] = {res.corrupt, res.out_of_range};
    MPI_Reduce(bad_mine, bad_all, 2, MPI_UINT64_T, MPI_SUM, 0, MPI_COMM_WORLD);
    if (o.verify) {
        bool once = wl_verify(MPI_COMM_WORLD, "ladro-synth", seen, ntasks, &missing, &dup);
        if (rank == 0 && (!once || bad_all[0] || bad_all[1] || !results_ok))
            status = 1;
    }
    if (rank == 0 && st.total.tasks_run != ntasks && !o.verify)
        status = 1;
    if (rank == 0 && !o.quiet) {
        if (o.json) {
            printf("{\"policy\": \"%s\", \"run\": %llu, \"seed\": %llu, ", o.cfg.policy,
                   (unsigned long long)rep, (unsigned long long)o.cfg.seed);
            ladro_stats_write(stdout, &st, -1, LADRO_STATS_JSON);
            printf(", \"result_bytes\": %zu, \"results\": %llu", rb,
                   (unsigned long long)rck.received);
            if (o.verify)
                printf(", \"verified\": %s, \"missing\": %llu, \"duplicated\": %llu, "
                       "\"corrupt\": %llu", status ? "false" : "true",
                       (unsigned long long)missing, (unsigned long long)dup,
                       (unsigned long long)bad_all[0]);
            printf(", \"per_rank\": [");
            for (int r = 0; r < size; r++) {
                printf("%s{", r ? ", " : "");
                ladro_stats_write(stdout, &st, r, LADRO_STATS_JSON);
                printf("}");
            }
            printf("]}\n");
        } else {
            ladro_stats_print(stdout, &st, o.cfg.policy);
            printf("  tasks per rank:");
            for (int r = 0; r < size; r++)
                printf(" %llu", (unsigned long long)st.ranks[r].tasks_run);
            printf("\n");
            if (o.verify && rb)
                printf("verify: results %llu of %llu home, %llu wrong or duplicated, %llu "
                       "missing, %llu owner checksums bad\n", (unsigned long long)rck.received,
                       (unsigned long long)ntasks, (unsigned long long)rck.wrong,
                       (unsigned long long)rck.missing, (unsigned long long)rck.bad_sums);
            if (o.verify)
                printf("verify: %llu tasks, %llu missing, %llu duplicated, %llu corrupt "
                       "payloads: %s\n", (unsigned long long)ntasks,
                       (unsigned long long)missing, (unsigned long long)dup,
                       (unsigned long long)bad_all[0],
                       status ? "FAILED" : "every task executed exactly once");
        }
    }
    MPI_Bcast(&status, 1, MPI_INT, 0, MPI_COMM_WORLD);
    ladro_stats_free(&st);
    free(seen);
    ladro_destroy(&lb);
    return status;
}
