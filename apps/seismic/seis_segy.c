/* SEG-Y files through libsegyio (seis.h): gathers, images and velocity models written as
 * SEG-Y rev 1, and velocity models read back with their geometry from the trace headers.
 * libsegyio handles the byte order, the EBCDIC textual header and IBM/IEEE conversion;
 * this file decides what goes into which header field and checks what comes out. */
#include "seis.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

int seis_segy_name(const char *path)
{
    size_t n = strlen(path);
    return (n > 4 && !strcasecmp(path + n - 4, ".sgy")) ||
           (n > 5 && !strcasecmp(path + n - 5, ".segy"));
}

#ifndef LADRO_HAVE_SEGYIO

int seis_segy_available(void)
{
    return 0;
}

int seis_segy_image(const char *tmpdir, const seis_segy_desc_t *d, const seis_segy_trace_t *tr,
                    const float *samples, unsigned char **out, size_t *outlen, char *err,
                    size_t errlen)
{
    (void)tmpdir, (void)d, (void)tr, (void)samples;
    *out = NULL;
    *outlen = 0;
    snprintf(err, errlen, "SEG-Y output: %s", SEIS_SEGY_NOLIB);
    return -1;
}

int seis_segy_read(const char *path, int *ntr, int *ns, double *interval, float **samples,
                   seis_segy_trace_t **hdr, char *err, size_t errlen)
{
    (void)ntr, (void)ns, (void)interval;
    *samples = NULL;
    if (hdr)
        *hdr = NULL;
    snprintf(err, errlen, "%s: cannot read SEG-Y: %s", path, SEIS_SEGY_NOLIB);
    return -1;
}

#else
#include <segyio/segy.h>
#include <unistd.h>

int seis_segy_available(void)
{
    return 1;
}

/* Smallest power-of-ten divisor (SEG-Y scalar 1, -10, -100, -1000) that stores every
 * value exactly as an int32, else -1000 (rounded to millimetres); 0 if none fits. */
static int seis__scalar(const double *v, size_t n)
{
    static const int q[4] = {1, 10, 100, 1000};
    for (int a = 0; a < 4; a++) {
        int ok = 1;
        for (size_t i = 0; i < n && ok; i++) {
            double x = v[i] * q[a];
            ok = fabs(x) < 2147483647.0 && fabs(x - nearbyint(x)) < 1e-6 * fmax(1, fabs(x));
        }
        if (ok)
            return a == 0 ? 1 : -q[a];
    }
    for (size_t i = 0; i < n; i++)
        if (!(fabs(v[i] * 1000) < 2147483647.0))
            return 0;
    return -1000;
}

static int32_t seis__scaled(double x, int scalar)
{
    return (int32_t)lround(scalar > 0 ? x / scalar : x * -scalar);
}

static double seis__unscaled(int32_t v, int32_t scalar)
{
    return scalar > 0 ? (double)v * scalar : scalar < 0 ? (double)v / -scalar : (double)v;
}

/* 40 lines of 80 columns, "C nn " + the caller's lines, rev 1's closing lines 39-40. */
static void seis__textheader(char *t, const char *text)
{
    memset(t, ' ', SEGY_TEXT_HEADER_SIZE);
    t[SEGY_TEXT_HEADER_SIZE] = 0;
    const char *p = text ? text : "";
    for (int line = 0; line < 40; line++) {
        char buf[81];
        int n = snprintf(buf, sizeof buf, "C%2d ", line + 1);
        if (line == 38)
            n += snprintf(buf + n, sizeof buf - (size_t)n, "SEG Y REV1");
        else if (line == 39)
            n += snprintf(buf + n, sizeof buf - (size_t)n, "END TEXTUAL HEADER");
        else if (*p) {
            const char *nl = strchr(p, '\n');
            size_t len = nl ? (size_t)(nl - p) : strlen(p);
            size_t take = len < 76 ? len : 76;
            for (size_t c = 0; c < take; c++) /* EBCDIC has no control characters to carry */
                buf[n++] = isprint((unsigned char)p[c]) ? p[c] : ' ';
            p += len + (nl ? 1 : 0);
        }
        memcpy(t + 80 * line, buf, (size_t)(n < 80 ? n : 80));
    }
}

