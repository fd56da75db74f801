/* SEG-Y through libsegyio: velocity models written and read back to the same numbers (IEEE
 * exactly, IBM to its 24-bit fraction), both trace sortings and a rotated grid, the header
 * fields an independent reader sees, and every refusal of an inconsistent file (one line,
 * naming the file and what is wrong). Exit 77 (CTest skip) when built without libsegyio.
 * The structured model: deterministic, its five velocities, the fault's throw. */
#include "seis.h"
#include "../check.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static char dir[] = "/tmp/seis_segy_XXXXXX";

static void path_of(char *buf, size_t n, const char *name)
{
    snprintf(buf, n, "%s/%s", dir, name);
}

/* A small volume file from explicit trace headers (for the broken geometries). */
static int write_traces(const char *name, int format, int ntr, int ns, double interval,
                        const seis_segy_trace_t *tr, const float *s)
{
    char path[256], err[512];
    path_of(path, sizeof path, name);
    seis_segy_desc_t d = {.text = "test file", .format = format, .ns = ns, .ntr = ntr,
                          .interval = interval, .sorting = 4};
    unsigned char *img;
    size_t len;
    if (seis_segy_image(dir, &d, tr, s, &img, &len, err, sizeof err)) {
        fprintf(stderr, "%s\n", err);
        return -1;
    }
    int rc = seis_write_atomic(path, img, len, err, sizeof err);
    free(img);
    return rc;
}

/* Read name as a model; returns the reader's code, err holds its message. */
static int read_model(const char *name, seis_model_t *m, char *err, size_t n)
{
    char path[256];
    path_of(path, sizeof path, name);
    memset(m, 0, sizeof *m);
    m->dx = m->dy = 7; /* the spacing of files without coordinates */
    return seis_model_read_segy(m, path, err, n);
}

static int32_t be32(const unsigned char *p)
{
    return (int32_t)((uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3]);
}

static void test_roundtrip(int format)
{
    char err[512], path[256];
    seis_model_t m, r;
    CHECK_EQ(seis_model_alloc(&m, 12, 7, 9, 10, 10, 5, err, sizeof err), 0);
    for (size_t q = 0; q < (size_t)12 * 7 * 9; q++) /* not all exact in IBM */
        m.vel[q] = 1500.0f + 0.37f * (float)q + (q % 3 ? 0.1f : 0);
    path_of(path, sizeof path, "model.sgy");
    CHECK_EQ(seis_model_write_segy(&m, path, "round trip", format, err, sizeof err), 0);
    CHECK_EQ(read_model("model.sgy", &r, err, sizeof err), 0);
    CHECK_EQ(r.nx, 12);
    CHECK_EQ(r.ny, 7);
    CHECK_EQ(r.nz, 9);
    CHECK_LT(fabs(r.dx - 10) + fabs(r.dy - 10) + fabs(r.dz - 5), 1e-9);
    double worst = 0;
    for (size_t q = 0; r.vel && q < (size_t)12 * 7 * 9; q++)
        worst = fmax(worst, fabs(r.vel[q] - m.vel[q]) / m.vel[q]);
    if (format == 5)
        CHECK_EQ(worst == 0, 1);
    else
        CHECK_LT(worst, 1e-6); /* IBM: 24-bit fraction, hexadecimal exponent */
    /* header fields as the file holds them (big-endian, SEG-Y rev 1 byte positions) */
    void *buf;
    size_t n;
    CHECK_EQ(seis_read_file(path, &buf, &n, err, sizeof err), 0);
    const unsigned char *b = buf;
    CHECK_EQ(n, 3600 + (size_t)12 * 7 * (240 + 9 * 4));
    CHECK_EQ(b[0], 0xC3); /* 'C' in EBCDIC */
    CHECK_EQ(b[3216] << 8 | b[3217], 5000); /* dz 5 m in mm */
    CHECK_EQ(b[3220] << 8 | b[3221], 9);    /* samples */
    CHECK_EQ(b[3224] << 8 | b[3225], format);
    const unsigned char *t13 = b + 3600 + (size_t)13 * (240 + 36); /* x 1, y 1 */
    CHECK_EQ(be32(t13 + 188), 2);      /* inline = y + 1 */
    CHECK_EQ(be32(t13 + 192), 2);      /* crossline = x + 1 */
    CHECK_EQ(be32(t13 + 180), 10);     /* CDP X, scalar 1 */
    CHECK_EQ(be32(t13 + 184), 10);
    CHECK_EQ(t13[70] << 8 | t13[71], 1);
    free(buf);
    seis_model_free(&m);
    seis_model_free(&r);
}

/* Crossline sorting (inline fastest), a grid rotated by 30 degrees, 12.5 m spacing: the
 * coordinates need a scalar. */
