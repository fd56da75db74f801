/* Velocity models (built-in generators, raw float32 files, smoothing) and shot geometry. */
#include "seis.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

int seis_model_alloc(seis_model_t *m, int nx, int ny, int nz, double dx, double dy,
                     double dz, char *err, size_t errlen)
{
    memset(m, 0, sizeof *m);
    if (nx < 1 || ny < 1 || nz < 1 || nx > 4096 || ny > 4096 || nz > 4096) {
        snprintf(err, errlen, "model size %d x %d x %d: each dimension must be in [1, 4096]",
                 nx, ny, nz);
        return -1;
    }
    if (!(dx > 0) || !(dy > 0) || !(dz > 0)) {
        snprintf(err, errlen, "grid spacing %g x %g x %g m: must be positive", dx, dy, dz);
        return -1;
    }
    m->vel = malloc((size_t)nx * ny * nz * sizeof(float));
    if (!m->vel) {
        snprintf(err, errlen, "out of memory for a %d x %d x %d model", nx, ny, nz);
        return -1;
    }
    m->nx = nx;
    m->ny = ny;
    m->nz = nz;
    m->dx = dx;
    m->dy = dy;
    m->dz = dz;
    return 0;
}

void seis_model_free(seis_model_t *m)
{
    free(m->vel);
    memset(m, 0, sizeof *m);
}

void seis_model_minmax(const seis_model_t *m, float *vmin, float *vmax)
{
    size_t n = (size_t)m->nx * m->ny * m->nz;
    float lo = INFINITY, hi = -INFINITY;
    for (size_t q = 0; q < n; q++) {
        float v = m->vel[q];
        if (isnan(v)) { /* reported by seis_check as non-finite */
            lo = NAN;
            hi = INFINITY;
            break;
        }
        lo = v < lo ? v : lo;
        hi = v > hi ? v : hi;
    }
    *vmin = lo;
    *vmax = hi;
}

/* Parse "a,b,c" into at most max doubles; returns the count or -1. */
static int seis__list(const char *s, double *out, int max)
{
    int n = 0;
    while (*s) {
        char *end;
        errno = 0;
        double v = strtod(s, &end);
        if (errno || end == s || n >= max || !isfinite(v))
            return -1;
        out[n++] = v;
        s = end;
        if (*s == ',')
            s++;
        else if (*s)
            return -1;
    }
    return n;
}

/* "structured" (docs/seismic.md, The structured model): three interfaces dipping in x and
 * y, a normal fault that lowers the lower two by a throw on its hanging wall (the first, the
 * sea floor, came later and is not faulted), and a salt dome with a paraboloid top. Every length is a fraction of the model's extent, so any grid
 * gets the same picture; the formulas are evaluated per point, nothing is random. */
static const double seis__st_v[4] = {1500, 1900, 2300, 2700}; /* layers, m/s */
static const double seis__st_a[3] = {0.3, 0.5, 0.7};       /* interfaces / Lz at centre */
#define SEIS_ST_DIPX 6.0    /* interface dip along x, degrees (deeper towards +x) */
#define SEIS_ST_DIPY 2.0    /* along y */
#define SEIS_ST_FX 0.15     /* fault at the surface, x / Lx */
#define SEIS_ST_FDIP 70.0   /* fault dip, degrees, towards +x */
#define SEIS_ST_THROW 0.1   /* throw / Lz (hanging wall down) */
#define SEIS_ST_VSALT 4000.0
#define SEIS_ST_SX 0.72     /* salt apex x / Lx (y at the centre) */
#define SEIS_ST_SZ 0.5      /* apex depth / Lz */
#define SEIS_ST_SH 0.3      /* top deepens by SH * Lz * r^2 */
#define SEIS_ST_RX 0.22     /* r^2 = ((x - sx) / (RX Lx))^2 + ((y - sy) / (RY Ly))^2 */
#define SEIS_ST_RY 0.35

