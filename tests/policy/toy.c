/* toy: a policy that lives in the test tree, to show that a policy is its file plus the
 * registry (tests/CMakeLists.txt builds it into ladro_toy with ladro_add_policy_library;
 * test_toy runs it). An idle rank steals from the rank `toy_stride` places further on the
 * ring, then the next one, and so on; it counts its rounds. */
#include "ladro_int.h"
#include "config.h"
#include "policy.h"

#include <stdlib.h>

typedef struct ladro__toy_opts {
    int toy_stride;
} ladro__toy_opts_t;

static const ladroi_opt_t ladro__toy_opts[] = {
    {.key = "toy_stride", .type = LADROI_OPT_INT,
     LADROI_OPT_FIELD(ladro__toy_opts_t, toy_stride), .min = 1, .max = 1024, .def = "1",
     .accepted = "an integer in [1, 1024]", .doc = "distance on the ring to the first victim"},
};

enum { LADRO__C_ROUNDS, LADRO__C_MAX_ROUNDS };
static const ladroi_counter_t ladro__toy_counters[] = {
    {"toy_rounds", LADROI_SUM, "steal attempts"},
    {"toy_rank_rounds", LADROI_MAX, "steal attempts of the busiest thief"},
};

typedef struct ladro__toy {
    int next; /* offset of the next victim */
} ladro__toy_t;

static int ladro__toy_init(ladro_t *lb, void **state)
{
    ladro__toy_t *s = calloc(1, sizeof *s);
    if (!s)
        return ladroi_fail(lb, LADRO_ENOMEM, "toy: out of memory");
    s->next = ((const ladro__toy_opts_t *)lb->popts)->toy_stride;
    *state = s;
    return LADRO_OK;
}

static void ladro__toy_fini(ladro_t *lb, void *state)
{
    (void)lb;
    free(state);
}

static int ladro__toy_idle(ladro_t *lb, void *state)
{
    ladro__toy_t *s = state;
    if (lb->size < 2)
        return 0;
    int off = s->next % lb->size ? s->next % lb->size : 1;
    s->next = off + 1;
    LADROI_COUNT(lb, LADRO__C_ROUNDS, 1);
    LADROI_COUNT(lb, LADRO__C_MAX_ROUNDS, 1);
    return ladroi_steal_attempt(lb, (lb->rank + off) % lb->size, LADROI_STEAL_FRACTION, 0);
}

const ladroi_policy_ops_t ladroi_policy_toy = {
    .name = "toy",
    .summary = "test-tree policy: ring victims from a stride",
    .steals = true,
    .init = ladro__toy_init,
    .fini = ladro__toy_fini,
    .on_idle = ladro__toy_idle,
    LADROI_POLICY_OPTS(ladro__toy_opts, ladro__toy_opts_t),
    LADROI_POLICY_COUNTERS(ladro__toy_counters),
};
