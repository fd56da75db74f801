/* Reverse time migration of one shot (CTWS §II, Algorithm 2, without the disk): forward
 * propagation of the source keeping its wavefield in memory when it fits in the budget,
 * else checkpoints of the full state every S imaging steps and recomputation of one
 * segment at a time during the backward pass; backward propagation of the processed data;
 * cross-correlation imaging condition I(x) = sum_t us(x, t) ur(x, t) (CTWS eq. 2). */
#include "seis.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

typedef struct seis_rtm_state {
    seis_wave_t src;     /* shares v2 and the sponge with the caller's wave */
    size_t nmod;         /* model points per snapshot */
    int nimg, E, S;      /* imaging snapshots, steps between them, snapshots per segment */
    float *snap;         /* S (or nimg) snapshots of the model region */
    float *ckpt;         /* checkpoints: 2 * npad floats each */
    int nckpt;
    int seg_loaded;      /* segment held in snap, -1 none */
} seis_rtm_state_t;

static void seis__extract(const seis_wave_t *w, float *dst)
{
    for (int k = 0; k < w->nz; k++)
        for (int j = 0; j < w->ny; j++)
            memcpy(dst + ((size_t)k * w->ny + j) * w->nx, w->u + seis_idx(w, 0, j, k),
                   (size_t)w->nx * sizeof(float));
}

/* Forward steps [n0, n1) of the source wavefield; snapshots q in [q0, ...) go to
 * snap[q - q0]; checkpoints (if ckpt) taken at the start of every segment. */
static int seis__forward(seis_rtm_state_t *st, const seis_params_t *p, seis_point_t s,
                         int n0, int n1, int q0, int take_ckpt, seis_poll_fn poll, void *arg,
                         long *steps)
{
    seis_wave_t *w = &st->src;
    for (int n = n0; n < n1; n++) {
        if (take_ckpt && n % (st->S * st->E) == 0) {
            float *c = st->ckpt + (size_t)(n / (st->S * st->E)) * 2 * w->npad;
            memcpy(c, w->u, w->npad * sizeof(float));
            memcpy(c + w->npad, w->p, w->npad * sizeof(float));
        }
        seis_wave_step(w);
        seis_wave_inject(w, s.i, s.j, s.k, seis_ricker(p->fpeak, p->t0, n * p->dt));
        (*steps)++;
        if ((n + 1) % st->E == 0) {
            int qi = (n + 1) / st->E - 1;
            if (!take_ckpt && qi >= q0 && qi - q0 < st->S)
                seis__extract(w, st->snap + (size_t)(qi - q0) * st->nmod);
        }
        if (poll) {
            int rc = poll(arg);
            if (rc)
                return rc;
        }
    }
    return 0;
}

/* Data preparation: time derivative (central differences) and direct-wave mute. Output
 * on the propagation time axis: d[r * nt + n] is the value to inject for level n + 1. */
static void seis__prepare(const float *data, int nrec, int nsamp, int decim, int nt,
                          double dt, const seis_geom_t *g, int shot, const seis_wave_t *w,
                          double csrc, double mute_extra, double taper, float *d)
{
    seis_point_t s = seis_geom_source(g, shot);
    double ds = decim * dt;
    for (int r = 0; r < nrec; r++) {
        const float *tr = data + (size_t)r * nsamp;
        seis_point_t q = seis_geom_receiver(g, r);
        double ox = (q.i - s.i) * w->dx, oy = (q.j - s.j) * w->dy, oz = (q.k - s.k) * w->dz;
        double tm = sqrt(ox * ox + oy * oy + oz * oz) / csrc + mute_extra;
        for (int n = 0; n < nt; n++) {
            /* sample index of level n + 1 on the recorded axis (sample i at (i+1) ds) */
            double x = (n + 1) * dt / ds - 1.0;
            double v = 0;
            if (x >= 0 && x <= nsamp - 1) {
                int i = (int)x;
                double f = x - i;
                /* derivative at fractional sample: interpolate centred differences */
                double d0, d1;
                int a = i > 0 ? i - 1 : 0, b = i + 1 < nsamp ? i + 1 : nsamp - 1;
                d0 = (tr[b] - tr[a]) / ((b - a) * ds);
                int a1 = i, b1 = i + 2 < nsamp ? i + 2 : nsamp - 1;
                d1 = b1 > a1 ? (tr[b1] - tr[a1]) / ((b1 - a1) * ds) : d0;
                v = (1 - f) * d0 + f * d1;
            }
            double t = (n + 1) * dt;
            double m = t < tm ? 0 : t < tm + taper ? 0.5 - 0.5 * cos(M_PI * (t - tm) / taper) : 1;
            /* derivative along the backward propagation's own time (-d/dt): with the
             * plane of receivers acting as a surface source, the back-propagated field is
             * then +d(t + z/c), and an impedance increase images with positive polarity */
            d[(size_t)r * nt + n] = (float)(-v * m);
        }
    }
}

