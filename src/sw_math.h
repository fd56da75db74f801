/* The small-world overlay's graph (TITUS_DLB §4) as pure functions: no MPI, no handle.
 * A Kleinberg graph on a 1-D ring of the ranks: ring neighbours plus shortcuts of length
 * D = floor(exp(ln P * u)), +/- with equal odds, edges both ways. The runtime's per-rank
 * neighbour list (src/overlay.c, ladroi_overlay_build) and the whole graph
 * (ladroi_sw_graph, the tests') both come from the draws here, so they are the same graph.
 *
 * The ring's order (ladroi_sw_ring_t): rank r sits at position r * mult mod P. mult = 1
 * is the paper's ring of consecutive ranks; `spread` takes an integer near
 * P * (sqrt(5) - 1) / 2, coprime with P, whose P/mult has small partial quotients, so
 * that any block of consecutive ranks (the ranks of one node, or of one kind of node)
 * lands spread evenly over the ring and each rank's ring neighbours and short shortcuts
 * are ranks far from it in number. */
#ifndef LADRO_SW_MATH_H
#define LADRO_SW_MATH_H

#include <stdbool.h>
#include <stdint.h>

typedef struct ladroi_sw_ring {
    int nranks;
    int64_t mult, inv; /* position = rank * mult mod P; rank = position * inv mod P */
} ladroi_sw_ring_t;

/* The ring of nranks (>= 1) in rank order, or spread; -1 when nranks < 1. */
int ladroi_sw_ring_init(ladroi_sw_ring_t *ring, int nranks, bool spread);
/* rank's position on the ring, and the rank at a position. */
int ladroi_sw_pos(const ladroi_sw_ring_t *ring, int rank);
int ladroi_sw_at(const ladroi_sw_ring_t *ring, int pos);
/* Distance between two ranks' positions on the ring. */
int ladroi_sw_dist(const ladroi_sw_ring_t *ring, int a, int b);

/* Shortcut draws per rank: sw_degree if > 0, else 2 * floor(log2(P - 1)) (0 for P < 3). */
int ladroi_sw_draws(int nranks, int sw_degree);
/* The expected mean degree of the graph of nranks with `draws` draws per rank (exact
 * over the draws' distribution; any ring order). */
double ladroi_sw_mean_degree(int nranks, int draws);
/* The draws (<= 4096) whose expected mean degree is nearest `degree` (P - 1.5 when
 * degree is higher: the graph is then nearly complete); 0 for P < 3. */
int ladroi_sw_draws_for(int nranks, double degree);
/* TITUS_DLB §5: the paper's overlay, mean degree 4 log2 P (ladroi_sw_draws_for). */
int ladroi_sw_paper_draws(int nranks);
/* Distance on the ring of nranks. */
int ladroi_ring_dist(int nranks, int a, int b);
/* (r + off) mod P in signed arithmetic: a negative offset never wraps through unsigned. */
int ladroi_ring_add(int nranks, int r, int64_t off);
/* The `draws` shortcut targets rank draws (out[draws]; -1 when P == 1), ranks at the
 * drawn distances from its position. Deterministic from (seed, rank); never `rank`
 * itself; may repeat. */
void ladroi_sw_shortcuts(uint64_t seed, const ladroi_sw_ring_t *ring, int rank, int draws,
                         int *out);
/* Greedy routing over a neighbour array: the neighbour closest to dest on the ring. */
int ladroi_sw_greedy(const int *nbr, int n, const ladroi_sw_ring_t *ring, int dest);
/* qsort order of ints (the neighbour lists are sorted). */
int ladroi_cmp_int(const void *a, const void *b);
/* The whole graph at once, in CSR form: rank r's neighbours are nbr[off[r] .. off[r+1]),
 * sorted, unique, never r - for every r, the list ladroi_overlay_build gives rank r.
 * O(P * draws) time and memory. *off and *nbr are malloc'd (the caller frees them).
 * 0, or -1 when out of memory or ring->nranks < 1 or draws < 0. */
int ladroi_sw_graph(uint64_t seed, const ladroi_sw_ring_t *ring, int draws, int64_t **off,
                    int **nbr);

#endif
