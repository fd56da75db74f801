/* The small-world overlay's graph, pure; see sw_math.h (and src/overlay.c for the
 * runtime's per-rank list and the model). */
#include "sw_math.h"
#include "util.h"

#include <math.h>
#include <stdlib.h>

/* Multipliers tried on each side of the golden section (ladroi_sw_ring_init). */
#define LADRO__SPREAD_WINDOW 64

/* Salt that separates the overlay's RNG streams from the handle's (seed, rank + 1). */
#define LADRO__SW_SALT 0x736d616c6c776f72ull /* "smallwor" */

static int64_t ladro__gcd(int64_t a, int64_t b)
{
    while (b) {
        int64_t t = a % b;
        a = b;
        b = t;
    }
    return a;
}

/* The largest partial quotient of the continued fraction of a / b. */
static int64_t ladro__cf_max(int64_t a, int64_t b)
{
    int64_t most = 0;
    while (b) {
        int64_t q = a / b, t = a % b;
        most = q > most ? q : most;
        a = b;
        b = t;
    }
    return most;
}

/* a^-1 mod m for gcd(a, m) = 1 (extended Euclid). */
static int64_t ladro__inverse(int64_t a, int64_t m)
{
    int64_t t = 0, nt = 1, r = m, nr = a % m;
    while (nr) {
        int64_t q = r / nr, x = t - q * nt;
        t = nt;
        nt = x;
        x = r - q * nr;
        r = nr;
        nr = x;
    }
    return t < 0 ? t + m : t;
}

int ladroi_sw_ring_init(ladroi_sw_ring_t *ring, int nranks, bool spread)
{
    ring->nranks = nranks;
    ring->mult = ring->inv = 1;
    if (nranks < 1)
        return -1;
    if (spread && nranks > 2) {
        /* Among the multipliers coprime with P nearest the golden section of the ring
         * (LADRO__SPREAD_WINDOW on each side), the first whose P/m has no partial
         * quotient above 3 in its continued fraction: then any block of consecutive
         * ranks lands with gaps of at most three lengths (the three-distance theorem),
         * the longest at most about four times the shortest. Some P have none there
         * (20, 54, 150, ...): then the one with the smallest largest quotient. The
         * window bounds the search: every rank of ladro-sim runs it. */
        int64_t c = llround(nranks * 0.6180339887498949), pick = 0, pick_q = 0;
        for (int64_t k = 0; k <= LADRO__SPREAD_WINDOW && !(pick && pick_q <= 3); k++)
            for (int side = 0; side < 2 && !(pick && pick_q <= 3); side++) {
                int64_t m = side ? c - k : c + k;
                if (m < 1 || m >= nranks || ladro__gcd(m, nranks) != 1)
                    continue;
                int64_t q = ladro__cf_max(nranks, m);
                if (!pick || q < pick_q) {
                    pick = m;
                    pick_q = q;
                }
            }
        ring->mult = pick ? pick : 1; /* none coprime in the window: rank order */
        ring->inv = ladro__inverse(ring->mult, nranks);
    }
    return 0;
}

int ladroi_sw_pos(const ladroi_sw_ring_t *ring, int rank)
{
    return (int)(ring->mult * rank % ring->nranks);
}

int ladroi_sw_at(const ladroi_sw_ring_t *ring, int pos)
{
    return (int)(ring->inv * pos % ring->nranks);
}

int ladroi_sw_dist(const ladroi_sw_ring_t *ring, int a, int b)
{
    return ladroi_ring_dist(ring->nranks, ladroi_sw_pos(ring, a), ladroi_sw_pos(ring, b));
}

int ladroi_sw_draws(int nranks, int sw_degree)
{
    if (sw_degree > 0)
        return sw_degree;
    if (nranks < 3)
        return 0;
    int l = 0; /* floor(log2(P - 1)), TITUS's default; average degree ~ 4 log2 P */
    for (unsigned v = (unsigned)(nranks - 1); v > 1; v >>= 1)
        l++;
    return 2 * l;
}

