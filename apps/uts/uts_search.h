/* ladro-uts's per-rank search (no MPI call): a ladro task is a chunk of up to -c tree
 * nodes; a rank runs it by a depth-first search on a private stack, hands its c oldest
 * nodes to ladro as a new task when the stack holds more than 2c and ladro_hungry says
 * someone could take them (always under a journal, whose restart needs the same tasks in
 * every run), and calls ladro_progress every -i nodes. Used by ladro-uts (the MPI engine) and by ladro-sim
 * policy --app uts (the simulated engine), which charges simulated time per node through
 * the charge hook. */
#ifndef LADRO_UTS_SEARCH_H
#define LADRO_UTS_SEARCH_H

#include "uts_tree.h"

#include <ladro.h>

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Called before every ladro_progress of the search and at the end of every task with the
 * nodes expanded since its previous call: the simulated engine's cost of those nodes. */
typedef void (*uts_charge_fn)(void *ctx, uint64_t nodes);

/* One worker's search state: the private DFS stack st[base, n) (one per worker thread;
 * their counts are summed at the end). A rank's workers sit side by side in one array,
 * each updating its own fields at every node: aligned to 128 bytes (two cache lines, what
 * the adjacent-line prefetcher pairs), no two workers share a line. */
typedef struct uts_worker {
    _Alignas(128) const uts_tree_t *tree;
    ladro_t *lb;
    uts_node_t *st;
    size_t base, n, cap;
    uts_counts_t c;
    unsigned char *payload; /* scratch task payload */
    uint64_t released, tasks, polls;
    unsigned since_poll;
    int nthreads, index;  /* this worker's index among the rank's nthreads */
    bool fixed; /* a journal: release every chunk (the same tasks in every run) */
    uint64_t cur_id, cur_rel; /* the running task's id, chunks it released so far */
    uts_charge_fn charge; /* NULL: the CPU is the cost (MPI) */
    void *charge_ctx;
    uint64_t charged; /* nodes handed to charge so far */
    int failed; /* the first error a task of this worker returned (0: none) */
} uts_worker_t;

/* Task payload: uint32 count, uint32 unused, then count (<= chunk) nodes. */
#define UTS_PAYLOAD_HDR 8

/* A task's payload size for chunks of p->chunk nodes (ladro's task_bytes). */
size_t uts_task_bytes(const uts_params_t *p);
/* ladro's configuration for the search: task_bytes, and chunk (tasks kept private)
 * = keep unless 0. 0, or a ladro error code with the message in err. */
int uts_config(ladro_config_t *cfg, const uts_params_t *p, unsigned keep, char *err,
               size_t errlen);
/* Worker `index` of `nthreads` on lb: its stack and payload. 0 or LADRO_ENOMEM. */
int uts_worker_init(uts_worker_t *w, ladro_t *lb, const uts_tree_t *tree, size_t task_bytes,
                    int nthreads, int index);
void uts_worker_free(uts_worker_t *w);
/* The tree's root, handed to ladro as w's task (rank 0 does this once). */
int uts_seed_root(uts_worker_t *w);
/* Run one task: DFS of its nodes, releasing chunks and polling on the way; its counts are
 * added to w->c. 0, or a ladro error code. */
int uts_run_task(uts_worker_t *w, const ladro_task_t *task);

#endif