static void test_sorting_rotation(void)
{
    enum { NX = 4, NY = 3, NS = 5 };
    seis_segy_trace_t tr[NX * NY];
    float s[NX * NY * NS];
    double c = cos(M_PI / 6), sn = sin(M_PI / 6), h = 12.5;
    for (int i = 0; i < NX; i++)
        for (int j = 0; j < NY; j++) {
            int t = i * NY + j;
            tr[t] = (seis_segy_trace_t){.il = 100 + 2 * j, .xl = 50 + i,
                                        .cdpx = 1000 + h * (i * c - j * sn),
                                        .cdpy = 2000 + h * (i * sn + j * c)};
            for (int k = 0; k < NS; k++)
                s[t * NS + k] = (float)(1000 * k + 10 * j + i);
        }
    char err[512];
    seis_model_t m;
    CHECK_EQ(write_traces("xsorted.sgy", 5, NX * NY, NS, 12500, tr, s), 0);
    CHECK_EQ(read_model("xsorted.sgy", &m, err, sizeof err), 0);
    if (!m.vel) {
        fprintf(stderr, "%s\n", err);
        return;
    }
    CHECK_EQ(m.nx, NX);
    CHECK_EQ(m.ny, NY);
    CHECK_LT(fabs(m.dx - h) + fabs(m.dy - h) + fabs(m.dz - 12.5), 2e-3);
    int bad = 0;
    for (int k = 0; k < NS; k++)
        for (int j = 0; j < NY; j++)
            for (int i = 0; i < NX; i++)
                bad += m.vel[((size_t)k * NY + j) * NX + i] != 1000 * k + 10 * j + i;
    CHECK_EQ(bad, 0);
    seis_model_free(&m);
}

/* One refusal: the reader fails with a one-line message naming the file and the fault. */
static void refused(const char *name, const char *what)
{
    char err[512] = "", path[256];
    seis_model_t m;
    path_of(path, sizeof path, name);
    CHECK_EQ(read_model(name, &m, err, sizeof err), -1);
    CHECK_STR_CONTAINS(err, path);
    CHECK_STR_CONTAINS(err, what);
    CHECK(strchr(err, '\n') == NULL);
    CHECK(m.vel == NULL);
}

static void test_refusals(void)
{
    enum { NX = 4, NY = 3, NS = 4 };
    seis_segy_trace_t tr[NX * NY], t2[NX * NY];
    float s[NX * NY * NS];
    for (int q = 0; q < NX * NY * NS; q++)
        s[q] = 2000;
    for (int t = 0; t < NX * NY; t++)
        tr[t] = (seis_segy_trace_t){.il = 1 + t / NX, .xl = 1 + t % NX, .cdpx = 10.0 * (t % NX),
                                    .cdpy = 10.0 * (t / NX)};
    /* a trace missing: 11 traces are no whole number of inlines of 4 */
    CHECK_EQ(write_traces("missing.sgy", 5, NX * NY - 1, NS, 10000, tr, s), 0);
    refused("missing.sgy", "not a whole number of inlines of 4 traces");
    /* a trace out of place */
    memcpy(t2, tr, sizeof tr);
    t2[6].xl = 9;
    CHECK_EQ(write_traces("order.sgy", 5, NX * NY, NS, 10000, t2, s), 0);
    refused("order.sgy", "trace 7 has inline 2 crossline 9");
    /* a CDP off the grid */
    memcpy(t2, tr, sizeof tr);
    t2[9].cdpy = 25;
    CHECK_EQ(write_traces("coords.sgy", 5, NX * NY, NS, 10000, t2, s), 0);
    refused("coords.sgy", "off the regular grid");
    /* no inline/crossline numbers */
    memset(t2, 0, sizeof t2);
    CHECK_EQ(write_traces("nolines.sgy", 5, NX * NY, NS, 10000, t2, s), 0);
    refused("nolines.sgy", "same inline 0 and crossline 0");
    /* no coordinates: the given spacing (7 m here) */
    for (int t = 0; t < NX * NY; t++)
        t2[t] = (seis_segy_trace_t){.il = 1 + t / NX, .xl = 1 + t % NX};
    CHECK_EQ(write_traces("nocoords.sgy", 5, NX * NY, NS, 7000, t2, s), 0);
    char err[512];
    seis_model_t m;
    CHECK_EQ(read_model("nocoords.sgy", &m, err, sizeof err), 0);
    CHECK_LT(fabs(m.dx - 7) + fabs(m.dy - 7) + fabs(m.dz - 7), 1e-9);
    seis_model_free(&m);
    /* byte-level damage of a good file */
    char good[256], path[256];
    CHECK_EQ(write_traces("good.sgy", 5, NX * NY, NS, 10000, tr, s), 0);
    path_of(good, sizeof good, "good.sgy");
    void *buf;
    size_t n;
    CHECK_EQ(seis_read_file(good, &buf, &n, err, sizeof err), 0);
    unsigned char *b = buf;
    b[3225] = 3; /* 2-byte integers */
    path_of(path, sizeof path, "format3.sgy");
    CHECK_EQ(seis_write_atomic(path, b, n, err, sizeof err), 0);
    refused("format3.sgy", "sample format code 3");
    b[3225] = 5;
    path_of(path, sizeof path, "truncated.sgy");
    CHECK_EQ(seis_write_atomic(path, b, n - 3, err, sizeof err), 0);
    refused("truncated.sgy", "not a whole number of 256-byte traces");
    path_of(path, sizeof path, "short.sgy");
    CHECK_EQ(seis_write_atomic(path, b, 1000, err, sizeof err), 0);
    refused("short.sgy", "shorter than the 3600 bytes");
    b[3220] = 0, b[3221] = 0; /* no samples */
    path_of(path, sizeof path, "nosamples.sgy");
    CHECK_EQ(seis_write_atomic(path, b, n, err, sizeof err), 0);
    refused("nosamples.sgy", "0 samples per trace");
    free(buf);
    refused("absent.sgy", "cannot open");
    /* the writer refuses what the 16-bit fields cannot hold */
    seis_segy_desc_t d = {.format = 5, .ns = 40000, .ntr = 1, .interval = 1000, .sorting = 1};
    unsigned char *img;
    size_t len;
    CHECK_EQ(seis_segy_image(dir, &d, tr, s, &img, &len, err, sizeof err), -1);
    CHECK_STR_CONTAINS(err, "must be in [1, 32767]");
}

