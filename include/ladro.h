/*
 * ladro — distributed work stealing over MPI-3 one-sided communication.
 *
 * The one public header. Lifecycle, as a complete program (the test suite extracts it
 * from between the two example markers, compiles it, and runs it under a bare `mpirun`
 * with Open MPI and MPICH, in place and installed: no environment variable is needed;
 * examples/ has more, docs/user-guide.md says how to build against ladro):
 *
 * ladro-example-begin
 *   #include <ladro.h>
 *   #include <stdio.h>
 *
 *   int main(int argc, char **argv)
 *   {
 *       MPI_Init(&argc, &argv);
 *       char err[256] = "";
 *       ladro_config_t cfg;
 *       ladro_config_init(&cfg);                        // local, never fails
 *       cfg.task_bytes = sizeof(uint64_t);              // each task carries one number
 *       ladro_t *lb = NULL;
 *       int rc = ladro_config_from_env(&cfg, err, sizeof err); // local: LADRO_* variables
 *       if (rc == LADRO_OK)                             // collective
 *           rc = ladro_create(MPI_COMM_WORLD, &cfg, &lb, err, sizeof err);
 *       if (rc != LADRO_OK) {                           // same error on every rank
 *           fprintf(stderr, "example: %s: %s\n", ladro_err_name(rc), err);
 *           MPI_Finalize();
 *           return 1;
 *       }
 *       int rank = ladro_rank(lb), size = ladro_size(lb);
 *       for (uint64_t i = 0; i < 100 && rc == LADRO_OK; i++) { // local: seed the pool
 *           uint64_t n = i * (uint64_t)size + (uint64_t)rank;   // (or spawn in a task)
 *           rc = ladro_push(lb, &(ladro_task_t){.id = n, .payload = &n});
 *       }
 *       ladro_task_t task;
 *       uint64_t sum = 0, all = 0;                      // local; LADRO_DONE on every
 *       while (rc == LADRO_OK && (rc = ladro_next(lb, &task)) == LADRO_OK) // rank at the end
 *           sum += *(const uint64_t *)task.payload;     // run the task
 *       if (rc != LADRO_DONE)
 *           fprintf(stderr, "example: %s: %s\n", ladro_err_name(rc), ladro_last_error(lb));
 *       MPI_Allreduce(&sum, &all, 1, MPI_UINT64_T, MPI_SUM, MPI_COMM_WORLD);
 *       ladro_destroy(&lb);                             // collective
 *       uint64_t n = 100 * (uint64_t)size;              // tasks 0 .. n-1 each ran once?
 *       if (rank == 0)
 *           printf("example: sum %llu over %d ranks, expected %llu\n",
 *                  (unsigned long long)all, size, (unsigned long long)(n * (n - 1) / 2));
 *       MPI_Finalize();
 *       return rc == LADRO_DONE && all == n * (n - 1) / 2 ? 0 : 1;
 *   }
 * ladro-example-end
 *
 * Also: ladro_stats_gather (collective) for the run's numbers; ladro_progress inside
 * long tasks; ladro_result / ladro_result_next to send results home.
 *
 * Return values: every fallible call returns int — LADRO_OK (0) or another non-negative
 * status (LADRO_DONE) on success, a negative LADRO_E* code on error. ladro_strerror()
 * explains a code; ladro_last_error() gives the message of the last error on a handle.
 * The library never exits, aborts or prints on its own.
 *
 * Thread safety: a ladro_t is used by one thread (the one that created it), except that
 * with cfg.threads > 1 (or cfg.paper under baseline and successonly) ladro_run runs the
 * tasks on worker threads, which may call
 * ladro_push, ladro_result, ladro_progress (a no-op there), ladro_rank, ladro_size,
 * ladro_speed, ladro_config, ladro_global_counts and ladro_last_error (the worker's own
 * message) from inside a task; the calling thread alone calls MPI (MPI_THREAD_FUNNELED
 * suffices; docs/user-guide.md, "Threads inside a rank"). Several handles may coexist (on the same or different communicators);
 * there is no global state.
 */
#ifndef LADRO_H
#define LADRO_H

#include <mpi.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

#if defined(LADRO_BUILDING) && defined(__GNUC__)
#define LADRO_API __attribute__((visibility("default")))
#else
#define LADRO_API
#endif

