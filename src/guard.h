/* The steal guard (steal_guard=pace; src/guard.c): a heuristic beside the task pool, not
 * inside it. It keeps ranks many times slower than the fastest from taking or keeping
 * tasks that faster ranks would end sooner:
 *
 *  - a thief asks it for a cap before it claims (ladroi_guard_limit): no limit, one task,
 *    or none (the steal is declined: nothing is claimed);
 *  - a victim that promises tasks asks it for the thief's cap (ladroi_guard_grant);
 *  - a slow owner asks it, before it pops, whether to leave its tasks public for faster
 *    thieves instead (ladroi_guard_leave), and after it stole, to expose all but the one
 *    task it runs (ladroi_guard_took);
 *  - a2ws caps its steal equations' amount by the tasks a slow thief ends before the run
 *    does (ladroi_guard_room_now).
 *
 * The pool's claim is correct for every amount in [1, n] (tests/model/pool.pml lets its
 * thieves claim any amount, or decline), so no rule here can lose a task or run one twice:
 * the guard only chooses how many tasks a thief claims and when an owner releases them.
 *
 * Its state: the fastest pace this rank knows, and a window of its own (two doubles per
 * rank: the rank's pace and the fastest it knows, local stores after every task, read by
 * other ranks with one get). The termination waves carry its estimate of the run's
 * remaining time (src/term.c; ladroi_guard_wave fills this rank's part, ladroi_guard_
 * wave_seen reads the sums). */
#ifndef LADRO_GUARD_H
#define LADRO_GUARD_H

#include "engine.h" /* ladroi_win_t */
#include "util.h"   /* ladroi_rng_t */

#include <stdbool.h>
#include <stdint.h>

typedef struct ladroi_guard {
    bool on;          /* steal_guard=pace under a policy it serves (ladroi_guard_on) */
    ladroi_win_t win; /* [0] this rank's pace, [1] the fastest pace it knows (doubles) */
    double ref_pace;  /* the fastest pace this rank knows (0: none) */
    ladroi_rng_t rng; /* whose paces to read after a task */
    uint32_t top;     /* the pool's top the owner last saw, */
    double theft_at;  /* and when it last saw it move (a theft; 0: since its steal) */
    double leave_at;  /* when it began to leave its tasks (0: not) */
    double io_at;     /* when it last published and read paces after a task */
    double sq_s;      /* the sum of its tasks' squared durations (their sum: st.busy_s) */
} ladroi_guard_t;

/* Local, in ladro_create: the switch (cfg.steal_guard under a policy with .guard) and the
 * rumour's random stream (its own: the policy's draws stay those of the guard off). */
void ladroi_guard_init(ladro_t *lb);
/* Collective, after the pool's window: the guard's window, under every policy the guard
 * serves (whatever cfg.steal_guard says on each rank), else none. */
int ladroi_guard_open(ladro_t *lb);
/* Collective when its window was allocated. */
void ladroi_guard_fini(ladro_t *lb);

/* The steal through the guard: look at the victim's word (the pool's ladroi_pool_look),
 * ask the guard for a cap (ladroi_guard_limit; 0: LADROI_STEAL_DECLINED, counted in
 * steals_declined, nothing claimed), claim at most that many (ladroi_pool_claim), and
 * after a steal that brought tasks, ladroi_guard_took. Traced as the pool's steal.
 * Returns LADROI_STEAL_GOT with *got set, LADROI_STEAL_EMPTY, LADROI_STEAL_DECLINED, or
 * a negative error. With the guard off: the pool's steal alone. */
int ladroi_guard_steal(ladro_t *lb, int victim, double fraction, uint32_t max_take,
                       uint32_t *got);

/* A rank's pace: its seconds per task so far (busy time over tasks run, over its
 * workers); 0 before its first task. The guard weighs it, the idle back-off is capped
 * by it (ladroi_idle_cap_us). */
double ladroi_own_pace(const ladro_t *lb);
/* The guard communicates at most this often: paces after a task, a busy rank's wave. Its
 * rules weigh tasks many times this long; under it, its reads and waves cost tiny tasks
 * more than they run (N-Queens 14 on 8 real ranks, tasks of ~7 us: 2.9x the run). */
#define LADROI_GUARD_PERIOD_S 1e-2
/* The guard weighs a rank's pace only once its tasks are alike: two or more, their
 * durations' standard deviation at most LADROI_GUARD_ALIKE times their mean (C5's vary by
 * 0, gauss70-10's uniform ones by 0.29, a search's by several times their mean). Where
 * tasks differ, a pace tells the tasks apart, not the ranks' speeds: on UTS T3L at 2 real
 * ranks a thief whose subtrees were large took itself for 4 times slower than its victim
 * and declined all but 17 steals (7.1 s against 3.5 s); N-Queens 13 on 64 simulated C5
 * ranks took 0.28 s against 0.002. One task cannot tell a slow rank from a long task.
 * n tasks of summed durations sum_s, summed squares sq_s. Pure. */
