/* ladro-sim latency | sweep | limit: campaigns of the latency model with the paper's
 * analysis built in (prediction, fitted constant, accuracy ratio, acceptable latency). */
#include "app_opts.h"
#include "cli.h"
#include "latency.h"
#include "opts.h"
#include "paje.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

typedef struct {
    int64_t W, lambda;
    int32_t p;
    int variant;
    int64_t runs;
    /* per-run values */
    double *makespan, *requests, *ok, *failed, *startup, *complete, *events;
    ladro_sim_stats_t ms, rq, st;
    double mean_ok, mean_failed, startup_complete_frac;
    uint64_t total_events;
    double wall;
} ladro__cfg_t;

typedef struct {
    int64_t runs;
    uint64_t seed;
    double thr_factor; /* threshold = thr_abs, or thr_factor * lambda if thr_factor >= 0 */
    int64_t thr_abs;
    int split;
    double c; /* constant of the prediction (paper: 1.8) */
    int progress;
    const char *mode;
    /* progress accounting */
    double t0, last;
    int64_t done_cfg, n_cfg;
} ladro__opts_t;

static void ladro__cfg_free(ladro__cfg_t *c)
{
    free(c->makespan);
    c->makespan = NULL;
}

static void ladro__progress(ladro__opts_t *o, int64_t run, int64_t runs, int final)
{
    if (!o->progress)
        return;
    double now = ladroi_now();
    if (!final && now - o->last < 0.5)
        return;
    o->last = now;
    fprintf(stderr, "\rladro-sim %s: config %lld/%lld, run %lld/%lld, %.1f s   ", o->mode,
            (long long)o->done_cfg + (final ? 0 : 1), (long long)o->n_cfg, (long long)run,
            (long long)runs, now - o->t0);
    if (final)
        fputc('\n', stderr);
    fflush(stderr);
}

static int64_t ladro__threshold(const ladro__opts_t *o, int64_t lambda)
{
    return o->thr_factor >= 0 ? (int64_t)floor(o->thr_factor * (double)lambda) : o->thr_abs;
}

/* Run one configuration `runs` times. Run r uses RNG stream r of the seed: the same runs
 * for every configuration (common random numbers), reproducible one by one. */
static int ladro__run_cfg(ladro__opts_t *o, ladro__cfg_t *c, const char *paje)
{
    int64_t R = c->runs;
    c->makespan = malloc((size_t)R * 7 * sizeof(double));
    if (!c->makespan)
        return -1;
    c->requests = c->makespan + R;
    c->ok = c->requests + R;
    c->failed = c->ok + R;
    c->startup = c->failed + R;
    c->complete = c->startup + R;
    c->events = c->complete + R;
    ladro_sim_lat_t *s = ladro_sim_lat_new(c->p);
    if (!s)
        return -1;
    ladro_sim_lat_params_t prm = {c->W, c->p, c->lambda, c->variant,
                                  ladro__threshold(o, c->lambda), o->split, NULL, NULL, NULL};
    ladro_sim_paje_t *pj = NULL;
    if (paje) {
        pj = ladro_sim_paje_open(paje, c->p);
        if (!pj) {
            ladro_sim_lat_free(&s);
            return -2;
        }
    }
    double t0 = ladroi_now();
    c->total_events = 0;
    for (int64_t r = 0; r < R; r++) {
        ladroi_rng_t rng;
        ladroi_rng_seed(&rng, o->seed, (uint64_t)r);
        ladro_sim_lat_result_t res;
        ladro_sim_lat_observer_t ob;
        prm.obs = NULL;
        if (pj && r == 0) {
            ladro_sim_paje_observer(pj, &ob);
            prm.obs = &ob;
        }
        ladro_sim_lat_run(s, &prm, &rng, &res);
        c->makespan[r] = (double)res.makespan;
        c->requests[r] = (double)res.requests;
        c->ok[r] = (double)res.steals_ok;
        c->failed[r] = (double)res.steals_failed;
        c->startup[r] = (double)res.startup;
        c->complete[r] = res.startup_complete;
        c->events[r] = (double)res.events;
        c->total_events += res.events;
        if ((r & 63) == 0)
            ladro__progress(o, r, R, 0);
    }
    c->wall = ladroi_now() - t0;
    ladro_sim_lat_free(&s);
    int prc = 0;
    if (pj)
        prc = ladro_sim_paje_close(&pj);
    /* summaries on copies (summarize sorts) */
    double *tmp = malloc((size_t)R * sizeof *tmp);
    if (!tmp)
        return -1;
    memcpy(tmp, c->makespan, (size_t)R * sizeof *tmp);
    ladro_sim_summarize(tmp, (size_t)R, &c->ms);
    memcpy(tmp, c->requests, (size_t)R * sizeof *tmp);
    ladro_sim_summarize(tmp, (size_t)R, &c->rq);
    memcpy(tmp, c->startup, (size_t)R * sizeof *tmp);
    ladro_sim_summarize(tmp, (size_t)R, &c->st);
    free(tmp);
    double sok = 0, sf = 0, sc = 0;
    for (int64_t r = 0; r < R; r++) {
        sok += c->ok[r];
        sf += c->failed[r];
        sc += c->complete[r];
    }
    c->mean_ok = sok / (double)R;
    c->mean_failed = sf / (double)R;
    c->startup_complete_frac = sc / (double)R;
    return prc == 0 ? 0 : -2;
}

