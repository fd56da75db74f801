/* check.h for the MPI tests: the start every one of them makes. */
#ifndef LADRO_CHECK_MPI_H
#define LADRO_CHECK_MPI_H
#include "check.h"

#include <ladro.h>
#include <mpi.h>
#include <stdlib.h>
#include <time.h>

/* After MPI_Init: this rank and the size of MPI_COMM_WORLD. 1 (after one line on stderr)
 * when LADRO_EXPECT_NP names another size: the test was started by the other MPI
 * library's launcher, as that many singletons. */
static inline int check_mpi_world(int *rank, int *size)
{
    MPI_Comm_rank(MPI_COMM_WORLD, rank);
    MPI_Comm_size(MPI_COMM_WORLD, size);
    const char *np = getenv("LADRO_EXPECT_NP");
    if (np && atoi(np) != *size) {
        fprintf(stderr, "expected %s ranks, got %d\n", np, *size);
        return 1;
    }
    return 0;
}

/* ladro_create on MPI_COMM_WORLD, or its error on stderr and MPI_Abort: a test that
 * cannot create its handle has nothing left to check. */
static inline ladro_t *check_create(const ladro_config_t *cfg)
{
    char err[256];
    ladro_t *lb = NULL;
    int rc = ladro_create(MPI_COMM_WORLD, cfg, &lb, err, sizeof err);
    CHECK_EQ(rc, LADRO_OK);
    if (rc) {
        fprintf(stderr, "ladro_create(%s): %s\n", cfg->policy, err);
        MPI_Abort(MPI_COMM_WORLD, 1);
    }
    return lb;
}

/* A task's work: secs of wall time, sleeping step_us at a time (0: spinning, a busy
 * rank) and serving thieves with ladro_progress between two steps. */
static inline void check_work(ladro_t *lb, double secs, long step_us)
{
    struct timespec t0, t;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    do {
        if (step_us > 0) {
            struct timespec ts = {step_us / 1000000, (step_us % 1000000) * 1000};
            nanosleep(&ts, NULL);
        }
        ladro_progress(lb);
        clock_gettime(CLOCK_MONOTONIC, &t);
    } while ((t.tv_sec - t0.tv_sec) + 1e-9 * (t.tv_nsec - t0.tv_nsec) < secs);
}
#endif
