/* Wave propagation: parameters and their checks, the leapfrog / 8th-order stencil with
 * the Cerjan sponge fused in, source injection, forward modeling of one shot. */
#include "seis.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#ifdef _OPENMP
#include <omp.h>
#endif

/* 8th-order central second derivative (Fornberg): -205/72, 8/5, -1/5, 8/315, -1/560 */
static const double seis__c[5] = {-205.0 / 72.0, 8.0 / 5.0, -1.0 / 5.0, 8.0 / 315.0,
                                  -1.0 / 560.0};

void seis_params_default(seis_params_t *p)
{
    memset(p, 0, sizeof *p);
    p->fpeak = 10.0;
    p->t0 = 1.2 / p->fpeak;
    p->nb = 40;
    p->alpha = 0.0053;
    p->min_ppw = 5.0;
}

double seis_ricker(double fpeak, double t0, double t)
{
    double a = M_PI * fpeak * (t - t0);
    a *= a;
    return (1.0 - 2.0 * a) * exp(-a);
}

static double seis__inv_h2_mean(const seis_model_t *m)
{
    return (1.0 / (m->dx * m->dx) + 1.0 / (m->dy * m->dy) + 1.0 / (m->dz * m->dz)) / 3.0;
}

double seis_dt_for_courant(const seis_model_t *m, double courant)
{
    float vmin, vmax;
    seis_model_minmax(m, &vmin, &vmax);
    return courant / ((double)vmax * sqrt(seis__inv_h2_mean(m)));
}

int seis_check(const seis_model_t *m, const seis_params_t *p, char *err, size_t errlen)
{
    if (!(p->dt > 0) || p->nt < 1) {
        snprintf(err, errlen, "time step %g s / %d steps: both must be positive", p->dt, p->nt);
        return -1;
    }
    if (!(p->fpeak > 0)) {
        snprintf(err, errlen, "peak frequency %g Hz must be positive", p->fpeak);
        return -1;
    }
    if (p->t0 < 1.2 / p->fpeak - 1e-12) {
        snprintf(err, errlen, "Ricker time shift t0 = %g s is below 1.2/f = %g s (the "
                 "wavelet would start truncated)", p->t0, 1.2 / p->fpeak);
        return -1;
    }
    if (p->nb < 0 || p->nb > 200 || !(p->alpha >= 0) || p->alpha > 1) {
        snprintf(err, errlen, "sponge %d points / alpha %g: expected 0..200 points and "
                 "alpha in [0, 1]", p->nb, p->alpha);
        return -1;
    }
    float vmin, vmax;
    seis_model_minmax(m, &vmin, &vmax);
    if (!(vmin > 0) || !isfinite(vmax)) {
        snprintf(err, errlen, "velocity model: minimum %g m/s, maximum %g m/s; every "
                 "velocity must be positive and finite", vmin, vmax);
        return -1;
    }
    double courant = (double)vmax * p->dt * sqrt(seis__inv_h2_mean(m));
    if (courant > SEIS_CFL_3D) {
        snprintf(err, errlen, "CFL violated: c_max*dt/h = %.0f m/s * %g s / %g m = %.4f "
                 "exceeds the 3-D limit %.4f of this stencil (dt <= %g s)", (double)vmax,
                 p->dt, 1.0 / sqrt(seis__inv_h2_mean(m)), courant, SEIS_CFL_3D,
                 seis_dt_for_courant(m, SEIS_CFL_3D));
        return -1;
    }
    double hmax = fmax(m->dx, fmax(m->dy, m->dz));
    double fmaxf = SEIS_FMAX_FACTOR * p->fpeak;
    double ppw = (double)vmin / fmaxf / hmax;
    if (ppw < p->min_ppw) {
        snprintf(err, errlen, "dispersion: %.2f points per minimum wavelength (c_min %.0f "
                 "m/s / f_max %.4g Hz = 2.5 * %.4g Hz / h %g m) is below the limit %.2f "
                 "(f_peak <= %.4g Hz)", ppw, (double)vmin, fmaxf, p->fpeak, hmax, p->min_ppw,
                 (double)vmin / (SEIS_FMAX_FACTOR * p->min_ppw * hmax));
        return -1;
    }
    return 0;
}

/* ---- wavefield ------------------------------------------------------------------- */
static float *seis__falloc(size_t n)
{
    size_t bytes = (n * sizeof(float) + 63) / 64 * 64;
    float *a = aligned_alloc(64, bytes ? bytes : 64);
    if (a)
        memset(a, 0, bytes);
    return a;
}

void seis_wave_free(seis_wave_t *w)
{
    free(w->u);
    free(w->p);
    free(w->v2);
    free(w->gx);
    free(w->gy);
    free(w->gz);
    memset(w, 0, sizeof *w);
}

