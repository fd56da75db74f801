/* libFuzzer harness: the seismic job journal reader (seis_journal_parse, the body of
 * seis_journal_load on the file's bytes: lines "shot <id> <crc32 hex> <bytes>", a shot
 * done only when its output file matches). Input: the journal text. Shot outputs: a private directory holds shot files 0..3 of known
 * contents (4, 5, 6, 7 bytes), the CRCs of which the corpus uses, so both accepted and
 * refused lines are reached. Checks: no crash or sanitizer report; the count equals the
 * number of done[] flags; only shots in [0, 8) are marked. */
#define _POSIX_C_SOURCE 200809L
#include "seis.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static char dir[512];

static void outpath(char *buf, size_t n, const char *d, int shot)
{
    snprintf(buf, n, "%s/shot_%05d.su", d, shot);
}

static void cleanup(void)
{
    for (int s = 0; s < 4; s++) {
        char p[600];
        outpath(p, sizeof p, dir, s);
        remove(p);
    }
    rmdir(dir);
}

static void setup(void)
{
    const char *t = getenv("TMPDIR");
    snprintf(dir, sizeof dir, "%s/ladro-fuzz-shots-%ld", t && *t ? t : "/tmp",
             (long)getpid());
    mkdir(dir, 0700);
    atexit(cleanup);
    for (int s = 0; s < 4; s++) {
        char p[600];
        outpath(p, sizeof p, dir, s);
        FILE *f = fopen(p, "wb");
        if (!f)
            abort();
        fwrite("abcdefg", 1, (size_t)(4 + s), f);
        fclose(f);
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (!dir[0])
        setup();
    char *buf = malloc(size ? size : 1);
    memcpy(buf, data, size);
    unsigned char done[8];
    int n = seis_journal_parse(buf, size, dir, outpath, 8, done);
    free(buf);
    int count = 0;
    for (int s = 0; s < 8; s++) {
        if (done[s] > 1 || (done[s] && s >= 4))
            abort();
        count += done[s];
    }
    if (count != n)
        abort();
    return 0;
}
