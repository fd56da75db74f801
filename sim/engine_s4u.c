/* The simulated engine (src/engine.h) on SimGrid's S4U C API: every rank of a handle is
 * an actor on a host of the platform, and the runtime's modules above the engine run
 * unchanged, with the decisions of src/policy/<name>.c.
 *
 * Cost model (ladro_s4u_costs_t). Actors are cooperative: the code between two
 * simulation calls runs atomically in simulated time. So a one-sided operation on
 * another rank sleeps its cost - a round trip of the route's latency by default (it
 * waits for its answer), plus its size over the route's bandwidth, plus a fixed software
 * cost - and then acts on the target's window memory in one step: reads, writes and the
 * 64-bit atomics are linearisable, like MPI's with a flush per operation. An operation
 * on the rank's own window costs nothing. A message is copied at the send and becomes
 * visible to its receiver after one latency + size/bandwidth + the per-message cost
 * (sends complete at once, as eager MPI sends do); a receiver matches only messages that
 * have arrived, in the order they were sent per source. A test, probe or progress call
 * costs the poll cost; a sleep ends the wake-up cost late. The blocking collectives
 * (creation, statistics, traces) cost 2 ceil(log2 P) latencies once the last rank
 * arrived. The clock is the simulated clock and sleeps are simulated.
 *
 * Where it abstracts: receives are matched when their owner tests them (the runtime
 * never posts two receives that one message could match), and computation is what the
 * caller sleeps (the driver sleeps each task's duration; the runtime's speed emulation
 * pads it to duration / speed, in simulated time).
 *
 * Shared objects (channels, windows) are created by the first rank that reaches the
 * collective call and found by the others by (parent channel, sequence number): every
 * rank makes the collective calls in the same order. */
#include "engine_s4u.h"

#include "ladro_int.h"
#include "core.h"
#include "policy.h"

#include <simgrid/actor.h>
#include <simgrid/cond.h>
#include <simgrid/engine.h>
#include <simgrid/host.h>
#include <simgrid/mutex.h>
#include <simgrid/semaphore.h>

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

typedef struct ladro__smsg {
    struct ladro__smsg *next;
    int source, tag, chan;
    size_t bytes;
    double arrive; /* visible to the receiver from this simulated time on */
    bool landed;   /* arrive <= now, and counted so (ladro__land) */
    uint64_t fresh; /* the receiver's wait epoch in which it counts as new, 0: none */
    unsigned char data[];
} ladro__smsg_t;

/* A channel, shared by its ranks. */
typedef struct ladro__schan {
    int id, parent, seq; /* (parent, seq): how the ranks find it */
    int size;
    ladro__smsg_t **head, **tail; /* per destination rank: messages in send order */
    int *landed; /* per destination rank: its queued messages that have landed */
    /* blocking collectives: contributions of the operation in progress, its result */
    uint64_t gen; /* operations completed */
    int arrived;
    unsigned char **contrib;
    size_t *contrib_bytes;
    unsigned char *result;
    size_t result_bytes;
} ladro__schan_t;

/* The bytes [lo, hi) of a rank's window that puts and atomics reached since the rank
 * last asked (ladroi_rma_written); hi == 0: none. */
typedef struct ladro__wrange {
    size_t lo, hi;
} ladro__wrange_t;

typedef struct ladro__swin {
    int chan, seq;
    void **base;              /* per rank */
    ladro__wrange_t *written; /* per rank */
} ladro__swin_t;

/* Window memory: carved from large anonymous mappings reserved without commitment
 * (MAP_NORESERVE), so only the pages a rank touches are resident. A window of O(P) bytes
 * per rank (a policy's per-rank reply slots, request ring or token list) costs what is
 * used, not P x P, and 100 000 windows make a handful of mappings, not one each (the
 * kernel's vm.max_map_count is 65 530). Freed with the world. */
#define LADRO__ARENA_BYTES ((size_t)16 << 30) /* virtual, per mapping */
typedef struct ladro__arena {
    struct ladro__arena *next;
    unsigned char *base;
    size_t used, cap;
} ladro__arena_t;

struct ladro_s4u_world {
    int size;
    sg_host_t *hosts; /* rank -> host */
    ladro__arena_t *arena;
    ladro__schan_t **chans;
    int nchans, chans_cap;
    ladro__swin_t *wins;
    int nwins, wins_cap;
    int *handles; /* per rank: handles created */
    /* Route costs already asked for: SimGrid computes a route anew at each question, which
     * took most of a large run's time. Every pair has its entry while there are at most
     * LADRO__ROUTES_MAX pairs, else pairs share entries (the latest one asked keeps it). */
    struct ladro__route { uint64_t key; double lat, bw; } *routes;
    size_t nroutes;
    /* costs.uniform: the one route between two distinct hosts, once asked (key 1) */
    struct ladro__route uroute;
    /* Ranks waiting in a blocking collective, any channel. Created outside the
     * simulation: creating one is a simulation call, which lets other actors run, so a
     * shared object must never have to create one when first met. */
    sg_mutex_t mu;
    sg_cond_t cv;
    ladro_s4u_costs_t costs;
    /* ladro_s4u_world_tick: called every 4 096 idle waits (`waits` counts them) */
    void (*tick)(void *data);
    void *tick_data;
    uint64_t waits;
    /* Idle waits (ladroi_net_wait_msg), per rank: the semaphore it dozes on (created by
     * the rank at its first doze), whether it dozes now (a send to it on any channel
     * then releases it, ladro__wake) and when its last wait ended. */
    struct ladro__sidle {
        sg_sem_t sem;
        double since;
        bool dozing;
        /* The messages to this rank, any channel, that have not landed yet: a min-heap
         * by arrival time (ladro__land). A wait then finds what arrived since its last
         * one, and when the next arrival is, without walking the queues: a leader's
         * queue holds a request per rank under way, and every arrival woke it. `fresh`
         * counts the queued messages that landed after `since` (they carry `epoch`,
         * which a wait's end advances). */
        ladro__smsg_t **heap;
        size_t nheap, capheap;
        uint64_t epoch;
        int fresh;
    } *idle;
    /* ladro__match's scratch, per source rank: the match call that last met a matching
     * message of that source still under way (actors run one at a time, so one array
     * serves every rank) */
    uint64_t *travelling, match_calls;
    /* The worker actors of ranks running threads (src/threads.c), by actor id: what each
     * was started with (ladroi_net_thread_arg). */
    struct ladro__sthread **started;
    size_t nstarted;
    sg_sem_t *sems; /* by actor id: the semaphore a waiter on a condition dozes on */
    size_t nsems;
};

/* One rank's view of a channel. */
struct ladroi_chan {
    ladro_s4u_world_t *w;
    ladro__schan_t *s;
    int rank, size;
    int ndup, nwin; /* sequence numbers of this rank's next dup and window */
};

static void ladro__sleep(double s);
static void ladro__spend(const ladro_s4u_world_t *w, double s);
static void ladro__wake(ladro_s4u_world_t *w, int rank);

