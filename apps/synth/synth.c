/* ladro-synth: DLB_Bench-style synthetic tasks under any ladro policy.
 *
 * Every task's duration and payload are a pure function of (seed, task id), so every
 * policy and rank count sees the same workload. --verify checks exactly-once execution
 * (every id run once, gathered at rank 0) and the payload's integrity after moves. */
#define _POSIX_C_SOURCE 200809L
#include <ladro.h>

#include "app_cli.h"
#include "rma_delay.h"
#include "synth_cli.h"
#include "speed.h" /* ladroi_profile_cores */
#include "workload.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

/* Before MPI_Init: does a run of this job use the leader policy with its service thread?
 * (--policy leader, a list holding it, or all.) */
static bool leader_listed(int argc, char **argv)
{
    const char *pol = getenv("LADRO_POLICY");
    for (int i = 1; i + 1 < argc; i++)
        if (!strcmp(argv[i], "--policy"))
            pol = argv[i + 1];
    if (!pol)
        return false;
    if (!strcasecmp(pol, "all"))
        return true;
    char tmp[512];
    snprintf(tmp, sizeof tmp, ",%s,", pol);
    for (char *c = tmp; *c; c++)
        *c = (char)tolower((unsigned char)*c);
    return strstr(tmp, ",leader,") != NULL || strstr(tmp, ",leader:") != NULL;
}

static int run(const synth_opts_t *opts, int rank, int size, uint64_t rep, FILE *json);

int main(int argc, char **argv)
{
    /* The leader serves from its own thread (A2WS's LW) when MPI provides it; worker
     * threads (--threads) need MPI_THREAD_FUNNELED. */
    app_mpi_t mpi;
    int rc = app_mpi_init(&argc, &argv, "ladro-synth",
                          app_thread_level(argc, argv, leader_listed(argc, argv)), &mpi);
    if (rc)
        return rc;
    int rank = mpi.rank, size = mpi.size;
    synth_opts_t o;
    if ((rc = synth_parse(argc, argv, &o, rank)) != 0) {
        MPI_Finalize();
        return rc == 1 ? 0 : rc;
    }
    /* rank 0's terminal decides the progress key for all (LADRO_PROGRESS aside, a rank on
     * another node sees no terminal) */
    MPI_Bcast(&o.cfg.progress, 1, MPI_DOUBLE, 0, MPI_COMM_WORLD);
    if (o.threads_profile) /* this rank's node in the A2WS profile */
        o.cfg.threads = (uint32_t)ladroi_profile_cores(o.threads_profile, rank, size);
    app_warn_threads("ladro-synth", o.cfg.threads, rank != 0);
    rma_delay_set(o.delay_us, o.cfg.seed);
    {
        char err[512];
        if (app_emulation_check(&o.emu, size, err, sizeof err)) {
            if (rank == 0)
                fprintf(stderr, "ladro-synth: %s\n", err);
            MPI_Finalize();
            return 2;
        }
    }
    /* --json FILE: rank 0 writes a temporary, renamed when every run passed */
    FILE *json = NULL;
    char tmp[LADRO_PATH_MAX + 8] = "";
    int open_rc = 0;
    if (rank == 0 && o.json) {
        if (strcmp(o.json, "-")) {
            snprintf(tmp, sizeof tmp, "%s.tmp", o.json);
            if (!(json = fopen(tmp, "w"))) {
                fprintf(stderr, "ladro-synth: --json '%s': cannot write it: %s\n", o.json,
                        strerror(errno));
                open_rc = 1;
            }
        } else
            json = stdout;
    }
    MPI_Bcast(&open_rc, 1, MPI_INT, 0, MPI_COMM_WORLD);
    if (open_rc) {
        MPI_Finalize();
        return 1;
    }
    uint64_t seed0 = o.cfg.seed;
    int status = 0;
    app_policy_iter_t it;
    app_policy_begin(&it, o.policy);
    ladro_config_t env = o.cfg;
    for (const char *pol; status == 0 && (pol = app_policy_next(&it)) != NULL;) {
        synth_opts_t po = o;
        po.cfg = env;
        char err[512];
        if (pol[0] && app_policy_entry(&po.cfg, pol, err, sizeof err)) { /* checked at parse */
            if (rank == 0)
                fprintf(stderr, "ladro-synth: %s\n", err);
            status = 2;
            break;
        }
        for (uint64_t i = 0; i < o.repeat && status == 0; i++) {
            po.cfg.seed = seed0 + i;
            po.wl.seed = po.cfg.seed;
            status = run(&po, rank, size, i, json);
        }
    }
    if (json && json != stdout) {
        if (fclose(json) || status || rename(tmp, o.json)) {
            if (!status)
                fprintf(stderr, "ladro-synth: --json '%s': cannot write it: %s\n", o.json,
                        strerror(errno));
            remove(tmp);
            status = status ? status : 1;
        }
    }
    MPI_Bcast(&status, 1, MPI_INT, 0, MPI_COMM_WORLD);
    MPI_Finalize();
    return status;
}

