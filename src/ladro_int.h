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

/* ---- option descriptors (src/config.c) ----------------------------------------------
 * One descriptor per key: the core's table (ladro_config_t fields) and each policy's
 * options (fields of the policy's own options struct) use the same type, parsed, checked,
 * shown and documented by the same code. */
enum { LADROI_OPT_U64, LADROI_OPT_U32, LADROI_OPT_SIZE, LADROI_OPT_INT, LADROI_OPT_DOUBLE,
       LADROI_OPT_STR, LADROI_OPT_ENUM };

typedef struct ladroi_opt {
    const char *key;
    int type;                 /* LADROI_OPT_* */
    size_t off, size;         /* the field in its struct: LADROI_OPT_FIELD(type, field) */
    uint64_t min, max;        /* integers: accepted range */
    double dmin, dmax;        /* DOUBLE: accepted range, dmin excluded when open */
    bool open;
    const char *const *names; /* ENUM: accepted words (NULL-terminated); the int field
                                 holds base + index */
    int base;
    /* Further check of a value the type accepted (NULL: none): 0, or a LADRO_E* code
     * with the message in err. */
    int (*check)(const char *v, char *err, size_t errlen);
    const char *def;          /* the default, as ladro_config_set takes it */
    const char *accepted;     /* what is accepted: error messages and docs/envvars.md */
    const char *doc;          /* what it means: ladro_print_config and docs/envvars.md */
    /* The value under cfg.paper (NULL: def). A policy's row may be `fixed`: no key, the
     * policy's setting in force (def, or paper under cfg.paper), listed by
     * ladro_print_config and docs/envvars.md but not settable. */
    const char *paper;
    bool fixed;
} ladroi_opt_t;

#define LADROI_OPT_FIELD(type, field) offsetof(type, field), sizeof(((type *)0)->field)

/* Parse v into the field of o in the struct at base: 0, or LADRO_EINVAL (or the check's
 * code) with "key='v': accepted: ..." in err; the field is unchanged on error. */
int ladroi_opt_parse(const ladroi_opt_t *o, void *base, const char *v, char *err,
                     size_t errlen);
/* The field as text, in the form ladroi_opt_parse takes. */
void ladroi_opt_show(const ladroi_opt_t *o, const void *base, char *buf, size_t n);

/* Name of configuration key i: the core's keys in table order, then the options of every
 * registered policy (each key once); NULL past the last. Lets the config fuzzer
 * (tests/fuzz) and tests walk every key without a second list. */
const char *ladroi_config_key(size_t i);
/* docs/envvars.md's generated part: the core table and each policy's options, as
 * markdown (tests/envvars_doc.c compares it with the file). */
void ladroi_config_doc(FILE *out);
/* Fill the options struct `opts` (ops->opts_size bytes) of policy `ops` from its
 * defaults and the options cfg holds for it. LADRO_EINVAL with a message on a bad value. */
struct ladroi_policy_ops;
/* The configuration ladro_create runs: cfg with what cfg.paper implies for the core
 * (steal guard and back-off pacing off). Every other field as given. */
void ladroi_config_effective(const ladro_config_t *cfg, ladro_config_t *out);
int ladroi_policy_opts(const struct ladroi_policy_ops *ops, const ladro_config_t *cfg,
                       void *opts, char *err, size_t errlen);

/* ---- statistics (src/stats.c): the core's per-rank fields, once ----------------------
 * X(field of ladro_rank_stats_t, U64 or DBL, SUM or MAX over ranks, name in JSON/CSV
 * output, in the summary (1) or per rank only (0)). The gather, ladro_stats_field, the
 * writers and the tests walk this list; output names are the ones scripts parse. */
#define LADROI_STATS_FIELDS(X)                                                          \
    X(speed, DBL, SUM, "speed", 0)                                                      \
    X(wall_s, DBL, MAX, "wall", 0)                                                      \
    X(busy_s, DBL, SUM, "busy", 1)                                                      \
    X(idle_s, DBL, SUM, "idle", 1)                                                      \
    X(work_s, DBL, SUM, "work", 1)                                                      \
    X(max_task_s, DBL, MAX, "max_task", 1)                                              \
    X(tasks_run, U64, SUM, "tasks", 1)                                                  \
    X(tasks_pushed, U64, SUM, "tasks_pushed", 1)                                        \
    X(steals_tried, U64, SUM, "steals_tried", 1)                                        \
    X(steals_ok, U64, SUM, "steals_ok", 1)                                              \
    X(steals_failed, U64, SUM, "steals_failed", 1)                                      \
    X(steal_retries, U64, SUM, "steal_retries", 1)                                      \
    X(steals_declined, U64, SUM, "steals_declined", 1)                                  \
    X(tasks_stolen, U64, SUM, "tasks_moved", 1)                                         \
    X(bytes_stolen, U64, SUM, "bytes_moved", 1)                                         \
    X(tasks_stolen_twice, U64, SUM, "stolen_twice", 1)                                  \
    X(info_msgs, U64, SUM, "info_msgs", 1)                                              \
    X(term_waves, U64, MAX, "waves", 1)                                                 \
    X(steal_time_s, DBL, SUM, "steal_time", 1)                                          \
    X(result_chunks, U64, SUM, "result_chunks", 1)                                      \
    X(result_msgs, U64, SUM, "result_msgs", 1)                                          \
    X(result_records_sent, U64, SUM, "result_records_sent", 1)                          \
    X(result_bytes_sent, U64, SUM, "result_bytes_sent", 1)                              \
    X(results_home, U64, SUM, "results_home", 1)                                        \
    X(route_hops, U64, SUM, "route_hops", 1)                                            \
    X(route_hops_max, U64, MAX, "route_hops_max", 1)                                    \
    X(last_task_end_s, DBL, MAX, "work_end", 1)                                         \
    X(threads, U64, SUM, "threads", 1)                                                  \
    X(worker_steals, U64, SUM, "worker_steals", 1)                                      \
    X(worker_steal_races, U64, SUM, "worker_steal_races", 1)                            \
    X(worker_tasks_max, U64, MAX, "worker_tasks_max", 1)                                \
    X(journal_done, U64, SUM, "journal_done", 1)                                        \
    X(journal_reruns, U64, SUM, "journal_reruns", 1)                                    \
    X(journal_syncs, U64, SUM, "journal_syncs", 1)                                      \
    X(journal_bytes, U64, SUM, "journal_bytes", 1)

