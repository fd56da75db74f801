/* Random numbers, time, number parsing and messages: small, deterministic, pure (no MPI;
 * shared with ladro-sim, see util.h). */
#define _POSIX_C_SOURCE 200809L
#include "util.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static uint64_t ladro__splitmix(uint64_t *x)
{
    uint64_t z = (*x += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

void ladroi_rng_seed(ladroi_rng_t *r, uint64_t seed, uint64_t stream)
{
    uint64_t x = seed ^ (stream * 0xD1B54A32D192ED03ull);
    for (int i = 0; i < 4; i++)
        r->s[i] = ladro__splitmix(&x);
}

double ladroi_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

void ladroi_sleep_us(double us)
{
    if (!(us > 0))
        return;
    struct timespec ts;
    ts.tv_sec = (time_t)(us / 1e6);
    ts.tv_nsec = (long)fmod(us * 1e3, 1e9);
    while (nanosleep(&ts, &ts) != 0 && errno == EINTR)
        ;
}

void ladroi_spin_s(double s)
{
    double end = ladroi_now() + s;
    while (ladroi_now() < end)
        ;
}

int ladroi_parse_double(const char *s, double lo, double hi, bool lo_open, double *out)
{
    if (!s || !*s || isspace((unsigned char)*s))
        return -1;
    errno = 0;
    char *end;
    double v = strtod(s, &end);
    if (errno || *end || !isfinite(v) || v < lo || v > hi || (lo_open && v == lo))
        return -1;
    *out = v;
    return 0;
}

/* An exact integer written as a double ("1e8", "2.5e3"): the value, or -1 when s is not
 * one (fractional, beyond 2^53 where doubles stop being exact, or not a number). */
static int ladro__exact_integer(const char *s, double *out)
{
    double d;
    if (ladroi_parse_double(s, -9007199254740992.0, 9007199254740992.0, false, &d) ||
        d != floor(d))
        return -1;
    *out = d;
    return 0;
}

int ladroi_parse_i64(const char *s, int64_t lo, int64_t hi, int64_t *out)
{
    if (!s || !*s || isspace((unsigned char)*s))
        return -1;
    errno = 0;
    char *end;
    long long v = strtoll(s, &end, 10);
    if (errno || *end) {
        double d;
        if (errno == ERANGE || ladro__exact_integer(s, &d))
            return -1;
        v = (long long)d;
    }
    if (v < lo || v > hi)
        return -1;
    *out = (int64_t)v;
    return 0;
}

int ladroi_parse_int(const char *s, int lo, int hi, int *out)
{
    int64_t v;
    if (ladroi_parse_i64(s, lo, hi, &v))
        return -1;
    *out = (int)v;
    return 0;
}

int ladroi_parse_u64(const char *s, uint64_t lo, uint64_t hi, uint64_t *out)
{
    /* strtoull accepts "-1" (as 2^64 - 1) and leading space: refuse both first */
    if (!s || !*s || isspace((unsigned char)*s) || *s == '-')
        return -1;
    errno = 0;
    char *end;
    unsigned long long v = strtoull(s, &end, 0);
    if (errno || *end) {
        double d;
        if (errno == ERANGE || ladro__exact_integer(s, &d) || d < 0)
            return -1;
        v = (unsigned long long)d;
    }
    if (v < lo || v > hi)
        return -1;
    *out = (uint64_t)v;
    return 0;
}

int ladroi_parse_i64_list(const char *s, int64_t lo, int64_t hi, int64_t **out)
{
    if (!s || !*s)
        return -1;
    size_t n = 1;
    for (const char *c = s; *c; c++)
        n += *c == ',';
    int64_t *v = malloc(n * sizeof *v);
    char *tok = malloc(strlen(s) + 1);
    int k = -1;
    if (v && tok) {
        k = 0;
        for (const char *p = s; k >= 0;) {
            size_t len = strcspn(p, ",");
            memcpy(tok, p, len);
            tok[len] = 0;
            if (ladroi_parse_i64(tok, lo, hi, &v[k]))
                k = -1; /* also an empty entry ("1,,2", "1,") */
            else
                k++;
            if (k < 0 || !p[len])
                break;
            p += len + 1;
        }
    }
    free(tok);
    if (k <= 0) {
        free(v);
        return -1;
    }
    *out = v;
    return k;
}

/* Optimal string alignment distance of a and b (case ignored), both shorter than 64.
 * The table in bytes (distances stay below 64): 4 KiB of stack, as a simulated rank
 * has little (docs/sim.md, "Scaling the simulated engine"). */
static size_t ladro__osa(const char *a, const char *b)
{
    size_t n = strlen(a), m = strlen(b);
    unsigned char d[64][64];
    for (size_t i = 0; i <= n; i++)
        d[i][0] = (unsigned char)i;
    for (size_t j = 0; j <= m; j++)
        d[0][j] = (unsigned char)j;
    for (size_t i = 1; i <= n; i++)
        for (size_t j = 1; j <= m; j++) {
            int ca = tolower((unsigned char)a[i - 1]), cb = tolower((unsigned char)b[j - 1]);
            unsigned v = d[i - 1][j - 1] + (unsigned)(ca != cb), up = d[i - 1][j] + 1u,
                     left = d[i][j - 1] + 1u;
            if (up < v)
                v = up;
            if (left < v)
                v = left;
            if (i > 1 && j > 1 && ca == tolower((unsigned char)b[j - 2]) &&
                tolower((unsigned char)a[i - 2]) == cb && d[i - 2][j - 2] + 1u < v)
                v = d[i - 2][j - 2] + 1u;
            d[i][j] = (unsigned char)v;
        }
    return d[n][m];
}

const char *ladroi_closest(const char *word, ladroi_name_at_fn name_at, const void *ctx)
{
    const char *best = NULL, *pref = NULL;
    size_t bestd = SIZE_MAX, prefn = 2, wn = strlen(word);
    for (size_t i = 0;; i++) {
        const char *k = name_at(i, ctx);
        if (!k)
            break;
        size_t n = 0;
        while (k[n] && tolower((unsigned char)k[n]) == tolower((unsigned char)word[n]))
            n++;
        if (n > prefn) {
            prefn = n;
            pref = k;
        }
        size_t kn = strlen(k);
        if (wn >= 64 || kn >= 64)
            continue;
        size_t d = ladro__osa(word, k), lim = (wn > kn ? wn : kn) / 3;
        if (d <= (lim ? lim : 1) && d < bestd) {
            bestd = d;
            best = k;
        }
    }
    return best ? best : pref;
}

static const char *ladro__name_in(size_t i, const void *ctx)
{
    return ((const char *const *)ctx)[i];
}

const char *ladroi_closest_in(const char *word, const char *const *names)
{
    return ladroi_closest(word, ladro__name_in, names);
}

int ladroi_failbuf(char *err, size_t errlen, int rc, const char *fmt, ...)
{
    if (err && errlen) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(err, errlen, fmt, ap);
        va_end(ap);
    }
    return rc;
}

int ladroi_grow_bytes(unsigned char **b, size_t *cap, size_t need, size_t first)
{
    if (need <= *cap)
        return 0;
    size_t nc = *cap ? *cap : first;
    while (nc < need)
        nc *= 2;
    unsigned char *n = realloc(*b, nc);
    if (!n)
        return -1;
    *b = n;
    *cap = nc;
    return 0;
}

int ladroi_grow(void **buf, int *cap, int n, size_t elem)
{
    if (n < *cap)
        return 0;
    int nc = *cap >= 8 ? 2 * *cap : 8;
    void *p = realloc(*buf, (size_t)nc * elem);
    if (!p)
        return -1;
    *buf = p;
    *cap = nc;
    return 0;
}
