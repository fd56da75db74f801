/* libFuzzer harness: ladro-bench's command line (bench_parse of tools/bench/bench_cli.c;
 * parsing makes no MPI call) for 4 ranks. Input: arguments one per line (fuzz_argv.h).
 * Checks: no crash or sanitizer report; 0, 1 (help) or 2 (usage error) only. */
#include "bench.h"

#include "fuzz_argv.h"

#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz_argv_t a;
    fuzz_argv_make(&a, "ladro-bench", data, size);
    bench_t b;
    memset(&b, 0, sizeof b);
    int rc = bench_parse(a.argc, a.argv, &b, 1, 4); /* rank 1: parse silently */
    if (rc < 0 || rc > 2)
        abort();
    if (rc == 0 && (b.npol < 1 || b.ntpr < 1 || b.nspeed < 1 || b.repeat < 1))
        abort();
    fuzz_argv_free(&a);
    return 0;
}
