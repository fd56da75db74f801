/* Indexed binary heap keyed by (time, seq); see engine.h. */
#include "engine.h"

#include <stdlib.h>

static inline int ladro__less(const ladro_sim_ev_t *x, const ladro_sim_ev_t *y)
{
    return x->t < y->t || (x->t == y->t && x->seq < y->seq);
}

int ladro_sim_heap_init(ladro_sim_heap_t *q, int32_t nhandles)
{
    q->a = malloc((size_t)(nhandles > 0 ? nhandles : 1) * sizeof *q->a);
    q->pos = malloc((size_t)(nhandles > 0 ? nhandles : 1) * sizeof *q->pos);
    if (!q->a || !q->pos) {
        free(q->a);
        free(q->pos);
        q->a = NULL;
        q->pos = NULL;
        return -1;
    }
    q->nh = nhandles;
    q->n = 0;
    for (int32_t i = 0; i < nhandles; i++)
        q->pos[i] = -1;
    q->seq = 0;
    q->pops = 0;
    return 0;
}

void ladro_sim_heap_free(ladro_sim_heap_t *q)
{
    free(q->a);
    free(q->pos);
    q->a = NULL;
    q->pos = NULL;
    q->n = q->nh = 0;
}

void ladro_sim_heap_clear(ladro_sim_heap_t *q)
{
    for (int32_t i = 0; i < q->n; i++)
        q->pos[q->a[i].h] = -1;
    q->n = 0;
    q->seq = 0;
    q->pops = 0;
}

/* Every move of an event keeps pos (handle -> slot) in step. */
static void ladro__put(ladro_sim_heap_t *q, int32_t i, ladro_sim_ev_t e)
{
    q->a[i] = e;
    q->pos[e.h] = i;
}

static void ladro__up(ladro_sim_heap_t *q, int32_t i)
{
    ladro_sim_ev_t e = q->a[i];
    while (i > 0) {
        int32_t parent = (i - 1) >> 1;
        if (!ladro__less(&e, &q->a[parent]))
            break;
        ladro__put(q, i, q->a[parent]);
        i = parent;
    }
    ladro__put(q, i, e);
}

static void ladro__down(ladro_sim_heap_t *q, int32_t i)
{
    ladro_sim_ev_t e = q->a[i];
    int32_t n = q->n;
    for (;;) {
        int32_t c = 2 * i + 1;
        if (c >= n)
            break;
        if (c + 1 < n && ladro__less(&q->a[c + 1], &q->a[c]))
            c++;
        if (!ladro__less(&q->a[c], &e))
            break;
        ladro__put(q, i, q->a[c]);
        i = c;
    }
    ladro__put(q, i, e);
}

void ladro_sim_heap_schedule(ladro_sim_heap_t *q, int32_t h, int64_t t)
{
    int32_t i = q->pos[h];
    ladro_sim_ev_t e = {t, q->seq++, h};
    if (i < 0) {
        i = q->n++;
        q->a[i] = e;
        ladro__up(q, i);
        return;
    }
    /* moved: the new key is larger than the old one iff the time grew or stayed
     * (the new seq is always larger) */
    int grew = t >= q->a[i].t;
    q->a[i] = e;
    if (grew)
        ladro__down(q, i);
    else
        ladro__up(q, i);
}

static void ladro__remove_at(ladro_sim_heap_t *q, int32_t i)
{
    q->pos[q->a[i].h] = -1;
    int32_t last = --q->n;
    if (i == last)
        return;
    ladro_sim_ev_t moved = q->a[last];
    int go_up = ladro__less(&moved, &q->a[i]);
    ladro__put(q, i, moved);
    if (go_up)
        ladro__up(q, i);
    else
        ladro__down(q, i);
}

void ladro_sim_heap_cancel(ladro_sim_heap_t *q, int32_t h)
{
    if (h >= 0 && h < q->nh && q->pos[h] >= 0)
        ladro__remove_at(q, q->pos[h]);
}

int32_t ladro_sim_heap_pop(ladro_sim_heap_t *q, int64_t *t)
{
    if (q->n == 0)
        return -1;
    ladro_sim_ev_t top = q->a[0];
    ladro__remove_at(q, 0);
    q->pops++;
    if (t)
        *t = top.t;
    return top.h;
}
