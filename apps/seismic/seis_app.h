/* Shared driver of ladro-seismic and ladro-rtm: command line, model and geometry set-up,
 * the ladro task loop over shots, per-shot outputs, and resuming through the library's
 * journal (LADRO_JOURNAL). */
#ifndef LADRO_SEIS_APP_H
#define LADRO_SEIS_APP_H

#include "app_opts.h" /* app_emulation_t */
#include "seis.h"

#include <ladro.h>
#include <mpi.h>

#include <stdbool.h>

typedef struct seis_app_opts {
    const char *prog;       /* "ladro-seismic" / "ladro-rtm" */
    int rtm;                /* RTM options accepted */
    char model[512];        /* generator spec */
    char model_file[1024];  /* raw float32 or SEG-Y (.sgy/.segy) file, "" = generator */
    int nx, ny, nz;
    double h;
    int dims_set, h_set;    /* given on the command line (a SEG-Y model must agree) */
    int format;             /* gathers, images, model: 0 SU, 5 SEG-Y IEEE, 1 SEG-Y IBM */
    double fpeak, courant, dt, tmax, min_ppw;
    int nb;
    double alpha;
    int nsx, nsy, src_depth, rec_step, rec_depth, rec_line, decim;
    char policy[256];
    char out[1024];
    int resume;             /* --resume given: refused (LADRO_JOURNAL replaced it) */
    int quiet, die_after;
    int threads;            /* --threads: shots at once per rank (0: LADRO_THREADS, else 1) */
    int progress;           /* --progress (default) / --no-progress: "shot N done" lines */
    int no_progress_calls;  /* --no-progress-calls: shots never call ladro_progress */
    app_emulation_t emu;    /* --speed, --emulate: emulated rank speeds (app_emulate) */
    /* RTM */
    double mem_mb, mute;
    char data[1024];        /* --data DIR: gathers written by ladro-seismic ("" = model) */
    int img_every, smooth, force_ckpt, check_reflector, check_interfaces, laplacian;
} seis_app_opts_t;

/* Per-shot work: fills *out (malloc'd bytes, the shot's output file) and *outlen. With
 * --threads T > 1, T shots run at once on the rank's worker threads: the function's
 * per-shot state (wavefields) is per worker, app->user[seis_app_worker(app)]-style. */
typedef struct seis_app seis_app_t;
typedef int (*seis_shot_fn)(seis_app_t *app, int shot, unsigned char **out, size_t *outlen);

struct seis_app {
    seis_app_opts_t o;
    seis_model_t model;
    seis_params_t par;
    seis_geom_t geom;
    int rank, size;
    ladro_t *lb;
    int nthreads;        /* worker threads per rank: shots run at once (seis_app_setup) */
    _Atomic int shots_done_here; /* on this rank, this run */
    long *poll_count;    /* per worker: kernel polls in the running shot */
    void *user;          /* app state (wavefields: one set per worker) */
};

/* The command line (seis_cli.c, no MPI call): 0 ok, 1 help printed, 2 usage error
 * printed (rank 0). */
int seis_app_parse(seis_app_t *app, int argc, char **argv);
/* The start of ladro-seismic and ladro-rtm (rtm: RTM options accepted): MPI (funneled:
 * OpenMP threads run the kernel, only the main thread calls MPI), the command line and
 * seis_app_setup. Returns true to go on; false with *status main's exit status (MPI is
 * then finalised). */
bool seis_app_start(seis_app_t *app, int *argc, char ***argv, const char *prog, int rtm,
                    int *status);
/* main of ladro-seismic and ladro-rtm: seis_app_start, then the program's body (its state,
 * seis_app_run, rank 0's outputs and checks: 0, or 1 when something failed), then rank
 * 0's outcome on every rank, seis_app_free and MPI_Finalize. Returns main's exit status. */
int seis_app_main(int argc, char **argv, const char *prog, int rtm,
                  int (*body)(seis_app_t *app));
/* Build model, parameters, geometry; checks (CFL, dispersion, geometry). 0 or 2. */
int seis_app_setup(seis_app_t *app);
/* Output file of one shot in the job directory: shot_NNNNN.su, or .sgy (SEG-Y). */
void seis_app_shot_path(char *buf, size_t n, const char *dir, int shot);
void seis_app_shot_path_segy(char *buf, size_t n, const char *dir, int shot);
seis_outpath_fn seis_app_shot_pathfn(const seis_app_t *app);
/* A gather file of this run's --format: data[r * ns + s] (malloc'd). */
int seis_app_read_gather(const seis_app_t *app, const char *path, float **data, int *ntr,
                         int *ns, double *dt, char *err, size_t errlen);
/* With --format segy: OUT/model.sgy, the velocity model (rank 0). 0 or 1. */
int seis_app_write_model(const seis_app_t *app);
void seis_app_img_path(char *buf, size_t n, const char *dir, int shot);
/* The journal_id of a run: a hash of everything a shot's output depends on (program,
 * model, grid, time parameters, geometry, RTM parameters), never 0. */
uint64_t seis_app_fingerprint(const seis_app_t *app);
/* Runs every not-yet-done shot as a ladro task under each listed policy. Returns 0, 1 on
 * failure. */
int seis_app_run(seis_app_t *app, seis_shot_fn fn, seis_outpath_fn outpath);
/* Poll callback for the kernel: ladro_progress (CTWS updateList; not with --no-progress-calls,
 * and a no-op from a worker thread), plus the test hook. */
int seis_app_poll(void *arg);
/* The worker running the calling shot, in [0, app->nthreads). */
int seis_app_worker(const seis_app_t *app);
void seis_app_free(seis_app_t *app);

#endif