static const char *seis__segy_strerror(int rc)
{
    switch (rc) {
    case SEGY_FOPEN_ERROR: return "cannot open";
    case SEGY_FSEEK_ERROR: return "seek failed";
    case SEGY_FREAD_ERROR: return "read failed (file too short?)";
    case SEGY_FWRITE_ERROR: return "write failed";
    case SEGY_TRACE_SIZE_MISMATCH: return "not a whole number of traces";
    case SEGY_INVALID_ARGS: return "invalid arguments";
    default: return "libsegyio error";
    }
}

/* Trace header of trace t as segyio fields. */
static void seis__traceheader(char *h, int t, const seis_segy_trace_t *tr, const seis_segy_desc_t *d,
                              int scalco, int scalel)
{
    memset(h, 0, SEGY_TRACE_HEADER_SIZE);
    segy_set_field(h, SEGY_TR_SEQ_LINE, t + 1);
    segy_set_field(h, SEGY_TR_SEQ_FILE, t + 1);
    segy_set_field(h, SEGY_TR_FIELD_RECORD, tr->fldr);
    segy_set_field(h, SEGY_TR_NUMBER_ORIG_FIELD, tr->tracf);
    segy_set_field(h, SEGY_TR_ENSEMBLE, tr->cdp);
    segy_set_field(h, SEGY_TR_TRACE_ID, 1); /* seismic data */
    segy_set_field(h, SEGY_TR_DATA_USE, 1); /* production */
    segy_set_field(h, SEGY_TR_OFFSET, (int32_t)lround(tr->offset));
    segy_set_field(h, SEGY_TR_RECV_GROUP_ELEV, seis__scaled(-tr->gdepth, scalel));
    segy_set_field(h, SEGY_TR_SOURCE_DEPTH, seis__scaled(tr->sdepth, scalel));
    segy_set_field(h, SEGY_TR_ELEV_SCALAR, scalel);
    segy_set_field(h, SEGY_TR_SOURCE_GROUP_SCALAR, scalco);
    segy_set_field(h, SEGY_TR_SOURCE_X, seis__scaled(tr->sx, scalco));
    segy_set_field(h, SEGY_TR_SOURCE_Y, seis__scaled(tr->sy, scalco));
    segy_set_field(h, SEGY_TR_GROUP_X, seis__scaled(tr->gx, scalco));
    segy_set_field(h, SEGY_TR_GROUP_Y, seis__scaled(tr->gy, scalco));
    segy_set_field(h, SEGY_TR_COORD_UNITS, 1); /* length (metres) */
    segy_set_field(h, SEGY_TR_SAMPLE_COUNT, d->ns);
    segy_set_field(h, SEGY_TR_SAMPLE_INTER, (int32_t)lround(d->interval));
    segy_set_field(h, SEGY_TR_CDP_X, seis__scaled(tr->cdpx, scalco));
    segy_set_field(h, SEGY_TR_CDP_Y, seis__scaled(tr->cdpy, scalco));
    segy_set_field(h, SEGY_TR_INLINE, tr->il);
    segy_set_field(h, SEGY_TR_CROSSLINE, tr->xl);
}