static const char *ladro__vname(int v) { return v == LADRO_SIM_MWT ? "mwt" : "swt"; }

/* --help's first lines, per mode (the options follow from the table). */
static const char *ladro__usage(const char *mode)
{
    if (!strcmp(mode, "latency"))
        return "usage: ladro-sim latency --W N --p N --lambda N [options]\n"
               "Simulate work stealing with latency (ws-latency-analysis model, docs/sim.md).\n";
    if (!strcmp(mode, "sweep"))
        return "usage: ladro-sim sweep --W LIST --p LIST --lambda LIST [options]\n"
               "Every combination of the comma lists, --runs runs each; one CSV row per\n"
               "configuration (to --csv FILE, or stdout), then the analysis (below).\n";
    return "usage: ladro-sim limit --W LIST --p LIST [options]\n"
           "Acceptable-latency limit: for each (W, p), the largest integer lambda whose mean\n"
           "makespan over --runs runs is <= 1.1 W/p (found by bracketing + bisection), with\n"
           "the paper's formula's solution of W/p + 3.6 l log2(W/2l) = 1.1 W/p and the\n"
           "paper's rule of thumb l = (W/p)/470.\n";
}

/* Parse the options common to the three modes. Returns 0, 1 (help printed), 2 (error). */
typedef struct {
    const char *W, *p, *lambda, *variant, *csv, *paje;
    const char *jsonp; /* --json [FILE] */
    int json;
    double accept;
} ladro__args_t;

/* --threshold G: an integer, or K*lambda written 'Kl' (2l) */
static int ladro__opt_threshold(const ladroi_opt_t *opt, const char *v, void *ctx, char *msg,
                                size_t msglen)
{
    (void)opt, (void)msg, (void)msglen;
    ladro__opts_t *o = ctx;
    size_t n = strlen(v);
    char buf[64];
    int64_t x;
    if (n > 1 && n < sizeof buf && v[n - 1] == 'l') {
        memcpy(buf, v, n - 1);
        buf[n - 1] = 0;
        double f;
        if (ladroi_parse_double(buf, 0, 1e9, false, &f))
            return -1;
        o->thr_factor = f;
        return 0;
    }
    if (ladroi_parse_i64(v, 0, INT64_MAX, &x))
        return -1;
    o->thr_abs = x;
    o->thr_factor = -1;
    return 0;
}

/* --split, indexed by LADRO_SIM_SEND_CEIL (0) and LADRO_SIM_SEND_FLOOR (1) */
static const char *const ladro__splits[] = {"ceil", "floor", NULL};

/* Rows of one mode only */
#define ONLY_LATENCY LADROI_OPT_USER(0)
#define ONLY_LIMIT LADROI_OPT_USER(1)
#define NOT_LIMIT LADROI_OPT_USER(2)

/* The defaults of the three modes' options. */
static void ladro__defaults(const char *mode, ladro__opts_t *o, ladro__args_t *a)
{
    memset(a, 0, sizeof *a);
    a->accept = 1.1;
    o->runs = !strcmp(mode, "limit") ? 100 : 1000;
    o->seed = 1;
    o->thr_factor = -1;
    o->thr_abs = 0;
    o->split = LADRO_SIM_SEND_CEIL;
    o->c = 1.8;
    o->progress = isatty(2);
    o->mode = mode;
}

/* The parsed flags' combinations: 0, or 2 after a one-line usage error. */
static int ladro__check_args(const char *mode, ladro__opts_t *o, ladro__args_t *a, int quiet)
{
    if (quiet)
        o->progress = 0;
    a->json = a->jsonp != NULL;
    if (a->json && strcmp(a->jsonp, "-") && a->csv && !strcmp(a->csv, "-"))
        return ladro_sim_usage_error(mode, "--csv - with --json FILE: accepted: one of them "
                                     "on stdout");
    if (!a->W)
        return ladro_sim_usage_error(mode, "--W is required");
    if (!a->p)
        return ladro_sim_usage_error(mode, "--p is required");
    if (!a->lambda && strcmp(mode, "limit"))
        return ladro_sim_usage_error(mode, "--lambda is required");
    return 0;
}

static const char ladro__sweep_epilog[] =
    "Analysis printed after the rows (to stdout with --csv FILE, else stderr):\n"
    "  accuracy ratio = mean Cmax / (W/p + 3.6 l log2(W/2l)) per configuration;\n"
    "  c' fitted by least squares of mean Cmax - W/p = 2 c' l log2(W/2l), over all\n"
    "  configurations and per p.\n";

