/* random: classic random-victim work stealing over RMA. An idle rank picks a victim
 * uniformly among the other ranks and takes the oldest of its public tasks with one claim
 * (paper=1: ceil(n / 2) of its n public tasks, the classic rule); an empty victim is a
 * failed steal. One task, because the oldest task of a search is the root of its largest
 * subtree: at 1 024 simulated ranks, half moved 12 times as many tasks on N-Queens
 * (250 000 against 21 000, most of them stolen again) and made it 2.2x slower; one task
 * is also 1.24x faster on the C5 speeds spinning and 3-6 % on gauss70-10, but 0.5-1 %
 * slower on DLB_Bench and 1.2x on C5 backing off (bench/defaults/README.md, "How much a
 * steal takes").
 * An idle rank tries up to LADROI_ROUND_DRAWS victims per round, serving any message between
 * two, before the core's pause (spinning: a 5 us poll; backing off: a sleep no message
 * cuts short). At 1 024 simulated ranks 16 against one a round spinning made gauss70-10
 * 2 % faster and UTS 4 %, N-Queens the same; against 8 backing off, gauss70-10 and UTS
 * 2 % faster, N-Queens 2 % slower, DLB_Bench 2 % faster (bench/defaults/README.md, "Idle
 * pauses"); 32 lost 1 % again. paper=1 keeps one victim a round spinning and 8 backing
 * off. The load-aware policies read 8 loads per search step (load_draws).
 * Its thieves weigh no speed: the steal guard is on by default (guard_auto; src/guard.c).
 * On the C5 speeds at 1 024 simulated ranks backing off a 1/24-speed rank that still held
 * a task when the run's work was done started it (7.2 s against leader's 4.816); the
 * guard leaves such tasks to faster thieves (4.952 s) and weighs no pace in a search
 * (bench/defaults/README.md, "The guard under random"). */
#include "../ladro_int.h"
#include "../idle.h"
#include "../policy.h"

#define LADRO__DRAWS_PAPER_BACKOFF 8

static int ladro__random_idle(ladro_t *lb, void *state)
{
    (void)state;
    if (lb->size < 2)
        return 0;
    int draws = !lb->cfg.paper ? LADROI_ROUND_DRAWS
                : lb->cfg.idle == LADRO_IDLE_BACKOFF ? LADRO__DRAWS_PAPER_BACKOFF : 1;
    return ladroi_idle_round(lb, draws, ladroi_random_step, NULL);
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
