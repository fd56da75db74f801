/* The task pool: a private local deque (owner only, no communication) in front of a
 * public ring of records in an RMA window, described by one 64-bit word:
 *
 *     bits 63..40  top    (24 bits)  next slot a thief takes; only thieves advance it
 *     bits 39..16  split  (24 bits)  one past the newest public slot; only the owner moves it
 *     bits 15..0   inflight (16 bits) thieves that claimed slots and are still copying
 *
 * Public tasks are the slots [top, split) (indices mod 2^24, slot = index mod capacity).
 * Every change of the word is one atomic operation (compare-and-swap, or an add of -1 to
 * inflight), so owner and thieves are linearised on it. The proof that no task is lost
 * or run twice is in docs/architecture.md; the Promela model is tests/model/pool.pml.
 *
 *  thief:   w = fetch(word);                               -- the look
 *           k = min(ceil(f * (split - top)), max_take)    -- any cap the caller gives
 *           CAS(word, w, (top + k, split, inflight + 1))   -- claim [top, top + k)
 *           get(slots [top, top + k)); add(word, -1)       -- copy, then release
 *  owner:   release r private tasks: write slots [split, split + r), win_sync,
 *           CAS(word, w, (top, split + r, inflight))       -- publish
 *           reacquire m: CAS(word, w, (top, split - m, inflight)), read [split - m, split)
 *
 * Claimed slots are only overwritten once no thief that could still be copying them
 * exists: the owner writes slot index x only if x - capacity < quiet_top, where
 * quiet_top is a top the owner has seen together with inflight == 0.
 *
 * Under the lock (ladroi_pool_lock_whole; TITUS_DLB §4.3, smallworld with paper=1) the
 * low 16 bits are a lock instead: FREE, THIEF (a thief copies), HANDED (a thief copied and
 * handed the lock to the owner), OWNER (the owner rebalances). Whoever holds it alone
 * changes the word and the ring; the model is tests/model/titus_lock.pml.
 *
 *  thief:   w = fetch(word); CAS(word, w{FREE}, w{THIEF})  -- the lock; w is the metadata
 *           get(slots [top, top + k)); CAS(word, w{THIEF}, (top + k, split, HANDED))
 *  owner:   between tasks and when its private part is empty: take the lock (CAS FREE ->
 *           OWNER, or find it HANDED); public set empty: move half of the private tasks
 *           in; private part empty: take half of the public tasks back; CAS to FREE.
 *
 * The thief's claim is split in two calls, the look (fetch the word) and the claim (the
 * compare-and-swap loop, from the word looked at), so that a caller may decide how many
 * tasks to claim in between (the steal guard, src/guard.c): the claim is correct for
 * every amount. */
#include "pool.h"
#include "ladro_int.h"

#include <stdlib.h>
#include <string.h>

#define LADRO__MASK 0xFFFFFFu
#define LADRO__UMAX 0xFFFFu
#define LADRO__RING_OFF 64u

/* The lock of a locked pool, in the word's low 16 bits (ladroi_pool_lock_whole). */
enum { LADRO__FREE = 0, LADRO__THIEF = 1, LADRO__HANDED = 2, LADRO__OWNER = 3 };

static inline uint32_t ladro__top(uint64_t w)
{
    return (uint32_t)(w >> 40) & LADRO__MASK;
}
static inline uint32_t ladro__split(uint64_t w)
{
    return (uint32_t)(w >> 16) & LADRO__MASK;
}
static inline uint32_t ladro__inflight(uint64_t w)
{
    return (uint32_t)w & LADRO__UMAX;
}
static inline uint64_t ladro__word(uint32_t top, uint32_t split, uint32_t inflight)
{
    return ((uint64_t)(top & LADRO__MASK) << 40) | ((uint64_t)(split & LADRO__MASK) << 16) |
           (uint64_t)(inflight & LADRO__UMAX);
}
/* top > split: fetch-and-add thieves (ladroi_pool_steal_faa) claimed past split and
 * still owe a correction. Their total excess stays below 2^23 (each claims at most
 * 2^23 / nranks) while a real count is at most task_capacity <= 2^22, so the two cases
 * cannot be confused modulo 2^24. */
