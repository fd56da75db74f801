/* ladro-nqueens: count the solutions of the N-Queens problem with ladro.
 *
 * Every partial placement of the first d rows with d <= CUTOFF is a task. A task above
 * the cutoff (d < CUTOFF) spawns one task per safe square of row d; a task at the cutoff
 * counts its completions sequentially (nqueens.c), calling ladro_progress every 2^16
 * placements. Each rank sums its counts; the total is reduced to rank 0 and checked
 * against OEIS A000170. As in the SuccessOnlyWS paper's runs: -n 18 -c 6. */
#include "nqueens.h"

#include "../common/cli.h"

#include <ladro.h>
#include <mpi.h>

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

typedef struct nq_opts {
    int n, cutoff;
    int upto;        /* --upto: every n' in [1, n] */
    int sequential;  /* --sequential: plain count on rank 0 */
    int quiet;
    int have_expect;
    uint64_t expect;
    long long max_failed; /* --max-failed: fail when more remote steals failed (-1 = off) */
    char policy[256]; /* NAME, NAME,NAME... or all */
} nq_opts_t;

static void nq__usage(FILE *out)
{
    fprintf(out,
"usage: ladro-nqueens [-n N] [-c CUTOFF] [options]\n"
"Counts the placements of N non-attacking queens on an N x N board. Every partial\n"
"placement of at most CUTOFF rows is a ladro task; deeper ones are searched\n"
"sequentially inside the task at the cutoff. The paper's runs: -n 18 -c 6.\n"
"  -n N            board size, 1..32 (default 14)\n"
"  -c CUTOFF       no new tasks below this depth, 0..N (default 6; capped at N)\n"
"  --policy NAME   load-balancing policy, a comma-separated list, or 'all' for\n"
"                  every registered one\n"
"                  (default: LADRO_POLICY, else random)\n"
"  --upto          solve every board size 1..N in turn (one launch)\n"
"  --sequential    plain sequential count on rank 0, no runtime\n"
"  --expect S      exit 1 unless the count is S (N <= 20 is always checked against\n"
"                  OEIS A000170)\n"
"  --max-failed N  exit 1 when more than N remote steals failed (all ranks)\n"
"  --quiet         only the result lines\n"
"  --help          this text\n"
"environment: every LADRO_* variable (docs/envvars.md); LADRO_EXPECT_NP=P makes the\n"
"program fail unless it runs on exactly P ranks.\n");
}

static int nq__int(const char *v, long lo, long hi, int *out)
{
    char *end;
    errno = 0;
    long x = strtol(v, &end, 10);
    if (errno || end == v || *end || x < lo || x > hi)
        return -1;
    *out = (int)x;
    return 0;
}

/* 0, 1 (help), or 2 (usage error, message in err). */
static int nq__parse(int argc, char **argv, nq_opts_t *o, char *err, size_t errlen)
{
    memset(o, 0, sizeof *o);
    o->n = 14;
    o->cutoff = 6;
    o->max_failed = -1;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "--help") || !strcmp(a, "-h"))
            return 1;
        if (!strcmp(a, "--upto") || !strcmp(a, "--sequential") || !strcmp(a, "--quiet")) {
            *(a[2] == 'u' ? &o->upto : a[2] == 's' ? &o->sequential : &o->quiet) = 1;
            continue;
        }
        if (strcmp(a, "-n") && strcmp(a, "-c") && strcmp(a, "--policy") &&
            strcmp(a, "--expect") && strcmp(a, "--max-failed")) {
            snprintf(err, errlen, "unknown argument '%s' (see --help)", a);
            return 2;
        }
        if (i + 1 >= argc) {
            snprintf(err, errlen, "missing value for %s (see --help)", a);
            return 2;
        }
        const char *v = argv[++i];
        if (!strcmp(a, "-n")) {
            if (nq__int(v, 1, NQ_MAX_N, &o->n)) {
                snprintf(err, errlen, "bad value '%s' for -n: expected a board size, an "
                         "integer in [1, %d]", v, NQ_MAX_N);
                return 2;
            }
        } else if (!strcmp(a, "-c")) {
            if (nq__int(v, 0, NQ_MAX_N, &o->cutoff)) {
                snprintf(err, errlen, "bad value '%s' for -c: expected a cutoff depth, an "
                         "integer in [0, %d]", v, NQ_MAX_N);
                return 2;
            }
        } else if (!strcmp(a, "--policy")) {
            if (strlen(v) >= sizeof o->policy || !v[0]) {
                snprintf(err, errlen, "bad value '%s' for --policy: expected a policy name "
                         "or 'all'", v);
                return 2;
            }
            snprintf(o->policy, sizeof o->policy, "%s", v);
        } else if (!strcmp(a, "--max-failed")) {
            if (app_parse_nonneg("--max-failed", v, &o->max_failed, err, errlen))
                return 2;
        } else {
            char *end;
            errno = 0;
            unsigned long long x = strtoull(v, &end, 10);
            if (errno || end == v || *end || v[0] == '-') {
                snprintf(err, errlen, "bad value '%s' for --expect: expected a "
                         "non-negative integer", v);
                return 2;
            }
            o->expect = x;
            o->have_expect = 1;
        }
    }
    return 0;
}

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

