/* The RNG (src/util.h, util.c) shared by the runtime and ladro-sim, pinned: a change to
 * it changes every victim choice and every simulated run, so it must not go unnoticed.
 * Pure: links ladro_pure only, no MPI. */
#include "check.h"
#include "util.h"

int main(void)
{
    /* Seeding is splitmix64 of seed ^ stream * constant: seed 0, stream 0 gives the
     * reference splitmix64 sequence from state 0. */
    ladroi_rng_t g;
    ladroi_rng_seed(&g, 0, 0);
    CHECK(g.s[0] == 0xe220a8397b1dcdafull);
    CHECK(g.s[1] == 0x6e789e6aa1b965f4ull);
    CHECK(g.s[2] == 0x06c45d188009454full);
    CHECK(g.s[3] == 0xf88bb8a8724c81ecull);

    /* xoshiro256** by hand from state {1, 2, 3, 4}: rotl(2 * 5, 7) * 9 = 11520; the
     * update leaves s[1] = 0, so the next output is 0. */
    ladroi_rng_t h = {{1, 2, 3, 4}};
    CHECK_EQ(ladroi_rng_next(&h), 11520);
    CHECK_EQ(ladroi_rng_next(&h), 0);

    /* Streams as the runtime (seed, rank + 1) and the simulator (seed, run) use them. */
    static const uint64_t s1[4] = {0xb3f2af6d0fc710c5ull, 0x853b559647364ceaull,
                                   0x92f89756082a4514ull, 0x642e1c7bc266a3a7ull};
    static const uint64_t s42[4] = {0xab0b230f7fc48e9aull, 0x048b0576862255caull,
                                    0x8f664d3da4409262ull, 0x06addd70503a676cull};
    ladroi_rng_seed(&g, 1, 0);
    for (int i = 0; i < 4; i++)
        CHECK(ladroi_rng_next(&g) == s1[i]);
    ladroi_rng_seed(&g, 42, 7);
    for (int i = 0; i < 4; i++)
        CHECK(ladroi_rng_next(&g) == s42[i]);

    /* unit: the top 53 bits of next, times 2^-53. */
    static const double u5[3] = {0x1.63562783c2b46p-2, 0x1.63d119a589575p-1,
                                 0x1.f9e01b457821p-5};
    ladroi_rng_seed(&g, 5, 1);
    for (int i = 0; i < 3; i++)
        CHECK(ladroi_rng_unit(&g) == u5[i]);

    /* below: Lemire's multiply-and-reject, the high half of next * n; pinned values, and
     * the relation to next on a copy of the state. */
    static const int b10[10] = {4, 1, 5, 4, 8, 1, 7, 8, 5, 4};
    ladroi_rng_seed(&g, 9, 3);
    for (int i = 0; i < 10; i++)
        CHECK_EQ(ladroi_rng_below(&g, 10), b10[i]);
    static const uint64_t bbig[4] = {1676220904178435495ull, 7942242220687731311ull,
                                     7449033564202511318ull, 8343000476373188659ull};
    uint64_t big = (1ull << 63) + 12345; /* rejections are frequent near 2^63 */
    ladroi_rng_seed(&g, 9, 3);
    for (int i = 0; i < 4; i++)
        CHECK(ladroi_rng_below(&g, big) == bbig[i]);
    ladroi_rng_seed(&g, 3, 3);
    long off = 0;
    for (int i = 0; i < 1000; i++) {
        uint64_t n = 1 + (uint64_t)i * 7919;
        ladroi_rng_t c = g;
        __uint128_t m = (__uint128_t)ladroi_rng_next(&c) * n;
        uint64_t want = (uint64_t)(m >> 64);
        if ((uint64_t)m >= n) /* not in the rejection zone: one draw */
            off += ladroi_rng_below(&g, n) != want;
        else
            (void)ladroi_rng_below(&g, n);
    }
    CHECK_EQ(off, 0);
    /* n = 1 always gives 0; small n hits every value */
    int seen[7] = {0};
    for (int i = 0; i < 7000; i++) {
        CHECK_EQ(ladroi_rng_below(&g, 1), 0);
        uint64_t v = ladroi_rng_below(&g, 7);
        CHECK(v < 7);
        if (v < 7)
            seen[v]++;
    }
    for (int i = 0; i < 7; i++)
        CHECK(seen[i] > 800 && seen[i] < 1200);
    return CHECK_REPORT("rng");
}
