/* ladro-nqueens's per-rank search (no MPI call): a ladro task is a placement of the first
 * d rows (an nq_state_t); above the cutoff (d < CUTOFF) it pushes one task per safe square
 * of row d, at the cutoff it counts its completions (nq_count), calling ladro_progress
 * every 2^16 placements. Used by ladro-nqueens (the MPI engine) and by ladro-sim policy
 * --app nqueens (the simulated engine), which charges simulated time per placement
 * through the charge hook. */
#ifndef LADRO_NQUEENS_SEARCH_H
#define LADRO_NQUEENS_SEARCH_H

#include "nqueens.h"

#include <ladro.h>

#include <stddef.h>
#include <stdint.h>

/* Called before every ladro_progress of the search and at the end of every task with the
 * placements visited since its previous call: the simulated engine's cost of them. */
typedef void (*nq_charge_fn)(void *ctx, uint64_t placements);

/* One worker's counts (one per worker thread; summed at the end). */
typedef struct nq_worker {
    /* a rank's workers sit side by side in one array and count every placement: 128-byte
     * aligned, no two share a cache line */
    _Alignas(128) ladro_t *lb;
    int n, cutoff, nthreads, index;
    uint64_t cur_id, cur_rel; /* the running task's id, children it pushed so far */
    uint64_t count, nodes, tasks, spawned; /* solutions, placements, tasks run, pushed */
    uint64_t task_sum;   /* sum of nq_task_hash of the tasks run */
    nq_charge_fn charge; /* NULL: the CPU is the cost (MPI) */
    void *charge_ctx;
    uint64_t charged; /* placements handed to charge so far */
    int failed; /* the first error a task of this worker returned (0: none) */
} nq_worker_t;

/* ladro's configuration for the search: task_bytes (a placement). 0, or a ladro error
 * code with the message in err. */
int nq_config(ladro_config_t *cfg, char *err, size_t errlen);
/* Worker `index` of `nthreads` on lb, board n, cutoff capped at n. */
void nq_worker_init(nq_worker_t *w, ladro_t *lb, int n, int cutoff, int nthreads, int index);
/* The empty board, handed to ladro as w's task (rank 0 does this once). */
int nq_seed_root(nq_worker_t *w);
/* Run one task; its counts are added to w. 0, or a ladro error code. */
int nq_run_task(nq_worker_t *w, const ladro_task_t *task);

#endif
