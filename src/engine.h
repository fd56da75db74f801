/* The transport under the runtime: the one interface between ladro's modules (pool,
 * termination, collectives, results routing, policies, statistics, tracing) and the
 * machinery that moves bytes between ranks and tells the time.
 *
 * Two engines implement it, chosen when linking, never both in one program:
 *   - src/engine_mpi.c: MPI-3 (windows from MPI_Win_allocate under a lock_all epoch,
 *     point-to-point messages on duplicated communicators, the system clock); the
 *     library every MPI user links;
 *   - a simulated engine (sim/): every rank an actor of a discrete-event simulation,
 *     one-sided operations acting on the target's memory after the platform's latency,
 *     messages over simulated links, simulated time.
 * So the modules above contain no MPI call: the decisions they take are the same on
 * both engines (docs/architecture.md, "Layers").
 *
 * Conventions: every fallible call returns LADRO_OK or a negative LADRO_E* code and,
 * when `lb` is not NULL, records a message on it (NULL: only the code; the leader's
 * service thread must not touch the handle). Ranks are those of the handle (0..size-1).
 * Engine objects are held in fixed-size opaque words so the modules can embed them. */
#ifndef LADRO_ENGINE_H
#define LADRO_ENGINE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct ladro ladro_t;

/* An engine object (an MPI handle, or a pointer of the simulated engine). */
typedef union ladroi_handle {
    void *p;
    uint64_t u;
} ladroi_handle_t;

/* ---- channels: a private space of messages and collectives among the handle's ranks
 * (an MPI communicator). Messages on different channels never match each other. */
typedef struct ladroi_chan ladroi_chan_t;

/* Collective over `from`: a new channel with the same ranks. */
int ladroi_net_chan_dup(ladro_t *lb, ladroi_chan_t *from, ladroi_chan_t **out);
/* Collective unless *c is NULL; sets *c to NULL. */
void ladroi_net_chan_free(ladroi_chan_t **c);
int ladroi_net_chan_rank(const ladroi_chan_t *c);
int ladroi_net_chan_size(const ladroi_chan_t *c);

/* ---- windows: memory of every rank that the others read and change one-sidedly ------
 * Every operation completes (flush) before returning, so callers reason about one
 * operation at a time; the 64-bit atomics are linearisable per word. */
typedef struct ladroi_win {
    ladroi_handle_t h;
    void *base;   /* local memory of the window; NULL when not allocated */
    size_t bytes;
} ladroi_win_t;

/* Before any window: LADRO_ENOTSUP with a one-line message in err when this set-up is
 * known to crash on the operations the pool needs (Open MPI, src/engine_mpi.c); else
 * LADRO_OK. Local. */
int ladroi_rma_usable(char *err, size_t errlen);
/* Collective over lb->comm: `bytes` of zeroed memory on every rank. */
int ladroi_win_alloc(ladro_t *lb, size_t bytes, ladroi_win_t *w);
/* Collective when allocated; a zeroed ladroi_win_t is not allocated. */
void ladroi_win_free(ladroi_win_t *w);
int ladroi_rma_fetch_u64(ladro_t *lb, ladroi_win_t *w, int target, size_t disp, uint64_t *out);
int ladroi_rma_cas_u64(ladro_t *lb, ladroi_win_t *w, int target, size_t disp,
                       uint64_t expect, uint64_t desired, uint64_t *seen);
int ladroi_rma_add_u64(ladro_t *lb, ladroi_win_t *w, int target, size_t disp, uint64_t add);
/* Atomic fetch-and-add: *old receives the value before the addition. */
int ladroi_rma_fadd_u64(ladro_t *lb, ladroi_win_t *w, int target, size_t disp, uint64_t add,
                        uint64_t *old);
int ladroi_rma_get(ladro_t *lb, ladroi_win_t *w, int target, size_t disp, void *dst, size_t n);
int ladroi_rma_put(ladro_t *lb, ladroi_win_t *w, int target, size_t disp, const void *src,
                   size_t n);
/* Make this rank's local stores to its window memory visible to RMA (MPI_Win_sync). */
int ladroi_rma_sync(ladro_t *lb, ladroi_win_t *w);
/* Whether a put or atomic may have changed this rank's window since the previous call
 * (the first call: since the window was allocated), and the bytes [*lo, *hi) it may have
 * changed. false is exact, true and the range may be wider than the truth: the MPI
 * engine cannot tell and always says true, the whole window; the simulated engine keeps
 * the span of the writes. A reader that scans its window for news scans only that span,
 * and skips the scan when nothing was written. */