/* LADRO_VERSION_MAJOR, _MINOR, _PATCH, _STRING: generated from the build's project version */
#include "ladro_version.h"
#define LADRO_VERSION_HEX                                                              \
    ((LADRO_VERSION_MAJOR << 16) | (LADRO_VERSION_MINOR << 8) | LADRO_VERSION_PATCH)

/* Status and error codes: X(NAME, value, message). Statuses are >= 0: LADRO_OK,
 * LADRO_DONE (ladro_next: the run is over), LADRO_NONE (ladro_result_next: no result
 * waiting). */
#define LADRO_ERRNO_MAP(X)                                                             \
    X(OK, 0, "success")                                                                \
    X(DONE, 1, "all tasks of the run completed")                                       \
    X(NONE, 2, "nothing waiting")                                                      \
    X(EINVAL, -1, "invalid argument")                                                  \
    X(ENOMEM, -2, "out of memory")                                                     \
    X(EMPI, -3, "an MPI call failed")                                                  \
    X(ESTATE, -4, "call not valid in the handle's current state")                      \
    X(ENOPOLICY, -5, "unknown load-balancing policy")                                  \
    X(EIO, -6, "input/output error")                                                   \
    X(ETIMEDOUT, -7, "no task completed anywhere within the watchdog period")          \
    X(ENOTSUP, -8, "not supported by this MPI library or configuration")

enum {
#define LADRO__ENUM(name, val, msg) LADRO_##name = (val),
    LADRO_ERRNO_MAP(LADRO__ENUM)
#undef LADRO__ENUM
};

/* Message for a code ("unknown error" for codes not in the map). Never NULL. */
LADRO_API const char *ladro_strerror(int code);
/* Symbolic name of a code, e.g. "LADRO_EINVAL". Never NULL. */
LADRO_API const char *ladro_err_name(int code);
/* LADRO_VERSION_STRING, e.g. "0.1.0": the version of the library linked. */
LADRO_API const char *ladro_version(void);

/* ---------------------------------------------------------------------------------
 * Configuration
 * A plain struct: fill with ladro_config_init(), then set fields directly, by name
 * (ladro_config_set), or from the environment (ladro_config_from_env). Every key is a
 * field of the same name, its environment variable LADRO_ + upper(key); one table in
 * src/config.c defines them (docs/envvars.md is checked against it). Options of one
 * policy (e.g. a2ws's radius) are declared by that policy (src/policy/<name>.c) and
 * kept as key=value pairs in policy_opts; the same functions set, check and print them.
 * Every field is validated again by ladro_create().
 * ------------------------------------------------------------------------------- */
#define LADRO_NAME_MAX 32
#define LADRO_PATH_MAX 256
#define LADRO_POLICY_OPTS_MAX 8 /* policy options one configuration holds */

/* How an idle rank waits between rounds (cfg.idle): decided at ladro_create by comparing
 * the ranks on this rank's node with the cores they may run on (auto), or forced. */
enum { LADRO_IDLE_AUTO = 0, LADRO_IDLE_SPIN = 1, LADRO_IDLE_BACKOFF = 2 };
/* What a slow rank may take (cfg.steal_guard): what the policy decides (off), or, by the
 * ranks' paces (seconds per task, which every rank publishes once its tasks are alike), a
 * rank over 2.5 times as slow as the fastest takes one task at a time, only while a fast
 * rank could not empty its victim sooner, and leaves its own tasks to thieves while they
 * come for them (pace); auto: pace under every stealing policy but a2ws, which weighs
 * speeds itself (paper=1: off). */
enum { LADRO_STEAL_GUARD_OFF = 0, LADRO_STEAL_GUARD_PACE = 1, LADRO_STEAL_GUARD_AUTO = 2 };

typedef struct ladro_policy_opt {
    char key[LADRO_NAME_MAX];   /* an option some registered policy declares */
    char value[LADRO_PATH_MAX]; /* as given; checked against the policy's declaration */
} ladro_policy_opt_t;

