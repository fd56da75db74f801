/* The arithmetic of A2WS (Fernandes et al., "Adaptive Asynchronous Work-Stealing"),
 * equations (2)-(10), as pure functions: no MPI, no handle, no allocation. The policy
 * (src/policy/a2ws.c) calls them on its information vector; tests/test_a2ws_math.c
 * checks them on hand-worked numbers; the simulator can call the same code.
 *
 * Notation of the paper: for a process j, t_j is its average task runtime (seconds per
 * task, > 0) and n_j its total number of tasks, executed and still queued. A (sub)system
 * is given as two arrays n[0..count), t[0..count). */
#ifndef LADRO_A2WS_MATH_H
#define LADRO_A2WS_MATH_H

/* Eq. (2): t_ideal = N / T, N = sum n_j, T = sum 1/t_j. */
double ladroi_a2ws_t_ideal(const double *n, const double *t, int count);
/* Eq. (3): n_ideal of a process of runtime t_i = (1/t_i) * t_ideal = N / (t_i T). */
double ladroi_a2ws_n_ideal(double N, double T, double t_i);
/* Eq. (4) over the whole system, or eq. (5) when the arrays hold the subsystem
 * i-R..i+R: S_i = N / (t_i T) - n_i for entry i. > 0: i should steal; < 0: i has a
 * surplus others should take. */
double ladroi_a2ws_steal_rate(const double *n, const double *t, int count, int i);
/* Eq. (6): expected runtime of process k after it gains s tasks (s < 0: loses -s),
 * U = (n_k + s) * t_k. (The paper prints (n_k + S) / t_k; with t_k a time per task,
 * as in eqs. (2)-(3), the runtime is the product.) */
double ladroi_a2ws_runtime(double n_k, double t_k, double s);
/* Eq. (8): gamma(s) = max(U(-s) of the victim j, U(s) of the thief i). */
double ladroi_a2ws_gamma(double s, double n_i, double t_i, double n_j, double t_j);
/* Eq. (7): D = floor(s) if gamma(floor s) < gamma(ceil s), else ceil(s). */
long ladroi_a2ws_round(double s, double n_i, double t_i, double n_j, double t_j);
/* Eqs. (9)-(10): the in-pair steal rate of thief i against j,
 * S = (n_i + n_j) t_j / (t_j + t_i) - n_i. */
double ladroi_a2ws_pair_rate(double n_i, double t_i, double n_j, double t_j);

/* Victim selection, §2.2.2, one entry j != i of a (sub)system at a time (i is the
 * thief; avail_j is what j is believed to still have queued): its selection weight (0:
 * not a candidate) and in *take the tasks to take from it (0 when the weight is 0). The
 * caller (the policy's ladro__decide) weighs the entries j != i, draws one with
 * probability weight / sum(weights) and takes its *take; an entry with avail_j < 1
 * weighs 0 and may be skipped.
 *
 * Closest rate: needs the subsystem's N and T (eq. (2)) and s_self = S_i (eq. (5)).
 * When S_i > 0 and S_j < 0, j would give D_j = round(min(S_i, -S_j)) tasks (eq. (7)),
 * capped by avail_j; its weight is 1 / (1 + |S_i + S_j|) if D_j >= 1 (the opposite rate
 * of the same size is the best match), else 0.
 * In-pair: D_j = round(eq. (10)), capped by avail_j; weight D_j when D_j >= 1, else 0. */
double ladroi_a2ws_closest_one(double N, double T, double s_self, double n_i, double t_i,
                               double n_j, double t_j, double avail_j, long *take);
double ladroi_a2ws_pair_one(double n_i, double t_i, double n_j, double t_j, double avail_j,
                            long *take);
/* §2.2.2's draw: entry j with probability w_j / sum, without an array of weights.
 * weight(ctx, j) is entry j's weight (<= 0: no candidate), sum the caller's sum of the
 * weights of entries 0..count-1 in index order, u uniform in [0, 1). With cum_j the sum
 * of the positive weights up to and including j, returns the j of positive weight with
 * cum_{j-1} <= u * sum < cum_j; the last positive one when rounding leaves u * sum at
 * or past the last cum (u close to 1); -1 when sum is not > 0 (no candidate, or a NaN).
 * Calls weight in index order, once per entry, up to the one returned (all of them when
 * it is the last positive one). */
typedef double (*ladroi_a2ws_weight_fn)(void *ctx, int j);
/* Inline: the caller's weight function is then inlined too, as a loop of its own would
 * be (a decision weighs up to 2R+1 slots). */