/* Cerjan et al. (1985): G(i) = exp(-[alpha (nb - i)]^2) for the i-th sponge point from
 * the outside (i = 0 outermost), 1 in the model. */
static float *seis__sponge(int n, int nb, double alpha, int padded)
{
    float *g = seis__falloc((size_t)padded);
    if (!g)
        return NULL;
    for (int q = 0; q < padded; q++) {
        int x = q - SEIS_HALO; /* index in sponge + model */
        double d = 0;
        if (x < nb)
            d = nb - x;
        else if (x >= nb + n)
            d = x - (nb + n - 1);
        g[q] = (float)exp(-(alpha * d) * (alpha * d));
    }
    return g;
}

int seis_wave_init(seis_wave_t *w, const seis_model_t *m, const seis_params_t *p,
                   char *err, size_t errlen)
{
    memset(w, 0, sizeof *w);
    if (seis_check(m, p, err, errlen)) /* an unstable or dispersive set never runs */
        return -1;
    w->nx = m->nx;
    w->ny = m->ny;
    w->nz = m->nz;
    w->nb = p->nb;
    w->dx = m->dx;
    w->dy = m->dy;
    w->dz = m->dz;
    w->dt = p->dt;
    w->px = (m->nx + 2 * p->nb + 2 * SEIS_HALO + 15) / 16 * 16;
    w->py = m->ny + 2 * p->nb + 2 * SEIS_HALO;
    w->pz = m->nz + 2 * p->nb + 2 * SEIS_HALO;
    w->sy = (size_t)w->px;
    w->sz = (size_t)w->px * w->py;
    w->npad = w->sz * w->pz;
    w->u = seis__falloc(w->npad);
    w->p = seis__falloc(w->npad);
    w->v2 = seis__falloc(w->npad);
    w->gx = seis__sponge(m->nx, p->nb, p->alpha, w->px);
    w->gy = seis__sponge(m->ny, p->nb, p->alpha, w->py);
    w->gz = seis__sponge(m->nz, p->nb, p->alpha, w->pz);
    if (!w->u || !w->p || !w->v2 || !w->gx || !w->gy || !w->gz) {
        snprintf(err, errlen, "out of memory for a %d x %d x %d padded grid (%.1f MB)",
                 w->px, w->py, w->pz, 3.0 * (double)w->npad * 4 / 1e6);
        seis_wave_free(w);
        return -1;
    }
    const double h2[3] = {m->dx * m->dx, m->dy * m->dy, m->dz * m->dz};
    w->wc = 0;
    for (int a = 0; a < 3; a++) {
        for (int q = 0; q < 5; q++)
            w->w[a][q] = (float)(seis__c[q] / h2[a]);
        w->wc += (float)(seis__c[0] / h2[a]);
    }
    /* velocity extended into the sponge by replication of the nearest model point */
    for (int k = 0; k < m->nz + 2 * p->nb; k++) {
        int mk = k - p->nb < 0 ? 0 : k - p->nb >= m->nz ? m->nz - 1 : k - p->nb;
        for (int j = 0; j < m->ny + 2 * p->nb; j++) {
            int mj = j - p->nb < 0 ? 0 : j - p->nb >= m->ny ? m->ny - 1 : j - p->nb;
            float *row = w->v2 + seis_idx(w, -p->nb, j - p->nb, k - p->nb);
            const float *mrow = m->vel + ((size_t)mk * m->ny + mj) * m->nx;
            for (int i = 0; i < m->nx + 2 * p->nb; i++) {
                int mi = i - p->nb < 0 ? 0 : i - p->nb >= m->nx ? m->nx - 1 : i - p->nb;
                double c = mrow[mi] * p->dt;
                row[i] = (float)(c * c);
            }
        }
    }
    /* y block: keep the 9 z-planes of u a block touches within ~512 KiB */
    size_t plane = (size_t)w->px * sizeof(float) * 9;
    int jb = (int)(512 * 1024 / plane) - 2 * SEIS_HALO;
    w->jblock = jb < 4 ? 4 : jb;
    return 0;
}

void seis_wave_zero(seis_wave_t *w)
{
    memset(w->u, 0, w->npad * sizeof(float));
    memset(w->p, 0, w->npad * sizeof(float));
    w->step = 0;
}

/* One row of the fused update. Cerjan on both levels: the new level is damped as it is
 * written, the previous level when it is read (it was the current level of the last step,
 * so each level gets G twice, as when both are multiplied after every step). */
