/*
 * ladro seismic kernel (no MPI): 3-D constant-density acoustic wave propagation, 2nd
 * order in time (leapfrog, in place), 8th order in space, Ricker source, Cerjan sponge,
 * receivers; velocity models; Seismic Unix I/O; pictures; RTM.
 *
 * Grid conventions. The model has nx * ny * nz points (x fastest, z = depth, k = 0 at the
 * surface) with spacings dx, dy, dz in metres. The propagation grid adds nb sponge points
 * on every side of the model and a halo of SEIS_HALO zeros (never updated) around that.
 * Model indices (i, j, k) are used everywhere in this API; the sponge is internal.
 *
 * Error convention: functions returning int give 0 on success, -1 on failure with a
 * one-line message in err (naming the quantity, its value and the limit).
 */
#ifndef LADRO_SEIS_H
#define LADRO_SEIS_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#define SEIS_HALO 4
/* 3-D CFL limit of the leapfrog + 8th-order stencil: c_max dt / h <= 2 / sqrt(3 * S) with
 * S = 205/72 + 2 (8/5 + 1/5 + 8/315 + 1/560) = 6.5016, the largest eigenvalue of the 1-D
 * stencil at k h = pi (von Neumann, equal spacings; unequal ones use the mean 1/h^2). */
#define SEIS_CFL_3D 0.4528
/* Highest frequency with significant energy in a Ricker wavelet of peak frequency f. */
#define SEIS_FMAX_FACTOR 2.5

/* ---- velocity model ---------------------------------------------------------- */
typedef struct seis_model {
    int nx, ny, nz;
    double dx, dy, dz;
    float *vel; /* nx*ny*nz, index (k*ny + j)*nx + i */
} seis_model_t;

int seis_model_alloc(seis_model_t *m, int nx, int ny, int nz, double dx, double dy,
                     double dz, char *err, size_t errlen);
void seis_model_free(seis_model_t *m);
/* Built-in generators. spec: "homogeneous:V", "two-layer" (= "layered:1400,2000"),
 * "layered:V1,V2,...[@z1,z2,...]" (interfaces in metres; default equal thickness). */
int seis_model_generate(seis_model_t *m, const char *spec, char *err, size_t errlen);
/* Raw little-endian float32, x fastest, nx*ny*nz values; an optional 16-byte header
 * "LDRV" + int32 nx, ny, nz overrides/checks the dimensions. */
int seis_model_read_raw(seis_model_t *m, const char *path, char *err, size_t errlen);
/* The same on a file's contents in memory (path only names it in messages). */
int seis_model_parse_raw(seis_model_t *m, const char *path, const void *buf, size_t n,
                         char *err, size_t errlen);
void seis_model_minmax(const seis_model_t *m, float *vmin, float *vmax);
/* Box smoothing (in place) with half-width r points in every direction. */
int seis_model_smooth(seis_model_t *m, int r, char *err, size_t errlen);

/* ---- propagation parameters and checks ---------------------------------------- */
typedef struct seis_params {
    double dt;       /* s */
    int nt;          /* time steps */
    double fpeak;    /* Ricker peak frequency, Hz */
    double t0;       /* Ricker time shift, s (>= 1.2 / fpeak) */
    int nb;          /* sponge width, points */
    double alpha;    /* Cerjan coefficient */
    double min_ppw;  /* minimum points per minimum wavelength (default 5) */
} seis_params_t;

void seis_params_default(seis_params_t *p);
/* Refuses a model/parameter set violating CFL (c_max dt / h_min <= 0.4528), dispersion
 * (c_min / (2.5 fpeak) / h_max >= min_ppw), t0 >= 1.2/fpeak, sponge bounds. */
int seis_check(const seis_model_t *m, const seis_params_t *p, char *err, size_t errlen);
/* Largest stable dt for a Courant number (c_max dt / h_min). */
double seis_dt_for_courant(const seis_model_t *m, double courant);
double seis_ricker(double fpeak, double t0, double t);

/* ---- wavefield ------------------------------------------------------------------- */
typedef struct seis_wave {
    int nx, ny, nz;          /* model size */
    int nb;                  /* sponge width */
    int px, py, pz;          /* padded dims: n + 2 nb + 2 HALO (px rounded up) */
    size_t sy, sz;           /* strides */
    size_t npad;             /* px * py * pz */
    double dx, dy, dz, dt;
    float *u, *p;            /* current and previous time level (in place leapfrog) */
    float *v2;               /* (c dt)^2 on the padded grid */
    float *gx, *gy, *gz;     /* sponge factors per index (1 inside the model) */
    float w[3][5];           /* stencil weights / h^2 per axis; w[a][0] the centre */
    float wc;                /* total centre weight */
    int jblock;              /* cache block in y */
    long step;               /* steps done */
} seis_wave_t;

/* vel: model velocities (extended into the sponge by replication). Runs seis_check first
 * and refuses (-1, message in err) what it refuses. */
int seis_wave_init(seis_wave_t *w, const seis_model_t *m, const seis_params_t *p,
                   char *err, size_t errlen);