int seis_segy_image(const char *tmpdir, const seis_segy_desc_t *d, const seis_segy_trace_t *tr,
                    const float *samples, unsigned char **out, size_t *outlen, char *err,
                    size_t errlen)
{
    *out = NULL;
    *outlen = 0;
    /* segyio reads the 2-byte header fields as signed: keep them below 32768 */
    if (d->ns < 1 || d->ns > 32767 || !(d->interval >= 1) || lround(d->interval) > 32767 ||
        d->ntr < 1 || (d->format != 1 && d->format != 5)) {
        snprintf(err, errlen, "SEG-Y: %d samples at interval %g (us or mm), %d traces, format "
                 "%d: samples and interval must be in [1, 32767], format 1 or 5", d->ns,
                 d->interval, d->ntr, d->format);
        return -1;
    }
    size_t n = (size_t)d->ntr;
    double *c = malloc(n * 6 * sizeof(double)), *e = malloc(n * 2 * sizeof(double));
    float *buf = malloc((size_t)d->ns * sizeof(float));
    if (!c || !e || !buf) {
        free(c), free(e), free(buf);
        snprintf(err, errlen, "out of memory for a SEG-Y file of %d traces", d->ntr);
        return -1;
    }
    for (size_t t = 0; t < n; t++) {
        double v[6] = {tr[t].sx, tr[t].sy, tr[t].gx, tr[t].gy, tr[t].cdpx, tr[t].cdpy};
        memcpy(c + 6 * t, v, sizeof v);
        e[2 * t] = -tr[t].gdepth;
        e[2 * t + 1] = tr[t].sdepth;
    }
    int scalco = seis__scalar(c, 6 * n), scalel = seis__scalar(e, 2 * n);
    free(c);
    free(e);
    if (!scalco || !scalel) {
        free(buf);
        snprintf(err, errlen, "SEG-Y: a coordinate does not fit a 32-bit header field");
        return -1;
    }
    char path[4200];
    snprintf(path, sizeof path, "%s/segy.tmp.XXXXXX", tmpdir && *tmpdir ? tmpdir : ".");
    int fd = mkstemp(path);
    if (fd < 0) {
        free(buf);
        snprintf(err, errlen, "cannot create a temporary file in %s: %s", tmpdir, strerror(errno));
        return -1;
    }
    close(fd);
    segy_file *fp = segy_open(path, "r+b");
    int rc = fp ? SEGY_OK : SEGY_FOPEN_ERROR;
    char text[SEGY_TEXT_HEADER_SIZE + 1], bin[SEGY_BINARY_HEADER_SIZE],
        th[SEGY_TRACE_HEADER_SIZE];
    memset(bin, 0, sizeof bin);
    seis__textheader(text, d->text);
    segy_set_bfield(bin, SEGY_BIN_JOB_ID, 1);
    segy_set_bfield(bin, SEGY_BIN_LINE_NUMBER, 1);
    segy_set_bfield(bin, SEGY_BIN_REEL_NUMBER, 1);
    segy_set_bfield(bin, SEGY_BIN_TRACES, d->sorting == 1 ? (d->ntr < 32767 ? d->ntr : 0) : 1);
    segy_set_bfield(bin, SEGY_BIN_INTERVAL, (int32_t)lround(d->interval));
    segy_set_bfield(bin, SEGY_BIN_INTERVAL_ORIG, (int32_t)lround(d->interval));
    segy_set_bfield(bin, SEGY_BIN_SAMPLES, d->ns);
    segy_set_bfield(bin, SEGY_BIN_SAMPLES_ORIG, d->ns);
    segy_set_bfield(bin, SEGY_BIN_FORMAT, d->format);
    segy_set_bfield(bin, SEGY_BIN_ENSEMBLE_FOLD, 1);
    segy_set_bfield(bin, SEGY_BIN_SORTING_CODE, d->sorting);
    segy_set_bfield(bin, SEGY_BIN_MEASUREMENT_SYSTEM, 1); /* metres */
    segy_set_bfield(bin, SEGY_BIN_SEGY_REVISION, 0x0100);
    segy_set_bfield(bin, SEGY_BIN_TRACE_FLAG, 1); /* fixed-length traces */
    if (rc == SEGY_OK)
        rc = segy_write_textheader(fp, 0, text);
    if (rc == SEGY_OK)
        rc = segy_write_binheader(fp, bin);
    long trace0 = segy_trace0(bin);
    int bsize = segy_trsize(d->format, d->ns);
    for (int t = 0; t < d->ntr && rc == SEGY_OK; t++) {
        seis__traceheader(th, t, &tr[t], d, scalco, scalel);
        memcpy(buf, samples + (size_t)t * d->ns, (size_t)d->ns * sizeof(float));
        segy_from_native(d->format, d->ns, buf);
        rc = segy_write_traceheader(fp, t, th, trace0, bsize);
        if (rc == SEGY_OK)
            rc = segy_writetrace(fp, t, buf, trace0, bsize);
    }
    if (fp && segy_close(fp) && rc == SEGY_OK)
        rc = SEGY_FWRITE_ERROR;
    free(buf);
    if (rc != SEGY_OK) {
        snprintf(err, errlen, "SEG-Y: writing %s: %s", path, seis__segy_strerror(rc));
        unlink(path);
        return -1;
    }
    void *img;
    size_t len;
    rc = seis_read_file(path, &img, &len, err, errlen);
    unlink(path);
    if (rc)
        return -1;
    *out = img;
    *outlen = len;
    return 0;
}

