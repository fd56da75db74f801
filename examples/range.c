/* range.c — the shortest way in: ladro_run_range runs a function on every index of
 * 0..n-1, spread over the ranks and balanced by stealing, in one call.
 *
 * Each index here is a task of uneven cost: the length of the Collatz sequence that
 * starts at index + 1 (computed step by step, so long sequences are long tasks). Every
 * rank adds up the lengths of the indices it ran; the sum over ranks must equal a serial
 * computation of the same sum, and every index must have run once.
 *
 * ladro_run_range creates the handle (configuration: the defaults and the LADRO_*
 * environment variables), seeds each rank with a block of indices, runs, and destroys
 * the handle. On failure it returns the error code and writes the one-line reason into
 * the err buffer: try `LADRO_POLCY=a2ws mpirun -np 2 ./range` (a typo).
 *
 * Build: mpicc -O2 range.c $(pkg-config --cflags --libs ladro) -o range
 * Run:   mpirun -np 4 ./range [n]   (default n 20000) */
#include <ladro.h>
#include <stdio.h>
#include <stdlib.h>

typedef struct tally { /* user_data: this rank's accumulators */
    uint64_t tasks, steps;
} tally_t;

static uint64_t collatz_steps(uint64_t x)
{
    uint64_t steps = 0;
    while (x != 1) {
        x = (x & 1) ? 3 * x + 1 : x / 2;
        steps++;
    }
    return steps;
}

/* The task function: called once per index, on whichever rank got it. Return 0, or a
 * negative number to report an error (ladro_run_range then returns the first one). */
static int run_index(ladro_t *lb, const ladro_task_t *task, void *user_data)
{
    (void)lb;
    tally_t *t = user_data;
    t->tasks++;
    t->steps += collatz_steps(task->id + 1);
    return 0;
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    char *end = NULL;
    long long n = argc > 1 ? strtoll(argv[1], &end, 10) : 20000;
    if (argc > 2 || (end && *end) || n < 1 || n > 100000000) {
        if (rank == 0)
            fprintf(stderr, "range: usage: range [n], n 1..100000000 (default 20000)\n");
        MPI_Finalize();
        return 2;
    }

    tally_t mine = {0, 0};
    char err[256];
    int rc = ladro_run_range(MPI_COMM_WORLD, (uint64_t)n, run_index, &mine, err, sizeof err);
    if (rc != LADRO_OK) /* the same error on every rank for a bad configuration */
        fprintf(stderr, "range: rank %d: %s: %s\n", rank, ladro_err_name(rc), err);

    uint64_t sums[2] = {mine.tasks, mine.steps}, all[2] = {0, 0};
    MPI_Reduce(sums, all, 2, MPI_UINT64_T, MPI_SUM, 0, MPI_COMM_WORLD);
    int bad = rc != LADRO_OK;
    if (rank == 0 && !bad) {
        uint64_t expected = 0;
        for (uint64_t i = 0; i < (uint64_t)n; i++)
            expected += collatz_steps(i + 1);
        printf("range: %llu indices ran (of %lld), %llu Collatz steps in all, expected %llu "
               "(this rank ran %llu)\n", (unsigned long long)all[0], n,
               (unsigned long long)all[1], (unsigned long long)expected,
               (unsigned long long)mine.tasks);
        bad = all[0] != (uint64_t)n || all[1] != expected;
    }
    MPI_Allreduce(MPI_IN_PLACE, &bad, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
    MPI_Finalize();
    return bad ? 1 : 0;
}