/* One run: create, seed, run, verify, report, destroy. 0 when it passed, 1 when the
 * verification failed, 3 when the stall watchdog stopped it; other errors abort. */
static int run(const synth_opts_t *opts, int rank, int size, uint64_t rep, FILE *json)
{
    synth_opts_t o = *opts;
    int rc;
    char err[256];
    ladro_t *lb;
    if ((rc = ladro_create(MPI_COMM_WORLD, &o.cfg, &lb, err, sizeof err)) != 0) {
        if (rank == 0)
            fprintf(stderr, "ladro-synth: %s: %s\n", ladro_err_name(rc), err);
        return 1;
    }
    if ((rc = app_emulate(lb, &o.emu, err, sizeof err)) != 0) { /* checked in main */
        fprintf(stderr, "ladro-synth: %s\n", err);
        MPI_Abort(MPI_COMM_WORLD, 1);
    }
    uint64_t ntasks = wl_ntasks(&o.wl, size);
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
    for (uint64_t i = 0; seen && rank == 0 && i < ntasks; i++) /* a resumed journal's */
        seen[i] += (uint32_t)ladro_journal_completed(lb, i);
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
    char oversub[128];
    bool sliced = app_oversubscribed(MPI_COMM_WORLD, oversub, sizeof oversub);
    int status = 0;
    uint64_t missing = 0, dup = 0, bad_all[2] = {0, 0};
    uint64_t bad_mine[2] = {res.corrupt, res.out_of_range};
    MPI_Reduce(bad_mine, bad_all, 2, MPI_UINT64_T, MPI_SUM, 0, MPI_COMM_WORLD);
    if (o.verify) {
        bool once = wl_verify(MPI_COMM_WORLD, "ladro-synth", seen, ntasks, &missing, &dup);
        if (rank == 0 && (!once || bad_all[0] || bad_all[1] || !results_ok))
            status = 1;
    }
    if (rank == 0 && st.total.tasks_run + st.total.journal_done != ntasks && !o.verify)
        status = 1;
    if (rank == 0) {
        if (json) {
            FILE *f = json;
            fprintf(f, "{\"policy\": \"%s\", \"run\": %llu, \"seed\": %llu, ", o.cfg.policy,
                    (unsigned long long)rep, (unsigned long long)o.cfg.seed);
            ladro_stats_write(f, &st, -1, LADRO_STATS_JSON);
            fprintf(f, ", \"oversubscribed\": %s", sliced ? "true" : "false");
            fprintf(f, ", \"result_bytes\": %zu, \"results\": %llu", rb,
                    (unsigned long long)rck.received);
            if (o.verify)
                fprintf(f, ", \"verified\": %s, \"missing\": %llu, \"duplicated\": %llu, "
                        "\"corrupt\": %llu", status ? "false" : "true",
                        (unsigned long long)missing, (unsigned long long)dup,
                        (unsigned long long)bad_all[0]);
            fprintf(f, ", \"per_rank\": [");
            for (int r = 0; r < size; r++) {
                fprintf(f, "%s{", r ? ", " : "");
                ladro_stats_write(f, &st, r, LADRO_STATS_JSON);
                fprintf(f, "}");
            }
            fprintf(f, "]}\n");
            fflush(f);
        } else {
            ladro_stats_print(stdout, &st, o.cfg.policy);
            if (sliced && !o.quiet)
                printf("  %s\n", oversub);
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
