/* ladro-bench's command line: one table (src/opts.h), then the scenario's defaults. */
#define _POSIX_C_SOURCE 200809L /* strtok_r */
#include "bench.h"

#include "app_cli.h"
#include "app_opts.h"
#include "util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

static int bad(int rank, const char *what, const char *val, const char *accepted)
{
    ladroi_cli_t cli = {.prog = "ladro-bench", .quiet = rank != 0};
    return ladroi_cli_bad(&cli, NULL, 0, what, val ? val : "", accepted);
}

/* The registered name matching name in any case, or NULL. */
static const char *registered(const char *name)
{
    for (const char *const *n = ladro_policy_names(); *n; n++)
        if (!strcasecmp(*n, name))
            return *n;
    return NULL;
}

int bench_apply_entry(const ladro_config_t *base, const char *entry, ladro_config_t *cfg,
                      char *err, size_t errlen)
{
    *cfg = *base;
    return app_policy_entry(cfg, entry, err, errlen) ? 1 : 0;
}

static int add_policy(bench_t *b, const char *given, int rank, bool strict)
{
    char name[64], entry[128];
    snprintf(name, sizeof name, "%s", given);
    name[strcspn(name, ":")] = 0;
    const char *canon = registered(name);
    if (!canon) {
        if (!strict)
            return 0; /* scenario default not in this build: skipped, said in the header */
        char acc[512] = "unknown; ";
        const char *best = ladroi_closest_in(name, ladro_policy_names());
        if (best)
            snprintf(acc, sizeof acc, "unknown; did you mean '%s'? ", best);
        strncat(acc, "accepted: all, or a comma list of (each optionally NAME:key=value):",
                sizeof acc - strlen(acc) - 1);
        for (const char *const *n = ladro_policy_names(); *n; n++)
            strncat(acc, " ", sizeof acc - strlen(acc) - 1),
                strncat(acc, *n, sizeof acc - strlen(acc) - 1);
        return bad(rank, "--policy", name, acc);
    }
    /* the entry as printed: the canonical (lower-case) name, then the keys as given */
    snprintf(entry, sizeof entry, "%s%s", canon, given + strlen(name));
    if (strlen(entry) >= sizeof b->policies[0])
        return bad(rank, "--policy: entry", entry, "accepted: at most 63 characters");
    ladro_config_t cfg;
    char err[512];
    if (bench_apply_entry(&b->base, entry, &cfg, err, sizeof err))
        return ladroi_cli_fail(&(ladroi_cli_t){.prog = "ladro-bench", .quiet = rank != 0},
                               NULL, 0, "%s", err);
    if (ladro_config_validate(&cfg, err, sizeof err)) {
        char acc[600];
        snprintf(acc, sizeof acc, "accepted: NAME:key=value with keys of docs/envvars.md "
                 "(%.300s)", err);
        return bad(rank, "--policy: entry", entry, acc);
    }
    for (int i = 0; i < b->npol; i++)
        if (!strcmp(b->policies[i], entry))
            return 0;
    if (b->npol == MAX_POL)
        return bad(rank, "--policy", entry, "at most 16 policies");
    snprintf(b->policies[b->npol++], sizeof b->policies[0], "%s", entry);
    return 0;
}

static int set_policies(bench_t *b, const char *list, int rank, bool strict)
{
    b->npol = 0;
    if (!strcasecmp(list, "all")) {
        for (const char *const *n = ladro_policy_names(); *n; n++)
            add_policy(b, *n, rank, true);
        return 0;
    }
    char tmp[512];
    snprintf(tmp, sizeof tmp, "%s", list);
    for (char *save, *t = strtok_r(tmp, ",", &save); t; t = strtok_r(NULL, ",", &save))
        if (add_policy(b, t, rank, strict))
            return 2;
    if (b->npol == 0)
        return bad(rank, "--policy", list, "no policy of this build in the list");
    return 0;
}