static inline bool ladro__overclaimed(uint64_t w)
{
    uint32_t d = (ladro__top(w) - ladro__split(w)) & LADRO__MASK;
    return d != 0 && d < (1u << 23);
}
static inline uint32_t ladro__count(uint64_t w)
{
    return ladro__overclaimed(w) ? 0 : (ladro__split(w) - ladro__top(w)) & LADRO__MASK;
}

static inline unsigned char *ladro__priv_at(ladroi_pool_t *p, size_t i)
{
    return p->priv + ((p->priv_head + i) % p->priv_cap) * p->rec_bytes;
}
static inline size_t ladro__slot_disp(const ladroi_pool_t *p, uint32_t index)
{
    return LADRO__RING_OFF + (size_t)(index & (p->capacity - 1)) * p->rec_bytes;
}

int ladroi_pool_init(ladro_t *lb, ladroi_pool_t *p, size_t task_bytes, uint32_t capacity,
                     bool stealable)
{
    memset(p, 0, sizeof *p);
    p->rec_bytes = ladroi_rec_bytes(task_bytes);
    p->capacity = capacity;
    p->stealable = stealable;
    p->priv_cap = 64;
    p->priv = malloc(p->priv_cap * p->rec_bytes);
    p->scratch_cap = capacity / 2 > 0 ? capacity / 2 : 1;
    p->scratch = malloc(p->scratch_cap * p->rec_bytes);
    if (!p->priv || !p->scratch) {
        ladroi_pool_fini(p);
        return ladroi_fail(lb, LADRO_ENOMEM, "pool: cannot allocate %zu-byte buffers",
                           p->scratch_cap * p->rec_bytes);
    }
    return LADRO_OK;
}

int ladroi_pool_open(ladro_t *lb, ladroi_pool_t *p)
{
    /* Collective. Every rank allocates the window, even when the policy never steals,
     * so every policy can read a rank's public count. */
    size_t bytes = LADRO__RING_OFF + (p->stealable ? (size_t)p->capacity * p->rec_bytes : 0);
    return ladroi_win_alloc(lb, bytes, &p->win);
}

int ladroi_pool_debug_start(ladro_t *lb, ladroi_pool_t *p, uint32_t start)
{
    /* Tests only, before any task exists: move the indices near the 24-bit wrap. */
    uint64_t w = ladro__word(start, start, 0);
    memcpy(p->win.base, &w, sizeof w);
    p->quiet_top = start & LADRO__MASK;
    p->reserve_end = start & LADRO__MASK;
    return ladroi_rma_sync(lb, &p->win);
}

void ladroi_pool_lock_whole(ladroi_pool_t *p)
{
    p->locked = true;
}

void ladroi_pool_fini(ladroi_pool_t *p)
{
    ladroi_win_free(&p->win);
    free(p->priv);
    free(p->scratch);
    p->priv = p->scratch = NULL;
}

static int ladro__priv_grow(ladro_t *lb, ladroi_pool_t *p)
{
    size_t ncap = p->priv_cap * 2;
    unsigned char *n = malloc(ncap * p->rec_bytes);
    if (!n)
        return ladroi_fail(lb, LADRO_ENOMEM, "pool: cannot grow the private deque to %zu "
                           "tasks", ncap);
    for (size_t i = 0; i < p->priv_count; i++)
        memcpy(n + i * p->rec_bytes, ladro__priv_at(p, i), p->rec_bytes);
    free(p->priv);
    p->priv = n;
    p->priv_cap = ncap;
    p->priv_head = 0;
    return LADRO_OK;
}

/* Append a full record as the newest private task. */
static int ladro__priv_push_rec(ladro_t *lb, ladroi_pool_t *p, const void *rec)
{
    if (p->priv_count == p->priv_cap) {
        int rc = ladro__priv_grow(lb, p);
        if (rc)
            return rc;
    }
    memcpy(ladro__priv_at(p, p->priv_count), rec, p->rec_bytes);
    p->priv_count++;
    return LADRO_OK;
}

int ladroi_pool_push(ladro_t *lb, ladroi_pool_t *p, const ladroi_rec_hdr_t *h,
                     const void *payload, size_t payload_bytes)
{
    if (p->priv_count == p->priv_cap) {
        int rc = ladro__priv_grow(lb, p);
        if (rc)
            return rc;
    }
    unsigned char *slot = ladro__priv_at(p, p->priv_count);
    memcpy(slot, h, sizeof *h);
    if (payload_bytes)
        memcpy(slot + sizeof *h, payload, payload_bytes);
    p->priv_count++;
    return LADRO_OK;
}

