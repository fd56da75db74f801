/* Threads inside a rank (src/threads.c; cfg.threads > 1). Never installed. */
#ifndef LADRO_THREADS_H
#define LADRO_THREADS_H

#include "ladro.h"

#include <stdbool.h>
#include <stdint.h>

/* ladro_run's workers and its hub (the calling thread, the only one calling the engine). */
typedef struct ladroi_threads ladroi_threads_t;
typedef struct ladroi_worker ladroi_worker_t;
/* Run fn on every task with cfg.threads workers until LADRO_DONE (ladro_run's body). */
int ladroi_threads_run(ladro_t *lb, ladro_task_fn fn, void *user_data);
/* The worker of lb running on the calling thread, NULL when it is not one. */
ladroi_worker_t *ladroi_worker_self(const ladro_t *lb);
/* ladro_hungry from a worker's task: its deque holds at most chunk records (1 outside one). */
int ladroi_worker_hungry(const ladro_t *lb);
/* ladro_push and ladro_result from a worker's task (messages into the worker's own
 * buffer: ladroi_errbind_t). */
int ladroi_worker_push(ladroi_worker_t *w, const ladro_task_t *task);
int ladroi_worker_result(ladroi_worker_t *w, const void *bytes);
/* Tasks this rank holds outside its pool: the running task (0 or 1) with one thread;
 * with workers, those running, in their deques and the inbox, and completed but not yet
 * accounted for (lb->st.tasks_run) — what a policy's load information adds to the pool's
 * count. Any thread; a snapshot. */
uint64_t ladroi_tasks_held(const ladro_t *lb);

#endif
