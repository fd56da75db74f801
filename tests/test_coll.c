/* The tree collectives of src/coll.c (termination waves, ctws's initial list, smallworld's
 * gate): every rank must get the exact sum and the exact gather, in rank order, for many
 * consecutive operations, with ranks joining at random moments (a fast child sends its
 * next contribution while its parent is still in the previous operation) and a sum and
 * a gather in flight at the same time on their own tags. Also: a second start while one
 * is in flight is refused, and the tree's shape (parents, children) covers every rank
 * once, for the default fan-in (a star up to 17 ranks) and for fan-ins 2 and 3 (deep,
 * ragged trees, the shape of large runs; src/tree.h, tests/test_tree.c). And
 * ladroi_coll_ready, which tells a napping rank that a wave can move on: it must see the
 * messages its posted receives matched, and a test it calls ready must make progress.
 * Usage: test_coll (under mpiexec, any number of ranks). */
#include "../src/ladro_int.h"
#include "../src/coll.h"
#include "../src/tree.h"
#include "check.h"

#include <stdlib.h>
#include <string.h>

enum { OPS = 200, READY_OPS = 20 };

/* One shape: fan-in k (0: the default). */
static void run(ladro_t *lb, int fanin)
{
    int rank = lb->rank, size = lb->size;
    ladroi_coll_t sum, gat;
    CHECK_EQ(ladroi_coll_init(lb, &sum, LADROI_COLL_SUM, 3, 0x7101, fanin), LADRO_OK);
    CHECK_EQ(ladroi_coll_init(lb, &gat, LADROI_COLL_GATHER, 2, 0x7102, fanin), LADRO_OK);

    /* Shape: every rank but 0 is the child of exactly one rank, the parent it names, at
     * most k children each. Counted with a blocking reduction (2 size entries: times a
     * child, and the parent each rank names). */
    int k = sum.fanin;
    CHECK_EQ(k, fanin > 0 ? fanin : LADROI_TREE_FANIN);
    CHECK(sum.nchild <= k);
    int64_t *all = calloc((size_t)size, sizeof *all); /* times each rank is a child */
    for (int i = 0; i < sum.nchild; i++) {
        CHECK(sum.child[i] > rank && sum.child[i] < size);
        all[sum.child[i]]++;
    }
    CHECK(rank == 0 ? sum.parent == -1 : sum.parent >= 0 && sum.parent < rank);
    CHECK_EQ(ladroi_net_allreduce_i64(lb, lb->comm, all, size, LADROI_NET_SUM), LADRO_OK);
    for (int r = 0; r < size; r++)
        CHECK_EQ(all[r], r == 0 ? 0 : 1);

    ladroi_rng_t rng;
    ladroi_rng_seed(&rng, 11 + (uint64_t)fanin, (uint64_t)rank + 1);
    uint64_t p = (uint64_t)size, tri = p * (p + 1) / 2;
    int ns = 0, ng = 0; /* operations completed */
    bool sdone = true, gdone = true;
    double deadline = ladroi_now() + 60; /* a lost message must fail the test, not hang */
    while ((ns < OPS || ng < OPS) && ladroi_now() < deadline) {
        /* join at random moments: ranks drift apart by up to a few operations' worth */
        if (ladroi_rng_below(&rng, 4) == 0)
            ladroi_sleep_us((double)ladroi_rng_below(&rng, 300));
        if (sdone && ns < OPS) {
            uint64_t k = (uint64_t)ns + 1;
            uint64_t mine[3] = {k * ((uint64_t)rank + 1), k, (uint64_t)rank << 32};
            CHECK_EQ(ladroi_coll_start(lb, &sum, mine), LADRO_OK);
            CHECK_EQ(ladroi_coll_start(lb, &sum, mine), LADRO_ESTATE); /* one at a time */
            sdone = false;
        }
        if (gdone && ng < OPS) {
            uint64_t mine[2] = {(uint64_t)ng * 1000000u + (uint64_t)rank, ~(uint64_t)rank};
            CHECK_EQ(ladroi_coll_start(lb, &gat, mine), LADRO_OK);
            gdone = false;
        }
        if (!sdone) {
            CHECK_EQ(ladroi_coll_test(lb, &sum, &sdone), LADRO_OK);
            if (sdone) {
                uint64_t k = (uint64_t)ns + 1;
                CHECK_EQ(sum.out[0], k * tri);
                CHECK_EQ(sum.out[1], k * p);
                CHECK_EQ(sum.out[2], (tri - p) << 32);
                ns++;
            }
        }
        if (!gdone) {
            CHECK_EQ(ladroi_coll_test(lb, &gat, &gdone), LADRO_OK);
            if (gdone) {
                for (int r = 0; r < size; r++) {
                    CHECK_EQ(gat.out[2 * r], (uint64_t)ng * 1000000u + (uint64_t)r);
                    CHECK_EQ(gat.out[2 * r + 1], ~(uint64_t)r);
                }
                ng++;
            }
        }
    }
    CHECK_EQ(ns, OPS);
    CHECK_EQ(ng, OPS);

    /* ladroi_coll_ready (what an idle rank's nap asks): a rank tests its sum only when
     * ready says the next test moves it on (or when it is sending, which ready does not
     * cover), and that test must move it on. Its children's blocks and its parent's
     * result match receives posted at the start, so a probe would not see them: ready
     * must, or a rank waiting for it hangs here until the deadline. */
    for (int op = 0; op < READY_OPS && ladroi_now() < deadline; op++) {
        uint64_t mine[3] = {(uint64_t)rank, 1, 0};
        CHECK_EQ(ladroi_coll_start(lb, &sum, mine), LADRO_OK);
        bool done = false;
        while (!done && ladroi_now() < deadline) {
            bool ready;
            const char *before = ladroi_coll_phase(&sum);
            CHECK_EQ(ladroi_coll_ready(lb, &sum, &ready), LADRO_OK);
            if (!ready && strcmp(before, "sending") != 0) {
                ladroi_sleep_us(20);
                continue;
            }
            CHECK_EQ(ladroi_coll_test(lb, &sum, &done), LADRO_OK);
            if (ready)
                CHECK(done || ladroi_coll_phase(&sum) != before);
        }
        CHECK(done);
        CHECK_EQ(sum.out[0], tri - p);
        CHECK_EQ(sum.out[1], p);
    }
    CHECK(!ladroi_coll_pending(&sum) && !ladroi_coll_pending(&gat));
    CHECK_EQ(sum.ops, OPS + READY_OPS);
    bool d = false;
    CHECK_EQ(ladroi_coll_test(lb, &sum, &d), LADRO_ESTATE); /* nothing in flight */
    ladroi_coll_fini(&sum);
    ladroi_coll_fini(&gat);
    free(all);
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    ladro_t *lb = check_static_handle();
    /* the default fan-in (a star here), then binary and ternary trees */
    const int fanins[] = {0, 2, 3};
    for (size_t i = 0; i < sizeof fanins / sizeof fanins[0]; i++)
        run(lb, fanins[i]);
    CHECK_EQ(ladro_destroy(&lb), LADRO_OK);
    int rc = CHECK_REPORT("coll");
    MPI_Finalize();
    return rc;
}