/* ln(1 - pi_o) for offsets o = 2 .. P-2 of a rank's position (1 and P-1 are the ring):
 * pi_o = P(a draw lands at offset o) = (P(D = o) + P(D = P - o)) / 2, with
 * P(D = k) = ln((k + 1)/k) / ln P. */
static double ladro__ln_miss(int P, int o)
{
    return log1p(-(log1p(1.0 / o) + log1p(1.0 / (P - o))) / (2 * log((double)P)));
}

/* Offset o is a neighbour unless neither the rank's draws land there nor the draws of
 * the rank there land back: probability (1 - pi_o)^(2 draws), the draws independent.
 * lm[o - 2] = ladro__ln_miss(P, o), or NULL to compute them here. */
static double ladro__mean(int P, int draws, const double *lm)
{
    if (P < 2)
        return 0;
    if (P < 4)
        return P - 1;
    double sum = 2;
    for (int o = 2; o <= P - 2; o++)
        sum += 1 - exp(2.0 * draws * (lm ? lm[o - 2] : ladro__ln_miss(P, o)));
    return sum;
}

double ladroi_sw_mean_degree(int nranks, int draws)
{
    return ladro__mean(nranks, draws, NULL);
}

int ladroi_sw_draws_for(int nranks, double degree)
{
    /* The count (at most 4096) whose expected mean degree is nearest `degree` (or
     * P - 1.5 when that is lower: a complete graph is reached only in the limit). */
    if (nranks < 3)
        return 0;
    double *lm = nranks >= 4 ? malloc((size_t)(nranks - 3) * sizeof *lm) : NULL;
    for (int o = 2; lm && o <= nranks - 2; o++)
        lm[o - 2] = ladro__ln_miss(nranks, o);
    double want = degree < nranks - 1.5 ? degree : nranks - 1.5;
    int lo = 0, hi = 1;
    while (hi < 4096 && ladro__mean(nranks, hi, lm) < want)
        lo = hi, hi = 2 * hi < 4096 ? 2 * hi : 4096;
    while (hi - lo > 1) { /* mean(lo) < want <= mean(hi) */
        int mid = lo + (hi - lo) / 2;
        if (ladro__mean(nranks, mid, lm) < want)
            lo = mid;
        else
            hi = mid;
    }
    if (lo >= 1 && want - ladro__mean(nranks, lo, lm) < ladro__mean(nranks, hi, lm) - want)
        hi = lo;
    free(lm);
    return hi;
}

int ladroi_sw_paper_draws(int nranks)
{
    return nranks < 3 ? 0 : ladroi_sw_draws_for(nranks, 4 * log2((double)nranks));
}

int ladroi_ring_dist(int nranks, int a, int b)
{
    int d = a > b ? a - b : b - a;
    return d <= nranks - d ? d : nranks - d;
}

int ladroi_ring_add(int nranks, int r, int64_t off)
{
    int64_t t = ((int64_t)r + off) % nranks;
    return (int)(t < 0 ? t + nranks : t);
}

void ladroi_sw_shortcuts(uint64_t seed, const ladroi_sw_ring_t *ring, int rank, int draws,
                         int *out)
{
    int nranks = ring->nranks, pos = ladroi_sw_pos(ring, rank);
    ladroi_rng_t g;
    ladroi_rng_seed(&g, seed ^ LADRO__SW_SALT, (uint64_t)rank);
    double lnp = log((double)nranks);
    for (int i = 0; i < draws; i++) {
        double u = ladroi_rng_unit(&g);
        bool minus = (ladroi_rng_next(&g) >> 63) != 0;
        int64_t d = nranks > 1 ? (int64_t)floor(exp(lnp * u)) : 0;
        if (d > nranks - 1) /* exp rounding at u -> 1 */
            d = nranks - 1;
        if (d < 1) {
            out[i] = -1; /* P == 1: nothing to link */
            continue;
        }
        out[i] = ladroi_sw_at(ring, ladroi_ring_add(nranks, pos, minus ? -d : d));
    }
}