typedef struct ladro_config {
    size_t struct_size;          /* sizeof(ladro_config_t), set by ladro_config_init;
                                    every function taking a configuration checks it */
    char policy[LADRO_NAME_MAX]; /* "static", "random", ... (default random) */
    uint64_t seed;               /* RNG seed, same on all ranks (1) */
    size_t task_bytes;           /* inline payload bytes per task, same on all ranks (0) */
    uint32_t task_capacity;      /* stealable slots per rank, power of two (4096) */
    uint32_t chunk;              /* tasks kept private before exposing more (1) */
    double backoff_min_us;       /* idle pause when spinning, first back-off sleep (5) */
    double backoff_max_us;       /* idle back-off, cap (2000) */
    double backoff_pace;         /* idle back-off, cap as a share of the rank's mean task
                                    time so far (0.25; 0 = backoff_max_us only) */
    int idle;                    /* idle ranks: LADRO_IDLE_AUTO (spin when the node's ranks
                                    have a core each, else back off), _SPIN, _BACKOFF; key
                                    values "auto", "spin", "backoff". ladro_config(lb)
                                    holds what ladro_create chose (never auto) */
    size_t result_bytes;         /* result bytes a task sends back to its owner (0) */
    char trace[LADRO_PATH_MAX];  /* trace file path ("" = tracing off) */
    double watchdog;             /* seconds: fail with LADRO_ETIMEDOUT when no task
                                    completes anywhere for this long (0 = off) */
    double progress;             /* seconds: busy ranks also refresh the global task counts
                                    this often, for ladro_global_counts (0 = only when
                                    idle) */
    uint32_t threads;            /* worker threads per rank, run by ladro_run (1: the
                                    calling thread runs the tasks; > 1: threads of their
                                    own, and the calling thread serves the protocol) */
    int steal_guard;             /* LADRO_STEAL_GUARD_AUTO (default: _PACE but under
                                    a2ws and paper=1), _OFF or _PACE; key values
                                    "auto", "off", "pace". ladro_config(lb) holds what
                                    ladro_create chose (never auto) */
    int paper;                   /* 1: the policy runs as its paper describes (its values
                                    in docs/policies/<policy>.md, "The paper's
                                    configuration"; the steal guard and back-off pacing
                                    off); ladro_create refuses what ladro cannot give.
                                    0: ladro's best measured configuration (default) */
    char journal[LADRO_PATH_MAX]; /* restartable runs: a directory where every rank
                                    records each task it completes ("" = off; see
                                    "Journal" below) */
    uint64_t journal_id;         /* the program's fingerprint, kept in the journal: a
                                    resume with another value is refused (0) */
    int npolicy_opts;            /* policy options set (ladro_config_set with a policy's
                                    key); options of policies other than `policy` are kept
                                    and ignored, so one environment serves several */
    ladro_policy_opt_t policy_opts[LADRO_POLICY_OPTS_MAX];
} ladro_config_t;

/* Defaults. Local. */
LADRO_API void ladro_config_init(ladro_config_t *cfg);
/* Set one field or policy option by key ("policy", "task_capacity", "radius", ...; env
 * name = "LADRO_" + upper(key)). Returns LADRO_EINVAL with a one-line message in err
 * (naming key, value and what is accepted) when the key is unknown or the value invalid,
 * LADRO_ENOPOLICY for key "policy" with an unregistered name; cfg is then unchanged. */
LADRO_API int ladro_config_set(ladro_config_t *cfg, const char *key, const char *value,
                               char *err, size_t errlen);
/* The value of a key as text (the form ladro_config_set accepts): a field, or a policy
 * option (its set value, else its default). LADRO_EINVAL for an unknown key or a buffer
 * too small. Local. */
LADRO_API int ladro_config_get(const ladro_config_t *cfg, const char *key, char *buf,
                               size_t buflen);
/* Apply every set LADRO_* variable. Unknown LADRO_* variables are errors (typos must not
 * pass silently). On error cfg may hold the values applied before the bad one. */
LADRO_API int ladro_config_from_env(ladro_config_t *cfg, char *err, size_t errlen);
/* Check every field and policy option; the same check ladro_create() runs. */
LADRO_API int ladro_config_validate(const ladro_config_t *cfg, char *err, size_t errlen);
/* Print every key with its value and environment variable name, then the chosen
 * policy's options. */
LADRO_API void ladro_print_config(FILE *out, const ladro_config_t *cfg);
/* NULL-terminated list of the registered policy names. */
LADRO_API const char *const *ladro_policy_names(void);

/* Resolve the speed spec for one rank of nranks: the emulated speed relative to the
 * fastest rank, in (0, 1]. LADRO_EINVAL for a bad spec. */
LADRO_API int ladro_speed_of(const char *spec, int rank, int nranks, double *speed,
                             char *err, size_t errlen);

/* ---------------------------------------------------------------------------------
 * Handle
 * ------------------------------------------------------------------------------- */
