/* Tracing (src/trace.c; cfg.trace non-empty, otherwise off and free). Never installed. */
#ifndef LADRO_TRACE_H
#define LADRO_TRACE_H

#include "engine.h" /* ladroi_chan_t, ladroi_net_now */

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum { LADROI_TEV_TASK, LADROI_TEV_IDLE, LADROI_TEV_STEAL, LADROI_TEV_MSG, LADROI_TEV_DONE };
/* Kinds of policy messages (LADROI_TEV_MSG's n). */
enum { LADROI_MSG_TOKEN, LADROI_MSG_INFO, LADROI_MSG_REQUEST, LADROI_MSG_REPLY,
       LADROI_MSG_RESULT, LADROI_MSG_OTHER, LADROI_MSG_WAVE, LADROI_MSG_WAVE_END,
       LADROI_MSG_N };
enum { LADROI_TRACE_PAJE, LADROI_TRACE_JSON, LADROI_TRACE_CSV };

/* One record: a span [t0, t1] or an instant (t0 == t1).
 *   task:  id, peer = origin rank, n = moves      idle:  -
 *   steal: peer = victim, n = tasks taken (0 = failed)
 *   msg:   peer = other rank, n = LADROI_MSG_*     done:  - */
typedef struct ladroi_tev {
    double t0, t1;
    uint64_t id;
    int32_t rank, peer;
    uint32_t kind, n;
    int32_t worker; /* task records with threads > 1: the worker that ran it; else -1 */
    uint32_t pad_;
} ladroi_tev_t;

typedef struct ladroi_trace {
    bool on;
    int fmt;
    ladroi_chan_t *comm; /* private: clock sync and gathering never meet policy messages */
    double offset;   /* rank 0's clock minus ours */
    ladroi_tev_t *ev;
    size_t n, cap;
    uint64_t dropped;
} ladroi_trace_t;

/* LADROI_TRACE_* for a path's extension, -1 when not one of .paje .trace .json .csv */
int ladroi_trace_format(const char *path);
int ladroi_trace_init(ladro_t *lb);  /* collective, in ladro_create */
int ladroi_trace_write(ladro_t *lb); /* collective, in ladro_destroy */
void ladroi_trace_fini(ladroi_trace_t *tr);
void ladroi_trace_add(ladro_t *lb, unsigned kind, double t0, double t1, uint64_t id, int peer,
                      uint32_t n);
/* A muted colour for item i of n (task origins in traces and pictures). */
void ladroi_hue(int i, int n, double rgb[3]);
/* The calls sites use: one test of a flag when tracing is off. */
#define LADROI_TRACE(lb, kind, t0, t1, id, peer, n)                                      \
    do {                                                                               \
        if ((lb)->trace.on)                                                            \
            ladroi_trace_add((lb), (kind), (t0), (t1), (id), (peer), (n));             \
    } while (0)
/* A policy message sent to peer (token, info vector, request...). */
#define LADROI_TRACE_MSG(lb, peer, what)                                                 \
    do {                                                                               \
        if ((lb)->trace.on) {                                                          \
            double ladroi_t_ = ladroi_net_now();                                           \
            ladroi_trace_add((lb), LADROI_TEV_MSG, ladroi_t_, ladroi_t_, 0, (peer), (what)); \
        }                                                                              \
    } while (0)

#endif
