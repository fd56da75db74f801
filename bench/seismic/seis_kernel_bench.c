/* seis-kernel-bench: grid-point updates per second of the seismic kernel (leapfrog,
 * 8th order, sponge fused) and the memory-bandwidth ceiling of this machine measured the
 * same way (STREAM-like copy and triad with the same threads).
 *   seis-kernel-bench [N [STEPS [NB [JBLOCK]]]]   OMP_NUM_THREADS sets the threads
 * The kernel moves ~16 B per point update from memory (read u, read and write the
 * previous level, read (c dt)^2; neighbours come from cache), so the ceiling in points/s
 * is the triad bandwidth / 16 B. */
#include "seis.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>
#ifdef _OPENMP
#include <omp.h>
#endif

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + 1e-9 * ts.tv_nsec;
}

/* CPU seconds of the process (all threads): unlike wall time, not inflated when other
 * jobs take the cores (this 2-core machine is shared) */
static double cpu_s(void)
{
    struct rusage ru;
    getrusage(RUSAGE_SELF, &ru);
    return ru.ru_utime.tv_sec + 1e-6 * ru.ru_utime.tv_usec + ru.ru_stime.tv_sec +
           1e-6 * ru.ru_stime.tv_usec;
}

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 200;
    int steps = argc > 2 ? atoi(argv[2]) : 20;
    int nb = argc > 3 ? atoi(argv[3]) : 0;
    int jblock = argc > 4 ? atoi(argv[4]) : 0; /* 0: the kernel's own choice */
    int threads = 1;
#ifdef _OPENMP
    threads = omp_get_max_threads();
#endif
    char err[256];
    seis_model_t m;
    if (n < 16 || steps < 1 || seis_model_alloc(&m, n, n, n, 10, 10, 10, err, sizeof err) ||
        seis_model_generate(&m, "two-layer", err, sizeof err)) {
        fprintf(stderr, "usage: seis-kernel-bench [N>=16 [STEPS [NB]]]\n");
        return 2;
    }
    seis_params_t p;
    seis_params_default(&p);
    p.nb = nb;
    p.dt = seis_dt_for_courant(&m, 0.4);
    p.nt = steps;
    seis_wave_t w;
    if (seis_wave_init(&w, &m, &p, err, sizeof err)) {
        fprintf(stderr, "%s\n", err);
        return 1;
    }
    if (jblock > 0)
        w.jblock = jblock;
    seis_wave_inject(&w, n / 2, n / 2, n / 2, 1.0);
    seis_wave_step(&w); /* warm-up, first touch */
    double best = 1e30, bestcpu = 1e30;
    for (int rep = 0; rep < 3; rep++) {
        double t0 = now(), c0 = cpu_s();
        for (int s = 0; s < steps; s++)
            seis_wave_step(&w);
        double t = now() - t0, c = cpu_s() - c0;
        best = t < best ? t : best;
        bestcpu = c < bestcpu ? c : bestcpu;
    }
    double pts = (double)(n + 2 * nb) * (n + 2 * nb) * (n + 2 * nb) * steps;
    double mpts = pts / best / 1e6;
    /* STREAM-like: a[i] = b[i] + s * c[i] over arrays much larger than the caches */
    size_t len = (size_t)1 << 25; /* 32 Mi floats = 128 MiB per array */
    float *a = aligned_alloc(64, len * 4), *b = aligned_alloc(64, len * 4),
          *c = aligned_alloc(64, len * 4);
    if (!a || !b || !c)
        return 1;
#pragma omp parallel for schedule(static)
    for (size_t i = 0; i < len; i++) {
        a[i] = 0;
        b[i] = 1;
        c[i] = 2;
    }
    double tri = 1e30, cpy = 1e30;
    for (int rep = 0; rep < 5; rep++) {
        double t0 = now();
#pragma omp parallel for schedule(static)
        for (size_t i = 0; i < len; i++)
            a[i] = b[i] + 0.5f * c[i];
        double t1 = now();
#pragma omp parallel for schedule(static)
        for (size_t i = 0; i < len; i++)
            c[i] = a[i];
        double t2 = now();
        tri = t1 - t0 < tri ? t1 - t0 : tri;
        cpy = t2 - t1 < cpy ? t2 - t1 : cpy;
    }
    double bw_tri = 3.0 * 4 * len / tri / 1e9, bw_cpy = 2.0 * 4 * len / cpy / 1e9;
    printf("threads %d grid %d^3 (+%d sponge) steps %d y-block %d: %.1f Mpts/s (%.1f Mpts/s "
           "per thread); %.1f Mpts per CPU-second\n", threads, n, nb, steps, w.jblock, mpts,
           mpts / threads, pts / bestcpu / 1e6);
    printf("bandwidth: triad %.1f GB/s, copy %.1f GB/s -> ceiling at 16 B/point %.1f Mpts/s\n",
           bw_tri, bw_cpy, bw_tri * 1e9 / 16 / 1e6);
    printf("kernel effective bandwidth at 16 B/point: %.1f GB/s (%.0f%% of triad)\n",
           mpts * 16 / 1e3, 100 * mpts * 16 / 1e3 / bw_tri);
    volatile float sink = a[len / 2] + w.u[seis_idx(&w, n / 2, n / 2, n / 2)];
    (void)sink;
    free(a);
    free(b);
    free(c);
    seis_wave_free(&w);
    seis_model_free(&m);
    return 0;
}
