/* The load-aware part shared by the BaselineWS and SuccessOnlyWS policies (paper:
 * docs/references.md; docs/policies/baseline.md, successonly.md).
 *
 *  - placeLoad: a rank's load is its pool's public (stealable) task count, read by a
 *    thief with one remote atomic read (ladroi_pool_peek); only ranks whose load exceeds
 *    the setting load_threshold are victims (Alg. 1 line 4).
 *  - A per-rank window of 64-bit words for the two protocols:
 *        [0] request counter  (SuccessOnlyWS: thieves fetch-and-add to append)
 *        [1] lock             (BaselineWS: try-lock, 0 = free, else thief rank + 1)
 *        [2] queued thief     (BaselineWS: thief_queued[v], 0 = EMPTY)
 *        [3] unused
 *        [4 + v]      reply from victim v to this rank (0 = none; LADROI_LA_DENY or a
 *                     grant of k tasks, LADROI_LA_GRANT(k))
 *        [4 + P + i]  request ring, slot i mod P: thief rank + 1, 0 = not yet written
 *  - Victim replies move tasks with the pool's one transfer: the victim promises k of its
 *    public tasks (ladroi_pool_reserve) and replies GRANT(k); the thief takes them with
 *    ladroi_pool_steal(victim, 1.0, k), which cannot come back empty.
 *  - Search-phase accounting (victims contacted per phase, SuccessOnlyWS Fig. 1(d)).
 *  - The option and counters both policies have: each policy's options struct starts
 *    with ladroi_la_opts_t and its tables start with LADROI_LA_OPTS / LADROI_LA_COUNTERS,
 *    so this module finds them at the same places under either policy. */
#ifndef LADRO_LOADAWARE_H
#define LADRO_LOADAWARE_H

#include "ladro_int.h"
#include "config.h"
#include "policy.h"

#define LADROI_LA_DENY 1ull
#define LADROI_LA_GRANT(k) (((uint64_t)(k) << 8) | 2ull)
#define LADROI_LA_IS_GRANT(r) (((r) & 0xFFull) == 2ull)
#define LADROI_LA_GRANTED(r) ((uint32_t)((r) >> 8))

enum {
    LADROI_LA_COUNT = 0,
    LADROI_LA_LOCK = 1,
    LADROI_LA_QUEUED = 2,
    LADROI_LA_REPLY = 4 /* + victim */
};

typedef struct ladroi_la_opts {
    uint32_t load_threshold;
    uint32_t load_draws;
} ladroi_la_opts_t;

#define LADROI_LA_OPTS                                                                    \
    {.key = "load_threshold", .type = LADROI_OPT_U32,                                     \
     LADROI_OPT_FIELD(ladroi_la_opts_t, load_threshold), .max = 1u << 24, .def = "0",     \
     .paper = "0", .fixed = true, .accepted = "an integer in [0, 16777216]",              \
     .doc = "a rank is a victim only when it publishes more stealable tasks than this "   \
            "(placeLoad > THRESHOLD; the paper gives no value)"},                         \
    {.key = "load_draws", .type = LADROI_OPT_U32,                                         \
     LADROI_OPT_FIELD(ladroi_la_opts_t, load_draws), .max = 1u << 30, .def = "8",         \
     .paper = "0", .fixed = true, .accepted = "an integer in [0, 1073741824]",            \
     .doc = "random victims whose load a thief reads per search step before it backs "    \
            "off; 0 = P-1, the paper's search until a loaded rank (docs/policies/"        \
            "baseline.md)"}

/* Counters: lb->st.counters[LADROI_LA_C_*]; a policy's own ones follow from LADROI_LA_C_N. */
enum { LADROI_LA_C_LOAD_READS, LADROI_LA_C_SEARCH_PHASES, LADROI_LA_C_VICTIMS,
       LADROI_LA_C_REPLIES = LADROI_LA_C_VICTIMS + 8, LADROI_LA_C_REPLY_WAIT,
       LADROI_LA_C_REPLY_WAIT_MAX, LADROI_LA_C_N };
