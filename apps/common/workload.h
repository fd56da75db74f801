/* The synthetic workload shared by ladro-synth and ladro-bench (DLB_Bench style): running
 * it under MPI. Its definition (task durations, owners, payloads, results) is the pure
 * workload_gen.h, which ladro-sim shares. Not part of the library's API. */
#ifndef LADRO_WORKLOAD_H
#define LADRO_WORKLOAD_H

#include "app_mpi.h"
#include "workload_gen.h"

#include <ladro.h>

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Run for secs of wall time, calling ladro_progress about every millisecond. */
void wl_burn(ladro_t *lb, double secs, bool spin);

/* Push this rank's tasks of the workload (ntasks = tasks_per_rank * size). */
int wl_seed(ladro_t *lb, const wl_spec_t *w);

typedef struct wl_result {
    uint64_t corrupt;      /* payloads that did not match their id */
    uint64_t out_of_range; /* ids outside the workload */
} wl_result_t;

/* Results check at every owner, collective, after LADRO_DONE: wl_check_owner_results
 * over this rank's tasks with ladro_result_next, summed over ranks: received,
 * wrong/duplicate, missing, bad checksums. Returns true (on every rank) when all four
 * show no fault and every result came home. */
bool wl_verify_results(ladro_t *lb, const wl_spec_t *w, const char *prog,
                       wl_results_check_t *out);

/* Run every task this rank gets until LADRO_DONE, with ladro_run (cfg.threads workers);
 * seen (may be NULL) counts executions per id. Returns LADRO_DONE on success, else the
 * error of ladro_run. */
int wl_run(ladro_t *lb, const wl_spec_t *w, uint32_t *seen, wl_result_t *res);

/* Exactly-once check, collective: reduces `seen` to rank 0, which counts ids run 0 and
 * >1 times (printing the first few to stderr with `prog` as prefix). Returns on rank 0
 * true when every id ran exactly once; other ranks get the same answer. */
bool wl_verify(MPI_Comm comm, const char *prog, const uint32_t *seen, uint64_t ntasks,
               uint64_t *missing, uint64_t *dup);

#endif
