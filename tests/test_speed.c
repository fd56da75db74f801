/* Speed specs (src/speed.c), shared by ladro_speed_of and ladro-sim's --speed, pinned:
 * the A2WS Table 2 profiles against a closed form derived by hand, lists, and the
 * messages for bad specs. Pure: links ladro_pure only, no MPI. */
#include "check.h"
#include "speed.h"

#include <stdio.h>

/* Table 2, configuration c: 2k nodes of 1 core, k of 2, 4, 8, 16, 2k of 24 (k = 2^(c-1)),
 * 8k nodes; rank r of P sits on node floor(8k r / P). The node count is a multiple of 8
 * and every group boundary is too, so node < m k  <=>  8 r < m P whatever k: the group
 * depends on 8r/P alone, and every configuration gives the same speeds. */
static double table2(int r, int P)
{
    static const int bound[5] = {2, 3, 4, 5, 6}; /* cumulative group ends, in units of k */
    static const int cores[6] = {1, 2, 4, 8, 16, 24};
    int g = 0;
    while (g < 5 && 8 * r >= bound[g] * P)
        g++;
    return cores[g] / 24.0;
}

int main(void)
{
    char err[256];
    double s;
    long off = 0;
    for (int c = 1; c <= 5; c++) {
        char spec[3] = {'C', (char)('0' + c), 0};
        for (int P = 1; P <= 300; P++)
            for (int r = 0; r < P; r++) {
                s = -1;
                CHECK_EQ(ladroi_speed_of(spec, r, P, &s, err, sizeof err), 0);
                off += s != table2(r, P);
            }
    }
    CHECK_EQ(off, 0);
    /* --threads-profile's worker counts are the same table: cores = speed x 24 */
    off = 0;
    for (int c = 1; c <= 5; c++)
        for (int P = 1; P <= 100; P++)
            for (int r = 0; r < P; r++)
                off += ladroi_profile_cores(c, r, P) != (int)(table2(r, P) * 24 + 0.5);
    CHECK_EQ(off, 0);
    CHECK_EQ(ladroi_profile_cores(6, 0, 4), -1);
    CHECK_EQ(ladroi_profile_cores(1, 4, 4), -1);
    /* by hand, P = 10: nodes 0, 12, 25, ... of C5's 128 (1-core up to 31, 2-core up to
     * 47, 4-core up to 63, 8-core up to 79, 16-core up to 95, then 24-core) */
    static const int c5p10[10] = {1, 1, 1, 2, 4, 8, 8, 16, 24, 24};
    for (int r = 0; r < 10; r++) {
        CHECK_EQ(ladroi_speed_of("c5", r, 10, &s, err, sizeof err), 0);
        CHECK(s * 24 == c5p10[r]);
    }
    /* lists cycle over the ranks and are normalised by the largest entry */
    CHECK_EQ(ladroi_speed_of("3,1,2,0.25", 5, 8, &s, err, sizeof err), 0);
    CHECK(s == 1.0 / 3);
    CHECK_EQ(ladroi_speed_of("3,1,2,0.25", 3, 8, &s, err, sizeof err), 0);
    CHECK(s == 0.25 / 3);
    CHECK_EQ(ladroi_speed_of("0.5", 0, 1, &s, err, sizeof err), 0);
    CHECK(s == 1);
    /* bad specs: -1 and one line naming the spec and what is accepted */
    static const char *bad[] = {"", "C6", "C0", "1,-2", "1,,2", "x", " 1", "1e10", "inf", "0"};
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        err[0] = 0;
        CHECK_EQ(ladroi_speed_of(bad[i], 0, 4, &s, err, sizeof err), -1);
        CHECK_STR_CONTAINS(err, "accepted: a comma list of positive numbers");
    }
    CHECK_EQ(ladroi_speed_of("1", 4, 4, &s, err, sizeof err), -1);
    CHECK_STR_CONTAINS(err, "rank 4 of 4 is invalid");
    CHECK_EQ(ladroi_speed_of("1", 0, 4, &s, NULL, 0), 0); /* err may be NULL */
    return CHECK_REPORT("speed");
}
