/* The small-world overlay of the smallworld policy (TITUS_DLB §4): a Kleinberg graph on
 * a 1-D ring of the ranks (in rank order, or spread: sw_math.h). Pure computation, no
 * MPI: every rank derives the same graph from the seed alone.
 *
 * Rank r is linked to its two ring neighbours (r-1, r+1 in rank order) and to shortcuts
 * from its position: `draws` times,
 * D = floor(exp(ln P * u)) with u uniform in [0, 1) (so P(D = k) = ln((k+1)/k) / ln P,
 * i.e. probability ~ distance^-1, Kleinberg's exponent for a 1-D lattice), in the + or -
 * direction with equal odds. Every edge goes both ways: r's neighbours are its own draws
 * plus the ranks whose draws hit r. Draws come from a per-rank RNG stream seeded by
 * (seed, rank), so any rank's draws can be regenerated anywhere. ladroi_overlay_build
 * finds a rank's incoming edges by regenerating every other rank's draws (O(P * draws)
 * time, O(degree) memory; tests and small P); the smallworld policy learns them by
 * messages instead (src/policy/smallworld.c: O(draws) time and messages per rank).
 *
 * The draws, the ring arithmetic and greedy routing are src/sw_math.c (pure, shared with
 * ladro-sim, which holds the whole graph: ladroi_sw_graph); this file is one rank's list. */
#include "overlay.h"
#include "ladro_int.h"
#include "sw_math.h"

#include <stdlib.h>
#include <string.h>

int ladroi_overlay_add(ladroi_overlay_t *ov, int v)
{
    if (v < 0 || v == ov->rank)
        return 0; /* never a self-link */
    if (ladroi_grow((void **)&ov->nbr, &ov->cap, ov->n, sizeof *ov->nbr))
        return LADRO_ENOMEM;
    ov->nbr[ov->n++] = v;
    return 0;
}

int ladroi_overlay_own(ladroi_overlay_t *ov, uint64_t seed, const ladroi_sw_ring_t *ring,
                       int rank, int draws, int *mine)
{
    int nranks = ring->nranks;
    memset(ov, 0, sizeof *ov);
    ov->ring = *ring;
    ov->rank = rank;
    ov->draws = draws;
    if (nranks < 1 || rank < 0 || rank >= nranks || draws < 0)
        return LADRO_EINVAL;
    int rc = 0, pos = ladroi_sw_pos(ring, rank);
    /* the ring lattice */
    rc |= ladroi_overlay_add(ov, nranks > 1 ? ladroi_sw_at(ring, ladroi_ring_add(nranks, pos, 1))
                                            : -1);
    rc |= ladroi_overlay_add(ov, nranks > 1 ? ladroi_sw_at(ring, ladroi_ring_add(nranks, pos, -1))
                                            : -1);
    /* outgoing shortcuts */
    ladroi_sw_shortcuts(seed, ring, rank, draws, mine);
    for (int i = 0; i < draws && rc == 0; i++)
        rc |= ladroi_overlay_add(ov, mine[i]);
    if (rc) {
        ladroi_overlay_fini(ov);
        return LADRO_ENOMEM;
    }
    return LADRO_OK;
}

int ladroi_overlay_build(ladroi_overlay_t *ov, uint64_t seed, const ladroi_sw_ring_t *ring,
                         int rank, int draws)
{
    int nranks = ring->nranks;
    int *mine = malloc(((size_t)(draws > 0 ? draws : 0) + 1) * sizeof *mine);
    if (!mine) {
        memset(ov, 0, sizeof *ov);
        return LADRO_ENOMEM;
    }
    int rc = ladroi_overlay_own(ov, seed, ring, rank, draws, mine);
    /* incoming shortcuts: regenerate every other rank's draws */
    for (int q = 0; q < nranks && rc == 0; q++) {
        if (q == rank)
            continue;
        ladroi_sw_shortcuts(seed, ring, q, draws, mine);
        for (int i = 0; i < draws; i++)
            if (mine[i] == rank) {
                rc = ladroi_overlay_add(ov, q);
                break;
            }
    }
    free(mine);
    if (rc) {
        ladroi_overlay_fini(ov);
        return rc;
    }
    ladroi_overlay_finish(ov);
    return LADRO_OK;
}

void ladroi_overlay_finish(ladroi_overlay_t *ov)
{
    /* sorted, no duplicates */
    if (ov->n > 1) {
        qsort(ov->nbr, (size_t)ov->n, sizeof *ov->nbr, ladroi_cmp_int);
        int k = 1;
        for (int i = 1; i < ov->n; i++)
            if (ov->nbr[i] != ov->nbr[k - 1])
                ov->nbr[k++] = ov->nbr[i];
        ov->n = k;
    }
}

void ladroi_overlay_fini(ladroi_overlay_t *ov)
{
    free(ov->nbr);
    ov->nbr = NULL;
    ov->n = ov->cap = 0;
}

int ladroi_overlay_index(const ladroi_overlay_t *ov, int r)
{
    int lo = 0, hi = ov->n - 1;
    while (lo <= hi) {
        int mid = lo + (hi - lo) / 2;
        if (ov->nbr[mid] == r)
            return mid;
        if (ov->nbr[mid] < r)
            lo = mid + 1;
        else
            hi = mid - 1;
    }
    return -1;
}

int ladroi_overlay_next_hop(const ladroi_overlay_t *ov, int dest)
{
    if (dest == ov->rank)
        return dest;
    return ladroi_sw_greedy(ov->nbr, ov->n, &ov->ring, dest);
}
