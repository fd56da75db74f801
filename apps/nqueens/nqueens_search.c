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

/* splitmix64's finaliser */
static uint64_t nq__mix(uint64_t z)
{
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

static int nq__push(nq_worker_t *w, nq_state_t *s)
{
    /* id: a hash of (the parent's id, its how-many-th child): unique (odds of a 64-bit
     * collision ~ tasks^2 / 2^65) and the same whichever run executes the parent, as a
     * journal needs (docs/user-guide.md, "Restarting a run") */
    w->spawned++;
    ladro_task_t t = {.id = nq__mix(w->cur_id * 0x9E3779B97F4A7C15ull + ++w->cur_rel),
                      .payload = s};
    return ladro_push(w->lb, &t);
}

int nq_seed_root(nq_worker_t *w)
{
    nq_state_t root = {0, 0, 0, 0};
    w->cur_id = 0;
    w->cur_rel = 0;
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
    w->cur_id = task->id;
    w->cur_rel = 0;
    uint64_t count0 = w->count, nodes0 = w->nodes;
    int rc = nq__task(w, &s);
    if (rc == 0 && ladro_config(w->lb)->result_bytes == 2 * sizeof(uint64_t)) {
        /* a journal: the counts travel as the task's result (nqueens_main.c sums them) */
        uint64_t r[2] = {w->count - count0, w->nodes - nodes0};
        rc = ladro_result(w->lb, r);
    }
    if (w->charge)
        nq__charge(w);
    return rc;
}
