/* ladro-synth's command line (no MPI call): parsed by synth_parse, used by main and by
 * the fuzz harness tests/fuzz/fuzz_synth_cli.c. */
#ifndef LADRO_SYNTH_CLI_H
#define LADRO_SYNTH_CLI_H

#include "app_opts.h"
#include "workload.h"

#include <ladro.h>

#include <stdbool.h>
#include <stdint.h>

typedef struct synth_opts {
    ladro_config_t cfg;
    wl_spec_t wl;
    int verify, quiet;
    const char *json; /* --json [FILE]: NULL (the summary), "-" (stdout) or a file */
    char policy[256]; /* --policy NAME|LIST|all ("": LADRO_POLICY, else the default);
                         cfg holds the environment's configuration, each run's entry is
                         applied to a copy (app_policy_entry) */
    uint64_t repeat; /* runs, one handle each, seeds seed, seed + 1, ... */
    char policies[256]; /* --policy as given: a name, a comma-separated list or "all" (each
                           name checked; "" when not given); main runs each in turn, and
                           cfg.policy holds the last name given */
    int threads_profile; /* --threads-profile Cc: c in 1..5 (0 = off): worker threads per
                            rank = cores of its node in A2WS profile Cc (main sets
                            cfg.threads with ladroi_profile_cores) */
    app_emulation_t emu; /* --speed, --emulate: applied to each handle (app_emulate) */
    double delay_us; /* --delay-us X: each remote one-sided MPI call first waits a random
                        time in [0, X] us (apps/common/rma_delay.h; 0 = off) */
} synth_opts_t;

/* Defaults, LADRO_* environment, then the flags. 0 run, 1 done (help or the profile list
 * printed by rank 0), 2 usage error (rank 0 printed one line). */
int synth_parse(int argc, char **argv, synth_opts_t *o, int rank);

#endif
