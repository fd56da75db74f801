/* Injected delays for stress runs: PMPI wrappers of the one-sided calls the MPI engine
 * makes (MPI_Get, MPI_Put, MPI_Accumulate, MPI_Get_accumulate, MPI_Fetch_and_op,
 * MPI_Compare_and_swap). Linked into a program, they take the place of the MPI library's
 * for every caller in the process, libladro included; once rma_delay_set(D) has run, each
 * call that targets another rank first sleeps a uniform random time in [0, D] us, then
 * calls the PMPI version. D = 0 (the default) passes straight through.
 *
 * The delay is the program's, not the library's: the library has no setting for it. */
#define _POSIX_C_SOURCE 200809L /* nanosleep */
#include "rma_delay.h"

#include <mpi.h>
#include <stdatomic.h>
#include <time.h>

/* The wrappers have no context argument: the delay and the call count are the process's. */
static _Atomic double rma__max_us;
static _Atomic uint64_t rma__seed;
static _Atomic uint64_t rma__streams;
static _Atomic uint64_t rma__delayed;
static _Thread_local uint64_t rma__state; /* 0: this thread's stream not started */

void rma_delay_set(double max_us, uint64_t seed)
{
    atomic_store(&rma__seed, seed);
    atomic_store(&rma__max_us, max_us > 0 ? max_us : 0);
}

uint64_t rma_delay_count(void)
{
    return atomic_load(&rma__delayed);
}

/* splitmix64: one stream per thread, from the seed, the world rank and the thread's turn. */
static uint64_t rma__next(void)
{
    if (rma__state == 0) {
        int rank = 0, init = 0;
        PMPI_Initialized(&init);
        if (init)
            PMPI_Comm_rank(MPI_COMM_WORLD, &rank);
        rma__state = atomic_load(&rma__seed) ^ ((uint64_t)rank << 32) ^
                     (atomic_fetch_add(&rma__streams, 1) + 1) * 0x9E3779B97F4A7C15ull;
        if (rma__state == 0)
            rma__state = 1;
    }
    uint64_t z = (rma__state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

/* Before a call on win's rank `target`: the delay, unless off or the target is this rank. */
static void rma__delay(int target, MPI_Win win)
{
    double max_us = atomic_load(&rma__max_us);
    if (max_us <= 0)
        return;
    MPI_Group g;
    int me = MPI_UNDEFINED;
    if (PMPI_Win_get_group(win, &g) == MPI_SUCCESS) {
        PMPI_Group_rank(g, &me);
        PMPI_Group_free(&g);
    }
    if (target == me)
        return;
    atomic_fetch_add(&rma__delayed, 1);
    double us = max_us * (double)(rma__next() >> 11) * 0x1.0p-53;
    struct timespec ts = {.tv_sec = (time_t)(us / 1e6),
                          .tv_nsec = (long)((us - 1e6 * (double)(time_t)(us / 1e6)) * 1e3)};
    while (nanosleep(&ts, &ts) != 0)
        ;
}

int MPI_Get(void *origin, int ocount, MPI_Datatype otype, int target, MPI_Aint disp,
            int tcount, MPI_Datatype ttype, MPI_Win win)
{
    rma__delay(target, win);
    return PMPI_Get(origin, ocount, otype, target, disp, tcount, ttype, win);
}

int MPI_Put(const void *origin, int ocount, MPI_Datatype otype, int target, MPI_Aint disp,
            int tcount, MPI_Datatype ttype, MPI_Win win)
{
    rma__delay(target, win);
    return PMPI_Put(origin, ocount, otype, target, disp, tcount, ttype, win);
}

int MPI_Accumulate(const void *origin, int ocount, MPI_Datatype otype, int target,
                   MPI_Aint disp, int tcount, MPI_Datatype ttype, MPI_Op op, MPI_Win win)
{
    rma__delay(target, win);
    return PMPI_Accumulate(origin, ocount, otype, target, disp, tcount, ttype, op, win);
}

int MPI_Get_accumulate(const void *origin, int ocount, MPI_Datatype otype, void *result,
                       int rcount, MPI_Datatype rtype, int target, MPI_Aint disp, int tcount,
                       MPI_Datatype ttype, MPI_Op op, MPI_Win win)
{
    rma__delay(target, win);
    return PMPI_Get_accumulate(origin, ocount, otype, result, rcount, rtype, target, disp,
                               tcount, ttype, op, win);
}

int MPI_Fetch_and_op(const void *origin, void *result, MPI_Datatype type, int target,
                     MPI_Aint disp, MPI_Op op, MPI_Win win)
{
    rma__delay(target, win);
    return PMPI_Fetch_and_op(origin, result, type, target, disp, op, win);
}

int MPI_Compare_and_swap(const void *origin, const void *compare, void *result,
                         MPI_Datatype type, int target, MPI_Aint disp, MPI_Win win)
{
    rma__delay(target, win);
    return PMPI_Compare_and_swap(origin, compare, result, type, target, disp, win);
}
