/* Shared driver of ladro-seismic and ladro-rtm (seis_app.h). */
#include "seis_app.h"

#include <errno.h>
#include <math.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <dirent.h>
#include <sys/stat.h>
#include <unistd.h>

static void seis__usage(const seis_app_opts_t *o)
{
    printf("usage: %s [options]\n", o->prog);
    if (o->rtm)
        printf("Reverse time migration: every shot is a ladro task that models its gather in\n"
               "the true model (or reads it, --data), then migrates it: forward source\n"
               "wavefield kept in memory or checkpointed, backward propagation of the\n"
               "time-differentiated, direct-wave muted data, cross-correlation imaging. The\n"
               "per-shot images are stacked in shot-id order in double precision, so the image\n"
               "does not depend on the rank count or the policy.\n");
    else
        printf("3-D acoustic modeling: every shot is a ladro task; its gather is written as\n"
               "OUT/shot_NNNNN.su (Seismic Unix: 240-byte headers + float32 samples).\n");
    printf(
"model and propagation:\n"
"  --model SPEC        two-layer (1400/2000 m/s, reflector at mid depth; default),\n"
"                      structured (dipping layers, a fault, a salt dome),\n"
"                      homogeneous:V, layered:V1,V2,...[@Z1,Z2,...] (m)\n"
"  --model-file PATH   raw float32 velocities, x fastest (dimensions from --dims or\n"
"                      a 16-byte 'LDRV' + 3 x int32 header); *.sgy/*.segy: SEG-Y,\n"
"                      dimensions and spacing from its trace headers\n"
"  --format FMT        su (default), segy (IEEE float) or segy-ibm: the gathers,\n"
"                      the RTM image and, as SEG-Y only, OUT/model.sgy\n"
"  --dims NX,NY,NZ     model points (default 48,48,40)\n"
"  --h M               grid spacing in metres (default 10)\n"
"  --fpeak HZ          Ricker peak frequency (default 10); t0 = 1.2/fpeak\n"
"  --courant X         c_max dt / h (default 0.4; limit 0.4528) or --dt S\n"
"  --tmax S            record length in seconds (default 0.6)\n"
"  --min-ppw X         points per minimum wavelength required (default 5, >= 3)\n"
"  --nb N              Cerjan sponge width (default 40); --alpha A (default 0.0053)\n"
"geometry (grid indices):\n"
"  --shots NX,NY       shots on a grid over the surface (default 2,2)\n"
"  --src-depth K       source depth index (default 2)\n"
"  --receivers grid|line  receivers every --rec-step points over the surface or on\n"
"                      the line y = NY/2 (default grid)\n"
"  --rec-step N        receiver spacing in points (default 2); --rec-depth K (2)\n"
"  --decim N           record every N time steps (default 2)\n"
"run:\n"
"  --out DIR           job directory (default seis-out): outputs and journal.txt\n"
"  --resume            skip the shots journal.txt lists as done (output verified)\n"
"  --policy NAME       ladro policy, a comma-separated list or 'all' (default\n"
"                      LADRO_POLICY, else the library default)\n"
"  --quiet             no progress lines\n"
"  --die-after N       test hook: each rank SIGKILLs itself halfway through the shot\n"
"                      after its N-th (for the resume test)\n");
    if (o->rtm)
        printf(
"RTM:\n"
"  --smooth R          migration velocity = true model smoothed (slowness box of\n"
"                      half-width R points; default 2)\n"
"  --img-every N       imaging condition every N steps (default 2)\n"
"  --mem-mb MB         memory budget for the source wavefield (default 512); above it\n"
"                      checkpointing + recomputation is used, never disk\n"
"  --checkpoint        force checkpointing (tests)\n"
"  --mute S            extra direct-wave mute after offset/c (default 2.4/fpeak)\n"
"  --data DIR          migrate the gathers DIR/shot_NNNNN.su (.sgy with --format segy)\n"
"                      written by ladro-seismic with the same model, geometry, time\n"
"                      parameters and --format (default:\n"
"                      every task models its own gather in the true model)\n"
"  --laplacian         filter the stacked image with -(Laplacian) before writing it\n"
"                      (removes the low-wavenumber backscatter smear)\n"
"  --check-interfaces  exit 1 unless the strongest image peaks of the centre columns\n"
"                      lie within 1.5 cells of the true model's interfaces there\n"
"  --check-reflector   exit 1 unless the image peak lies within one cell of the first\n"
"                      interface of a layered model, flat and of one polarity\n");
    printf("  --help              this text\n"
           "environment: LADRO_* (docs/envvars.md), OMP_NUM_THREADS; LADRO_EXPECT_NP=P "
           "fails\nunless the run has P ranks.\n");
}

