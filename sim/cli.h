/* Shared helpers of the ladro-sim command line (parsing, statistics, output). */
#ifndef LADRO_SIM_CLI_H
#define LADRO_SIM_CLI_H

#include "opts.h"
#include "util.h"

#include <stdint.h>
#include <stdio.h>

/* Numbers are parsed by src/util.h (ladroi_parse_i64, _double, _i64_list) and options
 * by src/opts.h, as in every ladro program. */

typedef struct {
    double mean, sd, min, q1, median, q3, max;
} ladro_sim_stats_t;
/* Summary of n values (sorts v in place). Quartiles interpolate linearly (R type 7). */
void ladro_sim_summarize(double *v, size_t n, ladro_sim_stats_t *st);


/* Print one-line error "ladro-sim <mode>: <msg>" to stderr; returns 2. The modes'
 * main functions take argv[0] = the mode's name, then its arguments. */
int ladro_sim_usage_error(const char *mode, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

/* --json FILE: what the mode prints on stdout goes into FILE instead, written whole or
 * not at all (a temporary, renamed by ladro_sim_json_end when ok). path NULL or "-":
 * stdout, nothing to do. begin: 0, or 2 with the usage error printed. */
typedef struct {
    const char *path;
    char tmp[4104];
    int saved; /* stdout's descriptor while redirected, else -1 */
} ladro_sim_json_t;
int ladro_sim_json_begin(const char *mode, const char *path, ladro_sim_json_t *j);
/* Back to stdout; keeps FILE when ok. 0, or 1 with a message (FILE not written). */
int ladro_sim_json_end(const char *mode, ladro_sim_json_t *j, int ok);

int ladro_sim_latency_main(int argc, char **argv, int sweep);
int ladro_sim_limit_main(int argc, char **argv);
int ladro_sim_policy_main(int argc, char **argv);
int ladro_sim_pajecheck_main(int argc, char **argv);

#endif