static double nq__cpu(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

typedef struct nq_ctx {
    ladro_t *lb;
    int n, cutoff;
    uint64_t count, nodes, tasks, spawned;
} nq_ctx_t;

static int nq__poll(void *arg)
{
    int rc = ladro_progress(((nq_ctx_t *)arg)->lb);
    return rc < 0 ? rc : 0;
}

static int nq__task(nq_ctx_t *c, const ladro_task_t *task)
{
    nq_state_t s;
    memcpy(&s, task->payload, sizeof s);
    c->tasks++;
    if ((int)s.depth >= c->n) {
        c->count++;
        return 0;
    }
    if ((int)s.depth < c->cutoff) {
        uint32_t f = nq_free(c->n, &s);
        while (f) {
            uint32_t bit = f & (0u - f);
            f ^= bit;
            nq_state_t ch = nq_place(c->n, &s, bit);
            ladro_task_t t = {.id = c->spawned++, .payload = &ch};
            int rc = ladro_push(c->lb, &t);
            if (rc)
                return rc;
        }
        c->nodes++;
        return 0;
    }
    int prc = 0;
    c->count += nq_count(c->n, &s, &c->nodes, nq__poll, c, &prc);
    return prc;
}

/* One parallel count. Returns 0 right, 1 wrong count, 2 configuration error. */
static int nq__parallel(const nq_opts_t *o, int n, const char *policy)
{
    int rank, size;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    char err[512] = "";
    ladro_config_t cfg;
    ladro_config_init(&cfg);
    int rc = ladro_config_from_env(&cfg, err, sizeof err);
    if (rc == 0 && policy[0])
        rc = ladro_config_set(&cfg, "policy", policy, err, sizeof err);
    if (rc == 0)
        rc = ladro_config_set(&cfg, "task_bytes", "16", err, sizeof err);
    ladro_t *lb = NULL;
    if (rc == 0)
        rc = ladro_create(MPI_COMM_WORLD, &cfg, &lb, err, sizeof err);
    if (rc) {
        if (rank == 0)
            fprintf(stderr, "ladro-nqueens: %s\n", err);
        return 2;
    }
    nq_ctx_t c = {.lb = lb, .n = n, .cutoff = o->cutoff < n ? o->cutoff : n};
    if (rank == 0) {
        nq_state_t root = {0, 0, 0, 0};
        ladro_task_t t = {.id = c.spawned++, .payload = &root};
        rc = ladro_push(lb, &t);
    }
    MPI_Allreduce(MPI_IN_PLACE, &rc, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
    if (rc) {
        if (rank == 0)
            fprintf(stderr, "ladro-nqueens: cannot seed the root: %s\n", ladro_strerror(rc));
        ladro_destroy(&lb);
        return 2;
    }
    double t0 = MPI_Wtime(), c0 = nq__cpu();
    ladro_task_t task;
    while ((rc = ladro_next(lb, &task)) == LADRO_OK) {
        int r = nq__task(&c, &task);
        if (r) {
            fprintf(stderr, "ladro-nqueens: rank %d: task failed: %s (%s)\n", rank,
                    ladro_strerror(r), ladro_last_error(lb));
            MPI_Abort(MPI_COMM_WORLD, 1);
        }
    }
    double wall = MPI_Wtime() - t0, cpu = nq__cpu() - c0;
    if (rc == LADRO_ETIMEDOUT) { /* stall watchdog: every rank dumps its state */
        fprintf(stderr, "ladro-nqueens: rank %d: stalled: %s\n", rank, ladro_last_error(lb));
        ladro_dump_state(lb, stderr);
        fflush(stderr);
        if (ladro_destroy(&lb) != LADRO_OK)
            MPI_Abort(MPI_COMM_WORLD, 3);
        MPI_Finalize();
        return 3;
    }
    if (rc != LADRO_DONE) {
        fprintf(stderr, "ladro-nqueens: rank %d: ladro_next: %s (%s)\n", rank,
                ladro_strerror(rc), ladro_last_error(lb));
        MPI_Abort(MPI_COMM_WORLD, 1);
    }
    ladro_stats_t st;
    memset(&st, 0, sizeof st);
    rc = ladro_stats_gather(lb, &st);
    ladro_destroy(&lb);
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
            printf("time %.3f s, %" PRIu64 " tasks, %.4g placements/s, cpu %.3f s (main "
                   "threads of all ranks)\n", maxwall, tot[2], (double)tot[1] / maxwall, sumcpu);
            if (rc == 0)
                ladro_stats_print(stdout, &st, cfg.policy);
        }
        bad = nq__check(o, n, tot[0]);
        if (o->max_failed >= 0 && rc == 0 &&
            st.total.steals_failed > (uint64_t)o->max_failed) {
            fprintf(stderr, "policy %s: %llu failed remote steals, --max-failed allows %lld\n",
                    cfg.policy, (unsigned long long)st.total.steals_failed, o->max_failed);
            bad = 1;
        }
    }
    ladro_stats_free(&st);
    MPI_Bcast(&bad, 1, MPI_INT, 0, MPI_COMM_WORLD);
    return bad;
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank, size;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    char err[512] = "";
    nq_opts_t o;
    int prc = nq__parse(argc, argv, &o, err, sizeof err);
    if (prc) {
        if (rank == 0) {
            if (prc == 1)
                nq__usage(stdout);
            else
                fprintf(stderr, "ladro-nqueens: %s\n", err);
        }
        MPI_Finalize();
        return prc == 1 ? 0 : 2;
    }
    const char *enp = getenv("LADRO_EXPECT_NP");
    if (enp && *enp && atoi(enp) != size) {
        fprintf(stderr, "ladro-nqueens: LADRO_EXPECT_NP=%s but the communicator has %d "
                "ranks (wrong MPI launcher?)\n", enp, size);
        MPI_Finalize();
        return 1;
    }
    int bad = 0;
    for (int n = o.upto ? 1 : o.n; n <= o.n && bad < 2; n++) {
        if (o.sequential) {
            if (rank == 0) {
                nq_state_t root = {0, 0, 0, 0};
                uint64_t nodes = 0;
                double t0 = MPI_Wtime(), c0 = nq__cpu();
                uint64_t s = nq_count(n, &root, &nodes, NULL, NULL, NULL);
                double wall = MPI_Wtime() - t0, cpu = nq__cpu() - c0;
                printf("n = %d, sequential: solutions = %" PRIu64 "\n", n, s);
                if (!o.quiet)
                    printf("time %.3f s, %.4g placements/s, cpu %.3f s\n", wall,
                           (double)nodes / wall, cpu);
                bad |= nq__check(&o, n, s);
            }
            continue;
        }
        /* --policy all | NAME[,NAME...] | (none: LADRO_POLICY or the default) */
        const char *const *names = ladro_policy_names();
        char list[256];
        snprintf(list, sizeof list, "%s", o.policy);
        int all = !strcmp(list, "all");
        char *save = NULL, *tok = all ? NULL : strtok_r(list, ",", &save);
        for (int k = 0; bad < 2; k++) {
            const char *pol = all ? names[k] : k == 0 ? (tok ? tok : "")
                                                      : (tok = strtok_r(NULL, ",", &save));
            if (!pol)
                break;
            int r = nq__parallel(&o, n, pol);
            bad = r > bad ? r : bad;
            if (!all && !tok)
                break;
        }
    }
    MPI_Bcast(&bad, 1, MPI_INT, 0, MPI_COMM_WORLD);
    if (rank == 0 && !o.quiet)
        printf("%s\n", bad ? "FAILED" : "all counts right");
    MPI_Finalize();
    return bad;
}
