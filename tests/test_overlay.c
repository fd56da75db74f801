/* The small-world overlay (src/overlay.c), no MPI:
 *   - the ring's order: rank order and the spread ring are bijections, the spread ring
 *     puts consecutive ranks apart and a block of them evenly over the ring;
 *   - for P = 1, 2, 3, 5, 7, 100, both orders: every rank's list is sorted, unique, without self-link,
 *     holds the ring neighbours, is symmetric, and equals the row of the whole graph
 *     built at once from the same draws (ladroi_sw_graph, the graph ladro-sim uses);
 *     determinism; the default draw count;
 *   - greedy routing: every pair of small graphs routes, each hop strictly closer;
 *   - the expected mean degree (ladroi_sw_mean_degree) against the built graphs', and the
 *     paper's overlay (ladroi_sw_paper_draws: mean degree 4·log2 P, TITUS §5);
 *   - the routing check of TITUS §4.2 (10 000 nodes, mean degree 64): mean and max
 *     greedy route over random pairs, with every route terminating and the mean below an
 *     analytic bound (docs/policies/smallworld.md derives it; computed in route_bound).
 *
 * usage: test_overlay                      unit tests + routing check (200 000 pairs)
 *        test_overlay route P DRAWS PAIRS [SEED [spread]]   routing check only, prints
 *                                          numbers (spread: the spread ring); DRAWS is a
 *                                          count, `paper` (ladroi_sw_paper_draws) or
 *                                          degD (the draws of expected mean degree D)
 *        test_overlay time P [DRAWS]       time one rank's ladroi_overlay_build */
#include "../src/ladro_int.h"
#include "../src/overlay.h"
#include "../src/sw_math.h"
#include "check.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The whole graph in CSR form (ladroi_sw_graph, what ladro-sim holds): the per-rank
 * lists of ladroi_overlay_build must equal its rows. */
typedef struct graph {
    int64_t *off;
    int *nbr;
} graph_t;

static void g_build(graph_t *g, uint64_t seed, const ladroi_sw_ring_t *ring, int draws)
{
    CHECK_EQ(ladroi_sw_graph(seed, ring, draws, &g->off, &g->nbr), 0);
}

static ladroi_sw_ring_t ring_of(int P, bool spread)
{
    ladroi_sw_ring_t ring;
    CHECK_EQ(ladroi_sw_ring_init(&ring, P, spread), 0);
    return ring;
}

static void g_free(graph_t *g)
{
    free(g->off);
    free(g->nbr);
}

#define G_DEG(g, r) ((int)((g).off[(r) + 1] - (g).off[r]))
#define G_ADJ(g, r) ((g).nbr + (g).off[r])

static int has(const int *a, int n, int v)
{
    for (int i = 0; i < n; i++)
        if (a[i] == v)
            return 1;
    return 0;
}

static void unit_graph(int P, int draws, uint64_t seed, bool spread)
{
    graph_t g;
    ladroi_sw_ring_t ring = ring_of(P, spread);
    g_build(&g, seed, &ring, draws);
    ladroi_overlay_t *ov = calloc((size_t)P, sizeof *ov);
    for (int r = 0; r < P; r++)
        CHECK_EQ(ladroi_overlay_build(&ov[r], seed, &ring, r, draws), LADRO_OK);
    for (int r = 0; r < P; r++) {
        const ladroi_overlay_t *o = &ov[r];
        CHECK_EQ(o->n, G_DEG(g, r)); /* same as the globally built graph */
        for (int i = 0; i < o->n; i++) {
            int v = o->nbr[i];
            CHECK(v >= 0 && v < P);
            CHECK(v != r); /* never a self-link */
            if (i > 0)
                CHECK(o->nbr[i - 1] < v); /* sorted, no duplicates */
            CHECK(has(G_ADJ(g, r), G_DEG(g, r), v));
            CHECK(ladroi_overlay_index(&ov[v], r) >= 0); /* symmetric */
            CHECK_EQ(ladroi_overlay_index(o, v), i);
        }
        if (P > 1) { /* the ranks at the next and previous positions */
            int x = ladroi_sw_pos(&ring, r);
            CHECK(ladroi_overlay_index(o, ladroi_sw_at(&ring, (x + 1) % P)) >= 0);
            CHECK(ladroi_overlay_index(o, ladroi_sw_at(&ring, (x + P - 1) % P)) >= 0);
        } else {
            CHECK_EQ(o->n, 0);
        }
    }
    /* every route terminates, each hop strictly closer, never longer than the distance */
    for (int s = 0; s < P; s++)
        for (int t = 0; t < P; t++) {
            int x = s, hops = 0;
            while (x != t && hops <= P) {
                int y = ladroi_overlay_next_hop(&ov[x], t);
                CHECK(ladroi_sw_dist(&ring, y, t) < ladroi_sw_dist(&ring, x, t));
                if (ladroi_sw_dist(&ring, y, t) >= ladroi_sw_dist(&ring, x, t))
                    break;
                x = y;
                hops++;
            }
            CHECK_EQ(x, t);
            CHECK(hops <= ladroi_sw_dist(&ring, s, t));
        }
    /* deterministic from the seed */
    for (int r = 0; r < P; r++) {
        ladroi_overlay_t again;
        CHECK_EQ(ladroi_overlay_build(&again, seed, &ring, r, draws), LADRO_OK);
        CHECK_EQ(again.n, ov[r].n);
        CHECK(again.n == ov[r].n &&
              (again.n == 0 || !memcmp(again.nbr, ov[r].nbr, (size_t)again.n * sizeof(int))));
        ladroi_overlay_fini(&again);
    }
    for (int r = 0; r < P; r++)
        ladroi_overlay_fini(&ov[r]);
    free(ov);
    g_free(&g);
}

