/* libFuzzer harness: ladro-uts's command line (uts_parse of apps/uts/uts_cli.c and the
 * tree parameters' uts_params_set). Input: arguments one per line (fuzz_argv.h).
 * Checks: no crash or sanitizer report; 0, 1 or 2, and a message for every usage error. */
#include "uts_cli.h"

#include "fuzz_argv.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz_argv_t a;
    fuzz_argv_make(&a, "ladro-uts", data, size);
    uts_opts_t o;
    char err[512] = "";
    int rc = uts_parse(a.argc, a.argv, &o, 1, err, sizeof err);
    if (rc < 0 || rc > 2 || (rc == 2 && !err[0]))
        abort();
    fuzz_argv_free(&a);
    return 0;
}
