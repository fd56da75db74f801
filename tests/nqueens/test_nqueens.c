/* Sequential N-Queens counts for N = 1..14 against OEIS A000170 (literal values here,
 * independent of the app's table), counting from partial placements (the sum over the
 * first row's squares equals the whole count), the poll callback's stop and the count it
 * sees, and the task tree (nq_task_tree). */
#include "../check.h"
#include "nqueens.h"

static int stop_at_first(void *arg)
{
    ++*(int *)arg;
    return -7;
}

/* A poll that sees the placements counted so far (nq_count adds them before it polls). */
typedef struct {
    const uint64_t *nodes;
    uint64_t seen;
} watch_t;

static int watch_nodes(void *arg)
{
    watch_t *w = arg;
    w->seen = *w->nodes;
    return 0;
}

int main(void)
{
    static const long long a000170[] = {1,   0,    0,     2,     10,    4,      40,
                                        92,  352,  724,   2680,  14200, 73712,  365596};
    for (int n = 1; n <= 14; n++) {
        nq_state_t root = {0, 0, 0, 0};
        uint64_t nodes = 0;
        CHECK_EQ(nq_count(n, &root, &nodes, NULL, NULL, NULL), a000170[n - 1]);
        CHECK_EQ(nq_oeis(n), a000170[n - 1]);
        /* Split at the first two rows, as the tasks do. */
        uint64_t sum = 0;
        uint32_t f = nq_free(n, &root);
        while (f) {
            uint32_t b = f & (0u - f);
            f ^= b;
            nq_state_t s1 = nq_place(n, &root, b);
            uint32_t g = nq_free(n, &s1);
            if (n == 1)
                sum += nq_count(n, &s1, NULL, NULL, NULL, NULL);
            while (g) {
                uint32_t b2 = g & (0u - g);
                g ^= b2;
                nq_state_t s2 = nq_place(n, &s1, b2);
                sum += nq_count(n, &s2, NULL, NULL, NULL, NULL);
            }
        }
        CHECK_EQ(sum, a000170[n - 1]);
    }
    CHECK_EQ(nq_oeis(0), -1);
    CHECK_EQ(nq_oeis(18), 666090624);
    /* A poll that fails stops the search and reports its code. */
    nq_state_t root = {0, 0, 0, 0};
    int calls = 0, rc = 0;
    (void)nq_count(13, &root, NULL, stop_at_first, &calls, &rc);
    CHECK_EQ(calls, 1);
    CHECK_EQ(rc, -7);
    /* The count is up to date at every poll: more than 2^16 placements at the last one. */
    uint64_t nodes = 0;
    watch_t w = {&nodes, 0};
    CHECK_EQ(nq_count(12, &root, &nodes, watch_nodes, &w, NULL), 14200);
    CHECK(w.seen > 65536 && w.seen < nodes);
    /* The task tree (ladro-nqueens's tasks): -n 8 -c 2 is the root, 8 placements of one
     * queen and 42 of two; a cutoff above n is capped at n; the hash sum is the tasks'. */
    uint64_t tasks = 0, sum = 0, t2 = 0, s2 = 0;
    nq_task_tree(8, 2, &tasks, &sum);
    CHECK_EQ(tasks, 51);
    nq_task_tree(8, 0, &tasks, &sum);
    CHECK_EQ(tasks, 1);
    CHECK_EQ(sum, nq_task_hash(&root));
    nq_task_tree(5, 9, &tasks, &sum);
    nq_task_tree(5, 5, &t2, &s2);
    CHECK_EQ(tasks, t2);
    CHECK_EQ(sum, s2);
    nq_task_tree(5, 4, &t2, &s2);
    CHECK_EQ(tasks, t2 + 10); /* the 10 solutions of n = 5 are tasks at depth 5 */
    return CHECK_REPORT("nqueens");
}
