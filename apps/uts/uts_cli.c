/* ladro-uts's command line: one table (src/opts.h); the tree flags are the reference's,
 * applied by uts_params_set. */
#include "uts_cli.h"

#include "opts.h"
#include "util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A tree flag (data: "-t", "-b", ...): uts_params_set says "-t '5': accepted: ...";
 * the parser names flag and value itself, so keep what follows them. */
int uts_opt_tree(const ladroi_opt_t *opt, const char *v, void *ctx, char *msg,
                         size_t msglen)
{
    (void)ctx;
    char err[512], pre[96];
    if (uts_params_set(opt->dest, opt->data, v, err, sizeof err) == 0)
        return 0;
    snprintf(pre, sizeof pre, "%s '%s': ", (const char *)opt->data, v);
    size_t n = strlen(pre);
    snprintf(msg, msglen, "%s", strncmp(err, pre, n) ? err : err + n);
    return -1;
}

/* --expect NODES,LEAVES,DEPTH */
static int uts__opt_expect(const ladroi_opt_t *opt, const char *v, void *ctx, char *msg,
                           size_t msglen)
{
    (void)ctx, (void)msg, (void)msglen;
    uts_counts_t *e = opt->dest;
    int64_t *x;
    int n = ladroi_parse_i64_list(v, 0, INT64_MAX, &x);
    if (n != 3) {
        if (n > 0)
            free(x);
        return -1;
    }
    e->nodes = (uint64_t)x[0];
    e->leaves = (uint64_t)x[1];
    e->max_depth = x[2];
    free(x);
    return 0;
}

/* --help: the first lines, the table, then these. */
static const char uts__usage[] =
    "usage: ladro-uts [tree flags] [options]\n"
    "Unbalanced Tree Search (UTS) on ladro: counts the nodes, leaves and depth of an\n"
    "implicit random tree whose nodes are spread over the ranks by work stealing.\n";
static const char uts__epilog[] =
    "output: the reference's lines (Tree type:, Tree shape parameters:, Random number\n"
    "generator:, Compute granularity:, Execution strategy:, Tree size = ..., Wallclock\n"
    "time = ...), then ladro's (its line names the SHA-1 used), timings and statistics.\n"
    "sample trees (the reference's, exact counts in docs/uts.md):\n"
    "  T1 -t 1 -a 3 -d 10 -b 4 -r 19          T2 -t 1 -a 2 -d 16 -b 6 -r 502\n"
    "  T3 -t 0 -b 2000 -q 0.124875 -m 8 -r 42  T4 -t 2 -a 0 -d 16 -b 6 -r 1 -q 0.234375 -m 4\n"
    "  T5 -t 1 -a 0 -d 20 -b 4 -r 34          (L, XL, XXL, WL variants in docs/uts.md)\n"
    APP_ENV_EPILOG;

int uts_parse(int argc, char **argv, void *out, int quiet, char *err, size_t errlen)
{
    uts_opts_t *o = out;
    memset(o, 0, sizeof *o);
    o->run.max_failed = -1;
    uts_params_default(&o->tree);
    int chunk = 0;
    const ladroi_opt_t opts[] = {
        {.kind = LADROI_OPT_TEXT, .help = "tree flags (as the UTS reference, with its defaults):"},
        UTS_TREE_OPTS(&o->tree, NULL),
        {.kind = LADROI_OPT_TEXT, .help = "ladro flags:"},
        UTS_CHUNK_OPTS(&o->tree, NULL),
        {.kind = LADROI_OPT_TEXT, .help = "options:"},
        app_opt_policy(o->run.policy, sizeof o->run.policy),
        {"--chunk", 0, LADROI_OPT_INT, &chunk, 1, 65536, .arg = "N", .help = APP_CHUNK_HELP},
        app_opt_threads(&o->run.threads, "worker threads per rank, each with its own DFS "
                                         "stack (default:\nLADRO_THREADS, else 1)"),
        {"--sequential", 0, LADROI_OPT_FLAG, &o->sequential,
         .help = "plain sequential DFS on rank 0, no runtime (cost baseline)"},
        {"--verify", 0, LADROI_OPT_FLAG, &o->verify,
         .help = "after the parallel search, rank 0 repeats it sequentially and\n"
                 "compares the counts and the CPU cost per node"},
        {"--expect", 0, LADROI_OPT_FN, &o->expect, .arg = "N,L,D",
         .help = "exit 1 unless nodes, leaves and depth are exactly these",
         .accepted = "accepted: NODES,LEAVES,DEPTH (three integers)", .fn = uts__opt_expect,
         .seen = &o->have_expect},
        {"--ref-rate", 0, LADROI_OPT_DOUBLE, &o->ref_rate, 1e-300, 1e300, .arg = "R",
         .help = "nodes/s of the 1-rank run: prints efficiency = rate/(P*R)",
         .accepted = "accepted: a positive number of nodes per second"},
        app_opt_max_failed(&o->run.max_failed),
        {"--portable-sha1", 0, LADROI_OPT_FLAG, &o->portable_sha1,
         .help = "do not use the CPU's SHA extensions"},
        APP_OPT_QUIET(&o->quiet),
        {"--help", 'h', LADROI_OPT_HELP, .help = "this text"},
        APP_OPT_RENAMED,
        {0},
    };
    const ladroi_cli_t cli = {
        .prog = "ladro-uts",
        .usage = uts__usage,
        .epilog = uts__epilog,
        .opts = opts,
        .quiet = quiet != 0,
    };
    int rc = ladroi_cli_parse(&cli, argc, argv, err, errlen);
    o->chunk = (uint32_t)chunk;
    return rc;
}