#define LADROI_GUARD_ALIKE 0.5
bool ladroi_guard_alike(uint64_t n, double sum_s, double sq_s);
/* After a task of `secs` (padded: the rank's own time; step.c has counted it in st),
 * its square counted for LADROI_GUARD_ALIKE;
 * at most every LADROI_GUARD_PERIOD_S: publish this rank's paces and read one random
 * rank's (a rumour: the fastest pace reaches every rank in O(log P) reads). */
int ladroi_guard_task_end(ladro_t *lb, double secs);
/* A thief is slow, for the guard, when its pace exceeds this many times the reference
 * pace (below): only then is it held back. One kind of task (alike, above) varies less
 * than this between ranks once a wave has raised the reference to the ranks' mean pace
 * (ladroi_guard_wave_seen). At 4, C5's 1/3-speed thieves took the last tasks at the
 * run's end (1 024 simulated ranks backing off: 5.10 s against 4.95 s at 2.5). */
#define LADROI_GUARD_SLOW 2.5
/* The most of a victim's n tasks a thief of pace `thief` should take, where `ref` is the
 * faster of the victim's pace and the fastest known: one, when it ends it before the
 * victim, or a rank as fast as the fastest helping it, would reach the last of them,
 * about (n + 1/2) ref from now, else none (then it looks again after that task, when
 * the others' queues have moved on); UINT32_MAX (no limit) when a pace is unknown or
 * the thief is not slow. Pure. */
uint32_t ladroi_guard_cap(double thief, double ref, uint32_t n);
/* pace > LADROI_GUARD_SLOW * ref, both known. */
bool ladroi_guard_slow(double pace, double ref);
/* Before this rank starts a task: *leave when the guard holds it back: it is slow against
 * the fastest known, and either the run's remaining time by the last termination wave
 * (ladroi_guard_remaining) is shorter than its next task less one fastest task — then
 * for two fastest task times from then on, and as long as thieves keep taking from it —
 * or, with no wave's estimate yet, thieves are hungry: they took from its pool within
 * the last two fastest task times. Its private tasks are then made public for them, and
 * it idles; otherwise it runs its tasks. */
int ladroi_guard_leave(ladro_t *lb, bool *leave);
/* How long a slow owner of pace `pace` leaves its tasks to thieves once the run's
 * remaining time `rem` says its next task would end after the run (rem + ref < pace):
 * two fastest task times (`ref`), or a quarter of what running the task now would add to
 * the run's end (pace - rem - ref) when that is longer. Pure. */
double ladroi_guard_patience(double pace, double rem, double ref);
/* The run's remaining time, estimated from the guard's sums in the termination waves
 * (src/term.c). Each rank adds, when it contributes to a wave (ladroi_guard_wave):
 *   [0] its rate, 10^6 / its pace (tasks per 10^6 s; 0 before its first task),
 *   [1] the tasks it ran, plus the part of its running task done (elapsed / pace, at
 *       most 0.99), in 10^-6 tasks: tasks run, not completed, whose count waits for the
 *       results to reach home (smallworld aggregates them over its overlay),
 *   [2] its rate again if it is running a task (else 0),
 *   [3] that rate times the seconds from the start to its contribution (10^-6 tasks).
 * With the wave's count of tasks created, `since` seconds from the start:
 *   n = created - ([1] + since * [2] - [3]) / 10^6
 * tasks are left once the running ranks' progress since they contributed is counted, and
 * the run has n / ([0] / 10^6) seconds to go if every rank ran at its pace (0 when n <= 0;
 * -1 without a rate: no wave yet, or no rank ran a task). Pure. */
#define LADROI_GUARD_SUMS 4
double ladroi_guard_remaining(uint64_t created, const uint64_t sums[LADROI_GUARD_SUMS],
                              double since);
/* This rank's part of those sums at `now` (zeros when the guard is off or it ran no
 * task). */
void ladroi_guard_wave(const ladro_t *lb, double now, uint64_t out[LADROI_GUARD_SUMS]);
/* A wave completed: the ranks' mean pace, P over the summed rate (ranks without a task
 * count as rate 0, so it is never faster than the fastest), becomes this rank's fastest
 * known pace if that is slower. A slow rank that read only slow ranks' paces after its
 * tasks would otherwise take itself for fast and start a task at the end of the run. */