int seis_segy_read(const char *path, int *ntr, int *ns, double *interval, float **samples,
                   seis_segy_trace_t **hdr, char *err, size_t errlen)
{
    *samples = NULL;
    if (hdr)
        *hdr = NULL;
    segy_file *fp = segy_open(path, "rb");
    if (!fp) {
        snprintf(err, errlen, "cannot open %s: %s", path, strerror(errno));
        return -1;
    }
    char bin[SEGY_BINARY_HEADER_SIZE], th[SEGY_TRACE_HEADER_SIZE];
    int fmt = 0, n = 0, nt = 0, bsize = 0, rc = -1;
    int32_t ext = 0, iv = 0;
    long trace0 = 0;
    float *s = NULL;
    seis_segy_trace_t *h = NULL;
    if (segy_binheader(fp, bin)) {
        snprintf(err, errlen, "%s: shorter than the 3600 bytes of SEG-Y textual and binary "
                 "headers", path);
        goto out;
    }
    fmt = segy_format(bin);
    n = segy_samples(bin);
    segy_get_bfield(bin, SEGY_BIN_EXT_HEADERS, &ext);
    segy_get_bfield(bin, SEGY_BIN_INTERVAL, &iv);
    if (fmt != SEGY_IBM_FLOAT_4_BYTE && fmt != SEGY_IEEE_FLOAT_4_BYTE) {
        snprintf(err, errlen, "%s: sample format code %d (binary header bytes 3225-3226); "
                 "accepted: 1 (IBM float) or 5 (IEEE float), big-endian", path, fmt);
        goto out;
    }
    if (n < 1) {
        snprintf(err, errlen, "%s: %d samples per trace (binary header bytes 3221-3222); "
                 "accepted: 1 to 32767", path, n);
        goto out;
    }
    if (ext < 0 || ext > 100) {
        snprintf(err, errlen, "%s: %d extended textual headers (bytes 3505-3506); accepted: "
                 "0 to 100", path, (int)ext);
        goto out;
    }
    segy_set_format(fp, fmt);
    trace0 = segy_trace0(bin);
    bsize = segy_trsize(fmt, n);
    int trc = segy_traces(fp, &nt, trace0, bsize);
    if (trc || nt < 1) {
        snprintf(err, errlen, "%s: the bytes after the %ld header bytes are %s %d-byte traces "
                 "(240-byte header + %d samples of 4 bytes)", path, trace0,
                 trc ? "not a whole number of" : "no", SEGY_TRACE_HEADER_SIZE + bsize, n);
        goto out;
    }
    s = malloc((size_t)nt * n * sizeof(float));
    h = malloc((size_t)nt * sizeof *h);
    if (!s || !h) {
        snprintf(err, errlen, "%s: out of memory for %d traces of %d samples", path, nt, n);
        goto out;
    }
    for (int t = 0; t < nt; t++) {
        float *tr = s + (size_t)t * n;
        int r = segy_traceheader(fp, t, th, trace0, bsize);
        if (!r)
            r = segy_readtrace(fp, t, tr, trace0, bsize);
        if (r) {
            snprintf(err, errlen, "%s: trace %d: %s", path, t + 1, seis__segy_strerror(r));
            goto out;
        }
        segy_to_native(fmt, n, tr);
        int32_t f[18];
        static const int fields[18] = {
            SEGY_TR_FIELD_RECORD, SEGY_TR_NUMBER_ORIG_FIELD, SEGY_TR_ENSEMBLE, SEGY_TR_INLINE,
            SEGY_TR_CROSSLINE, SEGY_TR_SOURCE_X, SEGY_TR_SOURCE_Y, SEGY_TR_GROUP_X,
            SEGY_TR_GROUP_Y, SEGY_TR_CDP_X, SEGY_TR_CDP_Y, SEGY_TR_OFFSET,
            SEGY_TR_SOURCE_DEPTH, SEGY_TR_RECV_GROUP_ELEV, SEGY_TR_SOURCE_GROUP_SCALAR,
            SEGY_TR_ELEV_SCALAR, SEGY_TR_SAMPLE_COUNT, SEGY_TR_SAMPLE_INTER};
        for (int q = 0; q < 18; q++)
            segy_get_field(th, fields[q], &f[q]);
        if (f[16] != 0 && f[16] != n) {
            snprintf(err, errlen, "%s: trace %d says %d samples, the binary header %d (only "
                     "fixed-length traces are read)", path, t + 1, (int)f[16], n);
            goto out;
        }
        if (t == 0 && iv <= 0)
            iv = f[17];
        int32_t sc = f[14], se = f[15];
        h[t] = (seis_segy_trace_t){
            .fldr = f[0], .tracf = f[1], .cdp = f[2], .il = f[3], .xl = f[4],
            .sx = seis__unscaled(f[5], sc), .sy = seis__unscaled(f[6], sc),
            .gx = seis__unscaled(f[7], sc), .gy = seis__unscaled(f[8], sc),
            .cdpx = seis__unscaled(f[9], sc), .cdpy = seis__unscaled(f[10], sc),
            .offset = f[11], .sdepth = seis__unscaled(f[12], se),
            .gdepth = -seis__unscaled(f[13], se)};
    }
    if (iv <= 0) {
        snprintf(err, errlen, "%s: no sample interval (binary header bytes 3217-3218 and "
                 "trace header bytes 117-118 are %d)", path, (int)iv);
        goto out;
    }
    *ntr = nt;
    *ns = n;
    *interval = iv;
    *samples = s;
    s = NULL;
    if (hdr) {
        *hdr = h;
        h = NULL;
    }
    rc = 0;
out:
    free(s);
    free(h);
    segy_close(fp);
    return rc;
}
#endif /* LADRO_HAVE_SEGYIO */