/* The transport (windows, messages, collectives, clock): src/engine.h. The debug delay
 * before an operation on another rank (cfg.delay_us: a uniform draw in [0, delay_us]),
 * shared by every engine. */
void ladroi_rma_delay(ladro_t *lb);

/* Create a handle over the ranks of `world` (collective; world is only borrowed: the
 * handle's channels are duplicates). The engines' entry points call it. */
int ladroi_create(ladroi_chan_t *world, const ladro_config_t *cfg, ladro_t **out, char *err,
                  size_t errlen);
/* ladro_run_range after the creation: seed ids [n*rank/size, n*(rank+1)/size), run,
 * destroy *plb; the message of an error into err (when non-NULL). */
int ladroi_run_range(ladro_t **plb, uint64_t n, ladro_task_fn fn, void *user_data, char *err,
                     size_t errlen);

/* ---- task records -------------------------------------------------------------------
 * A record is a header followed by cfg.task_bytes of payload, padded to 8 bytes. */
typedef struct ladroi_rec_hdr {
    uint64_t id;
    int32_t origin;
    uint32_t moves; /* steals; the top bit is LADROI_MOVES_RERUN (journal) */
} ladroi_rec_hdr_t;
#define LADROI_MOVES_RERUN 0x80000000u
#define LADROI_MOVES(h) ((h).moves & ~LADROI_MOVES_RERUN)

/* ---- the task pool (src/pool.c; protocol in docs/architecture.md) -------------------
 * Private part: a local growable deque, touched only by the owner, no MPI.
 * Public part: a ring of `capacity` records in an RMA window, described by one 64-bit
 * word (top | split | inflight) that every party changes only with atomics. */
typedef struct ladroi_pool {
    size_t rec_bytes;
    uint32_t capacity; /* public ring slots, power of two */
    ladroi_win_t win;  /* [word][pad to 64 bytes][ring] */
    /* private deque of records (owner only) */
    unsigned char *priv;
    size_t priv_cap, priv_head, priv_count; /* ring indices in records */
    /* owner's knowledge of the public word */
    uint32_t quiet_top; /* a top observed with inflight == 0 */
    uint32_t pub_est;   /* public tasks at the last owner operation (estimate) */
    uint32_t reserve_end; /* public tasks [top, reserve_end) are promised to thieves
                             (ladroi_pool_reserve); the owner's reacquire leaves them */
    bool stealable;     /* the policy lets thieves take from this pool */
    /* thief scratch buffer */
    unsigned char *scratch;
    size_t scratch_cap; /* in records */
} ladroi_pool_t;

/* A steal's outcome (>= 0; errors are negative): nothing taken, tasks taken, or nothing
 * taken because steal_guard=pace held the thief back (the victim has tasks). */
enum { LADROI_STEAL_EMPTY = 0, LADROI_STEAL_GOT = 1, LADROI_STEAL_DECLINED = 2 };

/* The share of a victim's stealable tasks one steal takes: half, as every paper's
 * thief (random, ctws, smallworld, the victims' grants of baseline and successonly). */
#define LADROI_STEAL_FRACTION 0.5
/* Local allocations only. */
int ladroi_pool_init(ladro_t *lb, ladroi_pool_t *p, size_t task_bytes, uint32_t capacity,
                     bool stealable);
/* Collective: allocate the window (after every rank's local init succeeded). */
int ladroi_pool_open(ladro_t *lb, ladroi_pool_t *p);
void ladroi_pool_fini(ladroi_pool_t *p);
int ladroi_pool_push(ladro_t *lb, ladroi_pool_t *p, const ladroi_rec_hdr_t *h,
                     const void *payload, size_t payload_bytes);
/* Pop the newest private task; refills from the public ring when the private part is
 * empty. Returns 1 and copies the record to rec when a task was taken, 0 when empty. */
