/* libFuzzer harness: the velocity model reader (seis_model_parse_raw, the body of
 * seis_model_read_raw on the file's bytes: raw float32, optional "LDRV" nx ny nz header). Input: byte 0 chooses the mode -- even: the model is
 * allocated from the command line first, as ladro-seismic does (dimensions 1..8 from
 * bytes 1..3), odd: no dimensions, the header must give them; the rest is the file.
 * Checks: no crash or sanitizer report; on success the model has the file's size; on
 * failure a message. */
#define _POSIX_C_SOURCE 200809L
#include "seis.h"

#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 4)
        return 0;
    seis_model_t m;
    char err[512] = "";
    memset(&m, 0, sizeof m);
    m.dx = m.dy = m.dz = 10;
    if (!(data[0] & 1) &&
        seis_model_alloc(&m, 1 + data[1] % 8, 1 + data[2] % 8, 1 + data[3] % 8, 10, 10, 10,
                         err, sizeof err))
        abort();
    int rc = seis_model_parse_raw(&m, "model.bin", data + 4, size - 4, err, sizeof err);
    if (rc == 0) {
        size_t want = (size_t)m.nx * m.ny * m.nz * sizeof(float);
        if (!m.vel || (want != size - 4 && want + 16 != size - 4))
            abort();
        float lo, hi;
        seis_model_minmax(&m, &lo, &hi);
    } else if (!err[0]) {
        abort();
    }
    seis_model_free(&m);
    return 0;
}
