/* ladro-rtm: reverse time migration, one ladro task per shot (CTWS §II and §IV).
 *
 * A task models the shot's gather in the true model, then migrates it in the smoothed
 * model (seis_rtm_shot) and writes its partial image OUT/img_NNNNN.f64 atomically before
 * the task ends (so before a journal, LADRO_JOURNAL, records the shot). After
 * LADRO_DONE, rank 0 stacks the partial images in shot-id order in double precision: the
 * image is bit-identical for any rank count and policy, and after a resume. Outputs: OUT/image.f64 (header + doubles), OUT/image.su
 * or, with --format segy, OUT/image.sgy (+ OUT/model.sgy)
 * (one trace per (x, y) column, depth samples; the dt field holds dz in mm),
 * OUT/image.png (the inline section through the model's centre). */
#include "app_mpi.h"
#include "seis_app.h"

#include <math.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#define RTM_HDR 32 /* "LDRI" + int32 nx, ny, nz, shot + 12 spare bytes */

/* What a worker's shot propagates: with --threads T, T shots at once, each with its own
 * wavefields and source-wavefield store (seis_rtm_shot allocates it per shot). */
typedef struct rtm_waves {
    seis_wave_t wtrue, wmig;
} rtm_waves_t;

typedef struct rtm_state {
    rtm_waves_t *w; /* one per worker */
    seis_model_t mig;
    seis_rtm_opts_t ro;
    atomic_int printed_mode;
} rtm_state_t;

/* One gather written by ladro-seismic: same receivers, samples and sample interval. */
static int rtm__read_gather(seis_app_t *app, int shot, float *data, int nrec, int ns, char *err,
                            size_t errlen)
{
    char path[1100];
    seis_app_shot_pathfn(app)(path, sizeof path, app->o.data, shot);
    float *buf;
    int ntr, fns;
    double fdt, want = app->par.dt * app->geom.decim;
    if (seis_app_read_gather(app, path, &buf, &ntr, &fns, &fdt, err, errlen))
        return 1;
    int rc = 0;
    if (ntr != nrec || fns != ns || fabs(fdt - want) > 0.51e-6) {
        snprintf(err, errlen, "%s: %d traces x %d samples at %g s; this run expects %d x %d "
                 "at %g s (same --dims, --shots, --receivers, --rec-step, --tmax, --courant/"
                 "--dt and --decim as the modeling run)", path, ntr, fns, fdt, nrec, ns, want);
        rc = 1;
    }
    for (int r = 0; rc == 0 && r < nrec; r++)
        memcpy(data + (size_t)r * ns, buf + (size_t)r * ns, (size_t)ns * sizeof(float));
    free(buf);
    return rc ? 1 : 0;
}

static int rtm__shot(seis_app_t *app, int shot, unsigned char **out, size_t *outlen)
{
    rtm_state_t *st = app->user;
    rtm_waves_t *wv = &st->w[seis_app_worker(app)];
    const seis_geom_t *g = &app->geom;
    size_t nmod = (size_t)app->model.nx * app->model.ny * app->model.nz;
    int nrec = seis_geom_nrec(g), ns = seis_geom_nsamp(g, &app->par);
    float *data = malloc((size_t)nrec * ns * sizeof(float));
    *outlen = RTM_HDR + nmod * sizeof(double);
    *out = calloc(1, *outlen);
    if (!data || !*out) {
        fprintf(stderr, "ladro-rtm: shot %d: out of memory\n", shot);
        free(data);
        return 1;
    }
    char err[1400] = "";
    int rc = 0;
    if (app->o.data[0]) /* recorded gathers from ladro-seismic */
        rc = rtm__read_gather(app, shot, data, nrec, ns, err, sizeof err);
    else /* the "acquisition": this shot's gather in the true model */
        rc = seis_model_shot(&wv->wtrue, &app->par, g, shot, data, seis_app_poll, app);
    seis_rtm_info_t info;
    if (rc == 0)
        rc = seis_rtm_shot(&wv->wmig, &app->par, g, shot, data, &st->ro,
                           (double *)(void *)(*out + RTM_HDR), &info, seis_app_poll, app, err,
                           sizeof err);
    free(data);
    if (rc) {
        if (err[0])
            fprintf(stderr, "ladro-rtm: shot %d: %s\n", shot, err);
        return rc;
    }
    if (!app->o.quiet && atomic_exchange(&st->printed_mode, 1) == 0) {
        fprintf(stderr, "ladro-rtm: rank %d: source wavefield %s, %.1f MB\n", app->rank,
                info.checkpointed ? "checkpointed (recomputed by segments)" : "kept in memory",
                info.bytes_used / 1e6);
    }
    int32_t h[4] = {app->model.nx, app->model.ny, app->model.nz, shot};
    memcpy(*out, "LDRI", 4);
    memcpy(*out + 4, h, sizeof h);
    return 0;
}

