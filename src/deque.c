/* The Chase-Lev work-stealing deque of src/deque.h. Indices grow without bound (64-bit:
 * no wrap in practice); slot i lives at i mod cap of the current buffer.
 *
 * Why a thief's copy is right when its compare-and-swap on top succeeds: it read slot t
 * after seeing bottom > t, so the owner's stores of that record (made before it
 * published bottom) are visible; the owner rewrites slot t mod cap only when it pushes
 * index t + cap, and its push grows the buffer instead while it sees top == t (it reads
 * top before writing, and top cannot pass t without the thief's CAS failing). A thief
 * that read a retired buffer read a copy of the same record: growing copies [top,
 * bottom) and never writes the old buffer again; a record pushed after the growth was
 * published after the new buffer, so a thief that saw it reads the new buffer. */
#include "deque.h"

#include <stdbool.h>
#include <stdlib.h>

static ladroi_dq_buf_t *ladro__dq_alloc(size_t cap, size_t words)
{
    ladroi_dq_buf_t *b = malloc(sizeof *b + cap * words * sizeof(uint64_t));
    if (!b)
        return NULL;
    b->cap = cap;
    b->prev = NULL;
    for (size_t i = 0; i < cap * words; i++)
        atomic_init(&b->w[i], 0);
    return b;
}

int ladroi_dq_init(ladroi_deque_t *d, size_t rec_bytes, size_t cap)
{
    size_t c = 2;
    while (c < cap)
        c *= 2;
    d->words = rec_bytes / sizeof(uint64_t);
    atomic_init(&d->top, 0);
    atomic_init(&d->bottom, 0);
    ladroi_dq_buf_t *b = ladro__dq_alloc(c, d->words);
    atomic_init(&d->buf, b);
    return b ? 0 : -1;
}

void ladroi_dq_fini(ladroi_deque_t *d)
{
    ladroi_dq_buf_t *b = atomic_load(&d->buf);
    while (b) {
        ladroi_dq_buf_t *p = b->prev;
        free(b);
        b = p;
    }
    atomic_store(&d->buf, NULL);
}

static void ladro__dq_put(ladroi_dq_buf_t *b, size_t words, int64_t i, const uint64_t *src)
{
    _Atomic uint64_t *s = &b->w[((size_t)i & (b->cap - 1)) * words];
    for (size_t k = 0; k < words; k++)
        atomic_store_explicit(&s[k], src[k], memory_order_relaxed);
}

static void ladro__dq_get(ladroi_dq_buf_t *b, size_t words, int64_t i, uint64_t *dst)
{
    _Atomic uint64_t *s = &b->w[((size_t)i & (b->cap - 1)) * words];
    for (size_t k = 0; k < words; k++)
        dst[k] = atomic_load_explicit(&s[k], memory_order_relaxed);
}

int ladroi_dq_push(ladroi_deque_t *d, const void *rec)
{
    int64_t b = atomic_load_explicit(&d->bottom, memory_order_relaxed); /* own word */
    int64_t t = atomic_load(&d->top);
    ladroi_dq_buf_t *a = atomic_load_explicit(&d->buf, memory_order_relaxed);
    if (b - t >= (int64_t)a->cap) { /* full: a buffer twice as large, [t, b) copied */
        ladroi_dq_buf_t *n = ladro__dq_alloc(2 * a->cap, d->words);
        if (!n)
            return -1;
        uint64_t *tmp = malloc(d->words * sizeof *tmp);
        if (!tmp) {
            free(n);
            return -1;
        }
        for (int64_t i = t; i < b; i++) {
            ladro__dq_get(a, d->words, i, tmp);
            ladro__dq_put(n, d->words, i, tmp);
        }
        free(tmp);
        n->prev = a;
        atomic_store(&d->buf, n);
        a = n;
    }
    /* rec is 8-byte aligned (records are padded to 8 bytes and allocated by malloc) */
    ladro__dq_put(a, d->words, b, rec);
    atomic_store(&d->bottom, b + 1); /* publishes the record to thieves */
    return 0;
}

int ladroi_dq_take(ladroi_deque_t *d, void *rec)
{
    int64_t b = atomic_load_explicit(&d->bottom, memory_order_relaxed) - 1;
    ladroi_dq_buf_t *a = atomic_load_explicit(&d->buf, memory_order_relaxed);
    atomic_store(&d->bottom, b); /* claim slot b before looking at top */
    int64_t t = atomic_load(&d->top);
    if (t > b) { /* empty */
        atomic_store(&d->bottom, b + 1);
        return LADROI_DQ_EMPTY;
    }
    ladro__dq_get(a, d->words, b, rec);
    if (t < b)
        return LADROI_DQ_GOT; /* more than one left: no thief can reach slot b */
    /* The last record: thieves may race for it; top decides. */
    int64_t exp = t;
    bool won = atomic_compare_exchange_strong(&d->top, &exp, t + 1);
    atomic_store(&d->bottom, b + 1);
    return won ? LADROI_DQ_GOT : LADROI_DQ_EMPTY;
}

int ladroi_dq_steal(ladroi_deque_t *d, void *rec)
{
    int64_t t = atomic_load(&d->top);
    int64_t b = atomic_load(&d->bottom);
    if (t >= b)
        return LADROI_DQ_EMPTY;
    ladroi_dq_buf_t *a = atomic_load(&d->buf);
    ladro__dq_get(a, d->words, t, rec);
    int64_t exp = t;
    if (!atomic_compare_exchange_strong(&d->top, &exp, t + 1))
        return LADROI_DQ_LOST;
    return LADROI_DQ_GOT;
}

size_t ladroi_dq_size(ladroi_deque_t *d)
{
    int64_t t = atomic_load(&d->top);
    int64_t b = atomic_load(&d->bottom);
    return b > t ? (size_t)(b - t) : 0;
}
