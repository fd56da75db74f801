/* The synthetic workload shared by ladro-synth and ladro-bench (DLB_Bench style).
 *
 * Every task's duration, owner and payload are pure functions of (seed, task id), so
 * every policy and rank count sees the same tasks. Not part of the library's API. */
#ifndef LADRO_WORKLOAD_H
#define LADRO_WORKLOAD_H

#include <ladro.h>

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum wl_dist { WL_CONST, WL_UNIFORM, WL_GAUSS, WL_EXP, WL_BIMODAL };
enum wl_init { WL_EVEN, WL_ONE, WL_GAUSS70_10 };

typedef struct wl_spec {
    uint64_t seed;
    uint64_t tasks_per_rank;
    double work_ms;   /* mean duration at full speed */
    enum wl_dist dist;
    double a, b, c;   /* distribution parameters, in units of work_ms */
    enum wl_init init;
    size_t payload;   /* bytes, >= 16: duration, tag, pattern */
    bool spin;        /* burn by spinning (else sleeping) */
    const char *progress; /* non-NULL: rank 0 prints a progress line on stderr, about
                             every second, prefixed with this program name */
} wl_spec_t;

/* Defaults: 50 tasks per rank of 10 ms, const, even, 16-byte payloads, sleeping. */
void wl_spec_init(wl_spec_t *w);
/* Parsers for the flag values; 0 or -1 (then `accepted` says what is). */
int wl_parse_dist(wl_spec_t *w, const char *v);
int wl_parse_init(wl_spec_t *w, const char *v);
extern const char wl_dist_accepted[], wl_init_accepted[];

double wl_task_seconds(const wl_spec_t *w, uint64_t id);
int wl_task_owner(const wl_spec_t *w, uint64_t id, uint64_t ntasks, int nranks);
void wl_fill_payload(unsigned char *p, size_t n, uint64_t id, double secs);
bool wl_check_payload(const unsigned char *p, size_t n, uint64_t id);
/* Run for secs of wall time, calling ladro_progress about every millisecond. */
void wl_burn(ladro_t *lb, double secs, bool spin);

/* MPI_Init_thread for a program that may run the leader policy: asks for
 * MPI_THREAD_MULTIPLE (the leader's service thread, as A2WS's LW) when leader_listed,
 * unless LADRO_LEADER_THREAD=off or Open MPI's osc pt2pt is forced (it refuses windows
 * under MPI_THREAD_MULTIPLE); MPI_THREAD_SINGLE otherwise. */
void wl_mpi_init(int *argc, char ***argv, bool leader_listed);

/* Push this rank's tasks of the workload (ntasks = tasks_per_rank * size). */
int wl_seed(ladro_t *lb, const wl_spec_t *w);

typedef struct wl_result {
    uint64_t corrupt;      /* payloads that did not match their id */
    uint64_t out_of_range; /* ids outside the workload */
} wl_result_t;

/* A task's result (cfg.result_bytes long): a pure function of its id and payload, so it
 * does not depend on where the task ran. wl_run hands it to ladro_result. */
void wl_task_result(const unsigned char *payload, size_t n, uint64_t id, unsigned char *out,
                    size_t rb);

/* Results check at every owner, collective, after LADRO_DONE: takes every result with
 * ladro_result_next and checks that each belongs to one of this rank's tasks, came once,
 * and equals wl_task_result; and that the checksum over them equals the one computed from
 * this rank's own tasks. Sums over ranks: received, wrong/duplicate, missing, bad
 * checksums. Returns true (on every rank) when all four show no fault and every result
 * came home. */
typedef struct wl_results_check {
    uint64_t received, wrong, missing, bad_sums;
} wl_results_check_t;
bool wl_verify_results(ladro_t *lb, const wl_spec_t *w, const char *prog,
                       wl_results_check_t *out);

/* Run every task this rank gets until LADRO_DONE; seen (may be NULL) counts executions
 * per id. Returns ladro_next's final code (LADRO_DONE on success). */
int wl_run(ladro_t *lb, const wl_spec_t *w, uint32_t *seen, wl_result_t *res);

/* Exactly-once check, collective: reduces `seen` to rank 0, which counts ids run 0 and
 * >1 times (printing the first few to stderr with `prog` as prefix). Returns on rank 0
 * true when every id ran exactly once; other ranks get the same answer. */
bool wl_verify(MPI_Comm comm, const char *prog, const uint32_t *seen, uint64_t ntasks,
               uint64_t *missing, uint64_t *dup);

#endif
