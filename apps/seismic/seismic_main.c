/* ladro-seismic: 3-D acoustic modeling, one ladro task per shot (A2WS §3, CTWS §IV).
 * Each shot's gather is written as OUT/shot_NNNNN.su (Seismic Unix) or, with --format segy,
 * OUT/shot_NNNNN.sgy (SEG-Y, beside OUT/model.sgy); OUT/gather.png shows the receiver line
 * through shot 0. */
#include "app_mpi.h"
#include "seis_app.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* SEG-Y byte image of one shot's gather (the same trace headers as the SU one). */
static int seismic__segy(seis_app_t *app, int shot, const float *data, unsigned char **out,
                         size_t *outlen)
{
    const seis_geom_t *g = &app->geom;
    int nrec = seis_geom_nrec(g), ns = seis_geom_nsamp(g, &app->par);
    seis_segy_trace_t *tr = calloc((size_t)nrec, sizeof *tr);
    char err[1400], text[2400];
    if (!tr) {
        fprintf(stderr, "ladro-seismic: shot %d: out of memory\n", shot);
        return 1;
    }
    seis_point_t s = seis_geom_source(g, shot);
    double h = app->o.h;
    for (int r = 0; r < nrec; r++) {
        seis_point_t q = seis_geom_receiver(g, r);
        double ox = (q.i - s.i) * h, oy = (q.j - s.j) * h;
        tr[r] = (seis_segy_trace_t){
            .fldr = shot + 1, .tracf = r + 1, .cdp = shot + 1, .il = q.j + 1, .xl = q.i + 1,
            .sx = s.i * h, .sy = s.j * h, .gx = q.i * h, .gy = q.j * h,
            .cdpx = (s.i + q.i) * h / 2, .cdpy = (s.j + q.j) * h / 2,
            .offset = sqrt(ox * ox + oy * oy), .sdepth = s.k * h, .gdepth = q.k * h};
    }
    snprintf(text, sizeof text,
             "ladro-seismic shot gather: shot %d (field record %d) of %d\n"
             "model %s%s, %d x %d x %d points, h %g m\n"
             "source at x %g y %g m, depth %g m; Ricker %g Hz\n"
             "%d receivers at depth %g m, %d samples every %g ms\n"
             "3-D constant-density acoustic finite differences (8th order space)\n"
             "coordinates in metres (scalar at bytes 71-72), CDP X/Y = midpoint\n"
             "inline/crossline (189/193) = receiver y/x grid index + 1",
             shot, shot + 1, seis_geom_nshots(g), app->o.model_file[0] ? "file " : "",
             app->o.model_file[0] ? app->o.model_file : app->o.model, app->o.nx, app->o.ny,
             app->o.nz, h, s.i * h, s.j * h, s.k * h, app->par.fpeak, nrec, g->rz * h, ns,
             app->par.dt * g->decim * 1e3);
    seis_segy_desc_t d = {.text = text, .format = app->o.format, .ns = ns, .ntr = nrec,
                          .interval = app->par.dt * g->decim * 1e6, .sorting = 1};
    int rc = seis_segy_image(app->o.out, &d, tr, data, out, outlen, err, sizeof err);
    if (rc)
        fprintf(stderr, "ladro-seismic: shot %d: %s\n", shot, err);
    free(tr);
    return rc ? 1 : 0;
}

