/* Random numbers and time: small, deterministic, per handle. */
#define _POSIX_C_SOURCE 200809L
#include "ladro_int.h"

#include <errno.h>
#include <math.h>
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

static inline uint64_t ladro__rotl(uint64_t x, int k)
{
    return (x << k) | (x >> (64 - k));
}

uint64_t ladroi_rng_next(ladroi_rng_t *r)
{
    uint64_t *s = r->s;
    uint64_t result = ladro__rotl(s[1] * 5, 7) * 9;
    uint64_t t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = ladro__rotl(s[3], 45);
    return result;
}

uint64_t ladroi_rng_below(ladroi_rng_t *r, uint64_t n)
{
    uint64_t limit = UINT64_MAX - UINT64_MAX % n;
    uint64_t x;
    do
        x = ladroi_rng_next(r);
    while (x >= limit);
    return x % n;
}

double ladroi_rng_unit(ladroi_rng_t *r)
{
    return (double)(ladroi_rng_next(r) >> 11) * 0x1.0p-53;
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
