/* random: classic random-victim work stealing over RMA. An idle rank picks a victim
 * uniformly among the other ranks and takes ceil(n / 2) of its n public tasks with one
 * claim; an empty victim is a failed steal, and the
 * core backs off exponentially between unsuccessful rounds. */
#include "../ladro_int.h"
#include "../policy.h"

static int ladro__random_idle(ladro_t *lb, void *state)
{
    (void)state;
    if (lb->size < 2)
        return 0;
    return ladroi_steal_attempt(lb, ladroi_rng_other(&lb->rng, lb->rank, lb->size),
                                LADROI_STEAL_FRACTION, 0);
}

const ladroi_policy_ops_t ladroi_policy_random = {
    .name = "random",
    .summary = "random victim, steal half, exponential back-off",
    .steals = true,
    .guard = true,
    .guard_hold = true,
    .on_idle = ladro__random_idle,
};
