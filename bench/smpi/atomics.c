/* Are MPI-3 atomics on one word atomic with respect to each other? A minimal program,
 * no ladro: every rank adds `iters` to a 64-bit counter in rank 0's window, under one
 * passive lock_all epoch, by one of three kinds of atomic update:
 *   cas   read (MPI_Fetch_and_op NO_OP), then MPI_Compare_and_swap old -> old + 1,
 *         retried until it succeeds
 *   faa   MPI_Fetch_and_op(MPI_SUM, +1)
 *   acc   MPI_Accumulate(MPI_SUM, +1)
 * each followed by MPI_Win_flush. MPI-3 §11.7.1 makes these updates atomic with respect
 * to each other (same basic type, same location), so the counter must end at
 * nranks * iters. Usage: atomics MODE [ITERS], MODE = cas | faa | acc | mix (rank r uses
 * cas, faa, acc for r % 3 = 0, 1, 2). Prints the counter and exits 1 if it is wrong.
 * Real MPI (Open MPI, MPICH) passes every mode; SimGrid 3.32's SMPI loses updates in
 * cas and mix (docs/results.md, "The simulator against real runs"). */
#include "repro.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv)
{
    int rank, size;
    const char *mode;
    long iters;
    repro_init(&argc, &argv, &rank, &size, &mode, &iters, 100);
    int kind = !strcmp(mode, "cas") ? 0 : !strcmp(mode, "faa") ? 1 : !strcmp(mode, "acc") ? 2
             : !strcmp(mode, "mix") ? 3 : -1;
    if (kind < 0 || iters < 1) {
        if (rank == 0)
            fprintf(stderr, "atomics: usage: atomics cas|faa|acc|mix [ITERS >= 1]\n");
        MPI_Finalize();
        return 2;
    }
    if (kind == 3)
        kind = rank % 3;
    uint64_t *base;
    MPI_Win win;
    MPI_Win_allocate(64, 8, MPI_INFO_NULL, MPI_COMM_WORLD, &base, &win);
    memset(base, 0, 64);
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Win_lock_all(MPI_MODE_NOCHECK, win);
    uint64_t one = 1, none = 0, old, seen, next, retries = 0;
    for (long i = 0; i < iters; i++) {
        if (kind == 0) {
            MPI_Fetch_and_op(&none, &old, MPI_UINT64_T, 0, 0, MPI_NO_OP, win);
            MPI_Win_flush(0, win);
            for (;;) {
                next = old + 1;
                MPI_Compare_and_swap(&next, &old, &seen, MPI_UINT64_T, 0, 0, win);
                MPI_Win_flush(0, win);
                if (seen == old)
                    break;
                old = seen;
                retries++;
            }
        } else if (kind == 1) {
            MPI_Fetch_and_op(&one, &old, MPI_UINT64_T, 0, 0, MPI_SUM, win);
            MPI_Win_flush(0, win);
        } else {
            MPI_Accumulate(&one, 1, MPI_UINT64_T, 0, 0, 1, MPI_UINT64_T, MPI_SUM, win);
            MPI_Win_flush(0, win);
        }
    }
    MPI_Win_unlock_all(win);
    MPI_Barrier(MPI_COMM_WORLD);
    uint64_t total = 0;
    MPI_Reduce(&retries, &total, 1, MPI_UINT64_T, MPI_SUM, 0, MPI_COMM_WORLD);
    int bad = 0;
    if (rank == 0) {
        uint64_t want = (uint64_t)size * (uint64_t)iters;
        bad = base[0] != want;
        printf("atomics %s: %d ranks x %ld updates: counter %llu, expected %llu, CAS retries "
               "%llu: %s\n", mode, size, iters, (unsigned long long)base[0],
               (unsigned long long)want, (unsigned long long)total, bad ? "LOST UPDATES" : "ok");
    }
    MPI_Bcast(&bad, 1, MPI_INT, 0, MPI_COMM_WORLD);
    MPI_Win_free(&win);
    MPI_Finalize();
    return bad;
}
