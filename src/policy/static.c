/* static: no stealing — every rank runs what it was given (CTWS's baseline). With a
 * block-distributed seeding this is the classic static schedule. */
#include "../ladro_int.h"
#include "../policy.h"

static int ladro__static_idle(ladro_t *lb, void *state)
{
    (void)lb;
    (void)state;
    return 0;
}

const ladroi_policy_ops_t ladroi_policy_static = {
    .name = "static",
    .summary = "block distribution, no stealing",
    .steals = false,
    .local_only = true,
    .on_idle = ladro__static_idle,
};
