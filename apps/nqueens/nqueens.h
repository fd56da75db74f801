/* N-Queens counting by bitmask backtracking (no MPI): shared by ladro-nqueens and the
 * unit test. A partial placement of the first `depth` rows is three bitmasks: the
 * columns taken, and the squares of the next row attacked along each diagonal. */
#ifndef LADRO_NQUEENS_H
#define LADRO_NQUEENS_H

#include <stdint.h>

#define NQ_MAX_N 32

typedef struct nq_state {
    uint32_t depth; /* queens placed = next row */
    uint32_t cols;  /* columns taken */
    uint32_t diag;  /* attacked in the next row along down-left diagonals */
    uint32_t anti;  /* ... along down-right diagonals */
} nq_state_t;

static inline uint32_t nq_all(int n)
{
    return n >= 32 ? 0xffffffffu : (1u << n) - 1u;
}

/* Free squares of the next row. */
static inline uint32_t nq_free(int n, const nq_state_t *s)
{
    return nq_all(n) & ~(s->cols | s->diag | s->anti);
}

/* The placement after putting a queen on `bit` (one bit of nq_free) in the next row. */
static inline nq_state_t nq_place(int n, const nq_state_t *s, uint32_t bit)
{
    nq_state_t c;
    c.depth = s->depth + 1;
    c.cols = s->cols | bit;
    c.diag = ((s->diag | bit) << 1) & nq_all(n);
    c.anti = (s->anti | bit) >> 1;
    return c;
}

/* Callback for long searches: called every 2^16 placements tried (may be NULL). */
typedef int (*nq_poll_fn)(void *arg);

/* Number of completions of s to a full placement of n queens. nodes (may be NULL) gets
 * the placements visited added, before every poll too (poll may read it). A non-zero
 * return of poll stops the search and is stored in *poll_rc. */
uint64_t nq_count(int n, const nq_state_t *s, uint64_t *nodes, nq_poll_fn poll,
                  void *arg, int *poll_rc);

/* The tasks of a search that spawns a task per placement of at most min(cutoff, n) rows
 * (ladro-nqueens's, nqueens_search.h): how many (root included) and the sum of their
 * nq_task_hash, the exactly-once check of ladro-sim policy --app nqueens. */
uint64_t nq_task_hash(const nq_state_t *s);
void nq_task_tree(int n, int cutoff, uint64_t *tasks, uint64_t *sum);

/* OEIS A000170 for n in [1, 20], or -1 when not tabulated. */
int64_t nq_oeis(int n);

#endif
