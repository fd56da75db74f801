/* The synthetic workload's definition, pure; see workload_gen.h. */
#ifndef _DEFAULT_SOURCE /* smpicc defines it already */
#define _DEFAULT_SOURCE /* M_PI */
#endif
#include "workload_gen.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char wl_dist_accepted[] = "accepted: const, uniform:A,B (0<=A<=B), gauss:MEAN,SD, exp, "
                                "bimodal:P,A,B (0<=P<=1)";
const char wl_init_accepted[] = "accepted: even, one, gauss70-10";

void wl_spec_init(wl_spec_t *w)
{
    memset(w, 0, sizeof *w);
    w->seed = 1;
    w->tasks_per_rank = 50;
    w->work_ms = 10;
    w->dist = WL_CONST;
    w->init = WL_EVEN;
    w->payload = 16;
}

int wl_parse_dist(wl_spec_t *w, const char *v)
{
    double a, b, c;
    char tail;
    if (!strcmp(v, "const")) {
        w->dist = WL_CONST;
    } else if (!strcmp(v, "exp")) {
        w->dist = WL_EXP;
    } else if (sscanf(v, "uniform:%lf,%lf%c", &a, &b, &tail) == 2 && a >= 0 && b >= a &&
               isfinite(b)) {
        w->dist = WL_UNIFORM, w->a = a, w->b = b;
    } else if (sscanf(v, "gauss:%lf,%lf%c", &a, &b, &tail) == 2 && a >= 0 && b >= 0 &&
               isfinite(a) && isfinite(b)) {
        w->dist = WL_GAUSS, w->a = a, w->b = b;
    } else if (sscanf(v, "bimodal:%lf,%lf,%lf%c", &a, &b, &c, &tail) == 3 && a >= 0 &&
               a <= 1 && b >= 0 && c >= 0 && isfinite(b) && isfinite(c)) {
        w->dist = WL_BIMODAL, w->a = a, w->b = b, w->c = c;
    } else {
        return -1;
    }
    return 0;
}

int wl_parse_init(wl_spec_t *w, const char *v)
{
    if (!strcmp(v, "even"))
        w->init = WL_EVEN;
    else if (!strcmp(v, "one"))
        w->init = WL_ONE;
    else if (!strcmp(v, "gauss70-10"))
        w->init = WL_GAUSS70_10;
    else
        return -1;
    return 0;
}

/* splitmix64: per-task deterministic numbers */
static uint64_t mix(uint64_t x)
{
    x += 0x9E3779B97F4A7C15ull;
    x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
    x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
    return x ^ (x >> 31);
}
static double unit(uint64_t *s)
{
    *s = mix(*s);
    return ((double)(*s >> 11) + 0.5) * 0x1.0p-53;
}
static double normal(uint64_t *s)
{
    double u1 = unit(s), u2 = unit(s);
    return sqrt(-2 * log(u1)) * cos(2 * M_PI * u2);
}

uint64_t wl_ntasks(const wl_spec_t *w, int nranks)
{
    return w->tasks ? w->tasks : w->tasks_per_rank * (uint64_t)nranks;
}

double wl_task_seconds(const wl_spec_t *w, uint64_t id)
{
    uint64_t s = mix(w->seed * 0x100000001B3ull ^ id);
    double x;
    switch (w->dist) {
    case WL_UNIFORM: x = w->a + (w->b - w->a) * unit(&s); break;
    case WL_GAUSS: x = w->a + w->b * normal(&s); break;
    case WL_EXP: x = -log(unit(&s)); break;
    case WL_BIMODAL: x = unit(&s) < w->a ? w->c : w->b; break;
    default: x = 1; break;
    }
    return x < 0 ? 0 : w->work_ms * 1e-3 * x;
}

int wl_task_owner(const wl_spec_t *w, uint64_t id, uint64_t ntasks, int nranks)
{
    switch (w->init) {
    case WL_ONE: return 0;
    case WL_GAUSS70_10: { /* DLB_Bench: ~70% of tasks on ~10% of ranks, gaussian */
        uint64_t s = mix(w->seed ^ 0xABCDEFull ^ (id * 0x9E37ull));
        double r = nranks / 2.0 + 0.05 * nranks * normal(&s);
        long k = lround(floor(r));
        return k < 0 ? 0 : k >= nranks ? nranks - 1 : (int)k;
    }
    default: { /* blocks of q + 1 on the first ntasks mod nranks ranks, q on the others */
        uint64_t q = ntasks / (uint64_t)nranks, m = ntasks % (uint64_t)nranks;
        uint64_t big = m * (q + 1);
        return (int)(id < big ? id / (q + 1) : m + (id - big) / q);
    }
    }
}

