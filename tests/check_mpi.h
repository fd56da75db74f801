/* check.h for the MPI tests: the start every one of them makes. */
#ifndef LADRO_CHECK_MPI_H
#define LADRO_CHECK_MPI_H
#include "check.h"

#include <mpi.h>
#include <stdlib.h>

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
#endif
