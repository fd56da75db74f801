/* Counts a process's MPI_Iprobe calls (every full service of the runtime makes one) and
 * prints them, with the process's CPU time and its threads', at MPI_Finalize: a measure
 * of the runtime's polling that does not depend on the machine's load. Built by
 * bench/uts/poll_count.sh; loaded with LD_PRELOAD (the MPI profiling interface). */
#define _GNU_SOURCE
#include <mpi.h>

#include <dirent.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static _Atomic unsigned long mpi_calls_iprobe;

int MPI_Iprobe(int source, int tag, MPI_Comm comm, int *flag, MPI_Status *status)
{
    atomic_fetch_add_explicit(&mpi_calls_iprobe, 1, memory_order_relaxed);
    return PMPI_Iprobe(source, tag, comm, flag, status);
}

int MPI_Finalize(void)
{
    int rank = 0;
    PMPI_Comm_rank(MPI_COMM_WORLD, &rank);
    fprintf(stderr, "mpi_calls: rank %d: MPI_Iprobe %lu\n", rank,
            atomic_load(&mpi_calls_iprobe));
    return PMPI_Finalize();
}