/* Analytic bound on the mean greedy route (docs/policies/smallworld.md, "routing bound"):
 * at ring distance d >= 2, one draw lands within d/2 of the destination with probability
 * >= ln(7/3) / (2 ln P); with k draws a hop halves d with probability q >= 1-(1-p)^k;
 * ceil(log2(P/2)) halvings, then one ring hop. */
static double route_bound(int P, int draws)
{
    double p = log(7.0 / 3.0) / (2 * log((double)P));
    double q = 1 - pow(1 - p, draws);
    return ceil(log2(P / 2.0)) / q + 1;
}

static int route_check(int P, int draws, long pairs, uint64_t seed, bool spread, int verbose)
{
    graph_t g;
    ladroi_sw_ring_t ring = ring_of(P, spread);
    g_build(&g, seed, &ring, draws);
    double degsum = 0;
    int degmax = 0;
    for (int r = 0; r < P; r++) {
        degsum += G_DEG(g, r);
        if (G_DEG(g, r) > degmax)
            degmax = G_DEG(g, r);
    }
    ladroi_rng_t rng;
    ladroi_rng_seed(&rng, seed, 424242);
    long hist[64] = {0};
    double sum = 0;
    int maxh = 0, broken = 0;
    for (long k = 0; k < pairs; k++) {
        int s = (int)ladroi_rng_below(&rng, (uint64_t)P);
        int t = (int)ladroi_rng_below(&rng, (uint64_t)P);
        int x = s, h = 0;
        while (x != t) {
            int y = ladroi_sw_greedy(G_ADJ(g, x), G_DEG(g, x), &ring, t);
            if (ladroi_sw_dist(&ring, y, t) >= ladroi_sw_dist(&ring, x, t)) {
                broken++; /* would loop: greedy must always get closer */
                break;
            }
            x = y;
            h++;
        }
        sum += h;
        if (h > maxh)
            maxh = h;
        hist[h < 63 ? h : 63]++;
    }
    double mean = sum / (double)pairs, bound = route_bound(P, draws);
    if (verbose) {
        printf("overlay P=%d draws=%d seed=%llu%s: mean degree %.2f (max %d), %ld random pairs: "
               "greedy route mean %.3f hops, max %d, bound %.2f; unterminated %d\n",
               P, draws, (unsigned long long)seed, spread ? " (spread ring)" : "", degsum / P, degmax, pairs, mean, maxh,
               bound, broken);
        printf("  hops histogram:");
        for (int i = 0; i <= maxh && i < 64; i++)
            printf(" %d:%ld", i, hist[i]);
        printf("\n");
    }
    CHECK_EQ(broken, 0);
    CHECK(mean < bound);
    CHECK(maxh <= P / 2);
    g_free(&g);
    return 0;
}

