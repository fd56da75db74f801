/* shots.c — a seismic-style shot loop with ladro: the static `for (shot = ...)` loop of a
 * modeling code, replaced by a pool of shots that ranks steal from each other.
 *
 * Rank 0 seeds every shot (as a code that reads its acquisition geometry on one rank);
 * the other ranks start empty and steal. Each shot carries its input inline (the source
 * position, the number of time steps), runs a small 1-D finite-difference wave
 * propagation, and sends a result (the energy recorded at a receiver) home to the rank
 * that seeded it. Rank 0 then checks that every shot's result came back exactly once and
 * equals a serial recomputation: the result does not depend on the rank that ran it.
 *
 * Build: mpicc -O2 shots.c $(pkg-config --cflags --libs ladro) -lm -o shots
 *    or: CMake, find_package(ladro) and target_link_libraries(shots PRIVATE ladro::ladro)
 * Run:   mpirun -np 4 ./shots            (LADRO_POLICY=a2ws mpirun ... picks a policy) */
#include <ladro.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#define NSHOTS 48
#define NX 1500 /* grid points of the 1-D model */
#define PI 3.14159265358979323846

typedef struct shot {   /* the task's payload: what the shot needs, moved with it */
    double source_x;    /* source position, in grid points */
    int nt;             /* time steps: shots differ in cost */
} shot_t;

typedef struct result { /* what goes home: cfg.result_bytes = sizeof(result_t) */
    double energy;
    int ran_on;
} result_t;

/* Shot s of the survey (rank 0 seeds them; the check recomputes them). */
static shot_t shot_of(uint64_t s)
{
    return (shot_t){.source_x = 100 + 25.0 * (double)s, .nt = 400 + 200 * (int)(s % 5)};
}

/* The shot's "physics": u_tt = c^2 u_xx with a Ricker source, energy at a receiver. */
static double propagate(const shot_t *s)
{
    double u[3][NX] = {{0}}; /* previous, current, next time step */
    const double c2 = 0.25, f = 0.02; /* (c dt/dx)^2 and the wavelet's frequency */
    int src = (int)s->source_x, rec = NX / 2;
    double energy = 0;
    for (int t = 0; t < s->nt; t++) {
        double *um = u[t % 3], *uc = u[(t + 1) % 3], *up = u[(t + 2) % 3];
        for (int i = 1; i < NX - 1; i++)
            up[i] = 2 * uc[i] - um[i] + c2 * (uc[i + 1] - 2 * uc[i] + uc[i - 1]);
        double a = PI * f * (t - 60), r = (1 - 2 * a * a) * exp(-a * a); /* Ricker */
        up[src] += r;
        energy += up[rec] * up[rec];
    }
    return energy;
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    char err[256] = "";
    ladro_config_t cfg;
    ladro_config_init(&cfg);
    cfg.task_bytes = sizeof(shot_t);     /* every task carries one shot_t */
    cfg.result_bytes = sizeof(result_t); /* and sends one result_t home */
    ladro_t *lb = NULL;
    int rc = ladro_config_from_env(&cfg, err, sizeof err); /* LADRO_POLICY=..., etc. */
    if (rc == LADRO_OK)
        rc = ladro_create(MPI_COMM_WORLD, &cfg, &lb, err, sizeof err);
    if (rc != LADRO_OK) {
        fprintf(stderr, "shots: %s: %s\n", ladro_err_name(rc), err);
        MPI_Finalize();
        return 1;
    }
    int rank = ladro_rank(lb), size = ladro_size(lb);

    if (rank == 0) /* seed every shot here; ladro_push copies the payload */
        for (int s = 0; s < NSHOTS && rc == LADRO_OK; s++) {
            shot_t shot = shot_of((uint64_t)s);
            rc = ladro_push(lb, &(ladro_task_t){.id = (uint64_t)s, .payload = &shot});
        }

    /* The loop every rank runs: a local shot, or one stolen from another rank. */
    ladro_task_t task;
    int ran = 0;
    while (rc == LADRO_OK && (rc = ladro_next(lb, &task)) == LADRO_OK) {
        result_t res = {.energy = propagate(task.payload), .ran_on = rank};
        rc = ladro_result(lb, &res); /* sent to task.origin (rank 0) by the library */
        ran++;
    }
    if (rc != LADRO_DONE)
        fprintf(stderr, "shots: rank %d: %s: %s\n", rank, ladro_err_name(rc),
                ladro_last_error(lb));

    /* LADRO_DONE means every result is home: rank 0 takes them and checks each. */
    int bad = rc != LADRO_DONE; /* this rank's verdict, agreed on at the end */
    if (rank == 0) {
        int seen[NSHOTS] = {0}, wrong = 0, from_others = 0;
        uint64_t id;
        result_t res;
        while (ladro_result_next(lb, &id, &res) == LADRO_OK) {
            shot_t shot = shot_of(id); /* the same shot run here: bit for bit the same */
            if (id >= NSHOTS || seen[id]++ || res.energy != propagate(&shot))
                wrong++;
            from_others += res.ran_on != 0;
        }
        int missing = 0;
        for (int s = 0; s < NSHOTS; s++)
            missing += seen[s] == 0;
        printf("shots: %d shots, %d results home (%d computed on other ranks), %d missing, "
               "%d wrong or duplicated\n", NSHOTS, NSHOTS - missing, from_others, missing,
               wrong);
        bad |= missing || wrong;
    }
    int ran_all[64] = {0}; /* who ran how many (first 64 ranks) */
    if (size <= 64) {
        MPI_Gather(&ran, 1, MPI_INT, ran_all, 1, MPI_INT, 0, MPI_COMM_WORLD);
        if (rank == 0) {
            printf("shots: per rank:");
            for (int r = 0; r < size; r++)
                printf(" %d", ran_all[r]);
            printf("\n");
        }
    }
    MPI_Allreduce(MPI_IN_PLACE, &bad, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
    ladro_destroy(&lb);
    MPI_Finalize();
    return bad ? 1 : 0;
}
