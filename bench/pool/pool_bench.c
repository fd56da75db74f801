/* Pool microbenchmarks (not tests): prints measured numbers, asserts nothing.
 *   local:      ns per task of ladro_push + ladro_next with empty tasks, 1 rank
 *               (private fast path, and with release/reacquire through the window)
 *   roundtrip:  rank 1 steals one task at a time from rank 0: us per steal
 *   throughput: ranks 1..P-1 steal one task at a time from rank 0 for a fixed time
 * Usage: mpirun -np P pool_bench [seconds]   (P >= 2 for the remote parts) */
#include "../src/ladro_int.h"

#include <stdlib.h>

static ladro_t *make(MPI_Comm comm, const char *policy, uint32_t capacity)
{
    ladro_config_t cfg;
    ladro_config_init(&cfg);
    snprintf(cfg.policy, sizeof cfg.policy, "%s", policy);
    cfg.task_capacity = capacity;
    ladro_t *lb;
    char err[256];
    if (ladro_create(comm, &cfg, &lb, err, sizeof err)) {
        fprintf(stderr, "pool_bench: %s\n", err);
        MPI_Abort(MPI_COMM_WORLD, 1);
    }
    return lb;
}

static double local_ns(MPI_Comm self, const char *policy, int n)
{
    ladro_t *lb = make(self, policy, 1u << 16);
    double t = ladroi_now();
    for (int i = 0; i < n; i++) {
        ladro_task_t task = {.id = (uint64_t)i};
        ladro_push(lb, &task);
    }
    ladro_task_t task;
    int count = 0;
    while (ladro_next(lb, &task) == LADRO_OK)
        count++;
    t = ladroi_now() - t;
    ladro_destroy(&lb);
    return count == n ? 1e9 * t / n : -1;
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank, size;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    double secs = argc > 1 ? atof(argv[1]) : 1.0;
    if (size == 1) { /* local costs: alone, so no other rank competes for the core */
        int n = 1 << 20;
        printf("local push+next, static: %7.1f ns/task (private deque)\n",
               local_ns(MPI_COMM_SELF, "static", n));
        printf("local push+next, random: %7.1f ns/task (with release/reacquire)\n",
               local_ns(MPI_COMM_SELF, "random", n));
        MPI_Finalize();
        return 0;
    }
    if (size < 2) {
        MPI_Finalize();
        return 0;
    }
    /* Remote: rank 0 holds many public tasks; thieves take one at a time. */
    ladro_t *lb = make(MPI_COMM_WORLD, "random", 1u << 22);
    ladroi_pool_t *p = &lb->pool;
    const uint64_t ntasks = (1u << 22) - 64;
    if (rank == 0) {
        for (uint64_t i = 0; i < ntasks; i++) {
            ladroi_rec_hdr_t h = {.id = i};
            ladroi_pool_push(lb, p, &h, NULL, 0);
        }
        ladroi_pool_release(lb, p, 0);
    }
    MPI_Barrier(MPI_COMM_WORLD);
    for (int thieves = 1;; thieves = thieves * 2 > size - 1 ? size - 1 : thieves * 2) {
        uint64_t steals = 0;
        MPI_Barrier(MPI_COMM_WORLD);
        double t0 = ladroi_now(), t = 0;
        if (rank >= 1 && rank <= thieves) {
            uint32_t got;
            const uint64_t cap = ntasks / 64; /* every round leaves the victim tasks */
            while ((t = ladroi_now() - t0) < secs && steals < cap) {
                if (ladroi_pool_steal(lb, p, 0, 1e-9, 1, &got) == LADROI_STEAL_GOT)
                    steals++;
                p->priv_count = 0; /* discard: only the transfer is measured */
            }
        } else if (rank == 0) {
            while ((t = ladroi_now() - t0) < secs * 1.05) { /* victim serves MPI progress */
                int flag;
                MPI_Iprobe(MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &flag, MPI_STATUS_IGNORE);
            }
        }
        uint64_t total = 0;
        double tmax = 0, tt = (rank >= 1 && rank <= thieves) ? t : 0;
        MPI_Reduce(&steals, &total, 1, MPI_UINT64_T, MPI_SUM, 0, MPI_COMM_WORLD);
        MPI_Reduce(&tt, &tmax, 1, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);
        if (rank == 0)
            printf("%2d thieves on one victim: %9.0f steals/s, %8.2f us per steal per thief\n",
                   thieves, total / tmax, total ? 1e6 * tmax * thieves / total : 0.0);
        if (thieves == size - 1)
            break;
    }
    ladro_destroy(&lb);
    MPI_Finalize();
    return 0;
}
