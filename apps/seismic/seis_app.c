/* Shared driver of ladro-seismic and ladro-rtm (seis_app.h). */
#include "seis_app.h"

#include "app_cli.h"
#include "app_mpi.h"

#include <errno.h>
#include <math.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <dirent.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

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

bool seis_app_start(seis_app_t *app, int *argc, char ***argv, const char *prog, int rtm,
                    int *status)
{
    app_mpi_t mpi;
    memset(app, 0, sizeof *app);
    *status = app_mpi_init(argc, argv, prog, MPI_THREAD_FUNNELED, &mpi);
    if (*status)
        return false;
    app->o.prog = prog;
    app->o.rtm = rtm;
    app->rank = mpi.rank;
    app->size = mpi.size;
    if (mpi.provided < MPI_THREAD_FUNNELED && app->rank == 0)
        fprintf(stderr, "%s: warning: the MPI library gives thread level %d only; run with "
                "OMP_NUM_THREADS=1\n", prog, mpi.provided);
    int rc = seis_app_parse(app, *argc, *argv);
    if (rc) {
        *status = app_mpi_parse_exit(rc);
        return false;
    }
    if (app->o.threads > 0)
        app_warn_threads(prog, (uint32_t)app->o.threads, app->rank != 0 || app->o.quiet);
    if ((*status = seis_app_setup(app)) != 0) {
        seis_app_free(app);
        MPI_Finalize();
        return false;
    }
    return true;
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
    /* shots at once per rank: --threads, else the configuration's (LADRO_THREADS) */
    ladro_config_t cfg;
    char cerr[256]; /* a bad LADRO_* variable is reported when the run creates its handle */
    ladro_config_init(&cfg);
    app->nthreads = o->threads > 0 ? o->threads
                    : ladro_config_from_env(&cfg, cerr, sizeof cerr) == LADRO_OK
                        ? (int)cfg.threads
                        : 1;
    app->poll_count = calloc((size_t)app->nthreads, sizeof *app->poll_count);
    if (!bad && !app->poll_count) {
        snprintf(err, sizeof err, "out of memory for %d workers", app->nthreads);
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

int seis_app_worker(const seis_app_t *app)
{
    int w = app->lb ? ladro_thread_index(app->lb) : 0;
    return w > 0 && w < app->nthreads ? w : 0;
}

int seis_app_poll(void *arg)
{
    seis_app_t *app = arg;
    long polls = ++app->poll_count[seis_app_worker(app)];
    /* test hook: die by SIGKILL in the middle of the shot after die_after done here. The
     * shot waits 0.3 s first, serving the runtime: a journal commits its records within
     * 50 ms, but on a loaded machine the rank's thread that commits may not run before
     * the kill, and a kill before any record is durable tests nothing of the resume. */
    if (app->o.die_after >= 0 && atomic_load(&app->shots_done_here) >= app->o.die_after &&
        polls == app->par.nt / 2) {
        for (int i = 0; i < 30; i++) {
            struct timespec ts = {0, 10000000};
            nanosleep(&ts, NULL);
            if (app->lb && !app->o.no_progress_calls)
                ladro_progress(app->lb);
        }
        raise(SIGKILL);
    }
    int rc = app->lb && !app->o.no_progress_calls ? ladro_progress(app->lb) : 0;
    return rc < 0 ? rc : 0;
}

static double seis__now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* What every shot of one run shares (its tasks run on several threads with --threads). */
typedef struct seis__run {
    seis_app_t *app;
    seis_shot_fn fn;
    seis_outpath_fn outpath;
    bool journal; /* LADRO_JOURNAL: a shot's result is its output's CRC-32 and size */
    double t0;
    atomic_int fail;
} seis__run_t;

/* The result a shot sends home under a journal: what its output file must be. */
typedef struct seis__out {
    uint32_t crc, zero;
    uint64_t bytes;
} seis__out_t;

/* One shot: the app's work, then its output made durable (fsync + rename + directory
 * fsync) before the task returns, so before the library's journal records the shot
 * (the record follows the task's end). Shots on different workers write different
 * files. A shot run again after a kill rewrites the same bytes atomically. */
static int seis__task(ladro_t *lb, const ladro_task_t *task, void *arg)
{
    seis__run_t *run = arg;
    seis_app_t *app = run->app;
    const seis_app_opts_t *o = &app->o;
    int shot = (int)task->id;
    unsigned char *buf = NULL;
    size_t len = 0;
    char err[1400] = "", path[1100];
    double ts = seis__now();
    app->poll_count[seis_app_worker(app)] = 0;
    int r = run->fn(app, shot, &buf, &len);
    run->outpath(path, sizeof path, o->out, shot);
    if (r == 0 && seis_write_atomic(path, buf, len, err, sizeof err) == 0) {
        if (run->journal) {
            seis__out_t res = {.crc = seis_crc32(0, buf, len), .bytes = len};
            ladro_result(lb, &res);
        }
        atomic_fetch_add(&app->shots_done_here, 1);
        if (o->progress)
            fprintf(stderr, "%s: rank %d: shot %d done in %.2f s (%.1f s elapsed)\n", o->prog,
                    app->rank, shot, seis__now() - ts, seis__now() - run->t0);
    } else {
        fprintf(stderr, "%s: rank %d: shot %d failed: %s\n", o->prog, app->rank, shot,
                r ? (r < 0 ? ladro_strerror(r) : "see the message above") : err);
        atomic_store(&run->fail, 1);
    }
    free(buf);
    return 0;
}

/* FNV-1a, 64 bits: the journal_id of a run's parameters. */
static uint64_t seis__fnv(uint64_t h, const void *p, size_t n)
{
    const unsigned char *b = p;
    for (size_t i = 0; i < n; i++)
        h = (h ^ b[i]) * 0x100000001b3ull;
    return h;
}

uint64_t seis_app_fingerprint(const seis_app_t *app)
{
    const seis_app_opts_t *o = &app->o;
    char s[4096];
    long long msize = -1; /* a model file: its name and size */
    struct stat sb;
    if (o->model_file[0] && stat(o->model_file, &sb) == 0)
        msize = (long long)sb.st_size;
    /* everything a shot's output depends on; not the policy, ranks, threads, memory
     * budget or output directory, which change where and how, not what */
    int n = snprintf(s, sizeof s,
                     "%s|model %s|file %s %lld|dims %d %d %d h %.17g|format %d|fpeak %.17g "
                     "courant %.17g dt %.17g tmax %.17g ppw %.17g|par dt %.17g nt %d|nb %d "
                     "alpha %.17g|shots %d %d depth %d|rec %d %d %d|decim %d",
                     o->prog, o->model, o->model_file, msize, o->nx, o->ny, o->nz, o->h,
                     o->format, o->fpeak, o->courant, o->dt, o->tmax, o->min_ppw, app->par.dt,
                     app->par.nt, o->nb, o->alpha, o->nsx, o->nsy, o->src_depth, o->rec_step,
                     o->rec_depth, o->rec_line, o->decim);
    if (o->rtm && n > 0 && (size_t)n < sizeof s)
        snprintf(s + n, sizeof s - (size_t)n, "|rtm smooth %d every %d mute %.17g data %s",
                 o->smooth, o->img_every, o->mute, o->data);
    uint64_t h = seis__fnv(0xcbf29ce484222325ull, s, strlen(s));
    return h ? h : 1; /* 0 is the library's "no fingerprint" */
}

/* Resume: every shot the journal holds as completed had its output durable before its
 * record, so its file must be there with the recorded CRC-32 and size. 0, or 1 with a
 * message naming the file. */
static int seis__check_done(const seis_app_t *app, seis_outpath_fn outpath, int shot,
                            const seis__out_t *want)
{
    char path[1100], err[1400];
    outpath(path, sizeof path, app->o.out, shot);
    void *b;
    size_t n;
    if (seis_read_file(path, &b, &n, err, sizeof err)) {
        fprintf(stderr, "%s: shot %d is completed in the journal but its output is "
                "unreadable: %s (restore the file, or start a new journal)\n", app->o.prog,
                shot, err);
        return 1;
    }
    uint32_t crc = seis_crc32(0, b, n);
    free(b);
    if (n != want->bytes || crc != want->crc) {
        fprintf(stderr, "%s: shot %d is completed in the journal but its output %s is "
                "corrupt (%zu bytes, CRC-32 %08x; the journal recorded %llu bytes, %08x): "
                "restore the file, or start a new journal\n", app->o.prog, shot, path, n,
                crc, (unsigned long long)want->bytes, want->crc);
        return 1;
    }
    return 0;
}

/* Temporary files of writes a kill interrupted are never outputs: drop them (rank 0). */
static void seis__drop_tmp(const char *out)
{
    DIR *dir = opendir(out);
    struct dirent *de;
    while (dir && (de = readdir(dir)) != NULL)
        if (strstr(de->d_name, ".tmp.")) {
            char tmp[1400];
            snprintf(tmp, sizeof tmp, "%s/%s", out, de->d_name);
            unlink(tmp);
        }
    if (dir)
        closedir(dir);
}

/* One run under one policy. 0 ok, 1 failure. */
static int seis__run_policy(seis_app_t *app, const char *policy, seis_shot_fn fn,
                            seis_outpath_fn outpath)
{
    const seis_app_opts_t *o = &app->o;
    int nshots = seis_geom_nshots(&app->geom);
    char err[1400] = "";
    ladro_config_t cfg;
    ladro_config_init(&cfg);
    int rc = app_config_env_policy(&cfg, policy, err, sizeof err);
    if (rc == 0)
        cfg.threads = (uint32_t)app->nthreads;
    if (rc == 0) /* the same answer on every rank */
        rc = app_emulation_check(&o->emu, app->size, err, sizeof err);
    bool journal = rc == 0 && cfg.journal[0];
    if (journal) { /* the library's journal (docs/seismic.md, "Restartable jobs") */
        cfg.result_bytes = sizeof(seis__out_t);
        cfg.journal_id = seis_app_fingerprint(app);
        if (app->rank == 0)
            seis__drop_tmp(o->out);
    }
    if (rc == 0)
        rc = ladro_create(MPI_COMM_WORLD, &cfg, &app->lb, err, sizeof err);
    if (rc == 0 && (rc = app_emulate(app->lb, &o->emu, err, sizeof err)) != 0)
        ladro_destroy(&app->lb);
    if (rc) {
        if (app->rank == 0)
            fprintf(stderr, "%s: %s%s\n", o->prog, err,
                    journal && strstr(err, "journal_id") ? " (another model, geometry or "
                    "shot set than the journal's run: give a new LADRO_JOURNAL directory)" : "");
        return 1;
    }
    /* block seeding (the static baseline's distribution); a shot the journal holds as
     * completed is dropped by ladro_push and its result handed out here */
    long lo = (long)nshots * app->rank / app->size, hi = (long)nshots * (app->rank + 1) / app->size;
    for (long s = lo; s < hi && rc == 0; s++) {
        ladro_task_t t = {.id = (uint64_t)s};
        rc = ladro_push(app->lb, &t);
    }
    int bad = 0, ndone = 0;
    uint64_t id;
    seis__out_t res;
    while (rc == 0 && journal && ladro_result_next(app->lb, &id, &res) == LADRO_OK) {
        ndone++;
        bad |= seis__check_done(app, outpath, (int)id, &res);
    }
    int agg[2] = {rc ? rc : 0, bad};
    MPI_Allreduce(MPI_IN_PLACE, &agg[0], 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
    MPI_Allreduce(MPI_IN_PLACE, &agg[1], 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
    MPI_Allreduce(MPI_IN_PLACE, &ndone, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    if (agg[0] || agg[1]) {
        if (app->rank == 0 && agg[0])
            fprintf(stderr, "%s: seeding: %s\n", o->prog, ladro_strerror(agg[0]));
        ladro_destroy(&app->lb);
        return 1;
    }
    if (journal && ndone > 0 && app->rank == 0 && !o->quiet)
        fprintf(stderr, "%s: journal %s: %d of %d shots completed before, outputs verified\n",
                o->prog, cfg.journal, ndone, nshots);
    /* ladro_run: the ladro_next loop with one thread, T workers with --threads T */
    seis__run_t run = {.app = app, .fn = fn, .outpath = outpath, .journal = journal,
                       .t0 = seis__now()};
    atomic_init(&run.fail, 0);
    rc = ladro_run(app->lb, seis__task, &run);
    int fail = atomic_load(&run.fail);
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
    if (rc != LADRO_OK) {
        fprintf(stderr, "%s: rank %d: ladro_run: %s (%s)\n", o->prog, app->rank,
                ladro_strerror(rc), ladro_last_error(app->lb));
        MPI_Abort(MPI_COMM_WORLD, 1);
    }
    while (journal && ladro_result_next(app->lb, &id, &res) == LADRO_OK)
        ; /* this run's shots: their files were written by the shots themselves */
    ladro_stats_t st;
    memset(&st, 0, sizeof st);
    int src = ladro_stats_gather(app->lb, &st);
    char oversub[128];
    bool sliced = app_oversubscribed(MPI_COMM_WORLD, oversub, sizeof oversub);
    if (app->rank == 0 && src == 0) {
        int ran = (int)st.total.tasks_run;
        char thr[32] = "";
        if (app->nthreads > 1)
            snprintf(thr, sizeof thr, " x %d threads", app->nthreads);
        printf("%s: policy %s, %d ranks%s: %d shots run (%d done before), makespan %.3f s, "
               "efficiency %.3f, idle %.1f%%, steals %llu/%llu\n", o->prog, cfg.policy,
               app->size, thr, ran, ndone, st.makespan, st.efficiency, 100 * st.idle_mean,
               (unsigned long long)st.total.steals_ok, (unsigned long long)st.total.steals_tried);
        if (!o->quiet)
            ladro_stats_print(stdout, &st, cfg.policy);
        if (!o->quiet && sliced)
            printf("  %s\n", oversub);
        if (ran + ndone != nshots) {
            fprintf(stderr, "%s: %d shots run + %d from the journal != %d\n", o->prog, ran,
                    ndone, nshots);
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
    int fail = 0;
    app_policy_iter_t it;
    app_policy_begin(&it, app->o.policy);
    for (const char *pol; (pol = app_policy_next(&it));)
        fail |= seis__run_policy(app, pol, fn, outpath);
    return fail;
}

void seis_app_free(seis_app_t *app)
{
    free(app->poll_count);
    app->poll_count = NULL;
    seis_model_free(&app->model);
}

int seis_app_main(int argc, char **argv, const char *prog, int rtm,
                  int (*body)(seis_app_t *app))
{
    seis_app_t app;
    int status;
    if (!seis_app_start(&app, &argc, &argv, prog, rtm, &status))
        return status;
    status = app_root_status(body(&app));
    seis_app_free(&app);
    MPI_Finalize();
    return status;
}
