/* SHA-1 from FIPS 180-4: §4.1.1 functions, §4.2.1 constants, §5.1.1 padding,
 * §5.3.1 initial value, §6.1.2 computation. */
#include "sha1.h"

#include <string.h>

#if defined(__x86_64__) && defined(__GNUC__)
#define UTS_SHA1_NI 1
#include <cpuid.h>
#include <immintrin.h>
#endif

const uint32_t sha1_iv[5] = {0x67452301u, 0xefcdab89u, 0x98badcfeu, 0x10325476u,
                             0xc3d2e1f0u};

static inline uint32_t sha1__rotl(uint32_t x, int n)
{
    return (x << n) | (x >> (32 - n));
}

static inline uint32_t sha1__be32(const unsigned char *p)
{
    return ((uint32_t)p[0] << 24) | ((uint32_t)p[1] << 16) | ((uint32_t)p[2] << 8) |
           (uint32_t)p[3];
}

/* §6.1.2 with the message schedule kept as a 16-word window,
 * W_t = ROTL1(W_t-3 ^ W_t-8 ^ W_t-14 ^ W_t-16), and the rounds unrolled so that the five
 * working variables rotate by renaming instead of moving: round t computes
 * T = ROTL5(a) + f_t(b, c, d) + e + K_t + W_t into e, and ROTL30(b) into b. */
#define SHA1__W(t)                                                                     \
    ((t) < 16 ? x[(t)]                                                                 \
              : (x[(t) & 15] = sha1__rotl(x[((t) + 13) & 15] ^ x[((t) + 8) & 15] ^     \
                                              x[((t) + 2) & 15] ^ x[(t) & 15],         \
                                          1)))
#define SHA1__CH(b, c, d) ((((c) ^ (d)) & (b)) ^ (d)) /* = (b & c) ^ (~b & d) */
#define SHA1__PAR(b, c, d) ((b) ^ (c) ^ (d))
#define SHA1__MAJ(b, c, d) (((b) & (c)) | (((b) | (c)) & (d)))
#define SHA1__R(a, b, c, d, e, t, F, K)                                                \
    do {                                                                               \
        e += sha1__rotl(a, 5) + F(b, c, d) + (K) + SHA1__W(t);                         \
        b = sha1__rotl(b, 30);                                                         \
    } while (0)
#define SHA1__R5(t, F, K)                                                              \
    SHA1__R(a, b, c, d, e, (t), F, K);                                                 \
    SHA1__R(e, a, b, c, d, (t) + 1, F, K);                                             \
    SHA1__R(d, e, a, b, c, (t) + 2, F, K);                                             \
    SHA1__R(c, d, e, a, b, (t) + 3, F, K);                                             \
    SHA1__R(b, c, d, e, a, (t) + 4, F, K)
#define SHA1__R20(t, F, K)                                                             \
    SHA1__R5((t), F, K);                                                               \
    SHA1__R5((t) + 5, F, K);                                                           \
    SHA1__R5((t) + 10, F, K);                                                          \
    SHA1__R5((t) + 15, F, K)

void sha1_compress_portable(uint32_t h[5], const uint32_t w[16])
{
    uint32_t x[16];
    memcpy(x, w, sizeof x);
    uint32_t a = h[0], b = h[1], c = h[2], d = h[3], e = h[4];
    SHA1__R20(0, SHA1__CH, 0x5a827999u);
    SHA1__R20(20, SHA1__PAR, 0x6ed9eba1u);
    SHA1__R20(40, SHA1__MAJ, 0x8f1bbcdcu);
    SHA1__R20(60, SHA1__PAR, 0xca62c1d6u);
    h[0] += a;
    h[1] += b;
    h[2] += c;
    h[3] += d;
    h[4] += e;
}

#ifdef UTS_SHA1_NI
/* The same 80 rounds with SHA-NI: sha1rnds4 does four rounds on (A,B,C,D) given
 * E + W of the four rounds; sha1nexte derives the next E (ROTL30 of the A four rounds
 * back) and adds the words; sha1msg1/sha1msg2 extend the schedule four words at a time:
 * M[g] = msg2(msg1(M[g-4], M[g-3]) ^ M[g-2], M[g-1]). Lane 3 holds A (and W_4g). */
#define SHA1__MSG(g)                                                                   \
    m[(g) & 3] = _mm_sha1msg2_epu32(                                                   \
        _mm_xor_si128(_mm_sha1msg1_epu32(m[(g) & 3], m[((g) + 1) & 3]), m[((g) + 2) & 3]), \
        m[((g) + 3) & 3])
#define SHA1__GROUP(g, f)                                                              \
    do {                                                                               \
        if ((g) >= 4)                                                                  \
            SHA1__MSG(g);                                                              \
        __m128i e_ = (g) == 0 ? _mm_add_epi32(e0, m[0]) : _mm_sha1nexte_epu32(prev, m[(g) & 3]); \
        prev = abcd;                                                                   \
        abcd = _mm_sha1rnds4_epu32(abcd, e_, (f));                                     \
    } while (0)