void wl_fill_payload(unsigned char *p, size_t n, uint64_t id, double secs)
{
    memcpy(p, &secs, 8);
    uint64_t tag = mix(id);
    memcpy(p + 8, &tag, 8);
    for (size_t i = 16; i < n; i++)
        p[i] = (unsigned char)(mix(id + i) & 0xFF);
}

bool wl_check_payload(const unsigned char *p, size_t n, uint64_t id)
{
    uint64_t tag;
    memcpy(&tag, p + 8, 8);
    if (tag != mix(id))
        return false;
    for (size_t i = 16; i < n; i++)
        if (p[i] != (unsigned char)(mix(id + i) & 0xFF))
            return false;
    return true;
}

void wl_task_result(const unsigned char *payload, size_t n, uint64_t id, unsigned char *out,
                    size_t rb)
{
    uint64_t h = 1469598103934665603ull ^ id; /* FNV-1a over the payload */
    for (size_t i = 0; i < n; i++)
        h = (h ^ payload[i]) * 1099511628211ull;
    for (size_t i = 0; i < rb; i += 8) {
        uint64_t v = mix(h + i);
        memcpy(out + i, &v, rb - i < 8 ? rb - i : 8);
    }
}

uint64_t wl_result_sum(uint64_t id, const unsigned char *r, size_t rb)
{
    uint64_t h = mix(id);
    for (size_t i = 0; i < rb; i++)
        h = (h ^ r[i]) * 1099511628211ull;
    return mix(h);
}

/* Position of id in the ascending mine[0..n), or n. */
static uint64_t wl_find(const uint64_t *mine, uint64_t n, uint64_t id)
{
    uint64_t lo = 0, hi = n;
    while (lo < hi) {
        uint64_t mid = lo + (hi - lo) / 2;
        if (mine[mid] < id)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo < n && mine[lo] == id ? lo : n;
}

void wl_check_owner_results(const wl_spec_t *w, int rank, const uint64_t *mine, uint64_t n,
                            size_t rb, wl_result_next_fn next, void *ctx, const char *prog,
                            wl_results_check_t *out)
{
    unsigned char *home = calloc(n ? n : 1, 1);
    unsigned char *got = malloc(rb + 8), *want = malloc(rb + 8), *pay = malloc(w->payload);
    uint64_t sum_got = 0, sum_want = 0, id, wrong = 0, missing = 0;
    if (!home || !got || !want || !pay) {
        fprintf(stderr, "%s: rank %d: out of memory for the results check\n", prog, rank);
        wrong++;
    }
    while (home && got && want && pay && next(ctx, &id, got) == 0) {
        out->received++;
        sum_got += wl_result_sum(id, got, rb);
        uint64_t k = wl_find(mine, n, id);
        if (k == n || home[k]++) {
            if (wrong++ < 5)
                fprintf(stderr, "%s: rank %d: result of task %llu is not mine or came "
                        "twice\n", prog, rank, (unsigned long long)id);
            continue;
        }
        wl_fill_payload(pay, w->payload, id, wl_task_seconds(w, id));
        wl_task_result(pay, w->payload, id, want, rb);
        if (memcmp(want, got, rb) && wrong++ < 5)
            fprintf(stderr, "%s: rank %d: result of task %llu is wrong\n", prog, rank,
                    (unsigned long long)id);
    }
    for (uint64_t k = 0; home && want && pay && k < n; k++) {
        wl_fill_payload(pay, w->payload, mine[k], wl_task_seconds(w, mine[k]));
        wl_task_result(pay, w->payload, mine[k], want, rb);
        sum_want += wl_result_sum(mine[k], want, rb);
        if (!home[k] && missing++ < 5)
            fprintf(stderr, "%s: rank %d: result of task %llu never came home\n", prog, rank,
                    (unsigned long long)mine[k]);
    }
    out->wrong += wrong;
    out->missing += missing;
    out->bad_sums += sum_got != sum_want;
    free(home);
    free(got);
    free(want);
    free(pay);
}