static void test_structured(void)
{
    char err[256];
    seis_model_t a, b;
    CHECK_EQ(seis_model_alloc(&a, 60, 20, 40, 10, 10, 10, err, sizeof err), 0);
    CHECK_EQ(seis_model_alloc(&b, 60, 20, 40, 10, 10, 10, err, sizeof err), 0);
    CHECK_EQ(seis_model_generate(&a, "structured", err, sizeof err), 0);
    CHECK_EQ(seis_model_generate(&b, "structured", err, sizeof err), 0);
    size_t n = (size_t)60 * 20 * 40;
    CHECK_EQ(memcmp(a.vel, b.vel, n * sizeof(float)), 0);
    int seen[5] = {0};
    static const float v[5] = {1500, 1900, 2300, 2700, 4000};
    for (size_t q = 0; q < n; q++)
        for (int c = 0; c < 5; c++)
            seen[c] += a.vel[q] == v[c];
    for (int c = 0; c < 5; c++)
        CHECK(seen[c] > 0);
    CHECK_EQ(seen[0] + seen[1] + seen[2] + seen[3] + seen[4], n);
    /* the second interface (1900 -> 2300) just right of the fault lies deeper by the throw
     * (0.1 Lz = 39 m) than just left of it, at the same y: depth of the first 2300 point */
    int j = 10, first[60];
    for (int i = 0; i < 60; i++) {
        first[i] = -1;
        for (int k = 0; k < 40 && first[i] < 0; k++)
            if (a.vel[((size_t)k * 20 + j) * 60 + i] >= 2300)
                first[i] = k;
    }
    int jump = 0, where = -1;
    for (int i = 1; i < 30; i++) /* left of the salt dome */
        if (first[i] - first[i - 1] > jump)
            jump = first[i] - first[i - 1], where = i;
    printf("structured: largest step of the 2300 m/s top along x: %d cells at x index %d\n",
           jump, where);
    CHECK(jump >= 3 && jump <= 5); /* throw 39 m + the dip's 1 m per cell */
    CHECK(where >= 10 && where <= 25); /* fault at x = 88.5 m + 0.364 z, z ~ 230 m */
    seis_model_free(&a);
    seis_model_free(&b);
}

int main(void)
{
    test_structured();
    if (!seis_segy_available()) {
        printf("test_seis_segy: SEG-Y tests skipped: %s\n", SEIS_SEGY_NOLIB);
        return CHECK_REPORT("test_seis_segy") ? 1 : 77;
    }
    if (!mkdtemp(dir)) {
        perror("mkdtemp");
        return 1;
    }
    test_roundtrip(5);
    test_roundtrip(1);
    test_sorting_rotation();
    test_refusals();
    char cmd[300];
    snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
    if (system(cmd) != 0)
        fprintf(stderr, "could not remove %s\n", dir);
    return CHECK_REPORT("test_seis_segy");
}