bool ladroi_rma_written(ladro_t *lb, ladroi_win_t *w, size_t *lo, size_t *hi);

/* ---- point-to-point messages ----------------------------------------------------------
 * Matching by (source, tag) on a channel; messages from one source with one tag arrive
 * in the order sent. */
#define LADROI_ANY (-1) /* any source, any tag */
typedef struct ladroi_req {
    ladroi_handle_t h;
    bool active; /* posted and not yet completed, freed or cancelled */
} ladroi_req_t;
typedef struct ladroi_msg {
    int source, tag;
    size_t bytes;
} ladroi_msg_t;

int ladroi_net_isend(ladro_t *lb, ladroi_chan_t *c, const void *buf, size_t bytes, int dest,
                     int tag, ladroi_req_t *r);
int ladroi_net_irecv(ladro_t *lb, ladroi_chan_t *c, void *buf, size_t bytes, int source,
                     int tag, ladroi_req_t *r);
/* *done once r completed (an inactive request is complete); m (may be NULL) receives
 * the source, tag and size of a completed receive. */
int ladroi_net_test(ladro_t *lb, ladroi_req_t *r, bool *done, ladroi_msg_t *m);
/* *done when r has completed (a receive: its message is here), without completing it:
 * its owner still tests it (MPI_Request_get_status). Under MPI a message that matches a
 * posted receive is invisible to a probe, so this is how an idle rank learns that a
 * collective's message came (ladroi_coll_ready). */
int ladroi_net_peek(ladro_t *lb, ladroi_req_t *r, bool *done);
/* *done once all n completed (src/core.c, over ladroi_net_test). */
int ladroi_net_testall(ladro_t *lb, int n, ladroi_req_t *r, bool *done);
int ladroi_net_wait(ladro_t *lb, ladroi_req_t *r);
/* Cancel a pending receive and complete it. */
void ladroi_net_cancel(ladroi_req_t *r);
/* Forget a request still in flight (error paths: the buffer may still be used). */
void ladroi_net_req_free(ladroi_req_t *r);
int ladroi_net_send(ladro_t *lb, ladroi_chan_t *c, const void *buf, size_t bytes, int dest,
                    int tag);
int ladroi_net_recv(ladro_t *lb, ladroi_chan_t *c, void *buf, size_t bytes, int source,
                    int tag, ladroi_msg_t *m);
/* Is a message from source with tag waiting (*found), and which (m)? */
int ladroi_net_iprobe(ladro_t *lb, ladroi_chan_t *c, int source, int tag, bool *found,
                      ladroi_msg_t *m);
/* Let the engine progress (targets of emulated one-sided operations, messages in flight)
 * while the caller does nothing else. */
int ladroi_net_progress(ladro_t *lb);

/* ---- blocking collectives (creation, destruction, statistics, traces; never on the hot
 * path: the runtime's own non-blocking ones are in src/coll.c) ------------------------ */
enum { LADROI_NET_MIN, LADROI_NET_MAX, LADROI_NET_SUM };
int ladroi_net_barrier(ladro_t *lb, ladroi_chan_t *c);
/* Element-wise over the ranks, result everywhere. */
int ladroi_net_allreduce_i64(ladro_t *lb, ladroi_chan_t *c, int64_t *v, int n, int op);
int ladroi_net_allreduce_u64(ladro_t *lb, ladroi_chan_t *c, uint64_t *v, int n, int op);
/* The lowest (worst) status of every rank (src/core.c, over the all-reduce). */
int ladroi_net_agree(ladro_t *lb, ladroi_chan_t *c, int rc);
int ladroi_net_bcast(ladro_t *lb, ladroi_chan_t *c, void *buf, size_t bytes, int root);
/* `bytes` from every rank into all (bytes * size), in rank order. */
int ladroi_net_allgather(ladro_t *lb, ladroi_chan_t *c, const void *mine, size_t bytes,
                         void *all);
/* Every rank's `bytes` (any size each) concatenated in rank order at root: *all is
 * allocated there (free it; NULL elsewhere), *total its size. Root returns
 * LADRO_ENOMEM (after receiving everything, so no rank waits for ever) when it cannot
 * hold them. */
int ladroi_net_gatherv(ladro_t *lb, ladroi_chan_t *c, const void *mine, size_t bytes, int root,
                       void **all, size_t *total);

/* ---- time and threads ----------------------------------------------------------------- */
/* Seconds on the clock the runtime measures with (monotonic; simulated in a simulation). */
double ladroi_net_now(void);
/* Whether every rank reads the same clock, so that a trace needs no clock offsets: the
 * simulated engine's one clock; MPI's per-node monotonic clocks are not. */
