/* The start of every ladro program (apps, tools): MPI initialised the way ladro needs it.
 * Not part of the library's API: a user's program does the same in its own main. */
#ifndef LADRO_APP_MPI_H
#define LADRO_APP_MPI_H

#include <mpi.h>

#include <stdbool.h>
#include <stddef.h>

typedef struct app_mpi {
    int rank, size; /* in MPI_COMM_WORLD */
    int provided;   /* the thread level MPI gives */
} app_mpi_t;

/* The first call of main: MPI_Init_thread asking for `level` (what Open MPI needs before
 * MPI_Init, libladro sets itself: src/engine_mpi.c), and the rank-count check: when
 * LADRO_EXPECT_NP is set and differs from the size of MPI_COMM_WORLD (a binary started by
 * the other MPI library's launcher runs as that many singletons), rank 0 prints one line
 * with `prog` as prefix. Returns 0 with *out filled, or an exit status for main to return (MPI is
 * then finalised). */
int app_mpi_init(int *argc, char ***argv, const char *prog, int level, app_mpi_t *out);

/* After a command-line parser returned prc != 0 (1: help printed, 2: usage error printed):
 * finalises MPI and returns main's exit status, 0 after help, 2 otherwise. */
int app_mpi_parse_exit(int prc);

/* A program's command-line parser, no MPI call: 0 ok, 1 help printed, 2 usage error
 * printed; quiet (ranks other than 0) prints nothing. opts: the program's options; err: the
 * one-line usage error, also when quiet (a fuzz harness checks it). */
typedef int (*app_parse_fn)(int argc, char **argv, void *opts, int quiet, char *err,
                            size_t errlen);

/* app_mpi_init, then parse on every rank (rank 0 prints). Returns true to go on; false
 * with *status main's exit status (MPI is then finalised). */
bool app_mpi_start(int *argc, char ***argv, const char *prog, int level, app_parse_fn parse,
                   void *opts, app_mpi_t *out, int *status);

/* app_mpi_start for a program with the option --threads N whose parser stores N in
 * *threads (a field of opts): MPI at the level app_thread_level gives, and one warning
 * (rank 0) when the threads outnumber the cores. */
bool app_mpi_start_threads(int *argc, char ***argv, const char *prog, app_parse_fn parse,
                           void *opts, const int *threads, app_mpi_t *out, int *status);

/* The outcome rank 0 decided (checks, files it wrote), returned on every rank so that
 * every rank exits with it. Collective. */
int app_root_status(int bad);

/* The thread level for a program that may run the leader policy (leader_listed):
 * MPI_THREAD_MULTIPLE for the leader's service thread (A2WS's LW), unless Open MPI's
 * osc pt2pt is forced (it refuses windows under MPI_THREAD_MULTIPLE; the leader then
 * serves from ladro_next); MPI_THREAD_SINGLE otherwise. */
int app_leader_thread_level(bool leader_listed);

/* The thread level for a program with the option --threads N (and LADRO_THREADS): the
 * leader's level (above), raised to MPI_THREAD_FUNNELED when more than one worker thread
 * per rank is asked for, or LADRO_PAPER=1 (the paper's communication worker) (only the thread that runs ladro_run calls MPI; ladro_create
 * refuses threads > 1 under MPI_THREAD_SINGLE). Reads argv before MPI_Init. */
int app_thread_level(int argc, char **argv, bool leader_listed);

#endif