int ladroi_pool_pop(ladro_t *lb, ladroi_pool_t *p, void *rec);
/* Expose private tasks beyond `keep` to thieves (no-op for non-stealable pools). */
int ladroi_pool_release(ladro_t *lb, ladroi_pool_t *p, uint32_t keep);
/* Tests only: start the public indices at `start` (exercises the 24-bit wrap). Call
 * on an empty pool, then barrier before any thief runs. */
int ladroi_pool_debug_start(ladro_t *lb, ladroi_pool_t *p, uint32_t start);
/* The i-th newest private record (0 = the newest), or NULL when i >= the private count.
 * Lets a policy look at the tasks a steal just brought (ctws's steal log). */
const void *ladroi_pool_newest(const ladroi_pool_t *p, size_t i);
/* Local count (private + public as last seen). */
uint64_t ladroi_pool_local_count(const ladroi_pool_t *p);
/* Read a victim's public task count (one atomic read). */
int ladroi_pool_peek(ladro_t *lb, ladroi_pool_t *p, int victim, uint32_t *count);
/* Owner: promise up to ceil(fraction * n) (at most max_take, at least 1) of the n public
 * tasks not yet promised, to a thief the owner serves (BaselineWS/SuccessOnlyWS replies),
 * keeping `keep` of them unpromised; nothing when n <= keep. The owner's own pops never
 * take promised tasks back, so the thief's ladroi_pool_steal(victim, 1.0, k) finds them
 * all. Only for policies whose thieves steal only what they were promised. *k = 0 when
 * nothing was promised. */
int ladroi_pool_reserve(ladro_t *lb, ladroi_pool_t *p, double fraction, uint32_t max_take,
                        uint32_t keep, uint32_t *k);
/* Owner: take back the last k promised (a promise whose reply was never sent). */
void ladroi_pool_unreserve(ladroi_pool_t *p, uint32_t k);
/* A thief's look at a victim's word (ladroi_pool_look): the word, and n, the tasks a claim
 * may take (0: none public, or the victim's claim counter is full). */
typedef struct ladroi_pool_look {
    uint64_t word;
    uint32_t n;
} ladroi_pool_look_t;
/* Thief: fetch victim's word (one atomic read); n = 0 without a remote operation when the
 * pool is not stealable or victim is this rank. */
int ladroi_pool_look(ladro_t *lb, ladroi_pool_t *p, int victim, ladroi_pool_look_t *look);
/* Thief: claim ceil(fraction * n) of the victim's n public tasks (at least 1, at most
 * max_take when max_take > 0), starting from the word `look` saw (a stale word only costs
 * a failed compare-and-swap), copy them into this rank's private part and release the
 * claim. Correct for every amount: a caller decides how many between the look and the
 * claim (the steal guard, src/guard.c), or declines by not claiming. Returns
 * LADROI_STEAL_GOT with *got set, LADROI_STEAL_EMPTY, or a negative error. Untraced. */
int ladroi_pool_claim(ladro_t *lb, ladroi_pool_t *p, int victim,
                      const ladroi_pool_look_t *look, double fraction, uint32_t max_take,
                      uint32_t *got);
/* The look and the claim, traced: for a thief taking what it was promised
 * (ladroi_pool_reserve) and for tests. Returns as ladroi_pool_claim. A policy's thieves
 * steal through the guard (ladroi_guard_steal, ladroi_steal_attempt). */
int ladroi_pool_steal(ladro_t *lb, ladroi_pool_t *p, int victim, double fraction,
                      uint32_t max_take, uint32_t *got);
/* Owner: the top of its own word (how far thieves have taken; one atomic read). */
int ladroi_pool_top(ladro_t *lb, ladroi_pool_t *p, uint32_t *top);
/* The orders of a ring of ranks (smallworld's `sw_ring`, ctws's `ctws_ring`; the spread
 * order is src/sw_math.h's): `auto` is spread under steal_guard=pace, where a block of
 * slow ranks must not be a ring's neighbours, else the ranks' own order. */
enum { LADROI_ORDER_AUTO, LADROI_ORDER_RANK, LADROI_ORDER_SPREAD };
extern const char *const ladroi_order_names[];
bool ladroi_order_spread(const ladro_t *lb, int order);
/* A policy's fixed ring order (an int field of its options struct): auto (spread under
 * steal_guard=pace, else rank) by default, the paper's consecutive ranks under paper. */
#define LADROI_OPT_ORDER(key_, type_, field_, doc_)                                        \
    {.key = key_, .type = LADROI_OPT_ENUM, LADROI_OPT_FIELD(type_, field_),                 \
     .names = ladroi_order_names, .def = "auto", .paper = "rank", .fixed = true,            \
     .accepted = "auto, rank, spread",                                                     \
     .doc = doc_ "; `auto`: spread under `steal_guard=pace`, else rank"}
/* One steal attempt from victim into lb's pool through the guard (ladroi_guard_steal;
 * src/guard.c), counted in the statistics as every
 * policy reports it (tried; ok with tasks and bytes moved, or failed; time spent).
 * Returns 1 when tasks arrived, 0 when the victim had none, < 0 on error. */
