/* random: classic random-victim work stealing over RMA. An idle rank picks a victim
 * uniformly among the other ranks and takes the oldest of its public tasks with one claim
 * (paper=1: ceil(n / 2) of its n public tasks, the classic rule); an empty victim is a
 * failed steal. One task, because the oldest task of a search is the root of its largest
 * subtree: at 1 024 simulated ranks, half moved 12 times as many tasks on N-Queens
 * (250 000 against 21 000, most of them stolen again) and made it 2.2x slower; one task
 * is also 1.24x faster on the C5 speeds spinning and 3-6 % on gauss70-10, but 0.5-1 %
 * slower on DLB_Bench and 1.2x on C5 backing off (bench/defaults/README.md, "How much a
 * steal takes").
 * A spinning rank tries one victim per round (the core's pause between two is a 5 us
 * poll); a backing-off rank tries up to LADRO__DRAWS before the core's sleep, which no
 * message cuts short: at 1 024 simulated ranks one victim per sleep left N-Queens' ranks
 * 13 ms on average without a first task, and 8 made random 1.57x faster there, UTS
 * 1.55x, gauss70-10 1.14x (bench/defaults/README.md, "Idle pauses"). The load-aware
 * policies read 8 loads per search step alike (load_draws).
 * Its thieves weigh no speed: the steal guard is on by default (guard_auto; src/guard.c).
 * On the C5 speeds at 1 024 simulated ranks backing off a 1/24-speed rank that still held
 * a task when the run's work was done started it (7.2 s against leader's 4.816); the
 * guard leaves such tasks to faster thieves (5.101 s) and weighs no pace in a search
 * (bench/defaults/README.md, "The guard under random"). */
#include "../ladro_int.h"
#include "../idle.h"
#include "../policy.h"

#define LADRO__DRAWS 8

static int ladro__random_idle(ladro_t *lb, void *state)
{
    (void)state;
    if (lb->size < 2)
        return 0;
    int draws = lb->cfg.idle == LADRO_IDLE_BACKOFF ? LADRO__DRAWS : 1;
    uint32_t take = lb->cfg.paper ? 0 : 1; /* 0: no cap, the fraction's half */
    for (int i = 0;; i++) {
        int rc = ladroi_steal_attempt(lb, ladroi_rng_other(&lb->rng, lb->rank, lb->size),
                                      LADROI_STEAL_FRACTION, take);
        if (rc != 0 || i + 1 == draws)
            return rc;
        bool yield; /* a message (a wave's): the core serves it first */
        if ((rc = ladroi_idle_yield(lb, &yield)) != 0 || yield)
            return rc;
    }
}

const ladroi_policy_ops_t ladroi_policy_random = {
    .name = "random",
    .summary = "random victim, steal the oldest task (paper=1: half), exponential back-off",
    .steals = true,
    .guard = true,
    .guard_hold = true,
    .guard_auto = true,
    .on_idle = ladro__random_idle,
};