static int ladro__parse(int argc, char **argv, const char *mode, ladro__opts_t *o,
                        ladro__args_t *a)
{
    ladro__defaults(mode, o, a);
    int sweep = !strcmp(mode, "sweep"), limit = !strcmp(mode, "limit"), quiet = 0;
    const char *lst = sweep || limit ? "LIST" : "N";
    const ladroi_opt_t opts[] = {
        {"--W", 0, LADROI_OPT_STR, &a->W, .arg = lst,
         .help = sweep || limit ? "total work, a comma list of integers (1e8 accepted)"
                                : "total work in integer units (1e8 accepted)"},
        {"--p", 0, LADROI_OPT_STR, &a->p, .arg = lst,
         .help = sweep || limit ? "processors, a comma list" : "processors (>= 1)"},
        {"--lambda", 0, LADROI_OPT_STR, &a->lambda, .arg = lst,
         .help = sweep ? "latencies per message, a comma list of integers"
                       : "latency per message, integer time units (>= 1)",
         .flags = NOT_LIMIT},
        {"--runs", 0, LADROI_OPT_I64, &o->runs, 1, 1e8, .arg = "N",
         .help = limit ? "independent runs per latency tried (default 100)"
                       : "independent runs (default 1000)",
         .accepted = "accepted: an integer in [1, 1e8]"},
        {"--variant", 0, LADROI_OPT_STR, &a->variant, .arg = sweep ? "LIST" : "V",
         .help = sweep ? "swt,mwt (default swt)"
                       : "swt (single work transfer, default) or mwt (multiple)"},
        {"--seed", 0, LADROI_OPT_U64, &o->seed, 0, 9223372036854775807.0, .arg = "S",
         .help = "seed; run r uses stream r of S (default 1)",
         .accepted = "accepted: a non-negative integer"},
        {"--threshold", 0, LADROI_OPT_FN, NULL, .arg = "G",
         .help = "steal only if floor(r/2) > G; G an integer or K*lambda\n"
                 "written 'Kl' (e.g. 2l); default none (0)",
         .accepted = "accepted: an integer >= 0 or K*lambda written 'Kl' (2l)",
         .fn = ladro__opt_threshold},
        {"--split", 0, LADROI_OPT_CHOICE, &o->split, .arg = "S",
         .help = "ceil (victim sends ceil(r/2), default) or floor",
         .accepted = "accepted: ceil or floor", .data = ladro__splits},
        {"--c", 0, LADROI_OPT_DOUBLE, &o->c, 0, 1e6, .arg = "C",
         .help = "constant c' of the prediction W/p + 2c' l log2(W/2l) (default 1.8)",
         .accepted = "accepted: a number in [0, 1e6]"},
        {"--accept", 0, LADROI_OPT_DOUBLE, &a->accept, 1.0000001, 100, .arg = "X",
         .help = "acceptance factor (default 1.1)", .accepted = "accepted: a number in (1, 100]",
         .flags = ONLY_LIMIT},
        {"--csv", 0, LADROI_OPT_STR, &a->csv, .arg = "FILE",
         .help = sweep || limit ? "rows to FILE ('-' = stdout, default)"
                                : "per-run CSV (makespan, steal requests, successful steals,\n"
                                  "startup-phase duration, ...); '-' = stdout"},
        {"--json", 0, LADROI_OPT_OPTSTR, &a->jsonp, .arg = "FILE", .data = "-",
         .help = sweep ? "JSON {\"configs\": [...], \"fit\": {...}} instead of CSV, on\n"
                         "stdout or into FILE"
                       : "{\"summary\": {...}, \"runs\": [...]} on stdout or into FILE",
         .flags = NOT_LIMIT},
        {"--paje", 0, LADROI_OPT_STR, &a->paje, .arg = "FILE",
         .help = "Paje trace of run 0 (ViTE / pj_dump)", .flags = ONLY_LATENCY},
        APP_OPT_PROGRESS(&o->progress, "progress line on stderr (default: when stderr is a\n"
                                       "terminal)"),
        APP_OPT_QUIET(&quiet),
        {"--help", 'h', LADROI_OPT_HELP, .help = "this text"},
        APP_OPT_RENAMED,
        {0},
    };
    char prog[64];
    snprintf(prog, sizeof prog, "ladro-sim %s", mode);
    const ladroi_cli_t cli = {
        .prog = prog,
        .usage = ladro__usage(mode),
        .epilog = sweep ? ladro__sweep_epilog : NULL,
        .opts = opts,
        .skip = (strcmp(mode, "latency") ? ONLY_LATENCY : 0) | (limit ? NOT_LIMIT : ONLY_LIMIT),
        .ctx = o,
    };
    int rc = ladroi_cli_parse(&cli, argc, argv, NULL, 0); /* argv[0]: the mode */
    return rc ? rc : ladro__check_args(mode, o, a, quiet);
}