static int ladro__self_word(ladro_t *lb, ladroi_pool_t *p, uint64_t *w)
{
    int rc = ladroi_rma_fetch_u64(lb, &p->win, lb->rank, 0, w);
    if (rc == 0) {
        if (ladro__inflight(*w) == 0)
            p->quiet_top = ladro__top(*w);
        p->pub_est = ladro__count(*w);
    }
    return rc;
}

/* The first public index the owner may take back: promised tasks [top, reserve_end)
 * stay for their thieves (ladroi_pool_reserve). A reserve_end outside [top, split] has
 * been passed by the thieves (or never set) and is moved up to top. */
static uint32_t ladro__floor(ladroi_pool_t *p, uint64_t w)
{
    uint32_t top = ladro__top(w);
    if (((p->reserve_end - top) & LADRO__MASK) > ladro__count(w))
        p->reserve_end = top;
    return p->reserve_end;
}

/* Move up to `want` of the newest public tasks back into the private deque. */
static int ladro__reacquire(ladro_t *lb, ladroi_pool_t *p, uint32_t want, uint32_t *got)
{
    uint64_t w, seen;
    *got = 0;
    int rc = ladro__self_word(lb, p, &w);
    for (;;) {
        if (rc)
            return rc;
        if (ladro__overclaimed(w)) { /* freeze: a fetch-and-add thief owes a correction */
            p->pub_est = 0;
            return LADRO_OK;
        }
        uint32_t n = ladro__count(w);
        uint32_t split = ladro__split(w);
        uint32_t mine = (split - ladro__floor(p, w)) & LADRO__MASK; /* not promised */
        if (mine == 0) {
            p->pub_est = n;
            return LADRO_OK;
        }
        uint32_t m = mine < want ? mine : want;
        uint64_t nw = ladro__word(ladro__top(w), split - m, ladro__inflight(w));
        rc = ladroi_rma_cas_u64(lb, &p->win, lb->rank, 0, w, nw, &seen);
        if (rc)
            return rc;
        if (seen == w) {
            /* The slots [split - m, split) are ours again: no thief can claim them (top
             * <= split - m) and none copies them (claims lie below top). */
            for (uint32_t i = 0; i < m; i++) {
                const unsigned char *src =
                    (const unsigned char *)p->win.base + ladro__slot_disp(p, split - m + i);
                rc = ladro__priv_push_rec(lb, p, src);
                if (rc)
                    return rc;
            }
            p->pub_est = n - m;
            *got = m;
            return LADRO_OK;
        }
        w = seen;
        if (ladro__inflight(w) == 0)
            p->quiet_top = ladro__top(w);
    }
}

/* The owner's rebalance of a locked pool (TITUS_DLB §2.2, §4.3): under the lock, an empty
 * public set gets half of the private tasks (the oldest), an empty private part takes half
 * of the public tasks back (the newest), and a lock a thief handed over is freed. */