#define LADRO__ROUTES_MAX ((size_t)1 << 20)

/* ---- the world ------------------------------------------------------------------------- */
static ladro__schan_t *ladro__schan_find(ladro_s4u_world_t *w, int parent, int seq)
{
    for (int i = 0; i < w->nchans; i++)
        if (w->chans[i]->parent == parent && w->chans[i]->seq == seq)
            return w->chans[i];
    if (w->nchans == w->chans_cap) {
        int nc = w->chans_cap ? 2 * w->chans_cap : 8;
        ladro__schan_t **n = realloc(w->chans, (size_t)nc * sizeof *n);
        if (!n)
            return NULL;
        w->chans = n;
        w->chans_cap = nc;
    }
    ladro__schan_t *s = calloc(1, sizeof *s);
    size_t p = (size_t)w->size;
    if (!s || !(s->head = calloc(p, sizeof *s->head)) || !(s->tail = calloc(p, sizeof *s->tail)) ||
        !(s->contrib = calloc(p, sizeof *s->contrib)) ||
        !(s->contrib_bytes = calloc(p, sizeof *s->contrib_bytes)) ||
        !(s->landed = calloc(p, sizeof *s->landed))) {
        if (s) {
            free(s->landed);
            free(s->contrib_bytes);
            free(s->head);
            free(s->tail);
            free(s->contrib);
        }
        free(s);
        return NULL;
    }
    s->id = w->nchans;
    s->parent = parent;
    s->seq = seq;
    s->size = w->size;
    w->chans[w->nchans++] = s; /* no simulation call above: no other rank came between */
    return s;
}

ladro_s4u_world_t *ladro_s4u_world_new(int size, sg_host_t *hosts)
{
    ladro_s4u_world_t *w = calloc(1, sizeof *w);
    if (!w)
        return NULL;
    w->size = size;
    w->hosts = hosts;
    w->handles = calloc((size_t)size, sizeof *w->handles);
    w->nroutes = (uint64_t)size * (uint64_t)size;
    if (w->nroutes > LADRO__ROUTES_MAX)
        w->nroutes = LADRO__ROUTES_MAX;
    w->routes = calloc(w->nroutes, sizeof *w->routes); /* pages touched as they are used */
    w->idle = calloc((size_t)size, sizeof *w->idle);
    w->travelling = calloc((size_t)size, sizeof *w->travelling);
    for (int r = 0; w->idle && r < size; r++) {
        w->idle[r].since = -INFINITY; /* a message queued before the first wait counts */
        w->idle[r].epoch = 1;
    }
    w->mu = sg_mutex_init();
    w->cv = sg_cond_init();
    w->costs = (ladro_s4u_costs_t){.rma_latencies = 2};
    if (!w->handles || !w->routes || !w->idle || !w->travelling ||
        !ladro__schan_find(w, -1, 0)) { /* 0: the world */
        ladro_s4u_world_free(w);
        return NULL;
    }
    /* a sleep finds its costs through the sleeper's host (ladroi_net_sleep_us has no
     * handle) */
    for (int r = 0; r < size; r++)
        sg_host_set_data(hosts[r], w);
    return w;
}

void ladro_s4u_world_start(ladro_s4u_world_t *w, void (*main)(int argc, char **argv),
                           void *data)
{
    for (int r = 0; r < w->size; r++) {
        char name[32], rs[16];
        snprintf(name, sizeof name, "rank%d", r);
        snprintf(rs, sizeof rs, "%d", r);
        const char *av[] = {name, rs};
        sg_actor_t a = sg_actor_init(name, w->hosts[r]);
        sg_actor_set_data(a, data);
        sg_actor_start_(a, main, 2, av);
    }
}

void ladro_s4u_world_free(ladro_s4u_world_t *w)
{
    if (!w)
        return;
    sg_cond_destroy(w->cv); /* no actor is left to wait or lock */
    sg_mutex_destroy(w->mu);
    for (int r = 0; w->hosts && r < w->size; r++)
        if (sg_host_get_data(w->hosts[r]) == w)
            sg_host_set_data(w->hosts[r], NULL);
    for (int r = 0; w->idle && r < w->size; r++) {
        if (w->idle[r].sem)
            sg_sem_destroy(w->idle[r].sem);
        free(w->idle[r].heap); /* its messages are the queues' */
    }
    free(w->idle);
    free(w->travelling);
    free(w->started); /* every thread was joined */
    for (size_t i = 0; i < w->nsems; i++)
        if (w->sems[i])
            sg_sem_destroy(w->sems[i]);
    free(w->sems);
    for (int i = 0; i < w->nchans; i++) {
        ladro__schan_t *s = w->chans[i];
        for (int r = 0; r < s->size; r++) {
            for (ladro__smsg_t *m = s->head[r], *n; m; m = n) {
                n = m->next;
                free(m);
            }
            free(s->contrib[r]);
        }
        free(s->head);
        free(s->tail);
        free(s->landed);
        free(s->contrib);
        free(s->contrib_bytes);
        free(s->result);
        free(s);
    }
    for (int i = 0; i < w->nwins; i++) {
        free(w->wins[i].base); /* the memory is the arena's */
        free(w->wins[i].written);
    }
    for (ladro__arena_t *a = w->arena, *n; a; a = n) {
        n = a->next;
        munmap(a->base, a->cap);
        free(a);
    }
    free(w->chans);
    free(w->wins);
    free(w->handles);
    free(w->routes);
    free(w);
}

void ladro_s4u_world_costs(ladro_s4u_world_t *w, const ladro_s4u_costs_t *costs)
{
    w->costs = *costs;
}

void ladro_s4u_world_tick(ladro_s4u_world_t *w, void (*fn)(void *data), void *data)
{
    w->tick = fn;
    w->tick_data = data;
}

int ladro_s4u_create(ladro_s4u_world_t *w, int rank, const ladro_config_t *cfg, ladro_t **out,
                     char *err, size_t errlen)
{
    /* The handle's channels are duplicates of the world channel; the k-th handle of a
     * rank makes the k-th duplicate, so the ranks meet on the same one. */
    ladroi_chan_t world = {.w = w, .s = w->chans[0], .rank = rank, .size = w->size,
                           .ndup = w->handles[rank]++};
    return ladroi_create(&world, cfg, out, err, errlen);
}

/* Zeroed window memory of `bytes` (64-byte aligned, a page-aligned start for a page or
 * more, so one window's untouched pages are never shared with another's); NULL when out
 * of memory. */
