/* N-Queens counting: iterative bitmask backtracking over the rows below a placement. */
#include "nqueens.h"

uint64_t nq_count(int n, const nq_state_t *s, uint64_t *nodes, nq_poll_fn poll,
                  void *arg, int *poll_rc)
{
    if ((int)s->depth >= n)
        return 1;
    const uint32_t all = nq_all(n);
    /* One frame per row below s: the masks on entry and the squares still to try. */
    uint32_t cols[NQ_MAX_N + 1], diag[NQ_MAX_N + 1], anti[NQ_MAX_N + 1], todo[NQ_MAX_N + 1];
    int top = 0;
    const int rows = n - (int)s->depth;
    cols[0] = s->cols;
    diag[0] = s->diag;
    anti[0] = s->anti;
    todo[0] = all & ~(s->cols | s->diag | s->anti);
    uint64_t count = 0, visited = 0;
    unsigned tick = 0;
    for (;;) {
        uint32_t t = todo[top];
        if (t == 0) {
            if (top == 0)
                break;
            top--;
            continue;
        }
        uint32_t bit = t & (0u - t);
        todo[top] = t ^ bit;
        visited++;
        if (top + 1 == rows) { /* the queen of the last row: a solution */
            count++;
            continue;
        }
        uint32_t c = cols[top] | bit;
        uint32_t d = ((diag[top] | bit) << 1) & all;
        uint32_t a = (anti[top] | bit) >> 1;
        if (top + 2 == rows) {
            /* The child is the last row: n - 1 columns are taken, so it has at most one
             * free square, and that square completes a solution. */
            uint32_t last = (all & ~(c | d | a)) != 0;
            count += last;
            visited += last;
            continue;
        }
        top++;
        cols[top] = c;
        diag[top] = d;
        anti[top] = a;
        todo[top] = all & ~(c | d | a);
        if (poll && ++tick == 65536u) {
            tick = 0;
            if (nodes) { /* up to date for poll (ladro-sim charges placements there) */
                *nodes += visited;
                visited = 0;
            }
            int rc = poll(arg);
            if (rc) {
                if (poll_rc)
                    *poll_rc = rc;
                break;
            }
        }
    }
    if (nodes)
        *nodes += visited;
    return count;
}

uint64_t nq_task_hash(const nq_state_t *s)
{
    /* splitmix64's finalizer over the four words */
    uint64_t x = ((uint64_t)s->depth << 32 | s->cols) ^
                 ((uint64_t)s->diag << 32 | s->anti) * 0x9e3779b97f4a7c15ull;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
    return x ^ (x >> 31);
}

static void nq__tree(int n, int cutoff, const nq_state_t *s, uint64_t *tasks, uint64_t *sum)
{
    ++*tasks;
    *sum += nq_task_hash(s);
    if ((int)s->depth >= cutoff)
        return;
    for (uint32_t f = nq_free(n, s); f;) {
        uint32_t bit = f & (0u - f);
        f ^= bit;
        nq_state_t c = nq_place(n, s, bit);
        nq__tree(n, cutoff, &c, tasks, sum);
    }
}

void nq_task_tree(int n, int cutoff, uint64_t *tasks, uint64_t *sum)
{
    nq_state_t root = {0, 0, 0, 0};
    *tasks = *sum = 0;
    nq__tree(n, cutoff < n ? cutoff : n, &root, tasks, sum);
}

int64_t nq_oeis(int n)
{
    /* A000170: number of ways to place n nonattacking queens on an n x n board. */
    static const int64_t a[] = {1,        0,         0,          2,           10,
                                4,        40,        92,         352,         724,
                                2680,     14200,     73712,      365596,      2279184,
                                14772512, 95815104,  666090624,  4968057848,  39029188884};
    return n >= 1 && n <= 20 ? a[n - 1] : -1;
}
