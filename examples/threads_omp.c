/* threads_omp.c — threads inside a rank: worker threads run tasks (cfg.threads, with
 * ladro_run), and each task is itself parallel with OpenMP.
 *
 * This is how a hybrid MPI + OpenMP code runs on a multi-core node: a few ranks per node,
 * each with several workers that steal from each other in shared memory first (and from
 * other ranks when the rank runs dry), while the thread that called ladro_run serves the
 * other ranks' steal requests and alone calls MPI (so MPI_THREAD_FUNNELED is enough).
 *
 * Each task sums i*i over one block of indices with an OpenMP reduction. A worker adds
 * its task's sum to its own slot (indexed by ladro_thread_index, so no lock is needed);
 * the slots are added after the run, then over the ranks, and compared with the closed
 * form n(n-1)(2n-1)/6: every block ran exactly once.
 *
 * Build: mpicc -O2 -fopenmp threads_omp.c $(pkg-config --cflags --libs ladro) -o threads_omp
 * Run:   OMP_NUM_THREADS=2 mpirun -np 2 ./threads_omp [workers]   (default 2 workers) */
#include <ladro.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

#define NBLOCKS 96
#define BLOCK 20000 /* indices per task: n = NBLOCKS * BLOCK in all */
#define MAX_WORKERS 64

typedef struct sums {              /* user_data, shared by the rank's workers */
    uint64_t sum[MAX_WORKERS];     /* one slot per worker: ladro_thread_index(lb) */
    uint64_t tasks[MAX_WORKERS];
} sums_t;

/* Runs on a worker thread; OpenMP opens a team of its own inside it. */
static int block_task(ladro_t *lb, const ladro_task_t *task, void *user_data)
{
    sums_t *s = user_data;
    uint64_t lo = task->id * BLOCK, sum = 0;
#pragma omp parallel for reduction(+ : sum)
    for (int64_t k = 0; k < BLOCK; k++) {
        uint64_t i = lo + (uint64_t)k;
        sum += i * i;
    }
    int w = ladro_thread_index(lb); /* 0 .. cfg.threads-1 on a worker */
    s->sum[w] += sum;
    s->tasks[w]++;
    return 0;
}

int main(int argc, char **argv)
{
    /* Worker threads never call MPI: FUNNELED is the level ladro needs. */
    int provided;
    MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &provided);
    int workers = argc > 1 ? atoi(argv[1]) : 2;
    char err[256] = "";
    ladro_config_t cfg;
    ladro_config_init(&cfg);
    cfg.threads = (uint32_t)(workers >= 1 && workers <= MAX_WORKERS ? workers : 0);
    ladro_t *lb = NULL; /* threads 0 (a bad argument) is refused by ladro_create */
    int rc = ladro_config_from_env(&cfg, err, sizeof err); /* LADRO_THREADS overrides */
    if (rc == LADRO_OK && cfg.threads > MAX_WORKERS) { /* this program's own limit */
        snprintf(err, sizeof err, "threads=%u: this example takes at most %d", cfg.threads,
                 MAX_WORKERS);
        rc = LADRO_EINVAL;
    }
    if (rc == LADRO_OK)
        rc = ladro_create(MPI_COMM_WORLD, &cfg, &lb, err, sizeof err);
    if (rc != LADRO_OK) {
        fprintf(stderr, "threads_omp: %s: %s\n", ladro_err_name(rc), err);
        MPI_Finalize();
        return 1;
    }
    int rank = ladro_rank(lb), size = ladro_size(lb);
    for (uint64_t b = (uint64_t)rank; b < NBLOCKS && rc == LADRO_OK; b += (uint64_t)size)
        rc = ladro_push(lb, &(ladro_task_t){.id = b}); /* blocks dealt round-robin */

    sums_t s = {{0}, {0}};
    if (rc == LADRO_OK)
        rc = ladro_run(lb, block_task, &s); /* returns when every rank's tasks are done */
    if (rc != LADRO_OK)
        fprintf(stderr, "threads_omp: rank %d: %s: %s\n", rank, ladro_err_name(rc),
                ladro_last_error(lb));

    uint64_t mine[2] = {0, 0}, all[2] = {0, 0};
    for (uint32_t w = 0; w < ladro_config(lb)->threads; w++) {
        mine[0] += s.sum[w];
        mine[1] += s.tasks[w];
    }
    MPI_Reduce(mine, all, 2, MPI_UINT64_T, MPI_SUM, 0, MPI_COMM_WORLD);
    int bad = rc != LADRO_OK;
    if (rank == 0) {
        uint64_t n = (uint64_t)NBLOCKS * BLOCK, expected = n * (n - 1) * (2 * n - 1) / 6;
        printf("threads_omp: %llu of %d blocks on %d ranks x %u workers x %d OpenMP "
               "threads, sum %llu, expected %llu\n", (unsigned long long)all[1], NBLOCKS,
               size, ladro_config(lb)->threads, omp_get_max_threads(),
               (unsigned long long)all[0], (unsigned long long)expected);
        bad |= all[0] != expected || all[1] != NBLOCKS;
    }
    MPI_Allreduce(MPI_IN_PLACE, &bad, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
    ladro_destroy(&lb);
    MPI_Finalize();
    return bad ? 1 : 0;
}