typedef struct ladro ladro_t;

/* Task record as seen by the user. On push: id and payload (task_bytes bytes copied,
 * may be NULL when task_bytes is 0) are read; origin, moves and flags are set by the
 * library. On next: every field is filled; payload points to library memory valid until
 * the next ladro_next()/ladro_destroy() on this handle. */
typedef struct ladro_task {
    uint64_t id;
    int32_t origin; /* rank that pushed it */
    uint32_t moves; /* how many times it was stolen */
    void *payload;
    uint32_t flags; /* LADRO_TASK_RERUN: (journal) this task may have run, in part or
                       whole, in an earlier run that died: make its side effects
                       idempotent */
} ladro_task_t;
enum { LADRO_TASK_RERUN = 1 };

/* Journal (cfg.journal = DIR, LADRO_JOURNAL): restartable runs.
 * Each rank appends a record to DIR/rank-<r>.jnl for every task it completes — its id,
 * its origin, its result bytes and the tasks it pushed while running — and makes records
 * durable in groups (one write and one fdatasync for many records; at the latest 50 ms
 * after a completion, and whenever the rank is idle). A task counts as completed only
 * once its record is durable, so LADRO_DONE means the whole run is on disk, and a result
 * ladro_result_next handed out is on disk.
 * A run created with a DIR that holds records resumes (on any number of ranks; every rank
 * reads every rank's file, so DIR must be on a file system all ranks see):
 *   - the program pushes its seeds again, as in a first run; ladro_push drops (returns
 *     LADRO_OK for) a task whose id the journal records as completed;
 *   - tasks recorded as spawned but not completed are pushed again by ladro_create on
 *     rank (the rank that recorded them) mod nranks;
 *   - each completed task's result is handed out by ladro_result_next, as if just
 *     computed, on the rank that pushes the task again in this run (a seed: the rank
 *     seeding it; a child of a task that runs again: that task's rank), or, for a child
 *     of a task also completed (nobody pushes it again), on rank (its origin) mod nranks
 *     at creation; ladro_stats counts them in journal_done. Every rank holds the ids of
 *     every completed task and the results of those pushed again (memory: tasks x
 *     (about 24 + result_bytes) bytes per rank);
 *   - the run ends (LADRO_DONE) when every task of the union of the runs completed.
 * Guarantee: every task completes, and its result reaches ladro_result_next, exactly
 * once over the runs whose results are kept (each run hands out every result of the
 * union once); a task is executed at least once: one running, or completed but not yet
 * durable, when the job died runs again. Tasks that may run again carry
 * LADRO_TASK_RERUN (every task at the start of a resumed run, and what they spawn);
 * ladro_stats counts them in journal_reruns.
 * The program must: give every task of a run a unique id (a journal recording an id
 * completed twice is refused), push the same seeds with the same ids on every run, and
 * spawn the same children (ids and payloads) from a task whatever run executes it. A
 * journal written with other task_bytes, result_bytes or journal_id is refused
 * (LADRO_EINVAL from ladro_create, message naming the file), as is one damaged anywhere
 * but in its last record (a write cut short by the kill is dropped). With cfg.threads > 1
 * the workers' completions and the tasks their tasks push are recorded the same way (the
 * rank's communication thread writes the records). Write failures (disk full) make
 * ladro_next (ladro_run) return LADRO_EIO, the file cut back to its last complete record. */

/* Collective over comm. Duplicates comm; cfg is copied. Validates cfg on every rank and
 * agrees collectively, so either every rank gets a handle or every rank gets the same
 * error: LADRO_EINVAL (bad config; one-line message in err if err is non-NULL),
 * LADRO_ENOPOLICY (cfg->policy not registered), LADRO_ENOMEM, LADRO_EMPI, LADRO_ENOTSUP
 * (e.g. an Open MPI set-up whose 64-bit MPI_Compare_and_swap crashes — libladro turns it
 * off before MPI_Init unless the user chose it; the message names the variable;
 * docs/user-guide.md; or cfg->threads > 1 while MPI
 * gives less than MPI_THREAD_FUNNELED — MPI_THREAD_SERIALIZED when the calling thread did
 * not initialise MPI — the message names the level to request; or cfg->paper asks for a
 * paper's rule ladro does not give: the message names the rule). On error *out is NULL. */