int ladroi_steal_attempt(ladro_t *lb, int victim, double fraction, uint32_t max_take);
/* A2WS §2.3.2 theft: claim `want` tasks from victim with one fetch-and-add on the word
 * (MPI_Fetch_and_op(SUM), the one-element MPI_Get_accumulate, moves top and returns top
 * and split), copy the part that was
 * really there, and give back the rest with one MPI_Accumulate when the victim had fewer
 * than `want`. The owner does not move split while such a correction is owed (top >
 * split), so the correction cannot hand back slots it re-filled (docs/architecture.md).
 * *avail receives the victim's public count seen by the fetch-and-add (before the
 * claim); *corrected whether a correction was made. Returns LADROI_STEAL_GOT with *got
 * set, LADROI_STEAL_EMPTY, or an error. */
int ladroi_pool_steal_faa(ladro_t *lb, ladroi_pool_t *p, int victim, uint32_t want,
                          uint32_t *got, uint32_t *avail, bool *corrected);

/* ---- non-blocking collectives (src/coll.c): a k-ary tree of messages (src/tree.h) ----
 * One operation of a kind in flight per rank: start, then test until done (the result is
 * in c->out: n words for a sum, n words per rank in rank order for a gather). Every rank
 * of the handle must start each operation; a rank's part advances only inside its test
 * calls. Each kind has its own tag on lb->comm. */
enum { LADROI_COLL_SUM, LADROI_COLL_GATHER };
/* Tags: the core's collectives, then LADROI_TAG_POLICY + i (i < LADROI_TAG_POLICY_N) for
 * the collectives a policy runs on lb->comm (ctws's list), so no policy's name appears
 * here. */
enum { LADROI_TAG_TERM = 0x5401, LADROI_TAG_GATE = 0x5403, LADROI_TAG_POLICY = 0x5410,
       LADROI_TAG_POLICY_N = 16 };
typedef struct ladroi_coll {
    int kind, tag, phase;
    size_t n;     /* words per contribution */
    size_t words; /* words of the result: n (sum) or n * size (gather) */
    ladroi_chan_t *comm;
    int rank, size, fanin, parent, end, nchild, nreq; /* subtree: [rank, end) */
    int *child;
    ladroi_req_t *req;
    uint64_t *up;  /* contributions on the way up */
    uint64_t *out; /* the result */
    uint64_t ops;  /* operations started */
} ladroi_coll_t;

/* Local: the tree and buffers for operations of `kind` over lb->comm. fanin: the tree's
 * k (2..LADROI_TREE_FANIN_MAX), 0 for LADROI_TREE_FANIN (tests set others). */
int ladroi_coll_init(ladro_t *lb, ladroi_coll_t *c, int kind, size_t n, int tag, int fanin);
/* Contribute n words (copied). LADRO_ESTATE when one is already in flight. */
int ladroi_coll_start(ladro_t *lb, ladroi_coll_t *c, const uint64_t *mine);
/* Advance this rank's part; *done once the result is in c->out and the rank's sends
 * completed. */
int ladroi_coll_test(ladro_t *lb, ladroi_coll_t *c, bool *done);
/* *ready when the next ladroi_coll_test would move c's operation on (every child's block
 * is here going up; the result, coming down), without taking anything: an idle rank
 * that naps asks it, because a probe does not see a message a posted receive matched. */
int ladroi_coll_ready(ladro_t *lb, ladroi_coll_t *c, bool *ready);
bool ladroi_coll_pending(const ladroi_coll_t *c);
/* Test until done: only where every rank is known to be testing too (after a barrier). */
int ladroi_coll_wait(ladro_t *lb, ladroi_coll_t *c);
/* Frees the buffers; requests still in flight are left to the engine (error paths). */
void ladroi_coll_fini(ladroi_coll_t *c);
/* "idle", "waiting for children", ...: for state dumps. */
const char *ladroi_coll_phase(const ladroi_coll_t *c);

/* ---- termination (src/term.c): four-counter waves, a tree sum each ------------------ */
typedef struct ladroi_term {
    ladroi_coll_t wave; /* sum of {created, completed, watchdog alarms}; in flight:
                         * ladroi_coll_pending(&wave) */
    uint64_t prev_completed;
    uint64_t waves;
    uint64_t seen_created, seen_completed; /* sums of the last completed wave */
    uint64_t seen_guard[LADROI_GUARD_SUMS]; /* and its steal_guard=pace sums */
    bool done;
    /* watchdog (src/watchdog.c) */
    double joined_at;   /* when this rank last contributed to a wave */
    double progress_at; /* when a wave last showed the global completed count grow */
} ladroi_term_t;

int ladroi_term_init(ladro_t *lb, ladroi_term_t *t);
void ladroi_term_fini(ladro_t *lb, ladroi_term_t *t);
/* Advance detection. `idle`: this rank has no local work (a new wave is started only
 * when idle). Sets t->done when global completion is established. */
int ladroi_term_poll(ladro_t *lb, ladroi_term_t *t, bool idle);

/* ---- idle ranks (src/idle.c) ---------------------------------------------------------- */
/* Collective (ladro_create): resolve cfg.idle's auto from the node's ranks and cores. */
int ladroi_idle_init(ladro_t *lb);
/* The pause between two idle rounds: spin (poll for messages, back at one) or back off. */
int ladroi_idle_pause(ladro_t *lb);
/* The cap of the doubling back-off sleep, in microseconds: max_us, lowered to share
 * times pace_s (seconds per task) when both are positive, and never under min_us. Pure. */