/* SU (or SEG-Y) byte image of one shot's gather. */
static int seismic__shot(seis_app_t *app, int shot, unsigned char **out, size_t *outlen)
{
    seis_wave_t *w = (seis_wave_t *)app->user + seis_app_worker(app);
    const seis_geom_t *g = &app->geom;
    int nrec = seis_geom_nrec(g), ns = seis_geom_nsamp(g, &app->par);
    float *data = malloc((size_t)nrec * ns * sizeof(float));
    *outlen = app->o.format ? 0 : seis_su_size(nrec, ns);
    *out = app->o.format ? NULL : malloc(*outlen);
    if (!data || (!app->o.format && !*out)) {
        fprintf(stderr, "ladro-seismic: shot %d: out of memory\n", shot);
        free(data);
        return 1;
    }
    int rc = seis_model_shot(w, &app->par, g, shot, data, seis_app_poll, app);
    if (rc == 0 && app->o.format)
        rc = seismic__segy(app, shot, data, out, outlen);
    else if (rc == 0) {
        seis_point_t s = seis_geom_source(g, shot);
        double h = app->o.h;
        for (int r = 0; r < nrec; r++) {
            seis_point_t q = seis_geom_receiver(g, r);
            double ox = (q.i - s.i) * h, oy = (q.j - s.j) * h;
            seis_su_trace_info_t ti = {
                .tracl = r + 1, .fldr = shot + 1, .tracf = r + 1,
                .offset = (int32_t)lround(sqrt(ox * ox + oy * oy)),
                .sx = (int32_t)lround(s.i * h), .sy = (int32_t)lround(s.j * h),
                .gx = (int32_t)lround(q.i * h), .gy = (int32_t)lround(q.j * h),
                .sdepth = (int32_t)lround(s.k * h), .gelev = -(int32_t)lround(q.k * h)};
            seis_su_put(*out, r, &ti, data + (size_t)r * ns, ns, app->par.dt * g->decim);
        }
    }
    free(data);
    return rc;
}

/* Picture of shot 0: time down, receivers of the row nearest the source across. */
static int seismic__picture(seis_app_t *app)
{
    char path[1100], err[1400];
    seis_app_shot_pathfn(app)(path, sizeof path, app->o.out, 0);
    float *buf;
    int ntr, ns;
    double dt;
    if (seis_app_read_gather(app, path, &buf, &ntr, &ns, &dt, err, sizeof err)) {
        fprintf(stderr, "%s: %s\n", app->o.prog, err);
        return 1;
    }
    const seis_geom_t *g = &app->geom;
    seis_point_t s = seis_geom_source(g, 0);
    int row = g->nry > 1 ? (s.j - g->ry0 + g->dry / 2) / g->dry : 0;
    row = row < 0 ? 0 : row >= g->nry ? g->nry - 1 : row;
    float *a = malloc((size_t)ns * g->nrx * sizeof(float));
    for (int t = 0; a && t < ns; t++)
        for (int x = 0; x < g->nrx; x++)
            a[(size_t)t * g->nrx + x] = buf[(size_t)(row * g->nrx + x) * ns + t];
    snprintf(path, sizeof path, "%s/gather.png", app->o.out);
    /* about 400 pixels across, time axis as many pixels as samples (at least 300) */
    int uc = (400 + g->nrx - 1) / g->nrx, ur = (300 + ns - 1) / ns;
    int rc = !a || seis_png_write(path, a, ns, g->nrx, 95, ur, uc, err, sizeof err);
    if (rc)
        fprintf(stderr, "%s: %s\n", app->o.prog, a ? err : "out of memory");
    else if (!app->o.quiet)
        fprintf(stderr, "%s: wrote %s (shot 0, receiver row y = %d)\n", app->o.prog, path,
                g->ry0 + row * g->dry);
    free(a);
    free(buf);
    return rc;
}

/* The modeling: the wavefield, the shots, then rank 0's picture of a gather. */
static int seismic__main(seis_app_t *app)
{
    /* wavefields per worker: with --threads T, T shots propagate at once */
    seis_wave_t *w = calloc((size_t)app->nthreads, sizeof *w);
    char err[512] = "out of memory";
    for (int i = 0; i < app->nthreads; i++)
        if (!w || seis_wave_init(&w[i], &app->model, &app->par, err, sizeof err)) {
            fprintf(stderr, "ladro-seismic: rank %d: %s\n", app->rank, err);
            MPI_Abort(MPI_COMM_WORLD, 1);
        }
    app->user = w;
    int fail = seis_app_run(app, seismic__shot, seis_app_shot_pathfn(app));
    if (!fail && app->rank == 0)
        fail = seismic__picture(app);
    for (int i = 0; i < app->nthreads; i++)
        seis_wave_free(&w[i]);
    free(w);
    return fail;
}

int main(int argc, char **argv)
{
    return seis_app_main(argc, argv, "ladro-seismic", 0, seismic__main);
}
