/* libFuzzer harness: ladro-bench's command line (parse, the real function, built from
 * tools/bench/bench.c with its main renamed; parsing makes no MPI call) for 4 ranks.
 * Input: arguments one per line (fuzz_argv.h). Checks: no crash or sanitizer report;
 * 0, 1 (help) or 2 (usage error) only. */
#define main ladro_bench_main
#include "../../tools/bench/bench.c"
#undef main
#include "fuzz_argv.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz_argv_t a;
    fuzz_argv_make(&a, "ladro-bench", data, size);
    bench_t b;
    memset(&b, 0, sizeof b);
    int rc = parse(a.argc, a.argv, &b, 0, 4);
    if (rc < 0 || rc > 2)
        abort();
    fuzz_argv_free(&a);
    return 0;
}
