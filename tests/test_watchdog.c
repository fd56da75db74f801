/* Stall watchdog (LADRO_WATCHDOG): every rank must fail together with LADRO_ETIMEDOUT
 * when a task never calls back for longer than the watchdog, when a task keeps calling
 * ladro_progress but never ends, and when a task is lost (test hook: a created count
 * with no task behind it); a normal run with the watchdog on must finish exactly once.
 * Usage: test_watchdog (under mpiexec, >= 2 ranks). */
#define _POSIX_C_SOURCE 200809L
#include "../src/ladro_int.h"
#include "check.h"

#include <stdlib.h>
#include <time.h>

enum { NORMAL, SILENT, PROGRESS, LOST };
static const char *const names[] = {"normal", "silent task", "progress-only task",
                                    "lost task"};

static void sleep_s(double s)
{
    struct timespec ts = {(time_t)s, (long)((s - (double)(time_t)s) * 1e9)};
    nanosleep(&ts, NULL);
}

static int run(int mode, int rank, int size)
{
    ladro_config_t cfg;
    char err[256];
    ladro_config_init(&cfg);
    cfg.watchdog = mode == NORMAL ? 5 : 0.5;
    cfg.seed = 3;
    ladro_t *lb;
    int rc = ladro_create(MPI_COMM_WORLD, &cfg, &lb, err, sizeof err);
    CHECK_EQ(rc, LADRO_OK);
    if (rc)
        return 1;
    const uint64_t per = 40, n = per * (uint64_t)size;
    for (uint64_t i = 0; i < per; i++) {
        ladro_task_t t = {.id = (uint64_t)rank * per + i};
        CHECK_EQ(ladro_push(lb, &t), LADRO_OK);
    }
    if (mode == LOST && rank == 0)
        lb->st.tasks_pushed++; /* hook: a task created here that no pool holds */
    uint64_t mine = 0;
    int prog_rc = LADRO_OK, ran_long = 0;
    ladro_task_t t;
    while ((rc = ladro_next(lb, &t)) == LADRO_OK) {
        mine++;
        if (t.id == 1 && mode == SILENT) {
            sleep_s(1.5); /* 3 x the watchdog, never calling the library */
        } else if (t.id == 1 && mode == PROGRESS) {
            ran_long = 1;
            for (int i = 0; i < 2000 && prog_rc == LADRO_OK; i++) { /* up to 20 s */
                sleep_s(0.01);
                prog_rc = ladro_progress(lb);
            }
        } else {
            sleep_s(0.001);
        }
    }
    int expect = mode == NORMAL ? LADRO_DONE : LADRO_ETIMEDOUT;
    if (rc != expect)
        fprintf(stderr, "rank %d, %s: ladro_next returned %s (%s)\n", rank, names[mode],
                ladro_err_name(rc), ladro_last_error(lb));
    CHECK_EQ(rc, expect);
    /* every rank got the same outcome */
    int lo, hi;
    MPI_Allreduce(&rc, &lo, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
    MPI_Allreduce(&rc, &hi, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
    CHECK_EQ(lo, expect);
    CHECK_EQ(hi, expect);
    if (mode == NORMAL) {
        uint64_t all = 0;
        MPI_Allreduce(&mine, &all, 1, MPI_UINT64_T, MPI_SUM, MPI_COMM_WORLD);
        CHECK_EQ(all, n);
    } else {
        CHECK_STR_CONTAINS(ladro_last_error(lb), "watchdog");
        CHECK_EQ(ladro_next(lb, &t), LADRO_ETIMEDOUT); /* sticky */
        CHECK_EQ(ladro_progress(lb), LADRO_ETIMEDOUT);
        if (ran_long && mode == PROGRESS) /* ladro_progress reported it first */
            CHECK_EQ(prog_rc, LADRO_ETIMEDOUT);
        char *buf = NULL;
        size_t len = 0;
        FILE *m = open_memstream(&buf, &len);
        ladro_dump_state(lb, m);
        fclose(m);
        CHECK_STR_CONTAINS(buf, "termination:");
        CHECK_STR_CONTAINS(buf, "timed out (all ranks agreed)");
        int lines = 0;
        for (size_t i = 0; i < len; i++)
            lines += buf[i] == '\n';
        CHECK(lines >= 4 && lines <= 24); /* one screen */
        if (rank == 0)
            fprintf(stderr, "--- %s, rank 0: %s\n%s", names[mode], ladro_last_error(lb), buf);
        free(buf);
    }
    CHECK_EQ(ladro_destroy(&lb), LADRO_OK); /* agreed failure: collective clean-up */
    return 0;
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank, size;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    const char *np = getenv("LADRO_EXPECT_NP");
    if (np && atoi(np) != size) {
        fprintf(stderr, "expected %s ranks, got %d\n", np, size);
        MPI_Finalize();
        return 1;
    }
    for (int mode = NORMAL; mode <= LOST; mode++)
        run(mode, rank, size);
    int fails = check_failures, all = 0;
    MPI_Allreduce(&fails, &all, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    int rc = CHECK_REPORT("watchdog");
    MPI_Finalize();
    return rc || all;
}