static int seis__num(const char *v, double lo, double hi, double *out)
{
    char *end;
    errno = 0;
    double x = strtod(v, &end);
    if (errno || end == v || *end || !(x >= lo && x <= hi))
        return -1;
    *out = x;
    return 0;
}

static int seis__int(const char *v, long lo, long hi, int *out)
{
    char *end;
    errno = 0;
    long x = strtol(v, &end, 10);
    if (errno || end == v || *end || x < lo || x > hi)
        return -1;
    *out = (int)x;
    return 0;
}

/* "a,b[,c]" of n integers in [lo, hi] */
static int seis__ints(const char *v, int n, long lo, long hi, int *out)
{
    char buf[128];
    if (strlen(v) >= sizeof buf)
        return -1;
    snprintf(buf, sizeof buf, "%s", v);
    char *save = NULL, *tok = strtok_r(buf, ",", &save);
    for (int q = 0; q < n; q++) {
        if (!tok || seis__int(tok, lo, hi, &out[q]))
            return -1;
        tok = strtok_r(NULL, ",", &save);
    }
    return tok ? -1 : 0;
}

int seis_app_parse(seis_app_t *app, int argc, char **argv)
{
    seis_app_opts_t *o = &app->o;
    const char *prog = o->prog;
    int rtm = o->rtm;
    memset(o, 0, sizeof *o);
    o->prog = prog;
    o->rtm = rtm;
    snprintf(o->model, sizeof o->model, "two-layer");
    o->nx = 48, o->ny = 48, o->nz = 40;
    o->h = 10;
    o->fpeak = 10;
    o->courant = 0.4;
    o->tmax = 0.6;
    o->min_ppw = 5;
    o->nb = 40;
    o->alpha = 0.0053;
    o->nsx = 2, o->nsy = 2, o->src_depth = 2, o->rec_step = 2, o->rec_depth = 2;
    o->decim = 2;
    snprintf(o->out, sizeof o->out, "seis-out");
    o->mem_mb = 512;
    o->img_every = 2;
    o->smooth = 2;
    o->mute = -1;
    o->die_after = -1;
    const int r0 = app->rank == 0;
#define BAD(flag, val, what)                                                           \
    do {                                                                               \
        if (r0)                                                                        \
            fprintf(stderr, "%s: bad value '%s' for %s: expected %s\n", prog, val, flag, \
                    what);                                                             \
        return 2;                                                                      \
    } while (0)
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
            if (r0)
                seis__usage(o);
            return 1;
        }
        if (!strcmp(a, "--resume")) {
            o->resume = 1;
            continue;
        }
        if (!strcmp(a, "--quiet")) {
            o->quiet = 1;
            continue;
        }
        /* ladro-rtm's switches */
        const struct { const char *name; int *on; } rflags[] = {
            {"--checkpoint", &o->force_ckpt}, {"--check-reflector", &o->check_reflector},
            {"--check-interfaces", &o->check_interfaces}, {"--laplacian", &o->laplacian}};
        int *on = NULL;
        for (size_t q = 0; rtm && q < sizeof rflags / sizeof *rflags; q++)
            if (!strcmp(a, rflags[q].name))
                on = rflags[q].on;
        if (on) {
            *on = 1;
            continue;
        }
        static const char *const valued[] = {
            "--model", "--model-file", "--dims", "--h", "--fpeak", "--courant", "--dt",
            "--tmax", "--min-ppw", "--nb", "--alpha", "--shots", "--src-depth", "--receivers",
            "--rec-step", "--rec-depth", "--decim", "--out", "--policy", "--die-after",
            "--format", "--smooth", "--img-every", "--mem-mb", "--mute", "--data", NULL};
        int known = 0;
        for (int q = 0; valued[q]; q++)
            if (!strcmp(a, valued[q]) && (rtm || q < 21))
                known = 1;
        if (!known) {
            if (r0)
                fprintf(stderr, "%s: unknown argument '%s' (see --help)\n", prog, a);
            return 2;
        }
        if (i + 1 >= argc) {
            if (r0)
                fprintf(stderr, "%s: missing value for %s (see --help)\n", prog, a);
            return 2;
        }
        const char *v = argv[++i];
        int d3[3];
        if (!strcmp(a, "--model")) {
            if (strlen(v) >= sizeof o->model || !v[0])
                BAD(a, v, "a model spec (see --help)");
            snprintf(o->model, sizeof o->model, "%s", v);
        } else if (!strcmp(a, "--model-file")) {
            if (strlen(v) >= sizeof o->model_file || !v[0])
                BAD(a, v, "a file name");
            snprintf(o->model_file, sizeof o->model_file, "%s", v);
        } else if (!strcmp(a, "--dims")) {
            if (seis__ints(v, 3, 8, 4096, d3))
                BAD(a, v, "NX,NY,NZ, three integers in [8, 4096]");
            o->nx = d3[0], o->ny = d3[1], o->nz = d3[2], o->dims_set = 1;
        } else if (!strcmp(a, "--h")) {
            if (seis__num(v, 0.01, 1e5, &o->h))
                BAD(a, v, "a grid spacing in metres in [0.01, 1e5]");
            o->h_set = 1;
        } else if (!strcmp(a, "--format")) {
            static const char *const fmts[] = {"su", "segy", "segy-ibm"};
            static const int codes[] = {0, 5, 1};
            int f = 0;
            while (f < 3 && strcmp(v, fmts[f]))
                f++;
            if (f == 3)
                BAD(a, v, "su, segy (IEEE float) or segy-ibm (IBM float)");
            if (codes[f] && !seis_segy_available()) {
                if (r0)
                    fprintf(stderr, "%s: --format %s: %s\n", prog, v, SEIS_SEGY_NOLIB);
                return 2;
            }
            o->format = codes[f];
        } else if (!strcmp(a, "--fpeak")) {
            if (seis__num(v, 1e-3, 1e5, &o->fpeak))
                BAD(a, v, "a peak frequency in Hz in [0.001, 1e5]");
        } else if (!strcmp(a, "--courant")) {
            if (seis__num(v, 1e-3, 1, &o->courant))
                BAD(a, v, "a Courant number in [0.001, 1] (stable up to 0.4528)");
            o->dt = 0;
        } else if (!strcmp(a, "--dt")) {
            if (seis__num(v, 1e-9, 10, &o->dt))
                BAD(a, v, "a time step in seconds in [1e-9, 10]");
        } else if (!strcmp(a, "--tmax")) {
            if (seis__num(v, 1e-6, 1e4, &o->tmax))
                BAD(a, v, "a record length in seconds in (0, 1e4]");
        } else if (!strcmp(a, "--min-ppw")) {
            if (seis__num(v, 3, 100, &o->min_ppw))
                BAD(a, v, "points per wavelength in [3, 100]");
        } else if (!strcmp(a, "--nb")) {
            if (seis__int(v, 0, 200, &o->nb))
                BAD(a, v, "a sponge width in points in [0, 200]");
        } else if (!strcmp(a, "--alpha")) {
            if (seis__num(v, 0, 1, &o->alpha))
                BAD(a, v, "a Cerjan coefficient in [0, 1]");
        } else if (!strcmp(a, "--shots")) {
            if (seis__ints(v, 2, 1, 4096, d3))
                BAD(a, v, "NX,NY, two integers in [1, 4096]");
            o->nsx = d3[0], o->nsy = d3[1];
        } else if (!strcmp(a, "--src-depth")) {
            if (seis__int(v, 0, 4095, &o->src_depth))
                BAD(a, v, "a depth index in [0, NZ)");
        } else if (!strcmp(a, "--receivers")) {
            if (strcmp(v, "grid") && strcmp(v, "line"))
                BAD(a, v, "grid or line");
            o->rec_line = !strcmp(v, "line");
        } else if (!strcmp(a, "--rec-step")) {
            if (seis__int(v, 1, 4096, &o->rec_step))
                BAD(a, v, "a receiver spacing in points in [1, 4096]");
        } else if (!strcmp(a, "--rec-depth")) {
            if (seis__int(v, 0, 4095, &o->rec_depth))
                BAD(a, v, "a depth index in [0, NZ)");
        } else if (!strcmp(a, "--decim")) {
            if (seis__int(v, 1, 1000, &o->decim))
                BAD(a, v, "a decimation factor in [1, 1000]");
        } else if (!strcmp(a, "--out")) {
            if (strlen(v) >= sizeof o->out - 32 || !v[0])
                BAD(a, v, "a directory name");
            snprintf(o->out, sizeof o->out, "%s", v);
        } else if (!strcmp(a, "--policy")) {
            if (strlen(v) >= sizeof o->policy || !v[0])
                BAD(a, v, "a policy name, a comma-separated list or 'all'");
            snprintf(o->policy, sizeof o->policy, "%s", v);
        } else if (!strcmp(a, "--die-after")) { /* test hook: SIGKILL mid-shot */
            if (seis__int(v, 0, 1 << 30, &o->die_after))
                BAD(a, v, "a number of shots");
        } else if (!strcmp(a, "--smooth")) {
            if (seis__int(v, 0, 50, &o->smooth))
                BAD(a, v, "a smoothing half-width in points in [0, 50]");
        } else if (!strcmp(a, "--img-every")) {
            if (seis__int(v, 1, 1000, &o->img_every))
                BAD(a, v, "a number of steps in [1, 1000]");
        } else if (!strcmp(a, "--mem-mb")) {
            if (seis__num(v, 0.001, 1e7, &o->mem_mb))
                BAD(a, v, "a memory budget in MB in [0.001, 1e7]");
        } else if (!strcmp(a, "--data")) {
            if (strlen(v) >= sizeof o->data - 32 || !v[0])
                BAD(a, v, "a directory of shot_NNNNN.su gathers");
            snprintf(o->data, sizeof o->data, "%s", v);
        } else if (!strcmp(a, "--mute")) {
            if (seis__num(v, 0, 100, &o->mute))
                BAD(a, v, "a mute time in seconds in [0, 100]");
        }
    }
