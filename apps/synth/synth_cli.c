/* ladro-synth's command line: one table (src/opts.h); the DLB_Bench profiles are
 * apps/common/profile.c's. */
#define _POSIX_C_SOURCE 200809L
#include "synth_cli.h"

#include "app_cli.h"
#include "profile.h"

#include <stdio.h>
#include <string.h>
#include <unistd.h>

typedef struct synth_ctx {
    synth_opts_t *o;
    double scale; /* --profile-scale (an EARLY option: --profile uses it wherever it stands) */
    int rank;
} synth_ctx_t;

/* --profile: tasks per rank, payload, task duration and segment (capacity) of a profile,
 * in place (later flags override); 'list' prints them. */
static int opt_profile(const ladroi_opt_t *opt, const char *v, void *ctx, char *msg,
                       size_t msglen)
{
    (void)opt;
    synth_ctx_t *c = ctx;
    return wl_profile_opt(v, c->scale, c->rank == 0 ? stdout : NULL, &c->o->wl,
                          &c->o->cfg.task_capacity, NULL, msg, msglen);
}

/* --threads-profile C1..C5 */
static int opt_threads_profile(const ladroi_opt_t *opt, const char *v, void *ctx, char *msg,
                               size_t len)
{
    (void)ctx, (void)msg, (void)len;
    if ((v[0] != 'C' && v[0] != 'c') || v[1] < '1' || v[1] > '5' || v[2])
        return -1;
    *(int *)opt->dest = v[1] - '0';
    return 0;
}

static int opt_init(const ladroi_opt_t *opt, const char *v, void *ctx, char *msg, size_t len)
{
    (void)ctx, (void)msg, (void)len;
    return wl_parse_init(opt->dest, v);
}

static int opt_dist(const ladroi_opt_t *opt, const char *v, void *ctx, char *msg, size_t len)
{
    (void)ctx, (void)msg, (void)len;
    return wl_parse_dist(opt->dest, v);
}