static void seis__row(float *restrict pn, const float *restrict u, const float *restrict v2,
                      const float *restrict gx, float gyz, size_t sy, size_t sz,
                      const float (*wt)[5], float wc, int n)
{
    const float x1 = wt[0][1], x2 = wt[0][2], x3 = wt[0][3], x4 = wt[0][4];
    const float y1 = wt[1][1], y2 = wt[1][2], y3 = wt[1][3], y4 = wt[1][4];
    const float z1 = wt[2][1], z2 = wt[2][2], z3 = wt[2][3], z4 = wt[2][4];
#pragma omp simd
    for (int i = 0; i < n; i++) {
        float lap = wc * u[i] + x1 * (u[i - 1] + u[i + 1]) + x2 * (u[i - 2] + u[i + 2]) +
                    x3 * (u[i - 3] + u[i + 3]) + x4 * (u[i - 4] + u[i + 4]) +
                    y1 * (u[i - sy] + u[i + sy]) + y2 * (u[i - 2 * sy] + u[i + 2 * sy]) +
                    y3 * (u[i - 3 * sy] + u[i + 3 * sy]) +
                    y4 * (u[i - 4 * sy] + u[i + 4 * sy]) + z1 * (u[i - sz] + u[i + sz]) +
                    z2 * (u[i - 2 * sz] + u[i + 2 * sz]) +
                    z3 * (u[i - 3 * sz] + u[i + 3 * sz]) + z4 * (u[i - 4 * sz] + u[i + 4 * sz]);
        float g = gx[i] * gyz;
        pn[i] = g * (2.0f * u[i] - g * pn[i] + v2[i] * lap);
    }
}

void seis_wave_step(seis_wave_t *w)
{
    const int i0 = SEIS_HALO, n = w->nx + 2 * w->nb;
    const int j0 = SEIS_HALO, j1 = w->py - SEIS_HALO;
    const int k0 = SEIS_HALO, k1 = w->pz - SEIS_HALO;
    float *restrict pn = w->p;
    const float *restrict u = w->u;
#pragma omp parallel
    {
        int nth = 1, t = 0;
#ifdef _OPENMP
        nth = omp_get_num_threads();
        t = omp_get_thread_num();
#endif
        /* contiguous z-slab per thread; y blocks outside, z inside for plane reuse */
        int ka = k0 + (int)((long)(k1 - k0) * t / nth);
        int kb = k0 + (int)((long)(k1 - k0) * (t + 1) / nth);
        for (int jb = j0; jb < j1; jb += w->jblock) {
            int je = jb + w->jblock < j1 ? jb + w->jblock : j1;
            for (int k = ka; k < kb; k++)
                for (int j = jb; j < je; j++) {
                    size_t o = (size_t)k * w->sz + (size_t)j * w->sy + (size_t)i0;
                    seis__row(pn + o, u + o, w->v2 + o, w->gx + i0, w->gy[j] * w->gz[k],
                              w->sy, w->sz, (const float(*)[5])w->w, w->wc, n);
                }
        }
    }
    float *tmp = w->u;
    w->u = w->p;
    w->p = tmp;
    w->step++;
}

void seis_wave_inject(seis_wave_t *w, int i, int j, int k, double s)
{
    size_t o = seis_idx(w, i, j, k);
    w->u[o] += (float)((double)w->v2[o] * s / (w->dx * w->dy * w->dz));
}

/* ---- modeling ---------------------------------------------------------------------- */
int seis_geom_nsamp(const seis_geom_t *g, const seis_params_t *p)
{
    return p->nt / (g->decim > 0 ? g->decim : 1);
}

int seis_model_shot(seis_wave_t *w, const seis_params_t *p, const seis_geom_t *g,
                    int shot, float *data, seis_poll_fn poll, void *poll_arg)
{
    seis_point_t s = seis_geom_source(g, shot);
    int nrec = seis_geom_nrec(g), decim = g->decim > 0 ? g->decim : 1;
    int nsamp = seis_geom_nsamp(g, p);
    size_t *ridx = malloc((size_t)nrec * sizeof *ridx);
    if (!ridx)
        return 1;
    for (int r = 0; r < nrec; r++) {
        seis_point_t q = seis_geom_receiver(g, r);
        ridx[r] = seis_idx(w, q.i, q.j, q.k);
    }
    seis_wave_zero(w);
    for (int n = 0; n < p->nt; n++) {
        seis_wave_step(w); /* u^{n+1} from u^n, u^{n-1} */
        seis_wave_inject(w, s.i, s.j, s.k, seis_ricker(p->fpeak, p->t0, n * p->dt));
        if ((n + 1) % decim == 0) {
            int smp = (n + 1) / decim - 1;
            if (smp < nsamp)
                for (int r = 0; r < nrec; r++)
                    data[(size_t)r * nsamp + smp] = w->u[ridx[r]];
        }
        if (poll) {
            int rc = poll(poll_arg);
            if (rc) {
                free(ridx);
                return rc;
            }
        }
    }
    free(ridx);
    return 0;
}