/* Stack in shot-id order (the deterministic reduction), then write the products. */
static int rtm__stack(seis_app_t *app, double *img)
{
    const seis_model_t *m = &app->model;
    size_t nmod = (size_t)m->nx * m->ny * m->nz;
    memset(img, 0, nmod * sizeof(double));
    char path[1100], err[1400];
    for (int s = 0; s < seis_geom_nshots(&app->geom); s++) {
        seis_app_img_path(path, sizeof path, app->o.out, s);
        void *buf;
        size_t n;
        if (seis_read_file(path, &buf, &n, err, sizeof err))
            goto fail;
        int32_t h[4];
        memcpy(h, (char *)buf + 4, sizeof h);
        if (n != RTM_HDR + nmod * sizeof(double) || memcmp(buf, "LDRI", 4) || h[0] != m->nx ||
            h[1] != m->ny || h[2] != m->nz || h[3] != s) {
            snprintf(err, sizeof err, "%s is not the partial image of shot %d for this model",
                     path, s);
            free(buf);
            goto fail;
        }
        const double *p = (const double *)(const void *)((char *)buf + RTM_HDR);
        for (size_t q = 0; q < nmod; q++)
            img[q] += p[q];
        free(buf);
    }
    if (app->o.laplacian && seis_image_laplacian(img, m->nx, m->ny, m->nz, m->dx, m->dy, m->dz))
        goto oom;
    /* image.f64 */
    size_t fb = RTM_HDR + nmod * sizeof(double);
    unsigned char *f = calloc(1, fb);
    if (!f)
        goto oom;
    int32_t h[4] = {m->nx, m->ny, m->nz, seis_geom_nshots(&app->geom)};
    memcpy(f, "LDRI", 4);
    memcpy(f + 4, h, sizeof h);
    memcpy(f + RTM_HDR, img, nmod * sizeof(double));
    snprintf(path, sizeof path, "%s/image.f64", app->o.out);
    int bad = seis_write_atomic(path, f, fb, err, sizeof err);
    free(f);
    if (bad)
        goto fail;
    /* image.su (image.sgy): trace per column, depth samples */
    if (app->o.format) {
        float *vol = malloc(nmod * sizeof(float));
        char what[1400];
        snprintf(what, sizeof what, "ladro-rtm image: %d shots stacked, model %s%s",
                 seis_geom_nshots(&app->geom), app->o.model_file[0] ? "file " : "",
                 app->o.model_file[0] ? app->o.model_file : app->o.model);
        if (!vol)
            goto oom;
        for (size_t q = 0; q < nmod; q++)
            vol[q] = (float)img[q];
        snprintf(path, sizeof path, "%s/image.sgy", app->o.out);
        bad = seis_segy_write_volume(path, vol, m->nx, m->ny, m->nz, m->dx, m->dy, m->dz, what,
                                     app->o.format, err, sizeof err);
        free(vol);
        if (bad)
            goto fail;
    } else {
        size_t sb = seis_su_size(m->nx * m->ny, m->nz);
        unsigned char *su = malloc(sb);
        float *tr = malloc((size_t)m->nz * sizeof(float));
        if (!su || !tr) {
            free(su);
            free(tr);
            goto oom;
        }
        for (int j = 0; j < m->ny; j++)
            for (int i = 0; i < m->nx; i++) {
                for (int k = 0; k < m->nz; k++)
                    tr[k] = (float)img[((size_t)k * m->ny + j) * m->nx + i];
                int t = j * m->nx + i;
                seis_su_trace_info_t ti = {.tracl = t + 1, .fldr = 1, .tracf = t + 1,
                                           .sx = (int32_t)lround(i * m->dx),
                                           .sy = (int32_t)lround(j * m->dy),
                                           .gx = (int32_t)lround(i * m->dx),
                                           .gy = (int32_t)lround(j * m->dy)};
                seis_su_put(su, t, &ti, tr, m->nz, m->dz * 1e-3); /* dt field: dz in mm */
            }
        free(tr);
        snprintf(path, sizeof path, "%s/image.su", app->o.out);
        bad = seis_write_atomic(path, su, sb, err, sizeof err);
        free(su);
        if (bad)
            goto fail;
    }
    /* image.png: section y = ny/2, depth down */
    float *sec = malloc((size_t)m->nz * m->nx * sizeof(float));
    if (!sec)
        goto oom;
    for (int k = 0; k < m->nz; k++)
        for (int i = 0; i < m->nx; i++)
            sec[(size_t)k * m->nx + i] = (float)img[((size_t)k * m->ny + m->ny / 2) * m->nx + i];
    snprintf(path, sizeof path, "%s/image.png", app->o.out);
    int up = (400 + m->nx - 1) / m->nx;
    bad = seis_png_write(path, sec, m->nz, m->nx, 99.5, up, up, err, sizeof err);
    free(sec);
    if (bad)
        goto fail;
    if (!app->o.quiet)
        fprintf(stderr, "ladro-rtm: wrote %s/image.{f64,%s,png} (%d shots stacked in id "
                "order)\n", app->o.out, app->o.format ? "sgy" : "su",
                seis_geom_nshots(&app->geom));
    return 0;
oom:
    snprintf(err, sizeof err, "out of memory while stacking");
fail:
    fprintf(stderr, "ladro-rtm: %s\n", err);
    return 1;
}