static int ladro__rebalance(ladro_t *lb, ladroi_pool_t *p)
{
    uint64_t w, seen;
    int rc = ladroi_rma_fetch_u64(lb, &p->win, lb->rank, 0, &w);
    for (;;) {
        if (rc)
            return rc;
        uint32_t lock = ladro__inflight(w), n = ladro__count(w);
        p->pub_est = n;
        if (lock == LADRO__HANDED)
            break; /* a thief took the set and handed the lock over: ours */
        if (lock != LADRO__FREE)
            return LADRO_OK; /* a thief copies: the next check */
        if (!(n == 0 && p->priv_count >= 2) && !(n > 0 && p->priv_count == 0))
            return LADRO_OK; /* neither set is empty: nothing to move */
        uint64_t lw = ladro__word(ladro__top(w), ladro__split(w), LADRO__OWNER);
        rc = ladroi_rma_cas_u64(lb, &p->win, lb->rank, 0, w, lw, &seen);
        if (rc == 0 && seen == w) {
            w = lw;
            break;
        }
        w = seen;
    }
    /* The lock is ours: no thief reads the ring or changes the word until it is freed. */
    uint32_t top = ladro__top(w), split = ladro__split(w), n = ladro__count(w);
    if (n == 0) { /* refill: half of the private tasks, the oldest, go public */
        uint32_t r = (uint32_t)(p->priv_count / 2 < p->capacity ? p->priv_count / 2
                                                                 : p->capacity);
        for (uint32_t i = 0; i < r; i++)
            memcpy((unsigned char *)p->win.base + ladro__slot_disp(p, split + i),
                   ladro__priv_at(p, i), p->rec_bytes);
        if (r && (rc = ladroi_rma_sync(lb, &p->win)) != 0)
            return rc;
        p->priv_head = (p->priv_head + r) % p->priv_cap;
        p->priv_count -= r;
        split += r;
        n = r;
    } else if (p->priv_count == 0) { /* take back half of the public tasks, the newest */
        uint32_t m = (n + 1) / 2;
        for (uint32_t i = 0; i < m; i++) {
            rc = ladro__priv_push_rec(lb, p, (const unsigned char *)p->win.base +
                                                 ladro__slot_disp(p, split - m + i));
            if (rc)
                return rc;
        }
        split -= m;
        n -= m;
    }
    rc = ladroi_rma_cas_u64(lb, &p->win, lb->rank, 0, w,
                            ladro__word(top, split, LADRO__FREE), &seen);
    if (rc)
        return rc;
    if (seen != w)
        return ladroi_fail(lb, LADRO_EMPI, "pool: the word of a locked pool changed while "
                           "its owner held the lock (0x%016llx, not 0x%016llx)",
                           (unsigned long long)seen, (unsigned long long)w);
    p->pub_est = n;
    return LADRO_OK;
}

int ladroi_pool_pop(ladro_t *lb, ladroi_pool_t *p, void *rec)
{
    if (p->priv_count == 0 && p->stealable && p->locked) {
        int rc = ladro__rebalance(lb, p);
        if (rc)
            return rc;
    } else if (p->priv_count == 0 && p->stealable) {
        uint32_t got;
        int rc = ladro__reacquire(lb, p, lb->cfg.chunk, &got);
        if (rc)
            return rc;
    }
    if (p->priv_count == 0)
        return 0;
    p->priv_count--;
    memcpy(rec, ladro__priv_at(p, p->priv_count), p->rec_bytes);
    return 1;
}

int ladroi_pool_release(ladro_t *lb, ladroi_pool_t *p, uint32_t keep)
{
    if (p->locked) /* the paper's sets: rebalanced under the lock, whatever keep says */
        return p->stealable ? ladro__rebalance(lb, p) : LADRO_OK;
    if (!p->stealable || p->priv_count <= keep || p->priv_count < 2 * (size_t)keep)
        return LADRO_OK;
    size_t want = p->priv_count - keep;
    uint64_t w, seen;
    int rc = ladro__self_word(lb, p, &w);
    if (rc)
        return rc;
    if (ladro__overclaimed(w))
        return LADRO_OK; /* freeze: a thief's correction is owed (see steal_faa) */
    uint32_t split = ladro__split(w);
    uint32_t used = (split - p->quiet_top) & LADRO__MASK; /* slots possibly still in use */
    uint32_t space = used >= p->capacity ? 0 : p->capacity - used;
    uint32_t r = want < space ? (uint32_t)want : space;
    if (r == 0)
        return LADRO_OK; /* ring full or thieves still copying: tasks stay private */
    /* Oldest private tasks go public (in a DFS they are the shallowest, largest). */
    for (uint32_t i = 0; i < r; i++)
        memcpy((unsigned char *)p->win.base + ladro__slot_disp(p, split + i),
               ladro__priv_at(p, i), p->rec_bytes);
    rc = ladroi_rma_sync(lb, &p->win);
    if (rc)
        return rc;
    for (;;) {
        uint64_t nw = ladro__word(ladro__top(w), split + r, ladro__inflight(w));
        rc = ladroi_rma_cas_u64(lb, &p->win, lb->rank, 0, w, nw, &seen);
        if (rc)
            return rc;
        if (seen == w)
            break;
        w = seen; /* thieves moved top/inflight; split is ours and unchanged */
        if (ladro__inflight(w) == 0)
            p->quiet_top = ladro__top(w);
        if (ladro__overclaimed(w))
            return LADRO_OK; /* freeze: the slots written stay unpublished, tasks private */
    }
    p->priv_head = (p->priv_head + r) % p->priv_cap;
    p->priv_count -= r;
    p->pub_est = ladro__count(w) + r;
    return LADRO_OK;
}