/* ---- volumes: velocity models and images ----------------------------------------------- */
int seis_segy_write_volume(const char *path, const float *vol, int nx, int ny, int nz, double dx,
                           double dy, double dz, const char *what, int format, char *err,
                           size_t errlen)
{
    size_t ncol = (size_t)nx * ny;
    float *s = malloc(ncol * nz * sizeof(float));
    seis_segy_trace_t *tr = calloc(ncol, sizeof *tr);
    int rc = -1;
    if (!s || !tr) {
        snprintf(err, errlen, "out of memory for a SEG-Y volume");
        goto out;
    }
    for (int j = 0; j < ny; j++)
        for (int i = 0; i < nx; i++) {
            size_t t = (size_t)j * nx + i;
            for (int k = 0; k < nz; k++)
                s[t * nz + k] = vol[((size_t)k * ny + j) * nx + i];
            tr[t] = (seis_segy_trace_t){.fldr = 1, .tracf = (int32_t)t + 1,
                                        .cdp = (int32_t)t + 1, .il = j + 1, .xl = i + 1,
                                        .cdpx = i * dx, .cdpy = j * dy, .sx = i * dx,
                                        .sy = j * dy, .gx = i * dx, .gy = j * dy};
        }
    char text[2048];
    snprintf(text, sizeof text,
             "%s\n"
             "%d x %d x %d points, spacing %g x %g x %g m\n"
             "one trace per (x, y) column, samples are depth from 0 m down\n"
             "sample interval field = dz in millimetres (depth data)\n"
             "inline (bytes 189-192) = y index + 1, crossline (193-196) = x index + 1\n"
             "CDP X/Y (181-188) = x, y in metres, scalar at bytes 71-72",
             what, nx, ny, nz, dx, dy, dz);
    seis_segy_desc_t d = {.text = text, .format = format, .ns = nz, .ntr = (int)ncol,
                          .interval = dz * 1000, .sorting = 4};
    unsigned char *img;
    size_t len;
    char dir[4096];
    snprintf(dir, sizeof dir, "%s", path);
    char *slash = strrchr(dir, '/');
    if (slash)
        *slash = 0;
    else
        snprintf(dir, sizeof dir, ".");
    if (fabs(dz * 1000 - nearbyint(dz * 1000)) > 1e-6) {
        snprintf(err, errlen, "SEG-Y volume: dz %g m is not a whole number of millimetres", dz);
        goto out;
    }
    if (seis_segy_image(dir, &d, tr, s, &img, &len, err, errlen))
        goto out;
    rc = seis_write_atomic(path, img, len, err, errlen);
    free(img);
out:
    free(s);
    free(tr);
    return rc;
}

int seis_model_write_segy(const seis_model_t *m, const char *path, const char *what, int format,
                          char *err, size_t errlen)
{
    char text[1200];
    snprintf(text, sizeof text, "ladro velocity model (m/s): %s", what);
    return seis_segy_write_volume(path, m->vel, m->nx, m->ny, m->nz, m->dx, m->dy, m->dz, text,
                                  format, err, errlen);
}

