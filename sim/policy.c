/* ladro-sim policy: placeholder until the policy-level simulation lands (same commit series). */
#include "cli.h"

int ladro_sim_policy_main(int argc, char **argv)
{
    (void)argc;
    (void)argv;
    return ladro_sim_usage_error("policy", "not built yet");
}
