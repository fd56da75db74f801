/* libFuzzer harness: the Seismic Unix reader of ladro-rtm --data (seis_su_parse, then
 * the samples and header words of every trace, as rtm_main.c reads them).
 * Input: the file. Checks: no crash or sanitizer report; accepted data is a whole
 * number of traces. */
#define _POSIX_C_SOURCE 200809L
#include "seis.h"

#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    /* a private aligned copy, as seis_read_file gives the reader */
    unsigned char *buf = malloc(size ? size : 1);
    memcpy(buf, data, size);
    int ntr, ns;
    double dt;
    char err[512] = "";
    if (seis_su_parse(buf, size, &ntr, &ns, &dt, err, sizeof err) == 0) {
        if (ntr < 1 || ns < 1 || seis_su_size(ntr, ns) != size)
            abort();
        volatile float acc = 0;
        for (int t = 0; t < ntr; t++) {
            const float *s = seis_su_samples(buf, t, ns);
            acc += s[0] + s[ns - 1];
            acc += (float)seis_su_hdr_i32(buf, t, ns, 8);
        }
        (void)acc;
    } else if (!err[0]) {
        abort();
    }
    free(buf);
    return 0;
}
