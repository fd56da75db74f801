/* steal_guard=pace's arithmetic (ladroi_guard_slow, ladroi_guard_cap) on hand-worked
 * numbers: the A2WS paper's C5 paces, 100 ms tasks at speeds 1/24 ... 1 (docs/user-guide.md,
 * "Heterogeneous ranks"). No MPI. */
#include "../src/ladro_int.h"
#include "check.h"

#include <stdint.h>

#define NOLIMIT UINT32_MAX

int main(void)
{
    /* Slow: over LADROI_GUARD_SLOW (4) times the reference pace, both known. */
    static const struct {
        double pace, ref;
        bool slow;
    } slow[] = {
        {2.4, 0.1, true},   /* 1/24 speed against 1 */
        {0.6, 0.1, true},   /* 1/6 */
        {0.41, 0.1, true},
        {0.4, 0.1, false},  /* exactly 4 times: not slow */
        {0.3, 0.1, false},  /* 1/3 speed: not held back */
        {2.4, 0, false},    /* nothing known yet */
        {0, 0.1, false},    /* no task ended yet */
    };
    for (size_t i = 0; i < sizeof slow / sizeof slow[0]; i++)
        CHECK_EQ(ladroi_guard_slow(slow[i].pace, slow[i].ref), slow[i].slow);

    /* How many of a victim's n tasks a thief may take. Not slow: no limit. A 1/24-speed
     * thief (2.4 s a task) against a full-speed reference (0.1 s): one task once the
     * victim's n tasks would keep a fast rank busy longer than 2.4 s, (n + 1/2) 0.1 >=
     * 2.4, i.e. n >= 23.5; none below; never more than one. A 1/12 thief (1.2 s):
     * n >= 11.5. A 1/24 thief against a 1/3-speed reference (0.3 s): n >= 7.5. */
    static const struct {
        double thief, ref;
        uint32_t n, cap;
    } cap[] = {
        {0.3, 0.1, 0, NOLIMIT},  {0.3, 0.1, 1000, NOLIMIT}, {2.4, 0.6, 1, NOLIMIT},
        {2.4, 0, 5, NOLIMIT},    {2.4, 0.1, 0, 0},          {2.4, 0.1, 1, 0},
        {2.4, 0.1, 23, 0},       {2.4, 0.1, 24, 1},         {2.4, 0.1, 4000, 1},
        {1.2, 0.1, 11, 0},       {1.2, 0.1, 12, 1},         {2.4, 0.3, 7, 0},
        {2.4, 0.3, 8, 1},
    };
    for (size_t i = 0; i < sizeof cap / sizeof cap[0]; i++)
        CHECK_EQ(ladroi_guard_cap(cap[i].thief, cap[i].ref, cap[i].n), cap[i].cap);

    printf("%d checks, %d failed\n", check_count, check_failures);
    return check_failures != 0;
}
