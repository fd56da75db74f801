/* The command line of ladro-seismic and ladro-rtm (seis_app_parse): one table
 * (src/opts.h); ladro-rtm's rows are hidden from ladro-seismic. No MPI call: the fuzz
 * harness tests/fuzz/fuzz_seismic_cli.c links this file. */
#include "seis_app.h"

#include "app_opts.h"
#include "opts.h"
#include "util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#define RTM_ONLY LADROI_OPT_USER(0)

/* A depth index row (sources, receivers): below NZ, which seis_app_setup checks once the
 * model is known. */
#define SEIS_DEPTH_INDEX(name, dest, text)                                                  \
    {name, 0, LADROI_OPT_INT, dest, 0, 4095, .arg = "K", .help = text,                     \
     .accepted = "accepted: a depth index in [0, NZ)"}

/* "a,b[,c]": data integers (a count), each in [lo, hi], into the int array dest */
static int seis__opt_ints(const ladroi_opt_t *opt, const char *v, void *ctx, char *msg,
                          size_t msglen)
{
    (void)ctx, (void)msg, (void)msglen;
    int want = (int)(intptr_t)opt->data;
    int64_t *x;
    int n = ladroi_parse_i64_list(v, (int64_t)opt->lo, (int64_t)opt->hi, &x);
    if (n != want) {
        if (n > 0)
            free(x);
        return -1;
    }
    for (int q = 0; q < n; q++)
        ((int *)opt->dest)[q] = (int)x[q];
    free(x);
    return 0;
}

/* --courant: the time step then follows from it (a --dt given before is dropped) */
static int seis__opt_courant(const ladroi_opt_t *opt, const char *v, void *ctx, char *msg,
                             size_t msglen)
{
    (void)opt, (void)msg, (void)msglen;
    seis_app_opts_t *o = ctx;
    if (ladroi_parse_double(v, 1e-3, 1, false, &o->courant))
        return -1;
    o->dt = 0;
    return 0;
}

static const char *const seis__receivers[] = {"grid", "line", NULL};

/* --format: the SEG-Y data sample format code of each name (0: SU) */
static int seis__opt_format(const ladroi_opt_t *opt, const char *v, void *ctx, char *msg,
                            size_t msglen)
{
    (void)ctx;
    static const char *const names[] = {"su", "segy", "segy-ibm"};
    static const int codes[] = {0, 5, 1};
    for (int f = 0; f < 3; f++) {
        if (strcmp(v, names[f]))
            continue;
        if (codes[f] && !seis_segy_available()) {
            snprintf(msg, msglen, "%s", SEIS_SEGY_NOLIB);
            return -1;
        }
        *(int *)opt->dest = codes[f];
        return 0;
    }
    return -1;
}

