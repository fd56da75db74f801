/* ladro-nqueens's command line: one table (src/opts.h). */
#include "nqueens_cli.h"

#include "opts.h"

#include <string.h>

int nq_parse(int argc, char **argv, void *out, int quiet, char *err, size_t errlen)
{
    nq_opts_t *o = out;
    memset(o, 0, sizeof *o);
    o->n = NQ_DEFAULT_N;
    o->cutoff = NQ_DEFAULT_CUTOFF;
    o->run.max_failed = -1;
    const ladroi_opt_t opts[] = {
        NQ_BOARD_OPTS(&o->n, &o->cutoff, NULL),
        app_opt_policy(o->run.policy, sizeof o->run.policy),
        app_opt_threads(&o->run.threads, "worker threads per rank (default: LADRO_THREADS, "
                                         "else 1)"),
        {"--upto", 0, LADROI_OPT_FLAG, &o->upto,
         .help = "solve every board size 1..N in turn (one launch)"},
        {"--sequential", 0, LADROI_OPT_FLAG, &o->sequential,
         .help = "plain sequential count on rank 0, no runtime"},
        {"--expect", 0, LADROI_OPT_U64, &o->expect, 0, 18446744073709551615.0, .arg = "S",
         .help = "exit 1 unless the count is S (N <= 20 is always checked against\n"
                 "OEIS A000170)",
         .accepted = "accepted: a non-negative integer", .seen = &o->have_expect},
        app_opt_max_failed(&o->run.max_failed),
        APP_OPT_QUIET(&o->quiet),
        {"--help", 'h', LADROI_OPT_HELP, .help = "this text"},
        {NULL, 'c', LADROI_OPT_RENAMED, .data = "--cutoff"}, /* -c is ladro-uts's NODES */
        APP_OPT_RENAMED,
        {0},
    };
    const ladroi_cli_t cli = {
        .prog = "ladro-nqueens",
        .usage = "usage: ladro-nqueens [-n N] [--cutoff DEPTH] [options]\n"
                 "Counts the placements of N non-attacking queens on an N x N board. Every "
                 "partial\nplacement of at most DEPTH rows is a ladro task; deeper ones are "
                 "searched\nsequentially inside the task at the cutoff. The paper's runs: "
                 "-n 18 --cutoff 6.\n",
        .epilog = APP_ENV_EPILOG,
        .opts = opts,
        .quiet = quiet != 0,
    };
    return ladroi_cli_parse(&cli, argc, argv, err, errlen);
}
