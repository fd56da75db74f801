/* Small pure helpers (no MPI, no handle, no global state) shared by the runtime and the
 * simulator: the RNG, time, strict number parsing and message formatting. ladro_int.h
 * includes this header; ladro-sim (sim/, built without MPI) includes it alone and links
 * src/util.c, so both draw the same random numbers from the same code. */
#ifndef LADRO_UTIL_H
#define LADRO_UTIL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* ---- rng: splitmix64-seeded xoshiro256** (deterministic per seed and stream) ----------
 * next/below/unit are inline: the simulator draws one per simulated steal attempt. */
typedef struct ladroi_rng {
    uint64_t s[4];
} ladroi_rng_t;

/* Seed stream `stream` of `seed`: streams of one seed are independent (the runtime uses
 * stream rank + 1, the overlay (seed ^ salt, rank), the simulator one per run). */
void ladroi_rng_seed(ladroi_rng_t *r, uint64_t seed, uint64_t stream);

static inline uint64_t ladroi_rotl(uint64_t x, int k)
{
    return (x << k) | (x >> (64 - k));
}

static inline uint64_t ladroi_rng_next(ladroi_rng_t *r)
{
    uint64_t *s = r->s;
    uint64_t result = ladroi_rotl(s[1] * 5, 7) * 9;
    uint64_t t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = ladroi_rotl(s[3], 45);
    return result;
}

/* Uniform in [0, n), n >= 1, without modulo bias: Lemire's multiply-and-reject (one
 * multiplication; a division only when the low half falls in the biased range). */
static inline uint64_t ladroi_rng_below(ladroi_rng_t *r, uint64_t n)
{
    uint64_t x = ladroi_rng_next(r);
    __uint128_t m = (__uint128_t)x * n;
    uint64_t l = (uint64_t)m;
    if (l < n) {
        uint64_t thr = -n % n;
        while (l < thr) {
            x = ladroi_rng_next(r);
            m = (__uint128_t)x * n;
            l = (uint64_t)m;
        }
    }
    return (uint64_t)(m >> 64);
}

/* A rank drawn uniformly among [0, size) other than self (size >= 2): a draw among
 * size - 1, skipping self. Every policy that picks "a random other rank" uses this, so
 * the same generator state picks the same rank in each. */
static inline int ladroi_rng_other(ladroi_rng_t *r, int self, int size)
{
    int v = (int)ladroi_rng_below(r, (uint64_t)size - 1);
    return v >= self ? v + 1 : v;
}

/* Uniform in [0, 1). */
static inline double ladroi_rng_unit(ladroi_rng_t *r)
{
    return (double)(ladroi_rng_next(r) >> 11) * 0x1.0p-53;
}

/* ---- time ---------------------------------------------------------------------------- */
double ladroi_now(void);               /* seconds, monotonic */
void ladroi_sleep_us(double us);       /* nanosleep, us >= 0 */
void ladroi_spin_s(double s);          /* busy wait */

/* ---- parsing and messages ------------------------------------------------------------ */
/* Strict number: the whole of s (no leading space, no trailing text), finite, in
 * [lo, hi] (lo excluded when lo_open). 0, or -1 leaving *out unchanged. */
int ladroi_parse_double(const char *s, double lo, double hi, bool lo_open, double *out);

/* Strict integer: the whole of s, decimal digits with an optional sign, or an exact
 * integer in scientific notation ("1e8", up to 2^53), in [lo, hi]. 0, or -1 leaving
 * *out unchanged. The one integer parser of the runtime, the programs and ladro-sim. */
int ladroi_parse_i64(const char *s, int64_t lo, int64_t hi, int64_t *out);
/* The same into an int. */
int ladroi_parse_int(const char *s, int lo, int hi, int *out);
/* An array of *cap elements of `elem` bytes at *buf, grown (doubling, 8 at least) to hold
 * one more than n: 0, or -1 when out of memory (*buf unchanged). */
int ladroi_grow(void **buf, int *cap, int n, size_t elem);
/* A byte buffer of *cap bytes at *b, grown (doubling from `first`) to at least `need`
 * bytes: 0, or -1 when out of memory (*b unchanged). */
int ladroi_grow_bytes(unsigned char **b, size_t *cap, size_t need, size_t first);
/* The same for unsigned values up to 2^64 - 1: no sign; also 0x hex and 0 octal (the
 * configuration keys' seeds and masks). */
int ladroi_parse_u64(const char *s, uint64_t lo, uint64_t hi, uint64_t *out);
/* A comma list of integers, each as ladroi_parse_i64, no empty entry: the count, with
 * the values in *out (malloc'd; the caller frees), or -1 (nothing allocated). */
int ladroi_parse_i64_list(const char *s, int64_t lo, int64_t hi, int64_t **out);

/* "Did you mean": among the names name_at(0, ctx), name_at(1, ctx), ... (NULL ends
 * them), the one closest to word by edit distance (insertions, deletions, substitutions
 * and swaps of two neighbours, case ignored) when that distance is at most a third of
 * the longer word's length (1 at least); failing that, the one sharing the longest
 * prefix with word, of 3 characters or more; else NULL. Unknown configuration
 * keys, LADRO_* variables and program options all use it. */
typedef const char *(*ladroi_name_at_fn)(size_t i, const void *ctx);
const char *ladroi_closest(const char *word, ladroi_name_at_fn name_at, const void *ctx);
/* The same over a NULL-ended array of names. */
const char *ladroi_closest_in(const char *word, const char *const *names);

/* Format a one-line message into err (when err and errlen are non-zero) and return rc:
 * the messages of configuration parsing, which has no handle. */
int ladroi_failbuf(char *err, size_t errlen, int rc, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

/* A value echoed in a message: at most 48 characters and "...", so that what is
 * accepted (the end of the message) always fits in the error buffer. For "%.*s%s". */
#define LADROI_SHOW(v) (strlen(v) > 48 ? 48 : (int)strlen(v)), (v), (strlen(v) > 48 ? "..." : "")

#endif