#undef BAD
    if (o->resume && (strchr(o->policy, ',') || !strcmp(o->policy, "all"))) {
        if (r0)
            fprintf(stderr, "%s: --resume needs a single policy, got '%s'\n", prog, o->policy);
        return 2;
    }
    return 0;
}

/* A SEG-Y model brings its own dimensions and spacing; the command line may only agree. */
static int seis__segy_model(seis_app_t *app, char *err, size_t errlen)
{
    seis_app_opts_t *o = &app->o;
    seis_model_t *m = &app->model;
    memset(m, 0, sizeof *m);
    m->dx = m->dy = o->h; /* the spacing of a file without CDP coordinates */
    if (seis_model_read_segy(m, o->model_file, err, errlen))
        return 1;
    double h = m->dx, tol = 1e-6 * h;
    const char *why = NULL;
    if (fabs(m->dy - h) > tol || fabs(m->dz - h) > tol)
        why = "the apps need one grid spacing in x, y and z";
    else if (o->h_set && fabs(o->h - h) > tol)
        why = "--h says otherwise (leave --h out for a SEG-Y model)";
    else if (o->dims_set && (o->nx != m->nx || o->ny != m->ny || o->nz != m->nz))
        why = "--dims says otherwise (leave --dims out for a SEG-Y model)";
    if (why) {
        snprintf(err, errlen, "%s: a %d x %d x %d model with spacing %g x %g x %g m: %s",
                 o->model_file, m->nx, m->ny, m->nz, m->dx, m->dy, m->dz, why);
        return 1;
    }
    o->nx = m->nx, o->ny = m->ny, o->nz = m->nz, o->h = h;
    return 0;
}