double ladroi_idle_cap(double min_us, double max_us, double share, double pace_s);
/* ladroi_idle_cap of this rank: backoff_min_us, backoff_max_us, backoff_pace and its
 * pace (ladroi_own_pace; 0 before its first task). */
double ladroi_idle_cap_us(const ladro_t *lb);
/* The doubling wait after one of us microseconds: twice us, at most ladroi_idle_cap_us.
 * Every doubling wait of a rank (the core's back-off, successonly's registrations, the
 * hub of threads, smallworld's overlay barrier) steps with it. */
double ladroi_idle_next_us(const ladro_t *lb, double us);
/* How long a policy may wait inside one on_idle call (for a reply, a grant) before it
 * returns and lets the core run a round (termination waves, progress): backoff_min_us
 * when spinning, so the waves are never held up; ladroi_idle_cap_us when backing off. */
double ladroi_idle_wait_cap_us(const ladro_t *lb);
/* One nap of a policy that waits inside on_idle for a one-sided answer: backoff_min_us,
 * cut short by a message on engines that can (src/engine.h). *leave: a message came for
 * the handle's channel (a wave, a token's wake-up): return to the core, which serves it,
 * and wait again at the next call. */
int ladroi_idle_nap(ladro_t *lb, bool *leave);
/* Between two remote operations of a policy's idle round (on_idle, and on_progress when
 * the core's idle loop calls it): has a message come since this rank last looked? One
 * probe, no wait. *yield: end the round now and return to the core, which serves the
 * message at once (no pause) and calls the policy again; the policy resumes the round
 * where it stopped, so its decisions are those of an uninterrupted round. Always false
 * outside the core's idle round (a busy rank serving the protocol between tasks, the
 * hub of threads): there the round is not cut. */
int ladroi_idle_yield(ladro_t *lb, bool *yield);

/* ---- stall watchdog (src/watchdog.c; cfg.watchdog > 0) -----------------------------
 * A rank raises an alarm in its wave contribution when its current (or just finished)
 * task ran longer than the watchdog, or when it is idle and the global completed count
 * has not grown for that long; every rank sees the alarm in the same wave result and
 * fails with LADRO_ETIMEDOUT. */
enum { LADROI_WD_OK = 0, LADROI_WD_AGREED = 1, LADROI_WD_LOCAL = 2 };
/* This rank's alarm for a contribution made now (0 or 1); records the reason. */
uint64_t ladroi_wd_alarm(ladro_t *lb, bool idle, double now);
/* A wave result carried `alarms` > 0: every rank fails. */
int ladroi_wd_trip(ladro_t *lb, uint64_t alarms);
/* Idle, and the pending wave has not completed for `waited` s: a rank stopped calling
 * the library; fail locally (no collective can complete). */
int ladroi_wd_unresponsive(ladro_t *lb, double waited);

/* ---- tracing (src/trace.c; cfg.trace non-empty, otherwise off and free) ------------ */
enum { LADROI_TEV_TASK, LADROI_TEV_IDLE, LADROI_TEV_STEAL, LADROI_TEV_MSG, LADROI_TEV_DONE };
/* Kinds of policy messages (LADROI_TEV_MSG's n). */
enum { LADROI_MSG_TOKEN, LADROI_MSG_INFO, LADROI_MSG_REQUEST, LADROI_MSG_REPLY,
       LADROI_MSG_RESULT, LADROI_MSG_OTHER, LADROI_MSG_WAVE, LADROI_MSG_WAVE_END,
       LADROI_MSG_N };
enum { LADROI_TRACE_PAJE, LADROI_TRACE_JSON, LADROI_TRACE_CSV };

/* One record: a span [t0, t1] or an instant (t0 == t1).
 *   task:  id, peer = origin rank, n = moves      idle:  -
 *   steal: peer = victim, n = tasks taken (0 = failed)
 *   msg:   peer = other rank, n = LADROI_MSG_*     done:  - */
typedef struct ladroi_tev {
    double t0, t1;
    uint64_t id;
    int32_t rank, peer;
    uint32_t kind, n;
    int32_t worker; /* task records with threads > 1: the worker that ran it; else -1 */
    uint32_t pad_;
} ladroi_tev_t;

typedef struct ladroi_trace {
    bool on;
    int fmt;
    ladroi_chan_t *comm; /* private: clock sync and gathering never meet policy messages */
    double offset;   /* rank 0's clock minus ours */
    ladroi_tev_t *ev;
    size_t n, cap;
    uint64_t dropped;
} ladroi_trace_t;

/* LADROI_TRACE_* for a path's extension, -1 when not one of .paje .trace .json .csv */
int ladroi_trace_format(const char *path);
int ladroi_trace_init(ladro_t *lb);  /* collective, in ladro_create */
int ladroi_trace_write(ladro_t *lb); /* collective, in ladro_destroy */
void ladroi_trace_fini(ladroi_trace_t *tr);
void ladroi_trace_add(ladro_t *lb, unsigned kind, double t0, double t1, uint64_t id, int peer,
                      uint32_t n);