/* The peak of every illuminated column (between the outermost shots) must lie within one cell of the first interface
 * (between the last slow and the first fast point, k_r - 0.5), laterally flat, one sign. */
static int rtm__check_reflector(const seis_app_t *app, const double *img)
{
    const seis_model_t *m = &app->model;
    int ic = m->nx / 2, jc = m->ny / 2, kr = -1;
    for (int k = 1; k < m->nz && kr < 0; k++)
        if (m->vel[((size_t)k * m->ny + jc) * m->nx + ic] != m->vel[(size_t)jc * m->nx + ic])
            kr = k;
    if (kr < 0) {
        fprintf(stderr, "ladro-rtm: --check-reflector: the model has no interface\n");
        return 1;
    }
    double zr = kr - 0.5;
    /* illuminated columns: between the outermost shots */
    const seis_geom_t *g = &app->geom;
    seis_point_t s0 = seis_geom_source(g, 0), s1 = seis_geom_source(g, seis_geom_nshots(g) - 1);
    int k0 = g->sz + 6, bad = 0, n = 0, npos = 0;
    double lo = 1e30, hi = -1e30, sum = 0, worst = 0;
    for (int j = s0.j; j <= s1.j; j++)
        for (int i = s0.i; i <= s1.i; i++) {
            int kb = k0;
            double best = -1;
            for (int k = k0; k < m->nz - 2; k++) {
                double v = fabs(img[((size_t)k * m->ny + j) * m->nx + i]);
                if (v > best)
                    best = v, kb = k;
            }
            /* parabolic sub-cell peak of |I| */
            double a = fabs(img[((size_t)(kb - 1) * m->ny + j) * m->nx + i]);
            double c = fabs(img[((size_t)(kb + 1) * m->ny + j) * m->nx + i]);
            double den = a - 2 * best + c;
            double zp = kb + (den != 0 ? 0.5 * (a - c) / den : 0);
            lo = fmin(lo, zp);
            hi = fmax(hi, zp);
            sum += zp;
            worst = fmax(worst, fabs(zp - zr));
            npos += img[((size_t)kb * m->ny + j) * m->nx + i] > 0;
            n++;
        }
    double mean = sum / n;
    printf("ladro-rtm: reflector at %.1f m (between points %d and %d); image peak depth "
           "mean %.2f m, range %.2f..%.2f m over %d columns (worst |error| %.2f cells); "
           "polarity %s (%d of %d positive)\n", zr * m->dz, kr - 1, kr, mean * m->dz,
           lo * m->dz, hi * m->dz, n, worst, npos == n ? "positive" : npos == 0 ? "negative"
                                                                          : "MIXED", npos, n);
    if (worst > 1.0) {
        fprintf(stderr, "ladro-rtm: peak depth off by %.2f cells (> 1)\n", worst);
        bad = 1;
    }
    if (hi - lo > 1.0) {
        fprintf(stderr, "ladro-rtm: image not flat: peak depths span %.2f cells\n", hi - lo);
        bad = 1;
    }
    if (npos != n && npos != 0) {
        fprintf(stderr, "ladro-rtm: polarity not consistent: %d of %d columns positive\n",
                npos, n);
        bad = 1;
    }
    return bad;
}