/* One comma-list option of a mode: --W, --p, --lambda as integers in [lo, 2^log2hi]. */
typedef struct ladro__list {
    const char *opt, *value;
    int64_t lo;
    int log2hi;
    int64_t **out; /* malloc'd */
    int *n;
} ladro__list_t;

/* Parses the lists in order; at the first refused one, frees the ones before and returns
 * the usage error's exit status. 0 when all are read. */
static int ladro__lists(const char *mode, const ladro__list_t *l, int count)
{
    for (int i = 0; i < count; i++) {
        *l[i].n = ladroi_parse_i64_list(l[i].value, l[i].lo, (int64_t)1 << l[i].log2hi, l[i].out);
        if (*l[i].n < 0) {
            for (int j = 0; j < i; j++) {
                free(*l[j].out);
                *l[j].out = NULL;
            }
            return ladro_sim_usage_error(mode, "%s '%s': accepted: a comma list of integers in "
                                         "[%lld, 2^%d]", l[i].opt, l[i].value,
                                         (long long)l[i].lo, l[i].log2hi);
        }
    }
    return 0;
}

static int ladro__variants(const char *mode, const char *s, int *v, int max)
{
    if (!s) {
        v[0] = LADRO_SIM_SWT;
        return 1;
    }
    int n = 0;
    char buf[64];
    if (strlen(s) >= sizeof buf)
        return -1;
    strcpy(buf, s);
    char *save = NULL;
    for (char *t = strtok_r(buf, ",", &save); t; t = strtok_r(NULL, ",", &save)) {
        if (n >= max)
            return -1;
        if (!strcmp(t, "swt"))
            v[n++] = LADRO_SIM_SWT;
        else if (!strcmp(t, "mwt"))
            v[n++] = LADRO_SIM_MWT;
        else
            return -1;
    }
    (void)mode;
    return n;
}

static FILE *ladro__open_out(const char *path, const char *mode)
{
    if (!path || !strcmp(path, "-"))
        return stdout;
    FILE *f = fopen(path, "w");
    if (!f)
        ladro_sim_usage_error(mode, "cannot write '%s'", path);
    return f;
}

static void ladro__close_out(FILE *f)
{
    if (f && f != stdout)
        fclose(f);
}

static void ladro__json_stats(FILE *f, const char *name, const ladro_sim_stats_t *s)
{
    fprintf(f,
            "\"mean_%s\": %.6g, \"sd_%s\": %.6g, \"min_%s\": %.6g, \"q1_%s\": %.6g, "
            "\"median_%s\": %.6g, \"q3_%s\": %.6g, \"max_%s\": %.6g",
            name, s->mean, name, s->sd, name, s->min, name, s->q1, name, s->median, name,
            s->q3, name, s->max);
}

/* The three distributions of a configuration's runs, as every JSON record has them. */
static void ladro__json_cfg_stats(FILE *f, const ladro__cfg_t *c)
{
    ladro__json_stats(f, "makespan", &c->ms);
    fputs(", ", f);
    ladro__json_stats(f, "steal_requests", &c->rq);
    fputs(", ", f);
    ladro__json_stats(f, "startup", &c->st);
}

/* --W, --p, --lambda, --variant of ladro-sim latency into c: 0, or 2 after a one-line
 * usage error. */
static int ladro__latency_cfg(const ladro__args_t *a, ladro__cfg_t *c)
{
    const char *mode = "latency";
    int64_t x;
    if (ladroi_parse_i64(a->W, 1, (int64_t)1 << 60, &c->W))
        return ladro_sim_usage_error(mode, "--W '%s': accepted: an integer in [1, 2^60] "
                                     "(1e8 allowed)", a->W);
    if (ladroi_parse_i64(a->p, 1, 1 << 28, &x))
        return ladro_sim_usage_error(mode, "--p '%s': accepted: an integer in [1, 2^28]", a->p);
    c->p = (int32_t)x;
    if (ladroi_parse_i64(a->lambda, 1, (int64_t)1 << 40, &c->lambda))
        return ladro_sim_usage_error(mode, "--lambda '%s': accepted: an integer in [1, 2^40]",
                                     a->lambda);
    int v[2];
    if (ladro__variants(mode, a->variant, v, 1) != 1)
        return ladro_sim_usage_error(mode, "--variant '%s': accepted: swt or mwt", a->variant);
    c->variant = v[0];
    return 0;
}

/* What ladro-sim latency prints of one configuration besides its runs. */
typedef struct {
    double lb, pred, evs;
    int64_t thr;
} ladro__summary_t;

static void ladro__latency_csv(FILE *csv, const ladro__cfg_t *c, int64_t thr)
{
    fprintf(csv, "run,W,p,lambda,variant,threshold,makespan,steal_requests,"
                 "successful_steals,failed_steals,startup,startup_complete,events\n");
    for (int64_t r = 0; r < c->runs; r++)
        fprintf(csv, "%lld,%lld,%d,%lld,%s,%lld,%.0f,%.0f,%.0f,%.0f,%.0f,%.0f,%.0f\n",
                (long long)r, (long long)c->W, c->p, (long long)c->lambda,
                ladro__vname(c->variant), (long long)thr, c->makespan[r], c->requests[r],
                c->ok[r], c->failed[r], c->startup[r], c->complete[r], c->events[r]);
}