/* A muted colour for item i of n (task origins in traces and pictures). */
void ladroi_hue(int i, int n, double rgb[3]);
/* The calls sites use: one test of a flag when tracing is off. */
#define LADROI_TRACE(lb, kind, t0, t1, id, peer, n)                                      \
    do {                                                                               \
        if ((lb)->trace.on)                                                            \
            ladroi_trace_add((lb), (kind), (t0), (t1), (id), (peer), (n));             \
    } while (0)
/* A policy message sent to peer (token, info vector, request...). */
#define LADROI_TRACE_MSG(lb, peer, what)                                                 \
    do {                                                                               \
        if ((lb)->trace.on) {                                                          \
            double ladroi_t_ = ladroi_net_now();                                           \
            ladroi_trace_add((lb), LADROI_TEV_MSG, ladroi_t_, ladroi_t_, 0, (peer), (what)); \
        }                                                                              \
    } while (0)
/* ---- small-world overlay (src/overlay.c; no MPI) --------------------------------------
 * Kleinberg graph on a 1-D ring of the ranks (TITUS_DLB §4): ring neighbours plus
 * shortcuts of length D = floor(exp(ln P * u)), +/- with equal odds, edges both ways. The
 * ring's order, the draws, ring distance, greedy choice and the whole graph: sw_math.h. */
typedef struct ladroi_overlay {
    ladroi_sw_ring_t ring; /* the ring's order and size */
    int rank, draws;
    int n, cap; /* neighbours, capacity of nbr */
    int *nbr;   /* sorted, unique, never `rank` (after ladroi_overlay_finish) */
} ladroi_overlay_t;

/* This rank's neighbour list (own draws, ring, and incoming draws regenerated from every
 * other rank: O(P * draws) time, O(degree) memory). LADRO_EINVAL, LADRO_ENOMEM. */
int ladroi_overlay_build(ladroi_overlay_t *ov, uint64_t seed, const ladroi_sw_ring_t *ring,
                         int rank, int draws);
/* The parts of a build: the ring neighbours and this rank's own draws (mine: `draws`
 * entries, receives the draws' targets, -1 for none), then more neighbours (the incoming
 * ones; v < 0 or v == rank ignored), then sort and remove duplicates. */
int ladroi_overlay_own(ladroi_overlay_t *ov, uint64_t seed, const ladroi_sw_ring_t *ring,
                       int rank, int draws, int *mine);
int ladroi_overlay_add(ladroi_overlay_t *ov, int v);
void ladroi_overlay_finish(ladroi_overlay_t *ov);
void ladroi_overlay_fini(ladroi_overlay_t *ov);
/* Index of r in ov->nbr, or -1. */
int ladroi_overlay_index(const ladroi_overlay_t *ov, int r);
/* Greedy routing: the neighbour closest to dest (dest itself when dest == rank). */
int ladroi_overlay_next_hop(const ladroi_overlay_t *ov, int dest);

/* ---- results routing (src/results.c) -------------------------------------------------
 * Each task's result goes back to its owner, greedily over the overlay `ov` (smallworld)
 * or straight to the owner (ov == NULL, every other policy when result_bytes > 0). With
 * results on, a task counts as completed at its owner, at delivery. */
typedef struct ladroi_results ladroi_results_t;
/* Collective (duplicates the communicator). gate: the paper's termination barrier gates
 * the counting waves (off when the watchdog is on). Sets lb->res. */
int ladroi_results_init(ladro_t *lb, const ladroi_overlay_t *ov, bool gate);
/* Frees lb->res (NULL is fine); waits for sends only after LADRO_DONE. */
void ladroi_results_fini(ladro_t *lb);
/* The task (id, origin) finished here: deliver or route its result; counts completion. */
int ladroi_results_task_end(ladro_t *lb, uint64_t id, int origin);
/* The same with the result given (NULL: zeros; the journal, after the commit). */
int ladroi_results_send(ladro_t *lb, uint64_t id, int origin, const void *bytes);
/* A result taken from the journal: waiting for ladro_result_next here, counted nowhere. */
int ladroi_results_put(ladro_t *lb, uint64_t id, const void *bytes);
/* Receive, forward and deliver; send aggregated buffers (all of them when idle); drive
 * the termination barrier. */
int ladroi_results_progress(ladro_t *lb, bool idle);
void ladroi_results_dump(const ladro_t *lb, FILE *out);
/* The termination barrier gates the waves and has not passed yet (a policy's gate_waves
 * hook answers with it). */
bool ladroi_results_gating(const ladro_t *lb);

/* ---- policies (src/policy/<name>.c) -------------------------------------------------
 * A policy's counters: lb->st.counters[i] for entry i of its table, gathered like the
 * core's fields (sum, or max over ranks). */
enum { LADROI_SUM, LADROI_MAX };
typedef struct ladroi_counter {
    const char *name; /* unique among all keys of ladro_stats_field */
    int gather;       /* LADROI_SUM or LADROI_MAX */
    const char *doc;
} ladroi_counter_t;

