/* ladro-gantt's main: parse, read the trace, write the SVG (gantt.h). */
#define _POSIX_C_SOURCE 200809L
#include "gantt.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv)
{
    gantt_opts_t o = {0};
    int rc = gantt_parse(argc, argv, &o);
    if (rc)
        return rc == 1 ? 0 : rc;
    char out[4096];
    if (o.out) {
        snprintf(out, sizeof out, "%s", o.out);
    } else {
        snprintf(out, sizeof out, "%s", o.in);
        char *dot = strrchr(out, '.');
        if (dot && (!strcmp(dot, ".csv") || !strcmp(dot, ".paje") || !strcmp(dot, ".trace") ||
                    !strcmp(dot, ".json")))
            *dot = 0;
        strncat(out, ".svg", sizeof out - strlen(out) - 1);
    }
    size_t n;
    int P;
    rec_t *r = gantt_read_trace(o.in, &n, &P);
    if (!r)
        return 1;
    rc = gantt_write_svg(&o, out, r, n, P);
    free(r);
    if (rc == 0)
        printf("ladro-gantt: wrote %s (%d ranks, %zu records)\n", out, P, n);
    return rc;
}