LADRO_API int ladro_create(MPI_Comm comm, const ladro_config_t *cfg, ladro_t **out,
                           char *err, size_t errlen);
/* Collective. Frees everything; sets *lb to NULL. A NULL *lb is a no-op. Must be called
 * after ladro_next returned LADRO_DONE (or an error) on every rank. Writes the policy's
 * end-of-run output first (ctws's option ctws_log; LADRO_EIO on rank 0 if it cannot).
 * Returns LADRO_OK, or
 * LADRO_ETIMEDOUT after a watchdog failure this rank detected alone (some rank stopped
 * calling the library): it then frees local memory only, without any collective, and
 * the caller should MPI_Abort. */
LADRO_API int ladro_destroy(ladro_t **lb);

/* Local. Add a task to this rank's pool. Allowed before this rank's first ladro_next
 * (seeding) and while this rank runs a task (spawning; with cfg.threads > 1 from any
 * worker's task, into that worker's own deque). Errors: LADRO_EINVAL, LADRO_ESTATE
 * (after LADRO_DONE), LADRO_ENOMEM. */
LADRO_API int ladro_push(ladro_t *lb, const ladro_task_t *task);
/* Local, but all ranks must keep calling it until it returns LADRO_DONE. Completes the
 * task returned by the previous call, then returns the next one (local, or stolen):
 * LADRO_OK with *task filled, LADRO_DONE when every task everywhere completed, or an
 * error (LADRO_EMPI, LADRO_ETIMEDOUT).
 * LADRO_ETIMEDOUT (cfg.watchdog > 0): no task completed anywhere for `watchdog` seconds,
 * or a task ran longer than that; every rank gets it in the same termination wave, and
 * every later ladro_next/ladro_progress returns it again. ladro_last_error() says why;
 * ladro_dump_state() shows this rank's state.
 * With cfg.threads > 1 (or cfg.paper under baseline and successonly) it returns
 * LADRO_ESTATE: the tasks run on ladro_run's workers. */
LADRO_API int ladro_next(ladro_t *lb, ladro_task_t *task);
/* Local. Long tasks call it now and then: serves the policy's protocol (token, info
 * vector, requests) and MPI progress. Cheap when there is nothing to do. With
 * cfg.threads > 1 it is not needed: from a worker's task it returns LADRO_OK at once
 * (the thread in ladro_run serves meanwhile). */
LADRO_API int ladro_progress(ladro_t *lb);
/* Local, no communication, a few instructions: 1 when a task pushed now is wanted by
 * another rank or worker: several ranks under a policy that moves tasks, and no task of
 * this rank left for thieves (its public tasks gone, as of its last service, and at most
 * `chunk` private ones; under leader and paper=1 whatever the pool holds, under a2ws until
 * this rank's tasks push tasks), or, from a worker's task with cfg.threads > 1, at most
 * `chunk` tasks in its deque. 0 otherwise: on
 * one rank, under static, for NULL and after LADRO_DONE. A task that can split its work
 * (a search's stack) pushes a part only when it is 1 and keeps the rest on its own stack,
 * asking again every few steps: no task traffic where nobody could take it. An
 * application that needs the same tasks in every run (a journal's restart, which
 * recognises tasks by id) pushes on its own fixed rule instead. */
LADRO_API int ladro_hungry(const ladro_t *lb);

/* Results (cfg.result_bytes > 0; smallworld also routes empty completion notices when
 * it is 0). A task's result goes back to the task's owner (its origin rank) — over the
 * small-world overlay with aggregation per next hop under smallworld, in one hop under
 * every other policy — and the task counts as completed only once its result is stored
 * at the owner, so LADRO_DONE means every result is home.
 *
 * ladro_result: local; call while running a task (between the ladro_next that returned
 * it and the next ladro_next; with cfg.threads > 1 from the worker running it). Copies cfg.result_bytes bytes from `bytes` (the caller
 * keeps ownership); a later call in the same task replaces them; a task that never calls
 * it returns zeros. Errors: LADRO_EINVAL (NULL, or result_bytes is 0), LADRO_ESTATE (no
 * task running). */
LADRO_API int ladro_result(ladro_t *lb, const void *bytes);
/* Local; at the owner, at any time (during the run, or after LADRO_DONE until
 * ladro_destroy). Takes the oldest result that arrived for one of this rank's tasks:
 * returns LADRO_OK with *id and result_bytes bytes copied to `bytes`, LADRO_NONE when
 * none is waiting, or LADRO_EINVAL. Results are kept until taken; each is given once. */
