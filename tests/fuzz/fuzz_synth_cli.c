/* libFuzzer harness: ladro-synth's command line (synth_parse of apps/synth/synth_cli.c;
 * parsing makes no MPI call). Input: arguments one per line (fuzz_argv.h). Checks: no
 * crash or sanitizer report; 0 (run), 1 (help) or 2 (usage error) only; accepted counts
 * in range. */
#include "synth_cli.h"

#include "fuzz_argv.h"

#include <stdlib.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz_argv_t a;
    fuzz_argv_make(&a, "ladro-synth", data, size);
    synth_opts_t o;
    int rc = synth_parse(a.argc, a.argv, &o, 1); /* rank 1: parse silently */
    if (rc < 0 || rc > 2)
        abort();
    if (rc == 0 && (o.wl.tasks_per_rank > 10000000 || o.wl.tasks > 1000000000 ||
                    o.wl.payload < 16 || o.repeat < 1))
        abort();
    fuzz_argv_free(&a);
    return 0;
}
