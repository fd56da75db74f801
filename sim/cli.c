/* Command-line helpers shared by the ladro-sim modes. */
#include "cli.h"

#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

int ladro_sim_parse_i64(const char *s, int64_t lo, int64_t hi, int64_t *out)
{
    if (!s || !*s)
        return -1;
    char *end;
    errno = 0;
    long long v = strtoll(s, &end, 10);
    if (errno || *end) {
        /* accept exact scientific notation such as 1e8 */
        errno = 0;
        double d = strtod(s, &end);
        if (errno || *end || !isfinite(d) || d != floor(d) || fabs(d) > 9007199254740992.0)
            return -1;
        v = (long long)d;
    }
    if (v < lo || v > hi)
        return -1;
    *out = (int64_t)v;
    return 0;
}

int ladro_sim_parse_f64(const char *s, double lo, double hi, double *out)
{
    if (!s || !*s)
        return -1;
    char *end;
    errno = 0;
    double d = strtod(s, &end);
    if (errno || *end || !isfinite(d) || d < lo || d > hi)
        return -1;
    *out = d;
    return 0;
}

int ladro_sim_parse_i64_list(const char *s, int64_t lo, int64_t hi, int64_t **out)
{
    if (!s || !*s)
        return -1;
    int n = 1;
    for (const char *c = s; *c; c++)
        n += *c == ',';
    int64_t *v = malloc((size_t)n * sizeof *v);
    char *dup = strdup(s);
    if (!v || !dup) {
        free(v);
        free(dup);
        return -1;
    }
    int k = 0;
    char *save = NULL;
    for (char *tok = strtok_r(dup, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
        if (ladro_sim_parse_i64(tok, lo, hi, &v[k]) != 0) {
            free(v);
            free(dup);
            return -1;
        }
        k++;
    }
    free(dup);
    if (k != n) { /* empty entries such as "1,,2" */
        free(v);
        return -1;
    }
    *out = v;
    return k;
}

static int ladro__cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static double ladro__quantile(const double *v, size_t n, double q)
{
    double h = (double)(n - 1) * q;
    size_t lo = (size_t)floor(h);
    size_t hi = lo + 1 < n ? lo + 1 : lo;
    return v[lo] + (h - (double)lo) * (v[hi] - v[lo]);
}

void ladro_sim_summarize(double *v, size_t n, ladro_sim_stats_t *st)
{
    memset(st, 0, sizeof *st);
    if (n == 0)
        return;
    double s = 0, s2 = 0;
    for (size_t i = 0; i < n; i++)
        s += v[i];
    st->mean = s / (double)n;
    for (size_t i = 0; i < n; i++)
        s2 += (v[i] - st->mean) * (v[i] - st->mean);
    st->sd = n > 1 ? sqrt(s2 / (double)(n - 1)) : 0;
    qsort(v, n, sizeof *v, ladro__cmp_double);
    st->min = v[0];
    st->max = v[n - 1];
    st->q1 = ladro__quantile(v, n, 0.25);
    st->median = ladro__quantile(v, n, 0.5);
    st->q3 = ladro__quantile(v, n, 0.75);
}

int ladro_sim_usage_error(const char *mode, const char *fmt, ...)
{
    va_list ap;
    fprintf(stderr, "ladro-sim %s: ", mode);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fprintf(stderr, " (see ladro-sim %s --help)\n", mode);
    return 2;
}
