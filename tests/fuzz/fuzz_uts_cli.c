/* libFuzzer harness: ladro-uts's command line (uts__parse and the tree parameters'
 * uts_params_set, built from apps/uts/uts_main.c with its main renamed).
 * Input: arguments one per line (fuzz_argv.h). Checks: no crash or sanitizer report;
 * 0, 1 or 2, and a message for every usage error. */
#define main ladro_uts_main
#include "../../apps/uts/uts_main.c"
#undef main
#include "fuzz_argv.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz_argv_t a;
    fuzz_argv_make(&a, "ladro-uts", data, size);
    uts_opts_t o;
    char err[512] = "";
    int rc = uts__parse(a.argc, a.argv, &o, err, sizeof err);
    if (rc < 0 || rc > 2 || (rc == 2 && !err[0]))
        abort();
    fuzz_argv_free(&a);
    return 0;
}
