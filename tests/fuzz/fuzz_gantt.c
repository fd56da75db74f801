/* libFuzzer harness: ladro-gantt (tools/gantt/gantt.h, linked: gantt_core).
 * Input: byte 0 even = the CSV trace reader (gantt_read_trace_stream, then
 * gantt_write_svg of what it accepted, to a private file); odd = the command line
 * (gantt_parse; arguments one per line, fuzz_argv.h). Checks: no crash or sanitizer
 * report; the reader returns records of ranks below the rank count it reports. */
#include "gantt.h"

#include "fuzz_argv.h"

#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1)
        return 0;
    if (data[0] & 1) {
        fuzz_argv_t a;
        fuzz_argv_make(&a, "ladro-gantt", data + 1, size - 1);
        gantt_opts_t o;
        memset(&o, 0, sizeof o);
        int rc = gantt_parse(a.argc, a.argv, &o);
        if (rc < 0 || rc > 2)
            abort();
        fuzz_argv_free(&a);
        return 0;
    }
    FILE *f = fmemopen((void *)(data + 1), size - 1, "r");
    if (!f)
        return 0; /* fmemopen refuses an empty buffer */
    const char *path = "trace.csv";
    size_t n = 0;
    int P = 0;
    rec_t *r = gantt_read_trace_stream(f, path, &n, &P);
    if (!r)
        return 0;
    for (size_t i = 0; i < n; i++)
        if (r[i].rank < 0 || r[i].rank >= P)
            abort();
    gantt_opts_t o;
    memset(&o, 0, sizeof o);
    o.in = path;
    o.width = 1100;
    o.max_arrows = 300;
    static char out[600];
    if (!out[0]) {
        const char *t = getenv("TMPDIR");
        snprintf(out, sizeof out, "%s/ladro-fuzz-gantt-%ld.svg", t && *t ? t : "/tmp",
                 (long)getpid());
    }
    gantt_write_svg(&o, out, r, n, P);
    remove(out);
    free(r);
    return 0;
}
