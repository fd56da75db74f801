/* libFuzzer harness: the command line of ladro-seismic and ladro-rtm (seis_app_parse
 * of apps/seismic/seis_cli.c, called as rank 1 so it prints nothing; no MPI call).
 * Input: byte 0 even = ladro-seismic, odd = ladro-rtm; then arguments one per line
 * (fuzz_argv.h). Checks: no crash or sanitizer report; 0, 1 or 2 only. */
#define _POSIX_C_SOURCE 200809L
#include "seis_app.h"

#include "fuzz_argv.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1)
        return 0;
    int rtm = data[0] & 1;
    fuzz_argv_t a;
    fuzz_argv_make(&a, rtm ? "ladro-rtm" : "ladro-seismic", data + 1, size - 1);
    static seis_app_t app; /* large: keep it off the stack */
    memset(&app, 0, sizeof app);
    app.o.prog = a.argv[0];
    app.o.rtm = rtm;
    app.rank = 1;
    int rc = seis_app_parse(&app, a.argc, a.argv);
    if (rc < 0 || rc > 2)
        abort();
    fuzz_argv_free(&a);
    return 0;
}
