/* ladro-sim: simulators of work stealing (no MPI library). docs/sim.md. */
#include "cli.h"
#include "paje.h"

#include <stdio.h>
#include <string.h>

static void ladro__usage(FILE *f)
{
    fputs("usage: ladro-sim MODE [options]   (ladro-sim MODE --help for each)\n"
          "  latency      runs of the work-stealing-with-latency model (ws-latency paper):\n"
          "               per-run CSV/JSON, summary, prediction, events/s, Paje trace\n"
          "  sweep        every combination of lists of W, p, lambda (and variants); fitted c'\n"
          "  limit        acceptable-latency limit (Cmax <= 1.1 W/p) by search vs the formula\n"
          "  policy       ladro's policies (the runtime's own code) on simulated ranks\n"
          "               (SimGrid S4U; needs ladro-sim built with libsimgrid-dev)\n"
          "  paje-check   check a Paje trace's consistency\n",
          f);
}

int ladro_sim_pajecheck_main(int argc, char **argv)
{
    if (argc == 2 && (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h"))) {
        puts("usage: ladro-sim paje-check FILE\n"
             "Checks every event id is defined with its field count, containers are created\n"
             "before use and destroyed at the end (every state closed), every link started is\n"
             "ended, values are defined, times never go backwards.");
        return 0;
    }
    if (argc != 2)
        return ladro_sim_usage_error("paje-check", "expects exactly one FILE");
    char msg[512];
    int rc = ladro_sim_paje_check(argv[1], msg, sizeof msg);
    printf("ladro-sim paje-check: %s: %s\n", rc ? "FAILED" : "OK", msg);
    return rc ? 1 : 0;
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        ladro__usage(stderr);
        return 2;
    }
    const char *m = argv[1];
    if (!strcmp(m, "--help") || !strcmp(m, "-h") || !strcmp(m, "help")) {
        ladro__usage(stdout);
        return 0;
    }
    if (!strcmp(m, "latency"))
        return ladro_sim_latency_main(argc - 1, argv + 1, 0);
    if (!strcmp(m, "sweep"))
        return ladro_sim_latency_main(argc - 1, argv + 1, 1);
    if (!strcmp(m, "limit"))
        return ladro_sim_limit_main(argc - 1, argv + 1);
    if (!strcmp(m, "policy")) {
#ifdef LADRO_SIM_S4U
        return ladro_sim_policy_main(argc - 1, argv + 1);
#else
        /* the policies run on the simulated engine only: no model stands in for it */
        return ladro_sim_usage_error("policy", "this ladro-sim was built without SimGrid; "
                                     "install libsimgrid-dev (scripts/install-deps.sh) and "
                                     "rebuild");
#endif
    }
    if (!strcmp(m, "paje-check"))
        return ladro_sim_pajecheck_main(argc - 1, argv + 1);
    fprintf(stderr, "ladro-sim: unknown mode '%s'; accepted: latency, sweep, limit, policy, "
                    "paje-check (ladro-sim --help)\n", m);
    return 2;
}
