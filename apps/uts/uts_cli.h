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
    uint32_t chunk;      /* --chunk: ladro tasks kept private (cfg.chunk; 0: not given) */
    app_run_opts_t run;  /* --policy, --threads, --max-failed */
} uts_opts_t;

/* The option rows of the tree flags (ladroi_opt_t, src/opts.h), shared with ladro-sim
 * policy --app uts: uts_opt_tree applies the flag named by .data to the uts_params_t at
 * .dest with uts_params_set; seen_at (int *, or NULL) is every row's .seen. */
int uts_opt_tree(const ladroi_opt_t *opt, const char *v, void *ctx, char *msg,
                 size_t msglen);
#define UTS_OPT_ROW(c, dest, seen_at, name, text)                                        \
    {NULL, c, LADROI_OPT_FN, dest, .arg = name, .help = text, .fn = uts_opt_tree,       \
     .data = (const char[]){'-', c, 0}, .seen = seen_at}
/* -t -b -a -d -q -m -r -f -g: the tree (the UTS reference's flags and defaults). */
#define UTS_TREE_OPTS(dest, seen_at)                                                         \
    UTS_OPT_ROW('t', dest, seen_at, "TYPE", "0 binomial, 1 geometric, 2 hybrid, 3 balanced (default 1)"), \
    UTS_OPT_ROW('b', dest, seen_at, "B0", "root branching factor; balanced: every node's, truncated (4)"), \
    UTS_OPT_ROW('a', dest, seen_at, "SHAPE", "geometric shape: 0 linear, 1 exp. decreasing, 2 cyclic,\n" \
                                    "3 fixed (0)"),                                     \
    UTS_OPT_ROW('d', dest, seen_at, "GEN_MX", "geometric/hybrid depth parameter; balanced: the depth (6)"), \
    UTS_OPT_ROW('q', dest, seen_at, "PROB", "binomial: probability that a node has children (0.234375)"), \
    UTS_OPT_ROW('m', dest, seen_at, "M", "binomial: number of children of a non-leaf (4)"),      \
    UTS_OPT_ROW('r', dest, seen_at, "SEED", "root seed (0)"),                                    \
    UTS_OPT_ROW('f', dest, seen_at, "FRAC", "hybrid: geometric above depth FRAC*GEN_MX, binomial from\n" \
                                   "there (0.5)"),                                      \
    UTS_OPT_ROW('g', dest, seen_at, "GRAN", "compute granularity: SHA-1 evaluations per child (1)")
/* -c -i: how the search hands nodes to ladro. */
#define UTS_CHUNK_OPTS(dest, seen_at)                                                        \
    UTS_OPT_ROW('c', dest, seen_at, "NODES", "nodes per ladro task (the reference's chunk size; 8)"), \
    UTS_OPT_ROW('i', dest, seen_at, "POLL", "call ladro_progress every POLL nodes (10)")

/* out: a uts_opts_t (void *: an app_parse_fn for app_mpi_start). 0 run, 1 help printed
 * (unless quiet), 2 usage error: the one-line message in err and, unless quiet, on
 * stderr. */
int uts_parse(int argc, char **argv, void *out, int quiet, char *err, size_t errlen);

#endif
