/* The runtime's non-blocking collectives (src/coll.c): a k-ary tree of messages
 * (src/tree.h). Never installed. */
#ifndef LADRO_COLL_H
#define LADRO_COLL_H

#include "engine.h" /* ladroi_chan_t, ladroi_req_t */

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* One operation of a kind in flight per rank: start, then test until done (the result is
 * in c->out: n words for a sum, n words per rank in rank order for a gather). Every rank
 * of the handle must start each operation; a rank's part advances only inside its test
 * calls. Each kind has its own tag on lb->comm. */
enum { LADROI_COLL_SUM, LADROI_COLL_GATHER };
/* Tags: the core's collectives, then LADROI_TAG_POLICY + i (i < LADROI_TAG_POLICY_N) for
 * the collectives a policy runs on lb->comm (ctws's list), so no policy's name appears
 * here. */
enum { LADROI_TAG_TERM = 0x5401, LADROI_TAG_GATE = 0x5403, LADROI_TAG_POLICY = 0x5410,
       LADROI_TAG_POLICY_N = 16 };
typedef struct ladroi_coll {
    int kind, tag, phase;
    size_t n;     /* words per contribution */
    size_t words; /* words of the result: n (sum) or n * size (gather) */
    ladroi_chan_t *comm;
    int rank, size, fanin, parent, end, nchild, nreq; /* subtree: [rank, end) */
    int *child;
    ladroi_req_t *req;
    uint64_t *up;  /* contributions on the way up */
    uint64_t *out; /* the result */
    uint64_t ops;  /* operations started */
} ladroi_coll_t;

/* Local: the tree and buffers for operations of `kind` over lb->comm. fanin: the tree's
 * k (2..LADROI_TREE_FANIN_MAX), 0 for LADROI_TREE_FANIN (tests set others). */
int ladroi_coll_init(ladro_t *lb, ladroi_coll_t *c, int kind, size_t n, int tag, int fanin);
/* Contribute n words (copied). LADRO_ESTATE when one is already in flight. */
int ladroi_coll_start(ladro_t *lb, ladroi_coll_t *c, const uint64_t *mine);
/* Advance this rank's part; *done once the result is in c->out and the rank's sends
 * completed. */
int ladroi_coll_test(ladro_t *lb, ladroi_coll_t *c, bool *done);
/* *ready when the next ladroi_coll_test would move c's operation on (every child's block
 * is here going up; the result, coming down), without taking anything: an idle rank
 * that naps asks it, because a probe does not see a message a posted receive matched. */
int ladroi_coll_ready(ladro_t *lb, ladroi_coll_t *c, bool *ready);
bool ladroi_coll_pending(const ladroi_coll_t *c);
/* Test until done: only where every rank is known to be testing too (after a barrier). */
int ladroi_coll_wait(ladro_t *lb, ladroi_coll_t *c);
/* Frees the buffers; requests still in flight are left to the engine (error paths). */
void ladroi_coll_fini(ladroi_coll_t *c);
/* "idle", "waiting for children", ...: for state dumps. */
const char *ladroi_coll_phase(const ladroi_coll_t *c);

#endif
