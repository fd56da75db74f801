/* Event engine: ordering by (time, scheduling order), reschedule/cancel, and a randomized
 * comparison against a sorted reference (every pop must be the smallest pending key). */
#include "../engine.h"
#include "../../tests/check.h"

#include <stdlib.h>

/* Ties pop in scheduling order. */
static void ladro__ties(ladro_sim_heap_t *q)
{
    int64_t t;
    ladro_sim_heap_schedule(q, 5, 10);
    ladro_sim_heap_schedule(q, 2, 10);
    ladro_sim_heap_schedule(q, 7, 3);
    ladro_sim_heap_schedule(q, 1, 10);
    CHECK_EQ(ladro_sim_heap_size(q), 4);
    CHECK_EQ(ladro_sim_heap_pop(q, &t), 7);
    CHECK_EQ(t, 3);
    CHECK_EQ(ladro_sim_heap_pop(q, &t), 5);
    CHECK_EQ(ladro_sim_heap_pop(q, &t), 2);
    CHECK_EQ(ladro_sim_heap_pop(q, &t), 1);
    CHECK_EQ(t, 10);
    CHECK_EQ(ladro_sim_heap_pop(q, &t), -1);
}

/* Rescheduling moves the handle (earlier and later) and takes a new sequence number. */
static void ladro__reschedule(ladro_sim_heap_t *q)
{
    int64_t t;
    ladro_sim_heap_schedule(q, 0, 50);
    ladro_sim_heap_schedule(q, 1, 40);
    ladro_sim_heap_schedule(q, 2, 40);
    ladro_sim_heap_schedule(q, 0, 20); /* earlier */
    ladro_sim_heap_schedule(q, 1, 40); /* same time: now after 2 */
    ladro_sim_heap_schedule(q, 3, 60);
    ladro_sim_heap_schedule(q, 3, 5); /* much earlier */
    ladro_sim_heap_cancel(q, 2);
    ladro_sim_heap_cancel(q, 2); /* harmless twice */
    CHECK(!ladro_sim_heap_pending(q, 2));
    CHECK_EQ(ladro_sim_heap_size(q), 3);
    CHECK_EQ(ladro_sim_heap_pop(q, &t), 3);
    CHECK_EQ(t, 5);
    CHECK_EQ(ladro_sim_heap_pop(q, &t), 0);
    CHECK_EQ(t, 20);
    CHECK_EQ(ladro_sim_heap_pop(q, &t), 1);
    CHECK_EQ(t, 40);
}

/* Randomized: 200 handles, 100000 operations, every pop checked against a linear scan of
 * a shadow table (time, seq); returns the number of mismatches. */
static long ladro__randomized(ladro_sim_heap_t *q)
{
    enum { N = 200 };
    int64_t st[N];
    uint64_t sq[N];
    int pend[N] = {0};
    uint64_t seq = 0;
    ladroi_rng_t r;
    ladroi_rng_seed(&r, 42, 0);
    int64_t t;
    long bad = 0;
    for (int it = 0; it < 100000; it++) {
        int op = (int)ladroi_rng_below(&r, 10);
        int h = (int)ladroi_rng_below(&r, N);
        if (op < 6) {
            int64_t when = (int64_t)ladroi_rng_below(&r, 50); /* many ties */
            ladro_sim_heap_schedule(q, h, when);
            st[h] = when;
            sq[h] = seq++;
            pend[h] = 1;
        } else if (op < 7) {
            ladro_sim_heap_cancel(q, h);
            pend[h] = 0;
        } else {
            int best = -1;
            for (int i = 0; i < N; i++)
                if (pend[i] && (best < 0 || st[i] < st[best] ||
                                (st[i] == st[best] && sq[i] < sq[best])))
                    best = i;
            int got = ladro_sim_heap_pop(q, &t);
            if (got != best || (best >= 0 && t != st[best]))
                bad++;
            if (best >= 0)
                pend[best] = 0;
        }
        int n = 0;
        for (int i = 0; i < N; i++)
            n += pend[i];
        if (n != ladro_sim_heap_size(q))
            bad++;
    }
    return bad;
}

int main(void)
{
    ladro_sim_heap_t q;
    CHECK_EQ(ladro_sim_heap_init(&q, 8), 0);
    int64_t t;
    CHECK_EQ(ladro_sim_heap_pop(&q, &t), -1);
    ladro__ties(&q);
    ladro__reschedule(&q);
    ladro_sim_heap_free(&q);
    CHECK_EQ(ladro_sim_heap_init(&q, 200), 0);
    CHECK_EQ(ladro__randomized(&q), 0);
    ladro_sim_heap_free(&q);

    /* the RNG itself (the runtime's, src/util.h) is pinned by tests/test_rng.c */
    return CHECK_REPORT("sim_engine");
}
