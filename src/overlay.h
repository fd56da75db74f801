/* The small-world overlay (src/overlay.c; no MPI). Never installed. */
#ifndef LADRO_OVERLAY_H
#define LADRO_OVERLAY_H

#include "sw_math.h" /* ladroi_sw_ring_t */

#include <stdint.h>

/* A Kleinberg graph on a 1-D ring of the ranks (TITUS_DLB §4): ring neighbours plus
 * shortcuts of length D = floor(exp(ln P * u)), +/- with equal odds, edges both ways. The
 * ring's order, the draws, ring distance, greedy choice and the whole graph: sw_math.h. */
typedef struct ladroi_overlay {
    ladroi_sw_ring_t ring; /* the ring's order and size */
    int rank, draws;
    int n, cap; /* neighbours, capacity of nbr */
    int *nbr;   /* sorted, unique, never `rank` (after ladroi_overlay_finish) */
} ladroi_overlay_t;

/* This rank's neighbour list (own draws, ring, and incoming draws regenerated from every
 * other rank: O(P * draws) time, O(degree) memory). LADRO_EINVAL, LADRO_ENOMEM. */
int ladroi_overlay_build(ladroi_overlay_t *ov, uint64_t seed, const ladroi_sw_ring_t *ring,
                         int rank, int draws);
/* The parts of a build: the ring neighbours and this rank's own draws (mine: `draws`
 * entries, receives the draws' targets, -1 for none), then more neighbours (the incoming
 * ones; v < 0 or v == rank ignored), then sort and remove duplicates. */
int ladroi_overlay_own(ladroi_overlay_t *ov, uint64_t seed, const ladroi_sw_ring_t *ring,
                       int rank, int draws, int *mine);
int ladroi_overlay_add(ladroi_overlay_t *ov, int v);
void ladroi_overlay_finish(ladroi_overlay_t *ov);
void ladroi_overlay_fini(ladroi_overlay_t *ov);
/* Index of r in ov->nbr, or -1. */
int ladroi_overlay_index(const ladroi_overlay_t *ov, int r);
/* Greedy routing: the neighbour closest to dest (dest itself when dest == rank). */
int ladroi_overlay_next_hop(const ladroi_overlay_t *ov, int dest);

#endif