void seis_wave_free(seis_wave_t *w);
void seis_wave_zero(seis_wave_t *w);
/* Index of model point (i, j, k) in the padded arrays. */
static inline size_t seis_idx(const seis_wave_t *w, int i, int j, int k)
{
    return ((size_t)(k + w->nb + SEIS_HALO) * w->py + (size_t)(j + w->nb + SEIS_HALO)) *
               w->px + (size_t)(i + w->nb + SEIS_HALO);
}
/* One leapfrog step: p <- 2u - p + v2 * lap(u), sponge on both levels, swap. After
 * the call u holds the new level. Does not inject anything. */
void seis_wave_step(seis_wave_t *w);
/* u[i,j,k] += (c dt)^2 s / (dx dy dz) at a model point (call after seis_wave_step). */
void seis_wave_inject(seis_wave_t *w, int i, int j, int k, double s);
static inline float seis_wave_get(const seis_wave_t *w, int i, int j, int k)
{
    return w->u[seis_idx(w, i, j, k)];
}

/* ---- shot geometry and modeling ------------------------------------------------------ */
typedef struct seis_point {
    int i, j, k;
} seis_point_t;

typedef struct seis_geom {
    /* sources on a grid: nsx * nsy shots at depth sz, first at (sx0, sy0), step dsx/dsy */
    int nsx, nsy, sx0, sy0, dsx, dsy, sz;
    /* receivers: nrx * nry on a grid at depth rz, first at (rx0, ry0), step drx/dry */
    int nrx, nry, rx0, ry0, drx, dry, rz;
    int decim;       /* record every decim steps */
} seis_geom_t;

int seis_geom_nshots(const seis_geom_t *g);
int seis_geom_nrec(const seis_geom_t *g);
seis_point_t seis_geom_source(const seis_geom_t *g, int shot);
seis_point_t seis_geom_receiver(const seis_geom_t *g, int r);
/* Check every source and receiver lies inside the model. */
int seis_geom_check(const seis_geom_t *g, const seis_model_t *m, char *err, size_t errlen);

/* Called every step of long loops (ladro_progress); nonzero return aborts with that code
 * (ladro's codes are negative). The long functions below return 0, that code, or 1 for a
 * failure of their own (out of memory; seis_rtm_shot also writes a message in err). */
typedef int (*seis_poll_fn)(void *arg);

/* Forward-model one shot: data[r * nsamp + s] for every receiver r and recorded sample s
 * (nsamp = nt / decim; sample s is u at time (s+1) * decim * dt). w is reused (zeroed). */
int seis_model_shot(seis_wave_t *w, const seis_params_t *p, const seis_geom_t *g,
                    int shot, float *data, seis_poll_fn poll, void *poll_arg);
int seis_geom_nsamp(const seis_geom_t *g, const seis_params_t *p);

/* ---- RTM ---------------------------------------------------------------------------------- */
typedef struct seis_rtm_opts {
    size_t mem_bytes;   /* budget for the stored source wavefield */
    int img_every;      /* imaging condition every N steps (1 = all) */
    double mute_extra;  /* direct-wave mute: t < offset / c_src + mute_extra (s) */
    int force_checkpoint; /* test hook: use recomputation even when snapshots fit */
} seis_rtm_opts_t;

typedef struct seis_rtm_info {
    int checkpointed;   /* 0: snapshots kept in memory, 1: checkpoint + recompute */
    size_t bytes_used;
    long steps;         /* total propagation steps (forward, recompute, backward) */
} seis_rtm_info_t;

/* RTM of one shot: forward through the migration velocity w (source), backward of the
 * recorded data (time-differentiated, direct wave muted), cross-correlation imaging.
 * img: nx*ny*nz doubles, overwritten with this shot's image. */
int seis_rtm_shot(seis_wave_t *w, const seis_params_t *p, const seis_geom_t *g, int shot,
                  const float *data, const seis_rtm_opts_t *o, double *img,
                  seis_rtm_info_t *info, seis_poll_fn poll, void *poll_arg, char *err,
                  size_t errlen);

/* Image filter -(Laplacian) in place, 2nd-order differences scaled by the smallest spacing
 * squared, edges replicated: suppresses the low-wavenumber backscatter of the
 * cross-correlation imaging condition and keeps the reflectors' polarity. 0, or -1 (out of
 * memory). */
int seis_image_laplacian(double *img, int nx, int ny, int nz, double dx, double dy, double dz);

/* ---- files ----------------------------------------------------------------------------- */
uint32_t seis_crc32(uint32_t crc, const void *buf, size_t n);
/* Write a whole file atomically: path.tmp.<pid>, fsync, rename, fsync directory. */
int seis_write_atomic(const char *path, const void *buf, size_t n, char *err, size_t errlen);
int seis_read_file(const char *path, void **buf, size_t *n, char *err, size_t errlen);

/* Seismic Unix: one 240-byte header + ns float32 per trace, native byte order (as SU
 * tools write by default on this little-endian machine). Header fields set (SEG-Y byte
 * offsets as in SU's segy.h): tracl, tracr, fldr (shot + 1), tracf, cdp, trid = 1, offset,
 * gelev (-receiver depth), sdepth, scalel = scalco = 1, sx, sy, gx, gy (metres), counit = 1,
 * ns, dt (microseconds). seis_su_put builds one trace of the byte image in memory. */
