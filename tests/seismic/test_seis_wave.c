/* Validation of the propagation kernel.
 *   analytic: 3-D homogeneous medium, point source: u(r, t) = s(t - r/c) / (4 pi r) with
 *             the injection u += (c dt)^2 s / (dx dy dz); u^{n+1} compared at (n+1) dt on
 *             receivers 10..40 cells away (2..8 minimum wavelengths, 0.8..3.2 peak
 *             wavelengths; 5 points per minimum wavelength) along an axis, a face diagonal
 *             and a body diagonal.
 *             Relative L2 error < 1% at Courant 0.1, < 3% at Courant 0.2, over all
 *             receivers together and at every receiver alone.
 *   sponge:   a 40^3 model inside a 40-point Cerjan sponge, against a reference on a grid
 *             large enough that nothing comes back within the window: the energy of the
 *             difference in the model region (reflections) < 1% of the incident energy
 *             there; without a sponge the same measure must see the walls (> 10%).
 *   checks:   CFL and dispersion violations are refused with the limit and the value. */
#include "seis.h"
#include "../check.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static const double C = 2000.0, H = 10.0;

static void homogeneous(seis_model_t *m, int n)
{
    char err[256];
    if (seis_model_alloc(m, n, n, n, H, H, H, err, sizeof err) ||
        seis_model_generate(m, "homogeneous:2000", err, sizeof err)) {
        fprintf(stderr, "%s\n", err);
        exit(1);
    }
}

/* Relative L2 error against the analytical solution at a given Courant number. */
static double analytic_error(double courant, int verbose, FILE *trace, double *worst)
{
    const int n = 120, c0 = 60;
    seis_model_t m;
    homogeneous(&m, n);
    seis_params_t p;
    seis_params_default(&p);
    p.nb = 0;
    p.fpeak = C / (SEIS_FMAX_FACTOR * 5.0 * H); /* exactly 5 points per minimum wavelength */
    p.t0 = 1.2 / p.fpeak;
    p.dt = courant * H / C;
#define NREC 12
    const int rr[NREC][3] = {{10, 0, 0}, {20, 0, 0}, {30, 0, 0}, {40, 0, 0},
                             {7, 7, 0}, {14, 14, 0}, {21, 21, 0}, {28, 28, 0},
                             {6, 6, 6}, {12, 12, 12}, {17, 17, 17}, {23, 23, 23}};
    double tend = 40 * H / C + 2 * p.t0 + 0.02;
    /* the first wall reflection reaches a receiver r <= 40 cells out from an image source
     * >= 2*61-40 cells away: later than the window */
    CHECK_LT(tend, (2 * 61 - 40) * H / C);
    p.nt = (int)ceil(tend / p.dt);
    char err[256];
    CHECK_EQ(seis_check(&m, &p, err, sizeof err), 0);
    seis_wave_t w;
    if (seis_wave_init(&w, &m, &p, err, sizeof err)) {
        fprintf(stderr, "%s\n", err);
        exit(1);
    }
    double num = 0, den = 0, rnum[NREC] = {0}, rden[NREC] = {0};
    for (int s = 0; s < p.nt; s++) {
        seis_wave_step(&w);
        seis_wave_inject(&w, c0, c0, c0, seis_ricker(p.fpeak, p.t0, s * p.dt));
        double t = (s + 1) * p.dt;
        for (int q = 0; q < NREC; q++) {
            double r = H * sqrt((double)(rr[q][0] * rr[q][0] + rr[q][1] * rr[q][1] +
                                         rr[q][2] * rr[q][2]));
            if (t > r / C + 2 * p.t0 + 0.02)
                continue;
            double ana = seis_ricker(p.fpeak, p.t0, t - r / C) / (4 * M_PI * r);
            double u = seis_wave_get(&w, c0 + rr[q][0], c0 + rr[q][1], c0 + rr[q][2]);
            if (trace && q == 2) /* 30 cells out on the axis */
                fprintf(trace, "%.6f %.6e %.6e\n", t, u, ana);
            rnum[q] += (u - ana) * (u - ana);
            rden[q] += ana * ana;
        }
    }
    if (worst)
        *worst = 0;
    for (int q = 0; q < NREC; q++) {
        num += rnum[q];
        den += rden[q];
        if (worst && sqrt(rnum[q] / rden[q]) > *worst)
            *worst = sqrt(rnum[q] / rden[q]);
        if (verbose)
            printf("  courant %.2f receiver (%2d,%2d,%2d): relative L2 error %.3f%%\n", courant,
                   rr[q][0], rr[q][1], rr[q][2], 100 * sqrt(rnum[q] / rden[q]));
    }
    seis_wave_free(&w);
    seis_model_free(&m);
    return sqrt(num / den);
}

/* Energy of the reflections coming back into a 40^3 model from its absorbing boundary,
 * relative to the incident energy, both integrated over the window in the model region. */