static inline int ladroi_a2ws_draw(ladroi_a2ws_weight_fn weight, void *ctx, int count,
                                   double sum, double u)
{
    if (!(sum > 0))
        return -1;
    double at = u * sum, acc = 0;
    int last = -1;
    for (int j = 0; j < count; j++) {
        double w = weight(ctx, j);
        if (w <= 0)
            continue;
        acc += w;
        last = j;
        if (at < acc)
            break;
    }
    return last;
}

/* What a rank publishes of itself (§2.1): t_j, n_j, q_j (tasks it exposes to thieves)
 * and `first` (when its first task started, < 0: none yet). */
typedef struct ladroi_a2ws_info {
    double t, n, q, first;
} ladroi_a2ws_info_t;
/* a2ws_exchange=lean (not in the paper, whose Table 1 sends every change;
 * docs/policies/a2ws.md, "A lean exchange"): 1 when a rank's own information
 * `cur` differs enough from `sent`, what it last published `age` seconds ago, to go to
 * its neighbours now: whether it offers a task (q >= 1) turned; its first task started;
 * t moved by more than LADROI_A2WS_SIG of the last value, or n or q by more than
 * LADROI_A2WS_SIG of the larger of the last value and LADROI_A2WS_FLOOR tasks; or, for
 * any change, `age` reached LADROI_A2WS_REFRESH times put_s, the mean time of one put
 * (so that a rank spends at most about 1 / LADROI_A2WS_REFRESH of its time publishing
 * small changes). 0 otherwise. */
#define LADROI_A2WS_SIG 0.25
#define LADROI_A2WS_FLOOR 4.0
#define LADROI_A2WS_REFRESH 100.0
int ladroi_a2ws_significant(const ladroi_a2ws_info_t *cur, const ladroi_a2ws_info_t *sent,
                            double age, double put_s);

/* By name (not in the paper; docs/policies/a2ws.md, "Old news"): the runtime to count
 * for a rank that has not finished its first task, which started at `first`, when its
 * last news took `travel` to come and the known ranks' mean runtime is mean_t (times in
 * s). §2.2.1 counts the elapsed time now - first (travel = 0 gives it). News moves a hop
 * per exchange, so the end of a far rank's first task may be on its way: the elapsed
 * time counts only up to when that news could have come, allowing it
 * LADROI_A2WS_NEWS_SLACK times as long as the last (a hop waits for the holder's next
 * exchange, so news is not as fast as the one before). Below min(elapsed, mean_t), where
 * nothing says the rank is slower than the others, it is that minimum. At 100 000
 * simulated ranks, 10 equal tasks each, rank 62's start news reached rank 99 978, 84 hops
 * away, in 68.6 ms, and the news of its first task's end had not come 70.5 ms after that
 * end: with a slack of 1 rank 62 counted 18 % slower than the others. */
#define LADROI_A2WS_NEWS_SLACK 2.0
double ladroi_a2ws_unfinished_t(double now, double first, double travel, double mean_t);

/* The default radius (a2ws's option radius = 0). Up to whole_max ranks, the whole ring:
 * P/2 (every rank in every subsystem, eq. 4 instead of eq. 5); beyond, or with
 * whole_max = 0, ceil(P/4), at least 1, capped at radius_max when radius_max > 0. The
 * paper's Fig. 4 (64 nodes, R = 1 .. 32) found R = 16, a quarter of the nodes, fastest
 * and R = 32 close; docs/policies/a2ws.md ("The default radius", "The whole ring") has
 * the measurements behind the rule: on ranks whose node kinds are numbered in blocks a
 * quarter of the ring sees a subsystem slower than the whole system. */
int ladroi_a2ws_default_radius(int P, int whole_max, int radius_max);
/* §4 after Fig. 4 (paper=1): "a fixed radius at 20% of the total number of nodes": P/5
 * to the nearest integer (the paper gives no rounding rule), at least 1. */
int ladroi_a2ws_paper_radius(int P);
/* §2.1, eq. (1): the subsystem of a rank on a ring of P ranks with radius R is the
 * ranks i-L .. i+Rr, L = min(R, (P-1)/2), Rr = min(R, P-1-L), so that its 2R+1 slots
 * (fewer when P is small) name distinct ranks. Slot index x = (j - i) + L. */
void ladroi_a2ws_ring(int P, int R, int *L, int *Rr);
/* §2.1: the slots a rank writes into a neighbour's vector. dir = +1: into i+1, the
 * slots j < i+1 (p(i-1) of i+1 writes j < i+1); dir = -1: into i-1, the slots j > i-1.
 * Sets this rank's index range [*x0, *x1] (empty when *x0 > *x1) and the shift to the
 * receiver's index (receiver index = x + *shift). */
void ladroi_a2ws_send_range(int L, int Rr, int dir, int *x0, int *x1, int *shift);

#endif