/* Any model whose velocity increases at its interfaces (structured, layered), imaged with
 * --laplacian. In the centre column (I summed over the 3 x 3 columns around it, below the
 * source + 6 points) the interfaces of the true model are where the velocity changes
 * (between k - 1 and k: at k - 0.5). Every positive local maximum above 30% of the strongest
 * must lie within 1.5 cells of one of them, and at least two interfaces (or all, if fewer)
 * must have a positive peak of 10% of the strongest within 1.5 cells: reflectors of the
 * right polarity where the model has them, nothing strong where it has none. */
static int rtm__check_interfaces(const seis_app_t *app, const double *img)
{
    const seis_model_t *m = &app->model;
    int ic = m->nx / 2, jc = m->ny / 2, k0 = app->geom.sz + 6, nif = 0, bad = 0;
    double zif[64], *a = calloc((size_t)m->nz, sizeof(double)), amax = 0;
    int hit[64] = {0};
    if (!a)
        return 1;
    for (int k = k0; k < m->nz && nif < 64; k++)
        if (m->vel[((size_t)k * m->ny + jc) * m->nx + ic] !=
            m->vel[((size_t)(k - 1) * m->ny + jc) * m->nx + ic])
            zif[nif++] = k - 0.5;
    for (int k = k0; k < m->nz; k++) {
        for (int j = jc - 1; j <= jc + 1; j++)
            for (int i = ic - 1; i <= ic + 1; i++)
                a[k] += img[((size_t)k * m->ny + j) * m->nx + i];
        amax = fmax(amax, a[k]);
    }
    printf("ladro-rtm: centre column x %g m, y %g m: interfaces at", ic * m->dx, jc * m->dy);
    for (int q = 0; q < nif; q++)
        printf(" %.1f", zif[q] * m->dz);
    printf(" m; positive image peaks (depth m, relative amplitude, cells to the nearest "
           "interface):");
    for (int k = k0 + 1; k < m->nz - 2; k++) {
        if (!(a[k] >= a[k - 1] && a[k] > a[k + 1] && a[k] >= 0.1 * amax))
            continue;
        double den = a[k - 1] - 2 * a[k] + a[k + 1];
        double zp = k + (den != 0 ? 0.5 * (a[k - 1] - a[k + 1]) / den : 0), near = 1e30;
        for (int q = 0; q < nif; q++) {
            near = fmin(near, fabs(zp - zif[q]));
            hit[q] |= fabs(zp - zif[q]) <= 1.5;
        }
        printf(" %.1f/%.2f/%.2f", zp * m->dz, a[k] / amax, near);
        bad |= a[k] >= 0.3 * amax && !(near <= 1.5);
    }
    printf("\n");
    free(a);
    if (nif == 0) {
        fprintf(stderr, "ladro-rtm: --check-interfaces: the model has no interface in the "
                "centre column below depth index %d\n", k0);
        return 1;
    }
    if (bad)
        fprintf(stderr, "ladro-rtm: --check-interfaces: a positive image peak above 30%% of "
                "the strongest lies more than 1.5 cells from every interface\n");
    int nhit = 0;
    for (int q = 0; q < nif; q++)
        nhit += hit[q];
    if (nhit < (nif < 2 ? nif : 2)) {
        fprintf(stderr, "ladro-rtm: --check-interfaces: only %d of the %d interfaces have a "
                "positive image peak (10%% of the strongest) within 1.5 cells\n", nhit, nif);
        bad = 1;
    }
    return bad;
}