int ladroi_pool_look_self(ladro_t *lb, ladroi_pool_t *p)
{
    if (!p->stealable || p->locked)
        return LADRO_OK;
    uint64_t w;
    return ladro__self_word(lb, p, &w); /* pub_est: 0 while thieves owe a correction */
}

const void *ladroi_pool_newest(const ladroi_pool_t *p, size_t i)
{
    if (i >= p->priv_count)
        return NULL;
    return p->priv + ((p->priv_head + p->priv_count - 1 - i) % p->priv_cap) * p->rec_bytes;
}

uint64_t ladroi_pool_local_count(const ladroi_pool_t *p)
{
    return p->priv_count + p->pub_est;
}

int ladroi_pool_peek(ladro_t *lb, ladroi_pool_t *p, int victim, uint32_t *count)
{
    uint64_t w;
    int rc = ladroi_rma_fetch_u64(lb, &p->win, victim, 0, &w);
    if (rc == 0)
        *count = p->stealable ? ladro__count(w) : 0;
    return rc;
}

int ladroi_pool_top(ladro_t *lb, ladroi_pool_t *p, uint32_t *top)
{
    uint64_t w;
    int rc = ladro__self_word(lb, p, &w);
    if (rc == 0)
        *top = ladro__top(w);
    return rc;
}

int ladroi_pool_reserve(ladro_t *lb, ladroi_pool_t *p, double fraction, uint32_t max_take,
                        uint32_t keep, uint32_t *k)
{
    uint64_t w;
    *k = 0;
    if (!p->stealable || p->locked) /* no promises under the lock */
        return LADRO_OK;
    /* Thieves only advance top (through promised tasks) and the owner alone moves
     * split, so the unpromised count read here can only grow until the owner acts. */
    int rc = ladro__self_word(lb, p, &w);
    if (rc)
        return rc;
    if (ladro__overclaimed(w)) /* a fetch-and-add thief owes a correction: nothing sure */
        return LADRO_OK;
    uint32_t floor = ladro__floor(p, w);
    uint32_t avail = (ladro__split(w) - floor) & LADRO__MASK;
    if (avail <= keep)
        return LADRO_OK;
    double want = fraction * (double)avail;
    uint32_t n = (uint32_t)want;
    if ((double)n < want)
        n++;
    if (n < 1)
        n = 1;
    if (n > avail - keep)
        n = avail - keep;
    if (max_take && n > max_take)
        n = max_take;
    if (n > p->scratch_cap) /* a thief's ladroi_pool_steal takes at most this many */
        n = (uint32_t)p->scratch_cap;
    p->reserve_end = (floor + n) & LADRO__MASK;
    *k = n;
    return LADRO_OK;
}

void ladroi_pool_unreserve(ladroi_pool_t *p, uint32_t k)
{
    p->reserve_end = (p->reserve_end - k) & LADRO__MASK;
}

/* Copy the k claimed records [top, top + k) from the victim's ring (pieces around its
 * end and of at most scratch_cap records), count the move in each header, keep them
 * privately. */
static int ladro__copy_in(ladro_t *lb, ladroi_pool_t *p, int victim, uint32_t top, uint32_t k)
{
    while (k > 0) {
        uint32_t first = top & (p->capacity - 1);
        uint32_t n = p->capacity - first < k ? p->capacity - first : k;
        if (n > p->scratch_cap)
            n = (uint32_t)p->scratch_cap;
        int rc = ladroi_rma_get(lb, &p->win, victim, ladro__slot_disp(p, top), p->scratch,
                                (size_t)n * p->rec_bytes);
        for (uint32_t i = 0; i < n && rc == 0; i++) {
            unsigned char *r = p->scratch + (size_t)i * p->rec_bytes;
            ladroi_rec_hdr_t h;
            memcpy(&h, r, sizeof h);
            h.moves++;
            memcpy(r, &h, sizeof h);
            rc = ladro__priv_push_rec(lb, p, r);
        }
        if (rc)
            return rc;
        top += n;
        k -= n;
    }
    return LADRO_OK;
}

/* The thief's half of every lock-free claim (compare-and-swap or fetch-and-add): copy the
 * k claimed records, then release the claim (inflight -= 1). */