static void seis__structured(seis_model_t *m)
{
    const double d2r = M_PI / 180, Lx = (m->nx - 1) * m->dx, Ly = (m->ny - 1) * m->dy,
                 Lz = (m->nz - 1) * m->dz;
    const double tx = tan(SEIS_ST_DIPX * d2r), ty = tan(SEIS_ST_DIPY * d2r),
                 cf = 1 / tan(SEIS_ST_FDIP * d2r);
    for (int k = 0; k < m->nz; k++)
        for (int j = 0; j < m->ny; j++)
            for (int i = 0; i < m->nx; i++) {
                double x = i * m->dx, y = j * m->dy, z = k * m->dz;
                double shift = (x - Lx / 2) * tx + (y - Ly / 2) * ty;
                double throw_ = x > SEIS_ST_FX * Lx + z * cf ? SEIS_ST_THROW * Lz : 0;
                int layer = 0;
                for (int q = 0; q < 3; q++) /* the first interface (sea floor) is younger */
                    layer += z >= seis__st_a[q] * Lz + shift + (q ? throw_ : 0);
                double rx = Lx > 0 ? (x - SEIS_ST_SX * Lx) / (SEIS_ST_RX * Lx) : 0;
                double ry = Ly > 0 ? (y - Ly / 2) / (SEIS_ST_RY * Ly) : 0;
                int salt = z >= (SEIS_ST_SZ + SEIS_ST_SH * (rx * rx + ry * ry)) * Lz;
                m->vel[((size_t)k * m->ny + j) * m->nx + i] =
                    (float)(salt ? SEIS_ST_VSALT : seis__st_v[layer]);
            }
}

int seis_model_generate(seis_model_t *m, const char *spec, char *err, size_t errlen)
{
    double v[64], z[64] = {0};
    int nv = 0, nz = 0;
    if (!strcmp(spec, "structured")) {
        seis__structured(m);
        return 0;
    }
    if (!strcmp(spec, "two-layer")) {
        v[0] = 1400;
        v[1] = 2000;
        nv = 2;
    } else if (!strncmp(spec, "homogeneous:", 12)) {
        nv = seis__list(spec + 12, v, 1);
    } else if (!strncmp(spec, "layered:", 8)) {
        char buf[512];
        snprintf(buf, sizeof buf, "%s", spec + 8);
        char *at = strchr(buf, '@');
        if (at) {
            *at = 0;
            nz = seis__list(at + 1, z, 64);
        }
        nv = seis__list(buf, v, 64);
        if (at && (nz < 0 || nz != nv - 1))
            nv = -1;
        for (int q = 1; q < nz && nv > 0; q++)
            if (!(z[q] > z[q - 1]))
                nv = -1;
    } else {
        nv = -1;
    }
    if (nv < 1) {
        snprintf(err, errlen, "bad model '%s': expected two-layer, structured, homogeneous:V or "
                 "layered:V1,V2,...[@Z1,Z2,...] (m/s, interface depths in m)", spec);
        return -1;
    }
    for (int q = 0; q < nv; q++)
        if (!(v[q] > 0)) {
            snprintf(err, errlen, "bad model '%s': velocity %g m/s must be positive", spec,
                     v[q]);
            return -1;
        }
    if (nz == 0) /* equal thickness: interfaces at depth index nz*q/nv */
        for (int q = 1; q < nv; q++)
            z[q - 1] = (double)(m->nz * q / nv) * m->dz;
    for (int k = 0; k < m->nz; k++) {
        double depth = k * m->dz;
        int layer = 0;
        while (layer < nv - 1 && depth >= z[layer] - 1e-9)
            layer++;
        float *plane = m->vel + (size_t)k * m->nx * m->ny;
        for (size_t q = 0; q < (size_t)m->nx * m->ny; q++)
            plane[q] = (float)v[layer];
    }
    return 0;
}

int seis_model_read_raw(seis_model_t *m, const char *path, char *err, size_t errlen)
{
    void *buf;
    size_t n;
    if (seis_read_file(path, &buf, &n, err, errlen))
        return -1;
    int rc = seis_model_parse_raw(m, path, buf, n, err, errlen);
    free(buf);
    return rc;
}

int seis_model_parse_raw(seis_model_t *m, const char *path, const void *buf, size_t n,
                         char *err, size_t errlen)
{
    const unsigned char *b = buf;
    size_t off = 0;
    if (n >= 16 && !memcmp(b, "LDRV", 4)) {
        int32_t d[3];
        memcpy(d, b + 4, sizeof d);
        if (m->vel && (d[0] != m->nx || d[1] != m->ny || d[2] != m->nz)) {
            snprintf(err, errlen, "%s: header says %d x %d x %d, the command line %d x %d x %d",
                     path, d[0], d[1], d[2], m->nx, m->ny, m->nz);
            return -1;
        }
        if (!m->vel) {
            /* the file must hold the samples the header announces before anything is
             * allocated: a corrupt header must not cost gigabytes */
            if (d[0] >= 1 && d[1] >= 1 && d[2] >= 1 && d[0] <= 4096 && d[1] <= 4096 &&
                d[2] <= 4096 && (size_t)d[0] * d[1] * d[2] * sizeof(float) != n - 16) {
                snprintf(err, errlen, "%s: %zu bytes of samples, expected %zu for %d x %d x %d "
                         "float32 (LDRV header)", path, n - 16,
                         (size_t)d[0] * d[1] * d[2] * sizeof(float), d[0], d[1], d[2]);
                return -1;
            }
            if (seis_model_alloc(m, d[0], d[1], d[2], m->dx, m->dy, m->dz, err, errlen))
                return -1;
        }
        off = 16;
    }
    size_t want = (size_t)m->nx * m->ny * m->nz * sizeof(float);
    if (!m->vel || n - off != want) {
        snprintf(err, errlen, "%s: %zu bytes of samples, expected %zu for %d x %d x %d "
                 "float32 (give dimensions with --dims or an LDRV header)", path, n - off,
                 want, m->nx, m->ny, m->nz);
        return -1;
    }
    memcpy(m->vel, b + off, want);
    return 0;
}

