/* ladro-bench's run description and command line (bench_cli.c, no MPI call: used by
 * main and by the fuzz harness tests/fuzz/fuzz_bench_cli.c). */
#ifndef LADRO_BENCH_H
#define LADRO_BENCH_H

#include "app_opts.h" /* app_emulation_t */
#include "workload.h"

#include <ladro.h>

#include <stdbool.h>
#include <stdint.h>

#define MAX_POL 16
#define MAX_CONF 32
#define MAX_TPR 8

typedef struct run {
    int conf, pol, repeat;
    double makespan, lower_bound, idle_mean, idle_max; /* the tables' medians */
    uint64_t steals_ok, steals_failed, tasks_moved;
    bool verified;
    ladro_stats_t st; /* what the files get (ladro_stats_write); st.ranks on rank 0 only */
} run_t;

typedef struct bench {
    const char *scenario;
    char policies[MAX_POL][64]; /* entry as given: NAME or NAME:key=value[:key=value] */
    int npol;
    char speeds[MAX_CONF][LADRO_PATH_MAX];
    int nspeed;
    uint64_t tpr[MAX_TPR];
    int ntpr;
    int repeat;
    wl_spec_t wl;
    ladro_config_t base;
    app_emulation_t emu; /* --emulate (its speed: each configuration's spec) */
    const char *csv, *json, *ranks_csv;
    int quiet, progress; /* --quiet; --progress (default) / --no-progress */
    /* results (rank 0) */
    run_t *runs;
    int nruns;
} bench_t;

/* Defaults, LADRO_* environment, the flags, then the scenario's defaults for what the
 * flags left open; size: the rank count (speed specs are checked for it). 0 run, 1 help
 * printed, 2 usage error (rank 0 printed one line). */
int bench_parse(int argc, char **argv, bench_t *b, int rank, int size);

/* One --policy entry: NAME, or NAME:key=value[:key=value...] (configuration keys that
 * apply to that entry's runs only) applied to a copy of base. 0, or 1 with a message. */
int bench_apply_entry(const ladro_config_t *base, const char *entry, ladro_config_t *cfg,
                      char *err, size_t errlen);

#endif