static int ladro__take_claimed(ladro_t *lb, ladroi_pool_t *p, int victim, uint32_t top,
                               uint32_t k)
{
    int rc = ladro__copy_in(lb, p, victim, top, k);
    return rc ? rc : ladroi_rma_add_u64(lb, &p->win, victim, 0, UINT64_MAX);
}

/* ceil(fraction * n), at least 1, at most n and max_take (when > 0). */
static uint32_t ladro__amount(uint32_t n, double fraction, uint32_t max_take)
{
    double want = fraction * (double)n;
    uint32_t k = (uint32_t)want;
    if ((double)k < want)
        k++;
    if (k < 1)
        k = 1;
    if (k > n)
        k = n;
    if (max_take && k > max_take)
        k = max_take;
    return k;
}

/* A thief's claim on a locked pool (TITUS_DLB §4.3): take the lock from the word looked
 * at (the word is the metadata), copy the tasks, hand the lock to the owner, which
 * refills its public set. Any amount is correct; smallworld's paper thief takes all. */
static int ladro__claim_locked(ladro_t *lb, ladroi_pool_t *p, int victim, uint64_t w,
                               double fraction, uint32_t max_take, uint32_t *got)
{
    uint64_t lw, seen;
    for (;;) {
        if (ladro__count(w) == 0 || ladro__inflight(w) != LADRO__FREE)
            return LADROI_STEAL_EMPTY; /* nothing, or the lock is taken: a failed theft */
        lw = ladro__word(ladro__top(w), ladro__split(w), LADRO__THIEF);
        int rc = ladroi_rma_cas_u64(lb, &p->win, victim, 0, w, lw, &seen);
        if (rc)
            return rc;
        if (seen == w)
            break;
        lb->st.steal_retries++;
        w = seen;
    }
    uint32_t top = ladro__top(w), k = ladro__amount(ladro__count(w), fraction, max_take);
    int rc = ladro__copy_in(lb, p, victim, top, k);
    if (rc == 0) /* no one else changes the word while the lock is ours */
        rc = ladroi_rma_cas_u64(lb, &p->win, victim, 0, lw,
                                ladro__word(top + k, ladro__split(w), LADRO__HANDED), &seen);
    if (rc)
        return rc;
    if (seen != lw)
        return ladroi_fail(lb, LADRO_EMPI, "pool: rank %d's word changed while a thief held "
                           "its lock (0x%016llx, not 0x%016llx)", victim,
                           (unsigned long long)seen, (unsigned long long)lw);
    *got = k;
    return LADROI_STEAL_GOT;
}

int ladroi_pool_look(ladro_t *lb, ladroi_pool_t *p, int victim, ladroi_pool_look_t *look)
{
    look->word = 0;
    look->n = 0;
    if (!p->stealable || victim == lb->rank)
        return LADRO_OK;
    int rc = ladroi_rma_fetch_u64(lb, &p->win, victim, 0, &look->word);
    uint32_t low = ladro__inflight(look->word); /* the claim counter, or the lock */
    if (rc == 0 && (p->locked ? low == LADRO__FREE : low != LADRO__UMAX))
        look->n = ladro__count(look->word);
    return rc;
}

int ladroi_pool_claim(ladro_t *lb, ladroi_pool_t *p, int victim,
                      const ladroi_pool_look_t *look, double fraction, uint32_t max_take,
                      uint32_t *got)
{
    uint64_t w = look->word, seen;
    uint32_t k, top;
    *got = 0;
    if (!p->stealable || victim == lb->rank)
        return LADROI_STEAL_EMPTY;
    if (p->locked)
        return ladro__claim_locked(lb, p, victim, w, fraction, max_take, got);
    for (;;) {
        uint32_t n = ladro__count(w);
        if (n == 0 || ladro__inflight(w) == LADRO__UMAX)
            return LADROI_STEAL_EMPTY;
        k = ladro__amount(n, fraction, max_take);
        if (k > p->scratch_cap)
            k = (uint32_t)p->scratch_cap;
        top = ladro__top(w);
        uint64_t nw = ladro__word(top + k, ladro__split(w), ladro__inflight(w) + 1);
        int rc = ladroi_rma_cas_u64(lb, &p->win, victim, 0, w, nw, &seen);
        if (rc)
            return rc;
        if (seen == w)
            break;
        lb->st.steal_retries++;
        w = seen;
    }
    /* Claimed [top, top + k): copy, release the claim, keep the tasks. */
    int rc = ladro__take_claimed(lb, p, victim, top, k);
    if (rc)
        return rc;
    *got = k;
    return LADROI_STEAL_GOT;
}

