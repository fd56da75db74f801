/* A2WS equations (2)-(10), the victim-selection weights of one entry on hand-worked
 * numbers (docs/policies/a2ws.md shows the arithmetic) and the draw among them. No MPI. */
#include "../src/a2ws_math.h"
#include "check.h"

#include <math.h>
#include <string.h>

#define CHECK_NEAR(a, b)                                                               \
    do {                                                                               \
        double check_x_ = (a), check_y_ = (b);                                         \
        check_count++;                                                                 \
        if (!(fabs(check_x_ - check_y_) <= 1e-6 * (1 + fabs(check_y_)))) {              \
            check_failures++;                                                          \
            fprintf(stderr, "%s:%d: CHECK_NEAR(%s, %s) failed: %.9g != %.9g\n",        \
                    __FILE__, __LINE__, #a, #b, check_x_, check_y_);                   \
        }                                                                              \
    } while (0)

/* One entry of the victim selection: its weight (call) and the amount it sets in d. */
#define CHECK_ENTRY(call, d, weight, amount)                                           \
    do {                                                                               \
        CHECK_NEAR((call), (weight));                                                  \
        CHECK_EQ((d), (amount));                                                       \
    } while (0)

/* §2.1 on every ring of 2..12 ranks and radius 1..7: the subsystem names distinct
 * ranks; every slot j != i of rank i is written by exactly one neighbour (i-1 for j < i,
 * i+1 for j > i: no two writers, so no lock), which names the same rank in the slot it
 * sends; nobody writes the own slot; and a rank's information reaches every rank whose
 * subsystem contains it, hop by hop through the owner of each slot. */
static int ladro__mod(int a, int P)
{
    return ((a % P) + P) % P;
}
static void check_ring(void)
{
    for (int P = 2; P <= 12; P++)
        for (int R = 1; R <= 7; R++) {
            int L, Rr;
            ladroi_a2ws_ring(P, R, &L, &Rr);
            int W = L + Rr + 1;
            CHECK(L <= R && Rr <= R && W <= P && W >= 2);
            if (2 * R + 1 <= P)
                CHECK(L == R && Rr == R); /* eq. (1): 2R + 1 slots */
            else
                CHECK(W == P);            /* small rings: everyone, once */
            int writes[12][15];
            memset(writes, 0, sizeof writes);
            for (int w = 0; w < P; w++)
                for (int dir = -1; dir <= 1; dir += 2) {
                    int x0, x1, shift, to = ladro__mod(w + dir, P);
                    ladroi_a2ws_send_range(L, Rr, dir, &x0, &x1, &shift);
                    for (int x = x0; x <= x1; x++) {
                        int y = x + shift;
                        CHECK(x >= 0 && x < W && y >= 0 && y < W);
                        if (y < 0 || y >= W)
                            continue;
                        /* the writer's slot x and the receiver's slot y are one rank */
                        CHECK_EQ(ladro__mod(w + x - L, P), ladro__mod(to + y - L, P));
                        /* p(i-1) writes j < i (y < L), p(i+1) writes j > i (y > L) */
                        CHECK(dir > 0 ? y < L : y > L);
                        writes[to][y]++;
                    }
                }
            for (int i = 0; i < P; i++)
                for (int y = 0; y < W; y++)
                    CHECK_EQ(writes[i][y], y == L ? 0 : 1);
            /* propagation: follow slot y of rank i back to its owner */
            for (int i = 0; i < P; i++)
                for (int y = 0; y < W; y++) {
                    int cur = i, cy = y, hops = 0;
                    while (cy != L && hops <= P) {
                        int from = ladro__mod(cur + (cy < L ? -1 : 1), P);
                        int fy = cy + (cy < L ? 1 : -1); /* the sender's index of that rank */
                        cur = from;
                        cy = fy;
                        hops++;
                    }
                    CHECK_EQ(cur, ladro__mod(i + y - L, P));
                    CHECK(hops == (y > L ? y - L : L - y));
                }
        }
    /* the default radius: the whole ring up to whole_max ranks (every rank in every
     * subsystem, each once); beyond, or with whole_max = 0, ceil(P/4) -- 1 up to 4 ranks,
     * 2 at 8, 4 at 16 and 16 at 64, the paper's best of R = 1 .. 32 on 64 nodes (Fig. 4)
     * -- capped at radius_max */
    for (int P = 1; P <= 200; P++) {
        int Rd = ladroi_a2ws_default_radius(P, 0, 0), L, Rr;
        CHECK(Rd >= 1 && 4 * Rd >= P && (P <= 4 || 4 * (Rd - 1) < P));
        CHECK_EQ(ladroi_a2ws_default_radius(P, 0, 256), Rd);
        CHECK_EQ(ladroi_a2ws_default_radius(P, 1024, 256), P > 1 ? P / 2 : 1);
        ladroi_a2ws_ring(P, ladroi_a2ws_default_radius(P, 1024, 256), &L, &Rr);
        CHECK_EQ(L + Rr + 1, P); /* the whole ring, every rank once */
        CHECK_EQ(ladroi_a2ws_default_radius(P, P - 1, 0), Rd); /* beyond whole_max */
    }
    /* paper=1: 20 % of the ranks (A2WS §4), to the nearest integer, at least 1: the
     * paper's 8-128 nodes get 2, 3, 6, 13, 26 */
    CHECK_EQ(ladroi_a2ws_paper_radius(1), 1);
    CHECK_EQ(ladroi_a2ws_paper_radius(4), 1);
    CHECK_EQ(ladroi_a2ws_paper_radius(8), 2);
    CHECK_EQ(ladroi_a2ws_paper_radius(16), 3);
    CHECK_EQ(ladroi_a2ws_paper_radius(32), 6);
    CHECK_EQ(ladroi_a2ws_paper_radius(64), 13);
    CHECK_EQ(ladroi_a2ws_paper_radius(128), 26);
    CHECK_EQ(ladroi_a2ws_paper_radius(1000), 200);
    CHECK_EQ(ladroi_a2ws_default_radius(4, 0, 256), 1);
    CHECK_EQ(ladroi_a2ws_default_radius(8, 0, 256), 2);
    CHECK_EQ(ladroi_a2ws_default_radius(9, 0, 256), 3);
    CHECK_EQ(ladroi_a2ws_default_radius(16, 0, 256), 4);
    CHECK_EQ(ladroi_a2ws_default_radius(64, 0, 256), 16);
    CHECK_EQ(ladroi_a2ws_default_radius(1024, 1024, 256), 512);
    CHECK_EQ(ladroi_a2ws_default_radius(1025, 1024, 256), 256); /* ceil(1025/4) capped */
    CHECK_EQ(ladroi_a2ws_default_radius(100000, 1024, 256), 256);
    CHECK_EQ(ladroi_a2ws_default_radius(100000, 1024, 0), 25000);
    /* 8 ranks: radius 1 gives 3 slots, ceil(P/4) = 2 gives 5, radius 4 the whole ring
     * (3 + 1 + 4) */
    int L, Rr;
    ladroi_a2ws_ring(8, 1, &L, &Rr);
    CHECK(L == 1 && Rr == 1);
    ladroi_a2ws_ring(8, ladroi_a2ws_default_radius(8, 0, 256), &L, &Rr);
    CHECK(L == 2 && Rr == 2);
    ladroi_a2ws_ring(8, 4, &L, &Rr);
    CHECK(L == 3 && Rr == 4);
    ladroi_a2ws_ring(2, 3, &L, &Rr);
    CHECK(L == 0 && Rr == 1);
}

/* By name, a rank without a finished task (docs/policies/a2ws.md, "Old news"). */
static void check_unfinished(void)
{
    /* no travel known (paper=1): the elapsed time, §2.2.1 */
    CHECK_NEAR(ladroi_a2ws_unfinished_t(0.0805, 0.0, 0.0, 0.010), 0.0805);
    /* 100 000 simulated ranks: the start news took 68.6 ms, the first task's end (10 ms)
     * is still on its way 80.5 ms in. Counting 80.5 - 68.6 = 11.9 ms made the rank 18 %
     * slower than the others (10.06 ms) and moved tasks between equal ranks. */
    CHECK_NEAR(ladroi_a2ws_unfinished_t(0.0805, 0.0, 0.0686, 0.01006), 0.01006);
    /* under the mean, nothing says it is slower: the elapsed time (it is not faster) */
    CHECK_NEAR(ladroi_a2ws_unfinished_t(0.006, 0.001, 0.002, 0.010), 0.005);
    /* a near rank long overdue is slow: 0.5 s in, news 10 ms away, 2 x 10 ms allowed */
    CHECK_NEAR(ladroi_a2ws_unfinished_t(0.5, 0.0, 0.010, 0.010), 0.48);
}

/* a2ws_exchange=lean: what goes out at once, what waits for the refresh (puts of
 * 10 us: LADROI_A2WS_REFRESH x 10 us = 1 ms), what never goes (no change). */
static void check_significant(void)
{
    const double put = 10e-6, soon = 1e-6, late = LADROI_A2WS_REFRESH * put;
    ladroi_a2ws_info_t sent = {.t = 0.002, .n = 40, .q = 20, .first = 0.5}, c;
    c = sent; /* nothing changed: never, however late */
    CHECK_EQ(ladroi_a2ws_significant(&c, &sent, soon, put), 0);
    CHECK_EQ(ladroi_a2ws_significant(&c, &sent, 10 * late, put), 0);
    c.n = 31; /* a quarter of 40 is 10: 9 fewer waits for the refresh */
    CHECK_EQ(ladroi_a2ws_significant(&c, &sent, soon, put), 0);
    CHECK_EQ(ladroi_a2ws_significant(&c, &sent, late, put), 1);
    c.n = 29; /* 11 fewer: at once */
    CHECK_EQ(ladroi_a2ws_significant(&c, &sent, soon, put), 1);
    c = sent;
    c.q = 26; /* q: 6 more of 20, over a quarter */
    CHECK_EQ(ladroi_a2ws_significant(&c, &sent, soon, put), 1);
    c.q = 24;
    CHECK_EQ(ladroi_a2ws_significant(&c, &sent, soon, put), 0);
    /* no longer offers a task: at once, whatever the size */
    ladroi_a2ws_info_t few = sent;
    few.q = 1;
    c = few;
    c.q = 0;
    CHECK_EQ(ladroi_a2ws_significant(&c, &few, soon, put), 1);
    CHECK_EQ(ladroi_a2ws_significant(&few, &c, soon, put), 1); /* and offers one again */
    few.q = 2; /* small counts are measured against 4: 2 -> 3 waits */
    c = few;
    c.q = 3;
    CHECK_EQ(ladroi_a2ws_significant(&c, &few, soon, put), 0);
    c.q = 4; /* 2 -> 4: |4 - 2| = 2 > 0.25 x 4, at once */
    CHECK_EQ(ladroi_a2ws_significant(&c, &few, soon, put), 1);
    c = sent;
    c.t = 0.0026; /* t: 30 % slower at once, 20 % waits */
    CHECK_EQ(ladroi_a2ws_significant(&c, &sent, soon, put), 1);
    c.t = 0.0024;
    CHECK_EQ(ladroi_a2ws_significant(&c, &sent, soon, put), 0);
    c = sent;
    c.first = 0.7; /* the first task's start: at once */
    CHECK_EQ(ladroi_a2ws_significant(&c, &sent, soon, put), 1);
    c = sent;
    c.n = 39; /* with no put measured yet (put_s 0), any change goes at once */
    CHECK_EQ(ladroi_a2ws_significant(&c, &sent, 0, 0), 1);
}

/* §2.2.2's draw (ladroi_a2ws_draw) over an array, through its weight callback: each
 * call must come in index order, once per entry. */
typedef struct draw_ctx {
    const double *w;
    int calls;
} draw_ctx_t;
static double draw_weight(void *ctx, int j)
{
    draw_ctx_t *d = ctx;
    CHECK_EQ(j, d->calls); /* 0, 1, 2, ... */
    d->calls++;
    return d->w[j];
}
/* The entry drawn with u, the weights summed in index order as ladro__decide sums them;
 * *calls: the weights asked for. */
static int draw(const double *w, int n, double u, int *calls)
{
    double sum = 0;
    for (int j = 0; j < n; j++)
        sum += w[j];
    draw_ctx_t d = {.w = w};
    int j = ladroi_a2ws_draw(draw_weight, &d, n, sum, u);
    *calls = d.calls;
    return j;
}
static void check_draw(void)
{
    /* weights 0.5, 1.5, 2 (sum 4) between zeros: entry 1 for u in [0, 0.125), 3 for
     * [0.125, 0.5), 4 for [0.5, 1); the bounds are exact in binary */
    const double w[6] = {0, 0.5, 0, 1.5, 2, 0};
    const double lo[6] = {0, 0, 0, 0.125, 0.5, 0}, hi[6] = {0, 0.125, 0, 0.5, 1, 0};
    int calls;
    for (int i = 0; i < 6; i++) {
        if (w[i] <= 0)
            continue;
        CHECK_EQ(draw(w, 6, lo[i], &calls), i);          /* u = cum_{i-1} / sum */
        CHECK_EQ(calls, i + 1);                          /* stops at the entry drawn */
        CHECK_EQ(draw(w, 6, nextafter(hi[i], 0), &calls), i); /* just below cum_i / sum */
        CHECK_EQ(calls, i + 1);
    }
    CHECK_EQ(draw(w, 6, 0.125, &calls), 3); /* u = cum_1 / sum: the next one */
    CHECK_EQ(draw(w, 6, 0.5, &calls), 4);
    /* u -> 1: the last positive weight, not the zero after it; u * sum = sum (u = 1,
     * as rounding can give) falls past every cum and draws it too, having asked all */
    CHECK_EQ(draw(w, 6, nextafter(1, 0), &calls), 4);
    CHECK_EQ(draw(w, 6, 1, &calls), 4);
    CHECK_EQ(calls, 6);
    /* on a grid of u, each entry drawn with frequency w / sum, zeros never */
    const double v[7] = {0.3, 0, 0.1, 0.25, 0, 0.05, 0.3};
    int hits[7] = {0}, grid = 2000;
    for (int k = 0; k < grid; k++) {
        int j = draw(v, 7, (k + 0.5) / grid, &calls);
        CHECK(j >= 0 && j < 7);
        if (j >= 0 && j < 7)
            hits[j]++;
    }
    for (int j = 0; j < 7; j++)
        CHECK_NEAR((double)hits[j] / grid, v[j]); /* v sums to 1 */
    /* no positive weight: none, whatever u, without asking for a weight */
    const double zero[4] = {0, 0, 0, 0};
    CHECK_EQ(draw(zero, 4, 0, &calls), -1);
    CHECK_EQ(draw(zero, 4, 0.5, &calls), -1);
    CHECK_EQ(draw(zero, 4, nextafter(1, 0), &calls), -1);
    CHECK_EQ(calls, 0);
    CHECK_EQ(draw(zero, 0, 0.5, &calls), -1);
    /* a NaN weight makes the sum NaN: no draw (the caller's decision then has no victim) */
    const double nan_w[3] = {0.5, NAN, 0.5};
    CHECK_EQ(draw(nan_w, 3, 0.1, &calls), -1);
    CHECK_EQ(calls, 0);
    /* one candidate: drawn for any u */
    const double one[3] = {0, 0, 7};
    CHECK_EQ(draw(one, 3, 0, &calls), 2);
    CHECK_EQ(draw(one, 3, nextafter(1, 0), &calls), 2);
}

int main(void)
{
    check_ring();
    /* Three processes, 10 tasks each, 1, 2 and 4 s per task.
     * N = 30, T = 1 + 1/2 + 1/4 = 1.75, t_ideal = 30 / 1.75 = 17.142857 s. */
    const double n[3] = {10, 10, 10}, t[3] = {1, 2, 4};
    CHECK_NEAR(ladroi_a2ws_t_ideal(n, t, 3), 30 / 1.75);                  /* eq. (2) */
    CHECK_NEAR(ladroi_a2ws_n_ideal(30, 1.75, 1), 17.142857142857);       /* eq. (3) */
    CHECK_NEAR(ladroi_a2ws_n_ideal(30, 1.75, 4), 4.285714285714);
    /* eq. (4): S_0 = 17.142857 - 10, S_1 = 8.571429 - 10, S_2 = 4.285714 - 10; sum 0 */
    CHECK_NEAR(ladroi_a2ws_steal_rate(n, t, 3, 0), 7.142857142857);
    CHECK_NEAR(ladroi_a2ws_steal_rate(n, t, 3, 1), -1.428571428571);
    CHECK_NEAR(ladroi_a2ws_steal_rate(n, t, 3, 2), -5.714285714286);

    /* eq. (5): the subsystem of radius 1 around entry 2 of a 5-process ring, i.e. the
     * entries 1..3 only: n = {4, 8, 0}, t = {1, 1, 0.5}: N = 12, T = 4, n_ideal of the
     * middle one = 12 / (1 * 4) = 3, S = 3 - 8 = -5; the right one: 12 / (0.5 * 4) = 6. */
    const double n5[5] = {100, 4, 8, 0, 100}, t5[5] = {9, 1, 1, 0.5, 9};
    CHECK_NEAR(ladroi_a2ws_steal_rate(n5 + 1, t5 + 1, 3, 1), -5);
    CHECK_NEAR(ladroi_a2ws_steal_rate(n5 + 1, t5 + 1, 3, 2), 6);
    /* ... while eq. (4) over all five (N = 212, T = 4 + 2/9) gives another answer */
    CHECK_NEAR(ladroi_a2ws_steal_rate(n5, t5, 5, 2), 212 / (4 + 2.0 / 9) - 8);

    /* eq. (6): U = (n + s) t */
    CHECK_NEAR(ladroi_a2ws_runtime(10, 2, -3), 14);
    CHECK_NEAR(ladroi_a2ws_runtime(10, 1, 3), 13);
    /* eq. (8): thief (10, 1 s), victim (10, 4 s), s = 3: max(7 * 4, 13 * 1) = 28 */
    CHECK_NEAR(ladroi_a2ws_gamma(3, 10, 1, 10, 4), 28);
    /* eq. (7): s = 5.714: gamma(5) = max(5*4, 15) = 20, gamma(6) = max(4*4, 16) = 16 -> 6 */
    CHECK_EQ(ladroi_a2ws_round(5.714285714286, 10, 1, 10, 4), 6);
    /* s = 2.5, thief (0, 1), victim (3, 1): gamma(2) = max(1, 2) = 2 < gamma(3) = 3 -> 2 */
    CHECK_EQ(ladroi_a2ws_round(2.5, 0, 1, 3, 1), 2);
    /* s = 1.5: gamma(1) = max(2, 1) = 2 = gamma(2) = max(1, 2): a tie takes the ceiling */
    CHECK_EQ(ladroi_a2ws_round(1.5, 0, 1, 3, 1), 2);
    /* an integer s is kept */
    CHECK_EQ(ladroi_a2ws_round(4, 0, 1, 3, 1), 4);

    /* eq. (10): (10 + 10) * 4 / (4 + 1) - 10 = 6; eq. (9) in the paper's first form,
     * (n_i + n_j) / (t_i (1/t_i + 1/t_j)) - n_i = 20 / 1.25 - 10 = 6, the same. */
    CHECK_NEAR(ladroi_a2ws_pair_rate(10, 1, 10, 4), 6);
    CHECK_NEAR(ladroi_a2ws_pair_rate(10, 1, 10, 4), 20 / (1 * (1 + 0.25)) - 10);
    CHECK_NEAR(ladroi_a2ws_pair_rate(10, 1, 10, 2), 20.0 * 2 / 3 - 10);

    /* Victim selection, §2.2.2, one entry at a time (the policy weighs each slot that
     * offers a task, never its own). Closest rate, thief 0 of the 3-process system:
     * N = 30, T = 1.75 (eq. (2)), S_0 = 7.142857 (eq. (4)).
     * j = 1: S_1 = -1.428571, amount 1.428571, gamma(1) = max(9*2, 11) = 18,
     *        gamma(2) = max(8*2, 12) = 16 -> D = 2; weight 1/(1 + 5.714286) = 0.148936
     * j = 2: S_2 = -5.714286, amount 5.714286 -> D = 6 (above); weight 1/(1 + 1.428571)
     *        = 0.411765, and the take is capped by what it holds (avail 3). */
    const double N = 30, T = 1.75;
    const double S0 = ladroi_a2ws_steal_rate(n, t, 3, 0), S2 = ladroi_a2ws_steal_rate(n, t, 3, 2);
    long d1 = -1, d2 = -1;
    double w1 = ladroi_a2ws_closest_one(N, T, S0, n[0], t[0], n[1], t[1], 10, &d1);
    double w2 = ladroi_a2ws_closest_one(N, T, S0, n[0], t[0], n[2], t[2], 3, &d2);
    CHECK_NEAR(w1, 1 / (1 + (7.142857142857 - 1.428571428571)));
    CHECK_NEAR(w2, 1 / (1 + (7.142857142857 - 5.714285714286)));
    CHECK_EQ(d1, 2);
    CHECK_EQ(d2, 3);
    /* drawn with probability w / sum: 0.148936 / 0.560701 and 0.411765 / 0.560701; the
     * rank of the nearest opposite rate is the likelier victim */
    CHECK_NEAR(w1 / (w1 + w2), 0.148936170 / (0.148936170 + 0.411764706));
    CHECK(w2 > w1);
    /* uncapped, j = 2 gives its whole rounded amount: 6 */
    CHECK_ENTRY(ladroi_a2ws_closest_one(N, T, S0, n[0], t[0], n[2], t[2], 10, &d2), d2, w2, 6);
    /* a process with S <= 0 has no closest-rate victim (thief 2: S_2 < 0) */
    CHECK_ENTRY(ladroi_a2ws_closest_one(N, T, S2, n[2], t[2], n[0], t[0], 10, &d1), d1, 0, 0);
    CHECK_ENTRY(ladroi_a2ws_closest_one(N, T, S2, n[2], t[2], n[1], t[1], 10, &d1), d1, 0, 0);
    CHECK_ENTRY(ladroi_a2ws_closest_one(N, T, -1, n[0], t[0], n[2], t[2], 3, &d1), d1, 0, 0);
    /* a victim that holds nothing is no candidate */
    CHECK_ENTRY(ladroi_a2ws_closest_one(N, T, S0, n[0], t[0], n[1], t[1], 0, &d1), d1, 0, 0);
    CHECK_ENTRY(ladroi_a2ws_closest_one(N, T, S0, n[0], t[0], n[2], t[2], 0, &d2), d2, 0, 0);
    /* a victim with S_j >= 0 is no candidate either (j = 0 seen from a thief S > 0) */
    CHECK_ENTRY(ladroi_a2ws_closest_one(N, T, 1, n[1], t[1], n[0], t[0], 10, &d1), d1, 0, 0);

    /* In-pair, thief 0: j = 1: eq. (10) = 3.333, gamma(3) = max(7*2, 13) = 14,
     * gamma(4) = max(6*2, 14) = 14 -> tie -> 4, weight 4; j = 2: 6 -> D = 6, weight 6. */
    CHECK_ENTRY(ladroi_a2ws_pair_one(n[0], t[0], n[1], t[1], 10, &d1), d1, 4, 4);
    CHECK_ENTRY(ladroi_a2ws_pair_one(n[0], t[0], n[2], t[2], 10, &d2), d2, 6, 6);
    /* capped by what the victim holds: the weight is the amount taken */
    CHECK_ENTRY(ladroi_a2ws_pair_one(n[0], t[0], n[2], t[2], 5, &d2), d2, 5, 5);
    CHECK_ENTRY(ladroi_a2ws_pair_one(n[0], t[0], n[2], t[2], 0, &d2), d2, 0, 0);
    /* the slowest process pairs with nobody: every pair rate is negative */
    CHECK_ENTRY(ladroi_a2ws_pair_one(n[2], t[2], n[0], t[0], 10, &d1), d1, 0, 0);
    CHECK_ENTRY(ladroi_a2ws_pair_one(n[2], t[2], n[1], t[1], 10, &d2), d2, 0, 0);
    check_significant();
    check_unfinished();
    check_draw();
    return CHECK_REPORT("test_a2ws_math");
}