LADRO_API int ladro_result_next(ladro_t *lb, uint64_t *id, void *bytes);

/* Local. Print a bounded (about 10 lines) summary of this rank's state to out: task in
 * progress, queue counts (private/public), tasks created/completed here, steals,
 * termination waves and the last global counts, the watchdog's view, the policy's own
 * state, the last error. Meant for the LADRO_ETIMEDOUT path (the library never prints
 * on its own); safe at any time on a valid handle, makes no MPI call. */
LADRO_API void ladro_dump_state(const ladro_t *lb, FILE *out);

/* Local. The global numbers of tasks created and completed as of the last termination
 * wave this rank saw (0 and 0 before the first). Waves run whenever a rank is idle, and
 * every cfg.progress seconds from busy ranks too when it is set: what progress lines
 * and ETAs are made of. */
LADRO_API int ladro_global_counts(const ladro_t *lb, uint64_t *created, uint64_t *completed);

/* Callback form: runs fn on every task until global completion (LADRO_DONE), then returns
 * LADRO_OK, the first negative return of fn (which stops nothing globally; its message
 * names the task, after the message of a call of that task that failed, if one did), or
 * an error of the run (as ladro_next's). Local, like ladro_next: every rank calls it.
 * cfg.threads == 1: the ladro_next loop on the calling thread.
 * cfg.threads > 1, or cfg.paper with baseline or successonly (the paper's communication
 * worker beside cfg.threads computation workers): starts cfg.threads worker threads, which call fn (several tasks at
 * once: what fn shares must be atomic or locked), steal from each other's deques first,
 * and stop at LADRO_DONE; the calling thread serves the rank's public pool and every
 * remote request meanwhile, and alone calls MPI (docs/architecture.md, "Threads inside a
 * rank"). Errors besides ladro_next's: LADRO_ENOMEM (workers could not start). */
typedef int (*ladro_task_fn)(ladro_t *lb, const ladro_task_t *task, void *user_data);
LADRO_API int ladro_run(ladro_t *lb, ladro_task_fn fn, void *user_data);
/* Local. 1 when this run resumed a journal (cfg.journal) that records task `id` as
 * completed (it does not run in this run), else 0 (also without a journal): what a
 * program counting its tasks adds to those it ran. */
LADRO_API int ladro_journal_completed(const ladro_t *lb, uint64_t id);
/* Convenience: tasks 0..n-1 block-distributed over comm (rank r seeds
 * [n*r/size, n*(r+1)/size)), configuration from the defaults and the LADRO_* variables,
 * fn run on each exactly once (as ladro_run: cfg.threads > 1 runs it on worker threads);
 * the handle is created and destroyed inside. Collective: every rank of comm calls it
 * with the same n. Returns LADRO_OK when every task ran, else the error, with its
 * one-line message in err (when err is non-NULL; "" on success): ladro_config_from_env's
 * (e.g. LADRO_EINVAL for a mistyped LADRO_* variable), ladro_create's, ladro_run's (the
 * first negative return of fn, or an error of the run), ladro_destroy's (LADRO_EIO: the
 * trace could not be written), LADRO_EINVAL for a NULL fn. */
LADRO_API int ladro_run_range(MPI_Comm comm, uint64_t n, ladro_task_fn fn, void *user_data,
                              char *err, size_t errlen);

/* Local. The calling thread's worker index in [0, cfg.threads) while it runs a task of
 * ladro_run: per-worker state of an application (counters, scratch buffers) is an array
 * indexed by it. 0 on the calling thread when cfg.threads is 1 without worker threads;
 * -1 on any other thread (the thread in ladro_run when it starts workers, or a thread of
 * the application's own). */
LADRO_API int ladro_thread_index(const ladro_t *lb);

LADRO_API int ladro_rank(const ladro_t *lb);
LADRO_API int ladro_size(const ladro_t *lb);
/* This rank's emulated speed in (0, 1] (1 unless ladro_emulate set another). */
LADRO_API double ladro_speed(const ladro_t *lb);