/* The look and the claim, traced (victim, outcome, count) when tracing is on. */
int ladroi_pool_steal(ladro_t *lb, ladroi_pool_t *p, int victim, double fraction,
                      uint32_t max_take, uint32_t *got)
{
    double t0 = lb->trace.on ? ladroi_net_now() : 0;
    ladroi_pool_look_t look;
    *got = 0;
    int rc = ladroi_pool_look(lb, p, victim, &look);
    if (rc == 0)
        rc = ladroi_pool_claim(lb, p, victim, &look, fraction, max_take, got);
    if (rc >= 0)
        LADROI_TRACE(lb, LADROI_TEV_STEAL, t0, ladroi_net_now(), 0, victim, *got);
    return rc;
}

static int ladro__steal_faa(ladro_t *lb, ladroi_pool_t *p, int victim, uint32_t want,
                            uint32_t *got, uint32_t *avail, bool *corrected);

/* The fetch-and-add steal, traced like ladroi_pool_steal. */
int ladroi_pool_steal_faa(ladro_t *lb, ladroi_pool_t *p, int victim, uint32_t want,
                          uint32_t *got, uint32_t *avail, bool *corrected)
{
    double t0 = lb->trace.on ? ladroi_net_now() : 0;
    int rc = ladro__steal_faa(lb, p, victim, want, got, avail, corrected);
    if (rc >= 0)
        LADROI_TRACE(lb, LADROI_TEV_STEAL, t0, ladroi_net_now(), 0, victim, *got);
    return rc;
}

static int ladro__steal_faa(ladro_t *lb, ladroi_pool_t *p, int victim, uint32_t want,
                            uint32_t *got, uint32_t *avail, bool *corrected)
{
    uint64_t old;
    *got = 0;
    *avail = 0;
    *corrected = false;
    if (!p->stealable || victim == lb->rank || want == 0)
        return LADROI_STEAL_EMPTY;
    if (lb->size > (int)LADRO__UMAX || p->locked) { /* inflight could overflow into split,
                                                     or is a lock: claim by CAS */
        ladroi_pool_look_t look;
        int rc = ladroi_pool_look(lb, p, victim, &look);
        return rc ? rc : ladroi_pool_claim(lb, p, victim, &look, 1.0, want, got);
    }
    /* Bound one claim so that all thieves' excess together stays below 2^23. */
    uint32_t kmax = (1u << 23) / (uint32_t)lb->size;
    uint32_t k = want;
    if (k > kmax)
        k = kmax;
    if (k > p->scratch_cap)
        k = (uint32_t)p->scratch_cap;
    /* A2WS Fig. 3b, the atomic get-accumulate: top += k, inflight += 1, returns the word
     * (MPI_Fetch_and_op with MPI_SUM: MPI-3's single-element MPI_Get_accumulate). */
    int rc = ladroi_rma_fadd_u64(lb, &p->win, victim, 0, ((uint64_t)k << 40) + 1, &old);
    if (rc)
        return rc;
    uint32_t n = ladro__count(old), top = ladro__top(old);
    uint32_t take = k < n ? k : n, excess = k - take;
    *avail = n;
    if (take == 0) { /* nothing there: give the whole claim back and leave, one op */
        *corrected = true;
        rc = ladroi_rma_add_u64(lb, &p->win, victim, 0, 0 - ((uint64_t)k << 40) - 1);
        return rc ? rc : LADROI_STEAL_EMPTY;
    }
    if (excess) { /* A2WS Fig. 3b, the occasional atomic accumulate: top -= excess */
        *corrected = true;
        rc = ladroi_rma_add_u64(lb, &p->win, victim, 0, 0 - ((uint64_t)excess << 40));
        if (rc)
            return rc;
    }
    /* Claimed [top, top + take), all below the split seen: copy, then release. */
    rc = ladro__take_claimed(lb, p, victim, top, take);
    if (rc)
        return rc;
    *got = take;
    return LADROI_STEAL_GOT;
}