static void *ladro__arena_alloc(ladro_s4u_world_t *w, size_t bytes)
{
    size_t align = bytes >= 4096 ? 4096 : 64;
    bytes = (bytes + 63) & ~(size_t)63;
    ladro__arena_t *a = w->arena;
    size_t at = a ? (a->used + align - 1) & ~(align - 1) : 0;
    if (!a || at + bytes > a->cap) {
        size_t cap = bytes > LADRO__ARENA_BYTES ? (bytes + 4095) & ~(size_t)4095
                                                : LADRO__ARENA_BYTES;
        void *m = mmap(NULL, cap, PROT_READ | PROT_WRITE,
                       MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
        if (m == MAP_FAILED)
            return NULL;
        if (!(a = malloc(sizeof *a))) {
            munmap(m, cap);
            return NULL;
        }
        *a = (ladro__arena_t){.next = w->arena, .base = m, .used = 0, .cap = cap};
        w->arena = a;
        at = 0;
    }
    a->used = at + bytes;
    return a->base + at;
}

/* ---- cost of moving bytes ---------------------------------------------------------------- */
/* The route from c's rank to target: `lats` latencies + bytes over its bandwidth. */
static double ladro__route(const ladroi_chan_t *c, int target, size_t bytes, double lats)
{
    if (target == c->rank)
        return 0;
    ladro_s4u_world_t *w = c->w;
    uint64_t a = (uint64_t)c->rank, b = (uint64_t)target, key = (a << 32 | b) + 1;
    struct ladro__route *r = &w->routes[(a * (uint64_t)w->size + b) % w->nroutes];
    if (w->costs.uniform && w->hosts[a] != w->hosts[b]) {
        /* one route for every pair: random pairs (a probe, a random victim) would miss
         * the cache at every question */
        r = &w->uroute;
        key = 1;
    }
    if (r->key != key) {
        sg_host_t ha = w->hosts[a], hb = w->hosts[b];
        r->key = key;
        r->lat = ha == hb ? 0 : sg_host_get_route_latency(ha, hb);
        r->bw = ha == hb ? 0 : sg_host_get_route_bandwidth(ha, hb);
    }
    return lats * r->lat + (r->bw > 0 ? (double)bytes / r->bw : 0);
}

/* A message's travel time; the collectives' latency per step (cost 0 to oneself). */
static double ladro__cost(const ladroi_chan_t *c, int target, size_t bytes)
{
    return target == c->rank ? 0 : ladro__route(c, target, bytes, 1) + c->w->costs.msg_s;
}

/* A one-sided operation's time on the route. */
static double ladro__rma_cost(const ladroi_chan_t *c, int target, size_t bytes)
{
    return ladro__route(c, target, bytes, c->w->costs.rma_latencies);
}

/* A test, probe or progress call. */
static void ladro__poll(const ladroi_chan_t *c)
{
    ladro__spend(c->w, c->w->costs.poll_s);
}

/* ---- channels ------------------------------------------------------------------------ */
int ladroi_net_chan_dup(ladro_t *lb, ladroi_chan_t *from, ladroi_chan_t **out)
{
    *out = NULL;
    ladroi_chan_t *c = calloc(1, sizeof *c);
    ladro__schan_t *s = c ? ladro__schan_find(from->w, from->s->id, from->ndup) : NULL;
    if (!s) {
        free(c);
        return ladroi_fail(lb, LADRO_ENOMEM, "out of memory for a channel");
    }
    from->ndup++;
    c->w = from->w;
    c->s = s;
    c->rank = from->rank;
    c->size = from->size;
    *out = c;
    return LADRO_OK;
}

void ladroi_net_chan_free(ladroi_chan_t **c)
{
    /* the shared part lives until the world is freed: other ranks may still read it */
    free(*c);
    *c = NULL;
}

int ladroi_net_chan_rank(const ladroi_chan_t *c)
{
    return c->rank;
}

int ladroi_net_chan_size(const ladroi_chan_t *c)
{
    return c->size;
}

/* ---- windows --------------------------------------------------------------------------- */
int ladroi_rma_usable(char *err, size_t errlen)
{
    (void)err, (void)errlen; /* simulated atomics never crash */
    return LADRO_OK;
}

int ladroi_win_alloc(ladro_t *lb, size_t bytes, ladroi_win_t *win)
{
    memset(win, 0, sizeof *win);
    if (bytes < 8)
        bytes = 8;
    ladroi_chan_t *c = lb->comm;
    ladro_s4u_world_t *w = c->w;
    ladro__swin_t *sw = NULL;
    for (int i = 0; i < w->nwins && !sw; i++)
        if (w->wins[i].chan == c->s->id && w->wins[i].seq == c->nwin)
            sw = &w->wins[i];
    if (!sw) {
        if (w->nwins == w->wins_cap) {
            int nc = w->wins_cap ? 2 * w->wins_cap : 8;
            ladro__swin_t *n = realloc(w->wins, (size_t)nc * sizeof *n);
            if (!n)
                return ladroi_fail(lb, LADRO_ENOMEM, "out of memory for a window");
            w->wins = n;
            w->wins_cap = nc;
        }
        sw = &w->wins[w->nwins];
        sw->chan = c->s->id;
        sw->seq = c->nwin;
        sw->base = calloc((size_t)w->size, sizeof *sw->base);
        sw->written = calloc((size_t)w->size, sizeof *sw->written);
        if (!sw->base || !sw->written) {
            free(sw->base);
            free(sw->written);
            return ladroi_fail(lb, LADRO_ENOMEM, "out of memory for a window");
        }
        w->nwins++;
    }
    c->nwin++;
    void *mem = ladro__arena_alloc(w, bytes);
    if (!mem)
        return ladroi_fail(lb, LADRO_ENOMEM, "out of memory for a %zu-byte window", bytes);
    sw->base[c->rank] = mem;
    win->h.u = (uint64_t)(sw - w->wins); /* the index: w->wins may move when it grows */
    win->base = mem;
    win->bytes = bytes;
    /* every rank's memory exists before anyone reaches it */
    return ladroi_net_barrier(lb, c);
}

void ladroi_win_free(ladroi_win_t *w)
{
    /* The memory stays with the world (a thief may still be on its way to it); it is
     * freed with the world. */
    memset(w, 0, sizeof *w);
}

static unsigned char *ladro__at(ladro_t *lb, ladroi_win_t *win, int target, size_t disp,
                                size_t n)
{
    ladro_s4u_world_t *w = lb->comm->w;
    unsigned char *b = w->wins[win->h.u].base[target];
    if (!b || disp + n > win->bytes)
        return NULL;
    return b + disp;
}

/* The latency of the operation, then its effect in one step. */
#define LADRO__ARRIVE(lb, target, n)                                                   \
    do {                                                                               \
        if ((target) != (lb)->rank) {                                                  \
            double ladro__c_ = ladro__rma_cost((lb)->comm, (target), (n));             \
            ladro__spend((lb)->comm->w, (lb)->comm->w->costs.rma_s);                   \
            ladro__sleep(ladro__c_);                                                   \
        }                                                                              \
    } while (0)

/* Every access (op: "get", "put", "atomic"): its latency, then *p the n bytes at disp in
 * target's window; an error when they lie outside it. */
static int ladro__span(ladro_t *lb, ladroi_win_t *win, int target, size_t disp, size_t n,
                       const char *op, unsigned char **p)
{
    LADRO__ARRIVE(lb, target, n);
    if (!(*p = ladro__at(lb, win, target, disp, n)))
        return ladroi_fail(lb, LADRO_EINVAL, "window: %s of %zu bytes at rank %d offset %zu "
                           "out of bounds", op, n, target, disp);
    return LADRO_OK;
}

static int ladro__word(ladro_t *lb, ladroi_win_t *win, int target, size_t disp,
                       unsigned char **p)
{
    return ladro__span(lb, win, target, disp, 8, "atomic", p);
}

/* A put or an atomic reached target's memory, bytes [disp, disp + n) (ladroi_rma_written). */
static void ladro__wrote(ladro_t *lb, ladroi_win_t *win, int target, size_t disp, size_t n)
{
    ladro__wrange_t *r = &lb->comm->w->wins[win->h.u].written[target];
    if (r->hi == 0) {
        r->lo = disp;
        r->hi = disp + n;
        return;
    }
    if (disp < r->lo)
        r->lo = disp;
    if (disp + n > r->hi)
        r->hi = disp + n;
}

int ladroi_rma_fetch_u64(ladro_t *lb, ladroi_win_t *w, int target, size_t disp, uint64_t *out)
{
    unsigned char *p;
    int rc = ladro__word(lb, w, target, disp, &p);
    if (rc == 0)
        memcpy(out, p, 8);
    return rc;
}

int ladroi_rma_cas_u64(ladro_t *lb, ladroi_win_t *w, int target, size_t disp,
                       uint64_t expect, uint64_t desired, uint64_t *seen)
{
    unsigned char *p;
    int rc = ladro__word(lb, w, target, disp, &p);
    if (rc == 0) {
        memcpy(seen, p, 8);
        if (*seen == expect) {
            memcpy(p, &desired, 8);
            ladro__wrote(lb, w, target, disp, 8);
        }
    }
    return rc;
}

int ladroi_rma_fadd_u64(ladro_t *lb, ladroi_win_t *w, int target, size_t disp, uint64_t add,
                        uint64_t *old)
{
    unsigned char *p;
    int rc = ladro__word(lb, w, target, disp, &p);
    if (rc == 0) {
        uint64_t v;
        memcpy(&v, p, 8);
        if (old)
            *old = v;
        v += add;
        memcpy(p, &v, 8);
        ladro__wrote(lb, w, target, disp, 8);
    }
    return rc;
}

int ladroi_rma_add_u64(ladro_t *lb, ladroi_win_t *w, int target, size_t disp, uint64_t add)
{
    return ladroi_rma_fadd_u64(lb, w, target, disp, add, NULL);
}

int ladroi_rma_get(ladro_t *lb, ladroi_win_t *w, int target, size_t disp, void *dst, size_t n)
{
    unsigned char *p;
    int rc = ladro__span(lb, w, target, disp, n, "get", &p);
    if (rc == 0)
        memcpy(dst, p, n);
    return rc;
}

int ladroi_rma_put(ladro_t *lb, ladroi_win_t *w, int target, size_t disp, const void *src,
                   size_t n)
{
    unsigned char *p;
    int rc = ladro__span(lb, w, target, disp, n, "put", &p);
    if (rc == 0) {
        memcpy(p, src, n);
        ladro__wrote(lb, w, target, disp, n);
    }
    return rc;
}

int ladroi_rma_sync(ladro_t *lb, ladroi_win_t *w)
{
    (void)lb, (void)w; /* one address space, one actor at a time */
    return LADRO_OK;
}

bool ladroi_rma_written(ladro_t *lb, ladroi_win_t *w, size_t *lo, size_t *hi)
{
    ladro__wrange_t *r = &lb->comm->w->wins[w->h.u].written[lb->comm->rank];
    *lo = r->lo;
    *hi = r->hi;
    r->lo = r->hi = 0;
    return *hi > 0;
}

/* ---- point-to-point messages ----------------------------------------------------------- */
typedef struct ladro__sreq {
    ladroi_chan_t *c;
    void *buf;
    size_t cap;
    int source, tag;
} ladro__sreq_t;

/* ---- arrivals: a message lands when it becomes visible to its receiver ---------------- */
/* A plain binary min-heap of message pointers by arrival time. sim/engine.h's indexed
 * heap (the latency model's) does not serve here: it keys a fixed space of integer
 * handles, allocated up front, by integer times, and a rank's messages under way are
 * unbounded, and keyed by the simulated clock's seconds. */
static int ladro__heap_push(struct ladro__sidle *d, ladro__smsg_t *m)
{
    if (d->nheap == d->capheap) {
        size_t nc = d->capheap ? 2 * d->capheap : 8;
        ladro__smsg_t **n = realloc(d->heap, nc * sizeof *n);
        if (!n)
            return LADRO_ENOMEM;
        d->heap = n;
        d->capheap = nc;
    }
    size_t i = d->nheap++;
    while (i > 0 && m->arrive < d->heap[(i - 1) / 2]->arrive) {
        d->heap[i] = d->heap[(i - 1) / 2];
        i = (i - 1) / 2;
    }
    d->heap[i] = m;
    return LADRO_OK;
}

static ladro__smsg_t *ladro__heap_pop(struct ladro__sidle *d)
{
    ladro__smsg_t *top = d->heap[0], *last = d->heap[--d->nheap];
    size_t i = 0, n = d->nheap;
    for (size_t k; (k = 2 * i + 1) < n; i = k) {
        if (k + 1 < n && d->heap[k + 1]->arrive < d->heap[k]->arrive)
            k++;
        if (!(d->heap[k]->arrive < last->arrive))
            break;
        d->heap[i] = d->heap[k];
    }
    if (n)
        d->heap[i] = last;
    return top;
}

/* The messages to rank r, any channel, whose arrival time has come land: counted in
 * their channel's queue (ladro__match looks at a queue only when one there has) and,
 * when they arrived after the rank's last wait ended, as news for its next wait. */
static void ladro__land(ladro_s4u_world_t *w, int r)
{
    struct ladro__sidle *d = &w->idle[r];
    double now = simgrid_get_clock();
    while (d->nheap && d->heap[0]->arrive <= now) {
        ladro__smsg_t *m = ladro__heap_pop(d);
        m->landed = true;
        w->chans[m->chan]->landed[r]++;
        if (m->arrive > d->since) {
            m->fresh = d->epoch;
            d->fresh++;
        }
    }
}

static bool ladro__matches(const ladro__smsg_t *m, int source, int tag)
{
    return (source == LADROI_ANY || m->source == source) && (tag == LADROI_ANY || m->tag == tag);
}

/* The first matching message that has arrived, not overtaking an earlier matching
 * message of its source that has not (per-source order, as MPI's). *prev: its
 * predecessor in the queue (NULL at the head). One pass: the sources of the matching
 * messages still under way met so far are stamped with this call's number, so a queue
 * of n messages costs O(n), not O(n^2) (a leader's queue holds a request per rank). */
static ladro__smsg_t *ladro__match(ladroi_chan_t *c, int source, int tag, ladro__smsg_t **prev)
{
    ladro_s4u_world_t *w = c->w;
    ladro__land(w, c->rank);
    if (c->s->landed[c->rank] == 0)
        return NULL; /* every message queued here is still under way */
    uint64_t call = ++w->match_calls;
    ladro__smsg_t *p = NULL;
    for (ladro__smsg_t *m = c->s->head[c->rank]; m; p = m, m = m->next) {
        if (!ladro__matches(m, source, tag))
            continue;
        if (!m->landed) {
            if (source != LADROI_ANY)
                return NULL; /* its successors from that source wait behind it */
            w->travelling[m->source] = call;
            continue;
        }
        if (w->travelling[m->source] == call)
            continue; /* an earlier, still travelling message of m's source */
        *prev = p;
        return m;
    }
    return NULL;
}

static void ladro__unlink(ladroi_chan_t *c, ladro__smsg_t *prev, ladro__smsg_t *m)
{
    ladro__schan_t *s = c->s;
    struct ladro__sidle *d = &c->w->idle[c->rank];
    if (prev)
        prev->next = m->next;
    else
        s->head[c->rank] = m->next;
    if (s->tail[c->rank] == m)
        s->tail[c->rank] = prev;
    s->landed[c->rank]--; /* only a landed message is matched */
    if (m->fresh == d->epoch)
        d->fresh--;
}

static int ladro__deliver(ladro_t *lb, ladroi_chan_t *c, ladro__smsg_t *prev, ladro__smsg_t *m,
                          void *buf, size_t cap, ladroi_msg_t *info)
{
    ladro__unlink(c, prev, m);
    int rc = LADRO_OK;
    if (m->bytes > cap)
        rc = ladroi_fail(lb, LADRO_EINVAL, "message of %zu bytes from rank %d into %zu bytes",
                         m->bytes, m->source, cap);
    else if (m->bytes)
        memcpy(buf, m->data, m->bytes);
    if (info) {
        info->source = m->source;
        info->tag = m->tag;
        info->bytes = m->bytes;
    }
    free(m);
    return rc;
}

int ladroi_net_send(ladro_t *lb, ladroi_chan_t *c, const void *buf, size_t bytes, int dest,
                    int tag)
{
    ladro__smsg_t *m = malloc(sizeof *m + bytes);
    if (!m)
        return ladroi_fail(lb, LADRO_ENOMEM, "out of memory for a %zu-byte message", bytes);
    m->next = NULL;
    m->source = c->rank;
    m->tag = tag;
    m->chan = c->s->id;
    m->bytes = bytes;
    m->landed = false;
    m->fresh = 0;
    if (bytes)
        memcpy(m->data, buf, bytes);
    m->arrive = simgrid_get_clock() + ladro__cost(c, dest, bytes);
    if (ladro__heap_push(&c->w->idle[dest], m) != 0) {
        free(m);
        return ladroi_fail(lb, LADRO_ENOMEM, "out of memory for a %zu-byte message", bytes);
    }
    ladro__schan_t *s = c->s;
    if (s->tail[dest])
        s->tail[dest]->next = m;
    else
        s->head[dest] = m;
    s->tail[dest] = m;
    ladro__wake(c->w, dest);
    return LADRO_OK;
}

int ladroi_net_isend(ladro_t *lb, ladroi_chan_t *c, const void *buf, size_t bytes, int dest,
                     int tag, ladroi_req_t *r)
{
    memset(r, 0, sizeof *r); /* complete at once: the bytes were copied */
    return ladroi_net_send(lb, c, buf, bytes, dest, tag);
}

int ladroi_net_irecv(ladro_t *lb, ladroi_chan_t *c, void *buf, size_t bytes, int source,
                     int tag, ladroi_req_t *r)
{
    ladro__sreq_t *q = malloc(sizeof *q);
    if (!q)
        return ladroi_fail(lb, LADRO_ENOMEM, "out of memory for a receive");
    *q = (ladro__sreq_t){.c = c, .buf = buf, .cap = bytes, .source = source, .tag = tag};
    r->h.p = q;
    r->active = true;
    return LADRO_OK;
}

int ladroi_net_test(ladro_t *lb, ladroi_req_t *r, bool *done, ladroi_msg_t *info)
{
    *done = true;
    if (!r->active)
        return LADRO_OK;
    ladro__sreq_t *q = r->h.p;
    ladro__poll(q->c);
    ladro__smsg_t *prev, *m = ladro__match(q->c, q->source, q->tag, &prev);
    if (!m) {
        *done = false;
        return LADRO_OK;
    }
    int rc = ladro__deliver(lb, q->c, prev, m, q->buf, q->cap, info);
    free(q);
    r->h.p = NULL;
    r->active = false;
    return rc;
}

int ladroi_net_peek(ladro_t *lb, ladroi_req_t *r, bool *done)
{
    (void)lb;
    *done = true;
    if (!r->active)
        return LADRO_OK;
    const ladro__sreq_t *q = r->h.p;
    ladro__smsg_t *prev;
    *done = ladro__match(q->c, q->source, q->tag, &prev) != NULL;
    return LADRO_OK;
}

/* Every idle wait (ladroi_net_wait_msg, and a blocking receive's nap): the driver's
 * progress callback once every 4 096 (ladro_s4u_world_tick). */
static void ladro__idle_tick(ladro_s4u_world_t *w)
{
    if (w->tick && (++w->waits & 4095) == 0)
        w->tick(w->tick_data);
}

/* Sleep until something may have changed for a waiting receive: the next arrival of a
 * message already under way, or a latency-sized nap (a message not yet sent). */
static void ladro__nap(ladroi_chan_t *c)
{
    double now = simgrid_get_clock(), next = INFINITY;
    for (ladro__smsg_t *m = c->s->head[c->rank]; m; m = m->next)
        if (m->arrive > now && m->arrive < next)
            next = m->arrive;
    double nap = 1e-6;
    ladro__idle_tick(c->w);
    if (next < INFINITY && next - now < nap)
        nap = next - now;
    ladro__sleep(nap);
}

int ladroi_net_wait(ladro_t *lb, ladroi_req_t *r)
{
    bool done;
    int rc;
    while ((rc = ladroi_net_test(lb, r, &done, NULL)) == 0 && !done)
        ladro__nap(((ladro__sreq_t *)r->h.p)->c); /* a receive: r->h.p is its request */
    return rc;
}

void ladroi_net_cancel(ladroi_req_t *r)
{
    if (r->active)
        free(r->h.p);
    memset(r, 0, sizeof *r);
}

void ladroi_net_req_free(ladroi_req_t *r)
{
    ladroi_net_cancel(r);
}

int ladroi_net_recv(ladro_t *lb, ladroi_chan_t *c, void *buf, size_t bytes, int source,
                    int tag, ladroi_msg_t *info)
{
    ladro__smsg_t *prev, *m;
    while (!(m = ladro__match(c, source, tag, &prev)))
        ladro__nap(c);
    return ladro__deliver(lb, c, prev, m, buf, bytes, info);
}

int ladroi_net_iprobe(ladro_t *lb, ladroi_chan_t *c, int source, int tag, bool *found,
                      ladroi_msg_t *info)
{
    (void)lb;
    ladro__poll(c);
    ladro__smsg_t *prev, *m = ladro__match(c, source, tag, &prev);
    *found = m != NULL;
    if (m && info) {
        info->source = m->source;
        info->tag = m->tag;
        info->bytes = m->bytes;
    }
    return LADRO_OK;
}

int ladroi_net_progress(ladro_t *lb)
{
    /* nothing progresses behind the caller's back in a simulation: the call's cost only
     * (the MPI engine's progress is a probe) */
    ladro__poll(lb->comm);
    return LADRO_OK;
}

/* Idle waiting, as the MPI engine waits. Backing off (!spin): sleep the whole pause (a
 * sleeping process is not woken by a message), pay the wake-up cost, then look once for
 * any message that has arrived. Spinning: the rank polls, so it reacts to a message when
 * it arrives; without an event per poll, it dozes on its semaphore until the earliest
 * arrival of a message already under way to it (any channel) or the end of the pause,
 * and a send to a dozing rank releases the semaphore at once (ladro__wake): the rank
 * dozes on until that message arrives.
 *
 * Which messages end a spin: those still queued for the rank that arrived since its
 * previous wait ended — during this wait, or during the round the rank made between the
 * two (a wave's result that came while the rank was stealing must not wait for the end
 * of its next pause). A message that arrived before, and waits for a receive not yet
 * posted, ends no wait: it would end every spin at once, and a loop of spins would never
 * advance the clock. Each message ends at most one wait. One-sided operations wake
 * nobody (src/engine.h).
 *
 * Why a semaphore and not a condition variable: in SimGrid 3.32 sg_cond_wait_for takes
 * the mutex itself (a std::unique_lock around the wait) and releases it on return, unlike
 * sg_cond_wait, and a wait that times out returns without taking the mutex back (only a
 * notification re-acquires it), so the release on return fails with "Cannot release that
 * mutex: you're not the owner". A semaphore needs no mutex, counts a release that comes
 * before the acquire (no lost wake-up), and its acquire with a time-out is a plain sleep
 * when nothing comes. */

/* Sleep s seconds of simulated time (s > 0), or until a message is sent to rank r. A
 * release that comes after a time-out but before the rank runs again leaves a token: the
 * next doze then returns at once, and the caller's loop dozes again. */
static void ladro__doze(ladro_s4u_world_t *w, int r, double s)
{
    struct ladro__sidle *d = &w->idle[r];
    if (!d->sem && !(d->sem = sg_sem_init(0))) {
        ladro__sleep(s); /* no semaphore: a plain sleep, the message seen at its end */
        return;
    }
    d->dozing = true;
    sg_sem_acquire_timeout(d->sem, s < 2e-9 ? 2e-9 : s);
    d->dozing = false;
}

/* Called by every send: a rank dozing in ladroi_net_wait_msg wakes now (once per doze). */
static void ladro__wake(ladro_s4u_world_t *w, int rank)
{
    struct ladro__sidle *d = &w->idle[rank];
    if (!d->dozing)
        return;
    d->dozing = false;
    sg_sem_release(d->sem);
}

/* Did a message for this rank, on any channel, arrive since its last wait ended and is
 * still queued? *next: lowered to the earliest arrival of one still under way. */
static bool ladro__arrived(const ladroi_chan_t *c, double *next)
{
    ladro__land(c->w, c->rank);
    const struct ladro__sidle *d = &c->w->idle[c->rank];
    if (d->nheap && d->heap[0]->arrive < *next)
        *next = d->heap[0]->arrive;
    return d->fresh > 0;
}

int ladroi_net_wait_msg(ladro_t *lb, ladroi_chan_t *c, double us, bool spin, bool *arrived)
{
    (void)lb;
    struct ladro__sidle *d = &c->w->idle[c->rank];
    double end = simgrid_get_clock() + us * 1e-6, now = 0;
    bool found = false;
    ladro__idle_tick(c->w);
    if (!spin) {
        ladro__sleep(us * 1e-6);
        ladro__spend(c->w, c->w->costs.wake_s);
        ladro__poll(c);
        now = simgrid_get_clock();
        ladro__land(c->w, c->rank);
        found = c->s->landed[c->rank] > 0;
    }
    while (spin) {
        double next = end;
        now = simgrid_get_clock();
        if ((found = ladro__arrived(c, &next)) || now >= end)
            break;
        ladro__doze(c->w, c->rank, next - now);
    }
    d->since = now; /* what landed so far is no news for the next wait */
    d->epoch++;
    d->fresh = 0;
    if (arrived)
        *arrived = found;
    return LADRO_OK;
}

/* A node is a host: the ranks on this rank's host against the host's cores. */
int ladroi_net_node(ladro_t *lb, int *ranks, int *cores)
{
    ladro_s4u_world_t *w = lb->comm->w;
    sg_host_t h = w->hosts[lb->rank];
    *ranks = 0;
    for (int r = 0; r < w->size; r++)
        *ranks += w->hosts[r] == h;
    *cores = sg_host_core_count(h);
    return LADRO_OK;
}

/* ---- blocking collectives: every rank deposits, the last combines and wakes the others */
typedef void (*ladro__combine_fn)(ladro__schan_t *s, void *arg);

static int ladro__collective(ladro_t *lb, ladroi_chan_t *c, const void *mine, size_t bytes,
                             ladro__combine_fn combine, void *arg, void *out, size_t out_bytes)
{
    ladro__schan_t *s = c->s;
    unsigned char *copy = malloc(bytes ? bytes : 1);
    if (!copy)
        return ladroi_fail(lb, LADRO_ENOMEM, "collective: out of memory");
    if (bytes)
        memcpy(copy, mine, bytes);
    free(s->contrib[c->rank]);
    s->contrib[c->rank] = copy;
    s->contrib_bytes[c->rank] = bytes;
    uint64_t gen = s->gen;
    ladro_s4u_world_t *w = c->w;
    sg_mutex_lock(w->mu);
    if (++s->arrived == s->size) {
        s->arrived = 0;
        combine(s, arg);
        s->gen++;
        sg_cond_notify_all(w->cv);
    } else {
        while (s->gen == gen)
            sg_cond_wait(w->cv, w->mu);
    }
    sg_mutex_unlock(w->mu);
    int rc = LADRO_OK;
    if (out_bytes) { /* read before any simulation call: the next operation may start */
        if (!s->result || s->result_bytes < out_bytes)
            rc = ladroi_fail(lb, LADRO_ENOMEM, "collective: no result");
        else
            memcpy(out, s->result, out_bytes);
    }
    double lat = c->size > 1 ? ladro__cost(c, c->rank ? 0 : 1, 8) : 0;
    ladro__sleep(2 * ceil(log2((double)c->size)) * lat);
    return rc;
}

static void ladro__set_result(ladro__schan_t *s, size_t n)
{
    unsigned char *r = realloc(s->result, n ? n : 1);
    if (r) {
        s->result = r;
        s->result_bytes = n;
    } else {
        s->result_bytes = 0;
    }
}

static void ladro__combine_none(ladro__schan_t *s, void *arg)
{
    (void)s, (void)arg;
}

int ladroi_net_barrier(ladro_t *lb, ladroi_chan_t *c)
{
    return ladro__collective(lb, c, NULL, 0, ladro__combine_none, NULL, NULL, 0);
}

typedef struct {
    int n, op;
    bool sign;
} ladro__red_t;

static void ladro__combine_reduce(ladro__schan_t *s, void *arg)
{
    const ladro__red_t *a = arg;
    ladro__set_result(s, (size_t)a->n * 8);
    if (s->result_bytes < (size_t)a->n * 8)
        return;
    for (int k = 0; k < a->n; k++) {
        uint64_t acc = 0;
        for (int r = 0; r < s->size; r++) {
            uint64_t v;
            memcpy(&v, s->contrib[r] + 8 * (size_t)k, 8);
            bool less = a->sign ? (int64_t)v < (int64_t)acc : v < acc;
            if (r == 0)
                acc = v;
            else if (a->op == LADROI_NET_SUM)
                acc += v;
            else if (a->op == LADROI_NET_MIN ? less : !less && v != acc)
                acc = v;
        }
        memcpy(s->result + 8 * (size_t)k, &acc, 8);
    }
}

int ladroi_net_allreduce_i64(ladro_t *lb, ladroi_chan_t *c, int64_t *v, int n, int op)
{
    ladro__red_t a = {n, op, true};
    return ladro__collective(lb, c, v, 8 * (size_t)n, ladro__combine_reduce, &a, v,
                             8 * (size_t)n);
}

int ladroi_net_allreduce_u64(ladro_t *lb, ladroi_chan_t *c, uint64_t *v, int n, int op)
{
    ladro__red_t a = {n, op, false};
    return ladro__collective(lb, c, v, 8 * (size_t)n, ladro__combine_reduce, &a, v,
                             8 * (size_t)n);
}

/* Concatenation of every contribution in rank order. */
static void ladro__combine_concat(ladro__schan_t *s, void *arg)
{
    (void)arg;
    size_t n = 0;
    for (int r = 0; r < s->size; r++)
        n += s->contrib_bytes[r];
    ladro__set_result(s, n);
    if (s->result_bytes < n)
        return;
    size_t at = 0;
    for (int r = 0; r < s->size; r++) {
        if (s->contrib_bytes[r]) /* an empty contribution may be NULL */
            memcpy(s->result + at, s->contrib[r], s->contrib_bytes[r]);
        at += s->contrib_bytes[r];
    }
}

typedef struct {
    int root;
} ladro__bc_t;

static void ladro__combine_bcast(ladro__schan_t *s, void *arg)
{
    const ladro__bc_t *a = arg;
    ladro__set_result(s, s->contrib_bytes[a->root]);
    if (s->result_bytes == s->contrib_bytes[a->root])
        memcpy(s->result, s->contrib[a->root], s->result_bytes);
}

int ladroi_net_bcast(ladro_t *lb, ladroi_chan_t *c, void *buf, size_t bytes, int root)
{
    ladro__bc_t a = {root};
    return ladro__collective(lb, c, c->rank == root ? buf : NULL, c->rank == root ? bytes : 0,
                             ladro__combine_bcast, &a, buf, bytes);
}

int ladroi_net_allgather(ladro_t *lb, ladroi_chan_t *c, const void *mine, size_t bytes,
                         void *all)
{
    return ladro__collective(lb, c, mine, bytes, ladro__combine_concat, NULL, all,
                             bytes * (size_t)c->size);
}

int ladroi_net_gatherv(ladro_t *lb, ladroi_chan_t *c, const void *mine, size_t bytes, int root,
                       void **all, size_t *total)
{
    *all = NULL;
    *total = 0;
    /* the concatenation's size is only known at the end: read it at once after waking */
    ladro__schan_t *s = c->s;
    int rc = ladro__collective(lb, c, mine, bytes, ladro__combine_concat, NULL, NULL, 0);
    if (rc || c->rank != root)
        return rc;
    /* Root: the result is still the one of this operation until every rank, root
     * included, enters the next one on this channel. */
    size_t n = s->result_bytes;
    void *b = malloc(n ? n : 1);
    if (!b)
        return ladroi_fail(lb, LADRO_ENOMEM, "gather: out of memory for %zu bytes", n);
    if (n)
        memcpy(b, s->result, n);
    *all = b;
    *total = n;
    return LADRO_OK;
}

/* ---- time and threads ---------------------------------------------------------------------- */
double ladroi_net_now(void)
{
    return simgrid_get_clock();
}

bool ladroi_net_clock_global(void)
{
    return true; /* one simulated clock: a trace measures no offsets (nor perturbs the run) */
}

bool ladroi_net_probe_yields(const ladro_t *lb)
{
    (void)lb;
    return false; /* a probe costs what --poll-us says, and no actor gives up a core */
}

/* A positive sleep always advances the clock: below SimGrid's numerical accuracy (1e-9 s)
 * a sleep would be nothing, and a caller looping until a date (the speed emulation's
 * padding, a wait for a message about to arrive) would spin for ever. */
static void ladro__sleep(double s)
{
    if (s > 0)
        sg_actor_sleep_for(s < 2e-9 ? 2e-9 : s);
}

/* A fixed cost: computation on the rank's host, or a wait. */
static void ladro__spend(const ladro_s4u_world_t *w, double s)
{
    if (s > 0 && w->costs.cpu)
        sg_actor_execute(s * sg_host_get_speed(sg_host_self()));
    else
        ladro__sleep(s);
}

void ladroi_net_sleep_us(double us)
{
    if (us <= 0)
        return;
    const ladro_s4u_world_t *w = sg_host_get_data(sg_host_self());
    ladro__sleep(us * 1e-6);
    if (w)
        ladro__spend(w, w->costs.wake_s);
}

int ladroi_net_threads(ladro_t *lb, bool *multiple)
{
    (void)lb;
    *multiple = true; /* a thread is an actor on the rank's host, as a worker is */
    return LADRO_OK;
}

/* A rank's worker threads are actors on its host (ladroi_net_thread_start). */
int ladroi_net_workers_ok(int workers, char *err, size_t errlen)
{
    (void)workers;
    (void)err;
    (void)errlen;
    return LADRO_OK;
}

size_t ladro_s4u_counters(const ladro_t *lb)
{
    return lb->policy->ncounters;
}

void ladro_s4u_counter(const ladro_t *lb, size_t i, const char **name, bool *max)
{
    *name = lb->policy->counters[i].name;
    *max = lb->policy->counters[i].gather == LADROI_MAX;
}

/* ---- the threads of a rank: actors ------------------------------------------------------
 * A worker thread is an actor on the host of its rank's actor; the rank's actor is the
 * communication thread. Actors run one at a time and switch only in simulation calls, and
 * src/threads.c makes none while it holds a lock but to wake a waiter (a semaphore's
 * release, after the shared state is written) or to wait: so a lock needs no simulation
 * object, and the atomics of the workers' deques need nothing more. A condition keeps its
 * waiters in a list, each dozing on its actor's own semaphore with the time-out; a waiter
 * registers before any simulation call, so a signal is never lost. */
struct ladroi_mutex {
    int held; /* debug: lock and unlock pair up */
};

typedef struct ladro__swaiter {
    struct ladro__swaiter *next;
    sg_sem_t sem;
} ladro__swaiter_t;

struct ladroi_cond {
    ladro__swaiter_t *head;
};

typedef struct ladro__sthread {
    ladro_s4u_world_t *w;
    sg_actor_t actor;
    aid_t pid;
    void (*fn)(void *);
    void *arg;
} ladro__sthread_t;

ladroi_mutex_t *ladroi_net_mutex_new(void)
{
    return calloc(1, sizeof(ladroi_mutex_t));
}

void ladroi_net_mutex_free(ladroi_mutex_t *m)
{
    free(m);
}

void ladroi_net_mutex_lock(ladroi_mutex_t *m)
{
    m->held++;
}

void ladroi_net_mutex_unlock(ladroi_mutex_t *m)
{
    m->held--;
}

ladroi_cond_t *ladroi_net_cond_new(void)
{
    return calloc(1, sizeof(ladroi_cond_t));
}

void ladroi_net_cond_free(ladroi_cond_t *c)
{
    free(c); /* nobody waits: the threads were joined */
}

void ladroi_net_cond_signal(ladroi_cond_t *c)
{
    ladro__swaiter_t *v = c->head;
    if (v) {
        c->head = v->next;
        sg_sem_release(v->sem);
    }
}

void ladroi_net_cond_broadcast(ladroi_cond_t *c)
{
    ladro__swaiter_t *v = c->head;
    c->head = NULL; /* every waiter off the list before the first release lets one run */
    while (v) {
        ladro__swaiter_t *n = v->next;
        sg_sem_release(v->sem);
        v = n;
    }
}

/* The calling actor's semaphore (created at its first need: ladroi_net_thread_start
 * creates the starter's and the worker's before either waits). */
static sg_sem_t ladro__self_sem(ladro_s4u_world_t *w, aid_t pid)
{
    if (pid < 0)
        return NULL;
    if ((size_t)pid >= w->nsems) {
        size_t n = w->nsems ? w->nsems : 64;
        while (n <= (size_t)pid)
            n *= 2;
        sg_sem_t *g = realloc(w->sems, n * sizeof *g);
        if (!g)
            return NULL;
        memset(g + w->nsems, 0, (n - w->nsems) * sizeof *g);
        w->sems = g;
        w->nsems = n;
    }
    if (!w->sems[pid])
        w->sems[pid] = sg_sem_init(0);
    return w->sems[pid];
}

void ladroi_net_cond_wait(ladroi_cond_t *c, ladroi_mutex_t *m, double secs)
{
    (void)m;
    ladro_s4u_world_t *w = sg_host_get_data(sg_host_self());
    ladro__swaiter_t me = {.next = NULL, .sem = w ? ladro__self_sem(w, sg_actor_self_get_pid())
                                                  : NULL};
    if (!me.sem) { /* out of memory: a sleep, then the caller looks again */
        ladro__sleep(secs);
        return;
    }
    ladro__swaiter_t **at = &c->head; /* at the end: signals wake in arrival order */
    while (*at)
        at = &(*at)->next;
    *at = &me;
    sg_sem_acquire_timeout(me.sem, secs < 2e-9 ? 2e-9 : secs);
    for (at = &c->head; *at; at = &(*at)->next) /* timed out: still listed */
        if (*at == &me) {
            *at = me.next;
            break;
        }
    /* a release that came with the time-out leaves a token: the next wait returns at
     * once, a spurious wake-up its caller allows */
}

static ladro__sthread_t *ladro__sthread_self(void)
{
    const sg_host_t h = sg_host_self();
    ladro_s4u_world_t *w = h ? sg_host_get_data(h) : NULL;
    aid_t pid = sg_actor_self_get_pid();
    if (!w || pid < 0 || (size_t)pid >= w->nstarted)
        return NULL;
    return w->started[pid];
}

static void ladro__sthread_main(int argc, char **argv)
{
    (void)argc;
    (void)argv;
    ladro__sthread_t *s = ladro__sthread_self();
    if (s)
        s->fn(s->arg);
}

int ladroi_net_thread_start(ladro_t *lb, int index, void (*fn)(void *), void *arg,
                            ladroi_handle_t *t)
{
    ladro_s4u_world_t *w = lb->comm->w;
    ladro__sthread_t *s = calloc(1, sizeof *s);
    if (!s || !ladro__self_sem(w, sg_actor_self_get_pid())) {
        free(s);
        return LADRO_ENOMEM;
    }
    char name[48];
    snprintf(name, sizeof name, "rank%d.worker%d", lb->rank, index);
    s->w = w;
    s->fn = fn;
    s->arg = arg;
    s->actor = sg_actor_init(name, w->hosts[lb->rank]);
    s->pid = sg_actor_get_pid(s->actor);
    if ((size_t)s->pid >= w->nstarted) {
        size_t n = w->nstarted ? w->nstarted : 64;
        while (n <= (size_t)s->pid)
            n *= 2;
        ladro__sthread_t **g = realloc(w->started, n * sizeof *g);
        if (!g) { /* the actor was never started: SimGrid forgets it */
            free(s);
            return LADRO_ENOMEM;
        }
        memset(g + w->nstarted, 0, (n - w->nstarted) * sizeof *g);
        w->started = g;
        w->nstarted = n;
    }
    if (!ladro__self_sem(w, s->pid)) {
        free(s);
        return LADRO_ENOMEM;
    }
    w->started[s->pid] = s;
    sg_actor_ref(s->actor); /* joinable after its end */
    sg_actor_start_(s->actor, ladro__sthread_main, 0, NULL);
    t->p = s;
    return LADRO_OK;
}

void ladroi_net_thread_join(ladroi_handle_t *t)
{
    ladro__sthread_t *s = t->p;
    if (!s)
        return;
    sg_actor_join(s->actor, -1);
    s->w->started[s->pid] = NULL;
    sg_actor_unref(s->actor);
    free(s);
    t->p = NULL;
}

void *ladroi_net_thread_arg(void)
{
    ladro__sthread_t *s = ladro__sthread_self();
    return s ? s->arg : NULL;
}
