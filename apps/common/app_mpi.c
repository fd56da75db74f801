/* The start of every ladro program: app_mpi.h. */
#include "app_mpi.h"

#include "app_cli.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int app_mpi_init(int *argc, char ***argv, const char *prog, int level, app_mpi_t *out)
{
    MPI_Init_thread(argc, argv, level, &out->provided);
    MPI_Comm_rank(MPI_COMM_WORLD, &out->rank);
    MPI_Comm_size(MPI_COMM_WORLD, &out->size);
    const char *enp = getenv("LADRO_EXPECT_NP");
    if (enp && *enp && atoi(enp) != out->size) {
        if (out->rank == 0)
            fprintf(stderr, "%s: LADRO_EXPECT_NP=%s but the communicator has %d ranks "
                    "(wrong MPI launcher?)\n", prog, enp, out->size);
        MPI_Finalize();
        return 1;
    }
    return 0;
}

int app_leader_thread_level(bool leader_listed)
{
    const char *osc = getenv("OMPI_MCA_osc");
    bool want = leader_listed && !(osc && strstr(osc, "pt2pt"));
#ifdef SMPI_H
    want = false; /* SMPI's ranks cannot start threads that call MPI */
#endif
    return want ? MPI_THREAD_MULTIPLE : MPI_THREAD_SINGLE;
}

int app_thread_level(int argc, char **argv, bool leader_listed)
{
    int level = app_leader_thread_level(leader_listed);
    const char *t = getenv("LADRO_THREADS");
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--threads") && i + 1 < argc)
            t = argv[i + 1];
        else if (!strncmp(argv[i], "--threads=", 10))
            t = argv[i] + 10;
        else if (!strncmp(argv[i], "--threads-profile", 17))
            t = "2"; /* profiles run 1 to 24 workers per rank */
    }
    /* a malformed value is the parser's to refuse; here only "more than one?" */
    /* LADRO_PAPER=1: baseline and successonly run the paper's communication worker
     * beside computation workers (threads >= 2) */
    const char *paper = getenv("LADRO_PAPER");
    bool workers = (t && strtol(t, NULL, 10) > 1) || (paper && !strcmp(paper, "1"));
    if (workers && level < MPI_THREAD_FUNNELED)
        level = MPI_THREAD_FUNNELED;
    return level;
}

int app_mpi_parse_exit(int prc)
{
    MPI_Finalize();
    return prc == 1 ? 0 : 2;
}

bool app_mpi_start(int *argc, char ***argv, const char *prog, int level, app_parse_fn parse,
                   void *opts, app_mpi_t *out, int *status)
{
    *status = app_mpi_init(argc, argv, prog, level, out);
    if (*status)
        return false;
    char err[512]; /* rank 0's parser has printed it */
    int prc = parse(*argc, *argv, opts, out->rank != 0, err, sizeof err);
    if (prc)
        *status = app_mpi_parse_exit(prc);
    return prc == 0;
}

bool app_mpi_start_threads(int *argc, char ***argv, const char *prog, app_parse_fn parse,
                           void *opts, const int *threads, app_mpi_t *out, int *status)
{
    if (!app_mpi_start(argc, argv, prog, app_thread_level(*argc, *argv, false), parse, opts,
                       out, status))
        return false;
    if (*threads > 0)
        app_warn_threads(prog, (uint32_t)*threads, out->rank != 0);
    return true;
}

int app_root_status(int bad)
{
    MPI_Bcast(&bad, 1, MPI_INT, 0, MPI_COMM_WORLD);
    return bad;
}
