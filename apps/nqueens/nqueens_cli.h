/* ladro-nqueens's command line (no MPI call): nq_parse, used by main and by the fuzz
 * harness tests/fuzz/fuzz_nqueens_cli.c. */
#ifndef LADRO_NQUEENS_CLI_H
#define LADRO_NQUEENS_CLI_H

#include "app_opts.h"
#include "nqueens.h"

#include <stddef.h>
#include <stdint.h>

typedef struct nq_opts {
    int n, cutoff;
    int upto;        /* --upto: every n' in [1, n] */
    int sequential;  /* --sequential: plain count on rank 0 */
    int quiet;
    int have_expect;
    uint64_t expect;
    app_run_opts_t run; /* --policy, --threads, --max-failed */
} nq_opts_t;

/* The defaults of -n and --cutoff. */
#define NQ_DEFAULT_N 14
#define NQ_DEFAULT_CUTOFF 6
/* The option rows of the board flags (ladroi_opt_t, src/opts.h) into two ints, shared
 * with ladro-sim policy --app nqueens; seen_at (int *, or NULL) is both rows' .seen. */
#define NQ_BOARD_OPTS(n_dest, cutoff_dest, seen_at)                                       \
    {NULL, 'n', LADROI_OPT_INT, n_dest, 1, NQ_MAX_N, .arg = "N",                        \
     .help = "board size, 1..32 (default 14)",                                          \
     .accepted = "accepted: a board size, an integer in [1, 32]", .seen = seen_at},        \
    {"--cutoff", 0, LADROI_OPT_INT, cutoff_dest, 0, NQ_MAX_N, .arg = "DEPTH",           \
     .help = "no new tasks below this depth, 0..N (default 6; capped at N)",            \
     .accepted = "accepted: a cutoff depth, an integer in [0, 32]", .seen = seen_at}

/* out: an nq_opts_t (void *: an app_parse_fn for app_mpi_start). 0 run, 1 help printed
 * (unless quiet), 2 usage error: the one-line message in err and, unless quiet, on
 * stderr. */
int nq_parse(int argc, char **argv, void *out, int quiet, char *err, size_t errlen);

#endif
