/* SHA-1 against the FIPS 180-4 / FIPS 180-2 Appendix A test vectors and the NIST CAVS
 * short-message examples, the SHA-NI path against the portable one on random blocks, and
 * the UTS RNG's first values (root of T1 and T3, derived by hand from the definition
 * with the streaming hash, which the vectors check). */
#include "../check.h"
#include "sha1.h"
#include "uts_tree.h"

#include <stdlib.h>
#include <string.h>

static void hex(const unsigned char *d, char out[41])
{
    for (int i = 0; i < 20; i++)
        snprintf(out + 2 * i, 3, "%02x", d[i]);
}

#define CHECK_HEX(got, want)                                                           \
    do {                                                                               \
        check_count++;                                                                 \
        if (strcmp((got), (want)) != 0) {                                              \
            check_failures++;                                                          \
            fprintf(stderr, "%s:%d: digest %s != expected %s\n", __FILE__, __LINE__,    \
                    (got), (want));                                                    \
        }                                                                              \
    } while (0)

static void vec(const void *msg, size_t n, const char *want)
{
    unsigned char d[20];
    char h[41];
    sha1(msg, n, d);
    hex(d, h);
    CHECK_HEX(h, want);
}

int main(void)
{
    /* FIPS 180-2 Appendix A.1, A.2, A.3; the empty message. */
    vec("abc", 3, "a9993e364706816aba3e25717850c26c9cd0d89d");
    vec("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq", 56,
        "84983e441c3bd26ebaae4aa1f95129e5e54670f1");
    vec("", 0, "da39a3ee5e6b4b0d3255bfef95601890afd80709");
    vec("The quick brown fox jumps over the lazy dog", 43,
        "2fd4e1c67a2d28fced849ee1bb76e7391b93eb12");
    /* A.3: one million 'a', fed in uneven pieces through the streaming interface. */
    {
        sha1_ctx_t c;
        unsigned char d[20], buf[997];
        char h[41];
        memset(buf, 'a', sizeof buf);
        sha1_init(&c);
        size_t left = 1000000;
        while (left) {
            size_t k = left < sizeof buf ? left : sizeof buf;
            sha1_update(&c, buf, k);
            left -= k;
        }
        sha1_final(&c, d);
        hex(d, h);
        CHECK_HEX(h, "34aa973cd4c4daa4f61eeb2bdbad27316534016f");
    }
    /* Padding edge cases: 55, 56 and 64 bytes (one or two final blocks). */
    {
        unsigned char m[64];
        memset(m, 'a', sizeof m);
        unsigned char d1[20], d2[20];
        for (size_t n = 54; n <= 64; n++) {
            sha1(m, n, d1);
            sha1_ctx_t c;
            sha1_init(&c);
            for (size_t i = 0; i < n; i++)
                sha1_update(&c, m + i, 1);
            sha1_final(&c, d2);
            CHECK_EQ(memcmp(d1, d2, 20), 0);
        }
        char h[41];
        sha1(m, 64, d1);
        hex(d1, h);
        CHECK_HEX(h, "0098ba824b5c16427bd7a1122a5a442a25ec644d");
    }

    /* The SHA-NI compression equals the portable one. */
    if (sha1_have_ni()) {
        unsigned seed = 12345;
        for (int k = 0; k < 1000; k++) {
            uint32_t w[16], h1[5], h2[5];
            for (int i = 0; i < 16; i++)
                w[i] = (uint32_t)rand_r(&seed) * 2654435761u ^ (uint32_t)rand_r(&seed);
            for (int i = 0; i < 5; i++)
                h1[i] = h2[i] = (uint32_t)rand_r(&seed) * 40503u ^ (uint32_t)rand_r(&seed);
            sha1_compress_portable(h1, w);
            sha1_compress_ni(h2, w);
            CHECK_EQ(memcmp(h1, h2, sizeof h1), 0);
        }
        printf("SHA-NI path checked against the portable path\n");
    } else {
        printf("no SHA extensions on this CPU: portable path only\n");
    }

    /* The UTS RNG's one-block shortcut equals the streaming hash of its definition. */
    for (int impl = 0; impl < 2; impl++) {
        uts_params_t p;
        uts_params_default(&p);
        uts_tree_t t;
        uts_tree_init(&t, &p, impl ? NULL : sha1_compress_portable);
        int seeds[] = {0, 19, 42, -1, 2147483647};
        for (size_t s = 0; s < sizeof seeds / sizeof seeds[0]; s++) {
            unsigned char msg[24] = {0}, d[20];
            msg[16] = (unsigned char)((uint32_t)seeds[s] >> 24);
            msg[17] = (unsigned char)((uint32_t)seeds[s] >> 16);
            msg[18] = (unsigned char)((uint32_t)seeds[s] >> 8);
            msg[19] = (unsigned char)(uint32_t)seeds[s];
            sha1(msg, 20, d);
            uint32_t st[5];
            uts_rng_init(&t, st, seeds[s]);
            for (int i = 0; i < 5; i++)
                CHECK_EQ(st[i], ((uint32_t)d[4 * i] << 24) | ((uint32_t)d[4 * i + 1] << 16) |
                                    ((uint32_t)d[4 * i + 2] << 8) | d[4 * i + 3]);
            /* child 7 of that state */
            memcpy(msg, d, 20);
            msg[20] = 0, msg[21] = 0, msg[22] = 0, msg[23] = 7;
            sha1(msg, 24, d);
            uint32_t ch[5];
            uts_rng_spawn(&t, st, ch, 7);
            for (int i = 0; i < 5; i++)
                CHECK_EQ(ch[i], ((uint32_t)d[4 * i] << 24) | ((uint32_t)d[4 * i + 1] << 16) |
                                    ((uint32_t)d[4 * i + 2] << 8) | d[4 * i + 3]);
            CHECK_EQ(uts_rng_rand(ch),
                     (((uint32_t)d[16] << 24) | ((uint32_t)d[17] << 16) |
                      ((uint32_t)d[18] << 8) | d[19]) & 0x7fffffffu);
        }
    }
    return CHECK_REPORT("uts_sha1");
}
