/* What every module of the runtime shares: the handle (struct ladro), the error helper,
 * and the headers of the modules the handle embeds by value (the pool, the steal guard,
 * termination, tracing). Each module's own types and functions are in src/<module>.h,
 * which a file includes when it uses them. Never installed. */
#ifndef LADRO_INT_H
#define LADRO_INT_H

#include "ladro.h"
#include "engine.h" /* ladroi_chan_t: the transport, MPI or simulated */
#include "guard.h"  /* ladroi_guard_t */
#include "pool.h"   /* ladroi_pool_t */
#include "term.h"   /* ladroi_term_t */
#include "trace.h"  /* ladroi_trace_t */
#include "util.h"   /* ladroi_rng_t */

#include <stdbool.h>
#include <stdint.h>

/* ---- error reporting -------------------------------------------------------------- */
#define LADROI_ERRLEN 256

/* Record a message on the handle and return rc (a negative LADRO_E* code). */
int ladroi_fail(ladro_t *lb, int rc, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
/* The same into a caller's buffer (config parsing has no handle): ladroi_failbuf,
 * util.h. */
/* Where ladroi_fail writes and ladro_last_error reads on a worker thread of lb (threads >
 * 1, src/threads.c): the argument every worker is started with (ladroi_net_thread_start)
 * begins with this binding, which src/error.c finds through ladroi_net_thread_arg (a
 * thread-local under MPI, the calling actor in a simulation). Every other thread uses the
 * handle's buffer (lb->err, lb->err_count). */
typedef struct ladroi_errbind {
    const ladro_t *lb;
    char *msg;
    unsigned *count;
} ladroi_errbind_t;

/* ---- the handle --------------------------------------------------------------------- */
enum ladroi_state { LADROI_SEEDING, LADROI_RUNNING, LADROI_DONE };
/* The watchdog's state (src/watchdog.c): not tripped, tripped by a wave every rank saw,
 * or by this rank alone (no collective can complete). */
enum { LADROI_WD_OK = 0, LADROI_WD_AGREED = 1, LADROI_WD_LOCAL = 2 };

struct ladro {
    ladro_config_t cfg;
    ladroi_chan_t *comm; /* the handle's channel: collectives, probes, windows */
    int rank, size;
    double speed; /* heterogeneity emulation (ladro_emulate): 1, or pad tasks to e/speed */
    int emulate;  /* LADRO_EMULATE_SLEEP or _SPIN: how a pad burns its time */
    ladroi_rng_t rng;
    const struct ladroi_policy_ops *policy; /* src/policy.h */
    void *policy_state;
    void *popts; /* the policy's options (policy->opts_size bytes; NULL when it has none) */
    ladroi_pool_t pool;
    ladroi_guard_t guard; /* the steal guard's state (src/guard.c) */
    ladroi_term_t term;
    enum ladroi_state state;
    /* current task */
    bool in_task;
    bool spawns; /* a task of this rank pushed a task (ladroi_take_cap) */
    struct ladroi_threads *threads; /* ladro_run's workers while they run (src/threads.c) */
    int trace_worker; /* 1 + the worker whose completed task the hub accounts for, 0 none */
    unsigned char *cur; /* record buffer */
    double task_start;
    /* idle loop (src/idle.c) */
    double backoff_us;
    double spin_pause_us; /* a policy's floor under the spin pause (a2ws lean: its cadence) */
    bool msg_pending; /* a message came during the policy's idle round: served at once */
    bool idle_round;  /* the core's idle round runs the policy (ladroi_idle_yield answers) */
    int node_ranks, node_cores; /* this node's ranks and their cores: cfg.idle's auto */
    /* a busy rank's service (core.c, ladro_progress): when the full one last ran, the
     * ladro_progress calls until the next, and how many calls apart it runs */
    double serve_at;
    unsigned serve_left, serve_stride;
    /* ladro_run runs the tasks on worker threads and the calling thread is the rank's
     * communication thread (src/threads.c): cfg.threads > 1, or the paper's communication
     * worker beside cfg.threads computation workers (paper=1, ops->paper_workers) */
    bool hub;
    /* timing and counters */
    double t0, t_end;
    ladro_rank_stats_t st;
    uint64_t completed;
    /* watchdog */
    int wd_state;            /* LADROI_WD_*: sticky once tripped */
    double wd_slow_task_s;   /* > 0: the last finished task ran this long (> watchdog) */
    char wd_reason[LADROI_ERRLEN]; /* why this rank raised an alarm ("" if it did not) */
    char err[LADROI_ERRLEN];
    unsigned err_count; /* messages written into err (ladro_run: did the task set one?) */
    /* tracing */
    ladroi_trace_t trace;
    double idle_since; /* < 0: not idle */
    /* results routing (src/results.c): NULL when off */
    struct ladroi_results *res;
    /* journal (src/journal.c): NULL when off */
    struct ladroi_journal *jnl;
    bool cur_rerun; /* the running task carries LADROI_MOVES_RERUN */
};

#endif
