/* libFuzzer harness: the SEG-Y readers (seis_model_read_segy, the --model-file *.sgy path;
 * seis_segy_read, the gather reader of ladro-rtm --data). libsegyio reads files by name,
 * so every input is written to a private temporary file first.
 * Input: the file. Checks: no crash or sanitizer report; an accepted model has as many
 * samples as the file has room for; a refusal is one line naming the file. */
#define _POSIX_C_SOURCE 200809L
#include "seis.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const char *tmp = getenv("TMPDIR");
    char path[512];
    snprintf(path, sizeof path, "%s/fuzz_segy_XXXXXX", tmp && *tmp ? tmp : "/tmp");
    int fd = mkstemp(path);
    if (fd < 0)
        return 0;
    size_t off = 0;
    while (off < size) {
        ssize_t w = write(fd, data + off, size - off);
        if (w <= 0)
            break;
        off += (size_t)w;
    }
    close(fd);
    if (off != size) {
        unlink(path);
        return 0;
    }
    seis_model_t m;
    char err[1024] = "";
    memset(&m, 0, sizeof m);
    m.dx = m.dy = 10;
    if (seis_model_read_segy(&m, path, err, sizeof err) == 0) {
        size_t n = (size_t)m.nx * m.ny * m.nz;
        if (!m.vel || n == 0 || 3600 + n * 4 + (size_t)m.nx * m.ny * 240 > size ||
            !(m.dx > 0) || !(m.dy > 0) || !(m.dz > 0))
            abort();
        float lo, hi;
        seis_model_minmax(&m, &lo, &hi);
        seis_model_free(&m);
    } else if (!err[0] || strchr(err, '\n') || !strstr(err, path) || m.vel) {
        abort();
    }
    int ntr, ns;
    double iv;
    float *s = NULL;
    seis_segy_trace_t *h = NULL;
    err[0] = 0;
    if (seis_segy_read(path, &ntr, &ns, &iv, &s, &h, err, sizeof err) == 0) {
        if (ntr < 1 || ns < 1 || !(iv > 0) || 3600 + (size_t)ntr * (240 + 4 * (size_t)ns) > size)
            abort();
        volatile float acc = s[0] + s[(size_t)ntr * ns - 1] + (float)h[ntr - 1].cdpx;
        (void)acc;
    } else if (!err[0] || s || h) {
        abort();
    }
    free(s);
    free(h);
    unlink(path);
    return 0;
}
