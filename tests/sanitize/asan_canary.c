/* The sanitizer build's canary: an MPI program that opens an RMA window like ladro does
 * then, with argument "overflow", clears one element past a heap array, with "leak"
 * loses heap blocks, with "shift" shifts an int by its width. Under make check-asan
 * (ASan+UBSan, the LSan suppressions of tests/sanitize/lsan.supp) the clean run must
 * pass -- the MPI libraries' leaks are suppressed -- and each bug must be reported:
 * proof that the suppressions hide nothing of ours and that the settings of the
 * sanitizer CI really catch a bug. */
#include <mpi.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Loses 16 heap blocks. LeakSanitizer scans registers and stacks conservatively: a
 * single block dropped in main was still reachable through a stale copy of its address
 * in about one run in three on a loaded machine, so the blocks are lost in a frame of
 * their own that returns before the scan, and that frame is overwritten afterwards. */
__attribute__((noinline)) static int lose_blocks(size_t n)
{
    int sum = 0;
    for (int k = 0; k < 16; k++) {
        int *volatile a = malloc(n * sizeof(int));
        for (size_t i = 0; i < n; i++)
            a[i] = (int)i;
        sum += a[n - 1];
        a = NULL;
    }
    return sum;
}

__attribute__((noinline)) static void scrub_stack(void)
{
    volatile char buf[16384];
    memset((char *)buf, 0, sizeof buf);
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank, size;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    const char *enp = getenv("LADRO_EXPECT_NP");
    if (enp && atoi(enp) != size) {
        fprintf(stderr, "asan_canary: LADRO_EXPECT_NP=%s but %d ranks\n", enp, size);
        MPI_Abort(MPI_COMM_WORLD, 2);
    }
    int64_t *base;
    MPI_Win win;
    MPI_Win_allocate(sizeof(int64_t), sizeof(int64_t), MPI_INFO_NULL, MPI_COMM_WORLD, &base,
                     &win);
    *base = 0;
    MPI_Win_lock_all(0, win);
    int64_t one = 1, old = 0;
    MPI_Fetch_and_op(&one, &old, MPI_INT64_T, (rank + 1) % size, 0, MPI_SUM, win);
    MPI_Win_flush_all(win);
    MPI_Win_unlock_all(win);
    MPI_Barrier(MPI_COMM_WORLD);
    /* sizes come from the command line so the compiler cannot see the bugs */
    const char *mode = argc > 1 ? argv[1] : "clean";
    size_t n = 8 + (size_t)(argc > 9);
    int *a = malloc(n * sizeof *a);
    for (size_t i = 0; i < n; i++)
        a[i] = (int)i;
    if (!strcmp(mode, "overflow"))
        memset(a, 0, (n + 1) * sizeof *a);
    int sum = 0;
    for (size_t i = 0; i < n; i++)
        sum += a[i];
    if (!strcmp(mode, "shift"))
        sum += 1 << (int)(n + 24);
    free(a);
    if (!strcmp(mode, "leak")) {
        sum += lose_blocks(n);
        scrub_stack();
    }
    MPI_Win_free(&win);
    if (rank == 0)
        printf("asan_canary: %d ranks, window ok, sum %d\n", size, sum);
    MPI_Finalize();
    return 0;
}
