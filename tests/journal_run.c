/* One run of a journaled workload, for the kill-and-resume tests (tests/journal_kill.sh,
 * bench/stress/journal_campaign.sh):
 *   journal_run DIR M SPAWN RESULTS TASK_US
 * M tasks with ids 0..M-1 and payload id*3+7, run by ladro_run (LADRO_THREADS=T: T
 * worker threads per rank): SPAWN=1 a binary tree (task k spawns 2k+1
 * and 2k+2 below M; rank 0 seeds 0), SPAWN=0 seeds spread over the ranks. RESULTS=1: a
 * task's result is {id, id*id^0x5555}. Every task spins TASK_US microseconds. The
 * journal directory, policy and the rest come from LADRO_JOURNAL=DIR and LADRO_*.
 * Exit 0 when the run completed and (rank 0) the journal records every id 0..M-1 as
 * completed exactly once and, with results, every result was handed out exactly once
 * over the ranks with the right bytes; 1 otherwise. A run killed midway exits with the
 * signal, and its successor resumes. JOURNAL_RUN_FSIZE=BYTES limits the size of the files
 * this process writes (RLIMIT_FSIZE, SIGXFSZ ignored), set after ladro_create so that MPI's
 * own files (shared-memory windows) are not affected: a full disk, as the journal sees it. */
#include "journal.h"
#include "ladro.h"

#include <dirent.h>
#include <stdatomic.h>
#include <signal.h>
#include <sys/resource.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double now(void) /* not MPI_Wtime: worker threads call it (MPI_THREAD_FUNNELED) */
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static int scan_rec(void *ctx, const ladroi_jnl_rec_t *r)
{
    uint32_t *count = ((uint32_t **)ctx)[0];
    uint64_t m = *(uint64_t *)((void **)ctx)[1];
    if (r->id >= m)
        return 1;
    count[r->id]++;
    return 0;
}

/* Rank 0: every id completed exactly once over the journal's files. */
static int verify_journal(const char *dir, uint64_t m, const ladroi_jnl_layout_t *lay)
{
    uint32_t *count = calloc(m, sizeof *count);
    void *ctx[2] = {count, &m};
    DIR *d = opendir(dir);
    if (!d || !count)
        return 1;
    struct dirent *e;
    int bad = 0;
    while ((e = readdir(d)) != NULL) {
        if (strncmp(e->d_name, "rank-", 5) != 0)
            continue;
        char path[1024], err[256];
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        unsigned char *b;
        size_t len, valid;
        if (ladroi_jnl_read_file(path, &b, &len, err, sizeof err) ||
            ladroi_jnl_check(b, len, path, lay, scan_rec, ctx, &valid, err, sizeof err)) {
            fprintf(stderr, "journal_run: %s: %s\n", path, err);
            bad++;
        }
        free(b);
    }
    closedir(d);
    uint64_t missing = 0, twice = 0;
    for (uint64_t i = 0; i < m; i++) {
        missing += count[i] == 0;
        twice += count[i] > 1;
    }
    if (missing || twice)
        fprintf(stderr, "journal_run: journal: %llu ids never completed, %llu completed "
                "more than once\n", (unsigned long long)missing, (unsigned long long)twice);
    free(count);
    return bad || missing || twice;
}

typedef struct run_ctx {
    uint64_t m;
    int spawn, results;
    double task_s;
    bool resumed; /* the journal held records when the run started */
    atomic_ullong bad_payload;
} run_ctx_t;

/* One task: check its payload, spawn its children (SPAWN=1), set its result, spin. */
static int run_task(ladro_t *lb, const ladro_task_t *t, void *arg)
{
    run_ctx_t *c = arg;
    uint64_t p;
    memcpy(&p, t->payload, 8);
    /* moves counts steals (no flag bit in it); a task of a resumed run may carry
     * LADRO_TASK_RERUN, one of a first run never */
    if (p != t->id * 3 + 7 || t->id >= c->m || t->moves >= (1u << 20) ||
        (t->flags & ~(uint32_t)LADRO_TASK_RERUN) || (!c->resumed && t->flags))
        atomic_fetch_add(&c->bad_payload, 1);
    for (uint64_t k = 2 * t->id + 1; c->spawn && k <= 2 * t->id + 2 && k < c->m; k++) {
        uint64_t kp = k * 3 + 7;
        int rc = ladro_push(lb, &(ladro_task_t){.id = k, .payload = &kp});
        if (rc != 0)
            return rc;
    }
    if (c->results) {
        uint64_t r[2] = {t->id, (t->id * t->id) ^ 0x5555};
        ladro_result(lb, r);
    }
    double end = now() + c->task_s;
    while (now() < end)
        ;
    return 0;
}

