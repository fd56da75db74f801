/* A work-stealing deque of fixed-size task records between the worker threads of one
 * rank (src/threads.c): the owner pushes and takes at the bottom, any other thread steals
 * at the top. The Chase-Lev deque (D. Chase, Y. Lev, "Dynamic circular work-stealing
 * deque", SPAA 2005) with every access to top and bottom sequentially consistent, the
 * setting in which N. M. Lê, A. Pop, A. Cohen, F. Zappa Nardelli, "Correct and efficient
 * work-stealing for weak memory models", PPoPP 2013, prove it; tests/model/deque.pml
 * model-checks the protocol (docs/architecture.md, "Threads inside a rank").
 *
 * Records are copied in and out word by word with atomic loads and stores: a thief may
 * read a slot the owner is rewriting (it then loses its compare-and-swap and discards
 * what it read), which must not be a data race. Pure C11, no MPI, no handle. */
#ifndef LADRO_DEQUE_H
#define LADRO_DEQUE_H

#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>

typedef struct ladroi_dq_buf {
    size_t cap;                 /* records, a power of two */
    struct ladroi_dq_buf *prev; /* the buffer it replaced: kept until fini, because a
                                   thief may still be reading it */
    _Atomic uint64_t w[];       /* cap * words */
} ladroi_dq_buf_t;

typedef struct ladroi_deque {
    _Atomic int64_t top; /* next index a thief takes */
    char pad_[64 - sizeof(int64_t)]; /* thieves' word and owner's word on their own lines */
    _Atomic int64_t bottom; /* next index the owner pushes */
    _Atomic(ladroi_dq_buf_t *) buf;
    size_t words; /* per record */
} ladroi_deque_t;

enum { LADROI_DQ_EMPTY = 0, LADROI_DQ_GOT = 1, LADROI_DQ_LOST = 2 };

/* rec_bytes: a multiple of 8; cap: initial records (rounded up to a power of two). 0 or
 * -1 (out of memory). */
int ladroi_dq_init(ladroi_deque_t *d, size_t rec_bytes, size_t cap);
void ladroi_dq_fini(ladroi_deque_t *d);
/* Owner only. 0, or -1 when the buffer had to grow and memory ran out. */
int ladroi_dq_push(ladroi_deque_t *d, const void *rec);
/* Owner only: the newest record. LADROI_DQ_GOT or LADROI_DQ_EMPTY. */
int ladroi_dq_take(ladroi_deque_t *d, void *rec);
/* Any thread but the owner: the oldest record. LADROI_DQ_GOT, LADROI_DQ_EMPTY, or
 * LADROI_DQ_LOST when another thread took that record first (try again). */
int ladroi_dq_steal(ladroi_deque_t *d, void *rec);
/* Records in the deque at some instant of the call (any thread). */
size_t ladroi_dq_size(ladroi_deque_t *d);

#endif