/* ---------------------------------------------------------------------------------
 * Heterogeneity emulation (benchmarks and tests; not a configuration key)
 *
 * Makes this rank behave as one `speed` times as fast as the fastest rank: a task that
 * took e seconds is padded to e / speed before the next ladro_next (or, under ladro_run,
 * before the worker's next task), by sleeping (LADRO_EMULATE_SLEEP) or spinning
 * (LADRO_EMULATE_SPIN), in slices that serve the protocol, so thieves, tokens and replies
 * never wait on a pad. The statistics count the speed (ladro_stats_t speed; the lower
 * bound of the efficiency) and the unpadded time (work). The tools give it as --speed
 * SPEC and --emulate (ladro_speed_of resolves a SPEC for one rank). Local; call after
 * ladro_create, before the first ladro_next or ladro_run: LADRO_ESTATE after,
 * LADRO_EINVAL for a speed outside (0, 1] or another mode.
 * ------------------------------------------------------------------------------- */
enum { LADRO_EMULATE_SLEEP = 0, LADRO_EMULATE_SPIN = 1 };
LADRO_API int ladro_emulate(ladro_t *lb, double speed, int how);
/* The configuration in force (validated). */
LADRO_API const ladro_config_t *ladro_config(const ladro_t *lb);
/* Message of the last error returned on this handle ("" if none; "" for a NULL handle).
 * Every error code a call on a handle returns comes with its message here. From inside a
 * task on a worker thread (cfg.threads > 1): the message of the last error of a call made
 * by that worker (each worker has its own). Never NULL. */
LADRO_API const char *ladro_last_error(const ladro_t *lb);

/* ---------------------------------------------------------------------------------
 * Statistics (vocabulary of docs/architecture.md §Measurements)
 * ------------------------------------------------------------------------------- */
/* Per-rank counters. The fields below are the core's (every policy); a policy's own
 * counters (a2ws's preemptive steals, successonly's cyclic steals, ...) are in
 * counters[], named by ladro_stats_t.counter_names and read with ladro_stats_counter. */
#define LADRO_STATS_COUNTERS_MAX 24

typedef struct ladro_rank_stats {
    size_t struct_size;       /* sizeof(ladro_rank_stats_t), set by the library */
    double speed;             /* emulated speed */
    double wall_s;            /* common start (barrier in create) to LADRO_DONE */
    double busy_s;            /* inside tasks, padding for speed included */
    double idle_s;            /* wall - busy */
    double work_s;            /* task time at full speed (unpadded) */
    double max_task_s;        /* longest task at full speed */
    uint64_t tasks_run;
    uint64_t tasks_pushed;    /* created here (seeded or spawned) */
    uint64_t steals_tried;    /* remote steal attempts (what one is: the policy's page) */
    uint64_t steals_ok;
    uint64_t steals_failed;   /* attempts that brought nothing */
    uint64_t steal_retries;   /* CAS conflicts retried inside one attempt */
    uint64_t steals_declined; /* steal_guard=pace: loaded victims this slow rank left to
                                 faster thieves */
    uint64_t tasks_stolen;    /* tasks moved to this rank by steals */
    uint64_t bytes_stolen;
    uint64_t tasks_stolen_twice; /* tasks run here that had moved twice or more */
    uint64_t info_msgs;       /* policy messages (token, info vector, requests) */
    uint64_t term_waves;      /* termination-detection waves */
    double steal_time_s;      /* time spent in steal attempts */
    /* results routing (src/results.c; zero when results are off) */
    uint64_t result_chunks;   /* results of other ranks' tasks produced here (each routed) */
    uint64_t result_msgs;     /* result messages sent from here (every hop of a route) */
    uint64_t result_records_sent; /* result records those messages carried */
    uint64_t result_bytes_sent;   /* bytes of those messages */
    uint64_t results_home;    /* results of this rank's tasks that came back from others */
    uint64_t route_hops;      /* sum of their route lengths (hops) */
    uint64_t route_hops_max;  /* longest of those routes (total: max over ranks) */
    /* common start to the end of this rank's last task (0: it ran none; total: max, when
     * the last task ended anywhere). makespan minus the total's value is the time
     * termination detection took after the work was done. */
    double last_task_end_s;
    /* threads inside the rank (cfg.threads; under one thread: 1, 0, 0, tasks_run).
     * busy_s and work_s sum over the rank's workers, idle_s = threads * wall_s - busy_s. */
    uint64_t threads;            /* worker threads (total: sum) */
    uint64_t worker_steals;      /* tasks a worker took from a sibling's deque */
    uint64_t worker_steal_races; /* such steals lost to another thread and retried */
    uint64_t worker_tasks_max;   /* tasks run by the rank's busiest worker (total: max) */
    /* journal (cfg.journal; zero when off) */
    uint64_t journal_done;   /* tasks the journal recorded as completed, taken from it
                                (counted at their owner: origin mod nranks) */
    uint64_t journal_reruns; /* tasks run here that may have run before (LADRO_TASK_RERUN) */
    uint64_t journal_syncs;  /* group commits (write + fdatasync) */
    uint64_t journal_bytes;  /* bytes appended to the journal */
    double counters[LADRO_STATS_COUNTERS_MAX]; /* the policy's, in counter_names order */
} ladro_rank_stats_t;