int main(int argc, char **argv)
{
    if (argc >= 5 && !strcmp(argv[1], "route")) {
        int P = atoi(argv[2]), draws = atoi(argv[3]);
        if (!strcmp(argv[3], "paper"))
            draws = ladroi_sw_paper_draws(P);
        else if (!strncmp(argv[3], "deg", 3))
            draws = ladroi_sw_draws_for(P, atof(argv[3] + 3));
        long pairs = atol(argv[4]);
        uint64_t seed = argc > 5 ? strtoull(argv[5], NULL, 0) : 1;
        if (P < 2 || draws < 0 || pairs < 1) {
            fprintf(stderr, "test_overlay route: P >= 2, DRAWS >= 0, PAIRS >= 1\n");
            return 2;
        }
        route_check(P, draws, pairs, seed, argc > 6 && !strcmp(argv[6], "spread"), 1);
        return CHECK_REPORT("test_overlay route");
    }
    if (argc >= 3 && !strcmp(argv[1], "time")) {
        int P = atoi(argv[2]);
        int draws = argc > 3 ? atoi(argv[3]) : ladroi_sw_draws(P, 0);
        if (P < 1 || draws < 0) {
            fprintf(stderr, "test_overlay time: P >= 1, DRAWS >= 0\n");
            return 2;
        }
        ladroi_overlay_t ov;
        double t = ladroi_now();
        ladroi_sw_ring_t ring = ring_of(P, false);
        int rc = ladroi_overlay_build(&ov, 1, &ring, P / 2, draws);
        t = ladroi_now() - t;
        printf("overlay build P=%d draws=%d: rank %d has %d neighbours, %.3f s (%s)\n", P,
               draws, P / 2, ov.n, t, ladro_err_name(rc));
        ladroi_overlay_fini(&ov);
        return rc ? 1 : 0;
    }

    /* default draw counts: 2 * floor(log2(P - 1)) */
    CHECK_EQ(ladroi_sw_draws(1, 0), 0);
    CHECK_EQ(ladroi_sw_draws(2, 0), 0);
    CHECK_EQ(ladroi_sw_draws(3, 0), 2);
    CHECK_EQ(ladroi_sw_draws(5, 0), 4);
    CHECK_EQ(ladroi_sw_draws(7, 0), 4);
    CHECK_EQ(ladroi_sw_draws(100, 0), 12);
    CHECK_EQ(ladroi_sw_draws(10000, 0), 26);
    CHECK_EQ(ladroi_sw_draws(100, 7), 7);
    /* the expected mean degree is the built graphs' (within half a neighbour, averaged
     * over seeds), and the paper's draws give 4·log2 P to within one neighbour */
    {
        static const int ps[] = {64, 1024, 3584};
        for (int i = 0; i < 3; i++) {
            int P = ps[i], q = ladroi_sw_paper_draws(P);
            double want = 4 * log2((double)P), e = ladroi_sw_mean_degree(P, q), sum = 0;
            CHECK(fabs(e - want) < 1);
            CHECK(fabs(ladroi_sw_mean_degree(P, ladroi_sw_draws(P, 0)) - e) > 4);
            for (uint64_t seed = 1; seed <= 4; seed++) {
                graph_t g;
                ladroi_sw_ring_t ring = ring_of(P, false);
                g_build(&g, seed, &ring, q);
                sum += (double)g.off[P] / P;
                g_free(&g);
            }
            CHECK(fabs(sum / 4 - e) < 0.5);
        }
        CHECK_EQ(ladroi_sw_paper_draws(2), 0);
        CHECK(ladroi_sw_mean_degree(3, 5) == 2);
        CHECK(ladroi_sw_paper_draws(16) > 0 && ladroi_sw_mean_degree(16, ladroi_sw_paper_draws(16)) > 14);
    }
    /* ring distance */
    CHECK_EQ(ladroi_ring_dist(7, 0, 6), 1);
    CHECK_EQ(ladroi_ring_dist(7, 1, 5), 3);
    CHECK_EQ(ladroi_ring_dist(100, 10, 80), 30);
    /* shortcut lengths within [1, P-1], never self, negative offsets wrap correctly */
    for (int P = 2; P <= 40; P++) {
        int d[64];
        for (int r = 0; r < P; r++) {
            for (int spread = 0; spread < 2; spread++) {
                ladroi_sw_ring_t ring = ring_of(P, spread);
                ladroi_sw_shortcuts(7, &ring, r, 64, d);
                for (int i = 0; i < 64; i++) {
                    CHECK(d[i] >= 0 && d[i] < P);
                    CHECK(d[i] != r);
                }
            }
        }
    }
    /* the ring's order: a bijection; rank order is the identity; spread puts consecutive
     * ranks far apart and a block of them evenly over the ring */
    for (int P = 1; P <= 300; P++) {
        ladroi_sw_ring_t id = ring_of(P, false), sp = ring_of(P, true);
        char *seen = calloc((size_t)P, 1);
        for (int r = 0; r < P; r++) {
            CHECK_EQ(ladroi_sw_pos(&id, r), r);
            int x = ladroi_sw_pos(&sp, r);
            CHECK(x >= 0 && x < P && !seen[x]);
            seen[x] = 1;
            CHECK_EQ(ladroi_sw_at(&sp, x), r);
            if (P >= 8)
                CHECK(ladroi_sw_dist(&sp, r, (r + 1) % P) >= P / 5);
        }
        free(seen);
    }
    {
        ladroi_sw_ring_t sp = ring_of(1024, true), bad;
        CHECK_EQ(ladroi_sw_ring_init(&bad, 0, true), -1);
        char on[1024] = {0};
        for (int r = 0; r < 256; r++) /* C5's block of 1/24-speed ranks at 1 024 */
            on[ladroi_sw_pos(&sp, r)] = 1;
        int gap = 0, maxgap = 0;
        for (int x = 0; x < 2 * 1024; x++) {
            gap = on[x % 1024] ? 0 : gap + 1;
            maxgap = gap > maxgap ? gap : maxgap;
        }
        CHECK(maxgap <= 8); /* 3 of 4 positions are another rank's: gaps of ~3 */
    }
    /* bad arguments */
    ladroi_overlay_t bad;
    ladroi_sw_ring_t four = ring_of(4, false), none = {0, 1, 1};
    CHECK_EQ(ladroi_overlay_build(&bad, 1, &four, 4, 2), LADRO_EINVAL);
    CHECK_EQ(ladroi_overlay_build(&bad, 1, &none, 0, 2), LADRO_EINVAL);

    int sizes[] = {1, 2, 3, 5, 7, 100};
    for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
        int P = sizes[i];
        unit_graph(P, ladroi_sw_draws(P, 0), 1, false);
        unit_graph(P, 9, 12345, false); /* more draws than P - 1 for the small ones */
        unit_graph(P, ladroi_sw_draws(P, 0), 1, true);
        unit_graph(P, 9, 12345, true);
    }
    /* different seeds give different graphs */
    {
        ladroi_overlay_t a, b;
        int same = 1;
        for (int r = 0; r < 100 && same; r++) {
            ladroi_sw_ring_t ring = ring_of(100, false);
            ladroi_overlay_build(&a, 1, &ring, r, 12);
            ladroi_overlay_build(&b, 2, &ring, r, 12);
            same = a.n == b.n && !memcmp(a.nbr, b.nbr, (size_t)a.n * sizeof(int));
            ladroi_overlay_fini(&a);
            ladroi_overlay_fini(&b);
        }
        CHECK(!same);
    }
    /* 10 000 nodes: the per-rank build (regenerating the others' draws) agrees with the
     * global graph on a sample of ranks */
    {
        graph_t g;
        ladroi_sw_ring_t ring = ring_of(10000, true);
        g_build(&g, 3, &ring, 26);
        for (int r = 0; r < 10000; r += 1237) {
            ladroi_overlay_t o;
            CHECK_EQ(ladroi_overlay_build(&o, 3, &ring, r, 26), LADRO_OK);
            CHECK_EQ(o.n, G_DEG(g, r));
            for (int i = 0; i < o.n; i++)
                CHECK(has(G_ADJ(g, r), G_DEG(g, r), o.nbr[i]));
            ladroi_overlay_fini(&o);
        }
        g_free(&g);
    }
    /* TITUS §4.2: 10 000 nodes, mean degree 64 (37 draws per rank, both ways) */
    route_check(10000, ladroi_sw_draws_for(10000, 64), 200000, 1, false, 1);
    /* the default degree (26 draws) */
    route_check(10000, ladroi_sw_draws(10000, 0), 100000, 2, false, 1);
    route_check(10000, ladroi_sw_draws(10000, 0), 100000, 2, true, 1); /* the same routes */
    return CHECK_REPORT("test_overlay");
}
