/* ladro-nqueens's per-rank search: nqueens_search.h. */
#include "nqueens_search.h"

#include <stdio.h>
#include <string.h>

int nq_config(ladro_config_t *cfg, char *err, size_t errlen)
{
    char num[32];
    snprintf(num, sizeof num, "%zu", sizeof(nq_state_t));
    return ladro_config_set(cfg, "task_bytes", num, err, errlen);
}

void nq_worker_init(nq_worker_t *w, ladro_t *lb, int n, int cutoff, int nthreads, int index)
{
    *w = (nq_worker_t){.lb = lb, .n = n, .cutoff = cutoff < n ? cutoff : n,
                       .nthreads = nthreads, .index = index};
}

static int nq__push(nq_worker_t *w, nq_state_t *s)
{
    /* ids unique over the rank's workers */
    ladro_task_t t = {.id = w->spawned++ * (uint64_t)w->nthreads + (uint64_t)w->index,
                      .payload = s};
    return ladro_push(w->lb, &t);
}

int nq_seed_root(nq_worker_t *w)
{
    nq_state_t root = {0, 0, 0, 0};
    return nq__push(w, &root);
}

/* The placements visited since the last charge, to the hook. */
static void nq__charge(nq_worker_t *w)
{
    w->charge(w->charge_ctx, w->nodes - w->charged);
    w->charged = w->nodes;
}

/* nq_count's poll: w->nodes is up to date there */
static int nq__poll(void *arg)
{
    nq_worker_t *w = arg;
    if (w->charge)
        nq__charge(w);
    int rc = ladro_progress(w->lb);
    return rc < 0 ? rc : 0;
}

static int nq__task(nq_worker_t *w, const nq_state_t *s)
{
    if ((int)s->depth >= w->n) {
        w->count++;
        return 0;
    }
    if ((int)s->depth < w->cutoff) {
        for (uint32_t f = nq_free(w->n, s); f;) {
            uint32_t bit = f & (0u - f);
            f ^= bit;
            nq_state_t ch = nq_place(w->n, s, bit);
            int rc = nq__push(w, &ch);
            if (rc)
                return rc;
        }
        w->nodes++;
        return 0;
    }
    int prc = 0;
    w->count += nq_count(w->n, s, &w->nodes, nq__poll, w, &prc);
    return prc;
}

int nq_run_task(nq_worker_t *w, const ladro_task_t *task)
{
    nq_state_t s;
    memcpy(&s, task->payload, sizeof s);
    w->tasks++;
    w->task_sum += nq_task_hash(&s);
    int rc = nq__task(w, &s);
    if (w->charge)
        nq__charge(w);
    return rc;
}