int seis_app_parse(seis_app_t *app, int argc, char **argv)
{
    seis_app_opts_t *o = &app->o;
    const char *prog = o->prog;
    int rtm = o->rtm;
    memset(o, 0, sizeof *o);
    o->prog = prog;
    o->rtm = rtm;
    app_emulation_init(&o->emu);
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
    o->progress = 1;
    int dims[3], shots[2];
    const ladroi_opt_t opts[] = {
        {.kind = LADROI_OPT_TEXT, .help = "model and propagation:"},
        {"--model", 0, LADROI_OPT_BUF, o->model, 0, sizeof o->model, .arg = "SPEC",
         .help = "two-layer (1400/2000 m/s, reflector at mid depth; default),\n"
                 "structured (dipping layers, a fault, a salt dome),\n"
                 "homogeneous:V, layered:V1,V2,...[@Z1,Z2,...] (m)",
         .accepted = "accepted: a model spec (see --help)"},
        {"--model-file", 0, LADROI_OPT_BUF, o->model_file, 0, sizeof o->model_file,
         .arg = "PATH",
         .help = "raw float32 velocities, x fastest (dimensions from --dims or\n"
                 "a 16-byte 'LDRV' + 3 x int32 header); *.sgy/*.segy: SEG-Y,\n"
                 "dimensions and spacing from its trace headers",
         .accepted = "accepted: a file name"},
        {"--format", 0, LADROI_OPT_FN, &o->format, .arg = "FMT",
         .help = "su (default), segy (IEEE float) or segy-ibm: the gathers,\n"
                 "the RTM image and, as SEG-Y only, OUT/model.sgy",
         .accepted = "accepted: su, segy (IEEE float) or segy-ibm (IBM float)",
         .fn = seis__opt_format},
        {"--dims", 0, LADROI_OPT_FN, dims, 8, 4096, .arg = "NX,NY,NZ",
         .help = "model points (default 48,48,40)",
         .accepted = "accepted: NX,NY,NZ, three integers in [8, 4096]", .fn = seis__opt_ints,
         .data = (const void *)(intptr_t)3, .seen = &o->dims_set},
        {"--h", 0, LADROI_OPT_DOUBLE, &o->h, 0.01, 1e5, .arg = "M",
         .help = "grid spacing in metres (default 10)",
         .accepted = "accepted: a grid spacing in metres in [0.01, 1e5]", .seen = &o->h_set},
        {"--fpeak", 0, LADROI_OPT_DOUBLE, &o->fpeak, 1e-3, 1e5, .arg = "HZ",
         .help = "Ricker peak frequency (default 10); t0 = 1.2/fpeak",
         .accepted = "accepted: a peak frequency in Hz in [0.001, 1e5]"},
        {"--courant", 0, LADROI_OPT_FN, NULL, .arg = "X",
         .help = "c_max dt / h (default 0.4; limit 0.4528)",
         .accepted = "accepted: a Courant number in [0.001, 1] (stable up to 0.4528)",
         .fn = seis__opt_courant},
        {"--dt", 0, LADROI_OPT_DOUBLE, &o->dt, 1e-9, 10, .arg = "S",
         .help = "time step in seconds (instead of --courant)",
         .accepted = "accepted: a time step in seconds in [1e-9, 10]"},
        {"--tmax", 0, LADROI_OPT_DOUBLE, &o->tmax, 1e-6, 1e4, .arg = "S",
         .help = "record length in seconds (default 0.6)",
         .accepted = "accepted: a record length in seconds in (0, 1e4]"},
        {"--min-ppw", 0, LADROI_OPT_DOUBLE, &o->min_ppw, 3, 100, .arg = "X",
         .help = "points per minimum wavelength required (default 5, >= 3)",
         .accepted = "accepted: points per wavelength in [3, 100]"},
        {"--nb", 0, LADROI_OPT_INT, &o->nb, 0, 200, .arg = "N",
         .help = "Cerjan sponge width (default 40)",
         .accepted = "accepted: a sponge width in points in [0, 200]"},
        {"--alpha", 0, LADROI_OPT_DOUBLE, &o->alpha, 0, 1, .arg = "A",
         .help = "Cerjan sponge coefficient (default 0.0053)",
         .accepted = "accepted: a Cerjan coefficient in [0, 1]"},
        {.kind = LADROI_OPT_TEXT, .help = "geometry (grid indices):"},
        {"--shots", 0, LADROI_OPT_FN, shots, 1, 4096, .arg = "NX,NY",
         .help = "shots on a grid over the surface (default 2,2)",
         .accepted = "accepted: NX,NY, two integers in [1, 4096]", .fn = seis__opt_ints,
         .data = (const void *)(intptr_t)2},
        SEIS_DEPTH_INDEX("--src-depth", &o->src_depth, "source depth index (default 2)"),
        {"--receivers", 0, LADROI_OPT_CHOICE, &o->rec_line, .arg = "grid|line",
         .help = "receivers every --rec-step points over the surface or on\n"
                 "the line y = NY/2 (default grid)",
         .accepted = "accepted: grid or line", .data = seis__receivers},
        {"--rec-step", 0, LADROI_OPT_INT, &o->rec_step, 1, 4096, .arg = "N",
         .help = "receiver spacing in points (default 2)",
         .accepted = "accepted: a receiver spacing in points in [1, 4096]"},
        SEIS_DEPTH_INDEX("--rec-depth", &o->rec_depth, "receiver depth index (default 2)"),
        {"--decim", 0, LADROI_OPT_INT, &o->decim, 1, 1000, .arg = "N",
         .help = "record every N time steps (default 2)",
         .accepted = "accepted: a decimation factor in [1, 1000]"},
        {.kind = LADROI_OPT_TEXT, .help = "run:"},
        {"--out", 0, LADROI_OPT_BUF, o->out, 0, sizeof o->out - 32, .arg = "DIR",
         .help = "job directory (default seis-out): the outputs; to make the job\n"
                 "restartable give it a journal, LADRO_JOURNAL=DIR (run again\n"
                 "with the same DIR and parameters to resume)",
         .accepted = "accepted: a directory name"},
        {"--resume", 0, LADROI_OPT_FLAG, &o->resume, .flags = LADROI_OPT_HIDDEN},
        app_opt_policy(o->policy, sizeof o->policy),
        app_opt_threads(&o->threads,
                        "shots run at once per rank, each on its own worker thread with\n"
                        "OMP_NUM_THREADS OpenMP threads and its own wavefields; the\n"
                        "rank's main thread serves ladro meanwhile (default:\n"
                        "LADRO_THREADS, else 1)"),
        app_opt_speed(&o->emu, "emulated rank speeds: list '1,0.5' cycled over ranks or\n"
                               "C1..C5 (default 1)"),
        app_opt_emulate(&o->emu, "how a slow rank pads its shots (default sleep)"),
        APP_OPT_QUIET(&o->quiet),
        APP_OPT_PROGRESS(&o->progress, "a line on stderr per shot done (default: on)"),
        {"--no-progress-calls", 0, LADROI_OPT_FLAG, &o->no_progress_calls,
         .help = "test and measurement: shots never call ladro_progress (a\n"
                 "single-threaded victim then answers only between shots)"},
        {"--die-after", 0, LADROI_OPT_INT, &o->die_after, 0, 1 << 30, .arg = "N",
         .help = "test hook: each rank SIGKILLs itself halfway through the shot\n"
                 "after its N-th (for the resume test)",
         .accepted = "accepted: a number of shots"},
        {.kind = LADROI_OPT_TEXT, .help = "RTM:", .flags = RTM_ONLY},
        {"--smooth", 0, LADROI_OPT_INT, &o->smooth, 0, 50, .arg = "R",
         .help = "migration velocity = true model smoothed (slowness box of\n"
                 "half-width R points; default 2)",
         .accepted = "accepted: a smoothing half-width in points in [0, 50]",
         .flags = RTM_ONLY},
        {"--img-every", 0, LADROI_OPT_INT, &o->img_every, 1, 1000, .arg = "N",
         .help = "imaging condition every N steps (default 2)",
         .accepted = "accepted: a number of steps in [1, 1000]", .flags = RTM_ONLY},
        {"--mem-mb", 0, LADROI_OPT_DOUBLE, &o->mem_mb, 0.001, 1e7, .arg = "MB",
         .help = "memory budget for the source wavefield (default 512; a rank's,\n"
                 "shared by its --threads shots); above it checkpointing +\n"
                 "recomputation is used, never disk",
         .accepted = "accepted: a memory budget in MB in [0.001, 1e7]", .flags = RTM_ONLY},
        {"--checkpoint", 0, LADROI_OPT_FLAG, &o->force_ckpt,
         .help = "force checkpointing (tests)", .flags = RTM_ONLY},
        {"--mute", 0, LADROI_OPT_DOUBLE, &o->mute, 0, 100, .arg = "S",
         .help = "extra direct-wave mute after offset/c (default 2.4/fpeak)",
         .accepted = "accepted: a mute time in seconds in [0, 100]", .flags = RTM_ONLY},
        {"--data", 0, LADROI_OPT_BUF, o->data, 0, sizeof o->data - 32, .arg = "DIR",
         .help = "migrate the gathers DIR/shot_NNNNN.su (.sgy with --format segy)\n"
                 "written by ladro-seismic with the same model, geometry, time\n"
                 "parameters and --format (default: every task models its own\n"
                 "gather in the true model)",
         .accepted = "accepted: a directory of shot_NNNNN.su gathers", .flags = RTM_ONLY},
        {"--laplacian", 0, LADROI_OPT_FLAG, &o->laplacian,
         .help = "filter the stacked image with -(Laplacian) before writing it\n"
                 "(removes the low-wavenumber backscatter smear)", .flags = RTM_ONLY},
        {"--check-interfaces", 0, LADROI_OPT_FLAG, &o->check_interfaces,
         .help = "exit 1 unless the strongest image peaks of the centre columns\n"
                 "lie within 1.5 cells of the true model's interfaces there",
         .flags = RTM_ONLY},
        {"--check-reflector", 0, LADROI_OPT_FLAG, &o->check_reflector,
         .help = "exit 1 unless the image peak lies within one cell of the first\n"
                 "interface of a layered model, flat and of one polarity",
         .flags = RTM_ONLY},
        {"--help", 'h', LADROI_OPT_HELP, .help = "this text"},
        APP_OPT_RENAMED,
        {0},
    };
    char usage[1024];
    snprintf(usage, sizeof usage, "usage: %s [options]\n%s", prog,
             rtm ? "Reverse time migration: every shot is a ladro task that models its gather "
                   "in\nthe true model (or reads it, --data), then migrates it: forward "
                   "source\nwavefield kept in memory or checkpointed, backward propagation "
                   "of the\ntime-differentiated, direct-wave muted data, cross-correlation "
                   "imaging. The\nper-shot images are stacked in shot-id order in double "
                   "precision, so the image\ndoes not depend on the rank count or the "
                   "policy.\n"
                 : "3-D acoustic modeling: every shot is a ladro task; its gather is written "
                   "as\nOUT/shot_NNNNN.su (Seismic Unix: 240-byte headers + float32 "
                   "samples).\n");
    const ladroi_cli_t cli = {
        .prog = prog,
        .usage = usage,
        .epilog = "environment: LADRO_* (docs/envvars.md), OMP_NUM_THREADS; LADRO_EXPECT_NP=P "
                  "fails\nunless the run has P ranks.\n",
        .opts = opts,
        .skip = rtm ? 0 : RTM_ONLY,
        .ctx = o,
        .quiet = app->rank != 0,
    };
    dims[0] = o->nx, dims[1] = o->ny, dims[2] = o->nz;
    shots[0] = o->nsx, shots[1] = o->nsy;
    int rc = ladroi_cli_parse(&cli, argc, argv, NULL, 0);
    if (rc)
        return rc;
    o->nx = dims[0], o->ny = dims[1], o->nz = dims[2];
    o->nsx = shots[0], o->nsy = shots[1];
    if (o->quiet)
        o->progress = 0;
    if (o->resume)
        return ladroi_cli_fail(&cli, NULL, 0, "--resume was replaced by the library's "
                               "journal: set LADRO_JOURNAL=DIR on every run, and run again "
                               "with the same DIR to resume");
    const char *jnl = getenv("LADRO_JOURNAL"); /* one journal holds one run's shots */
    if (jnl && jnl[0] && (strchr(o->policy, ',') || !strcasecmp(o->policy, "all")))
        return ladroi_cli_fail(&cli, NULL, 0, "LADRO_JOURNAL needs a single --policy, got "
                               "'%s'", o->policy);
    return 0;
}