typedef struct ladro_stats {
    size_t struct_size; /* sizeof(ladro_stats_t), set by ladro_stats_gather; checked */
    char policy[LADRO_NAME_MAX];
    int nranks;
    double makespan;    /* max wall */
    double lower_bound; /* max(sum work / sum speed, longest task) */
    double efficiency;  /* lower_bound / makespan */
    double imbalance;   /* (max busy - mean busy) / max busy */
    double idle_mean;   /* mean idle fraction of the makespan */
    double idle_max;    /* largest idle fraction */
    ladro_rank_stats_t total; /* sums, or maxima where a field says so (wall_s,
                                 max_task_s, term_waves, route_hops_max, last_task_end_s;
                                 the policy's counters as it declares) */
    ladro_rank_stats_t *ranks; /* nranks entries, every rank gets them */
    int ncounters;             /* the policy's counters in counters[] */
    const char *counter_names[LADRO_STATS_COUNTERS_MAX]; /* static strings of the library */
} ladro_stats_t;

/* Collective, after LADRO_DONE. Allocates st->ranks; free with ladro_stats_free. */
LADRO_API int ladro_stats_gather(ladro_t *lb, ladro_stats_t *st);
LADRO_API void ladro_stats_free(ladro_stats_t *st);
/* Local counters of this rank (valid at any time). */
LADRO_API int ladro_stats_local(const ladro_t *lb, ladro_rank_stats_t *out);
/* Mean steal latency in seconds: time in remote steal attempts / attempts (0 when no
 * attempt was made). What one attempt spans is the policy's (docs/architecture.md
 * §Measurements): a CAS/fetch-and-add theft for random, smallworld, ctws and a2ws; lock,
 * request and wait for the victim's reply for baseline and successonly. */
LADRO_API double ladro_stats_steal_latency(const ladro_stats_t *st);
/* The total of the policy counter `name` (e.g. "a2ws_preemptive"): LADRO_OK, or
 * LADRO_EINVAL when this run's policy has no such counter (or st was not gathered).
 * Integral counters are exact up to 2^53. */
LADRO_API int ladro_stats_counter(const ladro_stats_t *st, const char *name, double *value);
/* Field i of the summary (rank < 0: derived measures, totals, policy counters) or of
 * rank `rank`'s statistics, under the name the JSON/CSV writers use: LADRO_OK, or
 * LADRO_EINVAL past the last field (i counts from 0). Fields of either kind are walked
 * without a list of names in the caller. */
LADRO_API int ladro_stats_field(const ladro_stats_t *st, int rank, size_t i,
                                const char **name, double *value);
/* Output formats of ladro_stats_write. */
enum { LADRO_STATS_JSON, LADRO_STATS_CSV, LADRO_STATS_CSV_HEADER };
/* Write the summary (rank < 0) or one rank's statistics, the fields of ladro_stats_field:
 * JSON: `"name": value` members joined by ", ", without braces, so the caller embeds
 * them in its own object; CSV: the values joined by ","; CSV_HEADER: the names. No
 * newline. CSV rows have the same columns under every policy: the policy's counters go
 * into one last column, `policy_counters`, as name=value pairs joined by ";" (st may be
 * NULL for CSV_HEADER: the columns do not depend on the run). Returns
 * LADRO_OK, LADRO_EINVAL (bad arguments), LADRO_EIO (write error). */
LADRO_API int ladro_stats_write(FILE *out, const ladro_stats_t *st, int rank, int format);
/* One-screen summary (policy, makespan, lower bound, efficiency, idle, steals, results,
 * the policy's counters). policy: the name to show (NULL: st->policy). */
LADRO_API void ladro_stats_print(FILE *out, const ladro_stats_t *st, const char *policy);

#ifdef __cplusplus
}
#endif
#endif /* LADRO_H */
