/* steal_guard=pace's arithmetic (ladroi_guard_slow, ladroi_guard_cap, ladroi_guard_remaining,
 * ladroi_guard_late, ladroi_guard_room, ladroi_guard_patience) on hand-worked numbers: the
 * A2WS paper's C5 paces, 100 ms tasks at speeds 1/24 ... 1 (docs/user-guide.md,
 * "Heterogeneous ranks"). No MPI. */
#include "../src/ladro_int.h"
#include "check.h"

#include <math.h>
#include <stdint.h>

#define NOLIMIT UINT32_MAX

int main(void)
{
    /* Slow: over LADROI_GUARD_SLOW (2.5) times the reference pace, both known. */
    static const struct {
        double pace, ref;
        bool slow;
    } slow[] = {
        {2.4, 0.1, true},   /* 1/24 speed against 1 */
        {0.6, 0.1, true},   /* 1/6 */
        {0.3, 0.1, true},   /* 1/3 */
        {0.26, 0.1, true},
        {0.25, 0.1, false}, /* exactly 2.5 times: not slow */
        {0.2, 0.1, false},  /* 1/2 speed: not held back */
        {0.3, 0.2, false},  /* 3 ms tasks against a 2 ms mean (gauss70-10's spread) */
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
        {0.2, 0.1, 0, NOLIMIT},  {0.2, 0.1, 1000, NOLIMIT}, {2.4, 1.0, 1, NOLIMIT},
        {2.4, 0, 5, NOLIMIT},    {2.4, 0.1, 0, 0},          {2.4, 0.1, 1, 0},
        {2.4, 0.1, 23, 0},       {2.4, 0.1, 24, 1},         {2.4, 0.1, 4000, 1},
        {1.2, 0.1, 11, 0},       {1.2, 0.1, 12, 1},         {2.4, 0.3, 7, 0},
        {2.4, 0.3, 8, 1},
    };
    for (size_t i = 0; i < sizeof cap / sizeof cap[0]; i++)
        CHECK_EQ(ladroi_guard_cap(cap[i].thief, cap[i].ref, cap[i].n), cap[i].cap);

    /* The run's remaining time from a wave's sums. 8 C5 ranks (paces 2.4, 2.4, 1.2, 0.6,
     * 0.3, 0.15, 0.1, 0.1 s: rates 1/2.4 + 1/2.4 + ... = 33.33 tasks/s, 33 333 333 per
     * 10^6 s) with 160 tasks. No rate: unknown. */
    const uint64_t none[LADROI_GUARD_SUMS] = {0, 0, 0, 0};
    CHECK(ladroi_guard_remaining(160, none, 1.0) == -1);
    /* At 2.4 s, 80 tasks run and none running: 80 left, 80 / 33.33 = 2.4 s. */
    const uint64_t idle8[LADROI_GUARD_SUMS] = {33333333, 80000000, 0, 0};
    CHECK(fabs(ladroi_guard_remaining(160, idle8, 2.4) - 2.4) < 1e-6);
    /* 80 run, and the two 1/24-speed ranks contributed at 1.2 s, each half through its
     * 2.4 s task (0.5 done, rate 416 667); it is now 2.0 s: each has done 0.8 / 2.4 = 1/3
     * task more, so 80 - 2 * (0.5 + 1/3) = 78.33 tasks are left: 2.35 s. */
    const uint64_t busy[LADROI_GUARD_SUMS] = {33333333, 81000000, 833333, 1000000};
    CHECK(fabs(ladroi_guard_remaining(160, busy, 2.0) - 78.3333 / 33.3333) < 1e-4);
    /* Nothing left (or more done since than the wave knew of): 0. */
    const uint64_t all[LADROI_GUARD_SUMS] = {33333333, 160000000, 0, 0};
    CHECK(ladroi_guard_remaining(160, all, 5.0) == 0);
    CHECK(ladroi_guard_remaining(81, busy, 10.0) == 0);

    /* A slow thief ends its task after the run: rem + ref < its pace, ref = 0.1 s. */
    static const struct {
        double thief, rem;
        bool late;
    } late[] = {
        {2.4, 2.4, false}, /* the run lasts its task: it may take one */
        {2.4, 2.29, true}, /* 2.39 < 2.4 */
        {2.4, 0.05, true},
        {0.6, 0.45, true}, /* 1/6 speed: 0.55 < 0.6 */
        {0.6, 0.5, false},
        {0.3, 0.15, true},  /* 1/3 speed is slow: 0.25 < 0.3 ... */
        {0.3, 0.2, false},  /* ... 0.3 is not */
        {0.2, 0.0, false}, /* 1/2 speed is not slow: the estimate does not hold it back */
        {0.1, 0.0, false}, /* the fastest never */
        {2.4, -1, false},  /* no estimate */
        {0, 0.1, false},   /* no pace yet */
    };
    for (size_t i = 0; i < sizeof late / sizeof late[0]; i++)
        CHECK_EQ(ladroi_guard_late(late[i].thief, late[i].rem, 0.1), late[i].late);

    /* How many tasks a slow thief may take (a2ws's amount): those it ends within
     * rem + ref, less what it holds; ref = 0.1 s. Zero exactly where it is late. */
    static const struct {
        double thief, rem, held;
        uint32_t room;
    } room[] = {
        {2.4, 2.4, 0, 1},       /* a 1/24-speed rank at 2.4 s: its second task, no third */
        {2.4, 2.4, 1, 0},       /* it holds that one already */
        {2.4, 2.29, 0, 0},      /* late */
        {0.6, 2.4, 0, 4},       /* 1/6 speed: 2.5 / 0.6 = 4.17 */
        {0.6, 2.4, 1.5, 2},     /* 4.17 - 1.5 */
        {0.6, 2.4, 5, 0},       /* holds more than it can end: none, never negative */
        {0.6, 0.45, 0, 0},
        {0.2, 0.0, 0, NOLIMIT}, /* 1/2 speed is not slow */
        {0.1, 0.0, 0, NOLIMIT}, /* the fastest */
        {2.4, -1, 0, NOLIMIT},  /* no estimate */
        {0, 0.1, 0, NOLIMIT},   /* no pace yet */
        {2.4, 1e12, 0, NOLIMIT - 1}, /* an absurd estimate: bounded, not wrapped */
    };
    for (size_t i = 0; i < sizeof room / sizeof room[0]; i++)
        CHECK_EQ(ladroi_guard_room(room[i].thief, room[i].rem, 0.1, room[i].held), room[i].room);
    for (size_t i = 0; i < sizeof late / sizeof late[0]; i++)
        CHECK_EQ(ladroi_guard_room(late[i].thief, late[i].rem, 0.1, 0) == 0, late[i].late);

    /* How long a slow owner leaves its tasks: two fastest tasks, or a quarter of what
     * running its task now would add to the run (8 ranks of C1 speeds: 10 ms fastest,
     * 240 ms for the slowest, which left its last task at the run's estimated end). */
    CHECK(fabs(ladroi_guard_patience(0.24, 0.0, 0.01) - 0.0575) < 1e-12);
    CHECK(fabs(ladroi_guard_patience(2.4, 2.0, 0.1) - 0.2) < 1e-12);  /* (2.4-2.1)/4 < 0.2 */
    CHECK(fabs(ladroi_guard_patience(2.4, 0.0, 0.1) - 0.575) < 1e-12); /* C5, at 4.8 s */
    CHECK(fabs(ladroi_guard_patience(0.5, 0.45, 0.1) - 0.2) < 1e-12); /* rem + ref >= pace */

    /* Alike tasks (ladroi_guard_alike): two or more, standard deviation at most half the
     * mean. C5's equal tasks, at any speed; uniform durations in [0.5, 1.5] (sd 0.29);
     * two tasks 3 times apart are the limit (sd = mean / 2); a search's are not, nor is
     * one task, nor none. */
    CHECK(ladroi_guard_alike(2, 4.8, 2 * 2.4 * 2.4));
    CHECK(ladroi_guard_alike(20, 2.0, 20 * 0.1 * 0.1));
    {
        double sum = 0, sq = 0;
        for (int i = 0; i < 100; i++) {
            double d = 0.5 + i / 99.0; /* 0.5 ... 1.5 */
            sum += d;
            sq += d * d;
        }
        CHECK(ladroi_guard_alike(100, sum, sq));
    }
    CHECK(ladroi_guard_alike(2, 0.39, 0.1 * 0.1 + 0.29 * 0.29));    /* 2.9 times apart */
    CHECK(!ladroi_guard_alike(2, 0.41, 0.1 * 0.1 + 0.31 * 0.31));  /* just over */
    CHECK(!ladroi_guard_alike(4, 1.003, 3 * 1e-6 + 1.0));          /* three tiny, one long */
    CHECK(!ladroi_guard_alike(1, 2.4, 2.4 * 2.4));
    CHECK(!ladroi_guard_alike(0, 0, 0));

    printf("%d checks, %d failed\n", check_count, check_failures);
    return check_failures != 0;
}