/* one row of the histogram of victims contacted per search phase */
#define LADROI_LA_VICTIMS(n, who, note)                                                    \
    {"victims_" #n, LADROI_SUM, "search phases with " who " contacted" note}
#define LADROI_LA_COUNTERS                                                                \
    {"load_reads", LADROI_SUM, "placeLoad reads of candidate victims"},                  \
    {"search_phases", LADROI_SUM, "search phases that ended with tasks arriving"},       \
    LADROI_LA_VICTIMS(0, "no victim", " (Fig. 1(d))"), LADROI_LA_VICTIMS(1, "1 victim", ""),  \
    LADROI_LA_VICTIMS(2, "2 victims", ""), LADROI_LA_VICTIMS(3, "3 victims", ""),           \
    LADROI_LA_VICTIMS(4, "4 victims", ""), LADROI_LA_VICTIMS(5, "5 victims", ""),           \
    LADROI_LA_VICTIMS(6, "6 victims", ""),                                                  \
    {"victims_7plus", LADROI_SUM, "search phases with 7 or more victims contacted"},    \
    {"replies", LADROI_SUM, "victims' replies received"},                                \
    {"reply_wait_s", LADROI_SUM, "summed time from request to the victim's reply"},      \
    {"reply_wait_max_s", LADROI_MAX, "longest time from request to the victim's reply"}

/* ladro_stats_print lines of both policies (their print_stats). */
void ladroi_la_print_stats(FILE *out, const ladro_stats_t *st);

typedef struct ladroi_la {
    ladroi_win_t win;
    int nranks;
    /* search phase: open from the first idle call until tasks arrive */
    bool in_phase;
    uint32_t phase_victims;
    uint64_t draws_left; /* of a search step a message interrupted (ladroi_la_pick) */
} ladroi_la_t;

/* Collective: allocate the protocol window. */
int ladroi_la_init(ladro_t *lb, ladroi_la_t *la);
void ladroi_la_fini(ladroi_la_t *la);

static inline size_t ladroi_la_disp_word(size_t i)
{
    return i * sizeof(uint64_t);
}
static inline size_t ladroi_la_disp_reply(int victim)
{
    return ladroi_la_disp_word(LADROI_LA_REPLY + (size_t)victim);
}
static inline size_t ladroi_la_disp_slot(const ladroi_la_t *la, uint64_t index)
{
    return ladroi_la_disp_word(LADROI_LA_REPLY + (size_t)la->nranks +
                               (size_t)(index % (uint64_t)la->nranks));
}

/* placeLoad[v] (Alg. 1 line 4): v's stealable task count, one remote read. */
int ladroi_la_load(ladro_t *lb, int victim, uint32_t *load);
/* Alg. 1 lines 3-4, one search step: draw up to load_draws (0: P-1) random ranks other
 * than this one and return the first whose load exceeds the load_threshold option and
 * for which skip(ctx, v) is false (skip may be NULL); -1 when none was found. A message
 * arriving in the core's idle round stops the step between two draws (ladroi_idle_yield):
 * then *victim = -1, *yielded = true, and the next call goes on with the step's
 * remaining draws. */
int ladroi_la_pick(ladro_t *lb, ladroi_la_t *la, bool (*skip)(void *ctx, int v), void *ctx,
                   int *victim, bool *yielded);
/* Outside paper=1, one search step and its steal, for ladroi_idle_round (baseline's
 * whole search; successonly's in a search and while it waits for grants): a loaded
 * victim (ladroi_la_pick), whose oldest public task this rank claims with the pool's
 * claim (ladroi_steal_attempt; no lock, no request: the claim keeps thieves apart, and
 * fails only when the task went between the load's read and the claim). 1 when a task
 * came (the search phase closes), 0 when none (lb->msg_pending: a message stopped the
 * step; the caller returns to the core), or an error. */
int ladroi_la_claim_step(ladro_t *lb, ladroi_la_t *la);
/* The claim of ladroi_la_claim_step at a victim already chosen: its oldest public task;
 * 1 when it came (the search phase closes), 0 when none, or an error. */
int ladroi_la_claim(ladro_t *lb, ladroi_la_t *la, int victim);
/* Claim steps an idle round takes (baseline's; successonly's in a search), each up to
 * load_draws load reads: 4 against 1 made N-Queens 1.15x faster backing off at 1 024
 * simulated ranks (0.0133 against 0.0152 s), gauss70-10 1 % (bench/defaults/README.md,
 * "BaselineWS: the thief takes"). */
#define LADROI_LA_STEPS 4
/* Victim side: set aside for one thief (*k = 0: none) a share of the surplus (by name one
 * task, as a claim takes); with steal_guard=pace no more than ladroi_guard_cap allows a
 * slow thief (at_least_one: 1 even when the cap is 0, for a thief that waits in a queue
 * until it is served). */
int ladroi_la_promise(ladro_t *lb, int thief, bool at_least_one, uint32_t *k);
/* Victim side: write the reply to `thief`: GRANT(k) for k promised tasks, DENY if k = 0. */
int ladroi_la_answer(ladro_t *lb, ladroi_la_t *la, int thief, uint32_t k);
/* Thief side: this rank's reply slot for `victim` (0 = none yet); a non-zero reply is
 * consumed (the slot is cleared). */
int ladroi_la_reply(ladro_t *lb, ladroi_la_t *la, int victim, uint64_t *reply);
/* Thief side: this rank has asked `victim` for tasks (a steal attempt, one information
 * message, one more victim in the search phase). */
void ladroi_la_contacted(ladro_t *lb, ladroi_la_t *la, int victim);
/* A victim's reply came, `wait` seconds after the request: counters replies,
 * reply_wait_s, reply_wait_max_s. */
void ladroi_la_replied(ladro_t *lb, double wait);
/* Thief side: take the k tasks `victim` granted (the pool's transfer); counts the steal. */
int ladroi_la_take(ladro_t *lb, ladroi_la_t *la, int victim, uint32_t k);

/* Search phases (victims contacted per phase: SuccessOnlyWS Fig. 1(d)). */
static inline void ladroi_la_phase_open(ladroi_la_t *la)
{
    if (!la->in_phase) {
        la->in_phase = true;
        la->phase_victims = 0;
    }
}
void ladroi_la_phase_close(ladro_t *lb, ladroi_la_t *la);

#endif