/* The migration: wavefields, the shots, then rank 0 stacks and checks the image. */
static int rtm__main(seis_app_t *app)
{
    const seis_app_opts_t *o = &app->o;
    rtm_state_t st = {.ro = {.mem_bytes = (size_t)(o->mem_mb * 1e6 / app->nthreads), /* rank's */
                             .img_every = o->img_every,
                             .mute_extra = o->mute >= 0 ? o->mute : 2.4 / app->par.fpeak,
                             .force_checkpoint = o->force_ckpt}};
    atomic_init(&st.printed_mode, 0);
    char err[512] = "out of memory";
    const seis_model_t *m = &app->model;
    int bad = seis_model_alloc(&st.mig, m->nx, m->ny, m->nz, m->dx, m->dy, m->dz, err,
                               sizeof err) ||
              (memcpy(st.mig.vel, m->vel, (size_t)m->nx * m->ny * m->nz * sizeof(float)),
               seis_model_smooth(&st.mig, o->smooth, err, sizeof err)) ||
              !(st.w = calloc((size_t)app->nthreads, sizeof *st.w));
    for (int i = 0; !bad && i < app->nthreads; i++)
        bad = seis_wave_init(&st.w[i].wtrue, m, &app->par, err, sizeof err) ||
              seis_wave_init(&st.w[i].wmig, &st.mig, &app->par, err, sizeof err);
    if (bad) {
        fprintf(stderr, "ladro-rtm: rank %d: %s\n", app->rank, err);
        MPI_Abort(MPI_COMM_WORLD, 1);
    }
    app->user = &st;
    int fail = seis_app_run(app, rtm__shot, seis_app_img_path);
    if (!fail && app->rank == 0) {
        double *img = malloc((size_t)m->nx * m->ny * m->nz * sizeof(double));
        fail = !img || rtm__stack(app, img);
        if (!fail && o->check_reflector)
            fail = rtm__check_reflector(app, img);
        if (!fail && o->check_interfaces)
            fail = rtm__check_interfaces(app, img);
        free(img);
    }
    for (int i = 0; i < app->nthreads; i++) {
        seis_wave_free(&st.w[i].wtrue);
        seis_wave_free(&st.w[i].wmig);
    }
    free(st.w);
    seis_model_free(&st.mig);
    return fail;
}

int main(int argc, char **argv)
{
    return seis_app_main(argc, argv, "ladro-rtm", 1, rtm__main);
}
