/* The pool protocol under an adversarial owner, on MPI ranks (the test itself:
 * tests/pool_adversary.h, which sim/tests/test_pool_s4u.c runs on simulated ranks).
 * Runs with any number of ranks (1 = owner only); argument `faa`: fetch-and-add thieves
 * race CAS thieves and the owner; `locked`: the locked pool (TITUS_DLB §4.3). */
#include "../src/ladro_int.h"
#include "check_mpi.h"
#include "pool_adversary.h"
#include "rma_delay.h"

#include <string.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int faa = argc > 1 && !strcmp(argv[1], "faa")      ? POOL_ADV_FAA
              : argc > 1 && !strcmp(argv[1], "locked") ? POOL_ADV_LOCKED
                                                       : POOL_ADV_CAS;
    int rank, size;
    if (check_mpi_world(&rank, &size))
        return 1;
    ladro_config_t cfg;
    pool_adversary_config(&cfg);
    /* faa: widen the window between a claim and its correction: every one-sided call on
     * another rank (the thieves' claims and corrections) first waits up to 30 us */
    if (faa)
        rma_delay_set(30, (uint64_t)rank + 1);
    ladro_t *lb;
    char err[256];
    int rc = ladro_create(MPI_COMM_WORLD, &cfg, &lb, err, sizeof err);
    CHECK_EQ(rc, LADRO_OK);
    if (rc)
        return CHECK_REPORT("test_pool");
    pool_adversary(lb, faa);
    ladro_destroy(&lb);
    if (faa && rank > 0) /* the thieves' calls went through the delaying wrappers */
        CHECK(rma_delay_count() > 0);
    int fails = check_failures, any = 0;
    MPI_Allreduce(&fails, &any, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
    MPI_Finalize();
    if (rank == 0)
        printf("test_pool: %d checks, %d failed\n", check_count, any);
    return any ? 1 : 0;
}
