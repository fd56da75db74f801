/* The synthetic workload's definition (DLB_Bench style), pure: no MPI, no handle, no
 * global state. Every task's duration, owner, payload and result are functions of
 * (seed, task id), so every policy and rank count - and ladro-sim, which links this file
 * without MPI - sees the same tasks. workload.h adds the running side (seeding, running,
 * checking under MPI). Not part of the library's API. */
#ifndef LADRO_WORKLOAD_GEN_H
#define LADRO_WORKLOAD_GEN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum wl_dist { WL_CONST, WL_UNIFORM, WL_GAUSS, WL_EXP, WL_BIMODAL };
enum wl_init { WL_EVEN, WL_ONE, WL_GAUSS70_10 };

typedef struct wl_spec {
    uint64_t seed;
    uint64_t tasks_per_rank;
    uint64_t tasks;   /* > 0: the total, spread over the ranks (tasks_per_rank unused) */
    double work_ms;   /* mean duration at full speed */
    enum wl_dist dist;
    double a, b, c;   /* distribution parameters, in units of work_ms */
    enum wl_init init;
    size_t payload;   /* bytes, >= 16: duration, tag, pattern */
    bool spin;        /* burn by spinning (else sleeping) */
    const char *progress; /* non-NULL: rank 0 prints a progress line on stderr, prefixed
                             with this text (the program's name, ladro-bench's run): on a
                             terminal rewritten in place ('\r'), otherwise a plain
                             line, about every second */
    double progress_after_s; /* seconds the job needs after this run (ladro-bench's
                                estimate for its remaining runs): added to the ETA */
} wl_spec_t;

/* Defaults: 50 tasks per rank of 10 ms, const, even, 16-byte payloads, sleeping. */
void wl_spec_init(wl_spec_t *w);
/* Parsers for the flag values; 0 or -1 (then `accepted` says what is). */
int wl_parse_dist(wl_spec_t *w, const char *v);
int wl_parse_init(wl_spec_t *w, const char *v);
extern const char wl_dist_accepted[], wl_init_accepted[];

/* Tasks of the workload on nranks ranks: tasks, or tasks_per_rank x nranks. */
uint64_t wl_ntasks(const wl_spec_t *w, int nranks);

double wl_task_seconds(const wl_spec_t *w, uint64_t id);
int wl_task_owner(const wl_spec_t *w, uint64_t id, uint64_t ntasks, int nranks);
void wl_fill_payload(unsigned char *p, size_t n, uint64_t id, double secs);
bool wl_check_payload(const unsigned char *p, size_t n, uint64_t id);

/* A task's result (cfg.result_bytes long): a pure function of its id and payload, so it
 * does not depend on where the task ran. wl_run hands it to ladro_result. */
void wl_task_result(const unsigned char *payload, size_t n, uint64_t id, unsigned char *out,
                    size_t rb);
/* Checksum term of one result (an owner sums them over its tasks). */
uint64_t wl_result_sum(uint64_t id, const unsigned char *r, size_t rb);

/* The results check at one owner (ladro-synth --verify under MPI, ladro-sim policy on
 * each simulated rank). mine: the owner's task ids, ascending, n of them; next(ctx, &id,
 * bytes) gives the results that came home one by one (rb bytes into bytes; returns 0, or
 * non-zero when none is left). Checks that each result belongs to one of mine, came once
 * and equals wl_task_result, that every one of mine came, and that the checksum over what
 * came equals the one over mine's expected results. Adds to out: received, wrong or
 * duplicated, missing, bad checksums (0 or 1); prints the first few faults on stderr,
 * prefixed "prog: rank R: ". */
typedef struct wl_results_check {
    uint64_t received, wrong, missing, bad_sums;
} wl_results_check_t;
typedef int (*wl_result_next_fn)(void *ctx, uint64_t *id, void *bytes);
void wl_check_owner_results(const wl_spec_t *w, int rank, const uint64_t *mine, uint64_t n,
                            size_t rb, wl_result_next_fn next, void *ctx, const char *prog,
                            wl_results_check_t *out);

#endif
