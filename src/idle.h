/* What an idle rank does between rounds (src/idle.c). Never installed. */
#ifndef LADRO_IDLE_H
#define LADRO_IDLE_H

#include "ladro.h"

#include <stdbool.h>

/* Collective (ladro_create): resolve cfg.idle's auto from the node's ranks and cores. */
int ladroi_idle_init(ladro_t *lb);
/* The pause between two idle rounds: spin (poll for messages, back at one) or back off. */
int ladroi_idle_pause(ladro_t *lb);
/* The cap of the doubling back-off sleep, in microseconds: max_us, lowered to share
 * times pace_s (seconds per task) when both are positive, and never under min_us. Pure. */
double ladroi_idle_cap(double min_us, double max_us, double share, double pace_s);
/* ladroi_idle_cap of this rank: backoff_min_us, backoff_max_us, backoff_pace and its
 * pace (ladroi_own_pace; 0 before its first task). */
double ladroi_idle_cap_us(const ladro_t *lb);
/* The doubling wait after one of us microseconds: twice us, at most ladroi_idle_cap_us.
 * Every doubling wait of a rank (the core's back-off, successonly's registrations, the
 * hub of threads, smallworld's overlay barrier) steps with it. */
double ladroi_idle_next_us(const ladro_t *lb, double us);
/* How long a policy may wait inside one on_idle call (for a reply, a grant) before it
 * returns and lets the core run a round (termination waves, progress): backoff_min_us
 * when spinning, so the waves are never held up; ladroi_idle_cap_us when backing off. */
double ladroi_idle_wait_cap_us(const ladro_t *lb);
/* One nap of a policy that waits inside on_idle for a one-sided answer: backoff_min_us,
 * cut short by a message on engines that can (src/engine.h). *leave: a message came for
 * the handle's channel (a wave, a token's wake-up): return to the core, which serves it,
 * and wait again at the next call. */
int ladroi_idle_nap(ladro_t *lb, bool *leave);
/* Between two remote operations of a policy's idle round (on_idle, and on_progress when
 * the core's idle loop calls it): has a message come since this rank last looked? One
 * probe, no wait. *yield: end the round now and return to the core, which serves the
 * message at once (no pause) and calls the policy again; the policy resumes the round
 * where it stopped, so its decisions are those of an uninterrupted round. Always false
 * outside the core's idle round (a busy rank serving the protocol between tasks, the
 * hub of threads): there the round is not cut. */
int ladroi_idle_yield(ladro_t *lb, bool *yield);

/* Victims an idle round of direct steal attempts tries before the core's pause (random,
 * smallworld, baseline and a ctws rank without its token outside paper=1): at 1 024
 * simulated ranks 16 against one a round made random's gauss70-10 2 % faster and
 * smallworld's N-Queens and UTS backing off 1.7x
 * (bench/defaults/README.md, "Idle pauses" and "The policies by name"). */
#define LADROI_ROUND_DRAWS 16
/* One idle round: step(lb, ctx) up to `draws` times, serving a message between two
 * (ladroi_idle_yield). Returns what ended it: a step's non-zero result (> 0: tasks came;
 * < 0: an error), or 0 after `draws` steps or at a message (the core serves it). */
int ladroi_idle_round(ladro_t *lb, int draws, int (*step)(ladro_t *lb, void *ctx), void *ctx);
/* random's search step, for ladroi_idle_round: one claim at a victim drawn uniformly among
 * the other ranks, of its oldest public task (paper=1: half of them, the classic rule);
 * 1 when tasks came, 0 for an empty victim (a failed steal). ctx unused. random's whole
 * search, and the search of a ctws rank waiting for its token. */
int ladroi_random_step(ladro_t *lb, void *ctx);

#endif