int seis_model_smooth(seis_model_t *m, int r, char *err, size_t errlen)
{
    if (r <= 0)
        return 0;
    size_t n = (size_t)m->nx * m->ny * m->nz;
    float *tmp = malloc(n * sizeof(float));
    if (!tmp) {
        snprintf(err, errlen, "out of memory for smoothing");
        return -1;
    }
    /* separable box filter, one axis at a time, edges clamped; averages slowness so
     * travel times (and so reflector depths) are preserved best */
    for (size_t q = 0; q < n; q++)
        m->vel[q] = 1.0f / m->vel[q];
    const int dims[3] = {m->nx, m->ny, m->nz};
    const size_t stride[3] = {1, (size_t)m->nx, (size_t)m->nx * m->ny};
    for (int a = 0; a < 3; a++) {
        for (size_t q = 0; q < n; q++) {
            int c = (int)(q / stride[a] % (size_t)dims[a]);
            double s = 0;
            for (int d = -r; d <= r; d++) {
                int e = c + d < 0 ? 0 : c + d >= dims[a] ? dims[a] - 1 : c + d;
                s += m->vel[q + ((ptrdiff_t)e - c) * (ptrdiff_t)stride[a]];
            }
            tmp[q] = (float)(s / (2 * r + 1));
        }
        memcpy(m->vel, tmp, n * sizeof(float));
    }
    for (size_t q = 0; q < n; q++)
        m->vel[q] = 1.0f / m->vel[q];
    free(tmp);
    return 0;
}

/* ---- geometry ------------------------------------------------------------------------ */
int seis_geom_nshots(const seis_geom_t *g)
{
    return g->nsx * g->nsy;
}

int seis_geom_nrec(const seis_geom_t *g)
{
    return g->nrx * g->nry;
}

seis_point_t seis_geom_source(const seis_geom_t *g, int shot)
{
    seis_point_t p = {g->sx0 + (shot % g->nsx) * g->dsx, g->sy0 + (shot / g->nsx) * g->dsy,
                      g->sz};
    return p;
}

seis_point_t seis_geom_receiver(const seis_geom_t *g, int r)
{
    seis_point_t p = {g->rx0 + (r % g->nrx) * g->drx, g->ry0 + (r / g->nrx) * g->dry, g->rz};
    return p;
}

static int seis__inside(seis_point_t p, const seis_model_t *m)
{
    return p.i >= 0 && p.i < m->nx && p.j >= 0 && p.j < m->ny && p.k >= 0 && p.k < m->nz;
}

int seis_geom_check(const seis_geom_t *g, const seis_model_t *m, char *err, size_t errlen)
{
    if (g->nsx < 1 || g->nsy < 1 || g->nrx < 1 || g->nry < 1 || g->decim < 1) {
        snprintf(err, errlen, "geometry: %d x %d shots, %d x %d receivers, decimation %d; "
                 "all must be >= 1", g->nsx, g->nsy, g->nrx, g->nry, g->decim);
        return -1;
    }
    seis_point_t c[4] = {seis_geom_source(g, 0), seis_geom_source(g, seis_geom_nshots(g) - 1),
                         seis_geom_receiver(g, 0), seis_geom_receiver(g, seis_geom_nrec(g) - 1)};
    for (int q = 0; q < 4; q++)
        if (!seis__inside(c[q], m)) {
            snprintf(err, errlen, "%s at grid point (%d, %d, %d) is outside the %d x %d x %d "
                     "model", q < 2 ? "a source" : "a receiver", c[q].i, c[q].j, c[q].k, m->nx,
                     m->ny, m->nz);
            return -1;
        }
    return 0;
}