int main(int argc, char **argv)
{
    int provided; /* LADRO_THREADS > 1: the workers run the tasks, this thread calls MPI */
    MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &provided);
    int rank, size;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    if (argc != 6) {
        if (rank == 0)
            fprintf(stderr, "usage: journal_run DIR M SPAWN RESULTS TASK_US\n");
        MPI_Finalize();
        return 2;
    }
    const char *dir = argv[1];
    uint64_t m = strtoull(argv[2], NULL, 10);
    int spawn = atoi(argv[3]), results = atoi(argv[4]);
    double task_s = atof(argv[5]) * 1e-6;
    char err[256] = "";
    ladro_config_t cfg;
    ladro_config_init(&cfg);
    cfg.task_bytes = 8;
    cfg.result_bytes = results ? 16 : 0;
    snprintf(cfg.journal, sizeof cfg.journal, "%s", dir);
    ladro_t *lb = NULL;
    /* a resumed run: some rank file exists (even one with no record: its run may have
     * run tasks it could not make durable) */
    bool resumed = false;
    DIR *rd = opendir(dir);
    for (struct dirent *e; rd && !resumed && (e = readdir(rd)) != NULL;)
        resumed = strncmp(e->d_name, "rank-", 5) == 0;
    if (rd)
        closedir(rd);
    int rc = ladro_config_from_env(&cfg, err, sizeof err);
    if (rc == LADRO_OK)
        rc = ladro_create(MPI_COMM_WORLD, &cfg, &lb, err, sizeof err);
    if (rc != LADRO_OK) {
        if (rank == 0)
            fprintf(stderr, "journal_run: %s: %s\n", ladro_err_name(rc), err);
        MPI_Finalize();
        return 1;
    }
    const char *fsize = getenv("JOURNAL_RUN_FSIZE");
    if (fsize) {
        rlim_t lim = (rlim_t)strtoull(fsize, NULL, 10);
        struct rlimit rl = {lim, lim};
        signal(SIGXFSZ, SIG_IGN);
        if (setrlimit(RLIMIT_FSIZE, &rl) != 0)
            perror("journal_run: setrlimit");
    }
    for (uint64_t i = 0; i < m && rc == LADRO_OK; i++) {
        if (spawn ? i > 0 : i % (uint64_t)size != (uint64_t)rank)
            continue;
        if (spawn && rank != 0)
            break;
        uint64_t p = i * 3 + 7;
        rc = ladro_push(lb, &(ladro_task_t){.id = i, .payload = &p});
    }
    run_ctx_t ctx = {.m = m, .spawn = spawn, .results = results, .task_s = task_s,
                     .resumed = resumed};
    atomic_init(&ctx.bad_payload, 0);
    if (rc == LADRO_OK)
        rc = ladro_run(lb, run_task, &ctx); /* the ladro_next loop, or cfg.threads workers */
    uint64_t bad_payload = atomic_load(&ctx.bad_payload);
    if (rc != LADRO_OK) {
        fprintf(stderr, "journal_run: rank %d: %s: %s\n", rank, ladro_err_name(rc),
                ladro_last_error(lb));
        MPI_Abort(MPI_COMM_WORLD, 1);
    }
    /* results: each id handed out once over the ranks, with its bytes */
    uint8_t *got = calloc(m, 1), *all = calloc(m, 1);
    uint64_t id, r[2], bad_result = 0;
    while (results && ladro_result_next(lb, &id, r) == LADRO_OK) {
        if (id >= m || r[0] != id || r[1] != ((id * id) ^ 0x5555))
            bad_result++;
        else if (got[id] < 255)
            got[id]++;
    }
    MPI_Reduce(got, all, (int)m, MPI_UINT8_T, MPI_SUM, 0, MPI_COMM_WORLD);
    uint64_t bads[2] = {bad_payload, bad_result}, badsum[2];
    MPI_Reduce(bads, badsum, 2, MPI_UINT64_T, MPI_SUM, 0, MPI_COMM_WORLD);
    ladro_stats_t st;
    int src = ladro_stats_gather(lb, &st);
    int fail = 0;
    if (rank == 0) {
        if (src == LADRO_OK)
            ladro_stats_print(stdout, &st, NULL);
        uint64_t missing = 0, twice = 0;
        for (uint64_t i = 0; results && i < m; i++) {
            missing += all[i] == 0;
            twice += all[i] > 1;
        }
        if (missing || twice || badsum[0] || badsum[1]) {
            fprintf(stderr, "journal_run: results: %llu never handed out, %llu twice, %llu "
                    "wrong; %llu wrong payloads\n", (unsigned long long)missing,
                    (unsigned long long)twice, (unsigned long long)badsum[1],
                    (unsigned long long)badsum[0]);
            fail = 1;
        }
    }
    if (src == LADRO_OK)
        ladro_stats_free(&st);
    ladro_destroy(&lb);
    if (rank == 0) {
        ladroi_jnl_layout_t lay = {cfg.task_bytes, cfg.result_bytes, cfg.journal_id};
        fail |= verify_journal(dir, m, &lay);
        printf("journal_run: %s: %llu tasks over %d ranks\n", fail ? "FAILED" : "verified",
               (unsigned long long)m, size);
    }
    MPI_Bcast(&fail, 1, MPI_INT, 0, MPI_COMM_WORLD);
    free(got);
    free(all);
    MPI_Finalize();
    return fail;
}