typedef struct ladroi_policy_ops {
    const char *name;
    const char *summary;
    bool steals; /* tasks are exposed in the public ring */
    /* steal_guard=pace applies (ladroi_guard_on): random, baseline, successonly,
     * smallworld and ctws, whose thieves weigh no speeds, and a2ws, whose equations weigh
     * only the speeds its information vector shows and which caps their amount itself
     * (ladroi_guard_room).
     * smallworld's and ctws's thieves reach only some ranks (their overlay neighbours,
     * their token's list), so under the guard they spread their rings: a slow rank that
     * leaves a task to faster ones must have faster ones among its thieves
     * (docs/user-guide.md, "Heterogeneous ranks"). */
    bool guard;
    /* Its thieves draw victims among all ranks (random, baseline, successonly): under the
     * guard a slow thief whose task would end after the run holds back (ladroi_guard_late),
     * as faster thieves will come for that task. Not where thieves reach only some ranks: a
     * slow rank's task there may have no faster thief, and one held back would leave it
     * to the slow rank itself. */
    bool guard_hold;
    /* Options: settable as LADRO_<KEY>, ladro_config_set(cfg, key, value) and
     * NAME:key=value in tool lists; parsed into a struct of opts_size bytes that the
     * policy reads as lb->popts (defaults applied, checked at ladro_create). */
    const ladroi_opt_t *opts;
    size_t nopts, opts_size;
    /* Under cfg.paper: the paper's runtime has a communication worker beside the
     * computation workers (threads inside the rank: threads raised to at least 2). */
    bool paper_workers;
    /* Under cfg.paper: a rule of the paper ladro does not implement (NULL: none);
     * ladro_config_validate, hence ladro_create, refuses with this one line. */
    const char *paper_refusal;
    /* Counters: names and how they are gathered (at most LADRO_STATS_COUNTERS_MAX). */
    const ladroi_counter_t *counters;
    size_t ncounters;
    /* ladro_stats_print: the policy's lines about its counters (may be NULL: then they
     * are printed as name value pairs). */
    void (*print_stats)(FILE *out, const ladro_stats_t *st);
    /* Termination waves: while it returns true, idle ranks do not start waves (the
     * paper's barrier gates them, smallworld); may be NULL. */
    bool (*gate_waves)(const ladro_t *lb, const void *state);
    /* The policy's own termination (ctws's token): true once this idle rank may return
     * LADRO_DONE; NULL or false: the waves decide. */
    bool (*finished)(const ladro_t *lb, const void *state);
    /* ladro_push from inside a task (spawning): a negative code refuses it, with a
     * message on lb (may be NULL: accepted). */
    int (*on_spawn)(ladro_t *lb, void *state);
    /* On failure, the handle still calls fini on whatever *state init had set: fini
     * releases a partial state. */
    int (*init)(ladro_t *lb, void **state);
    void (*fini)(ladro_t *lb, void *state);
    /* No local task: try to obtain some. Return >0 when tasks arrived locally, 0 when
     * none (the core backs off), <0 on error. */
    int (*on_idle)(ladro_t *lb, void *state);
    /* Called from ladro_progress and ladro_next (may be NULL). */
    int (*on_progress)(ladro_t *lb, void *state);
    /* Once per rank, at its first ladro_next, after seeding (may be NULL). */
    int (*on_start)(ladro_t *lb, void *state);
    /* After each task completed on this rank; elapsed_s is its unpadded time, padded_s
     * the time including the speed emulation's padding (may be NULL). */
    int (*on_task_end)(ladro_t *lb, void *state, double elapsed_s, double padded_s);
    /* ladro_dump_state: a few lines about the policy's state, each starting with
     * "  " (pending steals, token, requests...); local, no MPI (may be NULL). */
    void (*dump)(const ladro_t *lb, const void *state, FILE *out);
    /* Collective: every rank, from ladro_destroy after its barrier, when no rank failed
     * alone (not after a local watchdog failure). For end-of-run output gathered over
     * lb->comm, e.g. ctws's steal log (may be NULL). */
    int (*on_destroy)(ladro_t *lb, void *state);
} ladroi_policy_ops_t;

/* In an ops table: LADROI_POLICY_OPTS(table, struct type), LADROI_POLICY_COUNTERS(table). */
#define LADROI_POLICY_OPTS(table, type)                                                  \
    .opts = (table), .nopts = sizeof(table) / sizeof((table)[0]), .opts_size = sizeof(type)
#define LADROI_POLICY_COUNTERS(table)                                                    \
    .counters = (table), .ncounters = sizeof(table) / sizeof((table)[0])
/* The ops table ladroi_policy_<id> of a policy with state and options, whose hooks are
 * named <pfx>_init, _fini, _idle, _dump and whose option table is <pfx>_opts (of
 * struct opts_type); further members (.on_progress, counters...) follow as designated
 * initialisers. */
