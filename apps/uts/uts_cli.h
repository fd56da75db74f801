/* ladro-uts's command line (no MPI call): uts_parse, used by main and by the fuzz
 * harness tests/fuzz/fuzz_uts_cli.c. */
#ifndef LADRO_UTS_CLI_H
#define LADRO_UTS_CLI_H

#include "app_opts.h"
#include "uts_tree.h"

#include <stddef.h>
#include <stdint.h>

typedef struct uts_opts {
    uts_params_t tree;
    int sequential;      /* --sequential: plain DFS on rank 0 only */
    int verify;          /* --verify: also run the plain DFS on rank 0 and compare */
    int portable_sha1;   /* --portable-sha1: no SHA extensions */
    int quiet;
    int have_expect;
    uts_counts_t expect; /* --expect N,L,D */
    double ref_rate;     /* --ref-rate: nodes/s of the 1-rank run, for efficiency */
    uint32_t keep;       /* --keep: ladro tasks kept private (cfg.chunk) */
    app_run_opts_t run;  /* --policy, --threads, --max-failed */
} uts_opts_t;

/* out: a uts_opts_t (void *: an app_parse_fn for app_mpi_start). 0 run, 1 help printed
 * (unless quiet), 2 usage error: the one-line message in err and, unless quiet, on
 * stderr. */
int uts_parse(int argc, char **argv, void *out, int quiet, char *err, size_t errlen);

#endif