int ladroi_sw_greedy(const int *nbr, int n, const ladroi_sw_ring_t *ring, int dest)
{
    /* TITUS §4.2: forward to the neighbour closest to the destination on the lattice
     * (ties: the lower rank, so every run routes alike). The ring neighbours are always
     * there, so each hop strictly shortens the distance: routes end in < P/2 hops. */
    int best = -1, bestd = ring->nranks + 1, to = ladroi_sw_pos(ring, dest);
    for (int i = 0; i < n; i++) {
        int d = ladroi_ring_dist(ring->nranks, ladroi_sw_pos(ring, nbr[i]), to);
        if (d < bestd || (d == bestd && nbr[i] < best)) {
            best = nbr[i];
            bestd = d;
        }
    }
    return best;
}


int ladroi_cmp_int(const void *a, const void *b)
{
    int x = *(const int *)a, y = *(const int *)b;
    return (x > y) - (x < y);
}

int ladroi_sw_graph(uint64_t seed, const ladroi_sw_ring_t *ring, int draws, int64_t **offp,
                    int **nbrp)
{
    int p = ring->nranks;
    *offp = NULL;
    *nbrp = NULL;
    if (p < 1 || draws < 0)
        return -1;
    int *sc = malloc(((size_t)p * (size_t)draws + 1) * sizeof *sc);
    int64_t *cnt = calloc((size_t)p + 1, sizeof *cnt);
    int64_t *off = malloc(((size_t)p + 1) * sizeof *off);
    int64_t *fill = calloc((size_t)p + 1, sizeof *fill);
    int *nbr = NULL;
    if (sc && cnt && off && fill) {
        for (int r = 0; r < p; r++)
            ladroi_sw_shortcuts(seed, ring, r, draws, sc + (int64_t)r * draws);
        /* upper bound of each list: 2 ring + own draws + incoming */
        int64_t total = 0;
        for (int r = 0; r < p; r++) {
            cnt[r] += 2 + draws;
            for (int i = 0; i < draws; i++) {
                int t = sc[(int64_t)r * draws + i];
                if (t >= 0)
                    cnt[t]++;
            }
        }
        for (int r = 0; r < p; r++)
            total += cnt[r];
        nbr = malloc(((size_t)total + 1) * sizeof *nbr);
    }
    if (!nbr) {
        free(sc);
        free(cnt);
        free(off);
        free(fill);
        return -1;
    }
    off[0] = 0;
    for (int r = 0; r < p; r++)
        off[r + 1] = off[r] + cnt[r];
#define LADRO__ADD(r, v)                                                                 \
    do {                                                                                 \
        if ((v) >= 0 && (v) != (r))                                                      \
            nbr[off[r] + fill[r]++] = (v);                                               \
    } while (0)
    for (int r = 0; r < p; r++) {
        if (p > 1) {
            int x = ladroi_sw_pos(ring, r);
            LADRO__ADD(r, ladroi_sw_at(ring, ladroi_ring_add(p, x, 1)));
            LADRO__ADD(r, ladroi_sw_at(ring, ladroi_ring_add(p, x, -1)));
        }
        for (int i = 0; i < draws; i++) {
            int t = sc[(int64_t)r * draws + i];
            LADRO__ADD(r, t);
            if (t >= 0)
                LADRO__ADD(t, r); /* every edge goes both ways */
        }
    }
#undef LADRO__ADD
    /* sort + unique each list, compacting to the front (never past unread entries) */
    int64_t w = 0;
    for (int r = 0; r < p; r++) {
        int *a = nbr + off[r];
        int64_t n = fill[r];
        qsort(a, (size_t)n, sizeof *a, ladroi_cmp_int);
        int64_t start = w;
        for (int64_t k = 0; k < n; k++)
            if (k == 0 || a[k] != a[k - 1])
                nbr[w++] = a[k];
        off[r] = start;
    }
    off[p] = w;
    free(sc);
    free(cnt);
    free(fill);
    *offp = off;
    *nbrp = nbr;
    return 0;
}