static int set_speeds(bench_t *b, const char *list, int rank, int size)
{
    char tmp[1024], err[256];
    snprintf(tmp, sizeof tmp, "%s", list);
    b->nspeed = 0;
    for (char *save, *t = strtok_r(tmp, ";", &save); t; t = strtok_r(NULL, ";", &save)) {
        double s;
        if (ladro_speed_of(t, 0, size, &s, err, sizeof err))
            return bad(rank, "--speed", t, err);
        if (b->nspeed == MAX_CONF)
            return bad(rank, "--speed", list, "at most 32 specs");
        snprintf(b->speeds[b->nspeed++], LADRO_PATH_MAX, "%s", t);
    }
    if (b->nspeed == 0)
        return bad(rank, "--speed", list, "accepted: specs separated by ';'");
    return 0;
}

static int set_tpr(bench_t *b, const char *list, int rank)
{
    int64_t *v;
    int n = ladroi_parse_i64_list(list, 1, 1000000, &v);
    if (n < 0)
        return bad(rank, "--tasks-per-rank", list,
                   "accepted: a comma list of integers in [1, 1000000]");
    if (n > MAX_TPR) {
        free(v);
        return bad(rank, "--tasks-per-rank", list, "accepted: at most 8 values");
    }
    for (int i = 0; i < n; i++)
        b->tpr[i] = (uint64_t)v[i];
    b->ntpr = n;
    free(v);
    return 0;
}

static int opt_scenario(const ladroi_opt_t *opt, const char *v, void *ctx, char *msg,
                        size_t len)
{
    (void)ctx, (void)msg, (void)len;
    if (strcmp(v, "a2ws-table") && strcmp(v, "ctws-contention") && strcmp(v, "custom"))
        return -1;
    *(const char **)opt->dest = v;
    return 0;
}