int seis_model_read_segy(seis_model_t *m, const char *path, char *err, size_t errlen)
{
    int ntr, ns;
    double iv;
    float *s;
    seis_segy_trace_t *h;
    double dx0 = m->dx > 0 ? m->dx : 1, dy0 = m->dy > 0 ? m->dy : 1;
    if (seis_segy_read(path, &ntr, &ns, &iv, &s, &h, err, errlen))
        return -1;
    int rc = -1;
    /* sorting: the key that changes between the first two traces runs fastest */
    int xfast = ntr < 2 || h[1].il == h[0].il;
    if (ntr > 1 && h[1].il == h[0].il && h[1].xl == h[0].xl) {
        snprintf(err, errlen, "%s: traces 1 and 2 have the same inline %d and crossline %d "
                 "(bytes 189-196): no 3-D grid", path, h[0].il, h[0].xl);
        goto out;
    }
    int nfast = 1;
    while (nfast < ntr && (xfast ? h[nfast].il == h[0].il : h[nfast].xl == h[0].xl))
        nfast++;
    if (ntr % nfast) {
        snprintf(err, errlen, "%s: %d traces are not a whole number of %s of %d traces", path,
                 ntr, xfast ? "inlines" : "crosslines", nfast);
        goto out;
    }
    int nslow = ntr / nfast, nx = xfast ? nfast : nslow, ny = xfast ? nslow : nfast;
    long long dil = ny > 1 ? (long long)(xfast ? h[nfast].il : h[1].il) - h[0].il : 1;
    long long dxl = nx > 1 ? (long long)(xfast ? h[1].xl : h[nfast].xl) - h[0].xl : 1;
    /* spacing from the CDP coordinates along each axis; none (all zero): as given */
    int t10 = nx > 1 ? (xfast ? 1 : nfast) : 0, t01 = ny > 1 ? (xfast ? nfast : 1) : 0;
    double ex[2] = {h[t10].cdpx - h[0].cdpx, h[t10].cdpy - h[0].cdpy};
    double ey[2] = {h[t01].cdpx - h[0].cdpx, h[t01].cdpy - h[0].cdpy};
    int coords = 0;
    for (int t = 0; t < ntr && !coords; t++)
        coords = h[t].cdpx != 0 || h[t].cdpy != 0;
    double dx = nx > 1 ? hypot(ex[0], ex[1]) : 0, dy = ny > 1 ? hypot(ey[0], ey[1]) : 0;
    if (!coords) {
        ex[0] = dx = dx0, ex[1] = 0;
        ey[0] = 0, ey[1] = dy = dy0;
    }
    if (nx == 1)
        dx = dy > 0 ? dy : dx0;
    if (ny == 1)
        dy = dx;
    if (coords && ((nx > 1 && !(dx > 0)) || (ny > 1 && !(dy > 0)))) {
        snprintf(err, errlen, "%s: neighbouring traces have the same CDP X/Y (bytes 181-188): "
                 "no grid spacing", path);
        goto out;
    }
    double tol = 0.01 * fmax(dx, dy) + 0.001;
    for (int t = 0; t < ntr; t++) {
        int f = t % nfast, sl = t / nfast, i = xfast ? f : sl, j = xfast ? sl : f;
        long long il = h[0].il + j * dil, xl = h[0].xl + i * dxl;
        if (h[t].il != il || h[t].xl != xl) {
            snprintf(err, errlen, "%s: trace %d has inline %d crossline %d; a regular %s-sorted "
                     "%d x %d grid (steps %lld, %lld) expects inline %lld crossline %lld", path, t + 1,
                     h[t].il, h[t].xl, xfast ? "inline" : "crossline", ny, nx, dil, dxl, il, xl);
            goto out;
        }
        double x = h[0].cdpx + i * ex[0] + j * ey[0], y = h[0].cdpy + i * ex[1] + j * ey[1];
        if (coords && (fabs(h[t].cdpx - x) > tol || fabs(h[t].cdpy - y) > tol)) {
            snprintf(err, errlen, "%s: trace %d (inline %d crossline %d) is at CDP (%g, %g) m, "
                     "off the regular grid through the first traces (expected (%g, %g) m)",
                     path, t + 1, h[t].il, h[t].xl, h[t].cdpx, h[t].cdpy, x, y);
            goto out;
        }
    }
    double dz = iv / 1000; /* depth data: the interval field holds dz in mm */
    if (seis_model_alloc(m, nx, ny, ns, dx, dy, dz, err, errlen)) {
        char e2[256];
        snprintf(e2, sizeof e2, "%s", err);
        snprintf(err, errlen, "%s: %s", path, e2);
        goto out;
    }
    for (int t = 0; t < ntr; t++) {
        int f = t % nfast, sl = t / nfast, i = xfast ? f : sl, j = xfast ? sl : f;
        for (int k = 0; k < ns; k++)
            m->vel[((size_t)k * ny + j) * nx + i] = s[(size_t)t * ns + k];
    }
    rc = 0;
out:
    free(s);
    free(h);
    return rc;
}