typedef struct seis_su_trace_info {
    int32_t tracl, fldr, tracf, offset, sx, sy, gx, gy, sdepth, gelev;
} seis_su_trace_info_t;
size_t seis_su_size(int ntr, int ns);
void seis_su_put(unsigned char *dst, int itr, const seis_su_trace_info_t *ti,
                 const float *samples, int ns, double dt);
/* Parse an SU byte image: number of traces, samples per trace, dt (s). */
int seis_su_parse(const unsigned char *buf, size_t n, int *ntr, int *ns, double *dt,
                  char *err, size_t errlen);
const float *seis_su_samples(const unsigned char *buf, int itr, int ns);
int32_t seis_su_hdr_i32(const unsigned char *buf, int itr, int ns, int byte_offset);

/* ---- SEG-Y (through libsegyio; seis_segy.c) ------------------------------------------
 * Files are SEG-Y rev 1, big-endian, 3200-byte EBCDIC textual header, 400-byte binary
 * header, fixed-length traces of 240-byte headers + samples in format 5 (IEEE float) or 1
 * (IBM float). Without libsegyio at build time every function fails with
 * SEIS_SEGY_NOLIB, which seis_segy_available() lets callers report up front. */
#define SEIS_SEGY_NOLIB "built without libsegyio: apt-get install libsegyio-dev"
int seis_segy_available(void);

typedef struct seis_segy_trace {
    int32_t fldr, tracf, cdp, il, xl;    /* field record, trace in record, CDP, inline, xline */
    double sx, sy, gx, gy, cdpx, cdpy;   /* metres */
    double offset, sdepth, gdepth;       /* metres (gdepth is written as elevation -gdepth) */
} seis_segy_trace_t;

typedef struct seis_segy_desc {
    const char *text;    /* textual header: lines separated by '\n' (at most 40 x 76 chars) */
    int format;          /* 5 (IEEE) or 1 (IBM) */
    int ns, ntr;         /* samples per trace, traces */
    double interval;     /* sample interval as stored: microseconds (time) or mm (depth) */
    int sorting;         /* binary header trace sorting code: 1 as recorded, 4 stacked */
} seis_segy_desc_t;

/* The byte image of a SEG-Y file written by libsegyio (through a temporary file
 * tmpdir/segy.tmp.XXXXXX, removed again): samples[t * ns + s], tr[t] per trace. *out is
 * malloc'd. Refuses intervals, sample counts and coordinates the header fields cannot
 * hold. */
int seis_segy_image(const char *tmpdir, const seis_segy_desc_t *d, const seis_segy_trace_t *tr,
                    const float *samples, unsigned char **out, size_t *outlen, char *err,
                    size_t errlen);
/* Every trace of a SEG-Y file (format 1 or 5): *samples malloc'd ntr * ns floats, the
 * interval as stored (binary header, else the first trace header). hdr (optional,
 * malloc'd, ntr entries) gets fldr, tracf, cdp, il, xl and the scaled coordinates. */
int seis_segy_read(const char *path, int *ntr, int *ns, double *interval, float **samples,
                   seis_segy_trace_t **hdr, char *err, size_t errlen);
/* A velocity model from a SEG-Y file: one trace per (x, y) column, depth samples (interval
 * = dz in mm), inline = y and crossline = x on a regular grid (either sorting), spacings
 * from the CDP coordinates (rotated grids accepted; without coordinates m->dx and m->dy as
 * given). m is allocated here (m->vel must be NULL). */
int seis_model_read_segy(seis_model_t *m, const char *path, char *err, size_t errlen);
/* A volume vol[(k * ny + j) * nx + i] as SEG-Y written atomically: one trace per column
 * (inline j + 1, crossline i + 1, CDP = trace number, CDP X/Y = i dx, j dy in metres),
 * depth samples with the interval field holding dz in mm; what heads the textual header. */
int seis_segy_write_volume(const char *path, const float *vol, int nx, int ny, int nz, double dx,
                           double dy, double dz, const char *what, int format, char *err,
                           size_t errlen);
/* The model as such a volume. */
int seis_model_write_segy(const seis_model_t *m, const char *path, const char *what, int format,
                          char *err, size_t errlen);
/* 1 if path ends in .sgy or .segy (any case): the model readers choose by name. */
int seis_segy_name(const char *path);

/* Pictures: a gray/red-blue image of a 2-D float array (row-major, rows x cols), symmetric
 * clip at the given percentile of |a|, as an 8-bit PNG ("Up" filter, fixed-Huffman deflate
 * with run matches); every sample
 * becomes an uprows x upcols block of pixels. */
int seis_png_write(const char *path, const float *a, int rows, int cols, double clip_pct,
                   int uprows, int upcols, char *err, size_t errlen);

/* The output file of one shot in a job directory (seis_app_shot_path and the like). */
typedef void (*seis_outpath_fn)(char *buf, size_t n, const char *dir, int shot);

#endif