#define LADROI_POLICY_DEFINE(id, pfx, opts_type, steals_, summary_, ...)                   \
    const ladroi_policy_ops_t ladroi_policy_##id = {                                     \
        .name = #id, .summary = (summary_), .steals = (steals_), .init = pfx##_init,     \
        .fini = pfx##_fini, .on_idle = pfx##_idle, .dump = pfx##_dump,                   \
        LADROI_POLICY_OPTS(pfx##_opts, opts_type), __VA_ARGS__}

/* Registry (src/policy/registry.c): the list is generated from src/policy/<name>.c. */
const ladroi_policy_ops_t *ladroi_policy_find(const char *name);
/* Policy i of the registry (ladro_policy_names order), NULL past the last. */
const ladroi_policy_ops_t *ladroi_policy_at(size_t i);
/* Count into the policy's counter i (its table's index). */
#define LADROI_COUNT(lb, i, x) ((lb)->st.counters[(i)] += (double)(x))

/* ---- threads inside a rank (src/threads.c; cfg.threads > 1) --------------------------
 * ladro_run's workers and its hub (the calling thread, the only one calling the engine). */
typedef struct ladroi_threads ladroi_threads_t;
typedef struct ladroi_worker ladroi_worker_t;
/* Run fn on every task with cfg.threads workers until LADRO_DONE (ladro_run's body). */
int ladroi_threads_run(ladro_t *lb, ladro_task_fn fn, void *user_data);
/* The worker of lb running on the calling thread, NULL when it is not one. */
ladroi_worker_t *ladroi_worker_self(const ladro_t *lb);
/* Where ladroi_fail writes and ladro_last_error reads: the calling worker's own message
 * buffer on a worker thread of lb (threads > 1), else the handle's; `write`: a message
 * is being written there (counted). */
char *ladroi_errbuf(ladro_t *lb, bool write);
/* ladro_push and ladro_result from a worker's task (messages into the worker's own
 * buffer: ladroi_errbuf). */
int ladroi_worker_push(ladroi_worker_t *w, const ladro_task_t *task);
int ladroi_worker_result(ladroi_worker_t *w, const void *bytes);
/* Tasks this rank holds outside its pool: the running task (0 or 1) with one thread;
 * with workers, those running, in their deques and the inbox, and completed but not yet
 * accounted for (lb->st.tasks_run) — what a policy's load information adds to the pool's
 * count. Any thread; a snapshot. */
uint64_t ladroi_tasks_held(const ladro_t *lb);

/* ---- the core's steps (src/core.c), shared with the hub ------------------------------ */
/* Serve the protocol once: expose tasks, the policy's progress, results, termination
 * waves, engine progress. */
int ladroi_serve(ladro_t *lb);
/* A task (its record header at rec) ran over [start, end] (padding included), e seconds
 * at full speed: statistics, trace, completion (or its result's route home), the
 * policy's on_task_end. */
int ladroi_task_done(ladro_t *lb, const void *rec, double start, double end, double e);
/* An idle rank's turn: the idle span starts, results are sent, the termination wave is
 * joined; when global completion is established the handle is LADRO_DONE
 * (ladroi_mark_done). LADRO_OK or an error. */
int ladroi_idle_turn(ladro_t *lb);
/* Global completion established: state LADRO_DONE, final statistics and trace. */
void ladroi_mark_done(ladro_t *lb);
/* The result bytes of the task being completed (src/results.c; results on). */
void *ladroi_results_cur(ladro_t *lb);

/* ---- the journal (src/journal.c; format in src/journal.h) ----------------------------- */
typedef struct ladroi_journal ladroi_journal_t;
/* ladro_create, before the agreement: read and check every rank file of cfg.journal,
 * keep this rank's part (sets lb->jnl). Changes no file. */
int ladroi_journal_open(ladro_t *lb, char *err, size_t errlen);
/* ladro_create, after the results module: open this rank's file for appending (drop a
 * cut-short tail, or write the header), queue the journal's results, push the unfinished
 * children. */
int ladroi_journal_start(ladro_t *lb);
/* The run resumed a journal: the tasks at its start may have run before. */
bool ladroi_journal_resumed(const ladro_t *lb);
/* id is recorded as completed. */
bool ladroi_journal_has(const ladroi_journal_t *j, uint64_t id);
/* ladro_push of id: *completed when the journal records it (the push is dropped); its
 * result, unless it goes to (origin mod nranks) at creation, is handed out here. */
int ladroi_journal_take(ladro_t *lb, uint64_t id, bool *completed);
/* The running task pushed a child. */
int ladroi_journal_child(ladro_t *lb, uint64_t id, const void *payload);
/* The running task ended: record it (result: result_bytes bytes, or NULL when 0); it
 * counts as completed at the commit. */
int ladroi_journal_done(ladro_t *lb, uint64_t id, int32_t origin, bool rerun,
                        const void *result);
/* Commit when the oldest waiting record is old enough, or at once when idle. */
int ladroi_journal_poll(ladro_t *lb, bool idle);
void ladroi_journal_fini(ladro_t *lb);

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
    ladroi_results_t *res;
    /* journal (src/journal.c): NULL when off */
    ladroi_journal_t *jnl;
    bool cur_rerun; /* the running task carries LADROI_MOVES_RERUN */
};

/* Record size for a payload size. */
static inline size_t ladroi_rec_bytes(size_t task_bytes)
{
    return (sizeof(ladroi_rec_hdr_t) + task_bytes + 7u) & ~(size_t)7u;
}

#endif
