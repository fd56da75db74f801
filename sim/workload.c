/* Pure workload and speed functions; see workload.h (same formulas as
 * apps/common/workload.c and src/config.c, checked by tests/test_shared.c). */
#ifndef _DEFAULT_SOURCE
#define _DEFAULT_SOURCE /* M_PI */
#endif
#include "workload.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char ladro_sim_wl_dist_accepted[] = "accepted: const, uniform:A,B (0<=A<=B), "
                                          "gauss:MEAN,SD, exp, bimodal:P,A,B (0<=P<=1)";
const char ladro_sim_wl_init_accepted[] = "accepted: even, one, gauss70-10";

void ladro_sim_wl_init(ladro_sim_wl_t *w)
{
    memset(w, 0, sizeof *w);
    w->seed = 1;
    w->tasks_per_rank = 10;
    w->work_ms = 10;
    w->dist = LADRO_SIM_WL_CONST;
    w->init = LADRO_SIM_INIT_EVEN;
}

int ladro_sim_wl_parse_dist(ladro_sim_wl_t *w, const char *v)
{
    double a, b, c;
    char tail;
    if (!strcmp(v, "const"))
        w->dist = LADRO_SIM_WL_CONST;
    else if (!strcmp(v, "exp"))
        w->dist = LADRO_SIM_WL_EXP;
    else if (sscanf(v, "uniform:%lf,%lf%c", &a, &b, &tail) == 2 && a >= 0 && b >= a &&
             isfinite(b))
        w->dist = LADRO_SIM_WL_UNIFORM, w->a = a, w->b = b;
    else if (sscanf(v, "gauss:%lf,%lf%c", &a, &b, &tail) == 2 && a >= 0 && b >= 0 &&
             isfinite(a) && isfinite(b))
        w->dist = LADRO_SIM_WL_GAUSS, w->a = a, w->b = b;
    else if (sscanf(v, "bimodal:%lf,%lf,%lf%c", &a, &b, &c, &tail) == 3 && a >= 0 && a <= 1 &&
             b >= 0 && c >= 0 && isfinite(b) && isfinite(c))
        w->dist = LADRO_SIM_WL_BIMODAL, w->a = a, w->b = b, w->c = c;
    else
        return -1;
    return 0;
}

int ladro_sim_wl_parse_init(ladro_sim_wl_t *w, const char *v)
{
    if (!strcmp(v, "even"))
        w->init = LADRO_SIM_INIT_EVEN;
    else if (!strcmp(v, "one"))
        w->init = LADRO_SIM_INIT_ONE;
    else if (!strcmp(v, "gauss70-10"))
        w->init = LADRO_SIM_INIT_GAUSS70_10;
    else
        return -1;
    return 0;
}

static uint64_t ladro__mix(uint64_t x)
{
    x += 0x9E3779B97F4A7C15ull;
    x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
    x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
    return x ^ (x >> 31);
}
static double ladro__unit(uint64_t *s)
{
    *s = ladro__mix(*s);
    return ((double)(*s >> 11) + 0.5) * 0x1.0p-53;
}
static double ladro__normal(uint64_t *s)
{
    double u1 = ladro__unit(s), u2 = ladro__unit(s);
    return sqrt(-2 * log(u1)) * cos(2 * M_PI * u2);
}

double ladro_sim_wl_task_seconds(const ladro_sim_wl_t *w, uint64_t id)
{
    uint64_t s = ladro__mix(w->seed * 0x100000001B3ull ^ id);
    double x;
    switch (w->dist) {
    case LADRO_SIM_WL_UNIFORM: x = w->a + (w->b - w->a) * ladro__unit(&s); break;
    case LADRO_SIM_WL_GAUSS: x = w->a + w->b * ladro__normal(&s); break;
    case LADRO_SIM_WL_EXP: x = -log(ladro__unit(&s)); break;
    case LADRO_SIM_WL_BIMODAL: x = ladro__unit(&s) < w->a ? w->c : w->b; break;
    default: x = 1; break;
    }
    return x < 0 ? 0 : w->work_ms * 1e-3 * x;
}

int ladro_sim_wl_task_owner(const ladro_sim_wl_t *w, uint64_t id, uint64_t ntasks, int nranks)
{
    switch (w->init) {
    case LADRO_SIM_INIT_ONE: return 0;
    case LADRO_SIM_INIT_GAUSS70_10: {
        uint64_t s = ladro__mix(w->seed ^ 0xABCDEFull ^ (id * 0x9E37ull));
        double r = nranks / 2.0 + 0.05 * nranks * ladro__normal(&s);
        long k = lround(floor(r));
        return k < 0 ? 0 : k >= nranks ? nranks - 1 : (int)k;
    }
    default: return (int)(id * (uint64_t)nranks / ntasks);
    }
}

/* A2WS Table 2: nodes of 1, 2, 4, 8, 16, 24 cores in counts 2k, k, k, k, k, 2k with
 * k = 2^(c-1); rank r of P maps to node floor(r * 8k / P); speed = cores / 24. */
static double ladro__profile(int c, int rank, int nranks)
{
    static const int cores[6] = {1, 2, 4, 8, 16, 24};
    static const int mult[6] = {2, 1, 1, 1, 1, 2};
    int k = 1 << (c - 1);
    int nodes = 8 * k;
    int node = (int)(((int64_t)rank * nodes) / nranks);
    for (int i = 0; i < 6; i++) {
        int n = mult[i] * k;
        if (node < n)
            return cores[i] / 24.0;
        node -= n;
    }
    return 1.0;
}

int ladro_sim_speeds(const char *spec, int nranks, double *speed, char *err, size_t errlen)
{
    static const char accepted[] =
        "accepted: a comma list of positive numbers (cycled over ranks) or C1..C5";
    if (!spec || !*spec) {
        snprintf(err, errlen, "speed '': empty; %s", accepted);
        return -1;
    }
    if ((spec[0] == 'C' || spec[0] == 'c') && spec[1] >= '1' && spec[1] <= '5' && !spec[2]) {
        for (int r = 0; r < nranks; r++)
            speed[r] = ladro__profile(spec[1] - '0', r, nranks);
        return 0;
    }
    double vals[1024], maxv = 0;
    int count = 0;
    const char *p = spec;
    for (;;) {
        char *end;
        double v = strtod(p, &end);
        if (end == p || (*end && *end != ',') || !(v > 0) || !isfinite(v) || v > 1e9 ||
            count == 1024) {
            snprintf(err, errlen, "speed '%s': entry %d is not a positive number; %s", spec,
                     count + 1, accepted);
            return -1;
        }
        vals[count++] = v;
        if (v > maxv)
            maxv = v;
        if (!*end)
            break;
        p = end + 1;
    }
    for (int r = 0; r < nranks; r++)
        speed[r] = vals[r % count] / maxv;
    return 0;
}
