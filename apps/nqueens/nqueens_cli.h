/* ladro-nqueens's command line (no MPI call): nq_parse, used by main and by the fuzz
 * harness tests/fuzz/fuzz_nqueens_cli.c. */
#ifndef LADRO_NQUEENS_CLI_H
#define LADRO_NQUEENS_CLI_H

#include "app_opts.h"

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

/* out: an nq_opts_t (void *: an app_parse_fn for app_mpi_start). 0 run, 1 help printed
 * (unless quiet), 2 usage error: the one-line message in err and, unless quiet, on
 * stderr. */
int nq_parse(int argc, char **argv, void *out, int quiet, char *err, size_t errlen);

#endif