int synth_parse(int argc, char **argv, synth_opts_t *o, int rank)
{
    char err[512];
    memset(o, 0, sizeof *o);
    ladro_config_init(&o->cfg);
    wl_spec_init(&o->wl);
    app_emulation_init(&o->emu);
    o->repeat = 1;
    ladroi_cli_t cli = {.prog = "ladro-synth", .quiet = rank != 0};
    if (ladro_config_from_env(&o->cfg, err, sizeof err))
        return ladroi_cli_fail(&cli, NULL, 0, "%s", err);
    int progress = app_stderr_tty(), tpr_given = 0, tasks_given = 0, profile_given = 0;
    synth_ctx_t ctx = {o, WL_PROFILE_SCALE, rank};
    ladro_config_t *cfg = &o->cfg;
    const ladroi_opt_t opts[] = {
        app_opt_policy(o->policy, sizeof o->policy),
        {"--tasks", 0, LADROI_OPT_U64, &o->wl.tasks, 1, 1e9, "N",
         "tasks in all, spread over the ranks as --init says (even: the first\n"
         "N mod P ranks get one more); instead of --tasks-per-rank", .seen = &tasks_given},
        {"--tasks-per-rank", 0, LADROI_OPT_U64, &o->wl.tasks_per_rank, 0, 1e7, "N",
         "tasks per rank on average (default 50)", .seen = &tpr_given},
        {"--work-ms", 0, LADROI_OPT_DOUBLE, &o->wl.work_ms, 0, 1e6, "X",
         "mean task duration in ms at full speed (default 10)",
         .accepted = "accepted: milliseconds in [0, 1e6]"},
        {"--work-dist", 0, LADROI_OPT_FN, &o->wl, .arg = "D", .help = APP_WORK_DIST_HELP,
         .accepted = wl_dist_accepted, .fn = opt_dist},
        {"--init", 0, LADROI_OPT_FN, &o->wl, .arg = "I",
         .help = "even | one | gauss70-10 (initial placement; default even)",
         .accepted = wl_init_accepted, .fn = opt_init},
        wl_opt_profile(opt_profile, NULL),
        wl_opt_profile_scale(&ctx.scale, NULL),
        {"--payload", 0, LADROI_OPT_U64, &o->wl.payload, 16, 1 << 20, "BYTES",
         "inline payload per task (default 16, min 16)",
         .accepted = "accepted: bytes in [16, 1048576]"},
        app_opt_speed(&o->emu, "emulated speeds: list '1,0.5' cycled over ranks or C1..C5"),
        app_opt_emulate(&o->emu, "how tasks and slow-rank padding burn time (default sleep)"),
        app_opt_key(cfg, "--seed", "seed", "S", "workload and runtime seed (default 1)"),
        app_opt_key(cfg, "--chunk", "chunk", "N", APP_CHUNK_HELP),
        {"--delay-us", 0, LADROI_OPT_DOUBLE, &o->delay_us, 0, 1e6, "X",
         "stress: a random delay up to X us before each one-sided MPI call\n"
         "on another rank (default 0)",
         .accepted = "accepted: microseconds in [0, 1e6]"},
        app_opt_key(cfg, "--steal-log", "ctws_log", "FILE",
                    "ctws: write the steal log (attempt, thief, victim, tasks) as CSV"),
        app_opt_key(cfg, "--threads", "threads", "T",
                    "worker threads per rank (default 1); the calling thread then\n"
                    "serves the protocol (docs/user-guide.md)"),
        {"--threads-profile", 0, LADROI_OPT_FN, &o->threads_profile, .arg = "C1..C5",
         .help = "worker threads per rank = cores of its node in an A2WS profile\n"
                 "(nodes of 1, 2, 4, 8, 16, 24 cores: --speed's C1..C5 as threads)",
         .accepted = "accepted: C1, C2, C3, C4, C5", .fn = opt_threads_profile,
         .seen = &profile_given},
        app_opt_key(cfg, "--result-bytes", "result_bytes", "N",
                    "each task returns N result bytes to its owner (default 0)"),
        {"--repeat", 0, LADROI_OPT_U64, &o->repeat, 1, 1e6, .arg = "N",
         .help = "N runs per policy in this job, one after the other, each with\n"
         "its own handle and seed (--seed, --seed + 1, ...), each verified\n"
         "and reported; stops at the first that fails (default 1); files a\n"
         "run writes (--steal-log, LADRO_TRACE) hold the last run"},
        {"--verify", 0, LADROI_OPT_FLAG, &o->verify,
         .help = "check every task ran exactly once, payloads intact, and (with\n"
                 "--result-bytes) each owner's results and their checksum"},
        APP_OPT_JSON(&o->json, "one JSON object per run, a line each, instead of the\n"
                               "summary: on stdout, or into FILE"),
        APP_OPT_QUIET(&o->quiet),
        APP_OPT_PROGRESS(&progress, "progress line on stderr (default: on when stderr is a\n"
                                    "terminal); sets LADRO_PROGRESS=0.5 unless given"),
        {"--help", 'h', LADROI_OPT_HELP, .help = "this text"},
        APP_OPT_RENAMED,
        {0},
    };
    _Static_assert(sizeof o->wl.payload == sizeof(uint64_t), "--payload is a U64 row");
    cli.usage = "usage: ladro-synth [options]   (run under mpirun; every rank gets the same "
                "options)\n";
    char epilog[512];
    app_policies_line(epilog, sizeof epilog);
    snprintf(epilog + strlen(epilog), sizeof epilog - strlen(epilog),
             "Environment: every LADRO_* variable of docs/envvars.md applies (flags win).\n");
    cli.epilog = epilog;
    cli.opts = opts;
    cli.ctx = &ctx;
    int rc = ladroi_cli_parse(&cli, argc, argv, err, sizeof err);
    if (rc)
        return rc;
    if (profile_given && o->cfg.threads > 1)
        return ladroi_cli_fail(&cli, NULL, 0, "--threads-profile and --threads (or "
                               "LADRO_THREADS): give one of them");
    if (tasks_given && tpr_given)
        return ladroi_cli_fail(&cli, NULL, 0, "--tasks and --tasks-per-rank: give one of "
                               "them (a total, or a count per rank)");
    o->cfg.task_bytes = o->wl.payload;
    o->wl.seed = o->cfg.seed;
    o->wl.spin = o->emu.spin;
    if (o->policy[0]) { /* every entry now, so a bad one stops the job before the first run */
        app_policy_iter_t it;
        app_policy_begin(&it, o->policy);
        for (const char *p; (p = app_policy_next(&it)) != NULL;) {
            ladro_config_t c = o->cfg;
            if (app_policy_entry(&c, p, err, sizeof err))
                return ladroi_cli_fail(&cli, NULL, 0, "%s", err);
        }
    }
    if (progress && !o->quiet) {
        o->wl.progress = "ladro-synth";
        if (o->cfg.progress == 0)
            o->cfg.progress = 0.5;
    }
    if (ladro_config_validate(&o->cfg, err, sizeof err))
        return ladroi_cli_fail(&cli, NULL, 0, "%s", err);
    return 0;
}
