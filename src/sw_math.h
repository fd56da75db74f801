/* The small-world overlay's graph (TITUS_DLB §4) as pure functions: no MPI, no handle.
 * A Kleinberg graph on the 1-D ring of ranks: ring neighbours plus shortcuts of length
 * D = floor(exp(ln P * u)), +/- with equal odds, edges both ways. The runtime's per-rank
 * neighbour list (src/overlay.c, ladroi_overlay_build) and ladro-sim's whole graph
 * (ladroi_sw_graph) both come from the draws here, so they are the same graph. */
#ifndef LADRO_SW_MATH_H
#define LADRO_SW_MATH_H

#include <stdint.h>

/* Shortcut draws per rank: sw_degree if > 0, else 2 * floor(log2(P - 1)) (0 for P < 3). */
int ladroi_sw_draws(int nranks, int sw_degree);
/* Distance on the ring of nranks. */
int ladroi_ring_dist(int nranks, int a, int b);
/* (r + off) mod P in signed arithmetic: a negative offset never wraps through unsigned. */
int ladroi_ring_add(int nranks, int r, int64_t off);
/* The `draws` shortcut targets rank draws (out[draws]; -1 when P == 1). Deterministic
 * from (seed, rank); never `rank` itself; may repeat. */
void ladroi_sw_shortcuts(uint64_t seed, int nranks, int rank, int draws, int *out);
/* Greedy routing over a neighbour array: the neighbour closest to dest on the ring. */
int ladroi_sw_greedy(const int *nbr, int n, int nranks, int dest);
/* qsort order of ints (the neighbour lists are sorted). */
int ladroi_cmp_int(const void *a, const void *b);
/* The whole graph at once, in CSR form: rank r's neighbours are nbr[off[r] .. off[r+1]),
 * sorted, unique, never r - for every r, the list ladroi_overlay_build gives rank r.
 * O(P * draws) time and memory. *off and *nbr are malloc'd (the caller frees them).
 * 0, or -1 when out of memory or nranks < 1 or draws < 0. */
int ladroi_sw_graph(uint64_t seed, int nranks, int draws, int64_t **off, int **nbr);

#endif