static void ladro__latency_json(FILE *f, const ladro__opts_t *o, const ladro__cfg_t *c,
                                const ladro__summary_t *s)
{
    fprintf(f, "{\"summary\": {\"W\": %lld, \"p\": %d, \"lambda\": %lld, \"variant\": "
               "\"%s\", \"threshold\": %lld, \"split\": \"%s\", \"runs\": %lld, "
               "\"seed\": %llu, ",
            (long long)c->W, c->p, (long long)c->lambda, ladro__vname(c->variant),
            (long long)s->thr, o->split ? "floor" : "ceil", (long long)c->runs,
            (unsigned long long)o->seed);
    ladro__json_cfg_stats(f, c);
    fprintf(f, ", \"mean_successful_steals\": %.6g, \"mean_failed_steals\": %.6g, "
               "\"startup_complete_fraction\": %.6g, \"lower_bound\": %.6g, "
               "\"prediction\": %.6g, \"c\": %.6g, \"accuracy_ratio\": %.6g, "
               "\"events\": %llu, \"wall_s\": %.6g, \"events_per_s\": %.6g},\n \"runs\": [",
            c->mean_ok, c->mean_failed, c->startup_complete_frac, s->lb, s->pred, o->c,
            c->ms.mean / s->pred, (unsigned long long)c->total_events, c->wall, s->evs);
    for (int64_t r = 0; r < c->runs; r++)
        fprintf(f, "%s\n  {\"run\": %lld, \"makespan\": %.0f, \"steal_requests\": %.0f, "
                   "\"successful_steals\": %.0f, \"failed_steals\": %.0f, \"startup\": "
                   "%.0f, \"startup_complete\": %.0f, \"events\": %.0f}",
                r ? "," : "", (long long)r, c->makespan[r], c->requests[r], c->ok[r],
                c->failed[r], c->startup[r], c->complete[r], c->events[r]);
    fputs("\n]}\n", f);
}

static void ladro__latency_text(FILE *f, const ladro__opts_t *o, const ladro__cfg_t *c,
                                const ladro__summary_t *s)
{
    fprintf(f, "ladro-sim latency: W=%lld p=%d lambda=%lld variant=%s threshold=%lld "
               "split=%s runs=%lld seed=%llu\n",
            (long long)c->W, c->p, (long long)c->lambda, ladro__vname(c->variant),
            (long long)s->thr, o->split ? "floor" : "ceil", (long long)c->runs,
            (unsigned long long)o->seed);
    fprintf(f, "%-16s %12s %12s %12s %12s %12s %12s\n", "", "mean", "min", "q1", "median",
            "q3", "max");
    const char *names[3] = {"makespan", "steal requests", "startup phase"};
    const ladro_sim_stats_t *ss[3] = {&c->ms, &c->rq, &c->st};
    for (int i = 0; i < 3; i++)
        fprintf(f, "%-16s %12.1f %12.0f %12.1f %12.1f %12.1f %12.0f\n", names[i],
                ss[i]->mean, ss[i]->min, ss[i]->q1, ss[i]->median, ss[i]->q3, ss[i]->max);
    fprintf(f, "successful steals mean %.1f, failed mean %.1f; startup complete in %.1f%% "
               "of runs\n",
            c->mean_ok, c->mean_failed, 100 * c->startup_complete_frac);
    fprintf(f, "W/p %.1f; prediction W/p + %.2f*l*log2(W/2l) = %.1f; accuracy ratio "
               "(mean/prediction) %.4f; mean/(W/p) %.4f\n",
            s->lb, 2 * o->c, s->pred, c->ms.mean / s->pred, c->ms.mean / s->lb);
    fprintf(f, "%llu events in %.3f s: %.3g events/s\n", (unsigned long long)c->total_events,
            c->wall, s->evs);
}

static int ladro__latency(ladro__opts_t *o, ladro__args_t *a)
{
    const char *mode = "latency";
    ladro__cfg_t c;
    memset(&c, 0, sizeof c);
    int rc = ladro__latency_cfg(a, &c);
    if (rc)
        return rc;
    c.runs = o->runs;
    o->t0 = o->last = ladroi_now();
    o->n_cfg = 1;
    FILE *csv = NULL;
    if (a->csv && !(csv = ladro__open_out(a->csv, mode)))
        return 2;
    rc = ladro__run_cfg(o, &c, a->paje);
    ladro__progress(o, c.runs, c.runs, 1);
    if (rc == -2) {
        ladro__close_out(csv);
        ladro__cfg_free(&c);
        return ladro_sim_usage_error(mode, "cannot write the Paje trace '%s'", a->paje);
    }
    if (rc) {
        ladro__close_out(csv);
        fprintf(stderr, "ladro-sim latency: out of memory\n");
        return 1;
    }
    ladro__summary_t s = {
        .lb = (double)c.W / c.p,
        .pred = ladro_sim_lat_predict((double)c.W, c.p, (double)c.lambda, o->c),
        .evs = c.wall > 0 ? (double)c.total_events / c.wall : 0,
        .thr = ladro__threshold(o, c.lambda),
    };
    if (csv)
        ladro__latency_csv(csv, &c, s.thr);
    if (a->json)
        ladro__latency_json(stdout, o, &c, &s);
    else if (!(csv == stdout))
        ladro__latency_text(stdout, o, &c, &s);
    ladro__close_out(csv);
    ladro__cfg_free(&c);
    return 0;
}

