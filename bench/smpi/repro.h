/* Start-up shared by the minimal SMPI reproducers (atomics.c, nbcoll.c): MPI_Init, rank
 * and size, the mode word (argv[1]) and the repetition count (argv[2], or dflt). */
#ifndef LADRO_SMPI_REPRO_H
#define LADRO_SMPI_REPRO_H
#include <mpi.h>

#include <stdlib.h>

static void repro_init(int *argc, char ***argv, int *rank, int *size, const char **mode,
                       long *count, long dflt)
{
    MPI_Init(argc, argv);
    MPI_Comm_rank(MPI_COMM_WORLD, rank);
    MPI_Comm_size(MPI_COMM_WORLD, size);
    *mode = *argc > 1 ? (*argv)[1] : "";
    *count = *argc > 2 ? strtol((*argv)[2], NULL, 10) : dflt;
}
#endif