int seis_app_setup(seis_app_t *app)
{
    seis_app_opts_t *o = &app->o;
    char err[1400];
    int bad = 0;
    if (o->model_file[0] && seis_segy_name(o->model_file))
        bad = seis__segy_model(app, err, sizeof err);
    else if (seis_model_alloc(&app->model, o->nx, o->ny, o->nz, o->h, o->h, o->h, err,
                              sizeof err))
        bad = 1;
    else if (o->model_file[0])
        bad = seis_model_read_raw(&app->model, o->model_file, err, sizeof err) != 0;
    else
        bad = seis_model_generate(&app->model, o->model, err, sizeof err) != 0;
    seis_params_t *p = &app->par;
    seis_params_default(p);
    p->fpeak = o->fpeak;
    p->t0 = 1.2 / o->fpeak;
    p->nb = o->nb;
    p->alpha = o->alpha;
    p->min_ppw = o->min_ppw;
    if (!bad) {
        p->dt = o->dt > 0 ? o->dt : seis_dt_for_courant(&app->model, o->courant);
        p->nt = (int)ceil(o->tmax / p->dt - 1e-9);
        bad = seis_check(&app->model, p, err, sizeof err) != 0;
    }
    seis_geom_t *g = &app->geom;
    memset(g, 0, sizeof *g);
    g->nsx = o->nsx;
    g->nsy = o->nsy;
    g->dsx = o->nx / (o->nsx + 1);
    g->dsy = o->ny / (o->nsy + 1);
    g->sx0 = o->nx - (o->nsx - 1) * g->dsx;
    g->sx0 = g->sx0 / 2;
    g->sy0 = (o->ny - (o->nsy - 1) * g->dsy) / 2;
    g->sz = o->src_depth;
    g->drx = g->dry = o->rec_step;
    g->nrx = (o->nx - 1) / o->rec_step + 1;
    g->rx0 = (o->nx - 1 - (g->nrx - 1) * o->rec_step) / 2;
    if (o->rec_line) {
        g->nry = 1;
        g->ry0 = o->ny / 2;
    } else {
        g->nry = (o->ny - 1) / o->rec_step + 1;
        g->ry0 = (o->ny - 1 - (g->nry - 1) * o->rec_step) / 2;
    }
    g->rz = o->rec_depth;
    g->decim = o->decim;
    if (!bad && (g->dsx < 1 || g->dsy < 1)) {
        snprintf(err, sizeof err, "%d x %d shots do not fit on a %d x %d surface", o->nsx,
                 o->nsy, o->nx, o->ny);
        bad = 1;
    }
    if (!bad)
        bad = seis_geom_check(g, &app->model, err, sizeof err) != 0;
    if (!bad && seis_geom_nsamp(g, p) < 1) {
        snprintf(err, sizeof err, "%d time steps with --decim %d record no sample (raise "
                 "--tmax or lower --decim)", p->nt, o->decim);
        bad = 1;
    }
    if (!bad && seis_geom_nsamp(g, p) > 65535) {
        snprintf(err, sizeof err, "%d samples per trace exceed the SU limit 65535 (raise "
                 "--decim or lower --tmax)", seis_geom_nsamp(g, p));
        bad = 1;
    }
    if (!bad && p->dt * o->decim * 1e6 > 65535) {
        snprintf(err, sizeof err, "sample interval %g s exceeds the SU limit 65535 us "
                 "(lower --decim)", p->dt * o->decim);
        bad = 1;
    }
    /* SEG-Y: segyio reads the 2-byte fields signed; depth samples store dz in mm */
    if (!bad && o->format && (seis_geom_nsamp(g, p) > 32767 || p->dt * o->decim * 1e6 > 32767 ||
                              o->h * 1000 > 32767 ||
                              fabs(o->h * 1000 - nearbyint(o->h * 1000)) > 1e-6)) {
        snprintf(err, sizeof err, "SEG-Y limits: %d samples per trace, interval %.0f us, grid "
                 "spacing %g m; at most 32767 samples and 32767 us, spacing a whole number of "
                 "mm up to 32.767 m (use --format su)", seis_geom_nsamp(g, p),
                 p->dt * o->decim * 1e6, o->h);
        bad = 1;
    }
    /* agree: a model file readable on some ranks only must not leave the others waiting */
    int anybad = bad;
    MPI_Allreduce(MPI_IN_PLACE, &anybad, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
    if (anybad) {
        int first = bad ? app->rank : app->size, who;
        MPI_Allreduce(&first, &who, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
        if (app->rank == who)
            fprintf(stderr, "%s: refused: %s\n", o->prog, err);
        return 2;
    }
    if (app->rank == 0 && mkdir(o->out, 0755) && errno != EEXIST) {
        fprintf(stderr, "%s: cannot create %s: %s\n", o->prog, o->out, strerror(errno));
        bad = 1;
    } else if (app->rank == 0 && o->format) {
        bad = seis_app_write_model(app);
    }
    MPI_Bcast(&bad, 1, MPI_INT, 0, MPI_COMM_WORLD);
    if (bad)
        return 2;
    if (app->rank == 0 && !o->quiet) {
        float vmin, vmax;
        seis_model_minmax(&app->model, &vmin, &vmax);
        fprintf(stderr, "%s: model %d x %d x %d h %g m, c %g..%g m/s, f %g Hz, dt %.3g ms "
                "(Courant %.3f), %d steps, sponge %d, %d shots x %d receivers, %d ranks\n",
                o->prog, o->nx, o->ny, o->nz, o->h, vmin, vmax, p->fpeak, p->dt * 1e3,
                vmax * p->dt / o->h, p->nt, p->nb, seis_geom_nshots(g), seis_geom_nrec(g),
                app->size);
    }
    return 0;
}

void seis_app_shot_path(char *buf, size_t n, const char *dir, int shot)
{
    snprintf(buf, n, "%s/shot_%05d.su", dir, shot);
}

void seis_app_shot_path_segy(char *buf, size_t n, const char *dir, int shot)
{
    snprintf(buf, n, "%s/shot_%05d.sgy", dir, shot);
}

seis_outpath_fn seis_app_shot_pathfn(const seis_app_t *app)
{
    return app->o.format ? seis_app_shot_path_segy : seis_app_shot_path;
}

int seis_app_read_gather(const seis_app_t *app, const char *path, float **data, int *ntr,
                         int *ns, double *dt, char *err, size_t errlen)
{
    *data = NULL;
    if (app->o.format) {
        if (seis_segy_read(path, ntr, ns, dt, data, NULL, err, errlen))
            return 1;
        *dt *= 1e-6;
        return 0;
    }
    void *buf;
    size_t n;
    char e2[256];
    if (seis_read_file(path, &buf, &n, err, errlen))
        return 1;
    int rc = seis_su_parse(buf, n, ntr, ns, dt, e2, sizeof e2);
    if (rc) /* name the file */
        snprintf(err, errlen, "%s: %s", path, e2);
    else if (!(*data = malloc((size_t)*ntr * *ns * sizeof(float)))) {
        snprintf(err, errlen, "%s: out of memory", path);
        rc = 1;
    }
    for (int r = 0; rc == 0 && r < *ntr; r++)
        memcpy(*data + (size_t)r * *ns, seis_su_samples(buf, r, *ns),
               (size_t)*ns * sizeof(float));
    free(buf);
    return rc ? 1 : 0;
}

int seis_app_write_model(const seis_app_t *app)
{
    const seis_app_opts_t *o = &app->o;
    char path[1100], what[1100], err[1400];
    snprintf(path, sizeof path, "%s/model.sgy", o->out);
    snprintf(what, sizeof what, "%s%s", o->model_file[0] ? "read from " : "",
             o->model_file[0] ? o->model_file : o->model);
    if (seis_model_write_segy(&app->model, path, what, o->format, err, sizeof err)) {
        fprintf(stderr, "%s: %s\n", o->prog, err);
        return 1;
    }
    return 0;
}

void seis_app_img_path(char *buf, size_t n, const char *dir, int shot)
{
    snprintf(buf, n, "%s/img_%05d.f64", dir, shot);
}

int seis_app_poll(void *arg)
{
    seis_app_t *app = arg;
    app->poll_count++;
    /* test hook: die by SIGKILL in the middle of the shot after die_after done here */
    if (app->o.die_after >= 0 && app->shots_done_here >= app->o.die_after &&
        app->poll_count == app->par.nt / 2)
        raise(SIGKILL);
    int rc = app->lb ? ladro_progress(app->lb) : 0;
    return rc < 0 ? rc : 0;
}

/* One run under one policy. 0 ok, 1 failure. */
static int seis__run_policy(seis_app_t *app, const char *policy, seis_shot_fn fn,
                            seis_outpath_fn outpath)
{
    const seis_app_opts_t *o = &app->o;
    int nshots = seis_geom_nshots(&app->geom);
    char err[1400] = "", journal[1100];
    snprintf(journal, sizeof journal, "%s/journal.txt", o->out);
    unsigned char *done = calloc((size_t)nshots, 1);
    int ndone = 0;
    if (app->rank == 0) {
        if (o->resume) {
            /* temporary files of writes a kill interrupted are never outputs: drop them */
            DIR *dir = opendir(o->out);
            struct dirent *de;
            while (dir && (de = readdir(dir)) != NULL)
                if (strstr(de->d_name, ".tmp.")) {
                    char tmp[1400];
                    snprintf(tmp, sizeof tmp, "%s/%s", o->out, de->d_name);
                    unlink(tmp);
                }
            if (dir)
                closedir(dir);
            ndone = seis_journal_load(journal, o->out, outpath, nshots, done, err, sizeof err);
        } else if (unlink(journal) && errno != ENOENT) {
            snprintf(err, sizeof err, "cannot remove %s: %s", journal, strerror(errno));
            ndone = -1;
        }
        if (ndone < 0)
            fprintf(stderr, "%s: %s\n", o->prog, err);
        else if (o->resume && !o->quiet)
            fprintf(stderr, "%s: resume: %d of %d shots already done\n", o->prog, ndone,
                    nshots);
    }
    MPI_Bcast(&ndone, 1, MPI_INT, 0, MPI_COMM_WORLD);
    if (ndone < 0) {
        free(done);
        return 1;
    }
    MPI_Bcast(done, nshots, MPI_UNSIGNED_CHAR, 0, MPI_COMM_WORLD);
    ladro_config_t cfg;
    ladro_config_init(&cfg);
    int rc = ladro_config_from_env(&cfg, err, sizeof err);
    if (rc == 0 && policy[0])
        rc = ladro_config_set(&cfg, "policy", policy, err, sizeof err);
    if (rc == 0)
        rc = ladro_create(MPI_COMM_WORLD, &cfg, &app->lb, err, sizeof err);
    if (rc) {
        if (app->rank == 0)
            fprintf(stderr, "%s: %s\n", o->prog, err);
        free(done);
        return 1;
    }
    /* block seeding (the static baseline's distribution); finished shots skipped */
    long lo = (long)nshots * app->rank / app->size, hi = (long)nshots * (app->rank + 1) / app->size;
    for (long s = lo; s < hi && rc == 0; s++)
        if (!done[s]) {
            ladro_task_t t = {.id = (uint64_t)s};
            rc = ladro_push(app->lb, &t);
        }
    free(done);
    MPI_Allreduce(MPI_IN_PLACE, &rc, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
    if (rc) {
        if (app->rank == 0)
            fprintf(stderr, "%s: seeding: %s\n", o->prog, ladro_strerror(rc));
        ladro_destroy(&app->lb);
        return 1;
    }
    int fail = 0;
    ladro_task_t task;
    double t0 = MPI_Wtime();
    while ((rc = ladro_next(app->lb, &task)) == LADRO_OK) {
        int shot = (int)task.id;
        unsigned char *buf = NULL;
        size_t len = 0;
        double ts = MPI_Wtime();
        app->poll_count = 0;
        int r = fn(app, shot, &buf, &len);
        char path[1100];
        outpath(path, sizeof path, o->out, shot);
        /* the output is durable (fsync + rename + directory fsync) before the journal
         * line that declares the shot done */
        if (r == 0 && seis_write_atomic(path, buf, len, err, sizeof err) == 0 &&
            seis_journal_append(journal, shot, seis_crc32(0, buf, len), len, err,
                                sizeof err) == 0) {
            app->shots_done_here++;
            if (!o->quiet)
                fprintf(stderr, "%s: rank %d: shot %d done in %.2f s (%.1f s elapsed)\n",
                        o->prog, app->rank, shot, MPI_Wtime() - ts, MPI_Wtime() - t0);
        } else {
            fprintf(stderr, "%s: rank %d: shot %d failed: %s\n", o->prog, app->rank, shot,
                    r ? (r < 0 ? ladro_strerror(r) : "see the message above") : err);
            fail = 1;
        }
        free(buf);
    }
    if (rc == LADRO_ETIMEDOUT) { /* stall watchdog: every rank dumps its state */
        fprintf(stderr, "%s: rank %d: stalled: %s\n", o->prog, app->rank,
                ladro_last_error(app->lb));
        ladro_dump_state(app->lb, stderr);
        fflush(stderr);
        if (ladro_destroy(&app->lb) != LADRO_OK)
            MPI_Abort(MPI_COMM_WORLD, 3);
        MPI_Finalize();
        exit(3);
    }
    if (rc != LADRO_DONE) {
        fprintf(stderr, "%s: rank %d: ladro_next: %s (%s)\n", o->prog, app->rank,
                ladro_strerror(rc), ladro_last_error(app->lb));
        MPI_Abort(MPI_COMM_WORLD, 1);
    }
    ladro_stats_t st;
    memset(&st, 0, sizeof st);
    int src = ladro_stats_gather(app->lb, &st);
    if (app->rank == 0 && src == 0) {
        int ran = (int)st.total.tasks_run;
        printf("%s: policy %s, %d ranks: %d shots run (%d done before), makespan %.3f s, "
               "efficiency %.3f, idle %.1f%%, steals %llu/%llu\n", o->prog, cfg.policy,
               app->size, ran, ndone, st.makespan, st.efficiency, 100 * st.idle_mean,
               (unsigned long long)st.total.steals_ok, (unsigned long long)st.total.steals_tried);
        if (!o->quiet)
            ladro_stats_print(stdout, &st, cfg.policy);
        if (ran + ndone != nshots) {
            fprintf(stderr, "%s: %d shots run + %d resumed != %d\n", o->prog, ran, ndone,
                    nshots);
            fail = 1;
        }
    }
    ladro_stats_free(&st);
    ladro_destroy(&app->lb);
    MPI_Allreduce(MPI_IN_PLACE, &fail, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
    return fail;
}

int seis_app_run(seis_app_t *app, seis_shot_fn fn, seis_outpath_fn outpath)
{
    const char *const *names = ladro_policy_names();
    char list[256];
    snprintf(list, sizeof list, "%s", app->o.policy);
    int all = !strcmp(list, "all"), fail = 0;
    char *save = NULL, *tok = all ? NULL : strtok_r(list, ",", &save);
    for (int k = 0;; k++) {
        const char *pol = all ? names[k] : k == 0 ? (tok ? tok : "")
                                                  : (tok = strtok_r(NULL, ",", &save));
        if (!pol)
            break;
        fail |= seis__run_policy(app, pol, fn, outpath);
        if (!all && !tok)
            break;
    }
    return fail;
}

void seis_app_free(seis_app_t *app)
{
    seis_model_free(&app->model);
}