int bench_parse(int argc, char **argv, bench_t *b, int rank, int size)
{
    char err[256];
    const char *pol = NULL, *speed = NULL, *tpr = NULL, *dist = NULL, *init = NULL;
    double work_ms = 10;
    int repeat = 3, work_given = 0;
    b->scenario = "custom";
    b->progress = 1;
    ladro_config_init(&b->base);
    app_emulation_init(&b->emu);
    ladroi_cli_t cli = {.prog = "ladro-bench", .quiet = rank != 0};
    if (ladro_config_from_env(&b->base, err, sizeof err))
        return ladroi_cli_fail(&cli, NULL, 0, "%s", err);
    const ladroi_opt_t opts[] = {
        {"--scenario", 0, LADROI_OPT_FN, &b->scenario, .arg = "S",
         .help = "a2ws-table | ctws-contention | custom (default custom)\n"
                 "a2ws-table: speed profiles C1..C5 (A2WS Table 2) x tasks per\n"
                 "  rank, policies leader,ctws,a2ws,static,random; 10 ms tasks\n"
                 "ctws-contention: homogeneous ranks, durations inflated by a\n"
                 "  contention factor uniform in [1, 6.2] (CTWS: shots of 1.5 h\n"
                 "  to 9.3 h), policies static,ctws,random,a2ws,leader\n"
                 "custom: what the flags below say",
         .accepted = "accepted: a2ws-table, ctws-contention, custom", .fn = opt_scenario},
        {"--policy", 0, LADROI_OPT_STR, &pol, .arg = "LIST", .help = APP_POLICY_HELP},
        {"--speed", 0, LADROI_OPT_STR, &speed, .arg = "LIST",
         .help = "speed specs separated by ';' (each '1,0.5' or C1..C5)"},
        app_opt_emulate(&b->emu, "how tasks and slow-rank padding burn time (default sleep)"),
        {"--tasks-per-rank", 0, LADROI_OPT_STR, &tpr, .arg = "L",
         .help = "comma list of task counts per rank (default 60)"},
        {"--work-ms", 0, LADROI_OPT_DOUBLE, &work_ms, 0, 1e6, .arg = "X",
         .help = "mean task duration in ms at full speed (default 10)",
         .accepted = "accepted: milliseconds in [0, 1e6]", .seen = &work_given},
        {"--work-dist", 0, LADROI_OPT_STR, &dist, .arg = "D", .help = APP_WORK_DIST_HELP},
        {"--init", 0, LADROI_OPT_STR, &init, .arg = "I",
         .help = "even | one | gauss70-10 (default even)"},
        {"--repeat", 0, LADROI_OPT_INT, &repeat, 1, 1000, .arg = "N",
         .help = "runs per policy and configuration, interleaved (default 3)"},
        {"--seed", 0, LADROI_OPT_FN, &b->base, .arg = "S",
         .help = "workload and runtime seed (default 1)", .fn = app_opt_config,
         .data = "seed"},
        {"--csv", 0, LADROI_OPT_STR, &b->csv, .arg = "FILE", .help = "one line per run"},
        APP_OPT_JSON(&b->json, "{\"results\": [one object per run]} on stdout, or into\n"
                               "FILE"),
        {"--ranks-csv", 0, LADROI_OPT_STR, &b->ranks_csv, .arg = "FILE",
         .help = "one line per run and rank: speed, busy, idle, tasks"},
        APP_OPT_QUIET(&b->quiet),
        APP_OPT_PROGRESS(&b->progress, "progress on stderr (default: on): on a terminal one\n"
                                       "line rewritten in place, the run (i of n), its tasks\n"
                                       "done and the ETA; otherwise a plain line per run"),
        {"--help", 'h', LADROI_OPT_HELP, .help = "this text"},
        APP_OPT_RENAMED,
        {0},
    };
    cli.usage = "usage: ladro-bench [options]   (under mpirun; every rank gets the same "
                "options)\n";
    char epilog[640];
    app_policies_line(epilog, sizeof epilog);
    snprintf(epilog + strlen(epilog), sizeof epilog - strlen(epilog),
             "Scenario flags given explicitly override the scenario's defaults. Environment:\n"
             "every LADRO_* variable of docs/envvars.md applies to every run (flags win).\n");
    cli.epilog = epilog;
    cli.opts = opts;
    int rc = ladroi_cli_parse(&cli, argc, argv, err, sizeof err);
    if (rc)
        return rc;
    if (b->quiet)
        b->progress = 0;
    /* scenario defaults, then explicit flags */
    wl_spec_init(&b->wl);
    b->repeat = repeat;
    const char *def_pol = "all", *def_speed = "1", *def_tpr = "60";
    if (!strcmp(b->scenario, "a2ws-table")) {
        def_pol = "leader,ctws,a2ws,static,random";
        def_speed = "C1;C2;C3;C4;C5";
    } else if (!strcmp(b->scenario, "ctws-contention")) {
        def_pol = "static,ctws,random,a2ws,leader";
        def_speed = "1";
        def_tpr = "20";
        wl_parse_dist(&b->wl, "uniform:1,6.2");
    }
    if ((rc = set_policies(b, pol ? pol : def_pol, rank, pol != NULL)))
        return rc;
    if ((rc = set_speeds(b, speed ? speed : def_speed, rank, size)))
        return rc;
    if ((rc = set_tpr(b, tpr ? tpr : def_tpr, rank)))
        return rc;
    if (dist && wl_parse_dist(&b->wl, dist))
        return bad(rank, "--work-dist", dist, wl_dist_accepted);
    if (init && wl_parse_init(&b->wl, init))
        return bad(rank, "--init", init, wl_init_accepted);
    if (work_given)
        b->wl.work_ms = work_ms;
    b->wl.seed = b->base.seed;
    b->wl.spin = b->emu.spin;
    b->base.task_bytes = b->wl.payload;
    if (ladro_config_validate(&b->base, err, sizeof err))
        return ladroi_cli_fail(&cli, NULL, 0, "%s", err);
    return 0;
}
