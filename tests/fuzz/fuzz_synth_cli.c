/* libFuzzer harness: ladro-synth's command line (parse_args, the real function, built
 * from apps/synth/synth.c with its main renamed; no MPI call is made by parsing).
 * Input: arguments one per line (fuzz_argv.h). Checks: no crash or sanitizer report;
 * 0 (run), 1 (help) or 2 (usage error) only. */
#define main ladro_synth_main
#include "../../apps/synth/synth.c"
#undef main
#include "fuzz_argv.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz_argv_t a;
    fuzz_argv_make(&a, "ladro-synth", data, size);
    opts_t o;
    memset(&o, 0, sizeof o);
    int rc = parse_args(a.argc, a.argv, &o, 0);
    if (rc < 0 || rc > 2)
        abort();
    fuzz_argv_free(&a);
    return 0;
}
