/* ladro-gantt: a task trace (any format LADRO_TRACE writes: CSV, Paje, Chrome JSON) ->
 * SVG Gantt chart. The CSV reader and the writer (gantt.c), the Paje and JSON readers
 * (gantt_formats.c), the command line (gantt_cli.c) and main (gantt_main.c); the fuzz
 * harness tests/fuzz/fuzz_gantt.c links all but main. */
#ifndef LADRO_GANTT_H
#define LADRO_GANTT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

typedef struct rec {
    char kind; /* 't' task, 'i' idle, 's' steal, 'm' msg, 'd' done */
    int rank, peer;
    int worker; /* task records with threads > 1: the worker that ran it; else -1 */
    double t0, t1;
    unsigned long long id;
    unsigned count;
    bool has_id; /* the trace names the task (not Paje) */
} rec_t;

typedef struct gantt_opts {
    const char *in, *out, *title;
    double width;
    int max_arrows;
} gantt_opts_t;

/* 0 run, 1 help printed, 2 usage error (one line on stderr). */
int gantt_parse(int argc, char **argv, gantt_opts_t *o);

/* Read a trace from f (path names it in messages; f is closed), in the format its first
 * byte shows: '{' Chrome JSON, '%' Paje, else CSV; returns the records and the rank
 * count, or NULL with a one-line message. */
rec_t *gantt_read_trace_stream(FILE *f, const char *path, size_t *n, int *nranks);
rec_t *gantt_read_trace(const char *path, size_t *n, int *nranks);
/* The JSON and Paje readers (gantt_formats.c), the same contract. */
rec_t *gantt_read_json(FILE *f, const char *path, size_t *n, int *nranks);
rec_t *gantt_read_paje(FILE *f, const char *path, size_t *n, int *nranks);
/* Write the chart of n records on P ranks to out (atomically: a temporary, renamed).
 * 0, or 1 with a message. */
int gantt_write_svg(const gantt_opts_t *o, const char *out, const rec_t *r, size_t n, int P);

#endif