int seis_rtm_shot(seis_wave_t *w, const seis_params_t *p, const seis_geom_t *g, int shot,
                  const float *data, const seis_rtm_opts_t *o, double *img,
                  seis_rtm_info_t *info, seis_poll_fn poll, void *poll_arg, char *err,
                  size_t errlen)
{
    seis_rtm_state_t st;
    memset(&st, 0, sizeof st);
    memset(info, 0, sizeof *info);
    int nt = p->nt, nrec = seis_geom_nrec(g), nsamp = seis_geom_nsamp(g, p);
    st.E = o->img_every > 0 ? o->img_every : 1;
    st.nimg = nt / st.E;
    if (st.nimg < 1) {
        snprintf(err, errlen, "RTM: %d time steps give no imaging step at --img-every %d", nt,
                 st.E);
        return 1;
    }
    st.nmod = (size_t)w->nx * w->ny * w->nz;
    size_t snapb = st.nmod * sizeof(float), ckb = 2 * w->npad * sizeof(float);
    size_t all = (size_t)st.nimg * snapb;
    int ckmode = o->force_checkpoint || all > o->mem_bytes;
    if (!ckmode) {
        st.S = st.nimg;
        st.nckpt = 0;
    } else {
        /* smallest memory: S snapshots + ceil(nimg / S) checkpoints */
        size_t best = (size_t)-1;
        for (int S = 1; S <= st.nimg; S++) {
            int C = (st.nimg + S - 1) / S;
            size_t b = (size_t)S * snapb + (size_t)C * ckb;
            if (b < best || (b == best && S > st.S)) {
                best = b;
                st.S = S;
            }
        }
        if (o->force_checkpoint && st.S == st.nimg && st.nimg > 1)
            st.S = st.nimg / 2;
        st.nckpt = (nt + st.S * st.E - 1) / (st.S * st.E);
        if (best > o->mem_bytes && !o->force_checkpoint) {
            snprintf(err, errlen, "RTM memory: the source wavefield needs %.1f MB in memory "
                     "or at least %.1f MB with checkpointing; the budget is %.1f MB (raise "
                     "--mem-mb or --img-every)", all / 1e6, best / 1e6, o->mem_bytes / 1e6);
            return 1;
        }
    }
    st.src = *w;
    st.src.u = aligned_alloc(64, (w->npad * sizeof(float) + 63) / 64 * 64);
    st.src.p = aligned_alloc(64, (w->npad * sizeof(float) + 63) / 64 * 64);
    st.snap = malloc((size_t)st.S * snapb);
    st.ckpt = st.nckpt ? malloc((size_t)st.nckpt * ckb) : NULL;
    float *d = malloc((size_t)nrec * nt * sizeof(float));
    int rc = 0;
    if (!st.src.u || !st.src.p || !st.snap || (st.nckpt && !st.ckpt) || !d) {
        snprintf(err, errlen, "out of memory for the RTM of shot %d", shot);
        rc = 1;
        goto out;
    }
    info->checkpointed = ckmode;
    info->bytes_used = (size_t)st.S * snapb + (size_t)st.nckpt * ckb;
    seis_wave_zero(&st.src);
    seis_point_t s = seis_geom_source(g, shot);
    long steps = 0;
    /* forward: all snapshots (memory mode) or checkpoints only */
    rc = seis__forward(&st, p, s, 0, nt, 0, ckmode, poll, poll_arg, &steps);
    if (ckmode)
        st.seg_loaded = -1;
    if (rc)
        goto out;
    double csrc = sqrt(w->v2[seis_idx(w, s.i, s.j, s.k)]) / p->dt;
    seis__prepare(data, nrec, nsamp, g->decim > 0 ? g->decim : 1, nt, p->dt, g, shot, w, csrc,
                  o->mute_extra, 0.5 / p->fpeak, d);
    /* backward: receiver wavefield in w, driven by the reversed processed data */
    size_t *ridx = malloc((size_t)nrec * sizeof *ridx);
    if (!ridx) {
        rc = 1;
        snprintf(err, errlen, "out of memory for the RTM of shot %d", shot);
        goto out;
    }
    for (int r = 0; r < nrec; r++) {
        seis_point_t q = seis_geom_receiver(g, r);
        ridx[r] = seis_idx(w, q.i, q.j, q.k);
    }
    memset(img, 0, st.nmod * sizeof(double));
    seis_wave_zero(w);
    const double vol = w->dx * w->dy * w->dz;
    for (int m = 0; m < nt && !rc; m++) {
        int n = nt - 1 - m;
        seis_wave_step(w);
        for (int r = 0; r < nrec; r++)
            w->u[ridx[r]] += (float)((double)w->v2[ridx[r]] * d[(size_t)r * nt + n] / vol);
        steps++;
        if ((n + 1) % st.E == 0) {
            int q = (n + 1) / st.E - 1;
            const float *us;
            if (!ckmode) {
                us = st.snap + (size_t)q * st.nmod;
            } else {
                int seg = q / st.S;
                if (seg != st.seg_loaded) { /* recompute this segment from its checkpoint */
                    const float *c = st.ckpt + (size_t)seg * 2 * w->npad;
                    memcpy(st.src.u, c, w->npad * sizeof(float));
                    memcpy(st.src.p, c + w->npad, w->npad * sizeof(float));
                    int n0 = seg * st.S * st.E, n1 = n0 + st.S * st.E;
                    rc = seis__forward(&st, p, s, n0, n1 < nt ? n1 : nt, seg * st.S, 0, poll,
                                       poll_arg, &steps);
                    st.seg_loaded = seg;
                }
                us = st.snap + (size_t)(q - seg * st.S) * st.nmod;
            }
            /* CTWS eq. (2): cross-correlation imaging condition */
            for (int k = 0; k < w->nz; k++)
                for (int j = 0; j < w->ny; j++) {
                    const float *ur = w->u + seis_idx(w, 0, j, k);
                    const float *sr = us + ((size_t)k * w->ny + j) * w->nx;
                    double *ir = img + ((size_t)k * w->ny + j) * w->nx;
                    for (int i = 0; i < w->nx; i++)
                        ir[i] += (double)sr[i] * (double)ur[i];
                }
        }
        if (poll && !rc)
            rc = poll(poll_arg);
    }
    free(ridx);
    info->steps = steps;
out:
    free(st.src.u);
    free(st.src.p);
    free(st.snap);
    free(st.ckpt);
    free(d);
    return rc;
}

int seis_image_laplacian(double *img, int nx, int ny, int nz, double dx, double dy, double dz)
{
    size_t n = (size_t)nx * ny * nz;
    double *t = malloc(n * sizeof(double));
    if (!t)
        return -1;
    double h = fmin(dx, fmin(dy, dz)), w[3] = {h * h / (dx * dx), h * h / (dy * dy),
                                               h * h / (dz * dz)};
    const int dim[3] = {nx, ny, nz};
    const size_t st[3] = {1, (size_t)nx, (size_t)nx * ny};
    for (size_t q = 0; q < n; q++) {
        double v = 0;
        for (int a = 0; a < 3; a++) {
            int c = (int)(q / st[a] % (size_t)dim[a]);
            double lo = img[c > 0 ? q - st[a] : q], hi = img[c < dim[a] - 1 ? q + st[a] : q];
            v += w[a] * (2 * img[q] - lo - hi);
        }
        t[q] = v;
    }
    memcpy(img, t, n * sizeof(double));
    free(t);
    return 0;
}
