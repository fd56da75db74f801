/* The task pool (src/pool.c): task records, the private deque and the public ring in a
 * window, and the thief's look, claim and steal. Never installed. */
#ifndef LADRO_POOL_H
#define LADRO_POOL_H

#include "engine.h" /* ladroi_win_t */

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* A task record is a header followed by cfg.task_bytes of payload, padded to 8 bytes. */
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
    bool locked;        /* the public set is reached under a lock (ladroi_pool_lock_whole) */
    /* thief scratch buffer */
    unsigned char *scratch;
    size_t scratch_cap; /* in records */
} ladroi_pool_t;

/* A steal's outcome (>= 0; errors are negative): nothing taken, tasks taken, or nothing
 * taken because steal_guard=pace held the thief back (the victim has tasks). */
enum { LADROI_STEAL_EMPTY = 0, LADROI_STEAL_GOT = 1, LADROI_STEAL_DECLINED = 2 };

/* The share of a victim's stealable tasks one steal takes: half, as the papers' thieves
 * (ctws, the victims' grants of baseline and successonly; random, which caps it at its
 * one oldest task unless paper=1; smallworld takes a quarter, LADRO__SW_FRACTION). */
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
/* The owner reads its own word: pub_est becomes the public tasks thieves left (a read;
 * nothing moves). No-op for a pool that is not stealable or is locked. */
int ladroi_pool_look_self(ladro_t *lb, ladroi_pool_t *p);
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
/* Under the lock (TITUS_DLB §4.3; smallworld with paper=1), set before any task: the
 * word's low 16 bits are a lock (free, held by a thief, handed to the owner after a
 * theft, held by the owner) instead of the claim counter. A claim takes the lock, copies
 * its tasks (any amount), and hands the lock to the owner; the owner's release and pop
 * rebalance under the lock: an empty public set gets half of the private tasks, an empty
 * private part takes half of the public ones back, and the lock is freed. */
void ladroi_pool_lock_whole(ladroi_pool_t *p);
/* Owner: the top of its own word (how far thieves have taken; one atomic read). */
int ladroi_pool_top(ladro_t *lb, ladroi_pool_t *p, uint32_t *top);
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

/* Record size for a payload size. */
static inline size_t ladroi_rec_bytes(size_t task_bytes)
{
    return (sizeof(ladroi_rec_hdr_t) + task_bytes + 7u) & ~(size_t)7u;
}

#endif
