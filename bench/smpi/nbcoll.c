/* What does a non-blocking collective cost to simulate? A minimal program, no ladro:
 * every rank runs `ops` all-reductions of three 64-bit words, either blocking
 * (MPI_Allreduce) or non-blocking (MPI_Iallreduce, then MPI_Test until done), and rank 0
 * prints the sums and the simulated time. Usage: nbcoll block|nonblock [OPS]. Under
 * SimGrid 3.32's SMPI the non-blocking form is an all-to-all exchange (P(P-1) messages
 * per operation), so its wall-clock cost grows much faster than P; that is why ladro's
 * termination waves use their own tree (src/coll.c; docs/results.md, "The simulator against real runs").
 * Time it with: /usr/bin/time bench/smpi/run.sh -np 256 -p nbcoll nonblock 2 */
#include "repro.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv)
{
    int rank, size;
    const char *mode;
    long ops;
    repro_init(&argc, &argv, &rank, &size, &mode, &ops, 2);
    int nb = !strcmp(mode, "nonblock") ? 1 : !strcmp(mode, "block") ? 0 : -1;
    if (nb < 0 || ops < 1) {
        if (rank == 0)
            fprintf(stderr, "nbcoll: usage: nbcoll block|nonblock [OPS >= 1]\n");
        MPI_Finalize();
        return 2;
    }
    uint64_t mine[3] = {1, (uint64_t)rank, 3}, sum[3] = {0, 0, 0};
    double t0 = MPI_Wtime();
    for (long i = 0; i < ops; i++) {
        if (nb) {
            MPI_Request req;
            int done = 0;
            MPI_Iallreduce(mine, sum, 3, MPI_UINT64_T, MPI_SUM, MPI_COMM_WORLD, &req);
            while (!done)
                MPI_Test(&req, &done, MPI_STATUS_IGNORE);
        } else {
            MPI_Allreduce(mine, sum, 3, MPI_UINT64_T, MPI_SUM, MPI_COMM_WORLD);
        }
    }
    double t = MPI_Wtime() - t0;
    uint64_t p = (uint64_t)size;
    int ok = sum[0] == p && sum[1] == p * (p - 1) / 2 && sum[2] == 3 * p;
    if (rank == 0)
        printf("nbcoll %s: %d ranks, %ld operations, %.6f s simulated: %s\n", mode, size, ops,
               t, ok ? "ok" : "WRONG SUMS");
    MPI_Finalize();
    return ok ? 0 : 1;
}
