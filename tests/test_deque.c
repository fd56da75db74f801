/* The worker threads' deque (src/deque.c) with real threads: one owner pushes records of
 * 3 words (id, ~id, id * 7) in bursts from a small initial buffer (so it grows while
 * thieves read), and takes some back; three thieves steal until every id was taken. Each
 * id must be taken exactly once, and whole: a torn record shows up as a bad check word.
 * No MPI. Run under ThreadSanitizer by make check-tsan. Usage: test_deque [N] */
#define _POSIX_C_SOURCE 200809L
#include "check.h"
#include "deque.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>

enum { THIEVES = 3 };

typedef struct shared {
    ladroi_deque_t dq;
    uint64_t n;
    atomic_uint_fast64_t taken; /* records taken by anyone */
    _Atomic uint8_t *count;     /* per id */
    atomic_uint_fast64_t torn;
} shared_t;

static void take_one(shared_t *s, const uint64_t rec[3])
{
    if (rec[0] >= s->n || rec[1] != ~rec[0] || rec[2] != rec[0] * 7) {
        atomic_fetch_add(&s->torn, 1);
        return;
    }
    atomic_fetch_add(&s->count[rec[0]], 1);
    atomic_fetch_add(&s->taken, 1);
}

static void *thief(void *arg)
{
    shared_t *s = arg;
    uint64_t rec[3];
    while (atomic_load(&s->taken) < s->n)
        if (ladroi_dq_steal(&s->dq, rec) == LADROI_DQ_GOT)
            take_one(s, rec);
    return NULL;
}

int main(int argc, char **argv)
{
    shared_t s = {.n = argc > 1 ? strtoull(argv[1], NULL, 10) : 200000};
    CHECK_EQ(ladroi_dq_init(&s.dq, 3 * sizeof(uint64_t), 2), 0);
    s.count = calloc(s.n, sizeof *s.count);
    atomic_init(&s.taken, 0);
    atomic_init(&s.torn, 0);
    pthread_t t[THIEVES];
    for (int i = 0; i < THIEVES; i++)
        pthread_create(&t[i], NULL, thief, &s);
    uint64_t rec[3], id = 0, burst = 1;
    while (id < s.n) {
        for (uint64_t k = 0; k < burst && id < s.n; k++, id++) {
            uint64_t r[3] = {id, ~id, id * 7};
            CHECK_EQ(ladroi_dq_push(&s.dq, r), 0);
        }
        burst = burst * 3 % 1000 + 1; /* bursts of varying size: growth and empties */
        for (uint64_t k = 0; k < burst / 2; k++)
            if (ladroi_dq_take(&s.dq, rec) == LADROI_DQ_GOT)
                take_one(&s, rec);
    }
    while (ladroi_dq_take(&s.dq, rec) == LADROI_DQ_GOT)
        take_one(&s, rec);
    for (int i = 0; i < THIEVES; i++)
        pthread_join(t[i], NULL);
    uint64_t bad = 0;
    for (uint64_t i = 0; i < s.n; i++)
        bad += atomic_load(&s.count[i]) != 1;
    CHECK_EQ(atomic_load(&s.torn), 0);
    CHECK_EQ(bad, 0);
    CHECK_EQ(atomic_load(&s.taken), s.n);
    CHECK_EQ(ladroi_dq_size(&s.dq), 0);
    ladroi_dq_fini(&s.dq);
    free((void *)s.count);
    printf("test_deque: %llu records, 1 owner + %d thieves: %d checks, %d failed\n",
           (unsigned long long)s.n, THIEVES, check_count, check_failures);
    return check_failures ? 1 : 0;
}