static double sponge_reflection(int nb, double alpha)
{
    const int n = 40, big = 40 + 2 * 55;
    seis_params_t p;
    seis_params_default(&p);
    p.fpeak = C / (SEIS_FMAX_FACTOR * 5.0 * H);
    p.t0 = 1.2 / p.fpeak;
    p.dt = 0.4 * H / C;
    /* until the reflection from the sponge's outer wall (60 cells away) has entered the
     * model region (100 cells) with the whole wavelet (+ 2 t0) */
    double tend = 100 * H / C + 2 * p.t0;
    p.nt = (int)ceil(tend / p.dt);
    seis_model_t m, mb;
    homogeneous(&m, n);
    homogeneous(&mb, big);
    /* the reference's walls are 76 cells from the source: 2 * 76 - 20 = 132 cells back to
     * the nearest model point, later than the window */
    CHECK_LT(tend, (2 * (big / 2 + 1) - 20) * H / C);
    char err[256];
    seis_wave_t w, wb;
    p.nb = nb;
    p.alpha = alpha;
    if (seis_wave_init(&w, &m, &p, err, sizeof err)) {
        fprintf(stderr, "%s\n", err);
        exit(1);
    }
    p.nb = 0;
    if (seis_wave_init(&wb, &mb, &p, err, sizeof err)) {
        fprintf(stderr, "%s\n", err);
        exit(1);
    }
    const int off = (big - n) / 2, c0 = n / 2;
    double refl = 0, inc = 0;
    for (int s = 0; s < p.nt; s++) {
        seis_wave_step(&w);
        seis_wave_step(&wb);
        double src = seis_ricker(p.fpeak, p.t0, s * p.dt);
        seis_wave_inject(&w, c0, c0, c0, src);
        seis_wave_inject(&wb, c0 + off, c0 + off, c0 + off, src);
        for (int k = 0; k < n; k++)
            for (int j = 0; j < n; j++)
                for (int i = 0; i < n; i++) {
                    double a = seis_wave_get(&w, i, j, k);
                    double b = seis_wave_get(&wb, i + off, j + off, k + off);
                    refl += (a - b) * (a - b);
                    inc += b * b;
                }
    }
    seis_wave_free(&w);
    seis_wave_free(&wb);
    seis_model_free(&m);
    seis_model_free(&mb);
    return refl / inc;
}

static void checks(void)
{
    seis_model_t m;
    homogeneous(&m, 20);
    m.vel[5] = 4000; /* c_max 4000, c_min 2000 */
    seis_params_t p;
    seis_params_default(&p);
    p.nt = 10;
    p.fpeak = 15;
    p.t0 = 1.2 / 15;
    char err[512] = "";
    p.dt = 0.5 * H / 4000;
    CHECK_EQ(seis_check(&m, &p, err, sizeof err), -1);
    CHECK_STR_CONTAINS(err, "CFL");
    CHECK_STR_CONTAINS(err, "0.5000");
    CHECK_STR_CONTAINS(err, "0.4528");
    seis_wave_t w; /* the wavefield refuses the same set: nothing runs unchecked */
    CHECK_EQ(seis_wave_init(&w, &m, &p, err, sizeof err), -1);
    CHECK_STR_CONTAINS(err, "CFL");
    CHECK(w.u == NULL);
    p.dt = 0.45 * H / 4000;
    CHECK_EQ(seis_check(&m, &p, err, sizeof err), 0);
    p.fpeak = 20; /* 2000 / 50 / 10 = 4 points per wavelength < 5 */
    p.t0 = 1.2 / 20;
    CHECK_EQ(seis_check(&m, &p, err, sizeof err), -1);
    CHECK_STR_CONTAINS(err, "dispersion");
    CHECK_STR_CONTAINS(err, "4.00 points");
    CHECK_STR_CONTAINS(err, "5.00");
    p.min_ppw = 4;
    CHECK_EQ(seis_check(&m, &p, err, sizeof err), 0);
    p.t0 = 1.0 / 20;
    CHECK_EQ(seis_check(&m, &p, err, sizeof err), -1);
    CHECK_STR_CONTAINS(err, "1.2/f");
    seis_model_free(&m);
}

int main(int argc, char **argv)
{
    const char *what = argc > 1 ? argv[1] : "all";
    int all = !strcmp(what, "all");
    if (all || !strcmp(what, "checks"))
        checks();
    if (all || !strcmp(what, "analytic")) {
        double w1, w2;
        double e1 = analytic_error(0.1, 1, NULL, &w1), e2 = analytic_error(0.2, 1, NULL, &w2);
        printf("analytic: relative L2 error %.3f%% at Courant 0.1 (worst receiver %.3f%%), "
               "%.3f%% at Courant 0.2 (worst receiver %.3f%%)\n", 100 * e1, 100 * w1,
               100 * e2, 100 * w2);
        /* all receivers together, and each one alone */
        CHECK_LT(e1, 0.01);
        CHECK_LT(e2, 0.03);
        CHECK_LT(w1, 0.01);
        CHECK_LT(w2, 0.03);
    }
    if (all || !strcmp(what, "sponge")) {
        double r = sponge_reflection(40, 0.0053);
        double r0 = sponge_reflection(0, 0.0053);
        printf("sponge: reflected energy %.4f%% (nb 40, alpha 0.0053); without sponge "
               "%.1f%%\n", 100 * r, 100 * r0);
        CHECK_LT(r, 0.01);
        CHECK_LT(0.10, r0); /* the measure sees reflections when they are there */
    }
    if (!strcmp(what, "trace") && argc > 3) { /* documentation: t, numerical, analytic */
        FILE *f = fopen(argv[3], "w");
        if (!f)
            return 1;
        analytic_error(atof(argv[2]), 0, f, NULL);
        fclose(f);
    }
    if (!strcmp(what, "sponge-scan")) /* documentation: widths and coefficients */
        for (int nb = 10; nb <= 50; nb += 10)
            for (double a = 0.0053; a < 0.05; a *= 1.7)
                printf("nb %2d alpha %.4f: reflected energy %.4f%%\n", nb, a,
                       100 * sponge_reflection(nb, a));
    return CHECK_REPORT(what);
}
