/* Injected delays for stress runs (rma_delay.c): a program linking the rma_delay
 * library delays every one-sided MPI call aimed at another rank (libladro's included)
 * by a uniform random time in [0, max_us] us. Used by ladro-synth --delay-us, the stress
 * campaign and the pool tests; the library itself has no such setting. */
#ifndef LADRO_RMA_DELAY_H
#define LADRO_RMA_DELAY_H

#include <stdint.h>

/* From now on, delay each remote one-sided call by up to max_us (0: off, the default).
 * Any thread, any time; seed makes the draws reproducible per rank and thread. */
void rma_delay_set(double max_us, uint64_t seed);
/* Calls delayed so far in this process (a test checks the wrappers are in place). */
uint64_t rma_delay_count(void);

#endif