bool ladroi_net_clock_global(void);
/* Whether a probe that finds no message costs this rank its processor: under MPI on a
 * node with more ranks than cores (lb->node_ranks, lb->node_cores: ladroi_net_node), as
 * Open MPI then yields the processor in every call that makes no progress
 * (mpi_yield_when_idle); never on the simulated engine, where a probe takes no time.
 * ladroi_idle_yield does not probe where it does (src/idle.c). */
bool ladroi_net_probe_yields(const ladro_t *lb);
/* Sleep (idle back-off, debug delays): real or simulated time. us >= 0. */
void ladroi_net_sleep_us(double us);
/* Collective over lb->comm: how many of the handle's ranks share this rank's node
 * (*ranks) and how many cores they may run on together (*cores: the union of their CPU
 * affinity masks). The idle strategy's "auto" compares them (src/idle.c). */
int ladroi_net_node(ladro_t *lb, int *ranks, int *cores);
/* Wait until a message for this rank arrives on channel c, or `us` microseconds pass.
 * The message is left queued for its receiver; *arrived (may be NULL) says whether one
 * arrived. spin: the rank keeps its core and polls (a rank with a core of its own);
 * otherwise it sleeps, and only engines that can wake a sleeper on a message return
 * early — MPI has no wait with a time-out, so there it sleeps the whole time. The
 * simulated engine wakes a sleeper when a message is sent to it on any channel, and a
 * message that arrived since the rank's previous wait ended (during the round between
 * the two) ends the wait at once. One-sided operations wake nobody: only messages do. */
int ladroi_net_wait_msg(ladro_t *lb, ladroi_chan_t *c, double us, bool spin, bool *arrived);
/* May a second thread of this rank (ladroi_net_thread_start) call the engine while the
 * main thread does? MPI: when MPI_THREAD_MULTIPLE is provided; the simulated engine:
 * always (a thread is an actor on the rank's host). The leader's service thread needs it. */
int ladroi_net_threads(ladro_t *lb, bool *multiple);
/* May this rank run `workers` worker threads while the thread calling this (the one that
 * will call ladro_run) alone calls the engine (src/threads.c)? LADRO_OK, or
 * LADRO_ENOTSUP with a one-line message in err saying what to ask for (MPI: the level
 * MPI_Init_thread must request). Local; always LADRO_OK for one worker. */
int ladroi_net_workers_ok(int workers, char *err, size_t errlen);

/* ---- the threads of a rank (src/threads.c): worker threads under MPI, worker actors on
 * the host of the rank's actor in a simulation, where a thread's blocking (a lock taken,
 * a wait) lets the other actors run. Workers call no other engine function than these,
 * ladroi_net_now and ladroi_net_sleep_us; the leader's service thread also sends and
 * receives on its own channel (ladroi_net_threads). */
typedef struct ladroi_mutex ladroi_mutex_t;
typedef struct ladroi_cond ladroi_cond_t;
/* NULL when out of memory. */
ladroi_mutex_t *ladroi_net_mutex_new(void);
void ladroi_net_mutex_free(ladroi_mutex_t *m); /* NULL: nothing */
void ladroi_net_mutex_lock(ladroi_mutex_t *m);
void ladroi_net_mutex_unlock(ladroi_mutex_t *m);
ladroi_cond_t *ladroi_net_cond_new(void);
void ladroi_net_cond_free(ladroi_cond_t *c); /* NULL: nothing */
void ladroi_net_cond_signal(ladroi_cond_t *c);
void ladroi_net_cond_broadcast(ladroi_cond_t *c);
/* Wait on c (m held, released while waiting) until signalled or `secs` pass (monotonic
 * or simulated time); spurious wake-ups are allowed. */
void ladroi_net_cond_wait(ladroi_cond_t *c, ladroi_mutex_t *m, double secs);
/* Start fn(arg) on a new thread of this rank (index: its worker number, for names).
 * LADRO_OK, or LADRO_ENOMEM when it cannot start (nothing started then). */
int ladroi_net_thread_start(ladro_t *lb, int index, void (*fn)(void *), void *arg,
                            ladroi_handle_t *t);
/* Wait until the thread t ended. */
void ladroi_net_thread_join(ladroi_handle_t *t);
/* The arg the calling thread was started with, NULL on a thread ladroi_net_thread_start
 * did not start (a rank's own thread). */
void *ladroi_net_thread_arg(void);

#endif