/* ladro-sim sweep's fit: least squares of mean Cmax - W/p = 2c' l log2(W/2l), overall and
 * per p (xy[2 ip], xx[2 ip + 1]), and the largest |accuracy ratio - 1|. */
typedef struct {
    double sxy, sxx, *pxy, max_err, wall;
    uint64_t events;
} ladro__fit_t;

/* One configuration of a sweep: into the fit, and its row (CSV or a JSON object). */
static void ladro__sweep_row(FILE *out, const ladro__opts_t *o, const ladro__args_t *a,
                             const ladro__cfg_t *c, int ip, int first, ladro__fit_t *fit)
{
    double lb = (double)c->W / c->p;
    double pred = ladro_sim_lat_predict((double)c->W, c->p, (double)c->lambda, o->c);
    double xl = (double)c->W / (2.0 * c->lambda);
    double x = 2.0 * c->lambda * (xl > 1 ? log2(xl) : 0);
    double y = c->ms.mean - lb;
    fit->sxy += x * y;
    fit->sxx += x * x;
    fit->pxy[2 * ip] += x * y;
    fit->pxy[2 * ip + 1] += x * x;
    double acc = c->ms.mean / pred;
    if (fabs(acc - 1) > fit->max_err)
        fit->max_err = fabs(acc - 1);
    fit->events += c->total_events;
    fit->wall += c->wall;
    int64_t thr = ladro__threshold(o, c->lambda);
    if (a->json) {
        fprintf(out, "%s\n {\"W\": %lld, \"p\": %d, \"lambda\": %lld, "
                     "\"variant\": \"%s\", \"threshold\": %lld, \"runs\": %lld, ",
                first ? "" : ",", (long long)c->W, c->p, (long long)c->lambda,
                ladro__vname(c->variant), (long long)thr, (long long)c->runs);
        ladro__json_cfg_stats(out, c);
        fprintf(out, ", \"mean_successful_steals\": %.6g, \"prediction\": "
                     "%.6g, \"accuracy_ratio\": %.6g}",
                c->mean_ok, pred, acc);
    } else
        fprintf(out, "%lld,%d,%lld,%s,%lld,%lld,%.3f,%.2f,%.2f,%.0f,%.2f,%.2f,"
                     "%.2f,%.0f,%.2f,%.1f,%.2f,%.2f,%.2f,%.1f,%.4f,%.2f,%.5f,"
                     "%.5f,%.5f,%.5f,%llu,%.3f\n",
                (long long)c->W, c->p, (long long)c->lambda, ladro__vname(c->variant),
                (long long)thr, (long long)c->runs, lb, c->ms.mean, c->ms.sd, c->ms.min,
                c->ms.q1, c->ms.median, c->ms.q3, c->ms.max, c->rq.mean, c->rq.median,
                c->mean_ok, c->mean_failed, c->st.mean, c->st.median, c->startup_complete_frac,
                pred, acc, c->ms.q1 / pred, c->ms.q3 / pred, c->ms.mean / lb,
                (unsigned long long)c->total_events, c->wall);
    fflush(out);
}

/* After the rows: the fit, closing the JSON, or as '#' lines on ana. */
static void ladro__sweep_fit(FILE *out, FILE *ana, const ladro__opts_t *o,
                             const ladro__args_t *a, const ladro__fit_t *fit,
                             const int64_t *ps, int np)
{
    double cfit = fit->sxx > 0 ? fit->sxy / fit->sxx : 0;
    const double *pxy = fit->pxy;
    double evs = fit->wall > 0 ? (double)fit->events / fit->wall : 0;
    if (a->json) {
        fprintf(out, "\n], \"fit\": {\"c_prime\": %.6g, \"constant_2c\": %.6g, "
                     "\"max_abs_accuracy_error\": %.6g, \"per_p\": [",
                cfit, 2 * cfit, fit->max_err);
        for (int ip = 0; ip < np; ip++)
            fprintf(out, "%s{\"p\": %lld, \"c_prime\": %.6g}", ip ? ", " : "",
                    (long long)ps[ip], pxy[2 * ip + 1] > 0 ? pxy[2 * ip] / pxy[2 * ip + 1] : 0);
        fprintf(out, "], \"events\": %llu, \"wall_s\": %.6g, \"events_per_s\": %.6g}}\n",
                (unsigned long long)fit->events, fit->wall, evs);
        return;
    }
    fprintf(ana, "# fitted c' = %.4f (formula constant 2c' = %.4f; paper: c' = 1.8, "
                 "3.6) by least squares of mean Cmax - W/p = 2c' l log2(W/2l)\n",
            cfit, 2 * cfit);
    for (int ip = 0; ip < np; ip++)
        fprintf(ana, "# p = %lld: fitted c' = %.4f\n", (long long)ps[ip],
                pxy[2 * ip + 1] > 0 ? pxy[2 * ip] / pxy[2 * ip + 1] : 0);
    fprintf(ana, "# max |accuracy ratio - 1| with c' = %.3g: %.4f\n", o->c, fit->max_err);
    fprintf(ana, "# %llu events in %.3f s: %.3g events/s\n", (unsigned long long)fit->events,
            fit->wall, evs);
}

