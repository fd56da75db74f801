/* steal_guard=pace's arithmetic (ladroi_guard_slow, ladroi_guard_cap) on hand-worked
 * numbers: the A2WS paper's C5 paces, 100 ms tasks at speeds 1/24 ... 1 (docs/user-guide.md,
 * "Heterogeneous ranks"). No MPI. */
#include "../src/ladro_int.h"
#include "check.h"

#include <stdint.h>

int main(void)
{
    /* Slow: over LADROI_GUARD_SLOW (4) times the reference pace, both known. */
    CHECK(ladroi_guard_slow(2.4, 0.1));   /* 1/24 speed against 1 */
    CHECK(ladroi_guard_slow(0.6, 0.1));   /* 1/6 */
    CHECK(ladroi_guard_slow(0.41, 0.1));
    CHECK(!ladroi_guard_slow(0.4, 0.1));  /* exactly 4 times: not slow */
    CHECK(!ladroi_guard_slow(0.3, 0.1));  /* 1/3 speed: not held back */
    CHECK(!ladroi_guard_slow(2.4, 0));    /* nothing known yet */
    CHECK(!ladroi_guard_slow(0, 0.1));    /* no task ended yet */

    /* Not slow: no limit, whatever the victim holds. */
    CHECK_EQ(ladroi_guard_cap(0.3, 0.1, 0), UINT32_MAX);
    CHECK_EQ(ladroi_guard_cap(0.3, 0.1, 1000), UINT32_MAX);
    CHECK_EQ(ladroi_guard_cap(2.4, 0.6, 1), UINT32_MAX);
    CHECK_EQ(ladroi_guard_cap(2.4, 0, 5), UINT32_MAX);

    /* A 1/24-speed thief (2.4 s a task) against a full-speed reference (0.1 s): one task
     * once the victim's n tasks would keep a fast rank busy longer than 2.4 s,
     * (n + 1/2) 0.1 >= 2.4, i.e. n >= 23.5; none below; never more than one. */
    CHECK_EQ(ladroi_guard_cap(2.4, 0.1, 0), 0);
    CHECK_EQ(ladroi_guard_cap(2.4, 0.1, 1), 0);
    CHECK_EQ(ladroi_guard_cap(2.4, 0.1, 23), 0);
    CHECK_EQ(ladroi_guard_cap(2.4, 0.1, 24), 1);
    CHECK_EQ(ladroi_guard_cap(2.4, 0.1, 4000), 1);
    /* A 1/12-speed thief (1.2 s): n >= 11.5. */
    CHECK_EQ(ladroi_guard_cap(1.2, 0.1, 11), 0);
    CHECK_EQ(ladroi_guard_cap(1.2, 0.1, 12), 1);
    /* A 1/24 thief against a 1/3-speed reference (0.3 s, 8 times faster): n >= 7.5. */
    CHECK_EQ(ladroi_guard_cap(2.4, 0.3, 7), 0);
    CHECK_EQ(ladroi_guard_cap(2.4, 0.3, 8), 1);

    printf("%d checks, %d failed\n", check_count, check_failures);
    return check_failures != 0;
}
