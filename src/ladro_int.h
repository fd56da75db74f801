/* Internal declarations shared by the runtime's modules. Never installed. */
#ifndef LADRO_INT_H
#define LADRO_INT_H

#include "ladro.h"
#include "tree.h" /* the collectives' k-ary tree: pure */
#include "sw_math.h" /* the small-world overlay's graph: pure, shared with ladro-sim */
#include "util.h" /* rng, time, number parsing, ladroi_failbuf: pure, shared with ladro-sim */
#include "engine.h" /* the transport: MPI or simulated */
#include "guard.h" /* the steal guard: what a slow rank may take or keep */

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

/* ---- error reporting -------------------------------------------------------------- */
#define LADROI_ERRLEN 256

/* Record a message on the handle and return rc (a negative LADRO_E* code). */
int ladroi_fail(ladro_t *lb, int rc, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
/* The same into a caller's buffer (config parsing has no handle): ladroi_failbuf,
 * util.h. */

#include "config.h"
#include "stats.h"
#include "core.h"
#include "pool.h"
#include "coll.h"
#include "term.h"
#include "idle.h"
#include "watchdog.h"
#include "trace.h"
#include "overlay.h"
#include "results.h"
#include "policy.h"
#include "threads.h"
#include "journal.h"

/* ---- the handle --------------------------------------------------------------------- */
enum ladroi_state { LADROI_SEEDING, LADROI_RUNNING, LADROI_DONE };

struct ladro {
    ladro_config_t cfg;
    ladroi_chan_t *comm; /* the handle's channel: collectives, probes, windows */
    int rank, size;
    double speed;
    ladroi_rng_t rng;
    const ladroi_policy_ops_t *policy;
    void *policy_state;
    void *popts; /* the policy's options (policy->opts_size bytes; NULL when it has none) */
    ladroi_pool_t pool;
    ladroi_guard_t guard; /* the steal guard's state (src/guard.c) */
    ladroi_term_t term;
    enum ladroi_state state;
    /* current task */
    bool in_task;
    ladroi_threads_t *threads; /* ladro_run's workers while they run (src/threads.c) */
    int trace_worker; /* 1 + the worker whose completed task the hub accounts for, 0 none */
    unsigned char *cur; /* record buffer */
    double task_start;
    /* idle loop (src/idle.c) */
    double backoff_us;
    bool msg_pending; /* a message came during the policy's idle round: served at once */
    bool idle_round;  /* the core's idle round runs the policy (ladroi_idle_yield answers) */
    int node_ranks, node_cores; /* this node's ranks and their cores: cfg.idle's auto */
    unsigned poll_count;
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
    ladroi_results_t *res;
    /* journal (src/journal.c): NULL when off */
    ladroi_journal_t *jnl;
    bool cur_rerun; /* the running task carries LADROI_MOVES_RERUN */
};

#endif