static const char ladro__sweep_csv_head[] =
    "W,p,lambda,variant,threshold,runs,W_over_p,mean_makespan,sd_makespan,"
    "min_makespan,q1_makespan,median_makespan,q3_makespan,max_makespan,"
    "mean_steal_requests,median_steal_requests,mean_successful_steals,"
    "mean_failed_steals,mean_startup,median_startup,startup_complete_fraction,"
    "prediction,accuracy_ratio,q1_accuracy,q3_accuracy,overhead_ratio,"
    "events,wall_s\n";

static int ladro__sweep(ladro__opts_t *o, ladro__args_t *a)
{
    const char *mode = "sweep";
    int64_t *Ws = NULL, *ps = NULL, *ls = NULL;
    int nW, np, nl;
    const ladro__list_t lists[] = {{"--W", a->W, 1, 60, &Ws, &nW},
                                   {"--p", a->p, 1, 28, &ps, &np},
                                   {"--lambda", a->lambda, 1, 40, &ls, &nl}};
    int rc = ladro__lists(mode, lists, 3);
    if (rc)
        return rc;
    int vs[2];
    int nv = ladro__variants(mode, a->variant, vs, 2);
    FILE *out = NULL;
    if (nv < 0)
        rc = ladro_sim_usage_error(mode, "--variant '%s': accepted: swt, mwt or swt,mwt",
                                   a->variant);
    else if (!(out = ladro__open_out(a->csv, mode)))
        rc = 2;
    ladro__fit_t fit = {.pxy = rc ? NULL : calloc((size_t)np * 2, sizeof(double))};
    if (!rc && !fit.pxy)
        rc = 1;
    o->t0 = o->last = ladroi_now();
    o->n_cfg = (int64_t)nW * np * nl * nv;
    if (!rc)
        fputs(a->json ? "{\"configs\": [" : ladro__sweep_csv_head, out);
    for (int iv = 0; iv < nv && !rc; iv++)
        for (int ip = 0; ip < np && !rc; ip++)
            for (int iw = 0; iw < nW && !rc; iw++)
                for (int il = 0; il < nl && !rc; il++) {
                    ladro__cfg_t c = {.W = Ws[iw], .p = (int32_t)ps[ip], .lambda = ls[il],
                                      .variant = vs[iv], .runs = o->runs};
                    if (ladro__run_cfg(o, &c, NULL)) {
                        fprintf(stderr, "ladro-sim sweep: out of memory\n");
                        rc = 1;
                        break;
                    }
                    o->done_cfg++;
                    ladro__sweep_row(out, o, a, &c, ip, o->done_cfg == 1, &fit);
                    ladro__cfg_free(&c);
                }
    if (!rc) {
        ladro__progress(o, o->runs, o->runs, 1);
        ladro__sweep_fit(out, out == stdout ? stderr : stdout, o, a, &fit, ps, np);
    }
    if (out)
        ladro__close_out(out);
    free(fit.pxy);
    free(Ws);
    free(ps);
    free(ls);
    return rc;
}

/* Solve W/p + 2c l log2(W/2l) = accept * W/p for l by bisection (the overhead grows with l
 * while W/(2l) > e). */
static double ladro__theory_limit(double W, double p, double c, double accept)
{
    double target = (accept - 1) * W / p;
    double lo = 1e-9, hi = W / (2 * 2.718281828459045);
    if (2 * c * hi * log2(W / (2 * hi)) < target)
        return hi;
    for (int i = 0; i < 200; i++) {
        double mid = 0.5 * (lo + hi);
        if (2 * c * mid * log2(W / (2 * mid)) <= target)
            lo = mid;
        else
            hi = mid;
    }
    return lo;
}

/* One (W, p) of ladro-sim limit: the configuration at each latency tried, how many were
 * tried, and the result. */
typedef struct {
    ladro__cfg_t c;   /* W, p, variant, runs; lambda set per evaluation */
    int evals;
    int64_t lo;       /* the largest acceptable latency found (0: none) */
    double ms_at;     /* its mean makespan */
} ladro__limit_t;

