/* A2WS equations (2)-(10) and the victim-selection weights of §2.2.2: see a2ws_math.h. */
#include "a2ws_math.h"

#include <math.h>

static void ladro__sums(const double *n, const double *t, int count, double *N, double *T)
{
    *N = 0;
    *T = 0;
    for (int j = 0; j < count; j++) {
        *N += n[j];
        *T += 1.0 / t[j];
    }
}

/* A2WS eq. (2): ideal runtime of the (sub)system */
double ladroi_a2ws_t_ideal(const double *n, const double *t, int count)
{
    double N, T;
    ladro__sums(n, t, count, &N, &T);
    return T > 0 ? N / T : 0;
}

/* A2WS eq. (3): ideal task count of a process of task runtime t_i */
double ladroi_a2ws_n_ideal(double N, double T, double t_i)
{
    return N / (t_i * T);
}

/* A2WS eq. (4) (whole system) / eq. (5) (subsystem of radius R): steal rate of i */
double ladroi_a2ws_steal_rate(const double *n, const double *t, int count, int i)
{
    double N, T;
    ladro__sums(n, t, count, &N, &T);
    return ladroi_a2ws_n_ideal(N, T, t[i]) - n[i];
}

/* A2WS eq. (6): runtime of process k after gaining s tasks */
double ladroi_a2ws_runtime(double n_k, double t_k, double s)
{
    return (n_k + s) * t_k;
}

/* A2WS eq. (8): expected runtime of the pair thief i / victim j when i takes s */
double ladroi_a2ws_gamma(double s, double n_i, double t_i, double n_j, double t_j)
{
    double v = ladroi_a2ws_runtime(n_j, t_j, -s), th = ladroi_a2ws_runtime(n_i, t_i, s);
    return v > th ? v : th;
}

/* A2WS eq. (7): round the steal rate to the integer giving the smaller pair runtime */
long ladroi_a2ws_round(double s, double n_i, double t_i, double n_j, double t_j)
{
    double lo = floor(s), hi = ceil(s);
    if (ladroi_a2ws_gamma(lo, n_i, t_i, n_j, t_j) < ladroi_a2ws_gamma(hi, n_i, t_i, n_j, t_j))
        return (long)lo;
    return (long)hi;
}

/* A2WS eqs. (9)-(10): in-pair steal rate of thief i against j */
double ladroi_a2ws_pair_rate(double n_i, double t_i, double n_j, double t_j)
{
    return (n_i + n_j) * t_j / (t_j + t_i) - n_i;
}

static long ladro__cap(long d, double avail)
{
    long a = (long)floor(avail);
    return d < a ? d : a;
}

/* A2WS §2.2.2, first criterion ("closest rate"): the weight of one entry j */
double ladroi_a2ws_closest_one(double N, double T, double s_self, double n_i, double t_i,
                               double n_j, double t_j, double avail_j, long *take)
{
    *take = 0;
    if (s_self <= 0 || avail_j < 1)
        return 0;
    double s_j = ladroi_a2ws_n_ideal(N, T, t_j) - n_j;
    if (s_j >= 0)
        return 0;
    double amount = s_self < -s_j ? s_self : -s_j;
    long d = ladro__cap(ladroi_a2ws_round(amount, n_i, t_i, n_j, t_j), avail_j);
    if (d < 1)
        return 0;
    *take = d;
    return 1.0 / (1.0 + fabs(s_self + s_j));
}

/* A2WS §2.2.2, second criterion ("in-pair", eq. (10)): the weight of one entry j */
double ladroi_a2ws_pair_one(double n_i, double t_i, double n_j, double t_j, double avail_j,
                            long *take)
{
    *take = 0;
    if (avail_j < 1)
        return 0;
    double s = ladroi_a2ws_pair_rate(n_i, t_i, n_j, t_j);
    if (s <= 0)
        return 0;
    long d = ladro__cap(ladroi_a2ws_round(s, n_i, t_i, n_j, t_j), avail_j);
    if (d < 1)
        return 0;
    *take = d;
    return (double)d;
}

/* The default radius: the whole ring up to whole_max ranks, else a quarter of the ranks
 * rounded up (A2WS §4, Fig. 4), capped at radius_max */
int ladroi_a2ws_default_radius(int P, int whole_max, int radius_max)
{
    if (P < 2)
        return 1;
    if (whole_max > 0 && P <= whole_max)
        return P / 2; /* eq. (1) clamped: L = (P-1)/2, Rr = P-1-L, every rank once */
    int R = (P + 3) / 4;
    return radius_max > 0 && R > radius_max ? radius_max : R;
}

int ladroi_a2ws_paper_radius(int P)
{
    int R = (2 * P + 5) / 10; /* P/5 to the nearest integer, halves up */
    return R < 1 ? 1 : R;
}

/* A2WS eq. (1): P_sub = 2R + 1, clamped to distinct ranks */
void ladroi_a2ws_ring(int P, int R, int *L, int *Rr)
{
    if (R < 1)
        R = 1;
    if (P < 1)
        P = 1;
    *L = R < (P - 1) / 2 ? R : (P - 1) / 2;
    *Rr = R < P - 1 - *L ? R : P - 1 - *L;
}

/* A2WS §2.1: p(i-1) writes the positions i-R..i-1 of p(i), p(i+1) writes i+1..i+R */
void ladroi_a2ws_send_range(int L, int Rr, int dir, int *x0, int *x1, int *shift)
{
    if (dir > 0) { /* to i+1: ranks i+1-L .. i, i.e. my offsets -L+1 .. 0 */
        *x0 = 1;
        *x1 = L;
        *shift = -1;
    } else { /* to i-1: ranks i .. i-1+Rr, i.e. my offsets 0 .. Rr-1 */
        *x0 = L;
        *x1 = L + Rr - 1;
        *shift = +1;
    }
}

/* |x - y| beyond LADROI_A2WS_SIG of the larger of |y| and floor */
static int ladro__moved(double x, double y, double floor)
{
    double ref = fabs(y) > floor ? fabs(y) : floor;
    return fabs(x - y) > LADROI_A2WS_SIG * ref;
}

double ladroi_a2ws_unfinished_t(double now, double first, double travel, double mean_t)
{
    double e = now - first;
    if (!(travel > 0))
        return e;
    double least = e < mean_t ? e : mean_t, t = e - LADROI_A2WS_NEWS_SLACK * travel;
    return t < least ? least : t;
}

int ladroi_a2ws_significant(const ladroi_a2ws_info_t *cur, const ladroi_a2ws_info_t *sent,
                            double age, double put_s)
{
    if ((cur->q >= 1) != (sent->q >= 1) || cur->first != sent->first)
        return 1;
    if (ladro__moved(cur->t, sent->t, 0) || ladro__moved(cur->n, sent->n, LADROI_A2WS_FLOOR) ||
        ladro__moved(cur->q, sent->q, LADROI_A2WS_FLOOR))
        return 1;
    int any = cur->t != sent->t || cur->n != sent->n || cur->q != sent->q;
    return any && age >= LADROI_A2WS_REFRESH * put_s;
}