__attribute__((target("sha,sse4.1"))) void sha1_compress_ni(uint32_t h[5],
                                                             const uint32_t w[16])
{
    __m128i abcd = _mm_set_epi32((int)h[0], (int)h[1], (int)h[2], (int)h[3]);
    __m128i e0 = _mm_set_epi32((int)h[4], 0, 0, 0);
    __m128i abcd0 = abcd, prev = abcd;
    __m128i m[4];
    for (int i = 0; i < 4; i++)
        m[i] = _mm_set_epi32((int)w[4 * i], (int)w[4 * i + 1], (int)w[4 * i + 2],
                             (int)w[4 * i + 3]);
    SHA1__GROUP(0, 0); SHA1__GROUP(1, 0); SHA1__GROUP(2, 0); SHA1__GROUP(3, 0);
    SHA1__GROUP(4, 0); SHA1__GROUP(5, 1); SHA1__GROUP(6, 1); SHA1__GROUP(7, 1);
    SHA1__GROUP(8, 1); SHA1__GROUP(9, 1); SHA1__GROUP(10, 2); SHA1__GROUP(11, 2);
    SHA1__GROUP(12, 2); SHA1__GROUP(13, 2); SHA1__GROUP(14, 2); SHA1__GROUP(15, 3);
    SHA1__GROUP(16, 3); SHA1__GROUP(17, 3); SHA1__GROUP(18, 3); SHA1__GROUP(19, 3);
    e0 = _mm_sha1nexte_epu32(prev, e0);
    abcd = _mm_add_epi32(abcd, abcd0);
    uint32_t out[4];
    _mm_storeu_si128((__m128i *)out, abcd);
    h[0] = out[3];
    h[1] = out[2];
    h[2] = out[1];
    h[3] = out[0];
    _mm_storeu_si128((__m128i *)out, e0);
    h[4] = out[3];
}

int sha1_have_ni(void)
{
    unsigned a, b, c, d;
    if (!__get_cpuid_count(7, 0, &a, &b, &c, &d) || !(b & (1u << 29))) /* SHA */
        return 0;
    if (!__get_cpuid(1, &a, &b, &c, &d) || !(c & (1u << 19))) /* SSE4.1 */
        return 0;
    return 1;
}
#else
void sha1_compress_ni(uint32_t h[5], const uint32_t w[16])
{
    sha1_compress_portable(h, w);
}
int sha1_have_ni(void)
{
    return 0;
}
#endif

sha1_compress_fn sha1_compress_best(void)
{
    return sha1_have_ni() ? sha1_compress_ni : sha1_compress_portable;
}

const char *sha1_compress_name(sha1_compress_fn f)
{
    return f == sha1_compress_ni && sha1_have_ni() ? "ladro (x86 SHA extensions)"
                                                   : "ladro (portable C)";
}

static void sha1__block(uint32_t h[5], const unsigned char *p)
{
    uint32_t w[16];
    for (int i = 0; i < 16; i++)
        w[i] = sha1__be32(p + 4 * i);
    sha1_compress_portable(h, w);
}

void sha1_init(sha1_ctx_t *c)
{
    memcpy(c->h, sha1_iv, sizeof c->h);
    c->bytes = 0;
    c->fill = 0;
}

void sha1_update(sha1_ctx_t *c, const void *data, size_t n)
{
    const unsigned char *p = data;
    c->bytes += n;
    while (n > 0) {
        size_t k = 64 - c->fill < n ? 64 - c->fill : n;
        memcpy(c->buf + c->fill, p, k);
        c->fill += k;
        p += k;
        n -= k;
        if (c->fill == 64) {
            sha1__block(c->h, c->buf);
            c->fill = 0;
        }
    }
}

/* §5.1.1: append bit 1, zeros to 56 mod 64 bytes, then the 64-bit bit length. */
void sha1_final(sha1_ctx_t *c, unsigned char out[SHA1_DIGEST_BYTES])
{
    uint64_t bits = c->bytes * 8;
    c->buf[c->fill++] = 0x80;
    if (c->fill > 56) {
        memset(c->buf + c->fill, 0, 64 - c->fill);
        sha1__block(c->h, c->buf);
        c->fill = 0;
    }
    memset(c->buf + c->fill, 0, 56 - c->fill);
    for (int i = 0; i < 8; i++)
        c->buf[56 + i] = (unsigned char)(bits >> (56 - 8 * i));
    sha1__block(c->h, c->buf);
    for (int i = 0; i < 5; i++) {
        out[4 * i] = (unsigned char)(c->h[i] >> 24);
        out[4 * i + 1] = (unsigned char)(c->h[i] >> 16);
        out[4 * i + 2] = (unsigned char)(c->h[i] >> 8);
        out[4 * i + 3] = (unsigned char)c->h[i];
    }
}

void sha1(const void *data, size_t n, unsigned char out[SHA1_DIGEST_BYTES])
{
    sha1_ctx_t c;
    sha1_init(&c);
    sha1_update(&c, data, n);
    sha1_final(&c, out);
}
