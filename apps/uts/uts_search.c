/* ladro-uts's per-rank search: uts_search.h. */
#include "uts_search.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

size_t uts_task_bytes(const uts_params_t *p)
{
    return (size_t)UTS_PAYLOAD_HDR + (size_t)p->chunk * sizeof(uts_node_t);
}

int uts_config(ladro_config_t *cfg, const uts_params_t *p, unsigned keep, char *err,
               size_t errlen)
{
    char num[32];
    int rc = 0;
    if (keep) {
        snprintf(num, sizeof num, "%u", keep);
        rc = ladro_config_set(cfg, "chunk", num, err, errlen);
    }
    if (rc == 0) {
        snprintf(num, sizeof num, "%zu", uts_task_bytes(p));
        rc = ladro_config_set(cfg, "task_bytes", num, err, errlen);
    }
    return rc;
}

int uts_worker_init(uts_worker_t *w, ladro_t *lb, const uts_tree_t *tree, size_t task_bytes,
                    int nthreads, int index)
{
    memset(w, 0, sizeof *w);
    w->lb = lb;
    w->tree = tree;
    w->nthreads = nthreads;
    w->index = index;
    w->cap = 4 * (size_t)tree->p.chunk + 256;
    w->st = malloc(w->cap * sizeof *w->st);
    w->payload = calloc(1, task_bytes);
    w->fixed = ladro_config(lb)->journal[0] != '\0';
    return w->st && w->payload ? 0 : LADRO_ENOMEM;
}

void uts_worker_free(uts_worker_t *w)
{
    free(w->st);
    free(w->payload);
    w->st = NULL;
    w->payload = NULL;
}

static int uts__reserve(uts_worker_t *w, size_t more)
{
    if (w->n + more <= w->cap)
        return 0;
    if (w->base > 0) { /* slide the live part down before growing */
        memmove(w->st, w->st + w->base, (w->n - w->base) * sizeof *w->st);
        w->n -= w->base;
        w->base = 0;
        if (w->n + more <= w->cap)
            return 0;
    }
    size_t ncap = 2 * w->cap + more;
    uts_node_t *g = realloc(w->st, ncap * sizeof *g);
    if (!g)
        return -1;
    w->st = g;
    w->cap = ncap;
    return 0;
}

/* splitmix64's finaliser */
static uint64_t uts__mix(uint64_t z)
{
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

/* Hand the `k` oldest nodes of the stack to ladro as one task. */
static int uts__release(uts_worker_t *w, size_t k)
{
    uint32_t cnt = (uint32_t)k;
    memcpy(w->payload, &cnt, sizeof cnt);
    memcpy(w->payload + UTS_PAYLOAD_HDR, w->st + w->base, k * sizeof *w->st);
    /* The id: a hash of (the releasing task's id, its how-many-th release). A task
     * releases the same chunks in the same order whichever run executes it, so ids are
     * the same from run to run, as a journal needs (docs/user-guide.md, "Restarting a
     * run"); 64-bit hashes of distinct pairs collide with odds ~ tasks^2 / 2^65. */
    uint64_t id = uts__mix(w->cur_id * 0x9E3779B97F4A7C15ull + ++w->cur_rel);
    w->base += k;
    w->released++;
    ladro_task_t t = {.id = id, .payload = w->payload};
    return ladro_push(w->lb, &t);
}

int uts_seed_root(uts_worker_t *w)
{
    w->st[0].depth = 0;
    uts_root(w->tree, &w->st[0]);
    w->base = 0;
    w->cur_id = 0;
    w->cur_rel = 0;
    return uts__release(w, 1);
}

/* The nodes expanded since the last charge, to the hook (done: w->c holds this task's). */
static void uts__charge(uts_worker_t *w, uint64_t done)
{
    uint64_t total = w->c.nodes + done;
    w->charge(w->charge_ctx, total - w->charged);
    w->charged = total;
}

int uts_run_task(uts_worker_t *w, const ladro_task_t *task)
{
    const uts_tree_t *t = w->tree;
    const size_t chunk = (size_t)t->p.chunk;
    const unsigned poll = (unsigned)t->p.poll;
    uint32_t cnt;
    memcpy(&cnt, task->payload, sizeof cnt);
    w->cur_id = task->id;
    w->cur_rel = 0;
    w->base = w->n = 0;
    if (uts__reserve(w, cnt))
        return LADRO_ENOMEM;
    memcpy(w->st, (const unsigned char *)task->payload + UTS_PAYLOAD_HDR,
           cnt * sizeof *w->st);
    w->n = cnt;
    uts_counts_t k = {0, 0, w->c.max_depth};
    int rc = 0;
    /* The loop keeps few values live across the node's calls (SHA-1, log), each of which
     * would otherwise be reloaded at every node: the stack as pointers [lo, top) below
     * end, the node count k.nodes at which to poll next (no second counter), and one
     * bound `rel` above which the stack releases a chunk: lo + 2 chunk when a chunk is
     * wanted (ladro_hungry, asked again at every poll and after every release, or always
     * under a journal: w->fixed), else end, which top never passes. */
    uts_node_t *lo = w->st, *top = w->st + w->n, *end = w->st + w->cap, *rel;
    uint64_t poll_at = poll - (w->since_poll < poll ? w->since_poll : 0);
#define UTS__REL() (rel = (w->fixed || ladro_hungry(w->lb)) && (size_t)(end - lo) > 2 * chunk \
                              ? lo + 2 * chunk : end)
    UTS__REL();
    while (top > lo) {
        uts_node_t v = *--top;
        int nc = uts_visit(t, &v, &k);
        if (nc > 0) {
            if (nc > end - top) { /* grow (slides the live part down first) */
                w->n = (size_t)(top - w->st);
                w->base = (size_t)(lo - w->st);
                if (uts__reserve(w, (size_t)nc)) {
                    rc = LADRO_ENOMEM;
                    break;
                }
                lo = w->st + w->base;
                top = w->st + w->n;
                end = w->st + w->cap;
                UTS__REL();
            }
            uts_children(t, &v, top, nc);
            top += nc;
            if (top > rel) { /* the c oldest nodes go out as a task (one per node) */
                w->n = (size_t)(top - w->st);
                w->base = (size_t)(lo - w->st);
                if ((rc = uts__release(w, chunk)) != 0)
                    break;
                lo += chunk;
                UTS__REL();
            }
        }
        if (k.nodes == poll_at) {
            poll_at += poll;
            w->polls++;
            if (w->charge)
                uts__charge(w, k.nodes);
            if ((rc = ladro_progress(w->lb)) != 0)
                break;
            UTS__REL();
        }
    }
#undef UTS__REL
    w->n = (size_t)(top - w->st);
    w->base = (size_t)(lo - w->st);
    w->since_poll = (unsigned)(poll - (poll_at - k.nodes));
    w->c.nodes += k.nodes;
    w->c.leaves += k.leaves;
    w->c.max_depth = k.max_depth;
    w->tasks++;
    if (rc == 0 && ladro_config(w->lb)->result_bytes == sizeof k) /* a journal: the counts */
        rc = ladro_result(w->lb, &k);                              /* travel as the result */
    if (w->charge)
        uts__charge(w, 0);
    return rc;
}