/* acceptable(lambda): the mean Cmax over the runs <= accept * W/p. 1 or 0, and the mean
 * into *ms; -1 out of memory. */
static int ladro__limit_eval(ladro__opts_t *o, const ladro__args_t *a, ladro__limit_t *l,
                             int64_t lambda, double *ms)
{
    ladro__cfg_t c = l->c;
    c.lambda = lambda;
    if (ladro__run_cfg(o, &c, NULL))
        return -1;
    l->evals++;
    int ok = c.ms.mean <= a->accept * ((double)c.W / c.p);
    *ms = c.ms.mean;
    ladro__cfg_free(&c);
    return ok;
}

/* The largest acceptable latency: doubling until one is refused, then bisection. 0, or
 * 1 out of memory. */
static int ladro__limit_search(ladro__opts_t *o, const ladro__args_t *a, ladro__limit_t *l)
{
    int ok;
    double ms;
    int64_t lo = 0, hi = 1; /* lo: largest known acceptable (0 = none) */
    for (;;) {
        if ((ok = ladro__limit_eval(o, a, l, hi, &ms)) < 0)
            return 1;
        if (!ok)
            break;
        lo = hi;
        l->ms_at = ms;
        if (hi > l->c.W)
            break;
        hi *= 2;
    }
    while (hi - lo > 1 && lo > 0) {
        int64_t mid = lo + (hi - lo) / 2;
        if ((ok = ladro__limit_eval(o, a, l, mid, &ms)) < 0)
            return 1;
        if (ok) {
            lo = mid;
            l->ms_at = ms;
        } else
            hi = mid;
    }
    l->lo = lo;
    return 0;
}

static int ladro__limit(ladro__opts_t *o, ladro__args_t *a)
{
    const char *mode = "limit";
    int64_t *Ws = NULL, *ps = NULL;
    int nW, np;
    const ladro__list_t lists[] = {{"--W", a->W, 2, 60, &Ws, &nW}, {"--p", a->p, 2, 28, &ps, &np}};
    int rc = ladro__lists(mode, lists, 2);
    if (rc)
        return rc;
    int v[2];
    FILE *out = NULL;
    if (ladro__variants(mode, a->variant, v, 1) != 1)
        rc = ladro_sim_usage_error(mode, "--variant '%s': accepted: swt or mwt", a->variant);
    else if (!(out = ladro__open_out(a->csv, mode)))
        rc = 2;
    o->t0 = o->last = ladroi_now();
    o->n_cfg = (int64_t)nW * np;
    if (!rc)
        fprintf(out, "W,p,W_over_p,variant,runs,accept,limit_lambda_measured,"
                     "mean_makespan_at_limit,limit_lambda_formula,limit_lambda_470,"
                     "W_over_p_per_measured_limit,evaluations\n");
    for (int ip = 0; ip < np && !rc; ip++)
        for (int iw = 0; iw < nW && !rc; iw++) {
            double W = (double)Ws[iw], p = (double)ps[ip], lb = W / p;
            ladro__limit_t l = {.c = {.W = Ws[iw], .p = (int32_t)ps[ip], .variant = v[0],
                                      .runs = o->runs}};
            if ((rc = ladro__limit_search(o, a, &l)) != 0)
                break;
            o->done_cfg++;
            double th = ladro__theory_limit(W, p, o->c, a->accept);
            fprintf(out, "%lld,%lld,%.3f,%s,%lld,%.3f,%lld,%.2f,%.3f,%.3f,%.2f,%d\n",
                    (long long)Ws[iw], (long long)ps[ip], lb, ladro__vname(v[0]),
                    (long long)o->runs, a->accept, (long long)l.lo, l.ms_at, th, lb / 470.0,
                    l.lo > 0 ? lb / (double)l.lo : 0, l.evals);
            fflush(out);
        }
    if (!rc)
        ladro__progress(o, o->runs, o->runs, 1);
    if (out)
        ladro__close_out(out);
    free(Ws);
    free(ps);
    return rc;
}

int ladro_sim_latency_main(int argc, char **argv, int sweep)
{
    const char *mode = sweep ? "sweep" : "latency";
    ladro__opts_t o;
    ladro__args_t a;
    memset(&o, 0, sizeof o);
    int rc = ladro__parse(argc, argv, mode, &o, &a);
    if (rc)
        return rc == 1 ? 0 : rc;
    ladro_sim_json_t j;
    if (ladro_sim_json_begin(mode, a.jsonp, &j))
        return 2;
    rc = sweep ? ladro__sweep(&o, &a) : ladro__latency(&o, &a);
    return ladro_sim_json_end(mode, &j, rc == 0) ? 1 : rc;
}

int ladro_sim_limit_main(int argc, char **argv)
{
    ladro__opts_t o;
    ladro__args_t a;
    memset(&o, 0, sizeof o);
    int rc = ladro__parse(argc, argv, "limit", &o, &a);
    if (rc)
        return rc == 1 ? 0 : rc;
    return ladro__limit(&o, &a);
}
