/* libFuzzer harness: ladro-nqueens's command line (nq_parse of
 * apps/nqueens/nqueens_cli.c). Input: arguments one per line (fuzz_argv.h). Checks: no
 * crash or sanitizer report; 0, 1 or 2, a message for every usage error, accepted values
 * in range. */
#include "nqueens.h"
#include "nqueens_cli.h"

#include "fuzz_argv.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz_argv_t a;
    fuzz_argv_make(&a, "ladro-nqueens", data, size);
    nq_opts_t o;
    char err[512] = "";
    int rc = nq_parse(a.argc, a.argv, &o, 1, err, sizeof err);
    if (rc < 0 || rc > 2 || (rc == 2 && !err[0]))
        abort();
    if (rc == 0 && (o.n < 1 || o.n > NQ_MAX_N || o.cutoff < 0 || o.cutoff > NQ_MAX_N))
        abort();
    fuzz_argv_free(&a);
    return 0;
}