void ladroi_guard_wave_seen(ladro_t *lb);
/* How often a busy rank joins a termination wave under the guard, so that the estimate
 * stays fresh while some ranks work: a tenth of its pace (of its running task's elapsed
 * time before it has one), at least LADROI_GUARD_PERIOD_S; 0: not at all (guard off).
 * A wave completes when the slowest rank joined, a tenth of the slowest pace after the
 * previous one. */
double ladroi_guard_wave_period(const ladro_t *lb, double now);
/* A slow thief (ladroi_guard_slow against `ref`, the fastest pace known) would end a
 * task after the run, which has `rem` seconds to go (rem < 0: unknown, false): its pace
 * exceeds rem + ref. Where the policy's thieves draw among all ranks (guard_hold) it then
 * takes none. Only slow thieves: the estimate is the run's end if every rank worked at
 * its pace, which a run whose tasks are still spreading overshoots; with tasks of one
 * kind (paces within 2.5 times of each other) it would hold back thieves that are needed.
 * Pure. */
bool ladroi_guard_late(double thief, double rem, double ref);
/* The most tasks a thief of pace `thief` holding `held` tasks (and parts of tasks) may
 * take so that it still ends them within the run's `rem` seconds plus one fastest task
 * (`ref`): floor((rem + ref) / thief - held), 0 when none; UINT32_MAX (no limit) when rem
 * is unknown (< 0) or the thief is not slow (ladroi_guard_slow); ladroi_guard_late is
 * its held = 0 case being 0. a2ws caps its steal equations' amount with it: its
 * information vector sees a part of the ring, the waves' estimate the whole run. Pure. */
uint32_t ladroi_guard_room(double thief, double rem, double ref, double held);
/* ladroi_guard_room for this rank now: its own pace, the last wave's estimate, the
 * fastest pace it knows and the tasks in its pool; UINT32_MAX when the guard is off. */
uint32_t ladroi_guard_room_now(const ladro_t *lb);
/* After this rank stole (any steal that brought tasks): a slow rank runs what it chose
 * to take (not left at once to thieves), and keeps no more than that one task private
 * (none while it runs a task): the rest are public, for faster thieves. */
int ladroi_guard_took(ladro_t *lb);
/* The guard applies to this rank: steal_guard=pace, under a policy it serves. */
bool ladroi_guard_on(const ladro_t *lb);
/* Thief side: *cap for taking from victim, which holds n tasks: reads its paces when this
 * rank is guarded and knows its own (the victim's fastest known may show this rank slow:
 * two rumours after two slow tasks can both have come from slow ranks); else UINT32_MAX,
 * without a remote operation. */
int ladroi_guard_limit(ladro_t *lb, int victim, uint32_t n, uint32_t *cap);
/* Victim side (a victim that promises tasks, ladroi_la_promise): *cap for `thief`, by the
 * same rule with this rank's local count; reads the thief's pace when the guard is on
 * and this rank knows its own, else UINT32_MAX without a remote operation. */
int ladroi_guard_grant(ladro_t *lb, int thief, uint32_t *cap);

/* The orders of a ring of ranks (smallworld's `sw_ring`, ctws's `ctws_ring`; the spread
 * order is src/sw_math.h's): `auto` is spread under steal_guard=pace, where a block of
 * slow ranks must not be a ring's neighbours, else the ranks' own order. */
enum { LADROI_ORDER_AUTO, LADROI_ORDER_RANK, LADROI_ORDER_SPREAD };
extern const char *const ladroi_order_names[];
bool ladroi_order_spread(const ladro_t *lb, int order);
/* A policy's fixed ring order (an int field of its options struct): auto (spread under
 * steal_guard=pace, else rank) by default, the paper's consecutive ranks under paper. */
#define LADROI_OPT_ORDER(key_, type_, field_, doc_)                                        \
    {.key = key_, .type = LADROI_OPT_ENUM, LADROI_OPT_FIELD(type_, field_),                 \
     .names = ladroi_order_names, .def = "auto", .paper = "rank", .fixed = true,            \
     .accepted = "auto, rank, spread",                                                     \
     .doc = doc_ "; `auto`: spread under `steal_guard=pace`, else rank"}
/* One steal attempt from victim into lb's pool through the guard (ladroi_guard_steal;
 * src/guard.c), counted in the statistics as every
 * policy reports it (tried; ok with tasks and bytes moved, or failed; time spent).
 * Returns 1 when tasks arrived, 0 when the victim had none, < 0 on error. */
int ladroi_steal_attempt(ladro_t *lb, int victim, double fraction, uint32_t max_take);
/* ladroi_steal_attempt taking `full` instead of `fraction` when the victim's public tasks
 * fill its window (task_capacity): it holds more than it shows (smallworld). */
int ladroi_steal_attempt_share(ladro_t *lb, int victim, double fraction, double full,
                               uint32_t max_take);

#endif
