/* Emulated rank speeds (pure, no MPI): a speed spec is a comma list of positive numbers
 * cycled over the ranks, or one of the A2WS Table 2 profiles C1..C5 (Fernandes et al.,
 * heterogeneous configurations). src/config.c's ladro_speed_of and ladro-sim's --speed
 * both resolve specs here, so the runtime and the simulator see the same speeds. */
#ifndef LADRO_SPEED_H
#define LADRO_SPEED_H

#include <stddef.h>

/* The speed of `rank` of nranks relative to the fastest rank, in (0, 1]. 0, or -1 with a
 * one-line message in err naming the spec and what is accepted. */
int ladroi_speed_of(const char *spec, int rank, int nranks, double *speed, char *err,
                    size_t errlen);

/* The cores of the node `rank` of nranks maps to in A2WS profile Cc (c in 1..5): 1, 2,
 * 4, 8, 16 or 24; -1 for arguments out of range. (ladro-synth --threads-profile runs that
 * many worker threads per rank.) */
int ladroi_profile_cores(int c, int rank, int nranks);

#endif
