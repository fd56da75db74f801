/* Shared helpers of the ladro-sim command line (parsing, statistics, output). */
#ifndef LADRO_SIM_CLI_H
#define LADRO_SIM_CLI_H

#include <stdint.h>
#include <stdio.h>

/* Parse an integer written as "100000000" or "1e8"; -1 with a message in err on failure. */
int ladro_sim_parse_i64(const char *s, int64_t lo, int64_t hi, int64_t *out);
int ladro_sim_parse_f64(const char *s, double lo, double hi, double *out);
/* Parse a comma list of integers into a malloc'd array; returns count or -1. */
int ladro_sim_parse_i64_list(const char *s, int64_t lo, int64_t hi, int64_t **out);

typedef struct {
    double mean, sd, min, q1, median, q3, max;
} ladro_sim_stats_t;
/* Summary of n values (sorts v in place). Quartiles interpolate linearly (R type 7). */
void ladro_sim_summarize(double *v, size_t n, ladro_sim_stats_t *st);


/* Print one-line error "ladro-sim <mode>: <msg>" to stderr; returns 2. */
int ladro_sim_usage_error(const char *mode, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

int ladro_sim_latency_main(int argc, char **argv, int sweep);
int ladro_sim_limit_main(int argc, char **argv);
int ladro_sim_policy_main(int argc, char **argv);
int ladro_sim_pajecheck_main(int argc, char **argv);

#endif
