#define _POSIX_C_SOURCE 200809L /* mkdtemp */
/* Resuming a crafted journal twice, on 2 ranks (src/journal.c, docs/user-guide.md
 * "Restarting a run"). The workload: tasks 0..6 of a binary tree (task k spawns 2k+1 and
 * 2k+2 below 7, rank 0 seeds 0), results on ({id, id*id ^ 0x5555}).
 * The crafted journal is what a killed run on 3 ranks can leave: tasks 1 and 4 completed
 * and durable, their parent 0 not (its record was still waiting for the group commit when
 * the job died, while a thief completed 1 and committed first); task 1's record lists its
 * children 3 and 4; task 4's record is in the file of rank 2, which the resumed runs
 * (2 ranks) do not have.
 *   - The first resume must run exactly 0, 2, 3, 5 and 6 (0 and 2 again from the seed,
 *     3 from task 1's record); 1 and 4 come from the journal. Running 0 pushes 1, which
 *     is dropped (completed).
 *   - The second resume finds every task completed: it runs nothing, and still hands out
 *     every result exactly once over the ranks — 1's included, whose parent 0 completed in
 *     the first resume although its push of 1 was dropped there. */
#include "journal.h"
#include "ladro.h"

#include "check.h"

#include <fcntl.h>
#include <stdlib.h>
#include <unistd.h>

#define M 7

static const ladroi_jnl_layout_t lay = {.task_bytes = 8, .result_bytes = 16, .journal_id = 0};

static void put_rec(int fd, uint64_t id, uint32_t nkids, const uint64_t *kids)
{
    unsigned char buf[512], ch[2 * 16];
    uint64_t res[2] = {id, (id * id) ^ 0x5555};
    for (uint32_t c = 0; c < nkids; c++) {
        uint64_t p = kids[c] * 3 + 7;
        memcpy(ch + 16 * c, &kids[c], 8);
        memcpy(ch + 16 * c + 8, &p, 8);
    }
    size_t n = ladroi_jnl_frame(buf, &lay, id, 0, 0, res, nkids, ch);
    CHECK_EQ(write(fd, buf, n), (long long)n);
}

static void put_file(const char *dir, int writer, uint64_t id, uint32_t nkids,
                     const uint64_t *kids)
{
    char path[1100];
    unsigned char h[LADROI_JNL_HDR_BYTES];
    snprintf(path, sizeof path, "%s/rank-%d.jnl", dir, writer);
    int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    CHECK(fd >= 0);
    ladroi_jnl_header(h, &lay);
    CHECK_EQ(write(fd, h, sizeof h), (long long)sizeof h);
    put_rec(fd, id, nkids, kids);
    close(fd);
}

/* One resumed run: the ids it ran (ran[id] on this rank) and the results it handed out. */
static int run(const char *dir, int rank, unsigned char ran[M], unsigned char got[M])
{
    char err[256] = "";
    ladro_config_t cfg;
    ladro_config_init(&cfg);
    cfg.task_bytes = 8;
    cfg.result_bytes = 16;
    snprintf(cfg.journal, sizeof cfg.journal, "%s", dir);
    ladro_t *lb = NULL;
    int rc = ladro_config_from_env(&cfg, err, sizeof err);
    if (rc == LADRO_OK)
        rc = ladro_create(MPI_COMM_WORLD, &cfg, &lb, err, sizeof err);
    if (rc != LADRO_OK) {
        fprintf(stderr, "test_journal_resume: %s: %s\n", ladro_err_name(rc), err);
        return 1;
    }
    uint64_t p0 = 7;
    if (rank == 0)
        rc = ladro_push(lb, &(ladro_task_t){.id = 0, .payload = &p0});
    ladro_task_t t;
    while (rc == LADRO_OK && (rc = ladro_next(lb, &t)) == LADRO_OK) {
        uint64_t p;
        memcpy(&p, t.payload, 8);
        CHECK_EQ(p, t.id * 3 + 7);
        if (t.id < M)
            ran[t.id]++;
        for (uint64_t k = 2 * t.id + 1; k <= 2 * t.id + 2 && k < M && rc == LADRO_OK; k++) {
            uint64_t kp = k * 3 + 7;
            rc = ladro_push(lb, &(ladro_task_t){.id = k, .payload = &kp});
        }
        uint64_t r[2] = {t.id, (t.id * t.id) ^ 0x5555};
        ladro_result(lb, r);
    }
    CHECK_EQ(rc, LADRO_DONE);
    uint64_t id, r[2];
    while (ladro_result_next(lb, &id, r) == LADRO_OK) {
        CHECK(id < M);
        if (id < M) {
            CHECK_EQ(r[0], id);
            CHECK_EQ(r[1], (id * id) ^ 0x5555);
            got[id]++;
        }
    }
    ladro_destroy(&lb);
    return 0;
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank, size;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    char dir[1024] = "";
    if (rank == 0) {
        snprintf(dir, sizeof dir, "/tmp/ladro-jres.XXXXXX");
        CHECK(mkdtemp(dir) != NULL);
        uint64_t k1[2] = {3, 4};
        put_file(dir, 0, 1, 2, k1); /* 1 completed, child of 0 (not recorded) */
        put_file(dir, 2, 4, 0, NULL); /* 4 completed, child of 1; a rank >= 2 wrote it */
    }
    MPI_Bcast(dir, sizeof dir, MPI_CHAR, 0, MPI_COMM_WORLD);
    int bad = 0;
    for (int pass = 0; pass < 2 && !bad; pass++) {
        unsigned char ran[M] = {0}, got[M] = {0}, allran[M], allgot[M];
        bad = run(dir, rank, ran, got);
        MPI_Allreduce(MPI_IN_PLACE, &bad, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
        if (bad)
            break;
        MPI_Reduce(ran, allran, M, MPI_UNSIGNED_CHAR, MPI_SUM, 0, MPI_COMM_WORLD);
        MPI_Reduce(got, allgot, M, MPI_UNSIGNED_CHAR, MPI_SUM, 0, MPI_COMM_WORLD);
        if (rank == 0)
            for (int i = 0; i < M; i++) {
                int want_ran = pass == 0 && i != 1 && i != 4;
                if (allran[i] != want_ran || allgot[i] != 1)
                    fprintf(stderr, "resume %d: task %d ran %d times (want %d), result "
                            "handed out %d times (want 1)\n", pass + 1, i, allran[i],
                            want_ran, allgot[i]);
                CHECK_EQ(allran[i], want_ran);
                CHECK_EQ(allgot[i], 1);
            }
    }
    if (rank == 0) {
        char cmd[1100];
        snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
        if (system(cmd) != 0)
            fprintf(stderr, "test_journal_resume: cannot remove %s\n", dir);
    }
    int fails = check_failures + bad;
    MPI_Allreduce(MPI_IN_PLACE, &fails, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    if (rank == 0)
        printf("test_journal_resume: %d checks, %d failed\n", check_count, fails);
    MPI_Finalize();
    return fails ? 1 : 0;
}
